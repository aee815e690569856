"""Starts `arbiter serve` on a free loopback port for a test, and stops it.

Shared by the server's tests (API, load, browser). The server runs without the verdict
table (--no-cache) so that tests neither read nor write the user's.
"""
import json
import os
import signal
import subprocess
import urllib.error
import urllib.request


class Served:
    def __init__(self, arbiter, *extra):
        self.proc = subprocess.Popen(
            [arbiter, "serve", "--port", "0", "--json", "--no-cache", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("arbiter serve did not start: " + self.proc.stderr.read())
        info = json.loads(line)
        self.port = info["port"]
        self.url = info["url"]

    def rss_kib(self):
        """The server's resident memory (VmRSS of /proc/PID/status), in KiB."""
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        if self.alive():
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def post(url, endpoint, body, timeout=120):
    """POSTs a JSON body (or raw bytes); returns (status, parsed JSON or None, headers)."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(url + "api/" + endpoint, data=data, method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as res:
            return res.status, json.loads(res.read() or b"null"), dict(res.headers)
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            parsed = json.loads(raw)
        except ValueError:
            parsed = None
        return e.code, parsed, dict(e.headers)


def get(url, path, timeout=60):
    """GETs a path; returns (status, body bytes, headers)."""
    try:
        with urllib.request.urlopen(url + path.lstrip("/"), timeout=timeout) as res:
            return res.status, res.read(), dict(res.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read(), dict(e.headers)
