"""Deterministic randomness drawn from a game's secret seed.

Every draw is derived from ``SHA-256(seed ":" counter)``; the counter lives in
the game state, so the state stays plain JSON, replaying the move log from the
revealed seed reproduces every die and shuffle, and anyone can verify a
finished game with nothing but the seed and this module.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_U64 = 1 << 64


class SeededRng:
    """A counter-based generator: ``SeededRng(seed, counter)`` resumes exactly."""

    __slots__ = ("seed", "counter")

    def __init__(self, seed: str, counter: int = 0) -> None:
        if not isinstance(seed, str) or not seed:
            raise ValueError("seed must be a non-empty string")
        self.seed = seed
        self.counter = int(counter)

    def _u64(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return int.from_bytes(digest[:8], "big")

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection so no value is favoured."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _U64 - (_U64 % n)
        while True:
            x = self._u64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in ``[a, b]``, both ends included."""
        return a + self.randbelow(b - a + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]


def draw(state: Any, fn: Callable[..., T]) -> T:
    """Run ``fn(rng)`` with the generator stored in ``state`` and save its counter.

    Engines keep ``state["seed"]`` and ``state["rng_counter"]``; this keeps the
    bookkeeping in one place.
    """
    rng = SeededRng(state["seed"], state.get("rng_counter", 0))
    result = fn(rng)
    state["rng_counter"] = rng.counter
    return result
