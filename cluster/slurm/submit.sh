#!/usr/bin/env bash
# Submits a harness batch to Slurm as a job array of K shards plus the merge job after it.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: submit.sh --shards K --out DIR [OPTIONS] -- COMMAND [FLAGS...]

Runs `harness COMMAND FLAGS... --shard I/K` as task I of a Slurm job array (I = 0..K-1, K tasks)
and, once every task has ended, a merge job (--dependency=afterany) that writes DIR/merged.json.
COMMAND is diff, verify or judge (`judge ... -- PROGRAM ARGS` too); the tasks add --shard, --json,
--out and --quiet themselves.

Options:
  --shards K        number of shards of the batch (tasks of the array)
  --out DIR         the run's folder, on a file system every node sees (created if missing)
  --only LIST       submit only these shards (e.g. 2 or 1,4), then merge again: the rerun of
                    shards that died (the merge job prints this command for each)
  --harness PATH    the harness binary the tasks run (default: $HARNESS, else `harness` on
                    PATH, else target/release/harness of this repository)
  --cpus N          cores per task (sbatch --cpus-per-task; the harness's --threads/--jobs)
  --wait SECONDS    wait for the merge job at most this long, print its log, exit with its status
  -h, --help        this help

Outputs, under DIR:
  shard-I.json      task I's report (only once the shard ran to its end)
  task-I/           task I's saved failures: repros (.in), their .json and .html pages
  logs/task-I.out   task I's standard output and error; logs/merge.out the merge job's
  merged.json       the merged report (every shard in); partial.json when some are missing
  merge.status      the merge job's exit status (0 clean/verified, 1 failure or incomplete, 2 usage)

sbatch's own input environment variables apply to both jobs (SBATCH_PARTITION, SBATCH_TIMELIMIT,
SBATCH_ACCOUNT, SBATCH_HOLD ...), and SLURM_CONF names the cluster's configuration.

Example:
  cluster/slurm/submit.sh --shards 16 --out /shared/texas-7 -- diff --game texas --cases 100000000 --seed 7
USAGE
}

die() {
    echo "submit.sh: $*" >&2
    echo "(submit.sh --help explains the options)" >&2
    exit 2
}

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
k="" out="" only="" harness="${HARNESS:-}" cpus="" wait_secs=""
while [ "$#" -gt 0 ]; do
    case "$1" in
        -h | --help) usage; exit 0 ;;
        --shards) [ "$#" -ge 2 ] || die "--shards needs a value"; k="$2"; shift 2 ;;
        --out) [ "$#" -ge 2 ] || die "--out needs a value"; out="$2"; shift 2 ;;
        --only) [ "$#" -ge 2 ] || die "--only needs a value"; only="$2"; shift 2 ;;
        --harness) [ "$#" -ge 2 ] || die "--harness needs a value"; harness="$2"; shift 2 ;;
        --cpus) [ "$#" -ge 2 ] || die "--cpus needs a value"; cpus="$2"; shift 2 ;;
        --wait) [ "$#" -ge 2 ] || die "--wait needs a value"; wait_secs="$2"; shift 2 ;;
        --) shift; break ;;
        *) die "unknown option '$1' (the harness command goes after --)" ;;
    esac
done
is_count() { case "$1" in '' | *[!0-9]* | 0*) return 1 ;; esac; }
is_count "$k" || die "--shards must be a positive number, got '$k'"
[ -n "$out" ] || die "--out DIR is required"
[ -z "$cpus" ] || is_count "$cpus" || die "--cpus must be a positive number, got '$cpus'"
[ -z "$wait_secs" ] || is_count "$wait_secs" || die "--wait must be a positive number of seconds, got '$wait_secs'"
[ "$#" -ge 1 ] || die "no harness command after -- (diff, verify or judge, with its flags)"
case "$1" in diff | verify | judge) ;; *) die "'$1' is not a sharded command (diff, verify or judge)" ;; esac
if [ -n "$only" ]; then
    for i in ${only//,/ }; do
        case "$i" in '' | *[!0-9]*) die "--only takes shard numbers separated by commas, got '$only'" ;; esac
        [ "$i" -lt "$k" ] || die "--only: shard $i is not one of 0..$((k - 1))"
    done
fi

if [ -z "$harness" ]; then
    if command -v harness >/dev/null 2>&1; then
        harness="$(command -v harness)"
    elif [ -x "$here/../../target/release/harness" ]; then
        harness="$(cd "$here/../../target/release" && pwd)/harness"
    else
        die "no harness binary: pass --harness PATH (or build it: cargo build --release)"
    fi
fi
case "$harness" in
    */*)
        if [ ! -f "$harness" ] || [ ! -x "$harness" ]; then die "--harness $harness is not an executable file"; fi
        harness="$(cd "$(dirname "$harness")" && pwd)/$(basename "$harness")"
        ;;
    *) command -v "$harness" >/dev/null 2>&1 || die "--harness $harness is not on the PATH" ;;
esac
command -v sbatch >/dev/null 2>&1 || die "sbatch not found: is this a Slurm login node?"

mkdir -p "$out/logs" || die "cannot create $out/logs"
out="$(cd "$out" && pwd)"
if [ -z "$only" ] && compgen -G "$out/shard-*.json" >/dev/null; then
    die "$out already holds shard reports: choose a new folder, or rerun some shards with --only"
fi
array="0-$((k - 1))"
[ -n "$only" ] && array="$only"
rm -f "$out/merge.status"

sb=(--parsable --chdir "$PWD")
[ -n "$cpus" ] && sb+=(--cpus-per-task "$cpus")
export OUT="$out" SHARDS="$k" HARNESS="$harness" SUBMIT="$here/submit.sh" CPUS="$cpus"
array_id="$(sbatch "${sb[@]}" --array="$array" --output="$out/logs/task-%a.out" \
    "$here/array.sbatch" "$@")"
array_id="${array_id%%;*}"
merge_id="$(sbatch "${sb[@]}" --dependency="afterany:$array_id" --output="$out/logs/merge.out" \
    "$here/merge.sbatch" "$@")"
merge_id="${merge_id%%;*}"
echo "array job $array_id: shards $array of $k, logs $out/logs/task-<I>.out, reports $out/shard-<I>.json"
echo "merge job $merge_id (after $array_id): log $out/logs/merge.out, report $out/merged.json"
echo "$array_id $merge_id" >"$out/jobs"

[ -n "$wait_secs" ] || exit 0
# Done when the merge job has written its status, or when the controller lists neither job any more
# (a merge job that ended without a status: cancelled, or its dependency never satisfied).
deadline=$((SECONDS + wait_secs))
while [ ! -f "$out/merge.status" ]; do
    if queued="$(squeue -h -j "$array_id,$merge_id" -o %i 2>/dev/null)" && [ -z "$queued" ]; then
        break
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
        echo "submit.sh: jobs $array_id and $merge_id still queued or running after ${wait_secs}s" >&2
        exit 3
    fi
    sleep 1
done
cat "$out/logs/merge.out" 2>/dev/null || true
[ -f "$out/merge.status" ] || { echo "submit.sh: the merge job left no $out/merge.status" >&2; exit 3; }
exit "$(cat "$out/merge.status")"
