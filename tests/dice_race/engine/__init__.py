"""Dice race's rules, pure (no Django): roll a die in turn; the first total to reach ``target`` wins."""

from __future__ import annotations

import copy

from games.core.rng import draw
from games.core.rulesets import IllegalAction

DEFAULT_TARGET = 20


class DiceRace:
    name = "dice_race"
    rules_revision = 1  # never changed: a rule change that would replay old logs differently bumps it
    min_players = 2
    max_players = 2

    def new_game(self, num_players: int, seed: str, options: dict | None = None) -> dict:
        options = dict(options or {})
        target = options.pop("target", DEFAULT_TARGET)
        options.pop("max_turns", None)
        options.pop("loud_dice", None)
        if options:
            raise IllegalAction("Unknown option %(name)s.", rule="race", name=sorted(options)[0])
        if not isinstance(target, int) or isinstance(target, bool) or not 10 <= target <= 50:
            raise IllegalAction("The target is a whole number from 10 to 50.", rule="race")
        if num_players != 2:
            raise IllegalAction("Dice race takes 2 players.", rule="race")
        return {"seed": seed, "rng_counter": 0, "num_players": 2, "target": target, "totals": [0, 0], "turn": 0,
                "moves": 0, "result": None}

    def to_move(self, state: dict) -> list[int]:
        return [] if state["result"] else [state["turn"]]

    def turn_key(self, state: dict):
        return state["moves"]

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return [{"type": "roll"}] if seat in self.to_move(state) else []

    def apply(self, state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
        if seat not in self.to_move(state):
            raise IllegalAction("It is not your turn.", rule="race")
        if action != {"type": "roll"}:
            raise IllegalAction("The only move is to roll.", rule="race")
        state = copy.deepcopy(state)
        die = draw(state, lambda rng: rng.die())
        state["totals"][seat] += die
        state["moves"] += 1
        events = [{"type": "rolled", "seat": seat, "die": die, "total": state["totals"][seat]}]
        if state["totals"][seat] >= state["target"]:
            state["result"] = {"ranking": [seat, 1 - seat], "winner": seat}
            events.append({"type": "game_over", **state["result"]})
        else:
            state["turn"] = 1 - seat
        return state, events

    def view(self, state: dict, seat: int | None) -> dict:
        return {"target": state["target"], "totals": list(state["totals"]), "turn": state["turn"]}

    def outcome(self, state: dict) -> dict | None:
        return dict(state["result"]) if state["result"] else None

    def timeout_action(self, state: dict, seat: int) -> dict:
        return {"type": "roll"}

    def bot_action(self, state: dict, seat: int, rng) -> dict:
        return {"type": "roll"}


RULESET = DiceRace()
