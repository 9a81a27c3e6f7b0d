"""The release a process runs, as the pages know it: ``RELEASE`` from the environment (a deploy sets it, e.g. to
the commit it installs), else a digest of what a page runs in the browser (every static file and template of the
site). Every node of one release computes the same one. A table page compares it with the release of each table
it is sent and reloads itself when they differ (``static/js/table.js``): a page left open through a deploy runs
the new scripts against the new pages, not the old ones against them (docs/DEPLOY.md, "A rolling restart")."""

from __future__ import annotations

import hashlib
from pathlib import Path

PACKAGES = ("accounts", "games", "lobby", "moderation")


def digest(base: Path) -> str:
    """12 hex digits of SHA-256 over the names and contents of the site's static files and templates."""
    roots = [base / "static", base / "templates"]
    for package in PACKAGES:
        roots += [d for d in (base / package).rglob("*") if d.is_dir() and d.name in ("static", "templates")]
    files = sorted({f for root in roots if root.is_dir() for f in root.rglob("*")
                    if f.is_file() and "__pycache__" not in f.parts})
    h = hashlib.sha256()
    for f in files:
        h.update(str(f.relative_to(base)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:12]
