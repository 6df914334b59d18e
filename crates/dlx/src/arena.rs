//! The dancing links themselves: one arena of nodes linked by `u32` indices,
//! laid out as in Knuth's DLX1 and DLX2, and the list operations of
//! TAOCP 7.2.2.1 (cover, uncover, hide, unhide, purify, unpurify).
//!
//! Layout. Item `i` (from 1) has header node `i`; item list slot 0 is the
//! root of the active primary items and slot `n + 1` the root of the active
//! secondary items. Node `n + 1` is the first spacer; after it come the nodes
//! of option 0, a spacer, the nodes of option 1, and so on. A spacer's `top`
//! is `<= 0`; its `up` is the first node of the option before it and its
//! `down` the last node of the option after it, so that a walk around an
//! option can wrap. A header's `top` is its item's current length, and its
//! `color` is the color it was purified with (0 when it is not).
//!
//! This is the only module with `unsafe`: every node and item access in the
//! hot loops goes through [`Arena::nd`] and friends, which skip the bounds
//! check. Every index stored in a link is written by [`Arena::new`] (which
//! only writes indices of nodes it has allocated) or copied from another
//! link, and the arena never shrinks, so every index read from a link is in
//! bounds; debug builds assert it on every access. Skipping the checks is
//! worth about 15% on the exact-cover benchmarks (measured with `just bench`).

use crate::problem::Problem;

#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Node {
    pub up: u32,
    pub down: u32,
    /// The item (from 1) for an option node, the length for a header, and
    /// `<= 0` for a spacer.
    pub top: i32,
    /// The color (0 none), or -1 once purified with the same color; for a
    /// header, the color it is purified with.
    pub color: i32,
}

#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Link {
    pub prev: u32,
    pub next: u32,
}

/// Nodes and item links.
#[derive(Clone, Debug)]
pub(crate) struct Arena {
    nodes: Vec<Node>,
    items: Vec<Link>,
    /// The number of items (headers are nodes 1..=n).
    pub n: u32,
}

impl Arena {
    /// Lays out `problem`, returning the arena and the first node of each
    /// option.
    pub fn new(problem: &Problem) -> (Arena, Vec<u32>) {
        let n = problem.item_count() as u32;
        let n1 = problem.primary_count() as u32;
        let mut nodes = Vec::with_capacity(n as usize + 2 + problem.entry_count() + problem.option_count());
        for i in 0..=n {
            nodes.push(Node { up: i, down: i, top: 0, color: 0 });
        }
        let mut spacer = nodes.len();
        nodes.push(Node { up: 0, down: 0, top: 0, color: 0 });
        let mut firsts = Vec::with_capacity(problem.option_count());
        for (k, option) in problem.options().enumerate() {
            let first = nodes.len() as u32;
            firsts.push(first);
            for e in option {
                let item = e.item + 1;
                let x = nodes.len() as u32;
                let last = nodes[item as usize].up;
                nodes.push(Node { up: last, down: item, top: item as i32, color: e.color as i32 });
                nodes[last as usize].down = x;
                nodes[item as usize].up = x;
                nodes[item as usize].top += 1;
            }
            nodes[spacer].down = nodes.len() as u32 - 1;
            spacer = nodes.len();
            nodes.push(Node { up: first, down: 0, top: -(k as i32 + 1), color: 0 });
        }
        let mut items = vec![Link::default(); n as usize + 2];
        // Primary items 1..=n1 in a ring through 0, secondary ones in a ring
        // through n + 1.
        let ring = |items: &mut [Link], root: u32, lo: u32, hi: u32| {
            let mut prev = root;
            for i in lo..=hi {
                items[prev as usize].next = i;
                items[i as usize].prev = prev;
                prev = i;
            }
            items[prev as usize].next = root;
            items[root as usize].prev = prev;
        };
        ring(&mut items, 0, 1, n1);
        ring(&mut items, n + 1, n1 + 1, n);
        (Arena { nodes, items, n }, firsts)
    }

    /// Makes this arena's links equal to `other`'s (an arena of the same
    /// problem): one copy of each array, no allocation.
    pub fn copy_from(&mut self, other: &Arena) {
        self.nodes.copy_from_slice(&other.nodes);
        self.items.copy_from_slice(&other.items);
    }

    /// The dancing view of the arena, counting updates from `updates`.
    pub fn links<const FAST: bool>(&mut self, updates: u64) -> Links<'_, FAST> {
        Links { nodes: &mut self.nodes, items: &mut self.items, updates }
    }

    pub fn nd(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    fn it(&self, i: u32) -> &Link {
        &self.items[i as usize]
    }

    /// Whether item `i` is in its list of active items. A removed item's
    /// `prev` never points back to it: only re-inserting the item itself
    /// writes its index into a `next` link.
    fn is_active(&self, i: u32) -> bool {
        self.it(self.it(i).prev).next == i
    }

    /// Whether node `x` is linked into its item's list (the same argument).
    fn is_linked(&self, x: u32) -> bool {
        self.nd(self.nd(x).up).down == x
    }

    /// The nodes of the option that holds `x`, other than `x`, in order.
    fn for_others(&self, x: u32, mut f: impl FnMut(&Self, u32)) {
        let mut q = x + 1;
        while q != x {
            if self.nd(q).top <= 0 {
                q = self.nd(q).up;
            } else {
                f(self, q);
                q += 1;
            }
        }
    }

    /// Whether the option whose first node is `first` can still be chosen:
    /// none of its nodes hidden, none of its items covered, and each
    /// colored item either unpurified or purified with the option's color.
    pub fn is_available(&self, first: u32) -> bool {
        let mut ok = true;
        let check = |a: &Self, q: u32| {
            let node = *a.nd(q);
            let item = node.top as u32;
            let purified = a.nd(item).color;
            a.is_linked(q) && a.is_active(item) && (purified == 0 || node.color < 0 || node.color == purified)
        };
        // `for_others` skips its starting node; check it on its own.
        ok &= check(self, first);
        self.for_others(first, |a, q| ok &= check(a, q));
        ok
    }
}

/// The arena's nodes and item links borrowed as slices for the search, with
/// the update counter in a field the optimizer keeps in a register; with
/// `FAST` nothing is counted (a fast search is not DLX1's tree anyway).
#[derive(Debug)]
pub(crate) struct Links<'a, const FAST: bool> {
    nodes: &'a mut [Node],
    items: &'a mut [Link],
    /// Removals from a list so far, as DLX1 counts its updates.
    pub updates: u64,
}

impl<const FAST: bool> Links<'_, FAST> {
    #[inline(always)]
    pub fn nd(&self, i: u32) -> &Node {
        debug_assert!((i as usize) < self.nodes.len());
        // SAFETY: see the module documentation: every link is in bounds.
        unsafe { self.nodes.get_unchecked(i as usize) }
    }

    #[inline(always)]
    fn nd_mut(&mut self, i: u32) -> &mut Node {
        debug_assert!((i as usize) < self.nodes.len());
        // SAFETY: as for `nd`.
        unsafe { self.nodes.get_unchecked_mut(i as usize) }
    }

    #[inline(always)]
    pub fn it(&self, i: u32) -> &Link {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: item indices come from `top` fields and item links, all
        // written by `new` within 0..=n + 1.
        unsafe { self.items.get_unchecked(i as usize) }
    }

    #[inline(always)]
    fn it_mut(&mut self, i: u32) -> &mut Link {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: as for `it`.
        unsafe { self.items.get_unchecked_mut(i as usize) }
    }

    /// The current number of options of item `i`.
    #[inline(always)]
    pub fn len(&self, i: u32) -> i32 {
        self.nd(i).top
    }

    /// The first active primary item, or 0 when all are covered.
    #[inline(always)]
    pub fn first_primary(&self) -> u32 {
        self.it(0).next
    }

    /// DLX1's choice: the leftmost active primary item with the fewest
    /// options, stopping at one with none. With `stop_at_one`, stops at the
    /// first with one as well (not DLX1's tree, but the same solutions).
    #[inline(always)]
    pub fn choose(&self, stop_at_one: bool) -> u32 {
        let mut best = 0;
        let mut best_len = i32::MAX;
        let mut k = self.it(0).next;
        while k != 0 {
            let len = self.len(k);
            if len < best_len {
                best = k;
                best_len = len;
                if len <= stop_at_one as i32 {
                    break;
                }
            }
            k = self.it(k).next;
        }
        best
    }

    /// Removes every other node of option `r` from its item's list.
    #[inline(always)]
    fn hide<const COLORS: bool>(&mut self, r: u32) {
        let mut q = r + 1;
        while q != r {
            let node = *self.nd(q);
            if node.top <= 0 {
                q = node.up;
                continue;
            }
            if !COLORS || node.color >= 0 {
                self.nd_mut(node.up).down = node.down;
                self.nd_mut(node.down).up = node.up;
                self.nd_mut(node.top as u32).top -= 1;
                if !FAST {
                    self.updates += 1;
                }
            }
            q += 1;
        }
    }

    /// Undoes [`Arena::hide`], walking the option backwards.
    #[inline(always)]
    fn unhide<const COLORS: bool>(&mut self, r: u32) {
        let mut q = r - 1;
        while q != r {
            let node = *self.nd(q);
            if node.top <= 0 {
                q = node.down;
                continue;
            }
            if !COLORS || node.color >= 0 {
                self.nd_mut(node.up).down = q;
                self.nd_mut(node.down).up = q;
                self.nd_mut(node.top as u32).top += 1;
            }
            q -= 1;
        }
    }

    /// Removes item `i` from the active items and hides all its options.
    #[inline(always)]
    pub fn cover<const COLORS: bool>(&mut self, i: u32) {
        let Link { prev, next } = *self.it(i);
        self.it_mut(prev).next = next;
        self.it_mut(next).prev = prev;
        if !FAST {
            self.updates += 1;
        }
        let mut r = self.nd(i).down;
        while r != i {
            self.hide::<COLORS>(r);
            r = self.nd(r).down;
        }
    }

    /// Undoes [`Arena::cover`].
    #[inline(always)]
    pub fn uncover<const COLORS: bool>(&mut self, i: u32) {
        let mut r = self.nd(i).up;
        while r != i {
            self.unhide::<COLORS>(r);
            r = self.nd(r).up;
        }
        let Link { prev, next } = *self.it(i);
        self.it_mut(prev).next = i;
        self.it_mut(next).prev = i;
    }

    /// Keeps, in the list of the item of node `p`, only the options that
    /// give it `p`'s color, marking them (color -1) so that later hides
    /// skip them.
    fn purify(&mut self, p: u32) {
        let Node { top, color, .. } = *self.nd(p);
        let item = top as u32;
        self.nd_mut(item).color = color;
        let mut r = self.nd(item).down;
        while r != item {
            if self.nd(r).color != color {
                self.hide::<true>(r);
            } else if r != p {
                self.nd_mut(r).color = -1;
            }
            r = self.nd(r).down;
        }
    }

    /// Undoes [`Arena::purify`].
    fn unpurify(&mut self, p: u32) {
        let Node { top, color, .. } = *self.nd(p);
        let item = top as u32;
        let mut r = self.nd(item).up;
        while r != item {
            if self.nd(r).color < 0 {
                self.nd_mut(r).color = color;
            } else if r != p {
                self.unhide::<true>(r);
            }
            r = self.nd(r).up;
        }
        self.nd_mut(item).color = 0;
    }

    /// Covers (or purifies) every item of the option holding `x` but the
    /// one `x` is in: the step that chooses that option.
    #[inline(always)]
    pub fn commit<const COLORS: bool>(&mut self, x: u32) {
        let mut q = x + 1;
        while q != x {
            let Node { top, color, up, .. } = *self.nd(q);
            if top <= 0 {
                q = up;
                continue;
            }
            if !COLORS || color == 0 {
                self.cover::<COLORS>(top as u32);
            } else if color > 0 {
                self.purify(q);
            }
            q += 1;
        }
    }

    /// Undoes [`Arena::commit`], in the reverse order.
    #[inline(always)]
    pub fn uncommit<const COLORS: bool>(&mut self, x: u32) {
        let mut q = x - 1;
        while q != x {
            let Node { top, color, down, .. } = *self.nd(q);
            if top <= 0 {
                q = down;
                continue;
            }
            if !COLORS || color == 0 {
                self.uncover::<COLORS>(top as u32);
            } else if color > 0 {
                self.unpurify(q);
            }
            q -= 1;
        }
    }
}
