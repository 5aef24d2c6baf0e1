#!/usr/bin/env bash
# A throwaway single-node Ceph cluster serving S3 on 127.0.0.1, for the S3 storage tests (DESIGN 8):
# one mon, one OSD on memstore (RAM), one radosgw; no systemd, no mgr, everything under one folder,
# run as the current user. Debian packages: radosgw ceph-mon ceph-osd (scripts/test.sh installs them).
#
#   scripts/start-radosgw.sh         start (or reuse the running one); prints shell assignments:
#                                    S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, STORAGE_URL
#   scripts/start-radosgw.sh stop    stop the daemons and remove the folder
#
# RADOSGW_DIR (default ${TMPDIR:-/tmp}/portal-radosgw) holds it all; RADOSGW_BUCKET (default portal-test).
# Progress goes to stderr, the assignments to stdout: eval "$(scripts/start-radosgw.sh)".
set -euo pipefail

DIR=${RADOSGW_DIR:-${TMPDIR:-/tmp}/portal-radosgw}
BUCKET=${RADOSGW_BUCKET:-portal-test}
CONF=$DIR/ceph.conf
DAEMONS=(client.rgw osd.0 mon.a)

say() { echo "radosgw: $*" >&2; }
elapsed() { echo $(( $(date +%s) - START )); }

# The pid of one of our daemons, only if it is alive and really runs on our ceph.conf.
daemon_pid() {
  local pid cmd
  pid=$(cat "$DIR/pids/$1" 2>/dev/null) || return 1
  cmd=$(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline") || return 1
  [[ -n "$pid" && "$cmd" == *"$CONF"* ]] && echo "$pid"
}

stop_cluster() {
  local pids=() name pid
  for name in "${DAEMONS[@]}"; do
    pid=$(daemon_pid "$name") && pids+=("$pid")
  done
  if [ ${#pids[@]} -gt 0 ]; then
    kill -TERM "${pids[@]}" 2>/dev/null || true
    for _ in $(seq 1 15); do
      local alive=0
      for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
      [ $alive = 0 ] && break
      sleep 0.2
    done
    # memstore has nothing worth keeping, and radosgw takes ~10 s to honour TERM: kill what is left after 3 s.
    kill -KILL "${pids[@]}" 2>/dev/null || true
  fi
  rm -rf "$DIR"
}

print_env() {
  cat "$DIR/env"
}

if [ "${1:-start}" = stop ]; then
  stop_cluster
  say "stopped, $DIR removed"
  exit 0
fi
[ "${1:-start}" = start ] || { echo "usage: $0 [start|stop]" >&2; exit 2; }

for bin in ceph-mon ceph-osd radosgw radosgw-admin ceph ceph-authtool monmaptool curl uuidgen; do
  command -v "$bin" >/dev/null || { say "missing $bin (apt-get install radosgw ceph-mon ceph-osd curl uuid-runtime)"; exit 1; }
done

# Already running and answering: reuse it.
if [ -f "$DIR/env" ] && daemon_pid client.rgw >/dev/null && daemon_pid osd.0 >/dev/null && daemon_pid mon.a >/dev/null; then
  # shellcheck disable=SC1091
  endpoint=$(. "$DIR/env" && echo "$S3_ENDPOINT")
  if curl -fsS -o /dev/null --max-time 5 "$endpoint/"; then
    say "already running at $endpoint"
    print_env
    exit 0
  fi
fi
stop_cluster

START=$(date +%s)
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
MON_PORT=${RADOSGW_MON_PORT:-$(free_port)}
RGW_PORT=${RADOSGW_PORT:-$(free_port)}
FSID=$(uuidgen)
mkdir -p "$DIR"/{run,log,pids,mon.a,osd.0,rgw,crash}

cat >"$CONF" <<EOF
[global]
fsid = $FSID
mon host = v1:127.0.0.1:$MON_PORT
public addr = 127.0.0.1
ms bind msgr2 = false
run dir = $DIR/run
crash dir = $DIR/crash
admin socket = $DIR/run/\$name.asok
pid file = $DIR/run/\$name.pid
log file = $DIR/log/\$name.log
keyring = $DIR/keyring
auth allow insecure global id reclaim = false
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
# radosgw creates its pools one monitor round at a time: short rounds make start-up ~3x faster.
paxos propose interval = 0.1
paxos min wait = 0.01
[mon]
mon data = $DIR/mon.\$id
mon cluster log file = $DIR/log/cluster.log
[osd]
osd data = $DIR/osd.\$id
keyring = $DIR/osd.\$id/keyring
osd objectstore = memstore
memstore device bytes = 1073741824
osd max object name len = 460
osd max object namespace len = 64
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$RGW_PORT
rgw data = $DIR/rgw
EOF

fail() {
  say "$* (after $(elapsed) s); last log lines:"
  tail -n 15 "$DIR"/log/*.log >&2 2>/dev/null || true
  stop_cluster
  exit 1
}
record_pid() {
  for _ in $(seq 1 100); do
    [ -s "$DIR/run/$1.pid" ] && { cp "$DIR/run/$1.pid" "$DIR/pids/$1"; return 0; }
    sleep 0.1
  done
  fail "$1 did not start"
}
ceph_cli() { timeout 30 ceph -c "$CONF" --connect-timeout 20 "$@"; }

say "starting in $DIR (mon :$MON_PORT, s3 :$RGW_PORT)"
ceph-authtool --create-keyring "$DIR/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
ceph-authtool "$DIR/keyring" --gen-key -n client.admin --cap mon 'allow *' --cap osd 'allow *' --cap mgr 'allow *' >/dev/null
ceph-authtool "$DIR/keyring" --gen-key -n client.rgw --cap mon 'allow rw' --cap osd 'allow rwx' >/dev/null
monmaptool --create --fsid "$FSID" --addv a "[v1:127.0.0.1:$MON_PORT]" "$DIR/monmap" >/dev/null
ceph-mon -c "$CONF" --mkfs -i a --monmap "$DIR/monmap" --keyring "$DIR/keyring" >"$DIR/log/mkfs.log" 2>&1 || fail "ceph-mon --mkfs failed"
ceph-mon -c "$CONF" -i a 2>>"$DIR/log/daemons.log" || fail "ceph-mon did not start"
record_pid mon.a
ceph_cli auth import -i "$DIR/keyring" >/dev/null 2>&1 || fail "the monitor does not answer"
say "mon up ($(elapsed) s)"

OSD_UUID=$(uuidgen)
OSD_KEY=$(ceph-authtool --gen-print-key)
OSD_ID=$(echo "{\"cephx_secret\": \"$OSD_KEY\"}" | ceph_cli osd new "$OSD_UUID" -i - 2>>"$DIR/log/daemons.log") || fail "osd new failed"
[ "$OSD_ID" = 0 ] || fail "expected osd.0, got osd.$OSD_ID"
ceph-osd -c "$CONF" -i 0 --mkfs --key "$OSD_KEY" --osd-uuid "$OSD_UUID" >>"$DIR/log/mkfs.log" 2>&1 || fail "ceph-osd --mkfs failed"
printf '[osd.0]\n\tkey = %s\n' "$OSD_KEY" >"$DIR/osd.0/keyring"
ceph-osd -c "$CONF" -i 0 2>>"$DIR/log/daemons.log" || fail "ceph-osd did not start"
record_pid osd.0
say "osd up ($(elapsed) s)"

radosgw -c "$CONF" -n client.rgw 2>>"$DIR/log/daemons.log" || fail "radosgw did not start"
record_pid client.rgw
ENDPOINT="http://127.0.0.1:$RGW_PORT"
for i in $(seq 1 180); do
  curl -fsS -o /dev/null --max-time 2 "$ENDPOINT/" 2>/dev/null && break
  [ "$i" = 180 ] && fail "radosgw did not answer on $ENDPOINT within 90 s"
  daemon_pid client.rgw >/dev/null || fail "radosgw exited"
  sleep 0.5
done
say "s3 answering on $ENDPOINT ($(elapsed) s)"

ACCESS_KEY=PORTAL$(uuidgen | tr -d - | tr a-f A-F | cut -c1-14)
SECRET_KEY=$(uuidgen | tr -d -)$(uuidgen | tr -d - | cut -c1-8)
timeout 60 radosgw-admin -c "$CONF" -n client.admin user create --uid=portal --display-name="Portal tests" \
  --access-key="$ACCESS_KEY" --secret-key="$SECRET_KEY" >/dev/null 2>>"$DIR/log/daemons.log" || fail "radosgw-admin user create failed"
# curl 7.88 signs SigV4 but leaves out the payload hash header S3 wants.
curl -fsS -o /dev/null --max-time 30 -X PUT -H "x-amz-content-sha256: UNSIGNED-PAYLOAD" --aws-sigv4 "aws:amz:us-east-1:s3" --user "$ACCESS_KEY:$SECRET_KEY" "$ENDPOINT/$BUCKET" \
  || fail "could not create the bucket $BUCKET"

cat >"$DIR/env" <<EOF
S3_ENDPOINT=$ENDPOINT
S3_ACCESS_KEY=$ACCESS_KEY
S3_SECRET_KEY=$SECRET_KEY
S3_BUCKET=$BUCKET
STORAGE_URL='s3://$ACCESS_KEY:$SECRET_KEY@127.0.0.1:$RGW_PORT/$BUCKET?region=us-east-1&tls=false'
EOF
say "ready in $(elapsed) s: bucket $BUCKET, user portal"
print_env
