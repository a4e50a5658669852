"""The generator-model study: which v2 settings reproduce the seed's two tables.

Each candidate model is a v2 params text (:mod:`proofgrid.matchless.params`:
directions, density, fuses per shell and their distribution, fuses towards
empty cells, mutual-pair bias) on 6x6. A model is measured with the ordinary
stats runner (:func:`proofgrid.matchless.stats.run_stats`: the 6x6 board table
and the duel table on 4x4 and 5x5 boards of the same model), exactly what
``proofgrid matchless stats N --size TEXT`` prints, and compared figure by
figure with the seed (:data:`SEED_BOARD`, :data:`SEED_DUEL`).

Run (results are appended to a JSON file, one record per model and board
count, so an interrupted study resumes where it stopped)::

    python tools/matchless_models.py screen --boards 5000 --workers 2
    python tools/matchless_models.py final 6x6v2d68f2n4m0e0x0 --boards 50000
    python tools/matchless_models.py report --plot docs/img/matchless-models.svg

The distance of a model to a table is the largest absolute difference, in
percentage points, between its figure and the seed's over that table's figures
(board: 4 figures; duel: 4 figures).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from proofgrid.matchless.params import decode_params, encode_params
from proofgrid.matchless.stats import run_stats

__all__ = [
    "SCREEN",
    "SEED_BOARD",
    "SEED_DUEL",
    "distances",
    "figures",
    "markdown_table",
    "measure",
    "plot",
]

SEED_BOARD: dict[str, float] = {
    "myopic_ge1": 87.1,
    "myopic_ge2": 56.0,
    "hidden_ge1": 86.0,
    "hidden_ge2": 54.7,
}
"""The seed's table of random 6x6 boards (percent)."""

SEED_DUEL: dict[str, float] = {
    "most 4x4": 0.0,
    "most 5x5": 0.6,
    "fewest 4x4": 29.1,
    "fewest 5x5": 35.5,
}
"""The seed's duel table: boards where the obvious move is not optimal (percent)."""

BOARD_TOLERANCE = 2.5
DUEL_TOLERANCE = 3.5
DEFAULT_RESULTS = Path("bench/results/matchless-models.jsonl")


def _screen() -> list[str]:
    """Phase A: the plain grid; phase B: the levers phase A pointed at (docs/studies.md)."""
    out = ["6x6d70f2"]  # v1, the generator we ship today
    for d in (55, 60, 65, 70, 75, 80):  # A: 4 directions, uniform 1..fK fuses
        for f in (1, 2, 3):
            if f > 1 or d < 70:  # f1 at 70%+ explodes the 5x5 duel search, and is far off
                out.append(f"6x6v2d{d}f{f}n4m0e0x0")
    for f in (2, 3):  # A: 8 directions (v1's neighbourhood); the v1 row is d70f2
        out.append(f"6x6v2d60f{f}n8m0e0x0")
    for d in (75, 80, 85):  # B: many fuses and dense duel boards, plus mutual pairs
        for spec in (
            "f3n4m25e0x0",
            "f3n4m50e0x0",
            "f3n4m100e0x0",
            "f2n4m0e0x1",
            "f2n4m50e0x1",
            "f3n4m50e1x0",
            "f4n4m50e0x0",
        ):
            if d < 85 or ("x1" not in spec and "f4" not in spec):  # x1: far off at 75, 80
                out.append(f"6x6v2d{d}{spec}")
    for d in (85,):  # B: beyond the grid, where the duel table came closest
        out.append(f"6x6v2d{d}f4n4m50e0x0")
    for spec in ("d80f2n8m100e0x0", "d90f2n8m100e0x0", "d80f3n8m100e0x0"):
        out.append(f"6x6v2{spec}")  # C: 8 directions, dense, mutual pairs restoring cycles
    for spec in ("d78f3n4m35e0x0", "d80f3n4m35e0x0"):
        out.append(f"6x6v2{spec}")  # C: between the best of phase B
    for spec in ("d70f3n4m25e0x0", "d70f3n4m50e0x0", "d75f3n4m15e0x0", "d75f3n4m35e0x0"):
        out.append(f"6x6v2{spec}")  # D: along the trade-off front (docs/studies.md)
    for spec in ("d80f3n4m15e0x0", "d72f3n4m40e0x0", "d70f4n4m35e0x0", "d65f3n4m50e0x0"):
        out.append(f"6x6v2{spec}")
    return out


SCREEN: list[str] = _screen()
"""The screened models, v1 first."""


def measure(text: str, boards: int, runner: Any) -> dict[str, Any]:
    """Measure one model: its board table on 6x6 and duel table on 4x4 and 5x5."""
    p = decode_params(text)
    duel = ((replace(p, rows=4, cols=4), boards), (replace(p, rows=5, cols=5), boards))
    report = run_stats(boards, p, duel_sizes=duel, runner=runner)
    data = report.as_json(timing=False)
    return {"model": encode_params(p), "boards": boards, "stats": data}


def figures(record: dict[str, Any]) -> dict[str, float]:
    """The eight seed figures of a measured record (percent)."""
    stats = record["stats"]
    out = {k: float(stats["percent"][k]) for k in SEED_BOARD}
    for row in stats["duel"]:
        size = row["params"].split("v2")[0].split("d")[0]
        out[f"{row['rule']} {size}"] = float(row["percent"])
    out["mean_par"] = float(stats["mean_par"])
    return out


def distances(fig: dict[str, float]) -> tuple[float, float]:
    """(board distance, duel distance): the largest gap to the seed in each table, points."""
    board = max(abs(fig[k] - v) for k, v in SEED_BOARD.items())
    duel = max(abs(fig[k] - v) for k, v in SEED_DUEL.items())
    return round(board, 1), round(duel, 1)


def load(path: Path) -> list[dict[str, Any]]:
    """Every record of a results file (empty if missing)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run(models: Iterable[str], boards: int, path: Path, workers: int) -> None:
    """Measure every model not yet in ``path`` at ``boards`` boards, appending records."""
    from proofgrid.studies.runner import open_runner  # noqa: PLC0415 (a study runs)

    done = {(r["model"], r["boards"]) for r in load(path)}
    todo = [m for m in models if (encode_params(decode_params(m)), boards) not in done]
    path.parent.mkdir(parents=True, exist_ok=True)
    with open_runner(workers, quiet=True, preload=("proofgrid.matchless.stats",)) as runner:
        for m in todo:
            rec = measure(m, boards, runner)
            with path.open("a") as fh:
                fh.write(json.dumps(rec, sort_keys=True) + "\n")
            b, d = distances(figures(rec))
            print(f"{rec['model']:>22} {boards:>6}  board {b:5.1f}  duel {d:5.1f}", flush=True)


_COLS = (
    "myopic_ge1",
    "myopic_ge2",
    "hidden_ge1",
    "hidden_ge2",
    "most 4x4",
    "most 5x5",
    "fewest 4x4",
    "fewest 5x5",
)


def markdown_table(records: Sequence[dict[str, Any]]) -> str:
    """One row per record, sorted by the larger of its two distances over the tolerances."""
    head = (
        "| model | boards | myopic ≥1 | ≥2 | hidden ≥1 | ≥2 | most 4×4 | 5×5 "
        "| fewest 4×4 | 5×5 | mean par | board dist | duel dist |"
    )
    lines = [head, "|" + "---|" * 13]
    seed = {**SEED_BOARD, **SEED_DUEL}
    lines.append(
        "| **seed** | 5,000 | " + " | ".join(f"{seed[c]:.1f}" for c in _COLS) + " | — | 0 | 0 |"
    )

    def key(r: dict[str, Any]) -> tuple[float, str, int]:
        b, d = distances(figures(r))
        return (max(b / BOARD_TOLERANCE, d / DUEL_TOLERANCE), r["model"], -r["boards"])

    for r in sorted(records, key=key):
        fig = figures(r)
        b, d = distances(fig)
        cells = " | ".join(f"{fig[c]:.1f}" for c in _COLS)
        lines.append(
            f"| `{r['model']}` | {r['boards']:,} | {cells} | {fig['mean_par']:.2f} "
            f"| {b:.1f} | {d:.1f} |"
        )
    return "\n".join(lines)


def bar_check(text: str, start: dt.date, days: int) -> dict[str, float]:
    """The daily bar on a model: dailies of ``days`` dates from ``start`` on its stream.

    Uses :func:`proofgrid.matchless.daily.first_clearing` with the model's own
    daily seed text (``matchless/v{version}/daily/{date}``). Returns the share of
    generated boards that clear the bar, mean and largest attempt index, mean par,
    myopic gap and hidden sources of the dailies, and the share graded expert.
    """
    from proofgrid.matchless.daily import first_clearing  # noqa: PLC0415
    from proofgrid.matchless.grade import MatchlessGrade, matchless_grade  # noqa: PLC0415
    from proofgrid.rng import seed_from_text  # noqa: PLC0415

    p = decode_params(text)
    attempts: list[int] = []
    pars: list[int] = []
    gaps: list[int] = []
    hidden: list[int] = []
    expert = 0
    for k in range(days):
        date = start + dt.timedelta(days=k)
        seed = seed_from_text(f"matchless/v{p.version}/daily/{date.isoformat()}")
        attempt, met, _, _, a = first_clearing(p, seed)
        if not met:  # pragma: no cover - never seen
            raise AssertionError(f"{text}: no daily clears the bar on {date}")
        attempts.append(attempt)
        pars.append(a.par)
        gaps.append(a.myopic_gap)
        hidden.append(a.hidden)
        expert += matchless_grade(a.myopic_gap, a.hidden) is MatchlessGrade.EXPERT
    return {
        "clear_share": round(100 * days / (sum(attempts) + days), 1),
        "mean_attempt": round(sum(attempts) / days, 2),
        "max_attempt": max(attempts),
        "mean_par": round(sum(pars) / days, 2),
        "mean_gap": round(sum(gaps) / days, 2),
        "mean_hidden": round(sum(hidden) / days, 2),
        "expert": round(100 * expert / days, 1),
    }


def _family(model: str) -> str:
    if "v2" not in model:
        return "v1 (shipped until v2)"
    return "4 directions" if "n4" in model else "8 directions"


_COLOURS = {"4 directions": "tab:blue", "8 directions": "tab:orange", "v1 (shipped until v2)": "k"}


def plot(records: Sequence[dict[str, Any]], path: Path, chosen: str | None = None) -> None:
    """Two panels: every model's distance to each table (tolerances dashed), and the
    trade-off behind it: hidden sources (6x6) against the fewest-shells duel (5x5).

    Screened models (5,000 boards) are dots, finalists (≥ 50,000) squares;
    ``chosen`` is ringed. SVG (deterministic) unless ``path`` ends in ``.png``.
    """
    from proofgrid.figures import new_figure, save_svg  # noqa: PLC0415 (a figure is asked for)

    fig = new_figure(10.0, 4.4)
    left, right = fig.subplots(1, 2)
    for final in (False, True):
        for family, colour in _COLOURS.items():
            sel = [
                r
                for r in records
                if (r["boards"] >= 50_000) == final and _family(r["model"]) == family
            ]
            if not sel:
                continue
            figs = [figures(r) for r in sel]
            xy = [distances(f) for f in figs]
            style: dict[str, Any] = {"marker": "s" if final else "o", "color": colour}
            style |= {"s": 36 if final else 14, "alpha": 1.0 if final else 0.55}
            label = f"{family}, {'finalist (50,000 boards)' if final else 'screen (5,000)'}"
            left.scatter([x for x, _ in xy], [y for _, y in xy], label=label, **style)
            right.scatter([f["hidden_ge2"] for f in figs], [f["fewest 5x5"] for f in figs], **style)
    if chosen is not None:
        for r in records:
            if r["model"] == chosen and r["boards"] >= 50_000:
                f = figures(r)
                b, d = distances(f)
                left.scatter([b], [d], s=160, facecolors="none", edgecolors="red", lw=1.2)
                right.scatter(
                    [f["hidden_ge2"]],
                    [f["fewest 5x5"]],
                    s=160,
                    facecolors="none",
                    edgecolors="red",
                    lw=1.2,
                    label="v2 (shipped)",
                )
    left.axvline(BOARD_TOLERANCE, color="black", lw=0.8, ls="--")
    left.axhline(DUEL_TOLERANCE, color="black", lw=0.8, ls="--")
    left.set_xlabel("board table: largest gap to the seed (points)")
    left.set_ylabel("duel table: largest gap to the seed (points)")
    left.set_title("Distance of each model to the seed's two tables")
    left.legend(fontsize=7)
    right.scatter(
        [SEED_BOARD["hidden_ge2"]],
        [SEED_DUEL["fewest 5x5"]],
        marker="*",
        s=160,
        color="red",
        label="seed",
    )
    right.set_xlabel("6×6: ≥ 2 sources hidden in cycles (%)")
    right.set_ylabel("5×5 duel, fewest wins: obvious move not optimal (%)")
    right.set_title("The trade-off: no model reaches the seed (star)")
    right.legend(fontsize=7)
    if path.suffix == ".png":
        fig.savefig(path, format="png", dpi=110)
    else:
        save_svg(fig, path)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line (module docstring)."""
    ap = argparse.ArgumentParser(prog="python tools/matchless_models.py")
    ap.add_argument("what", choices=("screen", "final", "report", "bar"))
    ap.add_argument("models", nargs="*")
    ap.add_argument("--boards", type=int, default=5000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--results", type=Path, default=DEFAULT_RESULTS)
    ap.add_argument("--plot", type=Path)
    ap.add_argument("--chosen", default=None, help="the shipped model, ringed in the plot")
    args = ap.parse_args(argv)
    if args.what == "bar":
        start = dt.date(2027, 1, 1)
        for m in args.models or ["6x6d70f2", "6x6v2"]:
            print(m, bar_check(m, start, 365))
        return 0
    if args.what == "report":
        records = load(args.results)
        print(markdown_table(records))
        if args.plot:
            plot(records, args.plot, args.chosen)
        return 0
    models = args.models or (SCREEN if args.what == "screen" else [])
    run(models, args.boards, args.results, args.workers)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
