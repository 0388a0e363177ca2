#!/usr/bin/env bash
# Streaming fidelity side by side: joulebench's issuer (each HTTP client) vs the asyncio + aiohttp peer, alternately,
# against ONE streaming null server (`joulebench bench null-server --tokens N --itl-ms MS`). Each stream count S is
# turned into an open-loop constant rate R = S / stream length (ttft + (N-1) x itl), so about S streams are in flight.
# Writes one JSON line per run (the commands' own keys plus impl, rep, streams, load1, server_cpu_pct,
# server_cpu_us_per_token) to OUT and prints a table.
#
#   bench/run-streaming-comparison.sh                                # defaults below; needs target/joulebench.jar
#   STREAMS="250 1000 4000" TOKENS=128 ITL_MS=25 DURATION=10 REPEATS=1 bench/run-streaming-comparison.sh
#
# Env: STREAMS, TOKENS (128), ITL_MS (25), TTFT_MS (= ITL_MS), DURATION seconds of issuance per run (10), WARMUP seconds at the same rate
#      first, unreported (3; the JIT warm-up of bench issuance is off: a streamed request lasts seconds),
#      REPEATS (1), CLIENTS ("http5 jdk"), PEER_LOOPS ("asyncio"), OUT, JAVA, SERVER_CPUS / CLIENT_CPUS (taskset lists,
#      e.g. SERVER_CPUS=0 CLIENT_CPUS=1, to put the server on its own core),
#      JVM_VARIANTS (JVM flag sets for our client, separated by ';', each run in turn and named in `jvm_flags`; default:
#      one set, the -XX lines of packaging/jvm-options.txt, the collector the packaged launchers start with).
set -euo pipefail
cd "$(dirname "$0")/.."

STREAMS=${STREAMS:-"250 1000 4000"}
TOKENS=${TOKENS:-128}
ITL_MS=${ITL_MS:-25}
TTFT_MS=${TTFT_MS:-$ITL_MS}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-3}
REPEATS=${REPEATS:-1}
CLIENTS=${CLIENTS:-"http5 jdk"}
PEER_LOOPS=${PEER_LOOPS:-"asyncio"}
OUT=${OUT:-bench/results/streaming-$(date -u +%Y%m%dT%H%M%SZ).jsonl}
JVM_VARIANTS=${JVM_VARIANTS:-$(grep -E '^-XX:' packaging/jvm-options.txt | tr '\n' ' ')}
PY=/usr/bin/python3

if [[ -z "${JAVA:-}" ]]; then
  for j in "${JAVA_HOME:-}/bin/java" /usr/lib/jvm/temurin-25-jdk-amd64/bin/java "$(command -v java || true)"; do
    if [[ -x "$j" ]] && "$j" -version 2>&1 | grep -Eq 'version "(2[1-9]|[3-9][0-9])'; then JAVA=$j; break; fi
  done
fi
[[ -n "${JAVA:-}" ]] || { echo "no java >= 21 found; set JAVA" >&2; exit 2; }
[[ -f target/joulebench.jar ]] || { echo "target/joulebench.jar missing: run ./mvnw -B package first" >&2; exit 2; }
"$PY" -c 'import aiohttp, numpy' 2>/dev/null || { echo "peer needs: apt-get install -y python3-aiohttp python3-numpy" >&2; exit 2; }
# exec: pin always runs in a subshell (& or $(...)), so $! is the server's own pid for /proc/PID/stat
pin() { local cpus=$1; shift; if [[ -n $cpus ]]; then exec taskset -c "$cpus" "$@"; else exec "$@"; fi; }

mkdir -p "$(dirname "$OUT")"
: > "$OUT"
log=$(mktemp)
pin "${SERVER_CPUS:-}" "$JAVA" -XX:+UseSerialGC -Xmx1g -jar target/joulebench.jar bench null-server --port 0 \
  --tokens "$TOKENS" --itl-ms "$ITL_MS" --ttft-ms "$TTFT_MS" > "$log" 2>&1 &
server=$!
# set -e holds inside the trap too: the server's exit status (143) must not stop it before its cost line is shown
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; tail -1 "$log" >&2 || true; rm -f "$log"' EXIT
for _ in $(seq 100); do grep -q '^listening on ' "$log" && break; sleep 0.2; done
url=$(sed -n 's/^listening on \([^ ]*\).*/\1/p' "$log")
[[ -n $url ]] || { echo "null server did not start: $(cat "$log")" >&2; exit 1; }
echo "streaming null server $url (pid $server): $TOKENS tokens, ttft $TTFT_MS ms, itl $ITL_MS ms; writing $OUT" >&2

cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
record() {  # impl rep streams json-line server-ticks wall-seconds [jvm-flags]
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  "$PY" -c 'import json,sys,os
d=json.loads(sys.argv[4]); ticks=int(sys.argv[6]); wall=float(sys.argv[7]); hz=os.sysconf("SC_CLK_TCK")
if len(sys.argv) > 8: d.update(jvm_flags=sys.argv[8])
d.update(impl=sys.argv[1], rep=int(sys.argv[2]), streams=int(sys.argv[3]), load1=float(sys.argv[5]),
         server_cpu_pct=round(100*ticks/hz/wall/os.cpu_count(),1),
         server_cpu_us_per_token=round(ticks/hz*1e6/d["tokens_received"],2) if d.get("tokens_received") else None)
print(json.dumps(d))' "$1" "$2" "$3" "$4" "$load" "$5" "$6" "${7-}" | tee -a "$OUT"
}
rate_of() { "$PY" -c "import sys; print(round(int(sys.argv[1]) / (($TTFT_MS + ($TOKENS - 1) * $ITL_MS) / 1000), 3))" "$1"; }
run_ours() {  # client streams rep [jvm-flags]
  local rate t0 c0 line; rate=$(rate_of "$2"); t0=$(date +%s.%N); c0=$(cpu_ticks)
  # shellcheck disable=SC2086 # the flags are a list
  line=$(pin "${CLIENT_CPUS:-}" "$JAVA" ${4-} -jar target/joulebench.jar bench issuance --rate "$rate" --arrival constant \
    --duration "$DURATION" --warmup "$WARMUP" --jit-warmup 0 --client "$1" --target "$url" --format json)
  record "joulebench-$1" "$3" "$2" "$line" $(( $(cpu_ticks) - c0 )) "$(echo "$(date +%s.%N) - $t0" | bc)" "${4-}"
}
run_peer() {  # loop streams rep
  local rate t0 c0 line; rate=$(rate_of "$2"); t0=$(date +%s.%N); c0=$(cpu_ticks)
  line=$(pin "${CLIENT_CPUS:-}" "$PY" bench/peers/asyncio_issuer.py --loop "$1" --rate "$rate" --arrival constant \
    --duration "$DURATION" --warmup "$WARMUP" --target "$url" --format json)
  record "peer-$1" "$3" "$2" "$line" $(( $(cpu_ticks) - c0 )) "$(echo "$(date +%s.%N) - $t0" | bc)"
}

for streams in $STREAMS; do
  for rep in $(seq "$REPEATS"); do
    for c in $CLIENTS; do
      if [[ -z $JVM_VARIANTS ]]; then run_ours "$c" "$streams" "$rep"; continue; fi
      IFS=';' read -ra variants <<< "$JVM_VARIANTS"
      for v in "${variants[@]}"; do run_ours "$c" "$streams" "$rep" "$v"; done
    done
    for l in $PEER_LOOPS; do run_peer "$l" "$streams" "$rep"; done
  done
done

"$PY" - "$OUT" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
cols = ["streams", "impl", "jvm_flags", "target_rate", "errors", "tokens_received", "tokens_per_s", "receipt_lag_p50_us",
        "receipt_lag_p99_us", "ttft_distortion_p99_us", "itl_distortion_p99_us", "client_cpu_us_per_token",
        "client_cpu_pct", "server_cpu_us_per_token", "load1"]
print(" | ".join(cols))
for r in rows:
    print(" | ".join(str(r.get(c)) for c in cols))
PY
