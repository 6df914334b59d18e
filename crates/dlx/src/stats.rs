//! DLX1's statistics: what one search counted (solutions, nodes, updates),
//! as Knuth's programs count them, and how the counts of several searches
//! (the subtrees of a shard, the threads of a count) add up. Every engine
//! fills a [`Stats`]; the facades report it.

#![warn(missing_docs)]

/// DLX1's statistics for one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found.
    pub solutions: u64,
    /// Entries into a search level (the root included), plus one per
    /// solution.
    pub nodes: u64,
    /// Removals from a doubly linked list: an item leaving its list of
    /// active items, or an option's node leaving its item's list.
    pub updates: u64,
}

/// Statistics of two searches together (the subtrees of one shard, say).
impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.solutions += other.solutions;
        self.nodes += other.nodes;
        self.updates += other.updates;
    }
}
