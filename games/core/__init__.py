"""The pure core every ruleset stands on: seeded draws (``rng``), dice, numbered events, the ruleset
protocol and registry (``rulesets``), rulebook section names and input validation, and the engine kit every
engine is built from: ``refusals`` (one ``refuse``), ``dispatch`` (one handler signature and lookup), ``copying``
(one copy-on-apply rule) and ``answers`` (who must answer now).

Like the engines, nothing here imports Django, Channels or Celery (``tests/test_layout.py`` checks it), so
the rules can be read, run and tested without the web application."""
