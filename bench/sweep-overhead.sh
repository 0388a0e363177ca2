#!/usr/bin/env bash
# Sweep overhead (issue 10): runs the quickstart and a 30 s-window variant N times each with the CLI, stamping every
# progress line with seconds since the process started, then prints per-phase medians and wall / Σ(warmup + ramp +
# windows). Usage: bench/sweep-overhead.sh [RUNS] (default 3) from the repository root after `./mvnw package`.
set -euo pipefail
runs=${1:-3}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
jar=$(pwd)/target/joulebench.jar
work=$(mktemp -d)
sed 's/window_seconds: 5/window_seconds: 30/; s/study_name: quickstart/study_name: quickstart-30s/' \
  examples/quickstart.yaml > "$work/quickstart-30s.yaml"
for study in examples/quickstart.yaml "$work/quickstart-30s.yaml"; do
  for i in $(seq 1 "$runs"); do
    log="$work/$(basename "$study" .yaml)-$i.log"
    echo "load $(cat /proc/loadavg)" > "$log"
    t0=$(date +%s%N)
    "$java" -jar "$jar" run --out "$work/out" "$study" 2>&1 | while IFS= read -r line; do
      printf '%8.3f %s\n' "$(( $(date +%s%N) - t0 ))e-9" "$line"; done >> "$log"
    echo "wall $(( $(date +%s%N) - t0 ))e-9 load $(cat /proc/loadavg)" >> "$log"
  done
done
python3 - "$work" <<'PY'
import glob, re, statistics, sys
work = sys.argv[1]
def parse(path, window):
    lines = open(path).read().splitlines()
    at = lambda pattern: [float(l.split()[0]) for l in lines if re.search(pattern, l)]
    wall = float([l for l in lines if l.startswith('wall')][0].split()[1])
    study, fin = at(r'\d study \S+: \d+ levels')[0], at('study finished')[0]
    started, warm0, warm1 = at(r': started, '), at(r'warmup \(fixed\)'), at('warmup converged')
    first, last, verdict = at(r'window 1/\d+:'), at(r'window (\d+)/\1:'), at(r'ETA [^:]*: (valid|invalid)')
    closed = at('closed after')[0]
    return {
        'wall': wall, 'start (JVM, load, plan)': study, 'launch': at('ready at')[0] - at('launching')[0],
        'warmups': sum(b - a for a, b in zip(warm0, warm1)),
        'ramps (+ first bracket)': sum((a - window) - b for a, b in zip(first, warm1)),
        'windows': sum(b - (a - window) for a, b in zip(first, last)),
        'drains': sum(b - a for a, b in zip(last, verdict)),
        'between levels': sum(started[i + 1] - verdict[i] for i in range(len(started) - 1)),
        'teardown': closed - verdict[-1], 'exit': wall - fin, 'in-process': fin - study}
for name, window, sigma in [('quickstart', 5, 60), ('quickstart-30s', 30, 285)]:
    rows = [parse(p, window) for p in sorted(glob.glob(f'{work}/{name}-*.log'))
            if re.fullmatch(rf'{re.escape(name)}-\d+\.log', p.rsplit('/', 1)[-1])]
    print(f'{name}: {len(rows)} runs, sigma {sigma} s')
    for key in rows[0]:
        values = [r[key] for r in rows]
        print(f'  {key:24s} ' + ' '.join(f'{v:8.3f}' for v in values) + f'   median {statistics.median(values):8.3f}')
    print(f'  wall / sigma: median {statistics.median(r["wall"] for r in rows) / sigma:.4f}')
PY
echo "logs in $work"
