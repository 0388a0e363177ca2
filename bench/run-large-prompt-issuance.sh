#!/usr/bin/env bash
# Issue 34 acceptance 5: p99 lateness at 1,000 req/s with ~1,000-token prompts (bench issuance --prompt-tokens, built
# by the trace replay's ExactLengthPromptBuilder) beside the one-word builtin prompt, against ONE null server, over the
# nio client, arms rotated (each round starts one arm later). One JSON line per run (the command's own keys plus
# round, arm, load1), then the p99 lateness of each arm per round and its ratio to builtin's.
# Arms: builtin (one-word prompt), prompts (--prompt-tokens), prompts-heap (the same with the request bytes in heap
# buffers, -Djoulebench.nio.directRequestBytes=0: the write path before issue 34, the JDK copying each body).
# prompts-before: the prompts arm run from BEFORE_JAR (a build of an earlier commit), for a change measured side by side.
# builtin-normal, prompts-normal: the same with the pacer kept at normal priority (-Djoulebench.pacer.realtime=false),
# compared with builtin-normal; every other arm is compared with builtin. A JSON line's pacer_priority says what the
# pacer got (real-time needs CAP_SYS_NICE or an rtprio limit; docs/decisions/0024-pacer-realtime-priority.md).
# Every client starts with the collector the packaged CLI ships (the -XX lines of packaging/jvm-options.txt), or
# CLIENT_JVM when set.
#
#   bench/run-large-prompt-issuance.sh           # needs target/joulebench.jar (./mvnw -B package)
#   ROUNDS=3 RATE=1000 DURATION=20 PROMPT_TOKENS=1000 ARMS="builtin prompts prompts-heap" bench/run-large-prompt-issuance.sh
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
RATE=${RATE:-1000}
DURATION=${DURATION:-20}
PROMPT_TOKENS=${PROMPT_TOKENS:-1000}
read -r -a ARMS <<< "${ARMS:-builtin prompts}"
OUT=${OUT:-bench/results/large-prompt-issuance-$(date -u +%Y%m%dT%H%M%SZ).jsonl}
JAVA=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
read -r -a CLIENT_JVM <<< "${CLIENT_JVM:-$(grep -E '^-XX:' packaging/jvm-options.txt | tr '\n' ' ')}"
[[ -f target/joulebench.jar ]] || { echo "target/joulebench.jar missing: run ./mvnw -B package first" >&2; exit 2; }

mkdir -p "$(dirname "$OUT")"
: > "$OUT"
log=$(mktemp)
"$JAVA" -XX:+UseSerialGC -Xmx1g -jar target/joulebench.jar bench null-server --port 0 > "$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 100); do grep -q '^listening on ' "$log" && break; sleep 0.2; done
url=$(sed -n 's/^listening on //p' "$log")
[[ -n $url ]] || { echo "null server did not start: $(cat "$log")" >&2; exit 1; }
echo "null server $url; writing $OUT" >&2

for round in $(seq "$ROUNDS"); do
  for k in "${!ARMS[@]}"; do
    arm=${ARMS[$(( (k + round - 1) % ${#ARMS[@]} ))]}
    jvm=("${CLIENT_JVM[@]}") extra=()
    [[ $arm == prompts* ]] && extra=(--prompt-tokens "$PROMPT_TOKENS")
    [[ $arm == prompts-heap ]] && jvm+=(-Djoulebench.nio.directRequestBytes=0)
    [[ $arm == *-normal ]] && jvm+=(-Djoulebench.pacer.realtime=false)
    jar=target/joulebench.jar
    [[ $arm == prompts-before ]] && jar=${BEFORE_JAR:?prompts-before needs BEFORE_JAR}
    line=$("$JAVA" "${jvm[@]}" -jar "$jar" bench issuance --rate "$RATE" --duration "$DURATION" --client nio \
      --target "$url" "${extra[@]}" --format json)
    echo "{\"round\":$round,\"arm\":\"$arm\",\"jar\":\"$jar\",\"jvm\":\"${jvm[*]}\",\"load1\":$(cut -d' ' -f1 /proc/loadavg),\"result\":$line}" >> "$OUT"
    echo "round $round $arm: $line" >&2
  done
done

/usr/bin/python3 - "$OUT" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
ratios = {}
for r in sorted({row["round"] for row in rows}):
    by = {row["arm"]: row["result"] for row in rows if row["round"] == r}
    for arm, res in by.items():
        base = "builtin-normal" if arm.endswith("-normal") and "builtin-normal" in by else "builtin"
        ratio = res["lateness_p99_us"] / by[base]["lateness_p99_us"]
        if arm != base:
            ratios.setdefault(arm, []).append(ratio)
        print(f"round {r} {arm:13s}: p99 lateness {res['lateness_p99_us']} us, write p99 {res['write_lateness_p99_us']}"
              f" us, /{base} {ratio:.2f}, prompts late {res['prompts_late']}, errors {res['errors']},"
              f" pacer {res.get('pacer_priority')}")
for arm, rs in ratios.items():
    print(f"median p99 {arm}/{'builtin-normal' if arm.endswith('-normal') else 'builtin'} over {len(rs)} rounds: {statistics.median(rs):.2f} ({', '.join(f'{x:.2f}' for x in rs)})")
PY
