#!/usr/bin/env bash
# Starts a throwaway single-node Ceph cluster (one monitor, one in-memory OSD) and a RADOS Gateway
# on 127.0.0.1, without systemd. Real S3 semantics (SigV4 checks, ListParts, Abort, CORS) for tests.
#
# Usage: ceph-rgw-up.sh DIR   env: RGW_PORT, MON_PORT, ACCESS_KEY, SECRET_KEY
# Stop with ceph-rgw-down.sh DIR. Prints DIR when the gateway answers.
set -euo pipefail

dir=${1:?usage: ceph-rgw-up.sh DIR}
mkdir -p "$dir" && dir=$(cd "$dir" && pwd)
rgw_port=${RGW_PORT:?RGW_PORT}
mon_port=${MON_PORT:?MON_PORT}
access_key=${ACCESS_KEY:?ACCESS_KEY}
secret_key=${SECRET_KEY:?SECRET_KEY}

ready=0
kill_started_daemons() {
  [ "$ready" = 1 ] && return
  for pidfile in "$dir"/pids/*.pid; do
    [ -f "$pidfile" ] && kill -KILL "$(cat "$pidfile")" 2>/dev/null
    rm -f "$pidfile"
  done
}
trap kill_started_daemons EXIT

# wait_until SECONDS PID command...: retry the command until it succeeds; fail fast if the daemon died.
wait_until() {
  local seconds=$1 pid=$2; shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null || echo Z)" = Z ]; then
      echo "ceph daemon $pid exited during start-up; logs in $dir/log" >&2; exit 1
    fi
    if [ $SECONDS -ge $deadline ]; then echo "timed out waiting for: $*" >&2; exit 1; fi
    sleep 0.1
  done
}

mkdir -p "$dir"/{run,log,pids,mon.a,osd.0,rgw}
export CEPH_CONF=$dir/ceph.conf
fsid=$(cat /proc/sys/kernel/random/uuid)

cat > "$CEPH_CONF" <<CONF
[global]
fsid = $fsid
mon host = v2:127.0.0.1:$mon_port
public addr = 127.0.0.1
auth cluster required = none
auth service required = none
auth client required = none
osd objectstore = memstore
memstore device bytes = 4294967296
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
mon data avail crit = 0
# Pool creation waits on several paxos rounds; the 1 s default makes start-up take ~12 s instead of ~1 s.
paxos propose interval = 0.02
ms bind msgr1 = false
run dir = $dir/run
admin socket = $dir/run/\$name.asok
log file = $dir/log/\$name.log
mon data = $dir/\$name
osd data = $dir/\$name
keyring = /dev/null
crash dir = $dir/crash
[osd]
osd max object name len = 460
osd max object namespace len = 64
[client.rgw.x]
rgw data = $dir/rgw
# Without tcp_nodelay every response with a body stalls ~45 ms on a kept-alive connection.
rgw frontends = beast endpoint=127.0.0.1:$rgw_port tcp_nodelay=1
rgw dns name = localhost
# radosgw defaults to ms_mon_client_mode=secure, which cannot work with auth=none.
ms mon client mode = crc
log file = $dir/log/rgw.log
# Collect garbage promptly: otherwise deleted object data stays in the in-memory OSD for two hours.
rgw gc obj min wait = 0
rgw gc processor period = 5
rgw gc processor max time = 5
CONF

monmaptool --create --fsid "$fsid" --addv a "[v2:127.0.0.1:$mon_port]" "$dir/monmap" >/dev/null
ceph-mon --mkfs -i a --monmap "$dir/monmap"
ceph-mon -f -i a >"$dir/log/mon.a.out" 2>&1 &
echo $! > "$dir/pids/mon.a.pid"
wait_until 30 "$(cat "$dir/pids/mon.a.pid")" ceph --connect-timeout 2 mon stat

osd_uuid=$(cat /proc/sys/kernel/random/uuid)
osd_id=$(ceph osd new "$osd_uuid")
ceph-osd -i "$osd_id" --mkfs --osd-uuid "$osd_uuid" >"$dir/log/osd.mkfs.out" 2>&1
ceph-osd -f -i "$osd_id" >"$dir/log/osd.$osd_id.out" 2>&1 &
echo $! > "$dir/pids/osd.$osd_id.pid"
wait_until 60 "$(cat "$dir/pids/osd.$osd_id.pid")" sh -c "ceph --connect-timeout 5 osd dump | grep -q '^osd.$osd_id up'"

radosgw-admin -n client.rgw.x user create --uid=tester --display-name=Tester \
  --access-key="$access_key" --secret-key="$secret_key" >"$dir/log/user.json"

radosgw -f -n client.rgw.x >"$dir/log/rgw.out" 2>&1 &
echo $! > "$dir/pids/rgw.pid"
# Ready when RGW itself (not another server on the port) answers an anonymous ListBuckets.
wait_until 60 "$(cat "$dir/pids/rgw.pid")" sh -c "curl -sf -m 2 'http://127.0.0.1:$rgw_port/' | grep -q ListAllMyBucketsResult"
ready=1
echo "$dir"
