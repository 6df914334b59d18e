#!/usr/bin/env bash
# `dance rate` on the shared variant corpus, one thread: for each set, every
# puzzle in a process of its own (its f-puzzles object as a file), CPU time
# (user + system, from getrusage, microseconds) of the whole process,
# median of DANCE_BENCH_RUNS runs (default 3) per puzzle; then per set the
# median and the largest of those, and the verdicts (solved by logic,
# beyond, unrated). The process's start (reading, writing) is included.
# Usage: flock /tmp/bench.lock bash bench/variant_logic.sh [VARIANT_DATA]
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(cd "${1:-../shared/bench-data/variants}" && pwd)
[ -n "${DANCE_SKIP_BUILD:-}" ] || cargo build --release -q -p dance-cli
DANCE=${DANCE:-$PWD/target/release/dance} DATA=$data RUNS=${DANCE_BENCH_RUNS:-3} python3 - <<'PY'
import json, os, resource, subprocess, tempfile
dance, data, runs = os.environ["DANCE"], os.environ["DATA"], int(os.environ["RUNS"])
tmp = tempfile.mkdtemp()
print("| set | puzzles | median CPU per puzzle (ms) | largest (ms) | solved by logic | beyond | unrated |")
print("|---|---:|---:|---:|---:|---:|---:|")
every = []
for name in ["iss_examples", "iss_tarek_all", "sudokupad"]:
    times, verdicts = [], {"solved": 0, "beyond": 0, "unrated": 0}
    for i, line in enumerate(open(f"{data}/{name}.jsonl")):
        path = f"{tmp}/{i}.json"
        json.dump(json.loads(line)["fpuzzles"], open(path, "w"))
        each = []
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = subprocess.run([dance, "rate", "-j", "1", path], capture_output=True, text=True).stdout
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            each.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        times.append(sorted(each)[len(each) // 2] * 1000)
        word = out.split()[0] if out.split() else "unrated"
        verdicts["beyond" if word == "beyond" else "unrated" if word.startswith("unrated") else "solved"] += 1
    times.sort()
    every += times
    print(f"| {name} | {len(times)} | {times[(len(times) - 1) // 2]:.1f} | {times[-1]:.0f} | "
          f"{verdicts['solved']} | {verdicts['beyond']} | {verdicts['unrated']} |")
every.sort()
print(f"| all | {len(every)} | {every[(len(every) - 1) // 2]:.1f} | {every[-1]:.0f} | | | |")
PY
