//! The problem model: named items (primary, then secondary), colors, and
//! options, validated once by [`ProblemBuilder`] so that the search never has
//! to check anything.
//!
//! Items are numbered from 0 in the order they are declared, primary items
//! first. Options are numbered from 0 in the order they are kept (an option
//! with no primary item is dropped, as DLX1 drops it, and reported as a
//! [`Warning`]). Colors are numbered from 1; color 0 means "no color".
//!
//! Two extensions of Knuth's later programs live here too: **bounds** on
//! primary items (DLX3's multiplicities: item `i` must be covered between
//! `lower` and `upper` times instead of exactly once) and **costs** on
//! options (DLX5: a non-negative integer per option; a solution costs the
//! sum of its options' costs). A problem without them stores nothing for
//! them, so that it equals, reads and writes as it always did.

use std::collections::HashMap;
use std::fmt;

/// One item of an option: which item, and the color it gives that item
/// (0 for none; only secondary items may carry a color).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Entry {
    /// The item's index in [`Problem::item_name`] order.
    pub item: u32,
    /// The color's number, from 1, or 0 for an uncolored use.
    pub color: u32,
}

/// A validated exact-cover problem, ready to be searched by a
/// [`Solver`](crate::Solver).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub(crate) names: Vec<String>,
    pub(crate) primary: usize,
    pub(crate) colors: Vec<String>,
    pub(crate) entries: Vec<Entry>,
    /// Option `k` is `entries[starts[k]..starts[k + 1]]`.
    pub(crate) starts: Vec<u32>,
    /// `(lower, upper)` for each primary item; empty when every primary
    /// item is to be covered exactly once.
    pub(crate) bounds: Vec<(u32, u32)>,
    /// The cost of each option; empty when every option costs 0.
    pub(crate) costs: Vec<u64>,
}

impl Problem {
    /// The number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.names.len()
    }

    /// The number of primary items; they are items `0..primary_count()`.
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// The number of secondary items.
    pub fn secondary_count(&self) -> usize {
        self.names.len() - self.primary
    }

    /// The name of item `item`.
    pub fn item_name(&self, item: usize) -> &str {
        &self.names[item]
    }

    /// The names of the primary items, in declaration order.
    pub fn primary_names(&self) -> &[String] {
        &self.names[..self.primary]
    }

    /// The names of the secondary items, in declaration order.
    pub fn secondary_names(&self) -> &[String] {
        &self.names[self.primary..]
    }

    /// The name of color `color` (numbered from 1).
    pub fn color_name(&self, color: u32) -> &str {
        &self.colors[color as usize - 1]
    }

    /// Whether any option gives a color to an item.
    pub fn has_colors(&self) -> bool {
        !self.colors.is_empty()
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The entries of option `option`, in the order they were given.
    pub fn option(&self, option: usize) -> &[Entry] {
        &self.entries[self.starts[option] as usize..self.starts[option + 1] as usize]
    }

    /// All options, in order.
    pub fn options(&self) -> impl ExactSizeIterator<Item = &[Entry]> + '_ {
        (0..self.option_count()).map(move |k| self.option(k))
    }

    /// The total number of entries in all options (the matrix's 1s).
    pub fn entry_count(&self) -> usize {
        self.entries.len()
    }

    /// Writes an option as Knuth writes it: its item names, colored items as
    /// `item:color`, separated by single spaces.
    pub fn display_option(&self, option: usize) -> OptionDisplay<'_> {
        OptionDisplay { problem: self, option }
    }

    /// The bounds of item `item`: how many times, at least and at most, a
    /// solution covers it. `(1, 1)` for a primary item without bounds;
    /// `(0, 1)` for a secondary item (colors aside).
    pub fn bounds(&self, item: usize) -> (u32, u32) {
        if item >= self.primary {
            (0, 1)
        } else {
            self.bounds.get(item).copied().unwrap_or((1, 1))
        }
    }

    /// Whether some primary item has bounds other than exactly once (a
    /// problem for Algorithm M, Knuth's DLX3).
    pub fn has_bounds(&self) -> bool {
        !self.bounds.is_empty()
    }

    /// The cost of option `option` (0 when none was given).
    pub fn cost(&self, option: usize) -> u64 {
        self.costs.get(option).copied().unwrap_or(0)
    }

    /// Whether some option has a cost other than 0 (a problem for the
    /// cheapest solutions, Knuth's DLX5).
    pub fn has_costs(&self) -> bool {
        !self.costs.is_empty()
    }

    /// The cost of a set of options: the sum of their costs. Never
    /// overflows: the builder keeps the sum of all costs below 2^63.
    pub fn solution_cost(&self, options: &[usize]) -> u64 {
        options.iter().map(|&k| self.cost(k)).sum()
    }

    /// Checks that `options` is a solution: no option twice, every primary
    /// item covered as many times as its [bounds](Problem::bounds) allow
    /// (exactly once without bounds), and every secondary item either
    /// covered at most once without a color or only ever with one and the
    /// same color.
    pub fn is_solution(&self, options: &[usize]) -> bool {
        let mut state = vec![Use::Free; self.names.len()];
        let mut times = vec![0u32; self.primary];
        let mut chosen = vec![false; self.option_count()];
        for &k in options {
            if k >= self.option_count() || std::mem::replace(&mut chosen[k], true) {
                return false;
            }
            for e in self.option(k) {
                let item = e.item as usize;
                if item < self.primary {
                    times[item] += 1;
                    continue;
                }
                let slot = &mut state[item];
                *slot = match (*slot, e.color) {
                    (Use::Free, 0) => Use::Plain,
                    (Use::Free, c) => Use::Colored(c),
                    (Use::Colored(a), c) if a == c && c != 0 => Use::Colored(a),
                    _ => return false,
                };
            }
        }
        times.iter().enumerate().all(|(i, &t)| {
            let (lower, upper) = self.bounds(i);
            lower <= t && t <= upper
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    Free,
    Plain,
    Colored(u32),
}

/// The text of one option, as [`Problem::display_option`] writes it.
#[derive(Debug)]
pub struct OptionDisplay<'a> {
    problem: &'a Problem,
    option: usize,
}

impl fmt::Display for OptionDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.problem.option(self.option).iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(self.problem.item_name(e.item as usize))?;
            if e.color != 0 {
                write!(f, ":{}", self.problem.color_name(e.color))?;
            }
        }
        Ok(())
    }
}

/// Why a problem could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// An item name is empty or holds a blank, `:` or `|`.
    InvalidName { name: String },
    /// A color name is empty or holds a blank, `:` or `|`.
    InvalidColor { color: String },
    /// Two items have the same name.
    DuplicateItem { name: String },
    /// The problem declares no primary item.
    NoPrimaryItems,
    /// An option names an item that was not declared.
    UnknownItem { option: usize, name: String },
    /// An option names an item index that does not exist.
    ItemOutOfRange { option: usize, item: u32 },
    /// An option names an undeclared color number.
    ColorOutOfRange { option: usize, color: u32 },
    /// An option names the same item twice.
    RepeatedItem { option: usize, name: String },
    /// An option gives a color to a primary item.
    ColorOnPrimary { option: usize, name: String },
    /// The problem has more nodes than the engine's `u32` links can address.
    TooLarge,
    /// Bounds were given for an item index that does not exist.
    NoSuchItem { item: u32 },
    /// Bounds were given for a secondary item (only primary items take
    /// them).
    BoundOnSecondary { name: String },
    /// An item's lower bound exceeds its upper bound.
    BoundsInverted { name: String, lower: u32, upper: u32 },
    /// An item's upper bound is 0 (it could never be covered).
    ZeroUpperBound { name: String },
    /// A cost was given for an option that does not exist.
    NoSuchOption { option: usize },
    /// The costs of all options add up to 2^63 or more.
    CostOverflow,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::InvalidName { name } => write!(
                f,
                "item name {name:?} is not allowed (names are non-empty, with no blanks, ':' or '|')"
            ),
            BuildError::InvalidColor { color } => write!(
                f,
                "color name {color:?} is not allowed (names are non-empty, with no blanks, ':' or '|')"
            ),
            BuildError::DuplicateItem { name } => write!(f, "item {name:?} is declared twice"),
            BuildError::NoPrimaryItems => write!(f, "no primary item is declared"),
            BuildError::UnknownItem { option, name } => {
                write!(f, "option {option} names unknown item {name:?}")
            }
            BuildError::ItemOutOfRange { option, item } => {
                write!(f, "option {option} names item #{item}, which does not exist")
            }
            BuildError::ColorOutOfRange { option, color } => {
                write!(f, "option {option} names color #{color}, which does not exist")
            }
            BuildError::RepeatedItem { option, name } => {
                write!(f, "option {option} names item {name:?} twice")
            }
            BuildError::ColorOnPrimary { option, name } => {
                write!(f, "option {option} gives a color to primary item {name:?}")
            }
            BuildError::TooLarge => write!(f, "the problem has more than 2^31 nodes"),
            BuildError::NoSuchItem { item } => write!(f, "there is no item #{item}"),
            BuildError::BoundOnSecondary { name } => {
                write!(f, "secondary item {name:?} cannot have bounds (only primary items do)")
            }
            BuildError::BoundsInverted { name, lower, upper } => {
                write!(f, "item {name:?}: lower bound {lower} exceeds upper bound {upper}")
            }
            BuildError::ZeroUpperBound { name } => {
                write!(f, "item {name:?}: upper bound 0 (it must be at least 1)")
            }
            BuildError::NoSuchOption { option } => write!(f, "there is no option {option}"),
            BuildError::CostOverflow => write!(f, "the costs of all options add up to 2^63 or more"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Something accepted but worth telling the user about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The `input`-th option given to the builder (from 0, counting dropped
    /// ones) has no primary item, and was dropped as DLX1 drops it.
    NoPrimaryItem { input: usize },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::NoPrimaryItem { input } => {
                write!(f, "option {input} ignored (it has no primary item)")
            }
        }
    }
}

/// Whether `s` may name an item or a color: non-empty, no blanks, no `:` and
/// no `|`, so that every problem can be written in Knuth's text format.
pub fn is_valid_name(s: &str) -> bool {
    !s.is_empty() && !s.chars().any(|c| c.is_whitespace() || c == ':' || c == '|')
}

/// Builds a [`Problem`]: declare the items, then add options one by one.
///
/// ```
/// use dlx::{ProblemBuilder, Solver};
/// let mut b = ProblemBuilder::new(["a", "b", "c"], ["x"]).unwrap();
/// b.add_option_names(["a", "b"]).unwrap();
/// b.add_option_names(["c", "x"]).unwrap();
/// b.add_option_names(["a", "x"]).unwrap();
/// let problem = b.build().unwrap();
/// assert_eq!(Solver::new(&problem).count(None).solutions(), Some(1));
/// ```
#[derive(Clone, Debug)]
pub struct ProblemBuilder {
    problem: Problem,
    index: HashMap<String, u32>,
    color_index: HashMap<String, u32>,
    /// Per item, the stamp of the last `add_option` call that used it: detects
    /// repeats without clearing anything between options.
    seen: Vec<u32>,
    stamp: u32,
    inputs: usize,
    warnings: Vec<Warning>,
    /// The sum of all costs so far, kept below [`MAX_TOTAL_COST`].
    total_cost: u64,
}

/// The costs of all options must add up to less than this (2^63), so that
/// no sum of costs in a search can overflow.
pub const MAX_TOTAL_COST: u64 = 1 << 63;

impl ProblemBuilder {
    /// Declares the items: primary ones, then secondary ones.
    pub fn new<P, S>(primary: P, secondary: S) -> Result<Self, BuildError>
    where
        P: IntoIterator,
        P::Item: Into<String>,
        S: IntoIterator,
        S::Item: Into<String>,
    {
        let mut names: Vec<String> = primary.into_iter().map(Into::into).collect();
        let primary_count = names.len();
        names.extend(secondary.into_iter().map(Into::into));
        if primary_count == 0 {
            return Err(BuildError::NoPrimaryItems);
        }
        if names.len() >= (i32::MAX / 2) as usize {
            return Err(BuildError::TooLarge);
        }
        let mut index = HashMap::with_capacity(names.len());
        for (i, name) in names.iter().enumerate() {
            if !is_valid_name(name) {
                return Err(BuildError::InvalidName { name: name.clone() });
            }
            if index.insert(name.clone(), i as u32).is_some() {
                return Err(BuildError::DuplicateItem { name: name.clone() });
            }
        }
        let seen = vec![0; names.len()];
        Ok(ProblemBuilder {
            problem: Problem {
                names,
                primary: primary_count,
                colors: Vec::new(),
                entries: Vec::new(),
                starts: vec![0],
                bounds: Vec::new(),
                costs: Vec::new(),
            },
            index,
            color_index: HashMap::new(),
            seen,
            stamp: 0,
            inputs: 0,
            warnings: Vec::new(),
            total_cost: 0,
        })
    }

    /// Asks that primary item `item` be covered at least `lower` and at most
    /// `upper` times (DLX3's `lower:upper|name`; the default is `1, 1`).
    /// Refuses a secondary item, `lower > upper` and `upper == 0`.
    ///
    /// ```
    /// use dlx::{ProblemBuilder, Solver};
    /// // Choose two of the three options that hold `a`.
    /// let mut b = ProblemBuilder::new(["a"], [""; 0]).unwrap();
    /// b.set_bounds(0, 2, 2).unwrap();
    /// for _ in 0..3 {
    ///     b.add_option_names(["a"]).unwrap();
    /// }
    /// assert_eq!(Solver::new(&b.build().unwrap()).count(None).solutions(), Some(3));
    /// ```
    pub fn set_bounds(&mut self, item: u32, lower: u32, upper: u32) -> Result<(), BuildError> {
        let Some(name) = self.problem.names.get(item as usize) else {
            return Err(BuildError::NoSuchItem { item });
        };
        let name = || name.clone();
        if item as usize >= self.problem.primary {
            return Err(BuildError::BoundOnSecondary { name: name() });
        }
        if upper == 0 {
            return Err(BuildError::ZeroUpperBound { name: name() });
        }
        if lower > upper {
            return Err(BuildError::BoundsInverted { name: name(), lower, upper });
        }
        if self.problem.bounds.is_empty() {
            if (lower, upper) == (1, 1) {
                return Ok(());
            }
            self.problem.bounds = vec![(1, 1); self.problem.primary];
        }
        self.problem.bounds[item as usize] = (lower, upper);
        Ok(())
    }

    /// Gives option `option` (an index [`ProblemBuilder::add_option`]
    /// returned) the cost `cost` (DLX5's `|cost` at the end of an option
    /// line; the default is 0). Refuses costs that would make the sum of
    /// all costs reach [`MAX_TOTAL_COST`].
    ///
    /// ```
    /// use dlx::ProblemBuilder;
    /// let mut b = ProblemBuilder::new(["a"], [""; 0]).unwrap();
    /// let k = b.add_option_names(["a"]).unwrap().unwrap();
    /// b.set_cost(k, 7).unwrap();
    /// assert_eq!(b.build().unwrap().cost(k), 7);
    /// ```
    pub fn set_cost(&mut self, option: usize, cost: u64) -> Result<(), BuildError> {
        if option >= self.problem.option_count() {
            return Err(BuildError::NoSuchOption { option });
        }
        let old = self.problem.cost(option);
        let total = (self.total_cost - old).checked_add(cost).filter(|&t| t < MAX_TOTAL_COST);
        let Some(total) = total else {
            return Err(BuildError::CostOverflow);
        };
        self.total_cost = total;
        if self.problem.costs.is_empty() {
            if cost == 0 {
                return Ok(());
            }
            self.problem.costs = vec![0; self.problem.option_count()];
        }
        self.problem.costs[option] = cost;
        Ok(())
    }

    /// The index of the item called `name`, if there is one.
    pub fn item(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// The number of the color called `name`, declaring it if it is new.
    pub fn color(&mut self, name: &str) -> Result<u32, BuildError> {
        if let Some(&c) = self.color_index.get(name) {
            return Ok(c);
        }
        if !is_valid_name(name) {
            return Err(BuildError::InvalidColor { color: name.to_owned() });
        }
        self.problem.colors.push(name.to_owned());
        let c = self.problem.colors.len() as u32;
        self.color_index.insert(name.to_owned(), c);
        Ok(c)
    }

    /// Adds an option given by item indices and colors. Returns the option's
    /// index, or `None` if it was dropped for having no primary item.
    pub fn add_option(&mut self, entries: &[Entry]) -> Result<Option<usize>, BuildError> {
        let option = self.problem.option_count();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let mut has_primary = false;
        for e in entries {
            let item = e.item as usize;
            if item >= self.problem.names.len() {
                return Err(BuildError::ItemOutOfRange { option, item: e.item });
            }
            if e.color as usize > self.problem.colors.len() {
                return Err(BuildError::ColorOutOfRange { option, color: e.color });
            }
            let name = || self.problem.names[item].clone();
            if self.seen[item] == stamp {
                return Err(BuildError::RepeatedItem { option, name: name() });
            }
            self.seen[item] = stamp;
            if item < self.problem.primary {
                if e.color != 0 {
                    return Err(BuildError::ColorOnPrimary { option, name: name() });
                }
                has_primary = true;
            }
        }
        self.inputs += 1;
        if !has_primary {
            self.warnings.push(Warning::NoPrimaryItem { input: self.inputs - 1 });
            return Ok(None);
        }
        // Item headers, spacers and option nodes must all fit in an i32.
        let nodes = self.problem.names.len() + self.problem.entries.len() + entries.len();
        if nodes + option + 2 >= (i32::MAX / 2) as usize {
            return Err(BuildError::TooLarge);
        }
        self.problem.entries.extend_from_slice(entries);
        self.problem.starts.push(self.problem.entries.len() as u32);
        if !self.problem.costs.is_empty() {
            self.problem.costs.push(0);
        }
        Ok(Some(option))
    }

    /// Adds an option given as tokens `item` or `item:color`, as in Knuth's
    /// text format and the JSON export.
    pub fn add_option_names<I>(&mut self, tokens: I) -> Result<Option<usize>, BuildError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let option = self.problem.option_count();
        let colors_before = self.problem.colors.len();
        let result = self.add_option_tokens(option, tokens);
        // Colors declared by an option that was dropped or refused are
        // forgotten, so that the problem holds only colors it uses.
        if !matches!(result, Ok(Some(_))) {
            for name in self.problem.colors.drain(colors_before..) {
                self.color_index.remove(&name);
            }
        }
        result
    }

    fn add_option_tokens<I>(&mut self, option: usize, tokens: I) -> Result<Option<usize>, BuildError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let mut entries = Vec::new();
        for token in tokens {
            let token = token.as_ref();
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (token, None),
            };
            let Some(item) = self.item(name) else {
                return Err(BuildError::UnknownItem { option, name: name.to_owned() });
            };
            let color = match color {
                Some(c) => self.color(c)?,
                None => 0,
            };
            entries.push(Entry { item, color });
        }
        self.add_option(&entries)
    }

    /// The warnings so far (dropped options).
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// Finishes the problem.
    pub fn build(self) -> Result<Problem, BuildError> {
        Ok(self.build_with_warnings().0)
    }

    /// Finishes the problem and hands back the warnings too.
    pub fn build_with_warnings(mut self) -> (Problem, Vec<Warning>) {
        // Bounds set back to exactly once everywhere, or costs back to 0,
        // leave nothing stored, so that equal problems compare equal.
        if self.problem.bounds.iter().all(|&b| b == (1, 1)) {
            self.problem.bounds = Vec::new();
        }
        if self.problem.costs.iter().all(|&c| c == 0) {
            self.problem.costs = Vec::new();
        }
        (self.problem, self.warnings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builder_refuses_what_knuth_refuses() {
        assert_eq!(ProblemBuilder::new(Vec::<String>::new(), ["x"]).unwrap_err(), BuildError::NoPrimaryItems);
        assert!(matches!(
            ProblemBuilder::new(["a", "a"], [""; 0]).unwrap_err(),
            BuildError::DuplicateItem { .. }
        ));
        assert!(matches!(ProblemBuilder::new(["a:b"], [""; 0]).unwrap_err(), BuildError::InvalidName { .. }));
        let mut b = ProblemBuilder::new(["a", "b"], ["x"]).unwrap();
        assert_eq!(
            b.add_option_names(["a", "z"]).unwrap_err(),
            BuildError::UnknownItem { option: 0, name: "z".into() }
        );
        assert_eq!(
            b.add_option_names(["a", "a"]).unwrap_err(),
            BuildError::RepeatedItem { option: 0, name: "a".into() }
        );
        assert_eq!(
            b.add_option_names(["a:red"]).unwrap_err(),
            BuildError::ColorOnPrimary { option: 0, name: "a".into() }
        );
        assert!(matches!(b.add_option_names(["x:"]), Err(BuildError::InvalidColor { .. })));
        assert_eq!(b.add_option_names(["x:red"]).unwrap(), None);
        assert_eq!(b.add_option_names(["b", "x:red"]).unwrap(), Some(0));
        assert_eq!(b.warnings(), &[Warning::NoPrimaryItem { input: 0 }]);
        let p = b.build().unwrap();
        assert_eq!(p.option_count(), 1);
        assert_eq!(p.display_option(0).to_string(), "b x:red");
    }

    #[test]
    fn is_solution_follows_the_color_rules() {
        let mut b = ProblemBuilder::new(["a", "b", "c"], ["x"]).unwrap();
        b.add_option_names(["a", "x:1"]).unwrap();
        b.add_option_names(["b", "x:1"]).unwrap();
        b.add_option_names(["c", "x:2"]).unwrap();
        b.add_option_names(["c", "x"]).unwrap();
        b.add_option_names(["c"]).unwrap();
        let p = b.build().unwrap();
        assert!(p.is_solution(&[0, 1, 4]));
        assert!(!p.is_solution(&[0, 1, 2]));
        assert!(!p.is_solution(&[0, 1, 3]));
        assert!(!p.is_solution(&[0, 1]));
        assert!(!p.is_solution(&[0, 1, 4, 4]));
    }

    #[test]
    fn bounds_and_costs_are_checked_and_kept_only_when_needed() {
        let mut b = ProblemBuilder::new(["a", "b"], ["x"]).unwrap();
        let name = |s: &str| s.to_owned();
        assert_eq!(b.set_bounds(2, 0, 1), Err(BuildError::BoundOnSecondary { name: name("x") }));
        assert_eq!(b.set_bounds(3, 0, 1), Err(BuildError::NoSuchItem { item: 3 }));
        assert_eq!(b.set_bounds(0, 0, 0), Err(BuildError::ZeroUpperBound { name: name("a") }));
        assert_eq!(
            b.set_bounds(0, 2, 1),
            Err(BuildError::BoundsInverted { name: name("a"), lower: 2, upper: 1 })
        );
        b.set_bounds(1, 0, 2).unwrap();
        assert_eq!(b.set_cost(0, 1), Err(BuildError::NoSuchOption { option: 0 }));
        let k = b.add_option_names(["a", "b"]).unwrap().unwrap();
        b.add_option_names(["b", "x"]).unwrap();
        b.set_cost(k, MAX_TOTAL_COST - 1).unwrap();
        assert_eq!(b.set_cost(1, 1), Err(BuildError::CostOverflow));
        b.set_cost(k, 4).unwrap();
        b.set_cost(1, 3).unwrap();
        b.add_option_names(["b"]).unwrap();
        let p = b.build().unwrap();
        assert_eq!((p.bounds(0), p.bounds(1), p.bounds(2)), ((1, 1), (0, 2), (0, 1)));
        assert_eq!((p.cost(0), p.cost(1), p.cost(2)), (4, 3, 0));
        assert_eq!(p.solution_cost(&[0, 1]), 7);
        // a once, b at most twice; an option is never chosen twice.
        assert!(p.is_solution(&[0]) && p.is_solution(&[0, 2]) && p.is_solution(&[0, 1]));
        assert!(!p.is_solution(&[0, 1, 2]));
        assert!(!p.is_solution(&[0, 2, 2]) && !p.is_solution(&[2]));
        // Bounds set back to exactly once, and costs back to 0, store
        // nothing: the problem equals one that never had them.
        let mut b = ProblemBuilder::new(["a"], [""; 0]).unwrap();
        b.set_bounds(0, 0, 3).unwrap();
        b.set_bounds(0, 1, 1).unwrap();
        let k = b.add_option_names(["a"]).unwrap().unwrap();
        b.set_cost(k, 2).unwrap();
        b.set_cost(k, 0).unwrap();
        let p = b.build().unwrap();
        assert!(!p.has_bounds() && !p.has_costs());
        let mut plain = ProblemBuilder::new(["a"], [""; 0]).unwrap();
        plain.add_option_names(["a"]).unwrap();
        assert_eq!(p, plain.build().unwrap());
    }
}
