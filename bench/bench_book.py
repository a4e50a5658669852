"""Benchmark the puzzle book: time per page and file size, per puzzle and format.

Run ``.venv/bin/python bench/bench_book.py [--count N] [--per-page 1|2|4]``; prints a Markdown table
(copy it into bench/README.md). For each puzzle (default params, seed "book"):
planning (generation, grading, solution notes), layout and rendering are timed apart,
median of 3 in one process after one warm-up, so the per-page figure is the
renderer's cost and the planning figure the engines'. Peer: the PDF is
compared with the same pages as SVG (one file a page).
"""

from __future__ import annotations

import argparse
import statistics
import time

from proofgrid import book, registry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--per-page", type=int, default=1, choices=book.PER_PAGE)
    args = ap.parse_args()
    head = (
        "puzzle | boards | pages | plan s/board | PDF s/page | PDF bytes | SVG s/page | SVG bytes"
    )
    print(f"| {head} |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in ("matchless", "kirchhoff"):
        puzzle = registry.get(name)
        params = puzzle.default_params()
        t0 = time.perf_counter()
        entries = book.plan(puzzle, params, "book", args.count)
        plan_s = (time.perf_counter() - t0) / args.count
        pages = book.pages(puzzle, entries, per_page=args.per_page)
        row = [name, str(args.count), str(len(pages)), f"{plan_s:.3f}"]
        for fmt in ("pdf", "svg"):
            book.render(pages, book.PAPERS["a4"], fmt, name)  # warm-up
            times = []
            for _ in range(args.repeat):
                t = time.perf_counter()
                blobs = book.render(pages, book.PAPERS["a4"], fmt, name)
                times.append(time.perf_counter() - t)
            size = sum(len(b) for b in blobs)
            row += [f"{statistics.median(times) / len(pages):.3f}", str(size)]
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
