"""Draws the page's icons: a bold white check mark on the page's green.

    python3 make_icons.py    # writes the PNG files beside this script

The PNG files are committed and compiled into the binary (Package.swift); run this again only
to change the icons. Pure Python (zlib writes the PNG); the edges are smoothed by measuring how
far each pixel's centre lies from the shapes.
"""

import math
import pathlib
import struct
import zlib

GREEN = (0x0A, 0x6B, 0x3D)  # --accent in app.css
WHITE = (0xFF, 0xFF, 0xFF)
# The check mark, in units of the icon's side: a short stroke down, a long one up.
CHECK = [(0.28, 0.52), (0.43, 0.67), (0.73, 0.35)]
STROKE = 0.115
CORNER = 0.22  # of the side, for the icons shown as they are


def segment_distance(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def check_distance(x, y, scale):
    """Signed distance from (x, y) to the check mark scaled about the centre (< 0: inside)."""
    points = [(0.5 + (px - 0.5) * scale, 0.5 + (py - 0.5) * scale) for px, py in CHECK]
    nearest = min(segment_distance(x, y, *a, *b) for a, b in zip(points, points[1:]))
    return nearest - STROKE * scale / 2


def rounded_square_distance(x, y, radius):
    """Signed distance to the square of side 1 with rounded corners (< 0: inside)."""
    qx = abs(x - 0.5) - (0.5 - radius)
    qy = abs(y - 0.5) - (0.5 - radius)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def coverage(distance, size):
    """How much of a pixel a shape covers, from the signed distance of its centre."""
    return max(0.0, min(1.0, 0.5 - distance * size))


def draw(size, full_bleed, mark_scale):
    rows = []
    for row in range(size):
        y = (row + 0.5) / size
        line = bytearray([0])  # filter: none
        for column in range(size):
            x = (column + 0.5) / size
            ground = 1.0 if full_bleed else coverage(rounded_square_distance(x, y, CORNER), size)
            mark = coverage(check_distance(x, y, mark_scale), size)
            colour = [round(g + (w - g) * mark) for g, w in zip(GREEN, WHITE)]
            line += bytes(colour + [round(255 * ground)])
        rows.append(bytes(line))
    return png(size, size, b"".join(rows))


def png(width, height, raw):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


ICONS = {
    # Shown as they are: a rounded square, the mark large.
    "icon-192.png": (192, False, 1.0),
    "icon-512.png": (512, False, 1.0),
    # Cut to any shape by the phone: the green fills the square, the mark stays inside the
    # middle circle (80 % of the side) that every mask keeps.
    "icon-maskable-512.png": (512, True, 0.85),
    # iOS rounds the corners itself and shows transparency as black.
    "apple-touch-icon.png": (180, True, 1.0),
}

if __name__ == "__main__":
    folder = pathlib.Path(__file__).resolve().parent
    for name, (size, full_bleed, scale) in ICONS.items():
        (folder / name).write_bytes(draw(size, full_bleed, scale))
        print(f"wrote {name} ({size}×{size})")
