# A one-node Slurm cluster on this machine, with no systemd and nothing
# shared with another Slurm or munge: its own folder, munge key and
# socket, configuration, free ports, state, spool and logs. Sourced by
# run.sh, which sets `fail` and calls cluster_start, then cluster_stop
# (from its EXIT trap too).
#
# cluster_start DIR: starts munged, slurmctld and slurmd in DIR (an empty
#   folder) and waits for the node to be idle; exports SLURM_CONF.
# cluster_stop: cancels the cluster's jobs, stops exactly the daemons it
#   started (by their pid files) and checks that none is left.

cluster_dir=

# Installs Debian's slurm-wlm and munge when their programs are missing.
cluster_install() {
    local missing=()
    for tool in slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
        command -v "$tool" >/dev/null || { missing+=(slurm-wlm); break; }
    done
    command -v munged >/dev/null && command -v mungekey >/dev/null || missing+=(munge)
    [ "${#missing[@]}" -eq 0 ] && return
    echo "tests/slurm: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq </dev/null || fail "apt-get update failed"
    apt-get install -y -qq "${missing[@]}" </dev/null >/dev/null ||
        fail "apt-get install ${missing[*]} failed"
}

# A TCP port on 127.0.0.1 that nothing listens on, not one of "$@".
free_port() {
    local port
    while :; do
        port=$((20000 + RANDOM % 40000))
        case " $* " in *" $port "*) continue ;; esac
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
}

# munged on a socket and key of the cluster's own.
start_munge() {
    local dir=$1
    mungekey --create --keyfile="$dir/munge/munge.key" ||
        fail "mungekey could not create $dir/munge/munge.key"
    munged --socket="$dir/munge/socket" --key-file="$dir/munge/munge.key" \
        --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" \
        --seed-file="$dir/munge/seed" ||
        fail "munged did not start: $(tail -n 3 "$dir/munged.log" 2>/dev/null)"
}

# The cluster's slurm.conf: this host as controller and node, its CPUs and
# memory, plugins that need no cgroups and no database.
write_conf() {
    local dir=$1 host ctld_port slurmd_port cpus memory
    host=$(hostname -s)
    ctld_port=$(free_port)
    slurmd_port=$(free_port "$ctld_port")
    cpus=$(nproc)
    memory=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
    cat >"$dir/slurm.conf" <<EOF
ClusterName=congo$$
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
DependencyParameters=kill_invalid_depend
MinJobAge=3600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=congo Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

# Waits up to a minute for the cluster's one node to be idle.
wait_for_idle() {
    local state
    for _ in $(seq 600); do
        state=$(sinfo -h -o %T 2>/dev/null || true)
        [ "$state" = idle ] && return
        sleep 0.1
    done
    fail "the node is not idle after a minute (sinfo says '$state'):
$(tail -n 5 "$cluster_dir/slurmctld.log" "$cluster_dir/slurmd.log" 2>&1)"
}

cluster_start() {
    cluster_dir=$1
    mkdir -p "$cluster_dir/munge" "$cluster_dir/state" "$cluster_dir/spool"
    # munged wants every folder above its socket searchable by all.
    chmod 711 "$cluster_dir"
    chmod 755 "$cluster_dir/munge"
    start_munge "$cluster_dir"
    write_conf "$cluster_dir"
    export SLURM_CONF=$cluster_dir/slurm.conf
    slurmctld -f "$SLURM_CONF" ||
        fail "slurmctld did not start: $(tail -n 5 "$cluster_dir/slurmctld.log" 2>&1)"
    slurmd -f "$SLURM_CONF" ||
        fail "slurmd did not start: $(tail -n 5 "$cluster_dir/slurmd.log" 2>&1)"
    wait_for_idle
}

# Stops the daemon whose pid file is $1, waiting up to ten seconds for it
# to go before killing it.
stop_daemon() {
    local file=$1 pid
    [ -s "$file" ] || return 0
    pid=$(cat "$file")
    kill "$pid" 2>/dev/null || return 0
    for _ in $(seq 100); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
}

cluster_stop() {
    [ -n "$cluster_dir" ] || return 0
    if [ -s "$cluster_dir/slurmctld.pid" ]; then
        scancel --quiet --full --partition=congo 2>/dev/null || true
        for _ in $(seq 100); do
            [ -z "$(squeue -h 2>/dev/null)" ] && break
            sleep 0.1
        done
    fi
    stop_daemon "$cluster_dir/slurmd.pid"
    stop_daemon "$cluster_dir/slurmctld.pid"
    stop_daemon "$cluster_dir/munged.pid"
    local left
    left=$(pgrep -af "$cluster_dir" || true)
    cluster_dir=
    [ -z "$left" ] || fail "left running after the cluster stopped: $left"
}
