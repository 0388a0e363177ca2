#!/usr/bin/env bash
# Issue 34 acceptance 5: p99 lateness at 1,000 req/s with ~1,000-token prompts (bench issuance --prompt-tokens, built
# by the trace replay's ExactLengthPromptBuilder) beside the one-word builtin prompt, against ONE null server, over the
# nio client, arms alternated (round 1: builtin first; round 2: prompts first; ...). One JSON line per run (the
# command's own keys plus round, arm, load1), then the p99 lateness of each arm per round and their ratio.
#
#   bench/run-large-prompt-issuance.sh           # needs target/joulebench.jar (./mvnw -B package)
#   ROUNDS=3 RATE=1000 DURATION=20 PROMPT_TOKENS=1000 bench/run-large-prompt-issuance.sh
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
RATE=${RATE:-1000}
DURATION=${DURATION:-20}
PROMPT_TOKENS=${PROMPT_TOKENS:-1000}
OUT=${OUT:-bench/results/large-prompt-issuance-$(date -u +%Y%m%dT%H%M%SZ).jsonl}
JAVA=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
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
  arms=(builtin prompts)
  (( round % 2 == 0 )) && arms=(prompts builtin)
  for arm in "${arms[@]}"; do
    extra=()
    [[ $arm == prompts ]] && extra=(--prompt-tokens "$PROMPT_TOKENS")
    line=$("$JAVA" -jar target/joulebench.jar bench issuance --rate "$RATE" --duration "$DURATION" --client nio \
      --target "$url" "${extra[@]}" --format json)
    echo "{\"round\":$round,\"arm\":\"$arm\",\"load1\":$(cut -d' ' -f1 /proc/loadavg),\"result\":$line}" >> "$OUT"
    echo "round $round $arm: $line" >&2
  done
done

/usr/bin/python3 - "$OUT" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
ratios = []
for r in sorted({row["round"] for row in rows}):
    by = {row["arm"]: row["result"] for row in rows if row["round"] == r}
    b, p = by["builtin"]["lateness_p99_us"], by["prompts"]["lateness_p99_us"]
    ratios.append(p / b)
    print(f"round {r}: p99 lateness builtin {b} us, prompts {p} us (write p99 {by['builtin']['write_lateness_p99_us']}"
          f" / {by['prompts']['write_lateness_p99_us']} us), prompts/builtin {p / b:.2f},"
          f" prompts late {by['prompts']['prompts_late']}, errors {by['builtin']['errors']} / {by['prompts']['errors']}")
print(f"median prompts/builtin over {len(ratios)} rounds: {statistics.median(ratios):.2f}")
PY
