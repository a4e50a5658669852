"""The ``proofgrid matchless`` commands, run through the real entry point.

Oracle for the JSON claims: networkx, fed only the plain graph the command
printed (shells and fuses), must agree on components, sources and par, and the
witness must light the sky.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import networkx as nx
import pytest

from proofgrid.cli import main
from proofgrid.matchless import cli as cli_matchless
from proofgrid.matchless.daily import LAUNCH, daily
from proofgrid.matchless.game import game_id, parse_game_id
from proofgrid.matchless.practice import data_path
from proofgrid.matchless.solve import solve
from proofgrid.matchless.verify import VerifyReport

JSON_FIELDS = {
    "id",
    "rows",
    "cols",
    "shells",
    "fuses",
    "par",
    "witness",
    "components",
    "sources",
}
LAUNCH_ID = game_id(daily(LAUNCH).board)


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["matchless", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _check_claims(data: dict[str, object]) -> None:
    shells = [tuple(p) for p in data["shells"]]  # type: ignore[attr-defined]
    index = {p: i for i, p in enumerate(shells)}
    g = nx.DiGraph()
    g.add_nodes_from(range(len(shells)))
    for a, b in data["fuses"]:  # type: ignore[attr-defined]
        g.add_edge(index[tuple(a)], index[tuple(b)])
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
    comps: list[int] = data["components"]  # type: ignore[assignment]
    classes: dict[int, set[int]] = {}
    for v, c in enumerate(comps):
        classes.setdefault(c, set()).add(v)
    assert {frozenset(s) for s in classes.values()} == {
        frozenset(s) for s in nx.strongly_connected_components(g)
    }
    entered = {comps[w] for v, w in g.edges if comps[v] != comps[w]}
    assert set(data["sources"]) == set(classes) - entered  # type: ignore[call-overload]
    assert data["par"] == len(data["sources"])  # type: ignore[arg-type]
    witness = [index[tuple(p)] for p in data["witness"]]  # type: ignore[attr-defined]
    assert sorted(comps[w] for w in witness) == sorted(data["sources"])  # type: ignore[call-overload]
    lit = set(witness)
    for w in witness:
        lit |= nx.descendants(g, w)
    assert lit == set(range(len(shells)))


def test_daily_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "daily", "--date", "2026-11-30", "--json")
    assert code == 0
    data = json.loads(out)
    assert JSON_FIELDS | {"date", "number"} <= set(data)  # the full proof_json may add fields
    assert data["id"] == LAUNCH_ID and data["number"] == 1
    _check_claims(data)


def test_daily_text(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "daily", "--date", "2026-12-01")
    assert code == 0 and out.startswith("Matchless #2 · 2026-12-01")


def test_new_and_solve_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, "new", "--size", "5x4d80f3", "--seed", "9", "--json")
    assert code == 0
    data = json.loads(out)
    assert JSON_FIELDS | {"seed_id"} <= set(data)
    assert parse_game_id(data["id"])[1] == parse_game_id("5x4d80f3#9")[1]
    _check_claims(data)
    code, out, _ = run(capsys, monkeypatch, "solve", data["id"], "--json")
    solved = json.loads(out)  # the board, then where the start stands (``position``)
    assert code == 0 and solved.pop("position")["matches"] == 0
    assert solved == {k: v for k, v in data.items() if k != "seed_id"}
    code, out, _ = run(capsys, monkeypatch, "new", "--size", "5x4d80f3", "--seed", "9")
    assert "seed id: 5x4d80f3#9" in out and f"id: {data['id']}" in out


def test_new_without_seed_is_random_but_valid(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, "new", "--json")
    assert code == 0
    _check_claims(json.loads(out))


def test_solve_and_xray_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    par = solve(daily(LAUNCH).board).par
    code, out, _ = run(capsys, monkeypatch, "solve", LAUNCH_ID)
    assert code == 0 and out.startswith(f"par {par} · witness ")
    code, out, _ = run(capsys, monkeypatch, "xray", LAUNCH_ID)
    assert code == 0 and f"par {par} = {par} source component(s)" in out


@pytest.mark.parametrize("command", ["solve", "xray", "play", "duel"])
@pytest.mark.parametrize(
    "bad", ["nonsense", "6x6:FEcn_Xb_jMCZWZRgFAgUA1QBFayKQAD3", "5x5:" + LAUNCH_ID[4:], "0x0#1"]
)
def test_bad_ids_are_one_line_errors(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    bad: str,
) -> None:
    code, out, err = run(capsys, monkeypatch, command, bad)
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    "args",
    [
        ["new", "--size", "13x2"],
        ["new", "--seed", "a#b"],
        ["daily", "--date", "2026-11-29"],
        ["daily", "--date", "soon"],
        ["stats", "10", "--size", "axb"],
        ["verify", "--start", "1999-01-01"],
        ["duel", LAUNCH_ID, "--bot", "clever"],
        ["duel", LAUNCH_ID, "--rule", "loudest"],
    ],
)
def test_bad_options_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    code, _, err = run(capsys, monkeypatch, *args)
    assert code == 2 and err.startswith("error: ")


def test_play_to_par(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    board = daily(LAUNCH).board
    sol = solve(board)
    names = []
    for w in sol.witness:
        r, c = board.shell_rc(w)
        names.append(f"{r + 1},{c + 1}")
    script = "\n".join(["h", "zz", "u", names[0], "u", "r", *names[1:]]) + "\n"
    code, out, _ = run(capsys, monkeypatch, "play", LAUNCH_ID, stdin=script)
    assert code == 0
    assert "hint: " in out
    assert "error: cannot read a cell from 'zz'" in out
    assert "nothing to undo" in out
    assert f"sky clear in {sol.par} matches — par!" in out
    assert "remaining par 0" in out


def test_play_wasted_match_and_eof(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    board = daily(LAUNCH).board
    sol = solve(board)
    sources = set(sol.xray.sources)
    waste = next(v for v in range(board.n) if sol.xray.components[v] not in sources)
    r, c = board.shell_rc(waste)
    code, out, _ = run(capsys, monkeypatch, "play", LAUNCH_ID, stdin=f"{r + 1},{c + 1}\n")
    assert code == 0
    assert f"best now {sol.par + 1} (par {sol.par})" in out
    assert "sky clear" not in out


def test_duel_against_the_perfect_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = "4x4d70f2#7"
    board = parse_game_id(gid)[1]
    cells = [f"{r + 1},{c + 1}" for r, c in (board.shell_rc(v) for v in range(board.n))]
    # Try every cell in turn; lit ones are refused with an error line and skipped.
    script = "\n".join(cells * 2) + "\n"
    code, out, _ = run(capsys, monkeypatch, "duel", gid, "--bot", "perfect", stdin=script)
    assert code == 0
    assert "bot strikes" in out and "sky clear · you " in out
    code, out, _ = run(capsys, monkeypatch, "duel", gid, "--bot-first", "--rule", "most", stdin="")
    assert code == 0 and out.count("bot strikes") == 1


def test_verify_quick(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "verify", "--quick", "--start", "2026-11-30")
    assert code == 0
    assert out.strip().splitlines()[-1].endswith("checks, 0 failures")


def test_verify_failure_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(**_: object) -> VerifyReport:
        report = VerifyReport()
        report.check(False, "board x: planted failure")
        return report

    monkeypatch.setattr("proofgrid.matchless.verify.run_verify", failing)
    code, out, _ = run(capsys, monkeypatch, "verify", "--quick")
    assert code == 1
    assert "FAIL board x: planted failure" in out and "1 checks, 1 failures" in out


def test_stats_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "stats", "60", "--duel-boards", "20", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["boards"] == 60 and data["percent"]["greedy_equals_par"] == 100.0
    # stats without --size measures generator v2; its duel boards are the same model
    assert data["params"] == "6x6v2d72f3n4m40e0x0"
    assert [(d["rule"], d["params"]) for d in data["duel"]] == [
        ("most", "4x4v2d72f3n4m40e0x0"),
        ("fewest", "4x4v2d72f3n4m40e0x0"),
        ("most", "5x5v2d72f3n4m40e0x0"),
        ("fewest", "5x5v2d72f3n4m40e0x0"),
    ]
    code, out, _ = run(capsys, monkeypatch, "stats", "20", "--size", "6x6", "--json")
    assert code == 0
    assert [d["params"] for d in json.loads(out)["duel"]] == ["4x4d70f2"] * 2 + ["5x5d70f2"] * 2
    code, out, _ = run(capsys, monkeypatch, "stats", "30", "--no-duel")
    assert code == 0 and "greedy (biggest cascade) matches par          100.0%" in out


def test_practice_list_and_regenerate(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, _ = run(capsys, monkeypatch, "practice", "--json")
    assert code == 0 and len(json.loads(out)) == 12
    shipped = data_path().read_text(encoding="utf-8")
    target = tmp_path / "practice.json"
    monkeypatch.setattr(cli_matchless, "data_path", lambda: target)
    code, _, err = run(capsys, monkeypatch, "practice", "--regenerate")
    assert code == 0 and "wrote 12 boards" in err
    assert target.read_text(encoding="utf-8") == shipped
