#!/usr/bin/env bash
# The real-GPU check of the NVML binding, for a machine with an NVIDIA GPU and its driver. Needs only the built jar
# (./mvnw -DskipTests package) and a JDK 21+; runs in about 3 minutes:
#   1. joulebench gpu-check: per GPU the device list, architecture, power limit, clocks, temperature, instant and
#      averaged power, the energy counter's measured update period, counter vs integrated power over 20 s;
#   2. a 2-minute reference-engine study measured on the NVML meter (the reference engine's load is simulated on
#      the CPU: the GPUs are measured as they idle or as whatever else loads them);
#   3. joulebench gpu-check --results: every window of that study measured by nvml, energy > 0, cross-check < 10 %.
# Exits non-zero if any reading is implausible. Usage:
#   bench/gpu-check.sh [--gpus 0,1] [--jar PATH]
# Environment: JAVA (default: java on PATH), JAVA_OPTS (e.g. -Djna.library.path=DIR), GPU_CHECK_QUICK=1 (seconds,
# not minutes: the script's own test), GPU_CHECK_OUT (keep the study's results there).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
jar="$root/target/joulebench.jar"
gpus=()
while [ $# -gt 0 ]; do
  case "$1" in
    --gpus) gpus=(--gpus "$2"); shift 2 ;;
    --jar) jar="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "gpu-check.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
java="${JAVA:-java}"
if [ ! -f "$jar" ]; then
  echo "gpu-check.sh: $jar not found; build it with ./mvnw -DskipTests package" >&2
  exit 2
fi
# shellcheck disable=SC2206
opts=(${JAVA_OPTS:-})
jb() { "$java" "${opts[@]}" -jar "$jar" "$@"; }

if [ "${GPU_CHECK_QUICK:-0}" = 1 ]; then
  steady=2; rates="[4]"; window=2; windows=3; warmup=1; ramp=0.5
else
  steady=20; rates="[4, 16]"; window=15; windows=3; warmup=5; ramp=2
fi
out="${GPU_CHECK_OUT:-$(mktemp -d)}"
mkdir -p "$out"
study="$out/gpu-check-study.yaml"
indices=""
if [ ${#gpus[@]} -gt 0 ]; then indices="gpu_indices: [${gpus[1]}], "; fi
cat > "$study" <<YAML
# written by bench/gpu-check.sh: the reference engine, measured on the NVML meter
study_name: gpu-check
serving_mode: server
engine: reference
runners: {reference: in-process}
task: {dataset: {source: builtin, n_prompts: 50}, max_input_tokens: 128, max_output_tokens: 32}
measurement: {energy_sampler: nvml, baseline: {enabled: false}}
server:
  traffic: {arrival: poisson, seed: 7, ramp_exclusion_seconds: $ramp, window_seconds: $window}
  warmup: {mode: fixed, duration_seconds: $warmup}
  windows_per_level: $windows
study_execution: {${indices}n_cycles: 1}
sweep:
  server.traffic.rate: $rates
YAML

status=0
echo "== 1/3 NVML readings =="
jb gpu-check "${gpus[@]}" --seconds "$steady" || status=1
echo
echo "== 2/3 reference-engine study on the NVML meter ($out) =="
if jb run "$study" --out "$out/results"; then
  folder="$(ls -d "$out"/results/*/ 2>/dev/null | head -n 1)"
  echo
  echo "== 3/3 the study's windows =="
  if [ -n "$folder" ]; then
    jb gpu-check --results "$folder" || status=1
  else
    echo "no results folder under $out/results"; status=1
  fi
else
  echo "the study failed"; status=1
fi
echo
if [ $status -eq 0 ]; then echo "gpu-check: all readings plausible"; else echo "gpu-check: IMPLAUSIBLE readings above"; fi
exit $status
