#!/usr/bin/env python3
"""Where a client's sampled CPU goes: groups the JFR CPU-time samples of bench/profile-client.sh by the innermost
frame that names the work (read(2), a Jackson tree, the pacer's spin, ...), in percent of the samples.

    python3 bench/profile_categories.py bench/results/profile-20261202-late-streaming4000-nio/client.jfr [JFR]

Needs a JDK 25 `jfr` tool (JAVA_HOME, or the Temurin 25 path). Java threads only: GC and JIT threads are not sampled.
"""
import collections
import json
import os
import subprocess
import sys

JFR = os.path.join(os.environ.get("JAVA_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64"), "bin", "jfr")


def category(frames):
    top, s = frames[0], " ".join(frames)
    if "SocketDispatcher.read0" in top:
        return "read(2) syscall"
    if "write0" in top:
        return "write(2) syscall"
    if "EPoll.wait" in top:
        return "epoll_wait"
    if any(x in s for x in ("connect0", "finishConnect", "socket0", "Net.shutdown", "close0", "openSocketChannel")):
        return "connect/close"
    if "Pacer.awaitInstant" in s:
        return "pacer waiting (its 200 us spin)"
    if "fasterxml/jackson" in s:
        return "JSON: a Jackson tree per chunk"
    if "OpenAiStreamParser" in s or "HttpResponseReader" in s:
        return "HTTP/SSE parse (bytes)"
    if "StreamFidelity" in s or "HdrHistogram" in s or "LevelAggregator" in s:
        return "figures (histograms)"
    if "NioStreamingTransport" in s or "sun/nio/ch" in s:
        return "event loop, other"
    if "OpenLoop" in s or "Issuer" in s or "Pacer" in s:
        return "issuer, other"
    return "other (JIT, JFR, startup): " + top.split("/")[-1]


def main(paths):
    for path in paths:
        out = subprocess.run([JFR, "print", "--json", "--events", "jdk.CPUTimeSample", path],
                             check=True, capture_output=True, text=True).stdout
        counts, n = collections.Counter(), 0
        for event in json.loads(out)["recording"]["events"]:
            trace = event["values"].get("stackTrace")
            if not trace:
                continue
            n += 1
            counts[category([f["method"]["type"]["name"] + "." + f["method"]["name"] for f in trace["frames"]])] += 1
        print(f"{path}: {n} samples")
        for name, k in counts.most_common(9):
            print(f"{100 * k / n:5.1f}% {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
