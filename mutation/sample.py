"""The engines' mutation score from a uniform random sample of their mutants (a whole run takes 10 to 30 hours on
two cores; docs/TESTING.md, "Mutation testing").

    python mutation/sample.py pick 300 202612061 > /tmp/sample.txt   # after mutmut has generated mutants/
    mutmut run --max-children 2 $(cat /tmp/sample.txt)
    python mutation/sample.py score /tmp/sample.txt

``pick`` reads every mutant's name from mutmut's ``mutants/**/*.meta`` and prints a seeded sample; ``score`` prints
the share killed with its 95% interval (normal approximation), overall and by scope. A mutant with no test reaching
it counts as survived.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

from mutmut.stats import status_by_exit_code

# mutmut's own reading of a mutant's exit code (``mutmut.stats``): a test failed, or a timeout stopped the run.
KILLED = ("killed", "timeout", "caught by type check")


def results() -> dict[str, int]:
    found: dict[str, int] = {}
    for meta in sorted(Path("mutants").rglob("*.meta")):
        found.update(json.loads(meta.read_text()).get("exit_code_by_key", {}))
    return found


def interval(killed: int, n: int) -> str:
    p = killed / n
    return f"{100 * p:.0f}% ± {100 * 1.96 * math.sqrt(p * (1 - p) / n):.0f}% ({killed}/{n})"


def scopes(name: str) -> list[str]:
    game = name.split(".")[1]
    return ["all", game, "bots" if ".bot." in name or ".sim." in name else "rules"]


def main(argv: list[str]) -> None:
    if argv[:1] == ["pick"]:
        names = sorted(results())
        print("\n".join(random.Random(int(argv[2])).sample(names, int(argv[1]))))
    elif argv[:1] == ["score"]:
        codes = results()
        tally: dict[str, Counter] = defaultdict(Counter)
        for name in Path(argv[1]).read_text().split():
            for scope in scopes(name):
                tally[scope]["n"] += 1
                tally[scope]["killed"] += status_by_exit_code[codes.get(name)] in KILLED
        for scope, c in sorted(tally.items(), key=lambda kv: -kv[1]["n"]):
            print(f"{scope}: {interval(c['killed'], c['n'])}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
