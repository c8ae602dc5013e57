#!/usr/bin/env bash
# A tester's run: InspectorExample acts ten times a second for three seconds, persisting its store in JOURNAL, then
# exits, closing the file. Usage: Tests/Browser/make_journal.sh SWITCHYARD_INSPECTOR_ADDRESS JOURNAL
# EXAMPLES_SCRATCH_PATH, when set, is the Examples package's build folder (`--scratch-path`).
set -euo pipefail
cd "$(dirname "$0")/../.."
address="${1:?usage: $0 HOST:PORT/CODE JOURNAL}"
journal="${2:?usage: $0 HOST:PORT/CODE JOURNAL}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
SWITCHYARD_INSPECTOR="$address" swift run --skip-build --package-path Examples \
    --scratch-path "${EXAMPLES_SCRATCH_PATH:-$PWD/Examples/.build}" InspectorExample --for 3 --every 0.1 --app JournalApp \
    --persist "$journal" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
