#!/usr/bin/env bash
# `dance rate` (or DANCE_COMMAND=explain) on the shared variant corpus, one
# thread: for each set, every puzzle in a process of its own (its f-puzzles
# object as a file), CPU time (user + system, from getrusage, microseconds)
# of the whole process, median of DANCE_BENCH_RUNS runs (default 3) per
# puzzle; then per set the median and the largest of those, and the
# verdicts (solved by logic, beyond, unrated). The process's start
# (reading, writing) is included. With DANCE_BASE=BINARY, that binary runs
# too, interleaved with DANCE puzzle by puzzle and run by run (one table
# each, the same load for both), and the median over the puzzles of the
# ratio DANCE / BASE.
# Usage: flock /tmp/bench.lock bash bench/variant_logic.sh [VARIANT_DATA]
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(cd "${1:-../shared/bench-data/variants}" && pwd)
[ -n "${DANCE_SKIP_BUILD:-}" ] || cargo build --release -q -p dance-cli
DANCE=${DANCE:-$PWD/target/release/dance} BASE=${DANCE_BASE:-} COMMAND=${DANCE_COMMAND:-rate} DATA=$data \
    RUNS=${DANCE_BENCH_RUNS:-3} python3 - <<'PY'
import json, os, resource, subprocess, tempfile
data, runs, command = os.environ["DATA"], int(os.environ["RUNS"]), os.environ["COMMAND"]
binaries = [b for b in [os.environ["BASE"], os.environ["DANCE"]] if b]
tmp = tempfile.mkdtemp()
sets = ["iss_examples", "iss_tarek_all", "sudokupad"]
# times[binary][set]: per puzzle, the median of its runs; verdicts likewise.
times = {b: {s: [] for s in sets} for b in binaries}
verdicts = {b: {s: {"solved": 0, "beyond": 0, "unrated": 0} for s in sets} for b in binaries}
for name in sets:
    for i, line in enumerate(open(f"{data}/{name}.jsonl")):
        path = f"{tmp}/{i}.json"
        json.dump(json.loads(line)["fpuzzles"], open(path, "w"))
        each, out = {b: [] for b in binaries}, {}
        for _ in range(runs):
            for b in binaries:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                out[b] = subprocess.run([b, command, "-j", "1", path], capture_output=True, text=True).stdout
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                each[b].append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        for b in binaries:
            times[b][name].append(sorted(each[b])[len(each[b]) // 2] * 1000)
            # rate: the first word; explain: the word after `rating:` on its
            # verdict line (or `unrated`).
            lines = [l for l in out[b].splitlines() if l.strip()]
            if command != "rate":
                lines = [l.removeprefix("rating:") for l in lines if l.startswith(("rating:", "unrated"))][-1:]
            words = lines[0].split() if lines else []
            word = words[0] if words else "unrated"
            kind = "beyond" if word == "beyond" else "unrated" if word.startswith("unrated") else "solved"
            verdicts[b][name][kind] += 1
for b in binaries:
    print(f"`{b}` ({command}):\n")
    print("| set | puzzles | median CPU per puzzle (ms) | largest (ms) | solved by logic | beyond | unrated |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    every = []
    for name in sets:
        t = sorted(times[b][name])
        every += t
        v = verdicts[b][name]
        print(f"| {name} | {len(t)} | {t[(len(t) - 1) // 2]:.1f} | {t[-1]:.0f} | "
              f"{v['solved']} | {v['beyond']} | {v['unrated']} |")
    every.sort()
    print(f"| all | {len(every)} | {every[(len(every) - 1) // 2]:.1f} | {every[-1]:.0f} | | | |\n")
if len(binaries) == 2:
    # Puzzle by puzzle, the new binary's time over the base's: steadier
    # than the overall median, which sits in a gap of the distribution.
    ratios = sorted(n / b for name in sets for b, n in zip(times[binaries[0]][name], times[binaries[1]][name]))
    print(f"Median per puzzle of `{binaries[1]}` / `{binaries[0]}`: {ratios[(len(ratios) - 1) // 2]:.3f}")
PY
