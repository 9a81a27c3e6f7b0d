"""Nothing that stays on screen animates forever.

An endless animation of the boards' SVG (the legal places' marching outline, the halo of whose turn it is)
repaints the whole board every frame for as long as the page is open: an idle Argentilandia table with 67 legal
places took 1.4 cores of Chromium, an Estanciero table 0.4 (docs/PERFORMANCE.md). They now run a few cycles when
they appear (at most ``MOTION_SECONDS`` each time: at a move a second, longer ones overlap and never stop, and
two Estanciero pages clicked twice a second took 0.75 of a core of Chromium, 0.35 with motion reduced;
``bench/browser_latency.py``). Only what waits for an answer (``pending``: a click on its way, the button's spinner, a contest's die
not yet rolled, small HTML the compositor turns) may move until the answer comes."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The site's style sheets and each ruleset's own (games/<ruleset>/static/css).
STYLE_SHEETS = sorted([*(ROOT / "static" / "css").glob("*.css"), *(ROOT / "games").glob("*/static/css/*.css")])
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")


def endless_animations() -> list[tuple[str, str]]:
    found = []
    for path in STYLE_SHEETS:
        text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
        for selector, body in RULE.findall(text):
            if re.search(r"animation[^;]*\binfinite\b", body):
                found.append((path.name, " ".join(selector.split())))
    return found


def test_only_a_pending_click_animates_without_end():
    endless = endless_animations()
    assert endless, "the check reads no rule: the stylesheets moved?"
    for name, selector in endless:
        assert "pending" in selector, f"{name}: {selector} animates forever"


MOTION_SECONDS = 3.0
ANIMATION = re.compile(r"animation:\s*([\w-]+)\s+([\d.]+)(m?s)\b[^;]*?\s(\d+)(?:\s|;|$)")


def finite_animations() -> list[tuple[str, str, float]]:
    """(sheet, selector, seconds it runs each time it starts) of every animation with a count of iterations."""
    found = []
    for path in STYLE_SHEETS:
        text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
        for selector, body in RULE.findall(text):
            for match in ANIMATION.finditer(body + ";"):
                seconds = float(match.group(2)) / (1000 if match.group(3) == "ms" else 1)
                found.append((path.name, " ".join(selector.split()), seconds * int(match.group(4))))
    return found


def test_a_finite_animation_stops_within_the_motion_budget():
    finite = finite_animations()
    assert any(name == "estanciero.css" for name, _, _ in finite), "the check reads no rule: the stylesheets moved?"
    for name, selector, seconds in finite:
        assert seconds <= MOTION_SECONDS, f"{name}: {selector} moves for {seconds:.1f} s each time it starts"


KEYFRAMES = re.compile(r"@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}")


def repainting_keyframes() -> set[str]:
    """Keyframes that animate an SVG paint property (a stroke's offset, opacity or width): Chromium cannot hand
    those to the compositor, so each frame that changes them repaints the board or map they stand in."""
    names = set()
    for path in STYLE_SHEETS:
        text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
        names |= {name for name, body in KEYFRAMES.findall(text) if "stroke" in body}
    return names


def test_a_board_s_highlights_move_in_steps():
    """A board's highlights and the halo of whose turn it is move in steps, a few frames a second: smooth, two
    Estanciero pages clicked about twice a second took 0.50 of a core of Chromium, in steps 0.30, with no motion
    0.24 (``bench/browser_latency.py --background 0``); on a phone that is battery, on the bench's two cores the
    server's time. What waits for an answer (``pending``) may move smoothly: it moves until the answer comes."""
    repainting = repainting_keyframes()
    assert {"es-march", "es-pulse", "al-march", "al-glow"} <= repainting, "the check reads no keyframes: moved?"
    checked = 0
    for path in STYLE_SHEETS:
        text = re.sub(r"/\*.*?\*/", "", KEYFRAMES.sub("", path.read_text()), flags=re.S)
        for selector, body in RULE.findall(text):
            for value in re.findall(r"animation:\s*([^;]+)", body):
                if value.split()[0] in repainting and "pending" not in selector:
                    checked += 1
                    assert "steps(" in value, f"{path.name}: {' '.join(selector.split())} repaints every frame"
    assert checked >= 5
