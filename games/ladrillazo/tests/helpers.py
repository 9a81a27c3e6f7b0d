"""Building positions for rule tests: put named cards where a test needs them."""

from __future__ import annotations

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine.plot import new_entry


def game(n: int = 2, seed: str = "unit", **options) -> dict:
    """A fresh game with empty hands, the player in seat 0 on turn."""
    s = R.new_game(n, seed, options or None)
    for p in s["players"]:
        s["deck"].extend(p["hand"])
        p["hand"] = []
    s["turn"]["seat"] = 0
    return s


def _take(state: dict, key: str) -> int:
    """Remove one free instance of ``key`` from the deck, the discard pile or a hand."""
    for pile in (state["deck"], state["discard"], *(p["hand"] for p in state["players"])):
        for cid in pile:
            if state["cards"][cid] == key:
                pile.remove(cid)
                return cid
    raise AssertionError(f"no free copy of {key}")


def to_hand(state: dict, seat: int, key: str) -> int:
    cid = _take(state, key)
    state["players"][seat]["hand"].append(cid)
    return cid


def to_plot(state: dict, seat: int, key: str, **fields) -> int:
    cid = _take(state, key)
    entry = new_entry(cid)
    entry.update(fields)
    state["players"][seat]["plot"].append(entry)
    return cid


def entry(state: dict, seat: int, cid: int) -> dict:
    return next(e for e in state["players"][seat]["plot"] if e["id"] == cid)


def back(state: dict, seat: int, backer: int, target: int) -> None:
    """Tuck ``backer`` behind ``target`` directly (set-up for a test)."""
    entry(state, seat, backer)["backing"] = target
    entry(state, seat, target)["backers"].append(backer)


def act(state: dict, seat: int, action: dict) -> tuple[dict, list]:
    return R.apply(state, seat, action)


def types(events: list) -> list[str]:
    return [e["type"] for e in events]


def envelope_total(state: dict) -> int:
    """Dispenser + hidden + paradise + loose: always the game's total (schema)."""
    hidden = sum(e["envelopes"] for p in state["players"] for e in p["plot"])
    return state["dispenser"] + hidden + sum(p["paradise"] + p["loose"] for p in state["players"])


def card_total(state: dict) -> int:
    """Deck + discard + hands + plots: always the deck's size (schema)."""
    return (len(state["deck"]) + len(state["discard"])
            + sum(len(p["hand"]) + len(p["plot"]) for p in state["players"]))
