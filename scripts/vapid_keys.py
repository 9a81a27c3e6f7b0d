"""Print a new VAPID key pair for Web Push, as the environment lines settings read (docs/DEPLOY.md, "Web Push").

    .venv/bin/python scripts/vapid_keys.py >> /etc/tablero.env

Make it once per site and keep it: the browsers' subscriptions are made with the public half, so a new pair
leaves every subscribed device without notifications until its person turns them on again.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from accounts.vapid import new_key_pair  # noqa: E402


def main() -> None:
    private, public = new_key_pair()
    print(f"VAPID_PRIVATE_KEY={private}")
    print(f"VAPID_PUBLIC_KEY={public}")
    print("# Who push services may write to about this site's pushes: a mailto: or https: address of yours.")
    print("VAPID_SUBJECT=mailto:admin@example.com")


if __name__ == "__main__":
    main()
