"""The seed scripts' information Townsfolk: Steward, Noble, Bounty Hunter, High Priestess.

Who the Storyteller marks is an explicit choice (with the rulings that guide it); the
true answer follows from the state and registration, and a drunk or poisoned player's
answer is a further choice, as in ``tb_info``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.handlers import Handler, character
from service.engine.handlers.support import by_seat, name_of
from service.engine.model import Alignment, Moment, Phase, Player, Token, Until
from service.engine.rulebook import Citation
from service.engine.rules import unreliable_because
from service.engine.step import Step

steward = character(
    "steward",
    tokens={"Know": Until.NEVER},
    cites={
        "marks": "put the KNOW reminder by any good character token",
        "drunk": "When the Steward is drunk or poisoned on the First Night",
        "false": "When the Steward is getting false information, point to an evil player",
        "created": "If created mid-game, then the Steward learns their information that night",
    },
)
noble = character(
    "noble",
    tokens={"Know": Until.NEVER},
    cites={
        "marks": "mark two good players' character tokens with Noble KNOW reminders",
        "only": "They may not learn one good player and two evil players",
        "drunk": "When the Noble is drunk or poisoned when they learn information",
        "false": "provided the alignments of these players is not two good and one evil",
        "created": "When the Noble enters play during the game, they learn three players",
    },
)
bountyhunter = character(
    "bountyhunter",
    tokens={"Know": Until.NEVER},
    # (the Kazali making it a Minion, the Philosopher gaining it)
    unplayed_jinxes=("kazali", "philosopher"),
    cites={
        "setup": "turn one Townsfolk character token upside down",
        "wake": "At the start of the First Night, wake that player",
        "marks": "Mark one evil player with the KNOW reminder",
        "again": "Each time the player marked KNOW dies, mark a new evil player",
        "twice": "The Bounty Hunter cannot learn the same evil player twice",
        "drunk": "When the Bounty Hunter is drunk or poisoned at the time they learn",
        "false": "mark a player that is not evil with their “Know” reminder token",
    },
)
highpriestess = character(
    "highpriestess",
    cites={
        "how": "Choose by looking at where the game is stuck",
        "advice": "This is advice, not information",
        "self": "There is no need to forbid pointing at the High Priestess themself",
        "drunk": "When the High Priestess is drunk or poisoned, point to someone unhelpful",
    },
)


FALSE = ("drunk", "false")  # the keys of a handler's drunk and false-information rulings


def tell(
    step: Step,
    me: Player,
    handler: Handler,
    answer: Any,
    *,
    notes: Sequence[str] = (),
    options: Sequence[Any] | str = "any valid answer",
    check: Callable[[Any], bool] | None = None,
    rulings: Sequence[Citation] = (),
    false: Sequence[str] = ("drunk",),
) -> Any:
    """Record what ``me`` learns from ``handler``'s ability, and say it in the trace
    (citing the ``false`` keys' rulings when the answer need not be true)."""
    broken = unreliable_because(step.state, me, handler.id)
    cited = tuple(rulings)
    if broken:
        cited = (*cited, *(c for key in false for c in step.cite(handler, key)))
    told = step.inform(
        me, handler.id, answer, misregistered=notes, options=options, check=check, rulings=cited
    )
    why = [*broken, *notes]
    reliability = "reliable" if not why else f"not reliable: {'; '.join(why)}"
    shown = f"; told {_show(told)}" if told != answer else ""
    step.say(
        f"{me.name} ({name_of(step, handler.id)}) learns {_show(answer)} ({reliability}){shown}.",
        player=me,
        character=handler.id,
        rulings=cited,
    )
    return told


def _show(answer: Any) -> str:
    """An answer in words.

    >>> _show(["Ann", "Ben"]), _show(None), _show("Cat")
    ('Ann, Ben', 'nothing', 'Cat')
    """
    if isinstance(answer, list):
        return ", ".join(map(str, answer))
    return "nothing" if answer is None else str(answer)


def other_players(step: Step, me: Player, count: int = 1) -> Callable[[Any], bool]:
    """A check: ``count`` distinct players other than ``me`` (one name, or a list)."""
    names = {p.name for p in step.state.players} - {me.name}
    if count == 1:
        return lambda value: value in names
    return lambda value: (
        isinstance(value, list) and len(set(value)) == count and set(value) <= names
    )


def can_be(step: Step, player: Player, alignment: Alignment) -> bool:
    return alignment in step.registration(player).alignments


def _registered_as(player: Player, alignment: Alignment, notes: list[str]) -> None:
    if player.alignment is not alignment:
        notes.append(f"{player.name} registered as {alignment}")


# --- Steward -------------------------------------------------------------------------


@steward.wakes_new
@noble.wakes_new
def _learns_when_created(me: Player) -> bool:
    """Created mid-game, they learn their information on their own first night."""
    return True


def _created(step: Step, handler: Handler) -> tuple[Citation, ...]:
    """The ruling for learning after the first night (the character was created mid-game)."""
    return () if step.moment.first_night else step.cite(handler, "created")


@steward.night
def _steward_night(step: Step, me: Player, act: Act | None) -> None:
    others = [p for p in step.state.players if p.name != me.name]
    good = [p.name for p in others if can_be(step, p, Alignment.GOOD)]
    if not good:
        tell(step, me, steward, None, rulings=step.cite(steward, "ability"), false=FALSE)
        return
    real = [p.name for p in others if p.alignment is Alignment.GOOD]
    rulings = (*step.cite(steward, "ability"), *step.cite(steward, "marks"))
    rulings = (*rulings, *_created(step, steward))
    chosen = step.choose(
        f"{step.slug(me)}.know",
        "which good player the Steward's Know reminder marks",
        good,
        (real or good)[0],
        rulings=rulings,
    )
    target = step.player(chosen)
    step.place(Token(name="Know", character="steward", on=target.name, by=me.name))
    notes: list[str] = []
    _registered_as(target, Alignment.GOOD, notes)
    tell(
        step,
        me,
        steward,
        target.name,
        notes=notes,
        check=other_players(step, me),
        options="any other player",
        rulings=rulings,
        false=FALSE,
    )


# --- Noble ---------------------------------------------------------------------------


@noble.night
def _noble_night(step: Step, me: Player, act: Act | None) -> None:
    others = [p for p in step.state.players if p.name != me.name]
    rulings = (*step.cite(noble, "ability"), *step.cite(noble, "marks"), *step.cite(noble, "only"))
    rulings = (*rulings, *_created(step, noble))
    default = _noble_default(others)
    if default is None:
        step.say(
            f"There are not two good players and one evil player besides {me.name}: the "
            f"Noble cannot be shown a true trio.",
            player=me,
            rulings=rulings,
        )
        tell(step, me, noble, None, rulings=rulings, false=FALSE)
        return
    chosen = step.choose(
        f"{step.slug(me)}.know",
        "which three players the Noble's Know reminders mark: one evil, two good",
        "three other players, one (registering as) evil and two (registering as) good",
        default,
        rulings=rulings,
        check=lambda v: _trio_ok(step, me, v),
    )
    trio = by_seat(step.player(name) for name in chosen)
    for player in trio:
        step.place(Token(name="Know", character="noble", on=player.name, by=me.name))
    tell(
        step,
        me,
        noble,
        [p.name for p in trio],
        notes=_trio_notes(step, trio),
        check=other_players(step, me, 3),
        options="any three other players",
        rulings=rulings,
        false=FALSE,
    )


def _noble_default(others: list[Player]) -> list[str] | None:
    evil = [p.name for p in others if p.alignment is Alignment.EVIL]
    good = [p.name for p in others if p.alignment is Alignment.GOOD]
    return [evil[0], *good[:2]] if evil and len(good) >= 2 else None


def _trio_ok(step: Step, me: Player, value: Any) -> bool:
    if not other_players(step, me, 3)(value):
        return False
    trio = [step.player(name) for name in value]
    return any(
        can_be(step, p, Alignment.EVIL)
        and all(can_be(step, q, Alignment.GOOD) for q in trio if q is not p)
        for p in trio
    )


def _trio_notes(step: Step, trio: list[Player]) -> list[str]:
    """Who misregistered so that exactly one of the three is evil (real evil first)."""
    able = [
        p
        for p in trio
        if can_be(step, p, Alignment.EVIL)
        and all(can_be(step, q, Alignment.GOOD) for q in trio if q is not p)
    ]
    evil = next((p for p in able if p.alignment is Alignment.EVIL), able[0])
    notes: list[str] = []
    for player in trio:
        _registered_as(player, Alignment.EVIL if player is evil else Alignment.GOOD, notes)
    return notes


# --- Bounty Hunter -------------------------------------------------------------------


@bountyhunter.setup
def _bountyhunter_setup(step: Step, me: Player) -> None:
    if me.character != "bountyhunter" or step.moment != Moment(Phase.DAY, 0):
        return  # the game is already under way: the alignments given stand
    rulings = (*step.cite(bountyhunter, "ability"), *step.cite(bountyhunter, "setup"))
    town = [p for p in step.state.players if p.team is Team.TOWNSFOLK and p.name != me.name]
    evil = [p for p in town if p.alignment is Alignment.EVIL]
    if evil or not town:
        who = f"{evil[0].name} is the evil Townsfolk" if evil else "there is no other Townsfolk"
        step.say(f"{me.name} is the Bounty Hunter: {who}.", player=me, rulings=rulings)
        return
    chosen = step.choose(
        f"setup.bountyhunter.{me.name}.evil-townsfolk",
        "which Townsfolk is evil (the Bounty Hunter's set-up)",
        [p.name for p in town],
        town[0].name,
        rulings=rulings,
    )
    turned = step.player(chosen)
    step.update(step.state.with_player(replace(turned, alignment=Alignment.EVIL)))
    step.say(
        f"{chosen} ({name_of(step, turned.character)}) is the evil Townsfolk: they are "
        f"woken to learn they are evil.",
        player=me,
        rulings=(*rulings, *step.cite(bountyhunter, "wake")),
    )


def _known(step: Step, me: Player) -> list[Token]:
    return [t for t in step.state.find_tokens("bountyhunter", "Know") if t.by == me.name]


@bountyhunter.wakes
def _bountyhunter_wakes(step: Step, me: Player) -> bool:
    known = _known(step, me)
    if step.moment.first_night or not known:
        return me.alive and (step.moment.first_night or me.since == step.moment)
    return me.alive and not step.player(known[-1].on).alive


@bountyhunter.night
def _bountyhunter_night(step: Step, me: Player, act: Act | None) -> None:
    before = {t.on for t in _known(step, me)}
    others = [p for p in step.state.players if p.name != me.name and p.name not in before]
    evil = [p.name for p in others if can_be(step, p, Alignment.EVIL)]
    key = "marks" if not before else "again"
    rulings = (*step.cite(bountyhunter, "ability"), *step.cite(bountyhunter, key))
    if before:
        rulings = (*rulings, *step.cite(bountyhunter, "twice"))
    if not evil:
        step.say(
            f"No other player can register as evil: {me.name} (Bounty Hunter) learns nobody new.",
            player=me,
            rulings=rulings,
        )
        return
    real = [p.name for p in by_seat(others) if p.alignment is Alignment.EVIL and p.alive]
    chosen = step.choose(
        f"{step.slug(me)}.know",
        "which evil player the Bounty Hunter's Know reminder marks",
        evil,
        (real or evil)[0],
        rulings=rulings,
    )
    target = step.player(chosen)
    step.place(Token(name="Know", character="bountyhunter", on=chosen, by=me.name))
    notes: list[str] = []
    _registered_as(target, Alignment.EVIL, notes)
    tell(
        step,
        me,
        bountyhunter,
        chosen,
        notes=notes,
        check=other_players(step, me),
        options="any other player",
        rulings=rulings,
        false=FALSE,
    )


# --- High Priestess ------------------------------------------------------------------


@highpriestess.night
def _highpriestess_night(step: Step, me: Player, act: Act | None) -> None:
    names = [p.name for p in step.state.players]
    rulings = (
        *step.cite(highpriestess, "ability"),
        *step.cite(highpriestess, "how"),
        *step.cite(highpriestess, "self"),
    )
    chosen = step.choose(
        f"{step.slug(me)}.talk-to",
        "which player the Storyteller believes "
        "the High Priestess should talk to most (the engine cannot judge "
        "this: by default, their next alive player clockwise)",
        names,
        _next_alive(step, me),
        rulings=rulings,
    )
    tell(
        step,
        me,
        highpriestess,
        chosen,
        options=names,
        rulings=(*rulings, *step.cite(highpriestess, "advice")),
    )


def _next_alive(step: Step, me: Player) -> str:
    seats = step.state.players
    for k in range(1, len(seats)):
        other = seats[(me.seat + k) % len(seats)]
        if other.alive:
            return other.name
    return me.name
