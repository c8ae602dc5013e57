#!/usr/bin/env bash
# From the field to a failing test: an app persists its store (a journal of its actions) and exits; the journal file
# goes through `switchyard-inspector export-test` to a connected app of the same types, which writes a TestStore
# test of it; the test is compiled and run, unedited, in the Examples package's InspectorExampleTests target (under
# Exported/, which git ignores and this script removes when it ends).
# Usage: Tests/Browser/journal_test.sh SWITCHYARD_INSPECTOR_ADDRESS 'http://127.0.0.1:PORT/stores/ID/#token=TOKEN' \
#     [JOURNAL]   (without JOURNAL, the example makes one: see make_journal.sh)
# EXAMPLES_SCRATCH_PATH, when set, is the Examples package's build folder (`--scratch-path`).
set -euo pipefail
cd "$(dirname "$0")/../.."
address="${1:?usage: $0 HOST:PORT/CODE STORE_PAGE_URL}"
page="${2:?usage: $0 HOST:PORT/CODE STORE_PAGE_URL}"
name="replaysExampleJournal"
dir="Examples/Tests/InspectorExampleTests/Exported"
file="$dir/JournalTests.swift"
folder="$(mktemp -d)"
log="$(mktemp)"
trap 'rm -rf "$dir" "$folder" "$log"' EXIT
mkdir -p "$dir"
scratch="${EXAMPLES_SCRATCH_PATH:-$PWD/Examples/.build}"

journal="${3:-}"
if [ -z "$journal" ]; then
    journal="$folder/app.sqlite"
    bash Tests/Browser/make_journal.sh "$address" "$journal"
fi
"$(swift build --show-bin-path)/switchyard-inspector" export-test "$journal" --store-page "$page" \
    --name "$name" --output "$file"

sends="$(grep -c 'await store.send(' "$file" || true)"
echo "journal test: $(wc -l <"$file") lines, $sends sends"
if [ "$sends" -lt 10 ]; then
    echo "journal_test.sh: the journal's test replays $sends actions, fewer than the run dispatched:" >&2
    cat "$file" >&2
    exit 1
fi
if ! swift build --package-path Examples --scratch-path "$scratch" --build-tests >"$log" 2>&1 \
    || ! swift test --package-path Examples --scratch-path "$scratch" --skip-build --filter "$name" >"$log" 2>&1; then
    cat "$log" >&2
    cat -n "$file" >&2
    echo "journal_test.sh: the journal's test does not compile or fails" >&2
    exit 1
fi
if ! grep -q "Test $name() passed" "$log"; then
    cat "$log" >&2
    echo "journal_test.sh: the journal's test did not run" >&2
    exit 1
fi
grep -E "Test $name\(\) passed|Test run with" "$log"
