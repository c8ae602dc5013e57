#!/usr/bin/env bash
# The inspector's cost and its server under attack, from one run (release build): bytes per recorded action, the
# time of a 100,000-action export, then the store's dispatch rate, the app's cooperative-pool latency and the page's
# answer with no attack and during each attack. Usage: ./inspector-probe.sh [--seconds N]
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product SwitchyardInspectorProbe >&2
"$(swift build -c release --show-bin-path)/SwitchyardInspectorProbe" "$@"
