#!/usr/bin/env bash
# Endgame tables and a tournament built as Slurm job arrays on a one-node
# cluster started here (tests/slurm/cluster.sh), each checked against the
# same work done by one process: the tables byte for byte, the merged
# tournament's standings and records. Run by .ci/run, as root (slurmd
# runs its jobs as their owner; munged and the daemons need root here).
# Installs Debian's slurm-wlm and munge when missing; leaves nothing
# running and removes its folder, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() {
    echo "tests/slurm: FAILED: $*" >&2
    exit 1
}

[ "$(id -u)" -eq 0 ] ||
    fail "needs root: slurmd runs each job as its owner, which takes root; run it as root, as CI does (sudo -E bash tests/slurm/run.sh)"

# An array task of an outer Slurm must not make this test's runs shards.
unset "${!SLURM_@}"

. tests/slurm/cluster.sh
cluster_install

cargo build --release --quiet || fail "cargo build --release failed"
target=${CARGO_TARGET_DIR:-target}
congo=$(cd "$target/release" && pwd)/congo
[ -x "$congo" ] || fail "no congo binary at $congo"

work=$(mktemp -d /tmp/congo-slurm.XXXXXX)
cleanup() {
    local status=$?
    cluster_stop
    local left
    left=$(pgrep -af "$work" || true)
    rm -rf "$work"
    [ -z "$left" ] || fail "left running: $left"
    exit "$status"
}
trap cleanup EXIT
# Searchable by all (not readable), as munged wants above its socket.
chmod 711 "$work"
cluster_start "$work/slurm"
# Tasks a level: as many as the node has CPUs, at least two (to be
# shards), at most the level's tables.
tasks_most=$(($(nproc) > 2 ? $(nproc) : 2))
jobs=()

# Seconds since the epoch, with the fraction.
now() { date +%s.%N; }
# Seconds from $1 to now, to a tenth.
since() { awk -v from="$1" -v to="$(now)" 'BEGIN { printf "%.1f", to - from }'; }

# sbatch_array AFTER TASKS ARGS...: submits a job array of TASKS (IDs 0
# to TASKS - 1) running ARGS, after job AFTER (none when empty) ends
# well; prints its job ID.
sbatch_array() {
    local after=$1 tasks=$2
    shift 2
    local id
    id=$(sbatch --parsable --chdir="$work" --cpus-per-task=1 \
        --output="$work/logs/%A_%a.out" --array="0-$((tasks - 1))" \
        ${after:+--dependency=afterok:$after} "$@") || fail "sbatch $* was refused"
    echo "${id%%;*}"
}

# Waits until every job in "${jobs[@]}" has left the queue, then fails
# unless every one of their tasks completed.
wait_for_jobs() {
    local deadline=$((SECONDS + 900))
    while [ -n "$(squeue -h -j "$(IFS=,; echo "${jobs[*]}")" 2>/dev/null)" ]; do
        [ "$SECONDS" -lt "$deadline" ] || fail "jobs ${jobs[*]} still queued after 15 minutes"
        sleep 0.5
    done
    local job states
    for job in "${jobs[@]}"; do
        states=$(scontrol -o show job "$job" | grep -o 'JobState=[A-Z_]*\|ExitCode=[0-9:]*' |
            sort -u | tr '\n' ' ')
        [ "$states" = "ExitCode=0:0 JobState=COMPLETED " ] ||
            fail "job $job: $states
$(tail -n 5 "$work"/logs/"${job}"_*.out 2>&1)"
    done
    jobs=()
}

# submit ARGS...: contrib/slurm/submit-tables.sh ARGS..., the documented
# recipe, with a task's memory and time sized for small tables; its jobs
# are added to "${jobs[@]}".
submit() {
    local out
    out=$(cd "$work" && MEM=500M MINUTES=15 TASKS=$tasks_most CPUS=1 CONGO=$congo \
        "$OLDPWD/contrib/slurm/submit-tables.sh" "$@") || fail "submit-tables.sh $* failed"
    echo "$out"
    jobs+=($(awk '{ print $NF }' <<<"$out"))
}

# Every material with at most two pieces beside the lions, then
# three-piece ones above them (LZPvLZ turns into LZSvLZ): 7 job arrays.
extra=(LGZvLS LZSvLZ LZPvLZ)
started=$(now)
submit "$work/tables" >/dev/null
levels=${#jobs[@]}
wait_for_jobs
# LZSvLZ's task fails (a folder stands where its file goes): LZPvLZ's
# level, after it, waits for ever; the recipe's resubmission from
# LZSvLZ's level, once that is cancelled and the folder gone, ends it.
mkdir "$work/tables/LZSvLZ.ctbw"
submit "$work/tables" "${extra[@]}" >"$work/first.txt"
failed=$(awk '$2 == "3:" { print $NF }' "$work/first.txt")
pending=$(awk '$2 == "4:" { print $NF }' "$work/first.txt")
deadline=$((SECONDS + 300))
until [ -n "$(scontrol -o show job "$pending" 2>/dev/null | grep -o 'Reason=DependencyNeverSatisfied')" ]; do
    [ "$SECONDS" -lt "$deadline" ] || fail "job $pending never stopped on its failed dependency: $(scontrol -o show job "$failed" "$pending" 2>&1)"
    sleep 0.5
done
scancel --name=congo-tables --state=PENDING
mkdir -p "$work/logs"
rmdir "$work/tables/LZSvLZ.ctbw"
jobs=()
submit "$work/tables" --from 3 "${extra[@]}" >/dev/null
levels=$((levels + ${#jobs[@]}))
wait_for_jobs
arrays=$(since "$started")

started=$(now)
"$congo" tb generate "$work/one" 2>"$work/one.err" &&
    "$congo" tb generate "$work/one" "${extra[@]}" 2>"$work/one.err" ||
    fail "tb generate in one process failed: $(tail -n 3 "$work/one.err")"
one=$(since "$started")

(cd "$work/one" && ls -A) >"$work/one.list"
(cd "$work/tables" && ls -A) >"$work/tables.list"
diff "$work/one.list" "$work/tables.list" >&2 ||
    fail "the job arrays wrote other files than one process (above: < one process, > arrays)"
for file in $(cat "$work/one.list"); do
    cmp "$work/one/$file" "$work/tables/$file" >&2 || fail "$file differs"
done
# Each task took its share, and none waited: a level needs only the
# levels before it.
grep -q "congo tb: shard 2/[0-9]*" "$work"/logs/*.out ||
    fail "no task says it took shard 2/N"
! grep -h "waiting for" "$work"/logs/*.out >&2 || fail "a task waited for another's tables (above)"
echo "tests/slurm: $(wc -l <"$work/one.list") tables: $levels job arrays (one a level, one resubmitted after a failed task) in $arrays s, one process in $one s; every file the same"

# A round robin of three congo engines at fixed node counts (so every
# game is decided by the board alone), as a job array of three shards
# (IDs 1 to 3: the shard is the task's place, whatever its first ID),
# then merged by a job that waits for them.
for nodes in 100 200 400; do
    mkdir -p "$work/class/n$nodes"
    printf '#!/bin/sh\nexec "%s" engine --nodes %s\n' "$congo" "$nodes" >"$work/class/n$nodes/run"
    chmod +x "$work/class/n$nodes/run"
done
tournament=("$congo" tournament "$work/class" --movetime 1000 --memory none --threads none --unconfined-root)
started=$(now)
job=$(sbatch --parsable --chdir="$work" --output="$work/logs/%A_%a.out" --array=1-3 \
    --wrap "exec ${tournament[*]} --output $work/shard\$SLURM_ARRAY_TASK_ID")
jobs+=("${job%%;*}")
job=$(sbatch --parsable --chdir="$work" --output="$work/logs/%j.out" \
    --dependency="afterok:${jobs[0]}" \
    --wrap "exec $congo tournament --merge $work/shard1 $work/shard2 $work/shard3 --output $work/merged")
jobs+=("${job%%;*}")
wait_for_jobs
arrays=$(since "$started")
started=$(now)
"${tournament[@]}" --output "$work/whole" >/dev/null 2>&1 || fail "the one-process tournament failed"
one=$(since "$started")
cmp "$work/merged/standings.csv" "$work/whole/standings.csv" >&2 ||
    fail "the merged standings differ from one process's"
records=$(cd "$work/whole/records" && ls)
[ "$(echo "$records" | wc -l)" -eq 3 ] || fail "3 records expected, found: $records"
for record in $records; do
    cmp "$work/merged/records/$record" "$work/whole/records/$record" >&2 ||
        fail "record $record differs"
done
echo "tests/slurm: a 6-game round robin: 3 shards as a job array, merged, in $arrays s; one process in $one s; standings and records the same"

# Training data as a job array of two tasks, each making its share of
# the chunks from Slurm's variables into one folder: the same bytes as
# one process makes.
datagen=("$congo" datagen --chunks 4 --games 1 --nodes 300 --seed 3)
started=$(now)
job=$(sbatch_array "" 2 --wrap "exec ${datagen[*]} $work/data")
jobs+=("$job")
wait_for_jobs
arrays=$(since "$started")
"${datagen[@]}" "$work/data-one" >/dev/null 2>&1 || fail "the one-process datagen failed"
for chunk in 0 1 2 3; do
    file=chunk-00000$chunk.cdat
    cmp "$work/data/$file" "$work/data-one/$file" >&2 || fail "datagen's $file differs"
done
grep -q "congo: shard 2/2, from Slurm's job array" "$work"/logs/"${job}"_*.out ||
    fail "no datagen task says it took shard 2/2 from Slurm's variables"
echo "tests/slurm: datagen's 4 chunks as a job array of 2 tasks in $arrays s; every chunk the same as one process's"

cluster_stop
echo "tests/slurm: passed"
