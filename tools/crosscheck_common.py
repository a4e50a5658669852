"""What both cross-checks share: cases, the Node driver, comparison and the report.

``tools/crosscheck.py`` (Matchless, and the driver of both) and
``tools/crosscheck_kirchhoff.py`` (Kirchhoff) import this module; it imports
neither, and no puzzle. A :class:`Category` holds one kind of case: the jobs
sent to a Node script (JSON lines in, JSON lines out), Python's expected
answers and one extra check per case; :func:`compare` and :func:`report` print
one line per category with the SHA-256 fingerprints of both sides' canonical
answers (equal fingerprints on two machines mean the same boards).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from proofgrid.rng import SplitMix64

__all__ = [
    "ALPHABET",
    "FUZZ_CHARS",
    "ROOT",
    "Category",
    "Json",
    "Node",
    "compare",
    "corruptions",
    "js_error_type",
    "node_missing",
    "report",
]

ROOT = Path(__file__).resolve().parent.parent
#: The URL-safe base64 alphabet of both puzzles' board codes.
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
#: Characters for corrupting game IDs: the alphabet, separators, params letters, Unicode traps.
FUZZ_CHARS = [*ALPHABET, ":", "#", "x", "d", "f", " ", "\t", "\n", "é", "🎆", "٦", "\x1c", "\ufeff"]

Json = Any


def corruptions(
    gid: str, rng: SplitMix64, variants: Callable[[str, SplitMix64], list[str]]
) -> list[str]:
    """One game ID and its near misses, for the codec category of either puzzle.

    The ID itself, then one substituted, one deleted and one inserted board
    character, a truncation, the board under each of the puzzle's own params
    spellings (``variants(size, rng)``: swapped dimensions, unknown or
    out-of-range options), padded upper case, and one Unicode trap. All draws
    come from ``rng`` in this order, so a seed gives the same list in any run.
    """
    size, desc = gid.split(":", 1)
    i = rng.below(len(desc))
    ch = ALPHABET[rng.below(64)]
    cut = rng.below(len(desc) + 1)
    return [
        gid,
        f"{size}:{desc[:i]}{ch}{desc[i + 1 :]}",
        f"{size}:{desc[:i]}{desc[i + 1 :]}",
        f"{size}:{desc[:i]}{ch}{desc[i:]}",
        f"{size}:{desc[:cut]}",
        *(f"{params}:{desc}" for params in variants(size, rng)),
        f"  {size.upper()}:{desc}\n",
        f"{size}:{desc[:i]}{FUZZ_CHARS[rng.below(len(FUZZ_CHARS))]}{desc[i + 1 :]}",
    ]


@dataclass
class Category:
    """Cases of one category: jobs for Node, Python's expectations and a comparator."""

    name: str
    jobs: list[Json] = field(default_factory=list)
    expected: list[Json] = field(default_factory=list)
    checks: list[Callable[[Json], str | None]] = field(default_factory=list)
    seconds: float = 0.0
    fallbacks: int = 0


def js_error_type(ans: Json) -> str | None:
    if ans.get("ok") is False and ans.get("error") != "GameIdError":
        return f"JS threw {ans.get('error')}, not GameIdError"
    return None


def _strip_error(ans: Json) -> Json:
    return {k: v for k, v in ans.items() if k != "error"} if ans.get("ok") is False else ans


def _canon(x: Json) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _fingerprint(items: list[Json]) -> str:
    h = hashlib.sha256()
    for x in items:
        h.update(_canon(x).encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


class Node:
    """One Node process running ``script``, fed jobs while Python works (answers read at the end).

    Shared by both cross-checks (the Kirchhoff one sends its generation jobs
    first, so Node works on them while Python builds the rest).
    """

    def __init__(self, node: str, script: Path) -> None:
        self.proc = subprocess.Popen(
            [node, str(script)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.sent = 0
        self.t0 = time.perf_counter()

    def send(self, jobs: list[Json]) -> None:
        """Write jobs, one JSON line each."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(("\n".join(_canon(j) for j in jobs) + "\n").encode())
        self.proc.stdin.flush()
        self.sent += len(jobs)

    def answers(self, timeout: float = 7200) -> tuple[list[Json], float]:
        """Close the input; every answer, in job order, and the seconds since the start."""
        out, err = self.proc.communicate(timeout=timeout)
        seconds = time.perf_counter() - self.t0
        if self.proc.returncode != 0:
            raise RuntimeError(f"node exited {self.proc.returncode}: {err.decode()[-2000:]}")
        answers = [json.loads(line) for line in out.decode().splitlines() if line.strip()]
        if len(answers) != self.sent:
            raise RuntimeError(f"node answered {len(answers)} of {self.sent} jobs")
        return answers, seconds


def node_missing(node: str) -> bool:
    """True (after printing the error) when there is no Node executable at ``node``."""
    if Path(node).exists() or shutil.which(node):
        return False
    print(f"error: node not found at {node}", file=sys.stderr)
    return True


def compare(cat: Category, answers: list[Json], keys: list[str] | None = None) -> tuple[int, str]:
    """Compare a category; returns (mismatches, JS fingerprint). Prints the first mismatch."""
    bad = 0
    seen: list[Json] = []
    for i, (job, exp, ans) in enumerate(zip(cat.jobs, cat.expected, answers, strict=True)):
        got = {k: ans.get(k) for k in (keys or exp.keys())}
        if "error" in ans and "ok" not in ans:
            problem: str | None = f"JS failed: {ans['error']}: {ans.get('message')}"
        elif _strip_error(got) != exp:
            diff = [k for k in exp if got.get(k) != exp[k]]
            problem = f"fields differ: {', '.join(diff) or 'error flag'}"
        else:
            problem = cat.checks[i](ans)
        seen.append(_strip_error(got))
        if problem:
            bad += 1
            if bad == 1:
                print(f"  MISMATCH in {cat.name} case {i}: {problem}")
                print(f"    job:    {_canon(job)[:600]}")
                print(f"    python: {_canon(exp)[:600]}")
                print(f"    js:     {_canon(got)[:600]}")
    return bad, _fingerprint(seen)


def report(
    parts: list[tuple[Category, list[Json]]], note: Callable[[Category], str], width: int
) -> int:
    """Compare each category with its answers, print one line each; the number of mismatches.

    A line: name, cases, verdict (ok only if no case differs and the two
    fingerprints agree), both fingerprints, Python's seconds and ``note``.
    """
    total_bad = 0
    for cat, answers in parts:
        bad, js_fp = compare(cat, answers)
        py_fp = _fingerprint(cat.expected)
        total_bad += bad
        verdict = "ok" if bad == 0 and py_fp == js_fp else f"{bad} MISMATCHES"
        print(
            f"  {cat.name:<{width}} {len(cat.expected):>6} cases  {verdict:<14} "
            f"sha256 py {py_fp}  js {js_fp}  py {cat.seconds:6.1f} s  {note(cat)}"
        )
    return total_bad
