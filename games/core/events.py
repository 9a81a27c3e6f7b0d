"""Who may see which event.

An event is public unless it carries ``"only": [seats]``; the other seats (and
spectators) then see its ``"public"`` form, or nothing when there is none.
"""

from __future__ import annotations


def visible_to(events: list[dict], seat: int | None) -> list[dict]:
    out = []
    for event in events:
        only = event.get("only")
        if only is None:
            out.append(event)
        elif seat is not None and seat in only:
            out.append({k: v for k, v in event.items() if k not in ("only", "public")})
        elif event.get("public") is not None:
            out.append(event["public"])
    return out
