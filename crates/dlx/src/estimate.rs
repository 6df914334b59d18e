//! How big is a search tree before searching it: Knuth's random-probe
//! estimate (TAOCP 7.2.2, "estimating the cost of backtracking"), with an
//! interval that stays honest when the sample says little.
//!
//! A *probe* walks down DLX1's tree from the root, taking at each node one
//! of its `d` children at random, until it reaches a leaf (a solution or a
//! dead end). A node at depth `l` of the walk stands for the `d_0 d_1 ...
//! d_{l-1}` nodes of its level it could have been, so the sum of those
//! products along the walk is an unbiased estimate of the number of nodes,
//! and the product at the leaf, if the leaf is a solution, one of the
//! number of solutions. The estimate is the mean over many probes.
//!
//! **Stratified.** The first levels of the tree are walked exactly, as far
//! down as leaves at least [`PROBES_PER_STRATUM`] probes to each node of
//! the frontier; the probes are then spread evenly over the frontier, each
//! estimating its node's subtree. The nodes above the frontier are counted,
//! not estimated, and the differences between the subtrees no longer add
//! to the variance. Small trees are walked exactly, to the last node. The
//! estimate stays unbiased.
//!
//! **The interval.** The normal interval, `mean ± 1.96 s / sqrt(K)`,
//! assumes that the sample shows the spread of the values. Search trees are
//! heavy-tailed: a few rare, deep paths weigh more than all the others, and
//! a sample that missed them has a low mean *and* a small spread, so the
//! normal interval sits below the truth with confidence. Two things keep
//! the interval honest:
//!
//! - **The bootstrap-t.** The probes of each stratum are resampled 200
//!   times, and the spread of the studentized resampled totals `(T* - T) /
//!   SE*` replaces the normal quantiles (Efron and Tibshirani, *An
//!   Introduction to the Bootstrap*, chapter 12). On a skewed sample its
//!   left tail is long, so the interval reaches far upwards: on
//!   pentominoes, 1,000 probes, the upper end is often the estimate plus
//!   five to ten standard errors.
//! - **Solutions the probes rarely reach.** With fewer than [`MIN_HITS`]
//!   probes ending at a solution, their spread means nothing (with none,
//!   it is zero), so the upper end of the solutions becomes that of the
//!   *leaves*: every solution is a leaf, and every probe ends at a leaf, so
//!   the leaves are always well sampled. The interval then says "at least
//!   what was seen, at most about as many as there are leaves": wide,
//!   which is the truth about such a sample. The lower end is 0 when no
//!   probe found a solution, 1 once one did.
//!
//! Lower ends never go below what is certain (the nodes counted above the
//! frontier, the nodes of the longest probe), nor upper ends above what is
//! certain (no more solutions than leaves). Coverage measured over many
//! seeds is in docs/reductions.md; it is near 95% where the sample is rich
//! (queens, Langford pairs, Sudoku), lower for the nodes of pentominoes
//! with a thousand probes, which no interval from the sample can fully
//! mend.

#![warn(missing_docs)]

use crate::budget::End;

/// Knuth's probes are deterministic given this seed: SplitMix64 (Steele,
/// Lea and Flood), the generator Java's `SplittableRandom` uses. Small,
/// fast, and good enough for choosing among a node's children.
///
/// ```
/// use dlx::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!((0..1000).all(|_| a.below(6) < 6));
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), by Lemire's multiply-and-shift (its
    /// bias, below `n / 2^64`, does not matter here).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

/// A number drawn uniformly from `0..n` (`n > 0`) by rejection: exactly
/// uniform, for the memo's and the diagrams' samples.
pub(crate) fn below_u128(rng: &mut SplitMix64, n: u128) -> u128 {
    let bits = 128 - (n - 1).leading_zeros();
    loop {
        let x = ((rng.next_u64() as u128) << 64) | rng.next_u64() as u128;
        let x = if bits == 0 { 0 } else { x >> (128 - bits) };
        if x < n {
            return x;
        }
    }
}

/// Probes each node of the stratification frontier gets at least.
pub const PROBES_PER_STRATUM: u64 = 32;

/// Probes that must end at a solution for the solutions' interval to come
/// from their spread (see the module documentation).
pub const MIN_HITS: u64 = 30;

/// How to estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EstimateOptions {
    /// How many random probes.
    pub probes: u64,
    /// The seed: the same seed, the same estimate.
    pub seed: u64,
    /// Whether to walk the first levels exactly and spread the probes over
    /// their subtrees (see the module documentation); plain probes from
    /// the root otherwise.
    pub stratify: bool,
}

impl Default for EstimateOptions {
    /// 10,000 stratified probes, seed 0.
    fn default() -> EstimateOptions {
        EstimateOptions { probes: 10_000, seed: 0, stratify: true }
    }
}

/// An estimate and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure {
    /// The estimate (the mean of the probes, plus what was counted).
    pub value: f64,
    /// The low end of the interval.
    pub low: f64,
    /// The high end of the interval (infinite when the sample cannot say).
    pub high: f64,
    /// Whether the interval comes from the sample's spread; false when the
    /// sample was too thin for that and the interval was widened to what
    /// is certain (see the module documentation).
    pub from_spread: bool,
}

impl Figure {
    /// Whether `x` lies in the interval.
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }

    /// An exact figure (from a tree walked to the end).
    fn exact(x: f64) -> Figure {
        Figure { value: x, low: x, high: x, from_spread: true }
    }
}

/// Knuth's random-probe estimate of a search tree (DLX1's, as
/// [`crate::Solver`] walks it below its forced options).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// How many probes were run.
    pub probes: u64,
    /// The solutions.
    pub solutions: Figure,
    /// The nodes of the full search, in DLX1's notion (each entry into a
    /// level, plus one per solution; for a problem with bounds, Algorithm
    /// M's, each level entered): comparable with [`crate::Stats`] and
    /// [`crate::Outcome::nodes`], and with a [`crate::Probe`]'s nodes for a
    /// fraction done.
    pub nodes: Figure,
    /// The leaves (solutions and dead ends).
    pub leaves: Figure,
    /// How many probes ended at a solution.
    pub hits: u64,
    /// The nodes walked exactly above the frontier (0 without
    /// stratification), and the nodes of the frontier.
    pub counted: u64,
    /// The nodes the probes were spread over.
    pub strata: u64,
    /// Whether the whole tree was walked exactly (the figures are then
    /// exact).
    pub exact: bool,
    /// How the estimate ended: [`End::Complete`], or stopped before its
    /// probes were all run, by the solver's [`crate::Probe`]
    /// ([`End::Interrupted`]) or its deadline ([`End::OutOfTime`]); the
    /// figures then miss whole strata and mean nothing.
    pub end: End,
}

/// What one probe saw: the sum of the weights of the nodes on its path,
/// and the weight of its leaf, and whether the leaf is a solution.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ProbePath {
    pub nodes: f64,
    pub leaf: f64,
    pub solution: bool,
    /// The nodes of the path.
    pub depth: u64,
}

/// Resamples of the bootstrap-t (see [`interval`]).
const RESAMPLES: usize = 200;

/// The 95% interval of the sum over the strata of their means, by the
/// bootstrap-t (Efron and Tibshirani, *An Introduction to the Bootstrap*,
/// chapter 12): resampling each stratum's probes, the distribution of
/// `(T* - T) / SE*` stands in for that of the studentized estimate, whose
/// long left tail on skewed samples stretches the interval upwards. A
/// normal interval would not: a sample that missed the heavy tail has a
/// low mean and a small spread together. Returns the estimate (without
/// `exact`) and the two ends.
fn interval(strata: &[Vec<f64>], rng: &mut SplitMix64) -> (f64, f64, f64) {
    let moments = |xs: &[f64]| {
        let k = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / k;
        let var = if xs.len() > 1 {
            xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (k - 1.0)
        } else {
            0.0
        };
        (mean, var / k)
    };
    let (mut total, mut var) = (0.0, 0.0);
    for xs in strata {
        let (m, v) = moments(xs);
        total += m;
        var += v;
    }
    let se = var.sqrt();
    if se == 0.0 {
        return (total, total, total);
    }
    let mut t = Vec::with_capacity(RESAMPLES);
    let mut draw = Vec::new();
    for _ in 0..RESAMPLES {
        let (mut total_b, mut var_b) = (0.0, 0.0);
        for xs in strata {
            draw.clear();
            draw.extend((0..xs.len()).map(|_| xs[rng.below(xs.len() as u64) as usize]));
            let (m, v) = moments(&draw);
            total_b += m;
            var_b += v;
        }
        let d = total_b - total;
        t.push(if var_b > 0.0 {
            d / var_b.sqrt()
        } else if d == 0.0 {
            0.0
        } else {
            d.signum() * f64::INFINITY
        });
    }
    t.sort_by(f64::total_cmp);
    let (q_low, q_high) = (t[RESAMPLES / 40], t[RESAMPLES - 1 - RESAMPLES / 40]);
    (total, total - q_high * se, total - q_low * se)
}

/// Gathers the probes of every stratum into an [`Estimate`].
#[derive(Debug, Default)]
pub(crate) struct Gather {
    /// Each stratum's probes: nodes, leaves and solutions.
    strata: [Vec<Vec<f64>>; 3],
    hits: u64,
    /// The longest probe, in nodes.
    deepest: u64,
    /// Counted exactly above the frontier.
    exact_nodes: u64,
    exact_leaves: u64,
    exact_solutions: u64,
}

impl Gather {
    /// Counts nodes walked exactly: `nodes` of them, `leaves` of which are
    /// leaves and `solutions` solutions.
    pub fn counted(&mut self, nodes: u64, leaves: u64, solutions: u64) {
        self.exact_nodes += nodes;
        self.exact_leaves += leaves;
        self.exact_solutions += solutions;
    }

    /// Adds one stratum's probes.
    pub fn stratum(&mut self, paths: impl Iterator<Item = ProbePath>) {
        let mut q: [Vec<f64>; 3] = Default::default();
        for p in paths {
            q[0].push(p.nodes);
            q[1].push(p.leaf);
            q[2].push(if p.solution { p.leaf } else { 0.0 });
            self.hits += p.solution as u64;
            self.deepest = self.deepest.max(p.depth);
        }
        if !q[0].is_empty() {
            for (all, one) in self.strata.iter_mut().zip(q) {
                all.push(one);
            }
        }
    }

    /// The estimate; `seed` drives the bootstrap.
    pub fn finish(self, seed: u64) -> Estimate {
        let (en, el, es) = (self.exact_nodes as f64, self.exact_leaves as f64, self.exact_solutions as f64);
        let probes = self.strata[0].iter().map(|s| s.len() as u64).sum();
        let strata = self.strata[0].len() as u64;
        if strata == 0 {
            return Estimate {
                probes: 0,
                solutions: Figure::exact(es),
                nodes: Figure::exact(en),
                leaves: Figure::exact(el),
                hits: 0,
                counted: self.exact_nodes,
                strata: 0,
                exact: true,
                end: End::Complete,
            };
        }
        let mut rng = SplitMix64::new(seed ^ 0x5851_f42d_4c95_7f2d);
        let mut figure = |q: usize, exact: f64, floor: f64| {
            let (value, low, high) = interval(&self.strata[q], &mut rng);
            Figure {
                value: exact + value,
                low: (exact + low).max(floor),
                high: exact + high,
                from_spread: true,
            }
        };
        let nodes = figure(0, en, en + self.deepest as f64);
        let leaves = figure(1, el, el + 1.0);
        let seen = es + (self.hits > 0) as u64 as f64;
        let mut solutions = figure(2, es, seen);
        if self.hits < MIN_HITS {
            // Too few probes reached a solution for their spread to mean
            // anything: up to as many as there are leaves.
            solutions.high = leaves.high;
            solutions.from_spread = false;
        }
        // Every solution is a leaf.
        solutions.high = solutions.high.min(leaves.high);
        Estimate {
            probes,
            solutions,
            nodes,
            leaves,
            hits: self.hits,
            counted: self.exact_nodes,
            strata,
            exact: false,
            end: End::Complete,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_uniform_enough() {
        let mut r = SplitMix64::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6) as usize] += 1;
        }
        assert!(counts.iter().all(|&c| (9_500..10_500).contains(&c)), "{counts:?}");
        // The reference values of SplitMix64 from seed 0.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn no_hit_gives_a_wide_honest_interval() {
        let mut g = Gather::default();
        let paths = (0..1000).map(|i| ProbePath {
            nodes: 10.0 + i as f64 % 7.0,
            leaf: 5.0,
            solution: false,
            depth: 3,
        });
        g.stratum(paths);
        let e = g.finish(0);
        assert_eq!((e.solutions.value, e.solutions.low), (0.0, 0.0));
        assert!(e.solutions.high >= 5.0, "{:?}", e.solutions);
        assert!(!e.solutions.from_spread);
        assert!(e.nodes.from_spread && e.nodes.contains(13.0));
    }
}
