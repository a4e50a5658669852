"""Partitions fitted to the workers' memory limits (``cluster_run.rows_per_partition``).

Oracle: the rule as the module states it (2 KiB of the smallest limit a row, between
50,000 and 10^6 rows), on the shape of ``Client.scheduler_info()`` that Dask gives;
and ``list_pieces`` cutting a real Parquet file's row groups at that size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from proofgrid.par.cluster_read import list_pieces
from proofgrid.par.cluster_run import (
    BYTES_PER_ROW,
    MIN_ROWS_PER_PARTITION,
    ROWS_PER_PARTITION,
    rows_per_partition,
)

MiB = 2**20


class _Info:
    """What ``Client.scheduler_info(n_workers=-1)`` answers: the workers and their limits."""

    def __init__(self, *limits: int | None) -> None:
        self.limits = limits

    def scheduler_info(self, n_workers: int = 5) -> dict[str, Any]:
        assert n_workers == -1  # every worker, not the first five
        return {"workers": {f"tcp://w{k}": {"memory_limit": x} for k, x in enumerate(self.limits)}}


def test_partitions_follow_the_smallest_worker_limit() -> None:
    assert rows_per_partition(_Info(4096 * MiB, 4096 * MiB)) == ROWS_PER_PARTITION
    assert rows_per_partition(_Info(4096 * MiB, 384 * MiB)) == 384 * MiB // BYTES_PER_ROW
    assert 384 * MiB // BYTES_PER_ROW == 196_608
    assert rows_per_partition(_Info(16 * MiB)) == MIN_ROWS_PER_PARTITION
    assert rows_per_partition(_Info(None, 0)) == ROWS_PER_PARTITION  # no limit set
    assert rows_per_partition(_Info()) == ROWS_PER_PARTITION


def test_pieces_are_cut_at_that_size(tmp_path: Path) -> None:
    path = tmp_path / "e.parquet"
    table = pa.table({"src": list(range(1000)), "dst": list(range(1, 1001))})
    pq.write_table(table, path, row_group_size=100)
    for per, want in ((1000, 1), (250, 5), (100, 10), (50, 10)):  # whole row groups
        data = list_pieces(str(path), ("src", "dst"), per)
        assert len(data.pieces) == want
        assert sum(p.rows for p in data.pieces) == data.rows == 1000
