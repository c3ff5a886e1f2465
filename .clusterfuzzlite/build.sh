#!/bin/bash -eu
# Builds every fuzz target into $OUT the way ClusterFuzzLite expects: one binary per target, its seed
# corpus as <target>_seed_corpus.zip (from corpus/fuzz/<target>/) and, for the Texas targets, the
# token dictionary as <target>.dict.
#
# In the ClusterFuzzLite image ($SRC is set) it runs from the Dockerfile's WORKDIR with the image's
# cargo: its pinned nightly, and its wrapper, which turns `cargo fuzz build` into a coverage build
# when SANITIZER=coverage. Anywhere else it builds this checkout with the nightly toolchain:
#
#   OUT=$(mktemp -d) bash .clusterfuzzlite/build.sh
set -euo pipefail

if [ -n "${SRC:-}" ]; then
    root="$PWD"
else
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    export RUSTUP_TOOLCHAIN="${RUSTUP_TOOLCHAIN:-nightly}"
fi
: "${OUT:?set OUT to the folder that receives the fuzz targets}"
if [ ! -f "$root/fuzz/Cargo.toml" ]; then
    echo "error: $root/fuzz/Cargo.toml not found (run from the repository, or set WORKDIR in the Dockerfile)" >&2
    exit 1
fi
mkdir -p "$OUT"
cd "$root"

# fuzz/Cargo.lock must already match the workspace: a build never rewrites it.
cargo metadata --locked --format-version 1 --manifest-path fuzz/Cargo.toml >/dev/null

# FUZZ_SANITIZER=none builds without a sanitizer (CI's smoke runs share that build); unset, cargo
# fuzz's default (AddressSanitizer) or the image's flags apply.
cargo fuzz build -O --debug-assertions --no-trace-compares ${FUZZ_SANITIZER:+-s "$FUZZ_SANITIZER"}

bin_dir=fuzz/target/x86_64-unknown-linux-gnu/release
# The targets are the files in fuzz/fuzz_targets/ (`cargo fuzz list` would be turned into a build by
# the image's wrapper in coverage builds).
for src in fuzz/fuzz_targets/*.rs; do
    target="$(basename "$src" .rs)"
    seeds="corpus/fuzz/$target"
    if [ ! -d "$seeds" ]; then
        echo "error: $target has no seed corpus ($seeds)" >&2
        exit 1
    fi
    cp "$bin_dir/$target" "$OUT/$target"
    python3 - "$seeds" "$OUT/${target}_seed_corpus.zip" <<'PY'
import os, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
    for name in sorted(os.listdir(src)):
        z.write(os.path.join(src, name), name)
PY
done

# Both Texas targets read contest text first (texas_diff falls back to the generators' bytes).
for target in texas_diff texas_parse; do
    cp fuzz/texas.dict "$OUT/$target.dict"
done
