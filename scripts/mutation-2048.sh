#!/usr/bin/env bash
# The mutation campaign over the optimized 2048 engine (examples/own-game/src/optimized.rs and its
# modules in examples/own-game/src/optimized/), with the harness as the judge: every mutant is built
# in the `mutants` profile (optimized, overflow checks and debug assertions on) and judged by
# examples/own-game/tests/mutation_gate.rs, a batch over every 2048 profile the reference can
# finish through the harness's batch loop.
#
#   bash scripts/mutation-2048.sh [OUT]        (OUT defaults to a temporary folder; about 15 minutes
#                                               on two cores)
#   python3 scripts/mutation-table.py OUT/mutants.out
#
# The workspace's .cargo/mutants.toml is for engine/; this campaign sets its own options instead.
# Equivalent mutants are listed below (EXCLUDE), one regex per line with the reason after it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$(mktemp -d)}
cd "$root"
if ! cargo mutants --version >/dev/null 2>&1; then
    echo "+ cargo install cargo-mutants --locked"
    cargo install cargo-mutants --locked
fi
exclude=(
  'optimized\.rs:64:35: replace \+ with [-*] in slide_line' # only the planted engine takes this branch
  'replace \| with \^ in table_entry' # the row's nibbles and the shifted score share no bit
  'replace \| with \^ in transpose4' # every | joins pieces under disjoint masks
  'replace \| with \^ in slide4' # the four rows are shifted into disjoint 16-bit fields
  'replace \| with \^ in transpose8' # every | joins pieces under disjoint masks
)
args=()
for e in "${exclude[@]}"; do args+=(--exclude-re "${e%% #*}"); done
echo "+ cargo mutants --no-config -f examples/own-game/src/optimized.rs -f 'examples/own-game/src/optimized/*.rs' --test-package own-game ... -o $out"
cargo mutants --no-config -f examples/own-game/src/optimized.rs -f 'examples/own-game/src/optimized/*.rs' \
    --test-package own-game \
    -C --test -C mutation_gate --profile mutants --timeout-multiplier 4 --minimum-test-timeout 60 \
    --baseline skip -j 2 -o "$out" "${args[@]}" || true
echo "outcomes: $out/mutants.out"
