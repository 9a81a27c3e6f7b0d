"""Each game's own options (``Declaration.options``) and the turn limit in a form: the New table form's and the
tournament form's. ``fields`` draws them (``lobby/_game_options.html``, only the chosen game's shown by
``static/js/game-options.js``); ``from_post`` reads what was sent as the API's ``options`` object."""

from __future__ import annotations

from games.core.rulesets import declaration, names
from games.tables import lifecycle as tables


def declarations() -> list:
    return [declaration(name) for name in names()]


def keys() -> tuple[str, ...]:
    """Every game's option fields, and the turn limit: what a refused form sends back."""
    return ("max_turns",) + tuple(o.key for d in declarations() for o in d.options)


def fields(form: dict, prefix: str) -> list[dict]:
    """Each game's own options as a form shows them (only the chosen game's are visible), holding ``form``'s
    values, else their defaults (a rated table's, when the form says rated); each field's id is ``prefix`` and its
    key. An option with another default on a rated table carries both (``casual``, ``rated``): ``game-options.js``
    switches the field with the form's rated choice until the person sets it."""
    rated = form.get("rated") not in (None, "", False, "0")
    shown = []
    for d in declarations():
        rows = []
        for o in d.options:
            sent = form.get(o.key)
            if sent is None and rated and o.key in d.rated_options:  # a form that opens rated: its defaults
                sent = d.rated_options[o.key]
            row = {"option": o, "id": prefix + o.key.replace("_", "-"), "value": o.form_value(sent)}
            if o.key in d.rated_options:
                row.update(switch=True, casual=o.form_value(), rated=o.form_value(d.rated_options[o.key]))
            rows.append(row)
        shown.append({"name": d.name, "note": d.form_note, "fields": rows})
    return shown


def from_post(post) -> dict:
    """The chosen game's own options from a form (another game's hidden fields are ignored), as the API's
    ``options`` object: those its declaration lists, when they differ from their defaults (a rated table's
    defaults are its ruleset's ``rated_options``, which the table's creation fills in; the engine refuses what its
    rules do not allow), and the turn limit when one is set."""
    options = {}
    max_turns = tables.whole_number(post.get("max_turns") or 0, "max_turns")
    if max_turns > 0:
        options["max_turns"] = max_turns
    try:
        declared = declaration(post.get("ruleset") or "")
    except KeyError:
        return options
    rated = bool(post.get("rated"))
    for option in declared.options:
        sent = post.get(option.key)
        if option.kind == "bool":
            value = bool(sent)
        elif not sent:
            continue
        elif option.kind == "int":
            value = tables.whole_number(sent, option.key)
        elif sent in {v for v, _ in option.choices}:
            value = sent
        else:
            continue
        if value != declared.option_default(option, rated):
            options[option.key] = value
    return options
