"""The seed scripts' Townsfolk who hold another character's ability: Alchemist, Cannibal,
Pixie. The ability held goes in ``Player.gained``, so the core wakes the player at that
character's place in the night order and runs that character's hooks for them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from knowledge.model import Team
from service.engine.actions import Act, UseAbility
from service.engine.handlers import character
from service.engine.handlers.scripts_good_info import FALSE, tell
from service.engine.handlers.support import has_token, known_character, mark
from service.engine.model import (
    Alignment,
    Cause,
    Death,
    Info,
    Kind,
    Moment,
    Phase,
    Player,
    Token,
    Until,
)
from service.engine.rules import has_ability, works
from service.engine.step import Step
from service.errors import InvalidRequest

alchemist = character(
    "alchemist",
    tokens={"Must Be Chosen": Until.NEVER},
    cites={
        "usually": "The Alchemist’s ability is usually that of a not-in-play Minion",
        "learn": "Show the YOU ARE info token then the character token of a Minion",
        "wake": "wake at night when that Minion would normally wake to use their ability",
        "prompt": "the Storyteller may ask the Alchemist to choose differently",
        "false": "When the Alchemist is getting false information when they learn their ability",
        "drunk": "When the Alchemist is drunk or poisoned, they have a Minion ability but it is",
        "spy": "An Alchemist-Spy has no Spy ability",
        "widow": "An Alchemist-Widow has no Widow ability",
        "wraith": "An Alchemist-Wraith has no Wraith ability",
        "marionette": "An Alchemist-Marionette has no Marionette ability",
        "mastermind": "An Alchemist-Mastermind has no Mastermind ability",
    },
)
GUESSED = ("spy", "widow", "wraith")  # jinxes: no ability, but a public guess instead
JINXED = (*GUESSED, "marionette", "mastermind")  # jinxes: the Alchemist has no ability

cannibal = character(
    "cannibal",
    tokens={"Poisoned": Until.NEVER, "Lunch": Until.NEVER},
    cites={
        "good": "If a good player dies by execution, mark them with the LUNCH reminder",
        "evil": "If an evil player dies by execution, mark them with the LUNCH reminder",
        "bluff": "Pay attention to which character each evil player is bluffing as",
        "pretend": "You should pretend that they have the ability of a different character",
        "drunk": "When the Cannibal is drunk or poisoned at the time a player dies by execution",
        "told": "Note that the Cannibal is not told what ability they gained",
        "butler": "If the Cannibal gains the Butler ability, the Cannibal learns this",
    },
)

pixie = character(
    "pixie",
    tokens={"Mad": Until.NEVER, "Has Ability": Until.NEVER},
    cites={
        "marks": "mark a Townsfolk character token with the Pixie’s MAD reminder",
        "false": "show a Townsfolk character token that is not in play",
        "drunk": "When the Pixie is drunk or poisoned when they learn their marked character",
        "judge": "the Storyteller is the judge of whether or not the player was convincing",
        "gain": "replace the MAD reminder with the HAS ABILITY reminder",
        "shown": "The character shown to the Pixie, whether it is correct or incorrect",
        "drunk-gain": "When the Pixie is drunk or poisoned when the player of their marked",
        "told": "Note that the Pixie is not told what ability they gained",
    },
)


def _gain(step: Step, me: Player, gained: tuple[str, ...]) -> Player:
    changed = replace(step.player(me.name), gained=gained)
    step.update(step.state.with_player(changed))
    return changed


def _ids(step: Step, team: Team) -> list[str]:
    return [c.id for c in step.rules.characters() if c.team is team]


def _in_play(step: Step) -> set[str]:
    return {p.character for p in step.state.players}


# --- Alchemist -----------------------------------------------------------------------


@alchemist.setup
def _alchemist_setup(step: Step, me: Player) -> None:
    if me.character != "alchemist":
        return
    minions = _ids(step, Team.MINION)
    absent = [c for c in minions if c not in _in_play(step)]
    rulings = (*step.cite(alchemist, "ability"), *step.cite(alchemist, "usually"))
    chosen = step.choose(
        f"setup.alchemist.{me.name}.ability",
        "which Minion ability the Alchemist has (by default the first not-in-play Minion by id)",
        minions,
        (absent or minions)[0],
        rulings=rulings,
    )
    known = Info(
        character="alchemist",
        moment=Moment(Phase.NIGHT, 1),
        answer=chosen,
        reliable=True,
        told=chosen,
    )
    step.update(step.state.with_info(me.name, known))
    if chosen in JINXED:
        step.say(
            f"{me.name} is the Alchemist with the {step.name(chosen)} ability: by the "
            f"jinx they have no {step.name(chosen)} ability.",
            player=me,
            character="alchemist",
            rulings=step.cite(alchemist, chosen),
        )
        return
    _gain(step, me, (*me.gained, chosen))
    step.say(
        f"{me.name} is the Alchemist with the {step.name(chosen)} ability: still a good "
        f"Townsfolk, waking when the {step.name(chosen)} would.",
        player=me,
        character="alchemist",
        rulings=(*rulings, *step.cite(alchemist, "wake")),
    )


def _alchemist_minion(step: Step, me: Player) -> str | None:
    info = step.state.last_info(me.name)
    return info.answer if info and info.character == "alchemist" else None


@alchemist.night
def _alchemist_night(step: Step, me: Player, act: Act | None) -> None:
    minion = _alchemist_minion(step, me)
    rulings = (*step.cite(alchemist, "ability"), *step.cite(alchemist, "learn"))
    tell(
        step,
        me,
        alchemist,
        minion,
        options=_ids(step, Team.MINION),
        check=lambda v: v in _ids(step, Team.MINION),
        rulings=rulings,
        false=FALSE,
    )
    if minion in JINXED:
        return
    step.say(
        f"Whenever {me.name} makes a choice with this ability, the Storyteller may ask "
        f"them to choose differently; the engine takes the request's choice as final.",
        player=me,
        character="alchemist",
        rulings=step.cite(alchemist, "prompt"),
    )


@alchemist.day
def _alchemist_day(step: Step, me: Player, event: UseAbility) -> None:
    """``{"type": "ability", "by": ALCHEMIST, "targets": [GUESS]}``: an Alchemist-Spy (or
    -Widow, -Wraith) guesses who the Spy is, after an execution."""
    minion = _alchemist_minion(step, me)
    if minion not in GUESSED:
        raise InvalidRequest(f"{me.name} (Alchemist) has no public day ability", field="by")
    today, used = step.state.today, f"{me.name}:alchemist:{step.state.today.executed}"
    _check_guess(step, me, event, minion, used)
    step.update(replace(step.state, today=replace(today, used=(*today.used, used))))
    guess = step.player(event.targets[0])
    rulings = (*step.cite(alchemist, "ability"), *step.cite(alchemist, minion))
    if not works(step.state, me, "alchemist"):
        step.say(
            f"{me.name} guesses {guess.name} without a working Alchemist ability: nothing happens.",
            player=me,
            rulings=step.cite(alchemist, "drunk"),
        )
        return
    if guess.character != minion:
        step.say(
            f"{me.name} (Alchemist) guesses {guess.name} as the {step.name(minion)}: "
            f"wrong, nothing happens.",
            player=me,
            rulings=rulings,
        )
        return
    step.place(Token(name="Must Be Chosen", character="alchemist", on=guess.name, by=me.name))
    step.say(
        f"{me.name} (Alchemist) guesses {guess.name} as the {step.name(minion)}: correct, "
        f"so the Demon must choose {guess.name} tonight.",
        player=me,
        rulings=rulings,
    )


def _check_guess(step: Step, me: Player, event: UseAbility, minion: str, used: str) -> None:
    name = step.name(minion)
    if not me.alive:
        raise InvalidRequest(f"only a living Alchemist-{name} may guess", field="by")
    if not step.state.today.executed:
        raise InvalidRequest(
            f"an Alchemist-{name} guesses after an execution; there has been none today", field="by"
        )
    if used in step.state.today.used:
        raise InvalidRequest(f"{me.name} has already guessed after today's execution", field="by")
    if len(event.targets) != 1:
        raise InvalidRequest(f"the Alchemist-{name} guesses 1 player", field="targets")
    if not step.player(event.targets[0]).alive:
        raise InvalidRequest(f"the Alchemist-{name} guesses a living player", field="targets[0]")


@alchemist.restricts
def _alchemist_restricts(step: Step, me: Player, actor: Player, cid: str, act: Act) -> None:
    if step.rules.character(cid).team is not Team.DEMON:
        return
    yesterday = Moment(Phase.DAY, step.moment.number - 1)
    for token in step.state.find_tokens("alchemist", "Must Be Chosen"):
        if token.by == me.name and token.placed == yesterday and token.on not in act.targets:
            raise InvalidRequest(
                f"the Demon must choose {token.on} tonight: {me.name}, the "
                f"Alchemist-{step.name(_alchemist_minion(step, me) or 'spy')}, "
                f"guessed them correctly",
                field="targets",
            )


# --- Cannibal ------------------------------------------------------------------------


@cannibal.afflicts
def _cannibal_afflicts(state, me: Player, target: Player, visiting) -> Kind | None:
    mine = any(t.on == target.name == me.name for t in state.find_tokens("cannibal", "Poisoned"))
    return Kind.POISONED if mine else None


@cannibal.sees_death
def _cannibal_sees(step: Step, me: Player, death: Death) -> None:
    if death.cause is not Cause.EXECUTION or not me.alive or not has_ability(me, "cannibal"):
        return
    eaten = step.player(death.player)
    mark(step, cannibal, me, "Lunch", eaten)
    good = eaten.alignment is Alignment.GOOD
    if good and has_token(step, cannibal, "Poisoned", by=me):
        step.update(step.state.remove_tokens("cannibal", "Poisoned", by=me.name))
        step.say(
            f"A good player died by execution: {me.name} (Cannibal) is no longer "
            f"poisoned by their last lunch.",
            player=me,
            rulings=step.cite(cannibal, "good"),
        )
    if not works(step.state, me, "cannibal"):
        _gain(step, me, ())
        step.say(
            f"{me.name} (Cannibal) is drunk or poisoned as {eaten.name} dies by execution: "
            f"they gain no ability.",
            player=me,
            rulings=step.cite(cannibal, "drunk"),
        )
        return
    (_eat_good if good else _eat_evil)(step, me, eaten)


def _eat_good(step: Step, me: Player, eaten: Player) -> None:
    _gain(step, me, (eaten.character,))
    rulings = (
        *step.cite(cannibal, "ability"),
        *step.cite(cannibal, "good"),
        *step.cite(cannibal, "told"),
    )
    step.say(
        f"{eaten.name} ({step.name(eaten.character)}, good) died by execution: {me.name} "
        f"(Cannibal) now has the {step.name(eaten.character)} ability, and is not told "
        f"which.",
        player=me,
        character="cannibal",
        rulings=rulings,
    )
    if eaten.character == "butler":
        step.say(
            f"{me.name} learns they have the Butler ability.",
            player=me,
            character="cannibal",
            rulings=step.cite(cannibal, "butler"),
        )


def _eat_evil(step: Step, me: Player, eaten: Player) -> None:
    step.place(Token(name="Poisoned", character="cannibal", on=me.name, by=me.name))
    rulings = (*step.cite(cannibal, "ability"), *step.cite(cannibal, "evil"))
    step.say(
        f"{eaten.name} ({step.name(eaten.character)}, evil) died by execution: {me.name} "
        f"(Cannibal) has that ability but is poisoned until a good player dies by "
        f"execution.",
        player=me,
        character="cannibal",
        rulings=rulings,
    )
    pretend = step.choose(
        f"{step.slug(me)}.false-ability",
        f"which ability the Storyteller pretends the poisoned Cannibal "
        f"{me.name} has (ideally one {eaten.name} bluffed as)",
        "any character",
        eaten.character,
        check=known_character(step),
        rulings=(*step.cite(cannibal, "bluff"), *step.cite(cannibal, "pretend")),
    )
    _gain(step, me, (pretend,))
    step.say(
        f"{me.name} now acts as the {step.name(pretend)}; poisoned, their choices change "
        f"nothing and what they learn need not be true.",
        player=me,
        character="cannibal",
        rulings=step.cite(None, "poisoned"),
    )


# --- Pixie ---------------------------------------------------------------------------


@pixie.night
def _pixie_night(step: Step, me: Player, act: Act | None) -> None:
    town = [p for p in step.state.players if p.team is Team.TOWNSFOLK and p.name != me.name]
    rulings = (*step.cite(pixie, "ability"), *step.cite(pixie, "marks"))
    townsfolk = _ids(step, Team.TOWNSFOLK)
    if not town:
        step.say(
            "No other Townsfolk is in play: the Pixie is shown nothing true.",
            player=me,
            rulings=rulings,
        )
        tell(step, me, pixie, None, options=townsfolk, rulings=rulings, false=FALSE)
        return
    chosen = step.choose(
        f"{step.slug(me)}.mad",
        "which in-play Townsfolk the Pixie's Mad reminder marks",
        [p.name for p in town],
        town[0].name,
        rulings=rulings,
    )
    marked = step.player(chosen)
    mark(step, pixie, me, "Mad", marked)
    tell(
        step,
        me,
        pixie,
        marked.character,
        options=townsfolk,
        check=lambda v: v in townsfolk,
        rulings=rulings,
        false=FALSE,
    )


@pixie.sees_death
def _pixie_sees(step: Step, me: Player, death: Death) -> None:
    if not any(
        t.on == death.player and t.by == me.name for t in step.state.find_tokens("pixie", "Mad")
    ):
        return
    dead = step.player(death.player)
    if not me.alive:
        return  # a dead Pixie has no ability to gain with
    if not works(step.state, me, "pixie"):
        step.say(
            f"{dead.name}, marked by the Pixie, dies while {me.name} (Pixie) is drunk or "
            f"poisoned: no ability is gained.",
            player=me,
            rulings=step.cite(pixie, "drunk-gain"),
        )
        return
    learned = _learned(step, me, dead)
    mad = step.choose(
        f"{step.slug(me)}.mad-as.{learned}",
        f"whether {me.name} (Pixie) has been mad that they are the "
        f"{step.name(learned)} (the engine cannot judge this: by default, no)",
        ["yes", "no"],
        "no",
        rulings=step.cite(pixie, "judge"),
    )
    if mad == "no":
        step.say(
            f"{dead.name} dies, but the Storyteller judges {me.name} (Pixie) was not mad "
            f"about being the {step.name(learned)}: no ability is gained.",
            player=me,
            rulings=(*step.cite(pixie, "ability"), *step.cite(pixie, "judge")),
        )
        return
    _pixie_gains(step, me, dead, learned)


def _learned(step: Step, me: Player, dead: Player) -> Any:
    info = step.state.last_info(me.name)
    return info.told if info and info.character == "pixie" and info.told else dead.character


def _pixie_gains(step: Step, me: Player, dead: Player, learned: str) -> None:
    step.update(step.state.remove_tokens("pixie", "Mad", by=me.name))
    step.place(Token(name="Has Ability", character="pixie", on=dead.name, by=me.name))
    _gain(step, me, (*me.gained, learned))
    rulings = (*step.cite(pixie, "ability"), *step.cite(pixie, "gain"), *step.cite(pixie, "told"))
    if learned != dead.character:
        rulings = (*rulings, *step.cite(pixie, "shown"))
    step.say(
        f"{dead.name} dies and {me.name} (Pixie) was mad about being the "
        f"{step.name(learned)}: {me.name} gains the {step.name(learned)} ability (and is "
        f"not told).",
        player=me,
        character="pixie",
        rulings=rulings,
    )
