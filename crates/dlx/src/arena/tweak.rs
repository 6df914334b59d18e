//! The dance steps Algorithm M adds to Algorithm X (TAOCP 7.2.2.1, Knuth's
//! DLX3), for primary items with bounds: a primary item is covered only
//! once its residual upper bound reaches 0; until then, an option chosen
//! for it is *tweaked* out of its list (and hidden from the other lists)
//! instead, and *untweaked* all at once when the level backs up; an item
//! whose remaining options are all declined is *deactivated* (the "null"
//! choice) without hiding anything.
//!
//! The residual bounds live with the search ([`crate::engine::multiplicity`]);
//! these steps take them as a slice indexed by item number (from 1, so
//! that slot 0 is unused), primary items being numbered `1..=n1`.

use super::{Index, Links, Pair};

impl<I: Index, const FAST: bool> Links<'_, I, FAST> {
    /// The current length of item `i`'s list.
    #[inline(always)]
    pub fn len(&self, i: u32) -> i32 {
        self.spare(i) + 1
    }

    /// Takes item `i` out of the list of active items without hiding its
    /// options (no update is counted, as in DLX3).
    #[inline(always)]
    pub fn deactivate(&mut self, i: u32) {
        let Pair { a: prev, b: next } = self.item(i);
        self.set_next(prev.get(), next.get());
        self.set_prev(next.get(), prev.get());
    }

    /// Undoes [`Links::deactivate`] (or the unlinking part of a cover).
    #[inline(always)]
    pub fn reactivate(&mut self, i: u32) {
        let Pair { a: prev, b: next } = self.item(i);
        self.set_next(prev.get(), i);
        self.set_prev(next.get(), i);
    }

    /// Moves item `i` from its ring of active items to the front of the
    /// ring whose root is `root` (laying out a search).
    pub fn set_aside(&mut self, i: u32, root: u32) {
        self.deactivate(i);
        let first = self.item(root).b.get();
        self.set_prev(i, root);
        self.set_next(i, first);
        self.set_next(root, i);
        self.set_prev(first, i);
    }

    /// Tweaks node `x`, the topmost of its item `i`'s list: takes it out of
    /// that list and, with `block`, hides the rest of its option too (when
    /// `i` is not covered already, which has hidden it).
    #[inline(always)]
    pub fn tweak<const COLORS: bool>(&mut self, x: u32, i: u32, block: bool) {
        debug_assert_eq!(self.down(i), x);
        if block {
            self.hide::<COLORS>(x);
        }
        self.remove(x, i);
    }

    /// Undoes the tweaks of item `i`'s list since its top was `first`: the
    /// tweaked nodes, still linked to each other downwards, go back on top
    /// of the list, their options unhidden with `unblock` (in the order they
    /// were tweaked, which Knuth shows is as good as the reverse). Without
    /// `unblock`, `i` was covered when the level began; its options are
    /// then unhidden as an uncover does, but `i` stays out of the active
    /// list (see [`Links::reactivate`]).
    pub fn untweak<const COLORS: bool>(&mut self, i: u32, first: u32, unblock: bool) {
        let stop = self.down(i);
        self.set_down(i, first);
        let (mut above, mut x) = (i, first);
        let mut k = 0;
        while x != stop {
            self.set_up(x, above);
            k += 1;
            if unblock {
                self.unhide::<COLORS>(x);
            }
            above = x;
            x = self.down(x);
        }
        self.set_up(stop, above);
        self.spare[i as usize] += k;
        if !unblock {
            self.uncover_options::<COLORS>(i);
        }
    }

    /// The unhiding half of [`Links::uncover`]: item `i` stays out of the
    /// active list.
    fn uncover_options<const COLORS: bool>(&mut self, i: u32) {
        let wrapping = !COLORS && self.wraps(i);
        let mut r = self.up(i);
        while r != i {
            if wrapping {
                self.unhide_wrapping(r);
            } else {
                self.unhide::<COLORS>(r);
            }
            r = self.up(r);
        }
    }

    /// Uses one of the bound of the item of node `q`, for an option holding
    /// `q` that is being chosen: a primary item is covered when its bound
    /// runs out; a secondary one is covered, or purified with `q`'s color.
    #[inline(always)]
    fn use_item<const COLORS: bool>(&mut self, q: u32, bound: &mut [u32], n1: u32) {
        let t = self.top(q);
        if t <= n1 {
            let b = &mut bound[t as usize];
            *b -= 1;
            if *b == 0 {
                self.cover::<COLORS>(t);
            }
        } else if !COLORS || self.color(q) == 0 {
            self.cover::<COLORS>(t);
        } else if self.color(q) > 0 {
            self.purify(q);
        }
    }

    /// Undoes [`Links::use_item`].
    #[inline(always)]
    fn unuse_item<const COLORS: bool>(&mut self, q: u32, bound: &mut [u32], n1: u32) {
        let t = self.top(q);
        if t <= n1 {
            let b = &mut bound[t as usize];
            if *b == 0 {
                self.uncover::<COLORS>(t);
            }
            *b += 1;
        } else if !COLORS || self.color(q) == 0 {
            self.uncover::<COLORS>(t);
        } else if self.color(q) > 0 {
            self.unpurify(q);
        }
    }

    /// Uses the bounds of every item of the option holding `x` but `x`'s
    /// own (whose level has done that): DLX3's "cover or partially cover".
    #[inline(always)]
    pub fn commit_bounded<const COLORS: bool>(&mut self, x: u32, bound: &mut [u32], n1: u32) {
        let mut q = x + 1;
        while q != x {
            if self.top(q) == 0 {
                q = self.up(q);
                continue;
            }
            self.use_item::<COLORS>(q, bound, n1);
            q += 1;
        }
    }

    /// Undoes [`Links::commit_bounded`], in the reverse order.
    #[inline(always)]
    pub fn uncommit_bounded<const COLORS: bool>(&mut self, x: u32, bound: &mut [u32], n1: u32) {
        let mut q = x - 1;
        while q != x {
            if self.top(q) == 0 {
                q = self.down(q);
                continue;
            }
            self.unuse_item::<COLORS>(q, bound, n1);
            q -= 1;
        }
    }

    /// Chooses the option holding node `x` outside any level (a forced
    /// option): takes each of its nodes out of its list, so that it cannot
    /// be chosen again, then uses the bounds of all its items.
    pub fn choose_bounded<const COLORS: bool>(&mut self, x: u32, bound: &mut [u32], n1: u32) {
        let t = self.top(x);
        self.hide::<COLORS>(x);
        self.remove(x, t);
        self.use_item::<COLORS>(x, bound, n1);
        self.commit_bounded::<COLORS>(x, bound, n1);
    }

    /// Undoes [`Links::choose_bounded`].
    pub fn unchoose_bounded<const COLORS: bool>(&mut self, x: u32, bound: &mut [u32], n1: u32) {
        let t = self.top(x);
        self.uncommit_bounded::<COLORS>(x, bound, n1);
        self.unuse_item::<COLORS>(x, bound, n1);
        self.restore(x, t);
        self.unhide::<COLORS>(x);
    }
}

#[cfg(test)]
mod tests {
    use crate::arena::Arena;
    use crate::problem::ProblemBuilder;

    /// The links of every list, top to bottom, each with its length.
    fn lists(arena: &mut Arena<u16>, items: u32) -> Vec<(Vec<u32>, i32)> {
        let a = arena.links::<false>(0);
        (1..=items)
            .map(|i| {
                let mut list = Vec::new();
                let mut x = a.down(i);
                while x != i {
                    list.push(x);
                    x = a.down(x);
                }
                (list, a.len(i))
            })
            .collect()
    }

    /// Tweaking the top of A's list twice takes those options out of it:
    /// from every list when blocking, and from A's alone after a cover of
    /// A (whose bound ran out). Untweaking gives back the very lists, and
    /// the steps count DLX3's updates.
    #[test]
    fn untweak_restores_what_tweaks_took() {
        let mut b = ProblemBuilder::new(["A", "B"], ["x"]).unwrap();
        for option in ["A B", "A x", "A B x", "B"] {
            b.add_option_names(option.split(' ')).unwrap();
        }
        let (mut arena, first) = Arena::<u16>::new(&b.build().unwrap());
        let before = lists(&mut arena, 3);
        for block in [true, false] {
            let mut a = arena.links::<false>(0);
            if !block {
                a.cover::<false>(1);
            }
            let top = a.down(1);
            assert_eq!(top, first[0]);
            a.tweak::<false>(top, 1, block);
            let second = a.down(1);
            assert_eq!(second, first[1]);
            a.tweak::<false>(second, 1, block);
            // Options 0 and 1 have 2 nodes each; the cover hides the 4
            // other nodes of A's options and takes A out.
            assert_eq!(a.updates, if block { 4 } else { 5 + 2 });
            let during = lists(&mut arena, 3);
            assert_eq!(during[0], (vec![first[2]], 1), "A keeps only its last option");
            let b_list = if block { vec![first[2] + 1, first[3]] } else { vec![first[3]] };
            assert_eq!(during[1].0, b_list, "block = {block}");
            let mut a = arena.links::<false>(0);
            a.untweak::<false>(1, top, block);
            if !block {
                a.reactivate(1);
            }
            assert_eq!(lists(&mut arena, 3), before, "block = {block}");
        }
    }
}
