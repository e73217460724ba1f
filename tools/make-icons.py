#!/usr/bin/env python3
"""Regenerates the Artifact Chess card icons in assets/icons/ (128×128 RGBA PNG).

    python3 tools/make-icons.py            # from the repository root or anywhere inside it
    python3 tools/make-icons.py --out DIR  # writes the icons elsewhere

Needs Python 3 and Pillow. Each icon is a brass symbol inlaid in a dark walnut tile: the
symbol sits in a carved recess, lit from the top left, and a thin inlaid frame gives the
card's kind (brass: movement, pewter: keeps your move, red lacquer: answer, bone: action).
The card back is a bone-and-brass lattice with a rose in the middle.

Everything is drawn at four times the size and scaled down once (smooth edges); there is no
randomness and no time stamp, so a run writes the same bytes every time. The wood grain is a
few thin lines, and each picture is cut to 256 colours (still stored as RGBA), so all 23
files together stay well under 200 KB.
"""

import argparse
import math
import os
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter

SIZE = 128
SS = 4  # supersampling factor
S = SIZE * SS  # drawing size
C = S // 2  # centre

# The 22 artifacts: (code, kind), in the rules' order (src/rules/chess/artifact.rs).
CARDS = [
    ("file-shift", "movement"),
    ("teleport", "movement"),
    ("acceleration", "movement"),
    ("knights-leap", "movement"),
    ("kings-stride", "movement"),
    ("seize", "keeps_move"),
    ("restriction", "keeps_move"),
    ("cancel", "response"),
    ("statue", "action"),
    ("heir", "action"),
    ("mass-attack", "movement"),
    ("explosive-ram", "action"),
    ("zombie-pawn", "action"),
    ("resurrection", "action"),
    ("barricade", "action"),
    ("demolition", "action"),
    ("balm", "action"),
    ("poison-dart", "action"),
    ("shield", "action"),
    ("fury", "movement"),
    ("scouting", "action"),
    ("trophy", "action"),
]

WALNUT = (72, 46, 30)
WALNUT_DARK = (52, 32, 20)
RECESS = (30, 18, 11)
BRASS_TOP = (232, 196, 112)
BRASS_BOTTOM = (158, 114, 48)
BRASS_LIGHT = (252, 232, 170)
BRASS_SHADE = (104, 72, 28)
BONE = (226, 212, 182)
FRAME = {
    "movement": (198, 158, 84),
    "keeps_move": (172, 174, 166),
    "response": (176, 62, 44),
    "action": (222, 206, 174),
}

# Stroke widths at drawing size.
W = 30
THIN = 20


# ---------------------------------------------------------------------------------------------
# Helpers


def mask():
    return Image.new("L", (S, S), 0)


def rot(points, deg, cx=C, cy=C):
    """Turns points about (cx, cy) by `deg` degrees (clockwise on screen)."""
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in points]


def line(d, pts, width=W, fill=255):
    d.line(pts, fill=fill, width=width, joint="curve")
    r = width / 2
    for x, y in (pts[0], pts[-1]):
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def arrow_head(d, tip, angle_deg, length=90, half=62, fill=255):
    """A filled arrow head whose tip is at `tip`, pointing along `angle_deg` (0 = right)."""
    a = math.radians(angle_deg)
    dx, dy = math.cos(a), math.sin(a)
    bx, by = tip[0] - dx * length, tip[1] - dy * length
    px, py = -dy, dx
    d.polygon([tip, (bx + px * half, by + py * half), (bx - px * half, by - py * half)], fill=fill)


def arrow(d, start, end, width=W, head=90, half=62):
    a = math.degrees(math.atan2(end[1] - start[1], end[0] - start[0]))
    r = math.radians(a)
    stop = (end[0] - math.cos(r) * head * 0.8, end[1] - math.sin(r) * head * 0.8)
    line(d, [start, stop], width)
    arrow_head(d, end, a, head, half)


def pawn(d, cx, base, h, fill=255):
    """A pawn silhouette standing on `base`, `h` tall."""
    u = h / 10
    d.rounded_rectangle((cx - 3.2 * u, base - 1.3 * u, cx + 3.2 * u, base), radius=0.5 * u, fill=fill)
    d.polygon(
        [(cx - 2.4 * u, base - 1.2 * u), (cx - 1.1 * u, base - 5.8 * u), (cx + 1.1 * u, base - 5.8 * u), (cx + 2.4 * u, base - 1.2 * u)],
        fill=fill,
    )
    d.ellipse((cx - 2.0 * u, base - 6.5 * u, cx + 2.0 * u, base - 5.3 * u), fill=fill)
    r = 1.9 * u
    hy = base - 8.0 * u
    d.ellipse((cx - r, hy - r, cx + r, hy + r), fill=fill)
    return hy, r


def rook(d, cx, base, h, fill=255):
    u = h / 10
    d.rounded_rectangle((cx - 3.4 * u, base - 1.4 * u, cx + 3.4 * u, base), radius=0.4 * u, fill=fill)
    d.polygon(
        [(cx - 2.5 * u, base - 1.3 * u), (cx - 2.1 * u, base - 7.2 * u), (cx + 2.1 * u, base - 7.2 * u), (cx + 2.5 * u, base - 1.3 * u)],
        fill=fill,
    )
    d.rectangle((cx - 3.0 * u, base - 8.6 * u, cx + 3.0 * u, base - 7.0 * u), fill=fill)
    for i in range(3):
        x0 = cx - 3.0 * u + i * 2.2 * u
        d.rectangle((x0, base - 10 * u, x0 + 1.6 * u, base - 8.5 * u), fill=fill)


def crown(d, cx, cy, w, fill=255):
    """A small three-pointed crown, `w` wide, centred on (cx, cy)."""
    h = w * 0.62
    top, bottom = cy - h / 2, cy + h / 2
    band = bottom - h * 0.28
    d.polygon(
        [
            (cx - w / 2, band),
            (cx - w / 2, top + h * 0.18),
            (cx - w / 4, band - h * 0.28),
            (cx, top),
            (cx + w / 4, band - h * 0.28),
            (cx + w / 2, top + h * 0.18),
            (cx + w / 2, band),
        ],
        fill=fill,
    )
    d.rectangle((cx - w / 2, band, cx + w / 2, bottom), fill=fill)
    for x in (cx - w / 2, cx, cx + w / 2):
        r = w * 0.07
        y = top + (0 if x == cx else h * 0.18)
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def card_outline(d, box, width=THIN, fill=255):
    d.rounded_rectangle(box, radius=26, outline=fill, width=width)


def star(d, cx, cy, r_out, r_in, n, turn=0.0, fill=255):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi * i / n + turn - math.pi / 2
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    d.polygon(pts, fill=fill)


def bezier(p0, p1, p2, p3, n=40):
    out = []
    for i in range(n + 1):
        t = i / n
        m = 1 - t
        out.append(
            (
                m**3 * p0[0] + 3 * m * m * t * p1[0] + 3 * m * t * t * p2[0] + t**3 * p3[0],
                m**3 * p0[1] + 3 * m * m * t * p1[1] + 3 * m * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


# ---------------------------------------------------------------------------------------------
# The symbols: each returns an "L" mask at drawing size, 255 where the brass is.


def sym_file_shift():
    m = mask()
    d = ImageDraw.Draw(m)
    # The file: a post in the middle; arrows to the left and to the right.
    d.rounded_rectangle((C - 14, C - 110, C + 14, C + 110), radius=12, fill=255)
    arrow(d, (C - 50, C), (C - 190, C))
    arrow(d, (C + 50, C), (C + 190, C))
    return m


def sym_teleport():
    m = mask()
    d = ImageDraw.Draw(m)
    pts = []
    turns = 2.6
    for i in range(240):
        t = i / 239
        a = t * turns * 2 * math.pi
        r = 16 + t * 150
        pts.append((C + r * math.cos(a), C + r * math.sin(a)))
    line(d, pts, width=26)
    star(d, C + 150, C - 150, 34, 10, 4)
    star(d, C - 160, C + 140, 26, 8, 4)
    return m


def sym_acceleration():
    m = mask()
    d = ImageDraw.Draw(m)
    for y in (C - 40, C + 90):
        line(d, [(C - 140, y + 70), (C, y - 70), (C + 140, y + 70)], width=40)
    # Speed lines behind.
    for x in (C - 170, C + 170):
        line(d, [(x, C - 150), (x, C - 60)], width=16)
    return m


def sym_knights_leap():
    m = mask()
    d = ImageDraw.Draw(m)
    # Two squares up, one across: an L from the start dot to the arrow's tip.
    x0, y0 = C - 90, C + 150
    d.ellipse((x0 - 36, y0 - 36, x0 + 36, y0 + 36), fill=255)
    line(d, [(x0, y0), (x0, C - 120)], width=W)
    arrow(d, (x0, C - 120), (C + 150, C - 120))
    # The squares the leap passes over, as dots.
    for y in (C + 60, C - 30):
        r = 12
        d.ellipse((C + 40 - r, y - r, C + 40 + r, y + r), fill=255)
    return m


def sym_kings_stride():
    m = mask()
    d = ImageDraw.Draw(m)
    crown(d, C, C - 100, 230)
    # Two steps: two chevrons.
    for x in (C - 70, C + 60):
        line(d, [(x - 45, C + 50), (x + 45, C + 120), (x - 45, C + 190)], width=32)
    return m


def sym_seize():
    m = mask()
    d = ImageDraw.Draw(m)
    box = (C - 10, C - 190, C + 160, C + 40)
    card_outline(d, box, width=24)
    d.rounded_rectangle((C + 30, C - 140, C + 120, C - 10), radius=14, fill=255)
    # A hooked arrow pulling the card down to the left, into the hand.
    path = bezier((C + 20, C + 60), (C - 20, C + 170), (C - 120, C + 170), (C - 150, C + 60))
    line(d, path[:-6], width=W)
    arrow_head(d, (C - 158, C + 20), -100, length=90, half=60)
    return m


def sym_restriction():
    m = mask()
    d = ImageDraw.Draw(m)
    # A padlock: its shackle and its body with a keyhole.
    d.arc((C - 105, C - 200, C + 105, C + 10), 180, 360, fill=255, width=40)
    d.rectangle((C - 105, C - 95, C - 65, C - 10), fill=255)
    d.rectangle((C + 65, C - 95, C + 105, C - 10), fill=255)
    d.rounded_rectangle((C - 150, C - 30, C + 150, C + 180), radius=30, fill=255)
    d.ellipse((C - 28, C + 30, C + 28, C + 86), fill=0)
    d.polygon([(C - 16, C + 70), (C + 16, C + 70), (C + 24, C + 140), (C - 24, C + 140)], fill=0)
    return m


def sym_cancel():
    m = mask()
    d = ImageDraw.Draw(m)
    box = (C - 120, C - 180, C + 120, C + 180)
    card_outline(d, box, width=24)
    line(d, [(C - 170, C - 170), (C + 170, C + 170)], width=38)
    line(d, [(C + 170, C - 170), (C - 170, C + 170)], width=38)
    return m


def sym_statue():
    m = mask()
    d = ImageDraw.Draw(m)
    # A pawn on a plinth, with the cracks of stone.
    d.rounded_rectangle((C - 150, C + 130, C + 150, C + 200), radius=10, fill=255)
    d.rectangle((C - 120, C + 100, C + 120, C + 140), fill=255)
    pawn(d, C, C + 100, 290)
    line(d, [(C - 20, C - 60), (C + 10, C - 10), (C - 10, C + 40), (C + 20, C + 90)], width=10, fill=0)
    line(d, [(C - 60, C + 165), (C - 20, C + 150), (C + 30, C + 172)], width=10, fill=0)
    return m


def sym_heir():
    m = mask()
    d = ImageDraw.Draw(m)
    hy, r = pawn(d, C, C + 190, 300)
    crown(d, C, hy - r - 50, 150)
    # The four diagonals it attacks on.
    for sx in (-1, 1):
        for sy in (-1, 1):
            a = (C + sx * 120, C + 40 + sy * 70)
            b = (C + sx * 190, C + 40 + sy * 140)
            arrow(d, a, b, width=16, head=52, half=34)
    return m


def sym_mass_attack():
    m = mask()
    d = ImageDraw.Draw(m)
    for x in (C - 140, C, C + 140):
        pawn(d, x, C + 190, 190)
        line(d, [(x - 50, C - 90), (x, C - 150), (x + 50, C - 90)], width=24)
    return m


def sym_explosive_ram():
    m = mask()
    d = ImageDraw.Draw(m)
    star(d, C, C - 10, 215, 120, 10, turn=0.15)
    r2 = mask()
    rook(ImageDraw.Draw(r2), C, C + 150, 260)
    gap = r2.filter(ImageFilter.MaxFilter(25))
    m = ImageChops.subtract(m, gap)
    return ImageChops.lighter(m, r2)


def sym_zombie_pawn():
    m = mask()
    d = ImageDraw.Draw(m)
    # A pawn whose head is a skull, rising from the ground.
    base = C + 170
    d.rounded_rectangle((C - 190, base, C + 190, base + 30), radius=12, fill=255)
    u = 34
    d.polygon([(C - 80, base - 10), (C - 38, C + 10), (C + 38, C + 10), (C + 80, base - 10)], fill=255)
    d.ellipse((C - 70, C - 10, C + 70, C + 30), fill=255)
    # Skull: a round cranium and a jaw.
    d.ellipse((C - 4 * u, C - 235, C + 4 * u, C - 235 + 7 * u), fill=255)
    d.rounded_rectangle((C - 2.4 * u, C - 80, C + 2.4 * u, C - 20), radius=18, fill=255)
    d.ellipse((C - 95, C - 150, C - 25, C - 90), fill=0)
    d.ellipse((C + 25, C - 150, C + 95, C - 90), fill=0)
    d.polygon([(C, C - 85), (C - 16, C - 58), (C + 16, C - 58)], fill=0)
    for x in (C - 40, C, C + 40):
        d.rectangle((x - 5, C - 48, x + 5, C - 20), fill=0)
    return m


def sym_resurrection():
    m = mask()
    d = ImageDraw.Draw(m)
    base = C + 180
    d.rounded_rectangle((C - 190, base, C + 190, base + 28), radius=12, fill=255)
    hy, r = pawn(d, C, base - 20, 260)
    # A halo over its head and the rising arrows beside it.
    d.ellipse((C - 80, hy - r - 80, C + 80, hy - r - 30), outline=255, width=18)
    for x in (C - 150, C + 150):
        arrow(d, (x, base - 40), (x, C - 60), width=22, head=64, half=44)
    return m


def sym_barricade():
    m = mask()
    d = ImageDraw.Draw(m)
    # A striped bar on two legs.
    d.rectangle((C - 140, C - 20, C - 105, C + 190), fill=255)
    d.rectangle((C + 105, C - 20, C + 140, C + 190), fill=255)
    bar = mask()
    bd = ImageDraw.Draw(bar)
    bd.rounded_rectangle((C - 200, C - 130, C + 200, C - 10), radius=16, fill=255)
    stripes = mask()
    sd = ImageDraw.Draw(stripes)
    for k in range(-5, 6):
        x = C + k * 80
        sd.polygon([(x, C - 140), (x + 40, C - 140), (x - 20, C), (x - 60, C)], fill=255)
    inner = mask()
    ImageDraw.Draw(inner).rounded_rectangle((C - 180, C - 112, C + 180, C - 28), radius=8, fill=255)
    cut = ImageChops.multiply(stripes, inner)
    m = ImageChops.lighter(m, ImageChops.subtract(bar, cut))
    return m


def sym_demolition():
    m = mask()
    d = ImageDraw.Draw(m)
    # A sledgehammer swung onto a broken block.
    handle = rot([(C - 14, C - 60), (C + 14, C - 60), (C + 14, C + 210), (C - 14, C + 210)], -40, C, C - 60)
    d.polygon(handle, fill=255)
    head = rot([(C - 110, C - 130), (C + 110, C - 130), (C + 110, C - 30), (C - 110, C - 30)], -40, C, C - 60)
    d.polygon(head, fill=255)
    # Broken block pieces at the lower right.
    d.polygon([(C + 60, C + 120), (C + 130, C + 95), (C + 150, C + 190), (C + 70, C + 200)], fill=255)
    d.polygon([(C + 150, C + 80), (C + 200, C + 110), (C + 195, C + 190), (C + 165, C + 185)], fill=255)
    for a in (-70, -30, 10):
        r0, r1 = 40, 90
        cx, cy = C + 130, C + 60
        rad = math.radians(a)
        line(d, [(cx + r0 * math.cos(rad), cy + r0 * math.sin(rad)), (cx + r1 * math.cos(rad), cy + r1 * math.sin(rad))], width=14)
    return m


def sym_balm():
    m = mask()
    d = ImageDraw.Draw(m)
    # A round jar with a lid, a cross cut in it.
    d.rounded_rectangle((C - 80, C - 200, C + 80, C - 150), radius=14, fill=255)
    d.rectangle((C - 55, C - 160, C + 55, C - 100), fill=255)
    d.ellipse((C - 165, C - 120, C + 165, C + 200), fill=255)
    d.rectangle((C - 22, C - 40, C + 22, C + 120), fill=0)
    d.rectangle((C - 80, C + 18, C + 80, C + 62), fill=0)
    return m


def sym_poison_dart():
    m = mask()
    d = ImageDraw.Draw(m)
    # A dart flying down to the right, a drop falling from its point.
    line(d, [(C - 150, C - 150), (C + 90, C + 90)], width=22)
    arrow_head(d, (C + 150, C + 150), 45, length=100, half=38)
    # Two pairs of flights at the tail, one on each side of the shaft.
    for back in (0, 60):
        tx, ty = C - 170 + back, C - 170 + back
        for sx, sy in ((1, -1), (-1, 1)):
            d.polygon([(tx + 10, ty + 10), (tx + 60, ty + 60), (tx + 20 + 62 * sx, ty + 20 + 62 * sy), (tx - 10 + 50 * sx, ty - 10 + 50 * sy)], fill=255)
    # The drop.
    dx, dy = C - 20, C + 150
    d.ellipse((dx - 34, dy - 20, dx + 34, dy + 48), fill=255)
    d.polygon([(dx - 32, dy + 8), (dx, dy - 70), (dx + 32, dy + 8)], fill=255)
    return m


def sym_shield():
    m = mask()
    d = ImageDraw.Draw(m)
    top, bottom = C - 190, C + 200
    left, right = C - 160, C + 160
    outline = [(left, top + 30), (C, top), (right, top + 30)]
    outline += bezier((right, top + 30), (right, C + 40), (C + 90, C + 140), (C, bottom))[1:]
    outline += bezier((C, bottom), (C - 90, C + 140), (left, C + 40), (left, top + 30))[1:]
    d.polygon(outline, fill=255)
    inner = [(x - (x - C) * 0.22, y - (y - C) * 0.22 + 4) for x, y in outline]
    d.line(inner + [inner[0]], fill=0, width=16)
    d.rectangle((C - 9, C - 140, C + 9, C + 140), fill=0)
    d.rectangle((C - 110, C - 50, C + 110, C - 32), fill=0)
    return m


def sym_fury():
    m = mask()
    d = ImageDraw.Draw(m)
    # A flame with an inner tongue cut out.
    outer = bezier((C, C + 200), (C - 230, C + 190), (C - 150, C - 40), (C - 60, C - 120))
    outer += bezier((C - 60, C - 120), (C - 60, C - 40), (C - 20, C - 30), (C + 10, C - 210))[1:]
    outer += bezier((C + 10, C - 210), (C + 110, C - 110), (C + 70, C - 60), (C + 110, C - 40))[1:]
    outer += bezier((C + 110, C - 40), (C + 140, C - 80), (C + 150, C - 100), (C + 140, C - 140))[1:]
    outer += bezier((C + 140, C - 140), (C + 260, C + 20), (C + 210, C + 200), (C, C + 200))[1:]
    d.polygon(outer, fill=255)
    inner = bezier((C, C + 160), (C - 110, C + 160), (C - 90, C + 40), (C - 10, C - 40))
    inner += bezier((C - 10, C - 40), (C + 10, C + 30), (C + 120, C + 60), (C, C + 160))[1:]
    d.polygon(inner, fill=0)
    return m


def sym_scouting():
    m = mask()
    d = ImageDraw.Draw(m)
    # A spyglass lying on a diagonal: an eyepiece, two drawn tubes and the wide barrel, each
    # joint a raised collar set off by a cut line, and the lens at the far end.
    turn = -35

    def band(x0, x1, r, fill=255):
        d.polygon(rot([(C + x0, C - r), (C + x1, C - r), (C + x1, C + r), (C + x0, C + r)], turn), fill=fill)

    band(-215, -170, 22)
    band(-170, -70, 30)
    band(-70, 40, 42)
    band(40, 175, 58)
    for x, r in ((-170, 40), (-70, 54), (40, 72)):
        band(x - 14, x + 14, r)
        band(x - 18, x - 13, r + 2, fill=0)
    band(160, 190, 74)
    band(156, 161, 76, fill=0)
    # The lens: a dark ring inside the barrel's end.
    lens = [(C + 178 + 18 * math.cos(a / 20 * math.pi), C + 50 * math.sin(a / 20 * math.pi)) for a in range(40)]
    d.polygon(rot(lens, turn), fill=0)
    return m


def sym_trophy():
    m = mask()
    d = ImageDraw.Draw(m)
    # A cup with two handles on a stem and a foot.
    cup = bezier((C - 130, C - 190), (C - 130, C + 20), (C - 40, C + 40), (C, C + 40))
    cup += bezier((C, C + 40), (C + 40, C + 40), (C + 130, C + 20), (C + 130, C - 190))[1:]
    d.polygon(cup, fill=255)
    for sx in (-1, 1):
        d.arc((C + sx * 130 - 70, C - 170, C + sx * 130 + 70, C - 20), 90 if sx > 0 else -90 - 180, 270 if sx > 0 else 90, fill=255, width=26)
    d.polygon([(C - 22, C + 30), (C + 22, C + 30), (C + 34, C + 120), (C - 34, C + 120)], fill=255)
    d.rounded_rectangle((C - 110, C + 115, C + 110, C + 160), radius=12, fill=255)
    d.rounded_rectangle((C - 140, C + 155, C + 140, C + 200), radius=12, fill=255)
    star(d, C, C - 100, 52, 22, 5, fill=0)
    return m


SYMBOLS = {
    "file-shift": sym_file_shift,
    "teleport": sym_teleport,
    "acceleration": sym_acceleration,
    "knights-leap": sym_knights_leap,
    "kings-stride": sym_kings_stride,
    "seize": sym_seize,
    "restriction": sym_restriction,
    "cancel": sym_cancel,
    "statue": sym_statue,
    "heir": sym_heir,
    "mass-attack": sym_mass_attack,
    "explosive-ram": sym_explosive_ram,
    "zombie-pawn": sym_zombie_pawn,
    "resurrection": sym_resurrection,
    "barricade": sym_barricade,
    "demolition": sym_demolition,
    "balm": sym_balm,
    "poison-dart": sym_poison_dart,
    "shield": sym_shield,
    "fury": sym_fury,
    "scouting": sym_scouting,
    "trophy": sym_trophy,
}


# ---------------------------------------------------------------------------------------------
# The tile and the inlay


MARGIN = 4 * SS
RADIUS = 18 * SS


def tile_mask():
    m = mask()
    ImageDraw.Draw(m).rounded_rectangle((MARGIN, MARGIN, S - 1 - MARGIN, S - 1 - MARGIN), radius=RADIUS, fill=255)
    return m


def vertical_gradient(top, bottom):
    g = Image.new("RGB", (1, S))
    for y in range(S):
        t = y / (S - 1)
        g.putpixel((0, y), tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)))
    return g.resize((S, S))


def walnut(phase):
    """Walnut: an even brown crossed by thin, darker grain lines that wave slowly (broad
    smooth shading would cost many bytes for little to see at this size)."""
    img = Image.new("RGB", (S, S), WALNUT)
    d = ImageDraw.Draw(img)
    step = 22
    for k in range(-4, S // step + 6):
        y0 = k * step
        pts = []
        for x in range(0, S + 16, 16):
            y = y0 + 10 * math.sin(x / 83.0 + k * 0.7 + phase) + 6 * math.sin(x / 31.0 + k * 1.3)
            pts.append((x, y))
        if (k * 37 + int(phase * 10)) % 3 == 0:
            d.line(pts, fill=WALNUT_DARK, width=6)
    return img.filter(ImageFilter.GaussianBlur(2))


def tile(phase):
    """The walnut tile: grain, a bevelled rim lit from the top left."""
    tm = tile_mask()
    wood = walnut(phase)
    # Rim: a lighter edge at the top left, a darker one at the bottom right.
    inner = tm.filter(ImageFilter.MinFilter(13))
    rim = ImageChops.subtract(tm, inner)
    light = ImageChops.subtract(tm, ImageChops.offset(tm, 6, 6))
    dark = ImageChops.subtract(tm, ImageChops.offset(tm, -6, -6))
    wood.paste((126, 90, 60), (0, 0), ImageChops.multiply(rim, light).filter(ImageFilter.GaussianBlur(2)))
    wood.paste((28, 17, 10), (0, 0), ImageChops.multiply(rim, dark).filter(ImageFilter.GaussianBlur(2)))
    return wood, tm


def frame_mask():
    m = mask()
    inset = 11 * SS
    ImageDraw.Draw(m).rounded_rectangle((inset, inset, S - 1 - inset, S - 1 - inset), radius=RADIUS - 6 * SS, outline=255, width=2 * SS)
    return m


def inlay(base, sym, top, bottom, light, shade, groove=14):
    """Sets `sym` into `base`: a dark carved recess around it, a graded fill, a lit top-left
    edge and a shaded bottom-right one."""
    recess = sym.filter(ImageFilter.MaxFilter(groove + 1 if groove % 2 == 0 else groove)).filter(ImageFilter.GaussianBlur(4))
    base.paste(RECESS, (0, 0), recess.point(lambda v: v * 200 // 255))
    fill = vertical_gradient(top, bottom)
    base.paste(fill, (0, 0), sym)
    edge = 7
    lit = ImageChops.subtract(sym, ImageChops.offset(sym, edge, edge)).filter(ImageFilter.GaussianBlur(3))
    dim = ImageChops.subtract(sym, ImageChops.offset(sym, -edge, -edge)).filter(ImageFilter.GaussianBlur(3))
    base.paste(light, (0, 0), ImageChops.multiply(lit, sym).point(lambda v: v * 200 // 255))
    base.paste(shade, (0, 0), ImageChops.multiply(dim, sym).point(lambda v: v * 220 // 255))


def finish(img, tm):
    """Cuts the tile out, adds a soft shadow under it and scales down to the icon size."""
    shadow = ImageChops.offset(tm, 2 * SS, 3 * SS).filter(ImageFilter.GaussianBlur(3 * SS))
    shadow = shadow.point(lambda v: v * 150 // 255)
    out = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    out.paste((10, 6, 3, 255), (0, 0), shadow)
    body = img.convert("RGBA")
    body.putalpha(tm)
    out = Image.alpha_composite(out, body)
    return out.resize((SIZE, SIZE), Image.LANCZOS)


def icon(index, code, kind):
    base, tm = tile(phase=index * 0.9)
    colour = FRAME[kind]
    fm = frame_mask()
    inlay(base, fm, colour, tuple(max(0, c - 40) for c in colour), colour, tuple(c // 2 for c in colour), groove=7)
    sym = SYMBOLS[code]()
    # Keep the symbol inside the frame.
    inside = mask()
    inset = 14 * SS
    ImageDraw.Draw(inside).rounded_rectangle((inset, inset, S - 1 - inset, S - 1 - inset), radius=RADIUS - 10 * SS, fill=255)
    sym = ImageChops.multiply(sym, inside)
    inlay(base, sym, BRASS_TOP, BRASS_BOTTOM, BRASS_LIGHT, BRASS_SHADE)
    return finish(base, tm)


def card_back():
    base, tm = tile(phase=3.3)
    m = mask()
    d = ImageDraw.Draw(m)
    # A lattice of bone lozenges inside a double frame, a brass rose in the middle.
    inset = 11 * SS
    d.rounded_rectangle((inset, inset, S - 1 - inset, S - 1 - inset), radius=RADIUS - 6 * SS, outline=255, width=2 * SS)
    inset2 = 17 * SS
    d.rounded_rectangle((inset2, inset2, S - 1 - inset2, S - 1 - inset2), radius=RADIUS - 10 * SS, outline=255, width=SS + 2)
    lattice = mask()
    ld = ImageDraw.Draw(lattice)
    pitch = 64
    for k in range(-S // pitch, 2 * S // pitch + 1):
        ld.line([(k * pitch, 0), (k * pitch + S, S)], fill=255, width=7)
        ld.line([(k * pitch, 0), (k * pitch - S, S)], fill=255, width=7)
    clip = mask()
    ImageDraw.Draw(clip).rounded_rectangle((inset2 + 14, inset2 + 14, S - 1 - inset2 - 14, S - 1 - inset2 - 14), radius=RADIUS - 14 * SS, fill=255)
    lattice = ImageChops.multiply(lattice, clip)
    hole = mask()
    ImageDraw.Draw(hole).ellipse((C - 130, C - 130, C + 130, C + 130), fill=255)
    lattice = ImageChops.subtract(lattice, hole)
    bone = ImageChops.lighter(m, lattice)
    inlay(base, bone, BONE, (190, 174, 142), (250, 244, 226), (120, 104, 80), groove=7)
    rose = mask()
    rd = ImageDraw.Draw(rose)
    rd.ellipse((C - 112, C - 112, C + 112, C + 112), outline=255, width=16)
    star(rd, C, C, 95, 26, 8)
    rd.ellipse((C - 18, C - 18, C + 18, C + 18), fill=0)
    inlay(base, rose, BRASS_TOP, BRASS_BOTTOM, BRASS_LIGHT, BRASS_SHADE)
    return finish(base, tm)


def save(img, path):
    # At most 256 colours (no dithering), still stored as RGBA: a quarter of the bytes, and no
    # visible change on smooth wood and brass. No text chunks, no time stamp: the same picture
    # gives the same bytes.
    few = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    few.convert("RGBA").save(path, format="PNG", optimize=True)


def main():
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(root, "assets", "icons"), help="folder to write the icons to")
    args = parser.parse_args()
    assert len(CARDS) == 22 and set(SYMBOLS) == {c for c, _ in CARDS}
    os.makedirs(args.out, exist_ok=True)
    total = 0
    for i, (code, kind) in enumerate(CARDS):
        path = os.path.join(args.out, f"{code}.png")
        save(icon(i, code, kind), path)
        total += os.path.getsize(path)
    path = os.path.join(args.out, "card-back.png")
    save(card_back(), path)
    total += os.path.getsize(path)
    print(f"{len(CARDS) + 1} icons, {total} bytes, in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
