"""Money flows between players and the Bank.

Every movement of money goes through ``transfer`` and emits a ``money``
event, so the money of players plus the Bank's ledger (``bank.balance``,
which starts at 0 and falls when the Bank pays out) is conserved.
``None`` stands for the Bank.
"""

from __future__ import annotations

from .schema import State
from .state import next_id, player


def transfer(state: State, events: list, frm: int | None, to: int | None, amount: int, reason: str) -> None:
    """Move ``amount`` from ``frm`` to ``to``; the payer must be able to pay."""
    if amount <= 0:
        return
    if frm is None:
        state["bank"]["balance"] -= amount
    else:
        p = player(state, frm)
        if p["money"] < amount:
            raise AssertionError("transfer would make money negative")
        p["money"] -= amount
    if to is None:
        state["bank"]["balance"] += amount
    else:
        player(state, to)["money"] += amount
    events.append({"type": "money", "from": frm, "to": to, "amount": amount, "reason": reason})


def has_debt(state: State, seat: int) -> bool:
    return any(d["debtor"] == seat for d in state["debts"])


def charge(state: State, events: list, debtor: int, creditor: int | None, amount: int, reason: str) -> None:
    """Pay now when the debtor can; otherwise open a debt (Shortage of Money).

    A player who lacks the money must first sell buildings, mortgage, sell
    deeds or hand them over; the debt phase (``debts``) holds the amount
    owed until it is paid or the debtor goes bankrupt.
    """
    if amount <= 0:
        return
    if player(state, debtor)["money"] >= amount and not has_debt(state, debtor):
        transfer(state, events, debtor, creditor, amount, reason)
        return
    debt = {"id": next_id(state), "debtor": debtor, "creditor": creditor, "amount": amount, "reason": reason}
    state["debts"].append(debt)
    events.append({"type": "debt", "debtor": debtor, "creditor": creditor, "amount": amount, "reason": reason})


def settle_debts(state: State, events: list) -> None:
    """Pay every debt the debtor can now cover, oldest first per debtor."""
    progress = True
    while progress:
        progress = False
        seen: set[int] = set()
        for debt in list(state["debts"]):
            if debt["debtor"] in seen:
                continue
            seen.add(debt["debtor"])
            if player(state, debt["debtor"])["money"] >= debt["amount"]:
                state["debts"].remove(debt)
                transfer(state, events, debt["debtor"], debt["creditor"], debt["amount"], debt["reason"])
                events.append({"type": "debt_paid", "debtor": debt["debtor"], "creditor": debt["creditor"],
                               "amount": debt["amount"]})
                progress = True
