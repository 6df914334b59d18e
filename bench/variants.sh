#!/usr/bin/env bash
# dance beside sigh's Interactive Sudoku Solver (ISS, run headless under node)
# on the variant corpus: each puzzle counted to 2 (proving uniqueness), one
# whole process per puzzle on each side, one thread, CPU seconds (user + system)
# summed per set; medians of DANCE_BENCH_RUNS runs (default 3). ISS reads its
# own constraint string of each puzzle (bench/iss_count.mjs finds it by name);
# dance reads the f-puzzles object. Puzzles ISS does not hold are timed for
# dance alone. Prints a Markdown table (bench/results.md carries it).
# Usage: bash bench/variants.sh ISS_CHECKOUT [VARIANT_DATA]
# Take the lock: flock /tmp/bench.lock bash bench/variants.sh ...
set -euo pipefail
cd "$(dirname "$0")/.."
iss=$(cd "${1:?usage: bench/variants.sh ISS_CHECKOUT [VARIANT_DATA]}" && pwd)
data=$(cd "${2:-../shared/bench-data/variants}" && pwd)
runs=${DANCE_BENCH_RUNS:-3}
cargo build --release -q -p dance-cli
dance=$PWD/target/release/dance
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One f-puzzles file per puzzle, with the expected count to 2, and ISS's input.
for set in iss_tarek_all iss_examples sudokupad; do
  mkdir -p "$tmp/$set"
  node bench/iss_count.mjs "$iss" inputs "$data/$set.jsonl" >"$tmp/$set/iss.jsonl"
  python3 - "$data/$set.jsonl" "$tmp/$set/iss.jsonl" "$tmp/$set" <<'PY'
import json, sys
src, iss, out = sys.argv[1:]
inputs = {j["name"]: j["input"] for j in map(json.loads, open(iss))}
with open(f"{out}/list", "w") as lst:
    for i, line in enumerate(open(src)):
        v = json.loads(line)
        json.dump(v["fpuzzles"], open(f"{out}/{i:03}.json", "w"))
        has = v["name"] in inputs
        if has:
            open(f"{out}/{i:03}.iss", "w").write(inputs[v["name"]])
        lst.write(f"{i:03}\t{min(v['solutions'], 2)}\t{int(has)}\t{v['name']}\n")
PY
done

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# cpu OUT CMD...: runs CMD, its stdout to OUT, prints its CPU seconds.
cpu() {
  local out=$1; shift
  /usr/bin/env time -f '%U %S' -o "$tmp/time" "$@" >"$out" 2>/dev/null || true
  tail -1 "$tmp/time" | awk '{ printf "%.3f\n", $1 + $2 }'
}

echo "| set | puzzles | dance CPU (s) | ISS CPU (s) | dance / ISS | ISS in its solver (s) | dance slowest (s) | ISS slowest (s) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for set in iss_tarek_all iss_examples sudokupad; do
  dir=$tmp/$set
  both=0
  : >"$dir/d.all"; : >"$dir/i.all"; : >"$dir/in.all"
  while IFS=$'\t' read -r id want has name; do
    d=(); i=(); s=()
    for _ in $(seq "$runs"); do
      d+=("$(cpu "$dir/out" "$dance" count --limit 2 "$dir/$id.json")")
      got=$(awk '{print $1; exit}' "$dir/out")
      [ "$got" = "$want" ] || echo "dance counts $got for $set $name, want $want" >&2
      if [ "$has" = 1 ]; then
        i+=("$(cpu "$dir/out" node bench/iss_count.mjs "$iss" count "$dir/$id.iss")")
        s+=("$(awk '{print $2 / 1000}' "$dir/out")")
        got=$(awk '{print $1}' "$dir/out")
        [ "$got" = "$want" ] || echo "ISS counts $got for $set $name, want $want" >&2
      fi
    done
    dm=$(printf '%s\n' "${d[@]}" | median)
    if [ "$has" = 1 ]; then
      both=$((both + 1))
      echo "$dm" >>"$dir/d.both"
      printf '%s\n' "${i[@]}" | median >>"$dir/i.all"
      printf '%s\n' "${s[@]}" | median >>"$dir/in.all"
    fi
    echo "$dm" >>"$dir/d.all"
  done <"$dir/list"
  sum() { awk '{s += $1} END {printf "%.2f", s}' "$1"; }
  max() { sort -g "$1" | tail -1; }
  total=$(wc -l <"$dir/list")
  if [ "$both" -gt 0 ]; then
    dsum=$(sum "$dir/d.both"); isum=$(sum "$dir/i.all")
    ratio=$(awk -v a="$dsum" -v b="$isum" 'BEGIN {printf "%.2fx", a / b}')
    echo "| $set (ISS holds $both) | $both | $dsum | $isum | $ratio | $(sum "$dir/in.all") | $(max "$dir/d.both") | $(max "$dir/i.all") |"
  fi
  if [ "$both" -lt "$total" ]; then
    echo "| $set (all, dance alone) | $total | $(sum "$dir/d.all") | | | | $(max "$dir/d.all") | |"
  fi
done
