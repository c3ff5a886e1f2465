#!/usr/bin/env bash
# The whole-process speed target, side by side in one run: `harness run --game texas` on twelve
# heavy 50x50 games (q = 1000) in one process, against the same command built from an older commit
# and against examples/texas.cpp (g++ -O2) run once per game. CPU time (perf stat's task-clock),
# because the machine may be shared.
#
#   bash scripts/whole-process.sh [OLD_COMMIT] [ROUNDS]
#
# OLD_COMMIT defaults to 01f627f, the last commit before the parsing and engine speed work; ROUNDS
# (default 3) alternates old, new and C++. Needs perf, g++ and git; builds into target/.
set -euo pipefail

old=${1:-01f627f}
rounds=${2:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/old" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

for tool in perf g++ git; do
    if ! command -v "$tool" >/dev/null; then
        echo "error: $tool is needed (perf for CPU time, g++ for the C++ solution)" >&2
        exit 2
    fi
done
if ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]]; then
    echo "error: ROUNDS must be a positive whole number, got '$rounds'" >&2
    exit 2
fi

echo "+ cargo build --profile perf --bin harness   (new: optimized, no overflow checks)"
(cd "$root" && cargo build --quiet --profile perf --bin harness)
new=$root/target/perf/harness

echo "+ git worktree add $work/old $old; cargo build --release --bin harness   (old, plain release)"
git -C "$root" worktree add --quiet --detach "$work/old" "$old"
(cd "$work/old" && CARGO_TARGET_DIR=$root/target/whole-process-old cargo build --quiet --release --bin harness \
    --config profile.release.debug-assertions=false --config profile.release.overflow-checks=false)
oldbin=$root/target/whole-process-old/release/harness

echo "+ g++ -O2 examples/texas.cpp"
g++ -O2 -o "$work/texas_cpp" "$root/examples/texas.cpp"

games=()
for s in $(seq 1 12); do
    "$new" gen --game texas --profile heavy --seed "$s" >"$work/heavy-$s.in"
    games+=("$work/heavy-$s.in")
done

# Milliseconds of CPU time: the mean over 40 runs of one command.
cpu_ms() { perf stat -r 40 -e task-clock -x, "$@" 2>&1 >/dev/null | cut -d, -f1; }

echo "+ perf stat -r 40 -e task-clock HARNESS run --game texas heavy-1.in ... heavy-12.in   (old, new)"
echo "+ perf stat -e task-clock texas_cpp < heavy-N.in   (each game, summed)"
for r in $(seq 1 "$rounds"); do
    o=$(cpu_ms "$oldbin" run --game texas "${games[@]}")
    n=$(cpu_ms "$new" run --game texas "${games[@]}")
    c=0
    for g in "${games[@]}"; do
        t=$(perf stat -e task-clock -x, "$work/texas_cpp" <"$g" 2>&1 >/dev/null | cut -d, -f1)
        c=$(python3 -c "print($c + $t)")
    done
    python3 -c "print(f'round $r: old {$o:.2f} ms, new {$n:.2f} ms, C++ x12 {$c:.1f} ms: new is {$o/$n:.2f}x faster than old, {$c/$n:.1f}x faster than C++')"
done
