//! The problem model: named items (primary, then secondary), colors, and
//! options, validated once by [`ProblemBuilder`] so that the search never has
//! to check anything.
//!
//! Items are numbered from 0 in the order they are declared, primary items
//! first. Options are numbered from 0 in the order they are kept (an option
//! with no primary item is dropped, as DLX1 drops it, and reported as a
//! [`Warning`]). Colors are numbered from 1; color 0 means "no color".

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

    /// Checks that `options` is a solution: every primary item covered
    /// exactly once, and every secondary item either covered at most once
    /// without a color or only ever with one and the same color.
    pub fn is_solution(&self, options: &[usize]) -> bool {
        let mut state = vec![Use::Free; self.names.len()];
        for &k in options {
            if k >= self.option_count() {
                return false;
            }
            for e in self.option(k) {
                let slot = &mut state[e.item as usize];
                *slot = match (*slot, e.color) {
                    (Use::Free, 0) => Use::Plain,
                    (Use::Free, c) => Use::Colored(c),
                    (Use::Colored(a), c) if a == c && c != 0 => Use::Colored(a),
                    _ => return false,
                };
            }
        }
        state[..self.primary].iter().all(|s| *s != Use::Free)
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
}

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
            },
            index,
            color_index: HashMap::new(),
            seen,
            stamp: 0,
            inputs: 0,
            warnings: Vec::new(),
        })
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
        Ok(self.problem)
    }

    /// Finishes the problem and hands back the warnings too.
    pub fn build_with_warnings(self) -> (Problem, Vec<Warning>) {
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
}
