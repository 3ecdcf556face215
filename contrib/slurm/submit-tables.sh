#!/usr/bin/env bash
# submit-tables.sh DIR [--from LEVEL] TB-ARGS...: builds in DIR, on a Slurm
# cluster, the set of endgame tables `congo tb levels TB-ARGS` counts
# (`--pieces 4`, or materials by name): one job array a level, each held
# until the last has ended well, each task its share of the level. Prints
# a line a level: `level L: N tables, T tasks, job J`.
#
# --from LEVEL starts at that level: the resubmission after a task failed
# (the later levels then wait for ever: `scancel --name=congo-tables
# --state=PENDING` first). The tables already whole are kept, so a task
# whose tables are all there ends at once.
#
# From the environment, with defaults from measured builds on two threads
# (a four-piece table: at most 5.6 GB and 13 minutes):
#   MEM      memory a task (7G)
#   MINUTES  time limit a table; a task's is this times its tables (30)
#   TASKS    most tasks a level (64)
#   CPUS     threads a task (2)
#   CONGO    the congo binary (congo on the PATH)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${MEM:=7G}" "${MINUTES:=30}" "${TASKS:=64}" "${CPUS:=2}" "${CONGO:=congo}"
export CONGO
[ $# -ge 1 ] || { echo "usage: $0 DIR [--from LEVEL] TB-ARGS..." >&2; exit 2; }
dir=$1
shift
from=0
if [ "${1:-}" = --from ]; then
    from=${2:-}
    shift $(($# < 2 ? $# : 2))
fi
whole() { case $2 in '' | *[!0-9]*) echo "$0: $1 must be a whole number, not '$2'" >&2 && exit 2 ;; esac; }
whole --from "$from"
whole TASKS "$TASKS"
whole MINUTES "$MINUTES"
[ "$TASKS" -ge 1 ] || { echo "$0: TASKS must be at least 1" >&2; exit 2; }
levels=$("$CONGO" tb levels "$@")
mkdir -p logs
after=
while read -r level count; do
    [ "$level" -ge "$from" ] || continue
    tasks=$((count < TASKS ? count : TASKS))
    minutes=$(((count + tasks - 1) / tasks * MINUTES))
    after=$(sbatch --parsable --job-name=congo-tables --array="0-$((tasks - 1))" \
        --cpus-per-task="$CPUS" --mem="$MEM" --time="$minutes" \
        --output=logs/tables-%A_%a.out ${after:+--dependency=afterok:$after} \
        "$here/tables.sh" "$dir" "$tasks" --level "$level" "$@")
    after=${after%%;*} # --parsable prints JOBID or JOBID;CLUSTER
    echo "level $level: $count tables, $tasks tasks, job $after"
done <<<"$levels"
[ -n "$after" ] || { echo "$0: the set has no level $from or above" >&2; exit 2; }
