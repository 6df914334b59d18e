//! The propagators of the variant search: each takes the candidates of
//! every cell (bit `v` for symbol `v`, the digit `v + 1`) and removes those
//! no solution of its rule can hold, or says that none is left. Every one
//! is sound (it never removes a candidate some filling of its rule keeps);
//! none needs to be complete, since every full grid is checked against
//! every rule before it is counted.

/// The candidates of one cell: bit `v` for symbol `v` (orders up to 32).
pub(crate) type Mask = u32;

/// The set of digits `lo..=hi` (numbers from 1), empty when `lo > hi`.
pub(super) fn digits(lo: i64, hi: i64, n: usize) -> Mask {
    let (lo, hi) = (lo.max(1), hi.min(n as i64));
    if lo > hi {
        return 0;
    }
    let width = (hi - lo + 1) as u32;
    let run = if width >= 32 { Mask::MAX } else { (1 << width) - 1 };
    run << (lo - 1)
}

/// The digit of the lowest candidate, and of the highest.
fn low(m: Mask) -> i64 {
    m.trailing_zeros() as i64 + 1
}

fn high(m: Mask) -> i64 {
    32 - m.leading_zeros() as i64
}

/// Bits of a mask, lowest first.
pub(crate) fn bits(mut m: Mask) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let v = m.trailing_zeros();
            m &= m - 1;
            v
        })
    })
}

/// One propagator.
#[derive(Clone, Debug)]
pub(crate) enum Prop {
    /// Cells holding different digits that form one of `combos` (a killer
    /// cage's sets of digits with its sum, a renban's runs).
    Cage { cells: Vec<u16>, combos: Vec<Mask> },
    /// `sum coefs[i] * digit(cells[i]) == target`, digits free to repeat.
    Linear(Linear),
    /// A between line: the middle strictly between the ends.
    Between { a: u16, b: u16, mids: Vec<u16> },
    /// A lockout line: the ends at least `min` apart, no middle cell
    /// between them (inclusive).
    Lockout { a: u16, b: u16, mids: Vec<u16>, min: i64 },
    /// An X-sum on a row or column read from the clue.
    XSum { line: Vec<u16>, sum: i64 },
    /// A sandwich on a row or column.
    Sandwich { line: Vec<u16>, sum: i64 },
    /// A skyscraper clue on a row or column, filtered only when few
    /// fillings are left.
    Skyscraper { line: Vec<u16>, count: u32 },
    /// A quadruple: the cells hold every listed digit (as many times as
    /// listed); `digits` as (symbol, times).
    Quad { cells: Vec<u16>, digits: Vec<(u32, u32)> },
}

/// A linear equation over cells.
#[derive(Clone, Debug)]
pub(crate) struct Linear {
    pub cells: Vec<u16>,
    pub coefs: Vec<i64>,
    pub target: i64,
    /// Exact reachability of sums, or bounds only.
    pub exact: bool,
}

/// What a propagator changed: the cells whose candidates it narrowed.
pub(crate) struct Changes<'a> {
    pub cand: &'a mut [Mask],
    pub changed: &'a mut Vec<u16>,
}

impl Changes<'_> {
    /// Keeps only `keep` of `cell`'s candidates; false if none is left.
    #[inline]
    pub fn keep(&mut self, cell: u16, keep: Mask) -> bool {
        let m = self.cand[cell as usize];
        if m & !keep != 0 {
            let left = m & keep;
            self.cand[cell as usize] = left;
            self.changed.push(cell);
            return left != 0;
        }
        true
    }
}

impl Prop {
    /// Filters the candidates; false when the rule cannot be kept.
    pub fn run(&self, n: usize, ch: &mut Changes<'_>) -> bool {
        match self {
            Prop::Cage { cells, combos } => cage(cells, combos, ch),
            Prop::Linear(l) if !l.exact => linear_bounds(n, l, ch),
            Prop::Linear(l) => {
                let mut support = [0 as Mask; 64];
                linear(l, ch.cand, &mut support[..l.cells.len()])
                    && l.cells.iter().zip(&support).all(|(&c, &s)| ch.keep(c, s))
            }
            Prop::Between { a, b, mids } => between(n, *a, *b, mids, ch),
            Prop::Lockout { a, b, mids, min } => lockout(n, *a, *b, mids, *min, ch),
            Prop::XSum { line, sum } => xsum(n, line, *sum, ch),
            Prop::Sandwich { line, sum } => sandwich(n, line, *sum, ch),
            Prop::Skyscraper { line, count } => skyscraper(line, *count, ch),
            Prop::Quad { cells, digits } => quad(cells, digits, ch),
        }
    }
}

fn cage(cells: &[u16], combos: &[Mask], ch: &mut Changes<'_>) -> bool {
    let union = cells.iter().fold(0, |u, &c| u | ch.cand[c as usize]);
    let (mut allowed, mut required) = (0, Mask::MAX);
    for &combo in combos {
        if combo & !union != 0 || cells.iter().any(|&c| ch.cand[c as usize] & combo == 0) {
            continue;
        }
        allowed |= combo;
        required &= combo;
    }
    if allowed == 0 || !cells.iter().all(|&c| ch.keep(c, allowed)) {
        return false;
    }
    // A digit every combination holds, left in one cell, goes there.
    for v in bits(required) {
        let bit = 1 << v;
        let mut holders = cells.iter().filter(|&&c| ch.cand[c as usize] & bit != 0);
        match (holders.next(), holders.next()) {
            (None, _) => return false,
            (Some(&c), None) if !ch.keep(c, bit) => return false,
            _ => {}
        }
    }
    true
}

/// `a / b` rounded down, and up.
fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    -floor_div(-a, b)
}

/// Bounds propagation of the equation `l`, to a fixed point: each term
/// within the target less the others' extremes.
fn linear_bounds(n: usize, l: &Linear, ch: &mut Changes<'_>) -> bool {
    loop {
        let (mut sum_lo, mut sum_hi) = (0i64, 0i64);
        for (&c, &k) in l.cells.iter().zip(&l.coefs) {
            let m = ch.cand[c as usize];
            let (a, b) = (k * low(m), k * high(m));
            sum_lo += a.min(b);
            sum_hi += a.max(b);
        }
        if l.target < sum_lo || l.target > sum_hi {
            return false;
        }
        let mut changed = false;
        for (&c, &k) in l.cells.iter().zip(&l.coefs) {
            let m = ch.cand[c as usize];
            let (a, b) = (k * low(m), k * high(m));
            let (lo, hi) = (a.min(b), a.max(b));
            let (from, to) = (l.target - (sum_hi - hi), l.target - (sum_lo - lo));
            if lo >= from && hi <= to {
                continue;
            }
            let keep = if k > 0 {
                digits(ceil_div(from, k), floor_div(to, k), n)
            } else {
                digits(ceil_div(to, k), floor_div(from, k), n)
            };
            if !ch.keep(c, keep) {
                return false;
            }
            changed = true;
        }
        if !changed {
            return true;
        }
    }
}

/// The candidates of each cell of `l` that some filling of the equation
/// keeps, into `support`; false if there is none. Exact (over the
/// candidates, digits free to repeat) when the sums span fewer than 128
/// values, bounds only beyond.
pub(super) fn linear(l: &Linear, cand: &[Mask], support: &mut [Mask]) -> bool {
    let k = l.cells.len();
    // Each cell's least and greatest term.
    let mut lo = [0i64; 64];
    let mut hi = [0i64; 64];
    let (mut sum_lo, mut sum_hi) = (0i64, 0i64);
    for i in 0..k {
        let m = cand[l.cells[i] as usize];
        if m == 0 {
            return false;
        }
        let (a, b) = (l.coefs[i] * low(m), l.coefs[i] * high(m));
        lo[i] = a.min(b);
        hi[i] = a.max(b);
        sum_lo += lo[i];
        sum_hi += hi[i];
    }
    if l.target < sum_lo || l.target > sum_hi {
        return false;
    }
    if sum_hi - sum_lo >= 128 {
        for i in 0..k {
            let (from, to) = (l.target - (sum_hi - hi[i]), l.target - (sum_lo - lo[i]));
            let m = cand[l.cells[i] as usize];
            support[i] = bits(m)
                .filter(|&v| (from..=to).contains(&(l.coefs[i] * (v as i64 + 1))))
                .fold(0, |s, v| s | 1 << v);
            if support[i] == 0 {
                return false;
            }
        }
        return true;
    }
    // Sums reachable by each prefix, as offsets from the prefix's least.
    let mut fwd = [0u128; 65];
    fwd[0] = 1;
    for i in 0..k {
        let mut next = 0u128;
        for v in bits(cand[l.cells[i] as usize]) {
            next |= fwd[i] << (l.coefs[i] * (v as i64 + 1) - lo[i]);
        }
        fwd[i + 1] = next;
    }
    // Sums from which each suffix reaches the target.
    let mut back = 1u128 << (l.target - sum_lo);
    if fwd[k] & back == 0 {
        return false;
    }
    for i in (0..k).rev() {
        let m = cand[l.cells[i] as usize];
        let (mut s, mut prev) = (0, 0u128);
        for v in bits(m) {
            let shift = l.coefs[i] * (v as i64 + 1) - lo[i];
            if (fwd[i] << shift) & back != 0 {
                s |= 1 << v;
            }
            prev |= back >> shift;
        }
        support[i] = s;
        back = prev;
    }
    true
}

fn between(n: usize, a: u16, b: u16, mids: &[u16], ch: &mut Changes<'_>) -> bool {
    let (ma, mb) = (ch.cand[a as usize], ch.cand[b as usize]);
    let (mut sa, mut sb, mut sm) = (0, 0, 0);
    for x in bits(ma) {
        for y in bits(mb) {
            let (lo, hi) = ((x.min(y) + 1) as i64, (x.max(y) + 1) as i64);
            let inside = digits(lo + 1, hi - 1, n);
            if mids.iter().all(|&m| ch.cand[m as usize] & inside != 0) {
                sa |= 1 << x;
                sb |= 1 << y;
                sm |= inside;
            }
        }
    }
    ch.keep(a, sa) && ch.keep(b, sb) && mids.iter().all(|&m| ch.keep(m, sm))
}

fn lockout(n: usize, a: u16, b: u16, mids: &[u16], min: i64, ch: &mut Changes<'_>) -> bool {
    let (ma, mb) = (ch.cand[a as usize], ch.cand[b as usize]);
    let (mut sa, mut sb, mut sm) = (0, 0, 0);
    let all = digits(1, n as i64, n);
    for x in bits(ma) {
        for y in bits(mb) {
            let (lo, hi) = ((x.min(y) + 1) as i64, (x.max(y) + 1) as i64);
            if hi - lo < min {
                continue;
            }
            let outside = all & !digits(lo, hi, n);
            if mids.iter().all(|&m| ch.cand[m as usize] & outside != 0) {
                sa |= 1 << x;
                sb |= 1 << y;
                sm |= outside;
            }
        }
    }
    ch.keep(a, sa) && ch.keep(b, sb) && mids.iter().all(|&m| ch.keep(m, sm))
}

/// The supports of a plain sum of `cells` (each restricted to `masks`) to
/// `target`, or false.
fn sum_of(cells: &[u16], masks: &[Mask], target: i64, support: &mut [Mask]) -> bool {
    let l =
        Linear { cells: (0..cells.len() as u16).collect(), coefs: vec![1; cells.len()], target, exact: true };
    linear(&l, masks, support)
}

fn xsum(n: usize, line: &[u16], sum: i64, ch: &mut Changes<'_>) -> bool {
    let mut keep = [0 as Mask; 32];
    let mut masks = [0 as Mask; 32];
    let mut support = [0 as Mask; 32];
    for (i, &c) in line.iter().enumerate() {
        masks[i] = ch.cand[c as usize];
    }
    for x in bits(masks[0]) {
        let len = x as usize + 1;
        let rest = sum - len as i64;
        let ok = if len == 1 {
            rest == 0
        } else {
            sum_of(&line[1..len], &masks[1..len], rest, &mut support[1..len])
        };
        if !ok {
            continue;
        }
        keep[0] |= 1 << x;
        for i in 1..n {
            keep[i] |= if i < len { support[i] } else { masks[i] };
        }
    }
    line.iter().enumerate().all(|(i, &c)| ch.keep(c, keep[i]))
}

fn sandwich(n: usize, line: &[u16], sum: i64, ch: &mut Changes<'_>) -> bool {
    let (one, top) = (1 as Mask, 1 << (n - 1));
    let mut masks = [0 as Mask; 32];
    let mut keep = [0 as Mask; 32];
    let mut support = [0 as Mask; 32];
    for (i, &c) in line.iter().enumerate() {
        masks[i] = ch.cand[c as usize];
    }
    let crust = one | top;
    for i in 0..n {
        for j in i + 1..n {
            for (bi, bj) in [(one, top), (top, one)] {
                if masks[i] & bi == 0 || masks[j] & bj == 0 {
                    continue;
                }
                let mut inner = [0 as Mask; 32];
                for t in i + 1..j {
                    inner[t] = masks[t] & !crust;
                }
                let ok = if j == i + 1 {
                    sum == 0
                } else {
                    sum_of(&line[i + 1..j], &inner[i + 1..j], sum, &mut support[i + 1..j])
                };
                if !ok {
                    continue;
                }
                for t in 0..n {
                    keep[t] |= match t {
                        _ if t == i => bi,
                        _ if t == j => bj,
                        _ if t > i && t < j => support[t],
                        _ => masks[t] & !crust,
                    };
                }
            }
        }
    }
    line.iter().enumerate().all(|(i, &c)| ch.keep(c, keep[i]))
}

/// Fillings a skyscraper enumerates at most before it filters.
const SKYSCRAPER_FILLINGS: u64 = 2048;

fn skyscraper(line: &[u16], count: u32, ch: &mut Changes<'_>) -> bool {
    let fillings = line.iter().fold(1u64, |p, &c| p.saturating_mul(ch.cand[c as usize].count_ones() as u64));
    if fillings > SKYSCRAPER_FILLINGS {
        return true;
    }
    let masks: Vec<Mask> = line.iter().map(|&c| ch.cand[c as usize]).collect();
    let mut keep = vec![0 as Mask; line.len()];
    let mut path = Vec::with_capacity(line.len());
    seen_from(&masks, count, 0, 0, 0, &mut path, &mut keep);
    line.iter().zip(&keep).all(|(&c, &k)| ch.keep(c, k))
}

/// Every filling of the line's cells from `masks[i..]` (different
/// digits), with `seen` skyscrapers seen so far under a highest of
/// `highest`, that sees `count`: their digits added to `keep`.
fn seen_from(
    masks: &[Mask],
    count: u32,
    used: Mask,
    highest: u32,
    seen: u32,
    path: &mut Vec<u32>,
    keep: &mut [Mask],
) {
    let i = path.len();
    if seen > count {
        return;
    }
    if i == masks.len() {
        if seen == count {
            for (k, &v) in keep.iter_mut().zip(path.iter()) {
                *k |= 1 << v;
            }
        }
        return;
    }
    for v in bits(masks[i] & !used) {
        path.push(v);
        let (h, s) = if v + 1 > highest { (v + 1, seen + 1) } else { (highest, seen) };
        seen_from(masks, count, used | 1 << v, h, s, path, keep);
        path.pop();
    }
}

fn quad(cells: &[u16], digits: &[(u32, u32)], ch: &mut Changes<'_>) -> bool {
    let listed: u32 = digits.iter().map(|d| d.1).sum();
    if listed as usize == cells.len() {
        let set = digits.iter().fold(0, |s, d| s | 1 << d.0);
        if !cells.iter().all(|&c| ch.keep(c, set)) {
            return false;
        }
    }
    for &(v, times) in digits {
        let bit = 1 << v;
        let holders = cells.iter().filter(|&&c| ch.cand[c as usize] & bit != 0).count() as u32;
        if holders < times {
            return false;
        }
        if holders == times {
            for &c in cells {
                if ch.cand[c as usize] & bit != 0 && !ch.keep(c, bit) {
                    return false;
                }
            }
        }
    }
    true
}

/// The sets of `k` different digits of 1..=n summing to `sum` (any sum
/// when `None`), as masks.
pub(super) fn combos(n: usize, k: usize, sum: Option<i64>) -> Vec<Mask> {
    fn walk(n: usize, k: usize, from: usize, left: Option<i64>, set: Mask, out: &mut Vec<Mask>) {
        if k == 0 {
            if left.is_none_or(|s| s == 0) {
                out.push(set);
            }
            return;
        }
        for v in from..n {
            let d = v as i64 + 1;
            if left.is_some_and(|s| s < d) {
                break;
            }
            walk(n, k - 1, v + 1, left.map(|s| s - d), set | 1 << v, out);
        }
    }
    let mut out = Vec::new();
    if k <= n {
        walk(n, k, 0, sum, 0, &mut out);
    }
    out
}
