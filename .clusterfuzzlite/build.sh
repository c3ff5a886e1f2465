#!/bin/bash -eu
# Builds every fuzz target into $OUT, with its seed corpus (and dictionary, where there is one), the
# way ClusterFuzzLite and OSS-Fuzz expect. Runs from the repository too: `OUT=/tmp/out bash
# .clusterfuzzlite/build.sh`.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "${SRC:-}" ] && [ -d "$SRC/match3/fuzz" ]; then
    here="$SRC/match3"
fi
: "${OUT:?set OUT to the folder that receives the fuzz targets}"
mkdir -p "$OUT"
cd "$here/fuzz"
cargo +nightly fuzz build -O --debug-assertions
bin_dir="target/x86_64-unknown-linux-gnu/release"
for target in $(cargo +nightly fuzz list); do
    cp "$bin_dir/$target" "$OUT/$target"
    python3 - "$here/corpus/fuzz/$target" "$OUT/${target}_seed_corpus.zip" <<'PY'
import os, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(dst, "w") as z:
    if os.path.isdir(src):
        for name in sorted(os.listdir(src)):
            z.write(os.path.join(src, name), name)
PY
done
cp texas.dict "$OUT/texas_parse.dict"
