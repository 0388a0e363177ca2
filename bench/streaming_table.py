#!/usr/bin/env python3
"""Medians per (streams, impl) of bench/run-streaming-comparison.sh output, and each impl's ceiling.

    python3 bench/streaming_table.py bench/results/streaming-20261202-final.jsonl [more.jsonl ...]

The ceiling is the most concurrent streams whose median receipt lag p99 stays <= 1 ms (receipt lag = client receipt
stamp - the server's t_send_ns, one monotonic clock), among the stream counts the files measured. Where runs had
errors, their kinds (the error_kinds key) follow, summed over the runs.
"""
import json
import statistics
import sys
from collections import Counter, defaultdict

COLS = [  # key, header, format
    ("errors", "err", "{:.0f}"),
    ("tokens_per_s", "tokens/s", "{:.0f}"),
    ("receipt_lag_p50_us", "lag p50 us", "{:.1f}"),
    ("receipt_lag_p99_us", "lag p99 us", "{:.1f}"),
    ("ttft_distortion_p50_us", "ttft p50 us", "{:.0f}"),
    ("ttft_distortion_p99_us", "ttft p99 us", "{:.0f}"),
    ("itl_distortion_p50_us", "itl p50 us", "{:.1f}"),
    ("itl_distortion_p99_us", "itl p99 us", "{:.0f}"),
    ("client_cpu_us_per_token", "cpu us/tok", "{:.1f}"),
    ("client_cpu_pct", "cpu%", "{:.1f}"),
    ("server_cpu_us_per_token", "srv us/tok", "{:.1f}"),
    ("load1", "load1", "{:.2f}"),
]


def median(rows, key):
    values = [r[key] for r in rows if r.get(key) is not None]
    return statistics.median(values) if values else None


def main(paths):
    groups = defaultdict(list)
    for path in paths:
        for line in open(path):
            if line.strip():
                row = json.loads(line)
                groups[(row["streams"], row["impl"])].append(row)
    print(f"{'streams':>7} {'impl':<17} {'n':>2} " + " ".join(f"{h:>12}" for _, h, _ in COLS))
    for (streams, impl), rows in sorted(groups.items()):
        cells = []
        for key, _, fmt in COLS:
            m = median(rows, key)
            cells.append(f"{'-' if m is None else fmt.format(m):>12}")
        print(f"{streams:>7} {impl:<17} {len(rows):>2} " + " ".join(cells))
    for (streams, impl), rows in sorted(groups.items()):
        kinds = sum((Counter(r.get("error_kinds") or {}) for r in rows), Counter())
        for kind, n in kinds.most_common():
            print(f"  {streams} {impl}: {n} x {kind}")
    for impl in sorted({i for _, i in groups}):
        ok = [s for (s, i), rows in groups.items() if i == impl and median(rows, "receipt_lag_p99_us") is not None
              and median(rows, "receipt_lag_p99_us") <= 1000 and median(rows, "errors") == 0]
        print(f"{impl} ceiling (median receipt lag p99 <= 1 ms, 0 errors): "
              + (f"{max(ok)} streams" if ok else "below the fewest streams measured"))


if __name__ == "__main__":
    main(sys.argv[1:])
