# The game fixtures (three players at a started Estanciero table, a moderator) serve the moderation tests.
from games.tests.conftest import mod, players, started_game  # noqa: F401
