"""Estanciero rules engine (pure Python): ``RULESET`` fulfils games.rulesets.Ruleset."""

from .ruleset import RULESET, EstancieroRuleset

__all__ = ["RULESET", "EstancieroRuleset"]
