"""A deal being put together in one browser while the other person plays in another (issue 40, items 12-13).

What a person ticked or typed in a deal form stays on the deed or card it was about, by id, however the other
player's move reorders or shortens the lists around it; a tick whose card is gone is dropped and the page says
so; and a refused proposal keeps the whole form, with the refusal's reason shown beside it."""

from __future__ import annotations

import pytest

from accounts.models import User
from games.ladrillazo.tests.browsing import clear_position, plot_entry, state_of
from games.ladrillazo.tests.helpers import back, to_hand, to_plot
from games.models import Game
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.turn_helpers import in_thread, wait_live
from tests.fixtures.browsers import screenshot
from tests.support import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def two_people(browser, base: str, ruleset: str, arrange, third: bool = False) -> tuple[Game, dict]:
    """alicia (seat 0, on turn) and bruno (seat 1) at a started table whose position ``arrange(state)`` set,
    each in their own browser context; with ``third``, carla sits in seat 2 (no browser: her moves come from
    elsewhere)."""
    users = [User.objects.create_user(n, password=f"pw-{n}-1") for n in ("alicia", "bruno")]
    seated = users + ([User.objects.create_user("carla", password="pw-carla-1")] if third else [])
    game = in_thread(tables.do_create_table, users[0], ruleset, len(seated), time_control="correspondence")
    for user in seated[1:]:
        in_thread(tables.do_join, game.pk, user)
    in_thread(tables.do_start, game.pk, users[0])
    state = Game.objects.get(pk=game.pk).state
    arrange(state)
    Game.objects.filter(pk=game.pk).update(state=state)
    pages = {}
    for user in users:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-AR")
        page = ctx.new_page()
        login(page, base, user.username, f"pw-{user.username}-1")
        page.goto(f"{base}/games/{game.pk}/")
        wait_live(page)
        pages[user.username] = page
    return Game.objects.get(pk=game.pk), pages


def wait_version_above(page, version: int) -> None:
    page.wait_for_function(f"() => Number(document.querySelector('#table [data-version]').textContent) > {version}",
                           timeout=15000)


def label_of(page, selector: str) -> str:
    """The text beside a checkbox: its label's."""
    return page.locator(selector).evaluate("el => el.closest('label').textContent.trim()")


def checked_labels(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all(
        "els => els.filter(e => e.checked).map(e => e.closest('label').textContent.trim())")


def proposals(game: Game) -> list[dict]:
    return Game.objects.get(pk=game.pk).state["proposals"]


def assert_kept(page, box: str, ticked: list[str], typed: dict[str, str]) -> None:
    """The panel ``box`` is still open, every control of ``ticked`` still ticked and every field of ``typed`` still
    holds what was typed in it."""
    assert page.locator(box).evaluate("el => el.open")
    for selector in ticked:
        assert page.locator(selector).is_checked(), selector
    for selector, value in typed.items():
        assert page.input_value(selector) == value, selector


def refused_then_sent(page, game: Game, form: str, box: str, ticked: list[str], typed: dict[str, str],
                      fix: tuple[str, str], shot: str) -> str:
    """Sends the deal form ``form``: it is refused, the reason shows beside it and the panel keeps everything;
    then ``fix`` is typed and the same form sent again makes the proposal. Returns the refusal's text."""
    page.click(f"{form} button[type=submit]")
    reason = page.locator(f"{form} .form-refusal")
    reason.wait_for(timeout=15000)
    text = reason.inner_text().strip()
    assert_kept(page, box, ticked, typed)
    assert proposals(game) == []
    reason.scroll_into_view_if_needed()
    screenshot(page, shot, full_page=False)
    page.fill(*fix)
    page.click(f"{form} button[type=submit]")
    assert wait_until(lambda: proposals(game), timeout=15)
    return text


def submit_a_move(page, button: str) -> None:
    """The person clicks a move, wherever the table folds it (a board move's button may sit in a closed panel)."""
    page.evaluate(f"() => document.querySelector({button!r}).closest('form').requestSubmit()")


# ---- Estanciero -----------------------------------------------------------------------------------------------

def estanciero_buy_ahead(state: dict) -> None:
    """alicia owns Río Negro South (5) and Salta South (9) and stands on Formosa South (1), for sale: buying it
    puts a deed ahead of both in bruno's "You ask for" list."""
    state["owners"]["5"] = state["owners"]["9"] = 0
    state["players"][0]["position"] = 1
    state["turn"] = {"seat": 0, "phase": "buy", "doubles": 0, "dice": [1, 0], "again": False, "offer": 1}


def test_estanciero_a_ticked_deed_stays_on_its_deed_when_the_other_player_buys_one(daphne_server, browser):
    """Sale of Properties: bruno ticks alicia's Salta South and asks 700; alicia buys Formosa South meanwhile.
    bruno's tick is still beside Salta South (not beside the deed that took its place in the list), his 700 is
    still typed, and the proposal he sends names deed 9."""
    game, pages = two_people(browser, daphne_server, "estanciero", estanciero_buy_ahead)
    alicia, bruno = pages["alicia"], pages["bruno"]
    bruno.click("#es-propose-box summary")
    salta = label_of(bruno, "input[data-ask-deed][value='9']")
    bruno.check("input[data-ask-deed][value='9']")
    bruno.fill("input[data-ask-cash]", "700")
    bruno.locator("input[data-ask-cash]").blur()

    version = game.version
    submit_a_move(alicia, "button.act-buy")
    wait_version_above(bruno, version)
    assert Game.objects.get(pk=game.pk).state["owners"]["1"] == 0
    bruno.wait_for_selector("input[data-ask-deed][value='1']", state="attached")

    assert checked_labels(bruno, "input[data-ask-deed]") == [salta]
    assert bruno.locator("input[data-ask-deed][value='9']").is_checked()
    assert not bruno.locator("input[data-ask-deed][value='1']").is_checked()
    assert not bruno.locator("input[data-ask-deed][value='5']").is_checked()
    assert bruno.input_value("input[data-ask-cash]") == "700"
    screenshot(bruno, "deal-estanciero-tick-kept", full_page=False)

    bruno.click("form[data-es-propose] button[type=submit]")
    assert wait_until(lambda: proposals(game), timeout=15)
    prop = proposals(game)[0]
    assert prop["from"] == 1 and prop["to"] == 0
    assert prop["ask"]["deeds"] == [9] and prop["ask"]["cash"] == 700


def test_estanciero_a_ticked_deed_that_changes_hands_is_unticked_with_a_word(daphne_server, browser):
    """Sale of Properties: bruno ticks alicia's Salta South to ask her for it; meanwhile alicia sells it to carla.
    Asking alicia for it no longer makes sense: the tick is dropped and the page names the deed, and what bruno
    sends asks for nothing of carla's."""
    from games.play.actions import do_move

    def arrange(state: dict) -> None:
        estanciero_buy_ahead(state)
        state["turn"] = {"seat": 0, "phase": "roll", "doubles": 0, "dice": None, "again": False}

    game, pages = two_people(browser, daphne_server, "estanciero", arrange, third=True)
    bruno = pages["bruno"]
    bruno.click("#es-propose-box summary")
    salta = label_of(bruno, "input[data-ask-deed][value='9']")
    bruno.check("input[data-ask-deed][value='9']")
    bruno.check("input[data-ask-deed][value='5']")
    bruno.fill("input[data-ask-cash]", "700")

    alicia, carla = User.objects.get(username="alicia"), User.objects.get(username="carla")
    sale = {"type": "propose", "to": 2, "give": {"deeds": [9], "cash": 0, "jail_cards": []},
            "ask": {"deeds": [], "cash": 100, "jail_cards": []}}
    in_thread(do_move, game.pk, seat=0, action=sale, expected_version=game.version, actor=alicia, source="api")
    version = game.version + 1
    in_thread(do_move, game.pk, seat=2, action={"type": "accept_proposal", "id": proposals(game)[0]["id"]},
              expected_version=version, actor=carla, source="api")
    assert Game.objects.get(pk=game.pk).state["owners"]["9"] == 2
    wait_version_above(bruno, version)

    gone = bruno.locator("#es-propose .form-gone")
    gone.wait_for(timeout=15000)
    assert salta in gone.inner_text()
    assert not bruno.locator("input[data-ask-deed][value='9']").is_checked()
    assert bruno.locator("input[data-ask-deed][value='5']").is_checked()
    assert bruno.input_value("input[data-ask-cash]") == "700"
    bruno.click("form[data-es-propose] button[type=submit]")
    assert wait_until(lambda: [p for p in proposals(game) if p["from"] == 1], timeout=15)
    prop = next(p for p in proposals(game) if p["from"] == 1)
    assert prop["to"] == 0 and prop["ask"]["deeds"] == [5] and prop["ask"]["cash"] == 700


def test_estanciero_a_refused_proposal_keeps_the_form_and_says_why(daphne_server, browser):
    """Sale of Properties: "only one side may pay cash". bruno ticks a deed and puts cash on both sides: the
    proposal is refused, and his ticks and amounts are all still there, with the reason beside the form."""
    game, pages = two_people(browser, daphne_server, "estanciero", estanciero_buy_ahead)
    bruno = pages["bruno"]
    bruno.click("#es-propose-box summary")
    bruno.check("input[data-ask-deed][value='5']")
    bruno.fill("input[data-ask-cash]", "300")
    bruno.fill("input[data-give-cash]", "800")
    reason = refused_then_sent(bruno, game, "#es-propose", "#es-propose-box", ["input[data-ask-deed][value='5']"],
                               {"input[data-ask-cash]": "300", "input[data-give-cash]": "800"},
                               ("input[data-give-cash]", ""), "deal-estanciero-refused")
    assert "efectivo" in reason  # "Solo una de las partes de la propuesta puede poner efectivo."
    assert proposals(game)[0]["ask"] == {"deeds": [5], "cash": 300, "jail_cards": []}
    bruno.wait_for_selector("#es-propose .form-refusal", state="detached")


# ---- Ladrillazo ----------------------------------------------------------------------------------------------

def ladrillazo_plot(ids: dict):
    def arrange(state: dict) -> None:
        clear_position(state)
        ids["land"] = to_plot(state, 0, "solar_urbanizable")
        ids["project"] = to_plot(state, 0, "adosados")
        ids["spare"] = to_plot(state, 0, "dehesa")
        ids["hand"] = to_hand(state, 1, "cunado")
    return arrange


def test_ladrillazo_a_ticked_card_stays_on_its_card_and_a_gone_one_is_dropped_with_a_word(daphne_server, browser):
    """Talks: bruno ticks alicia's project and her land and asks 2 envelopes; alicia backs the project with the
    land (Level and support), so the land leaves bruno's list. The project is still ticked beside its own name,
    the land's tick is dropped and the page says so, and the proposal names the project only."""
    ids: dict = {}
    game, pages = two_people(browser, daphne_server, "ladrillazo", ladrillazo_plot(ids))
    bruno = pages["bruno"]
    bruno.click("#lz-propose-box summary")
    project = label_of(bruno, f"input[data-lz-ask-plot][value='{ids['project']}']")
    land = label_of(bruno, f"input[data-lz-ask-plot][value='{ids['land']}']")
    bruno.check(f"input[data-lz-ask-plot][value='{ids['land']}']")
    bruno.check(f"input[data-lz-ask-plot][value='{ids['project']}']")
    bruno.fill("input[data-lz-ask-env]", "2")
    bruno.locator("input[data-lz-ask-env]").blur()

    # alicia, in her browser, backs the project with the land: click the land, then the project, then confirm.
    alicia = pages["alicia"]
    version = game.version
    alicia.locator(f"#table .lz-card[data-card='{ids['land']}']").click()
    alicia.locator("#lz-bar").wait_for()
    alicia.locator(f"#table .lz-card[data-card='{ids['project']}']").click()
    alicia.locator("#lz-bar .lz-bar-go").click()
    assert wait_until(lambda: plot_entry(state_of(game), 0, ids["land"])["backing"] == ids["project"], timeout=15)
    wait_version_above(bruno, version)
    bruno.wait_for_selector(f"input[data-lz-ask-plot][value='{ids['land']}']", state="detached")

    assert checked_labels(bruno, "input[data-lz-ask-plot]") == [project]
    assert bruno.locator(f"input[data-lz-ask-plot][value='{ids['project']}']").is_checked()
    assert not bruno.locator(f"input[data-lz-ask-plot][value='{ids['spare']}']").is_checked()
    assert bruno.input_value("input[data-lz-ask-env]") == "2"
    gone = bruno.locator("#lz-form-propose .form-gone")
    assert land in gone.inner_text()
    gone.scroll_into_view_if_needed()
    screenshot(bruno, "deal-ladrillazo-tick-kept", full_page=False)

    bruno.click("#lz-form-propose button[type=submit]")
    assert wait_until(lambda: proposals(game), timeout=15)
    prop = proposals(game)[0]
    assert prop["from"] == 1 and prop["ask"] == {"hand": [], "plot": [ids["project"]], "envelopes": 2}


def test_ladrillazo_a_refused_proposal_keeps_the_panel_open_and_says_why(daphne_server, browser):
    """Talks: bruno offers 99 envelopes he does not have for alicia's project: refused. The panel stays open
    with his tick and his numbers, and the reason is beside the form."""
    ids: dict = {}
    game, pages = two_people(browser, daphne_server, "ladrillazo", ladrillazo_plot(ids))
    bruno = pages["bruno"]
    bruno.click("#lz-propose-box summary")
    bruno.check(f"input[data-lz-ask-plot][value='{ids['project']}']")
    bruno.check(f"input[data-lz-give-hand][value='{ids['hand']}']")
    bruno.fill("input[data-lz-give-env]", "99")
    ticked = [f"input[data-lz-ask-plot][value='{ids['project']}']", f"input[data-lz-give-hand][value='{ids['hand']}']"]
    reason = refused_then_sent(bruno, game, "#lz-form-propose", "#lz-propose-box", ticked,
                               {"input[data-lz-give-env]": "99"}, ("input[data-lz-give-env]", "0"),
                               "deal-ladrillazo-refused")
    assert "99" in reason
    assert proposals(game)[0]["give"] == {"hand": [ids["hand"]], "plot": [], "envelopes": 0}
    # Sent: the panel closes and starts afresh.
    bruno.wait_for_function("() => !document.getElementById('lz-propose-box').open")
    assert not bruno.locator(f"input[data-lz-ask-plot][value='{ids['project']}']").is_checked()


def ladrillazo_padlocked(ids: dict):
    """alicia's Operación Chamartín is backed by a land (padlock); a deal alicia proposed before backing it (it
    gives the card to bruno) is still open; bruno has a card in hand."""
    def arrange(state: dict) -> None:
        clear_position(state)
        ids["chamartin"] = to_plot(state, 0, "operacion_chamartin")
        ids["backer"] = to_plot(state, 0, "solar_urbanizable")
        back(state, 0, ids["backer"], ids["chamartin"])
        ids["free"] = to_plot(state, 0, "dehesa")
        ids["hand"] = to_hand(state, 1, "cunado")
        ids["old"] = state["next_id"]
        state["proposals"].append({"id": state["next_id"], "from": 0, "to": 1, "ask": empty_side(),
                                   "give": {"hand": [], "plot": [ids["chamartin"]], "envelopes": 0}})
        state["next_id"] += 1
    return arrange


def empty_side() -> dict:
    return {"hand": [], "plot": [], "envelopes": 0}


def test_ladrillazo_a_backed_padlocked_card_is_neither_accepted_nor_offered_in_the_deal_form(daphne_server, browser):
    """Level and support: "if they have a padlock, it means that the card you are supporting cannot leave during
    the rest of the game". bruno is offered alicia's backed Chamartín (a deal made before she backed it): he is
    offered Reject but no Accept. His deal form does not list the card among what he may ask for (nor does
    alicia's among what she may give), while her free land is listed, and asking for it is proposed. A proposal
    that asks for the card anyway is refused by the rules (``test_level_and_support_a_backed_padlocked_card_is_never_traded``)."""
    ids: dict = {}
    game, pages = two_people(browser, daphne_server, "ladrillazo", ladrillazo_padlocked(ids))
    bruno, alicia = pages["bruno"], pages["alicia"]
    deals = bruno.locator("#lz-deals")
    assert deals.locator(".lz-b-reject").count() == 1 and deals.locator(".lz-b-accept").count() == 0
    assert bruno.locator("#table .lz-b-accept").count() == 0
    deals.scroll_into_view_if_needed()
    screenshot(bruno, "deal-ladrillazo-padlock-no-accept", full_page=False)

    bruno.click("#lz-propose-box summary")
    assert bruno.locator(f"input[data-lz-ask-plot][value='{ids['chamartin']}']").count() == 0
    assert alicia.locator(f"input[data-lz-give-plot][value='{ids['chamartin']}']").count() == 0
    assert alicia.locator(f"input[data-lz-give-plot][value='{ids['free']}']").count() == 1
    bruno.check(f"input[data-lz-ask-plot][value='{ids['free']}']")
    bruno.check(f"input[data-lz-give-hand][value='{ids['hand']}']")
    bruno.locator("#lz-propose-box").scroll_into_view_if_needed()
    screenshot(bruno, "deal-ladrillazo-padlock-not-offered", full_page=False)
    bruno.click("#lz-form-propose button[type=submit]")
    assert wait_until(lambda: len(proposals(game)) == 2, timeout=15)
    assert proposals(game)[1]["ask"] == {"hand": [], "plot": [ids["free"]], "envelopes": 0}
    assert plot_entry(state_of(game), 0, ids["chamartin"])["backers"] == [ids["backer"]]


def ladrillazo_envelopes(ids: dict):
    """alicia keeps 2 envelopes on her Cuñado and 2 on her Testaferro; bruno keeps 3 on his Testaferro."""
    def arrange(state: dict) -> None:
        clear_position(state)
        ids["sold"] = to_plot(state, 0, "cunado", envelopes=2)
        ids["kept"] = to_plot(state, 0, "testaferro", envelopes=2)
        ids["purse"] = to_plot(state, 1, "testaferro", envelopes=3)
        state["dispenser"] -= 7
    return arrange


def test_ladrillazo_a_card_with_envelopes_changes_hands_and_they_go_back_to_the_dispenser(daphne_server, browser):
    """Talks: "if a card that has saved envelopes changes player, the envelopes are returned to the tube". bruno
    offers 2 envelopes for alicia's Cuñado, which holds 2; she accepts. The Cuñado's 2 go to the dispenser (not to
    bruno, not towards the price), bruno pays from his Testaferro, alicia gets 2 in hand and keeps her Testaferro's
    2, and the log says where the card's envelopes went."""
    ids: dict = {}
    game, pages = two_people(browser, daphne_server, "ladrillazo", ladrillazo_envelopes(ids))
    dispenser = state_of(game)["dispenser"]
    bruno, alicia = pages["bruno"], pages["alicia"]
    bruno.click("#lz-propose-box summary")
    bruno.check(f"input[data-lz-ask-plot][value='{ids['sold']}']")
    bruno.fill("input[data-lz-give-env]", "2")
    bruno.click("#lz-form-propose button[type=submit]")
    assert wait_until(lambda: proposals(game), timeout=15)
    version = Game.objects.get(pk=game.pk).version
    wait_version_above(alicia, version - 1)
    alicia.locator("#lz-deals .lz-b-accept").wait_for(timeout=15000)
    alicia.locator("#lz-deals").scroll_into_view_if_needed()
    screenshot(alicia, "deal-ladrillazo-envelopes-offer", full_page=False)
    alicia.click("#lz-deals .lz-b-accept")
    assert wait_until(lambda: not proposals(game), timeout=15)
    state = state_of(game)
    assert state["dispenser"] == dispenser + 2
    assert plot_entry(state, 1, ids["sold"])["envelopes"] == 0 and plot_entry(state, 1, ids["purse"])["envelopes"] == 1
    assert plot_entry(state, 0, ids["kept"])["envelopes"] == 2 and state["players"][0]["loose"] == 2
    wait_version_above(bruno, version)
    card = bruno.locator(f"#table .lz-player[data-seat='1'] .lz-card[data-card='{ids['sold']}']")
    card.wait_for(timeout=15000)
    assert "✉ 0/2" in card.inner_text()
    log = bruno.locator("#table").inner_text()
    assert "vuelven al dispensador" in log, log[-800:]
    card.scroll_into_view_if_needed()
    screenshot(bruno, "deal-ladrillazo-envelopes-returned", full_page=False)
    screenshot(alicia, "deal-ladrillazo-envelopes-accepted", full_page=True)


# ---- Argentilandia -------------------------------------------------------------------------------------------

def test_argentilandia_a_refused_offer_keeps_the_trade_form_and_says_why(daphne_server, browser):
    """Playing the Game (offers between players): gifts are not allowed, so an offer that asks for nothing is
    refused. The numbers typed stay, with the reason beside the form; adding what to get sends it."""
    from games.argentilandia.tests.test_browser_trade import play_until_seat0_trades
    from games.core.rulesets import get

    users = [User.objects.create_user(n, password=f"pw-{n}-1") for n in ("ofrece", "recibe", "mira")]
    game = in_thread(tables.do_create_table, users[0], "argentilandia", 3, time_control="correspondence")
    for user in users[1:]:
        in_thread(tables.do_join, game.pk, user)
    in_thread(tables.do_start, game.pk, users[0])
    game = in_thread(play_until_seat0_trades, Game.objects.get(pk=game.pk), users)
    hand = get("argentilandia").view(game.state, 0)["hand"]
    give = max(hand, key=hand.get)
    ask = min(hand, key=hand.get)
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="es-AR")
    page = ctx.new_page()
    login(page, daphne_server, "ofrece", "pw-ofrece-1")
    page.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(page)

    form = page.locator("form.al-offer")
    form.locator("select[name=to]").select_option("1")
    form.locator(f"[data-give='{give}']").fill("1")
    form.locator("button[type=submit]").click()
    reason = form.locator(".form-refusal")
    reason.wait_for(timeout=15000)
    assert reason.inner_text().strip()
    assert form.locator(f"[data-give='{give}']").input_value() == "1"
    assert form.locator("select[name=to]").input_value() == "1"
    assert Game.objects.get(pk=game.pk).state["offers"] == []
    reason.scroll_into_view_if_needed()
    screenshot(page, "deal-argentilandia-refused", full_page=False)

    form.locator(f"[data-get='{ask}']").fill("1")
    form.locator("button[type=submit]").click()
    assert wait_until(lambda: Game.objects.get(pk=game.pk).state["offers"], timeout=15)
    offer = Game.objects.get(pk=game.pk).state["offers"][0]
    assert (offer["to"], offer["give"], offer["get"]) == ([1], {give: 1}, {ask: 1})
    page.wait_for_selector("form.al-offer .form-refusal", state="detached")
    ctx.close()
