"""games/argentilandia/text.py: every event a game produces reads as a sentence, in both languages."""

import random

import pytest
from django.utils import translation

from games.argentilandia import text
from games.argentilandia.engine.ruleset import RULESET
from games.core.events import visible_to


@pytest.fixture(autouse=True)
def _english_unless_a_test_says_otherwise():
    """The site's default language is Spanish; these tests read the English texts."""
    with translation.override("en"):
        yield

NAMES = ["Ana", "Beto", "Caro", "Dani"]


def play(moves: int, seed: str, players: int = 4):
    state = RULESET.new_game(players, seed)
    rng = random.Random(seed)
    events, actions = [], []
    for _ in range(moves):
        to_move = RULESET.to_move(state)
        if not to_move:
            break
        seat = to_move[0]
        legal = RULESET.legal_actions(state, seat)
        actions += [(a, RULESET.view(state, seat)) for a in legal]
        action = rng.choice(legal) if legal and rng.random() < 0.3 else RULESET.bot_action(state, seat, rng)
        state, evs = RULESET.apply(state, seat, action)
        events += evs
    return state, events, actions


@pytest.fixture(scope="module")
def games():
    return [play(400, f"text-{k}", 3 + k % 3) for k in range(4)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_event_type_reads_as_text(games, lang):
    seen = set()
    with translation.override(lang):
        for _state, events, _actions in games:
            for event in events:
                for viewer in (None, 0, 1, 2):
                    for shown in visible_to([event], viewer):
                        line = text.describe_event(shown, NAMES)
                        assert isinstance(line, str) and line.strip(), shown
                        assert "%(" not in line and "None" not in line, line
                        seen.add(shown["type"])
    assert {"rolled", "produced", "mp_placed", "turn_started", "turn_ended"} <= seen
    assert len(seen) >= 12


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_legal_action_has_a_label(games, lang):
    with translation.override(lang):
        for _state, _events, actions in games:
            for action, view in actions:
                label = text.label_action(action, view)
                assert isinstance(label, str) and label.strip(), action
                assert "%(" not in label, label


def test_redacted_events_read_naturally():
    drawn = {"type": "card_drawn", "thief": 0, "victim": 1}
    assert text.describe_event(drawn, NAMES) == "Ana took a face-down card from Beto."
    full = {"type": "card_drawn", "thief": 0, "victim": 1, "material": "oil"}
    assert text.describe_event(full, NAMES) == "Ana took a face-down card from Beto: Oil."
    assert text.describe_event({"type": "discarded", "seat": 2, "count": 4}, NAMES) == "Caro discarded 4 cards."
    with translation.override("es"):
        assert "Beto" in text.describe_event(drawn, NAMES)


def test_hand_written_events_and_unknown_types():
    assert text.describe_event({"type": "nope"}, NAMES) is None
    assert text.label_action({"type": "nope"}, None) is None
    ev = {"type": "trade_offered", "id": 1, "from": 0, "to": [1, 2, 3], "give": {"oil": 1}, "get": {"fish": 2}}
    assert text.describe_event(ev, NAMES) == "Ana offers 1 Oil for 2 Fish to everyone."
    assert text.describe_event({"type": "contest_rolled", "seat": 1, "role": "seller", "dice": [3, 4]}, NAMES) == \
        "Beto (seller) rolled 3 + 4 = 7."
    assert "25%" in text.describe_event({"type": "percentage_bought", "seat": 0, "industry": "winery"}, NAMES)
    assert text.label_action({"type": "bank_trade", "give": "soy", "get": "wood"}, None) == "Bank: 4 Soy for 1 Wood"
    # every event type the rules list has a sentence (built by hand where random play rarely reaches it)
    samples = [
        {"type": "production_unpaid", "material": "oil", "needed": 5},
        {"type": "discards_due", "counts": [0, 4, 0]},
        {"type": "official_played", "seat": 0, "for": "union"},
        {"type": "port_bought", "seat": 0, "port": "ushuaia", "paid": {"oil": 1, "fish": 1, "wood": 1}},
        {"type": "special_granted", "seat": 1, "province": "cordoba", "kind": "official"},
        {"type": "contest_started", "kind": "mp", "buyer": 0, "seller": 1, "province": "salta", "slot": 2},
        {"type": "contest_started", "kind": "percentage", "buyer": 0, "seller": 1, "industry": "winery"},
        {"type": "contest_won", "winner": 1, "buyer": 0, "seller": 1, "kind": "mp"},
        {"type": "port_transferred", "port": "ushuaia", "to": None},
        {"type": "port_transferred", "port": "ushuaia", "from": 0, "to": 1},
        {"type": "rolloff_started", "port": "ushuaia", "players": [0, 1]},
        {"type": "rolloff_rolled", "seat": 0, "port": "ushuaia", "die": 5},
        {"type": "rolloff_tied", "port": "ushuaia", "players": [0, 1]},
        {"type": "trade_countered", "id": 2, "from": 1, "to": [0], "give": {"oil": 1}, "get": {"fish": 1}, "counter_to": 1},
        {"type": "trade_accepted", "offer_id": 1, "from": 0, "by": 1, "give": {"oil": 1}, "get": {"fish": 1}},
        {"type": "trade_refused", "offer_id": 1, "by": 1},
        {"type": "offer_withdrawn", "offer_id": 1, "by": 0},
        {"type": "intl_trade", "seat": 0, "province": "jujuy", "give": "oil", "count": 2, "get": "fish"},
        {"type": "game_over", "winner": 0, "vp": [16, 3, 2], "reason": "victory"},
        {"type": "game_over", "winner": None, "vp": [1, 3, 2], "reason": "turn_limit"},
    ]
    for lang in ("en", "es"):
        with translation.override(lang):
            for ev in samples:
                line = text.describe_event(ev, NAMES)
                assert line and "%(" not in line, ev


def test_refusals_name_provinces_not_ids():
    """A refused move reads "Tucumán", not the id "tucuman" (refusals cite the rule in words)."""
    from games.play.actions import MoveRejected
    from games.present.presenters import refusal_text

    exc = MoveRejected("illegal", "The Union Organizer blocks %(province)s.", params={"province": "tucuman"})
    assert refusal_text("argentilandia", exc) == "The Union Organizer blocks Tucumán."


def test_one_card_reads_singular_in_both_languages():
    """Playing the Game (production): a province produces one card of a material; "1 Cows" / "1 Ovejas" read wrong."""
    produced = {"type": "produced", "seat": 0, "material": "cows", "count": 1}
    assert text.describe_event(produced, NAMES) == "Ana receives 1 Cow."
    assert text.describe_event({**produced, "count": 2}, NAMES) == "Ana receives 2 Cows."
    with translation.override("es"):
        assert text.describe_event({**produced, "material": "sheep"}, NAMES) == "Ana recibe 1 Oveja."
        assert text.describe_event({**produced, "material": "sheep", "count": 3}, NAMES) == "Ana recibe 3 Ovejas."
        bank = text.label_action({"type": "bank_trade", "give": "cows", "get": "sheep"}, None)
        assert "4 Vacas" in bank and "1 Oveja" in bank and "1 Ovejas" not in bank
    offer = {"type": "trade_offered", "id": 1, "from": 0, "to": [1], "give": {"cows": 1}, "get": {"metals": 1}}
    assert text.describe_event(offer, NAMES) == "Ana offers 1 Cow for 1 Metal to Beto."


def test_a_counter_offer_reads_as_a_spanish_verb():
    """Playing the Game 5 (trade): a counter-offer; "contraoferta" is a noun, not a verb."""
    ev = {"type": "trade_countered", "id": 2, "from": 1, "to": [0], "give": {"oil": 1}, "get": {"fish": 1}, "counter_to": 1}
    with translation.override("es"):
        line = text.describe_event(ev, NAMES)
    assert line.startswith("Beto le hace una contraoferta a Ana:"), line


def test_a_won_contest_names_what_was_won():
    """Special Rules and Considerations (Corrupt Official, Stockbroker): the buyer takes the MP (la materia prima, feminine) or
    the share; "se lo queda" for an MP read wrong."""
    mp = {"type": "contest_won", "winner": 0, "buyer": 0, "seller": 1, "kind": "mp"}
    share = {**mp, "kind": "percentage"}
    assert text.describe_event(mp, NAMES) == "Ana wins the contest and takes the MP from Beto."
    with translation.override("es"):
        assert text.describe_event(mp, NAMES) == "Ana gana el duelo y le quita la MP a Beto."
        assert text.describe_event(share, NAMES) == "Ana gana el duelo y le quita la participación a Beto."
        kept = text.describe_event({**mp, "winner": 1}, NAMES)
        assert kept.startswith("Beto gana el duelo, conserva la MP y "), kept


def test_a_port_is_named_once():
    """Trading at ports: "Comprar el puerto de Puerto de Buenos Aires" said "port" twice."""
    with translation.override("es"):
        for port in ("puerto_buenos_aires", "mar_del_plata"):
            label = text.label_action({"type": "buy_port", "port": port}, None)
            assert "de Puerto de" not in label and label.startswith("Comprar el puerto de "), label
    assert text.label_action({"type": "buy_port", "port": "puerto_buenos_aires"}, None) == \
        "Buy the port of Buenos Aires (3x1)"


def test_a_malformed_side_of_an_offer_is_refused_in_words():
    """Round Summary (trade): an offer whose cards are not {material: count} is refused naming the side in the
    reader's language; Spanish read "Indicá las cartas (get)", the field's raw name spliced in."""
    from games.core.rulesets import IllegalAction

    state = RULESET.new_game(4, "malformed-offer")
    rng = random.Random(1)
    for _ in range(400):
        seat = RULESET.to_move(state)[0]
        if any(a["type"] == "offer_trade" for a in RULESET.legal_actions(state, seat)):
            break
        state, _events = RULESET.apply(state, seat, RULESET.bot_action(state, seat, rng))
    else:
        raise AssertionError("no turn with an offer to make")
    said = {}
    for side, other in (("give", "get"), ("get", "give")):
        with pytest.raises(IllegalAction) as refused:
            RULESET.apply(state, seat, {"type": "offer_trade", side: "three cows", other: {"cows": 1}})
        assert refused.value.rule == "playing-the-game"
        with translation.override("es"):
            said[side] = translation.gettext(refused.value.message)
    assert said == {"give": "Indicá las cartas que das como {material: cantidad}.",
                    "get": "Indicá las cartas que pedís como {material: cantidad}."}
