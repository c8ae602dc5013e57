#!/usr/bin/env bash
# Fails when a Swift file of the repository is longer than 400 lines: past that, a file holds more than one idea, and
# a reader looking for one of them has to read the others. Split it by what its parts hold (`Type+Feature.swift`).
set -euo pipefail
cd "$(dirname "$0")/.."

readonly LIMIT=400
long=$(git ls-files -z -- '*.swift' | xargs -0 wc -l | awk -v limit=$LIMIT '$2 != "total" && $1 > limit' || true)
if [ -n "$long" ]; then
    echo "Swift files over $LIMIT lines:" >&2
    echo "$long" >&2
    exit 1
fi
echo "no Swift file over $LIMIT lines"
