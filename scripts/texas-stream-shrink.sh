#!/usr/bin/env bash
# How small `harness stress` shrinks Texas repros through a stream generator written with the kit
# (examples/problems/texas-stream/gen.cpp: rows, cells and operations marked as spans, most
# operations valid swaps), against the mutants of the reference engine that
# games/tests/shrink_quality.rs measures for the built-in shrinker (games/build.rs), each run as a
# program (games/examples/texas_mutant.rs).
#
# Usage: scripts/texas-stream-shrink.sh [CASES]   (default 3000 random cases per mutant)
# Prints one line per mutant: the shrunk repro's cells (n x m) and operations, or that the
# generator's random cases did not find the bug. Docs: docs/shrinking.md, "Through a stream
# generator".
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-3000}"
echo "+ cargo build --release -p harness-cli -p games --example texas_mutant" >&2
cargo build --release -q -p harness-cli
cargo build --release -q -p games --example texas_mutant
bin=target/release/examples/texas_mutant
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Without a name the program lists the names (and exits 2, as on every usage error).
names=$("$bin" 2>&1 | sed -n 's/^  \([a-z0-9_]*\):.*/\1/p' || true)
[ -n "$names" ] || { echo "no mutant names from $bin" >&2; exit 1; }
printf '%-32s %6s %4s\n' mutant cells ops
for name in $names; do
    out="$work/$name"
    ./target/release/harness stress --gen-stream examples/problems/texas-stream/gen.cpp \
        --reference "$bin reference" --cases "$cases" --shrink-secs 60 --out "$out" -q \
        -- "$bin" "$name" > "$out.log" 2>&1 || true
    repro=$(sed -n 's/^repro: //p' "$out.log" | head -1)
    if [ -n "$repro" ]; then
        read -r n m _ q < "$repro"
        printf '%-32s %6d %4d\n' "$name" $((n * m)) "$q"
    else
        printf '%-32s %s\n' "$name" "not found in $cases random cases"
    fi
done
