"""The rulesets' test helpers (pure: no Django), used by every engine's tests.

``refused`` is the one way a test asserts that the rules forbid a move: the
move must raise ``IllegalAction`` citing a real rulebook section (the one
given, when given) and leave the state exactly as it was. ``fuzz`` and
``fuzz_random_states`` throw malformed actions at a ruleset, which must apply
or refuse each one, never crash.
"""

from __future__ import annotations

import json
import random

from games.core.rulesets import IllegalAction
from games.core.sections import SECTIONS


def refused(rs, state: dict, seat: int, action: dict, rule: str | None = None) -> IllegalAction:
    """Apply ``action`` through ruleset ``rs`` and prove it is refused for ``rule``.

    Returns the exception so a test can also check its message parameters.
    """
    before = json.dumps(state, sort_keys=True)
    try:
        rs.apply(state, seat, action)
    except IllegalAction as exc:
        refusal = exc
    else:
        raise AssertionError(f"{action!r} by seat {seat} was accepted; expected a refusal ({rule or 'any rule'})")
    assert json.dumps(state, sort_keys=True) == before, "a refused move changed the state"
    assert refusal.rule in SECTIONS[rs.name], f"refusal cites an unknown section {refusal.rule!r}"
    if rule is not None:
        assert refusal.rule == rule, f"refused for {refusal.rule!r} ({refusal.text()}), expected {rule!r}"
    return refusal


def refused_new_game(rs, num_players: int, options: dict | None = None, rule: str | None = None) -> IllegalAction:
    """Prove that ``rs.new_game(num_players, seed, options)`` is refused for ``rule`` (a real section)."""
    try:
        rs.new_game(num_players, "refused-new-game", options)
    except IllegalAction as exc:
        refusal = exc
    else:
        raise AssertionError(f"new_game({num_players}, {options!r}) was accepted; expected a refusal ({rule or 'any rule'})")
    assert refusal.rule in SECTIONS[rs.name], f"refusal cites an unknown section {refusal.rule!r}"
    if rule is not None:
        assert refusal.rule == rule, f"refused for {refusal.rule!r} ({refusal.text()}), expected {rule!r}"
    return refusal


# ---- malformed input ---------------------------------------------------------

JUNK: tuple = (
    None, True, False, 0, -1, 1, 2, -(10**18), 10**18, 10**400, 1.5, float("nan"), float("inf"), "", "x", "0",
    "oil", "main", [], [1], [None], ["oil", "soy", "fish"], {}, {"wood": 1}, {"oil": -1}, {"oil": True},
    {"kind": "province", "id": {}}, {"deeds": {}}, {"cash": "1"}, [[1]], {"a": [1, {"b": None}]},
)


def junk(rng) -> object:
    """A value of a random type: bools, negative and huge numbers, floats, strings, lists, dicts."""
    return rng.choice(JUNK)


def malformed(action: dict, rng, types: list[str]) -> dict:
    """A mutation of a legal ``action``: junk in some of its fields, a junk extra field, a dropped field,
    or another action type with this one's fields."""
    out = dict(action)
    keys = [k for k in out if k != "type"]
    roll = rng.random()
    if keys and roll < 0.6:
        for k in rng.sample(keys, rng.randint(1, len(keys))):
            out[k] = junk(rng)
    elif keys and roll < 0.7:
        del out[rng.choice(keys)]
    elif roll < 0.85:
        out["type"] = rng.choice(types)
        for k in list(out):
            if k != "type" and rng.random() < 0.5:
                out[k] = junk(rng)
    else:
        out[rng.choice(["give", "get", "ask", "to", "space", "amount", "cards", "province", "slot", "x"])] = junk(rng)
    if rng.random() < 0.05:
        out["type"] = junk(rng)
    return out


def applied_or_refused(rs, state: dict, seat, action) -> bool:
    """Apply ``action``: True when applied, False when refused with a real rule slug. Any other exception
    (TypeError, KeyError, ...) propagates, as does a refusal citing an unknown section or a mutated input."""
    before = json.dumps(state, sort_keys=True)
    try:
        new, events = rs.apply(state, seat, action)
    except IllegalAction as exc:
        assert exc.rule in SECTIONS[rs.name], f"{action!r}: refusal cites an unknown section {exc.rule!r}"
        assert json.dumps(state, sort_keys=True) == before, f"{action!r}: a refused move changed the state"
        return False
    json.dumps(new, allow_nan=False)  # no float (NaN, inf, 1.5) slipped into the state
    json.dumps(events)
    return True


def fuzz(rs, states: list[dict], types: list[str], rng, count: int) -> tuple[int, int]:
    """Throw ``count`` malformed actions (junk seats too) at random ``states``; each must be applied or refused
    with a rule, never crash. Returns (applied, refused)."""
    applied = refused = 0
    for _ in range(count):
        state = rng.choice(states)
        seat = rng.randrange(state["num_players"]) if rng.random() < 0.95 else junk(rng)
        legal = rs.legal_actions(state, seat) if isinstance(seat, int) and not isinstance(seat, bool) else []
        base = rng.choice(legal) if legal else {"type": rng.choice(types)}
        action = malformed(base, rng, types) if rng.random() < 0.97 else junk(rng)
        try:
            ok = applied_or_refused(rs, state, seat, action)
        except Exception as exc:  # report the action that crashed
            raise AssertionError(f"seat {seat!r} action {action!r} crashed: {exc!r}") from exc
        applied += ok
        refused += not ok
    return applied, refused


def fuzz_random_states(rs, random_states, types: list[str], count: int) -> tuple[int, int]:
    """``fuzz`` with ``count`` malformed actions at states ``random_states(rng, n)`` samples along random games
    (one state for every 40 actions, 20 at the least), all from one fixed seed; prints and returns
    (applied, refused)."""
    rng = random.Random(20240515)
    states = random_states(rng, max(20, count // 40))
    applied, refused = fuzz(rs, states, types, rng, count)
    print(f"\n{count} malformed actions: {applied} applied, {refused} refused")
    return applied, refused
