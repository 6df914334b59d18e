#!/usr/bin/env bash
# dance beside sigh's Interactive Sudoku Solver (ISS, MIT; run headless under
# node) on the variant corpus: every puzzle counted to 2 (proving uniqueness),
# one thread. For each set, one whole process per side counts the whole set
# (ISS's JIT warm, its best case), CPU seconds (user + system), medians of
# DANCE_BENCH_RUNS runs (default 3); ISS's time inside its solver beside it.
# Then dance alone, one process per puzzle: its slowest puzzle. ISS reads its
# own constraint string of each puzzle (bench/iss_count.mjs finds it by the
# corpus name), dance the f-puzzles link of the same puzzle. Counts are
# checked against the corpus on both sides. Prints a Markdown table.
# A dance process is stopped after 60 s (one puzzle) or 300 s (a set).
# VARIANT_SETS picks the sets (default: iss_tarek_all iss_examples sudokupad).
# Usage: flock /tmp/bench.lock bash bench/variants.sh ISS_CHECKOUT [VARIANT_DATA]
set -euo pipefail
cd "$(dirname "$0")/.."
iss=$(cd "${1:?usage: bench/variants.sh ISS_CHECKOUT [VARIANT_DATA]}" && pwd)
data=$(cd "${2:-../shared/bench-data/variants}" && pwd)
runs=${DANCE_BENCH_RUNS:-3}
cargo build --release -q -p dance-cli
dance=$PWD/target/release/dance
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# cpu OUT CMD...: runs CMD, its stdout to OUT; prints its CPU seconds.
cpu() {
  local out=$1; shift
  /usr/bin/env time -f '%U %S' -o "$tmp/time" "$@" >"$out" 2>/dev/null || true
  tail -1 "$tmp/time" | awk '{ printf "%.3f\n", $1 + $2 }'
}

echo "| set | puzzles | dance CPU (s) | ISS CPU (s) | dance / ISS | ISS inside its solver (s) | dance slowest puzzle, own process (s) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for set in ${VARIANT_SETS:-iss_tarek_all iss_examples sudokupad}; do
  dir=$tmp/$set
  mkdir -p "$dir"
  node bench/iss_count.mjs "$iss" inputs "$data/$set.jsonl" >"$dir/iss.jsonl"
  # Per puzzle: its f-puzzles file, its link, the expected count to 2 and
  # whether ISS holds it.
  python3 - "$data/$set.jsonl" "$dir/iss.jsonl" "$dir" <<'PY'
import json, sys
src, iss, out = sys.argv[1:]
held = {json.loads(l)["name"] for l in open(iss)}
with open(f"{out}/list", "w") as lst:
    for i, line in enumerate(open(src)):
        v = json.loads(line)
        json.dump(v["fpuzzles"], open(f"{out}/{i:03}.json", "w"))
        lst.write(f"{i:03}\t{min(v['solutions'], 2)}\t{int(v['name'] in held)}\t{v['name']}\n")
PY
  : >"$dir/all.links"; : >"$dir/held.links"; : >"$dir/held.want"; : >"$dir/slowest"
  while IFS=$'\t' read -r id want held name; do
    "$dance" export --to fpuzzles --link "$dir/$id.json" >"$dir/$id.link" 2>/dev/null
    cat "$dir/$id.link" >>"$dir/all.links"
    if [ "$held" = 1 ]; then
      cat "$dir/$id.link" >>"$dir/held.links"
      echo "$want" >>"$dir/held.want"
    fi
    t=$(for _ in $(seq "$runs"); do cpu "$dir/out" timeout 60 "$dance" count -j 1 --limit 2 "$dir/$id.json"; done | median)
    got=$(head -1 "$dir/out")
    [ "$got" = "$want" ] || echo "dance counts $got for $set $name, want $want" >&2
    echo "$t $name" >>"$dir/slowest"
  done <"$dir/list"
  slowest=$(sort -g "$dir/slowest" | tail -1 | awk '{t = $1; $1 = ""; printf "%s (%s)", t, substr($0, 2)}')
  total=$(wc -l <"$dir/list")
  held=$(wc -l <"$dir/held.want")
  if [ "$held" -gt 0 ]; then
    d=(); i=(); s=()
    for _ in $(seq "$runs"); do
      d+=("$(cpu "$dir/out" timeout 300 "$dance" count -j 1 --limit 2 "$dir/held.links")")
      cmp -s "$dir/out" "$dir/held.want" || echo "dance counts differ from the corpus on $set" >&2
      i+=("$(cpu "$dir/out" node bench/iss_count.mjs "$iss" count "$dir/iss.jsonl")")
      s+=("$(awk '$1 == "inside" {print $2 / 1000}' "$dir/out")")
      awk '$1 != "inside" {print $2}' "$dir/out" | cmp -s - "$dir/held.want" || echo "ISS counts differ from the corpus on $set" >&2
    done
    dm=$(printf '%s\n' "${d[@]}" | median); im=$(printf '%s\n' "${i[@]}" | median)
    ratio=$(awk -v a="$dm" -v b="$im" 'BEGIN {printf "%.2fx", a / b}')
    echo "| $set (those ISS holds) | $held | $dm | $im | $ratio | $(printf '%s\n' "${s[@]}" | median) | |"
  fi
  if [ "$held" -lt "$total" ]; then
    d=$(for _ in $(seq "$runs"); do cpu "$dir/out" timeout 300 "$dance" count -j 1 --limit 2 "$dir/all.links"; done | median)
    echo "| $set (all, dance alone) | $total | $d | | | | $slowest |"
  else
    echo "| $set (all) | $total | | | | | $slowest |"
  fi
done
