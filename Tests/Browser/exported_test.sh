#!/usr/bin/env bash
# Runs the test that the inspector exports, unedited: downloads GET /api/export/test from a running InspectorExample,
# writes it into the InspectorExampleTests target of the Examples package (under Exported/, which git ignores and
# this script removes when it ends), builds it and runs it with `swift test`. Fails when the export is empty, when
# the test does not compile, or when it fails.
# Usage: Tests/Browser/exported_test.sh 'http://127.0.0.1:PORT/#token=TOKEN'
# EXAMPLES_SCRATCH_PATH, when set, is the Examples package's build folder (`--scratch-path`).
set -euo pipefail
cd "$(dirname "$0")/../.."
url="${1:?usage: $0 'http://127.0.0.1:PORT/#token=TOKEN'}"
base="${url%%#*}"
base="${base%/}"
token="${url#*#token=}"
if [ "$token" = "$url" ] || [ -z "$token" ]; then
    echo "exported_test.sh: no #token= in $url" >&2
    exit 2
fi
scratch="${EXAMPLES_SCRATCH_PATH:-$PWD/Examples/.build}"

name="replaysInspectorExampleSession"
dir="Examples/Tests/InspectorExampleTests/Exported"
file="$dir/ExportedSessionTests.swift"
log="$(mktemp)"
trap 'rm -rf "$dir" "$log"' EXIT
mkdir -p "$dir"

query="name=$name&imports=InspectorExampleApp&reducer=appReducer&middleware=appMiddleware"
python3 - "$base/api/export/test?$query" "$token" "$file" <<'PYTHON'
import sys, urllib.request
url, token, path = sys.argv[1:4]
request = urllib.request.Request(url, headers={"X-Inspector-Token": token})
try:
    with urllib.request.urlopen(request, timeout=60) as response:
        body = response.read()
except Exception as error:
    sys.exit("exported_test.sh: GET %s failed: %s" % (url.split("?")[0], error))
with open(path, "wb") as out:
    out.write(body)
PYTHON

sends="$(grep -c 'await store.send(' "$file" || true)"
receives="$(grep -c 'await store.receive(' "$file" || true)"
skips="$(grep -c 'Skipped in the inspector\|skipped in the inspector' "$file" || true)"
echo "exported test: $(wc -l <"$file") lines, $sends sends, $receives receives, $skips skipped actions"
if [ "$sends" -eq 0 ]; then
    echo "exported_test.sh: the exported test replays no action:" >&2
    cat "$file" >&2
    exit 1
fi

show_test() {
    echo "---- the exported test ($file) ----" >&2
    cat -n "$file" >&2
}
if ! swift build --package-path Examples --scratch-path "$scratch" --build-tests >"$log" 2>&1; then
    cat "$log" >&2
    show_test
    echo "exported_test.sh: the exported test does not compile" >&2
    exit 1
fi
if ! swift test --package-path Examples --scratch-path "$scratch" --skip-build --filter "$name" >"$log" 2>&1; then
    cat "$log" >&2
    show_test
    echo "exported_test.sh: the exported test fails" >&2
    exit 1
fi
if ! grep -q "Test $name() passed" "$log"; then
    cat "$log" >&2
    echo "exported_test.sh: the exported test did not run" >&2
    exit 1
fi
grep -E "Test $name\(\) passed|Test run with" "$log"
