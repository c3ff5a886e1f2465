#!/usr/bin/env bash
# The live test of the Slurm recipes: brings up a single-node Slurm cluster on this machine (munged,
# slurmctld and slurmd from Debian's packages, everything under a temporary folder), submits sharded
# batches through cluster/slurm/submit.sh, and checks that the merged reports equal one process's:
#   a. a sharded `diff` of texas cases;
#   b. a sharded `verify` of a small texas scope (when this harness has `verify`);
#   c. a shard cancelled, and a task dying at its end: the merge names the shard, says not complete,
#      and rerunning only it completes the batch;
#   d. a planted bug in a judged program, found by some tasks only: merged with its saved repro;
#   e. the Kubernetes recipe offline (cluster/kubernetes/check.sh).
# Needs root (it installs packages and starts daemons). Every daemon it starts is stopped by its
# pid, and the folder removed, whatever happens. The last line says what passed.
#
# Environment: HARNESS (default target/release/harness), SHARDS (K of the diff and verify parts,
# default 3), DIFF_CASES (30000), VERIFY_SCOPE (default tiny, else the smallest texas scope),
# WAIT_SECS (per batch, 300), KEEP=1 keeps the folder.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
here="$repo/cluster/slurm"

if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    echo "live-test.sh: not root; running again under sudo"
    exec sudo -n -E bash "$0" "$@"
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "live-test.sh: NOT RUN: this test needs root (it installs slurm-wlm and munge and starts" >&2
    echo "their daemons); run it as root, e.g. in a container. This is not a failure of the recipes." >&2
    exit 77
fi

HARNESS="${HARNESS:-$repo/target/release/harness}"
case "$HARNESS" in /*) ;; *) HARNESS="$repo/$HARNESS" ;; esac
export HARNESS
K="${SHARDS:-3}"
DIFF_CASES="${DIFF_CASES:-30000}"
WAIT_SECS="${WAIT_SECS:-300}"
if [ ! -x "$HARNESS" ]; then
    echo "live-test.sh: no harness binary at $HARNESS (cargo build --release, or set HARNESS)" >&2
    exit 2
fi

say() { echo "live-test: $*    [at ${SECONDS}s]"; }
run() {
    echo "+ $*"
    "$@"
}
fail() {
    echo "live-test: FAILED: $*" >&2
    exit 1
}

# --- the cluster -------------------------------------------------------------------------------

install_slurm() {
    local need=()
    command -v slurmctld >/dev/null && command -v slurmd >/dev/null &&
        command -v sbatch >/dev/null || need+=(slurm-wlm)
    command -v munged >/dev/null || need+=(munge)
    python3 -c 'import yaml' 2>/dev/null || need+=(python3-yaml)
    [ "${#need[@]}" -gt 0 ] || return 0
    run apt-get update -qq
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
}

tmp=""
verdict=""
daemons=(slurmd slurmctld munged)
# Stops every daemon started here, by the pid in its pid file (and the processes it started, by
# their parent pid), then removes the folder. Runs on any exit.
cleanup() {
    local status=$? name pidfile pid kids i jobs=()
    trap - EXIT INT TERM
    [ -n "$tmp" ] || exit "$status"
    if [ -f "$tmp/slurm.conf" ] && [ -f "$tmp/run/slurmctld.pid" ]; then
        # Jobs still queued or running on this cluster (its own, all of them) are cancelled first.
        mapfile -t jobs < <(SLURM_CONF="$tmp/slurm.conf" timeout 10 squeue -h -o %A 2>/dev/null || true)
        if [ "${#jobs[@]}" -gt 0 ]; then
            SLURM_CONF="$tmp/slurm.conf" timeout 10 scancel --quiet "${jobs[@]}" 2>/dev/null || true
        fi
    fi
    for name in "${daemons[@]}"; do
        pidfile="$tmp/run/$name.pid"
        [ -f "$pidfile" ] || continue
        pid="$(cat "$pidfile" 2>/dev/null || true)"
        case "$pid" in '' | *[!0-9]*) continue ;; esac
        kill -0 "$pid" 2>/dev/null || continue
        kids="$(pgrep -P "$pid" || true)"
        echo "+ kill $pid ($name${kids:+; its children: ${kids//$'\n'/ }})"
        kill "$pid" 2>/dev/null || true
        for ((i = 0; i < 100; i++)); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        for pid in $pid $kids; do
            if kill -0 "$pid" 2>/dev/null; then
                echo "+ kill -9 $pid (still running)"
                kill -9 "$pid" 2>/dev/null || true
            fi
        done
    done
    if [ "${KEEP:-0}" = 1 ]; then
        say "kept $tmp"
    else
        rm -rf "$tmp"
    fi
    if [ "$status" -eq 0 ]; then
        echo "$verdict"
    else
        echo "live-test FAILED (exit status $status): what failed is printed above" >&2
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

start_munge() {
    local m="$tmp/munge"
    mkdir -p "$m"
    cp /etc/munge/munge.key "$m/munge.key" 2>/dev/null ||
        dd if=/dev/urandom of="$m/munge.key" bs=1024 count=1 status=none
    chown -R munge:munge "$m"
    chmod 755 "$m"
    chmod 400 "$m/munge.key"
    # munged writes its pid file as the munge user: into its own folder, then linked for cleanup.
    run runuser -u munge -- /usr/sbin/munged --socket="$m/munge.socket" --key-file="$m/munge.key" \
        --pid-file="$m/munged.pid" --log-file="$m/munged.log" --seed-file="$m/munged.seed"
    ln -s "$m/munged.pid" "$tmp/run/munged.pid"
    munge -n -S "$m/munge.socket" | unmunge -S "$m/munge.socket" | grep -q 'STATUS:.*Success' ||
        fail "munged does not answer (log: $(tail -5 "$m/munged.log" 2>/dev/null))"
}

write_conf() {
    local host cores
    host="$(hostname)"
    cores="$(nproc)"
    cat >"$tmp/slurm.conf" <<CONF
ClusterName=live
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/run/slurmctld.pid
SlurmdPidFile=$tmp/run/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
MailProg=/bin/true
NodeName=$host CPUs=$cores RealMemory=4000 State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
}

start_slurm() {
    local i
    run slurmctld
    run slurmd
    for ((i = 0; i < 60; i++)); do
        if sinfo -h -o %T 2>/dev/null | grep -qx idle; then
            run sinfo
            return
        fi
        sleep 0.5
    done
    tail -20 "$tmp/log/slurmctld.log" "$tmp/log/slurmd.log" >&2 || true
    fail "the node did not come up idle within 30 s"
}

# --- checks ------------------------------------------------------------------------------------

# same A B FIELD...: the reports A and B agree on every FIELD (a dotted path, e.g. certificate.digest).
same() {
    python3 - "$@" <<'PY'
import json, sys
a_path, b_path, *fields = sys.argv[1:]
a, b = (json.load(open(p)) for p in (a_path, b_path))
def get(d, path):
    for part in path.split("."):
        d = d.get(part) if isinstance(d, dict) else None
    return d
bad = [f for f in fields if get(a, f) != get(b, f)]
for f in bad:
    print(f"  {f}: {get(a, f)!r:.300}\n  against {get(b, f)!r:.300}", file=sys.stderr)
if bad:
    sys.exit(f"{a_path} and {b_path} differ in: {', '.join(bad)}")
print(f"  same {', '.join(fields)}")
PY
}

# submit_wait DIR SUBMIT-OPTIONS... -- COMMAND...: submits and waits; prints the merge log.
submit_wait() {
    local dir="$1"
    shift
    set +e
    run "$here/submit.sh" --out "$dir" --wait "$WAIT_SECS" "$@"
    local status=$?
    set -e
    [ "$status" -le 1 ] || fail "submit.sh exited $status"
    return 0
}

DIFF_FIELDS=(game engines profile seed cases_requested cases failures coverage first failures_found replay)
# shellcheck disable=SC2034 # (read through a nameref by sharded and cancelled)
VERIFY_FIELDS=("${DIFF_FIELDS[@]}" certificate.scope certificate.indices certificate.checked
    certificate.skipped certificate.digest certificate.verified certificate.reached
    certificate.not_reached certificate.unreachable)

# sharded NAME FIELDS-VAR -- COMMAND...: K shards through Slurm against one process.
sharded() {
    local name="$1" fields_var="$2"
    shift 3
    local -n fields="$fields_var"
    say "$name: one process"
    run "$HARNESS" "$1" --json "$tmp/$name-single.json" --out "$tmp/$name-single" --quiet "${@:2}" |
        tail -1
    say "$name: $K shards through Slurm, one core each"
    submit_wait "$tmp/$name" --shards "$K" --cpus 1 -- "$@"
    grep -q -- "--shard 0/$K .* --threads 1 " "$tmp/$name/logs/task-0.out" ||
        fail "$name: task 0 did not run its shard on the one core of its allocation"
    [ "$(cat "$tmp/$name/merge.status")" = 0 ] || fail "$name: the merge exited $(cat "$tmp/$name/merge.status")"
    same "$tmp/$name/merged.json" "$tmp/$name-single.json" "${fields[@]}"
}

# cancelled NAME FIELDS-VAR -- COMMAND...: shard 1 cancelled before it runs; the merge must name it
# and refuse; its rerun command (printed by the merge) completes the batch.
cancelled() {
    local name="$1" fields_var="$2"
    shift 3
    local dir="$tmp/$name" ids
    say "$name: $K shards, shard 1 cancelled"
    echo "+ export SBATCH_HOLD=1 (both jobs held until released)"
    SBATCH_HOLD=1 run "$here/submit.sh" --out "$dir" --shards "$K" -- "$@"
    read -r -a ids <"$dir/jobs"
    run scancel "${ids[0]}_1"
    run scontrol release "${ids[0]}"
    run scontrol release "${ids[1]}"
    wait_jobs "${ids[@]}"
    cat "$dir/logs/merge.out"
    rerun_missing "$name" "$fields_var"
}

# failing NAME FIELDS-VAR -- COMMAND...: task 1 dies (exit status 137, as if killed) after its
# harness wrote the report: the report must not count, the merge must name the shard and refuse;
# the rerun (where the task survives) completes the batch.
failing() {
    local name="$1" fields_var="$2"
    shift 3
    local dir="$tmp/$name" flaky="$tmp/flaky-harness"
    cat >"$flaky" <<FLAKY
#!/bin/sh
# The harness, except that the first run of shard 1 dies once it has finished.
"$HARNESS" "\$@"
status=\$?
case " \$* " in
*" --shard 1/"*) [ -e "$tmp/flaky-died" ] || { touch "$tmp/flaky-died"; exit 137; } ;;
esac
exit \$status
FLAKY
    chmod +x "$flaky"
    say "$name: $K shards, task 1 dies at its end"
    submit_wait "$dir" --shards "$K" --harness "$flaky" -- "$@"
    [ -f "$dir/shard-1.json.part" ] || fail "$name: task 1's harness left no report to discard"
    grep -q "exit status 137, no report" "$dir/logs/task-1.out" || fail "$name: task 1's log does not say it left no report"
    rerun_missing "$name" "$fields_var"
}

# rerun_missing NAME FIELDS-VAR: the merge of $tmp/NAME named shard 1 (and only it) as missing and
# refused (the harness's merge may name it too, with or without a command); its rerun command completes the batch, equal to one process's report.
rerun_missing() {
    local name="$1" dir="$tmp/$1" log="$tmp/$1/logs/merge.out" rerun
    local -n fields="$2"
    [ "$(cat "$dir/merge.status")" = 1 ] || fail "$name: the merge of an incomplete batch exited $(cat "$dir/merge.status"), not 1"
    grep -q "^missing shard 1/$K: rerun with: " "$log" || fail "$name: the merge does not name shard 1/$K"
    # (For verify, `harness merge` names it too, with the harness command that runs it.)
    ! grep '^missing shard' "$log" | grep -v "^missing shard 1/$K\(:\|\$\)" ||
        fail "$name: the merge names other shards as missing"
    tail -1 "$log" | grep -q '^not complete' || fail "$name: the merge's last line does not say 'not complete'"
    [ ! -e "$dir/merged.json" ] || fail "$name: merged.json written for an incomplete batch"
    [ -f "$dir/partial.json" ] || fail "$name: no partial.json"
    cp "$dir/partial.json" "$tmp/$name-partial.json"
    rerun="$(sed -n "s|^missing shard 1/$K: rerun with: \(.*/submit\.sh .*\)|\1|p" "$log")"
    [ -n "$rerun" ] || fail "$name: the merge prints no submit.sh command for shard 1"
    say "$name: rerunning shard 1 with the merge's command"
    eval "set -- $rerun"
    submit_wait "$dir" "${@:2}"
    [ "$(cat "$dir/merge.status")" = 0 ] || fail "$name: the merge after the rerun exited $(cat "$dir/merge.status")"
    same "$dir/merged.json" "$tmp/$name-single.json" "${fields[@]}"
}

wait_jobs() {
    local deadline=$((SECONDS + WAIT_SECS)) ids queued
    ids="$(IFS=,; echo "$*")"
    until queued="$(squeue -h -j "$ids" -o %i 2>/dev/null)" && [ -z "$queued" ]; do
        [ "$SECONDS" -lt "$deadline" ] || fail "jobs $ids still queued after ${WAIT_SECS}s"
        sleep 1
    done
}

# A judged program with a planted bug: the reference's answer, one more on its first number for
# the cases whose checksum is divisible by 97. Of the 300 cases of seed 5 in 3 shards, shards 1
# and 2 hold such a case and shard 0 none (the check below fails if that ever changes).
planted() {
    local prog="$tmp/planted.sh" dir="$tmp/judge"
    cat >"$prog" <<PROG
#!/bin/sh
input=\$(cat)
answer=\$(printf '%s\n' "\$input" | "$HARNESS" run --game texas) || exit 3
sum=\$(printf '%s\n' "\$input" | cksum | cut -d' ' -f1)
if [ \$((sum % 97)) -eq 0 ]; then
    printf '%s\n' "\$answer" | awk 'NR == 1 { \$1 = \$1 + 1 } { print }'
else
    printf '%s\n' "\$answer"
fi
PROG
    chmod +x "$prog"
    local cmd=(judge --game texas --cases 300 --seed 5 --shrink-secs 5 -- "$prog")
    say "judge (planted bug): one process"
    run "$HARNESS" judge --json "$tmp/judge-single.json" --out "$tmp/judge-single" --quiet "${cmd[@]:1}" | tail -1 || true
    say "judge (planted bug): 3 shards through Slurm"
    submit_wait "$dir" --shards 3 -- "${cmd[@]}"
    [ "$(cat "$dir/merge.status")" = 1 ] || fail "judge: the merge of a batch with a planted bug exited $(cat "$dir/merge.status"), not 1"
    same "$dir/merged.json" "$tmp/judge-single.json" first.index first.kind first.what first.signature
    python3 - "$dir" 3 <<'PY'
import json, os, sys
d, k = sys.argv[1], int(sys.argv[2])
m = json.load(open(f"{d}/merged.json"))
first = m["first"]
shard = first["index"] % k
repro = first["repro"]
want = os.path.realpath(f"{d}/task-{shard}")
if not repro or not os.path.isfile(repro):
    sys.exit(f"the merged report's repro {repro!r} is not a file")
if not os.path.realpath(repro).startswith(want + os.sep):
    sys.exit(f"the repro {repro} is not under {want}, the folder of shard {shard}")
clean = [i for i in range(k) if not json.load(open(f"{d}/shard-{i}.json"))["failures"]]
if not clean:
    sys.exit("every shard found a failure: the planted bug should be in some shards only")
print(f"  case {first['index']} (shard {shard}/{k}): {first['what']}")
print(f"  repro {repro}; shards without a failure: {clean}")
PY
}

# --- the run -----------------------------------------------------------------------------------

install_slurm
tmp="$(mktemp -d /tmp/slurm-live.XXXXXX)"
chmod 755 "$tmp"
mkdir -p "$tmp/run" "$tmp/log" "$tmp/state" "$tmp/spool"
export SLURM_CONF="$tmp/slurm.conf"
say "cluster under $tmp, $(hostname) with $(nproc) cores, harness $HARNESS"
start_munge
write_conf
start_slurm

# The verify parts: sharded and with a shard cancelled, against one process. The scope: VERIFY_SCOPE,
# else texas's `tiny`, else the smallest scope `harness scopes` lists (it lists them smallest first).
verify_parts() {
    local scope="${VERIFY_SCOPE:-}"
    if [ -z "$scope" ]; then
        if "$HARNESS" scopes --game texas | grep -q '^tiny '; then
            scope=tiny
        else
            scope="$("$HARNESS" scopes --game texas | awk 'NR == 1 { print $1 }')"
        fi
    fi
    [ -n "$scope" ] || fail "harness scopes --game texas lists no scope to verify"
    local cmd=(verify --game texas --scope "$scope")
    sharded verify VERIFY_FIELDS -- "${cmd[@]}"
    python3 -c 'import json, sys; c = json.load(open(sys.argv[1]))["certificate"]; sys.exit(0 if c["verified"] else "the merged certificate is not verified")' \
        "$tmp/verify/merged.json"
    cp "$tmp/verify-single.json" "$tmp/verify-cancelled-single.json"
    cancelled verify-cancelled VERIFY_FIELDS -- "${cmd[@]}"
    python3 -c 'import json, sys; c = json.load(open(sys.argv[1]))["certificate"]; sys.exit(0 if not c["verified"] and 1 in c["missing_shards"] else "the partial certificate does not say shard 1 is missing")' \
        "$tmp/verify-cancelled-partial.json"
}

passed=()
skipped=""
diff_cmd=(diff --game texas --cases "$DIFF_CASES" --seed 11)
sharded diff DIFF_FIELDS -- "${diff_cmd[@]}"
passed+=("sharded diff = one process")
cp "$tmp/diff-single.json" "$tmp/diff-cancelled-single.json"
cancelled diff-cancelled DIFF_FIELDS -- "${diff_cmd[@]}"
passed+=("cancelled diff shard named and rerun")
cp "$tmp/diff-single.json" "$tmp/diff-failing-single.json"
failing diff-failing DIFF_FIELDS -- "${diff_cmd[@]}"
passed+=("dying diff task named and rerun")
if "$HARNESS" verify --help >/dev/null 2>&1; then
    verify_parts
    passed+=("sharded verify = one process" "cancelled verify shard named and rerun")
else
    skipped=" (verify parts SKIPPED: this harness has no verify command)"
    say "SKIPPED the verify parts: this harness has no verify command"
fi
planted
passed+=("planted bug found by some shards only, merged with its repro")
run bash "$repo/cluster/kubernetes/check.sh"
passed+=("the Kubernetes recipe offline")
# Printed by cleanup, after the daemons are stopped: the last line.
joined="$(printf '%s; ' "${passed[@]}")"
verdict="live-test passed on Slurm $(sinfo -V | cut -d' ' -f2), $K shards: ${joined%; }$skipped"
