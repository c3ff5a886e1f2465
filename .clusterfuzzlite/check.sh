#!/bin/bash
# Checks the ClusterFuzzLite set-up; exits non-zero on the first problem:
#  - every .github/workflows/cflite_*.yml parses as YAML, uses the ClusterFuzzLite actions at v1
#    with inputs those actions declare, language rust and a sanitizer Rust supports, runs each
#    run_fuzzers step after a build_fuzzers step with the same sanitizer, and together they cover
#    PR (code-change) fuzzing, batch fuzzing, pruning, coverage and continuous builds;
#  - project.yaml says rust, and the Dockerfile builds in the folder it copies the source to;
#  - a build (.clusterfuzzlite/build.sh into OUT) holds, for every `cargo fuzz list` target, one
#    binary and one seed zip with exactly the files of corpus/fuzz/<target>/, and nothing else but
#    dictionaries of listed targets; every binary runs its seeds (with its dictionary) cleanly.
#
#   bash .clusterfuzzlite/check.sh [OUT]   (without OUT it runs build.sh into a temporary folder)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if ! python3 -c 'import yaml' 2>/dev/null; then
    echo "+ python3 -m pip install --quiet pyyaml"
    if ! python3 -m pip install --quiet pyyaml && command -v apt-get >/dev/null; then
        echo "+ apt-get install -y -qq python3-yaml"
        apt-get install -y -qq python3-yaml
    fi
fi

echo "check: workflows, project.yaml, Dockerfile"
python3 - <<'PY'
import glob, re, sys
import yaml

BUILD = "google/clusterfuzzlite/actions/build_fuzzers@v1"
RUN = "google/clusterfuzzlite/actions/run_fuzzers@v1"
# The inputs declared by the actions' action.yml (v1). GitHub only warns about an unknown input, so a
# misspelt one would silently fall back to its default.
BUILD_INPUTS = {
    "language", "dry-run", "allowed-broken-targets-percentage", "sanitizer", "project-src-path",
    "bad-build-check", "keep-unaffected-fuzz-targets", "storage-repo", "storage-repo-branch",
    "storage-repo-branch-coverage", "upload-build", "github-token",
}
RUN_INPUTS = {
    "language", "fuzz-seconds", "dry-run", "sanitizer", "mode", "github-token", "storage-repo",
    "storage-repo-branch", "storage-repo-branch-coverage", "report-unreproducible-crashes",
    "minimize-crashes", "parallel-fuzzing", "output-sarif", "report-timeouts", "report-ooms",
}
MODES = {"code-change", "batch", "prune", "coverage"}
# ClusterFuzzLite builds Rust with AddressSanitizer only; `coverage` is the coverage build.
SANITIZERS = {"address", "coverage"}

errors = []
def fail(where, msg):
    errors.append(f"{where}: {msg}")

files = sorted(glob.glob(".github/workflows/cflite_*.yml"))
if not files:
    fail(".github/workflows", "no cflite_*.yml workflow")
seen = set()  # (trigger, what) pairs: what is a run mode or "upload-build"
for path in files:
    try:
        with open(path) as f:
            wf = yaml.safe_load(f)
    except yaml.YAMLError as e:
        fail(path, f"not valid YAML: {e}")
        continue
    if not isinstance(wf, dict):
        fail(path, "not a mapping")
        continue
    # YAML 1.1 reads the bare key `on` as the boolean true.
    on = wf.get("on", wf.get(True))
    triggers = set(on) if isinstance(on, dict) else set(on or []) if isinstance(on, list) else {on}
    triggers.discard(None)
    if not triggers:
        fail(path, "no trigger (on:)")
    if "schedule" in triggers:
        for entry in on.get("schedule") or []:
            cron = (entry or {}).get("cron", "")
            if len(str(cron).split()) != 5:
                fail(path, f"cron entry {cron!r} does not have five fields")
    jobs = wf.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        fail(path, "no jobs")
        continue
    for name, job in jobs.items():
        where = f"{path}: job {name}"
        steps = (job or {}).get("steps") or []
        built = None  # sanitizer of the last build_fuzzers step
        for step in steps:
            uses = step.get("uses", "")
            if "clusterfuzzlite/actions/" not in uses:
                continue
            inputs = step.get("with") or {}
            if uses not in (BUILD, RUN):
                fail(where, f"uses {uses!r}, expected {BUILD} or {RUN}")
                continue
            declared = BUILD_INPUTS if uses == BUILD else RUN_INPUTS
            for key in inputs:
                if key not in declared:
                    fail(where, f"{uses.split('/')[-1]} has no input {key!r}")
            if inputs.get("language") != "rust":
                fail(where, f"language is {inputs.get('language')!r}, expected 'rust'")
            sanitizer = inputs.get("sanitizer", "address")
            if sanitizer not in SANITIZERS:
                fail(where, f"sanitizer {sanitizer!r} is not one of {sorted(SANITIZERS)}")
            if uses == BUILD:
                built = sanitizer
                if str(inputs.get("upload-build", "false")).lower() == "true":
                    seen.update((t, "upload-build") for t in triggers)
                continue
            if built is None:
                fail(where, "run_fuzzers without a build_fuzzers step before it")
            elif built != sanitizer:
                fail(where, f"runs {sanitizer!r} fuzzers after a {built!r} build")
            mode = inputs.get("mode", "code-change")
            if mode not in MODES:
                fail(where, f"mode {mode!r} is not one of {sorted(MODES)}")
            if (mode == "coverage") != (sanitizer == "coverage"):
                fail(where, f"mode {mode!r} with sanitizer {sanitizer!r}")
            if not isinstance(inputs.get("fuzz-seconds"), int) or inputs["fuzz-seconds"] <= 0:
                fail(where, "fuzz-seconds must be a positive number of seconds")
            if "github-token" not in inputs:
                fail(where, "run_fuzzers needs github-token")
            seen.update((t, mode) for t in triggers)

for trigger, what in [("pull_request", "code-change"), ("schedule", "batch"),
                      ("schedule", "prune"), ("schedule", "coverage"), ("push", "upload-build")]:
    if (trigger, what) not in seen:
        fail(".github/workflows", f"no workflow runs {what} on {trigger}")

with open(".clusterfuzzlite/project.yaml") as f:
    project = yaml.safe_load(f) or {}
if project.get("language") != "rust":
    fail(".clusterfuzzlite/project.yaml", f"language is {project.get('language')!r}, expected 'rust'")

docker = open(".clusterfuzzlite/Dockerfile").read()
if not re.search(r"^FROM gcr\.io/oss-fuzz-base/base-builder-rust\b", docker, re.M):
    fail(".clusterfuzzlite/Dockerfile", "does not start from gcr.io/oss-fuzz-base/base-builder-rust")
copy = re.search(r"^COPY \. (\S+)\s*$", docker, re.M)
workdir = re.search(r"^WORKDIR (\S+)\s*$", docker, re.M)
if not copy or not workdir or copy.group(1) != workdir.group(1):
    fail(".clusterfuzzlite/Dockerfile", "WORKDIR must be the folder the source is copied to")
if not re.search(r"^COPY \S*\.clusterfuzzlite/build\.sh \$SRC/?\s*$", docker, re.M):
    fail(".clusterfuzzlite/Dockerfile", "must copy .clusterfuzzlite/build.sh to $SRC/")
if "+nightly" in open(".clusterfuzzlite/build.sh").read():
    fail(".clusterfuzzlite/build.sh", "`+nightly` overrides the image's pinned toolchain and cargo wrapper")

for e in errors:
    print("error:", e, file=sys.stderr)
if errors:
    sys.exit(1)
print(f"  {len(files)} workflows ok: " + ", ".join(f"{w} on {t}" for t, w in sorted(seen)))
PY

out="${1:-}"
if [ -z "$out" ]; then
    out="$(mktemp -d)"
    echo "+ OUT=$out bash .clusterfuzzlite/build.sh"
    OUT="$out" bash .clusterfuzzlite/build.sh
fi

echo "check: the build in $out"
targets="$(cd fuzz && cargo fuzz list)"
if [ -z "$targets" ]; then
    echo "error: cargo fuzz list printed no targets" >&2
    exit 1
fi
python3 - "$out" $targets <<'PY'
import os, stat, subprocess, sys, tempfile, zipfile

out, targets = sys.argv[1], sys.argv[2:]
errors = []
expected = set()
for t in targets:
    binary = os.path.join(out, t)
    seed_zip = os.path.join(out, f"{t}_seed_corpus.zip")
    expected.update({t, f"{t}_seed_corpus.zip"})
    if not os.path.isfile(binary) or not os.stat(binary).st_mode & stat.S_IXUSR:
        errors.append(f"{t}: no executable {binary}")
        continue
    seeds = sorted(os.listdir(os.path.join("corpus/fuzz", t)))
    try:
        with zipfile.ZipFile(seed_zip) as z:
            names = sorted(z.namelist())
            if names != seeds:
                errors.append(f"{t}: {seed_zip} holds {len(names)} files, corpus/fuzz/{t}/ {len(seeds)}")
                continue
            with tempfile.TemporaryDirectory() as d:
                z.extractall(d)
                cmd = [binary, "-runs=0", d]
                dict_path = os.path.join(out, f"{t}.dict")
                if os.path.exists(dict_path):
                    expected.add(f"{t}.dict")
                    cmd.insert(1, f"-dict={dict_path}")
                r = subprocess.run(cmd, capture_output=True, text=True)
                if r.returncode != 0:
                    tail = "\n".join(r.stderr.splitlines()[-15:])
                    errors.append(f"{t}: `{' '.join(cmd)}` exited {r.returncode}\n{tail}")
                    continue
    except (OSError, zipfile.BadZipFile) as e:
        errors.append(f"{t}: {seed_zip}: {e}")
        continue
    print(f"  {t}: binary, {len(seeds)} seeds" + (", dictionary" if f"{t}.dict" in expected else "") + ": ok")
for extra in sorted(set(os.listdir(out)) - expected):
    errors.append(f"{out}/{extra} belongs to no target of `cargo fuzz list`")
for e in errors:
    print("error:", e, file=sys.stderr)
sys.exit(1 if errors else 0)
PY
echo "check: ok"
