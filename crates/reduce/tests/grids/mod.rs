//! Grids for the big-grid tests and bench: blank and sparse box grids of
//! any order, and random jigsaw maps with a known solution. Shared by
//! `tests/big.rs` and `benches/big.rs` (through `#[path]`).

#![allow(dead_code)]

use dlx::SplitMix64;
use reduce::{Alphabet, Puzzle, Regions, Shape};

/// A filled grid of `shape` (rows, then columns, then regions): for boxes
/// of R x C cells the classic shifting pattern, for a Latin square the
/// cyclic one; rows, columns and symbols then shuffled within what keeps
/// it valid.
pub fn full_grid(shape: &Shape, rng: &mut SplitMix64) -> Vec<u8> {
    let n = shape.n();
    let (rows, cols) = match *shape.regions() {
        Regions::Boxes { rows, cols } => (rows, cols),
        _ => (1, n),
    };
    let base = |r: usize, c: usize| (r * cols + r / rows + c) % n;
    let mut order = |groups: usize, size: usize| -> Vec<usize> {
        // Shuffle the groups, and the members of each group.
        let mut g: Vec<usize> = (0..groups).collect();
        shuffle(&mut g, rng);
        let mut out = Vec::with_capacity(n);
        for k in g {
            let mut m: Vec<usize> = (0..size).collect();
            shuffle(&mut m, rng);
            out.extend(m.into_iter().map(|i| k * size + i));
        }
        out
    };
    let (row_order, col_order) = if rows == 1 {
        // A Latin square: any rows and columns.
        (order(1, n), order(1, n))
    } else {
        (order(n / rows, rows), order(n / cols, cols))
    };
    let mut symbols: Vec<u8> = (0..n as u8).collect();
    shuffle(&mut symbols, rng);
    (0..n * n).map(|i| symbols[base(row_order[i / n], col_order[i % n])]).collect()
}

pub fn shuffle<T>(v: &mut [T], rng: &mut SplitMix64) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.below(i as u64 + 1) as usize);
    }
}

/// A puzzle of `shape` with every cell blank.
pub fn blank(shape: &Shape) -> Puzzle {
    let n = shape.n();
    Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap()
}

/// A puzzle with the cells of `full` kept with probability `keep`.
pub fn sparse(shape: &Shape, full: &[u8], keep: f64, rng: &mut SplitMix64) -> Puzzle {
    let n = shape.n();
    let givens = full.iter().map(|_| ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < keep).zip(full);
    let givens = givens.map(|(k, &v)| k.then_some(v)).collect();
    Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), givens).unwrap()
}

/// Whether the cells labelled `label` in `map` (N x N) are connected.
fn connected(map: &[usize], n: usize, label: usize) -> bool {
    let Some(start) = map.iter().position(|&l| l == label) else { return true };
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    let mut count = 0;
    while let Some(c) = stack.pop() {
        count += 1;
        let (r, col) = (c / n, c % n);
        let mut near = Vec::with_capacity(4);
        if r > 0 {
            near.push(c - n);
        }
        if r + 1 < n {
            near.push(c + n);
        }
        if col > 0 {
            near.push(c - 1);
        }
        if col + 1 < n {
            near.push(c + 1);
        }
        for d in near {
            if map[d] == label && !seen[d] {
                seen[d] = true;
                stack.push(d);
            }
        }
    }
    count == map.iter().filter(|&&l| l == label).count()
}

/// A random jigsaw shape of order `n` for which `full` (a filled grid of
/// the default shape of order `n`) stays a solution: starting from the
/// default regions (rows for a prime order), cells swap regions in pairs,
/// two cells with the same symbol in `full`, each next to the other's
/// region, as long as both regions stay connected. Every region keeps N
/// cells and one of each symbol.
pub fn jigsaw(n: usize, full: &[u8], swaps: usize, rng: &mut SplitMix64) -> Shape {
    let start = Shape::default_for(n).unwrap();
    let mut map: Vec<usize> = (0..n * n).map(|i| start.region(i).unwrap_or(i / n)).collect();
    // The cells of each symbol.
    let mut cells_of = vec![Vec::new(); n];
    for (c, &v) in full.iter().enumerate() {
        cells_of[v as usize].push(c);
    }
    let borders = |map: &[usize], c: usize, region: usize| {
        let (r, col) = (c / n, c % n);
        (r > 0 && map[c - n] == region)
            || (r + 1 < n && map[c + n] == region)
            || (col > 0 && map[c - 1] == region)
            || (col + 1 < n && map[c + 1] == region)
    };
    let mut done = 0;
    let mut tries = 0;
    while done < swaps && tries < 200 * swaps.max(1) && n > 1 {
        tries += 1;
        let v = rng.below(n as u64) as usize;
        let a = cells_of[v][rng.below(n as u64) as usize];
        let b = cells_of[v][rng.below(n as u64) as usize];
        let (ra, rb) = (map[a], map[b]);
        if ra == rb || !borders(&map, a, rb) || !borders(&map, b, ra) {
            continue;
        }
        map.swap(a, b);
        if connected(&map, n, ra) && connected(&map, n, rb) {
            done += 1;
        } else {
            map.swap(a, b);
        }
    }
    let labels: Vec<char> = (0..n).map(|k| char::from_u32(0x100 + k as u32).unwrap()).collect();
    Shape::new(n, Regions::Map(map.iter().map(|&k| labels[k]).collect())).unwrap()
}

/// Whether every region of `shape` is connected (cells side by side).
pub fn regions_connected(shape: &Shape) -> bool {
    let n = shape.n();
    let map: Vec<usize> = (0..n * n).map(|c| shape.region(c).unwrap_or(c / n)).collect();
    (0..n).all(|k| connected(&map, n, k))
}

/// How many cells of `shape` lie outside the box their region overlaps
/// most (the rows, for a prime order): the cells moved from their
/// starting box, counted without knowing which box each region started
/// as (each region is given the box it keeps most of, so the count is at
/// most what any such correspondence gives).
pub fn moved(shape: &Shape) -> usize {
    let n = shape.n();
    let start = Shape::default_for(n).unwrap();
    let mut overlap = vec![0usize; n * n];
    for c in 0..n * n {
        let (k, b) = (shape.region(c).unwrap_or(c / n), start.region(c).unwrap_or(c / n));
        overlap[k * n + b] += 1;
    }
    n * n - overlap.chunks(n).map(|row| row.iter().copied().max().unwrap_or(0)).sum::<usize>()
}

/// A random jigsaw map of order `n` farther from the boxes than
/// [`jigsaw`]'s (see [`moved`]) with a filled grid it has: a map drawn as
/// the generator draws them (`reduce::generate::random_map`: 8 N² swaps
/// of any two neighbouring cells that keep regions connected), kept once
/// the bit search finds a grid for it (its first solution in a random
/// order) within 400,000 nodes; `None` after `tries` maps. Swaps of
/// same-symbol cells of one fixed grid ([`jigsaw`]) stay near the boxes:
/// a cell moves only with a twin of its symbol next door. By [`moved`]
/// (a lower bound), these maps have a third to a half of their cells
/// moved (orders 9 and 12), against a fifth to a third for [`jigsaw`]'s.
pub fn far_jigsaw(n: usize, tries: usize, rng: &mut SplitMix64) -> Option<(Shape, Vec<u8>)> {
    for _ in 0..tries {
        let shape = reduce::generate::random_map(n, reduce::Symmetry::None, rng).ok()?;
        let mut solver = reduce::GridSolver::new(&shape);
        solver.set_budget(dlx::Budget::nodes(400_000));
        let mut full = None;
        let _ = solver.solve_shuffled(&blank(&shape), rng.next_u64(), |g| {
            full = Some(g.to_vec());
            std::ops::ControlFlow::Break(())
        });
        if let Some(full) = full {
            return Some((shape, full));
        }
    }
    None
}
