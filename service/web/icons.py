"""Character icons vendored under static/icons (see static/icons/ORIGIN.md), and team colours."""

from __future__ import annotations

from functools import cache
from pathlib import Path

ICON_DIR = Path(__file__).resolve().parent / "static" / "icons"

# The placeholder for a character with no official icon: the generic token of its team.
GENERIC = {
    "townsfolk": "townsfolk_g",
    "outsider": "outsider_g",
    "minion": "minion_e",
    "demon": "demon_e",
    "traveller": "traveller",
    "fabled": "fabled",
    "loric": "loric",
}

TEAM_LABEL = {
    "townsfolk": "Townsfolk",
    "outsider": "Outsider",
    "minion": "Minion",
    "demon": "Demon",
    "traveller": "Traveller",
    "fabled": "Fabled",
    "loric": "Loric",
}

GOOD_TEAMS = frozenset({"townsfolk", "outsider"})


@cache
def official_icons() -> frozenset[str]:
    """Ids of the characters that have a vendored official icon."""
    return frozenset(p.stem for p in ICON_DIR.glob("*.webp"))


def icon_file(cid: str | None, team: str | None, *, official: bool = True) -> str:
    """The icon's path under static/: the official one, else the team's generic token.

    >>> icon_file("monk", "townsfolk")
    'icons/monk.webp'
    >>> icon_file("baker", "townsfolk", official=False)
    'icons/generic/townsfolk_g.webp'
    >>> icon_file(None, None)
    'icons/generic/custom.webp'
    """
    if cid and official and cid in official_icons():
        return f"icons/{cid}.webp"
    return f"icons/generic/{GENERIC.get(team or '', 'custom')}.webp"


def team_label(team: str | None) -> str:
    """A team's display name.

    >>> team_label("minion"), team_label(None)
    ('Minion', 'Unknown team')
    """
    return TEAM_LABEL.get(team or "", "Unknown team")


def default_alignment(team: str | None) -> str:
    """The alignment a team starts with.

    >>> default_alignment("demon"), default_alignment("outsider"), default_alignment("fabled")
    ('evil', 'good', 'neutral')
    """
    if team in GOOD_TEAMS:
        return "good"
    return "evil" if team in ("minion", "demon") else "neutral"


EDITIONS = {
    "tb": "Trouble Brewing",
    "bmr": "Bad Moon Rising",
    "snv": "Sects & Violets",
    "carousel": "Carousel (experimental)",
    "fabled": "Fabled",
    "loric": "Loric",
}


def origin_label(origin: str | None, official: bool) -> str:
    """Where a character comes from, in words.

    >>> origin_label("tb", True), origin_label("homebrew:ODE", False)
    ('Official · Trouble Brewing', 'Homebrew by ODE')
    >>> origin_label("script:wc25-seat7", False)
    'Defined by the script wc25-seat7'
    """
    kind, _, rest = (origin or "").partition(":")
    if official:
        return f"Official · {EDITIONS.get(origin or '', origin or 'unknown edition')}"
    if kind == "homebrew":
        return f"Homebrew by {rest}"
    if kind == "script":
        return f"Defined by the script {rest}"
    return origin or "Unknown origin"
