"""Understanding -> a minimal replay request (issue 3 format) for the situation asked about.

The players come from :mod:`service.answer.cast`. What each named character chooses at night
is driven by the engine's ``NightSpec`` of that character (how many players, whether it
names a character, whether it may choose itself), never by the character's name: it acts on
itself when the question says so, on what the question says it acts on ("the Assassin on the
Goon"), on who has a condition its ability brings about (protected, poisoned, dying tonight),
on the named characters who do not act, and otherwise on one unnamed victim, so "Monk vs
Assassin" is the Monk protecting X and the Assassin attacking X. Whoever the question says
dies at night is attacked by the Demon if no named killer does; a Demon, a Minion or anyone
dying "during the day" is executed, as is anyone the question says is executed. A day
ability the question says is used on someone ("the Slayer shoots the Recluse") is used.

The night is the first night when the question says so or when the named characters act only
then, otherwise night 2. A question about a day plays the night before it only for what
prepares that day (abilities about executions and nominations, or that the question links to
someone), and the night after it for abilities that look back on the day ("died today").
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from typing import Any

from service.answer import rx
from service.answer.cast import (
    EVENT_DEATH,
    LUNATIC,
    NEUTRAL,
    Scene,
    Table,
    guesses,
    mad_about,
    night_spec,
    seat,
)
from service.answer.decided import protected_asked
from service.answer.kb import AnswerKB
from service.answer.meets import actions
from service.answer.mentions import Mention, Word
from service.answer.sayings import EXECUTION_TOLD
from service.answer.situation import (
    DEMON,
    GRANDCHILDREN,
    MINION,
    VICTIM,
    acted_on_by,
    guessed_as,
)
from service.answer.understand import Understanding, question_words
from service.answer.words import (
    CHOICE_VERBS,
    DEATH_DENIED_TOLD,
    NO_EXECUTION,
    Condition,
    Kind,
)
from service.engine.handlers import NightSpec, handler_for

REPLAYABLE = (Kind.INTERACTION, Kind.RULING)
KILLERS = frozenset({"demon-kill", "minion-kill"})
ATTACKED = frozenset({"protection", "death-trigger"})  # abilities about being attacked
DAY_CONCEPTS = frozenset({"execution", "nomination"})
# what an ability brings about, for the condition a question states
BRINGS = {Condition.PROTECTED: "protection", Condition.POISONED: "poison", Condition.DRUNK: "drunk"}
# The request format's own event for the Slayer's shot (issue 3); every other public
# ability is an "ability" event.
DAY_EVENT = {"slayer": "slay"}
TODAY = re.compile(r"\btoday\b", re.IGNORECASE)
# an attack the question tells, for a character whose ability is about being attacked
ATTACK_TOLD = re.compile(
    r"\b(?:attack(?:s|ed|ing)?|goes for|go for|went for|going for|kill(?:s|ed|ing)?|hit(?:s)?"
    r"|bounces?|bounced|redirect(?:s|ed)?|ate|eats?|eaten|stab(?:s|bed)?"
    r"|targets?|targeted|picks?|picked|chooses|chose|vs|versus|v)\b|\bdies?\b|\bdied\b",
    re.IGNORECASE,
)
SET_UP = re.compile(
    r"\bset(?:ting)?[ -]?up\b|\bin(?:to)? the bag\b|\bbag\b|\bbefore the game\b", re.IGNORECASE
)


_NUMBERED_NIGHT = re.compile(
    r"\bn([1-9])\b|\bnight ([1-9]|one|two|three|four|five)\b"
    r"|\b(first|second|third|1st|2nd|3rd) (?:night|nite)\b",
    re.IGNORECASE,
)
_NIGHT_NUMBERS = {
    **{w: i for i, w in enumerate("one two three four five".split(), 1)},
    **{w: i for i, w in enumerate("first second third".split(), 1)},
    **{w: i for i, w in enumerate("1st 2nd 3rd".split(), 1)},
}
_LAST_NIGHT = re.compile(r"\blast (?:night|nite)\b", re.IGNORECASE)
_EARLIER_NIGHT = re.compile(
    r"\b(?:a couple (?:of )?|a few |two |three |\d )nights ago\b|\bthe night before\b"
    r"|\bprevious night\b",
    re.IGNORECASE,
)
_TONIGHT = re.compile(r"\bto(?:night|nite)\b", re.IGNORECASE)


def nights_told(question: str) -> tuple[str, ...]:
    """The distinct nights a question tells of, as written ("night 2", "last night",
    "tonight"); "tonight" beside a numbered night may be that night, so it is not counted.

    >>> nights_told("poisoner hit the soldier last night n now the imp goes for him tonight")
    ('last night', 'tonight')
    >>> nights_told("night 2, the FT is poisoned and is the first one to choose the goon tonight")
    ('night 2',)
    >>> nights_told("can the DA choose themselves again? they picked themselves last night too")
    ('last night', 'tonight')
    """
    numbers = []
    for match in _NUMBERED_NIGHT.finditer(question):
        value = next(g for g in match.groups() if g).lower()
        numbers.append(int(value) if value.isdigit() else _NIGHT_NUMBERS[value])
    told = [f"night {n}" for n in sorted(set(numbers))]
    if _EARLIER_NIGHT.search(question):
        told.append("an earlier night")
    if _LAST_NIGHT.search(question):
        told.append("last night")
    if _TONIGHT.search(question) and not numbers:
        told.append("tonight")
    elif "last night" in told and _AGAIN.search(question) and not numbers:
        # "can the DA choose themselves again? they did last night too"; not where a day
        # comes between ("... and now shes been executed. she survives right? and again?")
        if not _DAY_TOLD.search(question):
            told.append("tonight")
    return tuple(told)


_DAY_TOLD = re.compile(r"\bexe|\bexecut|\bnominat|\bnom\b|\btoday\b", re.IGNORECASE)
# a choice asked of the night after the one told: "again", "a second time"
_AGAIN = re.compile(r"\bagain\b|\ba second time\b|\btwice in a row\b", re.IGNORECASE)


def replay_request(u: Understanding, kb: AnswerKB) -> dict[str, Any] | None:
    """The replay request for the question, or None when there is nothing to replay."""
    # (a night-order question that tells a death, "tinker died today, does the zombie wake
    # tonight", is played out too: whether one wakes is the replay's night)
    told_night = u.kind is Kind.NIGHT_ORDER and any(
        c in (Condition.DEAD, Condition.EXECUTED) for cid in u.conditions for c in u.told(cid)
    )
    if (u.kind not in REPLAYABLE and not u.situation and not told_night) or SET_UP.search(
        u.question
    ):
        # a how-to-run question that tells what happened ("barber died today, what do i do
        # tonight") is played out like one that asks what happens; a replay starts after
        # set-up: "when I add the damsel to the bag"
        return None
    scene = Scene.from_question(u, kb)
    if not scene.s.seated and not scene.babysat():
        return None
    if charged_po(scene) and scene.s.players is None:
        # three deaths at a table of five end the game ("evil wins: only two players are
        # alive"), which the question does not tell: a table where the game goes on
        scene = dataclasses.replace(scene, s=dataclasses.replace(scene.s, players=CHARGED_TABLE))
    table = seat(scene)
    _po_charged(scene, table)
    _eaten_last_night(scene, table)
    played = phases(scene, table)
    _poisoned_before(scene, table)
    _red_herring_chosen(scene, table, played)
    _spent_told(scene, table)
    return {
        "players": table.players,
        "phases": played,
        "choices": _told_choices(scene, table, played),
    }


# "the guy the pukka poisoned yesterday": the Pukka's victim of a night before
_PUKKA_BEFORE = re.compile(
    r"\bpukk?a(?:'?s)?\s+(?:had\s+)?(?:poisoned|victim|poison)\b.*\b(?:yesterday|last\s+night"
    r"|the\s+night\s+before|previous\s+night|earlier|already|before)\b",
    re.IGNORECASE,
)


# "the fortune teller picks the imp and the red herring": the red herring among the chosen
_CHOSE = (
    r"\b(?:picks?|picked|picking|chose|chooses|choose|checks?|checked|checking|points? at"
    r"|pointed at)\b"
)
_RED_HERRING_CHOSEN = re.compile(
    rf"{_CHOSE}\s+(?:the\s+|a\s+)?red[ -]?herring\b"
    rf"|{_CHOSE}[^.?!,;]{{0,30}}\s(?:and|&|\+)\s+(?:the\s+)?red[ -]?herring\b",
    re.IGNORECASE,
)


def _red_herring_chosen(scene: Scene, table: Table, played: list[dict[str, Any]]) -> None:
    """The question says the Fortune Teller chose the red herring: the one unnamed player
    among their choices carries the Fortune Teller's Red Herring reminder, so the engine
    plays that player as it (not a red herring of its own choosing)."""
    if "fortuneteller" not in table.seat_of or not _RED_HERRING_CHOSEN.search(scene.u.question):
        return
    teller = table.name("fortuneteller")
    targets = [
        t
        for phase in played
        for action in phase.get("actions") or ()
        if action.get("player") == teller
        for t in action.get("targets") or ()
    ]
    unnamed = [t for t in targets if table.character(t) not in scene.s.named]
    if len(unnamed) != 1:
        return
    for player in table.players:
        if player["name"] == unnamed[0]:
            player.setdefault("reminders", []).append(
                {"token": "Red Herring", "character": "fortuneteller", "by": teller}
            )


def _spent_told(scene: Scene, table: Table) -> None:
    """A named character the question tells has used its once-per-game ability ("fool was
    already saved once", "the slayer already used his shot", "imp attacks the fool again")
    carries its own "No Ability" reminder, so the engine plays it spent."""
    words = question_words(scene.u)
    question = scene.u.question
    for mention in scene.u.mentions:
        cid = mention.id
        handler = handler_for(cid)
        if (
            cid not in table.seat_of
            or handler is None
            or "No Ability" not in (handler.tokens or {})
        ):
            continue
        start = words[mention.start].start
        # the clause the name opens, and an attack on it "again" just before
        clause = rx.match(r"[^.;!?]*[.;!?]?", question[start:])
        after = clause.group(0) if clause else ""
        # (asked, not told: "virgin power is used up?", "is his save burned or still there";
        # up to a comma: "slayer already used his ability, does the imp die if ..." is told)
        part = after.split(",", 1)[0]
        asked = part.endswith("?") or rx.search(r"\bor\b|\bif\b|\bwhether\b", part)
        before = question[max(0, start - 40) : start]
        spent = _SPENT_AFTER.search(after) and not asked
        if not (spent or _ATTACKED_AGAIN.search(before + after[:20])):
            continue
        name = table.name(cid)
        player = table.player(cid)
        reminders = player.setdefault("reminders", [])
        if not any(r.get("token") == "No Ability" for r in reminders):
            reminders.append({"token": "No Ability", "character": cid, "by": name})


# the once-per-game ability told used, after the name: "fool was already saved once", "the
# slayer already used his shot", "courtier has used her ability", "the fool's save is gone"
_SPENT_AFTER = re.compile(
    r"^[\w' ]{0,25}?\b(?:(?:has|had|was|is|already)\s+)+(?:been\s+)?"
    r"(?:used|spent|burned|burnt|saved|survived|used up)\b"
    r"|^[\w' ]{0,25}?\b(?:ability|save|shot|power)\s+(?:is|was|has been)\s+"
    r"(?:used|spent|gone|burned|burnt|used up)\b",
    re.IGNORECASE,
)
# an attack on the one named "again": "imp attacks the fool again"
_ATTACKED_AGAIN = re.compile(
    r"\b(?:attacks?|attacked|kills?|killed|goes for|went for|targets?|targeted)\s+"
    r"(?:the\s+|our\s+)?[\w' -]{2,20}?\s+again\b",
    re.IGNORECASE,
)


# "the guy poisoned last night": someone poisoned on an earlier night, by whom unsaid
_POISONED_BEFORE = re.compile(
    r"\bpoisoned\s+(?:\w+\s+){0,2}(?:yesterday|last\s+night|the\s+night\s+before|previous\s+night)\b"
    # "last nights poisoned guy"
    r"|\b(?:last\s+night|yesterday|previous\s+night)(?:'?s)?\s+(?:\w+\s+)?poisoned\b",
    re.IGNORECASE,
)


def _poisoned_before(scene: Scene, table: Table) -> None:
    """The player the question says the Pukka poisoned on an earlier night carries the
    Pukka's Poisoned reminder, placed by the Pukka, so the engine plays its delayed death
    (which the Exorcist does not stop)."""
    if "pukka" not in table.seat_of:
        return
    # "exorcist picked the pukka, does the guy poisoned last night still die": the Pukka's,
    # where it is the only poisoner named
    others = [c for c in scene.s.named if c != "pukka" and "poison" in scene.concepts(c)]
    if not _PUKKA_BEFORE.search(scene.u.question) and (
        others or not _POISONED_BEFORE.search(scene.u.question)
    ):
        return
    pukka = table.name("pukka")
    for player in table.players:
        if player.get("poisoned") and player["character"] not in scene.s.named:
            player["reminders"] = [{"token": "Poisoned", "character": "pukka", "by": pukka}]
            return


# a Po's charge told ("po charged", "po kills three"): not one asked ("does he get 3 kills")
_PO_CHARGE = re.compile(
    r"\bcharg(?:e|es|ed|ing)\b(?! (?:up|from|to)\b)"
    r"|\b(?:kills|killed|attacks|attacked|picks|picked|chooses|chose|goes for|went for)\s+"
    r"(?:three|3)\b"
    # "po no kill then 3 kills", "three attacks tonight"
    r"|\b(?:three|3)\s+(?:kills|attacks|deaths|people|players)\b"
    # "po with no kill last night", "po chose no one yesterday": charged tonight
    r"|\b(?:no\s+kill|no\s+one|nobody|no\s+body|didn'?t\s+kill|did\s+not\s+kill|skipped)\b"
    r"[^.?!]{0,20}?\b(?:last\s+night|yesterday|the\s+night\s+before|previous\s+night)\b",
    re.IGNORECASE,
)


CHARGED_TABLE = 7  # players alive for a charged Po's three kills, the question telling none


def charged_po(scene: Scene) -> bool:
    """The question tells a named Po's charge: it chose no one the night before, so tonight
    it attacks three players."""
    return "po" in scene.s.seated and bool(_PO_CHARGE.search(scene.u.question))


# the Shabaloth bringing a player back: "regurgitates the chef", "spits the chef back out"
_REGURGITATES = re.compile(
    r"\b(?:regurgitat\w*|spit\w*\s+(?:\w+\s+){0,2}(?:back|out)|vomit\w*|throws?\s+up)\b",
    re.IGNORECASE,
)


def regurgitated(scene: Scene) -> str | None:
    """The named character the question says the Shabaloth regurgitates (one it chose last
    night, dead now), if any."""
    if "shabaloth" not in scene.s.seated or not _REGURGITATES.search(scene.u.question):
        return None
    return next(
        (t for a, t in scene.s.links if a == "shabaloth" and t != a and t in scene.s.seated),
        None,
    )


def _eaten_last_night(scene: Scene, table: Table) -> None:
    """The player regurgitated lies dead with the Shabaloth's "Dead" reminder from last
    night, which the engine reads to offer them back."""
    back = regurgitated(scene)
    if back is None:
        return
    player = table.player(back)
    player["dead"] = True
    player.setdefault("reminders", []).append(
        {"token": "Dead", "character": "shabaloth", "by": table.name("shabaloth")}
    )


def _po_charged(scene: Scene, table: Table) -> None:
    """A charged Po carries its own 3 Attacks reminder, so the engine has it choose three."""
    if not charged_po(scene):
        return
    po = table.name("po")
    table.player("po").setdefault("reminders", []).append(
        {"token": "3 Attacks", "character": "po", "by": po}
    )


# "i want to bounce the kill onto the soldier", "does the mayor bounce go to the soldier": the
# Mayor's bounce, as the storyteller says it
_BOUNCE = re.compile(
    r"\b(?:bounce|bounces|bounced|bouncing|move|moved|redirect|redirected)\s+(?:it|the\s+(?:kill|death))?"
    r"\s*(?:(?:goes|go|went|lands?|landed)\s+)?(?:on|onto|to)\s+(?:the\s+)?(?P<who>[a-z' -]+)",
    re.IGNORECASE,
)


def bounced_onto(scene: Scene, seated: dict[str, Any]) -> str | None:
    """Who the question says the Mayor's death is bounced onto: a seated character named
    right after "bounce ... onto", or the player that character acted on ("bounce it to the
    monk protected player": the Monk's); None where no bounce is told."""
    if "mayor" not in seated:
        return None
    found = _BOUNCE.search(scene.u.question)
    if found is None:
        return None
    words = question_words(scene.u)
    after = found.start("who")
    onto = next(
        (m for m in scene.u.mentions if m.id in seated and words[m.start].start == after), None
    )
    if onto is None or onto.id == "mayor":
        return None
    if acted_on_by(words, onto):
        return VICTIM if VICTIM in seated else None
    return onto.id


def _told_choices(scene: Scene, table: Table, played: list[dict[str, Any]]) -> dict[str, Any]:
    """The Storyteller's choices the question makes for them, keyed as the engine asks them:
    the Mayor's death bounced onto a named character ("bounce the kill onto the soldier":
    ``night2.mayor.Ann.bounce``), the Grandmother's grandchild ("chef is grandma's
    grandchild": ``setup.grandmother.Cat.grandchild``)."""
    choices: dict[str, Any] = {}
    question = scene.u.question
    words = question_words(scene.u)
    if "grandmother" in table.seat_of:  # "chef is grandma's grandchild"
        for m in scene.u.mentions:
            end = words[m.end - 1].end
            if m.id in table.seat_of and m.id != "grandmother" and _GRANDCHILD.match(question, end):
                gran = table.name("grandmother")
                choices[f"setup.grandmother.{gran}.grandchild"] = table.name(m.id)
                break
        else:
            # "the demon kills her grandkid": the unnamed player it happens to is the grandchild
            if VICTIM in table.seat_of and any(a in GRANDCHILDREN for a, _ in scene.u.generic):
                gran = table.name("grandmother")
                choices[f"setup.grandmother.{gran}.grandchild"] = table.name(VICTIM)
    truth = statement_truth(question)
    for phase in played:  # "gossip says ... and it's false": the statement's truth, as told
        for event in phase.get("events", ()):
            if phase["phase"] == "day" and "text" in event and truth is not None:
                character = table.character(event["by"])
                choices[f"day{phase['number']}.{character}.{event['by']}.true"] = truth
    nights = [p["number"] for p in played if p["phase"] == "night"]
    choices |= _agreement(scene, table, played)
    back = regurgitated(scene)
    if back is not None and nights:  # "shabaloth regurgitates the chef": the one brought back
        choices[f"night{nights[0]}.shabaloth.{table.name('shabaloth')}.regurgitate"] = table.name(
            back
        )
    onto = bounced_onto(scene, table.seat_of)
    if onto is None or not nights:
        return choices
    mayor = table.name("mayor")
    choices[f"night{nights[0]}.mayor.{mayor}.bounce"] = table.name(onto)
    return choices


def _agreement(scene: Scene, table: Table, played: list[dict[str, Any]]) -> dict[str, str]:
    """Whether the player the Harlot chooses agrees, where the question says, or where it asks
    whether anyone dies: only an agreement can kill ("if they agree, you learn their
    character, but you both might die"), so a death asked is asked of that case ("harlot
    picks the chef, do they both die", "does the harlot die")."""
    if "harlot" not in table.seat_of:
        return {}
    harlot = table.name("harlot")
    question = scene.u.question
    for phase in played:
        acts = phase["phase"] == "night" and any(
            a["player"] == harlot and a.get("targets") for a in phase.get("actions", ())
        )
        if not acts:
            continue
        if _REFUSED.search(question):
            agrees = "no"
        elif _AGREED.search(question) or _DEATH_ASKED.search(question):
            agrees = "yes"
        else:
            return {}
        return {f"night{phase['number']}.harlot.{harlot}.agrees": agrees}
    return {}


# the chosen player's answer, told: "the chef agrees", "he nodded", "she said no"
_REFUSED = re.compile(
    r"\b(?:(?:does|did|do|will|would)\s*n[o']?t|doesnt|didnt|dont|wont|never)\s+(?:\w+\s+)?"
    r"(?:agree|nod|consent|accept)|\b(?:refus|declin)\w*|\bsa(?:id|ys) no\b|\bshak(?:es|ing)\b"
    r"|\bshook\b",
    re.IGNORECASE,
)
_AGREED = re.compile(
    r"\b(?:agree[sd]?|agreeing|nod(?:s|ded|ding)?|consent(?:s|ed)?|accept(?:s|ed)?"
    r"|sa(?:id|ys) yes)\b",
    re.IGNORECASE,
)


_GRANDCHILD = re.compile(
    r"\s*(?:is|was|s)\s+(?:the\s+|our\s+)?(?:grandma|granny|gran|grandmother|gm)(?:'?s)?\s+"
    r"grand(?:child|kid|son|daughter)",
    re.IGNORECASE,
)


def phases(scene: Scene, table: Table) -> list[dict[str, Any]]:
    """The night the question is about; or its day, with the night before it for what
    prepares the day and the night after it for what looks back on it."""
    night = _night(scene)
    number = 1 if night == "first" else 2
    events = _day_events(scene, table)
    if not events and NO_EXECUTION.search(scene.u.question.lower()):
        # "vortox is poisoned today and nobody got executed": the day, ending at dusk with
        # no execution, is what is asked, after the choices the question tells of the night
        # before ("the poisoner poisoned the mayor last night")
        linked = {actor for actor, _ in scene.s.links}
        before = _actions(scene, table, night, only=linked) if linked else []
        return [
            *([_night_phase(number, before)] if before else []),
            {"phase": "day", "number": number, "events": []},
        ]
    if not events:
        actions = _actions(scene, table, night)
        nominating = _nomination_to_die(scene, table, actions)
        if nominating is not None:
            # "does the witch curse kill": the curse kills only a player who nominates the
            # next day, so that day is played with the cursed player nominating (a night
            # alone shows nobody dying, which answered a wrong "No")
            return [
                _night_phase(number, actions),
                {"phase": "day", "number": number, "events": [nominating]},
            ]
        if _delayed_death_asked(scene, table, actions):
            # "the pukka poisoned the chef on n2. does the chef still die": the Pukka's
            # victim dies the night after, so that night is played too
            return [
                _night_phase(number, actions),
                {"phase": "day", "number": number, "events": []},
                _night_phase(number + 1, []),
            ]
        return [_night_phase(number, actions)]
    late = _dead_to_act(scene, table, events)
    if late and night == "first":
        night, number = "other", 2  # (no Demon kills on the first night)
    guessed = _guesses_by_day(events)
    if guessed and not scene.u.night:
        night, number = "first", 1  # (the Juggler guesses on their first day)
    then_night = _night_after_day_told(scene.u.question)
    # "cannibal ate the raven keeper and then the demon killed the cannibal at night": the
    # night told after the day is played after it
    before = [] if then_night else _actions(scene, table, night, only=_before_day(scene))
    killer = next((w for w in table.seat_of if w == DEMON or scene.team(w) == "demon"), None)
    for name in late:
        # "klutz died and pointed at the imp": the Klutz chooses on learning it died, so
        # it dies in the night before (to the Demon, unless a choice told kills it)
        if killer is not None and not any(name in a.get("targets", ()) for a in before):
            before.append({"player": table.name(killer), "targets": [name]})
    out = [_night_phase(number, before)] if before else []
    out.append({"phase": "day", "number": number, "events": events})
    subjects = {e.get("target") for e in events} | {e.get("by") for e in events}
    late_choosers = _after_day(scene) | (_before_day(scene) if then_night else set())
    executed = {e["target"] for e in events if e.get("type") in ("execute", "exile")}
    after = [
        _not_on_the_executed(scene, table, a, executed)
        for a in _actions(scene, table, "other", only=late_choosers)
        if (a["player"] not in subjects or then_night)
        # "saint is drunk (sweetheart died day 1) and the town executes them": the death the
        # night before staged is not staged again on the dead player the night after
        and a not in before
    ]
    # (one that learns of the day's execution without choosing, the Undertaker, wakes in that
    # night too; not where the question says the executed player did not die: the day is
    # staged with a death, so the night after would show what did not happen)
    learns = any(
        night_spec(c) is None
        and _wakes(scene, c, "other")
        and _OF_AN_EXECUTION.search(_ability(scene, c))
        for c in _after_day(scene)
    ) and not DEATH_DENIED_TOLD.search(scene.u.question)
    # (nor one that learns of the day's nominations, the Town Crier)
    learns = learns or any(
        night_spec(c) is None
        and _wakes(scene, c, "other")
        and _OF_NOMINATIONS.search(_ability(scene, c))
        for c in _after_day(scene)
    )
    # (and one whose guesses today are counted tonight, the Juggler; whose statement today
    # kills tonight if true, the Gossip)
    # (and one whose choice today acts tonight, the Moonchild's)
    tonight = any(
        e["type"] == "ability"
        and "by" in e
        and _TONIGHT_AFTER.search(_ability(scene, table.character(e["by"])))
        for e in events
    )
    if after or learns or guessed or tonight or _statement_made(events) or scene.s.next_day:
        out.append(_night_phase(number + 1, after))
    if scene.s.next_day:
        out.append({"phase": "day", "number": number + 1, "events": []})
    return out


def _not_on_the_executed(
    scene: Scene, table: Table, action: dict[str, Any], executed: set[str]
) -> dict[str, Any]:
    """A choice the night after a day's execution, not told to fall on the one executed
    ("godfather, an outsider was executed today": the Godfather chooses someone alive), moved
    onto a good filler alive; as it is where the question told it."""
    told = {
        table.name(t)
        for a, t in scene.s.links
        if t in table.seat_of and a in table.seat_of and table.name(a) == action.get("player")
    }
    targets = action.get("targets") or []
    if not set(targets) & executed or set(targets) & told:
        return action
    spare = [
        n
        for w, n in table.seat_of.items()
        if w.startswith("@good") and n not in executed and n not in targets
    ]
    moved = [t if t not in executed or not spare else spare.pop(0) for t in targets]
    return {**action, "targets": moved}


def _night_after_day_told(question: str) -> bool:
    """The question tells a night after the day's execution, and none before it: "... was
    executed and then the demon killed the cannibal at night", "cannibal ate the rk, then
    that night ..."."""
    lower = question.lower()
    day = EXECUTION_TOLD.search(lower) or _EATS.search(lower)
    night = _NIGHT_AFTER.search(lower, day.end()) if day else None
    return night is not None and not _NIGHT_WORD.search(lower, 0, day.start())


# a night told after something, with a word of sequence: "and then ... at night", "that night"
_NIGHT_AFTER = re.compile(
    r"\bthen\b[^.?!]*\b(?:at night|that night|tonight|overnight|in the night|that nite|tonite)\b"
    r"|\b(?:that|the next|next) (?:night|nite)\b"
)
_NIGHT_WORD = re.compile(r"\bnight|\bnite|\btonight|\btonite|\bn[1-9]\b")


_OF_AN_EXECUTION = re.compile(r"\bexecut", re.IGNORECASE)
_OF_NOMINATIONS = re.compile(r"\bnominated today\b|\bvoted today\b", re.IGNORECASE)
# a death asked: "does the chef still die", "do they die", "will she survive"
_DEATH_ASKED = re.compile(
    r"\b(?:does|do|did|will|would|is|are|can)\b[^.?!;]*\b(?:die|dies|dead|survive|survives"
    r"|live|lives)\b"
    # "who dies next night", "when does the chef die"
    r"|\bwho\s+(?:dies|will\s+die|is\s+dead|gets\s+killed)\b|\bwhen\b[^.?!;]*\bdie\b",
    re.IGNORECASE,
)


def _delayed_death_asked(scene: Scene, table: Table, actions: list[dict[str, Any]]) -> bool:
    """The Pukka chooses someone in the night played and the question asks whether someone
    dies: the Pukka's poison kills the night after, which a replay of the one night would
    not reach (its rule: "The previously poisoned player dies then becomes healthy")."""
    if "pukka" not in table.seat_of or not _DEATH_ASKED.search(scene.u.question):
        return False
    pukka = table.name("pukka")
    return any(a["player"] == pukka and a.get("targets") for a in actions)


def _nomination_to_die(
    scene: Scene, table: Table, actions: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The nomination a kill asked about waits on, where the question tells none: a
    character whose ability kills the one it chose if that player nominates the next day
    (the Witch's "if they nominate tomorrow, they die"; the engine's ``sees_nomination``
    hook) chooses tonight, and the question asks whether it kills or someone dies, saying
    nothing of a nomination nor of a death at night. The one chosen nominates another
    living player."""
    question = scene.u.question
    if not _KILL_ASKED.search(question) or _NOMINATION_DENIED.search(question):
        return None
    for action in actions:
        targets = action.get("targets") or ()
        if not _kills_on_nomination(table.character(action["player"])) or len(targets) != 1:
            continue
        chosen = targets[0]
        alive = [p["name"] for p in table.players if not p.get("dead")]
        if chosen not in alive:
            return None
        others = [n for n in alive if n not in (chosen, action["player"])]
        # (a filler first: a named character's own rule on being nominated is no part of the
        # question: "virgin in play. witch cursed the monk" had the Monk nominate the Virgin
        # and be executed by her before the curse)
        named = {table.name(c) for c in scene.s.seated if c in table.seat_of}
        others.sort(key=lambda n: n in named)
        target = others[0] if others else action["player"]
        return {"type": "nominate", "by": chosen, "target": target}
    return None


def _kills_on_nomination(cid: str) -> bool:
    """Whether ``cid``'s ability kills the one it chose if they nominate (the engine's
    ``sees_nomination`` hook: the Witch)."""
    handler = handler_for(cid)
    return handler is not None and "sees_nomination" in handler.hooks


def nomination_staged(request: dict[str, Any], question: str) -> str | None:
    """The player the replay has nominate where the question told no nomination, because
    the kill asked about waits on it (_nomination_to_die): the premise a yes rests on ("Yes,
    if Ann nominates the next day: ..."). None where the replay stages no such nomination."""
    if _NOMINATING_SAID.search(question):
        return None  # (the question tells it: "monk nominates", "if they nominate")
    characters = {p["name"]: p["character"] for p in request.get("players") or ()}
    chosen = set()
    for phase in request.get("phases") or ():
        for action in phase.get("actions") or ():
            if _kills_on_nomination(characters.get(action.get("player"), "")):
                chosen.update(action.get("targets") or ())
        for event in phase.get("events") or ():
            if event.get("type") == "nominate" and event.get("by") in chosen:
                return event["by"]
    return None


# whether it kills, or someone dies, asked ("does the witch curse kill", "does the cursed
# player die"); not a death at night ("does the witch kill at night")
_KILL_ASKED = re.compile(
    r"^(?!.*\b(?:at night|tonight|overnight|in the night)\b)"
    r".*\b(?:does|do|did|will|would|can|could|is|are)\b[^.?!;]*"
    r"\b(?:kill|kills|die|dies|dead|death)\b",
    re.IGNORECASE | re.DOTALL,
)
# a nomination denied ("ann didnt nominate", "nobody nominated", "no nominations today")
_NOMINATION_DENIED = re.compile(
    r"\b(?:no|not|never|nobody|noone|didn'?t|doesn'?t|don'?t|won'?t|without)\b"
    r"[^.?!;]{0,20}\bnom(?:inat\w*|s|m\w*|d|ed)?\b",
    re.IGNORECASE,
)
# someone nominating, told ("monk nominates", "if they nominate"; not "on nomination")
_NOMINATING_SAID = re.compile(
    r"\bnominat(?:e|es|ed|ing)\b|\bnoms?\b(?!\s+(?:are|were|open|start))|\bnomm?e?d\b",
    re.IGNORECASE,
)


def _night_phase(number: int, actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {"phase": "night", "number": number, "actions": actions}


def _night(scene: Scene) -> str:
    """The night asked about; else the first night if the first named character who wakes
    at night wakes only then (the one whose learning is asked first: "vortox in play, what
    does the chef learn")."""
    if scene.u.night:
        return scene.u.night
    waking = [c for c in scene.s.seated if _wakes(scene, c, "first") or _wakes(scene, c, "other")]
    learner = _learner_asked(scene)
    if learner in waking:
        waking = [learner, *(c for c in waking if c != learner)]
    elif any(
        (a == DEMON and Condition.DEAD in scene.u.conditions.get(t, ()))
        or (_wakes(scene, a, "other") and not _wakes(scene, a, "first"))
        for a, t in scene.s.links
    ):
        # "does the chef die if the imp attacks him": an act told of one who acts only after
        # the first night is played on such a night, whoever is named first (the unnamed
        # Demon's attack on one whose death is told or asked too: "the chef was poisoned ...
        # and the demon attacked her. is she dead")
        return "other"
    first_only = bool(waking) and not _wakes(scene, waking[0], "other")
    return "first" if first_only else "other"


# "what does the chef learn", "what will my empath see", "can the chef get a true number"
_LEARNING_ASKED = re.compile(
    r"\b(?:what )?(?:does|do|did|will|would|should|can|could) (?P<who>(?:\w+ ){1,3}?)"
    r"(?:learn|see|get|find out)\b",
    re.IGNORECASE,
)


def _learner_asked(scene: Scene) -> str | None:
    """The named character whose learning the question asks about, if one."""
    asked = _LEARNING_ASKED.search(scene.u.question)
    if asked is None:
        return None
    who = asked.group("who").lower()
    return next((m.id for m in scene.u.mentions if m.text.lower() in who), None)


def _wakes(scene: Scene, cid: str, night: str) -> bool:
    return cid in scene.kb.night.get(night, {})


def _ability(scene: Scene, cid: str) -> str:
    return scene.kb.ability(cid)


# a day ability used on learning of one's own death (the Klutz's "When you learn that you
# died, publicly choose 1 alive player: if they are evil, your team loses"; the Moonchild's,
# whose kill "Tonight" is played the night after the day: _TONIGHT_AFTER)
_ON_ONES_DEATH = re.compile(r"\bwhen you (?:learn that you )?di(?:e|ed)\b", re.IGNORECASE)
# a day ability whose effect comes that night: "Tonight, if it was a good player, they die"
_TONIGHT_AFTER = re.compile(r"\btonight\b", re.IGNORECASE)


def _dead_to_act(scene: Scene, table: Table, events: list[dict[str, Any]]) -> list[str]:
    """The players whose day ability the question tells and who use it only on their own
    death, where the day does not execute them: they die the night before (a death told, or
    the only way the choice told is made: "klutz picks the imp")."""
    executed = {e["target"] for e in events if e["type"] in ("execute", "exile")}
    return [
        e["by"]
        for e in events
        if e["type"] not in ("nominate", "execute", "exile", "vote")
        and e["by"] not in executed
        and _ON_ONES_DEATH.search(_ability(scene, table.character(e["by"])))
        and (
            Condition.DEAD in scene.conditions(table.character(e["by"]))
            or (
                not _ALIVE_SAID.search(scene.u.question)
                and _choosing_told(scene, table.character(e["by"]))
            )
        )
    ]


_ALIVE_SAID = re.compile(r"\b(?:alive|living|still alive|hasn'?t died|not dead)\b", re.IGNORECASE)


def _before_day(scene: Scene) -> set[str]:
    """Who chooses the night before the day asked about: abilities about executions or
    nominations, and those the question links to someone (not those about "today")."""
    linked = {actor for actor, _ in scene.s.links}
    return {
        c
        for c in scene.s.seated
        if not TODAY.search(_ability(scene, c))
        and (
            c in linked
            or DAY_CONCEPTS & scene.concepts(c)
            or Condition.SELF_TARGET in scene.conditions(c)
        )
    }


def _after_day(scene: Scene) -> set[str]:
    return {c for c in scene.s.seated if TODAY.search(_ability(scene, c))}


# ---- night actions -----------------------------------------------------------------------


def _actions(
    scene: Scene, table: Table, night: str, only: set[str] | None = None
) -> list[dict[str, Any]]:
    """Each named character's choice tonight (``only``: just these), then the Demon's attack
    on whoever the question says dies at night, if no named killer attacks."""
    out = []
    for cid in scene.s.seated:
        spec = night_spec(cid)
        if spec is None or not _wakes(scene, cid, night) or table.player(cid).get("dead"):
            continue
        if _named_only_as(scene, cid):
            continue  # "investigator sees the recluse as the poisoner": no Poisoner's act told
        if cid == LUNATIC and not any(a == cid for a, _ in scene.s.links):
            continue  # a Lunatic's pretend attack only where the question tells one
        if (
            _DIES_TO_CHOOSE.search(_ability(scene, cid))
            and Condition.PROTECTED in scene.conditions(cid)
            and not any(a == cid for a, _ in scene.s.links)
            and not rx.search(r"\bwak(?:e|es|en|ing)\b|\bwoken?\b", scene.u.question.lower())
        ):
            # "ravenkeeper protected by the monk, imp attacks him": no choice of the
            # Ravenkeeper's told, it chooses only on dying, and it is told protected (the
            # engine refused the staged choice: "not woken tonight", which led the answer)
            continue
        if only is None or cid in only:
            action = _action(scene, table, cid, spec)
            out += [_apart(scene, table, cid, action, out)] if action else []
    if (
        night == "other"
        and not any(_killer(scene, table.character(a["player"])) for a in out)
        and not _asked_death_chosen_by_a_killer(scene, table, out)
        and not _deadly_choice_made(scene, table, out)
    ):
        for attack in _demon_attack(scene, table, fallback=only is None):
            # "lycan kills a good player ... the demon's kill": not both on the one victim
            out.append(_apart(scene, table, table.character(attack["player"]), attack, out))
    return out


def _may_kill(scene: Scene, cid: str) -> bool:
    """Whether ``cid``'s ability may kill (a Demon's, an Assassin's, a Harlot's "you both
    might die"; not a protection's "cannot die": the Innkeeper's)."""
    concepts = scene.concepts(cid)
    return bool(({"kill"} | KILLERS) & concepts) and "protection" not in concepts


def _deadly_choice_made(scene: Scene, table: Table, actions: list[dict[str, Any]]) -> bool:
    """A named character whose own choice may kill makes it tonight ("harlot picks someone
    and they nod yes, do both die", a Gambler's guess), and the question tells no Demon's
    attack: the deaths it asks about are that choice's."""
    return not rx.search(r"\bdemon\b|\battack", scene.u.question.lower()) and any(
        _own_choice_kills(scene, table.character(a["player"])) and a.get("targets") for a in actions
    )


def _asked_death_chosen_by_a_killer(
    scene: Scene, table: Table, actions: list[dict[str, Any]]
) -> bool:
    """ "lycanthrope picks the fool, does the fool die": the one whose death is asked was
    chosen by a named character whose night ability kills (not a Demon's or Minion's: the
    Lycanthrope's); the Demon's attack staged on them too would answer another question."""
    dying = {
        table.name(cid) for cid, c in scene.u.asked if c is Condition.DEAD and cid in table.seat_of
    }
    return any(
        _may_kill(scene, table.character(a["player"]))
        # (not a choice of oneself: "sailor chose himself, can he die")
        and (dying - {a["player"]}) & set(a.get("targets") or ())
        for a in actions
    )


# an ability whose choice poisons whom it chooses (the Poisoner's, the Widow's; not the Snake
# Charmer's, which poisons only a Demon it swaps with)
_POISONS_THE_CHOSEN = re.compile(r"\bchoose [^:.]{0,20}players?: they are poisoned\b", re.I)


def _poison_told(scene: Scene) -> bool:
    """The question tells someone poisoned, or a poisoning ("the poisoner poisoned ...")."""
    return (
        any(Condition.POISONED in conditions for conditions in scene.u.conditions.values())
        or any(c is Condition.POISONED for _, c in scene.u.generic)
        or bool(_POISONING.search(scene.u.question))
    )


def _choosing_told(scene: Scene, cid: str) -> bool:
    """A choice of the character's told, whoever it falls on ("the poisoner picked him first",
    "hes the first one to pick the goon"): a verb of choosing in the clause after its name."""
    words = question_words(scene.u)
    for mention in (m for m in scene.u.mentions if m.id == cid):
        for word in words[mention.end : mention.end + 10]:
            if word.gap_before and word.index > mention.end:
                break
            if word.bare in CHOICE_VERBS or word.bare in ("hit", "hits", "went", "goes"):
                return True
    return False


_POISONING = re.compile(r"\bpois(?:on|ons|oned|oning|ens|end)\b", re.IGNORECASE)


def _named_only_as(scene: Scene, cid: str) -> bool:
    """Every mention of the character is what another is seen, shown or registers as ("the
    recluse as the poisoner"), and nothing it does is told: no choice of its own to play."""
    words = question_words(scene.u)
    mentions = [m for m in scene.u.mentions if m.id == cid]

    def as_one(start: int) -> bool:
        k = start - 1
        if k >= 0 and words[k].bare in ("the", "a", "an"):
            k -= 1
        return k >= 0 and words[k].bare == "as" and not words[start].gap_before

    return (
        bool(mentions)
        and all(as_one(m.start) for m in mentions)
        and not any(a == cid for a, t in scene.s.links if t != cid)
    )


# "the lycan and the assassin both went for the chef", "same player": one target, as told
_SAME_TARGET = re.compile(
    r"\b(?:same (?:player|person|guy|target)"
    r"|both (?:\w+ )?(?:kill|attack|pick|chose|went|go|target)\w*)\b",
    re.I,
)


def _apart(
    scene: Scene, table: Table, cid: str, action: dict[str, Any], before: list[dict[str, Any]]
) -> dict[str, Any]:
    """A second killing ability that would fall on the one victim another killer already
    chose, only because the question names no target for it ("lycan killed a good player
    tonight, does the assassin kill still go thru"), kills a good filler instead: two
    attacks on one player show neither."""
    victim = table.seat_of.get(VICTIM)
    if (
        action.get("targets") != [victim]
        or VICTIM in {t for a, t in scene.s.links if a == cid}
        or "kill" not in actions(_ability(scene, cid))
        or _SAME_TARGET.search(scene.u.question)
    ):
        return action
    killers = [
        a for a in before if "kill" in actions(_ability(scene, table.character(a["player"])))
    ]
    if not any(a.get("targets") == [victim] for a in killers):
        return action
    taken = {t for a in before for t in a.get("targets", [])}
    free = [table.name(w) for w in table.fillers() if table.name(w) not in taken]
    return {**action, "targets": free[:1]} if free else action


def _attack_told(scene: Scene, cid: str) -> bool:
    """Whether the question tells of ``cid``'s attack: a death said or asked, a match-up, or
    the killer's own name (or "the demon", for a Demon) right before an attack's verb; not
    another's verb ("snake charmer hit the vortox", "ft picks the chef and the imp")."""
    question = scene.u.question.lower()
    if _A_DEATH.search(question):
        return True
    return _named_attack(scene, cid)


def _named_attack(scene: Scene, cid: str) -> bool:
    """The killer's own name (or "the demon", for a Demon) right before an attack's verb: "the
    imp goes for", "po attacks"."""
    question = scene.u.question.lower()
    words = question_words(scene.u)
    ends = [words[m.end - 1].end for m in scene.u.mentions if m.id == cid]
    starts = [words[m.start].start for m in scene.u.mentions if m.id == cid]
    if scene.team(cid) == "demon":
        ends += [found.end() for found in rx.finditer(r"\bdemon\b", question)]
        starts += [found.start() for found in rx.finditer(r"\bdemon\b", question)]
    # (or right after it, in the passive: "neighbour attacked by the imp")
    return any(_AFTER_NAME.match(question, end) for end in ends) or any(
        _BY_NAME.search(question[:start]) for start in starts
    )


# the killer's verb in the passive, right before its name: "attacked by the", "picked by"
_BY_NAME = re.compile(
    r"\b(?:attacked|targeted|picked|chosen|hit|stabbed|eaten|gone for)\s+by\s+"
    r"(?:the\s+|a\s+|an\s+|their\s+)?$"
)
# a death the question says or asks, or a match-up ("drunk monk vs assassin"): the killer's
# attack is part of it
# ("dead" and "survived" are not: "a dead TF neighbour" is a state, "survived the execution")
_A_DEATH = re.compile(r"\b(?:dies|die|died|dying|kill\w*|vs|versus|v)\b")
# the killer's verb right after its name: "the imp (then) goes for", "po attacks"
_AFTER_NAME = re.compile(
    r"(?:'s)?\s+(?:\w+\s+){0,3}?(?:attack\w*|goes for|go for|went for|hits?|targets?|targeted"
    r"|picks?|picked|chose|chooses|stabs?|stabbed|ate|eats)\b"
)


def _only_chosen(scene: Scene, cid: str) -> bool:
    """The question tells ``cid`` only as another's choice: no act of its own, no match-up
    ("drunk monk vs assassin"), no state told of it that its own act would matter for."""
    return _chosen_only(scene, cid) and not scene.conditions(cid)


def _chosen_only(scene: Scene, cid: str, by: Callable[[str], bool] = lambda _: True) -> bool:
    """The question tells ``cid`` as the choice of another (one ``by`` holds of), with no act
    of its own and no match-up ("drunk monk vs assassin")."""
    links = scene.s.links
    return (
        any(t == cid and a != cid and by(a) for a, t in links)
        and not any(a == cid for a, _ in links)
        and not _A_MATCH_UP.search(scene.u.question)
    )


_A_MATCH_UP = re.compile(r"\b(?:vs|versus|v)\b", re.IGNORECASE)


def _killer(scene: Scene, cid: str) -> bool:
    """Whether ``cid`` kills by its night choice (not the Witch, whose curse kills by day)."""
    return (
        bool(KILLERS & scene.concepts(cid))
        and night_spec(cid) is not None
        and not _kills_on_nomination(cid)
    )


# a Demon that chooses at set-up who the Minions are: "[You choose which players are which
# Minions ...]"
_CHOOSES_THE_MINIONS = re.compile(r"\bwhich (?:players are which )?minions?\b", re.IGNORECASE)
# a choice of players of one side, none named: "picks two evil players", "chose 2 good ones"
_SIDE_CHOSEN = re.compile(
    rf"{_CHOSE}\s+(?:two|2|both)\s+(?P<side>evil|good)\s+(?:players?|people|ppl|ones|guys)\b",
    re.IGNORECASE,
)


# an ability's choice that excludes Travellers: "(not yourself or Travellers)"
_NOT_TRAVELLERS = re.compile(r"\(not [^)]*\btravell?ers?\)", re.IGNORECASE)


def _action(scene: Scene, table: Table, cid: str, spec: NightSpec) -> dict[str, Any] | None:
    """One named character's choice: players per its NightSpec, and a character if it names
    one (the one the question says, else its target's own)."""
    named = _named_character(scene, cid) if spec.character else None
    asked_self = Condition.SELF_TARGET in scene.conditions(cid)  # the engine judges it
    told = {t for a, t in scene.s.links if a == cid} - {regurgitated(scene)}
    guess = guesses(scene.kb.characters.get(cid, {}))  # the one guessed may be the one named
    no_travellers = bool(_NOT_TRAVELLERS.search(_ability(scene, cid)))
    pool = [
        w
        for w in _candidates(scene, table, cid)
        if w in table.seat_of
        and (w != named or guess)
        # (nor the one they think they are: "the drunk thinks they are the chambermaid" seats
        # both names on one player)
        and not (spec.not_self and table.name(w) == table.name(cid) and not asked_self)
        # "choose a player (not yourself or Travellers)": the Dreamer never picks the Barista
        and not (no_travellers and w != cid and scene.team(w) == "traveller")
    ]
    if not asked_self:
        # (another player before oneself: "the drunk thinks they are the exorcist" did not
        # mean the Exorcist chooses its own player)
        pool.sort(key=lambda w: table.name(w) == table.name(cid))
    if (
        _killer(scene, cid)
        and not (
            _attack_told(scene, cid)
            if scene.team(cid) == "demon"
            else ATTACK_TOLD.search(scene.u.question)
        )
        and not asked_self
        and not any(w in told or _brings(scene, cid, w) for w in pool)
    ):
        return None  # "no dashii's neighbour is dead, do i still poison them": no kill asked
    if (
        _killer(scene, cid)
        and not asked_self
        and not told
        # the choice of one whose ability may kill (the Harlot's "you both might die")
        and _chosen_only(scene, cid, by=lambda actor: _may_kill(scene, actor))
        and not _named_attack(scene, cid)
    ):
        # "harlot picks the imp, do they both die": the deaths asked are the Harlot's; an
        # attack of the Imp's own nobody tells would kill someone else (was "...; Ben (Chef)
        # dies")
        return None
    if (
        not _killer(scene, cid)
        and _POISONS_THE_CHOSEN.search(_ability(scene, cid))
        and not told
        and not asked_self
        and not _poison_told(scene)
        and not _choosing_told(scene, cid)
        and not any(_brings(scene, cid, w) for w in pool)
    ):
        # "chef, the imp and poisoner sit next to each other": a poisoning nobody tells would
        # make the Chef's number the storyteller's (was "learns 1 (not reliable: Ann is
        # poisoned)")
        return None
    if (
        "protection" in scene.concepts(cid)
        and not _killer(scene, cid)
        and not told
        and not asked_self
        and _only_chosen(scene, cid)
        and not any(_brings(scene, cid, w) for w in pool)
    ):
        # "innkeeper picked the chef and the monk. demon attacks the chef": the Monk is told
        # only as the Innkeeper's pick; a protection of its own nobody tells would decide
        # the Chef's death (was "Ben does not die: Cat's Monk ability protects them")
        return None
    if (
        _killer(scene, cid)
        and _CHOOSES_THE_MINIONS.search(_ability(scene, cid))
        and rx.search(
            rf"{_CHOSE}\s+(?:the\s+|their\s+|its\s+|his\s+|her\s+)?minions\b",
            scene.u.question.lower(),
        )
    ):
        # "kazali picks the minions": its set-up choice of who the Minions are, not a kill
        return None
    pool = list(dict.fromkeys(pool))
    if spec.targets > 1 and told:
        # "innkeeper made my monk drunk. monk protected the slayer ...": the picks the
        # question does not tell go to players nothing else is told of, before one another
        # acts on or whose fate is asked (the Innkeeper's untold second pick protecting the
        # Slayer would answer another question)
        asked = {cid for cid, _ in scene.u.asked}
        others = {t for a, t in scene.s.links if a != cid} | asked
        pool = sorted(pool, key=lambda w: w not in told and w in others)
    side = _SIDE_CHOSEN.search(scene.u.question) if spec.targets > 1 else None
    if side is not None and not told - {VICTIM, MINION, DEMON}:
        # "seamstress picks two evil players": the players of that side first
        evil = side.group("side").lower() == "evil"
        pool = sorted(pool, key=lambda w: (scene.team(w) in ("minion", "demon")) != evil)
    count = 3 if cid == "po" and charged_po(scene) else spec.targets  # a charged Po's three
    targets = [table.name(w) for w in pool][:count]
    if len(targets) < count:
        return None
    action: dict[str, Any] = {"player": table.name(cid), "targets": targets}
    told_guess = guessed_as(question_words(scene.u), list(scene.u.mentions), cid) if guess else None
    if spec.character and told_guess is not None and told_guess[0] in table.seat_of:
        # "gambler guesses the chef as the empath": the Chef's player, guessed the Empath
        action["targets"] = [table.name(told_guess[0]), *targets[1:]]
        action["character"] = _character_of(scene, table, told_guess[1])
        return action
    if spec.character:
        chosen = (
            _character_of(scene, table, named)
            if named
            else _made_unnamed(scene, table, cid)
            or (
                _wrong_guess(scene, table, targets[0])
                if guess and _WRONG.search(scene.u.question)
                else None
            )
            or (table.character(targets[0]) if targets else None)
        )
        if (
            named
            and guess
            and targets
            and chosen == table.character(targets[0])
            and _WRONG.search(scene.u.question)
        ):
            # "gambler guesses the imp wrong": the character named, guessed of a player who
            # is not it (the guess told wrong)
            chosen = _wrong_guess(scene, table, targets[0]) or chosen
        if chosen is None:
            return {"player": table.name(cid), "decline": True} if spec.optional else None
        action["character"] = chosen
    return action


# a guess the question says was wrong: "guessed wrong", "a wrong guess", "guesses incorrectly"
_WRONG = re.compile(
    r"\bguess\w*\s+(?:\w+\s+){0,2}?(?:wrong\w*|incorrect\w*)\b|\b(?:wrong|incorrect)\s+guess",
    re.IGNORECASE,
)


def _wrong_guess(scene: Scene, table: Table, target: str) -> str | None:
    """A character the player guessed is not: the Demon in play (the guess a storyteller
    most often hears), or, for the Demon's own player, the first good one seated."""
    truth = table.character(target)
    seated = [table.character(name) for name in table.seat_of.values()]
    for team in ("demon", "townsfolk"):
        for cid in seated:
            if cid != truth and scene.kb.characters.get(cid, {}).get("team") == team:
                return cid
    return None


def _named_character(scene: Scene, cid: str) -> str | None:
    """The character the question says ``cid`` names ("turns someone into Lil' Monsta"; "made
    the savant mad about being the juggler": the Juggler)."""
    spec = night_spec(cid) or NightSpec()
    about = mad_about(scene.u)
    if about is not None and about != cid and spec.character:
        return about
    named = [
        t
        for a, t in scene.s.links
        if a == cid
        and t != cid
        and (t in scene.s.named or (t in (DEMON, MINION) and spec.targets))
        # "makes a second demon": not the Demon in play (see _made_unnamed)
        and not (t in (DEMON, MINION) and Condition.BECOMES in scene.s.generic.get(t, ()))
    ]
    return named[-1] if named else None


def _made_unnamed(scene: Scene, table: Table, cid: str) -> str | None:
    """The character ``cid`` names where the question says it makes "a demon" or "a minion"
    without naming one: the first of that team by id, not in play, of ``cid``'s edition if
    it has one (which one is the Storyteller's or the player's; the replay needs one)."""
    for stand_in in (DEMON, MINION):
        if Condition.BECOMES not in scene.s.generic.get(stand_in, ()):
            continue
        team = stand_in[1:]
        seated = {table.character(name) for name in table.seat_of.values()}
        edition = scene.kb.characters.get(cid, {}).get("edition")
        pool = sorted(
            (c.get("edition") != edition, i)
            for i, c in scene.kb.characters.items()
            if c.get("team") == team and i not in seated and scene.kb.official(i)
        )
        if pool:
            return pool[0][1]
    return None


def _character_of(scene: Scene, table: Table, who: str) -> str:
    if who in table.seat_of:
        return table.character(table.name(who))
    return who if who in scene.s.named else NEUTRAL[who]


def _candidates(scene: Scene, table: Table, cid: str) -> list[str]:
    """Who ``cid`` acts on, best first (see the module notes)."""
    s = scene.s
    out = [cid] if Condition.SELF_TARGET in scene.conditions(cid) else []
    out += [target for actor, target in s.links if actor == cid]
    if s.neighbour_attacked and _killer(scene, cid):
        out.append(VICTIM)  # "assassin picks one of them": a neighbour, the victim stand-in
    out += [w for w in table.seat_of if _brings(scene, cid, w)]
    killer = _killer(scene, cid)
    out += [
        c
        for c in s.seated
        if c != cid and night_spec(c) is None and (not killer or ATTACKED & scene.concepts(c))
    ]
    rest = [w for w in table.seat_of if w not in (cid, VICTIM) and not w.startswith("@good")]
    return [*out, VICTIM, *table.fillers(), *rest]


def _brings(scene: Scene, actor: str, who: str) -> bool:
    """Whether ``who`` has a condition ``actor``'s ability brings about (protection, poison,
    drunkenness, death at night)."""
    if who == actor:
        return False
    conditions, concepts = scene.conditions(who), scene.concepts(actor)
    if any(
        c in conditions and concept in concepts and _chosen_so(scene, actor, c)
        for c, concept in BRINGS.items()
    ):
        return True
    return bool(KILLERS & concepts) and who in _deaths(scene)[0]


# how an ability words each state its choice brings about
CHOSEN_SO = {
    Condition.PROTECTED: re.compile(r"\bsafe\b|\bprotect|\bcan'?t die\b|\bcannot die\b", re.I),
    Condition.POISONED: re.compile(r"\bpoison", re.I),
    Condition.DRUNK: re.compile(r"\bdrunk\b", re.I),
}


def _chosen_so(scene: Scene, actor: str, condition: Condition) -> bool:
    """Whether the actor's choice itself brings the state: "choose a player: they are
    poisoned" (the Pukka), not a state it brings about otherwise ("choose a player: they
    die. Your 2 Townsfolk neighbours are poisoned": the No Dashii kills whom it chooses)."""
    return any(
        "choose" in sentence.lower() and CHOSEN_SO[condition].search(sentence)
        for sentence in rx.split(r"(?<=[.!?])\s+", _ability(scene, actor))
    )


def _demon_attack(scene: Scene, table: Table, *, fallback: bool) -> list[dict[str, Any]]:
    """The filler Demon attacks who the question says dies tonight; with ``fallback`` and no
    named character choosing, a named character whose ability is about being attacked."""
    chooser = _choosing_on_dying(scene)
    if DEMON not in table.seat_of:
        # a named Demon acts as the question has it; told no attack, it makes the death a
        # choice told of a Ravenkeeper needs ("ravenkeeper picks the imp")
        demon = next(
            (
                c
                for c in scene.s.seated
                if scene.team(c) == "demon"
                and night_spec(c)
                and c != chooser
                and not any(a == c for a, _ in scene.s.links)
            ),
            None,
        )
        if chooser is None or demon is None:
            return []
        return [{"player": table.name(demon), "targets": [table.name(chooser)]}]
    told = [t for a, t in scene.s.links if a == DEMON and t in table.seat_of]
    if told:  # "demon attacked the fool ... does grandma die": the Fool, as told
        return [{"player": table.name(DEMON), "targets": [table.name(told[0])]}]
    if bounced_onto(scene, table.seat_of) is not None:
        # "mayor bounces the kill to the soldier, does the soldier die": the kill bounced is
        # the Demon's on the Mayor, whoever's death is asked
        return [{"player": table.name(DEMON), "targets": [table.name("mayor")]}]
    passive = _attacked_passively(scene)
    if passive is not None and passive in table.seat_of:
        # "the mayor is attacked, monk protects the mayor": the unnamed Demon's attack
        return [{"player": table.name(DEMON), "targets": [table.name(passive)]}]
    if scene.s.neighbour_attacked and VICTIM in table.seat_of:
        # "tea lady neighbours are good, can the demon kill them": one of the neighbours
        return [{"player": table.name(DEMON), "targets": [table.name(VICTIM)]}]
    wanted = _deaths(scene)[0]
    if (
        not wanted
        and fallback
        and not any(night_spec(c) for c in scene.s.seated)
        # (not the storyteller's own kill asked: "can i still tinker-kill him")
        and ATTACK_TOLD.search(_STORYTELLER_KILL.sub(" ", scene.u.question))
        # (not an attack told of a named character the engine does not play: "lunatic
        # attacks the mayor" is no Demon's attack on the Mayor)
        and not any(a in scene.s.seated and a != t for a, t in scene.s.links)
    ):  # "imp goes for the soldier": not "the player next to the tea lady is dead"
        wanted = [c for c in scene.s.seated if ATTACKED & scene.concepts(c)]
    if not wanted and fallback and (safe := _safety_asked(scene)) in table.seat_of:
        # "monk picks the goon, is the goon safe from the demon": the unnamed Demon's attack
        # on the one chosen tries the protection asked (the Goon makes the Monk drunk)
        wanted = [safe]
    if not wanted and VICTIM in table.seat_of and _demon_went_for_the_one_chosen(scene):
        wanted = [VICTIM]  # "the drunk monk protected exactly who the demon went for"
    if not wanted and chooser is not None:
        wanted = [chooser]  # "ravenkeeper picks the drunk": it chooses on dying at night
    return [{"player": table.name(DEMON), "targets": [table.name(wanted[0])]}] if wanted else []


def _safety_asked(scene: Scene) -> str | None:
    """The named character asked to be protected ("is the goon safe from the demon", "can
    the goon be protected by the monk") that another named character chose, where the
    question tells no attack; else None."""
    if _HARM_TOLD.search(scene.u.question):
        return None
    chosen = {t for a, t in scene.s.links if a != t}
    asked = protected_asked(scene.u, scene.u.question.lower())
    return next((cid for cid in asked if cid in chosen), None)


# the storyteller's kill: "can i kill the tinker", "can we still tinker-kill him"
# (and a death denied: "so he cant die")
_STORYTELLER_KILL = re.compile(
    r"\b(?:i|we)\b(?:\s+\w+){0,3}?\s+[\w-]*kill\w*\b"
    r"|\b(?:cant|can't|cannot|can not|wont|won't|doesnt|doesn't|dont|don't)\s+(?:\w+\s+)?die\b",
    re.IGNORECASE,
)
# an attack or death the question tells or asks (not a choice: "monk picks the goon")
_HARM_TOLD = re.compile(
    r"\b(?:attack\w*|goes for|go for|went for|going for|kill\w*|eats?|ate|eaten|stab\w*"
    r"|targets?|targeted|dies?|died|dead|shoots?|shot)\b",
    re.IGNORECASE,
)


def _attacked_passively(scene: Scene) -> str | None:
    """The named character the question says is attacked, by no one named ("the mayor is
    attacked", "the soldier got targeted"), in a clause that tells it (not "is the mayor
    attacked?")."""
    question = scene.u.question
    words = question_words(scene.u)
    for mention in scene.u.mentions:
        after = question[words[mention.end - 1].end :]
        told = _PASSIVE_ATTACK.match(after)
        if told is not None and not after[told.end() :].lstrip().startswith("?"):
            return mention.id
    return None


_PASSIVE_ATTACK = re.compile(
    r"\s+(?:is|was|gets|got|being|has been)\s+(?:\w+\s+)?(?:attacked|targeted|hit)\b"
    r"(?!\s+by\b)",
    re.IGNORECASE,
)


def _choosing_on_dying(scene: Scene) -> str | None:
    """A named character told choosing whose ability chooses only when it dies at night
    ("ravenkeeper picks the drunk"), where the question tells no execution: its death that
    night is how the choice is made (else the engine refuses it: not woken tonight)."""
    if EXECUTION_TOLD.search(scene.u.question):
        return None
    return next(
        (
            c
            for c in scene.s.seated
            if _DIES_TO_CHOOSE.search(_ability(scene, c))
            and any(a == c and t != c for a, t in scene.s.links)
        ),
        None,
    )


# an ability that chooses only when its owner dies at night (the Ravenkeeper's)
_DIES_TO_CHOOSE = re.compile(r"\bif you die at night, you are woken to choose\b", re.IGNORECASE)


def _demon_went_for_the_one_chosen(scene: Scene) -> bool:
    """The question tells the unnamed Demon's attack on the one a named character chose, in
    a relative clause ("protected exactly who the demon went for", "the player the demon
    attacked"): the unnamed victim the replay seats."""
    question = scene.u.question.lower()
    return any(
        _AFTER_NAME.match(question, found.end()) for found in _RELATIVE_DEMON.finditer(question)
    )


# "who the demon", "whoever the demon", "the player the demon": a relative clause's subject
_RELATIVE_DEMON = re.compile(
    r"\b(?:who|whom|whoever|(?:the|that|same) (?:player|person|guy|one))\s+the demon\b"
)


# a death said not to be the Demon's: "not to the demon", "from something other than the
# Demon's kill", "a non-demon death"
_NOT_THE_DEMONS = re.compile(
    r"\bnot (?:to|by|from) (?:the |a |their )?demon\b|\bother than (?:the |a )?demon\b"
    r"|\bnon-?demon\b",
    re.IGNORECASE,
)


def _deaths(scene: Scene) -> tuple[list[str], list[str]]:
    """(who dies at night, who dies by day) as the question says: the Demon, a Minion and
    anyone dying "during the day" die by execution; the rest at night."""
    if not EVENT_DEATH.search(scene.u.question.lower()):
        return [], []
    everyone = [*scene.s.seated, VICTIM, DEMON, MINION]
    dying = [
        w
        for w in everyone
        if Condition.DEAD in scene.conditions(w)
        and Condition.EXECUTED not in scene.conditions(w)
        and not scene.already_dead(w)
        # "turns a player into a demon, who dies?": the Demon made is not the one dying
        and not (w in (DEMON, MINION) and Condition.BECOMES in scene.conditions(w))
    ]
    # a death asked of someone in the day's nomination ("the thief nominated the virgin,
    # does the thief die") is the nomination's to decide, not a night attack's
    nominating = {w for pair in _nominations(scene) for w in pair} | {
        w for w in everyone if Condition.NOMINATED in scene.conditions(w)
    }
    # "the witch cursed the virgin, the virgin nominates, does she die": the nomination's too
    nominating |= {_nominating_unnamed(scene, scene.s.seated)} - {None}
    asked = {cid for cid, c in scene.u.asked if c is Condition.DEAD}
    dying = [w for w in dying if not (w in nominating and w in asked)]
    # a death asked where the question tells nothing that could cause it ("imp is poisoned,
    # does the imp die"): staging one would answer the question with itself
    if not _CAUSE_TOLD.search(scene.u.question.lower()):
        caused = {t for a, t in scene.s.links if a != t}
        dying = [w for w in dying if not (w in asked and w not in caused)]
    # nor is one asked of the target of a day ability the question tells ("slayer shoots the
    # recluse, does the recluse die"): the shot decides it, a night attack would pre-empt it
    shot = {t for a, t in scene.s.links if a in scene.s.seated and _acts_by_day(a)}
    # ... nor of the one who uses it ("does the slayer die if he shoots the recluse")
    users = {a for a, t in scene.s.links if a in scene.s.seated and _acts_by_day(a) and a != t}
    # ... nor of the one a named character whose ability may kill chose ("harlot picks the
    # imp, do they both die": the Harlot's to decide, not an execution staged)
    chosen = {t for a, t in scene.s.links if a in scene.s.seated and a != t and _may_kill(scene, a)}
    dying = [w for w in dying if not (w in chosen and w in asked)]
    # ... nor a Demon's told ("zombuul killed by the slayer": the shot's death, not an
    # execution too; a Recluse's death told hangs on what they register as, which the
    # replay's staged death shows)
    dying = [
        w
        for w in dying
        if not (w in shot and (w in asked or scene.team(w) == "demon"))
        and not (w in users and w in asked)
    ]
    # a death asked about as the outcome of an execution the question tells ("grandchild
    # executed, does grandma die") is the replay's to show, not a Demon attack to stage
    told = [w for w in everyone if Condition.EXECUTED in scene.conditions(w) and w not in asked]
    if told or any(c is Condition.EXECUTED for _, c in scene.u.generic):
        dying = [w for w in dying if w not in asked]
    # so is one asked about as the outcome of a grandchild's death it tells ("the demon kills
    # her grandkid, does gran die too"): the grandchild's death is staged, the asked one shown
    # (not any death told beside one asked: measured on ask_holdout200-203, that lost one)
    if any(_relation_died(a, c) for a, c in scene.u.generic):
        dying = [w for w in dying if w not in asked]
    # "the imp killed himself n2": the death is its own night's choice, played as that
    dying = [
        w
        for w in dying
        if not (
            Condition.SELF_TARGET in scene.conditions(w)
            and scene.kb.concepts.get(w, frozenset()) & KILLERS
        )
    ]
    # "gambler is drunk and guessed wrong, does he die": one whose own choice tonight may
    # kill them dies by it or not, as the replay plays the choice; a Demon's attack staged on
    # them would answer another question
    dying = [w for w in dying if not (w in asked and _own_choice_kills(scene, w))]
    # "sage got killed by the gossip": a death the question gives to a named killer whose
    # kill the replay cannot play (no night choice, no day event) is nobody's to stage, not
    # a Demon's attack in its place
    unplayed = {
        t
        for a, t in scene.s.links
        if a != t
        and a in scene.s.seated
        and _KILLS.search(_ability(scene, a))
        and night_spec(a) is None
        and a not in DAY_EVENT
    }
    dying = [w for w in dying if w not in unplayed]
    # "the lunatic attacks someone, does that person die": the Lunatic's choice is the
    # attack asked about, played as theirs (which kills nobody), not the Demon's
    fake = {t for a, t in scene.s.links if a == LUNATIC}
    dying = [w for w in dying if w not in fake]
    if _NOT_THE_DEMONS.search(scene.u.question):
        # "the sage died at night but not to the demon": a death the question denies the
        # Demon is no Demon's attack to stage (the replay has no other cause to play)
        dying = [w for w in dying if scene.s.by_day]
    # "imp kills the zombuul tonight": a Demon or Minion a night killer the engine plays goes
    # for dies that night, where the question tells no execution
    executed = bool(EXECUTION_TOLD.search(scene.u.question))
    attacked = set()
    if not executed:
        attacked = {
            t
            for a, t in scene.s.links
            if a in scene.s.seated
            and "kill" in actions(scene.kb.ability(a))
            and handler_for(a) is not None
            and not _acts_by_day(a)
        }
    # (a Demon or Minion asked to die "tonight" is not staged an execution)
    tonight = bool(_TONIGHT.search(scene.u.question)) and not executed
    # (nor one told dying at night, "today" said of something else: "witch cursed someone n3
    # and then died that same night to the demon. is the curse still live today")
    at_night = bool(_DIED_AT_NIGHT.search(scene.u.question)) and not executed
    # (not a host a day ability acts on: "slayer shot the lleech host": the shot decides)
    day_acted = any(t == VICTIM and _acts_by_day(a) for a, t in scene.s.links)
    by_day = [
        w
        for w in dying
        if (scene.s.by_day and not at_night)
        or (
            scene.team(w) in ("demon", "minion")
            and w not in attacked
            and not tonight
            and not at_night
        )
        # "the lleech's host died": the host is the Lleech's choice that night, so the death
        # told comes after it, by day
        or (w == VICTIM and any(a == "host" for a, _ in scene.u.generic) and not day_acted)
    ]
    return [w for w in dying if w not in by_day], by_day


# a death told at night or by the Demon: "died that same night to the demon", "was killed
# overnight", "died last night"; or asked of the night: "can the vizier die at night"
_DIED_AT_NIGHT = re.compile(
    r"\b(?:died|dies|die|killed)\b[^.?!;]{0,30}?\b(?:at night|(?:that|the) (?:same )?night"
    r"|overnight|last night|in the night|to the demon|by the demon)\b",
    re.IGNORECASE,
)


# what can cause a death, told: a kill, an attack, a shot, an execution, a nomination, a
# choice, a death told of another
_CAUSE_TOLD = re.compile(
    r"\b(?:kill\w*|attack\w*|shoot\w*|shot|slay\w*|stab\w*|hits?|hit|went for|goes for"
    r"|go for|execut\w*|exe|exed|exe'd|lynch\w*|nominat\w*|nom\w*|chose|choose\w*|pick\w*"
    r"|point\w*|target\w*|ate|eats?|died|dies|dead|death|bounce\w*|swap\w*|jump\w*"
    r"|curse\w*|guess\w*|statement|said|says|tonight|night|n[2-9])\b"
)


def _relation_died(anchor: str, condition: Condition) -> bool:
    """The question tells the death of someone it names by a named character's relation to
    them ("the demon kills her grandkid", "the lleech's host died"), as a premise."""
    return condition is Condition.DEAD and (anchor in GRANDCHILDREN or anchor == "host")


# an ability whose effect is a death: "Tonight, if it was true, a player dies" (Gossip),
# "choose a player that voted: they die" (Gunslinger); not "... & the Demon dies, you become
# the Demon" (Scarlet Woman)
_KILLS = re.compile(r"[:,] (?:a player|they|that player) (?:dies|die)\b", re.IGNORECASE)
# an ability whose own choice may kill its owner: "if you guess wrong, you die" (Gambler),
# "you both might die" (Harlot); not "If you die at night, ..." (Ravenkeeper)
_OWN_DEATH = re.compile(r"[:,] (?:but )?you (?:both )?(?:might )?die\b", re.IGNORECASE)


def _own_choice_kills(scene: Scene, cid: str) -> bool:
    """``cid`` chooses tonight, and the choice may kill it (the Gambler's guess)."""
    return (
        night_spec(cid) is not None
        and not KILLERS & scene.concepts(cid)
        and bool(_OWN_DEATH.search(_ability(scene, cid)))
    )


# ---- the day -----------------------------------------------------------------------------


def _day_events(scene: Scene, table: Table) -> list[dict[str, Any]]:
    """Day abilities the question says are used, then the nomination and execution it is
    about (one execution a day)."""
    events = _day_abilities(scene, table)
    everyone = [w for w in [*scene.s.seated, VICTIM, DEMON, MINION] if w in table.seat_of]
    # "chef nominates the virgin, is the chef executed?": the execution asked is the
    # replay's to show, not one to stage
    executed = [
        w
        for w in everyone
        if Condition.EXECUTED in scene.conditions(w)
        and (w, Condition.EXECUTED) not in scene.u.asked
    ]
    executed += [w for w in _deaths(scene)[1] if w in table.seat_of]
    executed += [w for w in _eaten(scene) if w in table.seat_of and w not in executed]
    nominated = [w for w in everyone if Condition.NOMINATED in scene.conditions(w)]
    nominator = _unnamed_nominator(scene, table)
    if nominator is not None and not executed:
        # "a minion nominated today, what does the town crier learn": that Minion nominates
        # (the one the question says is nominated, else the victim stand-in), and is not one
        # nominated
        nominee = next((w for w in nominated if table.name(w) != nominator), VICTIM)
        return [*events, {"type": "nominate", "by": nominator, "target": table.name(nominee)}]
    voter = _voter_told(scene, table)
    if voter is not None and not executed and not nominated and nominator is None:
        # "flowergirl when the demon voted": someone not named nominates another, and the
        # one told votes (no execution follows from one hand)
        return [*events, *_a_vote(scene, table, voter)]
    subject = next(iter([*executed, *nominated]), None)
    if subject is None:
        nominating = _nominates_unnamed(scene, table)
        if nominating is not None and nominator is None:
            # "the witch cursed the mayor, mayor nominates": the Mayor nominates someone
            victim = table.name(VICTIM)
            return [*events, {"type": "nominate", "by": table.name(nominating), "target": victim}]
        if nominator is None and _acted_on_nominates(scene, table):
            # "the witch curses someone, they nominate": the one acted on nominates another
            target = next(n for w, n in table.seat_of.items() if n != table.name(VICTIM))
            return [*events, {"type": "nominate", "by": table.name(VICTIM), "target": target}]
        return events
    if subject in executed and scene.team(subject) == "traveller":
        # a Traveller is exiled, not nominated and executed ("the thief got exiled and died")
        return [*events, {"type": "exile", "target": table.name(subject)}]
    events.append(
        {"type": "nominate", "by": _nominator(scene, table, subject), "target": table.name(subject)}
    )
    if subject in executed:
        events.append({"type": "execute", "target": table.name(subject)})
        # "klutz executed, points at the baron": an ability used on one's own death follows
        # the execution
        name = table.name(subject)
        late = [
            e
            for e in events
            if e.get("by") == name
            and e["type"] not in ("nominate", "execute")
            and _ON_ONES_DEATH.search(_ability(scene, subject))
        ]
        events = [e for e in events if e not in late] + late
    return events


# an unnamed Minion or Demon making a nomination: "a minion nominated today", "with a minion
# nominating", "nominated by a minion" (not "a minion was nominated", "a minion nominated by
# the chef")
_TYPE_NOMINATES = re.compile(
    r"\b(?:a|an|the|one|some|any)\s+(?P<type>minion|demon)\s+"
    r"(?:(?!(?:was|is|were|got|gets|been|being|be)\b)\w+\s+)?"
    r"(?:nominated|nominates|nominating|noms|nommed|nomd|nomed|made\s+a\s+nomination"
    r"|makes\s+a\s+nomination)\b(?!\s+by\b)"
    # "virgin nominated by a minion"
    r"|\b(?:nominated|nommed|nomd|nomed)\s+by\s+(?:a|an|the|some|one)\s+(?P<by>minion|demon)\b",
    re.IGNORECASE,
)


# a vote told of a Demon or Minion left unnamed ("the demon voted"), or of a name
# ("the imp voted today"): not one denied ("the demon didnt vote") or asked ("did the demon
# vote": "vote", not "voted")
_TYPE_VOTED = re.compile(
    r"\b(?:a|an|the|one|some|any)\s+(?P<type>minion|demon)\s+(?:also\s+|just\s+|then\s+)?"
    r"(?:voted|votes|raised\s+(?:their|his|her|a)\s+hand|put\s+(?:their|his|her)\s+hand\s+up)\b",
    re.IGNORECASE,
)
_VOTED_AFTER = frozenset({"voted", "votes"})


def _voter_told(scene: Scene, table: Table) -> str | None:
    """The seat of the one the question says voted: a named character followed by "voted",
    else the Demon or Minion it speaks of unnamed (the one seated of that type)."""
    words = question_words(scene.u)
    for mention in scene.u.mentions:
        if mention.id in table.seat_of and _act_after_name(words, mention, _VOTED_AFTER):
            return table.name(mention.id)
    found = _TYPE_VOTED.search(scene.u.question)
    return _seat_of_type(scene, table, found.group("type").lower()) if found else None


def _seat_of_type(scene: Scene, table: Table, kind: str) -> str | None:
    """The seat of the Demon or Minion ("demon", "minion") the question speaks of unnamed:
    the filler of that type, else the one of that type named."""
    stand_in = MINION if kind == "minion" else DEMON
    if stand_in in table.seat_of:
        return table.name(stand_in)
    named = next((c for c in scene.s.seated if scene.team(c) == kind), None)
    return table.name(named) if named is not None else None


def _act_after_name(words: list[Word], mention: Mention, verbs: frozenset[str]) -> int | None:
    """The index of one of ``verbs`` right after the name, in its clause ("mayor nominates",
    "the imp then voted"), past "then", "just" and the like; None where there is none."""
    k = mention.end
    while k < len(words) and words[k].bare in _BETWEEN_NAME_AND_ACT:
        k += 1
    return k if k < len(words) and words[k].bare in verbs and not words[k].gap_before else None


def _a_vote(scene: Scene, table: Table, voter: str) -> list[dict[str, Any]]:
    """A nomination between two living players the question does not name (no ability of
    theirs set off by it), and the vote of ``voter`` on it."""
    named = {table.name(c) for c in scene.s.seated if c in table.seat_of}
    others = [
        p["name"]
        for p in table.players
        if p["name"] != voter and p["name"] not in named and not p.get("dead")
    ]
    if len(others) < 2:
        return []
    nominee = victim if (victim := table.seat_of.get(VICTIM)) in others else others[-1]
    by = next(n for n in others if n != nominee)
    return [
        {"type": "nominate", "by": by, "target": nominee},
        {"type": "vote", "nominee": nominee, "voters": [voter]},
    ]


def _unnamed_nominator(scene: Scene, table: Table) -> str | None:
    """The player an unnamed Minion or Demon who nominates stands for, where the question
    says one does: the filler of that type, or the one of that type named."""
    found = _TYPE_NOMINATES.search(scene.u.question)
    if found is None or VICTIM not in table.seat_of:
        return None
    return _seat_of_type(scene, table, (found.group("type") or found.group("by")).lower())


# a nomination's verb after a name, with nobody named nominated ("mayor nominates", "the
# chef then nominates")
_NOMINATES_AFTER = frozenset("nominates nominated noms nommed nomd nomed".split())


def _eaten(scene: Scene) -> list[str]:
    """The one a Cannibal is told eating ("the cannibal eats the poisoner"): eaten is executed
    (its ability is the executee's)."""
    if not _EATS.search(scene.u.question):
        return []
    return [
        t
        for a, t in scene.s.links
        if a != t and _EXECUTEE_ABILITY.search(_ability(scene, a)) and t in scene.s.seated
    ]


_EATS = re.compile(r"\b(?:eats?|ate|eaten|eating)\b", re.IGNORECASE)
_EXECUTEE_ABILITY = re.compile(r"\bability of the recently killed executee\b", re.IGNORECASE)


_BETWEEN_NAME_AND_ACT = frozenset({"then", "just", "also", "still", "now", "later"})


def _acted_on_nominates(scene: Scene, table: Table) -> bool:
    """The unnamed player a named character acted on is said to nominate, by a pronoun or
    "that player" ("the witch curses someone, they nominate", "the cursed guy nominated")."""
    return (
        VICTIM in table.seat_of
        and any(t == VICTIM and a != VICTIM for a, t in scene.s.links)
        and bool(_UNNAMED_NOMINATES.search(scene.u.question))
    )


_UNNAMED_NOMINATES = re.compile(
    r"\b(?:they|he|she|that (?:player|person|guy|one)|the cursed (?:player|person|guy|one))"
    r"\s+(?:then\s+|just\s+|later\s+|also\s+)?(?:nominates?|nominated|noms|nommed|nom)\b",
    re.IGNORECASE,
)


def _nominates_unnamed(scene: Scene, table: Table) -> str | None:
    """The named character the question says nominates where it names nobody nominated."""
    return _nominating_unnamed(scene, table.seat_of)


def _nominating_unnamed(scene: Scene, seats: Iterable[str]) -> str | None:
    """The one of ``seats`` the question says nominates, naming nobody nominated."""
    words = question_words(scene.u)
    for mention in scene.u.mentions:
        if mention.id not in seats or mention.id in {a for a, _ in scene.s.by}:
            continue
        k = _act_after_name(words, mention, _NOMINATES_AFTER)
        if k is not None:
            after = words[k + 1] if k + 1 < len(words) else None
            if after is None or after.gap_before or after.bare not in ("by",):
                return mention.id
    # "my witch cursed herself ... and then nominated someone": the subject left out is the
    # sentence's first name
    for k, word in enumerate(words):
        if word.bare not in _NOMINATES_AFTER or k == 0 or words[k - 1].bare not in _ELIDED:
            continue
        start = max((j for j in range(k + 1) if words[j].opens_sentence), default=0)
        first = next(
            (m for m in sorted(scene.u.mentions, key=lambda m: m.start) if start <= m.start < k),
            None,
        )
        if first is not None and first.id in seats and first.id not in {a for a, _ in scene.s.by}:
            return first.id
    return None


def _acted_on_tonight(scene: Scene) -> bool:
    """A named character whose night choice the question does not tell acts on the night
    before the day (its default choice is the victim stand-in)."""
    return any(
        night_spec(c) is not None and not any(a == c for a, _ in scene.s.links)
        for c in _before_day(scene)
    )


# an ability set off by its owner's being nominated (the Virgin's)
_ON_BEING_NOMINATED = re.compile(r"\byou are nominated\b", re.IGNORECASE)
# the words before a verb whose subject is left out: "and then nominated"
_ELIDED = frozenset({"and", "then", "n", "&"})


def _nominations(scene: Scene) -> tuple[tuple[str, str], ...]:
    """The (nominator, nominee) pairs the question tells: its "by" pairs whose second one is
    nominated; not "can the soldier be killed by the slayer", the Slayer's shot."""
    return tuple((a, t) for a, t in scene.s.by if Condition.NOMINATED in scene.conditions(t))


# the day's act of one who chooses by night told: madness broken, an execution
_DAY_ACT_TOLD = re.compile(
    r"\b(?:broke|breaks?|breaking|broken|stopp\w*|stops?|dropp\w*|drops?|exe\w*|execut\w*"
    r"|kill\w*|today|during the day|by day|gave up|giving up|quit\w*)\b"
    r"|\b(?:not|n't|stopped) (?:\w+ )?(?:trying|pushing|acting|playing|claiming)\b",
    re.IGNORECASE,
)


def _acts_by_day(cid: str) -> bool:
    handler = handler_for(cid)
    return handler is not None and "day" in handler.hooks


def _day_abilities(scene: Scene, table: Table) -> list[dict[str, Any]]:
    events = []
    nominations = _nominations(scene)
    for cid in scene.s.seated:
        if _STATEMENT_ABILITY.search(_ability(scene, cid)):
            # "gossip says the chef is the demon and it's false": the statement, as said
            said = _STATEMENT_TOLD.search(scene.u.question)
            if _acts_by_day(cid) and said is not None and _a_claim(scene, cid, said):
                text = said.group("text").strip()
                events.append({"type": "ability", "by": table.name(cid), "text": text})
            continue
        targets = [
            table.name(t)
            for a, t in scene.s.links
            if a == cid
            and t in table.seat_of
            and (a, t) not in scene.s.abilities
            and (a, t) not in nominations  # a nomination, not the ability: "beggar nominated"
        ]
        if not targets and _acts_by_day(cid) and _GUESSES_BY_DAY.search(_ability(scene, cid)):
            # "juggler guesses 3 right": that many right guesses, on players nothing else is
            # told of, each of the character they sit as
            events += _counted_guesses(scene, table, cid)
            continue
        if not _acts_by_day(cid) or not targets:
            continue
        if night_spec(cid) is not None and not _DAY_ACT_TOLD.search(scene.u.question):
            # "the cerenovus picked a drunk player. are they still mad?": a choice told of one
            # who chooses by night and acts by day on the same player (the Cerenovus's
            # execution for broken madness) is the night's, unless the day's act is told
            continue
        # (the players guessed, by the characters they sit as: "juggler guessed the recluse
        # as the imp" links the Recluse to the Imp, a guess this reading does not make)
        targets_of = {t for a, t in scene.s.links if a == cid}
        kind = DAY_EVENT.get(cid, "ability")
        event = {"type": kind, "by": table.name(cid)}
        if _GUESSES_BY_DAY.search(_ability(scene, cid)):
            # "juggler guesses the imp and the spy correctly": a guess per player, of the
            # character the question names them by (not a guess told wrong: which character
            # was guessed instead is not told)
            guessed_as = any(a in targets_of and c in scene.kb.characters for a, c in scene.s.links)
            # (every other character named is one guessed, or the count would fall short of
            # what the question tells: "guessed the imp and the poisoner right")
            unread = set(scene.s.seated) - targets_of - {cid}
            if not _GUESSED_WRONG.search(scene.u.question) and not guessed_as and not unread:
                events += [
                    {**event, "targets": [name], "character": table.character(name)}
                    for name in targets
                ]
            continue
        events.append(
            {**event, "target": targets[0]} if kind == "slay" else {**event, "targets": targets}
        )
    return events


# a day ability of a public statement (the Gossip's), and the statement the question tells:
# what follows "says" up to the clause's end, or to "and it's true / false"
_STATEMENT_ABILITY = re.compile(r"\bmake a public statement\b", re.IGNORECASE)
_STATEMENT_TOLD = re.compile(
    r"\b(?:says|said|claims|claimed|states|stated)\s+(?:that\s+)?"
    r"(?P<text>[^,.;?!]+?)(?=\s+(?:and|but|which)\s+(?:it'?s|its|it\s+is|it\s+was|is|was)\b|[,.;?!]|$)",
    re.IGNORECASE,
)
# whether the statement is true, told: "and it's false", "which is true", "(not) true"
_STATEMENT_TRUTH = re.compile(
    r"\b(?:it'?s|its|it\s+is|it\s+was|which\s+is|which\s+was|that'?s|is|was)\s+"
    r"(?P<truth>not\s+true|untrue|false|a\s+lie|true|correct|right|wrong)\b",
    re.IGNORECASE,
)


# what a statement told only by its truth says ("said something true", "the true thing"):
# no claim to play
_NO_CLAIM = re.compile(
    r"\b(?:true|false|untrue|thing|something|statement|lie|today|tonight|yesterday|when|while"
    r"|but|if)\b",
    re.IGNORECASE,
)


def _a_claim(scene: Scene, speaker: str, said: re.Match[str]) -> bool:
    """The statement told is a claim about a character named ("the chef is the demon"): a
    name in it, other than the speaker's, and a copula; not a statement told only as true
    or false ("gossip said something true today")."""
    text = said.group("text")
    if _NO_CLAIM.search(text) or not rx.search(r"\b(?:is|are|was|were|isn't|aren't)\b", text):
        return False
    words = question_words(scene.u)
    start, end = said.start("text"), said.end("text")
    return any(
        m.id != speaker and start <= words[m.start].start and words[m.end - 1].end <= end
        for m in scene.u.mentions
    )


def statement_truth(question: str) -> bool | None:
    """Whether the question says the statement told is true (None: it does not say)."""
    said = _STATEMENT_TOLD.search(question)
    found = _STATEMENT_TRUTH.search(question, said.end()) if said else None
    if found is None:
        return None
    return found.group("truth").lower() in ("true", "correct", "right")


# a day ability of public guesses at players' characters (the Juggler's), and a guess told
# wrong
_GUESSES_BY_DAY = re.compile(r"\bpublicly guess\b", re.IGNORECASE)
# how many guesses were right, told: "guesses 3 right", "got two correct", "3 correct guesses"
_COUNTED_RIGHT = re.compile(
    r"\b(?P<n>[0-5]|zero|none|one|two|three|four|five)\s+(?:of\s+them\s+|guesses\s+)?"
    r"(?:right|correct|correctly)\b",
    re.IGNORECASE,
)
_COUNT_WORDS = {"zero": 0, "none": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _counted_guesses(scene: Scene, table: Table, cid: str) -> list[dict[str, Any]]:
    """The right guesses the question counts ("juggler guesses 3 right"), each of another
    player as the character they sit as (none where the count is not told, or is more than
    the other players)."""
    found = _COUNTED_RIGHT.search(scene.u.question)
    if found is None:
        return []
    said = found.group("n").lower()
    count = int(said) if said.isdigit() else _COUNT_WORDS[said]
    me = table.name(cid)
    others = [p["name"] for p in table.players if p["name"] != me and not p.get("dead")]
    if count > len(others):
        return []
    return [
        {"type": "ability", "by": me, "targets": [name], "character": table.character(name)}
        for name in others[:count]
    ]


_GUESSED_WRONG = re.compile(r"\b(?:wrong\w*|incorrect\w*|miss\w*|none right)\b", re.IGNORECASE)


def _guesses_by_day(events: list[dict[str, Any]]) -> bool:
    """The day's events hold a guess whose count is learned that night (the Juggler's)."""
    return any("character" in e and e["type"] == "ability" for e in events)


def _statement_made(events: list[dict[str, Any]]) -> bool:
    """The day's events hold a statement whose truth kills that night (the Gossip's)."""
    return any("text" in e and e["type"] == "ability" for e in events)


def _nominator(scene: Scene, table: Table, subject: str) -> str:
    """Who the question says nominates ("nominated by the Drunk"; "the virgin nominates
    herself": the one nominated), else the victim."""
    named = [a for a, t in scene.s.by if t == subject and a in table.seat_of]
    if not named and scene.nominates_itself(subject):
        named = [subject]
    if not named:
        # "my witch cursed herself ... then nominated someone today": the one the question
        # says nominates, naming nobody nominated
        said = _nominating_unnamed(scene, table.seat_of)
        named = [said] if said is not None and said != subject else []
    if named:
        return table.name(named[0])
    if (
        _kills_on_nomination(subject)
        and not {Condition.DEAD, Condition.EXECUTED} & set(scene.conditions(subject))
        and VICTIM in table.seat_of
        and not any(a == subject for a, _ in scene.s.links)
        and _KILL_ASKED.search(scene.u.question)
    ):
        # "does the witch kill on nomination": the one she curses tonight (the victim
        # stand-in, her choice untold) nominates, as the kill asked about waits on that
        return table.name(VICTIM)
    # (an alive one: "pacifist is dead now, ... executed good players": not the dead Pacifist,
    # whose nomination the engine refuses)
    alive = {p["name"] for p in table.players if not p.get("dead")}
    # (nor one the question has die the night before: "lycan kills a good player ..., does
    # the assassin target die" had the Lycanthrope's victim nominate at dawn)
    dying = set(_deaths(scene)[0])
    # (a good filler first: not a named character, whose own nomination is no part of the
    # question and whose night after would be skipped: "godfather, an outsider was executed
    # today" had the Godfather nominate, and not act that night)
    others = sorted(
        (w for w in table.seat_of if w != subject), key=lambda w: not w.startswith("@good")
    )
    if (
        subject != VICTIM
        and VICTIM in table.seat_of
        and (scene.s.victim_outsider or scene.s.victim_traveller or not _acted_on_tonight(scene))
    ):
        # the victim stand-in (the Outsider or Traveller the question says nominates), not
        # where a named character's choice tonight may fall on it: "what happens if the
        # witch dies at night" had the one the Witch cursed nominate her and die
        others = [VICTIM, *others]
    if _ON_BEING_NOMINATED.search(_ability(scene, subject)) and not (
        scene.s.victim_outsider or scene.s.victim_traveller
    ):
        # "virgin executed, what happens": a Townsfolk's nomination of the Virgin would have
        # executed the nominator instead; an evil filler nominates (not where the question
        # says who: "nominated by an outsider", "a traveller nominates")
        others = sorted(others, key=lambda w: not w.startswith((DEMON, MINION)))
    able = [w for w in others if table.name(w) in alive]
    return table.name(next((w for w in able if w not in dying), able[0] if able else others[0]))
