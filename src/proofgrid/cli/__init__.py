"""The ``proofgrid`` command line: thin wrappers that parse, call the engines, print.

Each puzzle in :mod:`proofgrid.registry` gets a ``proofgrid <puzzle>`` group,
built only when one of its commands runs (:mod:`proofgrid.cli.lazy`): the
shared commands from :mod:`proofgrid.cli.puzzle_commands`, then the puzzle's
own. The other topics register their commands from their own modules
(``par``, ``studies``, ``web``). Every error a user can cause is reported as one line,
``error: ...`` on standard error, with exit status 2; never a traceback. A failed
standard stream has its own status (:data:`~proofgrid.cli.common.EXIT_STREAM`),
distinct from a failed check (1); ``--help`` lists them all.
"""

from __future__ import annotations

import errno
import io
import os
import re
import shlex
import sys
from typing import TYPE_CHECKING, Any

from proofgrid.cli import common, par
from proofgrid.errors import ProofgridError

if TYPE_CHECKING:
    import typer

__all__ = ["app", "main"]

_APP: list[typer.Typer] = []  # the root app, built once on first use


def _app() -> typer.Typer:
    """The root typer app (typer, the puzzles' lazy groups and the commands of ``par``,
    ``studies`` and ``web``), built on first use: ``proofgrid par FILE`` runs without it
    (:func:`proofgrid.cli.par.quick`)."""
    if not _APP:
        import typer  # noqa: PLC0415 (typer on use: see _app's doc)

        from proofgrid.cli import studies, web  # noqa: PLC0415
        from proofgrid.cli.lazy import PuzzleRoot  # noqa: PLC0415

        root = typer.Typer(
            name="proofgrid",
            cls=PuzzleRoot,
            help="Grid puzzles whose answers are proved by theorems, and the engines behind"
            " them.\n\n" + common.EXIT_HELP,
            no_args_is_help=True,
            pretty_exceptions_enable=False,
            rich_markup_mode=None,
            add_completion=False,
            context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 120},
        )
        for module in (par, studies, web):
            module.register(root)
        _APP.append(root)
    return _APP[0]


def __getattr__(name: str) -> Any:
    """``app``: the root typer app, built on first use (:func:`_app`)."""
    if name == "app":
        return _app()
    raise AttributeError(f"module 'proofgrid.cli' has no attribute {name!r}")


class _ClosedStream(io.TextIOBase):
    """Stands in for a standard stream the caller closed (``<&-``, ``>&-``).

    Python sets such a stream to None; reading or writing it then raises an
    OSError with a one-line message instead of an AttributeError traceback.
    """

    def __init__(self, which: str) -> None:
        self.which = which

    @property
    def buffer(self) -> _ClosedStream:
        return self

    def _closed(self) -> OSError:
        return OSError(errno.EBADF, f"standard {self.which} is closed")

    def read(self, size: int | None = -1) -> str:
        raise self._closed()

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        raise self._closed()

    def write(self, text: str) -> int:
        raise self._closed()

    def flush(self) -> None:
        return None


def _stand_in_for_closed_streams() -> None:
    if sys.stdin is None:
        sys.stdin = _ClosedStream("input")
    if sys.stdout is None:
        sys.stdout = _ClosedStream("output")


def _detach_stdout() -> None:
    """Point file descriptor 1 at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


#: An argument shaped like a game ID (``params#seed`` or ``params:desc``) or a
#: size (``-1x-1``) that begins with '-', which the parser reads as an option.
_DASHED_ID = re.compile(r"-[^-=\s][^=\s]*[#:].*|-\d+x-?\d+\S*")


def _dashed_id(argv: list[str] | None, exc: Exception) -> str | None:
    """The game-ID-looking argument behind an unknown option (click's ``NoSuchOption``,
    which typer vendors privately, hence read by its ``option_name``), if there is one."""
    option = getattr(exc, "option_name", None)
    if type(exc).__name__ != "NoSuchOption" or not isinstance(option, str) or not option:
        return None
    args = sys.argv[1:] if argv is None else argv
    for arg in args:
        if arg == "--":
            break
        if _DASHED_ID.fullmatch(arg) and arg.startswith(option):
            return arg
    return None


def main(argv: list[str] | None = None) -> int:
    """Console entry point; returns the exit status (:data:`common.EXIT_HELP`).

    Click runs in non-standalone mode so that usage errors, like engine errors,
    come out as a single ``error: ...`` line rather than a decorated box. A plain
    ``par`` command line runs without typer (:func:`proofgrid.cli.par.quick`,
    :func:`_as_click`), with the same statuses and messages.
    """
    _stand_in_for_closed_streams()
    try:
        quick = par.quick(sys.argv[1:] if argv is None else list(argv))
        if quick is not None:
            result = _as_click(quick)
        else:
            result = _app()(args=argv, prog_name="proofgrid", standalone_mode=False)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        return code if isinstance(code, int) else 1
    except ProofgridError as exc:
        common.error(str(exc))
        return 2
    except KeyboardInterrupt:
        common.error("interrupted")
        return common.EXIT_INTERRUPTED
    except BrokenPipeError:
        _detach_stdout()
        return 0
    except OSError as exc:  # a standard stream failed: /dev/full, closed stdin or stdout
        _detach_stdout()
        message = exc.strerror or str(exc)
        if not message.startswith("standard"):
            message = f"cannot write the output: {message}"
        common.error(message)
        return common.EXIT_STREAM
    except Exception as exc:  # typer's own: usage errors, Abort (typer is loaded then)
        return _typer_error(exc, argv)
    return result if isinstance(result, int) and not isinstance(result, bool) else 0


def _typer_error(exc: Exception, argv: list[str] | None) -> int:
    """The status of a typer exception (a usage error's one line, or ``interrupted``);
    anything else is raised again."""
    import typer  # noqa: PLC0415 (loaded already: it raised exc)
    from typer.exceptions import TyperException  # noqa: PLC0415

    if isinstance(exc, TyperException):
        # Usage errors and the like (typer vendors click; ClickException API).
        formatter = getattr(exc, "format_message", None)
        message = formatter() if callable(formatter) else str(exc)
        dashed = _dashed_id(argv, exc)
        ctx = getattr(exc, "ctx", None)
        if dashed is not None:
            path = ctx.command_path if ctx is not None else "proofgrid ..."
            message = (
                f"{dashed!r} starts with '-', so it reads as an option; to give it as "
                f"a game ID, put '--' before it: {path} -- {shlex.quote(dashed)}"
            )
        elif ctx is not None:
            message = f"{message} (see '{ctx.command_path} --help')"
        common.error(message)
        code = getattr(exc, "exit_code", 2)
        return code if isinstance(code, int) else 2
    if isinstance(exc, typer.Abort):
        common.error("interrupted")
        return common.EXIT_INTERRUPTED
    raise exc


class _PacifiedStream:
    """A standard stream whose flush ignores a closed pipe (EPIPE), as click's
    ``PacifyFlushWrapper`` does after a command hit one."""

    def __init__(self, wrapped: Any) -> None:
        self.wrapped = wrapped

    def flush(self) -> None:
        try:
            self.wrapped.flush()
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                raise

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.wrapped, attr)


def _as_click(command: Any) -> Any:
    """Run a command read by :func:`proofgrid.cli.par.quick` as click runs a command in
    non-standalone mode (typer's ``_main``): ``typer.Exit`` gives its status; a
    KeyboardInterrupt is status 130; an EOFError a newline on standard error and
    ``interrupted``; a closed pipe status 1, the standard streams pacified."""
    try:
        return command()
    except EOFError:
        print(file=sys.stderr)
        common.error("interrupted")
        return common.EXIT_INTERRUPTED
    except KeyboardInterrupt:
        return common.EXIT_INTERRUPTED
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            sys.stdout = _PacifiedStream(sys.stdout)
            sys.stderr = _PacifiedStream(sys.stderr)
            raise SystemExit(1) from exc
        raise
    except Exception as exc:
        typer = sys.modules.get("typer")  # common.fail raised typer.Exit: typer is loaded
        if typer is not None and isinstance(exc, typer.Exit):
            return exc.exit_code
        raise


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
