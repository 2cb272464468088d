"""Questions about a state: is a player drunk, poisoned, does their ability work now.

All of these are decided when asked, from the tokens and conditions on the board, so
a token's effect holds only while its placer's ability does (a Monk poisoned after
choosing protects nobody; a dead Poisoner's poison lifts at once).
"""

from __future__ import annotations

from knowledge.model import Team
from service.engine.handlers import Registration, handler_for
from service.engine.model import Alignment, GameState, Kind, Player

_Visiting = frozenset[tuple[str, Kind]]


def is_drunk(state: GameState, player: Player, _visiting: _Visiting = frozenset()) -> bool:
    return _afflicted(state, player, Kind.DRUNK, _visiting)


def is_poisoned(state: GameState, player: Player, _visiting: _Visiting = frozenset()) -> bool:
    return _afflicted(state, player, Kind.POISONED, _visiting)


def _afflicted(state: GameState, player: Player, kind: Kind, visiting: _Visiting) -> bool:
    own = handler_for(player.character)
    if own is not None and own.sober:
        return False
    if kind is Kind.DRUNK and own is not None and own.always_drunk:
        return True
    if any(c.kind is kind for c in player.conditions):
        return True
    if (player.name, kind) in visiting:
        return False  # a cycle (a Poisoner poisoning themself): break it as "not yet"
    inner = visiting | {(player.name, kind)}
    for source in state.players:
        handler = handler_for(source.character)
        afflicts = handler.hook("afflicts") if handler else None
        if afflicts and afflicts(state, source, player, inner) is kind:
            return True
    return False


def has_ability(player: Player, character: str) -> bool:
    """Does the player really have this character's ability (not merely think so)."""
    return player.character == character


def works(state: GameState, player: Player, character: str, *, dead_ok: bool = False,
          _visiting: _Visiting = frozenset()) -> bool:
    """The player has the ability, and is alive (unless it works dead), sober and healthy."""
    return (has_ability(player, character) and (player.alive or dead_ok)
            and not is_drunk(state, player, _visiting)
            and not is_poisoned(state, player, _visiting))


def unreliable_because(state: GameState, player: Player, character: str) -> list[str]:
    """Why information from this player's ability need not be true ([] if it must be)."""
    reasons = []
    if not has_ability(player, character):
        reasons.append(f"{player.name} is the {player.character}, not the {character}")
    elif is_drunk(state, player):
        reasons.append(f"{player.name} is drunk")
    if is_poisoned(state, player):
        reasons.append(f"{player.name} is poisoned")
    return reasons


def is_demon(player: Player) -> bool:
    return player.team is Team.DEMON


def alive_demons(state: GameState) -> tuple[Player, ...]:
    return tuple(p for p in state.players if p.alive and is_demon(p))


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
    return Registration(alignments=(player.alignment,), teams=(player.team,),
                        characters=(player.character,))


def alignment_of_team(team: Team | None) -> Alignment:
    return Alignment.EVIL if team in (Team.MINION, Team.DEMON) else Alignment.GOOD
