#!/usr/bin/env bash
# The small-scope campaign: which is the smallest bounded scope that kills each mutant of the
# optimized engines? Every mutant of the given files is built in the `mutants` profile and judged by
# harness/tests/scope_gate.rs, which verifies the game's named scopes smallest first until one
# fails; its `scope-gate:` lines (printed with the failing test's captured output) land in each
# mutant's log, and scripts/small-scope-table.py turns
# them into the table in docs/verify.md.
#
#   bash scripts/small-scope.sh OUT GAME SCOPES FILE...
#     OUT     where cargo-mutants writes (OUT/mutants.out)
#     GAME    the game whose scopes judge (texas, mayan or nogo)
#     SCOPES  how many of its named scopes to try, smallest first (3 for texas: smoke, column, minute)
#     FILE    engine sources to mutate (engine/src/texas/gravity.rs ...)
#   python3 scripts/small-scope-table.py OUT/mutants.out
#
# Equivalent mutants are excluded as in the engine campaign (.cargo/mutants.toml's exclude_re).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ "$#" -ge 4 ] || { sed -n '2,14p' "$0"; exit 2; }
out=$1 game=$2 scopes=$3
shift 3
cd "$root"
if ! cargo mutants --version >/dev/null 2>&1; then
    echo "+ cargo install cargo-mutants --locked"
    cargo install cargo-mutants --locked
fi
files=()
for f in "$@"; do files+=(-f "$f"); done
excludes=()
while IFS= read -r re; do excludes+=(--exclude-re "$re"); done < <(
    python3 -c 'import tomllib,sys; [print(r) for r in tomllib.load(open(".cargo/mutants.toml","rb")).get("exclude_re",[])]')
echo "+ SCOPE_GATE_GAMES=$game SCOPE_GATE_SCOPES=$scopes cargo mutants --no-config ${files[*]} --test-package harness -C --test -C scope_gate ... -o $out"
SCOPE_GATE_GAMES=$game SCOPE_GATE_SCOPES=$scopes cargo mutants --no-config "${files[@]}" \
    --test-package harness -C --test -C scope_gate --profile mutants --baseline skip \
    --timeout 1200 -j 1 -o "$out" "${excludes[@]}" || true
echo "outcomes: $out/mutants.out"
