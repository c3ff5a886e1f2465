#!/usr/bin/env bash
# Offline check of the Kubernetes recipe (nothing here can run a cluster): parses pvc.yaml,
# shards.yaml and merge.yaml, checks the fields that make it an Indexed Job of K shards on one
# shared volume with the image the Dockerfile builds, then runs the pods' own shell scripts locally,
# one per index with JOB_COMPLETION_INDEX set (a few thousand cases instead of the recipe's count),
# and the merge Job's script: the merged report must equal one process's; with a shard report
# removed the merge must name that shard and refuse; rerunning the Job (only the missing shard
# works) and the merge completes it.
#
# Needs python3 with PyYAML (Debian: python3-yaml). HARNESS: the binary (default
# target/release/harness). Exit status 0 when every check holds.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$repo/cluster/kubernetes"
cd "$repo"
HARNESS="${HARNESS:-$repo/target/release/harness}"
case "$HARNESS" in /*) ;; *) HARNESS="$repo/$HARNESS" ;; esac
[ -x "$HARNESS" ] || { echo "check.sh: no harness binary at $HARNESS (set HARNESS)" >&2; exit 2; }
python3 -c 'import yaml' 2>/dev/null ||
    { echo "check.sh: python3 has no yaml module (apt-get install python3-yaml)" >&2; exit 2; }
CASES=3000

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
say() { echo "k8s-check: $*"; }
fail() {
    echo "k8s-check: FAILED: $*" >&2
    exit 1
}

# The fields, and the scripts the pods run (to $work/shard.sh and $work/merge.sh).
python3 - "$here" "$repo/Dockerfile" "$work" "$CASES" <<'PY'
import re, shlex, sys, yaml
here, dockerfile, work, cases = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
def load(name):
    docs = [d for d in yaml.safe_load_all(open(f"{here}/{name}")) if d]
    assert len(docs) == 1, f"{name}: one document expected, found {len(docs)}"
    return docs[0]
pvc, shards, merge = load("pvc.yaml"), load("shards.yaml"), load("merge.yaml")
def check(cond, what):
    if not cond:
        sys.exit(f"k8s-check: FAILED: {what}")
def env(container):
    return {e["name"]: e["value"] for e in container.get("env", [])}
check(pvc["kind"] == "PersistentVolumeClaim", "pvc.yaml is not a PersistentVolumeClaim")
check("ReadWriteMany" in pvc["spec"]["accessModes"], "the results volume is not ReadWriteMany")
for name, job in (("shards.yaml", shards), ("merge.yaml", merge)):
    check(job["apiVersion"] == "batch/v1" and job["kind"] == "Job", f"{name} is not a batch/v1 Job")
    pod = job["spec"]["template"]["spec"]
    check(pod["restartPolicy"] == "Never", f"{name}: restartPolicy is not Never")
    (c,) = pod["containers"]
    check(c["command"][:2] == ["sh", "-c"] and len(c["command"]) == 3, f"{name}: not sh -c SCRIPT")
    (mount,) = c["volumeMounts"]
    (vol,) = pod["volumes"]
    check(mount["name"] == vol["name"], f"{name}: the mount is not the pod's volume")
    check(vol["persistentVolumeClaim"]["claimName"] == pvc["metadata"]["name"],
          f"{name}: the volume is not the claim of pvc.yaml")
    check(env(c)["RESULTS"] == mount["mountPath"], f"{name}: RESULTS is not the mount path")
spec = shards["spec"]
sc = spec["template"]["spec"]["containers"][0]
mc = merge["spec"]["template"]["spec"]["containers"][0]
k = int(env(sc)["SHARDS"])
check(spec["completionMode"] == "Indexed", "shards.yaml: completionMode is not Indexed")
check(spec["completions"] == k and spec["parallelism"] == k,
      f"shards.yaml: completions {spec['completions']} and parallelism {spec['parallelism']} are not SHARDS={k}")
check(int(env(mc)["SHARDS"]) == k, "merge.yaml: SHARDS differs from shards.yaml's")
check(sc["image"] == mc["image"], "the two Jobs run different images")
rules = spec.get("podFailurePolicy", {}).get("rules", [])
check(all(r["onExitCodes"]["containerName"] == sc["name"] for r in rules if "onExitCodes" in r),
      "podFailurePolicy names another container")
text = open(dockerfile).read()
check(re.search(r"^COPY --from=build .*/harness .*/usr/local/bin/", text, re.M),
      "the Dockerfile does not put harness on the PATH (/usr/local/bin)")
check(re.search(r"^WORKDIR /work$", text, re.M) and "COPY corpus /work/corpus" in text,
      "the Dockerfile's working folder does not hold the corpus")
script = sc["command"][2]
runs = re.findall(r"^\s*harness (.*) \"\$@\"$", script, re.M)
check(len(runs) == 1, "shards.yaml: no single `harness ... \"$@\"` line in run()")
argv = shlex.split(runs[0])
check("--cases" in argv, "shards.yaml: the batch has no --cases")
argv[argv.index("--cases") + 1] = cases
small = script.replace(runs[0], shlex.join(argv))
open(f"{work}/shard.sh", "w").write(small)
open(f"{work}/merge.sh", "w").write(mc["command"][2])
open(f"{work}/argv", "w").write("\n".join(argv) + "\n")
open(f"{work}/k", "w").write(f"{k}\n")
print(f"k8s-check: fields hold: Indexed Job of {k} shards, image {sc['image']}, volume {mount['mountPath']}")
print(f"k8s-check: the pods run: harness {shlex.join(argv)} --shard $JOB_COMPLETION_INDEX/{k} ...")
PY

if command -v shellcheck >/dev/null 2>&1; then
    for s in shard merge; do
        printf '#!/bin/sh\n' | cat - "$work/$s.sh" >"$work/$s-lint.sh"
        shellcheck -s dash "$work/$s-lint.sh" || fail "shellcheck finds fault with the $s script"
    done
    say "shellcheck (POSIX sh) passes the pods' scripts"
fi
k="$(cat "$work/k")"
mapfile -t argv <"$work/argv"
mkdir -p "$work/bin" "$work/results"
ln -s "$HARNESS" "$work/bin/harness"
pod() { env PATH="$work/bin:$PATH" SHARDS="$k" RESULTS="$work/results" JOB_COMPLETION_INDEX="$1" sh "$work/shard.sh"; }
merge() { env PATH="$work/bin:$PATH" SHARDS="$k" RESULTS="$work/results" sh "$work/merge.sh"; }
same() {
    python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
fields = ["game", "engines", "profile", "seed", "cases_requested", "cases", "failures", "coverage",
          "first", "failures_found", "replay"]
bad = [f for f in fields if a.get(f) != b.get(f)]
if bad:
    sys.exit(f"k8s-check: FAILED: the merged report differs from one process's in {bad}")
print(f"k8s-check: merged = one process ({', '.join(fields)})")
PY
}

say "one process: harness ${argv[*]}"
"$HARNESS" "${argv[@]}" --quiet --json "$work/single.json" --out "$work/single" | tail -1
for ((i = 0; i < k; i++)); do
    say "pod $i of $k"
    pod "$i" | tail -1
done
[ "$(pod 0)" = "shard 0/$k: $work/results/shard-0.json is already there" ] ||
    fail "a pod whose report is there ran again"
merge >"$work/merge.log" || fail "the merge Job's script exited $?: $(cat "$work/merge.log")"
tail -1 "$work/merge.log"
same "$work/results/merged.json" "$work/single.json"

say "shard 2 lost"
rm "$work/results/shard-2.json"
set +e
merge >"$work/merge.log"
status=$?
set -e
[ "$status" = 1 ] || fail "the merge with a shard missing exited $status, not 1"
grep -q "^missing shard 2/$k: rerun with: " "$work/merge.log" || fail "the merge does not name shard 2/$k"
tail -1 "$work/merge.log" | grep -q '^not complete' || fail "the merge's last line is not 'not complete'"
[ ! -e "$work/results/merged.json" ] || fail "merged.json written for an incomplete batch"
grep '^missing\|^not complete' "$work/merge.log"
say "the Job again: only shard 2 runs"
ran=0
for ((i = 0; i < k; i++)); do
    pod "$i" | grep -q 'already there' || ran=$((ran + 1))
done
[ "$ran" = 1 ] || fail "$ran pods ran again, not 1"
merge >"$work/merge.log" || fail "the merge after the rerun exited $?"
same "$work/results/merged.json" "$work/single.json"
say "passed: the Indexed Job's fields, its pods' script run locally for $k indexes, the merge, a lost shard named and rerun"
