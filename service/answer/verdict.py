"""What was retrieved -> a verdict in one or two plain sentences: yes, no, storyteller or info.

Nothing here knows a rule. The text is read aloud at the table: it leads with the outcome
(yes, no, "your choice: …", or what the deciding ruling says) and gives the reason in the
sources' own words, with no file names or line numbers; the rulings it rests on go to
``because`` (id, source, lines, quote). The deciding sentence is the one of the best rulings
that speaks most directly to the question (for several characters, also the best word on the
next one); night order comes from the official night sheet, a jinx decides when there is one.
Yes or no is said only where it cannot be a guess: "does X go before Y" from the night sheet,
and a yes/no question about one character whose deciding sentence states, of that character
in the asked condition, the very outcome asked about ("die", "work", "wake", ...). A sentence
that leaves the outcome to the Storyteller makes the answer "storyteller". Where the deciding
ruling is one side of a confirmed disagreement, the verdict follows the more authoritative
source, says in brackets that the sources disagree, and lists every side in ``because``. When
nothing speaks to the question, it says the rulings don't settle it and it is the
Storyteller's call; when no character is recognised, it says what was not and the nearest
names.
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass, field, replace
from typing import Any

from service.answer import dead_choice, rx
from service.answer.beside import (
    dead_lose_their_ability,
    question_parts,
    second_part,
    second_voice,
    whole_example,
    with_elided,
    works_in_death,
)
from service.answer.cast import situation_of
from service.answer.deciding import (
    CHOOSING_ITSELF,
    KEEP_ASKED,
    KEPT_SAID,
    about,
    deciding_candidate,
    deciding_sentence,
    sentence_after,
    stem,
    told_candidate,
    with_next,
)
from service.answer.kb import AnswerKB
from service.answer.mentions import Unrecognised
from service.answer.phrasing import (
    Because,
    clause,
    joined,
    split_sentences,
    to_sentence,
    unique,
    with_aside,
    without_icons,
)
from service.answer.replayed import GENERAL_SOURCES
from service.answer.retrieve import NUMBERS, Retrieved
from service.answer.sayings import (
    DISAGREEMENT_TOLD,
    EXECUTION_TOLD,
    KEPT_ALIVE,
    KILL_MOVED,
    NIGHT_DEATH,
    NOTHING_PREVENTS,
    NUMERALS,
    WORDING,
    denied_state_told,
    night_death_told,
    none_alive_denied,
    spelled,
)
from service.answer.score import Found
from service.answer.understand import Understanding, question_words
from service.answer.words import (
    CLASS_ASKED,
    IMPAIRED_WORDS,
    NO_EXECUTION,
    NOT_A_TIME_AFTER,
    STOPWORDS,
    Condition,
    Kind,
)

_CHOICE = re.compile(
    r"judge?ment call|storyteller'?s? (?:choice|call|discretion)|your (?:choice|discretion|call)"
    r"|the storyteller (?:chooses|decides|may(?! not\b))|\byou may\b(?! not\b)"
    r"|\bup to (?:you|the storyteller)\b"
    r"|\bmight\b|either answer will do|whether to\b"
    # "deaths tonight are arbitrary"; "decide what makes a player scary", "prepare a word":
    # the Storyteller told to decide (not "choose ...": a printed ability's, the player's)
    r"|\b(?:is|are) arbitrary\b"
    # "add an Outsider token ..., remove an Outsider token ..., or do neither": the steps to
    # choose from
    r"|,\s+or do neither\b"
    # "do not show them the Grimoire — or show them a false one": either is the Storyteller's
    r"|\bdo not \w+[^.;—]*—\s*or \w+"
    r"|(?:^|[.;:,]\s*)(?:decide|prepare)\s+(?:what|which|who|whether|a|an)\b",
    re.IGNORECASE,
)
# registering, asked about in the question's own words
_ASKS_REGISTERING = re.compile(r"\bregist|\bping|\bshow(?:s|ing)? (?:up )?as\b|\bread", re.I)


# which one, or whose call, asked: "who becomes the new imp, is that my choice?", "does a
# minion die and which one"
_WHICH_ASKED = re.compile(
    # (not a relative: "can the recluse be the one who becomes the new imp")
    r"(?<!\bone )(?<!\bplayer )(?<!\bperson )(?<!\bguy )(?<!\bsomeone )(?<!\banyone )"
    r"\b(?:who|which(?: one| minion| player| of (?:them|the \w+))?)\s+(?:becomes?|dies|die|gets?"
    r"|is it|turns?|goes)\b|\band which(?: one)?\b|\bwhich one\b"
    r"|\b(?:is that|is it|thats|that's) (?:my|the (?:st|storyteller)'?s?) (?:call|choice|pick)\b"
    r"|\bup to me\b|\bany \w+ (?:player )?i (?:want|like|choose)\b",
    re.IGNORECASE,
)
# the rule's outcome befalls one of a kind, unnamed and unchosen: "a living Minion becomes the
# Imp", "a player of the Mage's alignment becomes that character"
_ONE_OF_A_KIND = re.compile(
    r"(?:^|[,;:]\s*|\b(?:and|then)\s+)(?:then\s+)?an?\s+(?:(?:living|alive|dead|good|evil"
    r"|random|different|other)\s+)?(?:minion|townsfolk|outsider|demon|player|good player"
    r"|evil player)(?:\s+of [^,;.]{3,30}?)?\s+(?:becomes|dies|is poisoned|is drunk|turns)\b",
    re.IGNORECASE,
)


def _which_one_yours(question: str, said: str) -> bool:
    """ "imp killed himself, 2 minions alive, who becomes the new imp, is that my choice?":
    "If the Imp pointed to themself, the Imp dies and a living Minion becomes the Imp." The
    rule says one of a kind, and no one chooses which: which, the question asks, is the
    storyteller's.

    >>> imp = "the Imp dies and a living Minion becomes the Imp."
    >>> _which_one_yours("who becomes the imp?", imp)
    True
    >>> _which_one_yours("can the recluse be the one who becomes the imp?", imp)
    False
    >>> _which_one_yours("does he die?", imp)
    False
    >>> _which_one_yours("who becomes the demon?", "If the Dirtminder is in play, and a Demon "
    ...                  "dies, wake the Dirtminder.")
    False
    >>> _which_one_yours("which one dies?", "they choose a player: a good player dies.")
    False
    """
    if not _WHICH_ASKED.search(question):
        return False
    main = _consequence(said).lstrip()  # past its premise: "If ..., and a Demon dies, ..."
    found = _ONE_OF_A_KIND.search(main)
    if found is None:
        return False
    return not rx.search(r"\bchoos|\bchose|\bpick", said[: said.find(main) + found.start()])


def _players_choice(best: Found, said: str) -> bool:
    """ "you may choose a player" in the printed ability (or a summary quoting it) is the
    player's choice, not the Storyteller's ("first time running the gunslinger")."""
    choices = {m.group(0).lower() for m in _CHOICE.finditer(said)}
    quoted = best.ruling["section"] == "ability" or said.lstrip().startswith(("“", '"'))
    return quoted and choices == {"you may"}


def _other_choice(question: str, said: str) -> bool:
    """The choice the sentence leaves is one the question does not ask about: "you might
    register as good ... even if dead" answers "do i keep showing the dead spy the grim"
    with a rule, not with the Storyteller's choice of how the Spy registers (asked of one
    character: with another, its ability may be what the Spy registers to)."""
    choices = [m.group(0).lower() for m in _CHOICE.finditer(said)]
    return (
        choices == ["might"] * len(choices)
        and bool(rx.search(r"\bmight (?:\w+ )?register", said, re.I))
        and not _ASKS_REGISTERING.search(question)
    )


_NEGATIVE = re.compile(
    # (not a head shaken "no": a gesture the rule describes, no denial)
    r"\b(?:not|(?<!head )no|nothing|nobody|none|never|cannot|can't|doesn't|don't|"
    r"isn't|neither|nor|without)\b|n't\b",
    re.IGNORECASE,
)
_AUXILIARY = re.compile(
    r"(?:^|[,;:\-–—]\s*)(?:can|could|does|do|did|is|are|was|were|will|would|"
    r"should|shall|must|has|have|may|am(?= i\b))\b",
    re.IGNORECASE,
)
# an auxiliary asking mid-sentence, its subject after it: "sailor drunk and gets executed
# does he die" (not after a wh-word of its clause: "what do i do", "how long does it last")
_INNER_AUXILIARY = re.compile(
    r"\b(?:does|did|can|will)(?= (?:he|she|they|it|i|we|the|that|this|my|our|a"
    r"|anybody|anyone|someone|somebody|any|demon|minion|townsfolk|outsider)\b)"
    # a subject without its article, told by the adverb after it: "died today does demon
    # still get the swap tonight"
    r"|\b(?:does|did|can|will)(?= [a-z]+ (?:still|even|also|actually|really|ever)\b)"
    r"|\bdo(?= (?:he|she|they|it|i|we)\b)"
    # ("can still do the swap", "to do the": the verb itself)
    r"|(?<!\bcan )(?<!\bto )(?<!\bstill )(?<!\bi )\bdo(?= (?:the|that|this|my|our|a)\b)",
    re.IGNORECASE,
)
_ASKING_WHEN = re.compile(
    r"\bwhen\b(?!\s+(?:we|i|he|she|they|it|the|a|an|my|our|his|her|their|you|someone|"
    r"somebody|anyone|nobody|no one|dead|alive|both|all|everyone)\b)",
    re.IGNORECASE,
)
_WH = re.compile(r"\b(?:what|whats|how|where|which|who|whom|why|whose)\b", re.IGNORECASE)
_QUESTION_NEGATION = re.compile(
    r"\b(?:(?<!\bor )not|cant|can't|cannot|doesnt|doesn't|dont|don't|isnt|"
    r"isn't|wont|won't|never)\b",
    re.IGNORECASE,
)  # "or not" at the end is a tag ("does the demon kill tonight or not"), not a negation


# outcome words a yes/no question asks about -> a common stem
OUTCOMES = {
    w: stem
    for stem, words in {
        "die": "die dies died dying",
        "kill": "kill kills killed",
        "work": "work works working",
        "protect": "protect protects protected protection safe",
        "wake": "wake wakes woken",
        "trigger": "trigger triggers triggered",
        "count": "count counts counted",
        "win": "win wins won",
        "lose": "lose loses lost",
        "learn": "learn learns learned learnt told find finds",
        "stop": "stop stops stopped",
        "change": "change changes changed",
        "turn": "turn turns turned flip flips flipped",
        "poison": "poisoned poisons",
    }.items()
    for w in words.split()
}


class Answer(enum.StrEnum):
    YES = "yes"
    NO = "no"
    STORYTELLER = "storyteller"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Verdict:
    """One or two plain sentences to read aloud, the rulings they rest on, and the replay's
    key facts (``replay_summary``, filled in by :mod:`service.answer.outcome`)."""

    answer: Answer
    text: str
    because: tuple[Because, ...] = ()
    replay_summary: tuple[str, ...] = ()
    # how the text was reached, so a replay can re-word it: a jinx or the night sheet decides
    # on its own (``firm``); ``aside`` is the bracketed note the text ends with, if any
    firm: bool = field(default=False, compare=False)
    aside: str = field(default="", compare=False)
    # the text answers in general (the ability itself, "what does the chef learn"): what a
    # replay shows is one example of it, said after it
    general: bool = field(default=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "answer": str(self.answer),
            "text": self.text,
            "because": [b.to_dict() for b in self.because],
            "replay_summary": list(self.replay_summary),
        }


def decide(u: Understanding, found: Retrieved, kb: AnswerKB) -> Verdict:
    """The verdict for a question from its understanding and its rulings (the replay's
    facts are added by :func:`service.answer.outcome.with_replay`)."""
    if not u.characters:
        return _unrecognised(u, found)
    wakes = _wakes_that_night(u, kb, found) or _wakes_every_night(u, kb)
    if wakes is not None:
        return _with_waking_jinx(wakes, found)
    jinxed = None
    if found.jinxes:
        named = tuple((m.text.lower(), kb.name(m.id).lower()) for m in u.mentions)
        jinxed = _jinx(found.jinxes[0], u.question, named)
    elif (listed := _jinxes_listed(u, kb)) is not None:
        return listed
    elif _no_jinx_listed(u, kb):
        names = " and the ".join(kb.name(c) for c in dict.fromkeys(u.characters))
        said = f"The official jinx list has no jinx between the {names}."
        because = Because(id=None, source="jinxes.json", lines=None, quote=said)
        return Verdict(Answer.NO, f"No: {said[0].lower()}{said[1:]}", (because,), firm=True)
    if u.kind is Kind.NIGHT_ORDER and found.night_order:
        if jinxed is not None and jinxed.answer in (Answer.YES, Answer.NO):
            # "can the summoner make a pukka on n2 instead of waiting for night 3": a night
            # asked about, answered yes or no by the jinx, not by the night sheet
            return _with_conflicts(jinxed, found, kb, u)
        instructed = _instructed_by_rulings(u, found, kb)
        if instructed is not None:
            return instructed
        return _with_waking_jinx(_night_order(u, found, kb), found)
    if jinxed is not None:
        return _with_conflicts(jinxed, found, kb, u)
    own_words = (
        _knows_itself_asked(u, kb)
        or _set_up_change_asked(u, kb)
        or _how_often_asked(u, kb)
        or _first_day_asked(u, kb)
    )
    if own_words is not None:  # (the ability's own words, with any disagreement beside)
        return _with_conflicts(own_words, found, kb, u)
    if (lasting := _how_long_asked(u, kb)) is not None:
        return _with_conflicts(lasting, found, kb, u)
    if (on_death := _on_death_asked(u, kb)) is not None:
        return _with_conflicts(on_death, found, kb, u)
    if u.kind is not Kind.HOW_TO_RUN and (ability := _ability_asked(u, kb)) is not None:
        name = kb.name(u.characters[0])
        return Verdict(
            Answer.INFO, f"The {name}: “{ability.quote}”", (ability,), firm=True, general=True
        )
    dead_chosen = (
        _dead_chosen(u, kb) or _anyone_chosen(u, kb) or _nobody_chosen(u, kb) or _made(u, kb)
    )
    if dead_chosen is not None:
        return _with_conflicts(dead_chosen, found, kb, u)
    if not found.rulings:
        names = ", ".join(kb.name(c) for c in u.characters)
        return Verdict(
            Answer.STORYTELLER, f"The rulings don't settle this for the {names}; it is your call."
        )
    if u.kind is Kind.REMINDERS:
        verdict = _reminders(u, found, kb)
        # whether to put a token down may be what the sources disagree on (the Fool's "No
        # Ability" when drunk): said, as for any ruling
        return (
            _with_conflicts(verdict, found, kb, u) if _PLACING_ASKED.search(u.question) else verdict
        )
    return _with_conflicts(_from_rulings(u, found, kb), found, kb, u)


_WH_WORD = re.compile(r"\b(?:who|whom|whose|what|which|how|when|where)\b", re.IGNORECASE)


def _made(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """ "can the pit hag turn someone into the imp", "make a second imp": a character made by
    an ability that makes only characters not in play (:func:`dead_choice.made_ruled`)."""
    found = dead_choice.MADE_ASKED.match(u.question.strip())
    if found is None or len(u.mentions) < 2 or u.conditions.get(u.mentions[0].id):
        return None
    words = question_words(u)
    maker = u.mentions[0]
    into = rx.search(r"\b(?:into|in to)\b", found.group("rest"))
    since = found.start("rest") + (into.end() if into else 0)  # "turn the chef into a vortox"
    made = next((m for m in u.mentions if words[m.start].start >= since), None)
    if made is None or maker.text.lower() != found.group("maker").lower() or made.id == maker.id:
        return None
    if len(u.question[found.start("rest") : words[made.start].start].split()) > 4:
        return None  # (the character made comes right after its verb: "turn X into the Imp")
    tail = u.question[words[made.end - 1].end :]
    if len(tail.split()) > 2 and not rx.match(r"\W*(?:if|when|while|since)\b", tail):
        return None  # ("make a demon just so the deaths take out lil monsta": more is asked)
    ruled = dead_choice.made_ruled(maker.id, made.id, found.group("rest"), kb)
    if ruled is None:
        return None
    may, said, because = ruled
    word, answer = ("Yes", Answer.YES) if may else ("No", Answer.NO)
    return Verdict(answer, f"{word}, {said}" if may else f"{word}: {said}", because, firm=True)


def _dead_chosen(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """ "can the monk protect a dead player": whether its ability may choose one
    (:mod:`service.answer.dead_choice`), for a question about one character."""
    if len(set(u.characters)) != 1 or not dead_choice.asked(u.question):
        return None
    if u.conditions.get(u.characters[0]):
        return None  # "can it pick a dead guy n1": more is asked than the choice
    others = [p for p in question_parts(u.question) if not dead_choice.asked(p)]
    if any(_WH_WORD.search(part) for part in others):
        return None  # "can she pick someone dead? what happens to them": that too
    ruled = dead_choice.ruled(u.characters[0], kb)
    if ruled is None:
        return None
    may, said, because = ruled
    word, answer = ("Yes", Answer.YES) if may else ("No", Answer.NO)
    return Verdict(answer, f"{word}: {said}.", because, firm=True)


# a choice of nobody, asked of one killer: "can the imp choose to kill no one", "can the imp
# choose not to kill"
_NOBODY_ASKED = re.compile(
    r"\W*(?:can|could|may|is|does|do)\b[^?.]*\b(?:(?:kill|attack|choose|pick|target)\s+"
    r"(?:no ?one|no-one|nobody)|not\s+(?:to\s+)?(?:kill|attack))\b[^?.]*\W*",
    re.IGNORECASE,
)
# an ability that itself speaks of choosing nobody ("If your last choice was no-one", "You may
# choose not to"): its rulings answer
_NOBODY_IN_ABILITY = re.compile(r"\bno-?one\b|\bnobody\b|\bmay choose\b|\bnot to\b", re.I)


def _nobody_chosen(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """ "can the imp choose to kill no one": a killer whose ability chooses a player each night
    chooses someone, and where any player, alive or dead, can be chosen (:mod:`dead_choice`),
    that is said with the rulings it rests on ("If the Imp attacks a dead player at night,
    let them do so.")."""
    if len(set(u.characters)) != 1 or not _NOBODY_ASKED.fullmatch(u.question.strip()):
        return None
    cid = u.characters[0]
    ability = kb.ability(cid)
    if u.conditions.get(cid) or _NOBODY_IN_ABILITY.search(ability):
        return None
    if not rx.search(r"\bchoose (?:a|1) player: they die\b", ability, re.IGNORECASE):
        return None
    ruled = dead_choice.ruled(cid, kb)
    if ruled is None or not ruled[0]:
        return None
    name = kb.name(cid)
    return Verdict(
        Answer.INFO,
        f"The {name} chooses a player each night (“{ability}”), so not no one; but {ruled[1]}.",
        ruled[2],
        firm=True,
        general=True,  # (the replay's attack is one case of the rule, not the answer)
    )


# the states a choice may bring on whom it chooses, in an ability's words: as the sources
# word each, but death as one brought ("they die", "kill"), not "a dead player" chosen
_BROUGHT = {
    **{
        c: WORDING[c]
        for c in (Condition.POISONED, Condition.DRUNK, Condition.PROTECTED, Condition.MAD)
    },
    Condition.DEAD: r"\bdies?\b|\bkill",
}


def _choice_brings(ability: str, condition: Condition) -> bool:
    """The sentence of ``ability`` that chooses brings ``condition`` on the one chosen ("choose
    a player: they are poisoned"; not the No Dashii's "choose a player: they die. Your 2
    Townsfolk neighbours are poisoned")."""
    words = _BROUGHT.get(condition)
    return words is not None and any(
        rx.search(r"\bchoose", sentence, re.IGNORECASE)
        and rx.search(words, sentence, re.IGNORECASE)
        for sentence in split_sentences(ability)
    )


def _anyone_chosen(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """ "can the monk protect the demon", "can the poisoner poison the imp": a choice of a
    kind of player or of another named character, asked and nothing else, where the chooser's
    ability chooses a player with no limit on who they are (:mod:`dead_choice`)."""
    if not u.mentions or len(set(u.characters)) > 2:
        return None
    chooser = u.mentions[0]
    others = [m for m in u.mentions if m.id != chooser.id]
    conditions = set(u.conditions.get(chooser.id, ()))
    # ("can the monk protect the monk": itself, named again; the whole question is matched
    # below, so a state it gives is the choice's own: "protected")
    again = [m for m in u.mentions[1:] if m.id == chooser.id]
    named_again = not others and len(again) == 1
    # (a state the choice itself brings: "can the pukka poison himself" reads the Pukka
    # poisoned as well; the whole question is matched below, so nothing else is told)
    itself = not others and (
        (
            Condition.SELF_TARGET in conditions
            and all(
                _choice_brings(kb.ability(chooser.id), c)
                for c in conditions - {Condition.SELF_TARGET}
            )
        )
        or named_again
    )
    if (conditions and not itself) or len(others) > 1:
        return None
    target = (
        re.escape(others[0].text)
        if others
        else re.escape(again[0].text)
        if named_again
        else dead_choice.ITSELF_CHOSEN
        if itself
        else dead_choice.KIND_CHOSEN
    )
    typed = dead_choice.anyone_asked(u.question, chooser.text, target)
    if typed is None:
        return None
    if others and _KILLING.search(u.question) and KEPT_ALIVE.search(kb.ability(others[0].id)):
        return None  # "can the imp kill the soldier": chosen, yes; killed is another matter
    if (
        others
        and _KILLING.search(u.question)
        and not _KILLS_THE_CHOSEN.search(kb.ability(chooser.id))
        # ("can the slayer shoot the imp": it dies, being the Demon)
        and not (
            _KILLS_THE_DEMON.search(kb.ability(chooser.id))
            and (kb.characters.get(others[0].id) or {}).get("team") == "demon"
        )
    ):
        return None  # "can the slayer kill the spy": chosen, yes; it dies only if the Demon
    if itself:
        chosen = _itself_chosen(chooser.id, kb)
        ruled = dead_choice.itself_ruled(chooser.id, kb) if named_again else None
        if chosen is not None or not named_again:
            return chosen
        # named again, where its own rulings are left to answer "protect himself" (the
        # replay plays that): a ruling of its own that it may ("The Poisoner may choose
        # themself, ..."), else its ability's "(not yourself)"
        may = next(
            (x for x in kb.sentences_of(chooser.id, _MAY_ITSELF) if not _NOT_ITSELF.search(x[1])),
            None,
        )
        if may is not None:
            said = may[1]
            return Verdict(
                Answer.YES,
                f"Yes: {said[0].lower()}{said[1:]}",
                (Because.from_ruling(*may),),
                firm=True,
            )
        if ruled is not None and not ruled[0]:
            return Verdict(Answer.NO, f"No: {ruled[1]}.", ruled[2], firm=True)
        return None
    of_kind = dead_choice.character_ruled(chooser.id, others[0].id if others else None, typed, kb)
    if of_kind is not None:
        # "can the philosopher pick the imp": a character is chosen, of the kind it says
        may, said, because = of_kind
        word, answer = ("Yes", Answer.YES) if may else ("No", Answer.NO)
        return Verdict(answer, f"{word}: {said}: “{kb.ability(chooser.id)}”", because, firm=True)
    ruled = dead_choice.anyone_ruled(chooser.id, typed, kb)
    if ruled is None:
        return None
    said, because = ruled
    if others:
        who = f"the {kb.name(others[0].id)}"
    else:
        kind = typed.lower().split()[0]
        who = f"{kind} player" if kind in ("evil", "good") else kind.title()
        who = f"{'an' if who[0] in 'aeiouAEIOU' else 'a'} {who}"
    return Verdict(Answer.YES, f"Yes: {said}: {who} too.", because, firm=True)


_KILLING = re.compile(
    r"\b(?:kill|kills|killing|attack|attacks|attacking|shoot|shoots|slay|slays)\b", re.IGNORECASE
)
# an ability whose choice dies, whoever it is: "choose a player: they die"
_KILLS_THE_DEMON = re.compile(r"\bif they are the Demon, they die\b", re.IGNORECASE)
_KILLS_THE_CHOSEN = re.compile(r"\bchoose (?:a|an alive|any) player:? they die\b", re.IGNORECASE)
# a ruling's case of a character choosing itself, with what follows ("If the Imp pointed to
# themself, ...", "If they choose themself, they lose ...", "If the Ojo names their own
# character, the Ojo dies")
_CASE_OF_ITSELF = re.compile(
    r"(?:if|when|whenever)\s+(?:the\s+[\w' -]+?|they|he|she|it)\s+(?:\w+\s+)?"
    + CHOOSING_ITSELF
    + r"[^,]*,\s*(?!.*\b(?:nothing happens|prompt|choose again)\b)",
    re.IGNORECASE,
)
# "A good player is a valid choice, and so is the Summoner themself"
_SO_IS_ITSELF = re.compile(r"\bso is the [\w' -]+? (?:themself|itself)\b", re.IGNORECASE)
# an ability that chooses: a player, a character, two players, or guesses, names, points
_CHOICE_IN_ABILITY = re.compile(
    r"\b(?:choos|chose|pick|point|guess|select|target|nominat|name)\w*", re.IGNORECASE
)


def _stepped(step: str, reminder: str) -> str:
    """A night-sheet step and its reminder ("on the first night, the Chef is step 40: Show the
    finger signal"); the step alone where the sheet gives it no reminder (a script's
    character: "the Amnesiac is step 51", not "step 51: .")."""
    return f"{step}: {clause(reminder)}" if reminder.strip() else step


def _itself_chosen(cid: str, kb: AnswerKB) -> Verdict | None:
    """ "can the snake charmer choose themselves": where none of the character's rulings
    speaks of it choosing itself (those answer: "The Witch may curse themself"),
    its ability's own words: "(not yourself)" is a no, "choose a player" a yes, by the
    general rule that any player can be chosen."""
    own = kb.sentences_of(cid, _ITSELF, ability=False)
    if own:
        # its own word on it: a case it rules on is one it may choose ("If the Imp pointed
        # to themself, the Imp dies and ..."; "..., and so is the Summoner themself"); a
        # denial, or anything else, is the rulings' to answer ("The Witch may curse
        # themself, ...")
        if any(_NOT_ITSELF.search(x) or _MAY_ITSELF.search(x) for _, x in own):
            return None  # (read as any ruling is: "Yes: the Fortune Teller themself is ...")
        may = next(
            (x for x in own if _SO_IS_ITSELF.search(x[1]) or _CASE_OF_ITSELF.match(x[1])), None
        )
        if may is None:
            return None
        ruling, sentence = may
        return Verdict(
            Answer.YES,
            f"Yes: {sentence[0].lower()}{sentence[1:]}",
            (Because.from_ruling(ruling, sentence),),
            firm=True,
        )
    if not _CHOICE_IN_ABILITY.search(kb.ability(cid)) and (ruling := kb.ability_ruling(cid)):
        # "can the baron choose themselves": its ability chooses nobody (not "No": nothing
        # forbids it, there is nothing to choose)
        return Verdict(
            Answer.INFO,
            f"The {kb.name(cid)}'s ability chooses no player: “{kb.ability(cid)}”",
            (Because.from_ruling(ruling),),
            firm=True,
        )
    ruled = dead_choice.itself_ruled(cid, kb)
    if ruled is None:
        return None
    may, said, because = ruled
    word, answer = ("Yes", Answer.YES) if may else ("No", Answer.NO)
    return Verdict(answer, f"{word}: {said}.", because, firm=True)


# a jinx that keeps the pair apart, and a question whether they can be in one game
_APART = re.compile(r"\bonly (?:1|one) jinxed character can be in play\b", re.IGNORECASE)
_TOGETHER = re.compile(
    r"^(?:can|could|may|are|is it ok|is it allowed)\b[^?.]*\b(?:both|together|same game"
    r"|in play at once|at the same time)\b"
    # "heretic + baron same game ok?"
    r"|\b(?:both|together|same game|same script)\W+(?:\w+\W+)?"
    r"(?:ok|okay|allowed|legal|possible|fine)\W*$",
    re.IGNORECASE,
)


def _jinx(jinx: dict[str, Any], question: str, named: tuple[tuple[str, str], ...] = ()) -> Verdict:
    because = Because(
        id=jinx["id"], source=jinx["source"], lines=_span(jinx.get("lines")), quote=jinx["reason"]
    )
    # a jinx of several sentences is read as one, its sentences as clauses
    reason = clause(joined(split_sentences(jinx["reason"]), limit=4))
    together = any(_TOGETHER.search(part.strip()) for part in rx.split(r"[.?!]\s+", question))
    if together and _APART.search(jinx["reason"]):
        text = f"No: the jinx keeps them apart ({reason})."
        return Verdict(Answer.NO, text, (because,), firm=True)
    if together:
        # "can the spy and the damsel be in the same game": they may, and the jinx says how
        return Verdict(Answer.YES, f"Yes, with a jinx: {reason}.", (because,), firm=True)
    if _jinx_asked(question):
        # "spy and damsel on the same script, any jinx": that there is one, and what it says
        return Verdict(Answer.YES, f"Yes, there is a jinx: {reason}.", (because,), firm=True)
    polarity = yes_no_of_jinx(question, jinx["reason"], named)
    if polarity is not None:
        word, answer = ("Yes", Answer.YES) if polarity else ("No", Answer.NO)
        return Verdict(answer, f"{word}: the jinx decides it: {reason}.", (because,), firm=True)
    if _STORYTELLER_CHOOSES.search(jinx["reason"]):
        # "pit hag made a damsel, who picks which player": "If a Pit-Hag creates a Damsel, the
        # Storyteller chooses which player it is"
        text = f"Your choice: the jinx decides it: {reason}."
        return Verdict(Answer.STORYTELLER, text, (because,), firm=True)
    return Verdict(Answer.INFO, f"The jinx decides it: {reason}.", (because,), firm=True)


_STORYTELLER_CHOOSES = re.compile(r"\bthe storyteller (?:chooses|decides)\b", re.IGNORECASE)


# whether there is a jinx at all: "is there a jinx", "any jinx?", "are they jinxed" (not
# "is the damsel still poisoned from the jinx", which asks what it does)
_JINX_ASKED = re.compile(
    r"\b(?:is there|are there|there is|theres|there's|any)\s+(?:a\s+|an\s+|any\s+)?jinx(?:es)?\b"
    r"|\b(?:are|is)\s+(?:they|these|those|the\s+\w+(?:\s+\w+)?)\s+jinxed\b"
    # "do the vizier and the fearmonger have a jinx", "does X have a jinx with Y"
    r"|^\W*(?:do|does)\b[^?.]*\bha(?:ve|s)\s+(?:a\s+|an\s+|any\s+)?jinx(?:es)?\b",
    re.IGNORECASE,
)


# the jinxes of one character asked: "what are the jinxes for the vizier", "does the spy
# have any jinxes", "which characters is the damsel jinxed with"
_JINXES_OF = re.compile(r"\bjinx(?:es|ed)?\b", re.IGNORECASE)


def _jinxes_listed(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """The official jinxes of the one character named, where its jinxes are what is asked:
    the characters it is jinxed with, each jinx quoted; no where the official list has none
    (a homebrew or script character's may be in its own text)."""
    if len(set(u.characters)) != 1 or not _JINXES_OF.search(_asking(u.question) or u.question):
        return None
    cid = u.characters[0]
    if u.conditions.get(cid):
        return None
    name = kb.name(cid)
    jinxes = sorted(
        (j for pair, j in kb.jinxes.items() if cid in pair and len(pair) == 2),
        key=lambda j: kb.name(next(c for c in j["characters"] if c != cid)),
    )
    if not jinxes:
        if (kb.characters.get(cid, {}).get("origin") or "").startswith(("homebrew", "script")):
            return None
        said = f"The official jinx list has no jinx for the {name}."
        because = Because(id=None, source="jinxes.json", lines=None, quote=said)
        return Verdict(Answer.NO, f"No: {said[0].lower()}{said[1:]}", (because,), firm=True)
    others = [f"the {kb.name(next(c for c in j['characters'] if c != cid))}" for j in jinxes]
    listed = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}"
    count = f"{len(others)} character{'s' if len(others) > 1 else ''}"
    because = tuple(
        Because(id=j["id"], source=j["source"], lines=_span(j.get("lines")), quote=j["reason"])
        for j in jinxes
    )
    text = (
        f"The {name} is jinxed with {count} on the official list: {listed} (each jinx is "
        "quoted with this answer)."
    )
    return Verdict(Answer.INFO, text, because, firm=True)


def _no_jinx_listed(u: Understanding, kb: AnswerKB) -> bool:
    """Whether there is a jinx at all is asked, of two or more characters from the official
    lists (a homebrew or script character's jinxes may be in its own text), and no pair of
    them is on the official jinx list."""
    named = list(dict.fromkeys(u.characters))
    return (
        len(named) >= 2
        and _jinx_asked(u.question)
        and all(
            not (kb.characters.get(c, {}).get("origin") or "").startswith(("homebrew", "script"))
            for c in named
        )
    )


def _jinx_asked(question: str) -> bool:
    """Whether there is a jinx is what the question asks, not an aside to another ask ("does
    the host actually die? theres a jinx right")."""
    asking = _asking(question)
    return bool(_JINX_ASKED.search(question)) and (asking is None or "jinx" in asking.lower())


def _span(lines: Any) -> tuple[int, int] | None:
    return (lines[0], lines[-1]) if lines else None


def _unrecognised(u: Understanding, found: Retrieved | None = None) -> Verdict:
    hints = [not_read(x) for x in u.unrecognised if x.suggestions]
    if (
        not hints
        and found is not None
        and any(f.ruling["source"] in GENERAL_SOURCES for f in found.rulings)
    ):
        # "can a dead player be nominated": a rules question naming no character (or none
        # read: "how to set up drunk"), which no rule the answer can read decides; the
        # glossary's nearest entries are listed, not passed off as the answer
        return Verdict(
            Answer.INFO,
            "I could not tell which character this is about, and no rule of the rules "
            "glossary answers it directly; its nearest entries are below.",
        )
    text = "I could not tell which character this is about, so I cannot answer it."
    if hints:
        text += " Not recognised: " + "; ".join(hints) + "."
    return Verdict(Answer.INFO, text)


def not_read(missed: Unrecognised) -> str:
    """ "'four tops' (did you mean Vortox, Dolos or Duchess?)": words not read as a name, and
    the names they may be."""
    return f"'{missed.text}' (did you mean {either(missed.suggestions)}?)"


def either(names: tuple[str, ...]) -> str:
    """'Vortox', 'Vortox or Dolos', 'Vortox, Dolos or Duchess'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


# ---- from rulings -------------------------------------------------------------------------


def _reminders(u: Understanding, found: Retrieved, kb: AnswerKB) -> Verdict:
    parts = []
    for cid in u.characters:
        tokens = [t["name"] for t in found.reminders.get(cid, ())]
        listed = ", ".join(dict.fromkeys(tokens)) if tokens else "none recorded"
        parts.append(f"the {kb.name(cid)}: {listed}")
    best, said = deciding_sentence(u, found.rulings[:3], kb)
    because = [Because.from_ruling(best.ruling, said)]
    quotes = [said]
    # "which reminders does the washerwoman need, and can the wrong one be evil"
    if (part := second_part(u, found, said, kb)) is not None:
        because.append(Because.from_ruling(part[0].ruling, part[1]))
        quotes.append(part[1])
    listing = f"Reminder tokens for {'; '.join(parts)}."
    if not any(found.reminders.get(cid) for cid in u.characters) and not _OF_TOKENS.search(said):
        # "Reminder tokens for the Empath: none recorded. Give a finger signal.": with no
        # token to speak of, a step that speaks of none says nothing of them (the official
        # entries, whose reminder lists are empty, say it)
        entries = (kb.ability_ruling(cid) for cid in u.characters)
        return Verdict(Answer.INFO, listing, tuple(Because.from_ruling(r) for r in entries if r))
    if _PLACING_ASKED.search(u.question):
        # "do i still put the no ability token on": the deciding sentence first (with the one
        # after it where that says what to do with the token: "... so do not place the
        # token"); the tokens after
        following = sentence_after(best.ruling["text"], said)
        if following and rx.search(r"\btoken|\breminder|\bmark\b", following, re.I):
            because.append(Because.from_ruling(best.ruling, following))
            quotes.insert(1, following)
        return Verdict(Answer.INFO, f"{to_sentence(joined(quotes))} {listing}", tuple(because))
    return Verdict(Answer.INFO, f"{listing} {joined(quotes)}", tuple(because))


def typed_as_named(typed: str, u: Understanding) -> bool:
    """The words a whole-question pattern took for the name are the first name read, as
    typed ("the mayor's": "mayor"); never where no name was read (a character brought in
    by the token a question names a player by: "can the red herring be poisoned")."""
    if not u.mentions:
        return False
    # (an apostrophe typed inside a name is no part of it: "lil' monsta" read as "lil monsta")
    mention = rx.sub(r"['’]s?$", "", u.mentions[0].text.lower())
    return rx.sub(r"['’]", "", typed.strip().lower()) == rx.sub(r"['’]", "", mention)


def one_asked(
    pattern: re.Pattern[str], u: Understanding, *names: str
) -> tuple[re.Match[str], str] | None:
    """The whole question as ``pattern`` reads it, of one character, named as typed (in the
    first of the ``names`` groups that took words): the match and the character's id."""
    asked = pattern.fullmatch(u.question.strip())
    if asked is None or len(set(u.characters)) != 1:
        return None
    typed = next((asked.group(name) for name in names if asked.group(name)), "")
    return (asked, u.characters[0]) if typed_as_named(typed, u) else None


def _ability_asked(u: Understanding, kb: AnswerKB) -> Because | None:
    """The ability of the one character named, where the whole question asks what it is or
    does ("what does the washerwoman do", "what is the mayor's ability", "whats the imp")."""
    if one_asked(_WHAT_IT_DOES, u, "name", "name2", "name3") is None:
        return None  # (the name and nothing else: not "what does potter learn night 1")
    ruling = kb.ability_ruling(u.characters[0])
    if ruling is None or len(split_sentences(ruling["text"])) > 2:
        return None  # (a verdict is one or two sentences)
    return Because.from_ruling(ruling)


def _how_long_asked(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """How long what one character's ability does lasts, asked and nothing else ("how long
    does the monk protection last", "when does the poisoner's poison wear off"): the
    ability's own words for it ("they are poisoned tonight & tomorrow day"), quoted."""
    question = u.question.strip()
    if not _HOW_LONG.fullmatch(question) or len(set(u.characters)) != 1 or not u.mentions:
        return None
    cid = u.characters[0]
    if set(u.conditions.get(cid, ())) - {Condition.DRUNK, Condition.POISONED, Condition.PROTECTED}:
        return None
    ruling = kb.ability_ruling(cid)
    if ruling is None:
        return None
    # each clause with a duration, the one saying the state the question names first ("1 is
    # drunk until dusk" for "when does the innkeeper drunk end", not "can't die tonight")
    asked = {stem(w) for w in rx.findall(r"[a-z]+", question.lower())}
    found = [
        (-len(asked & {stem(w) for w in rx.findall(r"[a-z]+", part.lower())}), i, lasting, sentence)
        for sentence in split_sentences(ruling["text"])
        for i, part in enumerate(rx.split(r"[,:;]", sentence))
        if (lasting := _DURATION.search(part)) is not None
    ]
    if not found:
        return None
    _, _, lasting, sentence = min(found, key=lambda x: (x[0], x[1]))
    return Verdict(
        Answer.INFO,
        f"{lasting.group(0)[0].upper()}{lasting.group(0)[1:]}: the {kb.name(cid)}'s ability "
        f"says so (“{sentence}”).",
        (Because.from_ruling(ruling, sentence),),
        firm=True,
    )


# "how long does the monk protection last", "when does the poisoner's poison wear off", "how
# long is the sweetheart drunk"
_HOW_LONG = re.compile(
    r"\W*(?:how\s+long\s+(?:does|do|is|are|will|would)\b[^?.;]*"
    r"|when\s+(?:does|do|will)\b[^?.;]*\b(?:wear\s+off|end|stop|expire|run\s+out|go\s+away)"
    r"(?:\s+\w+){0,2}"
    # "sailor drunk until when", "minstrel: minion executed, everyone drunk till when"
    r"|[^?]*\b(?:drunk|poisoned|protected|safe)\s+(?:until|till|til|untill)\s+when)\W*",
    re.IGNORECASE,
)
# how long an ability's effect lasts, in its own words
_DURATION = re.compile(
    r"\b(?:tonight (?:&|and) tomorrow day|until dusk tomorrow|until dusk|from now on"
    r"|for the rest of the game"
    r"|until (?:you|they) die|even if you die|tonight)\b",
    re.IGNORECASE,
)


def _on_death_asked(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """What happens when one character dies, asked and nothing else ("what happens when the
    klutz dies"): its ability's own clause for its death ("When you learn that you died,
    publicly choose 1 alive player: if they are evil, your team loses."); not a death at
    night for a clause of another ("If you die by execution")."""
    found = one_asked(_ON_DEATH_ASKED, u, "name")
    if found is None:
        return None
    asked, cid = found
    if set(u.conditions.get(cid, ())) - {Condition.DEAD}:
        return None
    ruling = kb.ability_ruling(cid)
    if ruling is None:
        return None
    at_night = asked.group("night") is not None
    clause_ = next(
        (
            x
            for x in split_sentences(ruling["text"])
            if _OWN_DEATH_CLAUSE.match(x) and not (at_night and _BY_EXECUTION.search(x))
        ),
        None,
    )
    if clause_ is None:
        return None
    return Verdict(
        Answer.INFO,
        f"The {kb.name(cid)}: “{clause_}”",
        (Because.from_ruling(ruling, clause_),),
        firm=True,
    )


# "what happens when the klutz dies", "what happens if the sweetheart is killed at night"
_ON_DEATH_ASKED = re.compile(
    r"\W*what\s+happens\s+(?:when|if|after)\s+(?:the\s+|a\s+|an\s+|my\s+|our\s+)?"
    r"(?P<name>[\w' -]{2,30}?)\s+(?:dies|died|is\s+killed|gets\s+killed|is\s+dead)"
    r"(?P<night>\s+(?:at|in\s+the)\s+night|\s+tonight)?\W*",
    re.IGNORECASE,
)
# an ability's clause for its own player's death: "When you die, ...", "If you die at night,
# ...", "When you learn that you died, ..."
_OWN_DEATH_CLAUSE = re.compile(
    r"\s*(?:when|if)\s+you\s+(?:die|are killed|learn that you died)\b", re.IGNORECASE
)


def _knows_itself_asked(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """ "does the drunk know they are the drunk": the ability that says its player does not
    know what they are ("You do not know you are the Drunk", "You think you are a good
    character, but you are not"), for the one character named and asked nothing else."""
    asked = _KNOWS_ITSELF.fullmatch(u.question.strip())
    if asked is None or len(set(u.characters)) != 1 or u.conditions.get(u.characters[0]):
        return None
    ruling = kb.ability_ruling(u.characters[0])
    said = _UNKNOWING.search(ruling["text"]) if ruling is not None else None
    if said is None:
        return None
    quote = next(x for x in split_sentences(ruling["text"]) if said.group(0) in x)
    return Verdict(
        Answer.NO,
        f"No: “{quote}”",
        (Because.from_ruling(ruling, quote),),
        firm=True,
    )


def _set_up_change_asked(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """ "how many outsiders does the baron add": the set-up change its ability's brackets
    give ("[+2 Outsiders]"), where that and nothing else is asked of the one character named
    (not "A player who becomes the Baron during the game adds no Outsiders", of later)."""
    asked = _ADDS_ASKED.fullmatch(u.question.strip())
    # "baron in a 7 player game, how many outsiders": the count for a game with it
    counted = _HOW_MANY_TYPE.search(u.question) if asked is None else None
    if (
        (asked is None and (counted is None or not _IN_THE_GAME.search(u.question)))
        or len(set(u.characters)) != 1
        or u.conditions.get(u.characters[0])
    ):
        return None
    ruling = kb.ability_ruling(u.characters[0])
    bracket = _SET_UP_BRACKET.search(ruling["text"]) if ruling is not None else None
    typed = (
        counted.group(1) or counted.group(2) or counted.group(3)
        if counted
        else asked.group("type")
        or asked.group("type2")
        or asked.group("type3")
        or asked.group("type4")
    )
    kind = typed[:5].lower()
    if bracket is None or kind not in bracket.group(1).lower():
        return None
    name = kb.name(u.characters[0])
    change = f"the {name} changes the set-up: [{bracket.group(1).strip()}]"
    said = f"{change} (“{ruling['text'].strip()}”)"
    because = (Because.from_ruling(ruling),)
    if asked is None or asked.group("type2") is None:
        # (how many, asked: with the storyteller's own set-up step for it, where a ruling has
        # one: "add one extra Outsider character token and remove one Townsfolk ...")
        step = next(
            (
                (r, x)
                for r, x in kb.sentences_of(u.characters[0], _SET_UP_STEP, ability=False)
                if kind in x.lower()
            ),
            None,
        )
        if step is not None:
            said += f"; during set-up: “{step[1]}”"
            because = (*because, Because.from_ruling(*step))
    if counted is not None:
        # (the usual count for each game size is the rulebook's table, not in these sources)
        size = _SET_UP_SIZE.search(u.question)
        base = f"the usual number for {size.group(1)} players" if size else "the usual number"
        text = (
            f"{said[0].upper()}{said[1:]}: change {base} by that (the sources here do not "
            "list the usual numbers for each game size)."
        )
        return Verdict(Answer.INFO, text, because, firm=True)
    if asked.group("type2") is None:  # how many: what it says
        stop = "" if said.endswith((".”", "!”", "?”")) else "."
        return Verdict(Answer.INFO, f"{said[0].upper()}{said[1:]}{stop}", because, firm=True)
    # whether it adds one: yes where every change is one or more, no where each takes away,
    # the storyteller's where it may be none ("[+0 or +1 Outsider]", "[-1 or +1 Outsider]")
    signs = {sign for sign, count in _SIGNED.findall(bracket.group(1)) if count != "0"}
    zero = any(count == "0" for _, count in _SIGNED.findall(bracket.group(1)))
    if signs == {"+"} and not zero:
        return Verdict(Answer.YES, f"Yes: {said}.", because, firm=True)
    if signs and signs <= {"-", "−"} and not zero:
        return Verdict(Answer.NO, f"No: {said}.", because, firm=True)
    return Verdict(Answer.STORYTELLER, f"Your choice: {said}.", because, firm=True)


def _how_often_asked(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """How often one character's ability works, from its own words: "how many times can
    the slayer shoot" (once per game), "can the virgin be triggered twice" (no: the 1st
    time), "can the gambler guess more than once" (yes: each night*); not where the question
    tells a state or asks of one night ("twice in one night": that night's rule)."""
    question = u.question.lower()
    counted = _HOW_OFTEN.search(question)
    more = _MORE_THAN_ONCE.search(question) if counted is None else None
    if (counted is None and more is None) or len(set(u.characters)) != 1 or not u.mentions:
        return None  # (not of a player only a token names: "how often does the red herring")
    cid = u.characters[0]
    if u.conditions.get(cid) or _WITHIN_ONE.search(question) or len(question_parts(question)) > 1:
        return None
    ruling = kb.ability_ruling(cid)
    ability = ruling["text"] if ruling is not None else ""
    found = next(
        (
            (m, label, once)
            for p, label, once in _FREQUENCY
            if (m := p.search(ability))
            and not (label == _AT_THE_START and _ACTS_LATER.search(ability))
        ),
        None,
    )
    if ruling is None or found is None:
        return None
    said, label, once = found
    if label.endswith("first"):
        label = f"{label} {said.group(0).split()[-1]}"  # "only on their first night"
    name = kb.name(cid)
    because = (Because.from_ruling(ruling),)
    text = f"the {name}'s ability works {label} (“{ability.strip()}”)"
    if counted is not None:
        return Verdict(Answer.INFO, f"{text[0].upper()}{text[1:]}.", because, firm=True)
    if once:
        return Verdict(Answer.NO, f"No: {text}.", because, firm=True)
    return Verdict(Answer.YES, f"Yes: {text}.", because, firm=True)


def _first_day_asked(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """ "can the slayer shoot on day 1": a day ability used on the first day, from its own
    words: yes where it works during the day with no day excepted (the first night's "*" has
    no day's counterpart)."""
    if len(set(u.characters)) != 1 or not _FIRST_DAY_ASKED.search(u.question):
        return None
    cid = u.characters[0]
    if u.conditions.get(cid) or _QUESTION_NEGATION.search(u.question):
        return None
    ruling = kb.ability_ruling(cid)
    ability = ruling["text"] if ruling is not None else ""
    if ruling is None or not _BY_DAY.search(ability) or _DAY_EXCEPTED.search(ability):
        return None
    name = kb.name(cid)
    text = f"Yes: the {name}'s ability works during any day, the first too: “{ability.strip()}”"
    return Verdict(Answer.YES, text, (Because.from_ruling(ruling),), firm=True)


# a use on the first day asked: "can the slayer shoot on day 1", "on the first day", "d1"
_FIRST_DAY_ASKED = re.compile(
    r"^\W*(?:can|could|may|is|are|does|do)\b[^?.;]*\b(?:on\s+)?(?:day\s*(?:1|one)|d1|the\s+first\s+day)"
    r"\b\W*$",
    re.IGNORECASE,
)
_BY_DAY = re.compile(r"\bduring the day\b|\beach day\b|\bby day\b", re.IGNORECASE)
_DAY_EXCEPTED = re.compile(r"\bexcept the first\b|\bday\s*\*|\bafter the first\b", re.IGNORECASE)


# "how many times can the slayer shoot", "how often does the gambler guess"
_HOW_OFTEN = re.compile(r"\bhow (?:many times|often)\b")
# "can the virgin be triggered twice", "more than once", "a second time"
_MORE_THAN_ONCE = re.compile(
    r"^\W*(?:can|could|may|does|do|is|will)\b[^?.;]*\b(?:twice|two times|more than once"
    r"|multiple times|a second time|several times)\b"
)
# one night or day asked of, or the same player twice: another rule than how often
_WITHIN_ONE = re.compile(
    r"\b(?:in|on|per|during) (?:one|a|the same|1) (?:night|nite|day)\b|\btonight\b|\btoday\b"
    r"|\bsame (?:player|person|target|guy|one)\b|\bin a row\b|\bconsecutive"
    r"|\bper (?:day|night|nite)\b|\b(?:times|twice) (?:a|each|every) (?:day|night|nite)\b"
)
# an ability's frequency, in the order read: (its words, said as, once a game)
_ONCE_PER_GAME = re.compile(r"\bonce per game\b", re.IGNORECASE)
_AT_THE_START = "once, at the start"
# an ability that knows at the start and acts later too: the Godfather's "You start knowing
# which Outsiders are in play. If 1 died today, choose a player tonight: they die." (its kill
# is no once-at-the-start)
_ACTS_LATER = re.compile(
    r"\byou start knowing\b[^.]*\.\s*[^.]*\b(?:choose|chooses|tonight|each|if)\b", re.I
)
_FREQUENCY = [
    (_ONCE_PER_GAME, "once per game", True),
    (re.compile(r"\bonce per day\b", re.I), "once per day", False),
    (re.compile(r"\bthe (?:1st|first) time\b", re.I), "only the first time", True),
    (re.compile(r"\bon your (?:1st|first) (?:night|day)\b", re.I), "only on their first", True),
    (re.compile(r"\byou start knowing\b", re.I), _AT_THE_START, True),
    (re.compile(r"\beach night\*", re.I), "each night except the first", False),
    (re.compile(r"\beach night\b", re.I), "each night", False),
    (re.compile(r"\beach day\b", re.I), "each day", False),
    (re.compile(r"\beach dusk\b", re.I), "each dusk", False),
]


# "how many outsiders does the baron add", "does the fang gu add an outsider"
_ADDS_ASKED = re.compile(
    r"\W*(?:how many (?:extra\s+)?(?P<type>outsiders?|townsfolk|minions?)\s+(?:does|do)\s+"
    r"(?:the\s+|a\s+)?[\w' -]{2,30}?\s+(?:add|remove|give|make)"
    r"|(?:does|do)\s+(?:the\s+|a\s+)?[\w' -]{2,30}?\s+(?:add|remove)\s+(?:an?\s+|any\s+)?"
    r"(?:extra\s+)?(?P<type2>outsiders?|townsfolk|minions?)"
    # "godfather changes outsiders?", "does the vigormortis change the outsider count": what
    # the change is
    r"|(?:(?:does|do)\s+)?(?:the\s+|a\s+)?[\w' -]{2,30}?\s+(?:change|changes|modify|modifies)\s+"
    r"(?:the\s+)?(?:number\s+of\s+)?(?P<type3>outsiders?|townsfolk|minions?)(?:\s+count)?"
    # "dolos how many outsiders", "baron - how many outsiders?": the name, then the count
    r"|(?:the\s+|a\s+)?[\w' -]{2,30}?[\s,:;-]+how many (?:extra\s+)?"
    r"(?P<type4>outsiders?|townsfolk|minions?))\W*",
    re.IGNORECASE,
)
# "how many outsiders" in a question telling the game it is in ("in a 7 player game", "with
# a baron in play")
_HOW_MANY_TYPE = re.compile(
    r"\bhow many (?:extra\s+)?(outsiders?|townsfolk|minions?)\b"
    # "the baron adds outsiders, how many with 7 players"
    r"|\b(?:adds?|removes?|changes?)\s+(?:extra\s+)?(outsiders?|townsfolk|minions?)\b[^?.!]*"
    r"\bhow many\b"
    # "baron adds outsiders in a 5 player game": the change in a game of that size
    r"|\b(?:adds?|removes?|changes?)\s+(?:extra\s+)?(outsiders?|townsfolk|minions?)\b"
    r"(?=[^?.!]*\b\d+\s*(?:-\s*)?(?:player|players|p)\b)",
    re.I,
)
_IN_THE_GAME = re.compile(
    r"\b\d+\s*(?:-\s*)?(?:player|players|p)\b|\bin play\b|\bwith (?:the |a |an )?(?=\w)", re.I
)
# a ruling's set-up step: "While setting up the game, ... add one extra Outsider ..."
_SET_UP_STEP = re.compile(r"\b(?:setting up|set-up|setup|into the bag|in the bag)\b", re.I)
_SET_UP_SIZE = re.compile(r"\b(\d+)\s*(?:-\s*)?(?:player|players|p)\b", re.I)
_SIGNED = re.compile(r"([+\-−])\s*(\d+)")
# an ability's set-up change: "[+2 Outsiders]", "[-1 or +1 Outsider]"
_SET_UP_BRACKET = re.compile(r"\[([^\]]*\d[^\]]*)\]")


# "does the drunk know they are the drunk", "does the marionette know its the marionette",
# "is the drunk told they are the drunk", "do i tell the drunk they are the drunk"
_KNOWS_ITSELF = re.compile(
    r"\W*(?:(?:does|do|will|would)\s+(?:the\s+|a\s+|my\s+)?[\w' -]{2,30}?\s+(?:know|realise"
    r"|realize|find out|learn|get told|get shown)"
    r"|(?:is|are|will|would)\s+(?:the\s+|a\s+|my\s+)?[\w' -]{2,30}?\s+(?:be\s+)?(?:told|shown)"
    r"|(?:do|should|can|must)\s+(?:i|we)\s+(?:tell|show)\s+(?:the\s+|a\s+|my\s+)?"
    r"[\w' -]{2,30}?)"
    r"\s+(?:that\s+)?(?:they|he|she|it)(?:\s+(?:are|is)|'?s|'re)\s+(?:the|a|an)"
    r"\s+[\w' -]{2,30}?\W*",
    re.IGNORECASE,
)
# an ability that keeps its player from knowing what they are
_UNKNOWING = re.compile(
    r"\byou do not know you are\b|\byou don't know you are\b"
    r"|\byou think you(?: are|'re|’re)\b[^.]*\bbut (?:you )?(?:are|aren't)\b",
    re.IGNORECASE,
)


# what a character does, and nothing else asked: "what does the washerwoman do", "whats
# the chef", "what is the mayor's ability"
_WHAT_IT_DOES = re.compile(
    r"(?:what(?:'s|s| is| does)|wat does)\s+(?:the\s+|a\s+|an\s+)?(?P<name>[\w -]{2,30}?)"
    r"(?:\s+do|'?s?\s+ability(?:\s+do)?|\s+(?:learn|see|get|know|find out))?\W*"
    # "what info does the investigator get", "who does the librarian learn about"
    r"|(?:what\s+(?:info|information)|who)\s+(?:does|do)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<name2>[\w -]{2,30}?)\s+(?:get|learn|receive|see|find out)(?:\s+about)?\W*"
    # typed the other way round: "savant gets what info", "the chef learns what"
    r"|(?:the\s+)?(?P<name3>[\w -]{2,30}?)\s+(?:gets?|learns?|sees?|does)\s+what"
    r"(?:\s+(?:info|information|exactly))?\W*",
    re.IGNORECASE,
)


# a question about putting a token down, whether or which ("do i still put the no ability
# token on", "what do i put on them"), not only which tokens a character has: the sentence
# that says what goes down leads, then the tokens (measured on every eval question: 118
# reminders verdicts change, verdicts resting on a must-cite 62.76 -> 62.99%)
_OF_TOKENS = re.compile(r"\btokens?\b|\breminders?\b|\bmark", re.IGNORECASE)
_PLACING_ASKED = re.compile(
    r"\b(?:do|should|would|can)\s+i\s+(?:still\s+|even\s+|also\s+|ever\s+)?"
    r"(?:put|place|use|mark|add|leave|move|remove|track)\b",
    re.IGNORECASE,
)


def _from_rulings(u: Understanding, found: Retrieved, kb: AnswerKB) -> Verdict:
    # a situation told with a how-to-run question is decided by its own words, which the
    # procedure's steps may outrank
    reach = 5 if u.situation else 3
    chosen = deciding_candidate(u, found.rulings[:reach], kb)
    if reach < 5 and chosen.ruled_out and len(found.rulings) > reach:
        # every sentence of the best few speaks of a case the question rules out ("banshee
        # killed by the imp, how many votes": "If the Demon attacks but the Banshee does not
        # die, ..."): the next rulings may hold the case told
        chosen = deciding_candidate(u, found.rulings[:5], kb)
    elif reach < 5 and not chosen.told and len(found.rulings) > reach:
        # a sentence of the next rulings whose premise the question tells outright ("If no
        # Minion is alive, ..." for "imp stars himself but no minions are alive") decides
        # where none of the best few has one: the case told outranks words shared
        chosen = told_candidate(u, found.rulings[:5], kb, beyond=reach) or chosen
    best, said = chosen.found, chosen.sentence
    best, said = _answering(u, found, best, said, kb)
    chosen, said, other = _authoritative(best, said, u, found, kb)
    said = with_elided(chosen, whole_example(chosen, said))
    because = [Because.from_ruling(chosen.ruling, said)]
    if other is not None:
        because.append(Because.from_ruling(best.ruling, other))
    if u.kind is Kind.HOW_TO_RUN and not u.situation:
        name = kb.name(u.characters[0])
        step, quote = with_next(chosen.ruling["text"], said)
        because[0] = Because.from_ruling(chosen.ruling, quote)
        ability = _ability_asked(u, kb)
        if ability is not None:
            # "what does the washerwoman do": its ability, then the first step of running it
            # (where the ability is one sentence: a verdict is one or two)
            if len(split_sentences(ability.quote)) > 1:
                return Verdict(Answer.INFO, f"The {name}: “{ability.quote}”", (ability, *because))
            return Verdict(
                Answer.INFO,
                f"The {name}: “{ability.quote}” To run it: {clause(step)}.",
                (ability, *because),
            )
        first = _first_step(u, kb)
        own = kb.ability_ruling(u.characters[0])
        if (
            first is None
            and own is not None
            and chosen.ruling["id"] == own["id"]
            and one_asked(_PLAIN_RUN, u, "name") is not None
        ):
            # "how do i run the pope": no source gives the steps, and the deciding sentence
            # is the ability's own (not "To run the Pope: they might also be bluffs.")
            return Verdict(
                Answer.INFO,
                f"The {name}: “{own['text']}” No source gives steps for running it beyond its "
                f"ability.",
                (Because.from_ruling(own), *because[1:]),
            )
        if first is not None:
            # "how do i run the imp": the procedure from its first step ("Each night except
            # the First Night, wake the Imp"), not the most relevant step of it ("Wake the new
            # Imp at the next opportunity tonight")
            step, quote = with_next(first[0]["text"], first[1])
            because = [Because.from_ruling(first[0], quote), *because]
        return Verdict(
            Answer.INFO,
            f"To run the {name}: {clause(step)}. The rulings below "
            f"give the rest, in order of relevance.",
            tuple(unique(because)),
        )
    voice = second_voice(u, found, chosen, said, kb)
    if voice is not None:  # an example's setting is quoted through its outcome
        voice = (voice[0], whole_example(voice[0], voice[1]))
    quotes = [said]
    if voice is not None and _game_rule(voice[0], kb) and not _game_rule(chosen, kb):
        # a Fabled's or Loric's rule changes the game the other rule is written for ("Poisoned
        # players don't wake up" over "the Storyteller wakes them ... as if not poisoned")
        # (the rule it sets aside stays cited, not said)
        because.insert(0, Because.from_ruling(voice[0].ruling, voice[1]))
        quotes = [voice[1]]
        said, chosen = voice[1], voice[0]
    elif voice is not None:
        because.append(Because.from_ruling(voice[0].ruling, voice[1]))
        quotes.append(voice[1])
    elif (dead := dead_lose_their_ability(u, said, kb)) is not None:
        because.append(Because.from_ruling(dead[0], dead[1]))
        quotes.append(dead[1])
    elif (part := second_part(u, found, said, kb)) is not None:
        because.append(Because.from_ruling(part[0].ruling, part[1]))
        quotes.append(part[1])
    elif (kept := _kept_after(u.question, chosen, said)) is not None:
        because.append(Because.from_ruling(chosen.ruling, kept))
        quotes.append(kept)
        asking = next((c for c in reversed(_CLAUSES.split(u.question)) if KEEP_ASKED.search(c)), "")
        held = None
        if asking and not _ALTERNATIVE.search(asking):
            held = _kept_answer(asking, kept)
        if held is not None:
            word, answer = ("Yes", Answer.YES) if held else ("No", Answer.NO)
            return Verdict(answer, f"{word}: {clause(joined(quotes))}.", tuple(because))
    return _worded(u, chosen, said, joined(quotes), tuple(because), kb)


# "how do i run the imp", "how to handle the wraith": the character's running, nothing else
_PLAIN_RUN = re.compile(
    r"\W*(?:(?:so|ok|okay|hey|hi)\W+)?(?:how\s+(?:do|should|would|to|2|can)\s+(?:i\s+|we\s+|you\s+)?"
    r"|(?:pls\s+|please\s+)?)"  # (or told to: "run the gatekeeper")
    r"(?:run|handle|storytell)\s+(?:me\s+through\s+)?(?:the\s+|a\s+|an\s+)?(?P<name>[\w' -]+?)"
    r"(?:\s+(?:properly|correctly|right|exactly|character|role))?\W*",
    re.IGNORECASE,
)
# the sections of a character's running, in the order a how-to-run text gives them
_PROCEDURE_SECTIONS = ("set-up", "first night", "other nights", "how-to-run")


def _first_step(u: Understanding, kb: AnswerKB) -> tuple[dict[str, Any], str] | None:
    """The first step of running the one character a plain "how do i run the X" names: the
    first sentence of its earliest procedure ruling in the how-to-run compendium (000), or
    in another source where that has none (not the night sheet's one-line reminders)."""
    found = one_asked(_PLAIN_RUN, u, "name")
    if found is None or u.conditions.get(found[1]):
        return None
    steps = [
        r
        for rid in kb.about.get(found[1], ())
        if (r := kb.rulings.get(rid)) is not None
        and r["section"] in _PROCEDURE_SECTIONS
        and r["source"] not in _SHEET_SOURCES
    ]
    if not steps:
        return None
    first = min(steps, key=lambda r: (not r["source"].startswith("000_"), r["source"], r["lines"]))
    if _CONTINUING.match(first["text"]):
        # "Then leave a clue ..." (the Wizard's): it goes on from the paragraphs before it;
        # the procedure starts with the character's first in that source ("Once per game,
        # the Wizard makes a wish. ...")
        first = min(
            (
                r
                for rid in kb.about.get(found[1], ())
                if (r := kb.rulings.get(rid)) is not None and r["source"] == first["source"]
            ),
            key=lambda r: r["lines"],
        )
    return first, split_sentences(first["text"])[0]


# a paragraph going on from the one before it: "Then leave a clue ..."
_CONTINUING = re.compile(r"\W*(?:then|and then|after that|afterwards)\b", re.IGNORECASE)


# the night sheet's reminders ("The Imp chooses a player. :reminder:"): no procedure to lead with
_SHEET_SOURCES = frozenset({"roles.json", "nightsheet.json"})


def _kept_after(question: str, chosen: Found, said: str) -> str | None:
    """ "is the ability used up now": "If the Professor is drunk or poisoned as they choose,
    nobody is resurrected. The ability is spent anyway." The sentence after the deciding one
    that says whether the thing asked is kept or lost, where the deciding one does not."""
    if (
        not KEEP_ASKED.search(question)
        or not _ABILITY_ASKED.search(question)
        or KEPT_SAID.search(said.lower())
    ):
        return None
    following = sentence_after(chosen.ruling["text"], said)
    if following is None or not (_LOST.search(following) or _KEPT.search(following)):
        return None
    return following


_LOSS_ASKED = re.compile(r"\b(?:used up|spent|lose|loses|lost|burn|burns|burned|burnt|gone)\b")
# what a question asks is kept or lost: the ability, not "the poison"
_ABILITY_ASKED = re.compile(
    r"\babilit|\bshot\b|\bpower\b|\bused up\b|\bspent\b|\b(?:keep|lose|have) it\b|\bis it\b",
    re.IGNORECASE,
)
# a question's clauses: "nothing happens obv but is his shot used up??"
_CLAUSES = re.compile(r"[.?!;—–]+\s*|\s+-\s+|,?\s+but\s+")
# said of the ability, not of a state ("those two players become healthy")
_LOST = re.compile(
    r"\b(?:spent|used up)\b|\b(?:lose|loses|lost)\s+(?:their|the|its|his|her)\s+ability\b",
    re.IGNORECASE,
)
_KEPT = re.compile(
    r"\b(?:keep|keeps|kept|still ha(?:s|ve))\s+(?:their|the|its|his|her)\s+ability\b",
    re.IGNORECASE,
)
# (not "not just", "not only": "keep their ability ..., not just the most recent" keeps it)
_NOT = re.compile(r"\b(?:not|never|no longer)\b(?!\s+(?:just|only|merely)\b)|n't\b")


# ... and of anything a question asks is kept or lost ("the triple vote", "the save")
# (losing with nothing lost is losing the game: "their team loses.")
_LOSING = re.compile(
    r"\b(?:lose|loses|lost|losing)\b(?!\s*(?:[.,;:!?]|$|the game\b|if\b|when\b))"
    r"|\bspent\b|\bused up\b"
)
_KEEPING = re.compile(r"\b(?:keep|keeps|kept|keeping|retain|retains)\b")


def _kept_answer(
    question: str,
    sentence: str,
    *,
    losing: re.Pattern[str] = _LOST,
    keeping: re.Pattern[str] = _KEPT,
) -> bool | None:
    """Yes or no to "is it used up" / "does she keep it" from a sentence saying it is spent or
    kept (a negation turns it round); None when it says neither or both. ``losing`` and
    ``keeping`` say what counts as lost and kept: the ability, by default.

    >>> _kept_answer("is the ability used up now", "The ability is spent anyway.")
    True
    >>> _kept_answer("does he keep his ability", "The ability is spent anyway.")
    False
    >>> _kept_answer("do we still get the extra day", "play for 1 more day. their team loses.",
    ...     losing=_LOSING, keeping=_KEEPING)
    >>> _kept_answer(
    ...     "does the guy with 3 votes keep them",
    ...     "the player with the triple vote loses it",
    ...     losing=_LOSING,
    ...     keeping=_KEEPING,
    ... )
    False
    """
    lower = sentence.lower()
    lost, kept = bool(losing.search(lower)), bool(keeping.search(lower))
    if lost == kept:
        return None
    said_lost = lost != bool(_NOT.search(lower))
    return said_lost if _LOSS_ASKED.search(question.lower()) else not said_lost


def _game_rule(found: Found, kb: AnswerKB) -> bool:
    """A Fabled's or Loric's ruling: a rule of the game the storyteller runs, seatless."""
    team = kb.characters.get(found.ruling["character"] or "", {}).get("team")
    return team in ("fabled", "loric")


def _answering(
    u: Understanding, found: Retrieved, best: Found, said: str, kb: AnswerKB
) -> tuple[Found, str]:
    """For a yes/no question the deciding sentence does not answer, the first sentence of
    the best three rulings that does ("does he die": the one that says whether he dies)."""
    if _asking(u.question) is None or _polarity(u, best, said, kb) is not None:
        return best, said
    for found_ in found.rulings[:ANSWERING_FROM]:
        if found_ is not best and _another_death(u.question, found_):
            continue  # "The Gatekeeper was executed today. ... The Imp is then woken a second
            # time" is no answer for a Gatekeeper the Imp killed in the night
        sentences = split_sentences(found_.ruling["text"])
        for place, sentence in enumerate(sentences):
            if place and _goes_on_untold(sentences[place - 1], u, kb):
                continue  # "If no Minion is alive, nothing happens. The Imp simply dies, ...":
                # the case the sentence before opened, which the question does not tell
            if _polarity(u, found_, sentence, kb) is not None and not _CHOICE.search(sentence):
                return found_, sentence
    return best, said


def _goes_on_untold(before: str, u: Understanding, kb: AnswerKB) -> bool:
    """The sentence before opens a case with a word or two of outcome ("If no Minion is
    alive, nothing happens.") that the question does not tell: the next one goes on with it
    ("The Imp simply dies, ..."); not a rule whole in itself ("If the Scientist is
    nominated, check whether all players of the chosen type voted.")."""
    case = _OPENS_A_CASE.match(before)
    return (
        case is not None and len(case.group(1).split()) <= 3 and not _premises_told(u, kb, before)
    )


# a case and a short outcome, the whole sentence: "If no Minion is alive, nothing happens."
_OPENS_A_CASE = re.compile(
    r"\W*(?:if|when|whenever|while|unless)\b[^,;:.]+,\s*([^,;:]+?)\W*$", re.IGNORECASE
)


ANSWERING_FROM = 3  # rulings searched for a sentence that answers yes or no


def _another_death(question: str, found: Found) -> bool:
    """A worked example whose opening tells a death by execution, for a question telling a
    death at night and no execution: another case."""
    if found.ruling["section"] != "example" or not night_death_told(question):
        return False
    opening = split_sentences(found.ruling["text"])[0]
    return bool(EXECUTION_TOLD.search(opening))


def _worded(
    u: Understanding,
    best: Found,
    said: str,
    reason: str,
    because: tuple[Because, ...],
    kb: AnswerKB,
) -> Verdict:
    """Lead with the outcome the deciding sentence gives: your choice, yes, no, or the
    sentence itself."""
    if (
        _CHOICE.search(said)
        and not (len(u.characters) == 1 and _other_choice(u.question, said))
        and not _players_choice(best, said)
        and not _counted_first(u.question, said)
    ):
        return Verdict(Answer.STORYTELLER, f"Your choice: {clause(reason)}.", because)
    polarity = _polarity(u, best, said, kb)
    if polarity is not None:
        word = "Yes" if polarity else "No"
        return Verdict(Answer.YES if polarity else Answer.NO, f"{word}: {clause(reason)}.", because)
    alive = _too_few_alive(u, said, kb)
    if alive is not None:
        return Verdict(Answer.NO, f"No, with {alive} alive: {clause(reason)}.", because)
    return Verdict(Answer.INFO, reason, because)


def _counted_first(question: str, said: str) -> bool:
    """ "how many players does the shabaloth kill": the sentence gives the number before the
    choice it leaves ("choose 2 players: they die; a dead player ... might be regurgitated"),
    which is the answer, not the choice."""
    if not _HOW_MANY_ASKED.search(question.lower()):
        return False
    choice = _CHOICE.search(said)
    number = _A_NUMBER.search(said)
    return choice is not None and number is not None and number.start() < choice.start()


_HOW_MANY_ASKED = re.compile(r"\bhow many\b")
_A_NUMBER = re.compile(r"\b(?:\d+|one|two|three|four|five|six)\b", re.IGNORECASE)


def settled(verdict: Verdict, u: Understanding, kb: AnswerKB) -> Verdict:
    """The verdict with a yes or no its deciding sentence settles (:func:`_settled`), unless
    that yes or no goes against the replay's own outcome leading the text: "No: Ann (Mayor)
    dies." for "zombuul attacks the mayor, does the mayor die", where the replay took by
    default a choice the death hung on and the sentence denies another case's death."""
    out = _settled(verdict, u, kb)
    if out.answer in (Answer.YES, Answer.NO) and verdict.answer not in (Answer.YES, Answer.NO):
        fate = _LEAD_FATE.match(verdict.text)
        asked = {kb.name(cid) for cid, c in u.asked if c is Condition.DEAD}
        if fate is not None and fate.group(2) in asked:
            dies = fate.group(3) == "dies"
            if dies != (out.answer is Answer.YES):
                return verdict
    return out


def _classed(question: str, said: str) -> bool | None:
    """Whether something is of the kind asked, where the sentence says it is or is not ("is
    it a demon kill", "does that count as an execution": "A Tinker death is not a Demon
    kill")."""
    asked = CLASS_ASKED.search(question.lower().strip())
    if asked is None:
        return None
    kind = re.escape(asked.group("kind"))
    found = rx.search(
        rf"\b(?:is|are|counts? as|was)\s+(?P<no>not\s+|never\s+)?(?:a|an)\s+{kind}\b", said.lower()
    )
    return None if found is None else not found.group("no")


# the replay's learning leading a verdict: "Ann (Chef) learns 1", "Ben (Evil Twin) and Ann
# (Chef) wake together: each learns who the other is"
_LEARNING_LEADS = re.compile(
    r"[A-Z][\w'-]* \([^)]+\)(?: and [A-Z][\w'-]* \([^)]+\))? (?:learns|wake together: each "
    r"learns)\b"
)
# knowing or learning asked: "does the evil twin know who the good twin is"
_KNOWING_ASKED = re.compile(r"\b(?:know|knows|learn|learns|find out|see|sees)\b")
# ... and denied ("They may not learn one good player and two evil players")
_KNOWING_DENIED = re.compile(
    r"\b(?:not|never|cannot|can't|doesn't|don't)\s+(?:\w+\s+)?(?:learn|know|see|wake)",
    re.IGNORECASE,
)


# a kind denied: "is not a Demon kill", "are not Townsfolk", "was not an execution"
_CLASS_DENIED = re.compile(
    r"\b(?:is|are|was|were|counts?) (?:not|never) (?:as )?(?:a |an )?"
    r"(?:demon kill|kill|execution|death|nomination|vote|townsfolk|outsider|minion|demon"
    r"|traveller|player|good player|evil player)s?\b",
    re.IGNORECASE,
)


# what a kind denied leaves idle: ", so protection against the Demon does not apply", ", so
# abilities that trigger on Demon kills do not fire" (not ", so nothing happens": an outcome)
_INERT_UPSHOT = re.compile(
    r",?\s+so\b[^.;]*\b(?:does|do) not (?:apply|fire|trigger)\b[^.;]*", re.IGNORECASE
)


# the replay's outcome for a named player, leading a verdict: "Ann (Mayor) dies"
_LEAD_FATE = re.compile(r"([A-Z][\w'-]*) \(([^)]+)\) (dies|does not die)\b")


def _settled(verdict: Verdict, u: Understanding, kb: AnswerKB) -> Verdict:
    """A plain yes/no question the hand-set reading left without a yes or no (after the
    replay has had its say), answered where the deciding sentence itself settles it:

    - a denial in its main clause is a no ("does the jump still happen": "that Outsider does
      not become an evil Fang Gu"; "can i still save him": "nobody is protected"), where it
      speaks of what is asked (_speaks_of: not "Nominated Demons can not move tonight" for
      "is every minion a witch?");
    - a "still" asked and the rule holding "even if" / "still" is a yes ("snake charmer
      picked the no dashii but no dashii was poisoned. swap still happen?": "If the Demon
      is drunk or poisoned, the swap still happens");
    - a permission asked ("can i", "is that allowed") and the rule leaving it to the
      storyteller is a yes, theirs to use ("am i allowed to make the sweetheart themself the
      drunk one": "the Sweetheart themself is valid");
    - kept or lost asked of a sentence saying which ("does he keep the 3 votes": "loses
      it");
    - a game smaller than the size the rule needs is a no ("a 6 player game": "If there are
      7 or more players, wake the Lunatic");
    - the outcome opposite to the one asked is a no, the very outcome asked a yes ("do they
      turn?": "that player stays good"; "do i announce it": "all players learn ..."), only
      where the question tells every premise the sentence has (_premises_told) and says no
      premise is not so (_premise_contradicted); so is the ask's own verb after its pronoun
      ("do i skip the dead one": "... skipping the dead"), and the outcome of a main clause
      whatever its ", meaning ..." upshot denies;
    - once more asked against "once only" is a no; "still" asked of one told dead against a
      rule that holds "even if dead" a yes;
    - a protection said not to work is a yes to a death asked, a no to safety asked;
    - the same "no X" asked and ruled ("is there just no demon": "no Demon is made") is a
      yes, and so is a denial beside a clause that gives the verb asked ("they cannot
      nominate, they may vote");
    - a choice the rule sends back ("prompts them to choose again") is a no to "allowed to
      pick ...?".

    A sentence that merely denies nothing is not a yes: its premise may not be the
    question's; nor is losing something a no ("they lose their 'cannot die' ability": they
    can die). Measured against blind answer labels (tests/eval/answers/README.md), last on
    240 labelled in the tenth session and measured once unread: type accuracy 49.58% ->
    54.17%, yes/no questions answered 28.66% -> 35.67%, right polarity 91.11% -> 92.86%.
    """
    if not verdict.because or verdict.answer not in (Answer.INFO, Answer.STORYTELLER):
        return verdict
    if verdict.answer is Answer.STORYTELLER and _yours_to_do(u.question, verdict.text):
        # "if he breaks it can i still exe him": "Your choice: whether the Storyteller
        # executes Ann for breaking madness": the storyteller may, as they choose
        return replace(
            verdict,
            answer=Answer.YES,
            text=f"Yes, it is your choice {verdict.text.removeprefix('Your choice: ')}",
        )
    said = verdict.because[0].quote
    opening = clause(said)[:30].lower()  # (its first sentence may end ";" in the text)
    if (
        verdict.answer is Answer.INFO
        and _which_one_yours(u.question, said)
        and verdict.text.lower().startswith(opening)
    ):
        # which one the rule's outcome befalls, asked, where no replay took the choice
        return replace(
            verdict, answer=Answer.STORYTELLER, text=f"Your choice: {clause(verdict.text)}."
        )
    asking = _plain_yes_no(u)
    if asking is not None and _RIGHTNESS_ASKED.search(asking):
        # "I let the game carry on. Was that the right call?": whether the storyteller did
        # right, which the rule's own yes or no ("nothing happens: they die and the game
        # goes on") does not say; what they did, told beside what the rule says, may
        at = u.question.find(asking)
        right = _call_right(u.question[:at] if at >= 0 else u.question, said)
        return verdict if right is None else _settle(verdict, right)
    if opening not in verdict.text.lower():
        return verdict  # (a text the replay re-worded says what it played, not the rule)
    spent = _spent_said(u, said)
    if verdict.answer is Answer.INFO and spent is not None:
        # "is her ability used up now?": "... the ability is not spent"
        return _settle(verdict, spent)
    classed = _classed(u.question, said)
    if verdict.answer is Answer.INFO and classed is not None:
        # "tinker dies, is it a demon kill": "A Tinker death is not a Demon kill"
        return _settle(verdict, classed)
    if asking is None and verdict.answer is Answer.STORYTELLER:
        # "am i allowed to make the sweetheart the drunk one or must it be someone else",
        # "can i pick someone whos already dead? or her own self?": a permission asked among
        # alternatives, each the storyteller's to pick where the rule leaves it to them
        # (the first alternative is the one answered: not "do i have to kill ... or can i do
        # whatever")
        whole = _asking(u.question)
        first = rx.split(r"\bor\b", whole, maxsplit=1)[0] if whole is not None else ""
        if first and not (_QUESTION_NEGATION.search(whole) or _NEGATIVE_ASKED.search(whole)):
            return _as_you_choose(verdict, first, said, opening, u, kb, permission_only=True)
    if asking is None:
        main = _main_clause(said, u, kb)
        healthy = _plain_yes_no(u, healthy=True)
        if (
            verdict.answer is Answer.INFO
            and healthy is not None
            and _same_outcome(healthy, main)
            and _premises_told(u, kb, said)
        ):
            # "barista made the empath sober, true info?": "This player must get true
            # information" (a state asked is answered by the same state said, not by a denial)
            return _settle(verdict, True)
        if verdict.answer is Answer.INFO and _denial_confirmed(u, main, said, kb):
            # "poisoned players just dont wake at all??": "Poisoned players don't wake up"
            return _settle(verdict, True)
        return _sober_again(verdict, u, kb)
    if verdict.answer is Answer.STORYTELLER:
        if _opposite_outcome(asking, _main_clause(said, u, kb)) and _premises_told(u, kb, said):
            # "can i move the red herring": not the replay's choice of whom it marks, but "The
            # “Red Herring” stays on the same player for the whole game"
            return replace(verdict, answer=Answer.NO, text=f"No: {clause(said)}.")
        return _as_you_choose(verdict, asking, said, opening, u, kb)
    if _premise_contradicted(said, u, kb):
        return verdict  # "Whilst the Technocrat lives, ..." for "technocrat is dead now"
    if (
        _ABILITY_USE_ASKED.search(asking)
        and (lost := _LOST_IN_DEATH.match(said)) is not None
        and any(
            kb.name(cid).lower() == lost.group(1).lower() and Condition.DEAD in conds
            for cid, conds in u.conditions.items()
        )
    ):
        # "can a dead empath use their ability": "When the Empath is dead, do not wake them
        # again" (the Slayer's: "the ability stops")
        return _settle(verdict, False)
    if _state_presupposed(asking, said, u, kb):
        # "can the goon be poisoned": "When the Goon is drunk or poisoned, ..." is the rule of
        # the state asked about, so the state can be
        return _settle(verdict, True)
    if (
        _FALSE_INFO_ASKED.search(asking)
        and _FALSE_INFO_ALLOWED.search(_main_clause(said, u, kb))
        and not _NEGATIVE.search(asking)
    ):
        # "can the chef be wrong if poisoned": "When the Chef is drunk or poisoned, the number
        # need not be true"
        return _settle(verdict, True)
    if (
        _STILL_IMPAIRED_ASKED.search(asking)
        and (again := _sober_again(verdict, u, kb)) is not verdict
    ):
        return again  # "philo died, empath still drunk?": "... becomes sober again"
    sobered = _sobered_case(u.question, said)
    if sobered is not None:
        # "leviathan was poisoned when day 5 ended, sobers up later. evil win then?": the
        # sentence's later case ("when the Leviathan is sober, ... the evil team wins")
        return _settle(verdict, True) if _same_outcome(asking, sobered) else verdict
    players = _too_few_players(u.question, said)
    sized = _sized_in_entry(verdict.because[0], kb) if players is None else None
    if sized is not None and (players := _too_few_players(u.question, sized)) is not None:
        # "does the demon learn bluffs with 6 players": the glossary's "Demon info" entry
        # gives the size in its first sentence ("... on the first night if there are 7 or
        # more players"), the deciding sentence being its second
        cited = _GLOSSARY_CITED.search(verdict.text)
        first = verdict.because[0]
        return replace(
            verdict,
            answer=Answer.NO,
            text=f"No, with {players} players: {clause(sized)}{cited.group(1) if cited else ''}.",
            because=(replace(first, quote=sized), *verdict.because[1:]),
        )
    enough = _enough_players(u.question, said) if players is None else None
    if enough is not None and not _NEGATIVE.search(said):
        # "does the demon learn bluffs with 9 players": "... the information that the Demon
        # receives on the first night if there are 7 or more players"
        return replace(
            verdict, answer=Answer.YES, text=f"Yes, with {enough} players: {clause(verdict.text)}."
        )
    if players is not None:
        # "lunatic n1 in a 6 player game, do i still wake them": "if there are 7 or more
        # players, wake the Lunatic"
        return replace(
            verdict, answer=Answer.NO, text=f"No, with {players} players: {clause(verdict.text)}."
        )
    main = _contrasted(asking, said, _main_clause(said, u, kb), u, kb)
    instructed = _instruction(asking, said, main, u, kb)
    if instructed is not None:
        # "do i count him as woke": "Count players who have not woken yet but will ..."; "do
        # i even wake the demon": "do not wake the Demon"
        return _settle(verdict, instructed)
    if (
        KEEP_ASKED.search(asking)
        and (held := _kept_answer(asking, main, losing=_LOSING, keeping=_KEEPING)) is not None
        # (not what a working ability keeps, for its owner told drunk or poisoned: "vigor was
        # poisoned ... do they keep the ability": "Minions you kill keep their ability")
        and not _sober_rule_of_the_impaired(asking, verdict.because[0], u, kb)
    ):
        # "does the guy with 3 votes keep it": "the player with the triple vote loses it"
        return _settle(verdict, held)
    if _STILL_ASKED.search(asking) and _PREMISE_IDLE.search(main):
        # "babysitter poisoned, does a player still die": "when the babysitter is drunk or
        # poisoned ..., this has no effect on the Lil' Monsta ability": it still does (before
        # any reading of the outcome: the premise changes nothing)
        return _settle(verdict, True)
    if _opposite_outcome(asking, main) and _premises_told(u, kb, said):
        # "do they turn evil": "that player stays good"; "does she die": "they remain alive"
        return _settle(verdict, False)
    if _ability_stopped(asking, said, u, kb):
        # "vortox is drunk, no exe = evil win?": "When the Vortox is drunk or poisoned, all
        # three clauses stop: the kill, the false information and the execution condition"
        return _settle(verdict, False)
    if _would_not(asking, said):
        # "can the beggar even be poisoned": "If the Beggar would become drunk or poisoned,
        # they do not"
        return _settle(verdict, False)
    if (
        _CHOOSE_AGAIN.search(said)
        and rx.search(r"\b(?:allowed|can|could|may|legal|ok|okay|valid)\b", asking.lower())
        and rx.search(r"\b(?:pick|picks|choose|chooses|chose|select|point)\w*", asking.lower())
        and not _NEGATIVE.search(asking)
    ):
        # "sailor allowed to pick dead player": "If the Sailor chooses a dead player
        # accidentally, the Storyteller prompts them to choose again"
        return _settle(verdict, False)
    if (
        _AGAIN_ASKED.search(asking)
        and _ONCE_SAID.search(said)
        and not _NEGATIVE.search(asking)
        and not rx.search(r"\b(?:again|regains?)\b", said.lower())
    ):
        # "can the alsahir guess more then once in the same day": "Each day, once only, ..."
        return _settle(verdict, False)
    only = _only_if(asking, said, u)
    if only is not None:
        # "butler raised his hand but his master didnt, do i count it": "their vote is only
        # counted if their master voted too"
        return _settle(verdict, only)
    if (
        _POISON_ASKED.search(asking)
        and not _SHIELD_ASKED.search(asking)
        and _SHIELDED_FROM_POISON.search(said)
        and _premises_told(u, kb, said)
    ):
        # "is the soldier poisoned by the no dashii": "The Soldier is also protected from all
        # other harmful effects of the Demon's ability, such as poisoning"
        return _settle(verdict, False)
    head = _MEANING.split(main, maxsplit=1)[0]
    if head != main and _same_outcome(asking, head) and _premises_told(u, kb, said):
        # "does the poisoner go last tonight": "The Poisoner acts last in the night order,
        # meaning the poisoning did not affect any abilities" (what follows is its upshot)
        return _settle(verdict, True)
    if _UNPROTECTED.search(main) and _premises_told(u, kb, said):
        # "tea lady is drunk, both her neighbours good - can they die?": "When the Tea Lady is
        # drunk or poisoned, the protection does not work" (a death asked: yes; safety: no)
        safety = _SURVIVAL_ASKED.search(_TOKEN_NAMED.sub(" ", asking))
        # (a save asked: "am i still allowed to save a scary player")
        if safety or rx.search(r"\bprotected\b|\bsav(?:e|es|ed|ing)\b", asking):
            return _settle(verdict, False)
        if rx.search(r"\b(?:die|dies|died|killed|kill)\b", asking.lower()):
            return _settle(verdict, True)
    if (
        _STILL_ASKED.search(asking)
        and _EVEN_IF_DEAD.search(said)
        and any(Condition.DEAD in conds for conds in u.conditions.values())
        and _death_told_before_ask(u)
    ):
        # "the uninitiated died on day two do they still get told their alignment": "...
        # learn it on the final night, even if dead" (whatever the sentence denies besides)
        return _settle(verdict, True)
    if (
        _LOST_CANNOT_DIE.search(said)
        and _DEATH_ASKED.search(asking)
        and not _NEGATIVE.search(asking)
        and _premises_told(u, kb, said)
    ):
        # "sailor picked himself, can the demon kill him now": "If they choose themself, they
        # lose their 'cannot die' ability until they become sober" (losing it, they can die)
        return _settle(verdict, True)
    # (a prevention denied denies nothing: "the Preacher no longer prevents any of the marked
    # players' abilities from working" gives them back)
    # (nor one in a clause of its case: "only wakes at night to attack if nobody died that
    # day" denies nothing of the attack)
    # (nor what someone learns, said: "The Demon learns that they cannot attack and who the
    # Exorcist is" denies nothing of their learning; nor a choice of nobody offered: "choose a
    # player to die, or choose no player")
    kept = _NOBODY_CHOSEN.sub(" ", _LEARNED_THAT.sub(" ", _RELATIVE_DENIAL.sub(" ", main)))
    if _NEGATIVE.search(_CASE_CLAUSE.sub(" ", _PREVENTION_DENIED.sub(" ", kept))):
        if _other_nights_denied(asking, said):
            # "does the gargan wake n3": "The Gargan does not wake for it's ability on the
            # first or second nights" denies the nights it names, not the one asked
            return verdict
        if _learning_shown(verdict, u, kb, asking):
            # "will the librarian see the drunk": the replay shows the Librarian learning the
            # Drunk; "... the character you show must not belong to either marked player" is
            # the rule of another case (false information)
            return verdict
        if _another_kind_said(said, u, kb, _owner(verdict, kb)):
            # "if the virgin is nominated by a drunk townsfolk does the nominator die": "A
            # Traveller nominating is not a Townsfolk, so nothing happens" is another case
            return verdict
        if (
            _DEATH_PREMISED.search(said)
            and not any(
                {Condition.DEAD, Condition.EXECUTED} & set(conds) for conds in u.conditions.values()
            )
            and not _LIFE_OR_DEATH.search(asking.lower())
        ):
            # "can the slayer shoot after being nominated": "Declaring after death does
            # nothing" is the rule of a dead one, and nobody is told dead
            return verdict
        if _NEED_ASKED.search(asking) and _ONLY_WITH.search(said):
            # "does the beggar need a vote token": "the Beggar cannot vote unless they have a
            # vote token" says it is needed
            return _settle(verdict, True)
        if _DEFINITION.match(said):
            # "can the mayor be executed": "“No execution” means nobody was executed" says
            # what a phrase of the ability means, not what may happen
            return verdict
        if _DEATH_ASKED.search(asking) and _DEATH_WITHOUT_EFFECT.search(main):
            # "can the saint be killed by the demon at night": "An execution that does not
            # kill them does not trigger it, nor does a night death" denies what a death sets
            # off, so the death itself can happen
            return verdict
        if _WHICH_DENIED.search(said) and not rx.search(r"\bwhich\b", asking.lower()):
            # "does the investigator learn the spy": "The Investigator does not learn which of
            # the two is that Minion" denies knowing which one, not learning it
            return verdict
        if _same_none(asking, main, u):
            # "is there just no demon for the rest of the game": "no Demon is made" says so
            # (where the question tells its premise; else it says nothing either way)
            return _settle(verdict, True) if _premises_told(u, kb, said, asked=asking) else verdict
        if (
            _DEATH_DENIED.search(main)
            and not _NEGATIVE.search(_DEATH_DENIED.sub(" ", main))
            and not _LIFE_OR_DEATH.search(KILL_MOVED.sub(" ", asking.lower()))
        ):
            # "can I bounce the kill onto the soldier": "the Soldier does not die" says how it
            # ends, not whether the kill may be moved
            return verdict
        if _SURVIVAL_ASKED.search(asking):
            # "he live?": "you cannot die by exile" is a yes; a denial of something else, none
            # (nor one whose premise the question does not tell: "Whilst the Technocrat
            # lives, the Demon cannot die" for a dead Technocrat)
            if not _DEATH_DENIED.search(main) or not _premises_told(u, kb, said):
                return verdict
            return _settle(verdict, True)
        if _ALLOWED_ASKED.search(asking) and not _MODAL_SAID.search(main):
            return verdict  # "pardon after the count. allowed?": "they are not executed" is
            # what follows a pardon, not whether one may be given
        if _STILL_ASKED.search(asking) and _PREMISE_IDLE.search(main):
            # "babysitter poisoned, does a player still die": "when the babysitter is drunk
            # or poisoned ..., this has no effect on the Lil' Monsta ability": it still does
            return _settle(verdict, True)
        if _denied_of_another(main, asking, u, kb):
            return verdict  # "does the gossip kill go through": "the Demon cannot kill"
        if _CLASS_DENIED.search(said) and not _NEGATIVE.search(
            _CLASS_DENIED.sub(" ", _INERT_UPSHOT.sub("", said))
        ):
            # "can the gossip's statement kill the demon": "A death caused by the Gossip is
            # not a Demon kill, so protection against the Demon does not apply" says what
            # kind of death it is (and what follows from that), not whether it may befall
            # the one asked (a kind asked is read before: _classed)
            return verdict
        if _verb_granted(asking, main, u):
            # "can the zombuul vote with the dead now": "they cannot nominate, they may vote
            # with the Voudon" (the denial is of another thing; the asked verb is given)
            return _settle(verdict, True) if _premises_told(u, kb, said) else verdict
        if not _speaks_of(asking, main, u, kb):
            return verdict  # "is every minion a witch?": "Nominated Demons can not move tonight"
        if _duty_beside(asking, main):
            # "is the klutz forced to choose": "if they choose a good player, nothing happens"
            # denies something, not the duty asked
            return verdict
        if _denied_in_upshot_only(main, asking, u, kb):
            # "night ends right before the demon?": "the night ends before the Butler wakes,
            # and so the Butler cannot change their master" (what follows, of another thing)
            return verdict
        if _DENIAL_EXCEPTED.search(said):
            # "is the butler allowed to vote at all": "they cannot vote, so the Butler
            # effectively cannot either — unless the master spends their dead vote": the
            # exception answers, not the denial
            return verdict
        if _later_case_of_the_asked(verdict.text, asking, u, kb):
            # "no minions alive, can the recluse catch the starpass": "If no Minion is alive,
            # nothing happens; if the Recluse registers as a Minion ..., they may actually
            # become that character": the later case, of the one asked, answers
            return verdict
        impaired = _impaired_rule(said, u, kb, asking)
        if impaired is not None:
            # "technocrat is poisoned, can the demon die by execution?": "Whilst the
            # Technocrat lives, the Demon cannot die" is the sober one's rule; the denial is
            # what the poison undoes, so what it denies can happen
            if _POSSIBILITY_ASKED.match(asking.strip(" ,;-")) and not _NEGATIVE.search(asking):
                cid, state = impaired
                name = kb.name(cid)
                return replace(
                    verdict,
                    answer=Answer.YES,
                    text=f"Yes: the {name} is {state}, and this is the rule of a sober, healthy "
                    f"{name}, which the {state} one does not have: {clause(verdict.text)}.",
                )
            return verdict
        if _becoming_untold(said, u, kb):
            # "the barber dies, can the demon swap two minions": "If a player dies then
            # becomes the Barber, the Demon may not swap ..." is the case of one made Barber
            return verdict
        if _FALSE_INFO_PREMISE.match(said) and not _premises_told(u, kb, said):
            # "librarian shows the drunk as the drunk?": "When the Librarian is getting false
            # information, the character you show must not ..." is the rule of another case
            return verdict
        if _ANYONE.search(asking) and _SOMEONE_DIES.search(main):
            # "lycan picks the minion, does anyone die": "if good, they die & the Demon
            # doesn't kill tonight" denies one death and says another
            return verdict
        if (
            _LEARNING_LEADS.match(verdict.text)
            and _KNOWING_ASKED.search(asking)
            and not _KNOWING_DENIED.search(said)
        ):
            # "does the evil twin know who the good twin is": the replay's learning leads
            # ("... each learns who the other is"), which answers; the rule's denial after it
            # ("the good team cannot win") is of another thing
            return verdict
        return _settle(verdict, False)
    still = _STILL_SAID.search(said)
    if (
        _STILL_ASKED.search(asking)
        and still
        and not _denied_after(said, still)
        and _still_of_asked(asking, said, still)
        # (the Spy's "You might register as good ..., even if dead" is its registering's,
        # which _EVEN_IF_DEAD leaves out: not its seeing the Grimoire)
        and not (_DEAD_AFTER.match(said, still.start()) and not _EVEN_IF_DEAD.search(said))
        # (nor a living one's rule for its owner told dead: "assassin died ... without using
        # her kill. any way she still gets it?": "That player dies, even if for some reason
        # they could not" is the kill of a living Assassin)
        and not _owner_dead_unsaid(said, verdict, u, kb)
    ):
        return _settle(verdict, True)
    other = (pair := _imperative_asked(asking, main)) is not None and _done_to_another(*pair)
    if (
        _same_outcome(asking, main)
        and not other
        and _premises_told(u, kb, said)
        and not _impaired_unsaid(said, u, asking)
        and not _excluded(main, u, kb)
        and not _owner_dead_unsaid(said, verdict, u, kb)
    ):
        # "do i still announce it": "all players learn that the Banshee has died"
        return _settle(verdict, True)
    if (
        _same_verb(asking, main)
        and not other
        and not _WH_BEFORE.search(u.question.lower().split(asking.lower().strip(), 1)[0])
        and _premises_told(u, kb, said)
        and not _impaired_unsaid(said, u, asking)
        and not _excluded(main, u, kb)
    ):
        # "do i skip the dead one for tonights number": "Alive neighbours are the nearest
        # living player on each side, skipping the dead"
        return _settle(verdict, True)
    if (
        (_PERMISSION.search(asking) or _ALLOWED_ASKED.search(asking))
        and _GIVEN.search(main)
        and not rx.search(r"\bonly\b", main)  # "only dead players ... may raise their hand"
        # "shoot someone who didn't vote" (not what comes after the ask: "... themselves?
        # I wasn't sure what it would even do")
        and not _NEGATIVE.search(
            u.question[: span[1] if (span := _ask_span(u.question)) else None].lower()
        )
        and not _UNMET.search(u.question)  # "... who didnt even vote"
        and _premises_told(u, kb, said)
        and not _impaired_unsaid(said, u, asking)
        and not _excluded(main, u, kb)
    ):
        # "ceren wants to make someone mad theyre the goblin. allowed?": "the Cerenovus may
        # choose to make a player mad that they are the Goblin" (a denial is handled above)
        return _settle(verdict, True)
    if (
        _ability_given(asking, main, u, kb)
        and _premises_told(u, kb, said)
        and not _impaired_unsaid(said, u, asking)
        and not _excluded(main, u, kb)
    ):
        # "can the pumpkin player count as scary themselves": "The Pumpkin themself may count
        # as scary"
        return _settle(verdict, True)
    return verdict


# "When the Vortox is drunk or poisoned, all three clauses stop: ...", "When the Widow is
# drunk or poisoned, the Widow's poison stops", "When the Recluse is drunk or poisoned, the
# misregistration stops": what stops, and whose state stops it (not "stops being drunk")
_STOPPED = re.compile(
    r"(?:when|if|while|whilst)\s+(?:the\s+)?(?P<name>[^,;:.]+?)\s+(?:is|are)\s+"
    r"(?P<state>drunk or poisoned|drunk|poisoned|dead)(?:\s+or\s+dead)?\s*,\s*"
    r"(?P<what>[^,;:.]+?)\s+(?:stops|stop)\b(?!\s+being\b)",
    re.IGNORECASE,
)
_STOP_STATE = {
    "dead": {Condition.DEAD},
    "drunk": {Condition.DRUNK},
    "poisoned": {Condition.POISONED},
    "drunk or poisoned": {Condition.DRUNK, Condition.POISONED},
}


def _ability_stopped(asking: str, said: str, u: Understanding, kb: AnswerKB) -> bool:
    """The deciding sentence opens by stopping the ability (or a part of it) of a character
    the question tells in that state, and the ask is of something that ability does, in its
    own words ("vortox is drunk, evil wins if no exe?": "Each day, if no-one is executed,
    evil wins." against "When the Vortox is drunk or poisoned, all three clauses stop"):
    what is asked does not happen. Not a negated ask, nor one of another character's
    doing."""
    stopped = _STOPPED.match(said.replace("’", "'"))
    if stopped is None or _NEGATIVE.search(stopped.group("what")):
        return False
    if rx.search(r"\bunless\b", said, re.I):
        return False  # ("the gained ability stops, unless it says it works after death")
    name = stopped.group("name").lower()
    cid = next((c for c in dict.fromkeys(u.characters) if kb.name(c).lower() == name), None)
    told = _STOP_STATE[stopped.group("state").lower()] & set(u.conditions.get(cid, ()))
    if cid is None or not told:
        return False
    names = {w for c in u.characters for w in kb.name(c).lower().split()}
    words = {
        stem(w)
        for w in rx.findall(r"[a-z]+", asking.lower())
        if len(w) > 2 and w not in _ASK_FILLERS and w not in _ASK_LOOSE and w not in names
    } - {w for c in told for w in _STATE_WORDS[c]}  # (the state told is not what is asked:
    # "can the slayer die at night", the Slayer told dead; not "the guy the widow poisoned")
    for part in split_sentences(kb.ability(cid)):
        if words & {stem(w) for w in rx.findall(r"[a-z]+", part.lower())} - _ABILITY_COMMON:
            # a part that keeps something from happening ("If both your alive neighbours are
            # good, they can't die"): stopped, what it kept from happening may happen
            # (what it does, not its case's "no-one": "Each day, if no-one is executed, ...")
            effect = part.rsplit(",", 1)[-1] if rx.search(r"\bif\b", part, re.I) else part
            return not (_NEGATIVE.search(effect) or _KEEPS_FROM.search(effect))
    return False


_STATE_WORDS = {
    Condition.DEAD: frozenset(stem(w) for w in "die dies died dead death kill killed".split()),
    Condition.DRUNK: frozenset((stem("drunk"),)),
    Condition.POISONED: frozenset(stem(w) for w in ("poison", "poisoned")),
}
_KEEPS_FROM = re.compile(r"\b(?:safe|protected|immune|instead)\b", re.IGNORECASE)
# words of almost every ability, which say nothing of which part of it is asked
_ABILITY_COMMON = frozenset(
    stem(w) for w in "player players night each you your are the they their choose".split()
)


# "can the X do ...": what a character can do asked (not the storyteller's "can i")
_DOING_ASKED = re.compile(r"^\W*(?:can|could)\s+(?!i\b|we\b|you\b|u\b)(.+?)\W*$", re.I)
# words of an ask a rule says in its own way: people, pronouns, hedges
_ASK_LOOSE = frozenset(
    "someone somebody anyone anybody player players person people guy theyre they them "
    "themselves themself himself herself he she it its his her still even just actually "
    # ("someone else too", "as well": another, said the rule's way, and a hedge)
    "really ever also now again else too well".split()
)


def _ability_given(asking: str, main: str, u: Understanding, kb: AnswerKB) -> bool:
    """A character's doing asked ("can the cerenovus make someone mad that theyre the
    goblin") and the main clause gives it, unrestricted and undenied, in the ask's own words
    ("the Cerenovus may choose to make a player mad that they are the Goblin"): every word
    of the ask but names, fillers, people and hedges in it, as stems."""
    asked = _DOING_ASKED.match(asking)
    if asked is None or not _GIVEN.search(main) or _NEGATIVE.search(main):
        return False
    if rx.search(r"\bonly\b", main):
        return False  # "only dead players may ...": a restriction
    names = _name_words(u, kb)  # and the names as typed ("cere")
    names |= {w for m in u.mentions for w in rx.findall(r"[a-z]+", m.text.lower())}
    words = [
        w
        # ("n1" is a night the rule must say too)
        for w in _content_words(asked.group(1), numbers=True)
        if w not in names and w not in _ASK_LOOSE
    ]
    return bool(words) and all(_stem_in(w, main) for w in words)


def _name_words(u: Understanding, kb: AnswerKB) -> set[str]:
    """The words of the names of the characters the question names."""
    return {w for c in u.characters for w in rx.findall(r"[a-z]+", kb.name(c).lower())}


def _instruction(asking: str, said: str, main: str, u: Understanding, kb: AnswerKB) -> bool | None:
    """Whether the deciding sentence ``said`` (its main clause ``main``) tells the
    storyteller to do what they ask about (_instructed), its premise told and not
    contradicted; None where it does not say."""
    told = _instructed(asking, main)
    if told is None or not _premises_told(u, kb, said) or _premise_contradicted(said, u, kb):
        return None
    return told


def _instructed(asking: str, main: str) -> bool | None:
    """The storyteller asks whether they do something ("do i count him", "should i wake
    her") and the main clause tells them to (an imperative of that verb: yes) or not to ("do
    not wake ...", "never ..." : no)."""
    pair = _imperative_asked(asking, main)
    if pair is None or _done_to_another(*pair):
        return None
    return not pair[1].group(1)


def _imperative_asked(asking: str, main: str) -> tuple[str, re.Match[str]] | None:
    """What follows the verb a storyteller asks whether they do ("do i wake the barista":
    "the barista"), and the main clause's imperative of the same verb, if it opens with
    one."""
    asked = _DO_I.search(asking)
    if asked is None:
        return None
    verb = asked.group(1).lower()
    told = _IMPERATIVE.match(main.strip().lower())
    if told is None or told.group(2)[:4] != verb[:4] or len(verb) < 3:
        return None
    return asking[asked.end() :], told


def _done_to_another(asked: str, told: re.Match[str]) -> bool:
    """The instruction ``told`` is done to another than the one ``asked`` of: "do i still
    wake the empath" is not answered by "wake the new Imp", nor "do i wake the barista" by
    "wake that character's player and show them ... the Barista token" (its object is in
    the verb's next few words; a pronoun or "people" asked is whoever it names)."""
    after = [w for w in rx.findall(r"[a-z]+", asked.lower()) if w != "the"]
    if after and (_PRONOUN.match(after[0]) or _ANYONE.match(after[0]) or after[0] in _WHOEVERS):
        return False
    done_to = [w for w in after if w not in PREMISE_FILLERS and w not in _MODALS][:3]
    instructed = " ".join(told.string[told.end() :].split()[:OBJECT_WORDS])
    return bool(done_to) and not any(len(w) > 2 and _stem_in(w, instructed) for w in done_to)


# a possessive or a person asked of, which the instruction's object may be ("do i swap their
# stuff": "swap their character tokens"; "do i wake the person they picked": "wake that
# character's player")
_WHOEVERS = frozenset("their his her its my our person guy player one".split())
_PRONOUN = re.compile(r"(?:him|her|them|it|everyone|everybody|ppl|those|these)$")
OBJECT_WORDS = 5  # an instruction's object, within its verb's next words ("wake the new Imp")


# "do i (still / even / also / just) count ...": the verb the storyteller asks about
_DO_I = re.compile(
    r"\b(?:do|should|must|shall) (?:i|we)\s+(?:(?:still|even|also|just|then|now)\s+)?([a-z]+)",
    re.IGNORECASE,
)
# an imperative opening a clause, denied or not ("do not wake the Demon")
_IMPERATIVE = re.compile(r"((?:do not|don't|never)\s+)?([a-z]+)\b")


# kinds of character seldom in play, which a question about one would say: "a Traveller
# nominating" is another case than the question's (the Demon, a Townsfolk and a Minion are in
# every game, and a question implies them: "mayor bounce onto the soldier" is the Demon's kill)
_KIND_WORD = re.compile(r"\b(Traveller|Traveler|Fabled)s?\b", re.IGNORECASE)


def _owner(verdict: Verdict, kb: AnswerKB) -> str | None:
    """The character whose ruling the verdict rests on first."""
    return kb.ruling_character(verdict.because[0].id or "") if verdict.because else None


def _another_kind_said(said: str, u: Understanding, kb: AnswerKB, owner: str | None) -> bool:
    """The sentence's premise or subject speaks of a kind of character (_KIND_WORD: "a
    Traveller nominating is not a Townsfolk, so nothing happens") the question neither says
    nor names one of (besides the ruling's own character)."""
    subject = _LEADING_SUBJECT.match(_consequence(said).strip())
    where = " ".join([*_premises(said), subject.group(0) if subject else ""])
    kinds = {k.lower().replace("traveler", "traveller") for k in _KIND_WORD.findall(where)}
    if not kinds:
        return False
    question = u.question.lower()
    teams = {kb.characters.get(c, {}).get("team") for c in u.characters if c != owner}
    return not any(k in teams or rx.search(rf"\b{k[:6]}", question) for k in kinds)


# a sentence's subject, up to its verb: "a Traveller nominating" (is not a Townsfolk)
_LEADING_SUBJECT = re.compile(
    r"[^,;:]*?(?=\s+(?:is|are|was|were|does|do|did|can|cannot|can't|may|must|will|has|have)\b)"
)


def _learning_shown(verdict: Verdict, u: Understanding, kb: AnswerKB, asking: str) -> bool:
    """The ask is whether one named character learns another ("does the investigator learn
    the spy") and the replay shows it learning that one."""
    if not _LEARNING_ASKED.search(asking):
        return False
    names = [kb.name(c) for c in dict.fromkeys(u.characters)]
    for learner in names:
        learned = [n for n in names if n != learner]
        for line in verdict.replay_summary:
            opening = rx.match(rf".*?\({re.escape(learner)}\) learns\b(.*)$", line)
            if opening and any(n.lower() in opening.group(1).lower() for n in learned):
                return True
    return False


_LEARNING_ASKED = re.compile(
    r"\b(?:learn|learns|see|sees|get|gets|find out|finds out|detect|detects|know|knows)\b",
    re.IGNORECASE,
)
# a denial of knowing which one ("does not learn which of the two is the Minion"), not
# of learning at all
_WHICH_DENIED = re.compile(
    r"\b(?:not|never|cannot|can't|doesn't|don't)\s+(?:learn|know|find out|see)\w*\s+"
    r"which\s+(?:of|one)\b",
    re.IGNORECASE,
)
# an upshot drawn after a clause: ", and so ...", ", so ..."
_UPSHOT = re.compile(r",?\s+and so\b|,\s+so\b(?! that\b)")


def _denied_in_upshot_only(main: str, asking: str, u: Understanding, kb: AnswerKB) -> bool:
    """The main clause's denial is only in the upshot drawn after it, which speaks of
    something other than what is asked."""
    parts = _UPSHOT.split(main, maxsplit=1)
    if len(parts) < 2:
        return False
    head, upshot = parts
    return not _NEGATIVE.search(head) and not _speaks_of(asking, upshot, u, kb)


# a clause saying in which case the rest holds, up to its comma: "if nobody died that day"
_CASE_CLAUSE = re.compile(r"\b(?:if|unless|when|whenever|until)\b[^,;.:]*", re.IGNORECASE)


def _speaks_of(asking: str, main: str, u: Understanding, kb: AnswerKB) -> bool:
    """The main clause says something of what the ask is about: a word of the ask (not a
    name, a filler, a time or a negation) is in it, as a stem ("is every minion a witch?"
    is not answered by "Nominated Demons can not move tonight"; "does he still die" is by
    "they do not die")."""
    if _UNPROTECTED.search(main) and not _ANY_OUTCOME.search(asking):
        # "the protection does not work", "nobody is protected": of a death, a safety or a
        # save asked, not of whatever is asked ("RK dies? does he wake?")
        return bool(_PROTECTION_MATTER.search(asking))
    if _NULL_EFFECT.search(main) or _ANY_OUTCOME.search(asking):
        # "nothing happens", "the ability does not trigger": of whatever is asked; "does that
        # do anything", "does the jump still happen": of whatever the sentence denies
        return True
    if (_PERMISSION.search(asking) or _ALLOWED_ASKED.search(asking)) and _MAY_NOT.search(main):
        return True  # "allowed?": "the Sleeper can not choose a Demon ... ability"
    names = _name_words(u, kb)
    names |= {w for m in u.mentions for w in rx.findall(r"[a-z]+", m.text.lower())}
    words = [
        w
        for w in _content_words(asking)
        if w not in names and w not in _ASK_FILLERS and not _NEGATIVE.fullmatch(w)
    ]
    if not words:
        return True  # "..., or not?": the tag asks of the sentence before it
    main = main.lower()
    return any(
        _stem_in(w, main) or any(rx.search(rf"\b{a}", main) for a in _SAID_ALIKE.get(w[:5], ()))
        for w in words
    )


# an ask's word and how a rule says it ("announce": "declare"; "see": "learn", "shown")
_SAID_ALIKE: dict[str, tuple[str, ...]] = {
    "annou": ("declar",),
    "learn": ("know", "learn", "show", "shown", "see"),
    "kill": ("kill", "die", "dead"),
    "twice": ("second", "again", "twice"),
    "see": ("learn", "show", "shown"),
    "sees": ("learn", "show", "shown"),
    "jump": ("becom",),
    "skip": ("wake", "woken"),
    "woken": ("wake", "woke"),
    "save": ("protect", "die", "safe"),
    "flip": ("turn", "becom"),
    # a win is the game ending: "evil wins right?": "the game does not end"
    **dict.fromkeys(("win", "wins", "won"), ("win", "won", "game ends", "game does not end")),
}
_ANY_OUTCOME = re.compile(r"\b(?:anything|happen|happens|work|works)\b", re.IGNORECASE)
_NULL_EFFECT = re.compile(
    r"\bnothing happens\b|\bdoes nothing\b|\bdo nothing\b|\bno effect\b|\bnot trigger\b"
    r"|\bnever fires\b|\bgains? nothing\b|\bnobody\b|\bno one\b|\bchanges nothing\b"
    r"|\bdoes not work\b|\bdoesn't work\b"
)


_PROTECTION_MATTER = re.compile(
    r"\b(?:die|dies|died|dead|death|kill\w*|sav(?:e|es|ed|ing)|safe\w*|protect\w*|surviv\w*"
    r"|live|lives|alive)\b",
    re.IGNORECASE,
)
_MAY_NOT = re.compile(r"\b(?:cannot|can not|can't|may not|must not|mustn't|not allowed)\b")
# words of an ask that say nothing of its matter
_ASK_FILLERS = frozenset(
    "still even just now then also really actually right yet again tonight today night "
    "tonite tomorrow they she him her his does did can could will would should".split()
)


# the storyteller asking leave: "can i still", "am i allowed to", "could we just"
_LEAVE_ASKED = re.compile(
    r"\b(?:(?:can|could|may) (?:i|we)|(?:am i|are we) (?:\w+ )?allowed to)"
    r"(?: (?:still|just|even|also|actually))* (?P<verb>\w+)",
    re.IGNORECASE,
)
# a choice the replay leaves to the storyteller, and the verbs that ask for it
_WHETHER = re.compile(r"^Your choice: whether (?:[^;]*?) (?P<done>dies|executes)\b")
_ASKING_FOR = {
    "dies": frozenset({"kill", "killing", "have", "let", "make"}),
    "executes": frozenset({"exe", "execute", "exec", "executing"}),
}


def _yours_to_do(question: str, text: str) -> bool:
    """The question asks the storyteller's leave to do what the replay's choice is
    ("can i still kill the tinker": "whether Ben (Tinker) dies tonight"; "can i still exe
    him": "whether the Storyteller executes Ann for breaking madness")."""
    choice = _WHETHER.match(text)
    asking = _asking(question)
    leave = _LEAVE_ASKED.search(asking) if asking else None
    return (
        choice is not None
        and leave is not None
        and leave.group("verb").lower() in _ASKING_FOR[choice.group("done")]
        # not where the rule quoted with the choice denies it ("The Tinker cannot die from
        # their ability while protected"): a yes would contradict its own reason
        and not _DENIED_IN_REASON.search(text)
    )


_DENIED_IN_REASON = re.compile(
    r"\b(?:cannot|can not|can't|cant|does not|doesn't|do not|don't|won't|never)\b", re.I
)


# whether what someone learns may be false, asked: "can the chef be wrong", "could the empath
# get a false number", "can i give them bad info"
_FALSE_INFO_ASKED = re.compile(
    r"\b(?:can|could|may|might|is it ok to|allowed to)\b[^?.;]*"
    r"\b(?:be|get|gets|give|show|tell|learn)\s+(?:them\s+|him\s+|her\s+)?(?:a\s+|an\s+)?(?:wrong|false|incorrect|bad|fake|untrue)\b",
    re.IGNORECASE,
)
# ... and the rule saying it may be: "the number need not be true", "may be false"
_FALSE_INFO_ALLOWED = re.compile(
    r"\bneed not be (?:true|correct|accurate)\b|\b(?:may|might|can) be (?:false|wrong|incorrect)\b"
    r"|\bmay (?:give|show) (?:them )?(?:false|wrong|any)\b",
    re.IGNORECASE,
)


def _settle(verdict: Verdict, yes: bool) -> Verdict:
    """The verdict led by the yes or no its sentence gives."""
    word, answer = ("Yes", Answer.YES) if yes else ("No", Answer.NO)
    return replace(verdict, answer=answer, text=f"{word}: {clause(verdict.text)}.")


def _sober_again(verdict: Verdict, u: Understanding, kb: AnswerKB) -> Verdict:
    """ "philo died - does the sage sober up?": "If the Philosopher dies, the player made drunk
    by the Philosopher becomes sober" is a yes, its premise told (a denial is no answer to
    whether someone is sober: "no longer poisoned" would say yes); to "is the sage still
    drunk?" the same sentence is a no."""
    asking = _plain_yes_no(u, healthy=True)
    said = verdict.because[0].quote
    sober = asking is not None and bool(_SOBER_ASKED.search(asking))
    if (
        verdict.answer is not Answer.INFO
        or asking is None
        # "philo died, is the empath still drunk": the same sentence, a no
        or not (sober or _STILL_IMPAIRED_ASKED.search(asking))
        or not _SOBER_SAID.search(_main_clause(said, u, kb))
        or not _a_case_told(u, kb, said)
        or _premise_contradicted(said, u, kb)
    ):
        return verdict
    return _settle(verdict, sober)


_SOBER_ASKED = re.compile(r"\bsober\b|\bhealthy\b", re.IGNORECASE)
_STILL_IMPAIRED_ASKED = re.compile(r"\bstill (?:drunk|poisoned)\b", re.IGNORECASE)
_SOBER_SAID = re.compile(
    r"\b(?:becomes?|is|are|become) sober\b|\bsober again\b|\bno longer (?:drunk|poisoned)\b"
    r"|\bstops? being (?:drunk|poisoned)\b"
    r"|\b(?:becomes?|is|are) sober and healthy\b"
)


# poisoning asked ("is he poisoned", "does the poison reach him"), not a shield from it
_POISON_ASKED = re.compile(r"\bpois\w*", re.IGNORECASE)
_SHIELD_ASKED = re.compile(r"\b(?:safe|protect\w*|immune|block\w*|cover\w*|stop\w*)\b", re.I)
# a sentence saying someone is shielded from poisoning ("protected from all other harmful
# effects of the Demon's ability, such as poisoning")
_SHIELDED_FROM_POISON = re.compile(
    r"\b(?:protected|safe|immune) from\b[^.;]*\bpoison", re.IGNORECASE
)
# an alternative that is a state ("... or drunk for good", "or sober again") and the states
# a first half asks ("is the empath sober again")
_OTHER_STATE = re.compile(
    r"\bor\s+(?:(?:still|stay|stays|remain|remains|is|are|they|he|she|theyre|hes|shes)\s+)*"
    r"(sober|drunk|poisoned|healthy)\b(?!\s+or\b)",
    re.IGNORECASE,
)
_STATES = re.compile(r"\b(sober|drunk|poisoned|healthy)\b", re.IGNORECASE)
# an alternative that is the contrary of what precedes it: "... or is he still unkillable",
# "or does it sit out", "or stuck drunk for the rest of the game", "or does nobody die"
# (no bare negation: "do i have to kill someone or can i just announce nobody" is answered
# by "you may not choose nobody", a no to the second, a yes to the first)
_CONTRARY = re.compile(
    r"\b(?:still|stay|stays|remain|remains|stuck|keep|keeps|sit out|sits out|skip|skipped|"
    r"unkillable|safe|immune|block|blocks|protect|protects|forever|all game|rest of the game|"
    r"for good|"
    # "... or does being drunk cancel it", "or do i have to wait for the day", "or does it
    # only start on n3": the first half's contrary (not "or just ...", "or does X stop that
    # too": measured, as often a second ask as the contrary of the first)
    r"cancel|cancels|cancelled|wait|only|"
    # "or does it lift", "or is it used up", "or does nothing happen", "or do they clash"
    r"lift|lifts|used up|gone|wasted|nothing happens?|too late|anyway|sober up|clash)\b",
    re.IGNORECASE,
)


def _first_of_contraries(asking: str | None) -> str | None:
    """An ask whose second half is the first's contrary, cut to its first half ("can he die
    now or is he still unkillable": "can he die now"); any other ask as it is."""
    alternative = _ALTERNATIVE.search(asking) if asking else None
    # (the alternative's own word too: "or only from n3 onwards")
    if asking and alternative and _CONTRARY.search(asking[alternative.start() + 2 :]):
        return asking[: alternative.start()].rstrip(" ,;-")
    if asking and (other := _OTHER_STATE.search(asking)):
        # "is the empath sober again or drunk for good", "still drunk or sober again": the
        # other state is the first's contrary
        first = _STATES.findall(asking[: other.start()])
        if first and first[-1] != other.group(1):
            return asking[: other.start()].rstrip(" ,;-")
    return asking


def _plain_yes_no(u: Understanding, *, healthy: bool = False) -> str | None:
    """The clause of the question asking yes or no, where a yes or a no would answer the
    whole question plainly (``healthy``: also where it asks whether someone is sober or
    healthy, which a denial does not answer)."""
    whole = _asking(u.question)
    asking = _first_of_contraries(whole)
    if (
        asking is None
        # "can't she pick herself": a no is ambiguous (not a negation in a condition after
        # the ask: "is that allowed if we dont know the atheist is in play")
        or _QUESTION_NEGATION.search(_before_condition(asking))
        or _ALTERNATIVE.search(asking)
        or _NEGATIVE_ASKED.search(asking)  # "wrong first guess = zero kills?"
        or (_HEALTHY.search(asking) and not healthy)  # "healthy again?": "no longer poisoned"
        or _THING_LOST.search(asking)  # "is the ability gone": "nothing happens" is no answer
        or len(question_parts(u.question)) > 1  # the sentence may answer the other part
    ):
        return None
    # an alternative in the ask or after it ("tell them now or tonight", "does the poison
    # still land before the empath ... or after", "do i wake him n2? or is the first time
    # n3"), or a second question after it ("... witches? and whats the deal with ...")
    core = whole.strip(" -,;?!.")
    after = u.question[u.question.find(core) :]
    # (not "drunk or poisoned", one state told either way)
    either = _EITHER.search(_either_kind(asking, _EITHER_IMPAIRED.sub("impaired", after)))
    # (after the sentence the ask ends: "... or does it sit out until night 3?" has its scene
    # cut from the ask, and its question mark is the same question's)
    rest = after[len(core) :]
    end = rx.search(r"[.?!]", rest)
    if end and rest[: end.start()].strip(" ,;-"):
        rest = rest[end.start() :]
    if (whole == asking and either) or _later_ask(rest.lstrip(" ?!.")):
        return None
    return asking


def _before_condition(asking: str) -> str:
    """An ask without a condition it ends with ("is that allowed if we dont know ...")."""
    return rx.split(r"\s(?:if|when|whenever|unless)\b", asking, maxsplit=1)[0]


def _only_if(asking: str, said: str, u: Understanding) -> bool | None:
    """A sentence that allows what is asked only if something holds ("their vote is only
    counted if their master voted too"): yes where the question tells it holds, no where it
    tells it does not ("his master didnt"); None where it tells neither, or the ask is not
    about what the sentence allows."""
    found = _ONLY_IF.search(said)
    if found is None:
        return None
    allowed = said[: found.start()].lower().rsplit(",", 1)[-1] + found.group(0).lower()
    if not any(_stem_in(w, allowed) for w in _content_words(asking) if len(w) > 3):
        return None
    words = [
        w
        for w in rx.findall(r"[a-z0-9]+", found.group(1).lower())
        if w not in PREMISE_FILLERS and w not in _MODALS and w not in _GENERIC_PREMISE_WORDS
    ]
    # (not what the question sets aside: "if they are executed, rather than killed by the
    # Demon" does not tell "killed by a Demon")
    told = _SET_ASIDE.sub(" ", _told(u.question))
    stems = {t[:4] for t in rx.findall(r"[a-z0-9]+", told)}
    if not words or not all(w[:4] in stems for w in words) or _NEGATIVE.search(found.group(1)):
        return None  # ("voted" told by "voting": four letters)
    return not _TOLD_NEGATION.search(told)


# what a question sets aside: "rather than killed by the Demon", "other than the demon's
# kill", "not by the demon" (to the clause's end)
_SET_ASIDE = re.compile(
    r"\b(?:other than|rather than|instead of|except for|not by|not from)\b[^,.;:?!]*"
)
# words of an "only if" premise that need not be told ("when killed by a Demon ability")
_GENERIC_PREMISE_WORDS = frozenset("too also ability abilities player players".split())
_ONLY_IF = re.compile(r"\bonly (?:\w+ ){0,3}?(?:if|when)\s+([^,.;:]+)", re.IGNORECASE)


def _lone_ask(u: Understanding) -> str | None:
    """The question's yes/no ask where it is its only question and no alternative."""
    asking = _asking(u.question)
    if asking is None or _ALTERNATIVE.search(asking) or len(question_parts(u.question)) > 1:
        return None
    return asking


def _spent_said(u: Understanding, said: str) -> bool | None:
    """Whether the ability is spent, where the question asks only that ("is her ability used
    up now?") and the deciding sentence says it in so many words ("the ability is not
    spent", "The ability is spent anyway")."""
    asking = _lone_ask(u)
    if asking is None or not _USED_UP_ASKED.search(asking):
        return None
    found = _SPENT_SAID.search(said)
    return None if found is None else not found.group(1)


_USED_UP_ASKED = re.compile(r"\b(?:used up|spent|burn(?:ed|t)|gone)\b", re.IGNORECASE)
_SPENT_SAID = re.compile(
    r"\b(?:the|their|this|its) ability is (not |still not )?(?:spent|used up)\b", re.IGNORECASE
)


def _would_not(asking: str, said: str) -> bool:
    """The sentence says something that would happen does not ("If the Beggar would become
    drunk or poisoned, they do not") and the ask is whether it can ("can the beggar even be
    poisond"): the outcome asked is among the sentence's, its words' first four letters."""
    found = _WOULD_NOT.match(said.strip())
    if found is None or not rx.search(r"\b(?:can|could)\b", asking.lower()):
        return False
    outcome = {w[:4] for w in rx.findall(r"[a-z]+", found.group(1).lower()) if len(w) > 3}
    asked = rx.split(r"\b(?:be|become|get|gets)\b", asking.lower(), maxsplit=1)
    return len(asked) == 2 and any(w[:4] in outcome for w in rx.findall(r"[a-z]+", asked[1]))


_WOULD_NOT = re.compile(
    r"if (?:the |a |an )?[\w' -]+? would (?:become |be |get )?([^,;]+), "
    r"(?:they|he|she|it) (?:do|does|will|would) not\b",
    re.IGNORECASE,
)


def _same_none(asking: str, main: str, u: Understanding) -> bool:
    """The ask says "no" of a thing ("is there just no demon") and so does the main clause
    ("no Demon is made"), the same word's first four letters; not a name that begins "no"
    ("no dashii")."""
    named = " ".join(m.text.lower() for m in u.mentions)
    for found in _NONE_OF.finditer(asking.lower()):
        if found.group(0) in named:
            continue
        if rx.search(rf"\bno\s+{re.escape(found.group(1)[:4])}", main.lower()):
            return True
    return False


_NONE_OF = re.compile(r"\bno\s+([a-z]{4,})")


def _denial_asked(u: Understanding) -> str | None:
    """A yes/no ask that is itself a denial ("poisoned players just dont wake at all??"),
    one question, no alternative."""
    asking = _lone_ask(u)
    if asking is None or not (_QUESTION_NEGATION.search(asking) or _NOBODY.search(asking)):
        return None
    return asking


def _denial_confirmed(u: Understanding, main: str, said: str, kb: AnswerKB) -> bool:
    """The ask denies a verb ("dont wake") and the main clause denies the same verb ("don't
    wake up"), its premises told: a yes that confirms the denial."""
    asking = _denial_asked(u)
    if asking is None:
        return False
    denied = _DENIED_VERB.search(asking.lower())
    if denied is None:
        return False
    verb = denied.group(1)
    said_denial = [m.group(1) for m in _DENIED_VERB.finditer(main.replace("’", "'"))]
    return (
        any(v[:4] == verb[:4] for v in said_denial)
        and len(verb) > 2
        and _premises_told(u, kb, said)
    )


# a verb denied: "dont wake", "doesn't even die", "never gets", "nobody dies"
_DENIED_VERB = re.compile(
    r"\b(?:dont|don't|do not|doesnt|doesn't|does not|never|cant|can't|cannot|wont|won't"
    r"|will not|nobody|no one|noone)\s+(?:(?:even|just|ever|actually|really|still)\s+)?([a-z]+)",
    re.IGNORECASE,
)
_NOBODY = re.compile(r"\b(?:nobody|no one|noone)\b", re.IGNORECASE)


def _opposite_outcome(asking: str, main: str) -> bool:
    """The main clause states, undenied, the outcome opposite to the one asked: turning evil
    asked, staying good said; dying asked, remaining alive said; registering as evil asked,
    appearing as the good character said.

    >>> _opposite_outcome("do they still turn evil", "that player stays good.")
    True
    >>> _opposite_outcome("does she die", "they remain alive.")
    True
    >>> _opposite_outcome("does she survive", "they remain alive.")
    False
    """
    return not _NEGATIVE.search(main) and _outcome_of(_OPPOSITE_OUTCOMES, asking, main)


_OPPOSITE_OUTCOMES = (
    # the game going on asked, its end said: "does the extra day still happen": "the game
    # ends there as normal"
    (
        r"\bextra day\b|\bone more day\b|\bgame (?:continues?|goes on|keeps going)\b",
        r"\bgame ends\b",
    ),
    (
        r"\b(?:turn|turns|become|becomes|flip|flips|go|goes|switch|switches) evil\b"
        r"|\b(?:turn|turns|flip|flips)\b(?! good)",  # "do they turn?" (the Mezepheles' word)
        r"\b(?:stay|stays|remain|remains) good\b",
    ),
    (
        r"\b(?:turn|turns|become|becomes|flip|flips|go|goes|switch|switches) good\b",
        r"\b(?:stay|stays|remain|remains) evil\b",
    ),
    (
        r"\b(?:die|dies|dying|killed)\b",
        r"\b(?:stay|stays|remain|remains) alive\b|\b(?:survive|survives)\b"
        r"|\b(?:they|he|she) (?:live|lives)\b",
    ),
    (
        # "does the vortox still force that player's info to be false": "This player must get
        # true information"
        r"\bfalse\b",
        r"\btrue (?:info|information)\b",
    ),
    (
        r"\b(?:still|stay|stays|remain|remains) (?:drunk|poisoned)\b",
        r"\b(?:become|becomes) (?:sober|healthy)\b|\bsober (?:again|up)\b",
    ),
    (
        # "can i move the red herring": "The “Red Herring” stays on the same player for the
        # whole game"
        r"\b(?:move|moves|moved|change|changes|changed|swap|swaps|switch|switches)\b",
        r"\b(?:stay|stays|remain|remains) on the same player\b|\bthe same player throughout\b",
    ),
    (
        r"\b(?:ping|pings|register|registers|show|shows|read|reads)\b[^?]*\b(?:evil|minion|demon)\b",
        r"\bappear as the good\b|\bmisregistration stops\b",
    ),
)


_EVEN_DEAD = r"even (?:if|when|while) (?:you are |they are |they're |you're )?dead\b"
# "even if dead" wherever it is said
_DEAD_AFTER = re.compile(_EVEN_DEAD, re.IGNORECASE)
# (of what the sentence's own clause says: not "you might register as good ..., even if
# dead", the registering, for "do i still show the dead spy the grim")
_EVEN_IF_DEAD = re.compile(rf"^(?:(?!\bregister)[^;])*\b{_EVEN_DEAD}", re.IGNORECASE)
# a reminder token named by its word: "the safe token"
_TOKEN_NAMED = re.compile(r"\b\w+\s+(?:token|reminder)s?\b", re.IGNORECASE)
# a protection said not to hold: "the protection does not work", "nobody is protected"
_UNPROTECTED = re.compile(
    r"\bprotection (?:does not|doesn't|will not|won't) (?:work|apply|hold)\b"
    r"|\b(?:nobody|no one|noone) is protected\b|\b(?:is|are) not protected\b"
    rf"|{NOTHING_PREVENTS}",
    re.IGNORECASE,
)
# a choice the storyteller sends back: "prompts them to choose again"
_CHOOSE_AGAIN = re.compile(
    r"\b(?:prompts?|asks?|tells?|has|have|makes?)\s+(?:them|the \w+)\s+(?:to\s+)?choose\s+again\b",
    re.IGNORECASE,
)
# doing it once more asked, and a rule that it is done once
_AGAIN_ASKED = re.compile(
    r"\bmore (?:than|then) once\b|\btwice\b|\bagain\b|\bmultiple times\b|\bmore than one\b"
    r"|\banother (?:go|guess|try|shot|turn|one)\b|\bsecond (?:time|go|guess|shot|one)\b"
    # "can two players be executed in one day"
    r"|\b(?:two|2|multiple|several)\s+(?:executions|exes|players\s+(?:be\s+|get\s+)?"
    r"(?:executed|exed))\b",
    re.IGNORECASE,
)
# (not a kind of ability named: "a “once per game” ability")
_ONCE_SAID = re.compile(
    r"(?<![“\"'])\b(?:once only|only once|once per (?:game|day|night)|once a (?:day|game)"
    r"|(?:a )?maximum of one \w+ per (?:game|day|night))\b"
    r"(?![”\"']|\s+abilit)",
    re.IGNORECASE,
)
# a participle clause giving a main clause's upshot: ", meaning ...", ", which means ..."
_MEANING = re.compile(r",\s+(?:meaning|which means|so that)\b")


def _same_outcome(asking: str, main: str) -> bool:
    """The main clause states, undenied and as no one's choice, the very outcome asked: a
    death for a death, waking for waking, an announcement for "all players learn", twice for
    two. A sentence stating something else is no yes, its premise may not be the question's
    (measured: a yes for any undenied sentence was right 59% of the time).

    >>> _same_outcome("do i still announce it", "all players learn that the them has died.")
    True
    >>> _same_outcome("does the slayer get 2 shots", "their nominee's ability works twice")
    True
    >>> _same_outcome("does the demon wake", "you may wake the demon")
    False
    """
    if _NEGATIVE.search(main) or _CHOOSING.search(main):
        return False
    return _outcome_of(_SAME_OUTCOMES, asking, main)


def _verb_granted(asking: str, main: str, u: Understanding) -> bool:
    """The ask's verb after its subject ("can the zombuul vote ...") said in a clause of a
    main clause that denies something: True where every clause saying it gives it with a
    modal ("they cannot nominate, they may vote")."""
    names = "|".join(re.escape(m.text.lower()) for m in u.mentions) or "$^"
    found = rx.match(
        rf"(?:can|could|may|does|do|will|would)\s+(?:i|we|you|he|she|they|it|(?:the\s+)?(?:{names}))"
        r"\s+(?:(?:still|even|just|also|now)\s+)?([a-z]+)\b",
        asking.lower().lstrip(",;.?!- "),
    )
    verb = _verb_stem(found.group(1)) if found is not None else None
    if verb is None:
        return False
    # (a clause of its own after "and": "they can die during the day and cannot force an
    # execution" gives the death asked, and denies another thing)
    saying = [c for c in rx.split(r"[,;]|\band\b", main) if rx.search(rf"\b{verb}\w*", c)]
    if not saying or any(_NEGATIVE.search(c) for c in saying):
        return False
    # given by a modal right before it ("they may vote"): a verb, not a noun that looks like
    # one ("does the thiefs negative vote apply")
    given = rf"\b(?:may|can|might|will|must)\s+(?:still\s+|also\s+)?{verb}\w*"
    return all(rx.search(given, c) for c in saying)


def _same_verb(asking: str, main: str) -> bool:
    """The ask's own verb after a pronoun ("do i skip ...", "does she learn ...") said in the
    main clause, undenied and as no one's choice ("... skipping the dead"): its first five
    letters (four for a short verb). (After a noun the next word may be a noun too: "does
    the busboy token go in the bag".)"""
    asked = asking.lower().lstrip(",;.?!- ")
    found = _VERB_ASKED.match(asked)
    if found is None or _NEGATIVE.search(main) or _CHOOSING.search(main):
        return False
    if _SECOND_ASK.search(asked[found.end() :]):
        return False  # "do i announce it and give her the votes": two things asked
    verb = _verb_stem(found.group(1))
    return verb is not None and rx.search(rf"\b{verb}\w*", main) is not None


def _verb_stem(verb: str) -> str | None:
    """An asked verb as found in a rule's words: its first five letters (four for a short
    verb); None for a verb that says little on its own ("get", "have") or a word too short."""
    if verb in _SHORT_VERBS:
        return verb  # ("die": "dies", "died")
    if verb in _LIGHT_VERBS or len(verb) < 4:
        return None
    return verb[: 5 if len(verb) > 5 else 4]


# short verbs that say much: "do they die"
_SHORT_VERBS = frozenset({"die"})


_VERB_ASKED = re.compile(
    r"(?:do|does|did|will|would|should)\s+(?:i|we|you|he|she|they|it)\s+"
    r"(?:(?:still|just|even|also|actually|then|now|really)\s+)?(?:have\s+to\s+|need\s+to\s+)?"
    r"([a-z]+)\b"
)
# a second thing asked after the first: "... and give her the double votes", "or do i ..."
_SECOND_ASK = re.compile(
    r"\b(?:and|or)\s+(?:(?:i|we|you|they|he|she|it)\s+)?(?:do|does|is|are|can|should|will|would|"
    r"did|give|make|let|have|put|mark|tell|wake|show|kill)\b"
)
# a wh-word straight before the ask: "wat do i actually show" is no yes/no question
_WH_BEFORE = re.compile(r"\b(?:what|wat|wot|how|which|who|when|where|why)\W*$")
# verbs that say little on their own: "does he get", "do i have", "does it go"
_LIGHT_VERBS = frozenset(
    "have has get gets make makes take takes give gives know need want keep count "
    "work works happen happens matter stay stays become becomes".split()
)


def _outcome_of(table: tuple[tuple[str, str], ...], asking: str, main: str) -> bool:
    """Some row of ``table`` has its first pattern in the ask and its second in the clause."""
    asked = _DEAD_LAST.sub(r"\1", asking.lower())  # "goes dead last": goes last
    return any(rx.search(ask, asked) and rx.search(said, main) for ask, said in table)


def _told(question: str) -> str:
    """What a question tells as so, lower-cased: not what someone only pretends to be ("the
    demon pretended to be a minion" tells no Minion); what someone says is a statement
    ("gossip says the chef is the demon and it's true" tells "If this statement is true")."""
    lower = question.lower()
    if _SAYS.search(lower):
        lower += " statement"
    return rx.sub(
        r"\b(?:pretend|pretends|pretended|pretending|claim|claims|claimed|claiming|bluff|"
        r"bluffs|bluffed|bluffing) (?:to be |as )?(?:a |an |the )?\w+",
        " ",
        lower,
    )


_SAYS = re.compile(r"\b(?:says|said|claims|claimed|states|stated|announces|announced)\b")


def _impaired_unsaid(said: str, u: Understanding, asking: str) -> bool:
    """The question tells (outside what it asks) that a character is drunk or poisoned, and
    the sentence does not speak of that case ("fall guy is poisoned rn": "The Fall Guy
    becomes drunk" is the sober one's; "do i have to make the fall guy drunk" only asks)."""
    impaired = any(
        {Condition.DRUNK, Condition.POISONED} & set(conds) for conds in u.conditions.values()
    ) and _impairment_told(u, asking)
    return impaired and not rx.search(r"\b(?:drunk|poisoned)\b[^.;]*,", said.lower())


def _owner_dead_unsaid(said: str, verdict: Verdict, u: Understanding, kb: AnswerKB) -> bool:
    """The question tells (not asks) that the character whose ruling the sentence is died or
    was executed, the sentence does not speak of that case, and its ability does not work
    even if dead ("gossip made a true statement today then got executed. does someone still
    die tonight": "That night, if the statement was true, a player dies" is a living
    Gossip's; not an ability its death sets off, _ON_OWN_DEATH)."""
    own = kb.rulings.get(verdict.because[0].id, {}).get("character") if verdict.because else None
    if own is None:
        return False
    name = re.escape(kb.name(own).lower())
    if rx.search(rf"\b{name}\b[^.;]*\b(?:dead|dies|died|death|executed)\b", said.lower()):
        return False  # the sentence speaks of its own character's death
    if _AFTER_DEATH_SAID.search(said):
        return False  # "They may register that way even after death"
    told = {c for c in u.told(own) if c in (Condition.DEAD, Condition.EXECUTED)}
    ability = kb.ability(own)
    return bool(told) and not _EVEN_IF_DEAD.search(ability) and not _ON_OWN_DEATH.search(ability)


# a sentence's case of a dead player: "even after death", "even if dead", "after they die"
_AFTER_DEATH_SAID = re.compile(
    r"\b(?:after|even if|even when|even though|once)\s+(?:they\s+(?:are\s+)?|you\s+(?:are\s+)?)?"
    r"(?:dead|death|die|died)\b",
    re.IGNORECASE,
)
# an ability its player's death sets off, or that works once they are dead ("If you died
# today or tonight", "If the Demon kills you", "If you were dead at dusk")
_ON_OWN_DEATH = re.compile(
    r"\byou (?:die|died|were dead|are dead|are executed)\b|\bkills you\b", re.IGNORECASE
)


def _impairment_told(u: Understanding, asking: str) -> bool:
    """The question says "drunk" or "poisoned" outside what it asks, or tells a Poisoner's
    (or another's) choice that made someone so ("poisoner picked the recluse"), which the
    reading gives as a state not asked."""
    told = u.question.lower().replace(asking.lower(), " ")
    if rx.search(r"\b(?:drunk|poisoned)\b", told):
        return True
    if rx.search(r"\b(?:drunk|poison\w*)\b", asking.lower()):
        return False  # the state is what is asked
    return any(
        c in (Condition.DRUNK, Condition.POISONED) for cid in u.conditions for c in u.told(cid)
    )


def _impaired_rule(
    said: str, u: Understanding, kb: AnswerKB, asking: str
) -> tuple[str, str] | None:
    """The character, and its state, where the sentence is the working rule of a character
    the question tells (outside what it asks) is drunk or poisoned, and says nothing of
    drunkenness or poison: "Whilst the Technocrat lives, the Demon cannot die from
    execution" for "if the technocrat is poisoned, can the demon die by execution?" (what
    the rule denies, the poison undoes); else None."""
    if rx.search(r"\b(?:drunk|poison\w*|sober|healthy|impaired|malfunction\w*)\b", said.lower()):
        return None
    if rx.search(r"\b(?:has|have|had|gains?|gained) (?:their|the|this|that|an?) ability\b", said):
        return None  # "if the Poppy Grower has their ability, ...": who holds it, not sobriety
    if not _impairment_told(u, asking):
        return None
    lowered = said.lower()
    for cid, conds in u.conditions.items():
        state = next((c for c in conds if c in (Condition.DRUNK, Condition.POISONED)), None)
        if state is not None and kb.name(cid).lower() in lowered:
            return cid, str(state)
    return None


# the question tells that a drunk or poisoned character is so no longer
_SOBERED_TOLD = re.compile(
    r"\bsober(?:s|ed)? (?:up|again)\b|\b(?:poison|poisoning|drunkenness)(?: is| has)? "
    r"(?:gone|worn off|wore off|wears off|ended|over)\b|\bno longer (?:drunk|poisoned)\b"
    r"|\b(?:is|are|now|gets?) sober\b|\bhealthy again\b",
    re.I,
)
# a later case of a sentence, for the one sober again: "; when the Leviathan is sober, ..."
_SOBER_CASE = re.compile(r";\s*(?:when|if|once)\b[^;]*?\bsober\b[^;]*", re.I)


def _sobered_case(question: str, said: str) -> str | None:
    """What the sentence says of the case the question tells, a character sober again after
    its first case of one drunk or poisoned ("If day 5 ... ends while the Leviathan is drunk
    or poisoned, their ability has no effect; when the Leviathan is sober, healthy, and
    alive, if day 5 has already ended, the ability works as normal and the evil team wins
    immediately"): the later case's outcome, after its last premise; None if either is
    missing."""
    if not _SOBERED_TOLD.search(question):
        return None
    case = _SOBER_CASE.search(said)
    if case is None or not rx.search(r"\b(?:drunk|poisoned)\b", said[: case.start()]):
        return None
    return rx.split(r",\s*", case.group(0).rstrip(" ."))[-1]


def _spelled_out(u: Understanding, kb: AnswerKB) -> str:
    """The question with the names of the characters it names as the rules spell them, after
    it ("tehnocrat is alive", "sw alive": the Technocrat, the Scarlet Woman), so that a
    premise naming them is told by a typo or a short form too."""
    names = [kb.name(m.id) for m in u.mentions if m.text.lower() != kb.name(m.id).lower()]
    return f"{u.question} ({'; '.join(dict.fromkeys(names))})" if names else u.question


def _premises_told(u: Understanding, kb: AnswerKB, said: str, *, asked: str = "") -> bool:
    """Every condition the sentence puts on its outcome ("if ...,", "when ...,") is told by
    the question (its names as the rules spell them too: _spelled_out), word for word as
    stems, numbers too ("If there are 7 or more players" is not told by "a 6 player game";
    "If the Gatekeeper was dead at dusk" not by "gatekeeper died tonight"), and negated in
    both or in neither (``asked``: the ask, whose own denial tells nothing)."""
    question = _spelled_out(u, kb)
    if asked:
        question = question.replace(asked, " ")
    told = _told(question)
    if any(_asked_in_premise(premise, u, kb) for premise in _premises(said)):
        return False
    return all(
        _big_enough(question, premise)  # "if there are 7 or more players" for "an 8 player game"
        or _told_premise(premise, told)
        # "If the Summoner dies before the third night" for "summoner died on day 2"
        or _told_premise(_BEFORE_NIGHT.sub(" ", premise), told)
        and _earlier_told(question, premise)
        # "if you believe that the Mutant is mad ...": the storyteller's own judgement, which
        # the storyteller asking makes
        or bool(_JUDGED.match(premise))
        for premise in _premises(said)
    )


_JUDGED = re.compile(
    r"\s*(?:you|the storyteller) (?:believe|believes|think|thinks|feel|feels|judge|judges)\b"
)


# the words a premise says a condition with: "When the Lleech dies while drunk"
_CONDITION_SAID = {
    Condition.DEAD: r"\b(?:dies|die|died|dead|killed)\b",
    Condition.DRUNK: r"\bdrunk\b",
    Condition.POISONED: r"\bpoisoned\b",
    Condition.EXECUTED: r"\bexecuted\b",
}


def _asked_in_premise(premise: str, u: Understanding, kb: AnswerKB) -> bool:
    """The premise is what the question asks of a character, not what it tells ("When the
    Lleech dies while drunk or poisoned, ..." for "his host died. does the lleech die with
    them": the Lleech's death is asked)."""
    for cid, condition in u.asked:
        if condition not in _CONDITION_SAID:
            continue
        name = re.escape(kb.name(cid).lower())
        # the character its subject: not "the player chosen by the Lleech dies"
        # nor the subject of a relative clause: "the player that the Lleech chose dies"
        subject = rf"(?<!\bby )(?<!\bof )(?<!\bto )(?<!\bthat )(?<!\bwhom )\bthe {name}\b"
        # (not "would die": the attempt, which the rule answers)
        said = rf"{subject}\W+(?!would\b)(?:\w+\W+){{0,2}}?(?<!would ){_CONDITION_SAID[condition]}"
        if rx.search(said, premise):
            return True
    return False


def _a_case_told(u: Understanding, kb: AnswerKB, said: str) -> bool:
    """Each premise of the sentence told, or for a premise of alternatives ("If the
    Philosopher then dies or becomes drunk or poisoned"), its subject and any one of them
    ("philo just died")."""
    question = _spelled_out(u, kb)
    told = _told(question)
    for premise in _premises(said):
        alternatives = [a for a in rx.split(r"\s+or\s+", premise) if a.strip()]
        first = rx.findall(r"[a-z0-9]+", alternatives[0].lower())
        subject = " ".join(first[:-1])  # "the philosopher then": its last word the first case
        cases = [alternatives[0]] + [f"{subject} {a}" for a in alternatives[1:]]
        if not (
            _big_enough(question, premise)
            or any(_told_premise(case, told, empty=False) for case in cases)
        ):
            return False
    return True


def _told_premise(premise: str, told: str, *, empty: bool = True) -> bool:
    """Every word of the premise (but fillers and modals) is in what the question tells, as
    stems, numbers too, and both are negated or neither is; ``empty``: what a premise of
    fillers alone counts as."""
    impaired = _EITHER_IMPAIRED.sub("impaired", premise.lower())
    if _impairment_of_subject_told(impaired, told):
        # "If the Preacher becomes drunk or poisoned": told by "the preacher got poisoned" (the
        # state come into is the premise, not the word for coming into it)
        impaired = _BECOMING_IMPAIRED.sub("", impaired)
    words = [
        w
        for w in rx.findall(r"[a-z0-9]+", impaired)
        if w not in PREMISE_FILLERS and w not in _MODALS
    ]
    if not words:
        return empty
    if not all(_stem_in(w, told) for w in words):
        return False
    return bool(_NEGATIVE.search(premise)) == bool(_TOLD_NEGATION.search(told))


# the impairment a rule names as alternatives: either one told tells the premise
_EITHER_IMPAIRED = re.compile(r"\bdrunk or poisoned\b|\bpoisoned or drunk\b", re.I)
# two character types joined in what a modal asks may be done ("can she take a traveller or
# fabled one?"): one thing asked of, not two questions (not "is he a minion or a demon")
_TYPES = r"(?:townsfolk|outsider|minion|demon|traveller|traveler|fabled)s?"
_EITHER_TYPE = re.compile(rf"\b{_TYPES} or (?:an? )?{_TYPES}\b", re.I)
_MODAL_ASK = re.compile(r"^\W*(?:can|could|may)\b", re.I)


def _either_kind(asking: str, text: str) -> str:
    """``text`` with the character types a modal ask joins by "or" said as one."""
    return _EITHER_TYPE.sub("kind", text) if _MODAL_ASK.search(asking) else text


def _impairment_of_subject_told(premise: str, told: str) -> bool:
    """The premise has its subject become drunk or poisoned ("the preacher becomes impaired"),
    and the question tells that subject so, in its next few words ("the preacher got
    poisoned"; not "the philosopher ... the empath is drunk")."""
    found = _BECOMING_IMPAIRED.search(premise)
    if found is None:
        return False
    before = [
        w
        for w in rx.findall(r"[a-z]+", premise[: found.start()])
        if w not in PREMISE_FILLERS and w not in _SUBJECT_HEDGES
    ]
    if not before:
        return False
    subject = re.escape(before[-1][:5])
    return bool(rx.search(rf"\b{subject}\w*\W+(?:\w+\W+){{0,3}}?(?:drunk|poison|po'd)", told))


_SUBJECT_HEDGES = frozenset({"then", "also", "still", "ever"})
_BECOMING_IMPAIRED = re.compile(
    r"\b(?:becomes?|became|gets?|got)\s+(?=impaired\b|drunk\b|poisoned\b)"
)


def _becoming_untold(said: str, u: Understanding, kb: AnswerKB) -> bool:
    """A premise of someone becoming a character asked about ("If a player dies then becomes
    the Barber, ..."), where the question tells no one becoming it."""
    return any(
        rx.search(rf"\bbecomes? (?:the |a |an )?{re.escape(kb.name(cid).lower())}\b", premise)
        and Condition.BECOMES not in u.conditions.get(cid, ())
        for premise in _premises(said)
        for cid in u.characters
    )


def _premises(said: str) -> list[str]:
    """Every "if ...," / "when ...," a sentence's first case rests on (not the next case
    after a semicolon), lower-cased."""
    first = said.lower().split(";", 1)[0]
    # "An Outsider who dies at night does not trigger it": the relative clause is a premise
    relative = _SUBJECT_RELATIVE.match(first)
    opening = [relative.group(0)] if relative else []
    return [*opening, *_CONDITIONS.findall(first)]


# a premise counted in turns: "The first time the Zombuul would die, they remain alive."
_NTH_TIME = r"the (?:first|1st|second|2nd|next) time"
# every "if ...," / "when ...," / "while ...," a sentence's outcome rests on, however long
_CONDITIONS = re.compile(
    rf"\b(?:if|when|whenever|once|while|whilst|unless|{_NTH_TIME})\b([^,;:.]{{3,240}})[,;:]"
)
_MODALS = frozenset("would will could can may might should shall do does did".split())


def _excluded(main: str, u: Understanding, kb: AnswerKB) -> bool:
    """The clause leaves out what the question is about: "the 1st non-Demon player to
    nominate them dies" for "the demon nominated the defended player" (or "the imp")."""
    teams = {kb.characters.get(c, {}).get("team") for c in u.characters}
    return any(
        rx.search(rf"\b{re.escape(kind)}", u.question, re.I) or kind in teams
        for kind in rx.findall(r"\bnon-?\s?(\w+)", main)
    )


_CHOOSING = re.compile(r"\b(?:may|might|choose|chooses|decide|decides)\b")
_SAME_OUTCOMES = (
    (
        r"\b(?:announce|declare)\b"
        r"|\btell (?:everyone|every1|people|ppl|(?:the )?(?:group|town|table|players))\b",
        # (the storyteller's "declare that ...", not a player's "declare that they wish")
        r"\ball players learn\b|\bannounce\b|\bdeclare that (?!they wish\b)",
    ),
    (r"\b(?:2|two|twice|double)\b", r"\b(?:twice|two)\b"),
    (r"\b(?:die|dies)\b", r"\b(?:die|dies)\b"),
    # someone's death asked, a player killed said: "does someone die tonight": "the
    # Storyteller kills a player that night"
    (
        r"\b(?:some|any)(?:one|body|1)\s+(?:\w+\s+)?(?:die|dies|killed)\b",
        r"\bkills? (?:a|one) player\b",
    ),
    # "does the barber swap happen if the demon is drunk": "..., the swap still happens"
    (r"\b(?:happen|happens)\b", r"\b(?:still |also )?happens\b"),
    (r"\bwake\b", r"\b(?:wake|wakes|woken)\b"),
    # going last, or after someone: "The Poisoner acts last in the night order"
    (
        r"\b(?:go|goes|act|acts|wake|wakes)\s+(?:last|after)\b",
        r"\b(?:acts?|goes?|wakes?|do so)\s+last\b",
    ),
    (r"\b(?:turn|become|flip|go)s? evil\b", r"\b(?:becomes?|turns?) evil\b"),
    (r"\bdrunk\b", r"\b(?:is|are|becomes?) drunk\b"),
    (r"\bpoisoned\b", r"\b(?:is|are|becomes?) poisoned\b"),
    (r"\b(?:win|wins)\b", r"\b(?:win|wins)\b"),
    # an ability had back: "does the minion get their ability back": "... regain their abilities"
    (r"\babilit(?:y|ies) back\b|\bregain", r"\bregains?\b"),
    (r"\b(?:protected|safe)\b", r"\b(?:protected|safe)\b"),
    (r"\btrue (?:info|information)\b", r"\btrue (?:info|information)\b"),
    (
        r"\b(?:come|comes|coming|came) back\b|\brevive[sd]?\b|\bresurrect\w*|\bback to life\b",
        r"\bresurrect\w*|\b(?:come|comes) back to life\b|\brevived\b",
    ),
    # a character type asked and said: "the amnesiac counts as an outsider there right?": "The
    # Amnesiac is considered an Outsider character type"
    *(
        (
            rf"\b(?:is|are|counts? as|takes? an?)\s+(?:an?\s+)?{kind}s?\b",
            rf"\b(?:is|are) (?:considered |counted as )?(?:an? )?{kind}\b",
        )
        for kind in ("townsfolk", "outsider", "minion", "demon", "traveller")
    ),
)


def _denied_of_another(main: str, asking: str, u: Understanding, kb: AnswerKB) -> bool:
    """The denial's subject is a kind of player the ask does not name, while it asks about a
    character it does name ("does the gossip kill go through": "the Demon cannot kill
    tonight"). The question's own characters are out of ``main`` already (their names are
    removed), so a subject left is someone else."""
    denied = _DENIED_SUBJECT.search(main)
    if denied is None:
        return False
    asked = asking.lower()
    names = [kb.name(c).lower() for c in u.characters]
    return denied.group(1) not in asked and any(n in asked for n in names)


_DENIED_SUBJECT = re.compile(
    # (the subject itself, not its object's: "a nomination by the demon does not count")
    r"(?<!\bby )(?<!\bof )(?<!\bfrom )(?<!\bto )"
    r"\bthe (demon|minion|minions|townsfolk|outsider)\s+(?:cannot|can't|does not|"
    r"doesn't|do not|don't|will not|won't|is not|isn't|may not)\b"
)


def _main_clause(said: str, u: Understanding, kb: AnswerKB) -> str:
    """The deciding sentence's main clause, in lower case: after its premise, before a
    semicolon, without token names, names, a condition inside it ("at dusk, if no player
    was executed today, declare ..."), or a relative or contrasting clause ("the Soldier, who
    dies as the Pleasantry does not register"; "the swap still happens — this is the
    Barber's ability, not the Demon's")."""
    # (a curly apostrophe is a straight one: "Poisoned players don’t wake up")
    consequence = _TOKEN_NAME.sub("", _consequence(said.replace("’", "'")))
    names = [kb.name(c).lower() for c in u.characters]
    # (a relative clause after the opening subject is read through, its premise checked as
    # an "if" is: "An Outsider who dies at night does not trigger it": "an outsider does not
    # trigger it")
    lowered = _SUBJECT_RELATIVE.sub(r"\1", _without(consequence.lower(), names), count=1)
    main = _SUBORDINATE.split(lowered, 1)[0]
    # a refusal that is the thing done ("the Demon may choose not to attack") denies nothing,
    # nor does "it does not matter whether ..."
    # (a kill named is not one done: "a Tinker death is not a Demon kill"; nor is "not just
    # the most recent" a denial)
    main = _NOT_ONLY.sub(" ", _INNER_PREMISE.sub(" ", main))
    return _A_KILL.sub(" ", _CHOSEN_NOT.sub(" ", main))


_NOT_ONLY = re.compile(r"\bnot (?:just|only|merely|simply)\b")


def _as_you_choose(
    verdict: Verdict,
    asking: str,
    said: str,
    opening: str,
    u: Understanding,
    kb: AnswerKB,
    *,
    permission_only: bool = False,
) -> Verdict:
    """A storyteller's choice asked as a permission ("can i", "is it allowed", or "can it be
    made ..." unless ``permission_only``) that the rule gives ("... may ...", "... is
    valid"): yes, theirs to use; else the choice as it was. Not the rule of a character the
    question says is dead ("pacifist died last night ... can i still have them survive"):
    its ability may be gone."""
    choice = verdict.text.removeprefix("Your choice: ")
    owner = _owner(verdict, kb)
    asked = (
        _PERMISSION.search(asking)
        or (_POSSIBLE_ASKED.search(asking) and not permission_only)
        # "can the cere make someone mad about the character they actually are": "you may
        # make a player mad about the character they already are"
        or (not permission_only and _ability_given(asking, _main_clause(said, u, kb), u, kb))
    )
    if (
        not asked
        or not _PERMITTED.search(said)  # not "the Storyteller chooses which ...": of what?
        or opening not in choice.lower()
        or (owner is not None and _ability_gone(owner, said, u, kb))
        # (a possibility asked of what the choice is about: not "the Gumshoe might die at any
        # time" for "can the gumshoe be poisoned")
        or (not _PERMISSION.search(asking) and not _speaks_of(asking, said, u, kb))
    ):
        return verdict  # (a choice the replay had to make is no permission the rules give)
    return replace(verdict, answer=Answer.YES, text=f"Yes, as you choose: {clause(choice)}.")


def _ability_gone(cid: str, said: str, u: Understanding, kb: AnswerKB) -> bool:
    """The question tells ``cid`` dead (not asks it), its ability is none that works in death
    ("when you die", "even if dead"), and the rule ``said`` does not speak of it dead ("If
    the Cursed is dead, ...")."""
    told = cid in u.already_dead or (
        Condition.DEAD in u.conditions.get(cid, ()) and (cid, Condition.DEAD) not in u.asked
    )
    # (not someone else dead: "The Harpy can choose a dead player" says nothing of it dead)
    own = _OTHERS_DEAD.sub(" ", said.lower())
    return (
        told
        and not works_in_death(kb.ability(cid))
        and not about(own, kb.name(cid).lower(), Condition.DEAD)
    )


_OTHERS_DEAD = re.compile(r"\b(?:an?|any|another|other)\s+dead\s+players?\b|\bdead players\b")


def _contrasted(asking: str, said: str, main: str, u: Understanding, kb: AnswerKB) -> str:
    """The main clause, or the clause its ", but" sets against it where only that one speaks
    of what is asked ("game over??": "The Saint is executed, but the game does not end");
    where the main clause speaks of it, it is the answer ("can the Demon choose themself":
    "The Demon may choose themself, but not another Demon")."""
    parts = main.split(" & ")
    if len(parts) > 1:
        # "is the real spy also in play": "An Alchemist-Spy has no Spy ability & a Spy is in
        # play": the clause that speaks of what is asked, where the others do not
        speaking = [p for p in parts if _speaks_of(asking, p, u, kb)]
        if 0 < len(speaking) < len(parts):
            return " & ".join(speaking)
    but = _CONTRAST.search(said)
    if but is None or _speaks_of(asking, main, u, kb):
        return main
    contrast = _main_clause(said[but.end() :], u, kb)  # read as a sentence of its own
    return contrast if _speaks_of(asking, contrast, u, kb) else main


_CONTRAST = re.compile(r",\s+but\s+(?!not\b)")


def _consequence(sentence: str) -> str:
    """What a rule says follows: "If the X is drunk, Y": Y; a sentence with no premise whole
    ("the Devil's Advocate may choose themself, though not on two nights in a row"); only
    the premise's own clause ("If ... drunk or poisoned, their ability has no effect; when
    the Leviathan is sober, ... the evil team wins": not the next case after a semicolon).

    >>> _consequence("If the Technocrat is alive, sober and healthy, and a Demon would die by "
    ...              "execution, instead announce that they live.")
    ' instead announce that they live.'
    >>> _consequence("If the grandchild dies from any other cause — an execution included — "
    ...              "the Grandmother does not die.")
    ' the Grandmother does not die.'
    >>> _consequence("At any time (even at night), if you believe that the Mutant is mad about "
    ...              "being an Outsider, then you can decide to execute the Mutant.")
    ' you can decide to execute the Mutant.'
    """
    then = _IF_THEN.search(sentence)
    if then is not None:
        # "At any time (even at night), if you believe ..., then you can decide to execute the
        # Mutant": what follows "then"
        return " " + sentence[then.end() :].split(";", 1)[0].lstrip()
    if _PREMISE.match(sentence):
        # a premise closed by a dashed aside, no comma: "If ... cause — an execution
        # included — the Grandmother does not die"
        sentence = _PREMISE_ASIDE.sub(r"\1,", sentence, count=1)
    consequence = sentence.split(",", 1)[-1] if _PREMISE.match(sentence) else sentence
    while _MORE_PREMISE.match(consequence) and "," in consequence:
        # "If a Demon attack could end the game, and the Demon is marked ..., do not wake the
        # Demon": the premise goes on after its comma
        consequence = consequence.split(",", 1)[1]
    return consequence.split(";", 1)[0]


# a rule for a sober, healthy character: "While sober, the Sailor cannot die"
_SOBER_PREMISE = re.compile(
    r"\s*(?:while|whilst|if|when|as long as) (?:\w+ ){0,3}(?:sober|healthy)\b", re.I
)
# a premise closed by "then", within its sentence: "if you believe ..., then you can ..."
_IF_THEN = re.compile(r"\b(?:if|when)\b[^;.:]*?,\s*then\b", re.IGNORECASE)
# a premise closed by a dashed aside and no comma: "If ... cause — an execution included — "
_PREMISE_ASIDE = re.compile(r"^([^,—–]*?)\s[—–]\s[^,—–]+\s[—–](?=\s)")
_MORE_PREMISE = re.compile(
    r"\s*(?:and|or)\s+(?:if|when|the|that|they|their|it|its|no|an?)\b"
    # a list of states the premise goes on with: "If the Technocrat is alive, sober and
    # healthy, and a Demon would die by execution, ..."
    r"|\s*(?:sober|healthy|alive|drunk|poisoned)(?:\s+(?:and|or)\s+\w+)?\s*,",
    re.I,
)


# (quoted, or written in capitals: "the MINIONS NOT NOMINATED reminder", "the YOU ARE card")
_TOKEN_NAME = re.compile(r"“[^”]*”|\"[^\"]*\"|\b[A-Z][A-Z'’-]+(?:\s+[A-Z][A-Z'’-]+)+\b")
# a question about living or dying at all
_LIFE_OR_DEATH = re.compile(
    r"\b(?:die|dies|died|dying|dead|death|kill|kills|killed|survive|survives|live|lives|alive"
    r"|safe)\b"
)
_SURVIVAL_ASKED = re.compile(r"\b(?:live|lives|living|survive|survives|alive|safe)\b", re.I)
_DEATH_DENIED = re.compile(
    r"\b(?:not|cannot|can't|doesn't|does not|won't|will not|never)\s+(?:\w+\s+)?die\b"
    r"|\b(?:nobody|no one|neither)\b[^.;]*\b(?:dies|die)\b"
)
_CHOSEN_NOT = re.compile(
    r"\b(?:choose|chooses|decide|decides|chose|decided) not to\b"
    r"|\b(?:does not|doesn't|do not|don't) matter\b|\bno matter\b"
)
# a consequence denied after the "still": "still counts as an execution, so no more
# nominations occur today" does not say the asked act still happens
_SO_DENIED = re.compile(r",\s*(?:so|and so|which means)\s+(?:no|not|nobody|none)\b", re.I)


def _still_of_asked(asking: str, said: str, still: re.Match[str]) -> bool:
    """What the sentence says goes on as normal is what the question asks goes on, where the
    sentence's words may say something else: "does the extra day still happen": "the game ends
    there as normal" is not the extra day; "do they still flip evil": "still receives the
    “Turns Evil” reminder token" is a token, its name no event. A plain "still" with no
    token's name ("swap still happen?": "the swap still happens") and a premise "even if
    ..." (the main clause holds whatever) are taken as said."""
    if still.group(0).lower().startswith("even"):
        # of its own part of the sentence: not "Each night, you see the Grimoire; you might
        # register as good ..., even if dead" for "does a dead spy still see the grim"
        start = max(said.rfind(";", 0, still.start()), said.rfind(". ", 0, still.start()))
        asked = _STILL_ASKED.split(asking.lower(), maxsplit=1)[-1]
        return start < 0 or any(
            _stem_in(w, said[start + 1 :].lower()) for w in _content_words(asked)
        )
    start = max(said.rfind(c, 0, still.start()) for c in ",;:") + 1
    stops = [i for i in (said.find(c, still.end()) for c in ",;:.") if i >= 0]
    clause_said = said[start : min(stops, default=len(said))]
    asked = _STILL_ASKED.split(asking.lower(), maxsplit=1)[-1]
    if still.group(0).lower() == "still" and not _TOKEN_NAME.search(clause_said):
        # "the Storyteller still kills a player" for "does someone still die"; not a state
        # said to last that is another than the one asked ("does he still get poisoned": "a
        # protected player who is drunk or poisoned is still protected")
        kept = _STATE_KEPT.match(said, still.end())
        states = set(_STATE_NAMED.findall(asked))
        return kept is None or not states or kept.group(1).lower() in states
    clause_said = _TOKEN_NAME.sub(" ", clause_said.lower())
    return any(_stem_in(w, clause_said) for w in _content_words(asked))


def _sober_rule_of_the_impaired(
    asking: str, first: Because, u: Understanding, kb: AnswerKB
) -> bool:
    """The sentence is a rule of its character's ability at work ("Minions you kill keep
    their ability"), saying nothing of drunkenness or poison, where the question tells that
    character drunk or poisoned: what it says is not what happens (not a rule of what may be
    chosen or done, which holds either way: "can the drunk monk pick himself")."""
    if rx.match(r"\W*(?:can|could|may|might)\b", asking) or _PERMISSION.search(asking):
        return False
    owner = kb.rulings.get(first.id, {}).get("character")
    told = set(u.conditions.get(owner, ())) - {c for cid, c in u.asked if cid == owner}
    return bool(told & {Condition.DRUNK, Condition.POISONED}) and not _IMPAIRMENT_SAID.search(
        first.quote
    )


# a rule that speaks of its ability not working: "drunk or poisoned", "sober", "no ability"
_IMPAIRMENT_SAID = re.compile(
    r"\b(?:drunk|poisoned|sober|healthy|no ability|not working|does not work)\b", re.IGNORECASE
)


def _call_right(told: str, said: str) -> bool | None:
    """Whether what the storyteller says they did (``told``, the question before its ask)
    is what the rule (``said``) has happen: nothing done, or the game carried on, where it
    says nothing happens or the game goes on (yes); letting a player do what it says they
    cannot (no). None where the two say neither."""
    told, said = told.lower(), said.lower()
    if _LET_DO.search(told) and _MAY_NOT.search(said):
        return False  # "i let him" guess again: "cannot change their mind ... and guess again"
    if _NOTHING_DONE.search(told) and _NULL_OUTCOME.search(said):
        return True  # "i didnt execute him": "nothing happens"
    return None


# what the storyteller tells they did: let a player act; nothing, or carried on
_LET_DO = re.compile(r"\bi (?:let|allowed) (?:him|her|them|it)\b")
_NOTHING_DONE = re.compile(
    r"\b(?:i|we) (?:didn'?t|did not|never) (?:execute|kill|do anything)\b"
    r"|\bnothing happened\b|\b(?:let|letting) the game (?:carry|go) on\b"
    r"|\b(?:i|we) (?:carried|kept) on\b|\b(?:i|we) just (?:carried|kept) (?:on|going)\b"
)
# a rule's outcome of nothing done: "nothing happens", "the game goes on"
_NULL_OUTCOME = re.compile(
    r"\bnothing happens\b|\bthe game (?:goes|carries) on\b|\bhas no effect\b|\bdoes nothing\b"
)


# whether the storyteller's own call was right, asked: "was that the right call", "did i do
# it right", "was i wrong"
_RIGHTNESS_ASKED = re.compile(
    r"\b(?:was|is) (?:that|this|it|i) (?:the )?(?:right|correct|wrong)\b|\bright call\b"
    r"|\bdid i (?:do|run|handle|rule) (?:it|that|this) (?:right|correctly|wrong)\b"
    r"|\bdid i (?:mess|screw) (?:it|that|this) up\b",
    re.IGNORECASE,
)


# a player's state, as said to last or asked of ("still protected", "still get poisoned")
_STATES_SAID = r"poisoned|drunk|protected|safe|mad|dead|alive|evil|good|sober|healthy"
_STATE_NAMED = re.compile(rf"\b({_STATES_SAID})\b")
_STATE_KEPT = re.compile(rf"\s+(?:be\s+)?({_STATES_SAID})\b", re.IGNORECASE)


def _content_words(text: str, *, numbers: bool = False) -> list[str]:
    """The words of an ask that can say what it is about: three letters or more, no
    premise filler, no modal (``numbers``: also a word with a digit, "n1")."""
    return [
        w
        for w in rx.findall(r"[a-z0-9]+" if numbers else r"[a-z]+", text.lower())
        if (len(w) > 2 or (numbers and any(ch.isdigit() for ch in w)))
        and w not in PREMISE_FILLERS
        and w not in _MODALS
    ]


def _denied_after(said: str, still: re.Match[str]) -> bool:
    """The clause a "still" opens, or a "so ..." after it, denies something:
    "still counts as an execution, so no more nominations occur today" (not the aside of
    "the swap still happens — this is the Barber's ability, not the Demon's", nor the
    premise of "may vote even if they have no vote token")."""
    rest = rx.split(r"\s[—–-]\s|[;(]", said[still.end() :], maxsplit=1)[0]
    opened = rx.split(r"[,:]", rest, maxsplit=1)[0]
    if still.group(0).lower().startswith("even"):
        opened = ""  # the premise "even if ..." opens is no denial of the outcome
    return bool(_NEGATIVE.search(opened) or _SO_DENIED.search(rest))


_STILL_ASKED = re.compile(r"\b(?:still|even|anyway|regardless)\b", re.IGNORECASE)
_STILL_SAID = re.compile(
    r"\b(?:even if|even though|even when|still|anyway|regardless|as normal|as usual)\b",
    re.IGNORECASE,
)
# the premise said to change nothing: "this has no effect on ...", "that does not stop ..."
_PREMISE_IDLE = re.compile(
    r"\b(?:this|that|it|which) (?:has|have) no effect\b"
    r"|\b(?:this|that|it|which) (?:does|do) not (?:affect|change|stop|prevent)\b"
    # "a drunk or poisoned Lunatic changes nothing": the state, idle
    r"|^(?:an? |the )?(?:drunk|poisoned|drunk or poisoned|dead) [\w' ]{1,30}? changes nothing\b",
    re.IGNORECASE,
)
# a "cannot die" lost, and a death asked as a possibility
_LOST_CANNOT_DIE = re.compile(
    r"\blos(?:e|es|ing|t)\s+(?:their|the|its|his|her)\s+[\"“”']?(?:cannot|can't|can not) die\b",
    re.IGNORECASE,
)
_DEATH_ASKED = re.compile(r"^\W*(?:can|could)\b[^?]*\b(?:die|kill|killed)\b", re.IGNORECASE)
# a rule of one already dead, said in its own words ("Declaring after death does nothing")
_DEATH_PREMISED = re.compile(
    r"\b(?:after|once|when|while|whilst|if) (?:death|dying|dead)\b", re.IGNORECASE
)
# its ability asked of one told dead: "can a dead empath use their ability", "does it still
# work"
_ABILITY_USE_ASKED = re.compile(
    r"\b(?:use|using|keep|keeps|have|has)\b[^?.]*\babilit(?:y|ies)\b|\bstill work", re.I
)
# the rule that a dead one's ability is gone: "When the Empath is dead, do not wake them
# again", "When the Slayer is dead, the ability stops"
_LOST_IN_DEATH = re.compile(
    r"when the ([\w' -]+?) is dead, (?:do not wake them(?: again)?|the ability stops"
    r"|their ability (?:stops|ends))\b",
    re.IGNORECASE,
)


def _state_presupposed(asking: str, said: str, u: Understanding, kb: AnswerKB) -> bool:
    """Whether a character can be drunk or poisoned is asked, and the sentence gives the rule
    of that character in that state ("When the Goon is drunk or poisoned, ...", "a drunk or
    poisoned Baron changes nothing"): it can be."""
    state = _STATE_POSSIBLE_ASKED.match(asking)
    if state is None or not u.mentions:
        return False  # (not of the player a token names: "can the red herring be poisoned")
    word = state.group(1).lower()
    lower = said.lower()
    for cid in u.characters:
        name = re.escape(kb.name(cid).lower())
        if rx.search(
            rf"\b(?:drunk or poisoned|poisoned or drunk|{word}) {name}\b"
            rf"|\b{name} (?:is|was|becomes|gets) (?:\w+ or )?(?:{word})\b",
            lower,
        ):
            return True
    return False


# whether a character can be in a state: "can the goon be poisoned", "could the sw be drunk"
_STATE_POSSIBLE_ASKED = re.compile(
    r"\W*(?:can|could)\s+(?:the\s+|a\s+|an\s+)?[\w' -]{2,30}?\s+(?:still\s+|even\s+)?"
    r"(?:be|get|become)\s+(?:made\s+)?(drunk|poisoned)\W*$",
    re.IGNORECASE,
)
# a need asked ("does the beggar need a vote token"), and a denial lifted only by it
_NEED_ASKED = re.compile(r"\b(?:need|needs|require|requires|(?:have|has) to have)\b", re.I)
_ONLY_WITH = re.compile(
    r"\b(?:cannot|can't|can not|may not|must not|do not|does not|don't|doesn't)\b[^.;]*"
    r"\bunless\b",
    re.IGNORECASE,
)
# a sentence glossing a quoted phrase: "“No execution” means nobody was executed"
_DEFINITION = re.compile(r"\s*[“\"‘'][^”\"’']+[”\"’']\s+(?:means|counts as)\b")
# a death that sets nothing off: "... does not trigger it, nor does a night death"
_DEATH_WITHOUT_EFFECT = re.compile(
    r"\b(?:death|deaths|dies|dying)\b[^.;]*\b(?:not trigger|never fires|no effect)\b"
    r"|\b(?:not trigger|never fires|no effect)\b[^.;]*\b(?:death|deaths|dies|dying)\b",
    re.IGNORECASE,
)
# a choice of nobody, offered: "or choose no player", "may choose nobody"
_NOBODY_CHOSEN = re.compile(
    r"\b(?:choose|chooses|choosing|pick|picks)\s+(?:no\s+(?:player|one)|nobody|no-one|none)\b",
    re.IGNORECASE,
)
# what a player learns or is told, said as a clause: up to its next clause
_LEARNED_THAT = re.compile(
    r"\b(?:learns?|learned|learnt|knows?|(?:is|are) (?:told|shown))\s+that\b[^,;.:]*?"
    r"(?=\s+and\s+(?:who|what|which|that)\b|[,;.:]|$)",
    re.IGNORECASE,
)
# a prevention denied: "the Preacher no longer prevents ..."
_PREVENTION_DENIED = re.compile(
    r"\b(?:no longer|not|never)\s+(?:prevents?|stops?|blocks?|preventing|stopping|blocking)\b"
    r"|n't\s+(?:prevent|stop|block)\b",
    re.IGNORECASE,
)
# ("do i allow it": the storyteller's leave, asked as their own)
_ALLOWED_ASKED = re.compile(r"\b(?:allowed|allow|legal|ok|okay|fine|legit)\b", re.IGNORECASE)
# a sentence saying what may or may not be done
_MODAL_SAID = re.compile(
    r"\b(?:may|might|can|cannot|can't|could|couldn't|must|mustn't|valid|allowed|only)\b"
)
# a permission given, not restricted: "may choose", "is valid" (not "may only")
_GIVEN = re.compile(r"\b(?:may|can|is valid|are valid|is allowed|are allowed)\b(?! only\b)", re.I)
# whether something can be done to someone at all: "can that person be regurgitated", "can
# the sage still get regurgitated" (for a rule leaving it to the storyteller: yes, theirs)
_POSSIBLE_ASKED = re.compile(
    r"\b(?:can|could)\s+(?:\w+\s+){1,3}?(?:be|get)\s+\w+(?:ed|en)\b", re.IGNORECASE
)
_PERMITTED = re.compile(r"\b(?:may|might|can|valid|allowed)\b", re.IGNORECASE)
_PERMISSION = re.compile(
    r"\b(?:can|may|could) (?:i|we)\b|\ballowed\b|\blegal\b"
    r"|\b(?:is|that)\s+(?:it|that|this)?\s*(?:ok|okay|fine|legit)\b",
    re.IGNORECASE,
)
# a loss asked about (not a game lost: "do they lose")
_THING_LOST = re.compile(
    r"\b(?:used up|spent|gone|burn\w*)\b"
    r"|\b(?:lose|loses|lost)\s+(?:\w+\s+){0,2}(?:abilit\w*|tokens?|votes?|power|charges?|shots?)\b",
    re.IGNORECASE,
)
_LATER_ASK = re.compile(r"\?|\b(?:what|whats|what's|which|who|how|when|why)\b", re.IGNORECASE)
# a wh-word after what the storyteller does not know opens no question of its own: "i
# wasn't sure what it would even do"
_NOT_KNOWING = re.compile(
    r"\b(?:sure|know|knew|idea|clue|wonder|wondering|unsure|understand|remember|explain)"
    r"\W+(?:\w+\W+)?$",
    re.IGNORECASE,
)


def _later_ask(rest: str) -> bool:
    """A question after the ask: a question mark, or a wh-word that is no embedded clause."""
    return any(
        found.group(0) == "?" or not _NOT_KNOWING.search(rest[: found.start()])
        for found in _LATER_ASK.finditer(rest)
    )


# (not a tag: "or not?", "or nah"; "or no death at all" is an alternative)
_EITHER = re.compile(r"\bor\b(?!\s+(?:not|nah|no)(?:\s+yet)?\W*$)", re.IGNORECASE)
# a question asking about an absence or a limit, which a denial confirms ("just once??":
# "cannot guess again")
_NEGATIVE_ASKED = re.compile(
    r"\b(?:zero|nobody|no ?one|nothing|none|only|just once|once)\b", re.IGNORECASE
)
_SUBORDINATE = re.compile(
    r"\b(?:who|which|because|since|so that|unless|except|even|until|but|though)\b"
    # "as" opening a clause, not in a permission to count as: "may count as scary"
    r"|(?<!\bmay count )(?<!\bcan count )\bas\b"
    r"|[(:—–]"
)
_SUBJECT_RELATIVE = re.compile(
    r"^(\s*(?:an?|the|any|each|every)\s+\w+)\s+who\s+\S+[^,;.:()]*?"
    r"(?=\s+(?:still|also|does|do|did|doesn't|can|cannot|can't|may|might|must|will|won't|would)\b)"
)
_INNER_PREMISE = re.compile(r"\b(?:if|when|whenever|while|whilst)\b[^,;]*,")


_HOW_MANY = r"(\d+|" + "|".join(NUMERALS) + r")"
# "with only 4 ppl alive", "6 alive", "five players left", "4 players are alive"
_ALIVE_TOLD = re.compile(
    rf"\b{_HOW_MANY}\s+(?:players?\s+|ppl\s+|people\s+)?(?:are\s+|r\s+|still\s+)?"
    r"(?:alive|left alive|living|left)\b",
    re.IGNORECASE,
)
# "while five or more players are alive", "whilst five or more players live"
_AT_LEAST = re.compile(
    rf"\b{_HOW_MANY}\s+or\s+more\s+(?:players?\s+|people\s+)?(?:are\s+|still\s+)?"
    r"(?:alive|living|live)\b",
    re.IGNORECASE,
)
_AGAIN_TOLD = re.compile(r"\b(?:2nd|second|again|twice|already)\b", re.IGNORECASE)


def _too_few_alive(u: Understanding, sentence: str, kb: AnswerKB) -> int | None:
    """ "hydra got exed with only 4 ppl alive, does a neighbour still turn": "The first time a
    Hydra dies whilst five or more players live, ...": no, with 4 alive (the number told, when
    it is below the sentence's). Only a no: enough alive is needed, not always enough ("6
    alive but both its neighbours are evil"). Only for a yes/no question about one character
    or two ("can the scarlet woman become the imp if there are 4 players alive"; no Traveller
    in it, whom counts leave out), stating one number alive, and not a later time where the
    sentence says "the first time".

    >>> _count_of("four"), bool(_AT_LEAST.search("whilst five or more players live"))
    (4, True)
    """
    asking = _asking(u.question)
    if (
        asking is None
        or _ALTERNATIVE.search(asking)
        or not 1 <= len(u.characters) <= 2
        or any(kb.characters.get(c, {}).get("team") == "traveller" for c in u.characters)
        or rx.search(r"\btravell?er", u.question, re.IGNORECASE)
    ):
        return None
    least = _AT_LEAST.search(sentence)
    told = {_count_of(m.group(1)) for m in _ALIVE_TOLD.finditer(u.question)}
    if least is None or len(told) != 1:
        return None
    if rx.search(r"\bfirst time\b", sentence, re.IGNORECASE) and _AGAIN_TOLD.search(u.question):
        return None  # "hydra dies a 2nd time": not the case the sentence is about
    alive = told.pop()
    return alive if alive < _count_of(least.group(1)) else None


# a game's size: "a 6 player game", "6-player", "12p", "a game of 6", "with 6 players"
_GAME_SIZE = re.compile(
    rf"\b{_HOW_MANY}[ -]?(?:players?|p|person|man) game\b|\b{_HOW_MANY}p\b"
    rf"|\bgame of {_HOW_MANY}\b"
    rf"|\b(?:only|with) {_HOW_MANY} players\b(?! (?:are |still )?(?:alive|left|living))",
    re.IGNORECASE,
)
# "If there are 7 or more players": the game's size, not the living
_AT_LEAST_PLAYERS = re.compile(
    rf"\b{_HOW_MANY}\s+or\s+more\s+players\b(?!\s+(?:are\s+|still\s+)?(?:alive|living|live))",
    re.IGNORECASE,
)


_POSSIBILITY_ASKED = re.compile(r"(?:can|could)\b", re.IGNORECASE)
# a death the question tells happened by day
_DAY_DEATH_TOLD = re.compile(
    r"\b(?:during the day|in the day|by day|mid ?day|mid convo|today)\b", re.IGNORECASE
)
_AT_NIGHT = re.compile(r"\b(?:at|in the|during the) night\b")
_DIES = re.compile(r"\b(?:dies|died|die|killed)\b")
_PROTECTED_FROM_DEATH = re.compile(r"\bprotected from (?:death|dying)\b")
_SAFE_FROM_THE_DEMON = re.compile(r"\bsafe from the Demon\b", re.IGNORECASE)
_FROM_EVERY_DEATH = re.compile(
    r"\b(?:can't|cannot|can not) die\b|\bsafe\b(?! from the Demon)", re.I
)


def _only_safe_from_the_demon(u: Understanding, kb: AnswerKB) -> bool:
    """The question names a protector whose ability keeps one safe from the Demon alone
    (the Monk), and none whose ability keeps one from dying at all (the Innkeeper's
    "cannot die", the Tea Lady's)."""
    abilities = [kb.ability(c) for c in u.characters]
    return any(_SAFE_FROM_THE_DEMON.search(a) for a in abilities) and not any(
        _FROM_EVERY_DEATH.search(a) for a in abilities
    )


# a premise that the one acted on is not of a type: "if they are not the Demon"
_NOT_OF_TYPE = re.compile(
    r"\b(?:they are|they're|it is|that player is|the player is) not (?:the|a|an) "
    r"(demon|minion|townsfolk|outsider|traveller)\b",
    re.IGNORECASE,
)


def _type_denied(premise: str, u: Understanding, kb: AnswerKB) -> bool:
    """The premise says the one acted on is not of a type, and the question's characters
    other than the first (the actor) are all of it ("can the slayer shoot the imp": "if they
    are not the Demon")."""
    found = _NOT_OF_TYPE.search(premise)
    others = [
        c for c in dict.fromkeys(u.characters) if c != (u.characters[0] if u.characters else None)
    ]
    if found is None or not others:
        return False
    kind = found.group(1).lower()
    return all((kb.characters.get(c) or {}).get("team") == kind for c in others)


# a denial inside a relative clause of what the main clause says there must be: "every
# piece must be something that cannot be true" denies nothing of the main clause
_RELATIVE_DENIAL = re.compile(
    r"\b(?:something|anything|someone|anyone|one|a \w+) (?:that|which|who) "
    r"(?:cannot|can't|can not|does not|doesn't|is not|isn't|are not|aren't)\b[^,;:.]*",
    re.IGNORECASE,
)
_WHO_DIES_AT_NIGHT = re.compile(r"\bwho (?:dies|die|died|is killed|was killed) at night\b")


def _premise_contradicted(said: str, u: Understanding, kb: AnswerKB) -> bool:
    """A condition of the sentence the question says is not so of that character: alive
    ("Whilst the Technocrat lives") for one the question says is dead, sober and healthy
    ("If the Technocrat is alive, sober and healthy") for one it says is drunk or poisoned.

    (Only where the question states it: a question that says nothing contradicts nothing.)
    """
    first = said.lower().split(";", 1)[0]
    premises = _premises(said)
    opening = first.split(",", 1)[0]  # "on the night ...," is a premise _premises misses
    if none_alive_denied(said, u.question):
        # "The Trapper dies to the Gossip's ability. There are no living minions. No players
        # die ..." (an example) for "minions alive: the spy and the witch"
        return True
    if _DAY_DEATH_TOLD.search(u.question) and not night_death_told(u.question):
        # "An Outsider who dies at night ..." for "i killed the tinker during the day"; "On
        # the night the Ravenkeeper dies at night, wake them" for "dies during the day"
        night = [opening] if opening.startswith("on the night") else []
        # "a resurrected Ravenkeeper who dies at night again triggers it again": a relative's
        night += [m.group(0) for m in _WHO_DIES_AT_NIGHT.finditer(first)]
        if any(_AT_NIGHT.search(p) and _DIES.search(p) for p in (*premises, *night)):
            return True
    if _PROTECTED_FROM_DEATH.search(first) and _only_safe_from_the_demon(u, kb):
        # "the Tinker cannot die from their ability while protected from death" for a Tinker
        # the Monk protects: safe from the Demon only, no protection from every death
        return True
    # "On the night the Demon kills the Sage, ..." for "the sage died at night but not to
    # the demon": the death told is another's doing
    if _NOT_THE_DEMON.search(u.question) and any(
        _DEMON_KILL.search(p) for p in (*premises, opening)
    ):
        return True
    if any(denied_state_told(p, u.question.lower()) for p in premises):
        return True  # "If the statement was not true, ..." for "gossip made a true statement"
    if any(_type_denied(p, u, kb) for p in premises):
        return True  # "If they are not the Demon, ..." for "can the slayer shoot the imp"
    if any(
        a in _RELATIONS_DYING and c in (Condition.DEAD, Condition.EXECUTED) for a, c in u.generic
    ) and any(_RELATION_ALIVE.search(p) for p in premises):
        return True  # "If this player is alive, the Lleech cannot die" for "host executed"
    for cid in u.characters:
        listed, alive, survived, healthy, of_it = _premise_patterns(kb.name(cid).lower())
        states = set(u.conditions.get(cid, ()))
        impaired = bool(states & {Condition.DRUNK, Condition.POISONED})
        # "When the Undertaker is dead, do not wake them" for one the Bone Collector gave
        # its ability back: dead, but not as the sentence means
        if Condition.DEAD in states and _restored(u, kb, cid):
            dead = rf"\b{re.escape(kb.name(cid).lower())}\b[^,;]*\b(?:is|are) dead\b"
            if any(rx.search(dead, premise) for premise in premises):
                return True
        # "If the Technocrat is alive, sober and healthy, ...": a list the premise splits at
        if impaired and rx.search(listed, first):
            return True
        for premise in premises:
            if Condition.DEAD in states and rx.search(alive, premise):
                return True
            # "If the Ravenkeeper was attacked at night but did not die" for one told killed
            if (
                Condition.DEAD in states
                and rx.search(survived, premise)
                and _death_told_before_ask(u)
            ):
                return True
            if impaired and rx.search(healthy, premise):
                return True
            # "If the Barber was drunk or poisoned when they died" for "barber died today,
            # demons poisoned rn": someone else is the one told impaired
            # (the premise's subject: not "the player who chose the Goon is drunk")
            if not impaired and rx.match(of_it, premise) and _impaired_elsewhere(u, cid):
                return True
    return False


# a player named by their tie to a character ("the lleech's host"), and a premise that
# player lives: "If this player is alive", "The Lleech lives if their host lives"
_RELATIONS_DYING = frozenset({"host", "master", "grandchild", "grandkid"})
_RELATION_ALIVE = re.compile(
    r"\b(?:this|that) player (?:is|was|remains|stays) alive\b"
    r"|\b(?:their|its|his|her|the) (?:host|master|grandchild) (?:lives|is alive|survives)\b",
    re.IGNORECASE,
)


# an ability that gives a dead player their ability back (the Bone Collector)
_RESTORES = re.compile(r"\bchoose a dead player: they regain their ability\b", re.IGNORECASE)


def _restored(u: Understanding, kb: AnswerKB, cid: str) -> bool:
    """The question tells of another named character whose ability gives a dead player
    their ability back choosing ``cid`` ("bone collector chose the dead undertaker")."""
    givers = [c for c in u.characters if c != cid and _RESTORES.search(kb.ability(c))]
    if not givers:
        return False
    links = situation_of(u, kb).links
    return any((giver, cid) in links for giver in givers)


# a death the question says was not the Demon's: "killed ... not by the demon", "died to
# the assassin, not the demon", "other than the Demon's kill", "not a demon kill"
_NOT_THE_DEMON = re.compile(
    r"\bnot\s+(?:killed\s+)?(?:by|to|from)\s+(?:the|a)\s+demon\b"
    r"|\bother than (?:the|a) demon"
    r"|\b(?:kill\w*|died|dies|death)\b[^.?!]{0,50}\bnot\s+the\s+demon\b(?!\s+(?:is|was)\b)"
    r"|\bnot (?:a|the) demon(?:'s|s)? kill",
    re.IGNORECASE,
)
# a premise of the Demon's kill: "the night the Demon kills the Sage", "killed by the Demon"
_DEMON_KILL = re.compile(r"\bdemon kills?\b|\bkilled by the demon\b|\bdemon killed\b")


def _premise_patterns(name: str) -> tuple[str, str, str, str, str]:
    """The patterns _premise_contradicted reads a premise with, for one character's name
    (lower case): listed sober and healthy, alive, survived, sober or healthy, impaired."""
    name = re.escape(name)
    return (
        rf"\b(?:if|when|whenever|while|whilst)\b[^,;:.]*\b{name}\s+(?:is|are)\s+"
        rf"(?:(?:alive|sober|healthy)\s*(?:,|and)\s*)*(?:sober|healthy)\b",
        rf"\b{name}\b[^,;]*\b(?:lives|is alive|are alive|alive)\b",
        rf"\b{name}\b[^,;]*\b(?:did not die|does not die|didn't die|survived?)\b",
        rf"\b{name}\b[^,;]*\b(?:sober|healthy)\b",
        rf"\s*(?:the\s+)?{name} (?:is|was|are|were) (?:drunk or poisoned|drunk|poisoned)\b",
    )


def _asked_outcome(name: str) -> str:
    """ "does the imp die", for a name as written, in lower case."""
    return (
        rf"\W*(?:does|did|do|will|would)\s+(?:the\s+)?{re.escape(name)}"
        rf"\s+(?:\w+\s+)?(?:die|survive|wake)\b"
    )


def _opening(name: str) -> str:
    """A sentence opening with the character's name ("The Imp is executed ...")."""
    return rf"\W*(?:the\s+)?{spelled(name)}\b"


def prime(kb: AnswerKB) -> None:
    """Compile the patterns built from each character's name now, not at a first question
    about it (a worker calls this as it starts)."""
    for cid in kb.characters:
        name = kb.name(cid)
        for pattern in _premise_patterns(name.lower()):
            rx.compiled(pattern)
        rx.compiled(_asked_outcome(name.lower()))
        rx.compiled(_opening(name), re.IGNORECASE)


def _death_told_before_ask(u: Understanding) -> bool:
    """A death told before the question asks ("ravenkeeper was killed by the imp tonight, do
    i wake him"), not one the ask brings in ("... and the original one dying?")."""
    asking = _asking(u.question)
    told = u.question.lower().split(asking.lower(), 1)[0] if asking else u.question.lower()
    return bool(rx.search(r"\b(?:dies|died|dead|killed)\b", told))


def _impaired_elsewhere(u: Understanding, cid: str) -> bool:
    """The question tells another character, or an unnamed player, drunk or poisoned."""
    impairments = {Condition.DRUNK, Condition.POISONED}
    asked = set(u.asked)
    if any(
        other != cid and {c for c in conds if (other, c) not in asked} & impairments
        for other, conds in u.conditions.items()
    ) or any(who in ("demon", "minion") and c in impairments for who, c in u.generic):
        return True
    # "the player the Cerenovus picks is drunk": someone unnamed, told so outside the ask
    asking = _asking(u.question)
    told = u.question.lower().replace(asking.lower(), " ") if asking else u.question.lower()
    return any(c in impairments for _, c in u.generic) and bool(
        rx.search(r"\b(?:drunk|poisoned)\b", told)
    )


def _game_size(question: str) -> int | None:
    """The one game size the question tells, if it tells one."""
    told = {_count_of(next(g for g in m.groups() if g)) for m in _GAME_SIZE.finditer(question)}
    return told.pop() if len(told) == 1 else None


def _earlier_told(question: str, premise: str) -> bool:
    """The premise is a time before a night ("before the third night") and the question
    tells a day or night before it ("died on day 2", "n2", "night one"), and none later.

    >>> _earlier_told("summoner died on day 2", "the Summoner dies before the third night")
    True
    >>> _earlier_told("summoner died on night 3", "the Summoner dies before the third night")
    False
    """
    before = _BEFORE_NIGHT.search(premise)
    if before is None:
        return False
    limit = _NTH[(before.group(1) or before.group(2)).lower()]
    told = [_NTH[m.group(1)] for m in _TIME_TOLD.finditer(question.lower())]
    return bool(told) and max(told) < limit


_NTH = {
    **{w: i for i, w in enumerate("first second third fourth fifth".split(), start=1)},
    **{w: i for i, w in enumerate("one two three four five".split(), start=1)},
    **{str(i): i for i in range(1, 10)},
    **{w: i for i, w in enumerate("1st 2nd 3rd 4th 5th".split(), start=1)},
}
_ORDINAL_COUNTS = "first|second|third|fourth|fifth|one|two|three|four|five|[1-9]"
_BEFORE_NIGHT = re.compile(
    rf"\bbefore (?:the )?(?:({_ORDINAL_COUNTS})(?:st|nd|rd|th)? night|night ({_ORDINAL_COUNTS}))\b",
    re.IGNORECASE,
)
_TIME_TOLD = re.compile(rf"\b(?:day|night|d|n)\s?({_ORDINAL_COUNTS})\b")
_NTH_NIGHT = "first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th"
# a sentence's nights by ordinal: "on the first or second nights", "during the first night"
_NIGHTS_SCOPED = re.compile(
    rf"\b(?:on|during)\s+(?:the\s+)?((?:{_NTH_NIGHT})(?:\s*(?:,|or|and|&)\s*(?:the\s+)?"
    rf"(?:{_NTH_NIGHT}))*)\s+nights?\b",
    re.IGNORECASE,
)
_NIGHT_ASKED = re.compile(
    rf"\b(?:night|nite|n)\s?([1-9])\b|\b({_NTH_NIGHT})\s+(?:night|nite)\b", re.IGNORECASE
)


def _other_nights_denied(asking: str, said: str) -> bool:
    """The sentence denies something on nights it names by ordinal, and the ask names only
    other nights: the denial says nothing of the night asked.

    >>> _other_nights_denied("does the gargan wake n3", "not on the first or second nights")
    True
    >>> _other_nights_denied("does the gargan wake n2", "not on the first or second nights")
    False
    >>> _other_nights_denied("does the gargan wake", "not on the first or second nights")
    False
    """
    scoped = _NIGHTS_SCOPED.search(said)
    if scoped is None:
        return False
    named = {_NTH[w.lower()] for w in re.findall(_NTH_NIGHT, scoped.group(1), re.IGNORECASE)}
    asked = {_NTH[(a or b).lower()] for a, b in _NIGHT_ASKED.findall(asking)}
    return bool(asked) and not asked & named


def _big_enough(question: str, premise: str) -> bool:
    """The premise is a game size at least, and the question's game is that big."""
    least = _AT_LEAST_PLAYERS.search(premise)
    size = _game_size(question)
    return least is not None and size is not None and size >= _count_of(least.group(1))


def _too_few_players(question: str, sentence: str) -> int | None:
    """The game's size the question tells, where it is below the size the deciding sentence
    needs ("lunatic n1 in a 6 player game": "If there are 7 or more players, wake the
    Lunatic"); None otherwise. A Traveller (whom the count leaves out) leaves it open.

    >>> _too_few_players("lunatic n1 in a 6 player game", "If there are 7 or more players, wake")
    6
    >>> _too_few_players("lunatic n1 in an 8 player game", "If there are 7 or more players, wake")
    """
    sized = _size_and_rule(question, sentence)
    return sized[0] if sized is not None and sized[0] < sized[1] else None


def _size_and_rule(question: str, sentence: str) -> tuple[int, int] | None:
    """(the game's size the question tells, the size the sentence's rule needs), where both
    are said; a Traveller (whom the count leaves out) leaves it open."""
    least = _AT_LEAST_PLAYERS.search(sentence)
    if least is None or rx.search(r"\btravell?er", question, re.IGNORECASE):
        return None
    size = _game_size(question)
    return (size, _count_of(least.group(1))) if size is not None else None


# the glossary's entry a verdict names after its quote: " (the rules glossary, “Demon info”)"
_GLOSSARY_CITED = re.compile(r"( \(the rules glossary, “[^”]+”\))\.?$")


def _sized_in_entry(first: Because, kb: AnswerKB) -> str | None:
    """The sentence of a glossary entry that gives the game size its rule needs, where the
    verdict quotes another sentence of it."""
    ruling = kb.rulings.get(first.id or "")
    if ruling is None or ruling["source"] != "glossary.json":
        return None
    return next(
        (
            s
            for s in split_sentences(ruling["text"])
            if s != first.quote and _AT_LEAST_PLAYERS.search(s)
        ),
        None,
    )


def _enough_players(question: str, sentence: str) -> int | None:
    """The game's size the question tells, where it is at least the size the deciding
    sentence needs ("with 9 players": "if there are 7 or more players"); None otherwise.

    >>> _enough_players("lunatic in a 9 player game", "If there are 7 or more players, wake")
    9
    """
    sized = _size_and_rule(question, sentence)
    return sized[0] if sized is not None and sized[0] >= sized[1] else None


def sized_rule(question: str, sentence: str) -> bool:
    """The question tells the game's size and the sentence a rule of size ("if there are 7
    or more players"): the sentence that decides it (see _too_few_players)."""
    return _game_size(question) is not None and _AT_LEAST_PLAYERS.search(sentence) is not None


def _count_of(word: str) -> int:
    return int(word if word.isdigit() else NUMERALS[word.lower()])


def _authoritative(
    best: Found, said: str, u: Understanding, found: Retrieved, kb: AnswerKB
) -> tuple[Found, str, str | None]:
    """Where the deciding ruling is one side of a confirmed disagreement, follow the most
    authoritative side; the sentence of the side not followed comes back too."""
    for conflict in found.conflicts:
        ids = set(conflict.get("ruling_ids") or ())
        if best.ruling["id"] not in ids:
            continue
        sides = [f for f in found.rulings if f.ruling["id"] in ids]
        ranked = sorted(sides, key=lambda f: -kb.authority.get(f.ruling["source"], 1))
        if ranked and kb.authority.get(ranked[0].ruling["source"], 1) > kb.authority.get(
            best.ruling["source"], 1
        ):
            chosen = _side_ruling(ranked, u, kb)
            side = next(
                (
                    x
                    for x in conflict.get("sides") or ()
                    if x.get("ruling_id") == chosen.ruling["id"]
                ),
                None,
            )
            # the sentence the disagreement quotes as its side ("Lil' Monsta isn't a player, so
            # can't be drunk or poisoned"), not another sentence of its paragraph
            quoted = _side_sentence(side) if side is not None else None
            if quoted is None or quoted not in chosen.ruling["text"]:
                quoted = deciding_sentence(u, (chosen,), kb)[1]
            return chosen, quoted, said
    return best, said, None


def _side_ruling(ranked: list[Found], u: Understanding, kb: AnswerKB) -> Found:
    """Of the followed side's rulings (the most authoritative source's), the first ranked;
    for a question whether something is kept or lost, the first that says which ("do they
    still have the save": 001's "Either way, the Fool loses their ability", not the same
    source's "If the Fool would die, they remain alive", whichever the ranking put first)."""
    first = kb.authority.get(ranked[0].ruling["source"], 1)
    side = [f for f in ranked if kb.authority.get(f.ruling["source"], 1) == first]
    # not a jinx with a character the question does not name, where the side has another
    # ruling (the Mastermind's ability, not its jinx with the Lleech)
    unasked = {
        f.ruling["id"]
        for f in side
        if _jinx_of_another(f.ruling["source"], f.ruling["text"], u, kb)
    }
    side.sort(key=lambda f: f.ruling["id"] in unasked)
    if KEEP_ASKED.search(u.question):
        said = (
            f
            for f in side
            if (_LOST.search(f.ruling["text"]) or _KEPT.search(f.ruling["text"]))
            and f.ruling["id"] not in unasked
        )
        return next(said, side[0])
    return side[0]


def _polarity(u: Understanding, best: Found, sentence: str, kb: AnswerKB) -> bool | None:
    """True/False for a yes/no question about one character whose outcome ("die", "work",
    "wake", ...) the deciding sentence states, of that character in the asked condition.

    Interactions get no yes/no from one ruling; nor does a sentence that does not repeat the
    outcome asked about ("stay drunk" is not answered by "becomes sober" this way).
    """
    asking = _asking(u.question)
    if asking is None:
        return None
    span = _ask_span(u.question)
    if span is not None and _PARTS_AFTER.search(u.question[span[1] :]):
        return None  # "do poisoned players still wake? and can dead ppl nominate": two asked
    if (
        _QUESTION_NEGATION.search(asking)
        or _ALTERNATIVE.search(asking)
        or _OUTCOMES_BARE.search(asking)
    ):
        # "does she still catch the demon or do good just win", "dead or safe?": not a yes or
        # no
        return None
    if _premise_contradicted(sentence, u, kb):
        return None  # "if the Technocrat is alive, sober and healthy, ..." for a poisoned one
    own = _own_choice_outcome(u, asking, best, sentence)
    if own is not None:
        return own
    if len(u.characters) != 1:
        said = _subject_outcome(u, asking, sentence, kb)
        if said is not None and _said_otherwise(asking, best.ruling["text"], sentence, said):
            return None  # "The Soldier cannot die ... who dies as the Pleasantry does not ..."
        return said
    cid = u.characters[0]
    asked = u.conditions.get(cid, ())
    lower = sentence.lower()
    itself = _itself_pointed_back(u, asking, _consequence(sentence))
    if itself is not None:
        return itself
    if _state_presupposed(asking, sentence, u, kb):
        return True  # "can the poisoner be poisoned": "When the Poisoner is drunk or poisoned"
    if (
        Condition.SELF_TARGET in asked
        and _ITSELF.search(asking)
        and not _RESTRICTED.search(_consequence(sentence))
        and (
            (itself := _itself_said(_consequence(sentence))) is not None
            # "(If the Monk points at themself, shake your head no and prompt them to point
            # at another player.)": the choice of oneself sent back
            or (itself := False if _SENT_BACK_ITSELF.search(sentence) else None) is not None
        )
    ):
        # "can the poisoner poison himself": "The Poisoner may choose themself, ..." (the
        # poisoning asked is the choice's own, not a condition the rule must speak of)
        return itself
    if _TAKES_EFFECT.search(asking) and _NO_EFFECT.search(lower) and kb.name(cid).lower() in lower:
        # "does the xaan ever go off": "... there is no night ..., and Xaan does nothing"
        return False
    generic = [c for _, c in u.generic if c not in (Condition.FIRST_NIGHT, Condition.OTHER_NIGHTS)]
    if not asked:  # "do poisoned players still get woken": "Poisoned players don't wake up"
        named = {m.text.lower() for m in u.mentions} | {kb.name(cid).lower()}
        if (
            not generic
            or not any(_of_players(lower, c) for c in generic)
            or not _PEOPLE.search(asking)
            or any(n in asking.lower() for n in named)
        ) and not (
            best.ruling["character"] == cid and _premise_told(_spelled_out(u, kb), asking, lower)
        ):
            if best.ruling["character"] == cid and len(question_parts(u.question)) < 2:
                # "can the sleeper pick a traveller": "The Sleeper can not choose a Demon,
                # Traveller or Fabled ability" (its own rule, of the very thing asked)
                return _permission_of(asking, _consequence(sentence).lower(), u.question)
            return None
    elif not any(about(lower, kb.name(cid).lower(), c) for c in asked):
        return None
    if _SOBER_PREMISE.match(sentence) and set(asked) - {
        Condition.FIRST_NIGHT,
        Condition.OTHER_NIGHTS,
    }:
        # "the sailor pointed at himself, can he die": "While sober, the Sailor cannot die"
        # is the rule for a Sailor the question tells nothing of
        return None
    if any(c in (Condition.DRUNK, Condition.POISONED) for c in asked) and not rx.search(
        r"drunk|poisoned|poisons? (?:themsel\w+|herself|himself)|no ability"
        r"|lost? (?:their|the|its) ability",
        lower,
    ):
        # the ability's rule for a sober player, not for this poisoned one (one poisoning
        # itself is this one: "When the Widow poisons themself on their first night, ...")
        return None
    premise = lower.split(",", 1)[0]
    if any(_asked_in_premise(p, u, kb) for p in _premises(sentence)):
        return None  # "When the Lleech dies while drunk, ..." for "does the lleech die"
    executed = bool(EXECUTION_TOLD.search(u.question))
    if executed and NIGHT_DEATH.search(premise):
        return None  # "on the night the Demon kills the grandchild" for an execution
    if night_death_told(u.question) and _BY_EXECUTION.search(
        premise + " " + _leading(best.ruling["text"], sentence)
    ):
        return None  # "if the Saint dies by execution" for a Saint the Demon killed at night
    consequence = _consequence(sentence)
    if (
        _ITSELF.search(u.question)
        and _RESTRICTED.search(consequence)
        and _REPEATED.search(u.question)
    ):
        # "they picked themselves last night too": "though not on two nights in a row"
        # (not where a first question asks whether it may at all: "can DA pick himself? and
        # then again next night?")
        in_a_row = _NOT_IN_A_ROW.search(consequence) and _consecutive(u.question)
        if in_a_row and _SOMEONE_ELSE.search(u.question):
            # "last night they picked someone else. is picking yourself allowed": the
            # restriction is not met, the permission before it answers
            return _modal_said(asking, _RESTRICTED.split(consequence, 1)[0].lower())
        return False if in_a_row and not _TWO_ASKED.search(u.question) else None
    # a name is no negation ("the No Dashii poisons their neighbours")
    names = [kb.name(c).lower() for c in u.characters]
    elided = _elided(asking, _without(lower, names))
    if elided is not None:
        return elided
    said = _outcome_said(asking, _without(consequence.lower(), names))
    if said is None and len(question_parts(u.question)) < 2:
        said = _modal_said(asking, consequence.lower())  # one question: "can X pick Y"
    return said


def _itself_pointed_back(u: Understanding, asking: str, consequence: str) -> bool | None:
    """A choice of oneself told, then asked about by pointing back ("gambler points at
    himself every night. this is allowed?"): "The Gambler may choose themself" is a yes,
    "except themself" a no."""
    if not (
        (_POINTS_BACK.search(asking) or _POINTED_AT.match(asking))
        and not _ITSELF.search(asking)  # said in the ask itself: _outcome_said reads it
        and _ITSELF.search(u.question)
        and any(Condition.SELF_TARGET in conds for conds in u.conditions.values())
    ):
        return None
    return _itself_said(consequence)


def _itself_said(consequence: str) -> bool | None:
    """Choosing oneself denied ("except themself") or given ("may choose themself")."""
    if _NOT_ITSELF.search(consequence):
        return False
    if _MAY_ITSELF.search(consequence):
        return True
    return None


def _own_choice_outcome(u: Understanding, asking: str, best: Found, sentence: str) -> bool | None:
    """The outcome a ruling gives for its character choosing itself, where the question
    tells that choice ("n2 he picked himself. does he die to the imp": "If they choose
    themself, they lose their “cannot die” ability until they become sober", a yes): a case
    the question tells, so its outcome answers, where the rule for the sober one would not."""
    if Condition.SELF_TARGET not in u.conditions.get(best.ruling["character"], ()):
        return None
    case = _CASE_OF_ITSELF.match(sentence)
    if case is None or _ASKED_NEGATED.search(asking):
        return None  # ("is he still unable to die": a no to the yes the case gives)
    rest = _LOSES_A_CANNOT.sub(r"can \1", sentence[case.end() :].replace("’", "'"))
    return _outcome_said(asking, rest.lower())


_ASKED_NEGATED = re.compile(
    r"\b(?:unable|not|never|cannot|cant|no longer)\b|n[’']t\b", re.IGNORECASE
)
# an ability that keeps a character from something, lost ("they lose their “cannot die”
# ability"): it can
_LOSES_A_CANNOT = re.compile(
    r"\blos(?:e|es|ing|t)\s+(?:their|its|his|her|the)\s+[“\"']?(?:cannot|can't|can not)\s+"
    r"(\w+)[”\"']?\s+ability\b",
    re.IGNORECASE,
)


def _subject_outcome(u: Understanding, asking: str, sentence: str, kb: AnswerKB) -> bool | None:
    """An interaction's yes/no where the question asks what one named character does ("does
    the imp die") and the deciding sentence says it of that character, by name, as the
    sentence's subject ("The Imp is executed but does not die due to the Technocrat's
    ability"): the outcome said (nothing where the sentence has a premise or names another)."""
    lower_ask = asking.lower()
    asked = {m.id for m in u.mentions if rx.match(_asked_outcome(m.text.lower()), lower_ask)}
    if len(asked) != 1 or _PREMISE.match(sentence):
        return None
    cid = next(iter(asked))
    opening = rx.match(_opening(kb.name(cid)), sentence, re.IGNORECASE)
    if opening is None:
        return None
    others = [kb.name(c).lower() for c in u.characters if c != cid]
    rest = sentence[opening.end() :].lower()
    if any(rx.search(rf"\b{re.escape(o)}\b", rest) for o in others):
        return None  # "the Imp kills the Monk": the outcome may be the other's
    return _outcome_said(asking, rest)


def _said_otherwise(asking: str, text: str, sentence: str, said: bool) -> bool:
    """Another sentence of the same ruling gives the asked outcome the other way round ("the
    Soldier cannot die ...; they then choose to kill the Soldier, who dies as ..."): the
    ruling tells a case, not the rule, so no yes or no from the one sentence."""
    rest = [x for x in split_sentences(text) if x != sentence]
    for other in rest:
        for clause_ in rx.split(r"[,;]\s*", other):
            outcome = _outcome_said(asking, clause_.lower())
            if outcome is not None and outcome != said:
                return True
    return False


def _premise_told(question: str, asking: str, sentence: str) -> bool:
    """ "someone died today, does the zombuul wake tonight": "if any player is marked DIED
    TODAY, do not wake the Zombuul". The sentence's condition ("if ...") is what the question
    tells, word for word (as stems), and both say it alike: negated in both or in neither
    ("no player was executed today" does not decide "someone got executed today")."""
    premises = _CONDITION_CLAUSE.findall(sentence)
    if len(premises) == 2 and dead_choice.ON_DEATH.search(premises[0]):
        # "When you learn that you died, publicly choose 1 alive player: if they are evil,
        # your team loses": the ability's trigger, then the condition its outcome rests on
        premises = premises[1:]
    if len(premises) != 1:
        return False
    told = _told(question)
    if asking:  # the scene, not what is asked ("someone died today, zombuul wake tonight?")
        told = told.replace(rx.split(r"[,;:]\s+|\s+-\s+", asking.lower())[-1], " ")
    return _told_premise(premises[0], told, empty=False)


def _stem_in(word: str, text: str) -> bool:
    # (a verb's third person is its stem: "he wakes" speaks of what "does not wake" says)
    if len(word) == 5 and word.endswith("s") and not word.endswith("ss"):
        word = word[:4]
    stems = PREMISE_SYNONYMS.get(word[:5], (word[:5],))
    return any(rx.search(rf"\b{re.escape(stem)}", text) for stem in stems)


# "if ..., " "when ..., ": the one condition a rule's outcome rests on
_CONDITION_CLAUSE = re.compile(rf"\b(?:if|when|whenever|once|{_NTH_TIME})\b([^,;:.]{{3,80}})[,;:]")
# words a premise needs no match for: function words, the ruling's own bookkeeping
PREMISE_FILLERS = frozenset(
    "a an the any is are was were be been has have had they them their he she it its this that "
    "you your "
    "player players marked reminder token of to in on at by for and or with as then just".split()
)
_CHOICE_TYPED = ("choos", "chose", "pick", "select", "target", "went for", "goes for", "go for")
# a premise's word and how a storyteller types it ("died" and "dies", "dead", "killed")
PREMISE_SYNONYMS: dict[str, tuple[str, ...]] = {
    "die": ("die", "dead", "kill"),
    "died": ("die", "dead", "kill"),
    "dies": ("die", "dead", "kill"),
    "dead": ("die", "dead", "kill"),
    "execu": ("exe", "execu"),
    "nomin": ("nom",),
    "today": ("today", "this afternoon", "during the day"),
    "poiso": ("poison", "po'd"),
    "kills": ("kill",),
    "becom": ("becom", "turn", "flip", "go evil", "goes evil", "went evil"),
    # "If they choose themself": "the sailor picked himself"
    "thems": ("themsel", "himsel", "hersel", "itself"),
    # a choice, as storytellers type it: "when they choose the Demon": "picked the demon"
    "choos": _CHOICE_TYPED,
    "chose": _CHOICE_TYPED,
    # "If the X is drunk or poisoned" (_EITHER_IMPAIRED): told by either ("the snake charmer
    # was drunk"); "drunk" alone still by "drunk" only
    "impai": ("drunk", "poison", "po'd", "impair"),
    # "If just 3 players live": "down to 3 alive", "3 left"
    "live": ("live", "alive", "left", "remain"),
    "lives": ("live", "alive", "left", "remain"),
}
# who the question is about, said by what they did not do, typed without the apostrophe
# ("shoot someone who didnt even vote"; not a fact told aside: "goblin aint good")
_UNMET = re.compile(
    r"\b(?:who|that|whom)\s+(?:\w+\s+)?(?:did|does|do|has|have|had|is|was|are|were)nt\b", re.I
)
_TOLD_NEGATION = re.compile(
    r"\b(?:no|not|nobody|noone|none|never|didnt|didn't|wasnt|wasn't|hasnt|hasn't|without)\b"
)


def _without(text: str, names: list[str]) -> str:
    for name in names:
        text = text.replace(name, "them")
    return text


# "dead last", "dead first": the very last, no death (as words.NEUTRAL reads it)
_DEAD_LAST = re.compile(rf"\bdead (last|first)\b{NOT_A_TIME_AFTER}", re.IGNORECASE)


def _outcome_said(asking: str, consequence: str) -> bool | None:
    """Yes/no where ``consequence`` states the outcome ``asking`` asks about: in the same
    clause, negated or not; "nothing happens" for a "still"; the game going on for "game
    over"; "except themself" for choosing oneself."""
    asking, consequence = asking.replace("’", "'"), consequence.replace("’", "'")
    asking = _DEAD_LAST.sub(r"\1", asking)  # "the poisoner goes dead last": no death asked
    consequence = _TOKEN_NAME.sub("", consequence)  # a token's name says nothing
    # registering as dead is no death, nor is a reminder's name ("they register as dead, so
    # mark the Zombuul with the DIED TODAY reminder")
    consequence = rx.sub(
        r"\b(?:register|registers|registering) as dead\b|\bwith the [\w' ]{1,30}? reminder\b"
        r"|\bas if\b[^,;.]*",  # "acts as if they died": they did not
        " ",
        consequence,
    )
    outcomes = {OUTCOMES[w] for w in rx.findall(r"[a-z]+", asking.lower()) if w in OUTCOMES}
    if "die" in outcomes and _ANYONE.search(asking):
        outcomes.add("kill")  # "does anyone die": "the Yaggababble does not kill tonight"
    if "poison" in outcomes and _HEALTHY.search(asking):
        return None  # "is the TF it poisoned healthy again": "no longer poisoned" says yes
    if "kill" in outcomes and _STORYTELLER_KILLS.search(asking):
        outcomes.add("die")  # "can i kill the tinker": "the Tinker cannot die"
    if (
        rx.search(r"\bstill\b", asking, re.IGNORECASE)
        and not _OF_THE_ABILITY.search(asking)
        and _NO_EFFECT.search(consequence)
    ):
        return False  # "poisoned when executed. do i still wake the demon": "nothing happens"
    if _TAKES_EFFECT.search(asking) and _NO_EFFECT.search(consequence):
        return False  # "does the xaan ever go off": "... and Xaan does nothing"
    if _GAME_OVER.search(asking):
        if _GAME_GOES_ON.search(consequence):
            return False  # "saint exed but hes drunk. game over?": "the game goes on"
        if _GAME_ENDS.search(consequence):
            return True
    if _ITSELF.search(asking) and (itself := _itself_said(consequence)) is not None:
        return itself  # "monk trying to protect himself, allowed?": "except themself"
    if "die" in outcomes and rx.search(r"\b(?:is|are|remains?|stays?) unaffected\b", consequence):
        return False  # "host died, does the lleech die with them": "the Lleech is unaffected"
    if _POINTS_BACK.search(asking):
        return None  # "pardon after the votes were counted, is that ok?": leave is asked
    state = _state_held(asking, consequence)
    if state is not None:
        return state
    kept = _thing_kept(asking, consequence)
    if kept is not None:
        return kept
    counted = _still_counted(asking, consequence)
    if counted is not None:
        return counted
    lifted = _requirement_lifted(asking, consequence)
    if lifted is not None:
        return lifted
    # the outcome's own clause carries its negation; the last clause that states it is the
    # consequence ("if the Cannibal nominated, executed, & killed the Princess today, the
    # Demon doesn't kill tonight")
    for part in reversed(_PARTS.split(consequence)):
        if _PREMISE.match(part):
            continue  # "if the Imp kills themself": the premise, not what follows from it
        if rx.search(r"\bonly\b", part) and outcomes & _said(part):
            # "their vote is only counted if their master voted": it depends; "they can only
            # die by execution": whether they die is a matter of how
            return None
        part = _WHEN.sub("", part)  # "players do not learn ... when they die": no dying said
        # a kill named, not done: "a Tinker death is not a Demon kill" says no one kills
        part = _A_KILL.sub(" ", part)
        if outcomes & _said(part):
            if _BOTH_WAYS.search(part):
                # "whether the player lived or died, this was the one execution", "declare
                # either that they die or they remain alive": both outcomes, neither said
                return None
            return not _NEGATIVE.search(part)
    return None


# "kill" as a noun: "a Demon kill", "an extra kill", "the kill", "triggers on Demon kills"
_A_KILL = re.compile(
    r"\b(?:an?|the|this|that|its|their) (?:\w+ )?kill\b(?! (?:the|a|an|them|him|her|you)\b)"
    r"|\b(?:on|by|from|to|than) (?:\w+ )?kills\b",
    re.IGNORECASE,
)
_BOTH_WAYS = re.compile(r"\b(?:whether|either)\b[^;]*\bor\b", re.IGNORECASE)


# "can X <verb> ...": a permission asked; "X may (not) <verb>", "X cannot <verb>": given
_CAN_ASKED = re.compile(
    r"^\W*(?:can|could|may)\b|\b(?:is|are) (?:\w+ )?(?:allowed|able) to\b", re.IGNORECASE
)
_MODAL = re.compile(
    r"\b(?P<modal>may not|may|cannot|can't|can not|can|must not|is not allowed to"
    r"|are not allowed to|is allowed to|are allowed to)"
    r"\s+(?:also\s+|still\s+|even\s+|then\s+)?(?P<verb>[a-z]+)\b"
)
# a storyteller's verbs and the sources' ("pick" the player the sources "choose")
_VERB_ALIKE = {
    "pick": "choos",
    "picks": "choos",
    "point": "choos",
    "targe": "choos",
    "selec": "choos",
    "make": "summo",
    "exe": "execu",
    "nom": "nomin",
}


def _modal_said(asking: str, consequence: str) -> bool | None:
    """ "can exorcist pick the same person two nights running": "the Exorcist may not choose
    the same player two nights in a row" (no); "can the summoner make a pukka on n2": "the
    Summoner may summon a Pukka on the 2nd night" (yes). A permission asked, answered by a
    modal before the same verb (or the sources' word for it); not where it is restricted
    ("may only").

    >>> _modal_said("can exorcist pick the same person two nights running",
    ...             "the exorcist may not choose the same player two nights in a row")
    False
    >>> _modal_said("does he die", "the exorcist may not choose the same player") is None
    True
    """
    if not _CAN_ASKED.search(asking):
        return None
    asked = {_VERB_ALIKE.get(w[:5], w[:5]) for w in rx.findall(r"[a-z]+", asking.lower())}
    for said in _MODAL.finditer(consequence.lower()):
        verb = said.group("verb")
        if verb == "only":
            return None  # "may only choose ...": it depends
        if verb == "be":
            state = _state_allowed(asking, consequence.lower(), said)
            if state is not None:
                return state  # "can both statements be true": "both statements may be true"
        if verb in ("be", "have", "get", "do"):
            continue  # "this information may be wrong": no act permitted
        if _VERB_ALIKE.get(verb[:5], verb[:5]) in asked:
            return not rx.search(r"not|n't", said.group("modal"))
    return None


def _permission_of(asking: str, consequence: str, question: str = "") -> bool | None:
    """A permission asked of a character with no state ("can the sleeper pick a traveller"),
    answered by a modal before the same verb where what follows the verb in both shares a
    word ("can not choose a Demon, Traveller or Fabled ability"); not a rule for something
    else ("can the exorcist pick the demon": "may not choose the same player two nights in
    a row" says nothing of the Demon).

    >>> _permission_of("can the sleeper pick a traveller", "the sleeper can not choose a "
    ...                "traveller or fabled ability")
    False
    >>> _permission_of("can the exorcist pick the demon", "the exorcist may not choose the "
    ...                "same player two nights in a row") is None
    True
    """
    verb = _CAN_ASKED.search(asking)
    if verb is None:
        return None
    said = _MODAL.search(consequence)
    if said is None or said.group("verb") in ("only", "be", "have", "get", "do"):
        return None
    if rx.search(r"\b(?:only|not|never)\b|n't\b", consequence[: said.start()]):
        return None  # "Only a dead player may give ...", "It is not the case that they may"
    clause = rx.split(
        r"[;:]|,\s*(?:since|because|as|but|although|though|unless|which|so|if)\b",
        consequence[said.end() :],
        maxsplit=1,
    )[0]
    if rx.search(r"\b(?:not|never|no)\b|n't\b", clause):
        return None  # "may not give their vote token to a player that is not the Beggar"
    # what the question says after the verb, to its end (all of it: "swap seats when only 3
    # are alive" is not answered by "may swap two players' seats")
    at = question.lower().find(asking.lower()) if question else -1
    rest = question[at + verb.end() :] if at >= 0 else asking[verb.end() :]
    asked_after = _after_verb(rest, said.group("verb"))
    if not asked_after or not asked_after <= _word_heads(clause):
        return None
    return _modal_said(asking, consequence)


def _after_verb(asking: str, verb: str) -> frozenset[str]:
    """The heads of the content words after the asked verb the sources' verb stands for."""
    words = rx.findall(r"[a-z]+", asking.lower())
    alike = _VERB_ALIKE.get(verb[:5], verb[:5])
    for i, word in enumerate(words):
        if _VERB_ALIKE.get(word[:5], word[:5]) == alike:
            return _word_heads(" ".join(words[i + 1 :]))
    return frozenset()


def _word_heads(text: str) -> frozenset[str]:
    """A text's content words by their first five letters, as _VERB_ALIKE keys verbs."""
    return frozenset(
        w[:5] for w in rx.findall(r"[a-z]+", text.lower()) if len(w) > 3 and w not in STOPWORDS
    )


def _state_allowed(asking: str, consequence: str, said: re.Match[str]) -> bool | None:
    """ "can both statements be true": "both statements may be true, or both false": the
    same subject (a word of five letters or more, by its first four: "statments" as typed)
    said to may be the same state; no act, so only where the sentence says it of the thing
    asked about.

    >>> said = _MODAL.search("both statements may be true, or both false")
    >>> _state_allowed("can both statements be true", "both statements may be true", said)
    True
    >>> said = _MODAL.search("this information may be wrong")
    >>> _state_allowed("can the empath be wrong", "this information may be wrong", said) is None
    True
    """
    asked = rx.search(
        r"\b(?:can|could|may)\s+(?P<who>[a-z ]+?)\s+(?:even\s+|still\s+)?be\s+"
        r"(?P<state>[a-z]+)\b",
        asking.lower(),
    )
    state = rx.match(r"\s*(?P<state>[a-z]+)\b", consequence[said.end() :])
    if asked is None or state is None or asked.group("state") != state.group("state"):
        return None
    subject = {w[:4] for w in rx.findall(r"[a-z]{5,}", consequence[: said.start()])}
    if not subject & {w[:4] for w in rx.findall(r"[a-z]{5,}", asked.group("who"))}:
        return None
    return not rx.search(r"not|n't", said.group("modal"))


# an outcome said by an auxiliary alone, its verb left to the premise: "If the Beggar would
# become drunk or poisoned, they do not."
_ELLIPSIS = re.compile(
    r"^\W*(?:they|he|she|it|that player)\s+(?:still\s+)?(?:do|does|did|will|would|can)"
    r"(?P<neg>\s+not|n't)?\s*(?:so\s*)?[.!]?\s*$",
    re.IGNORECASE,
)
# what a question asks a player still gets or keeps: "does he still get his number"
_THING_ASKED = re.compile(
    r"\b(?:get|gets|receive|receives|keep|keeps|have|has)\s+(?:his|her|their|its|the|a|an|any)"
    r"\s+(?P<thing>[a-z]{4,})\b",
    re.IGNORECASE,
)


def _elided(asking: str, sentence: str) -> bool | None:
    """ "can the beggar get drunk or poisoned": "If the Beggar would become drunk or
    poisoned, they do not": the premise says the outcome asked, the auxiliary its yes or no.

    >>> _elided("can the beggar get drunk", "if the beggar would become drunk, they do not.")
    False
    >>> _elided("does he die", "if the beggar would become drunk, they do not.") is None
    True
    """
    outcomes = _said(asking.lower())
    premise, _, rest = sentence.rpartition(",")
    said = _ELLIPSIS.match(rest)
    if not premise or said is None or not _PREMISE.match(premise):
        return None
    asked = outcomes | set(rx.findall(r"\b(?:drunk|poisoned|mad)\b", asking.lower()))
    stated = _said(premise) | set(rx.findall(r"\b(?:drunk|poisoned|mad)\b", premise))
    if not asked & stated:
        return None
    return said.group("neg") is None


# small counts an ability says ("three players"), digits read as the sources' words
_COUNTS = {digit: NUMBERS[digit] for digit in "12345"}
_COUNT = re.compile(rf"\b({'|'.join([*_COUNTS, *_COUNTS.values()])})\b")


def _counts(text: str) -> set[str]:
    return {_COUNTS.get(n, n) for n in _COUNT.findall(text)}


# a requirement asked ("do the 2 players still have to include the demon", "must she pick
# a minion") and one a rule lifts ("neither of the two need be the Demon", "they do not have
# to", "need not")
_REQUIREMENT_ASKED = re.compile(
    r"\b(?:have to|has to|must|need to|needs to|required to|obliged to|forced to|made to)\b"
)
_REQUIREMENT_LIFTED = re.compile(
    r"\bneither\b[^,;.]*\bneeds?\b|\bneed(?:s)? not\b|\bneedn'?t\b"
    r"|\b(?:do|does|did)(?: not|n'?t) (?:have|need) to\b|\bnot (?:required|obliged) to\b"
    r"|\bno need to\b|\bnot necessarily\b"
)
# words too common to show that a rule and a question speak of the same requirement
_REQUIREMENT_FILLER = frozenset("have has must need needs required still they them their".split())


def _requirement_lifted(asking: str, consequence: str) -> bool | None:
    """ "do the 2 players i show still have to include the demon": "neither of the two need
    be the Demon" lifts what is asked: no (only where both speak of the same thing, a word of
    four letters or more in common).

    >>> _requirement_lifted("do they still have to include the demon?",
    ...                     " neither of the two need be the demon.")
    False
    >>> _requirement_lifted("does she have to pick a minion", "they need not wake") is None
    True
    """
    if not _REQUIREMENT_ASKED.search(asking) or not _REQUIREMENT_LIFTED.search(consequence):
        return None
    shared = set(rx.findall(r"[a-z]{4,}", asking)) & set(rx.findall(r"[a-z]{4,}", consequence))
    return False if shared - _REQUIREMENT_FILLER else None


def _duty_beside(asking: str, main: str) -> bool:
    """A duty asked ("is the klutz forced to choose", "do i have to make someone drunk") and a
    main clause whose denial shares no word with what the duty is to do ("nothing happens
    and the game goes on"): the denial answers another thing, not the duty.

    >>> _duty_beside("is the klutz forced to choose", "nothing happens and the game goes on")
    True
    >>> _duty_beside("do i still have to make someone drunk", "nobody becomes drunk")
    False
    """
    duty = _REQUIREMENT_ASKED.search(asking)
    if duty is None or _REQUIREMENT_LIFTED.search(main):
        return False
    done = set(rx.findall(r"[a-z]{4,}", asking[duty.end() :].lower())) - _REQUIREMENT_FILLER
    return not done & set(rx.findall(r"[a-z]{4,}", main.lower()))


def _still_counted(asking: str, consequence: str) -> bool | None:
    """ "does he still get 3 kills tonight": "they still choose three players tonight": the
    same number said to still hold.

    >>> _still_counted("does he still get 3 kills", "they still choose three players tonight")
    True
    """
    if not rx.search(r"\bstill\b", asking) or not rx.search(r"\bstill\b", consequence):
        return None
    numbers = _counts(asking)
    if not numbers or not numbers & _counts(consequence):
        return None
    return not _NEGATIVE.search(consequence)


def _thing_kept(asking: str, consequence: str) -> bool | None:
    """ "does he still get his number": "they receive no number" (no), "they still receive
    their number" (yes): the thing asked about, with or without a "no" before it."""
    asked = _THING_ASKED.search(asking)
    if asked is None:
        return None
    thing = re.escape(asked.group("thing"))
    if rx.search(rf"\b(?:no|lose|loses|lost)\s+(?:\w+\s+)?{thing}\b", consequence):
        return False
    got = rx.search(
        rf"\b(?:get|gets|receive|receives|keep|keeps|has|have)\s+(?:\w+\s+){{0,2}}{thing}\b",
        consequence,
    )
    if got and not _NEGATIVE.search(consequence[: got.end()]):
        return True
    return None


# a state a question asks a player is still (or again) in: "is the townsfolk still drunk",
# "is the guy they had drunk sober now", "does the drunk player sober up", "stop being drunk"
_STATE_ASKED = re.compile(
    r"\b(?:(?P<stop>stops? being|no longer) (?P<ended>drunk|poisoned)"
    r"|(?:still|stay|stays|remain|remains|is|are) (?P<state>drunk|poisoned|sober|healthy)"
    r"|(?P<back>sober|healthy) (?:up|again|now))\b"
)
# a state a sentence says a player is in, or no longer in
_STATE_HELD = re.compile(
    r"\b(?:still|remains?|stays?|is|are|becomes?|be)\s+(?:still\s+|again\s+)?"
    r"(drunk|poisoned|sober|healthy)\b"
)
_STATE_ENDED = re.compile(r"\b(?:no longer|stops? being|not)\s+(drunk|poisoned)\b")


def _state_held(asking: str, consequence: str) -> bool | None:
    """ "is the townsfolk still drunk": "that Townsfolk stops being drunk" (no); "is the guy
    they had drunk sober now": "the drunk player is still drunk" (no). Drunk and poisoned are
    one side, sober and healthy the other; the outcome is the last clause that says either.

    >>> _state_held("is the guy they had drunk sober now", "the drunk player is still drunk")
    False
    >>> _state_held("is the townsfolk still drunk", "that townsfolk stops being drunk")
    False
    >>> _state_held("does the townsfolk stop being drunk", "that townsfolk stops being drunk")
    True
    >>> _state_held("is the sage sober again", "the player they made drunk becomes sober")
    True
    >>> _state_held("does he sober up or stay drunk", "the player becomes sober") is None
    True
    >>> _state_held("does someone still get drunk", "a player becomes drunk") is None
    True
    """
    # each state asked, as whether it is drunk or poisoned ("stop being drunk": sober)
    asked = [
        not m.group("stop") and (m.group("state") or m.group("back")) in IMPAIRED_WORDS
        for m in _STATE_ASKED.finditer(asking.lower())
    ]
    if not asked or len(set(asked)) > 1:
        return None  # no state asked, or either ("sober up or stay drunk")
    impaired_asked = asked[0]
    for part in reversed(_PARTS.split(consequence.lower())):
        if _PREMISE.match(part):
            continue  # "if the Courtier becomes drunk": the premise, not what follows
        ended = _STATE_ENDED.search(part)
        if ended:
            return not impaired_asked  # no longer drunk: sober, yes; still drunk, no
        held = _STATE_HELD.search(part)
        if held:
            if _NEGATIVE.search(part[: held.start()]):
                return None  # "... does not become sober": left alone
            return (held.group(1) in IMPAIRED_WORDS) == impaired_asked
    return None


def _leading(text: str, sentence: str) -> str:
    """The sentence before ``sentence`` in ``text`` when ``sentence`` states no premise of
    its own ("... you may choose that the Scapegoat is executed instead. The Scapegoat dies.")."""
    if _PREMISE.match(sentence):
        return ""
    sentences = split_sentences(text)  # ``sentence`` is one of them, or several from one
    at = next((i for i, s in enumerate(sentences) if sentence.startswith(s)), 0)
    return sentences[at - 1].lower() if at > 0 else ""


def _said(part: str) -> set[str]:
    return {OUTCOMES[w] for w in rx.findall(r"[a-z]+", part) if w in OUTCOMES}


# a clause of time after what a part says: "... do not learn the alignment when they die"
_WHEN = re.compile(r"\s\b(?:when|whenever)\b.*$", re.IGNORECASE)


def yes_no_of_jinx(
    question: str, reason: str, named: tuple[tuple[str, str], ...] = ()
) -> bool | None:
    """Yes/no for a yes/no question the jinx decides ("exorcist on the yagga, do phrase kills
    still happen": "the Yaggababble does not kill tonight")."""
    asking = _first_of_contraries(_asking(question))
    if asking is None or _QUESTION_NEGATION.search(asking) or _ALTERNATIVE.search(asking):
        return None
    consequence = reason.split(",", 1)[-1].lower()
    denied = _DENIED_VERB.search(asking.lower()) if _NOBODY.search(asking) else None
    if denied is not None:
        # "does nobody die to the al hadikhia tonight": "no one dies to the Al-Hadikhia
        # tonight" confirms it; a denial asked is no outcome to read as said or not
        said = [m.group(1)[:3] for m in _DENIED_VERB.finditer(consequence)]
        return True if denied.group(1)[:3] in said else None  # ("die", "dies")
    if _BECOME.search(asking):
        # "does SW become the demon too": "the Scarlet Woman remains the Scarlet Woman"; of
        # the one the jinx says it of only ("does the klutz become the fang gu" is another)
        said = _REMAINS.search(consequence) or _BECOME.search(consequence)
        if said is None:
            return _outcome_said(asking, consequence)
        who = consequence[: said.start()].rsplit(",", 1)[-1]
        asked = {n for text, n in named if rx.search(rf"\b{re.escape(text)}\b", asking.lower())}
        if not asked and _PRONOUN_ASKS.match(asking.lower()):
            # "SW is in play, does she become a fang gu too": she is one of those named
            asked = {n for _, n in named}
        if not any(name in who for name in asked):
            return None
        # "the X does not become ...": the negation stands before the verb, in its clause
        return False if _REMAINS.match(said.group(0)) else not _NEGATIVE.search(who)
    if _REGISTERS.search(asking) and _REGISTERS.search(consequence):
        # "can the recluse register as the demon for the sage": "the Recluse might register
        # as the Demon to the Sage" (a jinx's own case; a ruling's "may register" is often
        # about another time, so only a jinx answers this way)
        return not _NEGATIVE.search(consequence)
    said = _outcome_said(asking, consequence)
    if said is None and len(question_parts(question)) < 2:
        said = _modal_said(asking, consequence)
    return said


_REGISTERS = re.compile(r"\bregisters?\b", re.IGNORECASE)
_PRONOUN_ASKS = re.compile(r"\W*(?:does|do|will|would|can|could)\s+(?:she|he|they|it)\b")
_BECOME = re.compile(r"\bbecomes?\b|\bturns? into\b", re.IGNORECASE)
_REMAINS = re.compile(r"\bremains?\b|\bstays?\b", re.IGNORECASE)


# a death's cause in a ruling's premise that an execution is not
# ... and an execution in a ruling's premise, which a death at night is not
_BY_EXECUTION = re.compile(r"\bby execution\b|\bexecuted\b|\bexecution\b", re.I)
_PREMISE = re.compile(
    rf"\s*(?:however\s+)?(?:if|when|whenever|once|unless|after|before|{_NTH_TIME})\b", re.I
)
_GAME_OVER = re.compile(r"\bgame over\b|\bgame (?:end|ends)\b|\bend the game\b", re.I)
_GAME_GOES_ON = re.compile(
    r"\bgame (?:goes on|continues|does not end|doesn't end)\b|\bgame is not over\b", re.I
)
_GAME_ENDS = re.compile(r"\bgame ends\b|\bends the game\b|\bgame is over\b", re.I)
# (not "the ability itself", "the order itself": emphatic, no choice of oneself)
_ITSELF = re.compile(
    r"\b(?:himself|herself|themself|themselves|(?<!ability )(?<!order )itself|own character)\b",
    re.I,
)
_NOT_ITSELF = re.compile(
    r"\b(?:except|other than|not|never|cannot|can't|can not) (?:choose )?(?:themself|"
    r"themselves|yourself|itself)\b|\bnot yourself\b|\(not yourself\)",
    re.I,
)
# a choice of oneself the storyteller sends back
_SENT_BACK_ITSELF = re.compile(
    r"\b(?:points?|pointed|chooses?|chose|picks?|picked) (?:at |to )?(?:themself|themselves"
    r"|itself)\b[^.]*\b(?:shake your head|prompt them|choose again|another player)\b",
    re.I,
)
_MAY_ITSELF = re.compile(
    r"\b(?:may|can) (?:choose|pick|target|guess|protect|curse|poison|point (?:to|at)) "
    r"(?:themself|themselves|itself)\b"
    r"|\bthemself is a valid\b",
    re.I,
)


# a question offering another outcome: "... or does the good team win", "or just skip it"
# two outcomes, bare, as the ask's clause: "dead or safe?", "..., alive or dead?" (not "or
# not"; "does he die or survive" asks the first, which a yes answers)
_OUTCOMES_BARE = re.compile(
    r"(?:^|[,;:-])\s*(?:dead|alive|safe|die|dies|live|lives|survives?)\s+or\s+"
    r"(?:dead|alive|safe|die|dies|live|lives|survives?)\b",
    re.IGNORECASE,
)
_ALTERNATIVE = re.compile(
    r"\bor (?:literally |simply |rather )?"
    r"(?:do|does|did|is|are|was|will|would|can|should|just|only|also|they|he|she|it|i|we|the)\b",
    re.IGNORECASE,
)
# a consequence that is the ability doing nothing at all
_NO_EFFECT = re.compile(
    r"\bnothing happens\b|\bhas no effect\b|\bdoes nothing\b|\bno effect\b"
    r"|\b(?:lose|loses) (?:this|their|the|its) ability\b|\bability (?:stops|ends)\b"
    # "neither half of the ability works", "the ability does not work"
    r"|\bneither\b.{0,60}?\bworks?\b|\bability (?:does not|doesn't|no longer) works?\b",
    re.IGNORECASE,
)
_HEALTHY = re.compile(r"\b(?:healthy|sober|clean|cured|true)\b", re.IGNORECASE)
# the storyteller killing someone, asked: whether they can die
_STORYTELLER_KILLS = re.compile(r"\b(?:i|we|you)\s+(?:\w+\s+)?kill\b", re.IGNORECASE)
# whether an ability takes effect at all: "does it ever go off", "does that do anything"
_TAKES_EFFECT = re.compile(
    r"\b(?:ever|even)\s+(?:go\s+off|goes\s+off|trigger|triggers|fire|fires|work|works|happen)\b"
    r"|\b(?:do|does|did)\s+(?:it|that|this|anything)\s+(?:even\s+)?(?:do\s+anything|work|happen)\b",
    re.IGNORECASE,
)
# a question about the ability itself (spent or kept), which doing nothing does not answer
_OF_THE_ABILITY = re.compile(r"\b(?:lose|loses|losing) (?:her|his|their|its|the) abilit", re.I)
# where a sentence's clauses part: "they can die during the day and cannot force ..."
_PARTS = re.compile(r"[,;:—–]|\band\b|\bbut\b|\bso\b")
# a clause that sets a scene, not what is asked: "does it wear off once the blight dies"
_SCENE = re.compile(
    r"\b(?:once|when|whenever|if|after|before|since|because|bc|cuz|coz|cause|while|until"
    # "as" opening a clause ("as he died"), not a comparison ("count as scary")
    r"|as(?= (?:he|she|they|i|we|it|you|soon)\b))\b.*$",
    re.IGNORECASE,
)


def _inner_auxiliary(sentence: str) -> re.Match[str] | None:
    """The first auxiliary asking mid-sentence whose clause has no wh-word before it."""
    for found in _INNER_AUXILIARY.finditer(sentence):
        # (a question quoted before it is no part of its clause: 'asks "why didnt i swap??"')
        opening = rx.split(r"[,;:—–-]|\?+[\"”’]?", sentence[: found.start()])[-1]
        # "what do i do", "where in the night does it act", "when exactly do i wake him";
        # not a "when" clause with its own subject ("sweetheart was poisoned when we
        # executed her today do i still ...", "king when dead equals living does he wake")
        if not _WH.search(opening) and not _ASKING_WHEN.search(opening):
            return found
    return None


# a yes or no asked in a clause of its own, relayed or wondered: "hes asking if he still
# gets his ping tonight", "she wants to know whether it counts"
_EMBEDDED_ASK = re.compile(
    r"\b(?:ask(?:s|ed|ing)?|wants? to know|wanted to know|wondering|wonders?|not sure|unsure)"
    r"\s+(?:me\s+|us\s+)?(?:if|whether)\s+(?P<ask>[^.?!]{6,})",
    re.IGNORECASE,
)


def _or_joined(sentences: list[str]) -> list[str]:
    """Sentences with one that opens on "or" joined to the question before it: "am I allowed
    to pick a dead player? or the sweetheart herself?" asks one thing, among alternatives."""
    out: list[str] = []
    for sentence in sentences:
        if (
            out
            and out[-1].endswith("?")
            and rx.match(r"(?i)or\b", sentence)
            # (a question of its own, not a bare "host dies?": "or nothin" is its other side)
            and (_AUXILIARY.search(out[-1]) or _inner_auxiliary(out[-1]))
        ):
            out[-1] = f"{out[-1][:-1]} {sentence.rstrip('?')}?"
        else:
            out.append(sentence)
    return out


@functools.lru_cache(maxsize=4096)
def _asking(question: str) -> str | None:
    """The last sentence of the question that asks yes or no ("does that player die?"),
    without a clause setting its scene; None when none does."""
    sentences = _or_joined(rx.split(r"(?<=[.?!])\s+", question.strip()))
    for n, sentence in reversed(list(enumerate(sentences))):
        found = _AUXILIARY.search(sentence) or _inner_auxiliary(sentence)
        embedded = _EMBEDDED_ASK.search(sentence) if not found else None
        if embedded and not any("?" in before for before in sentences[:n]):
            # "hes asking if he still gets his ping tonight": the yes or no asked, relayed
            # (not after a question of its own: "can the beggar even get poisoned? ... im not
            # sure if his info was real")
            return embedded.group("ask").strip(" ,;-") + "?"
        tagged = _TAG_QUESTION.search(sentence) if not found else None
        if (
            tagged
            and len(sentence[: tagged.start()].split()) >= 3
            # (what follows, if anything, only draws its upshot: "... right? so it counts")
            and all(rx.match(r"so\b", later, re.I) for later in sentences[n + 1 :])
        ):
            # "the amnesiac takes an outsider slot there, right?": the statement is the ask,
            # its tag no ask of its own
            return _SCENE.sub("", sentence[: tagged.start()]).strip(" ,;-") + "?"
        if found:
            asked = _SCENE.sub("", sentence[found.start() :]).strip()
            if asked[:1] in ("—", "–"):
                asked = "-" + asked[1:]  # a dash before the ask: "... today — do they die"
            if _POINTS_BACK.match(asked.lstrip(",;- ")):
                return sentence  # "DA wants to pick himself, is that legal": that is the ask
            told = _TOLD_AFTER.search(asked)
            if told:  # "can lil monsta even be drunk, it isnt a player": a reason, told
                asked = asked[: told.start()]
            return asked or None
    last = _last_asked(sentences)
    if _POINTS_BACK.search(last):
        return last  # "DA picked himself 2 nights in a row is that legal"
    if _short_ask(last):
        return last  # "saint exed but hes drunk. game over?", "monk protect himself, allowed?"
    tail = rx.split(r"[,;:]\s+|\s+-\s+", last)[-1]
    # (not a qualifier: "who dies from the bodyguard, if anyone?", "what do i show the
    # summoner, given that there is no demon yet?")
    if tail != last and _short_ask(tail) and not _QUALIFIER.match(tail):
        return tail  # "slayer shoots the leech host, host die?": the clause that asks
    return None


def _last_asked(sentences: list[str]) -> str:
    """The last sentence, or the last one put as a question where only a short remark
    follows it ("this is allowed? feels like cheating tbh")."""
    for n in range(len(sentences) - 1, max(len(sentences) - 1 - REMARKS_AFTER, 0) - 1, -1):
        if sentences[n].rstrip().endswith("?"):
            later = sentences[n + 1 :]
            if all(len(t.split()) <= REMARK_WORDS for t in later):
                return sentences[n]
            break
    return sentences[-1]


REMARKS_AFTER = 1  # sentences of remark after the one put as a question
REMARK_WORDS = 6  # the longest remark ("feels like cheating tbh")


def _short_ask(text: str) -> bool:
    """A yes/no question typed without its auxiliary: short, a question mark (or an "or
    nah" for one), no wh-word."""
    return (
        (text.endswith("?") or bool(_OR_NOT.search(text)))
        and len(text.split()) <= SHORT_QUESTION
        and not _WH_OPENING.match(text)
    )


_WH_OPENING = re.compile(r"\W*(?:who|whom|what|which|when|where|why|how)\b", re.I)


# a clause after the ask that qualifies it, no question of its own ("..., if anyone?"),
# where "or not?" still asks
_QUALIFIER = re.compile(
    r"(?:if|unless|given|since|because|assuming)\b|(?:and|or)\b(?!\s+(?:not|nah|no)\W*$)", re.I
)


def _ask_span(question: str) -> tuple[int, int] | None:
    """Where the ask :func:`_asking` reads starts and ends in the question, found by its
    opening words (the ask as read may be cut short of a scene, or re-dashed)."""
    asking = (_asking(question) or "").lstrip(",;.?!- ")
    start = question.find(asking[:20]) if asking else -1
    return (start, start + len(asking)) if start >= 0 else None


# a second yes/no question after the ask, which one yes or no cannot answer with it: "...
# wake up at night? and can dead ppl nominate" (not a wh-question, which the text answers
# beside it: "does the imp die? what do i announce")
_PARTS_AFTER = re.compile(
    r"^\W*(?:and|also|plus|or)?\s*(?:can|could|does|do|did|is|are|will|would|should)\b",
    re.IGNORECASE,
)
# a statement put as a question by a tag: "..., right?", "... yeah?", "... correct??"
_TAG_QUESTION = re.compile(r"[\s,]+(?:right|correct|yeah|yea|ya|innit)\s*\?+\s*$", re.I)
SHORT_QUESTION = 10  # words: a yes/no question typed without its auxiliary
_OR_NOT = re.compile(r"\bor (?:not|nah|no)(?: yet)?\W*$", re.IGNORECASE)
_ANYONE = re.compile(r"\b(?:any ?one|anybody|some ?one|somebody|people|players)\b", re.I)
# a death said, not denied: "they die", "that player dies"
_SOMEONE_DIES = re.compile(
    r"(?<!not )(?<!n't )(?<!never )\b(?:they|he|she|that player|the player|who|both)"
    r" (?:die|dies)\b"
)
# a statement after the ask, its own subject and verb: "can lil monsta even be drunk, it isnt
# a player" (the reason the storyteller doubts, no part of what is asked)
_TOLD_AFTER = re.compile(
    r",\s+(?:(?:it|he|she|they)\s+(?:is|isnt|isn't|was|wasnt|wasn't|are|arent|aren't|has"
    r"|hasnt|hasn't|had|cant|can't|cannot|doesnt|doesn't|didnt|didn't|wont|won't|never"
    r"|already)|its|hes|shes|theyre|it's|he's|she's|they're)\b",
    re.IGNORECASE,
)
# a short ask that points back to what the sentence said before it
_POINTS_BACK = re.compile(
    r"(?:is|was|would|will)\s+(?:that|this|it)\s+(?:even\s+|still\s+)?"
    r"(?:legal|allowed|ok|okay|fine|right|possible|correct|valid)\W*$",
    re.IGNORECASE,
)
# the same put as a statement: "this is allowed?", "thats legal?"
_POINTED_AT = re.compile(
    r"\W*(?:that|this|it)(?:\s+is|\s*['’]?s)\s+(?:even\s+|still\s+)?"
    r"(?:legal|allowed|ok|okay|fine|possible|valid)\W*$",
    re.IGNORECASE,
)
# the night before's choice was another player: "last night they picked someone else"
_SOMEONE_ELSE = re.compile(
    r"\b(?:someone|somebody|some1|anyone) else\b|\b(?:another|a different|the other) player\b",
    re.I,
)
# a choice of oneself allowed with a restriction, asked about the case restricted
_RESTRICTED = re.compile(r"\b(?:though|but) not\b|\bexcept\b|\bunless\b|\bnot on\b", re.I)
# a restriction on choosing the same player on consecutive nights, and a question telling
# the night before ("they picked themselves last night too"; not a bare "again")
_NOT_IN_A_ROW = re.compile(
    r"\bnot (?:on )?(?:two|2|consecutive) (?:nights|days)\b|\bnot (?:\w+ )?in a row\b", re.I
)
_CONSECUTIVE = re.compile(
    r"\blast (?:night|nite)\b|\bin a row\b|\b(?:two|2) nights (?:running|in a row)\b"
    r"|\bnext night\b|\bnight before\b",
    re.IGNORECASE,
)
_TWO_ASKED = re.compile(
    r"\?.*\?|\bwhat about\b|\band (?:then|can|could|is|would)\b|\?\s*(?:two|2) nights",
    re.IGNORECASE,
)
_NIGHT_NUMBER = re.compile(r"\b(?:n|nite|night)\s?([1-9])\b", re.I)


def _consecutive(question: str) -> bool:
    """The question tells two nights in a row: "last night", "two nights running", or two
    numbered nights one after the other ("chose themself on night 2 ... again on night 3").

    >>> _consecutive("DA chose themself on night 2. can they again on n3?")
    True
    >>> _consecutive("DA chose themself on night 1. can they again on night 3?")
    False
    """
    if _CONSECUTIVE.search(question):
        return True
    nights = {int(n) for n in _NIGHT_NUMBER.findall(question)}
    return any(n + 1 in nights for n in nights)


_REPEATED = re.compile(
    r"\bagain\b|\bin a row\b|\brunning\b|\b(?:two|2) nights\b|\bnext night\b"
    r"|\blast (?:night|nite)\b|\bas well\b|\balso\b",
    re.IGNORECASE,
)


# ---- night order, conflicts ---------------------------------------------------------


def _instructed_by_rulings(u: Understanding, found: Retrieved, kb: AnswerKB) -> Verdict | None:
    """A night-order question asking whether the storyteller does something the night sheet
    does not say ("chambermaid wakes before the mathematician. do i count him?"; "do i even
    wake the demon"), where the deciding ruling tells them to or not to (_instructed), its
    premise told."""
    asking = _plain_yes_no(u)
    if not found.rulings or asking is None or not _beyond_order(asking):
        return None
    ruled = _with_conflicts(_from_rulings(u, found, kb), found, kb, u)
    if ruled.answer is not Answer.INFO or not ruled.because:
        return None
    said = ruled.because[0].quote
    told = _instruction(asking, said, _main_clause(said, u, kb), u, kb)
    return None if told is None else _settle(ruled, told)


def _beyond_order(asking: str) -> bool:
    """A night-order question's yes/no ask that is not about the order itself ("do i count
    him", "does the poison still hit anyone"), which the night sheet cannot answer."""
    asked = _ASKED_VERB.search(asking)
    if asked is None:
        return not _ORDER_ASKED.search(asking)
    # "do i even wake the demon": whether it wakes at all, not when
    return asked.group(2).lower() not in _ORDER_VERBS or bool(asked.group(1))


# the verb a yes/no ask is about: "do i count", "does he count as woken", "does the pukka
# act", with a "still" or "even" that asks whether at all
_ASKED_VERB = re.compile(
    r"\b(?:do|does|did|should|shall|must|will)\s+(?:i|we|he|she|they|it|(?:the\s+)?\w+)\s+"
    r"(?:(still|even)\s+)?(?:(?:also|just|then|now)\s+)?([a-z]+)",
    re.IGNORECASE,
)
_ORDER_VERBS = frozenset("wake wakes woken go goes act acts come comes happen happens".split())


# what the night sheet answers: who goes when
_ORDER_ASKED = re.compile(
    r"\b(?:before|after|first|last|order|wakes?|woken|waking|woke|goes?|going|early|earlier|"
    r"later|when|n\d|night \d|nights?\s+(?:one|two|three|1|2|3))\b",
    re.IGNORECASE,
)


def _night_order(u: Understanding, found: Retrieved, kb: AnswerKB) -> Verdict:
    off_sheet = _off_sheet(u, kb)
    parts = []
    for night in ("other", "first"):
        rows = sorted(
            (r for r in found.night_order if r["night"] == night), key=lambda r: r["position"]
        )
        if not rows:
            continue
        listed = ", then ".join(f"the {_night_name(r, kb)} (step {r['position']})" for r in rows)
        absent = [
            kb.name(c)
            for c in u.characters
            if all(r["id"] != c for r in rows) and c not in off_sheet
        ]
        label = "on the first night" if night == "first" else "on other nights"
        parts.append(f"{label}, {listed}" + (f" ({', '.join(absent)} not woken)" if absent else ""))
    said = "; ".join(parts)
    if off := [kb.name(c) for c in off_sheet]:
        said += f" (the {' and the '.join(off)} {'is' if len(off) == 1 else 'are'} on no sheet)"
    because = (Because(id=None, source="nightsheet.json", lines=None, quote=to_sentence(said)),)
    own = _own_order(found, off_sheet)
    if own is not None:
        # "salesman picked the poisoner, when does the poisoner act": a character the sheet
        # does not place moves others in the order; its ruling leads, the sheet follows
        ruling, sentence = own
        name = kb.name(ruling["character"])
        text = f"{sentence} The official night sheet has no step for the {name}; otherwise: {said}."
        return Verdict(Answer.INFO, text, (Because.from_ruling(ruling, sentence), *because))
    rival = _beside_the_unnamed(u, found)
    if rival is not None:
        # "lunatic and the real demon, who do i wake first": the sheet places only the one
        # named; the ruling that places it against the other leads
        ruling, sentence = rival
        text = f"{sentence} By the official night sheet: {said}."
        return Verdict(Answer.INFO, text, (Because.from_ruling(ruling, sentence), *because))
    answer = _before_after(u, found.night_order, kb)
    if answer is None:
        compared = _kind_compared(u, loosely=True)
        if compared is not None and len(set(u.characters)) == 1:
            # "when does the exorcist wake compared to the demon": where every Demon stands
            night = u.night or "other"
            row = kb.night.get(night, {}).get(u.characters[0])
            placed = _placed_against(row["position"], kb, night, compared) if row else None
            if placed is not None:
                place, steps, others = placed
                label = "on the first night" if night == "first" else "on other nights"
                against = f"{place} every {compared.title()} (steps {steps[0]} to {steps[-1]})"
                # (the night measured named where two are listed)
                said += f"; {label}, that is {against}" if len(parts) > 1 else f", {against}"
                said += f" but the {' and the '.join(others)}" if others else ""
                because = (
                    Because(id=None, source="nightsheet.json", lines=None, quote=to_sentence(said)),
                )
        return Verdict(Answer.INFO, f"By the official night sheet: {said}.", because, firm=True)
    word, value = ("Yes", Answer.YES) if answer else ("No", Answer.NO)
    kind = _kind_compared(u)
    if kind is not None and len(u.characters) == 1:
        # "oracle wakes after the demon right?": where every Demon stands
        night = u.night or "other"
        placed = _placed_against(kb.night[night][u.characters[0]]["position"], kb, night, kind)
        if placed is not None:
            place, steps, others = placed
            against = f"{place} every {kind.title()} (steps {steps[0]} to {steps[-1]})"
            if len(parts) > 1:  # the night measured named, not left to the last one listed
                label = "on the first night" if night == "first" else "on other nights"
                said += f"; {label}, that is {against}"
            else:
                said += f", {against}"
            if others:
                said += f" but the {' and the '.join(others)}"
        because = (Because(id=None, source="nightsheet.json", lines=None, quote=to_sentence(said)),)
    return Verdict(value, f"{word}: by the official night sheet, {said}.", because, firm=True)


_ORDER_WORD = re.compile(r"\b(before|after)\b")


def _kind_compared(u: Understanding, *, loosely: bool = False) -> str | None:
    """ "before the demon", "after the minions": the kind of player a question compares the
    named one with, unnamed (``loosely``: "compared to the demon", "vs the demon" too)."""
    words = r"before|after" + (
        r"|compared (?:to|with)|relative to|versus|vs\.?|against|or" if loosely else ""
    )
    found = rx.search(rf"\b(?:{words})\s+(?:the\s+|a\s+)?(demon|minion)s?\b", u.question.lower())
    return found.group(1) if found else None


def _placed_against(
    position: int, kb: AnswerKB, night: str, team: str
) -> tuple[str, list[int], list[str]] | None:
    """Whether a step stands before or after every step of ``team`` on the night, the steps
    it is measured against, and the names of at most two the sheet puts on its other side
    ("after every Demon (steps 39 to 55) but the Riot and the Leviathan", whose steps at 97
    and 99 are no night kill); None where it stands among them."""
    rows = sorted(
        (row["position"], cid)
        for cid, row in kb.night.get(night, {}).items()
        if kb.characters.get(cid, {}).get("team") == team
    )
    if not rows:
        return None
    before = [(p, c) for p, c in rows if position < p]
    after = [(p, c) for p, c in rows if p < position]
    for place, side, others in (("before", before, after), ("after", after, before)):
        if len(others) <= 2 and len(side) >= 4 * len(others) and side:
            steps = [p for p, _ in side]
            if others and not (steps[-1] < others[0][0] or others[-1][0] < steps[0]):
                continue  # the others stand among them, not apart at one end
            return place, steps, [kb.name(c) for _, c in others]
    return None


# a sentence that places someone in the night order
_ORDER_SAID = re.compile(
    r"\b(?:night order|(?:acts?|goes?|go|wakes?|runs?|do so) (?:\w+ )?(?:last|first)"
    r"|after all other|before all other)\b",
    re.IGNORECASE,
)


# someone a night-order question sets against the one character it names: "the real demon"
_UNNAMED_RIVAL = re.compile(r"\bthe (?:real |actual |true )?(demon|minions)\b", re.IGNORECASE)


def _beside_the_unnamed(u: Understanding, found: Retrieved) -> tuple[dict[str, Any], str] | None:
    """The best-ranked sentence of the one character named that places it before or after
    the unnamed one the question sets it against ("Each night, before the Demon wakes to
    attack, wake the Lunatic ...")."""
    rival = _UNNAMED_RIVAL.search(u.question)
    if len(u.characters) != 1 or rival is None:
        return None
    placed = rx.compiled(rf"\b(?:before|after)\b[^.;]*\b{rival.group(1)}", re.IGNORECASE)
    for f in found.rulings[:5]:
        if f.ruling["character"] != u.characters[0]:
            continue
        for sentence in split_sentences(f.ruling["text"]):
            if placed.search(sentence) and _WAKES.search(sentence):
                return f.ruling, sentence
    return None


_WAKES = re.compile(r"\bwakes?\b|\bwoken\b|\bact\b", re.IGNORECASE)


def _off_sheet(u: Understanding, kb: AnswerKB) -> list[str]:
    """The named homebrew characters, which the official night sheets do not place (an
    official character missing from a sheet does not wake that night)."""
    return [
        c
        for c in u.characters
        if (kb.characters.get(c, {}).get("origin") or "").startswith("homebrew")
        and all(c not in kb.night.get(n, {}) for n in ("first", "other"))
    ]


def _own_order(found: Retrieved, off_sheet: list[str]) -> tuple[dict[str, Any], str] | None:
    """The best-ranked sentence on the night order of a named character the official sheet
    does not place (``off_sheet``: a homebrew ability that moves others, the Salesman's)."""
    for f in found.rulings[:5]:
        if f.ruling["character"] not in off_sheet:
            continue
        for sentence in split_sentences(f.ruling["text"]):
            if _ORDER_SAID.search(sentence):
                return f.ruling, sentence
    return None


def _with_waking_jinx(verdict: Verdict, found: Retrieved) -> Verdict:
    """The night sheet's order, and a jinx between the characters asked about that changes
    who wakes ("The Vizier wakes with the Fearmonger"), which the sheet does not show."""
    jinx = next((j for j in found.jinxes if _WAKING.search(j["reason"])), None)
    if jinx is None:
        return verdict
    because = Because(
        id=jinx["id"], source=jinx["source"], lines=_span(jinx.get("lines")), quote=jinx["reason"]
    )
    text = f"{verdict.text} But the jinx changes it: {clause(jinx['reason'])}."
    answer = verdict.answer
    if answer in (Answer.YES, Answer.NO):
        # the sheet's yes or no is what the jinx changes: it is no longer the answer
        answer = Answer.INFO
        said = _ANSWER_WORD.match(text)
        if said:
            text = text[said.end() :][:1].upper() + text[said.end() + 1 :]
    return replace(verdict, answer=answer, text=text, because=(*verdict.because, because))


_ANSWER_WORD = re.compile(r"(?:Yes|No)(?:, [^:]{1,40})?:\s*")


_WAKING = re.compile(r"\bwak(?:e|es|ing|en)\b|\bwoken\b", re.IGNORECASE)
# waking, or using the ability at night ("can they use it on night one", "does it actually
# act first night")
_WAKE_VERB = (
    r"(?:wak(?:e|es|ing|en)\b|woken\b|use (?:it|their|his|her|its|the)\b|acts?\b(?! as\b)"
    # the ability's own act, right before the night: "can the imp kill on night 1"
    r"|(?:kill|attack|protect|poison|pick|choose)s?\b(?=\s+(?:on\s+)?(?:the\s+)?"
    r"(?:first\s+night|night\s*(?:1|one)|n1)\b)"
    # ... or its act on what it makes, right before the night: "can the pit hag make a demon
    # on night 1"
    r"|(?:make|makes|turn|turns|curse|curses|swap|swaps)\b(?=\s+(?:an?\s+|the\s+|someone\s+)?"
    r"[\w'-]+(?:\s+[\w'-]+)?\s+(?:on\s+)?(?:the\s+)?(?:first\s+night|night\s*(?:1|one)|n1)\b))"
)
_WAKE_QUESTION = re.compile(
    r"(?:^|[,;.?!-]\s*)(?:does|do|will|would|should|is|are|can)\b[^.?!,;]*\b"
    rf"{_WAKE_VERB}"
    # typed without its auxiliary: "exorcist wake n1?", "someone died today, zombuul wake
    # tonight?"
    r"|(?:^|[,;.?!-])\s*(?!(?:still|so|then|and|but|i|we|you|to|he|she|they|it|someone)\b)"
    r"(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+wak(?:e|es)\b[^.?!,;]{0,25}\?"
)
# learning asked, of a good character whose ability learns at night
_LEARN_VERB = r"(?:learns?\b|gets? (?:(?:their|his|her|its|any) )?(?:info|information)\b)"
_LEARN_QUESTION = re.compile(
    r"(?:^|[,;.?!-]\s*)(?:does|do|will|would|should|can)\b[^.?!,;]*\b" rf"{_LEARN_VERB}"
)


def _learns_at_night(cid: str, kb: AnswerKB) -> bool:
    """A Townsfolk or Outsider whose ability learns and who is on a night sheet: what it
    learns, it learns when woken (not on its death)."""
    return (
        kb.characters.get(cid, {}).get("team") in ("townsfolk", "outsider")
        and bool(rx.search(r"\b(?:learn|learns|start knowing)\b", kb.ability(cid), re.I))
        and any(kb.night.get(night, {}).get(cid) for night in NIGHT_LABEL)
        # (not one whose death sets it off: "rk got exed today, does he still get to learn":
        # its rulings say why not)
        and not _ON_OWN_DEATH.search(kb.ability(cid))
    )


# placed against someone else in the night: "before the demon", "before or after him" (not
# "after this", "only after")
_AGAINST_ANOTHER = re.compile(
    r"\b(?:before|after)\s+(?:or\s+(?:before|after)\s+)?"
    r"(?:the|a|an|him|her|them|every|each|all|any|my|our)\b"
)
_CONDITIONAL = re.compile(r"^(?:if|when|whenever|once|before|after)\b", re.IGNORECASE)
_THIS_DAY = re.compile(r"\b(?:today|tonight|tonite)\b")
# a night step that wakes only after its own death that night (the Ravenkeeper's)
_IF_DIED_TONIGHT = re.compile(r"^if (?:the [\w' -]+?|they) died tonight\b", re.IGNORECASE)
# a night step that wakes only after an execution (the Undertaker's)
_IF_EXECUTED = re.compile(r"^if a player was executed today\b", re.IGNORECASE)
# a second, open question after the ask: "... n what do i show", "and how"
_THEN_WHAT = re.compile(r"\b(?:and|n|&)\s+(?:what|how|who|which|when)\b")
# a death tonight, not last night nor by day: "rk died n4", "was killed by the imp tonight"
_KILLED_TONIGHT = re.compile(
    r"\b(?:died|dies|killed)(?:\s+(?:by|to)\s+(?:the\s+|a\s+)?[\w'-]+(?:\s+kill)?)?\s+(?:on\s+)?"
    r"(?:tonight|tonite|n[2-9]|night [2-9]|(?:at|in the) night)\b"
)
_AN_EXECUTION = re.compile(r"\b(?:executed|exed|exe'?d)\b|\bexecution\b")


def _execution_told(question: str) -> bool | None:
    """Whether the question says there was an execution today (None: it does not say)."""
    if NO_EXECUTION.search(question):
        return False
    return True if _AN_EXECUTION.search(question) else None


NIGHT_LABEL = {"first": "the first night", "other": "nights after the first"}
# a sheet's step that wakes the character only if something holds
_WAKES_IF = re.compile(r"(?:if|when|whenever|once|unless)\b[^.:]*,\s*wake\b", re.IGNORECASE)
_EVERY_NIGHT = re.compile(r"\b(?:every|each|all)\s+(?:single\s+)?(?:night|nite)s?\b|\bnightly\b")


def _woken_as_another(cid: str, kb: AnswerKB, *, sheets: bool = True) -> Verdict | None:
    """A character on neither night sheet (``sheets``: else whatever its steps) whose player
    thinks they are another ("You think you are a Townsfolk character"): woken as that one,
    not never (the Drunk)."""
    if sheets and any(kb.night.get(night, {}).get(cid) for night in NIGHT_LABEL):
        return None
    ruling = kb.ability_ruling(cid)
    thinks = rx.search(r"you think you are [^,.;]+", ruling["text"], re.I) if ruling else None
    if thinks is None:
        return None
    name = kb.name(cid)
    sheet = f"The {name} is on neither night's sheet."
    return Verdict(
        Answer.INFO,
        f"The {name} is never woken as the {name}: wake them when the character "
        f"they think they are wakes (“{thinks.group(0)[0].upper()}{thinks.group(0)[1:]}”).",
        (
            Because(id=None, source="nightsheet.json", lines=None, quote=sheet),
            Because.from_ruling(ruling, thinks.group(0)),
        ),
        firm=True,
    )


# a night step that wakes someone else: "Wake the Demon. Show the *THIS PLAYER IS* &
# Marionette tokens", "Wake each Minion", "If the Farmer died tonight, wake a living good
# player" (not "Wake both twins", "wake the chosen player" after the character chose)
_WAKES_OTHER = re.compile(
    r"\bwake (?:the |all |each |a |any )?(?:living |alive )?(demon|demons|minions?|"
    r"evil players?|good players?|player marked)\b"
    # "During Minion Info, show the Minions the Damsel token": the evil team's step
    r"|\bduring (?:minion|demon) info\b|\bshow the (?:minions|demon)\b",
    re.IGNORECASE,
)


def wakes_another(row: dict[str, Any], cid: str, kb: AnswerKB) -> bool:
    """The night step wakes another player for the character, not the character itself: its
    first waking is of someone else, with no act of the character's before it ("The Lunatic
    ... Put the Lunatic to sleep. Wake the Demon" wakes the Lunatic first)."""
    reminder = without_icons(row.get("reminder") or "")
    other = _WAKES_OTHER.search(reminder)
    if other is None:
        return False
    before = reminder[: other.start()].lower()
    name = kb.name(cid).lower()
    return not rx.search(rf"\b(?:the )?{re.escape(name)}\b|\bwake\b", before) or bool(
        rx.search(rf"\bif the {re.escape(name)} (?:died|dies|is dead)\b", before)
    )


def _wakes_every_night(u: Understanding, kb: AnswerKB) -> Verdict | None:
    """ "does the librarian wake every night": yes where both official night sheets wake the
    character unconditionally, else no, with the nights it does wake on (a character the
    sheets cover, asked of with no condition told of it)."""
    question = u.question.lower()
    asking = _WAKE_QUESTION.search(question)
    if len(u.characters) != 1 or u.night is not None or asking is None:
        return None
    cid = u.characters[0]
    if u.conditions.get(cid) or (kb.characters.get(cid, {}).get("origin") or "").startswith(
        "homebrew"
    ):
        return None
    clause_asked = rx.split(r"[.?!,;]", question[asking.start() :], maxsplit=1)[0]
    if not _EVERY_NIGHT.search(clause_asked) and _WAKES_AT_ALL.fullmatch(question):
        return _wakes_at_all(cid, kb)
    if (
        not _EVERY_NIGHT.search(clause_asked)
        or _QUESTION_NEGATION.search(clause_asked)
        or _AGAINST_ANOTHER.search(clause_asked)  # "before or after the demon each night"
        or _ALTERNATIVE.search(clause_asked)  # "every single night or only sometimes"
    ):
        return None
    name = kb.name(cid)
    rows = {night: kb.night.get(night, {}).get(cid) for night in NIGHT_LABEL}
    if all(row is None or wakes_another(row, cid, kb) for row in rows.values()):
        return never_woken(cid, rows, kb)
    steps, because = _sheet_steps(rows, name)
    # a step that wakes another is no waking of the character's ("Wake the Demon: Show the
    # *THIS PLAYER IS* & King tokens" on the King's first night)
    others = {n for n, row in rows.items() if row is not None and wakes_another(row, cid, kb)}
    rows = {n: None if n in others else row for n, row in rows.items()}
    later = rows["other"]
    # "If the Ravenkeeper died tonight, ...": only then
    condition = rx.match(
        r"(?:if|when) [^,.:]+", without_icons((later or {}).get("reminder") or ""), re.I
    )
    if later is not None and rows["first"] is not None and condition is None:
        if any(_WAKES_IF.match(without_icons(row["reminder"] or "")) for row in rows.values()):
            # "If there are 7 or more players, wake the Lunatic": only when that holds
            return Verdict(
                Answer.INFO,
                f"Only when the sheet's conditions hold: {'; '.join(steps)}.",
                because,
                firm=True,
            )
        # (a choice it "might" make, or a condition on something else than its waking ("If
        # there are multiple Village Idiots, mark one as drunk"): it is woken all the same,
        # until a once-per-game ability is used)
        once = _ONCE_PER_GAME.search(kb.ability(cid))
        until = f", until it has used its ability ({once.group(0).lower()})" if once else ""
        return Verdict(Answer.YES, f"Yes{until}: {'; '.join(steps)}.", because, firm=True)
    when = []
    if rows["first"] is None:
        when.append("does not wake on the first night")
        if "first" in others:
            when[-1] += " (its step there wakes another)"
        team = kb.characters.get(cid, {}).get("team")
        if team in ("minion", "demon"):
            when[-1] += f" (but in games of 7 or more it is woken for the {team.title()} info step)"
    if later is None:
        when.append("does not wake on nights after the first")
        if "other" in others:
            when[-1] += " (its step there wakes another)"
    elif condition is not None:
        said = condition.group(0)
        when.append(f"wakes after the first night only {said[0].lower()}{said[1:]}")
    text = f"No: the {name} {', and '.join(when)}: {'; '.join(steps)}."
    return Verdict(Answer.NO, text, because, firm=True)


# "does the damsel wake", "does the marionette ever wake up at night?": whether at all, of
# the one character named, with nothing else asked
_WAKES_AT_ALL = re.compile(
    r"\W*(?:does|do|will|would|can)\s+(?:the\s+|a\s+|an\s+|my\s+|our\s+)?[\w' -]{2,30}?\s+"
    r"(?:ever\s+|even\s+|actually\s+)?(?:wake|get woken|get woke)(?:\s+up)?"
    r"(?:\s+at\s+(?:all|night))?(?:\s+(?:ever|at all))?\W*"
)


def _wakes_at_all(cid: str, kb: AnswerKB) -> Verdict | None:
    """Whether any official night step wakes the character itself: yes where one does
    unconditionally; "only when" where every such step has a condition; no where every
    step wakes another for it (the Damsel's shows the Minions its token). None where it is
    on neither sheet (what other rules say of it answers)."""
    rows = {night: kb.night.get(night, {}).get(cid) for night in NIGHT_LABEL}
    if all(row is None for row in rows.values()):
        return None
    if all(row is None or wakes_another(row, cid, kb) for row in rows.values()):
        return never_woken(cid, rows, kb)
    name = kb.name(cid)
    own = {n: row for n, row in rows.items() if row is not None and not wakes_another(row, cid, kb)}
    steps, because = _sheet_steps(own, name)
    conditional = [
        _CONDITIONAL.match(reminder) or _WAKES_IF.match(reminder)
        for reminder in (without_icons(row["reminder"] or "") for row in own.values())
    ]
    if all(conditional):
        return Verdict(
            Answer.INFO,
            f"Only when the sheet's condition holds: {'; '.join(steps)}.",
            because,
            firm=True,
        )
    return Verdict(Answer.YES, f"Yes: {'; '.join(steps)}.", because, firm=True)


def _sheet_steps(
    rows: dict[str, dict[str, Any] | None], name: str
) -> tuple[list[str], tuple[Because, ...]]:
    """Each night's step of a character, said ("on the first night, step 56: ..."), and
    each as a quote from the night sheet."""
    steps = [
        f"on {NIGHT_LABEL[night]}, step {row['position']}: "
        f"{clause(without_icons(row['reminder'] or '')) or 'the ' + name}"
        for night, row in rows.items()
        if row is not None
    ]
    because = tuple(
        Because(id=None, source="nightsheet.json", lines=None, quote=to_sentence(step))
        for step in steps
    )
    return steps, because


def never_woken(cid: str, rows: dict[str, dict[str, Any] | None], kb: AnswerKB) -> Verdict:
    """No night step wakes the character itself: a no, with the steps that wake others for
    it (the Marionette's: "Wake the Demon"), or how the player who thinks they are another
    is woken (the Drunk, the Marionette)."""
    name = kb.name(cid)
    steps = [
        (night, f"step {row['position']}: {clause(without_icons(row['reminder'] or ''))}")
        for night, row in rows.items()
        if row is not None
    ]
    because = tuple(
        Because(
            id=None,
            source="nightsheet.json",
            lines=None,
            quote=to_sentence(f"On {NIGHT_LABEL[n]}, {step}"),
        )
        for n, step in steps
    )
    others = "; ".join(f"on {NIGHT_LABEL[n]}, {step}" for n, step in steps)
    thinking = _woken_as_another(cid, kb, sheets=False)
    if thinking is not None and steps:
        # (its steps are on the sheets: not "on neither night's sheet")
        text = f"{thinking.text} Its own night steps wake others: {others}."
        return replace(thinking, text=text, because=(*thinking.because[1:], *because))
    if thinking is not None:
        return thinking
    if not steps:
        said = f"The {name} is on neither night's sheet."
        because = (Because(id=None, source="nightsheet.json", lines=None, quote=said),)
        return Verdict(Answer.NO, f"No: {said[0].lower()}{said[1:]}", because, firm=True)
    text = f"No: the {name} is not woken; its night steps wake others: {others}."
    return Verdict(Answer.NO, text, because, firm=True)


def _wakes_that_night(u: Understanding, kb: AnswerKB, found: Retrieved) -> Verdict | None:
    """ "does the monk wake n1": yes or no from the official night sheet for the night named,
    for a character the sheets cover (not a homebrew one, which has no night order here);
    "only when ..." where the sheet's step is conditional ("If the Ravenkeeper died tonight")."""
    question = u.question.lower()
    asking = _WAKE_QUESTION.search(question)
    verb = _WAKE_VERB
    if asking is None and len(u.characters) == 1 and _learns_at_night(u.characters[0], kb):
        # "does the empath learn on the first night": a good character's information comes
        # when it is woken
        asking, verb = _LEARN_QUESTION.search(question), _LEARN_VERB
    executed = _execution_told(question)
    # "no exe today, do i wake undertaker": the night after a day is one after the first
    told_day = _THIS_DAY.search(question) or executed is not None
    # "the assassin has already used it. do i still wake him": a once-per-game ability told
    # used was used on a night before this one, which is no first night
    spent = (
        _spent_once(u.characters[0], question, kb.ability(u.characters[0]), kb)
        if len(u.characters) == 1
        else None
    )
    night = u.night or ("other" if told_day or spent else None)
    if len(u.characters) != 1 or night not in NIGHT_LABEL or asking is None:
        return None
    names = [re.escape(m.text.lower()) for m in u.mentions]
    who = (
        rf"(?:{'|'.join(names)}|it|he|she|they|him|her|them)"
        if names
        else r"(?:it|he|she|they|him|her|them)"
    )
    # (with what follows the ask: "kill" is the act asked only before its night, "on n1")
    near = question[asking.start() : asking.end() + 40]
    if not rx.search(rf"\b{who}\b[^.?!,;]*\b{verb}", near) and not rx.search(
        rf"\bwake (?:up )?(?:the )?{who}\b", question
    ):
        return None  # "do i still wake a good player": someone else's waking
    # (in the sentence that asks: not "does the pukka wake n1?? other demons dont")
    sentence = next(
        (x for x in rx.split(r"(?<=[.?!])\s+", question) if asking.group(0).strip(" ,;.?!-") in x),
        question,
    )
    if _QUESTION_NEGATION.search(_OR_NOT.sub("", sentence)):
        return None  # "does it not wake": not this question ("... or not" is)
    clause_asked = rx.split(r"[.?!,;]", question[asking.end() :], maxsplit=1)[0]
    if _AGAINST_ANOTHER.search(asking.group(0) + clause_asked):
        return None  # "does the poisoner act before the demon": the order, not the night
    cid = u.characters[0]
    if (kb.characters.get(cid, {}).get("origin") or "").startswith("homebrew"):
        return None
    other = "other" if night == "first" else "first"
    row, elsewhere = kb.night.get(night, {}).get(cid), kb.night.get(other, {}).get(cid)
    reminder = without_icons(row["reminder"] or "") if row is not None else ""
    executed_self = (
        executed
        and Condition.EXECUTED in u.conditions.get(cid, ())
        # "zombuul got exed day 2 ... day 3 nobody died": not today's death
        and not _executed_before_today(question)
    )
    died = _death_today_told(question)
    # "rk died n4 ...", "ravenkeeper was killed by the imp tonight": its own death tonight
    killed_tonight = (
        not executed_self
        and Condition.DEAD in u.conditions.get(cid, ())
        and (cid, Condition.DEAD) not in u.asked
        and _KILLED_TONIGHT.search(question) is not None
        # (not "... do i still wake him n what do i show": what is shown is the question)
        and not _THEN_WHAT.search(question[asking.end() :])
    )
    if u.night is None and not (
        spent
        or (_IF_EXECUTED.match(reminder) and executed is not None)
        or (_IF_DIED_TONIGHT.match(reminder) and (executed_self or killed_tonight))
        or (_IF_NO_ONE_DIED.match(reminder) and died is not None)
    ):
        return None  # the night only inferred: only the execution the question tells decides
    name = kb.name(cid)
    if row is None and elsewhere is None and (thinking := _woken_as_another(cid, kb)):
        return thinking  # "does the drunk wake n1": as the Townsfolk they think they are
    if row is None and elsewhere is not None and wakes_another(elsewhere, cid, kb):
        # "does the marionette wake on night 2": its one step, on the first night, wakes
        # the Demon
        return never_woken(cid, {other: elsewhere}, kb)
    if row is None:
        where = (
            f"it wakes on {NIGHT_LABEL[other]} (step {elsewhere['position']})"
            if elsewhere
            else "it is on neither night's sheet"
        )
        team = kb.characters.get(cid, {}).get("team")
        if night == "first" and team in ("minion", "demon"):
            where += (
                f" (in games of 7 or more players it is woken for the {team.title()} info step)"
            )
        said = f"the {name} is not on the night sheet for {NIGHT_LABEL[night]}; {where}"
        return Verdict(
            Answer.NO,
            f"No: the {name} does not wake on {NIGHT_LABEL[night]}: {where}.",
            (Because(id=None, source="nightsheet.json", lines=None, quote=to_sentence(said)),),
            firm=True,
        )
    step = f"on {NIGHT_LABEL[night]}, the {name} is step {row['position']}"
    because = (
        Because(
            id=None,
            source="nightsheet.json",
            lines=None,
            quote=f"{to_sentence(step)} {reminder}".strip(),
        ),
    )
    if wakes_another(row, cid, kb):
        # "does the marionette wake n1": "Wake the Demon. Show the *THIS PLAYER IS* &
        # Marionette tokens": the step wakes another, not the character
        verdict = Verdict(
            Answer.NO,
            f"No: the {name} is not woken; its step wakes another: {_stepped(step, reminder)}.",
            because,
            firm=True,
        )
        thinking = _woken_as_another(cid, kb, sheets=False)
        if thinking is None:
            return verdict
        return Verdict(
            Answer.INFO,
            f"{thinking.text} Its own step wakes another: {_stepped(step, reminder)}.",
            (*thinking.because[1:], *because),
            firm=True,
        )
    ability = kb.ability(cid)
    if executed and _IF_EXECUTED.match(reminder) and _NO_DEATH_TODAY.search(question):
        if _DIED_BY_EXECUTION.search(ability):
            # "the player we exed today didnt actually die. does the undertaker still wake":
            # the ability is about a death by execution, and there was none
            return Verdict(
                Answer.NO,
                f"No: the executed player did not die, and the {name}'s ability is about a "
                f"death by execution (“{clause(ability)}”): {_stepped(step, reminder)}.",
                (*because, *_on_waking_after_execution(found)),
                firm=True,
            )
    if executed is not None and _IF_EXECUTED.match(reminder):
        # the sheet's condition is an execution the question says of the day
        word = "Yes" if executed else "No"
        return Verdict(
            Answer.YES if executed else Answer.NO,
            f"{word}: only if a player was executed today: {_stepped(step, reminder)}.",
            (*because, *_on_waking_after_execution(found)),
            firm=True,
        )
    if executed_self and _IF_NO_ONE_DIED.match(reminder):
        died = True  # its own execution is a death today, "no one really died" or not
    if died is not None and _IF_NO_ONE_DIED.match(reminder):
        # "zombuul got exed today (first time), does it wake": an execution is a death today,
        # the Zombuul's first one included (it registers as dead)
        told = "someone died today" if died else "nobody died today"
        if executed_self:
            told = f"the {name}'s execution is a death today (it registers as dead)"
        return Verdict(
            Answer.NO if died else Answer.YES,
            f"{'No' if died else 'Yes'}: {told}, and the sheet wakes the {name} only if no one "
            f"died today: {step}.",
            (*because, *_on_died_today(found)),
            firm=True,
        )
    died_tonight = _IF_DIED_TONIGHT.match(reminder)
    if killed_tonight and died_tonight:
        only = died_tonight.group(0)
        return Verdict(
            Answer.YES,
            f"Yes: the sheet wakes the {name} {only[0].lower()}{only[1:]}, and the question "
            f"tells that death tonight: {_stepped(step, reminder)}.",
            because,
            firm=True,
        )
    if executed_self and died_tonight:
        # "RK got executed today, does he wake tonight": the step is for a death at night
        only = died_tonight.group(0)
        return Verdict(
            Answer.NO,
            f"No: the sheet wakes the {name} only {only[0].lower()}{only[1:]}, and an "
            f"execution is by day: {_stepped(step, reminder)}.",
            (*because, *_on_waking_after_execution(found)),
            firm=True,
        )
    if _CONDITIONAL.match(reminder):
        return Verdict(
            Answer.INFO,
            f"Only when the sheet's condition holds: {_stepped(step, reminder)}.",
            because,
            firm=True,
        )
    dead = dead_lose_their_ability(u, "", kb, waking=True)
    if dead is not None:
        # "juggler was executed and died, does he still wake that night": the sheet's step is
        # for a living Juggler (an ability that works in death is no such case)
        # (its ability first: a source that keeps waking it dead disagrees with that, the
        # Spy's 000, and is shown)
        ability = kb.ability_ruling(cid)
        own = (
            [Because.from_ruling(ability)] if ability and ability["source"] == "roles.json" else []
        )
        verdict = Verdict(
            Answer.NO,
            f"No: the {name} is dead, and {clause(dead[1])} (the sheet's step is for a living "
            f"{name}: {step}).",
            (*own[:1], Because.from_ruling(dead[0], dead[1]), *because),
            firm=True,
        )
        return _with_conflicts(verdict, found, kb, u)
    if spent is not None:
        # "assassin used his kill n3 but was poisoned. n4, do i wake him again": once per
        # game, and used ("Each night ..., if the Assassin has not used their ability, wake
        # them")
        return Verdict(
            Answer.NO,
            f"No: the {name}'s ability works once per game, and it was used: {clause(spent[1])}.",
            (Because.from_ruling(spent[0], spent[1]), *because),
            firm=True,
        )
    return Verdict(Answer.YES, f"Yes: {_stepped(step, reminder)}.", because, firm=True)


def _spent_once(
    cid: str, question: str, ability: str, kb: AnswerKB
) -> tuple[dict[str, Any], str] | None:
    """A once-per-game ability the question tells was used, and the character's ruling that
    wakes it only while unused: that ruling and its sentence."""
    if not _ONCE_PER_GAME.search(ability):
        return None
    told = _USE_TOLD.search(question)
    if told is None or _OF_ANOTHER.search(question[: told.start()]):
        return None
    return next(iter(kb.sentences_of(cid, _WAKES_WHILE_UNUSED)), None)


# the use told ("used his kill", "already used it", "used their ability"), not asked
_USE_TOLD = re.compile(
    r"(?<!\bnot )(?<!\bnt )(?<!\bnever )(?<!\bhasnt )(?<!\bhadnt )(?<!\bdidnt )"
    r"(?<!\bhasn't )(?<!\bhadn't )(?<!\bdidn't )"
    r"\b(?:already |has |had |have )?used (?:up )?(?:his|her|their|its|the|it|my)\b"
    r"(?! (?:ability|power) yet\b)",
    re.IGNORECASE,
)
# a use told of someone else: "brought back a townsfolk who had already used their ..."
_OF_ANOTHER = re.compile(r"\b(?:who|that|which)\s+(?:[\w']+\s+){0,2}$", re.IGNORECASE)
_WAKES_WHILE_UNUSED = re.compile(
    r"\bif the [\w' -]+ has not (?:yet )?used (?:their|the|its) ability\b", re.IGNORECASE
)


# an ability about a death by execution (the Undertaker's "died by execution today")
_DIED_BY_EXECUTION = re.compile(r"\bdied by execution\b", re.IGNORECASE)
_IF_NO_ONE_DIED = re.compile(r"^if no one died today\b", re.IGNORECASE)
# a death today the question denies: "nobody actually died", "executed but survived"
# a day told by its number: "day 2", "d3", "day three"
_DAY_NUMBER = re.compile(r"\b(?:day ?|d)([1-9]|one|two|three|four|five|six|seven)\b")


def _executed_before_today(question: str) -> bool:
    """The execution the question tells is on a day it numbers before a later day it also
    tells ("zombull got exed day 2 ... day 3 nobody died"): not today's.

    >>> _executed_before_today("zombuul got exed day 2. day 3 nobody died. does he wake")
    True
    >>> _executed_before_today("zombuul got exed today, day 3. does he wake")
    False
    """
    lowered = question.lower()
    execution = _AN_EXECUTION.search(lowered)
    days = [(m.start(), _count_of(m.group(1))) for m in _DAY_NUMBER.finditer(lowered)]
    if execution is None or len({day for _, day in days}) < 2:
        return False
    _, its_day = min(days, key=lambda d: abs(d[0] - execution.start()))
    return its_day < max(day for _, day in days)


_NO_DEATH_TODAY = re.compile(
    r"\b(?:nobody|no ?one|noone)(?! else\b)(?: \w+)? (?:died|dies|has died)\b"
    r"|\bdid(?:n'?t| not) (?:\w+ )?die\b|\bsurviv\w*|\balready dead\b|\bno deaths?\b"
)
_DEATH_TODAY = re.compile(r"\b(?:died|dies|killed|'died'|dead)\b")


def _death_today_told(question: str) -> bool | None:
    """Whether the question says someone died today (an execution counts, the Zombuul's
    first "death" too); False where it says nobody did; None where it says nothing.

    >>> _death_today_told("zombuul got exed today (first time). does it wake")
    True
    >>> _death_today_told("we executed a player who was already dead? nobody actually died")
    False
    >>> _death_today_told("zombuul executed, nobody else died today, do i wake him")
    True
    """
    if _NO_DEATH_TODAY.search(question):
        return False
    if _execution_told(question) or _DEATH_TODAY.search(question):
        return True
    return None


def _on_died_today(found: Retrieved) -> tuple[Because, ...]:
    """The shown rulings' sentences on a death today (the Zombuul's "DIED TODAY"): the first
    on waking, and the first on marking an execution."""
    quoted: dict[str, Because] = {}
    for each in found.rulings[:5]:
        for sentence in split_sentences(each.ruling["text"]):
            if not rx.search(r"\bDIED TODAY\b", sentence):
                continue
            for what, pattern in (("wake", r"\bwake\b"), ("mark", r"\bexecut")):
                if what not in quoted and rx.search(pattern, sentence):
                    quoted[what] = Because.from_ruling(each.ruling, sentence)
    return tuple(quoted.values())


def _on_waking_after_execution(found: Retrieved) -> tuple[Because, ...]:
    """The best shown ruling's own sentence on waking after (no) execution, if any: quoted
    beside the night sheet's condition."""
    for each in found.rulings[:5]:
        for sentence in split_sentences(each.ruling["text"]):
            if _WAKING_AFTER_EXECUTION.search(sentence):
                return (Because.from_ruling(each.ruling, sentence),)
    return ()


_WAKING_AFTER_EXECUTION = re.compile(
    r"\bwake\b.*\bexecut|\bexecut.*\bwake\b|\bduring the day\b.*\bnot trigger", re.IGNORECASE
)


def _night_name(row: dict[str, Any], kb: AnswerKB) -> str:
    """A script's own version says whose place it takes: "Witch (Witch Hunt's version, in the
    Witch's place)"."""
    origin = kb.characters.get(row["id"], {}).get("origin") or ""
    if not origin.startswith("script:"):
        return row["name"]
    found = kb.db.execute(
        "select name from scripts where id = ?", [origin.removeprefix("script:")]
    ).fetchone()
    owner = f"{found[0]}'s" if found else "the script's"
    return f"{row['name']} ({owner} version, in the {row['name']}'s place)"


def _before_after(u: Understanding, rows: tuple[dict[str, Any], ...], kb: AnswerKB) -> bool | None:
    """ "does X go before Y": compare their positions on the night asked (or the other nights);
    "oracle wakes after the demon right?": one named against every Demon (or Minion) on the
    sheet, where it stands before or after them all."""
    match = _ORDER_WORD.search(u.question.lower())
    if not match or rx.search(r"\bbefore or after\b|\bafter or before\b", u.question.lower()):
        return None
    if len(u.characters) == 1 and _asking(u.question) is not None:
        ordered = next(q for q in rx.split(r"[?.!]", u.question.lower()) if _ORDER_WORD.search(q))
        if _ALTERNATIVE.search(ordered):
            return None  # "does it count whoever died or does it go before the demon": which
        kind = _kind_compared(u)
        night = u.night or "other"
        own = kb.night.get(night, {}).get(u.characters[0])
        if kind is None or own is None:
            return None
        placed = _placed_against(own["position"], kb, night, kind)
        if placed is None:
            return None
        return (placed[0] == "before") == (match.group(1) == "before")
    if len(u.characters) != 2 or not _AUXILIARY.search(u.question.strip()):
        return None
    # the order asked, not one the question tells first ("RK wakes after the chambermaid.
    # chambermaid picked the RK — does he count as woke?")
    # (from where the ask starts, its scene included: "does the poisoner go before the monk")
    span = _ask_span(u.question)
    match = _ORDER_WORD.search(u.question.lower(), span[0]) if span is not None else None
    if match is None:
        return None
    night = u.night or ("other" if sum(r["night"] == "other" for r in rows) == 2 else "first")
    pos = {r["id"]: r["position"] for r in rows if r["night"] == night}
    a, b = u.characters
    if a not in pos or b not in pos:
        return None
    return (pos[a] < pos[b]) == (match.group(1) == "before")


def _with_conflicts(verdict: Verdict, found: Retrieved, kb: AnswerKB, u: Understanding) -> Verdict:
    """Where the sources disagree on a leading ruling: say so in a word, and put every side
    among the rulings the verdict rests on."""
    # the question saying its sources differ asks about any disagreement in the five
    asked = DISAGREEMENT_TOLD.search(u.question.lower())
    leading = {f.ruling["id"] for f in found.rulings[: 5 if asked else 3]}
    if verdict.firm:  # a jinx decides it: a disagreement elsewhere is listed, not its aside
        leading = {b.id for b in verdict.because}
    relevant = [
        c
        for c in found.conflicts
        if leading & set(c.get("ruling_ids") or ())
        and len(c.get("sides") or ()) >= 2
        and not _after_a_death_not_told(c, verdict, u)
    ]
    if not relevant:
        return verdict
    # the one whose note shares most words with the question (the first, the best ranked, on
    # a tie); all are listed beside the verdict
    names = _names_asked(u, kb)
    topic = _note_stems(u.question, names)
    asking = _note_stems(_asking(u.question) or "", names)  # what is asked weighs first
    relevant.sort(
        key=lambda c: (
            -len(_note_stems(c.get("note") or "") & asking),
            -len(_note_stems(c.get("note") or "") & topic),
        )
    )
    sides = relevant[0]["sides"]
    # the most authoritative side; of two from that source, the one nearer the question
    # (002's "tally the Butler's vote anyway" over its "not the Storyteller's responsibility")
    placing = bool(_PLACING_ASKED.search(u.question))
    followed = max(
        sides,
        key=lambda side: (
            kb.authority.get(side.get("source", ""), 1),
            # of two official sides, not a jinx with a character the question does not name
            # (the Mastermind's ability, not its jinx with the Lleech, for "mastermind died,
            # do we still get the extra day")
            not _jinx_of_another(side.get("source"), side.get("quote") or "", u, kb),
            # "do i put the no ability token on": the side that says which token goes down
            placing and bool(rx.search(r"\btoken|\breminder", _side_sentence(side), re.I)),
            len(_note_stems(_side_sentence(side)) & topic),
        ),
    )
    top = kb.authority.get(followed.get("source", ""), 1)
    resting = verdict.because[0].source if verdict.because else None
    # what each side says, where the verdict quotes one of them (a disagreement that only
    # touches a ruling ranked beside it may be about something else)
    quoted = {b.id for b in verdict.because[:1]}
    said = (
        _in_brief(relevant[0].get("note") or "") if quoted & set(relevant[0]["ruling_ids"]) else ""
    )
    disagree = _disagreeing(said)
    on_a_side = resting in {side.get("source") for side in sides}
    # the verdict quotes the side followed itself, or another ruling of its source that does
    # not say what they disagree on ("the Butler may only have their hand raised ..." beside
    # "tally the Butler's vote anyway")
    quotes_side = bool(quoted & {side.get("ruling_id") for side in sides})
    # (not where the question says its sources disagree: then the disagreement is the point)
    if not quotes_side and verdict.because and not asked:
        # another ruling of the source followed speaks to the question more than the side does
        # ("If the Philosopher dies, the player made drunk ... becomes sober" for "does the
        # drunk player sober up", beside a disagreement on characters entering play later)
        shared = len(_note_stems(verdict.because[0].quote) & topic)
        quotes_side = shared > len(_note_stems(_side_sentence(followed)) & topic)
    leads = _leads_instead(
        verdict, followed, on_a_side, found, u, kb, relevant[0].get("note") or "", topic
    )
    ordered = [followed, *(side for side in sides if side is not followed)]
    # the question says its sources disagree and the verdict quotes a side, but another of the
    # same source is nearer the question: that one answers (002's "tally the Butler's vote
    # anyway" for "do i count it", not its "not the Storyteller's responsibility")
    nearer = bool(
        asked
        and quotes_side
        and followed.get("ruling_id") not in quoted
        and followed.get("source") == resting
        and _side_sentence(followed)
    )
    if len({side.get("source") for side in sides}) == 1:
        # one file against itself (the Vengeance's "Each night*" and "Each night"): no side is
        # "the more authoritative". Where the question is about what they disagree on, its
        # printed ability text is its word; else the verdict stands and the disagreement is
        # named (quoting both)
        within = f" (within {_source_in_prose(followed.get('source', ''))})"
        printed = next((side for side in sides if _printed(side, kb)), None)
        if printed is not None and asked:
            note = _in_brief(relevant[0].get("note") or "")
            aside = _disagreeing(note) + within
            aside += "; this follows its ability text"
            first = [printed, *(side for side in sides if side is not printed)]
            because = unique([*(_side(side) for side in first), *verdict.because])
            lead = to_sentence(_side_sentence(printed))
            return Verdict(Answer.INFO, with_aside(lead, aside), because, aside=aside)
        aside = disagree + within
        because = unique([*verdict.because, *(_side(side) for side in ordered)])
        return Verdict(
            verdict.answer, with_aside(verdict.text, aside), because, firm=verdict.firm, aside=aside
        )
    # the verdict quotes another sentence of a side's ruling than the side's own ("The Tinker
    # can die at any time" beside its "cannot die ... while protected"): it follows no side
    said_first = verdict.because[0].quote.lower() if verdict.because else ""
    beside_a_side = bool(quoted & {side.get("ruling_id") for side in sides}) and not any(
        (sentence := _side_sentence(side).lower())
        and (sentence in said_first or said_first in sentence)
        for side in sides
        if side.get("ruling_id") in quoted
    )
    if (
        resting is not None
        and on_a_side
        and kb.authority.get(resting, 1) >= top
        and (quotes_side or not leads)
        and not nearer
        and not beside_a_side
    ):
        aside = f"{disagree}; this follows {_source_in_prose(resting)}, the more authoritative"
    elif leads or nearer:
        # the verdict quotes the less authoritative side, or a ruling beside the two while the
        # more authoritative side ranks with it: the side followed answers, the other is noted
        lead = _side_sentence(followed)
        note = _in_brief(relevant[0].get("note") or "")
        aside = _disagreeing(note)
        aside += f"; this follows {_source_in_prose(followed.get('source', ''))}, the more "
        aside += "authoritative"
        because = unique([*(_side(side) for side in ordered), *verdict.because])
        return Verdict(Answer.INFO, with_aside(to_sentence(lead), aside), because, aside=aside)
    else:  # the verdict rests on a less authoritative word, or on neither side: say what
        # the more authoritative side says
        aside = (
            f"{disagree}; {_source_in_prose(followed.get('source', ''))}, the more authoritative, "
            f"says: “{_first_sentence(followed.get('quote') or followed.get('text') or '')}”"
        )
    because = unique([*verdict.because, *(_side(side) for side in ordered)])
    return Verdict(
        verdict.answer, with_aside(verdict.text, aside), because, firm=verdict.firm, aside=aside
    )


# the case of an information character given false information ("When the Librarian is
# getting false information, ...")
_FALSE_INFO_PREMISE = re.compile(
    r"\s*(?:when|if|while|whilst)\b[^,]*\b(?:false|wrong|incorrect) info", re.IGNORECASE
)


def _later_case_of_the_asked(text: str, asking: str, u: Understanding, kb: AnswerKB) -> bool:
    """The verdict's text goes on, after the deciding sentence's denial, with a case of its
    own ("; if the Recluse registers as a Minion ..., they may ...", the sentence after it)
    for a character the asking clause names and the denial's clause does not."""
    later = _LATER_CASE.search(text)
    if later is None:
        return False
    before, case = text[: later.start()].lower(), later.group(0).lower()
    return any(
        (name := kb.name(m.id).lower()) in case
        and name not in before
        and m.text.lower() in asking.lower()
        for m in u.mentions
    )


# a later case of a sentence that may or can: "; if the Recluse registers as a Minion ...,
# they may actually become that character"
_LATER_CASE = re.compile(r";\s*(?:if|when)\b[^.;]*\b(?:may|can)\b[^.;]*", re.IGNORECASE)
# a denial with an exception after it that grants what was denied ("cannot ... — unless the
# master spends their dead vote, in which case the Butler may join"; not "can't die, unless by
# execution", which only says how else)
_DENIAL_EXCEPTED = re.compile(
    r"(?:,|—|-|;)\s*(?:unless|except)\b[^.]*\b(?:may|can|in which case)\b", re.IGNORECASE
)


def _after_a_death_not_told(conflict: dict[str, Any], verdict: Verdict, u: Understanding) -> bool:
    """A disagreement on what a character's ability does after its death ("000 keeps waking a
    dead Spy"), where the question tells or asks no death of it and the verdict quotes neither
    side: beside the point ("can the washerwoman see the spy"; it is still listed)."""
    cid = conflict.get("character_id")
    return (
        conflict.get("topic") == "dead"
        and not conflict.get("asked_when")
        and Condition.DEAD not in u.conditions.get(cid, ())
        and not {b.id for b in verdict.because} & set(conflict.get("ruling_ids") or ())
    )


def _disagreeing(note: str) -> str:
    """The aside opening a disagreement, with what the sides say where there is a note."""
    return f"the sources disagree: {note}" if note else "the sources disagree"


def _printed(side: dict[str, Any], kb: AnswerKB) -> bool:
    """The side is a character's printed ability text."""
    return kb.rulings.get(side.get("ruling_id") or "", {}).get("section") == "ability"


def _leads_instead(
    verdict: Verdict,
    followed: dict[str, Any],
    on_a_side: bool,
    found: Retrieved,
    u: Understanding,
    kb: AnswerKB,
    note: str,
    topic: set[str],
) -> bool:
    """Whether the more authoritative side should answer in the verdict's place: the verdict
    quotes a ruling other than that side's (the other side's, or one beside both while the
    side followed ranks among the first three), the question (``topic``: its words) is about
    what they disagree on (shares words with the note), and is not a plain "how do I run it"
    (whose first step stands)."""
    if verdict.firm or (u.kind is Kind.HOW_TO_RUN and not u.situation) or not verdict.because:
        return False
    quoted = verdict.because[0].id
    if quoted == followed.get("ruling_id") or not _side_sentence(followed):
        return False
    if not on_a_side and followed.get("ruling_id") not in {
        f.ruling["id"] for f in found.rulings[:3]
    }:
        return False
    if len(_note_stems(note) & topic) < NOTE_SHARED:
        return False  # the disagreement is about something else of the character
    if rx.search(r"\bdrunk or poisoned\b", note.lower()) and not any(
        _IMPAIRING & set(conds) for conds in u.conditions.values()
    ):
        return False  # "a drunk or poisoned Gossip's true statement": not this sober Gossip
    # what the verdict quotes is the rule for the drunk or poisoned character asked about and
    # the side is not ("SC is poisoned and points at the demon": "if the Snake Charmer is drunk
    # or poisoned ..., nothing happens", beside a disagreement on the swap)
    lead = _side_sentence(followed).lower()
    quote = verdict.because[0].quote.lower()
    for cid, conds in u.conditions.items():
        for c in _IMPAIRING & set(conds):
            name = kb.name(cid).lower()
            if about(quote, name, c) and not about(lead, name, c):
                return False
    return True


_IMPAIRING = frozenset({Condition.DRUNK, Condition.POISONED})
# content words a question must share with a disagreement's note for the side followed to
# answer it (1 let a note on the Tinker's protection answer whether the Godfather kills)
NOTE_SHARED = 2
_NOTE_FILLER = frozenset(
    "that this with from they them their then when what which does have will would should "
    "could still only also says said more than into over just like made make makes".split()
)


def _note_stems(text: str, names: tuple[str, ...] = ()) -> set[str]:
    """The words of a note or a question that say what it is about, as five-letter stems: no
    function words, none of ``names`` (the characters asked about)."""
    named = {w[:5] for name in names for w in rx.findall(r"[a-z]{4,}", name.lower())}
    lower = text.lower().replace("’", "'")
    stems = {stem(w) for w in rx.findall(r"[a-z]{4,}", lower) if w not in _NOTE_FILLER}
    return stems - _NOTE_COMMON - named


# stems too common in disagreements to say what one is about
_NOTE_COMMON = frozenset({"playe", "chara", "abili", "night", "story", "sourc"})


def _jinx_of_another(source: str | None, quote: str, u: Understanding, kb: AnswerKB) -> bool:
    """The text is (of) a jinx one of whose two characters the question does not name."""
    if source != "jinxes.json" or not quote:
        return False
    pair = next((p for p, j in kb.jinxes.items() if quote in (j.get("reason") or "")), None)
    return pair is not None and not pair <= set(u.characters)


def _names_asked(u: Understanding, kb: AnswerKB) -> tuple[str, ...]:
    """The characters asked about, as named and as typed."""
    return (*(kb.name(c) for c in u.characters), *(m.text for m in u.mentions))


def _side_sentence(side: dict[str, Any]) -> str:
    """The whole sentence of a side's ruling its quote is from ("while drunk or poisoned, but
    is sober ..." is the end of "If the Gossip made a true statement ...")."""
    quote = (side.get("quote") or "").strip()
    text = side.get("text") or quote
    for sentence in split_sentences(text):
        if quote and (quote in sentence or sentence in quote):
            return quote if sentence in quote and len(quote) < 300 else sentence
    return _first_sentence(quote or text)


def _source_in_prose(source: str) -> str:
    """How an answer's prose names a source file, as the curated disagreements' notes do:
    "the official text" for the toolmaker's data, "000" for a numbered seed file
    ("000_69f7....txt"), else the file's name. (The pages' badge, pages_markup.source_label,
    names the family too: "Wiki 001".)"""
    if source in ("roles.json", "jinxes.json", "nightsheet.json"):
        return "the official text"
    numbered = rx.match(r"(\d{3})_", source)
    return numbered.group(1) if numbered else source


def _first_sentence(text: str) -> str:
    sentences = split_sentences(text)
    return (sentences[0] if sentences else text).strip().rstrip(".")


def _in_brief(note: str) -> str:
    """A curated disagreement's note as an aside: its first sentence, without brackets of
    its own or a final stop ("000 skips dead players ...; 001 poisons the closest ...").

    >>> _in_brief("000 wakes it (always). 001 does not.")
    '000 wakes it'
    """
    first = rx.split(r"(?<=[.!?])\s+(?=[A-Z0-9'\"])", note.strip())[0] if note.strip() else ""
    return rx.sub(r"\s*\([^()]*\)", "", first).strip().rstrip(".")


_PEOPLE = re.compile(r"\b(?:players?|ppl|people|they|them|both|all \w+)\b", re.I)


def _of_players(sentence: str, condition: Condition) -> bool:
    """The sentence's subject is players in that state ("Poisoned players don't wake up", "A
    player who is drunk or poisoned still counts"), not a state said in passing."""
    said = rx.search(WORDING[condition], sentence)
    subject = rx.match(r"\W*(?:an?|the|any|all)?\s*(?:\w+\s+){0,2}?players?\b", sentence)
    return bool(said and subject and said.start() < 40 and said.start() < subject.end() + 25)


def _side(side: dict[str, Any]) -> Because:
    return Because(
        id=side.get("ruling_id"),
        source=side["source"],
        lines=(side["line_start"], side["line_end"]),
        quote=side.get("quote") or side.get("text") or "",
    )
