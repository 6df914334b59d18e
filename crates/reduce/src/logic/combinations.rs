//! Choices of `k` sets among many whose union has exactly `k` members:
//! the shape naked and hidden subsets (`k` cells with `k` candidates
//! between them, `k` symbols with `k` places) and basic fish (`k` lines
//! whose places of a symbol lie in `k` cross lines) have in common, for
//! both families to search.

use super::board::Mask;

/// Whether `m` has at most `k` members (without counting them all; see
/// [`super::board::pair`]).
#[inline]
pub(crate) fn at_most(mut m: Mask, k: usize) -> bool {
    for _ in 0..k {
        m &= m.wrapping_sub(1);
    }
    m == 0
}

/// Whether `m` has from 2 to `k` members.
#[inline]
pub(crate) fn two_to(m: Mask, k: usize) -> bool {
    m & m.wrapping_sub(1) != 0 && at_most(m, k)
}

/// Calls `visit` with each choice of `k` items (indices, increasing) whose
/// union has exactly `k` members, until it returns true. Choices whose
/// union grows past `k` are cut early.
pub(crate) fn combinations(items: &[Mask], k: usize, visit: &mut impl FnMut(&[usize], Mask) -> bool) -> bool {
    /// Nested loops, one per item chosen (the loops past `K` are cut at
    /// compile time), so that the unions stay in registers. The four
    /// loops index alike, the innermost too.
    #[allow(clippy::needless_range_loop)]
    fn walk<const K: usize>(items: &[Mask], visit: &mut impl FnMut(&[usize], Mask) -> bool) -> bool {
        let len = items.len();
        // At most K members (checked on the way), so exactly K when more
        // than K - 1.
        let exact = |u: Mask| !at_most(u, K - 1);
        for a in 0..len {
            if len - a < K {
                break;
            }
            let ua = items[a];
            if !at_most(ua, K) {
                continue;
            }
            if K == 1 {
                if exact(ua) && visit(&[a], ua) {
                    return true;
                }
                continue;
            }
            for b in a + 1..len {
                if len - b + 1 < K {
                    break;
                }
                let ub = ua | items[b];
                if !at_most(ub, K) {
                    continue;
                }
                if K == 2 {
                    if exact(ub) && visit(&[a, b], ub) {
                        return true;
                    }
                    continue;
                }
                for c in b + 1..len {
                    if len - c + 2 < K {
                        break;
                    }
                    let uc = ub | items[c];
                    if !at_most(uc, K) {
                        continue;
                    }
                    if K == 3 {
                        if exact(uc) && visit(&[a, b, c], uc) {
                            return true;
                        }
                        continue;
                    }
                    for d in c + 1..len {
                        let ud = uc | items[d];
                        if at_most(ud, K) && exact(ud) && visit(&[a, b, c, d], ud) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
    debug_assert!((1..=4).contains(&k));
    items.len() >= k
        && match k {
            1 => walk::<1>(items, visit),
            2 => walk::<2>(items, visit),
            3 => walk::<3>(items, visit),
            _ => walk::<4>(items, visit),
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board::bit;

    /// Every choice of `k` of `items` in increasing order whose union has
    /// `k` members, by brute force.
    fn every(items: &[Mask], k: usize) -> Vec<(Vec<usize>, Mask)> {
        let len = items.len();
        let mut out = Vec::new();
        for set in 0u32..1 << len {
            if set.count_ones() as usize == k {
                let chosen: Vec<usize> = (0..len).filter(|&i| set >> i & 1 != 0).collect();
                let union = chosen.iter().fold(0, |u, &i| u | items[i]);
                if union.count_ones() as usize == k {
                    out.push((chosen, union));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn combinations_visit_every_choice_in_order() {
        // A fixed pseudo-random sequence of small masks over 9 symbols.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut found = 0;
        for round in 0..400 {
            let len = round % 12;
            let items: Vec<Mask> = (0..len)
                .map(|_| {
                    let m = next() & 0x1ff;
                    // Mostly two to four members, as the searches pass.
                    m & next() | bit((next() % 9) as usize)
                })
                .collect();
            for k in 1..=4 {
                let want = every(&items, k);
                let mut got = Vec::new();
                combinations(&items, k, &mut |chosen, union| {
                    got.push((chosen.to_vec(), union));
                    false
                });
                assert_eq!(got, want, "{items:?} k={k}");
                // Stopping at the j-th choice stops there.
                for j in 0..want.len() {
                    let mut seen = 0;
                    let stopped = combinations(&items, k, &mut |_, _| {
                        seen += 1;
                        seen == j + 1
                    });
                    assert!(stopped && seen == j + 1);
                }
                assert!(!combinations(&items, k, &mut |_, _| false));
                found += want.len();
            }
        }
        assert!(found > 500, "{found}");
    }
}
