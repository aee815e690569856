"""python -m arbiter.dask audit (--scheduler ADDR | --local N) FILES... --out DIR"""

from __future__ import annotations

import argparse
import sys

import arbiter.dask as runner


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m arbiter.dask",
                                     description="Audit PGN games on a Dask cluster (docs/distributed.md).")
    commands = parser.add_subparsers(dest="command", required=True)
    a = commands.add_parser("audit", help="audit every game of the files into a dataset of JSON Lines shards")
    where = a.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", metavar="ADDR", help="the address of a running Dask scheduler")
    where.add_argument("--local", metavar="N", type=int, help="start a local cluster of N single-thread workers")
    a.add_argument("files", nargs="+", help="PGN files (plain, .gz or .zst)")
    a.add_argument("--out", required=True, help="the dataset's folder (a run started again resumes there)")
    a.add_argument("--chunk-games", type=int, default=5000, help="games per task (default 5000)")
    a.add_argument("--claims", action="store_true", help="also the first correct threefold and 50-move claims")
    a.add_argument("--max-nodes", type=int, default=1_000_000, help="budget of each winnability question")
    a.add_argument("--threads-per-task", type=int, default=1, help="cores one chunk's audit uses (0: all)")
    a.add_argument("--compress", action="store_true", help="zstd-compress the shards")
    args = parser.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    if args.local is not None:
        import dask

        with dask.config.set(runner.BATCH_CONFIG):  # read by the workers as they start
            cluster = LocalCluster(n_workers=args.local, threads_per_worker=1, processes=True)
        client = Client(cluster)
    else:
        cluster = None
        client = Client(args.scheduler)
    print(f"dashboard: {client.dashboard_link}", file=sys.stderr)
    interactive = sys.stderr.isatty()

    def show(state: runner.Progress) -> None:
        end = "\r" if interactive else "\n"
        print(state.line(), end=end, file=sys.stderr, flush=True)

    try:
        table = runner.audit(args.files, client, args.out, claims=args.claims, max_nodes=args.max_nodes,
                             chunk_games=args.chunk_games, compress=args.compress, progress=show,
                             threads_per_task=args.threads_per_task or None)
    except KeyboardInterrupt:
        print("\ninterrupted: start the same command again to resume", file=sys.stderr)
        return 130
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    if interactive:
        print(file=sys.stderr)
    print(table.to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main())
