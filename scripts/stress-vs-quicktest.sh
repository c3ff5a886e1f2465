#!/usr/bin/env bash
# Cases per second of `harness stress` beside quicktest's `qt cmp` on the same three trivial C++
# programs (generator, brute force, solution), in one sitting, alternating, with medians and ratios.
#
#   scripts/stress-vs-quicktest.sh [CASES [ROUNDS]]      (defaults 3000 and 5)
#
# Needs g++ (and the static C/C++ libraries, else the harness links dynamically) and a release
# build of the harness (`cargo build --release -p harness-cli`; HARNESS=path overrides it).
# quicktest is optional: `cargo install quicktest` puts `qt` on PATH; without it only the harness
# rows are measured. THREADS=N passes `--threads N` to the harness (default: its own, every core).
#
# Every row starts from source, as `qt cmp` does (it compiles its three files on every run): the
# harness gets an empty compile cache for each run, so its compiles are counted too. The `cached`
# rows reuse the harness's compiled programs (its day-to-day case). Rows:
#   qt cmp          qt cmp -t sol.cpp -c brute.cpp -g gen.cpp --tc CASES
#   stress seed     harness stress --gen gen.cpp --reference brute.cpp -- sol.cpp (from source)
#   stress stream   the same with --gen-stream gens.cpp (the generator on stress/kit/stress.h)
#   ... cached      the same, programs already compiled
#   fork floor      no harness: two processes (one a core), each forking three children a case
#                   that write an answer to a pipe and exit: the ceiling of any fork-per-run design
set -euo pipefail

cases=${1:-3000}
rounds=${2:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
harness=${HARNESS:-$root/target/release/harness}
[ -x "$harness" ] || { echo "no harness at $harness: cargo build --release -p harness-cli" >&2; exit 2; }
threads=()
[ -n "${THREADS:-}" ] && threads=(--threads "$THREADS")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

cat > gen.cpp <<'CPP'
#include <cstdio>
#include <cstdlib>
int main(int argc, char** argv) {
    unsigned long long s = argc > 1 ? strtoull(argv[argc - 1], 0, 10) : 1;
    printf("%llu %llu\n", s % 1000, (s / 1000) % 1000);
    return 0;
}
CPP
cat > gens.cpp <<'CPP'
#include "stress.h"
int main(int argc, char** argv) {
    registerGen(argc, argv, 1);
    long long a = rnd.next(0, 999), b = rnd.next(0, 999);
    println(a, b);
    return 0;
}
CPP
cat > sol.cpp <<'CPP'
#include <cstdio>
int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b);
    return 0;
}
CPP
cp sol.cpp brute.cpp
cat > floor.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
int main(int argc, char **argv) {
    long cases = atol(argv[1]);
    for (long i = 0; i < 3 * cases; i++) {
        int p[2];
        if (pipe(p) != 0) return 1;
        pid_t c = fork();
        if (c == 0) { dup2(p[1], 1); printf("%ld\n", i); exit(0); }
        close(p[1]);
        char buf[64];
        while (read(p[0], buf, sizeof buf) > 0) {}
        close(p[0]);
        waitpid(c, 0, 0);
    }
    return 0;
}
C
gcc -O2 -static -o floor floor.c 2>/dev/null || gcc -O2 -o floor floor.c
floor2() { ./floor $((cases / 2)) & ./floor $((cases / 2)); wait; }

now() { date +%s.%N; }
# Runs one row once; appends "name seconds" to times.
row() {
    local name=$1; shift
    local t0 t1
    t0=$(now)
    "$@" > out.txt 2>&1 || { echo "$name failed:" >&2; tail -5 out.txt >&2; exit 1; }
    t1=$(now)
    awk -v n="$name" -v a="$t0" -v b="$t1" 'BEGIN {print n, b - a}' >> times
}
fresh() { rm -rf cache; mkdir cache; }
stress() { HARNESS_STRESS_CACHE=$work/cache "$harness" stress --quiet "${threads[@]}" "$@"; }

have_qt=0
command -v qt > /dev/null && have_qt=1
[ $have_qt = 1 ] || echo "qt not found (cargo install quicktest): harness rows only" >&2
: > times
for r in $(seq "$rounds"); do
    [ $have_qt = 1 ] && row "qt-cmp" qt cmp -t sol.cpp -c brute.cpp -g gen.cpp --tc "$cases"
    fresh; row "stress-seed" stress --gen gen.cpp --reference brute.cpp --cases "$cases" -- sol.cpp
    fresh; row "stress-stream" stress --gen-stream gens.cpp --reference brute.cpp --cases "$cases" -- sol.cpp
    row "stress-stream-cached" stress --gen-stream gens.cpp --reference brute.cpp --cases "$cases" -- sol.cpp
    row "fork-floor" floor2
    fresh; stress --gen gen.cpp --reference brute.cpp --cases 1 -- sol.cpp > /dev/null
    row "stress-seed-cached" stress --gen gen.cpp --reference brute.cpp --cases "$cases" -- sol.cpp
    echo "round $r of $rounds done" >&2
done

median() { grep "^$1 " times | awk '{print $2}' | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
qt_s=$( [ $have_qt = 1 ] && median qt-cmp || echo "")
printf '%-22s %10s %10s %8s\n' row "median s" "cases/s" "vs qt"
for name in fork-floor qt-cmp stress-seed stress-stream stress-seed-cached stress-stream-cached; do
    grep -q "^$name " times || continue
    s=$(median "$name")
    rate=$(awk -v c="$cases" -v s="$s" 'BEGIN {print c / s}')
    ratio=""
    [ -n "$qt_s" ] && ratio=$(awk -v q="$qt_s" -v s="$s" 'BEGIN {printf "%.2fx", q / s}')
    printf '%-22s %10.3f %10.0f %8s\n' "$name" "$s" "$rate" "$ratio"
done
