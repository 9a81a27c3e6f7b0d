"""Template tags shared by every table: ``{% load tablero %}``, then ``{{ amount|money }}`` and
``{% public_part "name" %}...{% end_public_part %}``."""

from __future__ import annotations

import threading
from collections import OrderedDict

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from games import formatting

register = template.Library()


@register.filter
def money(amount):
    return formatting.money(amount)


# A socket push renders the table once per distinct viewer (four seats and the spectators): the parts of a
# board that every viewer sees alike are rendered once per revision and language instead, and shared.
_parts: OrderedDict = OrderedDict()
_parts_lock = threading.Lock()
PARTS_KEPT = 512
# Parts that depend only on values named in the tag (a card's printed face): kept across revisions and games.
_fixed: OrderedDict = OrderedDict()
FIXED_KEPT = 4096


def shared_per_revision(context, name: str, make):
    """``make()``'s value, made once per ``public_revision`` and language and shared by every viewer's render:
    for values that depend only on the public state of the game (a board's drawing data). Made afresh when the
    context has no ``public_revision``. The value is shared: templates must only read it."""
    revision = context.get("public_revision")
    if revision is None:
        return make()
    key = (*revision, get_language(), "value", name)
    with _parts_lock:
        if key in _parts:
            _parts.move_to_end(key)
            return _parts[key]
    value = make()
    _keep(key, value)
    return value


def _keep(key: tuple, value, store: OrderedDict = _parts, kept: int = PARTS_KEPT) -> None:
    with _parts_lock:
        store[key] = value
        while len(store) > kept:
            store.popitem(last=False)


def _hashable(value):
    """A part's key value as a key: a list (the players' names) as a tuple, a dict (a mortgage's terms) as its
    items. A key may tell apart more than the part shows, never less. A tuple is taken as it is."""
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    return value


class PublicPartNode(template.Node):
    def __init__(self, name: str, parts: list, nodelist, per_revision: bool = True):
        self.name = name
        self.parts = parts
        self.nodelist = nodelist
        self.per_revision = per_revision

    def render(self, context) -> str:
        revision = context.get("public_revision")
        if revision is None:
            return self.nodelist.render(context)
        named = (get_language(), self.name, *(_hashable(part.resolve(context)) for part in self.parts))
        key, store, kept = ((*revision, *named), _parts, PARTS_KEPT) if self.per_revision else (named, _fixed, FIXED_KEPT)
        with _parts_lock:
            html = store.get(key)
            if html is not None:
                store.move_to_end(key)
                return html
        html = mark_safe(self.nodelist.render(context))
        _keep(key, html, store, kept)
        return html


def _part_tag(parser, token, end: str, per_revision: bool) -> PublicPartNode:
    bits = token.split_contents()
    if len(bits) < 2 or bits[1][0] not in "\"'" or bits[1][0] != bits[1][-1]:
        raise template.TemplateSyntaxError(f'usage: {{% {bits[0]} "name" [variable ...] %}}...{{% {end} %}}')
    parts = [parser.compile_filter(bit) for bit in bits[2:]]
    nodelist = parser.parse((end,))
    parser.delete_first_token()
    return PublicPartNode(bits[1][1:-1], parts, nodelist, per_revision)


@register.tag("fixed_part")
def fixed_part(parser, token):
    """``{% fixed_part "hand-card" c.id c.key %}...{% end_fixed_part %}``: content that depends on nothing but
    the values named (a card's printed face and its id), rendered once per those values and language and kept
    across revisions and games. Like ``public_part``, only in a live table's render (``public_revision``)."""
    return _part_tag(parser, token, "end_fixed_part", per_revision=False)


@register.tag("public_part")
def public_part(parser, token):
    """``{% public_part "svg" %}...{% end_public_part %}``: content that depends only on the public state of
    the game (never on who looks: no ``you``, no legal moves, no private view), rendered once per
    ``public_revision`` (game, seal, revision; set by ``games.presenters.table_context``) and language. Inside
    a loop, name what the part varies with: ``{% public_part "plot" p.seat %}``. Without a
    ``public_revision`` in the context (a replay, a test) it renders as plain content."""
    return _part_tag(parser, token, "end_public_part", per_revision=True)


def forget_public_parts(fixed: bool = True) -> None:
    """Forget every rendered part, or (``fixed=False``) only those kept per revision (tests)."""
    with _parts_lock:
        _parts.clear()
        if fixed:
            _fixed.clear()
