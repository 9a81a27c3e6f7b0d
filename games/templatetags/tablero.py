"""Template tags shared by every table: ``{% load tablero %}``, then ``{{ amount|money }}`` and
``{% public_part "name" %}...{% end_public_part %}``."""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from games.present import formatting

register = template.Library()


@register.filter
def money(amount):
    return formatting.money(amount)


@register.filter
def name_at(names, seat) -> str:
    """``names|name_at:seat``: the name of the player in ``seat``, or "" when there is no such seat."""
    if isinstance(seat, int) and names and 0 <= seat < len(names):
        return names[seat]
    return ""


@register.filter
def fairness(ruleset: str, key: str) -> str:
    """``game.ruleset|fairness:"link"``: the fairness check's words as the ruleset names its chance (dice, shuffles)."""
    from games.present.presenters import fairness_words  # presenters imports this module

    return fairness_words(ruleset, key)


@register.filter
def ruleset_scripts(ruleset: str) -> tuple[str, ...]:
    """``game.ruleset|ruleset_scripts``: the static scripts the ruleset's table page loads (its declaration's)."""
    from games.core.rulesets import declaration

    try:
        return declaration(ruleset).scripts
    except KeyError:
        return ()


_CSRF = CsrfTokenNode()


@register.simple_tag(takes_context=True)
def action_button(context, a: dict) -> str:
    """A legal move as a form of one button (``a``: a row of ``games.present.presenters._legal_buttons``), posting the
    move and the version it was offered at. Built here rather than by an included template: a table shows up
    to dozens of moves in every render, and an include costs a template's worth of nodes each."""
    return format_html(
        '<form method="post" action="{}" data-act data-key="{}" id="act-{}"{}{}{}>{}\n'
        '  <input type="hidden" name="action" value="{}">\n'
        '  <input type="hidden" name="version" value="{}">\n'
        '  <button type="submit" class="act act-{}">{}</button>\n'
        '</form>\n',
        context.get("act_url"), a["key"], a["key"],
        format_html(' data-target="{}"', a["target"]) if a.get("target") else "",
        mark_safe(' data-direct="1"') if a.get("direct") else "",
        mark_safe(" data-coach") if a.get("coach") else "",
        _CSRF.render(context), a["json"], context["game"].version, a["type"], a["label"])


_BUTTON_KINDS = {
    "primary": lambda a: a["primary"],
    "on_board": lambda a: a["on_board"],
    "folded": lambda a: not a["primary"] and not a["on_board"],
}


@register.simple_tag(takes_context=True)
def action_buttons(context, kind: str) -> str:
    """``{% action_buttons "primary" %}``: the ``action_button`` of each of the viewer's legal moves (``legal``) of
    that kind, in order: those always in sight (``primary``), those also made on the board (``on_board``), or the
    rest, folded away (``folded``). One tag for the list: a loop in the template cost 20 µs a move."""
    chosen = _BUTTON_KINDS[kind]
    return mark_safe("".join(action_button(context, a) for a in context.get("legal") or () if chosen(a)))


class _Kept(OrderedDict):
    """Rendered parts, the least recently used dropped first: at most ``entries`` of them, holding at most
    ``chars`` characters of HTML. Counting entries alone let a few large parts fill a process: one game's
    map, kept per state of the board, is 67 kB, and 4,096 of them grew a soak's Daphne by 25 MB a minute."""

    def __init__(self, entries: int, chars: int):
        super().__init__()
        self.entries, self.chars, self.held = entries, chars, 0

    def keep(self, key: tuple, value) -> None:
        old = self.pop(key, None)
        self.held += _size(value) - _size(old)
        self[key] = value
        while len(self) > self.entries or self.held > self.chars:
            self.held -= _size(self.popitem(last=False)[1])

    def clear(self) -> None:
        super().clear()
        self.held = 0


def _size(value) -> int:
    return len(value.html) if isinstance(value, _Part) else 0


# A socket push renders the table once per distinct viewer (four seats and the spectators): the parts of a
# board that every viewer sees alike are rendered once per revision and language instead, and shared.
PARTS_KEPT, PARTS_CHARS = 512, 8_000_000
_parts = _Kept(PARTS_KEPT, PARTS_CHARS)
_parts_lock = threading.Lock()
# Parts that depend only on values named in the tag (a card's printed face): kept across revisions and games.
FIXED_KEPT, FIXED_CHARS = 4096, 8_000_000
_fixed = _Kept(FIXED_KEPT, FIXED_CHARS)


def shared_per_revision(context, name: str, make):
    """``make()``'s value, made once per ``public_revision`` and language and shared by every viewer's render:
    for values that depend only on the public state of the game (a board's drawing data). Made afresh when the
    context has no ``public_revision``. The value is shared: templates must only read it."""
    revision = context.get("public_revision")
    if revision is None:
        return make()
    key = (*revision, _language(context), "value", name)
    with _parts_lock:
        if key in _parts:
            _parts.move_to_end(key)
            return _parts[key]
    value = make()
    _keep(key, value)
    return value


def _keep(key: tuple, value, store: _Kept = _parts) -> None:
    with _parts_lock:
        store.keep(key, value)


def hashable(value):
    """A part's key value as a key: a list (the players' names) as a tuple, a dict (a mortgage's terms, a hand)
    as its items in their order (a part that loops over a dict shows that order). A key may tell apart more than
    the part shows, never less. A tuple is taken as it is."""
    if isinstance(value, list):
        return tuple(hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, hashable(v)) for k, v in value.items())
    return value


@dataclass(frozen=True)
class _Part:
    """A rendered part, with the kept parts inside it (``kept_part``: digest -> (html, tag)), which every
    render that reuses the part reports as its own (``KEPT_PARTS``)."""

    html: str
    kept: dict



# Where a live render reports its kept parts (``kept_part``): a dict put in the context by the caller.
KEPT_PARTS = "kept_parts"
_ELEMENT = re.compile(r"\s*<([a-zA-Z][\w-]*)")


def part_digest(html: str) -> str:
    """The name of a kept element's content (``data-part``, a log line's ``data-line``): the same content gets
    the same name in any process."""
    return hashlib.blake2s(html.encode(), digest_size=8).hexdigest()


def _marked(html: str) -> tuple[str, dict]:
    """The part, named by a digest of its content (``data-part`` on its element): a page that holds it can be
    sent a placeholder instead (``games.live.snapshots``), and any process names the same content alike."""
    element = _ELEMENT.match(html)
    if element is None:
        return html, {}
    end = html.find(">", element.end())  # the start tag's end: the attribute goes last, after what others match
    if end < 0:
        return html, {}
    at = end - 1 if html[end - 1] == "/" else end
    digest = part_digest(html)
    marked = mark_safe(f'{html[:at]} data-part="{digest}"{html[at:]}')
    return marked, {digest: (marked, element.group(1))}


# The language the table is rendered in, read once by ``games.present.presenters.table_context``: asking the translation
# machinery (a context-local lookup) for each of a board's sixty parts was 5% of a render.
PART_LANGUAGE = "part_language"


def _language(context) -> str:
    return context.get(PART_LANGUAGE) or get_language()


class PublicPartNode(template.Node):
    def __init__(self, name: str, parts: list, nodelist, per_revision: bool = True, kept: bool = False):
        self.name = name
        self.parts = parts
        self.nodelist = nodelist
        self.per_revision = per_revision
        self.kept = kept

    def render(self, context) -> str:
        revision = context.get("public_revision")
        if revision is None:
            return self.nodelist.render(context)
        named = (_language(context), self.name, *(hashable(part.resolve(context)) for part in self.parts))
        key, store = ((*revision, *named), _parts) if self.per_revision else (named, _fixed)
        with _parts_lock:
            part = store.get(key)
            if part is not None:
                store.move_to_end(key)
        if part is None:
            inner: dict = {}
            with context.push({KEPT_PARTS: inner}):
                html = mark_safe(self.nodelist.render(context))
            if self.kept:
                html, own = _marked(html)
                inner = {**inner, **own}
            part = _Part(html, inner)
            _keep(key, part, store)
        if part.kept:
            reported = context.get(KEPT_PARTS)
            if reported is not None:
                reported.update(part.kept)
        return part.html


def _part_tag(parser, token, end: str, per_revision: bool, kept: bool = False) -> PublicPartNode:
    bits = token.split_contents()
    if len(bits) < 2 or bits[1][0] not in "\"'" or bits[1][0] != bits[1][-1]:
        raise template.TemplateSyntaxError(f'usage: {{% {bits[0]} "name" [variable ...] %}}...{{% {end} %}}')
    parts = [parser.compile_filter(bit) for bit in bits[2:]]
    nodelist = parser.parse((end,))
    parser.delete_first_token()
    return PublicPartNode(bits[1][1:-1], parts, nodelist, per_revision, kept)


@register.tag("fixed_part")
def fixed_part(parser, token):
    """``{% fixed_part "hand-card" c.id c.key %}...{% end_fixed_part %}``: content that depends on nothing but
    the values named (a card's printed face and its id), rendered once per those values and language and kept
    across revisions and games. Like ``public_part``, only in a live table's render (``public_revision``)."""
    return _part_tag(parser, token, "end_fixed_part", per_revision=False)


@register.tag("kept_part")
def kept_part(parser, token):
    """``{% kept_part "es-cell" 8 spaces.8 %}...{% end_kept_part %}``: a ``fixed_part`` that is one element
    (a board space, a deed card), marked with a digest of its content (``data-part``). A push to a page that
    already shows that element sends a placeholder (``data-keep``) in its place, which the page fills from what
    it shows (``static/js/table.js``): most of a board does not change from one move to the next."""
    return _part_tag(parser, token, "end_kept_part", per_revision=False, kept=True)


@register.tag("public_part")
def public_part(parser, token):
    """``{% public_part "svg" %}...{% end_public_part %}``: content that depends only on the public state of
    the game (never on who looks: no ``you``, no legal moves, no private view), rendered once per
    ``public_revision`` (game, seal, revision; set by ``games.present.presenters.table_context``) and language. Inside
    a loop, name what the part varies with: ``{% public_part "plot" p.seat %}``. Without a
    ``public_revision`` in the context (a replay, a test) it renders as plain content."""
    return _part_tag(parser, token, "end_public_part", per_revision=True)


def forget_public_parts(fixed: bool = True) -> None:
    """Forget every rendered part, or (``fixed=False``) only those kept per revision (tests)."""
    with _parts_lock:
        _parts.clear()
        if fixed:
            _fixed.clear()


# A table that every viewer of a revision shares (``games.live.snapshots.table_message``) is rendered once per
# revision and language with this dict in its context: each ``{% own %}`` block leaves a slot in its place and
# itself here (name -> (node, template, localized)), and is rendered for each viewer apart (``render_own``).
OWN_SLOTS = "own_slots"


class OwnNode(template.Node):
    def __init__(self, name: str, nodelist):
        self.name = name
        self.nodelist = nodelist

    def render(self, context) -> str:
        slots = context.get(OWN_SLOTS)
        if slots is None:
            return self.nodelist.render(context)
        if self.name in slots:
            raise template.TemplateSyntaxError(f'{{% own "{self.name}" %}} rendered twice in one table')
        slots[self.name] = (self, context.template, context.use_l10n)
        return mark_safe(f'<template data-own="{self.name}"></template>')


@register.tag("own")
def own(parser, token):
    """``{% own "seats" %}...{% end_own %}``: what depends on who looks (a seat's marks, its moves, its forms).
    In a table rendered for one viewer it is plain content. In a table every viewer shares it is a slot,
    ``<template data-own="seats">``, which the page replaces with the block rendered for its viewer
    (``static/js/table.js``). The block reads only the viewer's context (``presenters.own_context``) and the
    variables it sets itself: none that an enclosing ``{% with %}`` sets. It stands where every viewer's table has
    it: under no condition that depends on who looks (the shared render, a spectator's, must reach it)."""
    bits = token.split_contents()
    if len(bits) != 2 or bits[1][0] not in "\"'" or bits[1][0] != bits[1][-1]:
        raise template.TemplateSyntaxError('usage: {% own "name" %}...{% end_own %}')
    nodelist = parser.parse(("end_own",))
    parser.delete_first_token()
    return OwnNode(bits[1][1:-1], nodelist)


def render_own(slots: dict, values: dict) -> dict[str, str]:
    """Each slot's block (``OWN_SLOTS``) rendered with ``values``, the viewer's context, as it would have been
    rendered in place: in the same template and with numbers localized (or not) alike."""
    rendered = {}
    for name, (node, tpl, localized) in slots.items():
        context = template.Context(values)
        context.use_l10n = localized
        with context.bind_template(tpl):
            rendered[name] = node.nodelist.render(context)
    return rendered


@register.simple_tag(takes_context=True)
def own_you(context) -> str:
    """`` data-you="<seat>"`` on an element whose CSS marks the viewer's own player; nothing for a spectator. In a
    shared table, `` data-you-slot``, which the page replaces with its viewer's seat."""
    if context.get(OWN_SLOTS) is not None:
        return mark_safe(" data-you-slot")
    you = context.get("you")
    return format_html(' data-you="{}"', you) if you is not None else ""


@register.simple_tag
def site_release() -> str:
    """The release this process runs (``settings.RELEASE``): a table page reloads itself when a table it is sent
    comes from another (``static/js/table.js``)."""
    from django.conf import settings

    return settings.RELEASE
