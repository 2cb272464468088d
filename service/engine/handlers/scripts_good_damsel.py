"""The seed scripts' Huntsman and Damsel: a night guess that saves her, a public Minion
guess that loses her team the game."""

from __future__ import annotations

from knowledge.model import Team
from service.engine.actions import Act, UseAbility
from service.engine.deaths import declare
from service.engine.handlers import NightSpec, abilities, character
from service.engine.handlers.support import become, has_token, mark
from service.engine.model import Alignment, Kind, Moment, Phase, Player, Token, Until
from service.engine.rules import is_drunk, is_poisoned, works
from service.engine.step import Step
from service.errors import InvalidRequest

huntsman = character(
    "huntsman",
    night=NightSpec(targets=1, optional=True),
    tokens={"No Ability": Until.NEVER},
    cites={
        "becomes": "the Damsel becomes a not-in-play Townsfolk immediately",
        "evil": "When the Damsel player is evil and is changed to a Townsfolk character",
        "damsel-drunk": "If the Damsel is drunk or poisoned but the Huntsman is sober",
        "drunk": "When the Huntsman is drunk or poisoned and chooses a player",
        "no": "If they shake their head no, put the Huntsman to sleep.",
        "only": "When a player has the Damsel ability but is not the Damsel",
        "spent": "If they point to a player, put the Huntsman to sleep.",
        "setup": "if the Damsel is not already in play, remove a Townsfolk character token",
        "marionette": ("marionette", "If the Marionette thinks that they are the Huntsman"),
    },
)


@huntsman.setup
def _huntsman_setup(step: Step, me: Player) -> None:
    damsels = [p.name for p in step.state.players if p.character == "damsel"]
    if me.character == "marionette":
        step.say(
            f"{me.name}, the Marionette, thinks they are the Huntsman: the Damsel was added "
            f"during set-up ({', '.join(damsels) or 'but no Damsel is seated'}).",
            player=me,
            character="marionette",
            rulings=step.cite(huntsman, "marionette"),
        )
    elif me.character == "huntsman" and step.moment == Moment(Phase.DAY, 0):
        where = (
            f"{', '.join(damsels)} is the Damsel"
            if damsels
            else "no Damsel is seated, so the seating given lacks it"
        )
        step.say(
            f"{me.name} is the Huntsman: the Damsel is added at set-up; {where}.",
            player=me,
            rulings=(*step.cite(huntsman, "ability"), *step.cite(huntsman, "setup")),
        )


@huntsman.validate
def _huntsman_validate(step: Step, me: Player, act: Act) -> None:
    if has_token(step, huntsman, "No Ability", by=me):
        raise InvalidRequest(
            f"{me.name} (Huntsman) has already used their once-per-game ability", field="targets"
        )
    if not step.player(act.targets[0]).alive:
        raise InvalidRequest("the Huntsman chooses a living player", field="targets[0]")


@huntsman.night
def _huntsman_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None or act.decline:
        if act:
            step.say(
                f"{me.name} (Huntsman) shakes their head: nothing happens.",
                player=me,
                rulings=step.cite(huntsman, "no"),
            )
        return
    target = step.player(act.targets[0])
    mark(step, huntsman, me, "No Ability", me)
    if not works(step.state, me, "huntsman"):
        step.say(
            f"{me.name} chooses {target.name} without a working Huntsman ability: the "
            f"ability is used, with no effect.",
            player=me,
            rulings=step.cite(huntsman, "drunk"),
        )
        return
    if target.character != "damsel":
        rulings = step.cite(huntsman, "only") if "damsel" in abilities(target) else ()
        step.say(
            f"{me.name} (Huntsman) chooses {target.name}, who is not the Damsel: nothing "
            f"happens; the ability is used.",
            player=me,
            rulings=(*step.cite(huntsman, "spent"), *rulings),
        )
        return
    _damsel_changes(step, me, target)


def _damsel_changes(step: Step, me: Player, damsel: Player) -> None:
    in_play = {p.character for p in step.state.players}
    absent = [
        c.id for c in step.rules.characters() if c.team is Team.TOWNSFOLK and c.id not in in_play
    ]
    rulings = (*step.cite(huntsman, "ability"), *step.cite(huntsman, "becomes"))
    if is_drunk(step.state, damsel) or is_poisoned(step.state, damsel):
        rulings = (*rulings, *step.cite(huntsman, "damsel-drunk"))
    chosen = step.choose(
        f"{step.slug(me)}.townsfolk",
        f"which not-in-play Townsfolk the "
        f"Damsel {damsel.name} becomes (by default the first by id)",
        absent,
        absent[0],
        rulings=rulings,
    )
    changed = become(step, damsel, chosen)
    if changed.alignment is Alignment.EVIL:
        rulings = (*rulings, *step.cite(huntsman, "evil"))
    step.say(
        f"{me.name} (Huntsman) chose the Damsel: {damsel.name} becomes the "
        f"{step.name(chosen)} ({changed.alignment}) and is woken to learn it.",
        player=me,
        rulings=rulings,
    )


damsel = character(
    "damsel",
    tokens={"Guess Used": Until.NEVER},
    cites={
        "minions": "During the first night, wake each Minion. Show the Damsel token.",
        "wrong": "if a Minion publicly guesses which player is the Damsel and is incorrect",
        "right": "if a Minion publicly guesses which player is the Damsel and is correct",
        "demon": "If the Demon pretends to be a Minion making a guess",
        "not-minion": "When a player who is not a Minion declares a guess at the Damsel",
        "used": "if the “Guess Used” reminder is already placed, the guess has no effect",
        "drunk": "When the Damsel is drunk or poisoned and a Minion makes a guess",
        "dead": "When the Damsel is dead, their ability stops immediately",
        "gone": "the Damsel becomes a not-in-play Townsfolk, and is no longer the Damsel",
        "spy": ("spy", "If the Spy is (or has been) in play, the Damsel is poisoned"),
        "widow": ("widow", "If the Widow is (or has been) in play, the Damsel is poisoned"),
    },
)
POISONS_DAMSEL = ("spy", "widow")  # jinxes: while one is in play, the Damsel is poisoned


@damsel.wakes
def _damsel_wakes(step: Step, me: Player) -> bool:
    return step.moment.first_night  # the Minions learn of her; she wakes only if changed


@damsel.night
def _damsel_night(step: Step, me: Player, act: Act | None) -> None:
    step.say(
        "The Minions are shown the Damsel token: a Damsel is in play.",
        player=me,
        rulings=(*step.cite(damsel, "ability"), *step.cite(damsel, "minions")),
    )
    for jinxed in POISONS_DAMSEL:
        if any(p.character == jinxed for p in step.state.players):
            step.say(
                f"The {step.name(jinxed)} is in play: {me.name} (Damsel) is poisoned.",
                player=me,
                rulings=step.cite(damsel, jinxed),
            )


@damsel.afflicts
def _damsel_afflicts(state, me: Player, target: Player, visiting) -> Kind | None:
    if target.name == me.name and any(p.character in POISONS_DAMSEL for p in state.players):
        return Kind.POISONED
    return None


@damsel.declared
def _damsel_declared(step: Step, by: Player, event: UseAbility) -> None:
    """``{"type": "ability", "by": GUESSER, "targets": [GUESS], "character": "damsel"}``:
    a public guess at the Damsel."""
    if len(event.targets) != 1:
        raise InvalidRequest("a guess at the Damsel names 1 player", field="targets")
    guess = step.player(event.targets[0])
    damsels = [p for p in step.state.players if p.character == "damsel"]
    if not damsels:
        step.say(
            f"{by.name} guesses {guess.name} as the Damsel, but no Damsel is in play: "
            f"nothing happens.",
            player=by,
            character="damsel",
            rulings=step.cite(damsel, "gone"),
        )
        return
    her = damsels[0]
    if not _minion_guess(step, her, by):
        return
    if not her.alive:
        step.say(
            f"{by.name} guesses {guess.name} as the Damsel, but the Damsel {her.name} is "
            f"dead: her ability has stopped, so nothing happens.",
            player=by,
            character="damsel",
            rulings=step.cite(damsel, "dead"),
        )
        return
    if has_token(step, damsel, "Guess Used", on=her):
        step.say(
            f"{by.name} guesses {guess.name}, but the Minions' one guess is used: nothing happens.",
            player=by,
            character="damsel",
            rulings=step.cite(damsel, "used"),
        )
        return
    step.place(Token(name="Guess Used", character="damsel", on=her.name, by=by.name))
    _damsel_judged(step, by, guess, step.player(her.name))


def _minion_guess(step: Step, her: Player, by: Player) -> bool:
    notes: list[str] = []
    team = step.register(her, by, "team", notes)
    if team == Team.MINION:
        return True
    key = "demon" if by.team is Team.DEMON else "not-minion"
    step.say(
        f"{by.name} is not a Minion: their guess at the Damsel does not count.",
        player=by,
        character="damsel",
        rulings=step.cite(damsel, key),
    )
    return False


def _damsel_judged(step: Step, by: Player, guess: Player, her: Player) -> None:
    if guess.character != "damsel":
        step.say(
            f"{by.name} (a Minion) guesses {guess.name} as the Damsel: wrong. The Guess "
            f"Used reminder goes on {her.name}.",
            player=by,
            character="damsel",
            rulings=step.cite(damsel, "wrong"),
        )
    elif not works(step.state, her, "damsel"):
        jinx = [
            step.cite(damsel, c)
            for c in POISONS_DAMSEL
            if any(p.character == c for p in step.state.players)
        ]
        step.say(
            f"{by.name} guesses the Damsel {her.name} correctly, but she is drunk or "
            f"poisoned: nothing happens.",
            player=by,
            character="damsel",
            rulings=(*step.cite(damsel, "drunk"), *(c for j in jinx for c in j)),
        )
    else:
        winner = Alignment.GOOD if her.alignment is Alignment.EVIL else Alignment.EVIL
        step.say(
            f"{by.name} (a Minion) publicly guesses {guess.name}: she is the Damsel.",
            player=by,
            character="damsel",
            rulings=(*step.cite(damsel, "ability"), *step.cite(damsel, "right")),
        )
        declare(
            step,
            winner,
            f"a Minion ({by.name}) publicly guessed the Damsel ({her.name})",
            (*step.cite(damsel, "ability"), *step.cite(damsel, "right")),
        )
