#!/usr/bin/env bash
# How even the shards of `dance count --shard K/M` are, shard by shard, as a
# cluster would run them: each shard a whole process on one thread
# (`--jobs 1`), its CPU time from `perf stat -e task-clock` (nanoseconds,
# where the kernel's tick-based CPU clocks here step by 4-10 ms), the least
# of DANCE_BENCH_RUNS rounds (3) over all the shards, and its nodes and updates from `--stats`
# (DLX1's figures for the shard's subtrees, which do not depend on the
# machine). Prints one table row per file and M, and the counts' sum
# against a plain count. Run it under the benchmark lock:
#
#   flock /tmp/bench.lock bash bench/shards.sh [DANCE] [FILE...] [-- M...]
#
# DANCE defaults to target/release/dance; files to pentominoes-6x10 and
# sudoku-6x6-blank; M to 8 16 64. Needs perf (Debian: linux-perf).
set -euo pipefail
cd "$(dirname "$0")/.."
dance=${1:-target/release/dance}
shift || true
files=(); ms=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; ms=("$@"); break; fi
  files+=("$1"); shift
done
[ ${#files[@]} -gt 0 ] || files=(fixtures/dlx/pentominoes-6x10.dlx fixtures/dlx/sudoku-6x6-blank.dlx)
[ ${#ms[@]} -gt 0 ] || ms=(8 16 64)
runs=${DANCE_BENCH_RUNS:-3}

echo "| problem | M | sum | total | mean CPU (ms) | min | max | max/mean CPU | max/mean nodes | max/mean updates |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for f in "${files[@]}"; do
  total=$("$dance" count --quiet "$f")
  for m in "${ms[@]}"; do
    # Every shard once per round, rounds one after the other, so that a
    # burst of load on the machine slows one run of a shard, not all.
    times=$(for _ in $(seq "$runs"); do
      for k in $(seq 1 "$m"); do
        # perf's CSV line: value,unit,event,... (task-clock in msec).
        perf stat -x, -e task-clock "$dance" count --jobs 1 --quiet --shard "$k/$m" "$f" 2>&1 >/dev/null \
          | awk -F, -v k="$k" '/task-clock/ { print k, $1 }'
      done
    done | awk '!($1 in best) || $2 < best[$1] { best[$1] = $2 } END { for (k in best) print k, best[k] }' | sort -n)
    rows=$(for k in $(seq 1 "$m"); do
      ms_cpu=$(printf '%s\n' "$times" | awk -v k="$k" '$1 == k { print $2 }')
      err=$(mktemp)
      n=$("$dance" count --jobs 1 --stats --shard "$k/$m" "$f" 2>"$err")
      line=$(cat "$err"); rm -f "$err"
      nodes=$(printf '%s\n' "$line" | sed -n 's/.* \([0-9]*\) nodes.*/\1/p')
      updates=$(printf '%s\n' "$line" | sed -n 's/.* \([0-9]*\) updates.*/\1/p')
      echo "$k $ms_cpu $n $nodes $updates"
    done)
    [ -n "${DANCE_SHARDS_VERBOSE:-}" ] && printf '%s\n' "$rows" >&2
    printf '%s\n' "$rows" | awk -v f="$(basename "$f" .dlx)" -v m="$m" -v total="$total" '
      { t[NR] = $2; s += $3; nd[NR] = $4; up[NR] = $5 }
      END {
        for (i = 1; i <= NR; i++) {
          ts += t[i]; ns += nd[i]; us += up[i]
          if (i == 1 || t[i] > tmax) tmax = t[i]; if (i == 1 || t[i] < tmin) tmin = t[i]
          if (nd[i] > nmax) nmax = nd[i]; if (up[i] > umax) umax = up[i]
        }
        printf "| %s | %d | %d | %d | %.1f | %.1f | %.1f | %.3f | %.3f | %.3f |\n",
          f, m, s, total, ts / NR, tmin, tmax, tmax * NR / ts, nmax * NR / ns, umax * NR / us
      }'
  done
done
