"""The seed scripts' Townsfolk that change the game: Preacher, Engineer, Alsaahir.

The information Townsfolk are in ``scripts_good_info``; the Alchemist, Cannibal and Pixie,
who hold another character's ability, in ``scripts_good_gain``; the Huntsman and Damsel in
``scripts_good_damsel``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from knowledge.model import Team
from service.engine.actions import Act, UseAbility
from service.engine.deaths import declare
from service.engine.handlers import NightSpec, abilities, character
from service.engine.handlers.support import become, by_seat, has_token, mark
from service.engine.model import Alignment, Death, Kind, Player, Token, Until
from service.engine.rules import works
from service.engine.step import Step
from service.errors import InvalidRequest

preacher = character(
    "preacher",
    night=NightSpec(targets=1),
    tokens={"No Ability": Until.NEVER},
    cites={
        "minion": "If the Preacher choose a Minion, mark that Minion with a NO ABILITY reminder",
        "nothing": "If the Preacher chooses a player who is not a Minion, nothing happens",
        "drunk": "If the Preacher is drunk or poisoned at the time they choose a player",
        "stops": "For any players marked “No Ability”, their ability stops",
        "regain": "When the Preacher's ability stops working because they are drunk",
        "dead": "when the Preacher player dies, their ability stops working permanently",
    },
)


@preacher.night
def _preacher_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    target = step.player(act.targets[0])
    if not works(step.state, me, "preacher"):
        step.say(
            f"{me.name} chooses {target.name} without a working Preacher ability: "
            f"{target.name} is not affected.",
            player=me,
            rulings=step.cite(preacher, "drunk"),
        )
        return
    notes: list[str] = []
    if step.register(me, target, "team", notes) != Team.MINION:
        step.say(
            f"{me.name} (Preacher) chooses {target.name}, who is not a Minion: nothing happens.",
            player=me,
            rulings=step.cite(preacher, "nothing"),
        )
        return
    step.place(Token(name="No Ability", character="preacher", on=target.name, by=me.name))
    registers = " (who registers as a Minion)" if notes else ""
    step.say(
        f"{me.name} (Preacher) chooses {target.name}{registers}: {target.name} is woken to "
        f"learn this, and has no ability while the Preacher's ability works.",
        player=me,
        rulings=(
            *step.cite(preacher, "ability"),
            *step.cite(preacher, "minion"),
            *step.cite(preacher, "stops"),
        ),
    )


@preacher.afflicts
def _preacher_afflicts(state, me: Player, target: Player, visiting) -> Kind | None:
    marked = any(
        t.on == target.name and t.by == me.name for t in state.find_tokens("preacher", "No Ability")
    )
    if marked and works(state, me, "preacher", _visiting=visiting):
        return Kind.NO_ABILITY
    return None


@preacher.dies
def _preacher_dies(step: Step, me: Player, death: Death) -> None:
    if has_token(step, preacher, "No Ability", by=me):
        step.update(step.state.remove_tokens("preacher", "No Ability", by=me.name))
        step.say(
            f"{me.name} (Preacher) is dead: the preached Minions have their abilities again.",
            player=me,
            rulings=step.cite(preacher, "dead"),
        )


# --- Engineer ------------------------------------------------------------------------

engineer = character(
    "engineer",
    night=NightSpec(character=True, characters=True, optional=True),
    tokens={"No Ability": Until.NEVER},
    cites={
        "not-both": "which Minion characters are in play, or which Demon is in play, but not both",
        "stays": "If the Engineer tries to create an in-play character, that character stays",
        "count": "If the Engineer accidentally chooses too many or too few characters",
        "wake": "Wake each evil player that changed character",
        "no": "If they shake their head no, nothing happens. Put the Engineer to sleep.",
        "drunk": "When the Engineer is drunk or poisoned, the Engineer's ability is used",
    },
)


def _engineer_picks(act: Act) -> list[str]:
    return act.character.split(", ") if act.character else []


@engineer.validate
def _engineer_validate(step: Step, me: Player, act: Act) -> None:
    if has_token(step, engineer, "No Ability", by=me):
        raise InvalidRequest(
            f"{me.name} (Engineer) has already used their once-per-game ability", field="character"
        )
    picks = _engineer_picks(act)
    teams = {step.rules.character(c).team for c in picks}
    if not teams <= {Team.MINION, Team.DEMON}:
        raise InvalidRequest(
            "the Engineer chooses Minion or Demon characters only", field="character"
        )
    if len(teams) > 1:
        raise InvalidRequest(
            "the Engineer chooses which Minions or which Demon, not both", field="character"
        )
    if teams == {Team.DEMON} and len(picks) != 1:
        raise InvalidRequest("the Engineer chooses one Demon", field="character")
    if len(set(picks)) != len(picks):
        raise InvalidRequest("the Engineer names a character twice", field="character")


@engineer.night
def _engineer_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None or act.decline:
        if act:
            step.say(
                f"{me.name} (Engineer) shakes their head: nothing happens.",
                player=me,
                rulings=step.cite(engineer, "no"),
            )
        return
    mark(step, engineer, me, "No Ability", me)
    picks = _engineer_picks(act)
    if not works(step.state, me, "engineer"):
        step.say(
            f"{me.name} chooses {', '.join(picks)} without a working Engineer ability: "
            f"the ability is used, and nobody changes character.",
            player=me,
            rulings=step.cite(engineer, "drunk"),
        )
        return
    step.say(
        f"{me.name} (Engineer) chooses {', '.join(step.name(c) for c in picks)}: the "
        f"Engineer's ability is used.",
        player=me,
        rulings=(*step.cite(engineer, "ability"), *step.cite(engineer, "not-both")),
    )
    team = step.rules.character(picks[0]).team
    holders = by_seat(p for p in step.state.players if p.team is team)
    staying = [c for c in picks if any(p.character == c for p in holders)]
    if staying:
        step.say(
            f"{', '.join(step.name(c) for c in staying)} already in play: that player "
            f"keeps their character.",
            player=me,
            rulings=step.cite(engineer, "stays"),
        )
    free = [p.name for p in holders if p.character not in picks]
    _engineer_assign(step, me, free, [c for c in picks if c not in staying])


def _engineer_assign(step: Step, me: Player, free: list[str], picks: list[str]) -> None:
    default = dict(zip(free, picks, strict=False))
    rulings = step.cite(engineer, "count") if len(free) != len(picks) else ()
    assigned = default
    if len(free) > 1 or len(free) != len(picks):
        size = min(len(free), len(picks))
        assigned = step.choose(
            f"{step.slug(me)}.assign",
            "which evil player becomes which chosen character",
            f"{size} of {', '.join(free) or 'nobody'} each given one of "
            f"{', '.join(picks) or 'nothing'}",
            default,
            rulings=rulings,
            check=lambda v: _assignment_ok(v, free, picks, size),
        )
    for name, new in assigned.items():
        changed = become(step, step.player(name), new)
        step.say(
            f"{name} is woken and shown that they are now the {step.name(new)} (still "
            f"{changed.alignment}).",
            player=changed,
            character=new,
            rulings=step.cite(engineer, "wake"),
        )


def _assignment_ok(value: Any, free: list[str], picks: list[str], size: int) -> bool:
    return (
        isinstance(value, dict)
        and len(value) == size
        and set(value) <= set(free)
        and set(value.values()) <= set(picks)
        and len(set(value.values())) == size
    )


# --- Alsaahir ------------------------------------------------------------------------

alsaahir = character(
    "alsaahir",
    cites={
        "must": "They must name every Minion and every Demon correctly",
        "once": "Once a guess is made, the Alsaahir cannot change their mind later that day",
        "run": "Each day, once only, if the Alsaahir declares",
        "actual": "keeping to actual characters is the simpler ruling",
        "drunk": "When the Alsaahir is drunk or poisoned, a correct guess does nothing",
        "bluff": "Other players may pretend to be the Alsaahir and make a guess",
    },
)
GUESS = re.compile(r"^\s*(?P<kind>demons?|minions?)\s*:\s*(?P<names>[^;]*)$", re.IGNORECASE)


def parse_guess(text: str | None, names: set[str]) -> dict[Team, frozenset[str]]:
    """The players an Alsaahir guess names as Demons and as Minions; raises InvalidRequest.

    >>> sorted(parse_guess("demon: Cat; minions: Ben, Dan", {"Ben", "Cat", "Dan"})[Team.MINION])
    ['Ben', 'Dan']
    """
    found: dict[Team, frozenset[str]] = {Team.DEMON: frozenset(), Team.MINION: frozenset()}
    if not text:
        raise InvalidRequest(
            "an Alsaahir guess needs text saying which players are Demons and "
            "which are Minions, like 'demon: Cat; minions: Ben, Dan'",
            field="text",
        )
    for part in text.split(";"):
        match = GUESS.match(part)
        if not match:
            raise InvalidRequest(
                f"an Alsaahir guess is text like 'demon: Cat; minions: Ben, Dan', not {text!r}",
                field="text",
            )
        team = Team.DEMON if match["kind"].lower().startswith("demon") else Team.MINION
        listed = [n.strip() for n in match["names"].split(",") if n.strip()]
        unknown = [n for n in listed if n not in names]
        if unknown:
            raise InvalidRequest(
                f"no player is called {unknown[0]!r}", field="text", suggestions=sorted(names)
            )
        found[team] = found[team] | frozenset(listed)
    if found[Team.DEMON] & found[Team.MINION]:
        raise InvalidRequest("a player is guessed as both a Demon and a Minion", field="text")
    return found


@alsaahir.day
def _alsaahir_day(step: Step, me: Player, event: UseAbility) -> None:
    """``{"type": "ability", "by": ALSAAHIR, "text": "demon: Cat; minions: Ben, Dan"}``."""
    guess = parse_guess(event.text, {p.name for p in step.state.players})
    named = guess[Team.DEMON] | guess[Team.MINION]
    if event.targets and set(event.targets) != named:
        raise InvalidRequest(
            "the targets, if given, are the players the guess names", field="targets"
        )
    if "alsaahir" not in abilities(me):
        step.say(
            f"{me.name} guesses as if they were the Alsaahir, but is not: nothing happens.",
            player=me,
            character="alsaahir",
            rulings=step.cite(alsaahir, "bluff"),
        )
        return
    if _alsaahir_spent(step, me):
        return
    _alsaahir_judged(step, me, guess)


alsaahir.declared(_alsaahir_day)


def _alsaahir_spent(step: Step, me: Player) -> bool:
    today, used = step.state.today, f"{me.name}:alsaahir"
    if used in today.used:
        step.say(
            f"{me.name} (Alsaahir) has already guessed today: this guess does nothing.",
            player=me,
            rulings=(*step.cite(alsaahir, "once"), *step.cite(alsaahir, "run")),
        )
        return True
    step.update(replace(step.state, today=replace(today, used=(*today.used, used))))
    if not me.alive:
        step.say(
            f"{me.name} (Alsaahir) is dead: the ability has no 'even if dead', so the "
            f"guess does nothing.",
            player=me,
            rulings=(*step.cite(alsaahir, "ability"), *step.cite(None, "dead")),
        )
        return True
    return False


def _alsaahir_judged(step: Step, me: Player, guess: dict[Team, frozenset[str]]) -> None:
    truth = {
        team: frozenset(p.name for p in step.state.players if p.team is team)
        for team in (Team.DEMON, Team.MINION)
    }
    rulings = (
        *step.cite(alsaahir, "ability"),
        *step.cite(alsaahir, "must"),
        *step.cite(alsaahir, "actual"),
    )
    wrong = [
        f"the {team.capitalize()}s are {', '.join(sorted(truth[team])) or 'nobody'}"
        for team in (Team.DEMON, Team.MINION)
        if guess[team] != truth[team]
    ]
    if wrong:
        step.say(
            f"{me.name} (Alsaahir) guesses wrong ({'; '.join(wrong)}): nothing happens.",
            player=me,
            rulings=rulings,
        )
        return
    if not works(step.state, me, "alsaahir"):
        step.say(
            f"{me.name} guesses every Minion and Demon correctly, but has no working "
            f"Alsaahir ability: nothing happens.",
            player=me,
            rulings=step.cite(alsaahir, "drunk"),
        )
        return
    step.say(
        f"{me.name} (Alsaahir) publicly names every Minion and Demon correctly.",
        player=me,
        rulings=rulings,
    )
    declare(
        step, Alignment.GOOD, f"the Alsaahir ({me.name}) guessed the Minions and Demons", rulings
    )
