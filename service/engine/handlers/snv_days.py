"""Sects & Violets: the information that comes by day (Savant, Artist, Juggler).

Request conventions: the Savant's visit and the Artist's question are day ``ability``
events by that player (the Artist's question in ``text``; its true answer is the storyteller
choice ``day<N>.artist.<Artist>.truth``, since the engine cannot read a question); each
Juggler guess is one event ``{"type": "ability", "by": JUGGLER, "targets": [PLAYER],
"character": GUESS}``, at most five on their first day.
"""

from __future__ import annotations

from dataclasses import replace

from service.engine.actions import Act, UseAbility
from service.engine.handlers import character
from service.engine.handlers.snv import tell
from service.engine.handlers.support import has_token, name_of
from service.engine.model import Death, Phase, Player, Token, Until
from service.engine.rules import works
from service.engine.step import Step
from service.errors import InvalidRequest

YES_NO = ["yes", "no"]

# ---- Savant and Artist: day visits ---------------------------------------------------------

savant = character(
    "savant",
    cites={
        "tell": "tell them two things, one true and one false",
        "daily": "This works once per day, and is available again each day",
        "drunk": "When the Savant is drunk or poisoned, both statements may be true",
        "dead": "When the Savant is dead, the ability stops",
    },
)


@savant.day
def _savant_day(step: Step, me: Player, event: UseAbility) -> None:
    """The answer is how many of the two statements are true: 1 (0 under the Vortox)."""
    if not me.alive:
        raise InvalidRequest(f"{me.name} (Savant) is dead: the ability has stopped", field="by")
    _once_today(step, me, "savant", "visited the Storyteller")
    said = f": {event.text}" if event.text else ""
    step.say(
        f"{me.name} (Savant) visits the Storyteller and hears two things{said}.",
        player=me,
        rulings=(
            *step.cite(savant, "ability"),
            *step.cite(savant, "tell"),
            *step.cite(savant, "daily"),
        ),
    )
    tell(step, me, savant, 1, options=[0, 1, 2], false_options=[0])


def _once_today(step: Step, me: Player, cid: str, what: str) -> None:
    today, used = step.state.today, f"{me.name}:{cid}"
    if used in today.used:
        raise InvalidRequest(
            f"{me.name} ({name_of(step, cid)}) has already {what} today", field="by"
        )
    step.update(replace(step.state, today=replace(today, used=(*today.used, used))))


artist = character(
    "artist",
    tokens={"No Ability": Until.NEVER},
    cites={
        "answer": "They ask one yes/no question. Listen to it, then give a true answer",
        "spent": "reminder token on the Artist's position. This ability works once per game",
        "drunk": "When the Artist is drunk or poisoned at the time they ask",
        "dead": "When the Artist is dead, their ability stops",
        "honest": "The Storyteller honestly answers",
    },
)


@artist.day
def _artist_day(step: Step, me: Player, event: UseAbility) -> None:
    if not me.alive:
        raise InvalidRequest(f"{me.name} (Artist) is dead: the ability has stopped", field="by")
    if has_token(step, artist, "No Ability", by=me):
        raise InvalidRequest(
            f"{me.name} (Artist) has already asked their once-per-game question", field="by"
        )
    step.place(Token(name="No Ability", character="artist", on=me.name, by=me.name))
    question = event.text or "(the request does not give the question)"
    rulings = (*step.cite(artist, "ability"), *step.cite(artist, "answer"))
    options = ["yes", "no", "I don't know"]
    truth = step.choose(
        f"{step.slug(me, artist.id)}.truth",
        f"the true answer to {me.name}'s question {question!r}",
        options,
        "I don't know",
        rulings=(*rulings, *step.cite(artist, "honest")),
    )
    step.say(
        f"{me.name} (Artist) privately asks: {question}; the ability is spent.",
        player=me,
        rulings=(*rulings, *step.cite(artist, "spent")),
    )
    tell(step, me, artist, truth, options=options)


# ---- Juggler -------------------------------------------------------------------------------

juggler = character(
    "juggler",
    tokens={"Correct": Until.NEVER},
    cites={
        "guess": "they publicly guess up to five times",
        "count": "count the correct guesses",
        "night": "That night, wake the Juggler and show on your fingers how many were correct",
        "first": "The ability works only on that first day",
        "drunk": "If the Juggler was drunk or poisoned when guessing",
        "registers": "If a guessed player registers as another character",
        "died": "If the Juggler dies after guessing but before that night",
    },
)
GUESSES = 5


def first_day(me: Player) -> int:
    """The number of the Juggler's first day (the day after they became the Juggler)."""
    if me.since is None:
        return 1
    return me.since.number + (1 if me.since.phase is Phase.DAY else 0)


@juggler.day
def _juggler_day(step: Step, me: Player, event: UseAbility) -> None:
    """One public guess: ``targets`` [PLAYER], ``character`` the guess."""
    _juggler_check(step, me, event)
    target, guess = step.player(event.targets[0]), event.character or ""
    today = step.state.today
    marks = [f"{me.name}:juggler"]
    if not works(step.state, me, "juggler"):
        marks.append(f"{me.name}:juggler:broken")
    step.update(replace(step.state, today=replace(today, used=(*today.used, *marks))))
    notes: list[str] = []
    correct = target.character == guess or _registers_as(step, me, target, guess, notes)
    if correct:
        step.place(Token(name="Correct", character="juggler", on=me.name, by=me.name))
    step.say(
        f"{me.name} (Juggler) publicly guesses that {target.name} is the "
        f"{name_of(step, guess)}: {'correct' if correct else 'wrong'}.",
        player=me,
        rulings=(
            *step.cite(juggler, "guess"),
            *step.cite(juggler, "count"),
            *(step.cite(juggler, "registers") if notes else ()),
        ),
    )


def _registers_as(step: Step, me: Player, target: Player, guess: str, notes: list[str]) -> bool:
    if guess not in step.registration(target).characters:
        return False
    chosen = step.choose(
        f"{step.slug(me, juggler.id)}.{target.name}.as-{guess}",
        f"whether {target.name} registers as the {name_of(step, guess)} to "
        f"{me.name}'s Juggler guess",
        YES_NO,
        "no",
        rulings=step.cite(juggler, "registers"),
    )
    if chosen == "yes":
        notes.append(f"{target.name} registered as the {guess}")
    return chosen == "yes"


def _juggler_check(step: Step, me: Player, event: UseAbility) -> None:
    if not me.alive:
        raise InvalidRequest(f"{me.name} (Juggler) is dead", field="by")
    if step.moment.number != first_day(me):
        raise InvalidRequest(
            f"{me.name} (Juggler) guesses only on their first day (day "
            f"{first_day(me)}), not day {step.moment.number}",
            field="by",
        )
    if len(event.targets) != 1 or not event.character:
        raise InvalidRequest(
            "a Juggler guess names 1 player (targets) and 1 character", field="targets"
        )
    if step.state.today.used.count(f"{me.name}:juggler") >= GUESSES:
        raise InvalidRequest(f"{me.name} (Juggler) has already made {GUESSES} guesses", field="by")


@juggler.wakes
def _juggler_wakes(step: Step, me: Player) -> bool:
    return me.alive and f"{me.name}:juggler" in step.state.today.used


@juggler.dies
def _juggler_dies(step: Step, me: Player, death: Death) -> None:
    if step.moment.phase is Phase.DAY and f"{me.name}:juggler" in step.state.today.used:
        step.say(
            f"{me.name} (Juggler) died after guessing: they learn no number tonight.",
            player=me,
            rulings=step.cite(juggler, "died"),
        )


@juggler.night
def _juggler_night(step: Step, me: Player, act: Act | None) -> None:
    used = step.state.today.used
    guesses = used.count(f"{me.name}:juggler")
    correct = sum(1 for t in step.state.find_tokens("juggler", "Correct") if t.by == me.name)
    notes = (
        [f"{me.name} was drunk or poisoned while guessing"]
        if f"{me.name}:juggler:broken" in used
        else []
    )
    step.update(step.state.remove_tokens("juggler", "Correct", by=me.name))
    step.say(
        f"{me.name} (Juggler) made {guesses} guess(es) today.",
        player=me,
        rulings=(
            *step.cite(juggler, "night"),
            *step.cite(juggler, "first"),
            *(step.cite(juggler, "drunk") if notes else ()),
        ),
    )
    tell(step, me, juggler, correct, options=list(range(guesses + 1)), broke=notes)
