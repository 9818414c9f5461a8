#!/usr/bin/env bash
# Installs a single-node Slurm (controller and one compute node on this machine) from the
# Debian packages, for testing the job-array scripts end to end. Needs root and Debian 12
# (bookworm) or similar. Not part of CI.
#
#   sudo cluster/slurm/install-single-node.sh
set -euo pipefail

if ! command -v slurmctld >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq slurm-wlm munge >/dev/null
fi

host=$(hostname -s)
cpus=$(nproc)
# Memory in MB, a little under what the machine has.
mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)

mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
chown slurm:slurm /var/spool/slurmctld /var/log/slurm 2>/dev/null || true
cat >/etc/slurm/slurm.conf <<CONF
ClusterName=cardsim
SlurmctldHost=${host}
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmdSpoolDir=/var/spool/slurmd
StateSaveLocation=/var/spool/slurmctld
SlurmUser=root
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobCompType=jobcomp/none
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=${host} CPUs=${cpus} RealMemory=${mem} State=UNKNOWN
PartitionName=main Nodes=${host} Default=YES MaxTime=INFINITE State=UP
CONF

# munge needs a key; the package makes one, but make sure.
if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
fi
chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key

# Start the daemons directly (containers often have no systemd).
pgrep -x munged >/dev/null || su -s /bin/sh munge -c "/usr/sbin/munged"
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 30); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qE 'idle|mixed|alloc'; then
        sinfo
        exit 0
    fi
    sleep 1
done
echo "slurm did not come up; see /var/log/slurm/" >&2
scontrol update nodename="${host}" state=resume 2>/dev/null || true
sinfo
