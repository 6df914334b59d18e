//! The dance steps of a search for the cheapest solutions (Knuth's DLX5):
//! covering and purifying *below a threshold*. Every item's list is sorted
//! by the cost of its options, and an option whose cost reaches the
//! threshold can never be part of a solution cheap enough to matter below
//! the level that covers, so it is left where it is; the walk stops at the
//! first such option. Uncovering walks the list in the same order and stops
//! at the same place (Knuth shows that restoring in the order of removal
//! is as good as the reverse), so each level keeps the threshold it used.
//!
//! The costs come as a [`CostView`]: each node's option's cost, and each
//! item header `u64::MAX`, so that a walk stops at the end of a list by the
//! same test. The steps read it unchecked, which is sound because a view is
//! made only by [`Links::cost_view`], which checks that it has an entry for
//! every node of the links it is made for; every index a step reads it at is
//! a node read from those links (see the module documentation of `arena`);
//! and a search makes its view from the links it then steps on (debug
//! builds check the lengths again at each step). The order of the lists
//! (laid out by `crate::layout::lay_out_sorted`) matters for the answer,
//! not for memory safety: a list out of order would only hide the wrong
//! options.

use super::{Index, Links};

/// The cost of each node's option (`u64::MAX` for headers and spacers),
/// checked to cover every node of the links it was made for (see the
/// module documentation): what the steps below a threshold read. As cheap
/// to pass as the slice it wraps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CostView<'c>(&'c [u64]);

impl<I: Index, const FAST: bool> Links<'_, I, FAST> {
    /// `cost`, the cost of each node's option (`u64::MAX` for headers and
    /// spacers), as a view the steps below a threshold take. Panics unless
    /// it has exactly one entry per node of these links.
    pub fn cost_view<'c>(&self, cost: &'c [u64]) -> CostView<'c> {
        assert_eq!(cost.len(), self.links.len(), "one cost per node");
        CostView(cost)
    }

    /// The cost of node `x`'s option (`u64::MAX` for a header).
    #[inline(always)]
    fn cost_of(&self, cost: CostView<'_>, x: u32) -> u64 {
        debug_assert_eq!(cost.0.len(), self.links.len());
        debug_assert!((x as usize) < cost.0.len());
        // SAFETY: `cost` has an entry for every node of these links (checked
        // when the view was made, see the module documentation), and `x` is
        // a node read from them, in bounds as every index in the links is.
        unsafe { *cost.0.get_unchecked(x as usize) }
    }

    /// Removes item `i` from the active items and hides those of its
    /// options that cost less than `thresh`.
    #[inline(always)]
    pub fn cover_below<const COLORS: bool>(&mut self, i: u32, thresh: u64, cost: CostView<'_>) {
        self.deactivate(i);
        if !FAST {
            self.updates += 1;
        }
        let mut r = self.down(i);
        while self.cost_of(cost, r) < thresh {
            self.hide::<COLORS>(r);
            r = self.down(r);
        }
    }

    /// Undoes [`Links::cover_below`] with the same threshold.
    #[inline(always)]
    pub fn uncover_below<const COLORS: bool>(&mut self, i: u32, thresh: u64, cost: CostView<'_>) {
        let mut r = self.down(i);
        while self.cost_of(cost, r) < thresh {
            self.unhide::<COLORS>(r);
            r = self.down(r);
        }
        self.reactivate(i);
    }

    /// Keeps, among the options of the item of node `p` that cost less
    /// than `thresh`, only those that give it `p`'s color.
    fn purify_below(&mut self, p: u32, thresh: u64, cost: CostView<'_>) {
        let (item, color) = (self.top(p), self.color(p));
        self.set_color(item, color);
        let mut r = self.down(item);
        while self.cost_of(cost, r) < thresh {
            if self.color(r) != color {
                self.hide::<true>(r);
            } else if r != p {
                self.set_color(r, -1);
            }
            r = self.down(r);
        }
    }

    /// Undoes [`Links::purify_below`] with the same threshold.
    fn unpurify_below(&mut self, p: u32, thresh: u64, cost: CostView<'_>) {
        let (item, color) = (self.top(p), self.color(p));
        let mut r = self.down(item);
        while self.cost_of(cost, r) < thresh {
            if self.color(r) < 0 {
                self.set_color(r, color);
            } else if r != p {
                self.unhide::<true>(r);
            }
            r = self.down(r);
        }
        self.set_color(item, 0);
    }

    /// Covers (or purifies) below `thresh` every item of the option holding
    /// `x` but `x`'s own.
    #[inline(always)]
    pub fn commit_below<const COLORS: bool>(&mut self, x: u32, thresh: u64, cost: CostView<'_>) {
        let mut q = x + 1;
        while q != x {
            let t = self.top(q);
            if t == 0 {
                q = self.up(q);
                continue;
            }
            if !COLORS || self.color(q) == 0 {
                self.cover_below::<COLORS>(t, thresh, cost);
            } else if self.color(q) > 0 {
                self.purify_below(q, thresh, cost);
            }
            q += 1;
        }
    }

    /// Undoes [`Links::commit_below`], in the reverse order of items.
    #[inline(always)]
    pub fn uncommit_below<const COLORS: bool>(&mut self, x: u32, thresh: u64, cost: CostView<'_>) {
        let mut q = x - 1;
        while q != x {
            let t = self.top(q);
            if t == 0 {
                q = self.down(q);
                continue;
            }
            if !COLORS || self.color(q) == 0 {
                self.uncover_below::<COLORS>(t, thresh, cost);
            } else if self.color(q) > 0 {
                self.unpurify_below(q, thresh, cost);
            }
            q -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::arena::Arena;
    use crate::problem::ProblemBuilder;

    fn lists(arena: &mut Arena<u16>, items: u32) -> Vec<Vec<u32>> {
        let a = arena.links::<false>(0);
        (1..=items)
            .map(|i| {
                let mut list = Vec::new();
                let mut x = a.down(i);
                while x != i {
                    list.push(x);
                    x = a.down(x);
                }
                list
            })
            .collect()
    }

    /// Covering below a threshold hides only the options that cost less
    /// (a prefix of the sorted list); uncovering with the same threshold,
    /// walking in the same order, gives back the very lists.
    #[test]
    fn cover_below_hides_the_cheap_options_and_uncover_restores_them() {
        let mut b = ProblemBuilder::new(["A", "B", "C"], [""; 0]).unwrap();
        // Laid out in increasing order of cost: 0, 1, 2, 3.
        for option in ["A B", "A C", "A B C", "B C"] {
            b.add_option_names(option.split(' ')).unwrap();
        }
        let (mut arena, first) = Arena::<u16>::new(&b.build().unwrap());
        let mut cost = vec![u64::MAX; first[3] as usize + 3];
        for (k, &f) in first.iter().enumerate() {
            let len = [2, 2, 3, 2][k];
            cost[f as usize..f as usize + len].fill(k as u64);
        }
        let before = lists(&mut arena, 3);
        for thresh in 0..5 {
            let mut a = arena.links::<false>(0);
            a.cover_below::<false>(1, thresh, a.cost_view(&cost));
            // One update for A, one per other node hidden.
            let hidden: u64 = [1, 1, 2].iter().take(thresh as usize).sum();
            assert_eq!(a.updates, 1 + hidden, "threshold {thresh}");
            let during = lists(&mut arena, 3);
            let b_kept: Vec<u32> =
                before[1].iter().copied().filter(|&x| !(x < first[3] && cost[x as usize] < thresh)).collect();
            assert_eq!(during[1], b_kept, "threshold {thresh}");
            let mut a = arena.links::<false>(0);
            a.uncover_below::<false>(1, thresh, a.cost_view(&cost));
            assert_eq!(lists(&mut arena, 3), before, "threshold {thresh}");
        }
    }
}
