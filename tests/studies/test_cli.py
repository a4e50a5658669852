"""``proofgrid bank`` and the study options of ``matchless stats|verify``, through main().

Oracles: the same command on one worker (byte-identical output), the bank
module called directly, and the one-line error contract (exit status 2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from proofgrid.cli import main
from proofgrid.matchless.bank import BANK as MATCHLESS
from proofgrid.studies.backends import InlineBackend
from proofgrid.studies.bank import build_bank
from proofgrid.studies.runner import Runner


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_bank_command_writes_resumes_and_refuses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    direct = tmp_path / "direct.txt"
    build_bank(MATCHLESS, "small", 150, direct, runner=Runner(InlineBackend()))
    out = tmp_path / "b.txt"
    code, text, _ = run(capsys, "bank", "matchless", "90", str(out), "--preset", "small")
    assert code == 0 and text.startswith(f"{out}: 90 matchless 4x4d70f2 boards (90 new)")
    code, _, err = run(capsys, "bank", "matchless", "150", str(out), "--preset", "small")
    assert (
        code == 2
        and err == f"error: {out} exists; pass --resume to continue it, or choose a new file\n"
    )
    code, text, _ = run(
        capsys, "bank", "matchless", "150", str(out), "-p", "4x4", "--resume", "--workers", "2"
    )
    assert code == 0 and "(60 new)" in text
    assert out.read_bytes() == direct.read_bytes()


@pytest.mark.parametrize(
    "args",
    [
        ["bank", "sudoku", "5", "OUT"],
        ["bank", "matchless", "5", "OUT", "--preset", "huge"],
        ["bank", "kirchhoff", "5", "OUT", "--preset", "9x99"],
        ["bank", "matchless", "0", "OUT"],
        ["bank", "matchless", "5", "OUT", "--workers", "0"],
        ["bank", "matchless", "5", "OUT", "--workers", "2", "--scheduler", "tcp://h:1"],
        ["bank", "matchless", "5", "OUT", "--scheduler", "bogus://h"],
        ["matchless", "stats", "5", "--plot", "OUT.png"],
        ["matchless", "stats", "5", "--size", "4x4", "--size", "zz"],
        ["matchless", "verify", "--quick", "--scheduler", "tcp://"],
    ],
)
def test_bad_study_options_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str]
) -> None:
    args = [str(tmp_path / a) if a.startswith("OUT") else a for a in args]
    code, _, err = run(capsys, *args)
    assert code == 2 and err.startswith(("error: ", "Usage:")) and "Traceback" not in err
    assert not any(tmp_path.iterdir())  # nothing written


def test_stats_json_is_identical_on_one_and_two_workers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    common = ["matchless", "stats", "300", "--size", "4x4", "--size", "5x5", "--duel-boards", "40"]
    outs = []
    for w in ("1", "2"):
        plot = tmp_path / f"w{w}.svg"
        code, text, _ = run(
            capsys, *common, "--json", "--no-timing", "--workers", w, "--plot", str(plot)
        )
        assert code == 0
        outs.append(text)
    assert outs[0] == outs[1]
    data = json.loads(outs[0])
    assert [s["params"] for s in data["sizes"]] == ["4x4d70f2", "5x5d70f2"]
    assert data["params"] == "4x4d70f2" and len(data["duel"]) == 4
    assert (tmp_path / "w1.svg").read_bytes() == (tmp_path / "w2.svg").read_bytes()
    code, text, _ = run(capsys, *common, "--workers", "2", "--quiet")
    assert code == 0 and text.count("random ") == 2 and text.count("duel, ") == 4


def test_verify_on_two_workers_prints_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["matchless", "verify", "--quick", "--start", "2026-12-02"]
    code1, out1, _ = run(capsys, *args, "--workers", "1")
    code2, out2, _ = run(capsys, *args, "--workers", "2")
    assert code1 == code2 == 0 and out1 == out2 and out1.endswith("checks, 0 failures\n")
