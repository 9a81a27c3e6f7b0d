"""Find a guided first game's seed: one whose dice bring every lesson to a learner who follows the coach.

    python scripts/guided_seeds.py estanciero --tries 200 [--options '{"max_turns": 10}']

Plays each candidate seed (``learn:<ruleset>:<n>``) with ``games.core.lessons.rehearse``: with the bots' choices
the site makes at a guided table (keyed by the seed: ``Game.chance_key``), and with ``--keys`` other keys, as a
measure of how little the lessons hang on the bots' choices. Prints the seeds that teach every lesson at the site,
the fewest learner moves first. The chosen one goes in the declaration's ``guided_table["seed"]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from games.core.lessons import rehearse  # noqa: E402
from games.core.rulesets import declaration, get  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("ruleset")
    parser.add_argument("--tries", type=int, default=100)
    parser.add_argument("--options", default=None, help="JSON: the options to try instead of the declared ones")
    parser.add_argument("--keys", type=int, default=4)
    parser.add_argument("--show", type=int, default=10)
    args = parser.parse_args()
    d = declaration(args.ruleset)
    options = json.loads(args.options) if args.options else dict(d.guided_table.get("options") or {})
    seats = d.guided_table["seats"]
    found = []
    missing: dict[str, int] = {}
    for n in range(1, args.tries + 1):
        seed = f"learn:{args.ruleset}:{n}"
        runs = [rehearse(get(args.ruleset), d.lessons, seats, seed, options, bot_key=key)
                for key in [seed] + [f"{seed}#{k}" for k in range(args.keys)]]
        for r in runs:
            for lesson in d.lessons:
                if lesson.key not in r.progress.done:
                    missing[lesson.key] = missing.get(lesson.key, 0) + 1
        if runs[0].progress.complete and runs[0].over:
            found.append((runs[0].learner_moves, -sum(r.progress.complete for r in runs[1:]), seed))
    found.sort()
    print(f"{len(found)} of {args.tries} seeds teach every lesson; lessons missed (runs of {args.keys + 1} "
          f"keys a seed): {missing}")
    for moves, others, seed in found[:args.show]:
        print(f"  {seed}: {moves} learner moves; every lesson under {-others} of {args.keys} other keys too")


if __name__ == "__main__":
    main()
