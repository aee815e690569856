#!/usr/bin/env python3
"""The JSON API of `arbiter serve` against the CLI: the same records (micros aside), the
CLI's messages with a 4xx on bad input, no file of the server's reachable, a body over
the limit refused, and the server still up after all of it.

Usage: api_test.py ARBITER
"""
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from served import Served, get, post

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def cli_json(arbiter, *args):
    cache = ["--no-cache"] if args[0] in ("analyze", "timeout", "resign", "audit") else []
    out = subprocess.run([arbiter, *args, "--json", *cache], capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()], out.stderr


def without_micros(record, drop=("micros",)):
    """The record without its timings (and, for the parallel helpmate search, without
    its node count, which depends on the threads' timing)."""
    if isinstance(record, dict):
        return {k: without_micros(v, drop) for k, v in record.items() if k not in drop}
    if isinstance(record, list):
        return [without_micros(v, drop) for v in record]
    return record


def main():
    arbiter = sys.argv[1]
    kn = "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"
    locked = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"
    with Served(arbiter) as s:
        # The same records as the CLI's --json.
        for fen in (kn, locked):
            status, got, _ = post(s.url, "analyze", {"fen": fen})
            (want,), _ = cli_json(arbiter, "analyze", "--threads", "1", fen)
            check(status == 200 and without_micros(got) == without_micros(want), "analyze record = CLI record: " + fen)
        status, got, _ = post(s.url, "status", {"fen": "k7/1QK5/8/8/8/8/8/8 b - - 0 1"})
        (want,), _ = cli_json(arbiter, "status", "k7/1QK5/8/8/8/8/8/8 b - - 0 1")
        check(status == 200 and got == want and got["state"] == "checkmate", "status record = CLI record")
        status, got, _ = post(s.url, "timeout", {"fen": kn, "flagged": "black"})
        (want,), _ = cli_json(arbiter, "timeout", "--flagged", "black", kn)
        check(status == 200 and without_micros(got) == without_micros(want) and got["result"] == "1-0",
              "timeout record = CLI record (1-0)")
        status, got, _ = post(s.url, "resign", {"fen": locked, "resigned": "black"})
        check(status == 200 and got["result"] == "1/2-1/2", "resignation in a locked position: draw")
        hm = "1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1"
        status, got, _ = post(s.url, "helpmate", {"fen": hm, "moves": 3})
        (want,), _ = cli_json(arbiter, "helpmate", "--moves", "3", hm)
        check(status == 200 and without_micros(got, ("micros", "nodes")) == without_micros(want, ("micros", "nodes"))
              and got["count"] == 2,
              "helpmate record = CLI record (2 solutions)")
        cv = "7K/8/8/8/8/1Q6/p7/k7 b - - 0 1"
        status, got, _ = post(s.url, "convert", {"fen": cv})
        (want,), _ = cli_json(arbiter, "convert", cv)
        check(status == 200 and without_micros(got) == without_micros(want) and got["convertible"],
              "convert record = CLI record")

        # The audit: the CLI's records, the witness a reason quotes included (a server's
        # insufficient-material draw where White can still mate: shortened as the CLI does).
        hc = "8/4k3/6P1/5K2/8/8/5n2/8 w - - 1 61"
        pgn = ('[Event "t"]\n[White "a"]\n[Black "b"]\n[Result "1/2-1/2"]\n[FEN "' + hc + '"]\n[SetUp "1"]\n'
               '[Termination "Game drawn by insufficient material"]\n\n1/2-1/2\n\n'
               '[Event "t"]\n[White "c"]\n[Black "d"]\n[Result "1-0"]\n[Termination "Time forfeit"]\n\n'
               '1. e4 e5 2. Qh5 Nc6 1-0\n')
        status, got, _ = post(s.url, "audit", {"pgn": pgn, "name": "two.pgn"})
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "two.pgn")
            with open(path, "w") as f:
                f.write(pgn)
            want, _ = cli_json(arbiter, "audit", "--no-tables", "--threads", "1", path)
        for w in want:
            w["file"] = "two.pgn"
        check(status == 200 and without_micros(got["records"]) == without_micros(want)
              and "White can still checkmate: " in got["records"][0]["reason"],
              "audit records = CLI records, the quoted witness included")

        # Bad input: a 4xx with the CLI's message.
        bad = "8/8/8/4k3/8/8/8/KN6 x - - 0 1"
        status, got, _ = post(s.url, "analyze", {"fen": bad})
        (cli_error,), _ = cli_json(arbiter, "analyze", bad)
        check(status == 400 and got["error"] == cli_error["error"], "a bad FEN: 400 with the CLI's message")
        status, got, _ = post(s.url, "analyze", b"{not json")
        check(status == 400 and "JSON" in got["error"], "a body that is not JSON: 400")
        status, got, _ = post(s.url, "analyze", {"fen": kn, "winner": "nobody"})
        check(status == 400 and "nobody" in got["error"], "an unknown side: 400")
        status, got, _ = post(s.url, "analyze", {"fen": kn, "max_nodes": -5})
        check(status == 400 and "max_nodes" in got["error"], "a negative budget: 400")
        status, got, _ = post(s.url, "helpmate", {"fen": hm, "moves": 99})
        check(status == 400, "a helpmate longer than the server's cap: 400")
        status, got, _ = post(s.url, "nothing", {"fen": kn})
        check(status == 404, "an unknown endpoint: 404")
        req = urllib.request.Request(s.url + "api/analyze", method="PUT", data=b"{}")
        try:
            urllib.request.urlopen(req, timeout=30)
            status = 200
        except urllib.error.HTTPError as e:
            status = e.code
        check(status == 405, "PUT to the API: 405")
        # A body over the limit is refused from its Content-Length, before it is read.
        conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=30)
        conn.putrequest("POST", "/api/audit")
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Content-Length", str(9 * 1024 * 1024))
        conn.endheaders()
        res = conn.getresponse()
        check(res.status == 413, "a body over the limit: 413")
        conn.close()

        # The budget is capped by the server: a request cannot ask for more.
        status, got, headers = post(s.url, "analyze", {"fen": kn, "max_nodes": 10**15})
        check(status == 200 and got["white"]["verdict"] == "winnable", "a huge budget is lowered, not refused")

        # No file of the server's can be named.
        for path in ("../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "CMakeLists.txt", "server/page/app.js",
                     "app.js/../../../etc/passwd"):
            status, body, _ = get(s.url, path)
            check(status == 404 and b"root:" not in body, "GET /" + path + ": 404")
        status, body, headers = get(s.url, "/")
        check(status == 200 and b"<title>arbiter" in body, "GET /: the page")
        check("default-src 'self'" in headers.get("Content-Security-Policy", ""), "the page may load only its own files")
        status, body, headers = get(s.url, "/api/diagram?" + urllib.parse.urlencode({"fen": kn, "line": "b1d2,e5d4", "ply": "2"}))
        check(status == 200 and body.startswith(b"<svg") and b'data-piece="k"' in body, "GET /api/diagram: an SVG")
        status, body, _ = get(s.url, "/api/diagram?" + urllib.parse.urlencode({"fen": kn, "line": "b1d2,e5e4"}))
        check(status == 400 and b"e5e4" in body, "a diagram of an illegal line: 400 naming the move")
        check(s.alive(), "the server is still up")

    # The gate: with one analysis at a time and no queue, a second analysis while a long
    # one runs is told "busy" at once (503, Retry-After); a status still answers.
    with Served(arbiter, "--analyses", "1", "--queue", "0", "--max-seconds", "4") as s:
        start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        long_one = {}
        worker = threading.Thread(target=lambda: long_one.update(
            reply=post(s.url, "helpmate", {"fen": start, "moves": 7})))
        worker.start()
        time.sleep(1.0)  # the helpmate search runs for its 4 seconds
        status, got, headers = post(s.url, "analyze", {"fen": kn})
        check(status == 503 and "busy" in got["error"] and headers.get("Retry-After") == "2",
              "a second analysis beyond the gate: 503 busy")
        status, got, _ = post(s.url, "status", {"fen": kn})
        check(status == 200, "a status answers while the analysis runs")
        worker.join()
        status, got, _ = long_one["reply"]
        check(status == 200 and got["complete"] is False, "the long search stopped at the server's time cap")
        status, got, _ = post(s.url, "analyze", {"fen": kn})
        check(status == 200, "after it, analyses are admitted again")
    if failures:
        print(f"{len(failures)} checks failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
