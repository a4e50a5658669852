"""Does Kirchhoff teach? Hints to the first arrow, sentence budget, blame size (issue 31).

Run: ``.venv/bin/python bench/bench_kirchhoff_teach.py [--days 365] [--seeds 20]``
(figures go to ``bench/results/kirchhoff-teach.md``). The same script measured the
code before the issue (``PYTHONPATH`` at a checkout of that commit): it uses only
:func:`proofgrid.kirchhoff.hint.hint` and :func:`~proofgrid.kirchhoff.hint.obvious_empties`.

1. **Hints to the first arrow.** A new player presses HINT from the empty board
   and lets each hint draw its mark, as the browser does (with "Mark obvious
   empties" on, the obvious empties are crossed first and after every mark):
   how many hints until one draws an arrow. Over the dailies of a year (the
   hard 7×7 daily) and ``--seeds`` boards of each preset, with the option off
   and on. Median, mean, max.
2. **Sentences.** Every hint of a whole walk (headline and proof sentences)
   and one lost verdict per board (a wrong mark at the walk's half-way
   position): words per sentence (a sentence ends at ``.``; the indentation
   of nested reasoning is not a word), the longest with a region's list of
   cells ("Take these cells together: …", a list rather than prose) left out,
   the share over 25 words, and the sentences with an "at most … and at most"
   chain. ``--walk-every k`` walks
   every k-th daily whole (the others stop at the first arrow).
3. **Blame.** The lost verdicts of 2.: how many marks they name, how many
   marks the position had.

Deterministic (boards from seeds, hints from positions); CPython, one process.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import statistics
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from proofgrid.kirchhoff.board import Board, Mark, Position, state_mark
from proofgrid.kirchhoff.codec import presets
from proofgrid.kirchhoff.daily import LAUNCH, daily
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.hint import HintKind, hint, obvious_empties

_EDGE_HINTS = (HintKind.LOCAL, HintKind.REGION, HintKind.EXACT)
_CHAIN = re.compile(r"at most .* and at most")
LONG = 25
LIST_HEAD = "Take these cells together:"


@dataclass
class Tally:
    """What one group of boards measured."""

    first_arrow: list[int] = field(default_factory=list)
    sentences: list[str] = field(default_factory=list)
    blamed: list[int] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)


def _fill(pos: Position, on: bool) -> Position:
    if not on:
        return pos
    for e in obvious_empties(pos):
        pos = pos.with_mark(e, Mark.CROSS)
    return pos


def walk(board: Board, solution: Sequence[int], empties: bool, whole: bool, tally: Tally) -> None:
    """Press HINT from the empty board: count hints to the first arrow; keep the sentences."""
    pos = _fill(Position.start(board), empties)
    last, n, seen_arrow = -1, 0, False
    trail = [pos]
    while True:
        h = hint(pos, last_edge=last)
        if h.kind not in _EDGE_HINTS:
            break
        n += 1
        tally.sentences.extend([h.reason, *h.words])
        if h.state != 0 and not seen_arrow:
            seen_arrow = True
            tally.first_arrow.append(n)
            if not whole:
                return
        pos = _fill(pos.with_mark(h.edge, state_mark(h.state)), empties)
        trail.append(pos)
        last = h.edge
    if not seen_arrow:
        tally.first_arrow.append(n)
    mid = trail[len(trail) // 2]
    free = mid.free_edges()
    if free:  # one wrong mark at half-way: the lost verdict's sentences and blame
        e = free[len(free) // 2]
        bad = 1 if solution[e] != 1 else 2
        lost = mid.with_mark(e, state_mark(bad))
        h = hint(lost)
        if h.kind is HintKind.LOST:
            tally.sentences.extend([h.reason, *h.words])
            tally.blamed.append(len(h.proof["uses"]) if h.proof else -1)
            tally.marks.append(sum(m is not Mark.FREE for m in lost.marks))


def _sentences(lines: Iterable[str]) -> list[list[str]]:
    out = []
    for line in lines:
        for s in re.split(r"(?<=\.)\s+", line.strip()):
            if s:
                out.append(s.split())
    return out


def _stats(xs: Sequence[int]) -> str:
    if not xs:
        return "– | – | –"
    return f"{statistics.median(xs):g} | {statistics.fmean(xs):.1f} | {max(xs)}"


def report(name: str, off: Tally, on: Tally) -> None:
    n = len(off.first_arrow)
    print(f"| {name} | {n} | {_stats(off.first_arrow)} | {_stats(on.first_arrow)} |")


def words_row(name: str, t: Tally) -> None:
    ss = _sentences(t.sentences)
    lens = sorted(len(s) for s in ss)
    if not lens:
        return
    p90 = lens[int(0.9 * (len(lens) - 1))]
    long = sum(n > LONG for n in lens)
    prose = max((len(s) for s in ss if " ".join(s[:4]) != LIST_HEAD), default=0)
    chains = sum(bool(_CHAIN.search(" ".join(s))) for s in ss)
    blamed = [b for b in t.blamed if b >= 0]
    print(
        f"| {name} | {len(lens)} | {statistics.fmean(lens):.1f} | {p90} | {lens[-1]} | {prose} | "
        f"{100 * long / len(lens):.1f}% | {chains} | "
        f"{statistics.fmean(blamed) if blamed else 0:.2f} (max {max(blamed, default=0)}) "
        f"of {statistics.fmean(t.marks) if t.marks else 0:.1f} marks; "
        f"{t.blamed.count(-1)} unproved |"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--walk-every", type=int, default=7)
    ap.add_argument("--start", default="2026-12-01")
    ap.add_argument("--presets", default="easy,medium,hard,expert")
    args = ap.parse_args(argv)
    start = max(dt.date.fromisoformat(args.start), LAUNCH)
    groups: list[tuple[str, Tally, Tally]] = []
    off, on = Tally(), Tally()
    for i in range(args.days):
        gen = daily(start + dt.timedelta(days=i))
        whole = i % args.walk_every == 0
        walk(gen.board, gen.solution, False, whole, off)
        walk(gen.board, gen.solution, True, whole, on)
        print(f"daily {i + 1}/{args.days}", file=sys.stderr, end="\r")
    groups.append((f"dailies ({args.days} from {start})", off, on))
    for name in args.presets.split(","):
        off, on = Tally(), Tally()
        for seed in range(1, args.seeds + 1):
            gen = generate_board(presets()[name], seed)
            walk(gen.board, gen.solution, False, True, off)
            walk(gen.board, gen.solution, True, True, on)
        groups.append((f"{name} ({args.seeds} seeds)", off, on))
        print(f"preset {name} done", file=sys.stderr)
    print("\n## Hints until the first arrow (median | mean | max)\n")
    print("| boards | n | empties off: median | mean | max | empties on: median | mean | max |")
    print("|---|---|---|---|---|---|---|---|")
    for name, a, b in groups:
        report(name, a, b)
    print("\n## Sentences (every hint of the walks, one lost verdict per board)\n")
    print(
        f"| boards | sentences | words/sentence mean | p90 | max | max, lists of cells left out | "
        f"> {LONG} words | "
        "'at most … and at most' | lost verdict names |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name, a, b in groups:
        words_row(f"{name}, empties off", a)
        words_row(f"{name}, empties on", b)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
