"""Drawing cards; the discard pile becomes the deck when the deck runs out (End of turn)."""

from __future__ import annotations

from games.core.rng import draw as rng_draw

from .schema import State


def shuffle(state: State, ids: list[int]) -> None:
    """Shuffle ``ids`` in place with the game's seeded generator."""
    rng_draw(state, lambda rng: rng.shuffle(ids))


def draw(state: State, events: list, seat: int, n: int) -> list[int]:
    """``seat`` draws up to ``n`` cards from the top of the deck.

    End of turn: "in case the deck is finished before the game, the discard deck will be the new
    deck" (shuffled). With both empty, fewer cards are drawn. The drawn cards are secret: only the
    drawer's event names them, the others see a count.
    """
    drawn: list[int] = []
    for _ in range(n):
        if not state["deck"]:
            if not state["discard"]:
                break
            state["deck"] = state["discard"]
            state["discard"] = []
            shuffle(state, state["deck"])
            events.append({"type": "reshuffled", "size": len(state["deck"])})
        drawn.append(state["deck"].pop())
    state["players"][seat]["hand"].extend(drawn)
    if drawn:
        events.append({"type": "drew", "seat": seat, "cards": drawn, "count": len(drawn), "only": [seat],
                       "public": {"type": "drew", "seat": seat, "count": len(drawn)}})
    return drawn
