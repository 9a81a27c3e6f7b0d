"""Dice race: a fourth, made-up ruleset that only the tests register (``tests/test_fourth_ruleset.py``), to show that
a game is its own folder plus one registry line: two players take turns rolling a die, the first whose total
reaches the target wins."""
