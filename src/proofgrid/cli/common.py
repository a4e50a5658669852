"""Shared CLI helpers: one-line errors, exit codes, commands built from declared options,
and option values read without pydantic.

Importing it does not import typer (``proofgrid par FILE`` runs without it:
:func:`proofgrid.cli.par.quick`); the helpers that need typer import it on use.
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from proofgrid.study_tasks import Option

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_BAD_INPUT = 2
#: A standard stream failed (closed input or output, a full disk): ``EX_IOERR``
#: of BSD's sysexits.h, so a script can tell it from a failed check or bad input.
EXIT_STREAM = 74
EXIT_INTERRUPTED = 130

#: The exit statuses, as ``--help`` shows them.
EXIT_HELP = (
    f"Exit status: {EXIT_OK} success, {EXIT_CHECK_FAILED} a check failed (--check, verify), "
    f"{EXIT_BAD_INPUT} bad input (one line 'error: ...'), {EXIT_STREAM} a standard stream "
    f"failed (closed input or output, a full disk), {EXIT_INTERRUPTED} interrupted."
)


def error(message: str) -> None:
    """Print ``error: message`` (first line only) on standard error."""
    line = message.strip().splitlines()[0] if message.strip() else "unknown error"
    print(f"error: {line}", file=sys.stderr)


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Report a one-line error and exit with ``code`` (2 = bad input): ``typer.Exit``,
    which click returns as the status."""
    import typer  # noqa: PLC0415 (typer on use: see the module doc)

    error(message)
    raise typer.Exit(code)


def option_parameter(opt: Option) -> inspect.Parameter:
    """A keyword parameter whose default is the ``typer.Option`` that ``opt`` declares.

    How the CLI mounts options a puzzle declares as data (study options,
    :attr:`proofgrid.puzzle.Puzzle.hint_options`).
    """
    import typer  # noqa: PLC0415 (typer on use: see the module doc)

    kind: Any = list[opt.kind] if opt.multiple else opt.kind  # type: ignore[name-defined]
    default = typer.Option(opt.default, *opt.flags, help=opt.help, min=opt.min)
    return inspect.Parameter(
        opt.name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind
    )


def keyword_command(
    name: str, params: list[inspect.Parameter], body: Callable[[dict[str, Any]], None]
) -> Callable[..., None]:
    """A function typer reads as a command with exactly ``params`` (typer calls it by keyword);
    ``body`` gets the values by name."""

    def command(**values: Any) -> None:
        body(values)

    command.__name__ = name
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    return command


_DIGITS = re.compile(r"[0-9]{1,18}")


class _QuickCoercion:
    """Reads a ``str``, ``int`` or ``bool`` option value as typer would, without pydantic.

    Recent typer coerces every value through a pydantic adapter; importing
    pydantic costs ``proofgrid par`` on a small file about a third of its run.
    A value whose meaning is plain (any text for ``str``; digits, or the default,
    within the option's bounds for ``int``; a flag's ``True``/``False``) is taken
    here; anything else goes to typer's own coercion (``fallback``), so every
    error reads as it always did.
    """

    def __init__(self, kind: type, bounds: tuple[Any, Any], fallback: Callable[[], Any]) -> None:
        self.kind = kind
        self.low, self.high = bounds
        self.fallback = fallback

    def _plain_int(self, value: object) -> int | None:
        if type(value) is int:
            number = value
        elif isinstance(value, str) and _DIGITS.fullmatch(value):
            number = int(value)
        else:
            return None
        too_low = self.low is not None and number < self.low
        too_high = self.high is not None and number > self.high
        return None if too_low or too_high else number

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        """The value for the command, as typer's ``RuntimeParam.coerce`` returns it."""
        if value is None and not (param.multiple or param.nargs == -1):
            return None
        if (self.kind is str and isinstance(value, str)) or (
            self.kind is bool and isinstance(value, bool)
        ):
            return value
        if self.kind is int and (number := self._plain_int(value)) is not None:
            return number
        return self.fallback().coerce(value, param=param, ctx=ctx)


def quicken(params: Iterable[Any]) -> None:
    """Let typer parameters read plain values without pydantic (:class:`_QuickCoercion`).

    Parameters of other types, or without the hooks used (another typer
    version), are left as they are: only the start-up time differs.

    Why a private hook (``param.type_descriptor``, ``param.get_runtime_param``)
    and not typer's public API: in typer 0.29, ``_TyperParameter.process_value``
    sends every value, except a bool flag's value that is already a ``bool``,
    through ``get_runtime_param().coerce``, and ``build_runtime_param`` imports
    ``typer._adapters``, whose first lines import pydantic. Every public hook
    goes the same way: ``typer.Option(parser=...)`` is wrapped in a pydantic
    ``TypeAdapter`` (``build_leaf_adapter``), ``callback=`` runs after the
    coercion, and ``click_type=`` no longer exists; a plain click command would
    need typer's vendored click (``typer._click``, private as well). Measured on
    this machine: ``par`` on a 2-line file and ``par --help``, ``matchless --help``
    all import pydantic without this hook (``--help`` alone does not), and ``par``
    on a small file takes about 1.5× the CPU time (median of 9 whole-process runs).
    """
    for param in params:
        desc = getattr(param, "type_descriptor", None)
        typer_coercion = getattr(param, "get_runtime_param", None)
        if desc is None or typer_coercion is None or desc.annotation not in (str, int, bool):
            continue
        info = desc.parameter_info
        bounds = (getattr(info, "min", None), getattr(info, "max", None))
        quick = _QuickCoercion(desc.annotation, bounds, typer_coercion)
        param.get_runtime_param = lambda quick=quick: quick


class QuickHelp:
    """Mixin for a typer command or group: its ``--help`` option is read without pydantic.

    Put it before the typer class (``class C(QuickHelp, TyperCommand)``).
    """

    def get_help_option(self, ctx: Any) -> Any:
        """The ``--help`` option, read without pydantic (:func:`quicken`)."""
        option = super().get_help_option(ctx)  # type: ignore[misc]
        quicken([option])
        return option
