//! Set theory: the sums an area of the grid implies with the rules' sums.
//!
//! A house holds every digit once, so its cells sum to `n(n+1)/2`; k
//! consecutive rows or columns to k times that. Subtracting (or adding) a
//! rule's sum (a killer cage, an arrow's `line - circle = 0`, a little
//! killer, a region-sum line's equation) keeps a true equation, and when
//! it cancels more terms than it brings, a shorter one: the area's
//! innies and outies with every kind of sum, not only cages (an arrow
//! wholly in a box puts its circle in the box's sum twice and its line
//! not at all). Every equation found is a sum of true equations, so it is
//! sound whatever it cancels; the model propagates it exactly
//! ([`Model::push_equation`]) and a step that uses it names the area and
//! the rules it took.
//!
//! The search's model already derives the sums of killer cages that do
//! not overlap, up to 8 terms ([`Model`]'s derived sums); this finds
//! those of overlapping cages and other sums, and longer ones, and skips
//! an equation the model already has.

use crate::search::{Model, Origin, Prop};

/// The most terms a derived equation may keep (each term a cell).
const MAX_TERMS: usize = 12;

/// The most terms a rule's equation may have to take part.
const MAX_RULE_TERMS: usize = 24;

/// The most terms of rules' equations weighed per puzzle; past it no
/// more sums are derived, so that a big grid of many cages stays quick
/// and every run derives the same (a 9x9 killer of 24 to 30 cages weighs
/// 55,000 to 61,000).
const BUDGET: usize = 4_000_000;

/// One of the rules' sums: (cells, coefficients, target, rule).
type Equation = (Vec<u16>, Vec<i64>, i64, usize);

/// Adds to `model` the equations its areas imply with the rules' sums;
/// returns, for each equation added (in order), the rules it took.
pub(super) fn derive(model: &mut Model) -> Vec<Vec<usize>> {
    let n = model.n;
    let first = model.props.len();
    let equations = rule_equations(model);
    let mut added = Vec::new();
    if equations.is_empty() {
        return added;
    }
    let total = (n * (n + 1) / 2) as i64;
    let mut areas: Vec<(Vec<u16>, i64, Origin)> =
        (0..model.houses.len()).map(|h| (model.houses[h].clone(), total, Origin::House(h))).collect();
    for k in 2..n {
        for first in 0..=n - k {
            let rows = (first * n..(first + k) * n).map(|c| c as u16).collect();
            let cols =
                (0..n * n).filter(|c| (first..first + k).contains(&(c % n))).map(|c| c as u16).collect();
            areas.push((rows, k as i64 * total, Origin::Rows(first, k)));
            areas.push((cols, k as i64 * total, Origin::Columns(first, k)));
        }
    }
    let mut coef = vec![0i64; n * n];
    let mut seen: Vec<(Vec<(u16, i64)>, i64)> = existing(model);
    let mut budget = BUDGET;
    for (cells, sum, origin) in areas {
        coef.iter_mut().for_each(|k| *k = 0);
        for &c in &cells {
            coef[c as usize] += 1;
        }
        let Some((target, rules)) = reduce(&mut coef, sum, &equations, &mut budget) else { break };
        if rules.is_empty() {
            continue;
        }
        let terms: Vec<(u16, i64)> =
            coef.iter().enumerate().filter(|e| *e.1 != 0).map(|(c, &k)| (c as u16, k)).collect();
        if terms.is_empty() || terms.len() > MAX_TERMS {
            continue;
        }
        let key = canonical(&terms, target);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let (cs, ks) = terms.into_iter().unzip();
        model.push_equation(cs, ks, target, origin);
        added.push(rules);
    }
    // The rule forcing chains (which run the propagators watching a cell
    // that changed) keep to the rules and the model's own sums: the
    // derived ones, run there too, tripled the time of a hard killer
    // (TAREK median 73 -> 202 ms) and solved no more of the corpus.
    for w in &mut model.watch {
        w.retain(|&p| (p as usize) < first);
    }
    added
}

/// Subtracts or adds the equations, one at a time, each time the one that
/// leaves fewest terms, while that is fewer than before; returns the
/// target left and the rules taken, or None once `budget` (terms weighed)
/// runs out.
fn reduce(
    coef: &mut [i64],
    mut target: i64,
    equations: &[Equation],
    budget: &mut usize,
) -> Option<(i64, Vec<usize>)> {
    let mut used = vec![false; equations.len()];
    let mut rules = Vec::new();
    loop {
        let mut best: Option<(i64, usize, i64)> = None;
        for (j, (cells, ks, _, _)) in equations.iter().enumerate() {
            if used[j] {
                continue;
            }
            *budget = budget.checked_sub(cells.len())?;
            for sign in [1i64, -1] {
                let delta: i64 = cells
                    .iter()
                    .zip(ks)
                    .map(|(&c, &k)| {
                        let before = coef[c as usize];
                        let after = before - sign * k;
                        (after != 0) as i64 - (before != 0) as i64
                    })
                    .sum();
                if delta < 0 && best.is_none_or(|b| delta < b.0) {
                    best = Some((delta, j, sign));
                }
            }
        }
        let Some((_, j, sign)) = best else { break };
        let (cells, ks, t, rule) = &equations[j];
        for (&c, &k) in cells.iter().zip(ks) {
            coef[c as usize] -= sign * k;
        }
        target -= sign * t;
        used[j] = true;
        if !rules.contains(rule) {
            rules.push(*rule);
        }
    }
    Some((target, rules))
}

/// The rules' sums: killer cages (cells of one total), and the linear
/// equations of arrows, little killers, region-sum lines and the like;
/// each cell once, with its coefficients added.
fn rule_equations(model: &Model) -> Vec<Equation> {
    let mut out = Vec::new();
    for (p, prop) in model.props.iter().enumerate() {
        let Origin::Rule(rule) = model.origins[p] else { continue };
        let (cells, coefs, target): (Vec<u16>, Vec<i64>, i64) = match prop {
            Prop::Cage { cells, combos } => {
                let Some(total) = cage_total(combos) else { continue };
                (cells.clone(), vec![1; cells.len()], total)
            }
            Prop::Linear(l) => (l.cells.clone(), l.coefs.clone(), l.target),
            _ => continue,
        };
        let mut merged: Vec<(u16, i64)> = Vec::new();
        for (&c, &k) in cells.iter().zip(&coefs) {
            match merged.iter_mut().find(|e| e.0 == c) {
                Some(e) => e.1 += k,
                None => merged.push((c, k)),
            }
        }
        merged.retain(|e| e.1 != 0);
        if merged.is_empty() || merged.len() > MAX_RULE_TERMS {
            continue;
        }
        let (cs, ks) = merged.into_iter().unzip();
        out.push((cs, ks, target, rule));
    }
    out
}

/// The one total of a cage's sets of digits (a killer cage), or None
/// (a renban's runs, no set).
fn cage_total(combos: &[u32]) -> Option<i64> {
    let total = |m: u32| (0..32).filter(|v| m >> v & 1 == 1).map(|v| v as i64 + 1).sum::<i64>();
    let first = total(*combos.first()?);
    combos.iter().all(|&c| total(c) == first).then_some(first)
}

/// The equations the model already has, sorted by cell, for comparison.
fn existing(model: &Model) -> Vec<(Vec<(u16, i64)>, i64)> {
    model
        .props
        .iter()
        .filter_map(|p| match p {
            Prop::Linear(l) => Some(canonical(
                &l.cells.iter().copied().zip(l.coefs.iter().copied()).collect::<Vec<_>>(),
                l.target,
            )),
            Prop::Cage { cells, combos } => {
                let t = cage_total(combos)?;
                Some(canonical(&cells.iter().map(|&c| (c, 1)).collect::<Vec<_>>(), t))
            }
            _ => None,
        })
        .collect()
}

/// An equation with its terms sorted by cell and its first coefficient
/// positive, so that an equation and its negation compare equal.
fn canonical(terms: &[(u16, i64)], target: i64) -> (Vec<(u16, i64)>, i64) {
    let mut t = terms.to_vec();
    t.sort_unstable();
    let flip = if t.first().is_some_and(|e| e.1 < 0) { -1 } else { 1 };
    (t.into_iter().map(|(c, k)| (c, flip * k)).collect(), flip * target)
}
