//! The propagators of the variant search: each takes the candidates of
//! every cell (bit `v` for symbol `v`, the digit `v + 1`) and removes those
//! no solution of its rule can hold, or says that none is left. Every one
//! is sound (it never removes a candidate some filling of its rule keeps);
//! none needs to be complete, since every full grid is checked against
//! every rule before it is counted.

/// The candidates of one cell: bit `v` for symbol `v` (orders up to 32).
pub(crate) type Mask = u32;

/// The set of digits `lo..=hi` (numbers from 1), empty when `lo > hi`.
#[inline(always)]
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
#[inline(always)]
fn low(m: Mask) -> i64 {
    m.trailing_zeros() as i64 + 1
}

#[inline(always)]
fn high(m: Mask) -> i64 {
    32 - m.leading_zeros() as i64
}

/// Bits of a mask, lowest first.
#[inline(always)]
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
    /// An X-sum on a row or column read from the clue; `combos[x]` (on
    /// orders up to [`COMBO_ORDER`]) the sets of `x` digits other than
    /// `x + 1` that sum to `sum - x - 1`: what follows a first digit `x + 1`.
    XSum { line: Vec<u16>, sum: i64, combos: Option<Vec<Vec<Mask>>> },
    /// A sandwich on a row or column; `combos[k]` (on orders up to
    /// [`COMBO_ORDER`]) the sets of `k` digits, neither 1 nor the order,
    /// that sum to `sum`: what a crust of `k` cells between them can hold.
    Sandwich { line: Vec<u16>, sum: i64, combos: Option<Vec<Vec<Mask>>> },
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
    /// The terms (indices into `cells`) in groups of cells that must hold
    /// different digits, with one coefficient per group: the bounds of a
    /// group are those of different digits ([`group_bounds`]). Filled
    /// when the model is finished; empty: no group bounds.
    pub groups: Vec<Vec<u8>>,
    /// When every coefficient is 1 or -1, those of 1 first: how many are
    /// 1 ([`Linear::new`]); the bounds then take no products.
    pub unit: Option<usize>,
}

impl Linear {
    /// `sum coefs[i] * digit(cells[i]) == target`, with no groups.
    pub fn new(cells: Vec<u16>, coefs: Vec<i64>, target: i64, exact: bool) -> Linear {
        let positive = coefs.iter().take_while(|&&k| k == 1).count();
        let unit = coefs[positive..].iter().all(|&k| k == -1).then_some(positive);
        Linear { cells, coefs, target, exact, groups: Vec::new(), unit }
    }
}

/// What a propagator changed: the cells whose candidates it narrowed.
pub(crate) struct Changes<'a> {
    pub cand: &'a mut [Mask],
    pub changed: &'a mut Vec<u16>,
}

impl Changes<'_> {
    /// Keeps only `keep` of `cell`'s candidates; false if none is left.
    #[inline(always)]
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
                // The bounds of different digits first (they narrow what
                // the reachability then walks), then the reachability.
                let keep = |support: &mut [Mask], ch: &mut Changes<'_>| {
                    linear(l, ch.cand, support) && l.cells.iter().zip(&*support).all(|(&c, &s)| ch.keep(c, s))
                };
                group_bounds(l, ch)
                    && match l.cells.len() {
                        k @ 0..=SHORT => keep(&mut [0 as Mask; SHORT][..k], ch),
                        k => keep(&mut [0 as Mask; 64][..k], ch),
                    }
            }
            Prop::Between { a, b, mids } => between(n, *a, *b, mids, ch),
            Prop::Lockout { a, b, mids, min } => lockout(n, *a, *b, mids, *min, ch),
            Prop::XSum { line, sum, combos } => xsum(n, line, *sum, combos.as_deref(), ch),
            Prop::Sandwich { line, sum, combos } => sandwich(n, line, *sum, combos.as_deref(), ch),
            Prop::Skyscraper { line, count } => skyscraper(line, *count, ch),
            Prop::Quad { cells, digits } => quad(cells, digits, ch),
        }
    }
}

#[inline(always)]
pub(super) fn cage(cells: &[u16], combos: &[Mask], ch: &mut Changes<'_>) -> bool {
    let mut masks = [0 as Mask; 32];
    let masks = &mut masks[..cells.len().min(32)];
    // The digits some cell holds, and those two cells hold.
    let (mut once, mut twice) = (0 as Mask, 0 as Mask);
    for (m, &c) in masks.iter_mut().zip(cells) {
        *m = ch.cand[c as usize];
        twice |= once & *m;
        once |= *m;
    }
    let (mut allowed, mut required) = (0, Mask::MAX);
    'combos: for &combo in combos {
        if combo & !once != 0 {
            continue;
        }
        for &m in masks.iter() {
            if m & combo == 0 {
                continue 'combos;
            }
        }
        allowed |= combo;
        required &= combo;
    }
    if allowed == 0 {
        return false;
    }
    if once & !allowed != 0 && !cells.iter().all(|&c| ch.keep(c, allowed)) {
        return false;
    }
    // A digit every combination holds, left in one cell, goes there
    // (keeping `allowed` in every cell keeps it in as many cells).
    for v in bits(required & !twice) {
        let bit = 1 << v;
        match cells.iter().find(|&&c| ch.cand[c as usize] & bit != 0) {
            Some(&c) if ch.keep(c, bit) => {}
            _ => return false,
        }
    }
    true
}

/// [`cage`] for a cage inside a house whose other cells are `rest`: a
/// combination counts only when the rest can hold every digit of `all`
/// it leaves, and each cell of the rest keeps only digits some counted
/// combination leaves (the rest holds exactly those the cage does not).
#[inline(always)]
pub(crate) fn cage_in_house(
    cells: &[u16],
    combos: &[Mask],
    rest: &[u16],
    all: Mask,
    ch: &mut Changes<'_>,
) -> bool {
    let mut masks = [0 as Mask; 32];
    let masks = &mut masks[..cells.len().min(32)];
    let (mut once, mut twice) = (0 as Mask, 0 as Mask);
    for (m, &c) in masks.iter_mut().zip(cells) {
        *m = ch.cand[c as usize];
        twice |= once & *m;
        once |= *m;
    }
    let outside = rest.iter().fold(0, |u, &c| u | ch.cand[c as usize]);
    let (mut allowed, mut required, mut left) = (0, Mask::MAX, 0);
    'combos: for &combo in combos {
        if combo & !once != 0 || all & !combo & !outside != 0 {
            continue;
        }
        for &m in masks.iter() {
            if m & combo == 0 {
                continue 'combos;
            }
        }
        allowed |= combo;
        required &= combo;
        left |= all & !combo;
    }
    if allowed == 0 {
        return false;
    }
    if once & !allowed != 0 && !cells.iter().all(|&c| ch.keep(c, allowed)) {
        return false;
    }
    if outside & !left != 0 && !rest.iter().all(|&c| ch.keep(c, left)) {
        return false;
    }
    for v in bits(required & !twice) {
        let bit = 1 << v;
        match cells.iter().find(|&&c| ch.cand[c as usize] & bit != 0) {
            Some(&c) if ch.keep(c, bit) => {}
            _ => return false,
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
#[inline(always)]
pub(super) fn linear_bounds(n: usize, l: &Linear, ch: &mut Changes<'_>) -> bool {
    if let Some(positive) = l.unit {
        return unit_bounds(n, l, positive, ch);
    }
    // A term's least and greatest value.
    let range = |m: Mask, c: i64| if c > 0 { (c * low(m), c * high(m)) } else { (c * high(m), c * low(m)) };
    loop {
        let (mut sum_lo, mut sum_hi, mut widest) = (0i64, 0i64, 0i64);
        for (&c, &k) in l.cells.iter().zip(&l.coefs) {
            let m = ch.cand[c as usize];
            if m == 0 {
                return false;
            }
            let (a, b) = range(m, k);
            sum_lo += a;
            sum_hi += b;
            widest = widest.max(b - a);
        }
        if l.target < sum_lo || l.target > sum_hi {
            return false;
        }
        // No term is narrowed when the widest fits in the slack.
        if widest <= (l.target - sum_lo).min(sum_hi - l.target) {
            return true;
        }
        let mut changed = false;
        for (&c, &coef) in l.cells.iter().zip(&l.coefs) {
            let (lo, hi) = range(ch.cand[c as usize], coef);
            let (from, to) = (l.target - (sum_hi - hi), l.target - (sum_lo - lo));
            if lo >= from && hi <= to {
                continue;
            }
            let keep = if coef > 0 {
                digits(ceil_div(from, coef), floor_div(to, coef), n)
            } else {
                digits(ceil_div(to, coef), floor_div(from, coef), n)
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

/// [`linear_bounds`] for coefficients 1 (the first `positive` terms) and
/// -1 (the rest), without products. Measured (count to 2, cachegrind
/// instructions): "Wecoc #1 [mod B]" (its derived sums are all so)
/// 9.21 G -> 8.62 G, TAREK_ALL 3.82 G -> 3.66 G.
#[inline(always)]
fn unit_bounds(n: usize, l: &Linear, positive: usize, ch: &mut Changes<'_>) -> bool {
    let (plus, minus) = l.cells.split_at(positive);
    loop {
        let (mut sum_lo, mut sum_hi, mut widest) = (0i64, 0i64, 0i64);
        for &c in plus {
            let m = ch.cand[c as usize];
            if m == 0 {
                return false;
            }
            let (a, b) = (low(m), high(m));
            sum_lo += a;
            sum_hi += b;
            widest = widest.max(b - a);
        }
        for &c in minus {
            let m = ch.cand[c as usize];
            if m == 0 {
                return false;
            }
            let (a, b) = (low(m), high(m));
            sum_lo -= b;
            sum_hi -= a;
            widest = widest.max(b - a);
        }
        let t = l.target;
        if t < sum_lo || t > sum_hi {
            return false;
        }
        if widest <= (t - sum_lo).min(sum_hi - t) {
            return true;
        }
        let mut changed = false;
        // A term d lies in t - (sum_hi - its greatest) ..= t - (sum_lo -
        // its least); a term -d likewise.
        for &c in plus {
            let m = ch.cand[c as usize];
            let (a, b) = (low(m), high(m));
            let (from, to) = (t - (sum_hi - b), t - (sum_lo - a));
            if a < from || b > to {
                if !ch.keep(c, digits(from, to, n)) {
                    return false;
                }
                changed = true;
            }
        }
        for &c in minus {
            let m = ch.cand[c as usize];
            let (a, b) = (low(m), high(m));
            let (from, to) = (t - (sum_hi + a), t - (sum_lo + b));
            if -b < from || -a > to {
                if !ch.keep(c, digits(-to, -from, n)) {
                    return false;
                }
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
}

/// The sum of the `k` lowest digits of `m` and of its `k` highest, or
/// None when `m` holds fewer than `k`.
fn extremes(m: Mask, k: usize) -> Option<(i64, i64)> {
    // Fewer than `k` digits show as `a` emptied before the end: no count
    // of bits first (a popcount is a dozen instructions on CPUs without
    // one, the baseline the logic is compiled for, and this is the
    // innermost loop of the rule forcing chains).
    let (mut lo, mut hi, mut a, mut b) = (0, 0, m, m);
    for _ in 0..k {
        if a == 0 {
            return None;
        }
        lo += low(a);
        a &= a - 1;
        let h = high(b);
        hi += h;
        b &= !(1 << (h - 1));
    }
    Some((lo, hi))
}

/// The least and greatest term of a group of `k` different digits from
/// `m` with coefficient `c`.
fn group_range(m: Mask, k: usize, c: i64) -> Option<(i64, i64)> {
    extremes(m, k).map(|(lo, hi)| if c > 0 { (c * lo, c * hi) } else { (c * hi, c * lo) })
}

/// The terms (or groups) most sums have (a cage, an arrow, a diagonal):
/// their scratch arrays are this long when that is enough, and 64 long
/// otherwise. Zeroing 64 of each at every call was 2% of the instructions
/// of `rate` on TAREK_ALL killers (cachegrind).
const SHORT: usize = 16;

/// Bounds propagation of `l` by its groups of different digits: each
/// group's sum lies between its fewest lowest and highest candidates,
/// and a cell keeps a digit only when the rest of its group (other
/// digits) and the other groups can make up the target with it. One
/// pass; false when the equation cannot be kept.
pub(super) fn group_bounds(l: &Linear, ch: &mut Changes<'_>) -> bool {
    match l.groups.len() {
        // No groups: nothing to bound (an equation built without them).
        0 => true,
        // Each group's range in an array as long as most sums need.
        1..=SHORT => group_bounds_in::<SHORT>(l, ch),
        _ => group_bounds_in::<64>(l, ch),
    }
}

/// [`group_bounds`] with room for `G` groups.
#[inline(always)]
fn group_bounds_in<const G: usize>(l: &Linear, ch: &mut Changes<'_>) -> bool {
    let g = l.groups.len();
    let mut range = [(0i64, 0i64); G];
    let (mut sum_lo, mut sum_hi) = (0i64, 0i64);
    for (r, group) in range.iter_mut().zip(&l.groups) {
        let union = group.iter().fold(0, |u, &t| u | ch.cand[l.cells[t as usize] as usize]);
        let Some(x) = group_range(union, group.len(), l.coefs[group[0] as usize]) else { return false };
        *r = x;
        sum_lo += x.0;
        sum_hi += x.1;
    }
    if l.target < sum_lo || l.target > sum_hi {
        return false;
    }
    for (group, &(glo, ghi)) in l.groups.iter().zip(&range[..g]) {
        // The group's term must lie in from..=to.
        let (from, to) = (l.target - (sum_hi - ghi), l.target - (sum_lo - glo));
        if glo >= from && ghi <= to {
            continue;
        }
        let c = l.coefs[group[0] as usize];
        for (i, &t) in group.iter().enumerate() {
            let cell = l.cells[t as usize];
            let others = group.iter().enumerate().filter(|&(j, _)| j != i);
            let rest = others.fold(0, |u, (_, &o)| u | ch.cand[l.cells[o as usize] as usize]);
            let mut keep = 0;
            for v in bits(ch.cand[cell as usize]) {
                let Some((lo, hi)) = extremes(rest & !(1 << v), group.len() - 1) else { continue };
                let d = v as i64 + 1;
                let (a, b) = (c * (d + lo), c * (d + hi));
                if a.min(b) <= to && a.max(b) >= from {
                    keep |= 1 << v;
                }
            }
            if !ch.keep(cell, keep) {
                return false;
            }
        }
    }
    true
}

/// The candidates of each cell of `l` that some filling of the equation
/// keeps, into `support`; false if there is none. Exact over the
/// candidates, digits free to repeat: sums spanning fewer than 128 values
/// in one word, wider ones in several ([`linear_wide`]).
pub(super) fn linear(l: &Linear, cand: &[Mask], support: &mut [Mask]) -> bool {
    if l.cells.len() <= SHORT {
        linear_in::<SHORT, { SHORT + 1 }>(l, cand, support)
    } else {
        linear_in::<64, 65>(l, cand, support)
    }
}

/// [`linear`] with scratch arrays of `K` terms (`K1` = `K + 1` prefixes).
#[inline(always)]
fn linear_in<const K: usize, const K1: usize>(l: &Linear, cand: &[Mask], support: &mut [Mask]) -> bool {
    const { assert!(K1 == K + 1) };
    let k = l.cells.len();
    debug_assert!(k <= K && support.len() == k);
    // Each cell's least and greatest term.
    let mut lo = [0i64; K];
    let mut hi = [0i64; K];
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
    // Measured on four TAREK_ALL killers (`rate`, cachegrind): 1.40 G
    // instructions walking every sum, 1.10 G with bounds where they
    // suffice.
    if k <= SHORT && gapless(l, cand, &lo[..k], &hi[..k]) {
        // The sums of the other cells are every value from their least
        // to their greatest: a candidate is kept when its term leaves the
        // target within them.
        for i in 0..k {
            let (from, to) = (l.target - (sum_hi - hi[i]), l.target - (sum_lo - lo[i]));
            let m = cand[l.cells[i] as usize];
            support[i] = if lo[i] >= from && hi[i] <= to {
                m
            } else {
                bits(m)
                    .filter(|&v| (from..=to).contains(&(l.coefs[i] * (v as i64 + 1))))
                    .fold(0, |s, v| s | 1 << v)
            };
            if support[i] == 0 {
                return false;
            }
        }
        return true;
    }
    // One machine word when the sums span fewer than 64 values (most
    // sums of a few cells, and longer ones once their cells narrow): its
    // shifts are single instructions, a u128's several. Measured on four
    // TAREK_ALL killers (`rate`, cachegrind): 1.77 G instructions with
    // u128 alone, 1.40 G with u64 first.
    match sum_hi - sum_lo {
        0..64 => reach::<u64, K1>(l, cand, &lo[..k], l.target - sum_lo, support),
        64..128 => reach::<u128, K1>(l, cand, &lo[..k], l.target - sum_lo, support),
        _ => linear_wide(l, cand, &lo[..k], sum_lo, sum_hi, support),
    }
}

/// Whether, whichever one cell of `l` is left out, the sums the others
/// reach are every value between their least and their greatest (then a
/// candidate's support is a matter of bounds). Cells taken by widest gap
/// between their terms, narrowest first: a set of values with no gap
/// wider than `w + 1`, added to every value of a run `w` wide, gives a
/// run; so the first two must be runs themselves (either may be the one
/// left out), and each later one's gap must fit the run the ones before
/// it make without the widest of them. Sufficient, not necessary (then
/// the sums are walked: [`reach`]). `lo` and `hi` hold each cell's least
/// and greatest term.
fn gapless(l: &Linear, cand: &[Mask], lo: &[i64], hi: &[i64]) -> bool {
    let k = lo.len();
    // (widest gap between two terms, width of the terms), by gap.
    let mut cells = [(0i64, 0i64); SHORT];
    for i in 0..k {
        let m = cand[l.cells[i] as usize];
        // The widest run of missing digits between the lowest and the
        // highest candidate, plus one.
        let mut holes = !(m >> m.trailing_zeros()) & (((1 as Mask) << (high(m) - low(m))) - 1);
        let mut gap = 1;
        while holes != 0 {
            holes &= holes << 1;
            gap += 1;
        }
        // One value is a run, whatever its coefficient.
        let g = if m & (m - 1) == 0 { 1 } else { l.coefs[i].abs() * gap };
        let mut j = i;
        while j > 0 && cells[j - 1].0 > g {
            cells[j] = cells[j - 1];
            j -= 1;
        }
        cells[j] = (g, hi[i] - lo[i]);
    }
    let (mut total, mut widest) = (0, 0);
    for (t, &(gap, width)) in cells[..k].iter().enumerate() {
        let run = if t < 2 { 0 } else { total - widest };
        if gap > run + 1 {
            return false;
        }
        total += width;
        widest = widest.max(width);
    }
    true
}

/// A word of bits for [`reach`].
trait Word:
    Copy
    + PartialEq
    + From<u8>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAnd<Output = Self>
    + std::ops::Shl<i64, Output = Self>
    + std::ops::Shr<i64, Output = Self>
{
}

impl Word for u64 {}
impl Word for u128 {}

/// [`linear`] over sums spanning fewer values than `W` has bits: `lo`
/// holds each cell's least term, `goal` the target as an offset from the
/// least sum.
fn reach<W: Word, const K1: usize>(
    l: &Linear,
    cand: &[Mask],
    lo: &[i64],
    goal: i64,
    support: &mut [Mask],
) -> bool {
    let (zero, one) = (W::from(0), W::from(1));
    let k = lo.len();
    // Sums reachable by each prefix, as offsets from the prefix's least.
    let mut fwd = [zero; K1];
    fwd[0] = one;
    for i in 0..k {
        let mut next = zero;
        for v in bits(cand[l.cells[i] as usize]) {
            next |= fwd[i] << (l.coefs[i] * (v as i64 + 1) - lo[i]);
        }
        fwd[i + 1] = next;
    }
    // Sums from which each suffix reaches the target.
    let mut back = one << goal;
    if fwd[k] & back == zero {
        return false;
    }
    for i in (0..k).rev() {
        let m = cand[l.cells[i] as usize];
        let (mut s, mut prev) = (0, zero);
        for v in bits(m) {
            let shift = l.coefs[i] * (v as i64 + 1) - lo[i];
            if (fwd[i] << shift) & back != zero {
                s |= 1 << v;
            }
            prev |= back >> shift;
        }
        support[i] = s;
        back = prev;
    }
    true
}

/// [`linear`] for sums spanning 128 values or more: the same passes over
/// bitsets of as many words as the span needs. `lo` holds each cell's
/// least term, `sum_lo..=sum_hi` the sums the terms reach.
fn linear_wide(
    l: &Linear,
    cand: &[Mask],
    lo: &[i64],
    sum_lo: i64,
    sum_hi: i64,
    support: &mut [Mask],
) -> bool {
    let k = l.cells.len();
    let words = ((sum_hi - sum_lo) as usize + 1).div_ceil(64);
    // fwd[i * words..]: the sums reachable by the first i cells, as
    // offsets from their least.
    let mut fwd = vec![0u64; (k + 1) * words];
    fwd[0] = 1;
    for i in 0..k {
        let (done, next) = fwd.split_at_mut((i + 1) * words);
        let (from, to) = (&done[i * words..], &mut next[..words]);
        for v in bits(cand[l.cells[i] as usize]) {
            shift_up_or(to, from, (l.coefs[i] * (v as i64 + 1) - lo[i]) as usize);
        }
    }
    // The sums from which the cells from i on reach the target.
    let mut back = vec![0u64; words];
    let mut prev = vec![0u64; words];
    let mut moved = vec![0u64; words];
    let t = (l.target - sum_lo) as usize;
    back[t / 64] = 1 << (t % 64);
    if !meets(&fwd[k * words..], &back) {
        return false;
    }
    for i in (0..k).rev() {
        let reach = &fwd[i * words..(i + 1) * words];
        let mut s = 0;
        prev.fill(0);
        for v in bits(cand[l.cells[i] as usize]) {
            let shift = (l.coefs[i] * (v as i64 + 1) - lo[i]) as usize;
            shift_down(&mut moved, &back, shift);
            if meets(reach, &moved) {
                s |= 1 << v;
            }
            prev.iter_mut().zip(&moved).for_each(|(p, m)| *p |= m);
        }
        support[i] = s;
        std::mem::swap(&mut back, &mut prev);
    }
    true
}

/// `to |= from << shift`, over bitsets of equal length (bits beyond the
/// end dropped).
fn shift_up_or(to: &mut [u64], from: &[u64], shift: usize) {
    let (w, b) = (shift / 64, shift % 64);
    for j in (w..to.len()).rev() {
        let hi = from[j - w] << b;
        let lo = if b > 0 && j > w { from[j - w - 1] >> (64 - b) } else { 0 };
        to[j] |= hi | lo;
    }
}

/// `to = from >> shift`, over bitsets of equal length.
fn shift_down(to: &mut [u64], from: &[u64], shift: usize) {
    let (w, b) = (shift / 64, shift % 64);
    let len = from.len();
    for j in 0..len {
        let lo = if j + w < len { from[j + w] >> b } else { 0 };
        let hi = if b > 0 && j + w + 1 < len { from[j + w + 1] << (64 - b) } else { 0 };
        to[j] = lo | hi;
    }
}

/// Whether two bitsets share a bit.
fn meets(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
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
    let l = Linear::new((0..cells.len() as u16).collect(), vec![1; cells.len()], target, true);
    linear(&l, masks, support)
}

/// The largest order whose sandwiches and X-sums list their sets of
/// digits (2^order subsets walked once, when the model is built); beyond,
/// their sums are bounded as sums of digits free to repeat.
pub(crate) const COMBO_ORDER: usize = 16;

/// The subsets of `allowed` (a mask of symbols: bit v is digit v + 1) whose
/// digits sum to `sum`, by their size: `out[k]` has those of `k` digits.
pub(crate) fn combos_by_size(allowed: Mask, sum: i64) -> Vec<Vec<Mask>> {
    let mut out = vec![Vec::new(); allowed.count_ones() as usize + 1];
    let mut s = allowed;
    loop {
        let total: i64 = bits(s).map(|v| v as i64 + 1).sum();
        if total == sum {
            out[s.count_ones() as usize].push(s);
        }
        if s == 0 {
            break;
        }
        s = (s - 1) & allowed;
    }
    out
}

/// Cells of one house (different digits) whose digits form one of `combos`
/// (sets of as many digits as there are cells): `support` gets, for each
/// cell, its candidates in some set that every cell can take part in and
/// that the cells' candidates cover. False when no set fits.
fn distinct_sum(masks: &[Mask], combos: &[Mask], support: &mut [Mask]) -> bool {
    support.iter_mut().for_each(|s| *s = 0);
    let mut any = false;
    'sets: for &set in combos {
        let mut union = 0;
        for &m in masks {
            let x = m & set;
            if x == 0 {
                continue 'sets;
            }
            union |= x;
        }
        if union != set {
            continue;
        }
        any = true;
        for (s, &m) in support.iter_mut().zip(masks) {
            *s |= m & set;
        }
    }
    any
}

fn xsum(n: usize, line: &[u16], sum: i64, combos: Option<&[Vec<Mask>]>, ch: &mut Changes<'_>) -> bool {
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
        } else if let Some(combos) = combos {
            distinct_sum(&masks[1..len], &combos[x as usize], &mut support[1..len])
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

fn sandwich(n: usize, line: &[u16], sum: i64, combos: Option<&[Vec<Mask>]>, ch: &mut Changes<'_>) -> bool {
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
                } else if let Some(combos) = combos {
                    distinct_sum(&inner[i + 1..j], &combos[j - i - 1], &mut support[i + 1..j])
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The sums of the `k` lowest and `k` highest digits of every mask of
    /// up to 16 digits, against the digits listed and summed; fewer than
    /// `k` digits is none.
    #[test]
    fn extremes_are_the_lowest_and_highest_digits_summed() {
        for m in 0..1u32 << 16 {
            let digits: Vec<i64> = (0..16).filter(|&v| m >> v & 1 == 1).map(|v| v + 1).collect();
            for k in 0..=17 {
                let want = (digits.len() >= k)
                    .then(|| (digits[..k].iter().sum(), digits[digits.len() - k..].iter().sum()));
                assert_eq!(extremes(m, k), want, "{m:#b}, {k}");
            }
        }
    }

    /// The supports by sets of sums: the sums each prefix reaches and
    /// those from which each suffix reaches the target.
    fn reference(l: &Linear, cand: &[Mask]) -> Option<Vec<Mask>> {
        let k = l.cells.len();
        let term = |i: usize, v: u32| l.coefs[i] * (v as i64 + 1);
        let mut fwd = vec![BTreeSet::from([0i64])];
        for i in 0..k {
            let next = fwd[i].iter().flat_map(|&s| bits(cand[i]).map(move |v| s + term(i, v))).collect();
            fwd.push(next);
        }
        let mut back = BTreeSet::from([l.target]);
        let mut support = vec![0; k];
        for i in (0..k).rev() {
            let mut prev = BTreeSet::new();
            for v in bits(cand[i]) {
                for &b in &back {
                    let need = b - term(i, v);
                    if fwd[i].contains(&need) {
                        support[i] |= 1 << v;
                        prev.insert(need);
                    }
                }
            }
            back = prev;
        }
        support.iter().all(|&s| s != 0).then_some(support)
    }

    /// Every filling of a cage of `cells.len()` cells and the rest of its
    /// house (order `n`) from their candidates that keeps the house's
    /// digits different, a combination of the cage and the rest the
    /// digits it leaves: the candidates some filling keeps, or None.
    fn house_fillings(n: usize, cand: &[Mask], k: usize, combos: &[Mask]) -> Option<Vec<Mask>> {
        let mut keep = vec![0 as Mask; n];
        let mut any = false;
        // Every permutation of the digits over the house's n cells.
        fn walk(n: usize, used: Mask, path: &mut Vec<u32>, f: &mut dyn FnMut(&[u32])) {
            if path.len() == n {
                return f(path);
            }
            for v in 0..n as u32 {
                if used & 1 << v == 0 {
                    path.push(v);
                    walk(n, used | 1 << v, path, f);
                    path.pop();
                }
            }
        }
        let mut path = Vec::with_capacity(n);
        walk(n, 0, &mut path, &mut |p: &[u32]| {
            let fits = p.iter().zip(cand).all(|(&v, &m)| m & 1 << v != 0);
            let set = p[..k].iter().fold(0, |s, &v| s | 1 << v);
            if fits && combos.contains(&set) {
                any = true;
                p.iter().zip(keep.iter_mut()).for_each(|(&v, k)| *k |= 1 << v);
            }
        });
        any.then_some(keep)
    }

    #[test]
    fn a_cage_in_a_house_keeps_what_some_filling_of_the_house_keeps() {
        let mut rng = dlx::SplitMix64::new(0xc0ffee_u64);
        let mut next = move |below: u64| rng.below(below);
        let (mut pruned, mut refused) = (0, 0);
        for _ in 0..3000 {
            let n = [4, 5, 6][next(3) as usize];
            let k = 1 + next(n as u64 - 1) as usize;
            let sum = (k * (k + 1) / 2) as i64 + next((k * (n - k) + 1) as u64) as i64;
            let combos = combos(n, k, Some(sum));
            let all = digits(1, n as i64, n);
            // Wide candidates, a few cells narrowed.
            let cand: Vec<Mask> =
                (0..n).map(|_| if next(3) == 0 { (next(1 << n) as Mask).max(1) } else { all }).collect();
            let cells: Vec<u16> = (0..k as u16).collect();
            let rest: Vec<u16> = (k as u16..n as u16).collect();
            let mut after = cand.clone();
            let mut changed = Vec::new();
            let ok = cage_in_house(
                &cells,
                &combos,
                &rest,
                all,
                &mut Changes { cand: &mut after, changed: &mut changed },
            );
            match house_fillings(n, &cand, k, &combos) {
                // Sound: whatever some filling keeps is kept.
                Some(keep) => {
                    assert!(ok, "{n} {k} {sum} {cand:?}");
                    for (c, (&a, &kp)) in after.iter().zip(&keep).enumerate() {
                        assert_eq!(a & kp, kp, "cell {c}: {n} {k} {sum} {cand:?} -> {after:?}");
                    }
                    pruned += (after != cand) as usize;
                }
                None => refused += !ok as usize,
            }
        }
        // It does prune, and it does find dead ends.
        assert!(pruned > 300 && refused > 300, "{pruned} {refused}");
    }

    /// Candidates as a board has them (runs of digits with a hole or
    /// two, a few digits alone), where the bounds suffice
    /// ([`gapless`]) and where they do not: the same supports as the
    /// sets of sums.
    #[test]
    fn sums_of_runs_keep_exactly_what_some_filling_keeps() {
        let mut rng = dlx::SplitMix64::new(0x7a11_u64);
        let mut next = move |below: u64| rng.below(below);
        let (mut by_bounds, mut walked) = (0, 0);
        for _ in 0..3000 {
            let n = [4, 6, 9, 9, 16][next(5) as usize];
            let k = 1 + next(12) as usize;
            let coefs: Vec<i64> = (0..k).map(|_| [1, 1, 1, -1, -1, 2][next(6) as usize]).collect();
            let cand: Vec<Mask> = (0..k)
                .map(|_| {
                    let a = next(n as u64) as u32;
                    let b = a + next(n as u64 - a as u64) as u32;
                    let mut m: Mask = ((1 << (b - a + 1)) - 1) << a;
                    for _ in 0..next(3) {
                        let hole = 1 << next(n as u64);
                        if m & !hole != 0 {
                            m &= !hole;
                        }
                    }
                    m
                })
                .collect();
            let filling: i64 = (0..k).map(|i| coefs[i] * (bits(cand[i]).last().unwrap() as i64 + 1)).sum();
            let target = filling - next(4 * k as u64) as i64 + 1;
            let l = Linear::new((0..k as u16).collect(), coefs, target, true);
            let (lo, hi): (Vec<i64>, Vec<i64>) = (0..k)
                .map(|i| {
                    let (a, b) = (l.coefs[i] * low(cand[i]), l.coefs[i] * high(cand[i]));
                    (a.min(b), a.max(b))
                })
                .unzip();
            if gapless(&l, &cand, &lo, &hi) {
                by_bounds += 1;
            } else {
                walked += 1;
            }
            let mut support = vec![0; k];
            let got = linear(&l, &cand, &mut support).then_some(support);
            assert_eq!(got, reference(&l, &cand), "{l:?} {cand:?}");
        }
        assert!(by_bounds > 500 && walked > 500, "{by_bounds} {walked}");
    }

    #[test]
    fn bounds_of_unit_sums_are_the_bounds_of_any_sum() {
        let mut rng = dlx::SplitMix64::new(0xb0b_u64);
        let mut next = move |below: u64| rng.below(below);
        let (mut narrowed, mut refused) = (0, 0);
        for _ in 0..3000 {
            let n = [4, 6, 9][next(3) as usize];
            let k = 1 + next(8) as usize;
            let positive = next(k as u64 + 1) as usize;
            let coefs: Vec<i64> = (0..k).map(|i| if i < positive { 1 } else { -1 }).collect();
            let cand: Vec<Mask> = (0..k).map(|_| (next(1 << n) as Mask).max(1)).collect();
            let filling: i64 = (0..k).map(|i| coefs[i] * (bits(cand[i]).next().unwrap() as i64 + 1)).sum();
            let target = filling + next(9) as i64 - 4;
            let unit = Linear::new((0..k as u16).collect(), coefs.clone(), target, false);
            assert_eq!(unit.unit, Some(positive));
            let general = Linear { unit: None, ..unit.clone() };
            let run = |l: &Linear| {
                let (mut cand, mut changed) = (cand.clone(), Vec::new());
                let ok = linear_bounds(n, l, &mut Changes { cand: &mut cand, changed: &mut changed });
                (ok, if ok { cand } else { Vec::new() })
            };
            let (a, b) = (run(&unit), run(&general));
            assert_eq!(a, b, "{unit:?} {cand:?}");
            narrowed += (a.0 && a.1 != cand) as usize;
            refused += !a.0 as usize;
        }
        assert!(narrowed > 300 && refused > 300, "{narrowed} {refused}");
    }

    #[test]
    fn sums_of_any_span_keep_exactly_what_some_filling_keeps() {
        let mut rng = dlx::SplitMix64::new(0x5eed_u64);
        let mut next = move |below: u64| rng.below(below);
        let (mut wide, mut words) = (0, [0; 3]);
        for case in 0..600 {
            let n = [4, 6, 9, 16][next(4) as usize];
            let k = 1 + next(if case % 2 == 0 { 6 } else { 24 }) as usize;
            let coefs: Vec<i64> =
                (0..k).map(|_| [1, 1, 1, -1, 2, 10, -10, 100, -100][next(9) as usize]).collect();
            let cand: Vec<Mask> = (0..k).map(|_| (next(1 << n) as Mask).max(1)).collect();
            // A target some filling reaches, or near one.
            let filling: i64 = (0..k).map(|i| coefs[i] * (bits(cand[i]).last().unwrap() as i64 + 1)).sum();
            let target = filling + next(5) as i64 - 2;
            let l = Linear::new((0..k as u16).collect(), coefs, target, true);
            let mut support = vec![0; k];
            let got = linear(&l, &cand, &mut support).then_some(support);
            assert_eq!(got, reference(&l, &cand), "{l:?} {cand:?}");
            let span: i64 = (0..k).map(|i| l.coefs[i].abs() * (n as i64 - 1)).sum();
            wide += (span >= 128) as usize;
            // The word each took: the span of the sums its candidates reach.
            let reach: i64 = (0..k).map(|i| l.coefs[i].abs() * (high(cand[i]) - low(cand[i]))).sum();
            words[(reach >= 64) as usize + (reach >= 128) as usize] += 1;
        }
        assert!(wide > 200, "{wide}");
        // Each of u64, u128 and several words, many times.
        assert!(words.iter().all(|&w| w > 30), "{words:?}");
    }
}
