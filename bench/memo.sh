#!/usr/bin/env bash
# Counting by memo, side by side with Knuth's DLX6 (Algorithm Z) and DLX6
# with his dlx6-noMRV.ch change (first item): one thread, whole processes,
# CPU seconds (user + system) and peak resident memory, median of
# DANCE_BENCH_RUNS runs (default 3), runs interleaved. Prints a Markdown
# table for bench/results.md.
# Usage: DLX6=/path/to/dlx6 DLX6N=/path/to/dlx6n bash bench/memo.sh [SHARED_BENCH_DATA]
# Then a second table: dance count by memo on one thread and on two sharing
# one table (-j1, -j2), wall and CPU seconds and peak memory, medians of
# DANCE_BENCH_RUNS interleaved runs. DANCE_BENCH_MEMO=threads prints only it.
# Build DLX6 from dlx6.w (ascherer/cwebtest) with loghashsize 24 and max_cache
# 400000000 to fit 24 GiB, outside the repository (docs/memo.md).
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(cd "${1:-../shared/bench-data}" && pwd)
runs=${DANCE_BENCH_RUNS:-3}
cargo build --release -q -p dance-cli
dance=target/release/dance
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -c "print('\n'.join(['.'*6]*6))" | $dance export --to dlx --box none - >"$tmp/latin-6.dlx"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# "CPU KB" of one run, at most DANCE_BENCH_CPU (default 120) CPU seconds:
# run STDIN CMD ARGS...
run() {
  local input=$1; shift
  (ulimit -t "${DANCE_BENCH_CPU:-120}"; /usr/bin/env time -f '%U %S %M' -o "$tmp/t" "$@" <"$input" >/dev/null 2>&1) || true
  tail -1 "$tmp/t" | awk '{ printf "%.2f %d\n", $1 + $2, $3 }'
}
threads() {
  # "wall CPU KB" of one run: wall STDIN CMD ARGS...
  wall() {
    local input=$1; shift
    (ulimit -t "${DANCE_BENCH_CPU:-120}"; /usr/bin/env time -f '%e %U %S %M' -o "$tmp/t" "$@" <"$input" >/dev/null 2>&1) || true
    tail -1 "$tmp/t" | awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 }'
  }
  wcell() { echo "$(cut -d' ' -f1 "$1" | median) s wall, $(cut -d' ' -f2 "$1" | median) s CPU, $(( $(cut -d' ' -f3 "$1" | median) / 1024 )) MB"; }
  echo "| problem | solutions | -j1 | -j2 (one shared table) | wall -j2 / -j1 |"
  echo "|---|---:|---:|---:|---:|"
  for f in "$data/dlx/sudoku-6x6-blank.dlx" "$tmp/latin-6.dlx"; do
    : >"$tmp/one"; : >"$tmp/two"
    for _ in $(seq "$runs"); do
      wall /dev/null $dance count -q -j1 "$f" >>"$tmp/one"
      wall /dev/null $dance count -q -j2 "$f" >>"$tmp/two"
    done
    ratio=$(awk -v a="$(cut -d' ' -f1 "$tmp/two" | median)" -v b="$(cut -d' ' -f1 "$tmp/one" | median)" 'BEGIN { printf "%.2f", a / b }')
    echo "| $(basename "$f" .dlx) | $($dance count -q "$f") | $(wcell "$tmp/one") | $(wcell "$tmp/two") | $ratio |"
  done
}
if [ "${DANCE_BENCH_MEMO:-}" = threads ]; then
  threads
  exit 0
fi
echo "| problem | solutions | dance count (CPU s, MB) | DLX6 | DLX6 first item | dance / faster DLX6 |"
echo "|---|---:|---:|---:|---:|---:|"
for f in "$data/dlx/sudoku-6x6-blank.dlx" "$tmp/latin-6.dlx" "$data/memo/domino-12x12.dlx"; do
  : >"$tmp/d"; : >"$tmp/k"; : >"$tmp/n"
  for _ in $(seq "$runs"); do
    run /dev/null $dance count -q -j1 "$f" >>"$tmp/d"
    [ -n "${DLX6:-}" ] && run "$f" "$DLX6" >>"$tmp/k"
    [ -n "${DLX6N:-}" ] && run "$f" "$DLX6N" >>"$tmp/n"
  done
  cell() { [ -s "$1" ] && echo "$(cut -d' ' -f1 "$1" | median) s, $(( $(cut -d' ' -f2 "$1" | median) / 1024 )) MB" || echo "-"; }
  faster=$( { [ -s "$tmp/k" ] && cut -d' ' -f1 "$tmp/k" | median; [ -s "$tmp/n" ] && cut -d' ' -f1 "$tmp/n" | median; } | sort -n | head -1)
  ratio=$(awk -v d="$(cut -d' ' -f1 "$tmp/d" | median)" -v k="${faster:-0}" 'BEGIN { if (k > 0) printf "%.2f", d / k; else print "-" }')
  echo "| $(basename "$f" .dlx) | $($dance count -q "$f") | $(cell "$tmp/d") | $(cell "$tmp/k") | $(cell "$tmp/n") | $ratio |"
done
echo
threads
