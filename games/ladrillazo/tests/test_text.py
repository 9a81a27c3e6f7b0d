"""Log lines, move labels, refusal parameters and click targets for Ladrillazo (text.py)."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from games.core.events import visible_to
from games.core.rulesets import IllegalAction
from games.ladrillazo import text
from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine.sim import random_step

from .test_engine_bot import play_bots

NAMES = ["Ana", "Beto", "Caro", "Dani"]


@pytest.fixture(scope="module")
def played():
    events, labelled = [], []
    for g in range(3):
        _s, log = play_bots(4, f"text-{g}")
        for _seat, _a, evs in log:
            events += [e for other in range(4) for e in visible_to(evs, other)]
    rng = random.Random(4)
    s = R.new_game(4, "text-random", {"max_turns": 8})
    while R.outcome(s) is None:
        for seat in range(4):
            view = R.view(s, seat)
            labelled += [(a, view) for a in R.legal_actions(s, seat)]
        seat, action = random_step(s, rng)
        labelled.append((action, R.view(s, seat)))
        s, evs = R.apply(s, seat, action)
        events += [e for other in range(4) for e in visible_to(evs, other)]
    return events, labelled


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_event_of_played_games_is_described_with_names(played, lang):
    events, _ = played
    kinds = {e["type"] for e in events}
    assert {"turn", "lowered", "earned", "hidden", "evaded", "drew", "discarded", "turn_ended", "game_over",
            "backed", "proposal", "proposal_accepted", "stolen", "inspected", "frozen"} <= kinds
    with translation.override(lang):
        for event in events:
            line = text.describe_event(event, NAMES)
            assert isinstance(line, str) and line.strip(), event
            assert "%(" not in line and "None" not in line and "?" not in line.replace("¿", ""), (event, line)
        assert "Ana" in text.describe_event({"type": "turn_ended", "seat": 0}, NAMES)
    assert text.describe_event({"type": "nonsense"}, NAMES) is None and text.describe_event("x", NAMES) is None


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_legal_action_has_a_label(played, lang):
    _, labelled = played
    kinds = {a["type"] for a, _v in labelled}
    assert {"lower", "act", "hide", "evade", "end_turn", "propose", "accept", "reject", "back"} <= kinds
    with translation.override(lang):
        for action, view in labelled:
            label = text.label_action(action, view)
            assert label and "%(" not in label and "None" not in label and "?" not in label, (action, label)
        assert "Beto" in text.label_action({"type": "propose", "to": 1, "give": {"envelopes": 1}}, None, NAMES)
    assert text.label_action({"type": "nonsense"}, None) is None


def test_action_target_names_the_card_clicked():
    """The table connects each move to the card it concerns (data-target="card:<id>")."""
    assert text.action_target({"type": "lower", "card": 12, "pay": [3]}) == "card:12"
    assert text.action_target({"type": "back", "card": 4, "target": 9}) == "card:4"
    for kind in ("withdraw", "act", "hide", "unhide", "evade"):
        assert text.action_target({"type": kind, "card": 7}) == "card:7"
    assert text.action_target({"type": "end_turn"}) is None
    assert text.action_target({"type": "propose", "to": 1}) is None
    assert text.action_target({"type": "hide", "card": {"id": 1}}) is None


@pytest.mark.parametrize("lang", ["es", "en"])
def test_refusals_read_with_card_names(lang):
    s = R.new_game(2, "refusal")
    with translation.override(lang):
        try:
            R.apply(s, 0, {"type": "hide", "card": s["players"][0]["hand"][0], "amount": 1})
        except IllegalAction as exc:
            shown = text.display_params(exc.params)
            assert "%(" not in (exc.message % shown if shown else exc.message)
        params = text.display_params({"card": "eurovegas", "type": "land", "need": 2})
        assert params["card"] == "Eurovegas" and params["type"] in ("land", "terreno") and params["need"] == 2
        assert text.display_params({"card": "no-such-card"})["card"] == "?"
    with translation.override("en"):
        assert text.card_name("pensionistas") == "Pensioners"
    with translation.override("es"):
        assert text.card_name("pensionistas") == "Pensionistas"


def test_targets_that_read_alike_are_told_apart_by_their_plot():
    """A move's target is named by its card; when another card in sight bears the same name (two Buildable plots
    in two plots, say), the label adds whose plot it is in, and its place there when that plot holds both: the bar
    showed three buttons that read alike, and neither a person nor a test could tell which was which."""
    journalist = {"id": 90, "key": "periodista"}
    view = {"players": [
        {"hand": [journalist], "plot": [{"id": 1, "key": "solar_urbanizable"}]},
        {"plot": [{"id": 2, "key": "solar_urbanizable"}, {"id": 3, "key": "solar_urbanizable"}]},
        {"plot": [{"id": 4, "key": "periodista"}]},
    ]}
    with translation.override("en"):
        labels = {target: text.label_action({"type": "act", "card": 90, "power": 0, "target": target}, view, NAMES)
                  for target in (1, 2, 3, 4)}
        assert labels[1].endswith("Buildable plot (Ana)")
        assert labels[2].endswith("Buildable plot (Beto, no. 1)") and labels[3].endswith("Buildable plot (Beto, no. 2)")
        assert labels[4].endswith("Awkward journalist"), "a name in one plot only is left as it is"
        assert len(set(labels.values())) == 4
        one_plot = {"players": [{"hand": [journalist]}, {"plot": [{"id": 2, "key": "solar_urbanizable"}]}]}
        assert text.label_action({"type": "act", "card": 90, "power": 0, "target": 2}, one_plot, NAMES).endswith(
            "Buildable plot")
    with translation.override("es"):
        label = text.label_action({"type": "act", "card": 90, "power": 0, "target": 3}, view, NAMES)
        assert label.endswith("Solar urbanizable (Beto, n.º 2)"), label
        # Offers name the cards they ask for the same way: one button per Solar urbanizable, each its own.
        offers = {text.label_action({"type": "propose", "to": 1, "give": {"envelopes": 1}, "ask": {"plot": [cid]}},
                                    view, NAMES) for cid in (2, 3)}
        assert offers == {"Ofrecerle a Beto 1 sobre por Solar urbanizable (Beto, n.º 1)",
                          "Ofrecerle a Beto 1 sobre por Solar urbanizable (Beto, n.º 2)"}, offers


@pytest.mark.parametrize("lang", ["es", "en"])
def test_talks_an_accepted_deal_says_the_traded_cards_envelopes_go_back_to_the_dispenser(lang):
    """Talks: "if a card that has saved envelopes changes player, the envelopes are returned to the tube": the log
    line of the deal says so (and says nothing when no envelope was on the card)."""
    from .helpers import act, game, to_plot

    s = game()
    card = to_plot(s, 0, "cunado", envelopes=2)
    s["dispenser"] -= 2
    s, _ = act(s, 0, {"type": "propose", "to": 1, "give": {"plot": [card]}})
    s, events = act(s, 1, {"type": "accept", "id": s["proposals"][0]["id"]})
    plain = dict(events[-1], returned=0)
    with translation.override(lang):
        line = text.describe_event(events[-1], NAMES)
        assert "2" in line and ("dispenser" in line if lang == "en" else "dispensador" in line), line
        assert text.describe_event(plain, NAMES) == line.split(" (")[0]
