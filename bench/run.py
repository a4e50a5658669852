"""Run the benchmarks, one after another, on a quiet machine: ``make bench``.

    .venv/bin/python bench/run.py                 # every bench/bench_*.py
    .venv/bin/python bench/run.py par duel        # only bench_par.py and bench_duel.py
    .venv/bin/python bench/run.py --list

Each script prints its tables and writes its figures to bench/results/<topic>.md;
bench/README.md collects the headline figures. Benchmarks never run inside the
test suite: timings are measurements, not assertions.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def scripts() -> dict[str, Path]:
    """Benchmark scripts by short name (``bench_par.py`` -> ``par``)."""
    return {p.stem.removeprefix("bench_"): p for p in sorted(HERE.glob("bench_*.py"))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    args = parser.parse_args(argv)
    known = scripts()
    if args.list:
        print("\n".join(known))
        return 0
    unknown = [n for n in args.names if n not in known]
    if unknown:
        print(f"error: unknown benchmark(s) {', '.join(unknown)}; try --list", file=sys.stderr)
        return 2
    failed = []
    for name in args.names or list(known):
        print(f"== {name}", flush=True)
        start = time.monotonic()
        rc = subprocess.call([sys.executable, str(known[name])])
        print(f"== {name}: exit {rc} after {time.monotonic() - start:.0f} s", flush=True)
        if rc:
            failed.append(name)
    if failed:
        print(f"error: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
