#!/usr/bin/env python3
"""A bounded load test of `arbiter serve` on loopback: 200 requests from 16 concurrent
clients, good and malformed mixed. Every good request must get its known answer (or a
503 "busy" from the bounded queue, which the client retries), every malformed one a 4xx,
no connection may be reset or refused, and the server's memory (VmRSS) must stay flat:
the last of three rounds may not grow it by more than a small margin over the first.
Prints the figures.

Usage: load_test.py ARBITER [--requests N] [--clients N]
"""
import argparse
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from served import Served, get, post

# Good requests with known answers (RULES.md §1 and the README).
GOOD = [
    ("analyze", {"fen": "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", "winner": "white"},
     lambda r: r["white"]["verdict"] == "winnable"),
    ("analyze", {"fen": "8/8/8/4k3/8/8/8/KN6 w - - 0 1"},
     lambda r: r["white"]["verdict"] == "unwinnable" and r["dead"] is True),
    ("analyze", {"fen": "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"}, lambda r: r["dead"] is True),
    ("analyze", {"fen": "8/8/8/4k3/8/8/8/KB2b3 w - - 0 1"}, lambda r: r["dead"] is False),
    ("status", {"fen": "k7/1QK5/8/8/8/8/8/8 b - - 0 1"}, lambda r: r["state"] == "checkmate"),
    ("status", {"fen": "k7/8/1QK5/8/8/8/8/8 b - - 0 1"}, lambda r: r["state"] == "stalemate"),
    ("timeout", {"fen": "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", "flagged": "black"}, lambda r: r["result"] == "1-0"),
    ("helpmate", {"fen": "1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1", "moves": 3}, lambda r: r["count"] == 2),
    ("convert", {"fen": "7K/8/8/8/8/1Q6/p7/k7 b - - 0 1"}, lambda r: r["convertible"] is True),
]
# Malformed requests: each must get a 4xx.
BAD = [
    ("analyze", {"fen": "8/8/8/4k3/8/8/8/KN6 x - - 0 1"}),
    ("analyze", {"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}),
    ("analyze", b"{\"fen\": "),
    ("analyze", {"fen": 42}),
    ("status", {}),
    ("timeout", {"fen": "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", "flagged": "green"}),
    ("helpmate", {"fen": "1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1", "moves": "x"}),
    ("audit", {"pgn": 7}),
    ("nowhere", {"fen": "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"}),
    ("diagram", None),  # GET with an illegal line
]


def one(url, i):
    """Runs request i; returns (kind, ok, seconds, busy retries)."""
    start = time.monotonic()
    retries = 0
    if i % 3 == 2:  # one in three malformed
        endpoint, body = BAD[(i // 3) % len(BAD)]
        if endpoint == "diagram":
            status, _, _ = get(url, "/api/diagram?fen=8/8/8/4k3/4p3/8/8/KN6%20w%20-%20-%200%201&line=a1a8")
        else:
            status, _, _ = post(url, endpoint, body)
        return "bad", 400 <= status < 500, time.monotonic() - start, 0
    endpoint, body, want = GOOD[i % len(GOOD)]
    while True:
        status, reply, _ = post(url, endpoint, body)
        if status == 503 and retries < 100:  # the bounded queue said busy: come back later
            retries += 1
            time.sleep(0.2)
            continue
        ok = status == 200 and want(reply)
        return "good", ok, time.monotonic() - start, retries


RESETS = []


def guarded(url, i):
    """One request, once. A connection error of any kind (a reset included: the server
    listens with a backlog wide enough for every waiting client) counts as a wrong answer,
    and a reset is counted on its own too."""
    try:
        return one(url, i)
    except ConnectionResetError as e:
        RESETS.append(i)
        print(f"request {i}: {e!r}")
    except OSError as e:
        print(f"request {i}: {e!r}")
    return ("bad" if i % 3 == 2 else "good"), False, 0.0, 0


def round_of(url, requests, clients):
    with ThreadPoolExecutor(max_workers=clients) as pool:
        return list(pool.map(lambda i: guarded(url, i), range(requests)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("arbiter")
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-memory-check", action="store_true", help="under a sanitizer: report memory only")
    args = ap.parse_args()
    failed = False
    with Served(args.arbiter) as s:
        rss = [s.rss_kib()]
        all_results = []
        wall = []
        for r in range(args.rounds):
            t0 = time.monotonic()
            results = round_of(s.url, args.requests, args.clients)
            wall.append(time.monotonic() - t0)
            all_results += results
            rss.append(s.rss_kib())
            good = [x for x in results if x[0] == "good"]
            bad = [x for x in results if x[0] == "bad"]
            wrong_good = sum(1 for x in good if not x[1])
            wrong_bad = sum(1 for x in bad if not x[1])
            busy = sum(x[3] for x in results)
            times = sorted(x[2] for x in results)
            print(f"round {r + 1}: {len(results)} requests from {args.clients} clients in {wall[-1]:.2f} s "
                  f"({len(results) / wall[-1]:.0f}/s): good {len(good)} ({wrong_good} wrong), "
                  f"malformed {len(bad)} ({wrong_bad} without a 4xx), busy answers retried {busy}; "
                  f"latency median {statistics.median(times) * 1000:.1f} ms, "
                  f"p95 {times[int(len(times) * 0.95) - 1] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms; "
                  f"VmRSS {rss[-1]} KiB")
            if wrong_good or wrong_bad:
                failed = True
        alive = s.alive()
    growth = rss[-1] - rss[1]
    print(f"connection resets: {len(RESETS)} of {args.requests * args.rounds} requests")
    if RESETS:
        print("FAIL: the server reset connections")
        failed = True
    print(f"VmRSS: at start {rss[0]} KiB, after each round {', '.join(str(x) for x in rss[1:])} KiB; "
          f"growth from round 1 to round {args.rounds}: {growth} KiB")
    if not alive:
        print("FAIL: the server died")
        failed = True
    # Flat: later rounds of the same requests must not keep growing the server (a leak
    # of even 10 KiB a request would add 2 MB a round). Allocator noise stays well under.
    if growth > 4096 and not args.no_memory_check:
        print("FAIL: memory grew by more than 4 MiB between the first and the last round")
        failed = True
    print("FAIL" if failed else "ok: every good request answered correctly, every malformed one a 4xx, memory flat")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
