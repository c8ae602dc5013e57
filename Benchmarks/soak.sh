#!/usr/bin/env bash
# Builds the soak executable (release) and runs it for the given number of seconds, 300 by default. It prints one
# line a second and a summary, and exits 1 when resident memory grew or the store lost an action.
#
#     bash Benchmarks/soak.sh          # five minutes
#     bash Benchmarks/soak.sh 30       # a smoke run
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-300}"
swift build -c release --package-path Benchmarks --product SwitchyardSoak
binary="$(swift build -c release --package-path Benchmarks --show-bin-path)/SwitchyardSoak"
exec "$binary" "$seconds"
