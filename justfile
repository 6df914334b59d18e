# dance: common tasks. The quick start needs none of this: plain cargo works.

shared := "../shared/bench-data"

default:
    @just --list

# Build the release binary.
build:
    cargo build --release

# Every test (the README's test command).
test:
    cargo test --workspace

# The corpus (fixtures/*/manifest) alone.
corpus:
    cargo test -p dance-cli --test corpus

# Rewrite the corpus's expected stdout, stderr and statuses from what the
# binary does now; review `git diff fixtures` before committing.
bless:
    DANCE_BLESS=1 cargo test -p dance-cli --test corpus

# The man pages (dance.1 and dance-SUBCOMMAND.1) and the shell completions,
# into target/doc-out.
man:
    mkdir -p target/doc-out
    cargo run --release -q -- man > target/doc-out/dance.1
    for c in solve count export generate analyze explain hint rate render completions man; do cargo run --release -q -- man $c > target/doc-out/dance-$c.1; done
    for s in bash zsh fish powershell elvish; do cargo run --release -q -- completions $s > target/doc-out/dance.$s; done

# Fuzz format detection alone for SECONDS (default 600), one job.
fuzz-detect seconds="600":
    cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run detect -- -max_total_time={{seconds}} -jobs=1 -rss_limit_mb=4096 -detect_leaks=0

# The slow tests: 28 million 6x6 grids, queens-14, pentominoes, double-queens-8,
# cost-queens-20 (release mode).
test-slow:
    cargo test --workspace --release -- --ignored

# The variant corpus through the XCC reduction and dlx: every count as
# the corpus states it, or listed as out of budget or not reduced (release
# mode, about three minutes).
variant-cover:
    DANCE_VARIANT_COVER=1 cargo test --release -p dance-cli --test variant_cover -- --ignored --nocapture

# The generator of realistic files (crates/cli/tests/realistic.rs) for many
# more cases than CI's 150: every layout, titles, ids, solutions as notes,
# comments, blank runs, count lines, end markers, BOM and CRLF.
realistic cases="20000":
    PROPTEST_CASES={{cases}} cargo test --release -p dance-cli --test realistic

# Making 24x24 and 25x25 puzzles (release mode, a few minutes; the
# generator's big-grid target).
test-generate-big:
    cargo test --release -p dance-reduce --test generate -- --ignored biggest_boxes_generate

# Big grids, first solution, one thread: box grids and jigsaws on maps far
# from boxes (the generator's random maps, benches/big.rs --far) at 0, 2,
# 5 and 15% given, seeds 1 to SEEDS; names every grid over 1 s on stderr.
bench-big-far seeds="3" orders="16 20 25 30 33 35 36 40 48 56 63 64":
    cargo bench -p dance-reduce --bench big -- {{orders}} --far --seeds {{seeds}} --percents 0,2,5,15 --budget-ms 20000

# Formatting and lints, as CI checks them.
lint:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings

# What CI runs.
ci:
    bash .ci/run

# Benchmarks: exact-cover files, multiplicities and costs, Sudoku batches, the grouped listing;
# writes bench/results.md. Peers add side-by-side tables: DLX1=, SSXCC=, DLX3=, DLX5=
# (Knuth's programs), TDOKU= (a tdoku driver: `solve FILE`, `count FILE`),
# SUDOKU_GEN= (the sudoku crate generating N puzzles), QQWING= (qqwing).
bench: build
    bash bench/run.sh {{shared}}

# dance rate beside qqwing (µs per puzzle, one thread and two; reach), to stdout.
bench-logic: build
    bash bench/logic.sh {{shared}}

# dance rate on the shared variant corpus: CPU per puzzle (own process), medians; verdicts.
# DANCE_COMMAND=explain times explain; DANCE_BASE=/path/to/dance runs an older binary interleaved.
bench-variant-logic: build
    bash bench/variant_logic.sh

# Counting by memo beside Knuth's DLX6 and DLX6 first item (docs/memo.md):
# DLX6=/path/to/dlx6 DLX6N=/path/to/dlx6n just bench-memo. A table to stdout.
bench-memo: build
    bash bench/memo.sh {{shared}}

# The stretch: Latin squares of order 7 (61,479,419,904,000) by memo, one
# thread, under a memory cap (default 4G). Every first row has as many
# completions (relabel the symbols), so this counts them below the row
# 1234567 and multiplies by 7!; then it runs the whole count for TIME
# (default 2m) to show how far that gets (docs/memo.md: days of CPU).
memo-latin7 memory="4G" time="2m": build
    python3 -c "print('1234567'); print('\n'.join(['.'*7]*6))" > target/latin-7-row.txt
    /usr/bin/env time -f '%U s user, %S s system, %M KB peak' target/release/dance count -j1 --engine memo --memory {{memory}} target/latin-7-row.txt | python3 -c "import sys; n = int(sys.stdin.read()); print(f'first row 1234567: {n:,} squares; x 7! = {n * 5040:,}')"
    python3 -c "print('\n'.join(['.'*7]*7))" | target/release/dance export --to dlx --box none - > target/latin-7.dlx
    -target/release/dance count -j1 --engine memo --memory {{memory}} --timeout {{time}} target/latin-7.dlx

# The random-probe estimate against exact counts on the shared exact-cover
# files (five seeds, 95% intervals, how many cover), to stdout.
bench-estimate: build
    bash bench/estimate.sh {{shared}}

# 9x9 beside tdoku: solve and count to 2 on five sets, one thread, whole
# processes, CPU medians, to stdout as a Markdown table. TDOKU= a driver
# around tdoku built -march=native (bench/tdoku_driver.cc says how),
# TDOKU_V2= the same built -march=x86-64-v2, BASE= another dance (optional).
bench-nine: build
    flock /tmp/bench.lock bash bench/nine.sh {{shared}}

# Variant puzzles beside sigh's Interactive Sudoku Solver run headless under node
# (count to 2, one thread, whole processes; ISS checked out outside the repo, e.g.
# from github.com/sigh/Interactive-Sudoku-Solver), to stdout as a Markdown table.
bench-variants iss="../peers/iss": build
    flock /tmp/bench.lock bash bench/variants.sh {{iss}} {{shared}}/variants

# Fuzz every target for SECONDS each (default 600), one after another.
# Leak detection is off: the solve target lists on two threads, and
# LeakSanitizer reports glibc's 32-byte thread-exit record as a leak.
fuzz seconds="600":
    cd fuzz && for t in $(RUSTC_BOOTSTRAP=1 cargo fuzz list); do RUSTC_BOOTSTRAP=1 cargo fuzz run $t -- -max_total_time={{seconds}} -rss_limit_mb=4096 -detect_leaks=0 || exit 1; done

# Count FILE in M shards for real with GNU parallel (one job per core) and
# check the sum against a plain count (docs/sharding.md).
shards file="fixtures/dlx/langford-12.dlx" m="16": build
    #!/usr/bin/env bash
    set -euo pipefail
    sum=$(seq 1 {{m}} | parallel -j "$(nproc)" --halt now,fail=1 target/release/dance count -j 1 --quiet --shard {}/{{m}} {{file}} | paste -sd+ | bc)
    total=$(target/release/dance count --quiet {{file}})
    echo "{{m}} shards: $sum; one count: $total"
    test "$sum" = "$total"
    # Listings: the shards' solutions together are the full listing (each
    # solution joined on one line, its number dropped, then sorted).
    join='/^[0-9]+$/ { if (s != "") print s; s = ""; next } { s = s " | " $0 } END { if (s != "") print s }'
    seq 1 {{m}} | parallel -j "$(nproc)" --halt now,fail=1 "target/release/dance solve --all -j 1 --quiet --shard {}/{{m}} {{file}} | awk '$join'" | sort > target/shards-listing.txt
    target/release/dance solve --all -j 1 --quiet {{file}} | awk "$join" | sort > target/full-listing.txt
    cmp target/shards-listing.txt target/full-listing.txt
    echo "{{m}} shard listings: $(wc -l < target/shards-listing.txt) solutions, the full listing's"
