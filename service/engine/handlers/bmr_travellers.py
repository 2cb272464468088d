"""Bad Moon Rising's Travellers: Apprentice, Matron, Judge, Bishop, Voudon.

Day abilities are ``ability`` events: the Matron's ``targets`` are the pairs to swap, in
order (``[A, B, C, D]`` swaps A with B, then C with D); the Judge's ``text`` is ``"pass"``
or ``"fail"`` for the current nomination. The Bishop's "only the Storyteller can nominate"
cannot be checked, since a request's nominations always name a player: the engine takes
them as the Storyteller's and checks the Bishop's other rule at dusk.
"""

from __future__ import annotations

from dataclasses import replace

from knowledge.model import Team
from service.engine.actions import Act, UseAbility, Vote
from service.engine.day import execute_player
from service.engine.handlers import character
from service.engine.handlers.bmr import spent, use_today, used_today
from service.engine.handlers.support import edition_characters, mark, name_of
from service.engine.model import Alignment, Player, Until
from service.engine.rules import works
from service.engine.step import Step
from service.errors import InvalidRequest

apprentice = character(
    "apprentice",
    tokens={"Is The Apprentice": Until.NEVER},
    cites={"swap": "Swap the Apprentice & Townsfolk or Minion tokens"},
)


@apprentice.night
def _apprentice_night(step: Step, me: Player, act: Act | None) -> None:
    team = Team.TOWNSFOLK if me.alignment is Alignment.GOOD else Team.MINION
    ids = {c.id for c in step.rules.characters() if c.team is team}
    in_play = {p.character for p in step.state.players}
    default = next(c for c in edition_characters(step, "apprentice", (team,)) if c not in in_play)
    rulings = (*step.cite(apprentice, "ability"), *step.cite(apprentice, "swap"))
    gains = step.choose(
        f"{step.slug(me)}.gains",
        f"which {team} ability {me.name} ({me.alignment}) gains",
        f"any {team} character",
        default,
        rulings=rulings,
        check=lambda v: v in ids,
    )
    step.update(step.state.with_player(replace(me, gained=(*me.gained, gains))))
    mark(step, apprentice, me, "Is The Apprentice", me)
    step.say(
        f"{me.name} (Apprentice, {me.alignment}) gains the {name_of(step, gains)} ability "
        f"for the rest of the game.",
        player=me,
        rulings=rulings,
    )


matron = character(
    "matron",
    cites={
        "swap": "Swap their character tokens and any reminders they have in the Grimoire",
        "once": "If the Matron swaps just one or two sets of players, they may not swap another",
    },
)


@matron.day
def _matron_day(step: Step, me: Player, event: UseAbility) -> None:
    names = list(event.targets)
    if not names or len(names) % 2 or len(names) > 6:
        raise InvalidRequest(
            "the Matron chooses up to 3 pairs of players: give 2, 4 or 6 targets", field="targets"
        )
    if not me.alive:
        raise InvalidRequest(f"{me.name} (Matron) is dead: the ability no longer works", field="by")
    if used_today(step, f"{me.name}:matron"):
        raise InvalidRequest(f"{me.name} (Matron) has already swapped seats today", field="by")
    use_today(step, f"{me.name}:matron")
    if not works(step.state, me, "matron"):
        step.say(
            f"{me.name} has no working Matron ability: nobody moves.",
            player=me,
            rulings=step.cite(None, "drunk"),
        )
        return
    pairs = list(zip(names[::2], names[1::2], strict=True))
    for a, b in pairs:
        _swap(step, a, b)
    order = ", ".join(p.name for p in step.state.players)
    step.say(
        f"{me.name} (Matron) swaps {'; '.join(f'{a} with {b}' for a, b in pairs)}; "
        f"clockwise the seats are now {order}.",
        player=me,
        rulings=(
            *step.cite(matron, "ability"),
            *step.cite(matron, "swap"),
            *step.cite(matron, "once"),
        ),
    )


def _swap(step: Step, a: str, b: str) -> None:
    players = list(step.state.players)
    i, j = players.index(step.player(a)), players.index(step.player(b))
    players[i], players[j] = players[j], players[i]
    seated = tuple(replace(p, seat=k) for k, p in enumerate(players))
    step.update(replace(step.state, players=seated))


judge = character(
    "judge",
    tokens={"No Ability": Until.NEVER},
    cites={
        "pass": "If the Judge declares that it succeeds, the nominated player is executed",
        "fail": "If the Judge declares that it fails, the nominated player is no longer about",
        "once": "The Judge may only use their ability once, and only if a different player",
    },
)


@judge.day
def _judge_day(step: Step, me: Player, event: UseAbility) -> None:
    verdict = (event.text or "").strip().lower()
    if verdict not in ("pass", "fail"):
        raise InvalidRequest(
            'the Judge\'s verdict goes in \'text\': "pass" or "fail"', field="text"
        )
    today = step.state.today
    if not me.alive or spent(step, judge, me):
        raise InvalidRequest(
            f"{me.name} (Judge) has no ability to use: dead, or already used once", field="by"
        )
    if not today.nominees or today.nominators[-1] == me.name:
        raise InvalidRequest("the Judge rules only on a nomination another player made", field="by")
    nominee = step.player(today.nominees[-1])
    mark(step, judge, me, "No Ability", me)
    rulings = (*step.cite(judge, "ability"), *step.cite(judge, "once"))
    if not works(step.state, me, "judge"):
        step.say(
            f"{me.name} has no working Judge ability: the ruling does nothing, and the "
            f"ability is spent.",
            player=me,
            rulings=step.cite(None, "drunk"),
        )
        return
    if verdict == "fail":
        use_today(step, f"{nominee.name}:pardoned")
        step.say(
            f"{me.name} (Judge) declares that the execution of {nominee.name} fails: they "
            f"are not executed today.",
            player=me,
            rulings=(*rulings, *step.cite(judge, "fail")),
        )
        return
    step.say(
        f"{me.name} (Judge) declares that the execution of {nominee.name} passes.",
        player=me,
        rulings=(*rulings, *step.cite(judge, "pass")),
    )
    execute_player(step, nominee, by=me)


@judge.substitute
def _judge_substitute(step: Step, me: Player, target: Player) -> str:
    if used_today(step, f"{target.name}:pardoned"):
        raise InvalidRequest(
            f"{target.name} cannot be executed today: the Judge declared their execution fails",
            field="target",
        )
    return target.name


bishop = character("bishop", tokens={"Nominate Good": Until.DUSK, "Nominate Evil": Until.DUSK})


@bishop.dusk
def _bishop_dusk(step: Step, me: Player) -> None:
    if not works(step.state, me, "bishop"):
        return
    opposing = Alignment.EVIL if me.alignment is Alignment.GOOD else Alignment.GOOD
    nominated = [n for n in step.state.today.nominees if step.player(n).alignment is opposing]
    done = (
        f"{', '.join(nominated)} ({opposing}) was nominated"
        if nominated
        else f"no {opposing} player was nominated: the Storyteller broke the Bishop's rule"
    )
    step.say(
        f"{me.name} is the Bishop ({me.alignment}): only the Storyteller nominates, and {done}.",
        player=me,
        rulings=step.cite(bishop, "ability"),
    )


voudon = character(
    "voudon",
    cites={
        "free": "The dead may vote even if they have no vote token",
        "alive": "Alive players cannot vote.",
        "single": "even a single vote is enough to execute a player",
    },
)


@voudon.free_vote
def _voudon_free(step: Step, me: Player, voter: Player) -> bool:
    return not voter.alive and works(step.state, me, "voudon")


@voudon.voted
def _voudon_voted(step: Step, me: Player, event: Vote) -> None:
    if not works(step.state, me, "voudon"):
        return
    living = [n for n in event.voters if step.player(n).alive and n != me.name]
    if living:
        raise InvalidRequest(
            f"only the Voudon and the dead may vote: {', '.join(living)} is alive", field="voters"
        )
    step.say(
        f"With {me.name} (Voudon) alive, only the Voudon and the dead vote, without "
        f"spending vote tokens, and no majority is needed.",
        player=me,
        rulings=(
            *step.cite(voudon, "ability"),
            *step.cite(voudon, "free"),
            *step.cite(voudon, "alive"),
            *step.cite(voudon, "single"),
        ),
    )
