#!/usr/bin/env bash
# 9x9 beside tdoku: solve and count to 2, one thread, whole processes (parsing
# and printing included), CPU seconds (user + system), medians of RUNS runs
# (default 3), the programs interleaved in each run. A Markdown table to stdout.
# Usage: TDOKU=/path/driver [TDOKU_V2=/path/driver] [DANCE=...] [BASE=...]
#        bash bench/nine.sh [SHARED_BENCH_DATA]
# TDOKU is a driver around TdokuSolverDpllTriadSimd (`solve FILE` prints the
# first solution, `count FILE` counts to 2) built with -march=native; TDOKU_V2
# the same built with -march=x86-64-v2; BASE another dance binary (a baseline)
# timed in the same runs. The sets (the issue's sizes): 17clue twice, the first
# 15,000 of forum_hardest_1905_11plus, magictour_top1465 and serg_benchmark ten
# times each, and MINIMAL (default: 20,000 minimal puzzles from
# `dance generate -n 20000 --seed 36`).
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(cd "${1:-../shared/bench-data}" && pwd)/sudoku
runs=${RUNS:-3}
dance=${DANCE:-target/release/dance}
: "${TDOKU:?TDOKU=/path/to/a tdoku driver}"
sets=$(mktemp -d)
trap 'rm -rf "$sets"' EXIT
cat "$data/17clue.txt" "$data/17clue.txt" > "$sets/17clue-x2"
head -15000 "$data/forum_hardest_1905_11plus.txt" > "$sets/hardest-15000"
for _ in $(seq 10); do cat "$data/magictour_top1465.txt"; done > "$sets/magictour-x10"
for _ in $(seq 10); do cat "$data/serg_benchmark.txt"; done > "$sets/serg-x10"
if [ -n "${MINIMAL:-}" ]; then cp "$MINIMAL" "$sets/minimal"; else
  "$dance" generate -n 20000 --seed 36 --jobs 1 > "$sets/minimal"; fi

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
cpu() {  # CPU seconds of one run: cpu CMD ARGS...
  local f; f=$(mktemp)
  /usr/bin/env time -f '%U %S' -o "$f" "$@" >/dev/null 2>&1 </dev/null || true
  tail -1 "$f" | awk '{ printf "%.3f\n", $1 + $2 }'; rm -f "$f"
}
echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'); $(date -u '+%Y-%m-%d %H:%M UTC'); medians of $runs runs."
echo
head="| set | puzzles | mode | tdoku native |"
line="|---|---:|---|---:|"
[ -n "${TDOKU_V2:-}" ] && { head+=" tdoku x86-64-v2 |"; line+="---:|"; }
[ -n "${BASE:-}" ] && { head+=" dance before |"; line+="---:|"; }
head+=" dance | dance / tdoku native |"; line+="---:|---:|"
echo "$head"; echo "$line"
for s in 17clue-x2 hardest-15000 magictour-x10 serg-x10 minimal; do
  n=$(wc -l < "$sets/$s")
  for mode in solve count; do
    if [ $mode = solve ]; then dargs=(solve --jobs 1); else dargs=(count --limit 2 --jobs 1); fi
    t=(); v=(); b=(); d=()
    for _ in $(seq "$runs"); do
      t+=("$(cpu "$TDOKU" $mode "$sets/$s")")
      [ -n "${TDOKU_V2:-}" ] && v+=("$(cpu "$TDOKU_V2" $mode "$sets/$s")")
      [ -n "${BASE:-}" ] && b+=("$(cpu "$BASE" "${dargs[@]}" "$sets/$s")")
      d+=("$(cpu "$dance" "${dargs[@]}" "$sets/$s")")
    done
    tt=$(printf '%s\n' "${t[@]}" | median); td=$(printf '%s\n' "${d[@]}" | median)
    row="| $s | $n | $mode | $tt |"
    [ -n "${TDOKU_V2:-}" ] && row+=" $(printf '%s\n' "${v[@]}" | median) |"
    [ -n "${BASE:-}" ] && row+=" $(printf '%s\n' "${b[@]}" | median) |"
    row+=" $td | $(awk -v a="$td" -v b="$tt" 'BEGIN { printf "%.2f", a / b }') |"
    echo "$row"
  done
done
