#!/usr/bin/env python3
"""The harness's own share of a batch's profile, from DWARF call stacks.

    perf record -F 2000 --call-graph dwarf,16384 -o verify.data \
        target/perf/harness verify --game texas --scope minute --threads 1 --time 10 --quiet
    perf script -i verify.data -F comm,ip,sym | python3 scripts/own-work.py

Only samples of the case workers count (`case-worker-*`). A sample is the engines' when its stack
holds a frame of an engine under test (the reference or the optimized engine, or the freeing of the
outcome one of them made: an engine's answer is its own cost); every other worker sample is the
harness's own work, charged to the nearest frame of a known part (decoding the case, comparing,
coverage, digest, the worker and the pair's bookkeeping).
"""
import collections
import re
import sys

ENGINE = [
    re.compile(p)
    for p in (
        r"^reference::",
        r"^engine::",
        r"drop_in_place<model::\w+::trace::Outcome",
        r"drop_in_place<core::option::Option<model::\w+::trace::Outcome",
        r"Game>::(reference|optimized)::\{\{closure\}\}",
    )
]
PARTS = [
    ("decoding the case", r"Scope<.*>>::case|drop_in_place<model::\w+::Case>|scope::"),
    ("comparing", r"compare"),
    ("coverage", r"coverage"),
    ("digest", r"write_answer|fnv1a|Digest|digest"),
    ("catching faults", r"catching_fault|catch_unwind"),
    ("the pair", r"check_phased|Pair<"),
    ("the worker", r"batch::worker|Shared<G>>::worker|Shared<G>>::index|run_case"),
]
PARTS = [(name, re.compile(p)) for name, p in PARTS]


def samples(lines):
    """Yields (comm, [frames leaf first]) per sample of `perf script -F comm,ip,sym`."""
    comm, frames = None, []
    for line in lines:
        if not line.strip():
            if comm is not None:
                yield comm, frames
            comm, frames = None, []
        elif not line[0].isspace():
            comm, frames = line.strip().rstrip(":").split()[0], []
        else:
            parts = line.strip().split(None, 1)
            frames.append(parts[1] if len(parts) > 1 else "?")
    if comm is not None:
        yield comm, frames


def main():
    worker = engines = 0
    own = collections.Counter()
    for comm, frames in samples(sys.stdin):
        if not comm.startswith("case-worker"):
            continue
        worker += 1
        if any(p.search(f) for f in frames for p in ENGINE):
            engines += 1
            continue
        part = next(
            (name for f in frames for name, p in PARTS if p.search(f)), "other"
        )
        own[part] += 1
    if worker == 0:
        sys.exit("no case-worker samples: record a batch with --call-graph dwarf")
    print(f"worker samples: {worker}")
    print(f"engines: {engines / worker:6.1%}")
    print(f"own work: {(worker - engines) / worker:6.1%}")
    for name, n in own.most_common():
        print(f"  {name:20} {n / worker:6.1%}")


if __name__ == "__main__":
    main()
