"""Game IDs, the play state, moves and status (the contract's midend part).

A :class:`State` is immutable: a board, the bitmask of unlit shells and the
shells struck so far. A move is a cell name (``b3`` or ``3,2``, see
:func:`proofgrid.matchless.board.parse_cell`); :func:`strike` also returns the
cascade with its BFS depths, which the UI animates. Undo is a list of states.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from proofgrid.graph.scc import bfs_depths
from proofgrid.matchless.board import Board, cell_name, parse_cell
from proofgrid.matchless.codec import decode_desc, encode_desc
from proofgrid.matchless.generate import generate_board, seed_value
from proofgrid.matchless.params import Params, decode_params, encode_params
from proofgrid.matchless.solve import remaining_par
from proofgrid.puzzle import InvalidDescError, InvalidMoveError, Status, ascii_move, split_game_id

__all__ = [
    "State",
    "Strike",
    "execute_move",
    "game_id",
    "last_par_reachable",
    "move_name",
    "new_game",
    "new_state",
    "parse_game_id",
    "parse_move",
    "status",
    "strike",
]


def parse_game_id(text: str) -> tuple[Params, Board]:
    """Read ``RxC:desc`` or ``RxCdNNfK#seed`` into params and a board.

    Raises a :class:`proofgrid.puzzle.ProofgridError` subclass (one-line
    message) on any malformed part, or when the params' size disagrees with the
    description's.
    """
    gid = split_game_id(text)
    params = decode_params(gid.params)
    if gid.desc is not None:
        board = decode_desc(gid.desc)
        if (board.rows, board.cols) != (params.rows, params.cols):
            raise InvalidDescError(
                f"game ID says {params.rows}x{params.cols} but the board code is "
                f"{board.rows}x{board.cols}"
            )
        return params, board
    assert gid.seed is not None
    return params, generate_board(params, seed_value(gid.seed))


def game_id(board: Board) -> str:
    """The fixed-board game ID ``RxC:desc`` of a board."""
    size = encode_params(Params(board.rows, board.cols), full=False)
    return f"{size}:{encode_desc(board)}"


@dataclass(frozen=True, slots=True)
class State:
    """A position: the board, the unlit shells (bitmask) and the matches struck so far."""

    board: Board
    unlit: int
    moves: tuple[int, ...] = ()

    @property
    def matches(self) -> int:
        """Matches used so far (the score)."""
        return len(self.moves)

    def is_lit(self, shell: int) -> bool:
        """Whether a shell has burst."""
        return not self.unlit >> shell & 1


def new_state(board: Board) -> State:
    """The starting position: every shell unlit."""
    return State(board, board.all_mask)


def new_game(desc: str) -> State:
    """The contract's ``new_game``: decode a description and start."""
    return new_state(decode_desc(desc))


@dataclass(frozen=True, slots=True)
class Strike:
    """Result of one match: the new state and the cascade with BFS depths.

    ``cascade`` lists ``(shell, depth)`` in BFS order from the struck shell
    (depth 0) through unlit shells only; the UI animates by depth.
    """

    state: State
    shell: int
    cascade: tuple[tuple[int, int], ...]


def strike(state: State, shell: int) -> Strike:
    """Strike a match on an unlit shell; O(n + m).

    Raises :class:`InvalidMoveError` if the shell does not exist or is lit.
    """
    board = state.board
    if not 0 <= shell < board.n:
        raise InvalidMoveError(f"there is no shell {shell}")
    if not state.unlit >> shell & 1:
        r, c = board.shell_rc(shell)
        raise InvalidMoveError(f"shell {cell_name(r, c)} is already lit")
    unlit = state.unlit
    blocked = [not unlit >> v & 1 for v in range(board.n)]
    depths = bfs_depths(board.succ, [shell], blocked)
    for v in depths:
        unlit &= ~(1 << v)
    return Strike(State(board, unlit, (*state.moves, shell)), shell, tuple(depths.items()))


def parse_move(state: State, move: str) -> int:
    """The shell a move string names (``b3`` or ``3,2``); raises :class:`InvalidMoveError`."""
    board = state.board
    r, c = parse_cell(ascii_move(move), board.rows, board.cols)
    shell = board.shell_at(r, c)
    if shell < 0:
        raise InvalidMoveError(f"no shell at {cell_name(r, c)}")
    return shell


def move_name(board: Board, shell: int) -> str:
    """The canonical move string of a shell, e.g. ``b3``."""
    r, c = board.shell_rc(shell)
    return cell_name(r, c)


def execute_move(state: State, move: str) -> State:
    """The contract's pure ``execute_move``: strike the named shell."""
    return strike(state, parse_move(state, move)).state


def status(state: State) -> Status:
    """WON once every shell is lit, else PLAYING (a game can always be finished)."""
    return Status.WON if state.unlit == 0 else Status.PLAYING


def last_par_reachable(history: Sequence[State], par: int) -> int:
    """Index of the last state in ``history`` from which par was still reachable.

    A state keeps par reachable when ``matches + remaining par == par``; the
    starting state always does. Returns -1 for an empty history. O(k·(n + m)).
    """
    for i in range(len(history) - 1, -1, -1):
        s = history[i]
        if s.matches + remaining_par(s.board, s.unlit).par == par:
            return i
    return -1
