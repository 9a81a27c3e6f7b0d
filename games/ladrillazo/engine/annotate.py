"""Card keys added to events, so a log line names cards without the game state.

Every event field holding a card instance id (``card``, ``target``, ``source``) gets a sibling
``<field>_key``; lists of ids (``cards``, ``left_behind``, ``pay``) get ``<field>_keys``; proposal
sides get ``keys`` ({id: key}) for the ids they show. Secret events are annotated in both forms
(only the ids each form shows).
"""

from __future__ import annotations

from .schema import State

ID_FIELDS = ("card", "target", "source")
LIST_FIELDS = ("cards", "left_behind", "pay")


def _key(state: State, cid: object) -> str | None:
    if isinstance(cid, int) and not isinstance(cid, bool) and 0 <= cid < len(state["cards"]):
        return state["cards"][cid]
    return None


def annotate_event(state: State, event: dict) -> None:
    for field in ID_FIELDS:
        if field in event and _key(state, event[field]) is not None:
            event[f"{field}_key"] = _key(state, event[field])
    for field in LIST_FIELDS:
        if isinstance(event.get(field), list):
            event[f"{field}_keys"] = [_key(state, c) for c in event[field]]
    for side in ("give", "ask"):
        if isinstance(event.get(side), dict):
            shown = event[side].get("hand", []) + event[side].get("plot", [])
            event[side] = {**event[side], "keys": {str(c): _key(state, c) for c in shown}}
    if isinstance(event.get("public"), dict):
        annotate_event(state, event["public"])


def annotate(state: State, events: list[dict]) -> None:
    for event in events:
        annotate_event(state, event)
