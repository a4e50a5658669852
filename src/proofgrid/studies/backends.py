"""Where tasks run: in this process, on a local process pool, or on a Dask cluster.

Three backends behind one small interface (:class:`Backend`): ``submit`` a
:class:`~proofgrid.tasks.Task`, ``wait_any`` for some of the handles to
finish, take a ``result``, ``abort`` what is still pending, ``close``.

* :class:`InlineBackend` — one worker: the runner calls the tasks itself, in
  order, with no pickling and no process start-up.
* :class:`PoolBackend` — :class:`concurrent.futures.ProcessPoolExecutor`.
  :meth:`PoolBackend.start` launches the workers at once; on Linux, while this
  process runs a single thread (the CLI starts the pool before its progress
  bar), they are forked (``fork``): a worker then starts in milliseconds with
  every engine already imported. Never ``fork`` with other threads running (the
  progress bar's, a Dask client's, a test runner's): the child could inherit
  a lock another thread holds. Then, and on other systems, a ``forkserver``
  context (``spawn`` where there is none) whose server preloads the engines,
  so a worker costs a fork of the server, not a fresh interpreter; starting
  the server costs about 0.2 s. Workers ignore SIGINT: Ctrl-C reaches the
  parent only, which cancels the pending tasks and terminates the running
  ones. Workers die with their parent, even one killed by SIGKILL (which no
  handler sees): on Linux by a parent-death signal (``PR_SET_PDEATHSIG``),
  elsewhere by a thread that watches the parent's pid
  (:func:`die_with_parent`).
* :class:`DaskBackend` — ``dask.distributed.Client(address).submit`` on a
  running scheduler. The workers must be able to import :mod:`proofgrid`
  (install the same version there); tasks travel as references to module-level
  functions plus small argument tuples.

Results never depend on the backend: see :mod:`proofgrid.tasks`.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Collection
from typing import Any, Protocol

from proofgrid.errors import ProofgridError, extra_imports
from proofgrid.tasks import Task

__all__ = [
    "PRELOAD",
    "Backend",
    "BackendError",
    "DaskBackend",
    "InlineBackend",
    "PoolBackend",
    "default_workers",
    "die_with_parent",
    "make_backend",
    "start_method",
]

PRELOAD: tuple[str, ...] = ("__main__",)
"""Modules the fork server imports once, before forking workers (and a study's own).

A :class:`PoolBackend` adds the modules its study's tasks live in (the CLI
passes those of the puzzle whose study runs, from the registry), so a worker
forked from the server finds the engines already imported.

``__main__`` first: a worker must be able to unpickle functions defined in the
main module, so without it every worker would re-import the main module (for
the ``proofgrid`` command, the whole CLI) after its fork. (CPython 3.11's fork
server never receives the main module's path, so there each worker still
imports it after its fork: about 0.2 s, one more reason to ``fork`` when that
is safe.)
"""


class BackendError(ProofgridError):
    """A backend cannot be used (bad worker count, unreachable scheduler)."""


def default_workers() -> int:
    """The cores this process may run on (its CPU affinity), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class Backend(Protocol):
    """What the runner needs from a place to run tasks."""

    @property
    def name(self) -> str:
        """Short description for messages (``inline``, ``pool(2)``, ``dask(tcp://…)``)."""
        ...

    @property
    def inline(self) -> bool:
        """True when the runner should call the tasks itself, in order."""
        ...

    @property
    def slots(self) -> int:
        """How many tasks can run at once."""
        ...

    def start(self) -> None:
        """Get the workers ready now (idempotent); called before any thread starts."""
        ...

    def submit(self, task: Task) -> Any:
        """Start ``task``; return a handle."""
        ...

    def wait_any(self, handles: Collection[Any]) -> set[Any]:
        """Block until at least one handle is done; return the done ones."""
        ...

    def result(self, handle: Any) -> Any:
        """The value of a done handle (re-raises the task's exception)."""
        ...

    def abort(self, handles: Collection[Any]) -> None:
        """Cancel the pending handles and stop the running ones as soon as possible."""
        ...

    def close(self) -> None:
        """Release workers and connections."""
        ...


class InlineBackend:
    """Run every task in this process, in order (one worker)."""

    name = "inline"
    inline = True
    slots = 1

    def start(self) -> None:
        """Nothing to start."""

    def submit(self, task: Task) -> Any:  # pragma: no cover - the runner never submits here
        raise NotImplementedError("the runner calls inline tasks itself")

    def wait_any(self, handles: Collection[Any]) -> set[Any]:  # pragma: no cover
        raise NotImplementedError("the runner calls inline tasks itself")

    def result(self, handle: Any) -> Any:  # pragma: no cover
        raise NotImplementedError("the runner calls inline tasks itself")

    def abort(self, handles: Collection[Any]) -> None:
        """Nothing runs in the background."""

    def close(self) -> None:
        """Nothing to release."""


_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def die_with_parent(expected: int | None = None, *, poll: float = 0.5) -> None:
    """Make this process end when its parent does, however the parent ends.

    On Linux the kernel sends SIGKILL when the parent exits (``prctl`` with
    ``PR_SET_PDEATHSIG``); elsewhere, or if that call fails, a daemon thread
    polls :func:`os.getppid` every ``poll`` seconds and exits when it changes.
    ``expected``: the parent's pid if known; if the parent has already gone
    (the process was re-parented before this call), exit at once.
    """
    parent = os.getppid() if expected is None else expected
    armed = False
    if sys.platform.startswith("linux"):
        import ctypes  # noqa: PLC0415 (only in workers)

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            armed = libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
        except (OSError, AttributeError):  # pragma: no cover - no prctl in this libc
            armed = False
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)
    if not armed:  # pragma: no cover - not Linux

        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(poll)
            os._exit(1)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _worker_init(parent: int | None) -> None:
    """Pool worker initialiser: leave Ctrl-C to the parent, and die with the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)


def _noop() -> None:
    """A task that does nothing (:meth:`PoolBackend.start` uses it to launch the workers)."""


def start_method(threads: int | None = None) -> str:
    """The pool's start method when this process runs ``threads`` threads (default: now).

    ``fork`` on Linux with a single thread; else ``forkserver`` where it
    exists; else ``spawn`` (module docstring).
    """
    methods = multiprocessing.get_all_start_methods()
    n = threading.active_count() if threads is None else threads
    if n == 1 and sys.platform.startswith("linux") and "fork" in methods:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def _context(preload: tuple[str, ...] = ()) -> multiprocessing.context.BaseContext:
    method = start_method()
    if method == "fork":
        return multiprocessing.get_context("fork")
    if method == "forkserver":
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(list(dict.fromkeys((*PRELOAD, *preload))))
        return ctx
    return multiprocessing.get_context("spawn")  # pragma: no cover - not POSIX


class PoolBackend:
    """A local :class:`~concurrent.futures.ProcessPoolExecutor` of ``workers`` processes.

    The pool starts on the first submit and is rebuilt after an abort.
    ``preload`` names modules a ``forkserver`` imports before forking workers
    (after :data:`PRELOAD`).
    """

    inline = False

    def __init__(self, workers: int, *, preload: tuple[str, ...] = ()) -> None:
        if workers < 1:
            raise BackendError(f"need at least one worker, got {workers}")
        self._workers = workers
        self._preload = preload
        self._pool: cf.ProcessPoolExecutor | None = None
        self.method: str | None = None
        """The start method of the running pool (:func:`start_method`); None before."""

    @property
    def name(self) -> str:
        """``pool(N)``."""
        return f"pool({self._workers})"

    @property
    def slots(self) -> int:
        """The number of worker processes."""
        return self._workers

    def _executor(self) -> cf.ProcessPoolExecutor:
        if self._pool is None:
            ctx = _context(self._preload)
            self.method = ctx.get_start_method()
            # A forked worker's parent is this process; a fork server's child's is the
            # server (which exits when this process does).
            parent = os.getpid() if self.method == "fork" else None
            self._pool = cf.ProcessPoolExecutor(
                self._workers, mp_context=ctx, initializer=_worker_init, initargs=(parent,)
            )
        return self._pool

    def start(self) -> None:
        """Launch the worker processes now (a no-op task makes the executor start them all).

        Idempotent. Call it before starting threads, so they may be forked.
        """
        if self._pool is None:
            self._executor().submit(_noop)

    def submit(self, task: Task) -> cf.Future[Any]:
        """Queue ``task`` on the pool."""
        return self._executor().submit(task.fn, *task.args)

    def wait_any(self, handles: Collection[Any]) -> set[Any]:
        """:func:`concurrent.futures.wait` with ``FIRST_COMPLETED``."""
        return set(cf.wait(handles, return_when=cf.FIRST_COMPLETED).done)

    def result(self, handle: Any) -> Any:
        """``handle.result()``."""
        return handle.result()

    def abort(self, handles: Collection[Any]) -> None:
        """Cancel queued tasks and terminate the workers (running tasks are lost)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        procs = list((pool._processes or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            p.terminate()
        pool.shutdown(wait=True)

    def close(self) -> None:
        """Shut the pool down, waiting for its workers to exit."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)


class DaskBackend:
    """Tasks on a Dask distributed scheduler at ``address`` (``tcp://host:8786``).

    Connecting fails with :class:`BackendError` after ``timeout`` seconds.
    """

    inline = False

    def __init__(self, address: str, *, timeout: float = 10.0) -> None:
        address = address.strip()
        if not address:
            raise BackendError("empty scheduler address")
        # dask.distributed is the ``studies`` extra: without it, one line names it.
        with extra_imports(
            extra="studies", feature="--scheduler", packages=("distributed", "dask")
        ):
            from distributed import Client  # noqa: PLC0415 (0.6 s to import; --scheduler only)
            from distributed.comm.addressing import parse_address  # noqa: PLC0415 (as above)
            from distributed.comm.registry import get_backend  # noqa: PLC0415 (as above)
        try:  # reject a malformed address before a Client exists (its __del__ would hang)
            scheme, location = parse_address(address)
            get_backend(scheme)
        except ValueError as exc:
            raise BackendError(f"bad scheduler address {address!r}: {exc}") from None
        if not location:
            raise BackendError(f"bad scheduler address {address!r}: no host")
        self._address = address
        try:
            self._client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
        except Exception as exc:
            msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise BackendError(f"cannot use the Dask scheduler at {address!r}: {msg}") from None

    @property
    def name(self) -> str:
        """``dask(ADDRESS)``."""
        return f"dask({self._address})"

    @property
    def slots(self) -> int:
        """Worker threads the cluster has now (at least 1)."""
        return max(1, sum(self._client.nthreads().values()))  # type: ignore[no-untyped-call]

    def submit(self, task: Task) -> Any:
        """``client.submit(fn, *args, pure=False)``."""
        return self._client.submit(task.fn, *task.args, pure=False)

    def wait_any(self, handles: Collection[Any]) -> set[Any]:
        """Block until a future is done (done-callbacks set an event; Ctrl-C still works)."""
        done = {h for h in handles if h.done()}
        if done or not handles:
            return done
        event = threading.Event()
        for h in handles:
            h.add_done_callback(lambda _: event.set())
        while not event.wait(0.5):
            pass
        return {h for h in handles if h.done()}

    def result(self, handle: Any) -> Any:
        """``future.result()``."""
        return handle.result()

    def abort(self, handles: Collection[Any]) -> None:
        """Cancel the futures on the cluster (running tasks finish there, unread)."""
        if handles:
            self._client.cancel(list(handles))  # type: ignore[no-untyped-call]

    def start(self) -> None:
        """Nothing to start: the cluster runs already."""

    def close(self) -> None:
        """Close the client (the cluster keeps running)."""
        self._client.close()  # type: ignore[no-untyped-call]


def make_backend(
    workers: int | None = None, scheduler: str | None = None, *, preload: tuple[str, ...] = ()
) -> Backend:
    """The backend for the CLI's ``--workers`` / ``--scheduler`` options.

    ``scheduler`` given: a :class:`DaskBackend` (``workers`` must then be None;
    the cluster decides). Otherwise ``workers`` (default :func:`default_workers`)
    processes: 1 runs inline, more on a :class:`PoolBackend` (with ``preload``).
    """
    if scheduler is not None:
        if workers is not None:
            raise BackendError("--workers and --scheduler exclude each other (the cluster decides)")
        return DaskBackend(scheduler)
    n = default_workers() if workers is None else workers
    if n < 1:
        raise BackendError(f"need at least one worker, got {n}")
    return InlineBackend() if n == 1 else PoolBackend(n, preload=preload)
