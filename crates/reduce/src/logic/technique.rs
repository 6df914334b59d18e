//! The vocabulary of the logical solver: the techniques it knows
//! ([`Technique`], easiest first, each with its name, its weight in the
//! score and its rung) and the rungs of the difficulty ladder
//! ([`Level`]). Steps (`step.rs`) name their technique, ratings
//! (`rating.rs`) their level and hardest technique: both read this file,
//! and it reads neither.

use std::fmt;

/// A technique of the logical solver, easiest first (the order it tries
/// them in).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a unit takes the symbol the unit lacks.
    #[default]
    FullHouse,
    /// A cell with one candidate left takes it.
    NakedSingle,
    /// A symbol with one place left in a unit goes there.
    HiddenSingle,
    /// A pairwise variant rule (dots, XV, thermometers, whispers,
    /// palindromes, clones, entropic and modular lines, the negative
    /// rules, minimum and maximum cells, indexers): a candidate that no
    /// candidate of its partner cell allows goes.
    RulePair,
    /// The sets of digits a killer cage (or a renban) can hold given its
    /// cells' candidates: a digit in none of them goes, a digit every one
    /// holds goes from the cells that see all of the cage's places for it.
    CageCombinations,
    /// A sum over cells (arrows, little killers, double arrows, zippers,
    /// region-sum lines): a candidate no choice of the other cells'
    /// candidates completes goes.
    SumBounds,
    /// A clue rule along a line (sandwiches, X-sums, skyscrapers, between
    /// and lockout lines, quadruples): a candidate no filling of the line
    /// allows goes.
    ClueRule,
    /// A symbol confined, in a region, to one line leaves the rest of
    /// that line.
    Pointing,
    /// A symbol confined, in a line, to one region leaves the rest of that
    /// region.
    Claiming,
    /// A killer cage (or a renban): a cell keeps only the digits it takes
    /// in some filling of the cage by one of its sets, each cell a
    /// different digit of the set from its own candidates.
    CagePlacements,
    /// The rule of 45 generalised: a house, or consecutive rows or
    /// columns, minus the killer cages inside it (plus those that stick
    /// out) leaves a sum over a few cells, reasoned about as a sum.
    InniesOuties,
    /// Two killer cages (or renbans) whose cells all see each other share
    /// no digit: a set of digits of one that leaves the other none goes.
    CagePairs,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two symbols with the same two places in a unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Three symbols with three places between them in a unit.
    HiddenTriple,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Four symbols with four places between them in a unit.
    HiddenQuad,
    /// A symbol in two rows (columns) confined to the same two columns
    /// (rows).
    XWing,
    /// The same over three lines.
    Swordfish,
    /// The same over four lines.
    Jellyfish,
    /// A pivot `{x,y}` and two pincers `{x,z}`, `{y,z}` it sees: `z`
    /// leaves the cells that see both pincers.
    XYWing,
    /// A pivot `{x,y,z}` and two pincers `{x,z}`, `{y,z}` it sees: `z`
    /// leaves the cells that see all three.
    XYZWing,
    /// Two cells `{x,y}` joined by a strong link on `x`: `y` leaves the
    /// cells that see both.
    WWing,
    /// The two colours of a cluster of strong links on one symbol: one
    /// colour is true.
    SimpleColouring,
    /// An alternating chain of strong and weak links on one symbol.
    XChain,
    /// An alternating chain through cells with two candidates.
    XYChain,
    /// An alternating inference chain over any candidates.
    Aic,
    /// An alternating inference chain whose weak links include the
    /// variant rules: pairwise rules (dots, XV, thermometers, lines...) and
    /// cells that must differ outside a unit (cages, chess moves).
    RuleChain,
    /// Assuming a candidate and following singles ends in a contradiction.
    ForcingChain,
    /// Assuming a candidate and following singles and the variant rules
    /// (each pairwise rule, each other rule's own filter) ends in a
    /// contradiction.
    RuleForcingChain,
    /// Every candidate of a cell, or every place of a symbol in a unit,
    /// leads by singles to the same conclusion.
    ForcingChains,
    /// Every candidate of a cell, or every place of a symbol in a unit,
    /// leads by singles and the variant rules to the same conclusion.
    RuleForcingChains,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 33] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::RulePair,
        Technique::CageCombinations,
        Technique::SumBounds,
        Technique::ClueRule,
        Technique::Pointing,
        Technique::Claiming,
        Technique::CagePlacements,
        Technique::InniesOuties,
        Technique::CagePairs,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::WWing,
        Technique::SimpleColouring,
        Technique::XChain,
        Technique::XYChain,
        Technique::Aic,
        Technique::RuleChain,
        Technique::ForcingChain,
        Technique::RuleForcingChain,
        Technique::ForcingChains,
        Technique::RuleForcingChains,
    ];

    /// The name people use, in lower case except for letters that name
    /// things (`X-wing`, `AIC`).
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::RulePair => "pair rule",
            Technique::CageCombinations => "cage combinations",
            Technique::SumBounds => "sum bounds",
            Technique::ClueRule => "clue rule",
            Technique::InniesOuties => "innies and outies",
            Technique::CagePairs => "cage pair",
            Technique::CagePlacements => "cage placements",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::XWing => "X-wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::XYWing => "XY-wing",
            Technique::XYZWing => "XYZ-wing",
            Technique::WWing => "W-wing",
            Technique::SimpleColouring => "simple colouring",
            Technique::XChain => "X-chain",
            Technique::XYChain => "XY-chain",
            Technique::Aic => "AIC",
            Technique::RuleChain => "rule chain",
            Technique::ForcingChain => "forcing chain",
            Technique::RuleForcingChain => "rule forcing chain",
            Technique::ForcingChains => "forcing chains",
            Technique::RuleForcingChains => "rule forcing chains",
        }
    }

    /// The level of the ladder this technique belongs to.
    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            FullHouse | NakedSingle | HiddenSingle => Level::Easy,
            RulePair | CageCombinations | SumBounds | ClueRule | Pointing | Claiming => Level::Medium,
            CagePlacements | InniesOuties | CagePairs | NakedPair | HiddenPair | NakedTriple
            | HiddenTriple | NakedQuad | HiddenQuad => Level::Hard,
            XWing | Swordfish | Jellyfish | XYWing | XYZWing | WWing => Level::Expert,
            SimpleColouring | XChain | XYChain | Aic | RuleChain => Level::Extreme,
            ForcingChain | RuleForcingChain | ForcingChains | RuleForcingChains => Level::Master,
        }
    }

    /// The weight of one step of this technique in the score: grows with
    /// the order above, from 10 (full house) to 88 (rule forcing chains).
    pub fn difficulty(self) -> u32 {
        use Technique::*;
        match self {
            FullHouse => 10,
            NakedSingle => 12,
            HiddenSingle => 15,
            RulePair => 16,
            CageCombinations => 17,
            SumBounds => 18,
            ClueRule => 19,
            Pointing => 20,
            Claiming => 22,
            InniesOuties => 28,
            CagePairs => 29,
            CagePlacements => 26,
            NakedPair => 30,
            HiddenPair => 32,
            NakedTriple => 34,
            HiddenTriple => 36,
            NakedQuad => 38,
            HiddenQuad => 40,
            XWing => 42,
            Swordfish => 44,
            Jellyfish => 46,
            XYWing => 48,
            XYZWing => 50,
            WWing => 52,
            SimpleColouring => 60,
            XChain => 62,
            XYChain => 64,
            Aic => 66,
            RuleChain => 68,
            ForcingChain => 80,
            RuleForcingChain => 82,
            ForcingChains => 85,
            RuleForcingChains => 88,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rungs of the ladder, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only: full house, naked and hidden singles.
    Easy,
    /// Plus locked candidates (pointing, claiming) and, for variants, the
    /// rules one at a time: pair rules, cage combinations, sum bounds,
    /// clue rules.
    Medium,
    /// Plus cage placements, innies and outies and cage pairs (variants) and naked and
    /// hidden subsets (pairs, triples, quads).
    Hard,
    /// Plus basic fish (X-wing, swordfish, jellyfish) and wings (XY, XYZ, W).
    Expert,
    /// Plus chains: simple colouring, X-chains, XY-chains, AICs, rule
    /// chains (variants).
    Extreme,
    /// Plus forcing chains: assuming a candidate and following singles
    /// (and, for variants, the rules).
    Master,
    /// The techniques above do not finish it: it needs trial and error.
    Beyond,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 7] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
        Level::Master,
        Level::Beyond,
    ];

    /// The hardest technique of this level or an easier one: a solver
    /// set to it ([`crate::logic::Logic::set_hardest`]) solves exactly
    /// the puzzles rated this level or easier. [`Level::Beyond`]: every
    /// technique.
    pub fn top(self) -> Technique {
        *Technique::ALL.iter().rev().find(|t| t.level() <= self).unwrap_or(&Technique::FullHouse)
    }

    /// The level's name, in lower case.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::Master => "master",
            Level::Beyond => "beyond",
        }
    }

    /// The level named `name` (as [`Level::name`] writes it, any case).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
