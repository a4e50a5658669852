"""The server's engine work: three lanes of worker pools, a small answer cache, admission
by expected wait, and the cancelling of work nobody waits for any more.

Every route that runs a puzzle engine awaits :meth:`Engine.run`; nothing
CPU-bound runs on the event loop, so the health check and the static site
answer at once whatever the engines are doing. Work goes to one of three
:class:`~proofgrid.server.pool.EnginePool` lanes, by what it costs:

* **generated** (``params#seed`` IDs, ``/new``, dailies) of an ordinary cost:
  boards our own generator made, whose cost is bounded by their params;
* **costly**: any request on a board whose params the puzzle itself prices
  at :data:`COSTLY` or more (:meth:`proofgrid.puzzle.Puzzle.job_cost`:
  size, grade), seeded or user-made alike, so a cheap generated request
  never waits behind them;
* **user-made** (``params:desc`` IDs) of an ordinary cost: any board at all,
  possibly far too open, so it cannot hold up the generated lane.

The puzzle of a request is the one its path names (``/api/{name}/...``), read
from the request context that :class:`~proofgrid.server.middleware.RequestContext`
keeps. Each job carries an estimate of its run time (the puzzle's cost, then
what its *kind* of job recently cost on this machine), so a lane refuses work
that would wait past its bound (503 with a booked ``Retry-After``;
:mod:`proofgrid.server.pool`). A kind is the job, the board's cost and, for
a puzzle's declared route, the request's options (every scalar field but the
game ID, the moves and a ``seed``: a duel's level, rule and time budget), so
a perfect duel and a greedy one on the same board are priced apart. A
request field ``budget_ms`` is the job's own time budget: it is the prior of
a kind never measured. Work whose kind usually costs a second or more (its
smoothed run time, not its price: the deviation margin of a cheap kind on a
loaded machine must not send it there) goes to the costly lane even when its
params are priced cheap, so a kind of
work the puzzle under-prices cannot starve the cheap lane for long.
While a request waits, the engine also listens for its client's
``http.disconnect``: work nobody waits for any more is cancelled before it
starts, or its worker killed and replaced if it runs.

Work on a board a puzzle generated, when the puzzle bounds it by counted steps
(:attr:`~proofgrid.puzzle.Puzzle.counted_work`: Kirchhoff's generator and the
answers from its known solution), runs under no time budget, only the bound
(:meth:`Engine.timed`): a loaded machine makes it late (503 and a retry),
never a different answer (the 422 of the budget). Such a call answered late
goes on (until it has used one bound of CPU time: a starved worker takes
longer) and its answer is cached, so the retry finds it instead of starting the
same work again.

Workers run at a lower CPU priority than the server (:data:`LANE_NICE`: the
costly and user-made lanes lowest), so under load the event loop and the
generated lane are served first.

Answers are rendered to JSON bytes in the worker (:func:`~proofgrid.server.jobs.render`),
so the event loop neither validates nor serializes them. Dailies, seeded boards
and the positions and hints of generated boards are pure functions of their
inputs, so their bytes are kept in a small LRU cache (:data:`CACHE_SIZE`
answers) in the server process: a popular daily costs one engine call. A
puzzle's declared route may say which of its answers are deterministic
(:attr:`proofgrid.routes.Route.deterministic`: the duel bot's random and
greedy moves, and a perfect move its exact search proved), and those are kept
too, by their canonical request.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from proofgrid import midend, registry
from proofgrid.errors import ProofgridError
from proofgrid.puzzle import Puzzle, split_game_id
from proofgrid.server.jobs import kept_route_job, render, route_job
from proofgrid.server.middleware import ClientGoneError, current_request
from proofgrid.server.pool import EnginePool, PoolSettings, WorkTimeoutError, context

__all__ = [
    "CACHE_SIZE",
    "COSTLY",
    "LANE_NICE",
    "TOO_LONG",
    "Engine",
    "TooLongError",
    "engine_of",
    "preload_modules",
]

#: How much lower each lane's workers' CPU priority is than the server's.
LANE_NICE = {"generated": 3, "costly": 8, "user": 8}
#: The :meth:`~proofgrid.puzzle.Puzzle.job_cost` (tenths of a second) from which
#: a request goes to the costly lane.
COSTLY = 10
#: Answers kept by :meth:`Engine.json`.
CACHE_SIZE = 512
#: The 422 of work that outlives the time budget (``too_long`` of :meth:`Engine.run`).
TOO_LONG = (
    "this request ran out of time: it took longer than the server's {budget:g} s budget "
    "and was stopped"
)


class TooLongError(ProofgridError):
    """The work did not finish within the time budget (an HTTP 422)."""

    http_status = 422


def preload_modules() -> list[str]:
    """Modules the fork server imports once, so a new worker starts with the engines loaded."""
    mods = ["proofgrid.server.pool", "proofgrid.server.jobs"]
    for e in registry.entries():
        puzzle = registry.get(e.name)
        mods.append(e.target.partition(":")[0])
        mods.extend(m for m in puzzle.surfaces.values() if m)
    return list(dict.fromkeys(mods))


class Engine:
    """The three lanes of worker pools of one app, created on first use.

    Parameters
    ----------
    settings : PoolSettings
        Applied to each lane.
    """

    def __init__(self, settings: PoolSettings | None = None) -> None:
        self.settings = settings or PoolSettings()
        self._lock = threading.RLock()
        self._pools: dict[str, EnginePool] = {}
        self._cache: OrderedDict[Hashable, Any] = OrderedDict()
        self._inflight: dict[Hashable, _Shared] = {}

    @property
    def budget(self) -> float:
        """Seconds a job may run once a worker has it."""
        return self.settings.budget

    def pool(self, lane: str) -> EnginePool:
        """The pool of ``lane`` (``"generated"``, ``"costly"`` or ``"user"``), started on
        first use."""
        with self._lock:
            pool = self._pools.get(lane)
            if pool is None:
                ctx = context(preload_modules())
                settings = dataclasses.replace(self.settings, nice=LANE_NICE.get(lane, 0))
                pool = self._pools[lane] = EnginePool(settings, ctx, name=lane)
            return pool

    def pools(self) -> list[EnginePool]:
        """The pools started so far."""
        with self._lock:
            return list(self._pools.values())

    @staticmethod
    def lane(gid: str | None) -> str:
        """``"user"`` for a ``params:desc`` game ID, ``"generated"`` otherwise (by kind
        alone; :meth:`route` also weighs the cost)."""
        if gid is None:
            return "generated"
        try:
            return "user" if split_game_id(gid).desc is not None else "generated"
        except ProofgridError:
            return "user"

    @staticmethod
    def request_puzzle() -> Puzzle[Any, Any] | None:
        """The registered puzzle the current request's path names (``/api/{name}/...``)."""
        req = current_request.get()
        if req is None:
            return None
        parts = str(req.scope.get("path", "")).split("/")
        if len(parts) < 3 or parts[1] != "api" or parts[2] not in registry.names():
            return None
        return registry.get(parts[2])

    def route(self, gid: str | None) -> tuple[str, int]:
        """The lane and the cost (:meth:`~proofgrid.puzzle.Puzzle.job_cost`, at least 1)
        of a request on ``gid`` for the current request's puzzle (module docstring)."""
        kind = self.lane(gid)
        puzzle = self.request_puzzle()
        cost = 1
        if puzzle is not None and gid is not None:
            try:
                params = midend.decode_params(puzzle, split_game_id(gid).params)
                cost = max(1, int(puzzle.job_cost(params)))
            except (ProofgridError, ValueError):
                cost = 1
        return ("costly" if cost >= COSTLY else kind), cost

    def plan(
        self, gid: str | None, fn: Callable[..., Any], *args: Any
    ) -> tuple[str, Hashable, float]:
        """The lane, the kind and the prior estimate (seconds) of ``fn(*args)`` on ``gid``
        (module docstring). O(pools)."""
        lane, cost = self.route(gid)
        job = args[0] if fn is render and args else fn
        rest = args[1:] if fn is render else args
        prior = cost / 10
        shape: tuple[tuple[str, Any], ...] = ()
        if job in (route_job, kept_route_job) and len(rest) >= 3:
            # (target, declared job[, its deterministic test], request JSON)
            job = rest[1]
            shape, budget = _options(rest[-1])
            prior = max(prior, budget)
        kind = (getattr(job, "__module__", ""), getattr(job, "__qualname__", ""), cost, shape)
        if (
            lane != "costly"
            and max([prior, *(p.typical(kind) for p in self.pools() if p.name == lane)])
            >= COSTLY / 10
        ):
            lane = "costly"
        return lane, kind, prior

    def timed(self, gid: str | None) -> bool:
        """Whether the time budget applies to a job on ``gid``: always, except on a board
        the current request's puzzle generated (a ``params#seed`` ID, ``new``, a daily)
        when the puzzle bounds that work by counted steps
        (:attr:`~proofgrid.puzzle.Puzzle.counted_work`); such a job is cut only by the
        bound (a late 503, never a 422), so load never changes its answer. O(1)."""
        puzzle = self.request_puzzle()
        return not (puzzle is not None and puzzle.counted_work and self.lane(gid) == "generated")

    def _submit(
        self, gid: str | None, fn: Callable[..., Any], *args: Any
    ) -> tuple[EnginePool, concurrent.futures.Future[Any]]:
        lane, kind, prior = self.plan(gid, fn, *args)
        pool = self.pool(lane)
        fut = pool.submit(fn, *args, kind=kind, estimate=prior, timed=self.timed(gid))
        return pool, fut

    def _deadline(self) -> float:
        """When (``loop.time()``) the current request's answer is due: its arrival plus
        the bound (now plus the bound outside a request)."""
        req = current_request.get()
        began = req.began if req is not None else asyncio.get_running_loop().time()
        return began + self.settings.bound

    @staticmethod
    async def _gone() -> None:
        """Return when the current request's client has disconnected (never without one)."""
        req = current_request.get()
        if req is None:
            await asyncio.Event().wait()
            return
        await req.disconnected()

    async def _await(
        self,
        fut: concurrent.futures.Future[Any],
        too_long: str,
        on_gone: Callable[[], None],
        pool: EnginePool,
        on_late: Callable[[], None] | None = None,
    ) -> Any:
        """The result of ``fut``; or ``on_gone()`` and :class:`ClientGoneError` if the client
        goes away first, or ``on_late()`` (default ``on_gone()``) and a 503
        (:meth:`EnginePool.late`) at the request's bound, whatever the pool is doing (a
        worker slow to start, say)."""
        waiter = asyncio.wrap_future(fut)
        # never cancel the waiter: that would cancel ``fut``, which others may share
        waiter.add_done_callback(lambda w: w.cancelled() or w.exception())
        gone = asyncio.ensure_future(self._gone())
        left = max(0.0, self._deadline() - asyncio.get_running_loop().time())
        try:
            done, _ = await asyncio.wait(
                {waiter, gone}, timeout=left, return_when=asyncio.FIRST_COMPLETED
            )
        except asyncio.CancelledError:
            on_gone()
            raise
        finally:
            gone.cancel()
        if gone in done:
            on_gone()
            raise ClientGoneError("the client closed the connection")
        if waiter not in done:
            (on_late or on_gone)()
            raise pool.late(pool.settings.budget, fut if on_late is not None else None)
        try:
            return waiter.result()
        except WorkTimeoutError as exc:
            raise TooLongError(too_long.format(budget=exc.budget)) from None

    async def run(
        self,
        fn: Callable[..., Any],
        *args: Any,
        gid: str | None = None,
        too_long: str = TOO_LONG,
    ) -> Any:
        """``fn(*args)`` in a worker of the lane for ``gid`` (:meth:`route`).

        Raises :class:`~proofgrid.server.pool.SaturatedError` (503) when that
        lane would make it wait past its bound, :class:`TooLongError` (422,
        ``too_long`` formatted with the budget) when the work outlives the
        budget, and :class:`~proofgrid.server.middleware.ClientGoneError` when
        the client disconnects first (the work is cancelled or its worker killed).
        """
        pool, fut = self._submit(gid, fn, *args)
        return await self._await(fut, too_long, lambda: pool.abandon(fut), pool)

    async def json(
        self,
        fn: Callable[..., Any],
        *args: Any,
        gid: str | None = None,
        too_long: str = TOO_LONG,
        pure: bool = False,
        kept: bool = False,
    ) -> bytes:
        """``fn(*args)`` rendered to JSON bytes in a worker (:meth:`run`).

        ``pure`` answers of generated boards (any lane but ``user``) are cached
        (LRU, :data:`CACHE_SIZE`), and concurrent requests for one such answer
        share one engine call, abandoned only when every one of them has gone.
        With ``kept``, ``fn`` itself answers ``(JSON bytes, deterministic)``
        (:func:`~proofgrid.server.jobs.kept_route_job`) and only the answers it
        says are deterministic are cached, by the same key (the function and its
        arguments, the canonical request among them).
        """
        call: tuple[Any, ...] = (fn, *args) if kept else (render, fn, *args)
        if not ((pure or kept) and self.lane(gid) == "generated"):
            done: Any = await self.run(*call, gid=gid, too_long=too_long)
            body: bytes = done[0] if kept else done
            return body
        key: Hashable = (fn.__module__, fn.__qualname__, args)
        linger = not self.timed(gid)
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                hit: bytes = self._cache[key]
                return hit
            shared = self._inflight.get(key)
            if shared is None:
                pool, fut = self._submit(gid, *call)
                shared = self._inflight[key] = _Shared(pool, fut)
                fut.add_done_callback(lambda f: self._settle(key, f, kept))
            shared.waiters += 1
        got: Any = await self._await(
            shared.fut,
            too_long,
            lambda: self._leave(key, shared),
            shared.pool,
            (lambda: self._leave(key, shared, linger=True)) if linger else None,
        )
        body = got[0] if kept else got
        return body

    def _leave(self, key: Hashable, shared: _Shared, *, linger: bool = False) -> None:
        """One waiter of a shared call went away; abandon the call if it was the last.

        With ``linger`` (counted work whose waiter was answered late at its bound) the
        call goes on even so: the pool lets it use one bound of CPU time, its answer is
        cached (:meth:`_settle`) and a retry after ``Retry-After`` finds it there, or
        joins the call still running, instead of starting the same work again.
        """
        with self._lock:
            shared.waiters -= 1
            last = shared.waiters <= 0 and not linger
            if last and self._inflight.get(key) is shared:
                del self._inflight[key]
        if last:
            shared.pool.abandon(shared.fut)

    def _settle(self, key: Hashable, fut: Any, kept: bool = False) -> None:
        """A shared call ended: forget it, and cache its answer (a ``kept`` one only if
        its job said it is deterministic), evicting the least recently used past
        :data:`CACHE_SIZE`. O(1)."""
        with self._lock:
            shared = self._inflight.get(key)
            if shared is not None and shared.fut is fut:
                del self._inflight[key]
            if not fut.cancelled() and fut.exception() is None:
                body, keep = fut.result() if kept else (fut.result(), True)
                if keep:
                    self._cache[key] = body
                    while len(self._cache) > CACHE_SIZE:
                        self._cache.popitem(last=False)

    def close(self) -> None:
        """Stop every worker."""
        with self._lock:
            pools = list(self._pools.values())
            self._pools.clear()
        for p in pools:
            p.close()


def _options(request: str) -> tuple[tuple[tuple[str, Any], ...], float]:
    """The options of a declared route's request (JSON text): its scalar fields but
    ``id``, ``moves`` and ``seed``, sorted; and its ``budget_ms`` in seconds (0 if none)."""
    try:
        data = json.loads(request)
    except ValueError:
        return (), 0.0
    if not isinstance(data, dict):
        return (), 0.0
    shape = tuple(
        sorted(
            (k, v)
            for k, v in data.items()
            if k not in ("id", "moves", "seed") and isinstance(v, str | int | float | bool)
        )
    )
    budget = data.get("budget_ms")
    seconds = budget / 1000 if isinstance(budget, int | float) and budget > 0 else 0.0
    return shape, float(seconds)


@dataclasses.dataclass(slots=True)
class _Shared:
    """One engine call that concurrent requests for the same pure answer share."""

    pool: EnginePool
    fut: concurrent.futures.Future[Any]
    waiters: int = 0


def engine_of(request: Any) -> Engine:
    """The :class:`Engine` of the app serving ``request`` (``app.state.engine``)."""
    engine: Engine = request.app.state.engine
    return engine
