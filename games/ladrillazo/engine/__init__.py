"""Ladrillazo rules engine (pure Python): ``RULESET`` fulfils games.core.rulesets.Ruleset."""

from .ruleset import RULESET, LadrillazoRuleset

__all__ = ["RULESET", "LadrillazoRuleset"]
