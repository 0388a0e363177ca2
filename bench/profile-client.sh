#!/usr/bin/env bash
# Profiles `joulebench bench issuance` against a null server with JDK Flight Recorder, to show what limits the client:
# GC pauses, the threads that use the CPU, and the hottest methods (CPU-time samples). Writes the recording and the
# text of `jfr view` under OUT_DIR.
#
#   bench/profile-client.sh                                    # nio, 1,000 req/s of one-token responses, 10 s
#   MODE=streaming STREAMS=4000 bench/profile-client.sh        # 4,000 streams x 128 tokens at 25 ms ITL
#   CLIENT_OPTS="-XX:+UseSerialGC -Xmn512m" bench/profile-client.sh   # the same run with another collector
#
# Env: MODE (one-token | streaming), CLIENT (nio), RATE (1000; one-token), STREAMS (4000; streaming), TOKENS (128),
#      ITL_MS (25), DURATION (10), WARMUP (2), CLIENT_OPTS (extra JVM flags for the client), SERVER_CPUS / CLIENT_CPUS
#      (taskset lists), OUT_DIR (bench/results/profile-<mode>-<client>-<utc>), JAVA.
set -euo pipefail
cd "$(dirname "$0")/.."

MODE=${MODE:-one-token}
CLIENT=${CLIENT:-nio}
RATE=${RATE:-1000}
STREAMS=${STREAMS:-4000}
TOKENS=${TOKENS:-128}
ITL_MS=${ITL_MS:-25}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
CLIENT_OPTS=${CLIENT_OPTS:-}
OUT_DIR=${OUT_DIR:-bench/results/profile-$MODE-$CLIENT-$(date -u +%Y%m%dT%H%M%SZ)}

if [[ -z "${JAVA:-}" ]]; then
  for j in "${JAVA_HOME:-}/bin/java" /usr/lib/jvm/temurin-25-jdk-amd64/bin/java "$(command -v java || true)"; do
    if [[ -x "$j" ]] && "$j" -version 2>&1 | grep -Eq 'version "(2[5-9]|[3-9][0-9])'; then JAVA=$j; break; fi
  done
fi
[[ -n "${JAVA:-}" ]] || { echo "no java >= 25 found (CPU-time sampling needs it); set JAVA" >&2; exit 2; }
JFR=$(dirname "$JAVA")/jfr
[[ -f target/joulebench.jar ]] || { echo "target/joulebench.jar missing: run ./mvnw -B package first" >&2; exit 2; }
pin() { local cpus=$1; shift; if [[ -n $cpus ]]; then exec taskset -c "$cpus" "$@"; else exec "$@"; fi; }

mkdir -p "$OUT_DIR"
log=$(mktemp)
server_args=(--port 0)
flags=(--rate "$RATE")
if [[ $MODE == streaming ]]; then
  server_args+=(--tokens "$TOKENS" --itl-ms "$ITL_MS" --ttft-ms "$ITL_MS")
  rate=$(/usr/bin/python3 -c "print(round($STREAMS / (($ITL_MS + ($TOKENS - 1) * $ITL_MS) / 1000), 3))")
  flags=(--rate "$rate" --arrival constant --jit-warmup 0)
fi
pin "${SERVER_CPUS:-}" "$JAVA" -XX:+UseSerialGC -Xmx1g -jar target/joulebench.jar bench null-server "${server_args[@]}" \
  > "$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 100); do grep -q '^listening on ' "$log" && break; sleep 0.2; done
url=$(sed -n 's/^listening on \([^ ]*\).*/\1/p' "$log")
[[ -n $url ]] || { echo "null server did not start: $(cat "$log")" >&2; exit 1; }

# shellcheck disable=SC2086 # CLIENT_OPTS is a list of flags
pin "${CLIENT_CPUS:-}" "$JAVA" $CLIENT_OPTS \
  -XX:StartFlightRecording=filename="$OUT_DIR/client.jfr",settings=profile,jdk.CPUTimeSample#enabled=true,jdk.CPUTimeSample#throttle=1ms \
  -jar target/joulebench.jar bench issuance "${flags[@]}" --duration "$DURATION" --warmup "$WARMUP" \
  --client "$CLIENT" --target "$url" --format json 2>/dev/null | grep '^{' | tee "$OUT_DIR/result.json"
{
  echo "# $MODE, client $CLIENT, ${CLIENT_OPTS:-default JVM flags}, load1 $(cut -d' ' -f1 /proc/loadavg), $(date -u +%FT%TZ)"
  for v in gc-pauses thread-cpu-load cpu-time-hot-methods hot-methods allocation-by-site; do
    echo; echo "## jfr view $v"; "$JFR" view --width 160 "$v" "$OUT_DIR/client.jfr" 2>&1 | head -40
  done
} > "$OUT_DIR/views.txt"
echo "wrote $OUT_DIR/views.txt" >&2
