//! A puzzle's rating: its rung of the difficulty ladder and its score.
//!
//! A puzzle's [`Level`] is the level of the hardest technique its logical
//! solution needs, or [`Level::Beyond`] when the techniques run out before
//! the grid is full. The score orders puzzles within a level and across
//! levels: a hundred times the [difficulty](Technique::difficulty) of the
//! hardest step, plus the number of steps at the hardest step's level (at
//! most 99). A puzzle beyond logic scores 10,000 plus the number of cells
//! still empty when the solver stopped (at most 99).

use super::technique::{Level, Technique};

/// How hard a puzzle with one solution is for a person.
///
/// Only [`super::Logic`] makes ratings, and only for puzzles it knows to
/// have exactly one solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rating {
    level: Level,
    score: u32,
    hardest: Option<Technique>,
    steps: usize,
}

impl Rating {
    /// The rung of the ladder.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The score: higher is harder (see the module's documentation).
    pub fn score(&self) -> u32 {
        self.score
    }

    /// The hardest technique the solver used (`None` if the grid was
    /// full from the start). For a puzzle [beyond](Level::Beyond) logic,
    /// the hardest that helped before the solver got stuck.
    pub fn hardest(&self) -> Option<Technique> {
        self.hardest
    }

    /// The name of what made the puzzle as hard as it is: the hardest
    /// technique, `trial and error` beyond logic, `none` for a full grid.
    pub fn hardest_name(&self) -> &'static str {
        match (self.level, self.hardest) {
            (Level::Beyond, _) => "trial and error",
            (_, Some(t)) => t.name(),
            (_, None) => "none",
        }
    }

    /// How many steps the logical solver took.
    pub fn steps(&self) -> usize {
        self.steps
    }
}

/// What the solver has used so far: the hardest technique and how many
/// steps each level took.
#[derive(Clone, Debug, Default)]
pub(crate) struct StepTally {
    hardest: Option<Technique>,
    per_level: [u32; 7],
    steps: usize,
}

impl StepTally {
    pub fn clear(&mut self) {
        *self = StepTally::default();
    }

    pub fn add(&mut self, t: Technique) {
        self.steps += 1;
        self.per_level[t.level() as usize] += 1;
        if self.hardest.is_none_or(|h| t > h) {
            self.hardest = Some(t);
        }
    }

    /// The rating of a puzzle the solver finished.
    pub fn solved(&self) -> Rating {
        let (level, score) = match self.hardest {
            None => (Level::Easy, 0),
            Some(h) => {
                let count = self.per_level[h.level() as usize].min(99);
                (h.level(), 100 * h.difficulty() + count)
            }
        };
        Rating { level, score, hardest: self.hardest, steps: self.steps }
    }

    /// The rating of a puzzle with one solution where the solver got
    /// stuck with `empty` cells left.
    pub fn stuck(&self, empty: usize) -> Rating {
        Rating {
            level: Level::Beyond,
            score: 10_000 + empty.min(99) as u32,
            hardest: self.hardest,
            steps: self.steps,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_rise_with_the_ladder() {
        // The score of any puzzle of a level is below that of any puzzle
        // of a higher level.
        let top = |l: Level| {
            Technique::ALL.iter().filter(|t| t.level() == l).map(|t| 100 * t.difficulty() + 99).max().unwrap()
        };
        let bottom = |l: Level| {
            Technique::ALL.iter().filter(|t| t.level() == l).map(|t| 100 * t.difficulty() + 1).min().unwrap()
        };
        for w in Level::ALL[..6].windows(2) {
            assert!(top(w[0]) < bottom(w[1]), "{} and {}", w[0], w[1]);
        }
        assert!(top(Level::Master) < 10_000);
        for t in Technique::ALL.windows(2) {
            assert!(t[0] < t[1] && t[0].difficulty() < t[1].difficulty() && t[0].level() <= t[1].level());
        }
        assert_eq!(Level::from_name("Expert"), Some(Level::Expert));
        assert_eq!(Level::from_name("nope"), None);
    }

    #[test]
    fn tally() {
        let mut t = StepTally::default();
        assert_eq!(t.solved().score(), 0);
        assert_eq!(t.solved().hardest_name(), "none");
        for tech in
            [Technique::NakedSingle, Technique::Pointing, Technique::HiddenSingle, Technique::Claiming]
        {
            t.add(tech);
        }
        let r = t.solved();
        assert_eq!(
            (r.level(), r.score(), r.hardest(), r.steps()),
            (Level::Medium, 2202, Some(Technique::Claiming), 4)
        );
        let s = t.stuck(30);
        assert_eq!((s.level(), s.score(), s.hardest_name()), (Level::Beyond, 10_030, "trial and error"));
    }
}
