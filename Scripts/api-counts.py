#!/usr/bin/env python3
"""Prints how many public declarations each product's module has, and how many `lift` overloads (methods named
`lift`; `liftToCollection` is counted apart, in the last column); with `--check`,
fails when a count is above its ceiling in `Scripts/api-ceilings.json`.

The counts come from the compiler's symbol graphs (`swift package dump-symbol-graph --minimum-access-level public
--skip-synthesized-members`): every public type, case, property, method, initializer, operator and typealias that a
module declares, members that a type only inherits or gets from a protocol's default implementation left out.
Lower a ceiling when a count goes down; raising one needs a reason in the commit that does it.
"""
import collections
import glob
import json
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
products = json.load(open(os.path.join(root, "Scripts", "api-ceilings.json")))
# Graphs of an earlier run are removed first, so that a module the command failed to emit is not counted from them.
for stale in glob.glob(os.path.join(root, ".build", "*", "symbolgraph", "*.symbols.json")):
    os.remove(stale)
# The command also tries the test modules, and fails for them when the tests are not built: only the products'
# symbol graphs are needed, so its status is not checked, their presence is.
dump = subprocess.run(
    ["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public", "--skip-synthesized-members"],
    cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
folders = glob.glob(os.path.join(root, ".build", "*", "symbolgraph"))
missing = [module for module in products["modules"]
           if not folders or not os.path.exists(os.path.join(folders[0], f"{module}.symbols.json"))]
if missing:
    print(dump.stdout, file=sys.stderr)
    sys.exit(f"no symbol graph for {', '.join(missing)}: `swift package dump-symbol-graph` failed (its output is above)")
folder = folders[0]

declarations = collections.Counter()
lifts = collections.Counter()
collection_lifts = collections.Counter()
for path in glob.glob(os.path.join(folder, "*.symbols.json")):
    module = os.path.basename(path).split(".")[0].split("@")[0]
    if module not in products["modules"]:
        continue
    for symbol in json.load(open(path))["symbols"]:
        if symbol["kind"]["identifier"].endswith(".extension"):
            continue
        declarations[module] += 1
        title = symbol["names"]["title"]
        if title.startswith("lift("):
            lifts[module] += 1
        elif title.startswith("liftToCollection("):
            collection_lifts[module] += 1

failures = []
print(f"{'module':<28}{'public':>8}{'ceiling':>9}{'lift':>6}{'liftToCollection':>18}")
for module, ceiling in products["modules"].items():
    print(f"{module:<28}{declarations[module]:>8}{ceiling:>9}{lifts[module]:>6}{collection_lifts[module]:>18}")
    if declarations[module] > ceiling:
        failures.append(f"{module} declares {declarations[module]} public symbols, more than its ceiling {ceiling}")
total = sum(declarations.values())
print(f"{'all products':<28}{total:>8}{products['total']:>9}{sum(lifts.values()):>6}"
      f"{sum(collection_lifts.values()):>18}")
if total > products["total"]:
    failures.append(f"the products declare {total} public symbols, more than the ceiling {products['total']}")
if lifts["Switchyard"] > products["coreLifts"]:
    failures.append(f"the core declares {lifts['Switchyard']} lift overloads, more than the ceiling {products['coreLifts']}")
if "--check" in sys.argv and failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
