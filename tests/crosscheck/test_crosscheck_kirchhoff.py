"""The Kirchhoff cross-language check is part of the test command, in its documented subset.

``tools/crosscheck.py --puzzle kirchhoff --fast`` generates 40 boards per preset
(3 giant 16x16 ones), 30 dailies and 300 positions; the default run (300 per
preset, 20 giants, 365 dailies, 5,000 positions) and ``--full`` (300 giants)
are run from the command line, with their timings in bench/results/kirchhoff-js.md.
Further tests prove the comparator catches a wrong JavaScript answer, and a
small proofs subset (issue 12: one easy and one medium board solved by hints,
positions with one wrong mark) runs in the quick suite: JavaScript's proofs and
sentences equal Python's byte for byte and pass the independent checker.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "tools" / "crosscheck.py"


def _load() -> ModuleType:
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location(
        "crosscheck_kirchhoff", ROOT / "tools" / "crosscheck_kirchhoff.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["crosscheck_kirchhoff"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.slow
def test_kirchhoff_crosscheck_agrees_on_the_fast_subset() -> None:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--puzzle", "kirchhoff", "--fast"],
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "AGREE" in out
    expected = {
        "gen-easy": 40,
        "gen-medium": 40,
        "gen-hard": 40,
        "gen-expert": 40,
        "gen-giant": 3,
        "k-dailies": 30,
        "positions": 300,
        "k-proofs": None,
    }
    for name, count in expected.items():
        line = next(x for x in out.splitlines() if x.strip().startswith(name + " "))
        assert (f"{count} cases  ok" if count else "cases  ok") in line, line
    for name in ("k-boards", "k-codec", "k-moves"):
        line = next(x for x in out.splitlines() if x.strip().startswith(name + " "))
        assert "cases  ok" in line, line


def test_a_wrong_javascript_answer_is_reported() -> None:
    ck = _load()
    cat, made = ck.build_gen("easy", [1, 2])
    params, board, sol = made[0]
    boards_cat, pos_cat, _, _ = ck.build_boards_positions(
        {"gen": [(params, board, sol)]}, 4, ck.SplitMix64(3)
    )
    compare = sys.modules["crosscheck_common"].compare  # the shared driver, imported by ck
    node = ck.Node(ck.shutil.which("node") or "/usr/bin/node", ck.NODE_SCRIPT)
    node.send(cat.jobs + boards_cat.jobs + pos_cat.jobs)
    answers, _ = node.answers()
    gen_ans, rest = answers[: len(cat.jobs)], answers[len(cat.jobs) :]
    board_ans, pos_ans = rest[: len(boards_cat.jobs)], rest[len(boards_cat.jobs) :]
    assert compare(cat, gen_ans)[0] == 0
    assert compare(boards_cat, board_ans)[0] == 0
    assert compare(pos_cat, pos_ans)[0] == 0
    gen_ans[1] = {**gen_ans[1], "id": gen_ans[0]["id"]}
    assert compare(cat, gen_ans)[0] == 1
    pos_ans[0] = {**pos_ans[0], "count": "2"}
    pos_ans[1] = {**pos_ans[1], "hint": {**pos_ans[1]["hint"], "reason": "?"}}
    assert compare(pos_cat, pos_ans)[0] == 2


def test_python_refusals_are_refusals() -> None:
    ck = _load()
    assert ck._python_id("3x3#\ud800") == {"ok": False}  # Python cannot encode it: a refusal
    assert ck._python_id("nonsense") == {"ok": False}
    assert ck._python_id("3x3de:ERylCXQnX") == {"ok": True, "id": "3x3de:ERylCXQnX"}


def _proof_run(ck: ModuleType, names: tuple[str, ...], wrong: int) -> tuple[Any, list[Any]]:
    """A k-proofs category on the first board of each preset in ``names`` and Node's answers."""
    walks = []
    for name in names:
        _, made = ck.build_gen(name, [ck.SplitMix64(7).next64()])
        params, board, sol = made[0]
        walks.append((ck._gid(params, board), board, sol))
    cat = ck.build_proofs(walks, ck.SplitMix64(5), wrong)
    node = ck.Node(ck.shutil.which("node") or "/usr/bin/node", ck.NODE_SCRIPT)
    node.send(cat.jobs)
    answers, _ = node.answers()
    return cat, answers


def test_proofs_agree_byte_for_byte_and_pass_the_checker() -> None:
    ck = _load()
    cat, answers = _proof_run(ck, ("easy", "medium"), 6)
    compare = sys.modules["crosscheck_common"].compare
    assert compare(cat, answers)[0] == 0
    kinds = {a["kind"] for a in answers}
    assert {"local", "lost", "solved"} <= kinds, kinds
    for exp, ans in zip(cat.expected, answers, strict=True):
        assert ans["proofText"] == exp["proofText"]  # the JSON text, key order included
        assert ans["words"] == exp["words"]
    assert cat.fallbacks == 12


def test_a_wrong_proof_is_reported() -> None:
    ck = _load()
    cat, answers = _proof_run(ck, ("easy",), 2)
    compare = sys.modules["crosscheck_common"].compare
    assert compare(cat, answers)[0] == 0
    first = answers[0]
    assert first["kind"] == "local" and first["proof"]["steps"]
    steps = first["proof"]["steps"]
    padded = {**first["proof"], "steps": [{**steps[-1], "states": ["x", ">"]}, *steps]}
    assert cat.checks[0]({**first, "proof": padded}) is not None  # the checker catches it
    lost = next(i for i, a in enumerate(answers) if a["kind"] == "lost")
    no_use = {**answers[lost]["proof"], "uses": []}
    assert cat.checks[lost]({**answers[lost], "proof": no_use}) is not None
    answers[0] = {**first, "proofText": first["proofText"].replace('"steps"', '"steps" ', 1)}
    assert compare(cat, answers)[0] == 1
