"""``proofgrid par`` end to end: output, JSON certificate, exit codes, stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings

from proofgrid.cli import main
from proofgrid.graph import sparse
from tests.par.test_edgelist import edge_files, reference

ROOT = Path(__file__).resolve().parents[2]
DEPS = str(ROOT / "examples" / "build-deps.txt")
COSTS = str(ROOT / "examples" / "build-costs.txt")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["par", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([DEPS], capsys)
    assert code == 0 and err == ""
    # Seeds in order of first appearance; plugin-a represents the plugin cycle.
    assert out == "par: 4\nseeds:\n  proto\n  config\n  plugin-a\n  vendored-zlib\n"


def test_example_with_costs_and_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([DEPS, "--costs", COSTS, "--check"], capsys)
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "par: 4",
        "cost: 8.0",  # proto 2 + config 0.5 + plugin-b 4.5 + vendored-zlib 1
        "seeds:",
        "  proto",
        "  config",
        "  plugin-b",
        "  vendored-zlib",
        "check: ok, all 9 nodes reached from the 4 seeds",
    ]


def test_json_certificate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([DEPS, "--json", "--check", "--members-limit", "1"], capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc["par"] == 4 and doc["cost"] == 4
    assert doc["seeds"] == ["proto", "config", "plugin-a", "vendored-zlib"]
    assert doc["nodes"] == 9 and doc["edges"] == 9
    assert doc["components"] == 8 and doc["condensation_edges"] == 7
    assert doc["check"] == {"ok": True, "unreached": 0}
    plugin = doc["sources"][2]
    assert plugin == {"seed": "plugin-a", "size": 2, "members": ["plugin-a"]}


def test_json_with_costs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([DEPS, "--json", "--costs", COSTS, "--engine", "compiled"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["cost"] == 8 and doc["engine"] == "compiled"
    assert [s["seed_cost"] for s in doc["sources"]] == [2, 0.5, 4.5, 1]
    assert doc["sources"][2]["members"] == ["plugin-a", "plugin-b"]


def test_unknown_cost_nodes_warn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    costs = tmp_path / "c.txt"
    costs.write_text("proto 1\nnope 3\nalso-nope 4\n")
    code, out, err = run([DEPS, "--costs", str(costs)], capsys)
    assert code == 0 and out.startswith("par: 4\ncost: 4\n")
    assert err == (
        f"warning: {costs}:2: node 'nope' is not in the graph; ignored (and 1 more such line)\n"
    )


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"a b\n\n# c\nc d e\n", "error: {f}:4: expected 'src dst' or a single node name,"
         " found 3 fields\n"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "error: {f}:2: control character 0x1a (not a text edge"
         " list?)\n"),
        (b"a b\n\xff\xfe\n", "error: {f}:2: invalid UTF-8 (not a text edge list?)\n"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, expected: str
) -> None:
    f = tmp_path / "g.txt"
    f.write_bytes(content)
    code, out, err = run([str(f)], capsys)
    assert code == 2 and out == ""
    assert err == expected.format(f=f)


def test_missing_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run([str(tmp_path / "nope.txt")], capsys)
    assert code == 2 and err == f"error: {tmp_path / 'nope.txt'}: no such edge-list file\n"
    code, _, err = run([DEPS, "--costs", str(tmp_path / "c.txt")], capsys)
    assert code == 2 and err == f"error: {tmp_path / 'c.txt'}: no such costs file\n"
    code, _, err = run([DEPS, "--costs", str(tmp_path)], capsys)
    assert code == 2 and err.startswith("error: ") and "is a directory" in err


def test_bad_costs_and_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    costs = tmp_path / "c.txt"
    costs.write_text("proto 1\n# x\nconfig -2\n")
    code, out, err = run([DEPS, "--costs", str(costs)], capsys)
    assert (code, out) == (2, "") and err == f"error: {costs}:3: negative cost: '-2'\n"
    code, _, err = run([DEPS, "--engine", "fast"], capsys)
    assert code == 2 and err == "error: --engine must be auto, python or compiled, not 'fast'\n"
    code, _, err = run([DEPS, "--members-limit", "-1"], capsys)
    assert code == 2 and "members-limit" in err


def test_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "empty.txt"
    f.write_bytes(b"")
    code, out, _ = run([str(f), "--check"], capsys)
    assert code == 0 and out == "par: 0\nseeds:\ncheck: ok, all 0 nodes reached from the 0 seeds\n"
    code, out, _ = run([str(f), "--json"], capsys)
    assert json.loads(out)["par"] == 0


def test_check_catches_a_wrong_certificate(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--check is a real re-verification: drop a seed and it must fail with exit 1."""
    real = sparse.par_certificate

    def broken(*args: object, **kwargs: object) -> sparse.ParCertificate:
        cert = real(*args, **kwargs)  # type: ignore[arg-type]
        return sparse.ParCertificate(
            cert.n, cert.labels, cert.n_components, cert.seeds[:-1],
            cert.seed_components[:-1], cert.cost, cert.condensation_edges, cert.engine,
        )  # fmt: skip

    monkeypatch.setattr(sparse, "par_certificate", broken)
    for engine in ("python", "compiled"):
        code, out, err = run([DEPS, "--check", "--engine", engine], capsys)
        assert code == 1 and "check: ok" not in out
        assert err == (
            "error: check failed: 1 of 9 nodes not reached from the seeds"
            " (first: 'vendored-zlib')\n"
        )


@settings(max_examples=60, deadline=None)
@given(edge_files())
def test_engines_print_the_same(text: str) -> None:
    import tempfile  # noqa: PLC0415 (hypothesis forbids function-scoped tmp_path here)

    names, edges = reference(text)
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "g.txt"
        f.write_text(text, encoding="utf-8")
        outs = []
        for engine in ("python", "compiled"):
            proc = subprocess_free_run([str(f), "--json", "--check", "--engine", engine])
            outs.append(proc)
    a, b = (json.loads(o) for o in outs)
    a.pop("engine"), b.pop("engine")
    assert a == b
    assert a["nodes"] == len(names) and a["edges"] == len(edges)


def subprocess_free_run(argv: list[str]) -> str:
    """Run the CLI in-process, capturing stdout without pytest fixtures."""
    import contextlib  # noqa: PLC0415
    import io  # noqa: PLC0415

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["par", *argv]) == 0
    return buf.getvalue()


# --- a few runs of the real console entry point in a subprocess ---------------------


def cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    code = "import sys; from proofgrid.cli import main; sys.exit(main())"
    return subprocess.run(
        [sys.executable, "-c", code, "par", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
    )


def test_subprocess_stdin() -> None:
    proc = cli("-", "--check", stdin=b"x y\ny x\nz\n")
    assert proc.returncode == 0 and proc.stderr == b""
    assert (
        proc.stdout
        == b"par: 2\nseeds:\n  x\n  z\ncheck: ok, all 3 nodes reached from the 2 seeds\n"
    )


def test_subprocess_error_has_no_traceback() -> None:
    proc = cli("-", stdin=b"a b\na b c\n")
    assert proc.returncode == 2 and proc.stdout == b""
    assert (
        proc.stderr
        == b"error: <stdin>:2: expected 'src dst' or a single node name, found 3 fields\n"
    )


def test_subprocess_large_file_uses_compiled_engine(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    n, m = 20_000, 60_000
    src, dst = rng.integers(0, n, m), rng.integers(0, n, m)
    f = tmp_path / "big.txt"
    f.write_text("".join(f"v{a},v{b}\n" for a, b in zip(src.tolist(), dst.tolist(), strict=True)))
    proc = cli(str(f), "--json", "--check", "--members-limit", "0")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["engine"] == "compiled" and doc["check"]["ok"]
    py = cli(str(f), "--json", "--members-limit", "0", "--engine", "python")
    doc_py = json.loads(py.stdout)
    assert doc_py["seeds"] == doc["seeds"] and doc_py["components"] == doc["components"]
    assert doc_py["condensation_edges"] == doc["condensation_edges"]


@pytest.mark.skipif(not hasattr(__import__("fcntl"), "F_GETPIPE_SZ"), reason="Linux pipes only")
def test_a_pipe_on_standard_output_is_widened_and_the_bytes_are_the_same(tmp_path: Path) -> None:
    """The answer is written in blocks of up to megabytes: a pipe on standard output is
    asked for 1 MiB (read back from the reading end), and the bytes that come through
    it are those written to a file."""
    import fcntl  # noqa: PLC0415

    from proofgrid.cli.par import PIPE_BYTES  # noqa: PLC0415

    rng = np.random.default_rng(3)
    f = tmp_path / "g.txt"
    f.write_text("".join(f"n{a} n{b}\n" for a, b in rng.integers(0, 5_000, (8_000, 2)).tolist()))
    argv = [sys.executable, "-m", "proofgrid", "par", str(f), "--json"]
    with subprocess.Popen(argv, stdout=subprocess.PIPE) as proc:
        assert proc.stdout is not None
        first = proc.stdout.read(1)  # the child has written: its widening came first
        size = fcntl.fcntl(proc.stdout.fileno(), fcntl.F_GETPIPE_SZ)
        piped = first + proc.stdout.read()
    assert proc.returncode == 0
    if int(Path("/proc/sys/fs/pipe-max-size").read_text()) >= PIPE_BYTES:
        assert size >= PIPE_BYTES  # (the default is 64 KiB)
    out = tmp_path / "out.json"
    with out.open("wb") as sink:
        subprocess.run(argv, stdout=sink, check=True)
    assert piped == out.read_bytes()
    assert json.loads(piped)["nodes"] == len(set(f.read_text().split()))


_AFTER_PAR = """
import ctypes, os, sys
class Info(ctypes.Structure):
    _fields_ = [(k, ctypes.c_size_t) for k in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]
libc = ctypes.CDLL("libc.so.6")
libc.mallinfo2.restype = Info
from proofgrid.cli import main
assert main(["par", sys.argv[1]]) == 0
import numpy as np
threads = len(os.listdir("/proc/self/task"))
before = libc.mallinfo2().hblkhd
block = np.ones(4 << 20, dtype=np.uint8)  # 4 MiB: mapped apart by default (over 128 KiB)
print(threads, libc.mallinfo2().hblkhd - before, file=sys.stderr)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc and /proc")
@pytest.mark.parametrize("chosen", [False, True])
def test_par_runs_with_one_blas_thread_and_reuses_freed_blocks(
    tmp_path: Path, chosen: bool
) -> None:
    """``par`` starts numpy with one OpenBLAS thread (they spun a core each at start-up)
    and has glibc keep blocks under 16 MiB for reuse (they were mapped fresh and faulted
    in again at every chunk); a caller's own choice in the environment wins."""
    path = tmp_path / "g.txt"
    path.write_text("1 2\n2 3\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENBLAS", "MALLOC_"))}
    if chosen:
        env |= {"OPENBLAS_NUM_THREADS": "2", "MALLOC_MMAP_THRESHOLD_": "131072"}
    proc = subprocess.run(
        [sys.executable, "-c", _AFTER_PAR, str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    threads, mapped = map(int, proc.stderr.split())
    if chosen:
        assert threads >= 2 and mapped >= 4 << 20, proc.stderr
    else:
        assert threads == 1 and mapped == 0, proc.stderr
