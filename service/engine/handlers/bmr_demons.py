"""Bad Moon Rising: the Demons (Pukka, Shabaloth, Po, Zombuul); the Exorcist is in
``bmr_exorcist``.

An Exorcised Demon is not woken (the core asks the Exorcist's ``stops_waking``), but the
Demon abilities that need no waking still work, through the ``unwoken`` hook: the Pukka's
poison kills, the Shabaloth may regurgitate, a charged Po stays charged. A Lunatic acts at
the Lunatic's place in the night order as the Demon they think they are, so each Demon's
night hook first hands them to ``lunatic_acts``.
"""

from __future__ import annotations

from dataclasses import replace

from service.engine.actions import Act
from service.engine.deaths import kill, shielded
from service.engine.handlers import Handler, NightSpec, character
from service.engine.handlers.bmr import (
    died_on,
    distinct,
    drop,
    last_night,
    no_choice,
    placed_by,
    revive,
    tonight,
)
from service.engine.handlers.bmr_exorcist import exorcist_note
from service.engine.handlers.bmr_outsiders import lunatic_acts
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
from service.engine.rules import is_demon, is_poisoned, works
from service.engine.step import Step
from service.errors import InvalidRequest


def _demon_works(step: Step, handler: Handler, me: Player) -> bool:
    """Whether the Demon's ability works now; says so when it does not."""
    if works(step.state, me, handler.id, dead_ok=is_undead_zombuul(step.state, me)):
        return True
    condition = "poisoned" if is_poisoned(step.state, me) else "drunk"
    step.say(
        f"{me.name} has no working {name_of(step, handler.id)} ability: nobody dies.",
        player=me,
        rulings=step.cite(None, condition),
    )
    return False


# ---- Pukka --------------------------------------------------------------------------------

pukka = character(
    "pukka",
    night=NightSpec(targets=1, always=True),
    tokens={"Poisoned": Until.NEVER, "Dead": Until.NEVER},
    cites={
        "poison": "When the Pukka attacks, their victim is poisoned immediately",
        "dies": "the other player marked POISONED dies",
        "still": "Players that the Pukka kills are still poisoned at their time of death",
    },
)


@pukka.night
def _pukka_night(step: Step, me: Player, act: Act | None) -> None:
    if lunatic_acts(step, pukka, me, act):
        return
    if act is None:
        no_choice(step, me, "nobody new is poisoned")
    else:
        target = step.player(act.targets[0])
        shield = shielded(step, target) if works(step.state, me, "pukka") else None
        if shield is not None:
            guard, cid, rulings = shield
            whose = "their own" if guard == target.name else f"{guard}'s"
            step.say(
                f"{me.name} (Pukka) chooses {target.name}: they are not poisoned: {whose} "
                f"{step.name(cid)} ability protects them from the Demon's harm.",
                player=me,
                rulings=(*step.cite(pukka, "ability"), *rulings),
            )
        elif works(step.state, me, "pukka"):
            step.place(Token(name="Poisoned", character="pukka", on=target.name, by=me.name))
            step.say(
                f"{me.name} (Pukka) chooses {target.name}: they are poisoned.",
                player=me,
                rulings=(*step.cite(pukka, "ability"), *step.cite(pukka, "poison")),
            )
        else:
            step.say(
                f"{me.name} chooses {target.name} without a working Pukka ability: they "
                f"are not poisoned.",
                player=me,
                rulings=step.cite(pukka, "poison"),
            )
    _previous_dies(step, me)


@pukka.unwoken
def _pukka_unwoken(step: Step, me: Player) -> None:
    if is_demon(me) and me.alive and any(t.by == me.name for t in _earlier(step, me)):
        exorcist_note(step, me, "the player they poisoned before still dies")
        _previous_dies(step, me)


def _earlier(step: Step, me: Player) -> list[Token]:
    return [
        t
        for t in step.state.find_tokens("pukka", "Poisoned")
        if t.by == me.name and not tonight(step, t)
    ]


def _previous_dies(step: Step, me: Player) -> None:
    for token in _earlier(step, me):
        if not works(step.state, me, "pukka"):
            step.say(
                f"{me.name} has no working Pukka ability: {token.on} does not die tonight "
                f"(the poison resumes when the Pukka is sober and healthy).",
                player=me,
                rulings=step.cite(pukka, "poison"),
            )
            return
        rulings = (
            *step.cite(pukka, "ability"),
            *step.cite(pukka, "dies"),
            *step.cite(pukka, "still"),
        )
        step.say(
            f"{token.on}, poisoned by the Pukka before tonight, dies then becomes healthy.",
            player=me,
            rulings=rulings,
        )
        kill(step, token.on, Cause.DEMON, by=me, rulings=rulings)
        drop(step, token)


@pukka.afflicts
def _pukka_afflicts(state: GameState, me: Player, target: Player, visiting) -> Kind | None:
    if placed_by(state, "pukka", "Poisoned", me, target) and works(
        state, me, "pukka", _visiting=visiting
    ):
        return Kind.POISONED
    return None


# ---- Shabaloth ----------------------------------------------------------------------------

shabaloth = character(
    "shabaloth",
    night=NightSpec(targets=2, always=True),
    tokens={"Dead": Until.NEVER, "Alive": Until.DAWN},
    cites={
        "regurgitate": "first decide whether to regurgitate one dead player the Shabaloth chose",
        "choice": "Whether to regurgitate is your choice",
        "kill": "They point to two players; put the Shabaloth to sleep. Both die",
        "drunk": "When the Shabaloth is drunk or poisoned, nobody dies and nobody is regurgitated",
        "keeps": "A regurgitated player keeps their original character and ability",
        "attacked": "This can be an alive player that was killed, or a dead player that was",
    },
)


@shabaloth.validate
def _shabaloth_validate(step: Step, me: Player, act: Act) -> None:
    distinct(step, shabaloth, act)


@shabaloth.night
def _shabaloth_night(step: Step, me: Player, act: Act | None) -> None:
    if lunatic_acts(step, shabaloth, me, act):
        return
    _regurgitate(step, me)
    if act is None:
        no_choice(step, me, "nobody dies")
        return
    for name in act.targets:
        step.place(Token(name="Dead", character="shabaloth", on=name, by=me.name))
    if not _demon_works(step, shabaloth, me):
        return
    rulings = (*step.cite(shabaloth, "ability"), *step.cite(shabaloth, "kill"))
    step.say(
        f"{me.name} (Shabaloth) chooses {' and '.join(act.targets)}: both die.",
        player=me,
        rulings=rulings,
    )
    for name in act.targets:
        kill(step, name, Cause.DEMON, by=me, rulings=rulings)


@shabaloth.unwoken
def _shabaloth_unwoken(step: Step, me: Player) -> None:
    if is_demon(me) and me.alive:
        exorcist_note(step, me, "they may still regurgitate a player")
        _regurgitate(step, me)


def _regurgitate(step: Step, me: Player) -> None:
    """Before the Shabaloth wakes: one dead player it chose last night might come back."""
    chosen = [
        t
        for t in step.state.find_tokens("shabaloth", "Dead")
        if t.by == me.name and not tonight(step, t)
    ]
    for token in chosen:
        drop(step, token)
    names = [
        t.on for t in chosen if t.placed in (None, last_night(step)) and not step.player(t.on).alive
    ]
    if not names:
        return
    rulings = (
        *step.cite(shabaloth, "ability"),
        *step.cite(shabaloth, "regurgitate"),
        *step.cite(shabaloth, "choice"),
        *step.cite(shabaloth, "attacked"),
    )
    if not works(step.state, me, "shabaloth"):
        step.say(
            f"{me.name} has no working Shabaloth ability: nobody is regurgitated.",
            player=me,
            rulings=step.cite(shabaloth, "drunk"),
        )
        return
    back = step.choose(
        f"{step.slug(me, 'shabaloth')}.regurgitate",
        "which dead player the Shabaloth chose last night is regurgitated",
        ["nobody", *names],
        "nobody",
        rulings=rulings,
    )
    if back == "nobody":
        return
    revive(step, step.player(back))
    step.place(Token(name="Alive", character="shabaloth", on=back, by=me.name, until=Until.DAWN))
    step.say(
        f"The Storyteller regurgitates {back}: they are alive again, with their ability.",
        player=me,
        rulings=(*rulings, *step.cite(shabaloth, "keeps")),
    )


# ---- Po -----------------------------------------------------------------------------------

po = character(
    "po",
    night=NightSpec(targets=1, optional=True),
    tokens={"Dead": Until.NEVER, "3 Attacks": Until.NEVER},
    cites={
        "rampage": "if the Po chooses to attack nobody, then they may attack three players",
        "marked": "If they shook their head no, mark the Po with the 3 ATTACKS reminder",
        "three": "If the Po wakes to act while marked 3 ATTACKS, they point at any three players",
    },
)


def _charged(step: Step, me: Player) -> bool:
    return placed_by(step.state, "po", "3 Attacks", me, me)


@po.target_count
def _po_count(step: Step, me: Player) -> int:
    return 3 if _charged(step, me) else 1


@po.validate
def _po_validate(step: Step, me: Player, act: Act) -> None:
    distinct(step, po, act)


@po.night
def _po_night(step: Step, me: Player, act: Act | None) -> None:
    if lunatic_acts(step, po, me, act) or act is None:
        return
    charged = _charged(step, me)
    if act.decline:
        if charged:
            raise InvalidRequest(
                "the Po chose no-one last night, so must choose 3 players tonight", field="decline"
            )
        mark(step, po, me, "3 Attacks", me)
        step.say(
            f"{me.name} (Po) chooses no-one: tomorrow night they choose 3 players.",
            player=me,
            rulings=(
                *step.cite(po, "ability"),
                *step.cite(po, "rampage"),
                *step.cite(po, "marked"),
            ),
        )
        return
    if charged:
        step.update(step.state.remove_tokens("po", "3 Attacks", by=me.name))
    if not _demon_works(step, po, me):
        return
    rulings = (*step.cite(po, "ability"), *(step.cite(po, "three") if charged else ()))
    step.say(f"{me.name} (Po) chooses {', '.join(act.targets)}.", player=me, rulings=rulings)
    for name in act.targets:
        kill(step, name, Cause.DEMON, by=me, rulings=step.cite(po, "ability"))


@po.unwoken
def _po_unwoken(step: Step, me: Player) -> None:
    if is_demon(me) and me.alive and _charged(step, me):
        exorcist_note(
            step,
            me,
            "this night does not count as choosing no-one: the Po still "
            "chooses 3 players next time",
        )


# ---- Zombuul ------------------------------------------------------------------------------

zombuul = character(
    "zombuul",
    night=NightSpec(targets=1),
    tokens={"Died Today": Until.NEVER, "Dead": Until.NEVER},
    cites={
        "first": "The first time the Zombuul would die, they remain alive",
        "dead": "The seemingly dead Zombuul counts as a dead player in almost every way",
        "wake": "if no player is marked DIED TODAY, wake the Zombuul",
        "no-wake": "if any player is marked DIED TODAY, do not wake the Zombuul",
        "executed": "by execution, they register as dead, so mark the Zombuul",
        "drunk": "If a drunk or poisoned Zombuul dies, good wins",
    },
)


def is_undead_zombuul(state: GameState, me: Player) -> bool:
    return not me.alive and placed_by(state, "zombuul", "Dead", me, me)


def _died_today(step: Step) -> list[str]:
    return [d.player for d in died_on(step, Moment(Phase.DAY, step.moment.number - 1))]


@zombuul.wakes
def _zombuul_wakes(step: Step, me: Player) -> bool:
    return (me.alive or is_undead_zombuul(step.state, me)) and not _died_today(step)


@zombuul.asleep
def _zombuul_asleep(step: Step, me: Player) -> str | None:
    died = _died_today(step)
    return f"{', '.join(died)} died today" if died else None


@zombuul.night
def _zombuul_night(step: Step, me: Player, act: Act | None) -> None:
    if lunatic_acts(step, zombuul, me, act) or act is None:
        return
    target = step.player(act.targets[0])
    if not _demon_works(step, zombuul, me):
        return
    rulings = (*step.cite(zombuul, "ability"), *step.cite(zombuul, "wake"))
    step.say(
        f"Nobody died today: {me.name} (Zombuul) chooses {target.name}.", player=me, rulings=rulings
    )
    kill(step, target.name, Cause.DEMON, by=me, rulings=step.cite(zombuul, "ability"))


@zombuul.unwoken
def _zombuul_unwoken(step: Step, me: Player) -> None:
    died = _died_today(step)
    if died and is_demon(me) and (me.alive or is_undead_zombuul(step.state, me)):
        step.say(
            f"{', '.join(died)} died today: the Zombuul does not wake.",
            player=me,
            rulings=step.cite(zombuul, "no-wake"),
        )


@zombuul.undead
def _zombuul_undead(state: GameState, me: Player) -> bool:
    return is_undead_zombuul(state, me)


@zombuul.cheats_death
def _zombuul_cheats(step: Step, me: Player, cause: Cause, by: Player | None) -> bool:
    if me.character != "zombuul":
        return False
    if is_undead_zombuul(step.state, me):
        step.update(step.state.remove_tokens("zombuul", "Dead", by=me.name))
        step.say(
            f"{me.name} (Zombuul) has died once already: this time they die for real.",
            player=me,
            rulings=step.cite(zombuul, "ability"),
        )
        return False
    if not works(step.state, me, "zombuul"):
        step.say(
            f"{me.name} (Zombuul) dies drunk or poisoned: the first-death ability does "
            f"not save them.",
            player=me,
            rulings=step.cite(zombuul, "drunk"),
        )
        return False
    exorcist_note(step, me, "their own first-death ability still works")
    death = Death(player=me.name, cause=cause, by=by.name if by else None, moment=step.moment)
    state = step.state.with_player(replace(me, alive=False))
    step.update(replace(state, deaths=(*state.deaths, death)))
    step.place(Token(name="Dead", character="zombuul", on=me.name, by=me.name))
    rulings = (
        *step.cite(zombuul, "ability"),
        *step.cite(zombuul, "first"),
        *step.cite(zombuul, "dead"),
        *(step.cite(zombuul, "executed") if cause is Cause.EXECUTION else ()),
    )
    step.say(
        f"{me.name} (Zombuul) dies for the first time: they live on but register as "
        f"dead, and the game goes on.",
        player=me,
        rulings=rulings,
    )
    return True
