#!/usr/bin/env bash
# Tracing and metrics against real collectors: builds Examples/Observability (swift-otel over OTLP/HTTP,
# swift-prometheus), runs it against an OTLP/HTTP receiver on loopback (.ci/otlp_receiver.py, which decodes the
# protobuf with PyPI's opentelemetry-proto, installed here with pip), scrapes its metrics endpoint, and checks that an
# action's span arrived with its bridged action, its effect's span, the app's span inside the effect and the
# effect's follow-up, and that the scrape shows the store's metrics, its timers in buckets at the scale of what they
# measure. Every wait is bounded; everything listens on 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
readonly PACKAGE=Examples/Observability

echo "== installing opentelemetry-proto"
python3 -m pip install --quiet --disable-pip-version-check "opentelemetry-proto>=1.20,<2"

echo "== building $PACKAGE"
swift build --package-path "$PACKAGE" --product ObservabilityExample
bin="$(swift build --package-path "$PACKAGE" --show-bin-path)/ObservabilityExample"

work=$(mktemp -d)
receiver=""
example=""
cleanup() {
    [ -n "$example" ] && kill "$example" 2>/dev/null || true
    [ -n "$receiver" ] && kill "$receiver" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

python3 .ci/otlp_receiver.py --out "$work/spans.jsonl" --port-file "$work/port" --seconds 300 &
receiver=$!
for _ in $(seq 1 100); do
    [ -s "$work/port" ] && break
    sleep 0.1
done
[ -s "$work/port" ] || { echo "the receiver did not start" >&2; exit 1; }
otlp_port=$(cat "$work/port")
metrics_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

echo "== running the example (OTLP/HTTP to 127.0.0.1:$otlp_port, metrics on 127.0.0.1:$metrics_port)"
OTLP_TRACES_ENDPOINT="http://127.0.0.1:$otlp_port/v1/traces" METRICS_PORT="$metrics_port" METRICS_SCRAPES=1 \
    timeout 120 "$bin" >"$work/example.log" 2>&1 &
example=$!
scraped=false
for _ in $(seq 1 600); do
    if curl --silent --fail --max-time 5 "http://127.0.0.1:$metrics_port/metrics" -o "$work/metrics.txt"; then
        scraped=true
        break
    fi
    kill -0 "$example" 2>/dev/null || break
    sleep 0.1
done
if ! wait "$example"; then
    example=""
    echo "the example failed:" >&2
    cat "$work/example.log" >&2
    exit 1
fi
example=""
$scraped || { echo "no scrape of the metrics endpoint" >&2; cat "$work/example.log" >&2; exit 1; }

echo "== checking the spans"
python3 - "$work/spans.jsonl" <<'PYTHON'
import json, sys

spans = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
def one(name):
    found = [span for span in spans if span["name"] == name]
    assert len(found) == 1, f"expected one span {name!r}, got {len(found)} of {[s['name'] for s in spans]}"
    return found[0]
search, bridged, effect, backend, results = (
    one("search"), one("searchStarted"), one("effect"), one("backend.search"), one("results"))
assert search["parent_span_id"] == "", "the user's action starts a trace"
assert search["attributes"]["switchyard.store"] == "search"
assert search["attributes"]["code.file.path"].endswith("main.swift"), search["attributes"]
assert search["attributes"]["code.line.number"] > 0
assert search["attributes"]["code.function.name"], search["attributes"]
for deprecated in ("code.filepath", "code.lineno", "code.function"):
    for span in (search, effect):
        assert deprecated not in span["attributes"], f"deprecated {deprecated} on {span['name']}"
assert effect["attributes"]["code.file.path"].endswith("SearchFeature.swift"), effect["attributes"]
assert search["attributes"]["switchyard.action.follow_up"] is False
assert "switchyard.action.payload" not in search["attributes"], "no payload without a redacting closure"
assert bridged["parent_span_id"] == search["span_id"] and bridged["links"] == [search["span_id"]]
assert bridged["attributes"]["switchyard.action.bridged"] is True
assert effect["parent_span_id"] == search["span_id"], "the effect nests under its action"
assert backend["parent_span_id"] == effect["span_id"], "the app's span inside the effect nests under it"
assert results["parent_span_id"] == effect["span_id"], "the effect's follow-up nests under it"
assert len({span["trace_id"] for span in (search, bridged, effect, backend, results)}) == 1
print(f"{len(spans)} spans, one trace: search > searchStarted (linked), effect > backend.search, results")
PYTHON

echo "== checking the scrape"
for line in \
    'switchyard_actions_total{store="search",action="search",follow_up="false"} 1' \
    'switchyard_actions_total{store="search",action="searchStarted",follow_up="true"} 1' \
    'switchyard_actions_total{store="search",action="results",follow_up="true"} 1' \
    'switchyard_effects_started_total{store="search"} 1' \
    'switchyard_effects_finished_total{store="search"} 1' \
    'switchyard_effects_failed_total{store="search"} 0'; do
    if ! grep -qF "$line" "$work/metrics.txt"; then
        echo "not in the scrape: $line" >&2
        cat "$work/metrics.txt" >&2
        exit 1
    fi
done
grep -q '^switchyard_handle_duration' "$work/metrics.txt" || { echo "no handle timer in the scrape" >&2; exit 1; }
python3 - "$work/metrics.txt" <<'PYTHON'
import re, sys

# The store's timers measure phases of tens of nanoseconds to milliseconds: their buckets must start at the
# microsecond scale, and the samples must not all fall in the first bucket (as they do with the 5 ms default).
timers = {"switchyard_handle_duration", "switchyard_reduce_duration", "switchyard_observers_duration"}
bucket = re.compile(r'^(switchyard_\w+_duration)_bucket\{(.*)le="([^"]+)"\} (\d+)$')
series = {}
for line in open(sys.argv[1]).read().splitlines():
    match = bucket.match(line)
    if match:
        name, labels, bound, count = match.groups()
        series.setdefault((name, labels), []).append((float(bound), int(count)))
assert {name for name, _ in series} == timers, f"timers in the scrape: {sorted({name for name, _ in series})}"
in_first = in_range = total = 0
for (name, labels), buckets in sorted(series.items()):
    buckets.sort()
    first_bound, first_count = buckets[0]
    assert first_bound <= 1e-6, f"{name}{{{labels}}}: the first bucket ends at {first_bound} s"
    in_first += first_count
    in_range += buckets[-2][1]  # the last finite bucket
    total += buckets[-1][1]  # le="+Inf": every sample
assert total > 0, "no sample in the store's timers"
assert in_first < total, f"all {total} samples of the store's timers are in the first bucket"
print(f"timers: {len(series)} series, {total} samples: {in_first} in the first bucket (which ends by 1 µs), "
      f"{total - in_range} past the last one")
PYTHON
echo "scrape: $(grep -c '^switchyard_' "$work/metrics.txt") switchyard samples"

echo "== observability checks passed in $(($(date +%s) - started)) s"
