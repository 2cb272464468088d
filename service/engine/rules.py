"""Questions about a state: is a player drunk, poisoned, does their ability work now.

All of these are decided when asked, from the tokens and conditions on the board, so
a token's effect holds only while its placer's ability does (a Monk poisoned after
choosing protects nobody; a dead Poisoner's poison lifts at once).
"""

from __future__ import annotations

from knowledge.model import Team
from service.engine.handlers import Registration, handler_for, hooks_of
from service.engine.model import Alignment, GameState, Kind, Player

_Visiting = frozenset[tuple[str, Kind]]


def is_drunk(state: GameState, player: Player, _visiting: _Visiting = frozenset()) -> bool:
    return _afflicted(state, player, Kind.DRUNK, _visiting)


def is_poisoned(state: GameState, player: Player, _visiting: _Visiting = frozenset()) -> bool:
    return _afflicted(state, player, Kind.POISONED, _visiting)


def lacks_ability(state: GameState, player: Player, _visiting: _Visiting = frozenset()) -> bool:
    """An ability has removed the player's ability outright (a preached Minion)."""
    return _afflicted(state, player, Kind.NO_ABILITY, _visiting)


def _afflicted(state: GameState, player: Player, kind: Kind, visiting: _Visiting) -> bool:
    own = handler_for(player.character)
    if own is not None and own.sober:
        return False
    if (
        kind is not Kind.NO_ABILITY
        and (player.name, kind) not in visiting
        and is_cured(state, player, visiting | {(player.name, kind)})
    ):
        return False
    if kind is Kind.DRUNK and own is not None and own.always_drunk:
        return True
    if any(c.kind is kind for c in player.conditions):
        return True
    if (player.name, kind) in visiting:
        return False  # a cycle (a Poisoner poisoning themself): break it as "not yet"
    inner = visiting | {(player.name, kind)}
    for source in state.players:
        for _, afflicts in hooks_of(source, "afflicts", real=True):
            if afflicts(state, source, player, inner) is kind:
                return True
    return False


def is_cured(state: GameState, player: Player, _visiting: _Visiting = frozenset()) -> bool:
    """Another ability makes the player sober, healthy and given true information (the
    Barista), whatever else would make them drunk or poisoned."""
    return any(
        cures(state, source, player, _visiting)
        for source in state.players
        for _, cures in hooks_of(source, "cures", real=True)
    )


def ability_kept(state: GameState, player: Player, _visiting: _Visiting = frozenset()) -> bool:
    """The dead player's ability still works because another ability says so (a Minion the
    Vigormortis killed, the Bone Collector's choice)."""
    return not player.alive and any(
        keeps(state, source, player, _visiting)
        for source in state.players
        for _, keeps in hooks_of(source, "keeps", real=True)
    )


def has_ability(player: Player, character: str) -> bool:
    """Does the player really have this character's ability (not merely think so)."""
    return player.character == character or character in player.gained


def works(
    state: GameState,
    player: Player,
    character: str,
    *,
    dead_ok: bool = False,
    _visiting: _Visiting = frozenset(),
) -> bool:
    """The player has the ability, and is alive (unless it works dead), sober and healthy."""
    return (
        has_ability(player, character)
        and (player.alive or dead_ok or ability_kept(state, player, _visiting))
        and not is_drunk(state, player, _visiting)
        and not is_poisoned(state, player, _visiting)
        and not lacks_ability(state, player, _visiting)
    )


def unreliable_because(state: GameState, player: Player, character: str) -> list[str]:
    """Why information from this player's ability need not be true ([] if it must be)."""
    reasons = []
    if not has_ability(player, character):
        reasons.append(f"{player.name} is the {player.character}, not the {character}")
    elif is_drunk(state, player):
        reasons.append(f"{player.name} is drunk")
    if is_poisoned(state, player):
        reasons.append(f"{player.name} is poisoned")
    if lacks_ability(state, player):
        reasons.append(f"{player.name} has no ability")
    return reasons


def seatless_in_play(state: GameState) -> tuple[str, ...]:
    """Characters in play without a player (Lil' Monsta): one of their tokens is out."""
    found = {t.character for t in state.tokens}
    return tuple(sorted(c for c in found if (h := handler_for(c)) is not None and h.seatless))


def is_demon(player: Player) -> bool:
    return player.team is Team.DEMON


def is_undead(state: GameState, player: Player) -> bool:
    """Alive although the game treats them as dead (the Zombuul after its first death)."""
    return not player.alive and any(
        undead(state, player) for _, undead in hooks_of(player, "undead", real=True)
    )


def living(state: GameState) -> tuple[Player, ...]:
    """The players (not Travellers) really alive, the undead included: win conditions."""
    return tuple(p for p in state.players if not p.traveller and (p.alive or is_undead(state, p)))


def alive_demons(state: GameState) -> tuple[Player, ...]:
    return tuple(p for p in state.players if is_demon(p) and (p.alive or is_undead(state, p)))


def alive_minions(state: GameState) -> tuple[Player, ...]:
    return tuple(p for p in state.players if p.alive and p.team is Team.MINION)


def alive_neighbours(state: GameState, player: Player) -> tuple[Player, ...]:
    """The nearest alive player on each side, skipping the dead (seat order kept).

    With two or fewer other players alive, each is a neighbour once.
    """
    seats = state.players
    n = len(seats)
    found: list[Player] = []
    for step in (-1, 1):
        for k in range(1, n):
            other = seats[(player.seat + step * k) % n]
            if other.alive and other.name != player.name:
                if other not in found:
                    found.append(other)
                break
    return tuple(sorted(found, key=lambda p: p.seat))


def neighbour_pairs(state: GameState) -> tuple[tuple[Player, Player], ...]:
    """Every pair of seats next to each other, dead players included, once around.

    >>> from service.engine.model import Moment, Phase
    >>> ps = tuple(Player(name=x, seat=i, character="chef", team=Team.TOWNSFOLK,
    ...            alignment=Alignment.GOOD) for i, x in enumerate("ABC"))
    >>> [(a.name, b.name) for a, b in neighbour_pairs(GameState(players=ps,
    ...  moment=Moment(Phase.NIGHT, 1)))]
    [('A', 'B'), ('B', 'C'), ('C', 'A')]
    """
    seats = state.players
    if len(seats) < 2:
        return ()
    return tuple((seats[i], seats[(i + 1) % len(seats)]) for i in range(len(seats)))


def truth(player: Player) -> Registration:
    return Registration(
        alignments=(player.alignment,), teams=(player.team,), characters=(player.character,)
    )


def alignment_of_team(team: Team | None) -> Alignment:
    return Alignment.EVIL if team in (Team.MINION, Team.DEMON) else Alignment.GOOD
