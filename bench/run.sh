#!/usr/bin/env bash
# The whole benchmark: exact-cover files, Sudoku batches, the grouped listing,
# and both cores. Writes bench/results.md (the README's table comes from it)
# and names the machine. Usage: bash bench/run.sh [SHARED_BENCH_DATA]
# Times are medians of DANCE_BENCH_RUNS runs (default 3); the machine should
# be otherwise idle. With DLX1=/path/to/dlx1 (Knuth's program, built from
# dlx1.w, which reads the problem on stdin), it also times DLX1 and dance one
# after the other on each big file, runs interleaved, and gives the ratio.
# Likewise DLX3=... and DLX5=... for the multiplicity and cost files.
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(cd "${1:-../shared/bench-data}" && pwd)  # cargo bench runs in the crate's folder
runs=${DANCE_BENCH_RUNS:-3}
export DANCE_BENCH_RUNS=$runs
out=bench/results.md
cargo build --release -q -p dance-cli
dance=target/release/dance

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# wall seconds of a command, median of $runs runs
wall() {
  for _ in $(seq "$runs"); do
    /usr/bin/env time -f %e "$@" 2>&1 >/dev/null | tail -1
  done | median
}

{
  echo "# dance benchmarks"
  echo
  echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB;" \
       "$(rustc --version); $(date -u +%Y-%m-%d). Medians of $runs runs."
  echo
  echo "## Exact cover, one thread (count every solution; CPU seconds of the count)"
  echo
  cargo bench -q -p dance-dlx --bench files -- "$PWD"/fixtures/dlx/*.dlx 2>/dev/null
  echo
  if [ -n "${DLX1:-}" ]; then
    echo "## Side by side with DLX1, one thread (CPU seconds, runs interleaved: DLX1, dance, DLX1, ...)"
    echo
    echo "| problem | DLX1 | dance count --jobs 1 | ratio |"
    echo "|---|---:|---:|---:|"
    cpu=$(mktemp)
    for f in queens-14 langford-12 pentominoes-6x10 pentominoes-6x10-knuthgen sudoku-6x6-blank; do
      k=(); d=()
      for _ in $(seq "$runs"); do
        /usr/bin/env time -f %U -o "$cpu" "$DLX1" <fixtures/dlx/$f.dlx >/dev/null 2>&1
        k+=("$(tail -1 "$cpu")")
        /usr/bin/env time -f %U -o "$cpu" "$dance" count --jobs 1 fixtures/dlx/$f.dlx >/dev/null
        d+=("$(tail -1 "$cpu")")
      done
      tk=$(printf '%s\n' "${k[@]}" | median); td=$(printf '%s\n' "${d[@]}" | median)
      awk -v f="$f" -v k="$tk" -v d="$td" 'BEGIN { printf "| %s | %s | %s | %.2f |\n", f, k, d, d / k }'
    done
    rm -f "$cpu"
    echo
  fi
  echo "## Multiplicities and costs (fixtures/xcc: count, or the 5 cheapest; wall seconds, in process)"
  echo
  cargo bench -q -p dance-dlx --bench xcc -- "$PWD"/fixtures/xcc/{knuth-dlx3-example,double-queens-7,double-queens-8,knuth-dlx5-example,cost-queens-10,cost-queens-14,cost-queens-16,cost-queens-20}.dlx 2>/dev/null
  echo
  if [ -n "${DLX3:-}${DLX5:-}" ]; then
    echo "## Side by side with DLX3 and DLX5, one thread (CPU seconds, whole processes, runs interleaved)"
    echo
    echo "| problem | Knuth | Knuth's command | dance --jobs 1 | ratio |"
    echo "|---|---:|---|---:|---:|"
    cpu=$(mktemp)
    xcc_side_by_side() {  # NAME KNUTH KNUTH_ARGS DANCE_ARGS...
      local f=$1 knuth=$2 kargs=$3; shift 3
      local k=() d=()
      for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        /usr/bin/env time -f %U -o "$cpu" "$knuth" $kargs <fixtures/xcc/$f.dlx >/dev/null 2>&1
        k+=("$(tail -1 "$cpu")")
        /usr/bin/env time -f %U -o "$cpu" "$dance" "$@" --jobs 1 fixtures/xcc/$f.dlx >/dev/null
        d+=("$(tail -1 "$cpu")")
      done
      local tk td
      tk=$(printf '%s\n' "${k[@]}" | median); td=$(printf '%s\n' "${d[@]}" | median)
      awk -v f="$f" -v k="$tk" -v c="$(basename "$knuth") $kargs" -v d="$td" -v a="dance $*" \
        'BEGIN { printf "| %s | %s | `%s` | %s (`%s`) | %.2f |\n", f, k, c, d, a, d / k }'
    }
    [ -n "${DLX3:-}" ] && xcc_side_by_side double-queens-8 "$DLX3" d0 count
    [ -n "${DLX5:-}" ] && xcc_side_by_side cost-queens-20 "$DLX5" "k5 d0" solve --best 5
    rm -f "$cpu"
    echo
  fi
  echo "## Sudoku batches, one thread (µs per puzzle, parsing included; bits: the bit-parallel search, links: dancing links)"
  echo
  cargo bench -q -p dance-reduce --bench sudoku -- "$data"/sudoku/*.txt 2>/dev/null
  echo
  echo "## The grouped listing (solve --all on a blank 6x6 grouped grid, to /dev/null)"
  echo
  grid=$(mktemp)
  printf '000111\n000111\n222333\n222333\n444555\n444555\n0\n' > "$grid"
  t=$(wall "$dance" solve --all --jobs 1 "$grid")
  echo "| solutions | seconds | solutions per second |"
  echo "|---:|---:|---:|"
  awk -v t="$t" 'BEGIN { printf "| 28200960 | %s | %.0f |\n", t, 28200960 / t }'
  rm -f "$grid"
  echo
  echo "## Both cores (wall seconds, dance count / solve with --jobs)"
  echo
  echo "| job | --jobs 1 | --jobs 2 |"
  echo "|---|---:|---:|"
  for f in pentominoes-6x10 sudoku-6x6-blank queens-14; do
    echo "| count $f | $(wall "$dance" count --jobs 1 fixtures/dlx/$f.dlx) | $(wall "$dance" count --jobs 2 fixtures/dlx/$f.dlx) |"
  done
  f=fixtures/xcc/double-queens-8.dlx
  echo "| count double-queens-8 | $(wall "$dance" count --jobs 1 $f) | $(wall "$dance" count --jobs 2 $f) |"
  f=fixtures/xcc/cost-queens-20.dlx
  echo "| solve --best 5 cost-queens-20 | $(wall "$dance" solve --best 5 --jobs 1 $f) | $(wall "$dance" solve --best 5 --jobs 2 $f) |"
  f=fixtures/dlx/pentominoes-6x10.dlx
  echo "| solve --all pentominoes-6x10 | $(wall "$dance" solve --all --jobs 1 $f) | $(wall "$dance" solve --all --jobs 2 $f) |"
  for s in 17clue forum_hardest_1905_11plus; do
    [ -f "$data/sudoku/$s.txt" ] || continue
    f="$data/sudoku/$s.txt"
    echo "| solve $s | $(wall "$dance" solve --jobs 1 "$f") | $(wall "$dance" solve --jobs 2 "$f") |"
    echo "| count --limit 2 $s | $(wall "$dance" count --limit 2 --jobs 1 "$f") | $(wall "$dance" count --limit 2 --jobs 2 "$f") |"
  done
} | tee "$out"
