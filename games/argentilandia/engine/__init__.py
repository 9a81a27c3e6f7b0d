"""Argentilandia rules engine (pure Python). ``RULESET`` implements games.core.rulesets.Ruleset."""

from .ruleset import RULESET

__all__ = ["RULESET"]
