"""pytest plugin for `make mutation-move-path` (mutation/move_path.toml loads it with ``-p``): marks ``move_path`` every
test in a file whose name matches one of ``FILES`` (shell globs on the file's name, wherever it lies), so that the
run's ``-m move_path`` takes them with the tests of other files marked ``@pytest.mark.move_path`` one by one (those
files also start a Celery worker or servers, which a mutant's run cannot). A new ``test_move_*.py`` is in at once."""

from fnmatch import fnmatch

import pytest

FILES = ("test_move_*.py", "test_snapshot_wire.py", "test_moderation_games.py", "test_sanction_moves.py",
         "test_clock_turns.py")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if any(fnmatch(item.path.name, pattern) for pattern in FILES):
            item.add_marker(pytest.mark.move_path)
