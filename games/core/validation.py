"""Checking what clients send before anything else sees it (pure Python, no Django).

Two layers:

- ``parse_json`` / ``check_value``: any JSON from outside (a socket message, an API body) is parsed with
  its size and nesting bounded before the parser recurses, and refused when it holds NaN or Infinity,
  NUL characters, lone surrogates (which PostgreSQL cannot store) or absurd numbers.
- ``validate_action``: a move is checked against its type's schema, declared as data by each ruleset in
  ``games/<ruleset>/engine/action_schema.py`` (``ACTION_SCHEMAS``: action type -> {field: spec}), and a
  clean, normalised copy is returned: only the declared fields, plain ``int``/``str``/``bool``/``list``/
  ``dict`` values. That copy is what the engine applies and what the move log stores.

Decision: unknown keys are **refused**, not dropped. A client that sends a field the server does not
know is told so (``Unknown field "pad" for action "roll".``) instead of having part of its move silently
ignored (dropping ``kind`` from a ``build`` would build a chacra when an estancia was asked for).

A field spec is a plain dict (the helpers below only spell them shorter):

``{"type": "int", "min": 0, "max": 41}``, ``{"type": "str", "choices": [...]}`` or ``"max_length"``,
``{"type": "bool"}``, ``{"type": "list", "items": spec, "max_items": n}``,
``{"type": "object", "fields": {name: spec}}`` (unknown keys refused),
``{"type": "map", "keys": str spec, "values": spec, "max_items": n}`` (free keys from ``choices``),
plus ``"optional": True`` (the key may be missing) and ``"nullable": True`` (``null`` is accepted).
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Iterable
from functools import cache
from typing import Any, NoReturn

# Limits on any JSON from a client. A move is a few hundred bytes; its deepest field is ~3 levels.
MAX_ACTION_BYTES = 4096
MAX_DEPTH = 6  # nesting of lists/objects inside an action
MAX_MESSAGE_DEPTH = 8  # a whole socket message or API body ({"action": {...}} adds a level)
MAX_STRING = 200  # characters of any string value or key
MAX_ITEMS = 100  # items of any list or keys of any object
MAX_INT = 2**53 - 1  # what every JSON reader (JavaScript included) reads exactly


def gettext_noop(message: str) -> str:
    """Marks a msgid for ``makemessages`` (this module stays free of Django); translated when shown."""
    return message


# Translatable messages (English msgids; Spanish in the catalogue, locale/es). Filled with params.
M_NOT_OBJECT = gettext_noop("An action is a JSON object with a type.")
M_UNKNOWN_TYPE = gettext_noop("Unknown action type %(type)s for this game.")
M_UNKNOWN_FIELD = gettext_noop("Unknown field %(field)s for action %(type)s.")
M_MISSING = gettext_noop("The action %(type)s needs the field %(field)s.")
M_WRONG_TYPE = {
    "int": gettext_noop("The field %(field)s must be a whole number."),
    "str": gettext_noop("The field %(field)s must be a string."),
    "bool": gettext_noop("The field %(field)s must be true or false."),
    "list": gettext_noop("The field %(field)s must be a list."),
    "object": gettext_noop("The field %(field)s must be an object."),
    "map": gettext_noop("The field %(field)s must be an object."),
}
M_RANGE = gettext_noop("The field %(field)s must be between %(min)s and %(max)s.")
M_CHOICE = gettext_noop("The field %(field)s has a value this game does not know.")
M_TOO_LONG = gettext_noop("The field %(field)s is too long.")
M_TOO_MANY = gettext_noop("The field %(field)s has too many items.")
M_TOO_BIG = gettext_noop("The action is too large.")
M_MESSAGE_TOO_BIG = gettext_noop("The message is too large.")
M_BIG_NUMBER = gettext_noop("A number is too large.")
M_TOO_DEEP = gettext_noop("The JSON is nested too deeply.")
M_BAD_NUMBER = gettext_noop("NaN and Infinity are not numbers JSON allows.")
M_BAD_TEXT = gettext_noop("Text may not contain NUL characters or unpaired surrogates.")
M_BAD_JSON = gettext_noop("The message is not valid JSON.")


class InvalidInput(ValueError):
    """Refused input: ``message`` (an English msgid with ``%(name)s`` placeholders) and ``params``."""

    def __init__(self, message: str, **params: Any) -> None:
        self.message = message
        self.params = params
        super().__init__(self.text())

    def text(self) -> str:
        try:
            return self.message % self.params if self.params else self.message
        except (KeyError, TypeError, ValueError):
            return self.message


# ---- spec helpers (they only build plain dicts) ----------------------------------------------------


def integer(min: int = 0, max: int = MAX_INT, **extra: Any) -> dict:  # noqa: A002 - the spec's own words
    return {"type": "int", "min": min, "max": max, **extra}


def string(choices: Iterable[str] | None = None, max_length: int = 64, **extra: Any) -> dict:
    spec = {"type": "str", "max_length": max_length, **extra}
    if choices is not None:
        spec["choices"] = sorted(choices)
    return spec


def boolean(**extra: Any) -> dict:
    return {"type": "bool", **extra}


def array(items: dict, max_items: int = 50, **extra: Any) -> dict:
    return {"type": "list", "items": items, "max_items": max_items, **extra}


def obj(fields: dict, **extra: Any) -> dict:
    return {"type": "object", "fields": fields, **extra}


def mapping(keys: dict, values: dict, max_items: int = 20, **extra: Any) -> dict:
    return {"type": "map", "keys": keys, "values": values, "max_items": max_items, **extra}


def optional(spec: dict) -> dict:
    return {**spec, "optional": True}


def nullable(spec: dict) -> dict:
    return {**spec, "nullable": True}


# ---- raw JSON ---------------------------------------------------------------------------------------


def json_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in a JSON text, ignoring brackets inside strings (linear, no
    recursion: it runs before the parser, whose recursion a deep document would exhaust)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> NoReturn:
    raise InvalidInput(M_BAD_NUMBER)


def parse_json(text: str | bytes, *, max_bytes: int, max_depth: int = MAX_MESSAGE_DEPTH) -> Any:
    """Parse client JSON safely: bounded size and depth, no NaN/Infinity, clean strings and sane numbers.
    Raises ``InvalidInput`` (never RecursionError, OverflowError or UnicodeError)."""
    if isinstance(text, bytes | bytearray):
        if len(text) > max_bytes:
            raise InvalidInput(M_MESSAGE_TOO_BIG)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput(M_BAD_JSON) from None
    if not isinstance(text, str):
        raise InvalidInput(M_BAD_JSON)
    if len(text) > max_bytes:
        raise InvalidInput(M_MESSAGE_TOO_BIG)
    if json_depth(text) > max_depth:
        raise InvalidInput(M_TOO_DEEP)
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except InvalidInput:
        raise
    except (ValueError, RecursionError):
        raise InvalidInput(M_BAD_JSON) from None
    check_value(value, max_depth=max_depth)
    return value


def _clean_text(s: str) -> bool:
    if "\x00" in s:
        return False
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate such as "\ud800"
        return False
    return True


def check_value(value: Any, *, max_depth: int = MAX_DEPTH) -> None:
    """Walk any decoded JSON value (iteratively) and refuse what must never be stored or passed on:
    nesting deeper than ``max_depth``, non-finite or huge numbers, NUL or unpaired surrogates in strings
    or keys, over-long strings, too many items, and non-JSON Python types."""
    stack = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, int):
            if abs(v) > MAX_INT:
                raise InvalidInput(M_BIG_NUMBER)
            continue
        if isinstance(v, float):
            if not math.isfinite(v):
                raise InvalidInput(M_BAD_NUMBER)
            if abs(v) > MAX_INT:
                raise InvalidInput(M_BIG_NUMBER)
            continue
        if isinstance(v, str):
            if not _clean_text(v):
                raise InvalidInput(M_BAD_TEXT)
            continue
        if isinstance(v, list | tuple | dict):
            if depth >= max_depth:
                raise InvalidInput(M_TOO_DEEP)
            if isinstance(v, dict):
                for k, item in v.items():
                    if not isinstance(k, str):
                        raise InvalidInput(M_BAD_JSON)
                    if not _clean_text(k):
                        raise InvalidInput(M_BAD_TEXT)
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in v)
            continue
        raise InvalidInput(M_BAD_JSON)


# ---- actions ----------------------------------------------------------------------------------------


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _wrong(field: str, kind: str) -> NoReturn:
    raise InvalidInput(M_WRONG_TYPE[kind], field=field)


def normalise(value: Any, spec: dict, field: str) -> Any:
    """``value`` checked against ``spec``; returns a clean copy (raises ``InvalidInput``)."""
    if value is None:
        if spec.get("nullable"):
            return None
        _wrong(field, spec["type"])
    kind = spec["type"]
    if kind == "int":
        if not _is_int(value):
            _wrong(field, kind)
        lo, hi = spec.get("min", -MAX_INT), spec.get("max", MAX_INT)
        if not lo <= value <= hi:
            raise InvalidInput(M_RANGE, field=field, min=lo, max=hi)
        return int(value)
    if kind == "bool":
        if not isinstance(value, bool):
            _wrong(field, kind)
        return bool(value)
    if kind == "str":
        if not isinstance(value, str):
            _wrong(field, kind)
        if len(value) > spec.get("max_length", MAX_STRING):
            raise InvalidInput(M_TOO_LONG, field=field)
        if not _clean_text(value):
            raise InvalidInput(M_BAD_TEXT)
        if "choices" in spec and value not in spec["choices"]:
            raise InvalidInput(M_CHOICE, field=field)
        return str(value)
    if kind == "list":
        if not isinstance(value, list):
            _wrong(field, kind)
        if len(value) > spec.get("max_items", MAX_ITEMS):
            raise InvalidInput(M_TOO_MANY, field=field)
        return [normalise(item, spec["items"], f"{field}[{i}]") for i, item in enumerate(value)]
    if kind == "object":
        if not isinstance(value, dict):
            _wrong(field, kind)
        return _fields(value, spec["fields"], field, prefix=f"{field}.")
    if kind == "map":
        if not isinstance(value, dict):
            _wrong(field, kind)
        if len(value) > spec.get("max_items", MAX_ITEMS):
            raise InvalidInput(M_TOO_MANY, field=field)
        return {normalise(k, spec["keys"], f"{field} key"): normalise(v, spec["values"], f"{field}.{k}")
                for k, v in value.items()}
    raise ValueError(f"unknown spec type {kind!r} for {field}")  # a mistake in a schema module


def _fields(value: dict, fields: dict, what: str, prefix: str = "") -> dict:
    for key in value:
        if key not in fields:
            raise InvalidInput(M_UNKNOWN_FIELD, field=f"{prefix}{key}"[:60], type=what)
    out = {}
    for name, spec in fields.items():
        if name not in value:
            if not spec.get("optional"):
                raise InvalidInput(M_MISSING, field=f"{prefix}{name}", type=what)
            continue
        out[name] = normalise(value[name], spec, f"{prefix}{name}")
    return out


def validate_action(action: Any, schemas: dict[str, dict] | None) -> dict:
    """The normalised action, or ``InvalidInput``. ``schemas`` maps action types to their fields
    (``None``: a ruleset without schemas gets only the generic checks)."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InvalidInput(M_NOT_OBJECT)
    check_value(action, max_depth=MAX_DEPTH)
    kind = action["type"]
    if len(kind) > 40:
        raise InvalidInput(M_UNKNOWN_TYPE, type=kind[:40] + "…")
    try:
        size = len(json.dumps(action, allow_nan=False))
    except (ValueError, TypeError):  # pragma: no cover - check_value already refused these
        raise InvalidInput(M_BAD_JSON) from None
    if size > MAX_ACTION_BYTES:
        raise InvalidInput(M_TOO_BIG)
    if schemas is None:
        copied: dict = json.loads(json.dumps(action))
        return copied
    if kind not in schemas:
        raise InvalidInput(M_UNKNOWN_TYPE, type=kind)
    rest = {k: v for k, v in action.items() if k != "type"}
    return {"type": str(kind), **_fields(rest, schemas[kind], kind)}  # str(): a subclass goes no further


@cache
def schemas_for(ruleset: str) -> dict[str, dict] | None:
    """``ACTION_SCHEMAS`` of the ruleset's engine (``games/<ruleset>/engine/action_schema.py``), or None
    for a ruleset that declares none (it then gets only the generic checks)."""
    from .rulesets import package

    try:
        module = package(ruleset)
    except KeyError:
        return None
    try:
        mod = importlib.import_module(f"{module}.engine.action_schema")
    except ModuleNotFoundError:
        return None
    schemas: dict[str, dict] = mod.ACTION_SCHEMAS
    return schemas


def check_action(ruleset: str, action: Any) -> dict:
    """The normalised ``action`` for ``ruleset`` (raises ``InvalidInput``)."""
    return validate_action(action, schemas_for(ruleset))


# ---- socket messages besides moves ----------------------------------------------------------------------------

# The table chat's messages (``games.live.chat``): checked like actions, unknown keys refused. The text may be
# longer than a line (``games.chat.lines.MAX_LENGTH``) here so that the chat says exactly how long a line may be.
CHAT_TEXT_MAX = 2000
SOCKET_MESSAGES = {
    "chat": {"channel": string(choices=["players", "spectators"], max_length=12),
             "text": string(max_length=CHAT_TEXT_MAX), "ref": optional(string(max_length=40))},
    "mute": {"user": string(max_length=150), "ref": optional(string(max_length=40))},
    "unmute": {"user": string(max_length=150), "ref": optional(string(max_length=40))},
    "chat_hello": {"last": nullable(integer(0, MAX_INT))},
}


def check_socket_message(message: dict) -> dict:
    """The normalised chat or mute message (its ``type`` one of ``SOCKET_MESSAGES``), or ``InvalidInput``."""
    kind: str = message["type"]
    rest = {k: v for k, v in message.items() if k != "type"}
    return {"type": kind, **_fields(rest, SOCKET_MESSAGES[kind], kind)}


def int_or(value: object, default: int) -> int:
    """A form field read as a whole number, or ``default`` when it is none (missing, empty, words)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return default
    try:
        return int(value)
    except ValueError:
        return default
