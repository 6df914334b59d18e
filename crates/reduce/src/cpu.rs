//! The instructions this CPU has, found once per process, and the one place
//! where code is run compiled for them.
//!
//! `cargo build --release` targets baseline x86-64 (SSE2), while the CPU a
//! search runs on most often has AVX2 and BMI2 (x86-64-v3). The hot loops
//! (the 9x9 searches: `search/nine.rs`, `search/triad.rs`; the variant
//! search: `search/variant/mod.rs`; the bit search's propagation and
//! choice of a cell: `search/bits/mod.rs`) are written once, with
//! `#[inline(always)]` down to their leaves, and handed to [`run`] as a
//! closure: [`run`] calls them through a wrapper compiled with
//! `#[target_feature]`, into which they are inlined and so compiled a
//! second time for the wider instructions, or plainly on other CPUs (and
//! other architectures). A [`Level`] above the baseline can only be had
//! from [`Level::detected`], which is what makes the wrappers safe to call.
//! The environment variable `DANCE_CPU=baseline` (or `v3`) caps the level
//! of a whole process, to compare the paths.
//!
//! This is the only `unsafe` of the crate: a `#[target_feature]` function
//! may only be called on a CPU that has the features.

use std::sync::atomic::{AtomicU8, Ordering};

/// A set of instructions code can be compiled for: [`Level::BASELINE`]
/// everywhere, or what [`Level::detected`] found. The field is private: a
/// level other than the baseline proves the CPU has its instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(u8);

/// The codes of the levels.
const UNKNOWN: u8 = 0;
const BASELINE: u8 = 1;
const V3: u8 = 2;

/// The level found by [`Level::detected`], once per process.
static DETECTED: AtomicU8 = AtomicU8::new(UNKNOWN);

impl Level {
    /// What every CPU of the target runs (SSE2 on x86-64).
    pub const BASELINE: Level = Level(BASELINE);

    /// The widest level this CPU has, capped by `DANCE_CPU` (`baseline`,
    /// `v3`): found on the first call, remembered after.
    pub fn detected() -> Level {
        let known = DETECTED.load(Ordering::Relaxed);
        if known != UNKNOWN {
            return Level(known);
        }
        let cap = match std::env::var("DANCE_CPU").as_deref() {
            Ok("baseline") => BASELINE,
            _ => V3,
        };
        let level = if has_v3() { V3 } else { Level::BASELINE.0 }.min(cap);
        DETECTED.store(level, Ordering::Relaxed);
        Level(level)
    }
}

/// Whether the CPU has the x86-64-v3 instructions the wrapper enables.
#[cfg(target_arch = "x86_64")]
fn has_v3() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("lzcnt")
}

/// Other architectures have the baseline only.
#[cfg(not(target_arch = "x86_64"))]
fn has_v3() -> bool {
    false
}

/// Calls `f` compiled for `level`: what `f` calls with `#[inline(always)]`
/// is inlined into a wrapper with the level's target features. `f` itself
/// should be a closure marked `#[inline(always)]`. It is handed proof of
/// BMI2 ([`Bmi2::pext`]) when it runs at x86-64-v3, `None` otherwise; the
/// proof is made inside the compiled copy, so a branch of `f` on it is
/// decided at compile time in each copy (a proof made outside and
/// captured by the closure kept that copy from being vectorized as well).
#[inline(always)]
pub fn run<R>(level: Level, f: impl FnOnce(Option<Bmi2>) -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if level.0 == V3 {
        // SAFETY: a Level of V3 is made only by `Level::detected`, after
        // `has_v3` found every feature `v3` enables on this CPU.
        return unsafe {
            v3(
                #[inline(always)]
                move || f(Some(Bmi2(()))),
            )
        };
    }
    let _ = level;
    f(None)
}

/// Proof that this CPU has BMI2: made only by [`run`] at x86-64-v3,
/// a level [`Level::detected`] found on this CPU.
#[derive(Clone, Copy, Debug)]
pub struct Bmi2(());

impl Bmi2 {
    /// The bits of `x` under `mask`, packed from bit 0 (`pext`): one
    /// instruction once inlined in [`run`]'s x86-64-v3 copy.
    #[inline(always)]
    pub fn pext(self, x: u32, mask: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a `Bmi2` is made only at level V3, which `has_v3` found
        // on this CPU (BMI2 among its features).
        return unsafe { std::arch::x86_64::_pext_u32(x, mask) };
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("no Bmi2 is made off x86-64: {x} {mask}")
    }
}

/// `f`, compiled with the x86-64-v3 instructions.
///
/// # Safety
///
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn v3<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_detected_level_is_remembered_and_runs() {
        let level = Level::detected();
        assert_eq!(Level::detected(), level);
        assert!(level == Level::BASELINE || level.0 == V3);
        // Both paths give the closure's result.
        let sum = |level| run(level, |_| (1..=100u32).map(|x| x.count_ones()).sum::<u32>());
        assert_eq!(sum(level), sum(Level::BASELINE));
    }

    #[test]
    fn bmi2_is_handed_over_at_v3_only_and_packs_the_masked_bits() {
        assert!(run(Level::BASELINE, |b| b.is_none()));
        let level = Level::detected();
        let packed = run(level, |b| b.map(|b| (b.pext(0b1011_0110, 0b1111_0000), b.pext(u32::MAX, 0o111))));
        assert_eq!(packed.is_some(), level.0 == V3);
        if let Some(packed) = packed {
            assert_eq!(packed, (0b1011, 0b111));
        }
    }
}
