#!/usr/bin/env bash
# The small-scope campaign: which is the smallest bounded scope that kills each mutant of the
# optimized engines? Every mutant of the given files is built in the `mutants` profile and judged by
# the scope gate (games/tests/scope_gate.rs; for 2048 examples/own-game/tests/scope_gate.rs), which
# verifies the game's named scopes smallest first until one fails; its `scope-gate:` lines (printed
# with the failing test's captured output) land in each mutant's log, and
# scripts/small-scope-table.py turns them into the table in docs/verify.md.
#
#   bash scripts/small-scope.sh OUT GAME SCOPES FILE... [-- CARGO-MUTANTS-ARGS...]
#     OUT     where cargo-mutants writes (OUT/mutants.out)
#     GAME    the game whose scopes judge (texas, mayan, nogo, or 2048: the own-game crate)
#     SCOPES  how many of its named scopes to try, smallest first (12 for texas: smoke to hands-two,
#             every scope under a minute; 5 for 2048; 4 for mayan)
#     FILE    engine sources to mutate (engine/src/texas/gravity.rs; for 2048
#             examples/own-game/src/optimized.rs examples/own-game/src/optimized/*.rs)
#     after --, more arguments for cargo mutants (--re REGEX: only the mutants it matches)
#   python3 scripts/small-scope-table.py OUT/mutants.out
#
# Equivalent mutants are excluded as in the mutation campaigns: engine/ by .cargo/mutants.toml's
# exclude_re, 2048 by the exclude list of scripts/mutation-2048.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ "$#" -ge 4 ] || { sed -n '2,19p' "$0"; exit 2; }
out=$1 game=$2 scopes=$3
shift 3
cd "$root"
if ! cargo mutants --version >/dev/null 2>&1; then
    echo "+ cargo install cargo-mutants --locked"
    cargo install cargo-mutants --locked
fi
files=()
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do files+=(-f "$1"); shift; done
[ "$#" -gt 0 ] && shift
[ "${#files[@]}" -gt 0 ] || { echo "small-scope.sh: no FILE to mutate" >&2; exit 2; }
if [ "$game" = 2048 ]; then
    package=own-game
    # The regexes of mutation-2048.sh's `exclude=( ... )`, one quoted regex a line.
    excluded=$(sed -n '/^exclude=(/,/^)/p' scripts/mutation-2048.sh | sed '1d;$d' |
        python3 -c 'import shlex,sys; [print(shlex.split(l, comments=True)[0]) for l in sys.stdin if l.strip()]')
else
    package=games
    excluded=$(python3 -c 'import tomllib; [print(r) for r in tomllib.load(open(".cargo/mutants.toml","rb")).get("exclude_re",[])]')
fi
excludes=()
while IFS= read -r re; do [ -n "$re" ] && excludes+=(--exclude-re "$re"); done <<< "$excluded"
echo "+ SCOPE_GATE_GAMES=$game SCOPE_GATE_SCOPES=$scopes cargo mutants --no-config ${files[*]} --test-package $package -C --test -C scope_gate ... -o $out $*"
SCOPE_GATE_GAMES=$game SCOPE_GATE_SCOPES=$scopes cargo mutants --no-config "${files[@]}" \
    --test-package "$package" -C --test -C scope_gate --profile mutants --baseline skip \
    --timeout 1200 -j 1 -o "$out" "${excludes[@]}" "$@" || true
echo "outcomes: $out/mutants.out"
