"""Result codes agree between Python (``proofgrid.results``) and JavaScript (``js/core/result.js``).

Oracle: each language reads the other's codes back to the same fields and
writes byte-identical codes for the same fields, over codes the CLI makes for
real games of both puzzles and over random fields (hypothesis).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid import registry, results

ROOT = Path(__file__).resolve().parent.parent.parent
MODULE = (ROOT / "src" / "proofgrid" / "web" / "js" / "core" / "result.js").as_uri()
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is missing")

SCRIPT = """
import(%s).then((m) => {
  const items = JSON.parse(require('fs').readFileSync(0, 'utf8'));
  const out = items.map(({ code, fields }) => {
    let read = null;
    try { read = m.decodeResult(code); } catch (err) { read = { error: err.message }; }
    return { read, made: m.encodeResult(fields) };
  });
  console.log(JSON.stringify(out));
});
"""


def node_round(items: list[dict[str, object]]) -> list[dict[str, object]]:
    assert NODE is not None
    proc = subprocess.run(
        [NODE, "-e", SCRIPT % json.dumps(MODULE)],
        input=json.dumps(items),
        capture_output=True,
        text=True,
        check=True,
    )
    return list(json.loads(proc.stdout))


def fields(r: results.Result) -> dict[str, object]:
    return {
        "puzzle": r.puzzle,
        "id": r.id,
        "moves": list(r.moves),
        "hints": r.hints,
        "xray": r.xray,
    }


def test_real_games_of_both_puzzles() -> None:
    games = [
        ("matchless", "6x6:FEb_zvibhIqC6EUqICGLKeqF4CRq", ["b1", "e1", "a4", "b6", "e6"], 0, True),
        ("matchless", "6x6#a1", ["1,1", "f6"], 3, False),
        ("kirchhoff", "5x5de:EzQhxySCGIxxDEAM5", ["a1xb1", "e1>"], 1, False),
    ]
    items = []
    for name, gid, moves, hints, xray in games:
        r = results.make(registry.get(name), gid, moves, hints=hints, xray=xray)
        items.append({"code": results.encode(r), "fields": fields(r)})
    for item, got in zip(items, node_round(items), strict=True):
        assert got["read"] == item["fields"]
        assert got["made"] == item["code"]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.builds(
            results.Result,
            st.sampled_from(["matchless", "kirchhoff", "lamps"]),
            st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=200),
            st.lists(
                st.text(
                    st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=20
                ),
                max_size=30,
            ).map(tuple),
            st.integers(0, (1 << 21) - 1),
            st.booleans(),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_random_fields(batch: list[results.Result]) -> None:
    items = [{"code": results.encode(r), "fields": fields(r)} for r in batch]
    for item, got in zip(items, node_round(items), strict=True):
        assert got["read"] == item["fields"]
        assert got["made"] == item["code"]
