#!/usr/bin/python3
"""An asyncio + aiohttp open-loop issuer of the kind most Python LLM benchmarkers use (the side-by-side peer of
`joulebench bench issuance`). Honest, not a straw man:

- the schedule is built up front with numpy (seeded exponential / gamma / constant gaps, same model as joulebench);
- one pacer coroutine sleeps until each *absolute* instant (origin + offset, so sleeps never accumulate drift) and
  then creates one task per request, like vLLM's benchmark_serving / GuideLLM / AIPerf's asyncio modes;
- one shared ClientSession with TCPConnector(limit=0) (no pool cap), keep-alive, streaming SSE read to [DONE];
- lateness is stamped the same way as ours: when the request's own task starts, just before the POST, minus the
  scheduled instant; achieved rate = issued / (time of the last issue - origin);
- --loop uvloop uses uvloop when installed (Debian python3-uvloop).

Output: one JSON line (or text) with target_rate, achieved_rate, issued, completed, errors, lateness_p50_us,
lateness_p99_us, lateness_p999_us, lateness_max_us, client_cpu_pct (process CPU time / wall / cores), and the
streaming keys of `joulebench bench issuance` (docs/cli.md): tokens_received, tokens_per_s, receipt_lag_*_us
(receipt - the chunk's t_send_ns; receipt = time.monotonic_ns(), CLOCK_MONOTONIC like Java's System.nanoTime(),
read as soon as the chunk's line is returned, before json.loads), ttft/itl distortion against the schedule the
streaming null server announces on GET /health, client_cpu_us_per_token and client_cpu_us_per_request.
"""
import argparse
import asyncio
import collections
import json
import os
import sys
import time

import aiohttp
import numpy as np

PAYLOAD = {"model": "null", "prompt": "x", "max_tokens": 1, "stream": True,
           "stream_options": {"include_usage": True}}


def schedule(rate, arrival, cv, seed, horizon):
    """Offsets in seconds, cumulative sums of gaps, kept <= horizon."""
    rng = np.random.default_rng(seed)
    batch = int(rate * horizon * 1.2) + 16
    parts, total = [], 0.0
    while total < horizon:
        if arrival == "poisson":
            gaps = rng.exponential(1.0 / rate, batch)
        elif arrival == "gamma":
            k = 1.0 / (cv * cv)
            gaps = rng.gamma(k, 1.0 / (rate * k), batch)
        else:
            gaps = np.full(batch, 1.0 / rate)
        offsets = total + np.cumsum(gaps)
        parts.append(offsets)
        total = offsets[-1]
    offsets = np.concatenate(parts)
    return offsets[offsets <= horizon]


class Level:
    def __init__(self, n):
        self.lateness_ns = np.zeros(n, dtype=np.int64)
        self.dispatched = 0
        self.completed = 0
        self.errors = 0
        self.error_kinds = collections.Counter()  # "error: <what>", like bench issuance's error_kinds
        self.tokens = 0
        self.lags = []        # receipt - t_send_ns, per token that carried one
        self.ttft = []        # first receipt - scheduled instant, per request with a token
        self.gaps = []        # receipt k - receipt k-1
        self.first = None
        self.last = None

    def fail(self, kind):
        self.errors += 1
        self.error_kinds[kind] += 1


async def one_request(session, url, scheduled_ns, index, level, cap):
    if cap is not None:
        await cap.acquire()
    try:
        level.lateness_ns[index] = time.monotonic_ns() - scheduled_ns
        level.dispatched += 1
        async with session.post(url, json=PAYLOAD) as resp:
            if resp.status != 200:
                await resp.read()
                level.fail(f"error: HTTP {resp.status}")
                return
            tokens, done, previous = 0, False, None
            async for raw in resp.content:
                now = time.monotonic_ns()
                line = raw.strip()
                if not line.startswith(b"data:"):
                    continue
                data = line[5:].strip()
                if data == b"[DONE]":
                    done = True
                    break
                chunk = json.loads(data)
                choices = chunk.get("choices") or []
                if choices and choices[0].get("text"):
                    tokens += 1
                    level.tokens += 1
                    sent = chunk.get("t_send_ns")
                    if isinstance(sent, int):
                        level.lags.append(now - sent)
                    if previous is None:
                        level.ttft.append(now - scheduled_ns)
                        if level.first is None or now < level.first:
                            level.first = now
                    else:
                        level.gaps.append(now - previous)
                    previous = now
                    if level.last is None or now > level.last:
                        level.last = now
            if done:
                level.completed += 1
            else:
                level.fail("error: stream ended before [DONE]")
    except Exception as e:  # every client-side failure counts, like the Java transport's TransportException
        level.fail(f"error: {type(e).__name__}: {e}"[:200])
    finally:
        if cap is not None:
            cap.release()


async def run_level(session, url, offsets, cap_n):
    level = Level(len(offsets))
    cap = asyncio.Semaphore(cap_n) if cap_n else None
    tasks = []
    origin = time.monotonic_ns() + 1_000_000
    for i, offset in enumerate(offsets):
        at = origin + int(round(offset * 1e9))
        delay = (at - time.monotonic_ns()) / 1e9
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one_request(session, url, at, i, level, cap)))
    issuance_ns = time.monotonic_ns() - origin
    await asyncio.gather(*tasks)
    return level, issuance_ns


def pct_us(values, q):
    return round(float(np.percentile(values, q, method="higher")) / 1e3, 1) if len(values) else None


def summary(args, level, issuance_ns, cpu_pct, cpu_ns=0, server=None):
    late = level.lateness_ns[:len(level.lateness_ns)] / 1e3
    pct = (lambda q: round(float(np.percentile(late, q, method="higher")), 1)) if len(late) else (lambda q: None)
    n = len(level.lateness_ns)
    return {
        "target_rate": args.rate,
        "achieved_rate": round(n / (issuance_ns / 1e9), 2) if issuance_ns > 0 else 0.0,
        "issued": n,
        "completed": level.completed,
        "errors": level.errors,
        "error_kinds": dict(level.error_kinds.most_common(8)),
        "lateness_p50_us": pct(50),
        "lateness_p99_us": pct(99),
        "lateness_p999_us": pct(99.9),
        "lateness_max_us": round(float(late.max()), 1) if n else None,
        "client_cpu_pct": round(cpu_pct, 1),
    } | streaming(level, n, cpu_ns, server)


def streaming(level, issued, cpu_ns, server):
    lags = np.maximum(np.asarray(level.lags, dtype=np.int64), 0)
    span = (level.last - level.first) / 1e9 if level.first is not None and level.last > level.first else 0
    ttft = np.asarray(level.ttft, dtype=np.int64) - (server["ttft_ns"] if server else 0)
    itl = np.asarray(level.gaps, dtype=np.int64) - (server["itl_ns"] if server else 0)
    return {
        "tokens_received": level.tokens,
        "tokens_per_s": round(level.tokens / span, 1) if span > 0 else 0.0,
        "receipt_lag_p50_us": pct_us(lags, 50),
        "receipt_lag_p99_us": pct_us(lags, 99),
        "receipt_lag_p999_us": pct_us(lags, 99.9),
        "receipt_lag_max_us": round(float(lags.max()) / 1e3, 1) if len(lags) else None,
        "receipt_lag_negative": int(sum(1 for v in level.lags if v < 0)),
        "ttft_distortion_p50_us": pct_us(ttft, 50) if server else None,
        "ttft_distortion_p99_us": pct_us(ttft, 99) if server else None,
        "itl_distortion_p1_us": pct_us(itl, 1) if server else None,
        "itl_distortion_p50_us": pct_us(itl, 50) if server else None,
        "itl_distortion_p99_us": pct_us(itl, 99) if server else None,
        "client_cpu_us_per_token": round(cpu_ns / 1e3 / level.tokens, 3) if level.tokens else None,
        "client_cpu_us_per_request": round(cpu_ns / 1e3 / issued, 2) if issued else None,
        "server_tokens": server["tokens"] if server else None,
        "server_ttft_ms": server["ttft_ns"] / 1e6 if server else None,
        "server_itl_ms": server["itl_ns"] / 1e6 if server else None,
    }


async def probe_schedule(session, target):
    """The streaming null server's schedule from GET /health, or None."""
    try:
        async with session.get(target.rstrip("/") + "/health") as resp:
            health = await resp.json(content_type=None)
        if all(isinstance(health.get(k), int) for k in ("tokens", "ttft_ns", "itl_ns")):
            return health
    except Exception:
        pass
    return None


async def main_async(args):
    url = args.target.rstrip("/") + "/v1/completions"
    offsets = schedule(args.rate, args.arrival, args.burstiness, args.seed, args.duration)
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=10)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        server = await probe_schedule(session, args.target)
        if args.warmup > 0:
            await run_level(session, url, schedule(args.rate, args.arrival, args.burstiness, args.seed ^ 0x5DEECE66D,
                                                   args.warmup), args.concurrency_cap)
        cpu0, wall0 = time.process_time_ns(), time.perf_counter()
        level, issuance_ns = await run_level(session, url, offsets, args.concurrency_cap)
        cpu_ns = time.process_time_ns() - cpu0
        cpu_pct = 100.0 * cpu_ns / 1e9 / (time.perf_counter() - wall0) / os.cpu_count()
    return summary(args, level, issuance_ns, cpu_pct, cpu_ns, server)


def positive(text):
    value = float(text)
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError("must be a finite number > 0")
    return value


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rate", type=positive, required=True)
    p.add_argument("--duration", type=positive, required=True)
    p.add_argument("--arrival", choices=["poisson", "gamma", "constant"], default="poisson")
    p.add_argument("--burstiness", type=positive, default=1.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--concurrency-cap", type=int, default=None)
    p.add_argument("--warmup", type=float, default=2.0)
    p.add_argument("--target", required=True, help="server root, e.g. http://127.0.0.1:8000")
    p.add_argument("--loop", choices=["asyncio", "uvloop"], default="asyncio")
    p.add_argument("--format", choices=["json", "text"], default="json")
    args = p.parse_args()
    if args.loop == "uvloop":
        try:
            import uvloop
        except ImportError:
            p.exit(2, "asyncio_issuer.py: --loop uvloop: uvloop is not installed (apt-get install python3-uvloop)\n")
        uvloop.install()
    result = asyncio.run(main_async(args))
    if args.format == "json":
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:18} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
