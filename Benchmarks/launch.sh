#!/usr/bin/env bash
# Times an app's launch from the process's start to its first state: L1's file (a 1 MB state's snapshot and the
# 1,000 actions journaled after it) restored by a store, against the same process with nothing to restore. The program
# links what a persisted app links (Switchyard and SwitchyardPersistence, through the `LaunchCatalog` module), and
# nothing else of the benchmark package: each library a process links is loaded at its every start. Each
# figure is the time from just before the process is started (Python's `subprocess`, which adds its own spawn) to the
# wall clock the process prints once it has its state; medians and 90th percentiles of RUNS runs (30 by default),
# after three runs that warm the file cache. Release build. A time, so it moves with the machine's load: compare
# figures of one run only.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product SwitchyardLaunch 2>&1 | grep -E "error|warning: |Compiling|Build" | tail -3
binary="$(swift build -c release --show-bin-path)/SwitchyardLaunch"
python3 - "$binary" "${RUNS:-30}" <<'PYTHON'
import os, shutil, statistics, subprocess, sys, time

binary, runs = sys.argv[1], int(sys.argv[2])
path = subprocess.run([binary, "prepare"], capture_output=True, check=True, text=True).stdout.strip()

def launch(*arguments):
    started = time.time_ns()
    printed = subprocess.run([binary, *arguments], capture_output=True, check=True, text=True).stdout.split()
    return (int(printed[-1]) - started) / 1e6

for _ in range(3):
    launch("restore", path)
for name, arguments in (("bare process", ("bare",)), ("restore, first state", ("restore", path))):
    times = sorted(launch(*arguments) for _ in range(runs))
    print(f"{name:<22} median {statistics.median(times):6.1f} ms   p90 {times[int(len(times) * 0.9) - 1]:6.1f} ms"
          f"   ({runs} runs)")
shutil.rmtree(os.path.dirname(path), ignore_errors=True)
with open("/proc/loadavg") as load:
    print("load average:", " ".join(load.read().split()[:3]))
PYTHON
