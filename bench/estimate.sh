#!/usr/bin/env bash
# The accuracy of Knuth's random-probe estimate (`dance count --estimate`,
# issue 15) on the shared exact-cover files: for each file, the exact
# solutions and nodes (DLX1's node count, from `count --stats`) beside the
# estimate of five seeds, each with its 95% interval; "covered" says in how
# many of the five the interval holds the exact figure.
# Usage: bash bench/estimate.sh [SHARED_BENCH_DATA] (just bench-estimate).
# ESTIMATE_PROBES=100000 by default; ESTIMATE_FILES overrides the files.
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(cd "${1:-../shared/bench-data}" && pwd)
probes=${ESTIMATE_PROBES:-100000}
files=${ESTIMATE_FILES:-"queens-12 queens-13 queens-14 langford-11 langford-12 pentominoes-6x10 sudoku-4x4-blank sudoku-6x6-blank"}
[ -x target/release/dance ] || cargo build --release -q -p dance-cli
dance=target/release/dance

# Figures from the estimate's JSON line, with sed (no jq needed).
field() { # JSON KEY: the number after "KEY": before the interval
  sed -E 's/"interval".*//' <<<"$1" | sed -E "s/.*\"$2\":([0-9.e+-]+).*/\1/"
}
interval() { # JSON KIND: "lo hi" of interval.KIND
  sed -E "s/.*\"interval\":\{[^}]*\"$2\":\[([0-9.e+-]+),([0-9.e+-]+)\].*/\1 \2/" <<<"$1"
}

echo "## Estimates (count --estimate --probes $probes, seeds 1-5) against exact counts"
echo
echo "| file | solutions | estimate (seed 1) [95% interval] | mean of 5, error | covered | nodes (DLX1) | estimate (seed 1) [95% interval] | mean of 5, error | covered |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for f in $files; do
  p="$data/dlx/$f.dlx"
  [ -f "$p" ] || continue
  stats=$("$dance" count --stats "$p" 2>&1 >/dev/null | grep -o 'Altogether.*')
  sols=$(sed -E 's/Altogether ([0-9]+) solutions.*/\1/' <<<"$stats")
  nodes=$(sed -E 's/.* ([0-9]+) nodes.*/\1/' <<<"$stats")
  first_s="" first_n="" sum_s=0 sum_n=0 cov_s=0 cov_n=0
  for seed in 1 2 3 4 5; do
    j=$("$dance" count --estimate --probes "$probes" --seed "$seed" --output json "$p" 2>/dev/null)
    es=$(field "$j" solutions) en=$(field "$j" nodes)
    read -r slo shi <<<"$(interval "$j" solutions)"
    read -r nlo nhi <<<"$(interval "$j" nodes)"
    [ -n "$first_s" ] || { first_s="$es [$slo, $shi]"; first_n="$en [$nlo, $nhi]"; }
    sum_s=$(awk -v a="$sum_s" -v b="$es" 'BEGIN{print a+b}')
    sum_n=$(awk -v a="$sum_n" -v b="$en" 'BEGIN{print a+b}')
    cov_s=$(awk -v c="$cov_s" -v x="$sols" -v lo="$slo" -v hi="$shi" 'BEGIN{print c + (lo <= x && x <= hi)}')
    cov_n=$(awk -v c="$cov_n" -v x="$nodes" -v lo="$nlo" -v hi="$nhi" 'BEGIN{print c + (lo <= x && x <= hi)}')
  done
  err() { awk -v s="$1" -v x="$2" 'BEGIN{m=s/5; printf "%.0f, %+.1f%%", m, (m-x)/x*100}'; }
  echo "| $f | $sols | $first_s | $(err "$sum_s" "$sols") | $cov_s/5 | $nodes | $first_n | $(err "$sum_n" "$nodes") | $cov_n/5 |"
done
