#!/bin/sh
# tables.sh DIR TASKS TB-ARGS...: the job script of submit-tables.sh. Array
# task SLURM_ARRAY_TASK_ID (0 to TASKS - 1) builds its share of the tables
# TB-ARGS name (a level of a set), dealt out by cost: the shard is given
# outright, so that a resubmission of listed task IDs takes the same share.
set -eu
dir=$1
tasks=$2
shift 2
exec "${CONGO:-congo}" tb generate "$dir" \
    --shard "$((SLURM_ARRAY_TASK_ID + 1))/$tasks" \
    --threads "${SLURM_CPUS_PER_TASK:-1}" "$@"
