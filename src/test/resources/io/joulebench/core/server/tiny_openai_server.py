#!/usr/bin/env python3
"""A tiny OpenAI-ish HTTP server for the process launcher ITs (standard library only).

  --port N             listen on 127.0.0.1:N
  --health-delay S     /health answers 503 for S seconds ("loading the model"), then 200
  --spawn-child        start a `sleep 300` in the same process group (a worker the group kill must reach)
"""
import argparse
import json
import os
import subprocess
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ap = argparse.ArgumentParser()
ap.add_argument("--port", type=int, required=True)
ap.add_argument("--health-delay", type=float, default=0.0)
ap.add_argument("--spawn-child", action="store_true")
args = ap.parse_args()
started = time.monotonic()


def log(msg):
    print(f"tiny-server[{os.getpid()}]: {msg}", flush=True)


if args.spawn_child:
    child = subprocess.Popen(["sleep", "300"])
    log(f"child pid {child.pid}")


class Handler(BaseHTTPRequestHandler):
    def log_message(self, fmt, *a):
        log(fmt % a)

    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/health":
            loading = time.monotonic() - started < args.health_delay
            self.reply(503 if loading else 200, {"status": "loading" if loading else "ok"})
        else:
            self.reply(404, {"error": "not found"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.path != "/v1/completions":
            self.reply(404, {"error": "not found"})
            return
        n = int(body.get("max_tokens", 1))
        self.reply(200, {"choices": [{"text": " tok" * n, "index": 0, "finish_reason": "length"}],
                         "usage": {"prompt_tokens": 1, "completion_tokens": n}})


log(f"listening on 127.0.0.1:{args.port}")
ThreadingHTTPServer(("127.0.0.1", args.port), Handler).serve_forever()
