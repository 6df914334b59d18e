//! The dancing links themselves: one arena of nodes linked by indices, laid
//! out as in Knuth's DLX1 and DLX2, and the list operations of TAOCP 7.2.2.1
//! (cover, uncover, hide, unhide, purify, unpurify).
//!
//! Layout. Item `i` (from 1) has header node `i`; item list slot 0 is the
//! root of the active primary items and slot `n + 1` the root of the active
//! secondary items. Node `n + 1` is the first spacer; after it come the nodes
//! of option 0, a spacer, the nodes of option 1, and so on. A spacer's `top`
//! is 0; its `up` is the first node of the option before it and its `down`
//! the last node of the option after it, so that a walk around an option can
//! wrap.
//!
//! The arrays are split by how the search uses them: the `up`/`down` links
//! (written by every update) in one array, the read-only `top` of each node
//! in another, the item list lengths (less one) in a third, small enough to
//! stay in L1, the colors apart (only Algorithm C reads them), and the
//! bounds of each node's option apart (only covers of items whose place in
//! their options varies read them). Indices are `u16` when the problem has fewer than 65,536
//! nodes, `u32` otherwise: a small problem's links then take 4 bytes a node,
//! and most of the search runs in L1.
//!
//! This is the only module with `unsafe`: every access in the hot loops goes
//! through `get_unchecked`. Every index stored in a link, a `top` or a span is
//! written by [`Arena::new`], which only writes indices of nodes and items it
//! has allocated, or copied from another link, and the arrays never shrink,
//! so every index read from them is in bounds; debug builds assert it on
//! every access. The one slice read unchecked that the arena does not own,
//! the costs that the steps below a threshold walk by (`cutoff`), is checked
//! against the links when its view is made, with the rest of its argument
//! there. Skipping the checks pays: see the figures in the README.

use std::fmt::Debug;

use crate::problem::Problem;

mod cutoff;
mod tweak;

/// A node or item index: `u16` for small problems, `u32` for the rest.
pub(crate) trait Index: Copy + Eq + Debug + Default + Send + Sync + 'static {
    /// The largest number of nodes (or items + 2) this index can address.
    const LIMIT: usize;
    fn new(x: u32) -> Self;
    fn get(self) -> u32;
}

impl Index for u16 {
    const LIMIT: usize = u16::MAX as usize;
    #[inline(always)]
    fn new(x: u32) -> Self {
        debug_assert!(x <= u16::MAX as u32);
        x as u16
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self as u32
    }
}

impl Index for u32 {
    const LIMIT: usize = u32::MAX as usize;
    #[inline(always)]
    fn new(x: u32) -> Self {
        x
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
}

/// A pair of links: up and down in an item's list, or prev and next in a
/// list of items.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Pair<I> {
    a: I,
    b: I,
}

/// Nodes and item links.
#[derive(Clone, Debug)]
pub(crate) struct Arena<I: Index> {
    /// `up` and `down` of every node.
    links: Vec<Pair<I>>,
    /// The item (from 1) of an option node; 0 for a spacer or a header.
    top: Vec<I>,
    /// The first node of the option of each option node and the spacer
    /// after it (zeros for a spacer or a header), so that a hide can wrap
    /// around an option without looking for its spacer.
    span: Vec<Pair<I>>,
    /// The color of each node (0 none, -1 once purified with the same
    /// color), and for a header the color it is purified with; empty when
    /// the problem has no colors.
    color: Vec<i32>,
    /// The current length of each item's list less one (-1 when empty):
    /// stored so, the decrement that empties a list is the one that
    /// borrows, and a fast search counts emptied lists with the borrow.
    spare: Vec<i32>,
    /// Whether a cover of each item hides its options by wrapping around
    /// them from their spacer (see [`Links::hide_wrapping`]).
    wrap: Vec<bool>,
    /// `prev` and `next` in the lists of active items.
    items: Vec<Pair<I>>,
}

/// Whether item `i` sits at the same place in each of its options: as many
/// nodes before it. A walk from a node of its list to the spacer and around
/// back to it then takes the same branch at the wrap for every option,
/// which the branch predictor learns (see [`Links::hide_wrapping`]).
fn steady(i: u32, down: &[u32], span: &[(u32, u32)]) -> bool {
    let mut place = None;
    let mut x = down[i as usize];
    while x != i {
        let here = x - span[x as usize].0;
        if *place.get_or_insert(here) != here {
            return false;
        }
        x = down[x as usize];
    }
    true
}

/// Where the spare count of a secondary item starts, so that it never
/// borrows: only a primary item with an empty list is a dead end, and
/// [`Links::empty`] then counts them without asking which kind an item is.
const SECONDARY_SPARE: i32 = 1 << 30;

/// Whether a problem fits an arena with index `I`.
pub(crate) fn fits<I: Index>(problem: &Problem) -> bool {
    node_count(problem) <= I::LIMIT && problem.item_count() + 2 <= I::LIMIT
}

fn node_count(problem: &Problem) -> usize {
    problem.item_count() + 2 + problem.entry_count() + problem.option_count()
}

impl<I: Index> Arena<I> {
    /// Lays out `problem` (which must [fit](fits)), returning the arena and
    /// the first node of each option.
    pub fn new(problem: &Problem) -> (Arena<I>, Vec<u32>) {
        debug_assert!(fits::<I>(problem));
        let n = problem.item_count() as u32;
        let n1 = problem.primary_count() as u32;
        let total = node_count(problem);
        let mut up = Vec::with_capacity(total);
        let mut down = Vec::with_capacity(total);
        let mut top = Vec::with_capacity(total);
        let mut span = vec![(0u32, 0u32); total];
        let mut color = Vec::with_capacity(if problem.has_colors() { total } else { 0 });
        let mut spare = vec![-1i32; n as usize + 2];
        for s in &mut spare[n1 as usize + 1..=n as usize] {
            *s += SECONDARY_SPARE;
        }
        for i in 0..=n {
            up.push(i);
            down.push(i);
            top.push(0);
        }
        let mut spacer = up.len();
        up.push(0);
        down.push(0);
        top.push(0);
        let mut firsts = Vec::with_capacity(problem.option_count());
        for option in problem.options() {
            let first = up.len() as u32;
            firsts.push(first);
            for e in option {
                let item = e.item + 1;
                let x = up.len() as u32;
                let last = up[item as usize];
                up.push(last);
                down.push(item);
                top.push(item);
                span[x as usize].0 = first;
                down[last as usize] = x;
                up[item as usize] = x;
                spare[item as usize] += 1;
            }
            down[spacer] = up.len() as u32 - 1;
            spacer = up.len();
            for s in &mut span[first as usize..spacer] {
                s.1 = spacer as u32;
            }
            up.push(first);
            down.push(0);
            top.push(0);
        }
        if problem.has_colors() {
            color.resize(n as usize + 2, 0);
            for option in problem.options() {
                color.extend(option.iter().map(|e| e.color as i32));
                color.push(0);
            }
        }
        let mut items = vec![(0u32, 0u32); n as usize + 2];
        // Primary items 1..=n1 in a ring through 0, secondary ones in a ring
        // through n + 1.
        let ring = |items: &mut [(u32, u32)], root: u32, lo: u32, hi: u32| {
            let mut prev = root;
            for i in lo..=hi {
                items[prev as usize].1 = i;
                items[i as usize].0 = prev;
                prev = i;
            }
            items[prev as usize].1 = root;
            items[root as usize].0 = prev;
        };
        ring(&mut items, 0, 1, n1);
        ring(&mut items, n + 1, n1 + 1, n);
        // Slots 0 and n + 1 are the roots of the item lists, not items (node
        // n + 1 is the first spacer).
        let wrap = (0..n + 2).map(|i| (1..=n).contains(&i) && !steady(i, &down, &span)).collect();
        let pair = |(a, b): (u32, u32)| Pair { a: I::new(a), b: I::new(b) };
        let arena = Arena {
            links: up.into_iter().zip(down).map(pair).collect(),
            top: top.into_iter().map(I::new).collect(),
            span: span.into_iter().map(pair).collect(),
            color,
            wrap,
            spare,
            items: items.into_iter().map(pair).collect(),
        };
        (arena, firsts)
    }

    /// Makes this arena's links equal to `other`'s (an arena of the same
    /// problem): one copy of each changing array, no allocation.
    pub fn copy_from(&mut self, other: &Arena<I>) {
        self.links.copy_from_slice(&other.links);
        self.color.copy_from_slice(&other.color);
        self.spare.copy_from_slice(&other.spare);
        self.items.copy_from_slice(&other.items);
    }

    /// The dancing view of the arena, counting updates from `updates`.
    pub fn links<const FAST: bool>(&mut self, updates: u64) -> Links<'_, I, FAST> {
        Links {
            links: &mut self.links,
            top: &self.top,
            span: &self.span,
            color: &mut self.color,
            spare: &mut self.spare,
            wrap: &self.wrap,
            items: &mut self.items,
            empty: 0,
            updates,
        }
    }

    /// The item of node `x` (0 for a spacer or a header).
    pub fn top(&self, x: u32) -> u32 {
        self.top[x as usize].get()
    }

    /// The node below `x` in its item's list.
    pub fn down(&self, x: u32) -> u32 {
        self.links[x as usize].b.get()
    }

    fn up(&self, x: u32) -> u32 {
        self.links[x as usize].a.get()
    }

    /// Whether item `i` is in its list of active items. A removed item's
    /// `prev` never points back to it: only re-inserting the item itself
    /// writes its index into a `next` link.
    fn is_active(&self, i: u32) -> bool {
        let prev = self.items[i as usize].a.get();
        self.items[prev as usize].b.get() == i
    }

    /// Whether node `x` is linked into its item's list (the same argument).
    fn is_linked(&self, x: u32) -> bool {
        self.down(self.up(x)) == x
    }

    /// Whether the option whose first node is `first` can still be chosen:
    /// none of its nodes hidden, none of its items covered, and each
    /// colored item either unpurified or purified with the option's color.
    pub fn is_available(&self, first: u32) -> bool {
        let mut q = first;
        loop {
            let item = self.top(q);
            if item == 0 {
                return true;
            }
            let (purified, color) = match self.color.is_empty() {
                true => (0, 0),
                false => (self.color[item as usize], self.color[q as usize]),
            };
            let ok = self.is_linked(q)
                && self.is_active(item)
                && (purified == 0 || color < 0 || color == purified);
            if !ok {
                return false;
            }
            q += 1;
        }
    }
}

/// The arena's arrays borrowed as slices for the search, with the update
/// counter in a field the optimizer keeps in a register; with `FAST` nothing
/// is counted (a fast search is not DLX1's tree anyway).
#[derive(Debug)]
pub(crate) struct Links<'a, I: Index, const FAST: bool> {
    links: &'a mut [Pair<I>],
    top: &'a [I],
    span: &'a [Pair<I>],
    color: &'a mut [i32],
    spare: &'a mut [i32],
    wrap: &'a [bool],
    items: &'a mut [Pair<I>],
    /// With `FAST`, the primary items whose lists hides have emptied, less
    /// those covered while empty, since the search last set it: each
    /// list only shrinks until the search backs up, so from a point where
    /// no active primary item's list is empty, this is how many now are.
    pub empty: i32,
    /// Removals from a list so far, as DLX1 counts its updates.
    pub updates: u64,
}

impl<I: Index, const FAST: bool> Links<'_, I, FAST> {
    #[inline(always)]
    fn link(&self, x: u32) -> Pair<I> {
        debug_assert!((x as usize) < self.links.len());
        // SAFETY: see the module documentation: every link is in bounds.
        unsafe { *self.links.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn set_up(&mut self, x: u32, v: u32) {
        debug_assert!((x as usize) < self.links.len());
        // SAFETY: as for `link`.
        unsafe { self.links.get_unchecked_mut(x as usize).a = I::new(v) }
    }

    #[inline(always)]
    fn set_down(&mut self, x: u32, v: u32) {
        debug_assert!((x as usize) < self.links.len());
        // SAFETY: as for `link`.
        unsafe { self.links.get_unchecked_mut(x as usize).b = I::new(v) }
    }

    /// The node below `x`.
    #[inline(always)]
    pub fn down(&self, x: u32) -> u32 {
        self.link(x).b.get()
    }

    #[inline(always)]
    fn up(&self, x: u32) -> u32 {
        self.link(x).a.get()
    }

    /// The item of node `x`, 0 for a spacer.
    #[inline(always)]
    pub fn top(&self, x: u32) -> u32 {
        debug_assert!((x as usize) < self.top.len());
        // SAFETY: as for `link`: `top` has one entry per node.
        unsafe { self.top.get_unchecked(x as usize).get() }
    }

    #[inline(always)]
    fn color(&self, x: u32) -> i32 {
        debug_assert!((x as usize) < self.color.len());
        // SAFETY: called only when the problem has colors, and then `color`
        // has one entry per node.
        unsafe { *self.color.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn set_color(&mut self, x: u32, c: i32) {
        debug_assert!((x as usize) < self.color.len());
        // SAFETY: as for `color`.
        unsafe { *self.color.get_unchecked_mut(x as usize) = c }
    }

    /// The current number of options of item `i`, less one.
    #[inline(always)]
    pub fn spare(&self, i: u32) -> i32 {
        debug_assert!((i as usize) < self.spare.len());
        // SAFETY: item indices come from `top` and item links, all written
        // by `new` within 0..=n + 1.
        unsafe { *self.spare.get_unchecked(i as usize) }
    }

    /// Counts one option fewer for item `i`; with `FAST`, counts the item
    /// in [`Links::empty`] if that empties its list.
    #[inline(always)]
    fn shrink(&mut self, i: u32) {
        debug_assert!((i as usize) < self.spare.len());
        // SAFETY: as for `spare`.
        let spare = unsafe { self.spare.get_unchecked_mut(i as usize) };
        let (less, emptied) = (*spare as u32).overflowing_sub(1);
        *spare = less as i32;
        if FAST {
            self.empty += emptied as i32;
        }
    }

    /// Counts one option more for item `i`.
    #[inline(always)]
    fn grow(&mut self, i: u32) {
        debug_assert!((i as usize) < self.spare.len());
        // SAFETY: as for `spare`.
        unsafe { *self.spare.get_unchecked_mut(i as usize) += 1 }
    }

    #[inline(always)]
    fn item(&self, i: u32) -> Pair<I> {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: as for `spare`.
        unsafe { *self.items.get_unchecked(i as usize) }
    }

    #[inline(always)]
    fn set_prev(&mut self, i: u32, v: u32) {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: as for `spare`.
        unsafe { self.items.get_unchecked_mut(i as usize).a = I::new(v) }
    }

    #[inline(always)]
    fn set_next(&mut self, i: u32, v: u32) {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: as for `spare`.
        unsafe { self.items.get_unchecked_mut(i as usize).b = I::new(v) }
    }

    /// The active primary item after `i` (0 is the root).
    #[inline(always)]
    pub fn next(&self, i: u32) -> u32 {
        self.item(i).b.get()
    }

    /// How many active primary items have an empty list, by walking them
    /// (for checking [`Links::empty`]).
    pub fn empty_lists(&self) -> i32 {
        let mut empty = 0;
        let mut k = self.next(0);
        while k != 0 {
            empty += (self.spare(k) < 0) as i32;
            k = self.next(k);
        }
        empty
    }

    /// The first active primary item, or 0 when all are covered.
    #[inline(always)]
    pub fn first_primary(&self) -> u32 {
        self.next(0)
    }

    /// DLX1's choice: the leftmost active primary item with the fewest
    /// options, stopping at one with none. With `stop_at_one`, stops at the
    /// first with one as well (not DLX1's tree, but the same solutions).
    #[inline(always)]
    pub fn choose(&self, stop_at_one: bool) -> u32 {
        let mut best = 0;
        let mut best_spare = i32::MAX;
        let stop = stop_at_one as i32 - 1;
        let mut k = self.next(0);
        while k != 0 {
            let spare = self.spare(k);
            let better = spare < best_spare;
            best = if better { k } else { best };
            best_spare = if better { spare } else { best_spare };
            if spare <= stop {
                break;
            }
            k = self.next(k);
        }
        best
    }

    /// Whether covering item `i` hides its options with
    /// [`Links::hide_wrapping`].
    #[inline(always)]
    fn wraps(&self, i: u32) -> bool {
        debug_assert!((i as usize) < self.wrap.len());
        // SAFETY: as for `spare`.
        unsafe { *self.wrap.get_unchecked(i as usize) }
    }

    /// The first node of the option holding node `x`, and the spacer
    /// after that option.
    #[inline(always)]
    fn span(&self, x: u32) -> (u32, u32) {
        debug_assert!((x as usize) < self.span.len());
        // SAFETY: as for `link`: `span` has one entry per node.
        let Pair { a, b } = unsafe { *self.span.get_unchecked(x as usize) };
        (a.get(), b.get())
    }

    /// Takes node `q` out of the list of its item `t`: one update.
    #[inline(always)]
    fn remove(&mut self, q: u32, t: u32) {
        let Pair { a: u, b: d } = self.link(q);
        self.set_down(u.get(), d.get());
        self.set_up(d.get(), u.get());
        self.shrink(t);
        if !FAST {
            self.updates += 1;
        }
    }

    /// Puts node `q` back where [`Links::remove`] took it from.
    #[inline(always)]
    fn restore(&mut self, q: u32, t: u32) {
        let Pair { a: u, b: d } = self.link(q);
        self.set_down(u.get(), q);
        self.set_up(d.get(), q);
        self.grow(t);
    }

    /// Removes every other node of option `r` from its item's list.
    #[inline(always)]
    fn hide<const COLORS: bool>(&mut self, r: u32) {
        let mut q = r + 1;
        while q != r {
            let t = self.top(q);
            if t == 0 {
                q = self.up(q);
                continue;
            }
            if !COLORS || self.color(q) >= 0 {
                self.remove(q, t);
            }
            q += 1;
        }
    }

    /// [`Links::hide`] without colors, for the options of an item that is
    /// not [steady](steady). It runs as many steps as the option has other
    /// nodes and wraps from the spacer to the option's first node with a
    /// select, not a branch: the loop's exit is then predictable when
    /// options have one length, while looking for the spacer after `r`
    /// mispredicts a branch for most options when the item's place in them
    /// varies (pentominoes: about 15% faster). For a steady item the plain
    /// walk is quicker: its branches are predicted, and it need not wait
    /// for the option's bounds.
    #[inline(always)]
    fn hide_wrapping(&mut self, r: u32) {
        let (start, end) = self.span(r);
        let mut q = r;
        for _ in start + 1..end {
            q += 1;
            q = if q == end { start } else { q };
            self.remove(q, self.top(q));
        }
    }

    /// Undoes [`Links::hide`], walking the option backwards.
    #[inline(always)]
    fn unhide<const COLORS: bool>(&mut self, r: u32) {
        let mut q = r - 1;
        while q != r {
            let t = self.top(q);
            if t == 0 {
                q = self.down(q);
                continue;
            }
            if !COLORS || self.color(q) >= 0 {
                self.restore(q, t);
            }
            q -= 1;
        }
    }

    /// Undoes [`Links::hide_wrapping`], walking the option backwards from `r`.
    #[inline(always)]
    fn unhide_wrapping(&mut self, r: u32) {
        let (start, end) = self.span(r);
        let mut q = r;
        for _ in start + 1..end {
            q = if q == start { end } else { q };
            q -= 1;
            self.restore(q, self.top(q));
        }
    }

    /// Removes item `i` from the active items and hides all its options.
    #[inline(always)]
    pub fn cover<const COLORS: bool>(&mut self, i: u32) {
        let Pair { a: prev, b: next } = self.item(i);
        self.set_next(prev.get(), next.get());
        self.set_prev(next.get(), prev.get());
        if !FAST {
            self.updates += 1;
        } else {
            self.empty -= (self.spare(i) < 0) as i32;
        }
        let wrapping = !COLORS && self.wraps(i);
        let mut r = self.down(i);
        while r != i {
            if wrapping {
                self.hide_wrapping(r);
            } else {
                self.hide::<COLORS>(r);
            }
            r = self.down(r);
        }
    }

    /// Undoes [`Links::cover`].
    #[inline(always)]
    pub fn uncover<const COLORS: bool>(&mut self, i: u32) {
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
        let Pair { a: prev, b: next } = self.item(i);
        self.set_next(prev.get(), i);
        self.set_prev(next.get(), i);
    }

    /// Keeps, in the list of the item of node `p`, only the options that
    /// give it `p`'s color, marking them (color -1) so that later hides
    /// skip them.
    fn purify(&mut self, p: u32) {
        let (item, color) = (self.top(p), self.color(p));
        self.set_color(item, color);
        let mut r = self.down(item);
        while r != item {
            if self.color(r) != color {
                self.hide::<true>(r);
            } else if r != p {
                self.set_color(r, -1);
            }
            r = self.down(r);
        }
    }

    /// Undoes [`Links::purify`].
    fn unpurify(&mut self, p: u32) {
        let (item, color) = (self.top(p), self.color(p));
        let mut r = self.up(item);
        while r != item {
            if self.color(r) < 0 {
                self.set_color(r, color);
            } else if r != p {
                self.unhide::<true>(r);
            }
            r = self.up(r);
        }
        self.set_color(item, 0);
    }

    /// Covers (or purifies) every item of the option holding `x` but the
    /// one `x` is in: the step that chooses that option.
    #[inline(always)]
    pub fn commit<const COLORS: bool>(&mut self, x: u32) {
        let mut q = x + 1;
        while q != x {
            let t = self.top(q);
            if t == 0 {
                q = self.up(q);
                continue;
            }
            if !COLORS || self.color(q) == 0 {
                self.cover::<COLORS>(t);
            } else if self.color(q) > 0 {
                self.purify(q);
            }
            q += 1;
        }
    }

    /// Undoes [`Links::commit`], in the reverse order.
    #[inline(always)]
    pub fn uncommit<const COLORS: bool>(&mut self, x: u32) {
        let mut q = x - 1;
        while q != x {
            let t = self.top(q);
            if t == 0 {
                q = self.down(q);
                continue;
            }
            if !COLORS || self.color(q) == 0 {
                self.uncover::<COLORS>(t);
            } else if self.color(q) > 0 {
                self.unpurify(q);
            }
            q -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::ProblemBuilder;

    /// Items A B C | x. A is first in each of its options (steady), B
    /// first, second or third (not), C second in each (steady) though its
    /// options have different lengths; x, secondary, is not steady.
    fn problem() -> Problem {
        let mut b = ProblemBuilder::new(["A", "B", "C"], ["x"]).unwrap();
        for option in ["A B", "A C x", "A x B", "B C", "B x"] {
            b.add_option_names(option.split(' ')).unwrap();
        }
        b.build().unwrap()
    }

    /// Each item's list, top to bottom, and its recorded length.
    fn lists<I: Index>(arena: &Arena<I>) -> Vec<(Vec<u32>, i32)> {
        (1..arena.spare.len() as u32 - 1)
            .map(|i| {
                let mut list = Vec::new();
                let mut x = arena.down(i);
                while x != i {
                    list.push(x);
                    x = arena.down(x);
                }
                // A secondary item's count starts at SECONDARY_SPARE.
                let spare = arena.spare[i as usize];
                let spare = if spare >= SECONDARY_SPARE / 2 { spare - SECONDARY_SPARE } else { spare };
                (list, spare + 1)
            })
            .collect()
    }

    #[test]
    fn only_items_whose_place_varies_wrap() {
        let (arena, _) = Arena::<u16>::new(&problem());
        assert_eq!(arena.wrap, [false, false, true, false, true, false]);
    }

    /// Covering each item, both ways of hiding leave the other lists
    /// holding exactly the options that do not meet it, with their lengths
    /// right, and uncovering gives back the very links as laid out.
    #[test]
    fn cover_then_uncover_restores_every_link() {
        let problem = problem();
        let (mut arena, firsts) = Arena::<u16>::new(&problem);
        let laid_out = lists(&arena);
        let (links, items) = (arena.links.clone(), arena.items.clone());
        for item in 1..=problem.item_count() as u32 {
            let mut dance = arena.links::<false>(0);
            dance.cover::<false>(item);
            assert_eq!(
                dance.updates,
                1 + problem
                    .options()
                    .filter(|o| o.iter().any(|e| e.item + 1 == item))
                    .map(|o| o.len() as u64 - 1)
                    .sum::<u64>()
            );
            let now = lists(&arena);
            for (other, (list, len)) in now.iter().enumerate() {
                let other = other as u32 + 1;
                if other == item {
                    continue;
                }
                let expected: Vec<u32> = laid_out[other as usize - 1]
                    .0
                    .iter()
                    .copied()
                    .filter(|&x| {
                        let k = firsts.iter().rposition(|&f| f <= x).unwrap();
                        problem.option(k).iter().all(|e| e.item + 1 != item)
                    })
                    .collect();
                assert_eq!(list, &expected, "item {other} after covering {item}");
                assert_eq!(*len as usize, expected.len());
            }
            arena.links::<false>(0).uncover::<false>(item);
            assert_eq!(lists(&arena), laid_out);
            assert!(arena.links.iter().zip(&links).all(|(a, b)| (a.a, a.b) == (b.a, b.b)));
            assert!(arena.items.iter().zip(&items).all(|(a, b)| (a.a, a.b) == (b.a, b.b)));
        }
    }
}
