"""The JSON API: one set of routes for every registered puzzle, generated from the registry.

For each puzzle ``name`` of :mod:`proofgrid.registry`, one router with prefix
``/api/{name}`` holds the same five operations, each answered by the midend's
one writer of it (:mod:`proofgrid.midend`), the function the CLI's ``--json``
prints, so both give the same bytes for the same request:

* ``GET /daily`` and ``GET /daily/{date}`` (``?preset=`` where the puzzle has a
  series per preset): the daily board of today (the server's UTC date, given in
  the answer's ``date``) or of a ``YYYY-MM-DD`` date
  (``proofgrid <puzzle> daily --date D --json``);
* ``GET /new?params=&seed=``: the board generated from params (or a preset
  name, any case) and a seed text (``new --params P --seed S --json``);
* ``GET /solve?id=`` and ``POST /solve`` (:class:`~proofgrid.server.models.PlayIn`):
  a game ID's board with its proof and the position after some moves
  (``solve ID --moves ... --json``);
* ``POST /status`` (:class:`~proofgrid.server.models.PlayIn`): the contract's
  status after some moves (``status ID --moves ... --json``);
* ``POST /hint`` (:class:`~proofgrid.server.models.PlayIn` plus the puzzle's
  declared hint options, :func:`~proofgrid.server.models.hint_request`): the
  hint of the position after some moves (``hint ID --moves ... [--mark-empties]
  --json``).

Every engine call runs in a worker process (:mod:`proofgrid.server.engine`);
the handlers themselves only await. The response models are composed from
the models the puzzle declares (:func:`~proofgrid.server.models.answer_models`)
and every route declares the error answers
(:data:`~proofgrid.server.models.ERROR_RESPONSES`), so the OpenAPI schema
describes every answer exactly. The routes only one puzzle has
are declared by it as data (:class:`proofgrid.routes.Route` rows,
:meth:`~proofgrid.puzzle.Puzzle.routes`) and mounted here by :func:`mount_route`:
the puzzle imports nothing of the server. The routers are
built when the app is, so the puzzle packages are imported then, not on
``import proofgrid.server``.

Caching (``Cache-Control``): a dated daily, a seeded ``/new`` and ``GET /solve``
of a game ID never change, so they are ``public, max-age=31536000, immutable``;
today's daily is ``public, max-age=300``; POST answers and errors are ``no-store``.
"""

from __future__ import annotations

import datetime as dt
import inspect
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response

from proofgrid import midend, registry
from proofgrid.routes import Route
from proofgrid.server import jobs
from proofgrid.server.engine import TOO_LONG, engine_of
from proofgrid.server.models import (
    ERROR_RESPONSES,
    MAX_ID_CHARS,
    MAX_PARAMS_CHARS,
    MAX_SEED_CHARS,
    PlayIn,
    answer_models,
    hint_request,
)

__all__ = [
    "FOREVER",
    "NO_STORE",
    "TODAY",
    "TOO_LONG",
    "answer",
    "api_routers",
    "health_router",
    "mount_route",
    "puzzle_router",
    "today",
]

#: ``Cache-Control`` of answers that never change (a dated daily, a seeded board).
FOREVER = "public, max-age=31536000, immutable"
#: ``Cache-Control`` of today's daily (it changes at midnight UTC).
TODAY = "public, max-age=300"
#: ``Cache-Control`` of POST answers and errors.
NO_STORE = "no-store"

_DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"


def answer(body: bytes, cache_control: str) -> Response:
    """JSON bytes rendered by a worker, sent as they are, with their ``Cache-Control``."""
    return Response(body, media_type="application/json", headers={"Cache-Control": cache_control})


def today() -> dt.date:
    """The server's calendar date in UTC (what "today's daily" means here)."""
    return midend.utc_today()


def health_router() -> APIRouter:
    """``GET /api/health``: a liveness check (answered on the event loop, never queued)."""
    router = APIRouter(prefix="/api")

    @router.get("/health", summary="Liveness check", responses=ERROR_RESPONSES)
    async def health(response: Response) -> dict[str, str]:
        response.headers["Cache-Control"] = NO_STORE
        return {"status": "ok"}

    return router


def puzzle_router(name: str) -> APIRouter:
    """The routes ``/api/{name}/...`` of one registered puzzle (module docstring)."""
    puzzle = registry.get(name)
    target = registry.entry(name).target
    models = answer_models(name, puzzle.title or name.title(), puzzle.api_surface())
    title = puzzle.title or name.title()
    default = puzzle.encode_params(puzzle.default_params())
    presets = ", ".join(puzzle.presets())
    params_help = f"params text, e.g. {default}" + (
        f", or a preset (any case): {presets}" if presets else ""
    )
    router = APIRouter(prefix=f"/api/{name}", tags=[name])

    async def position_answer(job: Any, body: PlayIn, request: Request) -> Response:
        """``job(target, id, moves)`` of a position (solve, hint), in the game ID's lane."""
        data = await engine_of(request).json(
            job, target, body.id, tuple(body.moves), gid=body.id, too_long=TOO_LONG, pure=True
        )
        return answer(data, NO_STORE)

    async def daily_answer(
        request: Request, day: dt.date, preset: str | None, cache_control: str
    ) -> Response:
        if not puzzle.daily_before_launch:
            midend.puzzle_number(puzzle, day)  # refuse before the launch without a worker
        body = await engine_of(request).json(
            jobs.daily_job, target, day.isoformat(), preset, pure=True
        )
        return answer(body, cache_control)

    preset_query = Query(
        None,
        max_length=MAX_PARAMS_CHARS,
        description="a preset's series, where the puzzle has one per preset",
    )

    @router.get(
        "/daily",
        summary=f"Today's daily {title} (the server's UTC date, given in `date`)",
        response_model=models["daily"],
        responses=ERROR_RESPONSES,
    )
    async def daily_today(request: Request, preset: str | None = preset_query) -> Any:
        return await daily_answer(request, today(), preset, TODAY)

    @router.get(
        "/daily/{date}",
        summary=f"The daily {title} of a given date",
        response_model=models["daily"],
        responses=ERROR_RESPONSES,
    )
    async def daily_on(
        request: Request,
        date: str = Path(..., pattern=_DATE_PATTERN, description="YYYY-MM-DD"),
        preset: str | None = preset_query,
    ) -> Any:
        return await daily_answer(request, midend.parse_date(date), preset, FOREVER)

    @router.get(
        "/new",
        summary=f"Generate a {title} board for params and a seed",
        response_model=models["new"],
        responses=ERROR_RESPONSES,
    )
    async def new_board(
        request: Request,
        params: str = Query(default, max_length=MAX_PARAMS_CHARS, description=params_help),
        seed: str = Query(
            ..., min_length=1, max_length=MAX_SEED_CHARS, description="digits or any text"
        ),
    ) -> Any:
        canonical = puzzle.encode_params(midend.decode_params(puzzle, params))
        body = await engine_of(request).json(
            jobs.new_job, target, canonical, seed, gid=f"{canonical}#{seed}", pure=True
        )
        return answer(body, FOREVER)

    @router.get(
        "/solve",
        summary=f"The proof of a {title} game ID",
        response_model=models["solve"],
        responses=ERROR_RESPONSES,
    )
    async def solve_get(
        request: Request,
        id: str = Query(..., min_length=1, max_length=MAX_ID_CHARS, description="game ID"),
    ) -> Any:
        body = await engine_of(request).json(
            jobs.play_job, target, id, (), gid=id, too_long=TOO_LONG, pure=True
        )
        return answer(body, FOREVER)

    @router.post(
        "/solve",
        summary=f"The proof of a {title} game ID and the position after some moves",
        response_model=models["solve"],
        responses=ERROR_RESPONSES,
    )
    async def solve_post(body: PlayIn, request: Request) -> Any:
        return await position_answer(jobs.play_job, body, request)

    @router.post(
        "/status",
        summary=f"Whether a {title} position is won, lost or playing after some moves",
        response_model=models["status"],
        responses=ERROR_RESPONSES,
    )
    async def status_post(body: PlayIn, request: Request) -> Any:
        return await position_answer(jobs.status_job, body, request)

    hint_in = hint_request(puzzle.title or name.title(), tuple(puzzle.hint_options))
    option_names = tuple(n for n in hint_in.model_fields if n not in PlayIn.model_fields)

    async def hint(body: Any, request: Request) -> Response:
        options = tuple((n, getattr(body, n)) for n in option_names)
        data = await engine_of(request).json(
            jobs.hint_job,
            target,
            body.id,
            tuple(body.moves),
            options,
            gid=body.id,
            too_long=TOO_LONG,
            pure=True,
        )
        return answer(data, NO_STORE)

    # FastAPI reads the body's model from the signature: the puzzle's own request model
    plain = inspect.Parameter.POSITIONAL_OR_KEYWORD
    hint.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("body", plain, annotation=hint_in),
            inspect.Parameter("request", plain, annotation=Request),
        ],
        return_annotation=Response,
    )
    router.add_api_route(
        "/hint",
        hint,
        methods=["POST"],
        summary=f"The next move of a {title} position, with its reason and proof",
        response_model=models["hint"],
        responses=ERROR_RESPONSES,
    )

    for route in puzzle.routes():
        mount_route(router, target, route)
    return router


def mount_route(router: APIRouter, target: str, route: Route) -> None:
    """Mount a puzzle's declared route on its router (:class:`proofgrid.routes.Route`).

    The request is validated by ``route.request`` (the body of a POST, the
    query of a GET); ``route.job`` runs in a worker of the lane of the
    request's ``id`` (when it has one) and its answer is sent as the worker
    rendered it. A POST answer is ``no-store``; a pure GET answer never changes.
    The server caches pure answers, and those the route's ``deterministic`` test
    passes, keyed by the canonical request (the model's JSON).
    """
    model = route.request

    async def handler(body: Any, request: Request) -> Response:
        gid = getattr(body, "id", None)
        if route.deterministic is not None:  # the worker says which answers are kept
            data = await engine_of(request).json(
                jobs.kept_route_job,
                target,
                route.job,
                route.deterministic,
                body.model_dump_json(),
                gid=gid,
                kept=True,
            )
        else:
            data = await engine_of(request).json(
                jobs.route_job, target, route.job, body.model_dump_json(), gid=gid, pure=route.pure
            )
        cache = FOREVER if route.method == "GET" and route.pure else NO_STORE
        return answer(data, cache)

    # FastAPI reads the handler's parameters from its signature: the declared model
    plain = inspect.Parameter.POSITIONAL_OR_KEYWORD
    body_type: Any = model if route.method == "POST" else Annotated[model, Query()]
    handler.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("body", plain, annotation=body_type),
            inspect.Parameter("request", plain, annotation=Request),
        ],
        return_annotation=Response,
    )
    router.add_api_route(
        route.path,
        handler,
        methods=[route.method],
        summary=route.summary,
        response_model=route.response,
        responses=ERROR_RESPONSES,
    )


def api_routers() -> list[APIRouter]:
    """The health check, then one router per registered puzzle, in registration order."""
    return [health_router(), *(puzzle_router(e.name) for e in registry.entries())]
