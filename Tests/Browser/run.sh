#!/usr/bin/env bash
# Runs the inspector's page in a real browser: starts the desktop inspector and two apps that connect to it (two
# InspectorExample processes, named InspectorExample and SecondApp), then drives headless Chromium through WebDriver
# (selenium) against the first app's store, checking that travelling in it leaves the other app's store alone, and
# against the second's, with the DevTools controls; then shows both stores side by side, and relaunches the first app
# to check that its view keeps the earlier launch's entries; last, a page of another origin calls /app over and over
# while a third app pairs.
# Installs Chromium, its driver and selenium when they are missing.
# Usage: Tests/Browser/run.sh [SCREENSHOT.png]
# EXAMPLES_SCRATCH_PATH, when set, is the Examples package's build folder (`--scratch-path`); this script and the ones
# it runs build and run the examples there. CI sets it to the library's own `.build`, which the examples then share.
set -euo pipefail
cd "$(dirname "$0")/../.."
screenshot="${1:-.build/inspector-screenshots/inspector.png}"
mkdir -p "$(dirname "$screenshot")"

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
python3 -c "import selenium" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check selenium

swift build --product switchyard-inspector
export EXAMPLES_SCRATCH_PATH="${EXAMPLES_SCRATCH_PATH:-$PWD/Examples/.build}"
swift build --package-path Examples --scratch-path "$EXAMPLES_SCRATCH_PATH" --product InspectorExample
desktop_log="$(mktemp)"
first_log="$(mktemp)"
second_log="$(mktemp)"
"$(swift build --show-bin-path)/switchyard-inspector" --port 0 >"$desktop_log" 2>&1 &
desktop=$!
pids=("$desktop")
journal_folder=""
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$desktop_log" "$first_log" "$second_log" "$journal_folder"' EXIT

address=""
page=""
for _ in $(seq 1 100); do
    address="$(grep -o 'SWITCHYARD_INSPECTOR=[^ ]*' "$desktop_log" | cut -d= -f2 || true)"
    page="$(grep -o 'http://[^ ]*' "$desktop_log" || true)"
    [ -n "$address" ] && [ -n "$page" ] && break
    sleep 0.2
done
if [ -z "$address" ]; then
    echo "The desktop inspector printed no address:" >&2
    cat "$desktop_log" >&2
    exit 1
fi
SWITCHYARD_INSPECTOR="$address" swift run --skip-build --package-path Examples --scratch-path "$EXAMPLES_SCRATCH_PATH" \
    InspectorExample --for 900 >"$first_log" 2>&1 &
pids+=("$!")
SWITCHYARD_INSPECTOR="$address" swift run --skip-build --package-path Examples --scratch-path "$EXAMPLES_SCRATCH_PATH" \
    InspectorExample --for 900 --app SecondApp --every 0.2 --capacity 20000 >"$second_log" 2>&1 &
pids+=("$!")

# The two stores' pages, once both apps are connected.
urls="$(python3 - "$page" <<'PYTHON'
import json, sys, time, urllib.request
page = sys.argv[1]
base, token = page.split("#token=")[0].rstrip("/"), page.split("#token=")[1]
deadline = time.time() + 60
while True:
    request = urllib.request.Request(base + "/api/stores", headers={"X-Inspector-Token": token})
    stores = json.loads(urllib.request.urlopen(request, timeout=10).read())
    found = {s["app"]: s["id"] for s in stores if s["connected"]}
    if "InspectorExample" in found and "SecondApp" in found:
        break
    if time.time() > deadline:
        sys.exit("run.sh: the two apps did not connect to the desktop inspector in 60 s: %r" % stores)
    time.sleep(0.3)
print("%s/stores/%d/#token=%s %s/stores/%d/#token=%s" % (
    base, found["InspectorExample"], token, base, found["SecondApp"], token))
PYTHON
)"
url="${urls%% *}"
other="${urls##* }"
# A tester's journal, for the page's and the command line's journal export.
journal_folder="$(mktemp -d)"
bash Tests/Browser/make_journal.sh "$address" "$journal_folder/app.sqlite"

# The provenance the page must show for the first search: the line of the scripted user's search.
line="$(grep -n 'user: search' Examples/Sources/InspectorExample/main.swift | cut -d: -f1)"
python3 Tests/Browser/inspector_browser_test.py \
    --url "$url" \
    --other-store-url "$other" \
    --root-url "$page" \
    --expect-file InspectorExample/main.swift \
    --expect-line "$line" \
    --expect-action 'queryChanged("swift")' \
    --journal "$journal_folder/app.sqlite" \
    --screenshot "$screenshot"

# The test the inspector exports, compiled and run unedited against the example's app code. The browser test ended
# on an imported session and its way back, which starts the history again: wait for new actions, then skip one of
# them and travel, so that the exported test replays a skip and a jump.
python3 - "$url" <<'PYTHON'
import json, sys, time, urllib.request
url = sys.argv[1]
base, token = url.split("#token=")[0].rstrip("/"), url.split("#token=")[1]
def call(method, path, body=None):
    request = urllib.request.Request(base + path, data=body, method=method, headers={"X-Inspector-Token": token})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())
deadline = time.time() + 60
while call("GET", "/api/status")["count"] < 6:
    if time.time() > deadline:
        sys.exit("run.sh: the example recorded fewer than 6 actions in 60 s")
    time.sleep(0.5)
entries = call("GET", "/api/entries")["entries"]
skipped = next(e for e in entries if e["followUp"])
call("POST", "/api/skip", json.dumps({"id": skipped["id"], "skipped": True}).encode())
call("POST", "/api/jump", json.dumps({"id": entries[1]["id"]}).encode())
time.sleep(1)
call("POST", "/api/present")
print("skipped #%d, travelled to #%d and back" % (skipped["id"], entries[1]["id"]))
PYTHON
bash Tests/Browser/exported_test.sh "$url"
# A journal of the example's persisted store, from the command line to a passing test.
bash Tests/Browser/journal_test.sh "$address" "$url" "$journal_folder/app.sqlite"
# The DevTools controls (pause, lock, filter, skip and sweep, commit, revert), on the second app's store, whose
# scripted user acts five times a second.
python3 Tests/Browser/devtools_browser_test.py "$other" "$(dirname "$screenshot")/inspector-devtools.png"
# The two stores side by side (a jump in one pane leaves the other live), then the first app relaunched: its view
# shows the earlier launch's entries above the new launch's. The relaunched app's process joins the ones to stop.
relaunched="$(mktemp)"
first_app=("${pids[1]}")
for child in $(pgrep -P "${pids[1]}" || true); do first_app+=("$child"); done
sessions_status=0
python3 Tests/Browser/sessions_browser_test.py "$url" "$other" "$address" "$relaunched" "$(dirname "$screenshot")" \
    --kill "${first_app[@]}" || sessions_status=$?
if [ -s "$relaunched" ]; then pids+=("$(cat "$relaunched")"); fi
rm -f "$relaunched"
[ "$sessions_status" -eq 0 ] || exit "$sessions_status"
# A page of another origin calls /app over and over, as any page on the machine could, while a third app pairs:
# nothing a page sends counts against pairing, and the app pairs.
python3 Tests/Browser/pairing_browser_test.py "$page" "$address"
# Neither app ever listened on a port: every socket they have is a connection to the desktop inspector.
for pid in "${pids[@]:1}"; do
    for child in $(pgrep -P "$pid" || true) "$pid"; do
        if [ -d "/proc/$child" ] && grep -q " 0A " "/proc/$child/net/tcp" 2>/dev/null; then
            inodes="$(ls -l "/proc/$child/fd" 2>/dev/null | grep -o 'socket:\[[0-9]*\]' | tr -d 'socket:[]' || true)"
            for inode in $inodes; do
                if awk -v inode="$inode" '$4 == "0A" && $10 == inode { found = 1 } END { exit !found }' \
                    "/proc/$child/net/tcp" "/proc/$child/net/tcp6" 2>/dev/null; then
                    echo "run.sh: process $child of an example listens on a port" >&2
                    exit 1
                fi
            done
        fi
    done
done
echo "The apps listen on no port."
