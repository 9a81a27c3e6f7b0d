"""Helpers the tests of every app import: the project's paths, polling until something is true, and running a
coroutine from a test whose thread already has an event loop. The pytest fixtures (database, servers, browsers)
are in ``tests/fixtures``; ``tests.support.engines`` holds the rulesets' refusal and fuzz helpers."""

from __future__ import annotations

import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"  # the servers' logs and the browsers' screenshots


def run_async(coro):
    """Run a coroutine to completion in its own thread and loop.

    Playwright's sync API keeps an event loop running in the test thread once
    a browser test has run, so ``asyncio.run`` cannot be called there.
    """
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def wait_until(predicate, timeout: float = 30, step: float = 0.2):
    """Poll ``predicate`` until it is truthy or ``timeout`` seconds pass; returns its last value."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()
