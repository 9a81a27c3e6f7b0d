"""Argentilandia rules engine (pure Python). ``RULESET`` implements games.rulesets.Ruleset."""

from .ruleset import RULESET

__all__ = ["RULESET"]
