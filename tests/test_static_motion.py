"""Nothing that stays on screen animates forever.

An endless animation of the boards' SVG (the legal places' marching outline, the halo of whose turn it is)
repaints the whole board every frame for as long as the page is open: an idle Argentilandia table with 67 legal
places took 1.4 cores of Chromium, an Estanciero table 0.4 (docs/PERFORMANCE.md). They now run a few cycles when
they appear. Only what waits for an answer (``pending``: a click on its way, the button's spinner, a contest's die
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
