"""Write 10^9 random integer edges over 2·10^8 nodes as Parquet (two int32 columns).

``python bench/make_1e9.py OUT.parquet [--edges M] [--nodes N]``: seeded (numpy
PCG64, seed 20261204), 10^7 edges a row group, written a row group at a time so
the writer holds one group (~80 MB) whatever M is. The input of the 10^9-edge run
in ``bench/README.md``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--edges", type=int, default=10**9)
    ap.add_argument("--nodes", type=int, default=2 * 10**8)
    ap.add_argument("--group", type=int, default=10**7)
    args = ap.parse_args()
    rng = np.random.default_rng(20261204)
    schema = pa.schema([("src", pa.int32()), ("dst", pa.int32())])
    tmp = args.out.with_suffix(".tmp")
    with pq.ParquetWriter(tmp, schema, compression="snappy") as writer:
        done = 0
        while done < args.edges:
            k = min(args.group, args.edges - done)
            src = rng.integers(0, args.nodes, k, dtype=np.int32)
            dst = rng.integers(0, args.nodes, k, dtype=np.int32)
            writer.write_table(pa.table({"src": src, "dst": dst}, schema=schema))
            done += k
    tmp.rename(args.out)


if __name__ == "__main__":
    main()
