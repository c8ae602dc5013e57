#!/usr/bin/env bash
# Fails when the repository's text cites documents that users and contributors do not have: the design documents
# the project started from, their sample numbers, the rule labels of its pipeline contract, or the machines and
# package mirrors it is developed on. State the rule where it applies instead.
set -euo pipefail
cd "$(dirname "$0")/.."

pattern='SEMANTICS|shared/|STYLE\.md|[Ss]eeds?\b|[Ss]eed[ _]?[0-9]{3}|Seed[A-Z]|\bR[1-9][0-9]?\b|package mirrors|shared 2-core|project.s shared'
# `seed` is also an ordinary word in code (a random generator's seed, priming a value): those lines are allowed.
allowed='random|Random|RNG|rng|\.seed\(|func seed|seed:|Seed:'
found=$(git grep -n -I -E "$pattern" -- . ':!.ci/internal-references.sh' ':!LICENSE' | grep -v -E "$allowed" || true)
if [ -n "$found" ]; then
    echo "Internal references (cite the rule, not a document users do not have):" >&2
    echo "$found" >&2
    exit 1
fi
names=$(git ls-files | grep -E '[Ss]eed|SEMANTICS' || true)
if [ -n "$names" ]; then
    echo "File names that cite documents users do not have:" >&2
    echo "$names" >&2
    exit 1
fi
echo "no internal references"
