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

# The slow tests: 28 million 6x6 grids, queens-14, pentominoes (release mode).
test-slow:
    cargo test --workspace --release -- --ignored

# Formatting and lints, as CI checks them.
lint:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings

# What CI runs.
ci:
    bash .ci/run

# Benchmarks: exact-cover files, Sudoku batches, the grouped listing; writes bench/results.md.
bench: build
    bash bench/run.sh {{shared}}

# Fuzz every target for SECONDS each (default 600), one after another.
# Leak detection is off: the solve target lists on two threads, and
# LeakSanitizer reports glibc's 32-byte thread-exit record as a leak.
fuzz seconds="600":
    cd fuzz && for t in $(RUSTC_BOOTSTRAP=1 cargo fuzz list); do RUSTC_BOOTSTRAP=1 cargo fuzz run $t -- -max_total_time={{seconds}} -rss_limit_mb=4096 -detect_leaks=0 || exit 1; done
