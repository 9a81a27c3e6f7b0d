"""Estanciero rules engine (pure Python): ``RULESET`` fulfils games.core.rulesets.Ruleset."""

from .ruleset import RULESET, EstancieroRuleset

__all__ = ["RULESET", "EstancieroRuleset"]
