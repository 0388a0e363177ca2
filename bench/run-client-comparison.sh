#!/usr/bin/env bash
# Side by side: the same open-loop issuer over java.net.http (--client jdk) and over Apache HttpClient 5 classic
# (--client http5), alternately, against ONE external null server. One JSON line per run: the command's own keys
# plus client, rep, load1 and the null server's CPU %.
#
#   bench/run-client-comparison.sh        # needs target/joulebench.jar (./mvnw package), or JOULEBENCH="java -cp … Main"
#   RATES="1000 5000" REPEATS=3 DURATION=5 bench/run-client-comparison.sh
#   TARGET=http://127.0.0.1:8080 RATES="1 2 8" DURATION=15 WARMUP=0 JIT=0 bench/run-client-comparison.sh
#                                         # against a real server (e.g. llama.cpp) instead of the null server;
#                                         # server_cpu_pct is then null
set -euo pipefail
cd "$(dirname "$0")/.."

RATES=${RATES:-"1000 5000"}
REPEATS=${REPEATS:-3}
DURATION=${DURATION:-5}
WARMUP=${WARMUP:-3}
JIT=${JIT:-}            # --jit-warmup N when set (0 against a slow real server: its burst would queue there)
CLIENTS=${CLIENTS:-"jdk http5"}
OUT=${OUT:-bench/results/clients-$(date -u +%Y%m%dT%H%M%SZ).jsonl}
JAVA=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
JOULEBENCH=${JOULEBENCH:-"$JAVA -jar target/joulebench.jar"}

TARGET=${TARGET:-}
mkdir -p "$(dirname "$OUT")"
: > "$OUT"
if [[ -n $TARGET ]]; then
  url=$TARGET
  server=""
  echo "external server $url; writing $OUT" >&2
else
  log=$(mktemp)
  $JOULEBENCH bench null-server --port 0 > "$log" 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null; rm -f "$log"' EXIT
  for _ in $(seq 100); do grep -q '^listening on ' "$log" && break; sleep 0.2; done
  url=$(sed -n 's/^listening on //p' "$log")
  [[ -n $url ]] || { echo "null server did not start: $(cat "$log")" >&2; exit 1; }
  echo "null server $url (pid $server); writing $OUT" >&2
fi

cpu_ticks() { if [[ -n $server ]]; then awk '{print $14 + $15}' "/proc/$server/stat"; else echo 0; fi; }
for rep in $(seq "$REPEATS"); do
  for rate in $RATES; do
    for client in $CLIENTS; do
      c0=$(cpu_ticks); t0=$(date +%s.%N)
      line=$($JOULEBENCH bench issuance --rate "$rate" --duration "$DURATION" --warmup "$WARMUP" \
        --target "$url" --client "$client" ${JIT:+--jit-warmup "$JIT"} --format json)
      ticks=$(( $(cpu_ticks) - c0 )); wall=$(echo "$(date +%s.%N) - $t0" | bc)
      python3 -c 'import json,sys,os; d=json.loads(sys.argv[1]); d.update(client=sys.argv[2], rep=int(sys.argv[3]),
load1=float(open("/proc/loadavg").read().split()[0]),
server_cpu_pct=None if sys.argv[6] else round(100*int(sys.argv[4])/os.sysconf("SC_CLK_TCK")/float(sys.argv[5])/os.cpu_count(),1),
target=sys.argv[7]); print(json.dumps(d))' \
        "$line" "$client" "$rep" "$ticks" "$wall" "$TARGET" "${TARGET:-null-server}" | tee -a "$OUT"
    done
  done
done
