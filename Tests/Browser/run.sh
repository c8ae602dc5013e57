#!/usr/bin/env bash
# Runs the inspector's page in a real browser: starts InspectorExample, then drives headless Chromium through
# WebDriver (selenium) against it. Installs Chromium, its driver and selenium when they are missing.
# Usage: Tests/Browser/run.sh [SCREENSHOT.png]
set -euo pipefail
cd "$(dirname "$0")/../.."
screenshot="${1:-.build/inspector-screenshots/inspector.png}"
mkdir -p "$(dirname "$screenshot")"

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
python3 -c "import selenium" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check selenium

swift build --package-path Examples --product InspectorExample
log="$(mktemp)"
swift run --skip-build --package-path Examples InspectorExample --for 120 >"$log" 2>&1 &
example=$!
trap 'kill "$example" 2>/dev/null || true; rm -f "$log"' EXIT

url=""
for _ in $(seq 1 100); do
    url="$(grep -o 'http://[^ ]*' "$log" || true)"
    [ -n "$url" ] && break
    sleep 0.2
done
if [ -z "$url" ]; then
    echo "InspectorExample printed no address:" >&2
    cat "$log" >&2
    exit 1
fi
# Wait until the scripted user's first action is recorded.
sleep 3

# The provenance the page must show for the first search: the line of the scripted user's search.
line="$(grep -n 'user: search' Examples/Sources/InspectorExample/main.swift | cut -d: -f1)"
python3 Tests/Browser/inspector_browser_test.py \
    --url "$url" \
    --expect-file InspectorExample/main.swift \
    --expect-line "$line" \
    --expect-action 'queryChanged("swift")' \
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
