"""The ``proofgrid`` command line: thin wrappers that parse, call the engines, print.

Each topic registers its commands from its own module (``par``, ``matchless``,
``kirchhoff``, ``web``). Every error a user can cause is reported as one line,
``error: ...`` on standard error, with exit status 2; never a traceback.
"""

from __future__ import annotations

import sys

import typer
from typer.exceptions import TyperException

from proofgrid.cli import common, kirchhoff, matchless, par, studies, web
from proofgrid.puzzle import ProofgridError

__all__ = ["app", "main"]

app = typer.Typer(
    name="proofgrid",
    help="Grid puzzles whose answers are proved by theorems, and the engines behind them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

for _module in (par, matchless, kirchhoff, studies, web):
    _module.register(app)


def main(argv: list[str] | None = None) -> int:
    """Console entry point; returns the exit status (0 ok, 1 check failed, 2 bad input).

    Click runs in non-standalone mode so that usage errors, like engine errors,
    come out as a single ``error: ...`` line rather than a decorated box.
    """
    try:
        result = app(args=argv, prog_name="proofgrid", standalone_mode=False)
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        return code if isinstance(code, int) else 1
    except TyperException as exc:
        # Usage errors and the like (typer vendors click; ClickException API).
        formatter = getattr(exc, "format_message", None)
        message = formatter() if callable(formatter) else str(exc)
        ctx = getattr(exc, "ctx", None)
        if ctx is not None:
            message = f"{message} (see '{ctx.command_path} --help')"
        common.error(message)
        code = getattr(exc, "exit_code", 2)
        return code if isinstance(code, int) else 2
    except ProofgridError as exc:
        common.error(str(exc))
        return 2
    except (KeyboardInterrupt, typer.Abort):
        common.error("interrupted")
        return 130
    except BrokenPipeError:
        return 0
    return result if isinstance(result, int) and not isinstance(result, bool) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
