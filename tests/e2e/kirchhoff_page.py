"""Read and drive a Kirchhoff play view in the browser tests.

:class:`KPage` waits for the board and its worker's verdict, reads the marks
and the game ID back from the DOM (``data-*`` attributes of ``.kirchhoff-play``)
and draws marks by clicking edges; :func:`draw_solution_arrows` draws arrows of
the Python engine's first solution (the oracle). Used by every Kirchhoff test
module, so none of them imports another.
"""

from __future__ import annotations

from typing import Any

from proofgrid.kirchhoff.board import Board as KBoard
from proofgrid.kirchhoff.board import Grade, Mark, Position
from proofgrid.kirchhoff.codec import Params, encode_board, encode_params, parse_game_id
from proofgrid.kirchhoff.exact import first_solution

#: The play view's root element.
PLAY = ".kirchhoff-play"
#: One more move than ``n`` has been made (``arg=n``).
ONE_MORE_MOVE = f"(n) => Number(document.querySelector('{PLAY}').dataset.moves) === n + 1"


def fixed_id(board: KBoard) -> str:
    """The fixed game ID ``RxCde:desc`` of a board."""
    return f"{encode_params(Params(board.rows, board.cols, Grade.EASY))}:{encode_board(board)}"


class KPage:
    """Read and drive a Kirchhoff play view."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def wait(self, timeout: float = 30000) -> None:
        self.page.wait_for_selector(f"{PLAY} svg.board[data-ready='true']", timeout=timeout)
        self.settled()

    def settled(self) -> None:
        """Wait until the worker has judged the present position (lost or not)."""
        self.page.wait_for_selector(f"{PLAY}[data-analysed='true']", timeout=30000)

    def wait_for_game(self, gid: str) -> None:
        """Wait until the view shows the game ``gid``."""
        self.page.wait_for_function(
            f"(g) => document.querySelector('{PLAY}')?.dataset.gameId === g", arg=gid
        )

    def wait_for_other_game(self, gid: str) -> None:
        """Wait until the view shows a game other than ``gid`` (or no game yet)."""
        self.page.wait_for_function(
            f"(g) => (document.querySelector('{PLAY}')?.dataset.gameId ?? g) !== g", arg=gid
        )

    def game_id(self) -> str:
        gid = self.page.get_attribute(PLAY, "data-game-id")
        assert gid
        return str(gid)

    def board(self) -> KBoard:
        spec = parse_game_id(self.game_id())
        assert spec.board is not None
        return spec.board

    def marks(self) -> list[int]:
        got: list[int] = self.page.eval_on_selector_all(
            f"{PLAY} .edge", "els => els.map(e => Number(e.dataset.mark || 0))"
        )
        return got

    def position(self) -> Position:
        return Position(self.board(), tuple(Mark(m) for m in self.marks()))

    def moves(self) -> int:
        return int(self.page.get_attribute(PLAY, "data-moves") or "0")

    def click_edge(self, edge: int) -> None:
        before = self.moves()
        self.page.click(f"{PLAY} .edge[data-edge='{edge}']")
        self.page.wait_for_function(
            f"(n) => Number(document.querySelector('{PLAY}').dataset.moves) !== n", arg=before
        )
        self.settled()

    def set_mark(self, edge: int, mark: int) -> None:
        """Reach `mark` (1 or 2) on a free edge by tapping (free -> 1 -> 2)."""
        assert mark in (1, 2)
        for _ in range(mark):
            self.click_edge(edge)

    def won(self) -> bool:
        return bool(self.page.get_attribute(PLAY, "data-won") == "true")


def board_point(page: Any, x: float, y: float) -> tuple[float, float]:
    """Client coordinates of the board's SVG point (x, y) (one cell is 100 units)."""
    got = page.evaluate(
        """([x, y]) => {
          const svg = document.querySelector('.kirchhoff-play svg.board');
          const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
          return [p.x, p.y];
        }""",
        [x, y],
    )
    return float(got[0]), float(got[1])


def draw_solution_arrows(kp: KPage, count_: int) -> list[int]:
    """Draw the first ``count_`` arrows of the board's solution (Python oracle); their edges."""
    states = first_solution(kp.board())
    assert states is not None
    edges = [e for e, st in enumerate(states) if st][:count_]
    for e in edges:
        kp.set_mark(e, int(states[e]))
    return edges
