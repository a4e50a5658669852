"""The static side of the server: files, MIME types, the stamped service worker,
path confinement, body caps and security headers.

Oracles: the file tree on disk (every servable file is served byte for byte),
a secret file placed *outside* the served folder (never leaks, whatever the
path spelling), an HTML parser (no inline script/style in the site).
"""

from __future__ import annotations

import hashlib
import http.client
import json
import re
import shutil
import warnings
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from proofgrid.server import CSP, MAX_BODY, WEB_DIR, create_app, load_site, write_site
from tests.web.live import live_server

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SECRET = "TOP-SECRET-7f3a9c"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


@pytest.fixture(scope="module")
def jail(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the site in root/web, with secrets beside and above it."""
    root = tmp_path_factory.mktemp("jail")
    shutil.copytree(WEB_DIR, root / "web")
    (root / "secret.txt").write_text(SECRET)
    (root / "secret.js").write_text(SECRET)
    (root / "web" / ".hidden.txt").write_text(SECRET)
    (root / "web" / "js" / "leak.py").write_text(SECRET)
    return root


def servable_files() -> list[str]:
    out = []
    for p in sorted(WEB_DIR.rglob("*")):
        rel = p.relative_to(WEB_DIR)
        hidden = any(part.startswith(".") or part == "__pycache__" for part in rel.parts)
        if p.is_file() and not hidden and p.suffix not in {".py", ".pyc"}:
            out.append(rel.as_posix())
    return out


def test_every_file_is_served_byte_for_byte_with_its_mime(client: TestClient) -> None:
    expected_mime = {
        ".html": "text/html",
        ".js": "text/javascript",
        ".css": "text/css",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
        ".png": "image/png",
    }
    files = servable_files()
    assert "index.html" in files and "sw.js" in files and "manifest.webmanifest" in files
    for rel in files:
        r = client.get("/" + rel)
        assert r.status_code == 200, rel
        assert r.headers["content-type"].split(";")[0] == expected_mime[Path(rel).suffix], rel
        if rel != "sw.js":
            assert r.content == (WEB_DIR / rel).read_bytes(), rel


def test_root_is_index_and_head_works(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and r.content == (WEB_DIR / "index.html").read_bytes()
    h = client.head("/index.html")
    assert h.status_code == 200 and h.content == b""
    assert int(h.headers["content-length"]) == len(r.content)


def test_etag_revalidation(client: TestClient) -> None:
    r = client.get("/css/app.css")
    etag = r.headers["etag"]
    assert r.headers["cache-control"] == "no-cache"
    again = client.get("/css/app.css", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    other = client.get("/css/app.css", headers={"If-None-Match": '"nope"'})
    assert other.status_code == 200


def test_service_worker_is_stamped_with_every_asset(client: TestClient) -> None:
    r = client.get("/sw.js")
    assert "no-cache" in r.headers["cache-control"]
    assert r.headers["service-worker-allowed"] == "/"
    text = r.text
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', text)
    assert version, "VERSION not stamped"
    listing = re.search(r"const ASSETS = (\[[^\]]*\]);", text)
    assert listing
    assets = json.loads(listing.group(1))
    others = [f for f in servable_files() if f != "sw.js"]
    assert sorted(assets) == sorted(["./", *others])
    # The version is a hash of every other asset: recompute it independently.
    digest = hashlib.sha256()
    for rel in others:
        digest.update(rel.encode() + b"\0" + (WEB_DIR / rel).read_bytes() + b"\0")
    assert version.group(1) == digest.hexdigest()[:16]


def test_cache_version_changes_exactly_when_an_asset_changes(tmp_path: Path) -> None:
    web = tmp_path / "web"
    shutil.copytree(WEB_DIR, web)
    v1 = load_site(web)["sw.js"].body
    assert load_site(web)["sw.js"].body == v1  # deterministic
    css = web / "css" / "app.css"
    css.write_text(css.read_text() + "\n/* changed */\n")
    v2 = load_site(web)["sw.js"].body
    assert v1 != v2
    assert re.sub(rb'VERSION = "[0-9a-f]+"', b"", v1) == re.sub(rb'VERSION = "[0-9a-f]+"', b"", v2)


def test_write_site_matches_what_the_server_serves(tmp_path: Path, client: TestClient) -> None:
    out = tmp_path / "site"
    written = write_site(out)
    assert sorted(written) == servable_files()
    for rel in written:
        assert (out / rel).read_bytes() == client.get("/" + rel).content, rel


def test_manifest_is_valid_and_its_icons_exist(client: TestClient) -> None:
    m = client.get("/manifest.webmanifest").json()
    assert m["name"] and m["short_name"] and m["start_url"] and m["display"] == "standalone"
    sizes = {i["sizes"] for i in m["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(i.get("purpose") == "maskable" for i in m["icons"])
    for icon in m["icons"]:
        r = client.get("/" + icon["src"])
        assert r.status_code == 200, icon["src"]
        if icon["type"] == "image/png":
            assert r.content[:8] == b"\x89PNG\r\n\x1a\n"
            w, h = int.from_bytes(r.content[16:20], "big"), int.from_bytes(r.content[20:24], "big")
            assert f"{w}x{h}" == icon["sizes"]


ESCAPES = [
    "/../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E/secret.txt",
    "/js/../../secret.txt",
    "/js/%2e%2e/%2e%2e/secret.txt",
    "/..%2fsecret.txt",
    "/%2e%2e%2fsecret.txt",
    "/js/..%2f..%2fsecret.js",
    "/..\\secret.txt",
    "/%5c..%5csecret.txt",
    "//secret.txt",
    "/" + "%2e%2e/" * 8 + "etc/passwd",
    "/../../../../../../etc/passwd",
    "/etc/passwd",
    "/%2fetc%2fpasswd",
    "/.hidden.txt",
    "/js/leak.py",
    "/index.html%00.txt",
    "/index.html/..",
    "/./index.html/../../secret.txt",
]


def raw_get(base: str, path: str) -> tuple[int, bytes]:
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        conn.putrequest("GET", path, skip_accept_encoding=True)
        conn.endheaders()
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def test_static_files_cannot_escape_their_folder_over_real_http(jail: Path) -> None:
    with live_server(jail / "web") as base:
        status, body = raw_get(base, "/index.html")  # control: the jail does serve its files
        assert status == 200 and b"<html" in body
        for path in ESCAPES:
            status, body = raw_get(base, path)
            assert SECRET.encode() not in body, path
            assert status in (400, 404), (path, status)
            if status == 404:
                assert json.loads(body) == {"detail": "not found"}, path


def test_absolute_path_in_the_request_target_is_not_a_file(jail: Path) -> None:
    with live_server(jail / "web") as base:
        status, body = raw_get(base, f"{base}/../secret.txt")
        assert SECRET.encode() not in body and status in (400, 404)


def test_security_headers_on_every_kind_of_response(client: TestClient) -> None:
    responses = [
        client.get("/"),
        client.get("/js/app/main.js"),
        client.get("/api/health"),
        client.get("/nope.html"),
        client.get("/api/nope"),
        client.post("/api/matchless/solve", content=b"x" * (MAX_BODY + 1)),
        client.post("/api/matchless/solve", json={}),
    ]
    for r in responses:
        assert r.headers["content-security-policy"] == CSP
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in CSP
    assert "unsafe-inline" not in CSP and "unsafe-eval" not in CSP and "*" not in CSP


class _InlineFinder(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {k for k, _ in attrs}
        if tag == "style":
            self.problems.append("<style> element")
        if "style" in names:
            self.problems.append(f"style attribute on <{tag}>")
        self.problems.extend(f"{k} handler on <{tag}>" for k in names if k.startswith("on"))
        if tag == "script":
            if "src" not in names:
                self.problems.append("inline <script>")
            self._in_script = True
        for k, v in attrs:
            if k in {"src", "href"} and v and re.match(r"^(https?:)?//", v):
                self.problems.append(f"third-party URL {v}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.problems.append("script with inline code")


def test_site_satisfies_its_own_csp_statically() -> None:
    finder = _InlineFinder()
    finder.feed((WEB_DIR / "index.html").read_text())
    assert finder.problems == []
    for js in WEB_DIR.rglob("*.js"):
        text = js.read_text()
        for bad in (
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "eval(",
            "new Function",
            "setAttribute('style'",
            'setAttribute("style"',
            "cssText",
            "document.write",
        ):
            assert bad not in text, f"{js.relative_to(WEB_DIR)} uses {bad}"


def test_module_preloads_name_real_modules_of_the_first_view() -> None:
    html = (WEB_DIR / "index.html").read_text()
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    assert "js/app/main.js" in preloads and "js/matchless/engine.js" in preloads
    for href in preloads:
        assert (WEB_DIR / href).is_file(), href
        assert href.endswith(".js")
