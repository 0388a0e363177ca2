#!/usr/bin/python3
"""Median table of an issuance comparison JSONL file (see run-issuance-comparison.sh): per rate and implementation,
medians over repeats; the ratio column is peer p99 / joulebench p99 (the default client; write p99 is the strict
lateness, write returned - instant, which only the nio client measures); then joulebench's ceiling (the highest rate whose
median p99 lateness is <= 1 ms, every lower measured rate included)."""
import json
import statistics
import sys
from collections import defaultdict

rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
groups = defaultdict(list)
for r in rows:
    groups[(r["target_rate"], r["impl"])].append(r)


def med(rs, key):
    values = [r[key] for r in rs if r.get(key) is not None]
    return statistics.median(values) if values else None


keys = ["achieved_rate", "errors", "lateness_p50_us", "lateness_p99_us", "lateness_p999_us", "lateness_max_us",
        "client_cpu_pct", "server_cpu_pct", "load1", "write_lateness_p99_us", "client_cpu_us_per_request"]
print(f"{'rate':>7} {'impl':<18} {'n':>2} {'achieved':>9} {'err':>5} {'p50 us':>9} {'p99 us':>10} {'p99.9 us':>10} "
      f"{'max us':>10} {'cpu%':>5} {'srv%':>5} {'load':>5} {'p99 peer/ours':>13} {'write p99 us':>12} {'cpu us/req':>10}")
for rate in sorted({k[0] for k in groups}):
    ours = med(groups.get((rate, "joulebench"), []), "lateness_p99_us")
    for impl in sorted(i for (r, i) in groups if r == rate):
        rs = groups[(rate, impl)]
        m = {k: med(rs, k) for k in keys}
        ratio = "" if impl.startswith("joulebench") or not ours or m["lateness_p99_us"] is None else \
            f"{m['lateness_p99_us'] / ours:.1f}x"
        fmt = lambda v, w, p=1: f"{v:>{w}.{p}f}" if v is not None else f"{'-':>{w}}"
        print(f"{rate:>7.0f} {impl:<18} {len(rs):>2} {fmt(m['achieved_rate'], 9)} {fmt(m['errors'], 5, 0)} "
              f"{fmt(m['lateness_p50_us'], 9)} {fmt(m['lateness_p99_us'], 10)} {fmt(m['lateness_p999_us'], 10)} "
              f"{fmt(m['lateness_max_us'], 10)} {fmt(m['client_cpu_pct'], 5)} {fmt(m['server_cpu_pct'], 5)} "
              f"{fmt(m['load1'], 5, 2)} {ratio:>13} {fmt(m['write_lateness_p99_us'], 12)} "
              f"{fmt(m['client_cpu_us_per_request'], 10)}")
for impl in ("joulebench", "joulebench-instant"):
    ceiling = None
    for rate in sorted({k[0] for k in groups if k[1] == impl}):
        p99 = med(groups[(rate, impl)], "lateness_p99_us")
        if p99 is None or p99 > 1000:
            break
        ceiling = rate
    print(f"{impl} ceiling (median p99 lateness <= 1 ms): "
          + (f"{ceiling:.0f} req/s" if ceiling else "below the lowest rate measured"))
