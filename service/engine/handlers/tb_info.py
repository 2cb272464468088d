"""Trouble Brewing: the information abilities.

Each computes the true answer from the state (with every Spy/Recluse registration an
explicit storyteller choice), marks it reliable or not, and lets the request say what
an unreliable player was told.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from knowledge.model import Team
from service.engine.actions import Act
from service.engine.handlers import Handler, NightSpec, character
from service.engine.handlers.support import by_seat, known_character, mark, name_of
from service.engine.model import Alignment, Death, Phase, Player, Until
from service.engine.rules import alive_neighbours, neighbour_pairs, unreliable_because
from service.engine.step import Step

washerwoman = character(
    "washerwoman",
    tokens={"Townsfolk": Until.NEVER, "Wrong": Until.NEVER},
    cites={
        "marks": "choose a Townsfolk in play and place the Washerwoman",
        "drunk": "When the Washerwoman is drunk or poisoned on the First",
    },
)
librarian = character(
    "librarian",
    tokens={"Outsider": Until.NEVER, "Wrong": Until.NEVER},
    cites={
        "marks": "choose an Outsider in play and place the Librarian",
        "zero": "If no Outsider is in play, show zero on your fingers",
        "drunk": "When the Librarian is drunk or poisoned on the First",
        "registers": "You may mark a player who registers as an Outsider",
    },
)
investigator = character(
    "investigator",
    tokens={"Minion": Until.NEVER, "Wrong": Until.NEVER},
    cites={
        "marks": "choose a Minion in play and place the Investigator",
        "drunk": "When the Investigator is drunk or poisoned on the",
    },
)
ONE_OF_TWO = {washerwoman: Team.TOWNSFOLK, librarian: Team.OUTSIDER, investigator: Team.MINION}


def _one_of_two(handler: Handler) -> Callable[[Step, Player, Act | None], None]:
    team = ONE_OF_TWO[handler]

    def night(step: Step, me: Player, act: Act | None) -> None:
        notes: list[str] = []
        others = [p for p in step.state.players if p.name != me.name]
        real = [p for p in others if p.team is team]
        maybe = [p for p in others if p.team is not team and team in step.registration(p).teams]
        rulings = (*step.cite(handler, "ability"), *step.cite(handler, "marks"))
        options = [p.name for p in (*real, *maybe)]
        if handler is librarian and not real:
            options.append("zero")
        if not options:
            answer: Any = None
            step.say(
                f"No player can register as a {team}: the Storyteller shows anything.",
                player=me,
                rulings=rulings,
            )
        else:
            marked = step.choose(
                f"{step.slug(me)}.{team}",
                f"which player the {team} reminder marks",
                options,
                options[0],
                rulings=rulings,
            )
            answer = 0 if marked == "zero" else _marks(step, handler, me, team, marked, notes)
        _tell(step, me, handler, answer, notes, _pair_check(step, me, team))

    return night


def _marks(
    step: Step, handler: Handler, me: Player, team: Team, name: str, notes: list[str]
) -> dict[str, Any]:
    marked = step.player(name)
    if marked.team is team:
        shown = marked.character
    else:
        notes.append(f"{marked.name} registered as a {team}")
        allowed = [
            c for c in step.registration(marked).characters if step.rules.character(c).team is team
        ]
        shown = step.register(me, marked, "character", notes, allowed=allowed)
    wrong_options = [p.name for p in step.state.players if p.name not in (me.name, name)]
    wrong = step.choose(
        f"{step.slug(me)}.wrong",
        "which other player the Wrong reminder marks",
        wrong_options,
        wrong_options[0],
        rulings=step.cite(handler, "marks"),
    )
    mark(step, handler, me, str(team).capitalize(), marked)
    mark(step, handler, me, "Wrong", step.player(wrong))
    return {"players": [p.name for p in by_seat([marked, step.player(wrong)])], "character": shown}


def _pair_check(step: Step, me: Player, team: Team) -> Callable[[Any], bool]:
    names = {p.name for p in step.state.players} - {me.name}
    ids = {c.id for c in step.rules.characters() if c.team is team}

    def check(value: Any) -> bool:
        if value == 0:
            return team is Team.OUTSIDER
        return (
            isinstance(value, dict)
            and set(value) == {"players", "character"}
            and isinstance(value["players"], list)
            and len(set(value["players"])) == 2
            and set(value["players"]) <= names
            and value["character"] in ids
        )

    return check


def _tell(
    step: Step,
    me: Player,
    handler: Handler,
    answer: Any,
    notes: list[str],
    check: Callable[[Any], bool] | None = None,
    options: Any = None,
) -> None:
    broken = unreliable_because(step.state, me, handler.id)
    rulings = step.cite(handler, "drunk") if broken else step.cite(handler, "ability")
    told = step.inform(
        me,
        handler.id,
        answer,
        misregistered=notes,
        rulings=rulings,
        check=check,
        options="any valid answer" if options is None else options,
    )
    info = step.state.last_info(me.name)
    why = list(info.reasons) if info else [*broken, *notes]  # the Vortox's lie included
    reliability = "reliable" if not why else f"not reliable: {'; '.join(why)}"
    shown = f"; told {_show(told)}" if told != answer else ""
    step.say(
        f"{me.name} ({name_of(step, handler.id)}) learns {_show(answer)} ({reliability}){shown}.",
        player=me,
        rulings=rulings,
    )


def _show(answer: Any) -> str:
    """An answer in words.

    >>> _show({"players": ["Ann", "Ben"], "character": "chef"}), _show(None)
    ('Ann or Ben is the chef', 'nothing')
    """
    if isinstance(answer, dict):
        return f"{' or '.join(answer['players'])} is the {answer['character']}"
    return "nothing" if answer is None else str(answer)


for _handler in ONE_OF_TWO:
    _handler.night(_one_of_two(_handler))


chef = character(
    "chef",
    cites={
        "count": "count each adjacent seat pair where both players are evil",
        "dead": "Dead players still occupy their seats",
        "drunk": "When the Chef is drunk or poisoned, the number need not be true",
    },
)


@chef.night
def _chef_night(step: Step, me: Player, act: Act | None) -> None:
    notes: list[str] = []
    evil = {
        p.name: step.register(me, p, "alignment", notes) == Alignment.EVIL
        for p in step.state.players
    }
    pairs = sum(1 for a, b in neighbour_pairs(step.state) if evil[a.name] and evil[b.name])
    step.say(
        f"Pairs of evil neighbours, counted once around the circle: {pairs}.",
        player=me,
        rulings=(*step.cite(chef, "ability"), *step.cite(chef, "count")),
    )
    _tell(step, me, chef, pairs, notes, options=list(range(len(step.state.players) + 1)))


empath = character(
    "empath",
    cites={
        "neighbours": "Alive neighbours are the nearest living player on each side",
        "drunk": "When the Empath is drunk or poisoned, the number need not be true",
    },
)


@empath.night
def _empath_night(step: Step, me: Player, act: Act | None) -> None:
    notes: list[str] = []
    neighbours = alive_neighbours(step.state, me)
    count = sum(1 for p in neighbours if step.register(me, p, "alignment", notes) == Alignment.EVIL)
    names = " and ".join(p.name for p in neighbours) or "nobody"
    step.say(
        f"{me.name}'s alive neighbours are {names}.",
        player=me,
        rulings=(*step.cite(empath, "neighbours"), *step.cite(None, "alive-neighbours")),
    )
    _tell(step, me, empath, count, notes, options=[0, 1, 2])


fortuneteller = character(
    "fortuneteller",
    night=NightSpec(targets=2),
    tokens={"Red Herring": Until.NEVER},
    cites={
        "herring": "choose a good player and place the Fortune Teller",
        "own": "make the Fortune Teller their own red herring",
        "nod": "If either of them is a Demon, or is marked",
        "drunk": "When the Fortune Teller is drunk or poisoned, the answer",
        "registers": "A player who registers as a Demon counts as a Demon",
    },
)


@fortuneteller.night
def _fortuneteller_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    herring = _red_herring(step, me)
    notes: list[str] = []
    hits = [
        name
        for name in act.targets
        if name == herring or step.register(me, step.player(name), "team", notes) == Team.DEMON
    ]
    answer = "yes" if hits else "no"
    step.say(
        f"{me.name} (Fortune Teller) chooses {' and '.join(act.targets)}; the red "
        f"herring is {herring}.",
        player=me,
        rulings=(*step.cite(fortuneteller, "ability"), *step.cite(fortuneteller, "nod")),
    )
    _tell(step, me, fortuneteller, answer, notes, options=["yes", "no"])


def _red_herring(step: Step, me: Player) -> str:
    for token in step.state.find_tokens("fortuneteller", "Red Herring"):
        if token.by in (me.name, None):
            return token.on
    good = [p.name for p in step.state.players if p.alignment is Alignment.GOOD]
    default = me.name if me.name in good else good[0]
    chosen = step.choose(
        f"{step.slug(me)}.red-herring",
        "which good player is the Fortune Teller's red herring",
        good,
        default,
        rulings=(*step.cite(fortuneteller, "herring"), *step.cite(fortuneteller, "own")),
    )
    mark(step, fortuneteller, me, "Red Herring", step.player(chosen))
    return chosen


undertaker = character(
    "undertaker",
    cites={
        "only": "Only deaths by execution count",
        "none": "If there was no execution today, or the executed player did not die",
        "drunk": "When the Undertaker is drunk or poisoned, you may show a different character",
        "changed": "show the character they were when executed",
    },
)


@undertaker.wakes
def _undertaker_wakes(step: Step, me: Player) -> bool:
    return me.alive and step.state.today.execution_killed


@undertaker.night
def _undertaker_night(step: Step, me: Player, act: Act | None) -> None:
    today, notes = step.state.today, []
    executed = step.player(today.executed or "")
    if executed.character == today.executed_character:
        answer = step.register(me, executed, "character", notes)
    else:
        answer = today.executed_character
        step.say(
            f"{executed.name} has changed character since the execution: the Undertaker "
            f"learns the character they were.",
            player=me,
            rulings=step.cite(undertaker, "changed"),
        )
    step.say(
        f"{executed.name} died by execution today.",
        player=me,
        rulings=(*step.cite(undertaker, "ability"), *step.cite(undertaker, "only")),
    )
    _tell(step, me, undertaker, answer, notes, check=known_character(step))


ravenkeeper = character(
    "ravenkeeper",
    night=NightSpec(targets=1),
    cites={
        "wake": "On the night the Ravenkeeper dies at night, wake them",
        "day": "If they died during the day, the ability does not trigger",
        "drunk": "If the Ravenkeeper was drunk or poisoned when they died",
        "cause": "The cause does not matter",
    },
)


@ravenkeeper.wakes
def _ravenkeeper_wakes(step: Step, me: Player) -> bool:
    return not me.alive and any(
        d.player == me.name and d.moment == step.moment for d in step.state.deaths
    )


@ravenkeeper.dies
def _ravenkeeper_dies(step: Step, me: Player, death: Death) -> None:
    if step.moment.phase is Phase.NIGHT:
        step.say(
            f"{me.name} (Ravenkeeper) died at night: they wake to choose a player.",
            player=me,
            rulings=(*step.cite(ravenkeeper, "wake"), *step.cite(ravenkeeper, "cause")),
        )
    else:
        step.say(
            f"{me.name} (Ravenkeeper) died during the day: the ability does not trigger.",
            player=me,
            rulings=step.cite(ravenkeeper, "day"),
        )


@ravenkeeper.night
def _ravenkeeper_night(step: Step, me: Player, act: Act | None) -> None:
    if act is None:
        return
    notes: list[str] = []
    target = step.player(act.targets[0])
    answer = step.register(me, target, "character", notes)
    step.say(
        f"{me.name} (Ravenkeeper) chooses {target.name}.",
        player=me,
        rulings=step.cite(ravenkeeper, "ability"),
    )
    _tell(step, me, ravenkeeper, answer, notes, check=known_character(step))
