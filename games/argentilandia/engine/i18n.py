"""Translation marker: every IllegalAction message literal is wrapped in ``_()``."""


def _(s: str) -> str:
    """No-op marker so message literals can be extracted for translation."""
    return s
