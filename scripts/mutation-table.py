#!/usr/bin/env python3
"""Turns a cargo-mutants campaign over engine/src into the README's mutation table.

    cargo mutants -p engine --baseline skip --timeout 300 -o OUT
    python3 scripts/mutation-table.py OUT/mutants.out [RERUN/mutants.out ...] > table.md

Today's mutants (`cargo mutants --list`) are the rows; each takes its latest outcome by name from
the directories given (later ones are re-runs and override earlier ones), or counts as not run.

Reads `outcomes.json` and each mutant's log, where cli/tests/mutation_gate.rs prints the JSON
summary of every failing batch on a line starting with `mutation-gate:`. Mutants the gate never
sees because `.cargo/mutants.toml` excludes them as equivalent are counted from that file's
`exclude_re` entries (each carries its one-line reason) against `cargo mutants --list --no-config`.

A caught mutant's kind (mismatch, hang, crash) and its time to detect come from the gate's
default-profile batch (the main job's mix); a mutant only the every-profile batch caught is listed
separately. Cargo-mutants' own timeout also counts as a hang. Shrunk sizes are those of mismatches
and crashes (the gate cannot shrink a hang: `harness diff` does it out of process).
"""

import argparse
import json
import re
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def exclusions():
    """(regex, reason) for every exclude_re entry of .cargo/mutants.toml."""
    text = (ROOT / ".cargo" / "mutants.toml").read_text()
    m = re.search(r"^exclude_re\s*=\s*\[(.*?)^\]", text, re.S | re.M)
    if not m:
        return []
    out = []
    for line in m.group(1).splitlines():
        e = re.match(r"\s*'([^']*)',?\s*#\s*(.*)$", line)
        if e:
            out.append((re.compile(e.group(1)), e.group(2).strip()))
    return out


def size_of(game, size):
    """The shrunk size in the unit the README uses: cells (Texas, NoGo) or blocks (Mayan)."""
    if game == "texas":
        m = re.match(r"(\d+)x(\d+), k=\d+, q=(\d+)", size)
        return (int(m.group(1)) * int(m.group(2)), int(m.group(3))) if m else None
    if game == "nogo":
        m = re.match(r"(\d+)x(\d+)", size)
        return (int(m.group(1)) * int(m.group(2)), None) if m else None
    if game == "mayan":
        m = re.search(r"(\d+) blocks", size)
        return (int(m.group(1)), None) if m else None
    return None


def gate_summaries(log):
    out = []
    try:
        text = log.read_text(errors="replace")
    except OSError:
        return out
    for line in text.splitlines():
        if line.startswith("mutation-gate: "):
            try:
                out.append(json.loads(line[len("mutation-gate: "):]))
            except json.JSONDecodeError:
                pass
    return out


def list_mutants(config=True):
    args = ["cargo", "mutants", "-p", "engine", "--list"]
    if not config:
        args.insert(2, "--no-config")
    listed = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [line for line in listed.splitlines() if line.startswith("engine/src/")]


def skip_marked(plain):
    """(mutant name, reason) for every mutant inside a function marked as equivalent in place."""
    import shutil
    import tempfile

    mark = "#[cfg_attr(mutants, mutants::skip)]"
    with tempfile.TemporaryDirectory() as tmp:
        files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout.split()
        why = {}
        for rel in files:
            src, dst = ROOT / rel, Path(tmp) / rel
            if not src.is_file():
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            if rel.startswith("engine/src/") and rel.endswith(".rs"):
                lines = src.read_text().splitlines(keepends=True)
                for i, line in enumerate(lines):
                    if mark in line:
                        reason = line.split("//", 1)[1].strip() if "//" in line else ""
                        for follow in lines[i + 1:i + 4]:
                            fn = re.search(r"\bfn\s+(\w+)", follow)
                            if fn:
                                why[(rel, fn.group(1))] = reason
                                break
                        lines[i] = line.replace(mark, "")
                dst.write_text("".join(lines))
            else:
                shutil.copy2(src, dst)
        listed = subprocess.run(["cargo", "mutants", "--no-config", "-p", "engine", "--list"],
                                cwd=tmp, capture_output=True, text=True, check=True).stdout
    out = []
    for name in listed.splitlines():
        if not name.startswith("engine/src/") or name in plain:
            continue
        rel = name.split(":")[0]
        reason = next((r for (f, fn), r in why.items()
                       if f == rel and re.search(rf"\b{fn}\b", name)), "marked in place")
        out.append((name, reason))
    return out


def main():
    ap = argparse.ArgumentParser(
        description="Print the README's mutation table (Markdown) from cargo-mutants output "
                    "folders.",
        epilog="Example: python3 scripts/mutation-table.py /tmp/campaign/mutants.out "
               "/tmp/rerun/mutants.out > table.md")
    ap.add_argument("dirs", nargs="*", metavar="MUTANTS_OUT",
                    help="a cargo-mutants output folder (holding outcomes.json); later folders are "
                         "re-runs and override earlier ones by mutant name (default: ./mutants.out)")
    args = ap.parse_args()
    dirs = [Path(d) for d in args.dirs] or [ROOT / "mutants.out"]
    for d in dirs:
        if not (d / "outcomes.json").is_file():
            ap.error(f"{d}: no outcomes.json here (give the mutants.out folder of a campaign)")
    # The latest outcome of each mutant by name: later directories (re-runs) override earlier.
    latest = {}
    for d in dirs:
        for o in json.loads((d / "outcomes.json").read_text())["outcomes"]:
            sc = o["scenario"]
            if isinstance(sc, dict) and "Mutant" in sc:
                latest[sc["Mutant"]["name"]] = (d, o)
    rows = defaultdict(lambda: defaultdict(int))
    detect = defaultdict(list)
    sizes = defaultdict(list)
    not_default, missed, not_run = [], [], []
    ex = exclusions()
    reasons = defaultdict(list)
    # Every mutant of today's code: the configured list, plus what the exclusions take out.
    configured = list_mutants()
    plain_list = list_mutants(config=False)
    plain = set(plain_list)
    for name in configured:
        f = name.split(":")[0]
        r = rows[f]
        r["mutants"] += 1
        if name not in latest:
            r["not run"] += 1
            not_run.append(name)
            continue
        d, o = latest[name]
        summary = o["summary"]
        if summary == "Unviable":
            r["unviable"] += 1
            continue
        if summary == "MissedMutant":
            r["missed"] += 1
            missed.append(name)
            continue
        if summary == "Timeout":
            r["hang"] += 1
            continue
        runs = gate_summaries(d / o["log_path"])
        default = [s for s in runs if s.get("profile") != "all"]
        chosen = default[0] if default else (runs[0] if runs else None)
        if not default:
            not_default.append(name)
        kind = (chosen or {}).get("first") or {}
        k = kind.get("kind", "crash")
        r[{"mismatch": "mismatch", "time-limit": "hang"}.get(k, "crash")] += 1
        if default and default[0].get("detected_secs") is not None:
            detect[f].append(default[0]["detected_secs"])
        # A hang is shrunk out of process by `harness diff`; the gate has no second process to
        # run, so it saves hangs as found: their sizes say nothing of the shrinker.
        if kind.get("size_after") and k != "time-limit":
            s = size_of(chosen["game"], kind["size_after"])
            if s:
                sizes[(f, chosen["game"])].append(s)
    # Mutants of the functions marked `#[cfg_attr(mutants, mutants::skip)] // reason`: listed
    # from a copy of the sources without the marks (lines kept), with the reason of each function.
    skipped = skip_marked(plain)
    for name, reason in skipped:
        f = name.split(":")[0]
        rows[f]["mutants"] += 1
        rows[f]["equivalent"] += 1
        reasons[f].append((name, reason))
    if ex:
        taken = set(configured)
        for name in plain_list:
            if name in taken:
                continue
            for regex, reason in ex:
                if regex.search(name):
                    f = name.split(":")[0]
                    rows[f]["mutants"] += 1
                    rows[f]["equivalent"] += 1
                    reasons[f].append((name, reason))
                    break

    def fmt_secs(xs):
        if not xs:
            return "–"
        return f"{statistics.median(xs):.3f} / {max(xs):.2f}"

    print("| file | mutants | caught: mismatch | hang | crash | equivalent | unviable | missed "
          "| not run | time to detect, median / worst (s) | shrunk size, median / worst |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    total = defaultdict(int)
    all_detect = []
    for f in sorted(rows):
        r = rows[f]
        for key in ("mutants", "mismatch", "hang", "crash", "equivalent", "unviable", "missed",
                    "not run"):
            total[key] += r[key]
        all_detect += detect[f]
        size_cells = []
        for (sf, game), xs in sizes.items():
            if sf != f:
                continue
            unit = "blocks" if game == "mayan" else "cells"
            cells = [c for c, _ in xs]
            ops = [q for _, q in xs if q is not None]
            text = f"{game}: {statistics.median(cells):g} / {max(cells)} {unit}"
            if ops:
                text += f", ≤ {max(ops)} ops"
            size_cells.append(text)
        print(f"| `{f.removeprefix('engine/src/')}` | {r['mutants']} | {r['mismatch']} | {r['hang']} "
              f"| {r['crash']} | {r['equivalent']} | {r['unviable']} | {r['missed']} | {r['not run']} "
              f"| {fmt_secs(detect[f])} | {'; '.join(size_cells) or '–'} |")
    print(f"| **all** | {total['mutants']} | {total['mismatch']} | {total['hang']} | {total['crash']} "
          f"| {total['equivalent']} | {total['unviable']} | {total['missed']} | {total['not run']} "
          f"| {fmt_secs(all_detect)} | |")
    for title, names in [("Missed", missed), ("Not run yet", not_run),
                         ("Caught only outside the default profile's batch", not_default)]:
        if names:
            print(f"\n{title}:\n")
            for name in names:
                print(f"- `{name}`")
    if reasons:
        print("\nEquivalent (excluded in `.cargo/mutants.toml`, or inside a function marked in place):\n")
        for f in sorted(reasons):
            for name, reason in reasons[f]:
                print(f"- `{name}`: {reason}")


if __name__ == "__main__":
    main()
