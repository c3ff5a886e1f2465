#!/usr/bin/env python3
"""Turns small-scope campaigns (scripts/small-scope.sh) into the small-scope table of docs/verify.md.

    python3 scripts/small-scope-table.py OUT/mutants.out [MORE/mutants.out ...] > table.md

For each mutant cargo-mutants caught, the smallest named scope whose verification failed (the first
`scope-gate:` line with "failed": true in its log, printed by games/tests/scope_gate.rs) and the
seconds that scope took; for each mutant it missed, the scopes it survived. One row per file: the
mutants, how many each scope killed first, the missed, and the median and worst seconds to kill;
then the missed mutants one per line with the scopes they survived.

A mutant judged by more than one campaign counts once, as the last folder given judged it: a
campaign of the smallest scope over every mutant, then one of more scopes over its survivors
(`small-scope.sh ... -- --re REGEX`), make one table.
"""

import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path


def gate_lines(log):
    """The scope-gate records of a mutant's log, in order."""
    out = []
    for line in log.read_text(errors="replace").splitlines():
        at = line.find("scope-gate: ")
        if at >= 0:
            try:
                out.append(json.loads(line[at + len("scope-gate: "):]))
            except json.JSONDecodeError:
                pass
    return out


def outcomes(folder):
    """(file, summary, log path, mutant name) of every mutant of a campaign."""
    for o in json.loads((folder / "outcomes.json").read_text())["outcomes"]:
        scenario = o["scenario"]
        if isinstance(scenario, dict) and "Mutant" in scenario:
            m = scenario["Mutant"]
            yield m["file"], o["summary"], folder / o["log_path"], m["name"]


def main(folders):
    rows = defaultdict(lambda: {"mutants": 0, "first": defaultdict(int), "missed": [], "secs": [],
                                "unviable": 0, "timeout": 0})
    scope_order = []
    judged = {}
    for f in folders:
        for file, summary, log, name in outcomes(Path(f)):
            judged[name] = (file, summary, log)
    for name, (file, summary, log) in judged.items():
        row = rows[file]
        row["mutants"] += 1
        records = gate_lines(log) if log.exists() else []
        for r in records:
            if r["scope"] not in scope_order:
                scope_order.append(r["scope"])
        if summary == "Unviable":
            row["unviable"] += 1
            continue
        if summary == "Timeout":
            row["timeout"] += 1
            continue
        killer = next((r for r in records if r.get("failed")), None)
        if summary == "CaughtMutant" and killer:
            row["first"][killer["scope"]] += 1
            row["secs"].append(killer["secs"])
        elif summary == "CaughtMutant":
            row["first"]["(build or gate)"] += 1
        else:
            # A passing gate prints nothing (its output is captured): every scope tried passed.
            survived = ", ".join(r["scope"] for r in records) or "every scope tried"
            row["missed"].append((name, survived))
    if "(build or gate)" in {k for r in rows.values() for k in r["first"]}:
        scope_order.append("(build or gate)")
    head = ["file", "mutants", *[f"killed first by `{s}`" for s in scope_order], "missed",
            "hang (timeout)", "unviable", "seconds to kill, median / worst"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for file in sorted(rows):
        r = rows[file]
        secs = (f'{statistics.median(r["secs"]):.2f} / {max(r["secs"]):.2f}' if r["secs"] else "")
        cells = [f"`{file}`", str(r["mutants"]), *[str(r["first"].get(s, 0)) for s in scope_order],
                 str(len(r["missed"])), str(r["timeout"]), str(r["unviable"]), secs]
        print("| " + " | ".join(cells) + " |")
    missed = [(n, s) for r in rows.values() for n, s in r["missed"]]
    if missed:
        print("\nMissed (survived every scope tried):\n")
        for n, s in sorted(missed):
            print(f"- `{n}`: survived {s}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1:])
