#!/usr/bin/env bash
# The whole benchmark: exact-cover files, Sudoku batches, the grouped listing,
# and both cores. Writes bench/results.md (the README's table comes from it)
# and names the machine. Usage: bash bench/run.sh [SHARED_BENCH_DATA]
# Times are medians of DANCE_BENCH_RUNS runs (default 3); the machine should
# be otherwise idle. With DLX1=/path/to/dlx1 (Knuth's program, built from
# dlx1.w, which reads the problem on stdin), it also times DLX1 and dance one
# after the other on each big file, runs interleaved, and gives the ratio.
# Likewise SSXCC=... beside DLX1, DLX3=... and DLX5=... for the multiplicity
# and cost files, TDOKU=... for 9x9 sets, SUDOKU_GEN=... and QQWING=... for
# generation and rating (see the justfile's bench recipe).
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(cd "${1:-../shared/bench-data}" && pwd)  # cargo bench runs in the crate's folder
runs=${DANCE_BENCH_RUNS:-3}
export DANCE_BENCH_RUNS=$runs
out=bench/results.md
cargo build --release -q -p dance-cli
dance=target/release/dance

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# CPU seconds (user + system) of one run of a command: cpu STDIN CMD ARGS...
cpu() {
  local f; f=$(mktemp)
  local input=$1; shift
  /usr/bin/env time -f '%U %S' -o "$f" "$@" <"$input" >/dev/null 2>&1 || true
  tail -1 "$f" | awk '{ printf "%.3f\n", $1 + $2 }'; rm -f "$f"
}
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
  if [ -n "${DLX1:-}${SSXCC:-}" ]; then
    echo "## Side by side with Knuth's DLX1 and SSXCC, one thread (CPU seconds, whole processes, runs interleaved)"
    echo
    echo "Every file of the shared set on which DLX1 takes over 0.1 s. Ratio: dance over the faster of the two."
    echo
    echo "| problem | DLX1 | SSXCC | dance count --jobs 1 | ratio |"
    echo "|---|---:|---:|---:|---:|"
    for f in queens-13 queens-13-organ queens-14 queens-14-organ langford-12 pentominoes-6x10 pentominoes-6x10-knuthgen sudoku-6x6-blank; do
      k=(); s=(); d=()
      for _ in $(seq "$runs"); do
        [ -n "${DLX1:-}" ] && k+=("$(cpu fixtures/dlx/$f.dlx "$DLX1" d0)")
        [ -n "${SSXCC:-}" ] && s+=("$(cpu fixtures/dlx/$f.dlx "$SSXCC" d0)")
        d+=("$(cpu /dev/null "$dance" count --jobs 1 fixtures/dlx/$f.dlx)")
      done
      tk=$(printf '%s\n' "${k[@]:-}" | median); ts=$(printf '%s\n' "${s[@]:-}" | median)
      td=$(printf '%s\n' "${d[@]}" | median)
      awk -v f="$f" -v k="${tk:--}" -v s="${ts:--}" -v d="$td" 'BEGIN {
        best = (k == "-") ? s : (s == "-" || k + 0 < s + 0) ? k : s
        printf "| %s | %s | %s | %s | %.2f |\n", f, k, s, d, d / best }'
    done
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
  echo
  if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then
    echo "## Shards dealt by estimate (each \`dance count --jobs 1 --shard K/M\` a whole process: perf's task-clock, mean of $runs runs; nodes and updates from --stats)"
    echo
    bash bench/shards.sh "$dance"
  else
    echo "## Shards dealt by estimate (--shard K/M: each shard's CPU seconds, its cut and its count, on one thread)"
    echo
    cargo bench -q -p dance-dlx --bench shards -- "$PWD"/fixtures/dlx/pentominoes-6x10.dlx "$PWD"/fixtures/dlx/sudoku-6x6-blank.dlx --m 8,16,64 2>/dev/null
  fi
  if [ -n "${TDOKU:-}" ]; then
    echo
    echo "## 9x9 side by side with tdoku, one thread (CPU seconds, whole processes with parsing and printing, runs interleaved)"
    echo
    echo "TDOKU= is a driver that reads one puzzle a line and calls TdokuSolverDpllTriadSimd: \`solve FILE\` prints the first solution, \`count FILE\` counts to 2."
    echo
    echo "| set | puzzles | tdoku solve | dance solve | ratio | tdoku count to 2 | dance count --limit 2 | ratio |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    for set in 17clue magictour_top1465 forum_hardest_1905_11plus serg_benchmark; do
      f="$data/sudoku/$set.txt"
      [ -f "$f" ] || continue
      ts=(); ds=(); tc=(); dc=()
      for _ in $(seq "$runs"); do
        ts+=("$(cpu /dev/null "$TDOKU" solve "$f")")
        ds+=("$(cpu /dev/null "$dance" solve --jobs 1 "$f")")
        tc+=("$(cpu /dev/null "$TDOKU" count "$f")")
        dc+=("$(cpu /dev/null "$dance" count --limit 2 --jobs 1 "$f")")
      done
      a=$(printf '%s\n' "${ts[@]}" | median); b=$(printf '%s\n' "${ds[@]}" | median)
      c=$(printf '%s\n' "${tc[@]}" | median); d=$(printf '%s\n' "${dc[@]}" | median)
      awk -v s="$set" -v n="$(grep -c . "$f")" -v a="$a" -v b="$b" -v c="$c" -v d="$d" \
        'BEGIN { printf "| %s | %d | %s | %s | %.2f | %s | %s | %.2f |\n", s, n, a, b, b / a, c, d, d / c }'
    done
  fi
  if "$dance" generate --help >/dev/null 2>&1; then
    echo
    echo "## Making 2,000 fully minimal 9x9 puzzles, one thread (CPU seconds, whole processes)"
    echo
    echo "SUDOKU_GEN= is a scratch program calling the sudoku crate's Sudoku::generate_with_symmetry(Symmetry::None) N times; QQWING= is qqwing --generate N --one-line."
    echo
    echo "| program | seconds | puzzles per second |"
    echo "|---|---:|---:|"
    gen_row() {  # NAME CMD...
      local name=$1; shift
      local t=(); for _ in $(seq "$runs"); do t+=("$(cpu /dev/null "$@")"); done
      local m; m=$(printf '%s\n' "${t[@]}" | median)
      awk -v n="$name" -v m="$m" 'BEGIN { printf "| %s | %s | %.0f |\n", n, m, 2000 / m }'
    }
    gen_row "dance generate --count 2000 --seed 1 --jobs 1" "$dance" generate --count 2000 --seed 1 --jobs 1
    [ -n "${SUDOKU_GEN:-}" ] && gen_row "sudoku crate" "$SUDOKU_GEN" 2000
    [ -n "${QQWING:-}" ] && gen_row "qqwing" "$QQWING" --generate 2000 --one-line
    echo
    echo "Other shapes, and checking: dance generate / analyze --jobs 1 (CPU seconds, median)"
    echo
    echo "| task | count | seconds | per second |"
    echo "|---|---:|---:|---:|"
    shape_row() {  # NAME COUNT ARGS...
      local name=$1 k=$2; shift 2
      local t=(); for _ in $(seq "$runs"); do t+=("$(cpu /dev/null "$dance" generate --jobs 1 --seed 1 --count "$k" "$@")"); done
      local m; m=$(printf '%s\n' "${t[@]}" | median)
      awk -v n="$name" -v k="$k" -v m="$m" 'BEGIN { printf "| %s | %d | %s | %.0f |\n", n, k, m, k / m }'
    }
    shape_row "generate 6x6" 2000 --order 6
    shape_row "generate 12x12" 100 --order 12
    shape_row "generate 16x16" 20 --order 16
    shape_row "generate 9x9 jigsaw (a new map each)" 200 --jigsaw
    head -5000 "$data/sudoku/17clue.txt" >"${TMPDIR:-/tmp}/dance-17clue-5000.txt"
    t=(); for _ in $(seq "$runs"); do t+=("$(cpu /dev/null "$dance" analyze --jobs 1 "${TMPDIR:-/tmp}/dance-17clue-5000.txt")"); done
    m=$(printf '%s\n' "${t[@]}" | median)
    awk -v m="$m" 'BEGIN { printf "| analyze 17clue (first 5,000) | 5000 | %s | %.0f |\n", m, 5000 / m }'
  fi
  if "$dance" rate --help >/dev/null 2>&1; then
    echo
    echo "## Rating by logic (µs per puzzle, CPU, whole processes; qqwing: --solve --stats --csv)"
    echo
    echo "| set | puzzles | dance rate --jobs 1 | dance rate --jobs 2 (wall) | qqwing |"
    echo "|---|---:|---:|---:|---:|"
    # forum_hardest_1905_11plus takes minutes (qqwing about two a run): bench/logic.sh has it
    for set in 17clue magictour_top1465; do
      f="$data/sudoku/$set.txt"
      [ -f "$f" ] || continue
      n=$(grep -c . "$f")
      r1=(); q=()
      for _ in $(seq "$runs"); do
        r1+=("$(cpu /dev/null "$dance" rate --jobs 1 "$f")")
        [ -n "${QQWING:-}" ] && q+=("$(cpu "$f" "$QQWING" --solve --stats --csv)")
      done
      a=$(printf '%s\n' "${r1[@]}" | median); b=$(wall "$dance" rate --jobs 2 "$f")
      c=$(printf '%s\n' "${q[@]:-}" | median)
      awk -v s="$set" -v n="$n" -v a="$a" -v b="$b" -v c="${c:--}" 'BEGIN {
        q = (c == "-") ? "-" : sprintf("%.0f", c * 1e6 / n)
        printf "| %s | %d | %.0f | %.0f | %s |\n", s, n, a * 1e6 / n, b * 1e6 / n, q }'
    done
  fi
  echo
  echo "## Streaming: the first answer while the input is still arriving, and batch throughput"
  echo
  f="$data/sudoku/17clue.txt"
  first=$( { head -1 "$f"; sleep 2; sed -n 2p "$f"; } | {
    t0=$(date +%s.%N); "$dance" solve --format line - | { read -r _; date +%s.%N; cat >/dev/null; } | { read -r t1; awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'; }
  } )
  echo "- \`(puzzle; sleep 2; puzzle) | dance solve\`: first answer after $first s (the second puzzle arrives at 2 s)."
  echo "- A whole file at once (17clue, 49,158 puzzles): $(wall "$dance" solve --jobs 1 "$f") s with --jobs 1, $(wall "$dance" solve --jobs 2 "$f") s with --jobs 2 (wall)."
} | tee "$out"
