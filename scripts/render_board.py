"""Render a game table to HTML without servers, and screenshot it (desktop and phone).

Builds game states with the engines, renders the real table page (games/table.html, which includes
games/_table.html and the ruleset's board template) with the project settings, rewrites the
static URLs to file paths, and takes screenshots with headless Chromium (Playwright).

    .venv/bin/python scripts/render_board.py                       # every scenario, both games
    .venv/bin/python scripts/render_board.py argentilandia-draft   # scenarios whose name contains this
    .venv/bin/python scripts/render_board.py --lang en --no-shot   # HTML only

Output: test-artifacts/boards/<scenario>[-<lang>].html and -desktop.png / -phone.png. The legal
targets are marked with ``is-legal`` as the table's JavaScript would, so the highlight shows.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import AnonymousUser  # noqa: E402
from django.template.loader import render_to_string  # noqa: E402
from django.test import RequestFactory  # noqa: E402
from django.utils import translation  # noqa: E402

from games.present import presenters  # noqa: E402

OUT = ROOT / "test-artifacts" / "boards"
NAMES = ["Alicia", "Bruno", "Carla", "Dario", "Elena", "Fede"]
SIZES = {"desktop": (1280, 860), "phone": (390, 844)}


# --- targets (the keys the table's JavaScript matches against data-target) ------------------------

def target_of(ruleset: str, a: dict, view: dict | None = None) -> str | None:
    """The board element a legal action belongs to (mirrors the lead's ``action_target``)."""
    fn = getattr(presenters, "action_target", None)
    if fn is not None:
        return fn(ruleset, a, view)
    t = a.get("type")
    if ruleset == "argentilandia":
        if t in ("place_mp", "buy_mp", "buy_rival_mp"):
            return f"mp:{a['province']}:{a['slot']}"
        if t in ("claim_special",) and "province" in a:
            return f"province:{a['province']}"
        if t == "intl_trade":
            return f"province:{a['province']}"
        if t in ("buy_port", "port_trade"):
            return f"port:{a['port']}"
        if t in ("buy_factory", "buy_percentage", "buy_rival_percentage") and "industry" in a:
            return f"industry:{a['industry']}"
        if t == "move_union" and isinstance(a.get("target"), dict):
            return f"union:{a['target']['kind']}:{a['target']['id']}"
    if ruleset == "estanciero":
        if t in ("build", "sell_building", "mortgage", "lift_mortgage", "auction", "hand_over") and "space" in a:
            return f"space:{a['space']}"
        if t == "buy":
            return "space:{offer}"
    return None


# --- states -----------------------------------------------------------------------------------------

def play(rs, state, steps, rng, stop=None):
    for _ in range(steps):
        to_move = rs.to_move(state)
        if not to_move:
            break
        if stop and stop(state):
            break
        seat = to_move[0]
        state, _events = rs.apply(state, seat, rs.bot_action(state, seat, rng))
    return state


def argentilandia_states():
    from games.argentilandia.engine.ruleset import RULESET as R

    out = {}
    s = R.new_game(4, "render-draft")
    for _ in range(5):
        seat = R.to_move(s)[0]
        s, _e = R.apply(s, seat, R.legal_actions(s, seat)[0])
    out["argentilandia-draft"] = (R, s, R.to_move(s)[0])
    rng = random.Random(3)
    s = play(R, R.new_game(4, "render-mid"), 260, rng)
    you = R.to_move(s)[0] if R.to_move(s) else 0
    out["argentilandia-midgame"] = (R, s, you)
    s = play(R, R.new_game(4, "render-late"), 900, random.Random(8),
             stop=lambda st: st.get("phase") == "main" and sum(1 for _ in st.get("province_monopolies", {}) or []) > 3)
    out["argentilandia-late"] = (R, s, None)
    return out


def estanciero_states():
    from games.estanciero.engine import RULESET as R
    from games.estanciero.engine.sim import random_step

    out = {}
    s = R.new_game(4, "render-start", {"max_turns": 30})
    out["estanciero-start"] = (R, s, s["turn"]["seat"])
    rng = random.Random(11)
    s = R.new_game(4, "render-mid", {"max_turns": 30})
    for _ in range(400):
        step = random_step(s, rng)
        if step is None:
            break
        s, _e = R.apply(s, *step)
    you = R.to_move(s)[0] if R.to_move(s) else 0
    out["estanciero-midgame"] = (R, s, you)
    # The player on move owns a whole province and may build.
    s = R.new_game(3, "render-build")
    seat = s["turn"]["seat"]
    for i in (1, 2, 3, 5, 6, 12):
        s["owners"][str(i)] = seat
    s["owners"]["9"] = (seat + 1) % 3
    s["buildings"]["1"] = 2
    s["buildings"]["2"] = 1
    s["last_card"] = {"deck": "suerte", "seat": seat, "card": "S02"}
    s["last_dice"] = [4, 6]
    s["turn"].update(phase="end", dice=[4, 6])
    out["estanciero-build"] = (R, s, seat)
    return out


# --- rendering ----------------------------------------------------------------------------------------

def context(ruleset: str, rs, state, you):
    """What games.present.presenters.table_context gives the table template, without a database."""
    view = rs.view(state, you)
    active = not (state.get("over") or state.get("phase") == "over")
    actions = rs.legal_actions(state, you) if (you is not None and active) else []
    names = NAMES[: state["num_players"]]
    to_move = rs.to_move(state)
    game = SimpleNamespace(pk=42, ruleset=ruleset, version=17, rev=17, status="active", seed_commitment="ab" * 32,
                           seed_revealed=False, outcome=None, options=state.get("options") or {}, move_seconds=60,
                           get_status_display=lambda: "active", get_ruleset_display=lambda: ruleset.title(),
                           get_absolute_url=lambda: "/games/42/")
    if hasattr(presenters, "_legal_buttons"):
        legal = presenters._legal_buttons(game, actions, view, names)
    else:
        fold = len(actions) > presenters.FOLD_AFTER and any(a["type"] in presenters.primary_types(ruleset) for a in actions)
        legal = [{"label": presenters.label_action(ruleset, a, view), "json": json.dumps(a), "type": a["type"],
                  "primary": not fold or a["type"] in presenters.primary_types(ruleset)} for a in actions]
    seats = [SimpleNamespace(index=i, display_name=n, user_id=i + 1, is_bot=False, deadline=None, reserve_left=60.0)
             for i, n in enumerate(names)]
    seat_rows = [{"index": i, "name": n, "you": i == you, "on_move": i in to_move, "bot": False, "taken_over": False,
                  "deadline": None, "started": "", "reserve": 60, "timeouts": 0} for i, n in enumerate(names)]
    return {
        "game": game, "seats": seats, "seat_rows": seat_rows, "names": names,
        "payload": {"view": view, "legal_actions": actions}, "view": view, "you": you, "legal": legal,
        "viewer": SimpleNamespace(seat=you, signed_in=True, is_creator=False),
        "on_board": sum(1 for a in legal if a.get("on_board")),
        "folded": sum(1 for a in legal if not a.get("primary") and not a.get("on_board")),
        "log": [], "to_move": to_move, "turn_limit": (state.get("options") or {}).get("max_turns"),
        "board_template": f"{ruleset}/board.html",
    }, actions


def render_page(ruleset, rs, state, you, lang):
    ctx, actions = context(ruleset, rs, state, you)
    request = RequestFactory().get(f"/games/{ctx['game'].pk}/")
    request.user = AnonymousUser()
    with translation.override(lang):
        html = render_to_string("games/table.html", ctx, request=request)
    html = re.sub(r'(href|src)="/static/', lambda m: f'{m.group(1)}="file://{ROOT}/static/', html)
    html = html.replace('ws-connect="', 'data-no-ws="')  # no socket in a file page
    targets = sorted({t for a in actions if (t := target_of(ruleset, a, ctx["view"]))})
    offer = (state.get("turn") or {}).get("offer") if ruleset == "estanciero" else None
    targets = [t.replace("{offer}", str(offer)) for t in targets]
    mark = ("<script>document.addEventListener('DOMContentLoaded',function(){var t=%s;"  # noqa: UP031 - JS braces
            "document.querySelectorAll('[data-target],[data-target2]').forEach(function(el){"
            "if(t.indexOf(el.dataset.target)>=0||t.indexOf(el.dataset.target2)>=0)el.classList.add('is-legal');});});"
            "</script>") % json.dumps(targets)
    return html.replace("</body>", mark + "</body>"), targets


def shoot(paths: list[Path], scale: float = 1):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for path in paths:
            for kind, (w, h) in SIZES.items():
                page = browser.new_page(viewport={"width": w, "height": h}, device_scale_factor=scale,
                                        is_mobile=kind == "phone", has_touch=kind == "phone")
                page.goto(path.as_uri())
                # A file page has no socket: hide the connection notice; keep the header in the page flow.
                page.add_style_tag(content="#conn-status{display:none!important}.site-header{position:static!important}")
                page.wait_for_timeout(300)
                png = path.with_name(f"{path.stem}-{kind}.png")
                page.screenshot(path=str(png), full_page=True)
                dims = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
                board = page.evaluate("""() => { const b = document.querySelector('#al-board svg, .es-svg');
                    if (!b) return null; const r = b.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top + scrollY), Math.round(r.width), Math.round(r.height)]; }""")
                print(f"  {png.relative_to(ROOT)}  page {dims[0]}x{dims[1]}  board(x,y,w,h) {board}")
                box = page.evaluate("""() => { const b = document.querySelector('#al-board .al-map, .es-board');
                    if (!b) return null; const r = b.getBoundingClientRect();
                    return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}; }""")
                if box:
                    page.screenshot(path=str(path.with_name(f"{path.stem}-{kind}-board.png")), full_page=True, clip=box)
                page.screenshot(path=str(path.with_name(f"{path.stem}-{kind}-top.png")))
                page.close()
        browser.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("only", nargs="*", help="scenario name parts")
    ap.add_argument("--lang", default="es")
    ap.add_argument("--no-shot", action="store_true")
    ap.add_argument("--scale", type=float, default=1, help="device pixel ratio of the screenshots")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    scenarios = {}
    if not args.only or any("argent" in o for o in args.only):
        scenarios.update(argentilandia_states())
    if not args.only or any("estan" in o for o in args.only):
        scenarios.update(estanciero_states())
    written = []
    for name, (rs, state, you) in scenarios.items():
        if args.only and not any(o in name for o in args.only):
            continue
        ruleset = name.split("-")[0]
        html, targets = render_page(ruleset, rs, state, you, args.lang)
        path = OUT / f"{name}-{args.lang}.html"
        path.write_text(html)
        print(f"{path.relative_to(ROOT)}: {len(html)} chars, viewer {you}, {len(targets)} legal targets")
        written.append(path)
    if not args.no_shot:
        shoot(written, args.scale)


if __name__ == "__main__":
    main()
