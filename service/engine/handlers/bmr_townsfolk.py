"""Bad Moon Rising: the Townsfolk who strike once or on a trigger (Courtier, Professor,
Minstrel): drunkenness for a set time, and a resurrection.
"""

from __future__ import annotations

from dataclasses import replace

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.handlers import NightSpec, character
from service.engine.handlers.bmr import drop, revive, spent, spent_reason
from service.engine.handlers.support import mark, name_of
from service.engine.model import (
    Cause,
    Death,
    GameState,
    Kind,
    Moment,
    Phase,
    Player,
    Token,
    Until,
)
from service.engine.rules import is_demon, works
from service.engine.step import Step
from service.errors import InvalidRequest

# ---- Courtier -----------------------------------------------------------------------------

courtier = character(
    "courtier",
    night=NightSpec(character=True, optional=True),
    tokens={
        "Drunk 1": Until.NEVER,
        "Drunk 2": Until.NEVER,
        "Drunk 3": Until.NEVER,
        "No Ability": Until.NEVER,
    },
    cites={
        "once": "This ability works once per game.",
        "missing": "If the chosen character is not in play, nothing happens",
        "three": "three nights and three days in all",
        "drunk": "When the Courtier is drunk or poisoned as they choose, nobody becomes drunk",
        "sober": "If the Courtier made a character drunk, but the Courtier becomes drunk or",
        "demon": "When the Courtier makes the Demon drunk, the Demon cannot kill for that time",
    },
)
DRUNK_DAYS = 3


def _courtier_tokens(state: GameState, me: Player) -> list[Token]:
    return [
        t
        for t in state.tokens
        if t.character == "courtier" and t.by == me.name and t.name.startswith("Drunk")
    ]


def _courtier_age(state: GameState, token: Token) -> int:
    """Whole nights since the choice: 0 tonight and tomorrow, 1 the next, ... (3: over)."""
    if token.placed is None:  # a request's reminder, before set-up dates it
        return int(token.name.split()[-1]) - 1
    age = state.moment.number - token.placed.number
    return age + 1 if state.moment.phase is Phase.DAY and state.day_over else age


@courtier.setup
def _courtier_setup(step: Step, me: Player) -> None:
    """A "Drunk N" reminder given in the request: the N-th night of three was the last one."""
    for token in _courtier_tokens(step.state, me):
        if token.placed is None:
            drop(step, token)
            number = step.moment.number - _courtier_age(step.state, token)
            step.update(step.state.add_token(replace(token, placed=Moment(Phase.NIGHT, number))))


@courtier.wakes
def _courtier_wakes(step: Step, me: Player) -> bool:
    return me.alive and not spent(step, courtier, me)


@courtier.asleep
def _courtier_asleep(step: Step, me: Player) -> str | None:
    return spent_reason(step, courtier, me)


@courtier.night
def _courtier_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None or act.decline:
        if act:
            step.say(
                f"{me.name} (Courtier) chooses no character tonight.",
                player=me,
                rulings=step.cite(courtier, "ability"),
            )
        return
    mark(step, courtier, me, "No Ability", me)
    chosen = act.character or ""
    rulings = (*step.cite(courtier, "ability"), *step.cite(courtier, "once"))
    if not works(step.state, me, "courtier"):
        step.say(
            f"{me.name} chooses the {name_of(step, chosen)} without a working Courtier "
            f"ability: nobody becomes drunk, and the ability is spent.",
            player=me,
            rulings=step.cite(courtier, "drunk"),
        )
        return
    holders = [p for p in step.state.players if p.character == chosen]
    if not holders:
        step.say(
            f"{me.name} (Courtier) chooses the {name_of(step, chosen)}, who is not in "
            f"play: nothing happens, and the ability is spent.",
            player=me,
            rulings=(*rulings, *step.cite(courtier, "missing")),
        )
        return
    victim = holders[0]
    step.place(Token(name="Drunk 1", character="courtier", on=victim.name, by=me.name))
    demon = step.cite(courtier, "demon") if is_demon(victim) else ()
    step.say(
        f"{me.name} (Courtier) chooses the {name_of(step, chosen)}: {victim.name} is "
        f"drunk for three nights and three days.",
        player=me,
        rulings=(*rulings, *step.cite(courtier, "three"), *demon),
    )


@courtier.afflicts
def _courtier_afflicts(state: GameState, me: Player, target: Player, visiting) -> Kind | None:
    for token in _courtier_tokens(state, me):
        if (
            token.on == target.name
            and _courtier_age(state, token) < DRUNK_DAYS
            and works(state, me, "courtier", _visiting=visiting)
        ):
            return Kind.DRUNK
    return None


@courtier.unwoken
def _courtier_unwoken(step: Step, me: Player) -> None:
    """The Courtier's place in the night order: move "Drunk 1" on to 2, 3, then off."""
    for token in _courtier_tokens(step.state, me):
        age = _courtier_age(step.state, token)
        drop(step, token)
        if age < DRUNK_DAYS:
            step.update(step.state.add_token(replace(token, name=f"Drunk {age + 1}")))


@courtier.dusk
def _courtier_dusk(step: Step, me: Player) -> None:
    for token in _courtier_tokens(step.state, me):
        if token.placed is not None and step.moment.number - token.placed.number >= 2:
            drop(step, token)
            step.say(
                f"Dusk: the Courtier's drunkenness on {token.on} ends after three nights "
                f"and three days.",
                player=me,
                rulings=step.cite(courtier, "three"),
            )


# ---- Professor ----------------------------------------------------------------------------

professor = character(
    "professor",
    night=NightSpec(targets=1, optional=True),
    tokens={"Alive": Until.DAWN, "No Ability": Until.NEVER},
    cites={
        "resurrect": "If the chosen player is a Townsfolk, they are resurrected",
        "keeps": "The resurrected player keeps their original character and ability",
        "drunk": "If the Professor is drunk or poisoned as they choose, nobody is resurrected",
        "actual": "keeping to actual type is simpler",
        "vote": "return their vote token even if the dead vote was already spent",
    },
)


@professor.wakes
def _professor_wakes(step: Step, me: Player) -> bool:
    return me.alive and not spent(step, professor, me)


@professor.asleep
def _professor_asleep(step: Step, me: Player) -> str | None:
    return spent_reason(step, professor, me)


@professor.validate
def _professor_validate(step: Step, me: Player, act: Act) -> None:
    if act.targets and step.player(act.targets[0]).alive:
        raise InvalidRequest(
            f"the Professor chooses a dead player; {act.targets[0]} is alive", field="targets[0]"
        )


@professor.night
def _professor_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None or act.decline:
        return
    target = step.player(act.targets[0])
    mark(step, professor, me, "No Ability", me)
    if not works(step.state, me, "professor"):
        step.say(
            f"{me.name} chooses {target.name} without a working Professor ability: "
            f"nobody is resurrected, and the ability is spent.",
            player=me,
            rulings=step.cite(professor, "drunk"),
        )
        return
    rulings = (*step.cite(professor, "ability"), *step.cite(professor, "resurrect"))
    if target.team is not Team.TOWNSFOLK:
        step.say(
            f"{me.name} (Professor) chooses {target.name}, who is not a Townsfolk "
            f"({name_of(step, target.character)}): nothing happens.",
            player=me,
            rulings=(*rulings, *step.cite(professor, "actual")),
        )
        return
    revive(step, target)
    step.place(
        Token(name="Alive", character="professor", on=target.name, by=me.name, until=Until.DAWN)
    )
    step.say(
        f"{me.name} (Professor) resurrects {target.name} "
        f"({name_of(step, target.character)}), who has their ability and vote token back.",
        player=me,
        rulings=(*rulings, *step.cite(professor, "keeps"), *step.cite(professor, "vote")),
    )


# ---- Minstrel -----------------------------------------------------------------------------

minstrel = character(
    "minstrel",
    tokens={"Everyone Is Drunk": Until.NEVER},
    cites={
        "trigger": "When a Minion dies by execution, every player except the Minstrel becomes",
        "lasts": "The drunkenness lasts until dusk tomorrow",
        "demon": "The Demon is drunk too, so normally nobody dies that night",
        "drunk": "If the Minstrel is drunk or poisoned when a Minion is executed, nothing happens",
        "register": "A player who registers as a Minion dying by execution may be taken",
    },
)


@minstrel.sees_death
def _minstrel_sees(step: Step, me: Player, death: Death) -> None:
    if death.cause is not Cause.EXECUTION or not me.alive:
        return
    notes: list[str] = []
    if step.register(me, step.player(death.player), "team", notes) != Team.MINION:
        return
    if not works(step.state, me, "minstrel"):
        step.say(
            f"A Minion died by execution, but {me.name} has no working Minstrel ability: "
            f"nothing happens.",
            player=me,
            rulings=step.cite(minstrel, "drunk"),
        )
        return
    mark(step, minstrel, me, "Everyone Is Drunk", me)
    step.say(
        f"{death.player} {'registers as' if notes else 'is'} a Minion and died by "
        f"execution: every other player (not Travellers) is drunk until dusk tomorrow.",
        player=me,
        rulings=(
            *step.cite(minstrel, "ability"),
            *step.cite(minstrel, "trigger"),
            *step.cite(minstrel, "lasts"),
            *step.cite(minstrel, "demon"),
            *(step.cite(minstrel, "register") if notes else ()),
        ),
    )


def _minstrel_token(state: GameState, me: Player) -> Token | None:
    found = [t for t in state.find_tokens("minstrel", "Everyone Is Drunk") if t.by == me.name]
    return found[0] if found else None


@minstrel.afflicts
def _minstrel_afflicts(state: GameState, me: Player, target: Player, visiting) -> Kind | None:
    token = _minstrel_token(state, me)
    if (
        token
        and target.name != me.name
        and not target.traveller
        and works(state, me, "minstrel", _visiting=visiting)
    ):
        return Kind.DRUNK
    return None


@minstrel.dusk
def _minstrel_dusk(step: Step, me: Player) -> None:
    token = _minstrel_token(step.state, me)
    if token and (token.placed is None or token.placed.number < step.moment.number):
        drop(step, token)
        step.say(
            "Dusk: the drunkenness the Minstrel caused ends.",
            player=me,
            rulings=step.cite(minstrel, "lasts"),
        )
