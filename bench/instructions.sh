#!/usr/bin/env bash
# Instruction counts (cachegrind, whole processes, one thread) of the jobs a
# pure move must not slow down: the 9x9 batch, counts of pentominoes and
# queens-14, rate on magictour, generating 200 9x9 and 50 jigsaw puzzles, and
# the first 2M solutions of the blank grouped 6x6. Instruction counts repeat
# from run to run whatever else the machine does, so two binaries compare to
# the unit. Usage: bash bench/instructions.sh BINARY... (a table to stdout,
# one column per binary). SHARED overrides ../shared/bench-data.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${SHARED:-../shared/bench-data}
grid=$(mktemp)
printf '000111\n000111\n222333\n222333\n444555\n444555\n0\n' > "$grid"
jobs=(
  "17clue solve|solve --jobs 1 $data/sudoku/17clue.txt"
  "pentominoes count|count --jobs 1 $data/dlx/pentominoes-6x10.dlx"
  "queens-14 count|count --jobs 1 $data/dlx/queens-14.dlx"
  "magictour rate|rate --jobs 1 $data/sudoku/magictour_top1465.txt"
  "generate 200 9x9|generate --jobs 1 --seed 1 --count 200"
  "generate 50 jigsaw|generate --jobs 1 --seed 1 --count 50 --jigsaw"
  "grouped 6x6 2M|solve --all --limit 2000000 --jobs 1 $grid"
)
ir() {
  local f; f=$(mktemp)
  # shellcheck disable=SC2086
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" >/dev/null 2>"$f" || true
  grep -o 'I *refs: *[0-9,]*' "$f" | tr -dc '0-9'; rm -f "$f"
}
printf '| job |'; for b in "$@"; do printf ' %s |' "$(basename "$b")"; done; echo
printf '|---|'; for _ in "$@"; do printf -- '---:|'; done; echo
for j in "${jobs[@]}"; do
  name=${j%%|*}; args=${j#*|}
  printf '| %s |' "$name"
  first=
  for b in "$@"; do
    # shellcheck disable=SC2086
    n=$(ir "$b" $args)
    if [ -z "$first" ]; then first=$n; printf ' %sM |' "$(awk -v n="$n" 'BEGIN{printf "%.1f", n/1e6}')"
    else printf ' %sM (%s) |' "$(awk -v n="$n" 'BEGIN{printf "%.1f", n/1e6}')" "$(awk -v a="$first" -v n="$n" 'BEGIN{printf "%+.2f%%", (n-a)*100/a}')"; fi
  done
  echo
done
rm -f "$grid"
