"""The suite's fixtures, one plugin per concern (each module says what it provides):

* ``tests.fixtures.limits``: rate limits a suite that plays whole games in seconds does not trip;
* ``tests.fixtures.database``: the test database, emptied after each transactional test while the servers may
  still write to it, and checked empty before each database test;
* ``tests.fixtures.servers``: Redis emptied for the session, a real Daphne and a real Celery worker;
* ``tests.fixtures.cluster``: two nodes (Daphne processes and a Celery worker each) behind a real HAProxy;
* ``tests.fixtures.browsers``: headless Chromium through Playwright;
* ``tests.fixtures.order``: modules with a ``long`` test run first.

Helpers that tests import by name live in those modules and in ``tests.support``.
"""

pytest_plugins = [
    "tests.fixtures.limits",
    "tests.fixtures.database",
    "tests.fixtures.servers",
    "tests.fixtures.cluster",
    "tests.fixtures.browsers",
    "tests.fixtures.order",
]
