"""Table options, validated by ``new_game`` (Starting to play; End of the game).

- ``handful``: envelopes each player puts into the dispenser ("a handful"): 20 by default, 5 to 50.
- ``first_player``: who starts. The rulebook's oldest player cannot be known online: ``"creator"``
  (seat 0, the table's creator, default) or ``"random"`` (a seeded draw).
- ``max_turns``: an online limit of turns per player (None = play until the dispenser is empty).
- ``paradise_evade``: the paradise card has an EVADE 1 stamp of its own (False by default). A
  reconstruction: the rulebook gives evading to "cards with the 'EVADE' stamp" and its paradise card
  only "contains a summary of the steps" (Money; Aim of the game).
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from .schema import FIRST_CREATOR, FIRST_RANDOM, Options

DEFAULT_OPTIONS: Options = {"handful": 20, "first_player": FIRST_CREATOR, "max_turns": None, "paradise_evade": False}
HANDFUL_RANGE = (5, 50)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def normalise_options(options: object) -> Options:
    """Merge ``options`` over the defaults, refusing unknown keys and bad values (Starting to play)."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        refuse(_("Table options must be an object."), "starting-to-play")
    opts: dict = dict(DEFAULT_OPTIONS)
    for key, value in options.items():
        if key not in opts:
            refuse(_("Unknown option %(option)s."), "starting-to-play", option=str(key))
        opts[key] = value
    low, high = HANDFUL_RANGE
    if not _whole(opts["handful"]) or not low <= opts["handful"] <= high:
        refuse(_("A handful of envelopes is %(low)s to %(high)s per player."), "starting-to-play", low=low, high=high)
    if opts["first_player"] not in (FIRST_CREATOR, FIRST_RANDOM):
        refuse(_("The first player is the table's creator or drawn at random."), "starting-to-play")
    if opts["max_turns"] is not None and (not _whole(opts["max_turns"]) or opts["max_turns"] < 1):
        refuse(_("The turn limit must be a positive whole number."), "end-of-game")
    if not isinstance(opts["paradise_evade"], bool):
        refuse(_("The paradise card's EVADE stamp is on or off."), "money")
    return opts
