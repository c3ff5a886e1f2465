#!/usr/bin/env python3
"""The mutation table of examples/own-game/README.md from a campaign of scripts/mutation-2048.sh.

    python3 scripts/mutation-2048-table.py OUT/mutants.out

Counts the outcomes of cargo-mutants (caught by kind, unviable, missed) and, from the gate's
`mutation-gate:` lines in each mutant's log, the time to detect (from the start of the default-mix
batch to its first failure) and the shrunk size (cells of the board, moves); the equivalent mutants
are those scripts/mutation-2048.sh excludes, with their reasons, and the functions marked
#[cfg_attr(mutants, mutants::skip)] in examples/own-game/src/optimized.rs and its modules.
"""
import importlib.util
import json
import re
import statistics
import sys
from pathlib import Path


def _table_script():
    """scripts/mutation-table.py as a module: its reader of the gate's lines serves both tables."""
    spec = importlib.util.spec_from_file_location(
        "mutation_table", Path(__file__).parent / "mutation-table.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gate_summaries = _table_script().gate_summaries


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) == 2 else 2
    out = Path(sys.argv[1])
    if not (out / "outcomes.json").is_file():
        print(f"error: {out} holds no outcomes.json (give the mutants.out folder)", file=sys.stderr)
        return 2
    counts = {"mismatch": 0, "hang": 0, "crash": 0, "unviable": 0, "missed": 0}
    detect, cells, moves, missed = [], [], [], []
    for o in json.loads((out / "outcomes.json").read_text())["outcomes"]:
        sc = o["scenario"]
        if not (isinstance(sc, dict) and "Mutant" in sc):
            continue
        summary = o["summary"]
        if summary == "Unviable":
            counts["unviable"] += 1
            continue
        if summary == "MissedMutant":
            counts["missed"] += 1
            missed.append(sc["Mutant"]["name"])
            continue
        if summary == "Timeout":
            counts["hang"] += 1
            continue
        runs = gate_summaries(out / o["log_path"])
        default = [s for s in runs if s.get("profile") != "all"]
        chosen = default[0] if default else (runs[0] if runs else {})
        first = chosen.get("first") or {}
        kind = first.get("kind", "crash")
        counts[{"mismatch": "mismatch", "time-limit": "hang"}.get(kind, "crash")] += 1
        if default and default[0].get("detected_secs") is not None:
            detect.append(default[0]["detected_secs"])
        m = re.match(r"(\d+)x(\d+), q=(\d+)", first.get("size_after", ""))
        if m and kind != "time-limit":
            cells.append(int(m.group(1)) * int(m.group(2)))
            moves.append(int(m.group(3)))
    script = (Path(__file__).parent / "mutation-2048.sh").read_text()
    excluded = re.findall(r"^\s*'([^']*)' # (.*)$", script, re.M)
    src = Path(__file__).parent.parent / "examples/own-game/src"
    files = [src / "optimized.rs"] + sorted((src / "optimized").glob("*.rs"))
    source = "\n".join(f.read_text() for f in files)
    skipped = re.findall(r"#\[cfg_attr\(mutants, mutants::skip\)\] // (.*)\n(?:.*\n)*?\s*(?:pub )?fn (\w+)", source)
    caught = counts["mismatch"] + counts["hang"] + counts["crash"]
    total = caught + counts["unviable"] + counts["missed"]
    print("| mutants run | caught: mismatch | hang | crash | unviable | missed | time to detect, median / worst (s) | shrunk size, median / worst |")
    print("|---:|---:|---:|---:|---:|---:|---|---|")
    fmt = lambda xs: f"{statistics.median(xs):.3f} / {max(xs):.2f}" if xs else "-"
    size = (f"{statistics.median(cells):g} / {max(cells)} cells, <= {max(moves)} moves"
            if cells else "-")
    print(f"| {total} | {counts['mismatch']} | {counts['hang']} | {counts['crash']} | "
          f"{counts['unviable']} | {counts['missed']} | {fmt(detect)} | {size} |")
    print("\nEquivalent, not run (each changes the code, never an answer):\n")
    for regex, reason in excluded:
        print(f"- `{regex}`: {reason}")
    for reason, name in skipped:
        print(f"- every mutant of `{name}`: {reason}")
    for name in missed:
        print(f"- MISSED: `{name}`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
