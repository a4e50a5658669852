"""The generator-model study: figures, distances and the screened models."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from proofgrid.matchless.params import decode_params, encode_params

_SPEC = importlib.util.spec_from_file_location(
    "matchless_models", Path(__file__).resolve().parents[2] / "tools" / "matchless_models.py"
)
assert _SPEC is not None and _SPEC.loader is not None
_MOD = importlib.util.module_from_spec(_SPEC)
sys.modules["matchless_models"] = _MOD
_SPEC.loader.exec_module(_MOD)
SCREEN, SEED_BOARD, SEED_DUEL = _MOD.SCREEN, _MOD.SEED_BOARD, _MOD.SEED_DUEL
distances, figures, markdown_table = _MOD.distances, _MOD.figures, _MOD.markdown_table
measure, plot = _MOD.measure, _MOD.plot


def _record(board: dict[str, float], duel: dict[str, float]) -> dict[str, object]:
    rows = [
        {"rule": key.split()[0], "params": f"{key.split()[1]}v2d70f2n4m0e0x0", "percent": v}
        for key, v in duel.items()
    ]
    stats = {"percent": dict(board), "duel": rows, "mean_par": 5.0}
    return {"model": "6x6v2d70f2n4m0e0x0", "boards": 5000, "stats": stats}


def test_distances_are_the_largest_gap_per_table() -> None:
    board = {k: v + 1.0 for k, v in SEED_BOARD.items()}
    board["hidden_ge2"] = SEED_BOARD["hidden_ge2"] - 4.2
    duel = dict(SEED_DUEL)
    duel["fewest 5x5"] = SEED_DUEL["fewest 5x5"] + 2.5
    rec = _record(board, duel)
    assert figures(rec)["fewest 5x5"] == SEED_DUEL["fewest 5x5"] + 2.5
    assert distances(figures(rec)) == (4.2, 2.5)
    assert "| 4.2 | 2.5 |" in markdown_table([rec])


def test_screened_models_are_canonical_params_texts() -> None:
    assert SCREEN[0] == "6x6d70f2" and len(set(SCREEN)) == len(SCREEN)
    for text in SCREEN[1:]:
        assert decode_params(text).version == 2
        assert encode_params(decode_params(text)) == text


def test_measure_is_the_stats_table(tmp_path: Path) -> None:
    from proofgrid.matchless.stats import board_stats  # noqa: PLC0415

    rec = measure("6x6v2d72f3n4m40e0x0", 40, None)
    direct = board_stats(40, decode_params("6x6v2d72f3n4m40e0x0"))
    assert rec["stats"]["counts"]["hidden_ge2"] == direct.hidden_ge2
    assert [r["params"] for r in rec["stats"]["duel"]][::2] == [
        "4x4v2d72f3n4m40e0x0",
        "5x5v2d72f3n4m40e0x0",
    ]
    plot([rec], tmp_path / "m.svg", chosen=None)
    assert (tmp_path / "m.svg").read_text().startswith("<?xml")
