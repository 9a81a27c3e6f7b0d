"""Mid-game states written by the engines of an earlier rules revision, for the tests that continue them with
today's engines (``games/<ruleset>/tests/test_engine_old_states.py``): games in progress at a deploy that changes
the rules go on from the state the old engine wrote.

Run it with the old engines first on the path (a checkout of the commit before the rules changed)::

    git worktree add /tmp/old7f 7f99c57
    PYTHONPATH=/tmp/old7f .venv/bin/python scripts/pre_revision_states.py /tmp/old7f

It plays seeded games with the old engines (random legal moves from each engine's own ``sim``-style random play,
some seats played by the old bots), and writes a handful of states per ruleset, picked at set moves and where
something that changed is in play (an open offer or proposal, someone in jail, a paradise EVADE used, envelopes
on a plot card), to ``games/<ruleset>/tests/data/pre_revision_states.json`` of this checkout.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PER_RULESET = 12
CHECKPOINTS = (12, 45, 110, 240)


def _ladrillazo(rng: random.Random, g: int):
    from games.ladrillazo.engine import RULESET
    from games.ladrillazo.engine.sim import random_step

    n = 2 + g % 4
    state = RULESET.new_game(n, f"pre-revision-{g}", {"handful": 6 + g % 8})
    bots = {n - 1} if g % 2 else set()
    while True:
        step = random_step(state, rng)
        if step is None:
            return
        seat, action = step
        if seat in bots and seat == state["turn"]["seat"] and not state["proposals"]:
            action = RULESET.bot_action(state, seat, rng)
        state, _events = RULESET.apply(state, seat, action)
        yield state


def _ladrillazo_notes(state: dict) -> list[str]:
    from games.ladrillazo.engine import cards

    notes = []
    if state["proposals"]:
        notes.append("an open proposal")
    if any(p["paradise_tapped"] for p in state["players"]):
        notes.append("a paradise EVADE used this turn")
    if any(e["envelopes"] for p in state["players"] for e in p["plot"]):
        notes.append("envelopes saved on a plot card")
    if any(e["backers"] for p in state["players"] for e in p["plot"]):
        notes.append("a backed plot card")
    if any(e["backers"] and cards.of(state, e["id"])["padlock"] for p in state["players"] for e in p["plot"]):
        notes.append("a backed padlocked card")
    return notes


def _argentilandia(rng: random.Random, g: int):
    from games.argentilandia.engine import RULESET
    from games.argentilandia.engine.schema import PHASE_MAIN

    n = 3 + g % 3
    state = RULESET.new_game(n, f"pre-revision-{g}", {"max_turns": 12})
    bots = {0} if g % 2 else set()
    while RULESET.to_move(state):
        seat = None
        if state["phase"] == PHASE_MAIN and state["offers"] and rng.random() < 0.3:
            responders = [s for s in range(n) if s != state["current"] and RULESET.legal_actions(state, s)]
            if responders:
                seat = rng.choice(responders)
        if seat is None:
            seat = rng.choice(RULESET.to_move(state))
        if seat in bots:
            action = RULESET.bot_action(state, seat, rng)
        else:
            action = rng.choice(RULESET.legal_actions(state, seat))
        state, _events = RULESET.apply(state, seat, action)
        yield state


def _argentilandia_notes(state: dict) -> list[str]:
    notes = []
    if any(o.get("to_all") for o in state["offers"]):
        notes.append("an open offer to everyone")
    if any("counter_to" in o for o in state["offers"]):
        notes.append("an open counter-offer")
    if state["flags"].get("players_declined"):
        notes.append("the Banker opened by an offer closed without a trade")
    if state["contest"]:
        notes.append("a contest")
    return notes


def _estanciero(rng: random.Random, g: int):
    from games.estanciero.engine import RULESET
    from games.estanciero.engine.sim import random_step

    n = 2 + g % 4
    state = RULESET.new_game(n, f"pre-revision-{g}", {"max_turns": 14, "claim_rents": g % 2 == 1})
    bots = frozenset({n - 1}) if g % 2 else frozenset()
    while True:
        step = random_step(state, rng, bots)
        if step is None:
            return
        seat, action = step
        state, _events = RULESET.apply(state, seat, action)
        yield state


def _estanciero_notes(state: dict) -> list[str]:
    notes = []
    if any(p["in_jail"] for p in state["players"]):
        notes.append("someone in jail")
    if state["claims"]:
        notes.append("an open claim")
    if any(p["jail_attempts"] for p in state["players"]):
        notes.append("a jail roll attempt made")
    if state["turn"]["doubles"]:
        notes.append("a roll again after doubles")
    if state["proposals"]:
        notes.append("an open proposal")
    if state["auction"] is not None:
        notes.append("an auction")
    if state["debts"]:
        notes.append("a debt")
    return notes


def pick(play, notes, ruleset: str) -> list[dict]:
    """Up to ``PER_RULESET`` states, one per game: the first where a kind of situation not yet picked is in play,
    else the one after the game's checkpoint number of moves (``CHECKPOINTS``, in turn)."""
    from games.core.rulesets import get

    outcome = get(ruleset).outcome
    picked: list[dict] = []
    seen: set[str] = set()
    for g in range(40):
        rng = random.Random(f"pre-revision-{g}")
        for moves, state in enumerate(play(rng, g), start=1):
            if outcome(state) is not None or len(picked) >= PER_RULESET:
                break
            found = [n for n in notes(state) if n not in seen]
            if found or moves == CHECKPOINTS[g % len(CHECKPOINTS)]:
                seen.update(found)
                picked.append({"game": g, "moves": moves, "in_play": notes(state), "state": state})
                break  # one state per game: the next game starts elsewhere
        if len(picked) >= PER_RULESET:
            break
    return picked


def main() -> None:
    old = Path(sys.argv[1]).resolve()
    import games

    if not Path(games.__file__).resolve().is_relative_to(old):
        raise SystemExit(f"the engines come from {games.__file__}, not from {old}: put it first on PYTHONPATH")
    commit = subprocess.run(["git", "-C", str(old), "rev-parse", "HEAD"], capture_output=True, text=True,
                            check=True).stdout.strip()
    plays = {
        "ladrillazo": (_ladrillazo, _ladrillazo_notes),
        "argentilandia": (_argentilandia, _argentilandia_notes),
        "estanciero": (_estanciero, _estanciero_notes),
    }
    for ruleset, (play, notes) in plays.items():
        states = pick(play, notes, ruleset)
        out = HERE / "games" / ruleset / "tests" / "data" / "pre_revision_states.json"
        out.parent.mkdir(exist_ok=True)
        out.write_text(json.dumps({
            "made_by": f"scripts/pre_revision_states.py with the engines of commit {commit} (rules revision 1)",
            "command": "git worktree add /tmp/old7f 7f99c57 && "
                       "PYTHONPATH=/tmp/old7f .venv/bin/python scripts/pre_revision_states.py /tmp/old7f",
            "commit": commit,
            "states": states,
        }, sort_keys=True, separators=(",", ":")) + "\n")
        print(ruleset, len(states), "states,", out.stat().st_size, "bytes:",
              [(s["moves"], s["in_play"]) for s in states])


if __name__ == "__main__":
    main()
