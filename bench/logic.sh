#!/usr/bin/env bash
# dance rate side by side with qqwing --solve --stats --csv (issue 18): µs
# per puzzle and reach (the share solved by logic alone) on the bench sets.
# Usage: bash bench/logic.sh [SHARED_BENCH_DATA] (just bench-logic); bench/run.sh
# has the CPU figures of rate beside qqwing too, without reach.
# LOGIC_SETS="17clue magictour_top1465" by default (forum_hardest_1905_11plus
# takes minutes: qqwing needs about two of them per run).
# QQWING=/path/to/qqwing (default: qqwing on PATH; without it, dance alone).
# Times: wall seconds of the whole process, median of DANCE_BENCH_RUNS runs
# (default 3), runs interleaved (qqwing, dance -j1, dance -j2, ...); qqwing
# is single-threaded. Reach: dance = puzzles rated (not "beyond" nor
# unrated); qqwing = puzzles it solved without a guess (Guesses = 0).
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(cd "${1:-../shared/bench-data}" && pwd)
runs=${DANCE_BENCH_RUNS:-3}
qqwing=${QQWING:-$(command -v qqwing || true)}
[ -x target/release/dance ] || cargo build --release -q -p dance-cli
dance=target/release/dance

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
secs() {  # wall seconds of one run of a command (stdin from $in)
  /usr/bin/env time -f %e -o "$tmp" "$@" <"$in" >/dev/null 2>&1 || true
  tail -1 "$tmp"
}
cpu() {  # user + system CPU seconds of one run
  /usr/bin/env time -f '%U %S' -o "$tmp" "$@" <"$in" >/dev/null 2>&1 || true
  tail -1 "$tmp" | awk '{ print $1 + $2 }'
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

echo "## Logic: dance rate beside qqwing --solve --stats --csv (µs per puzzle, whole process; wall, and CPU for one thread)"
echo
echo "| set | puzzles | qqwing wall | qqwing CPU | dance rate -j1 wall | dance rate -j1 CPU | dance rate -j2 wall | reach: qqwing without guessing | reach: dance by logic |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for s in ${LOGIC_SETS:-17clue magictour_top1465}; do
  in="$data/sudoku/$s.txt"
  [ -f "$in" ] || continue
  n=$(grep -c . "$in")
  q=(); qc=(); d1=(); c1=(); d2=()
  for _ in $(seq "$runs"); do
    if [ -n "$qqwing" ]; then
      q+=("$(secs "$qqwing" --solve --stats --csv)")
      qc+=("$(cpu "$qqwing" --solve --stats --csv)")
    fi
    d1+=("$(secs "$dance" rate --jobs 1 "$in")")
    c1+=("$(cpu "$dance" rate --jobs 1 "$in")")
    d2+=("$(secs "$dance" rate --jobs 2 "$in")")
  done
  us() { printf '%s\n' "$@" | median | awk -v n="$n" '{ printf "%.0f", $1 * 1e6 / n }'; }
  rated=$("$dance" rate "$in" 2>/dev/null | grep -cv '^beyond\|^unrated' || true)
  reach_d=$(awk -v a="$rated" -v n="$n" 'BEGIN { printf "%.1f%%", 100 * a / n }')
  if [ -n "$qqwing" ]; then
    # CSV: Puzzle,Givens,...,Guesses,Backtracks,Difficulty; Guesses is 9th.
    clean=$("$qqwing" --solve --stats --csv <"$in" | awk -F, 'NR > 1 && $9 == 0' | wc -l)
    reach_q=$(awk -v a="$clean" -v n="$n" 'BEGIN { printf "%.1f%%", 100 * a / n }')
    tq="$(us "${q[@]}") | $(us "${qc[@]}")"
  else
    reach_q=-; tq="- | -"
  fi
  echo "| $s | $n | $tq | $(us "${d1[@]}") | $(us "${c1[@]}") | $(us "${d2[@]}") | $reach_q | $reach_d |"
done
echo
