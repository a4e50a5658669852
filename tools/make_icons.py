"""Render the web app's PNG icons from the same geometry as ``web/icons/icon.svg``.

Usage: ``python tools/make_icons.py`` (writes icon-192.png, icon-512.png and
maskable-512.png into ``src/proofgrid/web/icons``). Pure numpy rasterising with
4×4 supersampling and a zlib PNG writer: no image library, no download.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import numpy.typing as npt

OUT = Path(__file__).resolve().parents[1] / "src" / "proofgrid" / "web" / "icons"
BG = (0x10, 0x14, 0x1F)
GOLD = (0xFF, 0xC2, 0x33)
BLUE = (0x56, 0xB4, 0xE9)
SEGMENTS = [
    ((32, 20), (32, 9)),
    ((32, 44), (32, 55)),
    ((20, 32), (9, 32)),
    ((44, 32), (55, 32)),
    ((23.5, 23.5), (16.5, 16.5)),
    ((40.5, 40.5), (47.5, 47.5)),
    ((40.5, 23.5), (47.5, 16.5)),
    ((23.5, 40.5), (16.5, 47.5)),
]
Array = npt.NDArray[np.float64]


def _segment_distance(x: Array, y: Array, a: tuple[float, float], b: tuple[float, float]) -> Array:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = np.clip(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy), 0.0, 1.0)
    return np.asarray(np.hypot(x - (ax + t * dx), y - (ay + t * dy)))


def render(size: int, *, maskable: bool) -> npt.NDArray[np.uint8]:
    """RGBA pixels of the icon at ``size``×``size`` (maskable: full bleed, 80% safe zone)."""
    ss = 4
    n = size * ss
    coords = (np.arange(n) + 0.5) / n * 64.0
    x, y = np.meshgrid(coords, coords)
    if maskable:  # shrink the drawing into the central 80% safe zone
        x = (x - 32) / 0.8 + 32
        y = (y - 32) / 0.8 + 32
    rgb = np.zeros((n, n, 3))
    alpha = np.ones((n, n))
    if maskable:
        rgb[:] = BG
    else:
        r = 14.0
        cx = np.clip(x, r, 64 - r)
        cy = np.clip(y, r, 64 - r)
        inside = np.hypot(x - cx, y - cy) <= r
        rgb[inside] = BG
        alpha = inside.astype(float)
    for a, b in SEGMENTS:
        rgb[_segment_distance(x, y, a, b) <= 2.0] = GOLD
    rgb[np.hypot(x - 32, y - 32) <= 9] = GOLD
    for cx0, cy0 in ((32, 7), (57, 32), (32, 57), (7, 32)):
        rgb[np.hypot(x - cx0, y - cy0) <= 3.5] = BLUE
    rgb = rgb.reshape(size, ss, size, ss, 3).mean(axis=(1, 3))
    alpha = alpha.reshape(size, ss, size, ss).mean(axis=(1, 3))
    # Colours were painted at full strength; un-premultiply is unnecessary since
    # background-less samples are black with alpha 0 and average correctly here.
    safe = np.where(alpha > 0, alpha, 1.0)[..., None]
    rgb = np.where(alpha[..., None] > 0, rgb / safe, 0)
    out = np.dstack([np.clip(rgb, 0, 255), alpha * 255]).round().astype(np.uint8)
    return out


def png_bytes(pixels: npt.NDArray[np.uint8]) -> bytes:
    """Encode RGBA pixels as a PNG (filter 0 on every row)."""
    h, w, _ = pixels.shape
    raw = b"".join(b"\0" + pixels[row].tobytes() for row in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("maskable-512.png", 512, True),
    ):
        data = png_bytes(render(size, maskable=maskable))
        (OUT / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
