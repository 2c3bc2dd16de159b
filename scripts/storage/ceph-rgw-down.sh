#!/usr/bin/env bash
# Stops the daemons started by ceph-rgw-up.sh (gateway first, monitor last) and removes DIR.
# KEEP=1 keeps DIR (its logs) afterwards.
dir=${1:?usage: ceph-rgw-down.sh DIR}
# Alive = exists, not a zombie, and still a ceph binary (guards against PID reuse).
is_ceph_daemon() {
  [ -r "/proc/$1/stat" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ] &&
    tr '\0' ' ' < "/proc/$1/cmdline" 2>/dev/null | grep -qE '^(ceph-mon|ceph-osd|radosgw) '
}
for name in rgw osd.0 mon.a; do
  pidfile=$dir/pids/$name.pid
  [ -f "$pidfile" ] || continue
  pid=$(cat "$pidfile")
  if is_ceph_daemon "$pid"; then
    kill -TERM "$pid"
    for _ in $(seq 100); do is_ceph_daemon "$pid" || break; sleep 0.05; done
    is_ceph_daemon "$pid" && kill -KILL "$pid"
  fi
  rm -f "$pidfile"
done
[ "${KEEP:-0}" = 1 ] || rm -rf "$dir"
