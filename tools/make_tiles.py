"""Draw the browser table's tile faces as SVG: ``src/tingpai/server/web/tiles/*.svg``.

The tiles are the project's own drawing: dots and bamboo are geometry, and the Chinese
characters (numerals, 萬, winds, dragons, flowers and seasons) are glyph outlines converted
to SVG paths, so the tiles never depend on a font installed where they are shown.  The
outlines come from Noto Serif CJK TC Bold (SIL Open Font License 1.1; see
``web/tiles/LICENSE.md``).  The output is committed; run this only to change the drawing:

    apt-get install fonts-noto-cjk && pip install fonttools
    python tools/make_tiles.py

Each face is 60 x 80 user units with a transparent margin-less ivory face; the page draws the
tile's body (edge, shadow, the coloured back) with CSS, so one face serves every size.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection

FONT = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
OUT = Path(__file__).resolve().parent.parent / "src/tingpai/server/web/tiles"

W, H = 60, 80
INK = "#1d2b4f"
RED = "#c62828"
GREEN = "#1b7a3a"
BLUE = "#1f4e9c"

NUMERALS = "一二三四五六七八九"
WINDS = "東南西北"
FLOWERS = "梅蘭菊竹"
SEASONS = "春夏秋冬"
FLOWER_COLOURS = ["#b83280", "#6b46c1", "#b7791f", "#2f855a"]
SEASON_COLOURS = ["#2f855a", "#c53030", "#c05621", "#2b6cb0"]


class Glyphs:
    """Glyph outlines of one face of the collection, fitted into boxes as SVG paths."""

    def __init__(self, path: Path, face: str = "TC") -> None:
        fonts = TTCollection(str(path)).fonts
        chosen = next(
            f for f in fonts if face in f["name"].getDebugName(1)  # type: ignore[no-untyped-call]
        )
        self.font = chosen
        self.cmap = chosen.getBestCmap()
        self.glyphs = chosen.getGlyphSet()

    def path(self, char: str, x: float, y: float, w: float, h: float,
             stretch: bool = False) -> str:
        """The SVG path data of ``char`` fitted into the box (x, y, w, h), centred; the
        aspect ratio kept unless ``stretch``."""
        name = self.cmap[ord(char)]
        glyph = self.glyphs[name]
        bounds = BoundsPen(self.glyphs)
        glyph.draw(bounds)
        assert bounds.bounds is not None
        x0, y0, x1, y1 = bounds.bounds
        sx, sy = w / (x1 - x0), h / (y1 - y0)
        if not stretch:
            sx = sy = min(sx, sy)
        ox = x + (w - (x1 - x0) * sx) / 2 - x0 * sx
        oy = y + (h - (y1 - y0) * sy) / 2 + y1 * sy
        pen = SVGPathPen(self.glyphs, ntos=lambda v: f"{v:.1f}".rstrip("0").rstrip("."))
        glyph.draw(TransformPen(pen, (sx, 0, 0, -sy, ox, oy)))
        return str(pen.getCommands())


def svg(body: str, title: str) -> str:
    """A whole tile face."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img">'
        f"<title>{title}</title>"
        '<defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#fffdf6"/><stop offset="1" stop-color="#f1eadb"/>'
        "</linearGradient></defs>"
        f'<rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="6" fill="url(#f)" '
        'stroke="#d8cfbb" stroke-width="1"/>'
        f"{body}</svg>\n"
    )


def glyph(g: Glyphs, char: str, box: tuple[float, float, float, float], colour: str,
          stretch: bool = False) -> str:
    return f'<path fill="{colour}" d="{g.path(char, *box, stretch=stretch)}"/>'


def corner(text: str, colour: str = "#6b6458") -> str:
    """The small index in the top-left corner that helps readers of no Chinese."""
    return (f'<text x="5" y="13" font-family="DejaVu Sans, Arial, sans-serif" '
            f'font-size="10" font-weight="bold" fill="{colour}">{text}</text>')


# ---------------------------------------------------------------------- dots

DOT_LAYOUT: dict[int, list[tuple[float, float]]] = {
    1: [(30, 40)],
    2: [(30, 22), (30, 58)],
    3: [(15, 18), (30, 40), (45, 62)],
    4: [(17, 22), (43, 22), (17, 58), (43, 58)],
    5: [(16, 18), (44, 18), (30, 40), (16, 62), (44, 62)],
    6: [(18, 15), (42, 15), (18, 44), (42, 44), (18, 66), (42, 66)],
    7: [(13, 13), (30, 20), (47, 27), (18, 46), (42, 46), (18, 66), (42, 66)],
    8: [(18, 12), (42, 12), (18, 30), (42, 30), (18, 50), (42, 50), (18, 68), (42, 68)],
    9: [(13, 15), (30, 15), (47, 15), (13, 40), (30, 40), (47, 40), (13, 65), (30, 65),
        (47, 65)],
}


def dot_colours(n: int) -> list[str]:
    """The traditional colouring of each dot of the n-dot tile."""
    if n == 1:
        return [RED]
    if n == 2:
        return [GREEN, BLUE]
    if n == 3:
        return [BLUE, RED, GREEN]
    if n == 4:
        return [BLUE, GREEN, GREEN, BLUE]
    if n == 5:
        return [BLUE, GREEN, RED, GREEN, BLUE]
    if n == 6:
        return [GREEN, GREEN, RED, RED, RED, RED]
    if n == 7:
        return [GREEN, GREEN, GREEN, RED, RED, RED, RED]
    if n == 8:
        return [BLUE] * 8
    return [BLUE, BLUE, BLUE, RED, RED, RED, GREEN, GREEN, GREEN]


def dot(x: float, y: float, r: float, colour: str) -> str:
    """One dot: a coloured ring, a pale ring and a centre with a small star of petals."""
    petals = "".join(
        f'<circle cx="{x + r * 0.42 * math.cos(a):.2f}" cy="{y + r * 0.42 * math.sin(a):.2f}" '
        f'r="{r * 0.14:.2f}" fill="#fffdf6"/>'
        for a in (k * math.pi / 4 for k in range(8))
    ) if r > 9 else ""
    return (
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.72:.2f}" fill="#fffdf6"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.56:.2f}" fill="{colour}"/>'
        f"{petals}"
        f'<circle cx="{x}" cy="{y}" r="{r * 0.18:.2f}" fill="#fffdf6"/>'
    )


def dots_tile(n: int) -> str:
    r = {1: 19.0, 2: 11.5, 3: 9.5, 4: 10.0, 5: 9.0, 6: 8.2, 7: 7.4, 8: 7.0, 9: 7.2}[n]
    if n == 1:
        body = (f'<circle cx="30" cy="40" r="24" fill="none" stroke="{GREEN}" '
                'stroke-width="2.5"/>') + dot(30, 40, r, RED)
    else:
        body = "".join(dot(x, y, r, c) for (x, y), c in zip(DOT_LAYOUT[n], dot_colours(n),
                                                           strict=True))
    return svg(body, f"{n} dots")


# ---------------------------------------------------------------------- bamboo

def stick(x: float, y: float, h: float, colour: str, w: float = 7.0) -> str:
    """One bamboo stick: a rounded stem with a node in the middle and at both ends."""
    mid = y + h / 2
    dark = "#0f4d24" if colour == GREEN else "#7f1d1d" if colour == RED else "#12306a"
    return (
        f'<rect x="{x - w / 2:.2f}" y="{y}" width="{w}" height="{h}" rx="{w / 2:.2f}" '
        f'fill="{colour}"/>'
        f'<rect x="{x - w / 2 - 0.8:.2f}" y="{mid - 1.2:.2f}" width="{w + 1.6:.2f}" '
        f'height="2.4" rx="1.2" fill="{dark}"/>'
        f'<rect x="{x - 0.8:.2f}" y="{y + 2:.2f}" width="1.6" height="{h - 4:.2f}" rx="0.8" '
        'fill="#ffffff" opacity="0.35"/>'
    )


BAMBOO_LAYOUT: dict[int, list[tuple[float, float, str]]] = {
    2: [(30, 10, GREEN), (30, 44, BLUE)],
    3: [(30, 10, BLUE), (18, 44, GREEN), (42, 44, GREEN)],
    4: [(18, 10, BLUE), (42, 10, GREEN), (18, 44, GREEN), (42, 44, BLUE)],
    5: [(15, 10, GREEN), (45, 10, BLUE), (30, 27, RED), (15, 44, BLUE), (45, 44, GREEN)],
    6: [(14, 10, GREEN), (30, 10, GREEN), (46, 10, GREEN), (14, 44, BLUE), (30, 44, BLUE),
        (46, 44, BLUE)],
    7: [(30, 5, RED), (14, 30, GREEN), (30, 30, GREEN), (46, 30, GREEN), (14, 54, BLUE),
        (30, 54, BLUE), (46, 54, BLUE)],
    8: [(12, 10, GREEN), (24, 10, GREEN), (36, 10, GREEN), (48, 10, GREEN), (12, 44, BLUE),
        (24, 44, BLUE), (36, 44, BLUE), (48, 44, BLUE)],
    9: [(14, 5, RED), (30, 5, BLUE), (46, 5, GREEN), (14, 30, RED), (30, 30, BLUE),
        (46, 30, GREEN), (14, 55, RED), (30, 55, BLUE), (46, 55, GREEN)],
}


def bird() -> str:
    """The one of bamboo: a small peacock on a bamboo stem."""
    feathers = "".join(
        f'<ellipse cx="{30 + 15 * math.cos(a):.1f}" cy="{30 + 15 * math.sin(a):.1f}" rx="5" '
        f'ry="8" transform="rotate({math.degrees(a) + 90:.0f} '
        f'{30 + 15 * math.cos(a):.1f} {30 + 15 * math.sin(a):.1f})" fill="{GREEN}"/>'
        f'<circle cx="{30 + 17 * math.cos(a):.1f}" cy="{30 + 17 * math.sin(a):.1f}" r="2.2" '
        f'fill="{BLUE}"/>'
        for a in (math.pi * (1.05 + 0.15 * k) for k in range(7))
    )
    return (
        feathers
        + f'<path d="M22 52 Q18 36 30 32 Q42 28 40 44 Q38 56 30 62 Q24 60 22 52Z" fill="{GREEN}"/>'
        + f'<path d="M30 32 Q33 22 40 20 Q46 19 45 24 Q40 24 38 30Z" fill="{BLUE}"/>'
        + '<circle cx="41.5" cy="22" r="1.4" fill="#fffdf6"/>'
        + f'<path d="M45 22 L51 24 L45 25Z" fill="{RED}"/>'
        + f'<path d="M38 19 L40 13 L42 19 M40 19 L44 14" stroke="{RED}" stroke-width="1.5" '
        'fill="none"/>'
        + f'<path d="M26 40 Q30 48 28 56" stroke="{RED}" stroke-width="2" fill="none"/>'
        + f'<path d="M28 62 L25 72 M32 62 L34 72" stroke="{RED}" stroke-width="2"/>'
    )


def bamboo_tile(n: int) -> str:
    if n == 1:
        return svg(bird(), "1 bamboo")
    h = 23.0 if n in (7, 9) else 26.0 if n == 5 else 28.0  # 5: room for the centre stick
    body = "".join(stick(x, y, h, c) for x, y, c in BAMBOO_LAYOUT[n])
    return svg(body, f"{n} bamboo")


# ---------------------------------------------------------------------- characters, honours

def character_tile(g: Glyphs, n: int) -> str:
    body = (
        glyph(g, NUMERALS[n - 1], (12, 8, 36, 28), INK)
        + glyph(g, "萬", (10, 39, 40, 35), RED)
        + corner(str(n))
    )
    return svg(body, f"{n} characters")


def wind_tile(g: Glyphs, k: int) -> str:
    body = glyph(g, WINDS[k], (8, 12, 44, 56), INK) + corner("ESWN"[k])
    return svg(body, ["East", "South", "West", "North"][k] + " wind")


def dragon_tile(g: Glyphs, k: int) -> str:
    if k == 0:
        body = (f'<rect x="11" y="12" width="38" height="56" rx="3" fill="none" stroke="{BLUE}" '
                'stroke-width="3.5"/>'
                f'<rect x="16.5" y="17.5" width="27" height="45" rx="1.5" fill="none" '
                f'stroke="{BLUE}" stroke-width="1.5"/>')
        return svg(body, "White dragon")
    char, colour = ("發", GREEN) if k == 1 else ("中", RED)
    return svg(glyph(g, char, (8, 12, 44, 56), colour), ("Green" if k == 1 else "Red") + " dragon")


def bonus_tile(g: Glyphs, k: int) -> str:
    season = k >= 4
    chars = SEASONS if season else FLOWERS
    colours = SEASON_COLOURS if season else FLOWER_COLOURS
    colour = colours[k % 4]
    petals = "".join(
        f'<ellipse cx="{48 + 4 * math.cos(a):.1f}" cy="{66 + 4 * math.sin(a):.1f}" rx="3" '
        f'ry="1.8" transform="rotate({math.degrees(a):.0f} {48 + 4 * math.cos(a):.1f} '
        f'{66 + 4 * math.sin(a):.1f})" fill="{colour}" opacity="0.7"/>'
        for a in (j * 2 * math.pi / 5 for j in range(5))
    )
    body = (
        glyph(g, chars[k % 4], (9, 16, 42, 46), colour)
        + corner(str(k % 4 + 1), colour)
        + petals + '<circle cx="48" cy="66" r="1.8" fill="#e0a800"/>'
    )
    name = (["Spring", "Summer", "Autumn", "Winter"] if season
            else ["Plum", "Orchid", "Chrysanthemum", "Bamboo"])[k % 4]
    return svg(body, f"{name} ({'season' if season else 'flower'} {k % 4 + 1})")


def back_tile() -> str:
    """The back of a tile (others' concealed tiles, the wall)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img">'
        "<title>tile back</title>"
        '<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1">'
        '<stop offset="0" stop-color="#2e8b6a"/><stop offset="1" stop-color="#1c5e47"/>'
        "</linearGradient></defs>"
        f'<rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="6" fill="url(#b)" '
        'stroke="#15473a"/>'
        '<rect x="7" y="7" width="46" height="66" rx="4" fill="none" stroke="#8fd3b6" '
        'stroke-width="1.2" opacity="0.6"/></svg>\n'
    )


def main() -> int:
    if not FONT.exists():
        print(f"needs {FONT} (apt-get install fonts-noto-cjk)", file=sys.stderr)
        return 2
    g = Glyphs(FONT)
    OUT.mkdir(parents=True, exist_ok=True)
    faces: dict[str, str] = {}
    for n in range(1, 10):
        faces[f"{n}m"] = character_tile(g, n)
        faces[f"{n}p"] = dots_tile(n)
        faces[f"{n}s"] = bamboo_tile(n)
    for k in range(4):
        faces[f"{k + 1}z"] = wind_tile(g, k)
    for k in range(3):
        faces[f"{k + 5}z"] = dragon_tile(g, k)
    for k in range(8):
        faces[f"{k + 1}f"] = bonus_tile(g, k)
    faces["back"] = back_tile()
    for name, text in faces.items():
        (OUT / f"{name}.svg").write_text(text, encoding="utf-8")
    print(f"wrote {len(faces)} tiles to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
