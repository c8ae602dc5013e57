#!/usr/bin/env bash
# Runs the benchmarks once (release build) and prints, per workload, the median nanoseconds per dispatch (wall clock
# and CPU), allocations per dispatch, peak resident memory, and the ratios to the plain loop and to W1, all from
# that one run. Extra arguments go to `swift package benchmark`, e.g. `./report.sh --filter 'W1.*' --filter 'base.*'`.
set -euo pipefail
cd "$(dirname "$0")"

output=$(mktemp)
trap 'rm -f "$output"' EXIT
swift package benchmark --no-progress --format markdown "$@" 2>/dev/null | tee "$output" >&2

awk '
    function cell(line, column,    fields) { split(line, fields, "|"); gsub(/ /, "", fields[column]); return fields[column] }
    /^### / {
        name = $2
        if (sub(/_allocations$/, "", name) == 0) order[++count] = name
    }
    # Columns: 2 metric, 3 p0, 4 p25, 5 p50, 6 p75, 7 p90, 8 p99, 9 p100, 10 samples.
    /^\| Time \(wall clock\) \(ns\)/ { wall[name] = cell($0, 5) }
    /^\| Time \(total CPU\) \(ns\)/ { cpu[name] = cell($0, 5) }
    /^\| Malloc \(total\)/ { mallocs[name] = cell($0, 7) }
    /^\| Memory \(resident peak\) \(M\)/ { rss[name] = cell($0, 9) }
    function ratio(a, b) { return (b > 0) ? sprintf("%.1f", a / b) : "-" }
    END {
        base = "baseline_plain_loop"; w1 = "W1_counter"
        # Targets in wall ns per dispatch (per action for the threaded workloads).
        target["W1_counter"] = 40; target["W2_ten_middlewares"] = 150; target["W3_hundred_lifted_middlewares"] = 700
        target["W4_one_observer"] = 60; target["W2e_ten_erased_middlewares"] = 150
        target["W3e_hundred_erased_literal_lifts"] = 700
        target["I1_inspected_counter"] = 340; target["I2_inspected_counter_with_page"] = 2040
        target["T2_two_threads"] = 150; target["T4_four_threads"] = 150; target["T8_eight_threads"] = 150
        printf "\n%-34s %10s %10s %9s %8s %12s %12s %10s %10s %8s %5s\n", "workload (medians)", "wall ns", "cpu ns",
            "mallocs", "RSS MB", "wall/loop", "cpu/loop", "wall/W1", "cpu/W1", "target", "met"
        for (i = 1; i <= count; i++) {
            n = order[i]
            goal = (n in target) ? "<=" target[n] : "-"
            met = (n in target) ? ((wall[n] + 0 <= target[n]) ? "yes" : "NO") : "-"
            printf "%-34s %10s %10s %9s %8s %12s %12s %10s %10s %8s %5s\n", n, wall[n], cpu[n], mallocs[n], rss[n],
                ratio(wall[n], wall[base]), ratio(cpu[n], cpu[base]), ratio(wall[n], wall[w1]), ratio(cpu[n], cpu[w1]),
                goal, met
        }
        print "\nns: p50 per dispatch of one-million-dispatch iterations (CPU time has a resolution of 10 ns per dispatch)."
        print "mallocs: p90 per dispatch, from the <name>_allocations benchmark (0 means fewer than one per dispatch;"
        print "`swift package benchmark thresholds check` shows the exact count per million). RSS: peak of the benchmark"
        print "process, harness included."
        print "T2, T4, T8: 2, 4 and 8 threads dispatching into one store; wall ns is the wall time of a run divided by all"
        print "the actions of all the threads, cpu ns the CPU time of all the threads per action. W3s, W7 and V1000 run a thousand"
        print "dispatches per iteration instead of a million (their mallocs still read per dispatch)."
    }
' "$output"
