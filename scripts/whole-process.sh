#!/usr/bin/env bash
# The whole process, side by side in one sitting: what start-up costs beside the work.
#
#   bash scripts/whole-process.sh [OLD_COMMIT] [ROUNDS]
#
# Rows, CPU time (perf stat's task-clock, because the machine may be shared) and page faults, each
# the mean of 30 runs, rounds alternating every row:
#   empty C        an empty C program (gcc -O2): what any process costs
#   hello          a Rust hello world built as the shipped binary is (opt-level 3, fat LTO, one
#                  codegen unit, no debug info, static and not position-independent): what any
#                  Rust process costs
#   version        `harness --version`
#   one-cell       `harness run --game texas` on a one-cell input: start-up and nothing else
#   heavy x12      `harness run --game texas` on twelve heavy 50x50 games (q = 1000) in one process
#   old ...        the same two commands built from OLD_COMMIT (default 01f627f, the last commit
#                  before the parsing and engine speed work) as a plain optimized build
#   C++ x12        examples/texas.cpp (g++ -O2) run once per game, summed
# and, after the rounds, the medians over rounds and the ratios the targets are stated in
# (docs/startup.md, docs/parsing.md). The new binary is this tree's shipped build, `cargo ship
# --bin harness` (.cargo/config.toml; Linux). Needs perf, gcc, g++, rustc and git; builds into target/.
set -euo pipefail

old=${1:-01f627f}
rounds=${2:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/old" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

for tool in perf gcc g++ rustc git python3; do
    if ! command -v "$tool" >/dev/null; then
        echo "error: $tool is needed (perf for CPU time, gcc/g++/rustc for the yardsticks)" >&2
        exit 2
    fi
done
if ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]]; then
    echo "error: ROUNDS must be a positive whole number, got '$rounds'" >&2
    exit 2
fi

echo "+ cargo ship --bin harness   (new: the shipped build, .cargo/config.toml)"
(cd "$root" && cargo ship --quiet --bin harness)
new=$root/target/$(rustc -vV | sed -n "s/^host: //p")/ship/harness

echo "+ git worktree add $work/old $old; cargo build --release --bin harness   (old, plain optimized)"
git -C "$root" worktree add --quiet --detach "$work/old" "$old"
(cd "$work/old" && CARGO_TARGET_DIR=$root/target/whole-process-old cargo build --quiet --release --bin harness \
    --config profile.release.debug-assertions=false --config profile.release.overflow-checks=false)
oldbin=$root/target/whole-process-old/release/harness

echo "+ gcc -O2 empty.c; rustc hello.rs (as cargo ship builds); g++ -O2 examples/texas.cpp"
printf 'int main(void) { return 0; }\n' >"$work/empty.c"
gcc -O2 -o "$work/empty_c" "$work/empty.c"
printf 'fn main() {\n    println!("Hello, world!");\n}\n' >"$work/hello.rs"
rustc --edition 2021 -C opt-level=3 -C lto=fat -C codegen-units=1 -C debuginfo=0 -C strip=debuginfo \
    -C target-feature=+crt-static -C relocation-model=static -o "$work/hello_rs" "$work/hello.rs"
g++ -O2 -o "$work/texas_cpp" "$root/examples/texas.cpp"

printf '1 1 1 1\n1\n0\n1 1 1 1\n' >"$work/one.in"
games=()
for s in $(seq 1 12); do
    "$new" gen --game texas --profile heavy --seed "$s" >"$work/heavy-$s.in"
    games+=("$work/heavy-$s.in")
done
if [ "$("$new" run --game texas "${games[@]}")" != "$("$oldbin" run --game texas "${games[@]}")" ]; then
    echo "error: the new and the old binary answer the heavy games differently" >&2
    exit 1
fi

# "ms faults": CPU milliseconds and page faults, each the mean over 30 runs of one command.
stat() { perf stat -r 30 -e task-clock,page-faults -x, "$@" 2>&1 >/dev/null | cut -d, -f1 | paste -sd' '; }
# The same for the C++ solution run once per game (each game three times, a fresh standard input
# each time, the mean), summed over the twelve games.
cpp() {
    local ms=0 pf=0 line a b
    for g in "${games[@]}"; do
        for _ in 1 2 3; do
            line=$(perf stat -e task-clock,page-faults -x, "$work/texas_cpp" <"$g" 2>&1 >/dev/null | cut -d, -f1 | paste -sd' ')
            read -r a b <<<"$line"
            ms=$(python3 -c "print($ms + $a / 3)")
            pf=$(python3 -c "print($pf + $b / 3)")
        done
    done
    echo "$ms $pf"
}

names=("empty C" "hello" "version" "one-cell" "heavy x12" "old one-cell" "old heavy x12" "C++ x12")
table=$work/table
: >"$table"
echo "+ perf stat -r 30 -e task-clock,page-faults, every row, $rounds rounds"
for r in $(seq 1 "$rounds"); do
    rows=(
        "$(stat "$work/empty_c")"
        "$(stat "$work/hello_rs")"
        "$(stat "$new" --version)"
        "$(stat "$new" run --game texas "$work/one.in")"
        "$(stat "$new" run --game texas "${games[@]}")"
        "$(stat "$oldbin" run --game texas "$work/one.in")"
        "$(stat "$oldbin" run --game texas "${games[@]}")"
        "$(cpp)"
    )
    for i in "${!names[@]}"; do
        printf 'round %s\t%-14s\t%s\n' "$r" "${names[$i]}" "${rows[$i]}" | tee -a "$table"
    done
done

python3 - "$table" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    _, name, figures = line.rstrip("\n").split("\t")
    ms, faults = figures.split()
    rows.setdefault(name.strip(), []).append((float(ms), float(faults)))
med = {k: (statistics.median(m for m, _ in v), statistics.median(f for _, f in v)) for k, v in rows.items()}
print(f"\nmedians over {len(rows['hello'])} rounds (CPU ms, page faults):")
for name, (ms, faults) in med.items():
    print(f"  {name:14} {ms:8.3f} ms  {faults:6.0f} faults")
ms = {k: v[0] for k, v in med.items()}
print(f"start-up: one-cell run is {ms['one-cell'] - ms['hello']:+.3f} ms from a Rust hello world "
      f"(old: {ms['old one-cell'] - ms['hello']:+.3f} ms); a Rust hello world is "
      f"{ms['hello'] - ms['empty C']:+.3f} ms from an empty C program")
print(f"work: heavy x12 is {ms['old heavy x12'] / ms['heavy x12']:.2f}x faster than old, "
      f"{ms['C++ x12'] / ms['heavy x12']:.1f}x faster than C++ x12 (old: {ms['C++ x12'] / ms['old heavy x12']:.1f}x) "
      f"(the limit, an empty process plus the work: "
      f"{ms['C++ x12'] / (ms['empty C'] + ms['heavy x12'] - ms['one-cell']):.1f}x)")
EOF
