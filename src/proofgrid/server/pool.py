"""A bounded pool of engine worker processes, with a time budget and a memory ceiling.

Engine work (solving, hints, generation, the duel bot) is CPU-bound and, on a
user-made board, unbounded in principle. It never runs on the event loop:
each :class:`EnginePool` owns ``workers`` processes, each driven by one
dispatcher thread in the server, and a FIFO of at most ``queue_depth``
waiting jobs.

* **Admission by expected wait**: each job comes with an estimate of its
  run time, replaced by what the jobs of its ``kind`` recently cost on this
  machine once one has run: the smoothed run time plus twice its smoothed
  deviation (Jacobson and Karels 1988, the estimator of TCP's retransmission
  timer, RFC 6298), so a kind whose cost rises (other processes load the
  CPUs) is priced up within a run or two. A job whose expected wait (the
  running jobs' expected remainders and the waiting jobs' prices, dealt FIFO
  to the workers) would pass ``max_wait`` seconds, or whose wait plus its own
  price would pass ``bound`` seconds end to end (unless a worker is free
  now), or that finds ``queue_depth`` jobs waiting, is refused at once with
  :class:`SaturatedError` (the API's 503). Its ``retry_after`` is the time
  until it would be admitted, booked: each refusal reserves its own price of
  the lanes' capacity after that time, so a refused herd is told to come
  back spread over the time the workers need for it, not all at the same
  second. Estimates are conservative: no job takes longer than its *cap*,
  the budget plus a worker restart (measured), so every price lies between
  what was measured and the cap; a running job past its price is expected to
  run to the cap; waiting jobs are re-priced from the run times measured
  while they wait; and while a kind has no measured run, only its first job
  is priced at the caller's estimate when that is a second or more, further
  ones at the cap.
* **The bound, end to end**: a job that has waited so long that less than
  nothing of ``bound`` is left when a worker takes it is refused then (503)
  rather than started late, and one that starts runs at most what is left of
  the bound (its budget, if that is less); cut by the bound after a wait, it
  is a 503 (the load made it late), else a :class:`WorkTimeoutError`. So no
  admitted job is answered later than ``bound`` seconds after it was
  submitted, whatever estimates turned out wrong.
* **Abandoned work**: :meth:`EnginePool.abandon` cancels a job that has not
  started and kills the worker of one that has (the worker is replaced).
* **Time budget**: the clock starts when a worker *receives* the job (not
  when the request arrived), and a worker still busy after ``budget``
  seconds is killed and replaced (:class:`WorkTimeoutError`, a 422).
  A job submitted with ``timed=False`` (work bounded by counted steps, whose
  verdict no clock may change: a generated board, :attr:`proofgrid.puzzle.Puzzle.counted_work`)
  has no time budget: once started it may use one bound of CPU time (so a
  caller that answered its client "late" at the request's bound can keep the
  answer for the retry, and a worker that other processes starve of CPU still
  finishes, within :data:`_COUNTED_WALL` bounds of wall time), and past that it
  is late (503 with a booked ``Retry-After``), never a 422, however loaded the
  machine is; its price may reach the bound instead of the budget.
* **Memory ceiling**: each worker runs under ``RLIMIT_AS`` = its size at
  start + ``memory_mb``; a ``MemoryError`` answers :class:`WorkTooBigError` (a 422)
  and the worker exits and is replaced. A worker whose resident size grew by
  more than :data:`RECYCLE_MB` since it started is replaced after its job, so
  the memory a burst took is given back.
* **A stopped fork server** (SIGSTOP, a debugger) would hang every worker
  start: while one is under way a watchdog checks the fork server every
  :data:`_WATCH_EVERY` seconds and kills it if it is stopped (or if the
  start takes :data:`_START_TIMEOUT`); the start is then retried with a new
  fork server. Workers the old one forked die with it (their running jobs
  answer :class:`WorkerLostError`, a 503 with ``Retry-After: 1``).
* **Dying with the server**: workers are started by a ``forkserver`` (a
  small clean process that forks them, with the engines preloaded). Their
  parent is the forkserver, so ``PR_SET_PDEATHSIG`` kills them when *it*
  dies; the server's own death is watched by a thread in each worker blocked
  on a ``pidfd`` of the server process (Linux >= 5.3), which SIGKILLs the
  worker the moment the server ends, however it ends, even in the middle of
  a job. The forkserver exits when the server does (its ``alive`` pipe).

A job is a picklable module-level function and its arguments; its result must
be picklable. A :class:`~proofgrid.errors.ProofgridError` raised by the job is
re-raised in the server unchanged.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import ctypes
import heapq
import math
import multiprocessing
import multiprocessing.connection
import os
import queue
import random
import resource
import select
import signal
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from typing import Any

from proofgrid.errors import ProofgridError
from proofgrid.server.procs import cpu_seconds, kill_and_wait, rss_bytes, statm_bytes, stopped

__all__ = [
    "RECYCLE_MB",
    "EnginePool",
    "PoolSettings",
    "SaturatedError",
    "WorkTimeoutError",
    "WorkTooBigError",
    "WorkerLostError",
    "context",
    "die_with",
    "job_budget",
]

#: A worker whose resident memory grew by more than this since its start is replaced.
RECYCLE_MB = 48
#: A worker is replaced after this many jobs (a guard against slow leaks).
MAX_JOBS_PER_WORKER = 2000

_PR_SET_PDEATHSIG = 1
#: Seconds a new worker may take to start (not part of any job's budget).
_START_TIMEOUT = 60.0
#: Seconds between two looks at the fork server (or a new worker) while a start waits.
_WATCH_EVERY = 0.2
#: Weight of the newest run time in a kind's running estimate (an EWMA).
_EWMA_NEW = 0.3
#: Weight of the newest deviation in a kind's running deviation.
_DEV_NEW = 0.3
#: A kind's price is its smoothed run time plus this many smoothed deviations.
_DEV_WEIGHT = 2.0
#: A job cut by the bound after waiting at most this long was too long, not late (422).
_LATE_AFTER = 1.0
#: An untimed (counted) job is cut when it has used one bound of CPU time, or after
#: this many bounds of wall time whatever it used (a worker starved of CPU by other
#: processes finishes its counted work, late, instead of being cut and started again).
_COUNTED_WALL = 10
#: Kinds of job whose run times are remembered (least recently seen dropped).
_KINDS = 256
#: Seconds a worker restart is expected to take before one has been measured.
_RESTART_PRIOR = 1.0
#: A caller's estimate below this many seconds is trusted for the repeats of a kind
#: not yet measured (cheap work); a longer one may overrun, so repeats get the cap.
_TRUSTED_PRIOR = 1.0


class SaturatedError(Exception):
    """The pool's queue is full: try again after ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"the server is busy: try again in {retry_after} s")
        self.retry_after = retry_after


class WorkTimeoutError(Exception):
    """The job was still running when its time budget ran out (its worker was replaced)."""

    def __init__(self, budget: float) -> None:
        super().__init__(f"the work took longer than {budget:g} s")
        self.budget = budget


class WorkTooBigError(Exception):
    """The job needed more memory than a worker may have (its worker was replaced)."""


class WorkerLostError(Exception):
    """The worker died without answering (killed from outside, or crashed)."""


@dataclass(frozen=True, slots=True)
class PoolSettings:
    """How much engine work the server takes on.

    Attributes
    ----------
    workers : int
        Worker processes per pool (the server has two pools: see
        :mod:`proofgrid.server.engine`).
    budget : float
        Seconds a job may run once a worker has it.
    memory_mb : int
        Address space a worker may add to its size at start (``RLIMIT_AS``).
    queue_depth : int
        Jobs that may wait for a worker; more are refused with 503.
    max_wait : float
        Seconds a job may expect to wait for a worker; a job expected to wait
        longer is refused with 503 (``Retry-After``: when it would not).
    bound : float
        Seconds from a job's submission to its answer, end to end: admission
        refuses a job whose expected wait plus price passes it, and a job
        never runs past it (module docstring).
    nice : int
        How much lower than the server's the workers' CPU priority is, so
        the event loop (health, static files, cached answers) wins the CPU
        when engines are busy.
    """

    workers: int = 2
    budget: float = 5.0
    memory_mb: int = 1024
    queue_depth: int = 200
    nice: int = 0
    max_wait: float = 10.0
    bound: float = 30.0


def _die_with_parent() -> None:
    """Ask Linux to SIGKILL this process when its parent dies (no-op elsewhere)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def die_with(pid: int) -> None:
    """SIGKILL this process as soon as process ``pid`` ends (however it ends).

    A daemon thread blocks on a ``pidfd`` of ``pid`` (readable once it has
    exited); without pidfds (Linux < 5.3, other systems) it polls ``pid``
    every 0.2 s. If ``pid`` is already gone this process exits at once. The
    thread needs the GIL only after the server died, so it costs nothing
    meanwhile.
    """
    try:
        fd: int | None = os.pidfd_open(pid)
    except ProcessLookupError:
        os._exit(1)
    except (OSError, AttributeError):
        fd = None

    def watch() -> None:
        if fd is not None:
            select.select([fd], [], [])
        else:
            with contextlib.suppress(OSError):
                while True:
                    os.kill(pid, 0)
                    time.sleep(0.2)
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="die-with-server", daemon=True).start()


_BUDGET: float | None = None


def job_budget() -> float | None:
    """In a worker, the pool's time budget in seconds (for messages); None elsewhere."""
    return _BUDGET


def _worker_main(
    conn: multiprocessing.connection.Connection,
    memory_mb: int,
    budget: float,
    nice: int = 0,
    server_pid: int = 0,
) -> None:
    """A worker's loop: receive ``(fn, args)``, answer ``(kind, payload, last)``, until EOF."""
    global _BUDGET  # noqa: PLW0603  (one per worker process)
    _BUDGET = budget
    _die_with_parent()
    if server_pid > 0:
        die_with(server_pid)
    if nice > 0:
        with contextlib.suppress(OSError):
            os.nice(nice)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops us
    if memory_mb > 0:
        limit = statm_bytes(0) + memory_mb * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            _, hard = resource.getrlimit(resource.RLIMIT_AS)
            if hard != resource.RLIM_INFINITY:
                limit = min(limit, hard)
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    start_rss = rss_bytes()
    jobs = 0
    conn.send(("ready", None, False))  # the server starts no clock before this
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        jobs += 1
        reply: tuple[str, Any]
        try:
            reply = ("ok", fn(*args))
        except MemoryError:
            reply = ("memory", None)
        except ProofgridError as exc:
            reply = ("error", exc)
        except Exception as exc:  # a bug: report its type, never a traceback
            reply = ("bug", type(exc).__name__)
        last = (
            reply[0] == "memory"
            or jobs >= MAX_JOBS_PER_WORKER
            or rss_bytes() - start_rss > RECYCLE_MB * 1024 * 1024
        )
        try:
            conn.send((*reply, last))
        except MemoryError:
            conn.send(("memory", None, True))
            return
        except Exception as exc:  # an unpicklable answer is a bug
            conn.send(("bug", type(exc).__name__, last))
        if last:
            return


def _forkserver_pid() -> int | None:
    """Process id of this process's multiprocessing fork server, if one was started
    (the standard library keeps it in ``multiprocessing.forkserver._forkserver``)."""
    module = sys.modules.get("multiprocessing.forkserver")
    pid = getattr(getattr(module, "_forkserver", None), "_forkserver_pid", None)
    return pid if isinstance(pid, int) else None


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, ctx: BaseContext, memory_mb: int, budget: float, nice: int = 0) -> None:
        parent, child = ctx.Pipe()
        self.conn: multiprocessing.connection.Connection = parent
        self.proc: Any = ctx.Process(  # type: ignore[attr-defined]
            target=_worker_main, args=(child, memory_mb, budget, nice, os.getpid()), daemon=True
        )
        try:
            _watched(self.proc.start)
        finally:
            child.close()

    def ready(self, timeout: float = _START_TIMEOUT) -> bool:
        """Wait until the worker has started (imports done); False if it did not, or if
        it is stopped meanwhile."""
        deadline = time.monotonic() + timeout
        try:
            while not self.conn.poll(_WATCH_EVERY):
                pid = self.proc.pid
                if time.monotonic() > deadline or pid is None or stopped(pid):
                    return False
            return bool(self.conn.recv()[0] == "ready")
        except (OSError, EOFError):
            return False

    def kill(self) -> None:
        """Kill the process (SIGKILL) and reap it."""
        with contextlib.suppress(Exception):
            self.proc.kill()
            self.proc.join(2)
        with contextlib.suppress(Exception):
            self.conn.close()

    def stop(self) -> None:
        """Close the pipe (the worker exits) and reap it; kill it if it lingers."""
        with contextlib.suppress(Exception):
            self.conn.close()
        with contextlib.suppress(Exception):
            self.proc.join(1)
        if self.proc.is_alive():
            self.kill()


def _watched(start: Callable[[], None]) -> None:
    """``start()`` a process, killing the fork server if it is stopped or the start takes
    :data:`_START_TIMEOUT` (the start then fails, and is tried once more with a new
    fork server). Outside a fork server context the watchdog finds nothing to do."""
    for attempt in (0, 1):
        done = threading.Event()
        began = time.monotonic()

        def watch(done: threading.Event = done, began: float = began) -> None:
            while not done.wait(_WATCH_EVERY):
                pid = _forkserver_pid()
                if pid is not None and (stopped(pid) or time.monotonic() - began > _START_TIMEOUT):
                    kill_and_wait(pid)  # the blocked start reads EOF; its workers die with it
                    return

        pid = _forkserver_pid()
        if pid is not None and stopped(pid):
            kill_and_wait(pid)
        watchdog = threading.Thread(target=watch, name="forkserver-watch", daemon=True)
        watchdog.start()
        try:
            start()
            return
        except (OSError, EOFError):
            if attempt:
                raise
        finally:
            done.set()
            watchdog.join()


_Job = tuple[Callable[..., Any], tuple[Any, ...], "concurrent.futures.Future[Any]", Hashable, bool]


def context(preload: Sequence[str] = ()) -> BaseContext:
    """The ``forkserver`` context with ``preload`` imported once in the fork server.

    Falls back to ``spawn`` where there is no forkserver (not Linux/macOS).
    """
    try:
        ctx = multiprocessing.get_context("forkserver")
    except ValueError:
        return multiprocessing.get_context("spawn")
    ctx.set_forkserver_preload(list(preload))
    return ctx


@dataclass(slots=True)
class _Waiting:
    """A job waiting for a worker: its price, kind, when it was submitted and whether the
    time budget applies to it."""

    estimate: float
    kind: Hashable
    submitted: float
    timed: bool = True


@dataclass(slots=True)
class _Seen:
    """What the jobs of one kind cost: smoothed run time and smoothed deviation (seconds)."""

    mean: float
    dev: float

    @property
    def price(self) -> float:
        """The smoothed run time plus :data:`_DEV_WEIGHT` deviations."""
        return self.mean + _DEV_WEIGHT * self.dev


@dataclass(slots=True)
class _Running:
    """The job a dispatcher slot is running: its future, worker, start and estimate."""

    fut: concurrent.futures.Future[Any]
    worker: _Worker
    start: float
    estimate: float
    kind: Hashable = None
    abandoned: bool = False
    timed: bool = True


class EnginePool:
    """Worker processes with one dispatcher thread each and a bounded FIFO (module docstring).

    Workers start lazily on the first :meth:`submit` and are stopped by
    :meth:`close` (also at interpreter exit: they are daemonic children).
    """

    def __init__(self, settings: PoolSettings, ctx: BaseContext, name: str = "engine") -> None:
        if settings.workers < 1 or settings.queue_depth < 0 or settings.budget <= 0:
            raise ValueError("need workers >= 1, queue_depth >= 0 and budget > 0")
        self.settings = settings
        self.name = name
        self._ctx = ctx
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._lock = threading.Lock()
        self._waiting = 0
        self._busy = 0
        # the jobs waiting, in FIFO order; what each kind cost, by kind
        self._queued: OrderedDict[concurrent.futures.Future[Any], _Waiting] = OrderedDict()
        self._restart: float | None = None  # measured seconds to start a worker (EWMA)
        self._seen: OrderedDict[Hashable, _Seen] = OrderedDict()
        self._booked = 0.0  # until when refused jobs were told to come back (monotonic)
        self._running: list[_Running | None] = [None] * settings.workers
        self._threads: list[threading.Thread] = []
        self._workers: list[_Worker | None] = [None] * settings.workers
        self._closed = False
        self.replaced = 0
        self.abandoned = 0

    # --- the server side ------------------------------------------------------------------

    @property
    def waiting(self) -> int:
        """Jobs submitted and not yet taken by a worker."""
        return self._waiting

    def pids(self) -> list[int]:
        """Process ids of the live workers."""
        return [
            w.proc.pid
            for w in self._workers
            if w is not None and w.proc.pid is not None and w.proc.is_alive()
        ]

    @property
    def cap(self) -> float:
        """The longest a job can hold a worker: the budget plus a worker restart (measured)."""
        restart = _RESTART_PRIOR if self._restart is None else self._restart
        return self.settings.budget + restart

    def _cap(self, timed: bool) -> float:
        """:attr:`cap` of a timed job; an untimed one's is :data:`_COUNTED_WALL` bounds
        plus a restart (:meth:`_run`: one bound of CPU time, which a starved worker
        may take that long to use)."""
        if timed:
            return self.cap
        st = self.settings
        return self.cap - st.budget + max(st.budget, _COUNTED_WALL * st.bound)

    def estimate(self, kind: Hashable, prior: float) -> float:
        """Expected run time of a job of ``kind``: the price of the run times seen for it
        (:class:`_Seen`), else ``prior``; never more than :attr:`cap`."""
        with self._lock:
            seen = self._seen.get(kind)
        return min(self.cap, prior if seen is None else seen.price)

    def typical(self, kind: Hashable) -> float:
        """The smoothed run time of ``kind`` (what one of its jobs usually costs, without
        the deviation margin of :meth:`estimate`); 0 if none has run."""
        with self._lock:
            seen = self._seen.get(kind)
        return 0.0 if seen is None else seen.mean

    def _price(self, kind: Hashable, est: float, now: float, timed: bool = True) -> float:
        """``est`` re-priced from what was measured (under the lock): the kind's price
        once it has run, and at least the longest a running job of the kind has run so
        far, at most the job's cap (:meth:`_cap`). O(workers)."""
        seen = self._seen.get(kind)
        floor = est if seen is None else seen.price
        for r in self._running:
            if r is not None and r.kind == kind and not r.abandoned:
                floor = max(floor, now - r.start)
        return min(self._cap(timed), floor)

    def expected_wait(self) -> float:
        """Seconds a job submitted now would wait for a worker.

        An idle slot is free now, or after a worker restart if it has no live
        worker; a busy one after its running job's expected remainder (its
        estimate less the time it has run; once it has run past its estimate,
        what is left of its :attr:`cap` if the budget stops it, else as long
        again as it has run, within its cap); the waiting jobs, re-priced from the
        run times measured so far (:meth:`_price`), are dealt in FIFO order to
        the worker free first. O(w q + q log w) for w workers and q waiting jobs.
        """
        with self._lock:
            return self._expected_wait(time.monotonic())

    def _expected_wait(
        self, now: float, until: concurrent.futures.Future[Any] | None = None
    ) -> float:
        """:meth:`expected_wait` (under the lock); with ``until``, the seconds until that
        job is expected to be done instead (0 if it is not in the pool)."""
        restart = self.cap - self.settings.budget
        free_at = []
        for r, w in zip(self._running, self._workers, strict=True):
            if r is None or r.fut.done():  # a job already answered frees its slot now
                # an idle slot with no live worker must start one first
                free_at.append(0.0 if w is not None and w.proc.is_alive() else restart)
            else:
                left = self._left(r, now)
                if r.fut is until:
                    return left
                free_at.append(left)
        heapq.heapify(free_at)
        for fut, job in self._queued.items():
            price = self._price(job.kind, job.estimate, now, job.timed)
            done = heapq.heappop(free_at) + price
            if fut is until:
                return done
            heapq.heappush(free_at, done)
        return 0.0 if until is not None else free_at[0]

    def _left(self, r: _Running, now: float) -> float:
        """Expected seconds until running job ``r`` is done (under the lock)."""
        cap = self._cap(r.timed)
        ran = now - r.start
        if ran < r.estimate:
            left = r.estimate - ran
        elif r.timed:
            left = cap - ran  # the budget stops it: at most its cap
        else:
            # untimed (counted work): only its CPU time stops it; a job past its
            # estimate is expected to need as long again as it has run (at most the
            # cap), not the whole cap: a 10 ms job preempted to 20 ms must not close
            # the lane for 30 s
            left = min(ran, cap - ran)
        return max(0.0, min(left, cap - ran))

    def submit(
        self,
        fn: Callable[..., Any],
        *args: Any,
        kind: Hashable = None,
        estimate: float = 0.0,
        timed: bool = True,
    ) -> concurrent.futures.Future[Any]:
        """Queue ``fn(*args)`` for a worker, expected to run ``estimate`` seconds (or as
        long as the jobs of ``kind`` have run on average). ``timed=False``: no time
        budget, only the bound (module docstring).

        Raises :class:`SaturatedError` when the job would wait longer than
        ``max_wait``, or wait and run past ``bound`` (unless a worker is free
        now), or ``queue_depth`` jobs already wait (module docstring).
        """
        kind = kind if kind is not None else getattr(fn, "__qualname__", fn)
        with self._lock:
            if self._closed:
                raise RuntimeError("the engine pool is closed")
            now = time.monotonic()
            est = self._price(kind, estimate, now, timed)
            if (
                kind not in self._seen
                and estimate >= _TRUSTED_PRIOR
                and (
                    any(w.kind == kind for w in self._queued.values())
                    or any(r is not None and r.kind == kind for r in self._running)
                )
            ):
                est = self.cap  # a repeat of a kind never measured: it may take the cap
            wait = self._expected_wait(now)
            st = self.settings
            free = max(0, st.workers - self._busy)
            if self._waiting >= st.queue_depth + free:
                raise self._refuse(now, wait, est)
            over = max(wait - st.max_wait, wait + est - st.bound if wait > 0 else 0.0)
            if over > 0:
                raise self._refuse(now, over, est)
            self._waiting += 1
            fut: concurrent.futures.Future[Any] = concurrent.futures.Future()
            self._queued[fut] = _Waiting(est, kind, now, timed)
            if not self._threads:
                self._start()
        self._jobs.put((fn, args, fut, kind, timed))
        return fut

    def _refuse(self, now: float, need: float, est: float) -> SaturatedError:
        """The refusal of a job of price ``est`` that would be admitted ``need`` seconds
        from ``now`` (under the lock).

        Its ``Retry-After`` is booked: at the later of that time and the end of
        what earlier refusals were promised, plus a random fraction of one
        job's share of the workers (jitter); the booking then moves on by that
        share, so a refused herd comes back spread over the time the workers
        need for it. O(1).
        """
        share = max(est, 0.05) / self.settings.workers
        at = max(now + need, self._booked) + random.uniform(0.0, share)
        self._booked = at + share
        return SaturatedError(max(1, math.ceil(at - now)))

    def late(
        self, estimate: float, fut: concurrent.futures.Future[Any] | None = None
    ) -> SaturatedError:
        """The refusal (booked ``Retry-After``, :meth:`_refuse`) of a job of price
        ``estimate`` whose caller stopped waiting for it at the bound: with ``fut``
        (the job, still running or waiting: counted work goes on for a retry), not
        before it is expected to be done (:meth:`_expected_wait`), so a retry finds
        its answer instead of waiting out another bound for it."""
        with self._lock:
            now = time.monotonic()
            need = 0.0 if fut is None or fut.done() else self._expected_wait(now, fut)
            return self._refuse(now, need, estimate)

    def abandon(self, fut: concurrent.futures.Future[Any]) -> None:
        """Nobody wants ``fut`` any more: cancel it if it waits, kill its worker if it runs.

        A killed worker is replaced (the dispatcher sees its pipe close); a
        finished job is left alone. O(workers).
        """
        with self._lock:
            if self._queued.pop(fut, None) is not None:
                fut.cancel()
                self.abandoned += 1
                return
            running = next((r for r in self._running if r is not None and r.fut is fut), None)
            if running is None or running.abandoned:
                return
            running.abandoned = True
            self.abandoned += 1
            pid = running.worker.proc.pid
        if pid is not None:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)

    def _start(self) -> None:
        for slot in range(self.settings.workers):
            t = threading.Thread(
                target=self._dispatch, args=(slot,), name=f"{self.name}-{slot}", daemon=True
            )
            t.start()
            self._threads.append(t)

    def close(self) -> None:
        """Stop taking jobs, fail the waiting ones, stop every worker (those with a job
        running are killed first, so no dispatcher waits for a job to end)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            running = [r.worker.proc.pid for r in self._running if r is not None]
        for pid in running:
            if pid is not None:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                job[2].cancel()
        for _ in self._threads:
            self._jobs.put(None)
        for t in self._threads:
            t.join(5)
        for w in self._workers:
            if w is not None:
                w.stop()

    # --- the dispatcher threads -----------------------------------------------------------

    def _spawn(self, slot: int) -> _Worker:
        st = self.settings
        began = time.monotonic()
        try:
            w = _Worker(self._ctx, st.memory_mb, st.budget, st.nice)
        except Exception as exc:  # the fork server died or refused: no worker, no hang
            raise WorkerLostError("an engine worker did not start") from exc
        self._workers[slot] = w
        if not w.ready():
            w.kill()
            raise WorkerLostError("an engine worker did not start")
        took = time.monotonic() - began
        with self._lock:  # a restart's cost, for the cap (the first start is the slowest)
            old = self._restart
            self._restart = took if old is None else old + _EWMA_NEW * (took - old)
        return w

    def _dispatch(self, slot: int) -> None:
        worker: _Worker | None = None
        with contextlib.suppress(Exception):
            worker = self._spawn(slot)
        while True:
            job = self._jobs.get()
            if job is None:
                return
            fn, args, fut, kind, timed = job
            start = time.monotonic()
            with self._lock:
                self._waiting -= 1
                self._busy += 1
                waiting = self._queued.pop(fut, None)
                submitted = start if waiting is None else waiting.submitted
                est = self._price(kind, 0.0 if waiting is None else waiting.estimate, start, timed)
            # the ledger counts a replacement worker's start-up as part of the job's time
            try:
                if not fut.set_running_or_notify_cancel():
                    continue
                if self.settings.bound - (time.monotonic() - submitted) <= 0:
                    with self._lock:  # late already: refused now, not answered past the bound
                        fut.set_exception(self._refuse(time.monotonic(), 0.0, est))
                    continue
                if worker is None or not worker.proc.is_alive():
                    if worker is not None:
                        worker.kill()
                    try:
                        worker = self._spawn(slot)
                    except WorkerLostError as exc:
                        worker = None
                        fut.set_exception(exc)
                        continue
                left = self.settings.bound - (time.monotonic() - submitted)
                if left <= 0:  # late: refused now rather than answered past the bound
                    with self._lock:
                        fut.set_exception(self._refuse(time.monotonic(), 0.0, est))
                    continue
                with self._lock:
                    self._running[slot] = _Running(fut, worker, start, est, kind, timed=timed)
                worker = self._run(
                    worker, fn, args, fut, left=left, waited=start - submitted, timed=timed
                )
                with self._lock:
                    running = self._running[slot]
                    self._running[slot] = None
                    if running is not None and not running.abandoned:
                        self._learn(kind, time.monotonic() - start)
            finally:
                with self._lock:
                    self._busy -= 1

    def _learn(self, kind: Hashable, seconds: float) -> None:
        """Fold one run time into ``kind``'s smoothed run time and deviation (under the
        lock; the first run sets the deviation to half of it, as RFC 6298 does)."""
        old = self._seen.pop(kind, None)
        if old is None:
            self._seen[kind] = _Seen(seconds, seconds / 2)
        else:
            dev = old.dev + _DEV_NEW * (abs(seconds - old.mean) - old.dev)
            self._seen[kind] = _Seen(old.mean + _EWMA_NEW * (seconds - old.mean), dev)
        while len(self._seen) > _KINDS:
            self._seen.popitem(last=False)

    def _run(
        self,
        worker: _Worker,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        fut: concurrent.futures.Future[Any],
        *,
        left: float = math.inf,
        waited: float = 0.0,
        timed: bool = True,
    ) -> _Worker | None:
        """Run one job on ``worker`` for at most its budget (if ``timed``) and ``left``
        seconds (what is left of the bound after it ``waited``); returns the worker to
        use next (None: spawn anew). An untimed job may use one bound of CPU time
        (:meth:`_counted`); cut then, it is late (503)."""
        budget = self.settings.budget
        limit = min(budget, left)  # a timed job's; an untimed one's is its CPU time
        try:
            worker.conn.send((fn, args))
            ready = worker.conn.poll(limit) if timed else self._counted(worker)
        except (OSError, EOFError, BrokenPipeError):
            self._replace(worker)
            fut.set_exception(WorkerLostError("the engine worker stopped"))
            return None
        if not ready:
            self._replace(worker)
            if not timed or (limit < budget and waited > _LATE_AFTER):  # late, not too long
                with self._lock:
                    fut.set_exception(self._refuse(time.monotonic(), 0.0, budget))
            else:
                fut.set_exception(WorkTimeoutError(limit))
            return None
        try:
            kind, payload, last = worker.conn.recv()
        except (OSError, EOFError):
            self._replace(worker)
            fut.set_exception(WorkerLostError("the engine worker stopped"))
            return None
        if kind == "ok":
            fut.set_result(payload)
        elif kind == "error":
            fut.set_exception(payload)
        elif kind == "memory":
            self._replace(worker)
            fut.set_exception(WorkTooBigError("the work needed more memory than a worker may use"))
            return None
        else:
            fut.set_exception(RuntimeError(f"engine job failed: {payload}"))
        if last:  # the worker grew (or served its share of jobs) and is exiting
            self._replace(worker, kill=False)
            return None
        return worker

    def _counted(self, worker: _Worker) -> bool:
        """Wait for an untimed job's answer on ``worker``: True once it is there, False
        when the job has used one bound of CPU time or run :data:`_COUNTED_WALL` bounds.

        Counted work gives the same answer however slowly it runs, so the clock that
        cuts it is the CPU time it used, not the wall: beside processes that take the
        CPUs from its worker (which runs at a lower priority) it goes on, and a client
        answered "late" finds its answer on a retry, instead of the work being cut at
        one bound and started again on every retry, never done (2 of 80 generated
        16x16 boards in the round-three load beside two CPU hogs). A process's CPU
        time grows no faster than the wall clock, so each wait lasts until the
        earliest moment the budget could be spent; O(wall / bound) reads of ``/proc``
        on a starved worker, one on an idle machine."""
        bound = self.settings.bound
        wall = _COUNTED_WALL * bound
        start = time.monotonic()
        pid = worker.proc.pid
        cpu0 = None if pid is None else cpu_seconds(pid)
        used = 0.0
        while not worker.conn.poll(max(0.0, min(bound - used, wall - (time.monotonic() - start)))):
            elapsed = time.monotonic() - start
            now = None if pid is None or cpu0 is None else cpu_seconds(pid)
            used = elapsed if now is None or cpu0 is None else now - cpu0
            if used >= bound or elapsed >= wall:
                return False
        return True

    def _replace(self, worker: _Worker, *, kill: bool = True) -> None:
        self.replaced += 1
        if kill:
            worker.kill()
        else:
            worker.stop()
