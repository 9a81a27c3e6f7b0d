"""The shared game framework and one Django app per ruleset.

Pure-Python parts (``rulesets``, ``rng``, ``sections``, ``events`` and every
``<ruleset>/engine`` package) import nothing from Django, Channels or Celery,
so bots, tests and analysis can use them on their own.
"""
