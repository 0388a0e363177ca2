#!/usr/bin/env bash
# Side by side: joulebench's open-loop issuer vs the asyncio + aiohttp peer, alternately, against ONE null server.
# Writes one JSON line per run (the commands' own keys plus impl, rep, load1, server_cpu_pct) and prints medians,
# ratios and our ceiling (highest rate whose median p99 lateness stays <= 1 ms). "joulebench-instant" rows are the
# issuer alone (--transport instant, no HTTP), to show how much of the lateness the HTTP transport's CPU causes.
#
#   bench/run-issuance-comparison.sh            # defaults below; needs target/joulebench.jar (./mvnw package)
#   RATES="1000 10000" REPEATS=5 DURATION=10 bench/run-issuance-comparison.sh
#
# Env: RATES, REPEATS (3), DURATION seconds per level (10), WARMUP seconds (2), CEILING_RATES and
#      INSTANT_CEILING_RATES (extra rates for ours only), OUT (jsonl file),
#      JAVA (a java >= 21), PEER_LOOPS ("asyncio uvloop"; uvloop runs only when python3-uvloop is installed),
#      CLIENTS (ours: "default", or e.g. "default nio" to add the write-on-schedule client, rows "joulebench-nio"),
#      SERVER_CPUS / CLIENT_CPUS (taskset lists, e.g. SERVER_CPUS=1 CLIENT_CPUS=0: the server on a core of its own;
#      the peer and the issuer alone are pinned like ours). CEILING_RATES="" or INSTANT_CEILING_RATES="" skips them.
set -euo pipefail
cd "$(dirname "$0")/.."

RATES=${RATES:-"100 1000 5000 10000"}
REPEATS=${REPEATS:-3}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
CEILING_RATES=${CEILING_RATES-"2000 5000 10000 15000 20000 30000"}
INSTANT_CEILING_RATES=${INSTANT_CEILING_RATES-"20000 50000 100000"}
OUT=${OUT:-bench/results/issuance-$(date -u +%Y%m%dT%H%M%SZ).jsonl}
PEER_LOOPS=${PEER_LOOPS:-"asyncio uvloop"}
CLIENTS=${CLIENTS:-default}   # our clients, each run in turn: default, or e.g. "default nio" (bench issuance --client)
PY=/usr/bin/python3

if [[ -z "${JAVA:-}" ]]; then
  for j in "${JAVA_HOME:-}/bin/java" /usr/lib/jvm/temurin-25-jdk-amd64/bin/java "$(command -v java || true)"; do
    if [[ -x "$j" ]] && "$j" -version 2>&1 | grep -Eq 'version "(2[1-9]|[3-9][0-9])'; then JAVA=$j; break; fi
  done
fi
[[ -n "${JAVA:-}" ]] || { echo "no java >= 21 found; set JAVA" >&2; exit 2; }
[[ -f target/joulebench.jar ]] || { echo "target/joulebench.jar missing: run ./mvnw -B package first" >&2; exit 2; }
"$PY" -c 'import aiohttp, numpy' 2>/dev/null || { echo "peer needs: apt-get install -y python3-aiohttp python3-numpy" >&2; exit 2; }
loops=()
for l in $PEER_LOOPS; do
  if [[ $l == uvloop ]] && ! "$PY" -c 'import uvloop' 2>/dev/null; then echo "uvloop not installed: peer runs asyncio only" >&2; continue; fi
  loops+=("$l")
done

# exec: pin always runs in a subshell (& or $(...)), so $! is the server's own pid for /proc/PID/stat
pin() { local cpus=$1; shift; if [[ -n $cpus ]]; then exec taskset -c "$cpus" "$@"; else exec "$@"; fi; }

mkdir -p "$(dirname "$OUT")"
: > "$OUT"
log=$(mktemp)
pin "${SERVER_CPUS:-}" "$JAVA" -XX:+UseSerialGC -Xmx1g -jar target/joulebench.jar bench null-server --port 0 > "$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 100); do grep -q '^listening on ' "$log" && break; sleep 0.2; done
url=$(sed -n 's/^listening on //p' "$log")
[[ -n $url ]] || { echo "null server did not start: $(cat "$log")" >&2; exit 1; }
echo "null server $url (pid $server); writing $OUT" >&2

cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
record() {  # impl rep json-line server-ticks wall-seconds
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  "$PY" -c 'import json,sys,os; d=json.loads(sys.argv[3]); d.update(impl=sys.argv[1], rep=int(sys.argv[2]), load1=float(sys.argv[4]),
server_cpu_pct=round(100*int(sys.argv[5])/os.sysconf("SC_CLK_TCK")/float(sys.argv[6])/os.cpu_count(),1)); print(json.dumps(d))' \
    "$1" "$2" "$3" "$load" "$4" "$5" | tee -a "$OUT"
}
run_ours() {  # rate rep: once per client in CLIENTS; the default client's rows are "joulebench", others "joulebench-<client>"
  local t0 c0 line c impl
  for c in $CLIENTS; do
    impl=joulebench; [[ $c == default ]] || impl=joulebench-$c
    t0=$(date +%s.%N); c0=$(cpu_ticks)
    line=$(pin "${CLIENT_CPUS:-}" "$JAVA" -jar target/joulebench.jar bench issuance --rate "$1" --duration "$DURATION" --warmup "$WARMUP" \
      --target "$url" --format json $([[ $c == default ]] || echo --client "$c"))
    record "$impl" "$2" "$line" $(( $(cpu_ticks) - c0 )) "$(echo "$(date +%s.%N) - $t0" | bc)"
  done
}
run_instant() {  # rate rep: the issuer alone (no HTTP), so the transport's share is visible
  local t0 c0 line; t0=$(date +%s.%N); c0=$(cpu_ticks)
  line=$(pin "${CLIENT_CPUS:-}" "$JAVA" -jar target/joulebench.jar bench issuance --rate "$1" --duration "$DURATION" --warmup "$WARMUP" \
    --transport instant --format json)
  record joulebench-instant "$2" "$line" $(( $(cpu_ticks) - c0 )) "$(echo "$(date +%s.%N) - $t0" | bc)"
}
run_peer() {  # loop rate rep
  local t0 c0 line; t0=$(date +%s.%N); c0=$(cpu_ticks)
  line=$(pin "${CLIENT_CPUS:-}" "$PY" bench/peers/asyncio_issuer.py --loop "$1" --rate "$2" --duration "$DURATION" --warmup "$WARMUP" \
    --target "$url" --format json)
  record "peer-$1" "$3" "$line" $(( $(cpu_ticks) - c0 )) "$(echo "$(date +%s.%N) - $t0" | bc)"
}

for rate in $RATES; do
  for rep in $(seq "$REPEATS"); do
    run_ours "$rate" "$rep"
    for l in "${loops[@]}"; do run_peer "$l" "$rate" "$rep"; done
    run_instant "$rate" "$rep"
  done
done
for rate in $CEILING_RATES; do
  for rep in $(seq "$REPEATS"); do
    d=$(grep -c "\"target_rate\": $rate.0, .*\"impl\": \"joulebench\"" "$OUT" || true)
    (( d >= REPEATS )) || run_ours "$rate" "$rep"
  done
done
for rate in $INSTANT_CEILING_RATES; do
  for rep in $(seq "$REPEATS"); do run_instant "$rate" "$rep"; done
done

"$PY" bench/issuance_table.py "$OUT"
