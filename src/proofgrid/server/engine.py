"""The server's engine work: two worker pools, a small answer cache, and the errors they raise.

Every route that runs a puzzle engine awaits :meth:`Engine.run`; nothing
CPU-bound runs on the event loop, so the health check and the static site
answer at once whatever the engines are doing. Work goes to one of two
:class:`~proofgrid.server.pool.EnginePool` lanes:

* **generated** (``params#seed`` IDs, ``/new``, dailies): boards our own
  generator made, whose cost is bounded by their preset;
* **user-made** (``params:desc`` IDs): any board at all, possibly far too
  open, so it cannot hold up the other lane.

Workers run at a lower CPU priority than the server (:data:`LANE_NICE`: the
user-made lane lowest), so under load the event loop and the generated lane
are served first.

Answers are rendered to JSON bytes in the worker (:func:`~proofgrid.server.jobs.render`),
so the event loop neither validates nor serializes them. Dailies, seeded boards
and the positions and hints of generated boards are pure functions of their
inputs, so their bytes are kept in a small LRU cache (:data:`CACHE_SIZE`
answers) in the server process: a popular daily costs one engine call.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from proofgrid import registry
from proofgrid.errors import ProofgridError
from proofgrid.puzzle import split_game_id
from proofgrid.server.jobs import render
from proofgrid.server.pool import EnginePool, PoolSettings, WorkTimeoutError, context

__all__ = [
    "CACHE_SIZE",
    "LANE_NICE",
    "TOO_LONG",
    "Engine",
    "TooLongError",
    "engine_of",
    "preload_modules",
]

#: How much lower each lane's workers' CPU priority is than the server's.
LANE_NICE = {"generated": 3, "user": 8}
#: Answers kept by :meth:`Engine.json`.
CACHE_SIZE = 512
#: The 422 of work that outlives the time budget (``too_long`` of :meth:`Engine.run`).
TOO_LONG = "this request needs more than {budget:g} s of work"


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
    """The two lanes of worker pools of one app, created on first use.

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
        self._inflight: dict[Hashable, Any] = {}

    @property
    def budget(self) -> float:
        """Seconds a job may run once a worker has it."""
        return self.settings.budget

    def pool(self, lane: str) -> EnginePool:
        """The pool of ``lane`` (``"generated"`` or ``"user"``), started on first use."""
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
        """``"user"`` for a ``params:desc`` game ID, ``"generated"`` otherwise."""
        if gid is None:
            return "generated"
        try:
            return "user" if split_game_id(gid).desc is not None else "generated"
        except ProofgridError:
            return "user"

    def _submit(self, lane: str, fn: Callable[..., Any], *args: Any) -> Any:
        return self.pool(lane).submit(fn, *args)

    async def _await(self, fut: Any, too_long: str, *, shared: bool = False) -> Any:
        try:
            waiter = asyncio.wrap_future(fut)
            # a shared call must outlive any one client that goes away
            return await (asyncio.shield(waiter) if shared else waiter)
        except WorkTimeoutError as exc:
            raise TooLongError(too_long.format(budget=exc.budget)) from None

    async def run(
        self,
        fn: Callable[..., Any],
        *args: Any,
        gid: str | None = None,
        too_long: str = TOO_LONG,
    ) -> Any:
        """``fn(*args)`` in a worker of the lane for ``gid``.

        Raises :class:`~proofgrid.server.pool.SaturatedError` (503) when that
        lane's queue is full and :class:`TooLongError` (422, ``too_long``
        formatted with the budget) when the work outlives the budget.
        """
        return await self._await(self._submit(self.lane(gid), fn, *args), too_long)

    async def json(
        self,
        fn: Callable[..., Any],
        *args: Any,
        gid: str | None = None,
        too_long: str = TOO_LONG,
        pure: bool = False,
    ) -> bytes:
        """``fn(*args)`` rendered to JSON bytes in a worker (:meth:`run`).

        ``pure`` answers of the generated lane are cached (LRU, :data:`CACHE_SIZE`),
        and concurrent requests for one such answer share one engine call.
        """
        lane = self.lane(gid)
        if not (pure and lane == "generated"):
            body: bytes = await self.run(render, fn, *args, gid=gid, too_long=too_long)
            return body
        key: Hashable = (fn.__module__, fn.__qualname__, args)
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                hit: bytes = self._cache[key]
                return hit
            fut = self._inflight.get(key)
            if fut is None:
                fut = self._submit(lane, render, fn, *args)
                self._inflight[key] = fut
                fut.add_done_callback(lambda f: self._settle(key, f))
        body = await self._await(fut, too_long, shared=True)
        return body

    def _settle(self, key: Hashable, fut: Any) -> None:
        with self._lock:
            self._inflight.pop(key, None)
            if not fut.cancelled() and fut.exception() is None:
                self._cache[key] = fut.result()
                while len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)

    def close(self) -> None:
        """Stop every worker."""
        with self._lock:
            pools = list(self._pools.values())
            self._pools.clear()
        for p in pools:
            p.close()


def engine_of(request: Any) -> Engine:
    """The :class:`Engine` of the app serving ``request`` (``app.state.engine``)."""
    engine: Engine = request.app.state.engine
    return engine
