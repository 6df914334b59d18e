//! `count --zdd FILE` and `dance zdd count|list|sample FILE`, through the
//! binary: on random small exact-cover problems with colors and on 4x4
//! puzzles, the diagram's count equals the plain engine's, its listing
//! equals `solve --all`'s as a set (each solution verified by the binary
//! before printing), samples are uniform (a chi-square test), Knuth's
//! form has DLX6's shape, and truncated or corrupt files are refused with
//! the file and line, exit 2, never a panic.

mod common;
use common::dance;

use std::collections::{BTreeSet, HashMap};

use std::path::PathBuf;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dance-zdd-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn write(name: &str, text: &str) -> String {
    let p = tmp(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// A small deterministic generator (the tests' own, no dependency).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A random problem in Knuth's format: primary items, secondary items
/// (some colored A or B), up to 16 options of 1 to 4 items.
fn random_problem(rng: &mut Rng) -> String {
    let primary = 1 + rng.below(6) as usize;
    let secondary = rng.below(3) as usize;
    let mut s = (0..primary).map(|i| format!("p{i}")).collect::<Vec<_>>().join(" ");
    if secondary > 0 {
        s += " | ";
        s += &(0..secondary).map(|i| format!("s{i}")).collect::<Vec<_>>().join(" ");
    }
    s.push('\n');
    for _ in 0..1 + rng.below(16) {
        let mut items = BTreeSet::new();
        for _ in 0..1 + rng.below(4) {
            items.insert(rng.below((primary + secondary) as u64) as usize);
        }
        let words: Vec<String> = items
            .into_iter()
            .map(|i| {
                if i < primary {
                    format!("p{i}")
                } else {
                    match rng.below(3) {
                        0 => format!("s{}", i - primary),
                        1 => format!("s{}:A", i - primary),
                        _ => format!("s{}:B", i - primary),
                    }
                }
            })
            .collect();
        s += &words.join(" ");
        s.push('\n');
    }
    s
}

/// The solutions of `solve --all` output (numbered blocks of lines, a
/// block the lines up to the next number, 1, 2, 3, ...), sorted: a
/// multiset (two options may read alike). A problem's option lines are
/// sorted within their block (any order is the same solution); a grid's
/// rows are kept.
fn solutions(out: &str, grids: bool) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    let mut cur: Option<Vec<String>> = None;
    let mut next = 1;
    for line in out.lines() {
        if line == next.to_string() {
            next += 1;
            if let Some(mut c) = cur.take() {
                if !grids {
                    c.sort();
                }
                all.push(c);
            }
            cur = Some(Vec::new());
        } else if let Some(c) = cur.as_mut() {
            c.push(line.to_string());
        }
    }
    if let Some(mut c) = cur {
        if !grids {
            c.sort();
        }
        all.push(c);
    }
    all.sort();
    all
}

/// Counts `input` with --zdd, reads the diagram back, and checks its
/// count and listing against the plain engine's.
fn check_against_plain(name: &str, input: &str, grids: bool) {
    let path = write(&format!("{name}.{}", if grids { "txt" } else { "dlx" }), input);
    let zdd = tmp(&format!("{name}.zdd")).display().to_string();
    let plain = dance(&["count", "-q", "--engine", "plain", &path]).any_stdout().check().stdout;
    let count = dance(&["count", "-q", "--zdd", &zdd, &path]).any_stdout().check().stdout;
    assert_eq!(count, plain, "{input}");
    dance(&["zdd", "count", &zdd]).stdout(plain.clone()).check();
    let expected = if plain == "0\n" { 1 } else { 0 };
    let all = dance(&["solve", "--all", &path]).any_stdout().stderr_has("").status(expected).run().stdout;
    let listed = dance(&["zdd", "list", &zdd]).any_stdout().stderr_has("").status(expected).run();
    assert_eq!(listed.code, expected, "{}", listed.stderr);
    if expected == 0 {
        let listed = solutions(&listed.stdout, grids);
        assert_eq!(listed, solutions(&all, grids), "{input}");
        let n: usize = plain.trim().parse().unwrap();
        assert_eq!(listed.len(), n);
        if grids {
            assert!(listed.windows(2).all(|w| w[0] != w[1]), "a grid listed twice");
        }
    } else {
        assert_eq!(listed.stdout, all, "无解 as solve prints it");
    }
}

#[test]
fn random_problems_read_back_as_the_plain_engine_counts_and_lists() {
    let mut rng = Rng(35);
    for k in 0..60 {
        check_against_plain(&format!("random{k}"), &random_problem(&mut rng), false);
    }
}

#[test]
fn puzzles_read_back_as_grids() {
    check_against_plain("blank4", "....\n....\n....\n....\n", true);
    check_against_plain("partial4", "1...\n....\n....\n...2\n", true);
    // Clashing givens: 0, and no diagram (there is no reduction to hold).
    let clash = write("clash4.txt", "11..\n....\n....\n....\n");
    let none = tmp("clash4.zdd");
    dance(&["count", "--zdd", &none.display().to_string(), &clash])
        .stdout("0\n")
        .stderr_has("no diagram")
        .check();
    assert!(!none.exists());

    // A jigsaw 4x4 (regions by letters) through its reduction.
    let zdd = tmp("jig.zdd").display().to_string();
    let jig = write("jig.txt", "1...\n....\n....\n....\n");
    let regions = write("jig.regions", "aabb\naabb\nccdd\nccdd\n");
    let plain = dance(&["count", "-q", "--regions", &regions, &jig]).any_stdout().check().stdout;
    dance(&["count", "-q", "--regions", &regions, "--zdd", &zdd, &jig]).stdout(plain.clone()).check();
    dance(&["zdd", "count", &zdd]).stdout(plain).check();
}

#[test]
fn samples_of_the_288_grids_are_uniform() {
    let zdd = tmp("blank.zdd").display().to_string();
    let blank = write("blank.txt", "....\n....\n....\n....\n");
    dance(&["count", "-q", "--zdd", &zdd, &blank]).stdout("288\n").check();
    let draws = 57_600;
    let out = dance(&["zdd", "sample", "-n", &draws.to_string(), "--seed", "2026", &zdd])
        .any_stdout()
        .check()
        .stdout;
    let mut seen: HashMap<String, usize> = HashMap::new();
    for block in common::numbered(&out, 4) {
        *seen.entry(block.1).or_default() += 1;
    }
    let all = solutions(&dance(&["solve", "--all", &blank]).any_stdout().check().stdout, true);
    assert_eq!(all.len(), 288);
    assert!(seen.keys().all(|g| all.contains(&g.lines().map(String::from).collect())));
    assert_eq!(seen.values().sum::<usize>(), draws);
    // 287 degrees of freedom: below 346.0 with probability 99%.
    let e = draws as f64 / 288.0;
    let chi: f64 =
        seen.values().map(|&c| (c as f64 - e).powi(2) / e).sum::<f64>() + (288 - seen.len()) as f64 * e;
    assert!(chi < 346.0, "chi-square {chi}");
    // The same seed, the same draws.
    let again = dance(&["zdd", "sample", "-n", "5", "--seed", "2026", &zdd]).any_stdout().check().stdout;
    assert!(out.starts_with(&again));
}

#[test]
fn knuths_form_has_dlx6s_shape() {
    let p = write("dom.dlx", "a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n");
    let k = tmp("dom.knuth").display().to_string();
    dance(&["count", "-q", "--zdd", &k, "--zdd-format", "knuth", &p]).stdout("3\n").check();
    // DLX6 m1 prints exactly these lines for this problem.
    let dlx6 = "2: (~3?0:1)\n3: (~7?0:2)\n4: (~1?0:3)\n5: (~4?0:1)\n6: (~2?0:5)\n7: (~7?0:1)\n\
                8: (~6?6:7)\n9: (~5?4:8)\na: (~0?0:9)\n";
    assert_eq!(std::fs::read_to_string(&k).unwrap(), dlx6);
}

#[test]
fn truncated_and_corrupt_files_are_refused_with_their_line() {
    let p = write("dom6.dlx", "a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n");
    let z = tmp("dom6.zdd").display().to_string();
    dance(&["count", "-q", "--zdd", &z, &p]).stdout("3\n").check();
    let good = std::fs::read(&z).unwrap();
    let bad = tmp("bad.zdd").display().to_string();
    // Every truncation but the last newline.
    for cut in 0..good.len() - 1 {
        std::fs::write(&bad, &good[..cut]).unwrap();
        let r = dance(&["zdd", "count", &bad]).expect(2);
        assert!(r.stderr.starts_with(&format!("dance: {bad}")), "{}", r.stderr);
        assert!(r.stdout.is_empty());
    }
    // Every byte changed to each of a few others: refused, or read as a
    // diagram whose every solution still verifies.
    let mut refused = 0;
    for at in 0..good.len() {
        for b in [b'0', b'1', b'9', b' ', b'\n', b'x', 0xff] {
            if good[at] == b {
                continue;
            }
            let mut t = good.clone();
            t[at] = b;
            std::fs::write(&bad, &t).unwrap();
            let r = dance(&["zdd", "list", &bad]).any_stdout().stderr_has("").status(0).run();
            assert!(r.code == 0 || r.code == 2, "exit {}: {}", r.code, r.stderr);
            if r.code == 2 {
                refused += 1;
                assert!(r.stderr.contains(&bad), "{}", r.stderr);
            }
        }
    }
    assert!(refused > 0);
    let r = dance(&["zdd", "count", &p]).expect(2);
    assert!(r.stderr.contains(":1: not a dance-zdd file"), "{}", r.stderr);
}

#[test]
fn what_cannot_be_diagrammed_is_refused() {
    let z = tmp("r.zdd").display().to_string();
    let killer = common::fixture("variants/docs/cages4.txt");
    let k = write("cages4.txt", &killer);
    dance(&["count", "--zdd", &z, &k]).stderr_has("variant").expect(2);
    dance(&["count", "--zdd", &z, "--engine", "plain", &k]).stderr_has("--engine plain").expect(2);
    dance(&["count", "--zdd", &z, "--output", "json", &k]).stderr_has("text only").expect(2);
    // One diagram a file: a second record is refused, the first answered.
    let two = write("two.txt", "1...\n....\n....\n...2\n\n12..\n....\n....\n....\n");
    let r = dance(&["count", "-q", "--zdd", &z, &two]).expect(2);
    assert_eq!(r.stdout, "18\n");
    assert!(r.stderr.contains("two.txt:6"), "{}", r.stderr);
    dance(&["zdd", "count", &z]).stdout("18\n").check();
    // A memory cap the diagram passes: unknown, no file.
    let none = tmp("none.zdd");
    let blank = write("b.txt", "....\n....\n....\n....\n");
    dance(&["count", "--zdd", &none.display().to_string(), "--memory", "1K", &blank])
        .stderr_has("memory cap")
        .expect(3);
    assert!(!none.exists());
}
