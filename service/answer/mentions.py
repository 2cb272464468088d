"""Finding the characters a question names: names, ids and aliases, typos, short forms, and
names that are also ordinary words ("drunk", "general") read as names only where they are.

Every run of up to four words is tried against the knowledge base's names, exactly first
(plurals and possessives included), then fuzzily for words the sources never use (a typo
is at most one edit in a short name, two in a long one). Longer and exact matches win.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rapidfuzz import process
from rapidfuzz.distance import OSA, Indel, Levenshtein

from knowledge.errors import AmbiguousName, UnknownName
from knowledge.model import Team
from knowledge.names import slug
from knowledge.resolve import Resolver, name_key
from service.answer import rx
from service.answer.words import (
    ANCHORS,
    CHAT_WORDS,
    CHOICE_VERBS,
    COPULAS,
    CUES,
    FILLERS,
    FORMS,
    OWNERS,
    PRONOUNS,
    QUESTION_AUXILIARIES,
    STATE_ADJECTIVES,
    STOPWORDS,
    condition_form,
)

MAX_SPAN = 6  # "this is not my beautiful house"; typos are looked for in 3 words at most
EDGE_WORDS = frozenset(
    {
        "the",
        "a",
        "an",
        "and",
        "or",
        "vs",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "with",
        "for",
        "is",
        "if",
        "/",  # "drunk/poisoned": the state, then the other
        "&",
        "+",
    }
)
# "pit-hag" and "monk's" are one word; "monk-protected" is a name and its state
_STATE_AFTER_HYPHEN = r"(?:protected|poisoned|drunk|executed|nominated|killed|chosen|picked)\b"
_WORD = re.compile(rf"[^\W_]+(?:['’][^\W_]+|-(?!{_STATE_AFTER_HYPHEN})[^\W_]+)*|[&+/]")
_BREAK = re.compile(r"[?,.;:!()–—→]|(?:^|\s)-+(?:\s|$)|-+>|=>")  # "imp exe'd -> dies?"

ARTICLES = frozenset({"the", "a", "an"})
# What a condition word can attach to: (first word, last word, character id, or None for a
# generic person such as "a player" or "the Demon").
Target = tuple[int, int, str | None]


@dataclass(frozen=True, slots=True)
class Word:
    """One word of the question: as typed, lower-cased, and its bare form."""

    index: int
    typed: str
    lower: str
    bare: str  # apostrophes and a possessive 's removed: "monk's" -> "monk"
    start: int
    end: int
    gap_before: bool  # punctuation separates it from the previous word
    asks: bool = False  # a question mark follows it
    opens_sentence: bool = False  # a full stop, question or exclamation mark comes before it
    aside: bool = False  # inside brackets: "(butler exe)"


@dataclass(frozen=True, slots=True)
class Mention:
    """A character named in the question, and the words that name it."""

    id: str
    text: str
    start: int  # first word index
    end: int  # one past the last word index
    exact: bool


@dataclass(frozen=True, slots=True)
class Unrecognised:
    """A word that looks like a name but is none, with the nearest names."""

    text: str
    suggestions: tuple[str, ...]
    # it stands where a name does ("four tops is poisoned"): the answer leaves someone out
    placed: bool = False


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What the reader knows: the names, the corpus' ordinary words, names that are words."""

    resolver: Resolver
    words: frozenset[str]  # ordinary lower-case words of the sources
    weak: frozenset[str] = frozenset()  # one-word names or aliases also used as ordinary words
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)  # id -> name/alias slugs
    # script key ("stowedaway") -> {official id: the script's own version of it}
    variants: dict[str, dict[str, str]] = field(default_factory=dict)
    # a script's name squeezed ("riverstyx", "iseedeadpeople", "seat7script") -> its id
    scripts: dict[str, str] = field(default_factory=dict)
    # English words in everyday use -> how common (Zipf scale: 3 = once per million words)
    english: dict[str, float] = field(default_factory=dict)
    # how a name sounds (its Metaphone code) -> the ids it may be, for names a phone's
    # speech-to-text split into words ("shabba loth", "zombie ul")
    sounds: dict[str, frozenset[str]] = field(default_factory=dict)
    # how every name sounds, short ones too, for a word heard where a name stands ("the full
    # was poisoned": the Fool)
    heard: dict[str, frozenset[str]] = field(default_factory=dict)
    # every name and alias of four letters or more -> the ids it may be, for a name a phone's
    # autocorrect made an everyday word ("Bacon died": the Baron)
    spelt: dict[str, frozenset[str]] = field(default_factory=dict)
    # the sources' words with a capital too ("Grimoire", "Fabled", "Loric"): the game's own
    # terms, no name that could not be read
    terms: frozenset[str] = frozenset()
    # id -> team ("gargan" -> "demon"), for a name read inexactly beside its team
    teams: dict[str, str] = field(default_factory=dict)
    # characters whose ability makes a player the Demon of its choice (the Summoner)
    demon_makers: frozenset[str] = frozenset()
    # characters whose ability makes a player drunk (the Sweetheart, the Courtier): beside
    # one, "the drunk" is the drunkenness it gives ("sweetheart died, do i pick the drunk now")
    drunk_makers: frozenset[str] = frozenset()
    # a reminder token storytellers name a player by, lower-cased -> its character ("red
    # herring" -> the Fortune Teller): the question is about that character
    named_by: dict[str, str] = field(default_factory=dict)


def tokens_named(question: str, vocab: Vocabulary) -> tuple[tuple[str, str], ...]:
    """(character id, the token's words as typed) for each token a question names a player
    by ("can the spy be the red herring": the Fortune Teller's Red Herring).

    >>> v = Vocabulary(None, frozenset(), named_by={"red herring": "fortuneteller"})
    >>> tokens_named("Can the Recluse be the red-herring?", v)
    (('fortuneteller', 'red-herring'),)
    """
    found = []
    for name, cid in vocab.named_by.items():
        words = r"[\s-]+".join(re.escape(w) for w in name.split())
        hit = re.search(rf"\b{words}s?\b", question, re.IGNORECASE)
        if hit:
            found.append((cid, hit.group(0)))
    return tuple(found)


def named_scripts(question: str, vocab: Vocabulary) -> tuple[str, ...]:
    """The scripts a question names ("river styx script", "with i see dead people").

    >>> v = Vocabulary(None, frozenset(), scripts={"riverstyx": "wc25-riverstyx"})
    >>> named_scripts("River Styx: the ferryman?", v), named_scripts("a styx", v)
    (('wc25-riverstyx',), ())
    """
    squeezed = slug(question)
    found = tuple(dict.fromkeys(sid for key, sid in vocab.scripts.items() if key in squeezed))
    if found or not vocab.scripts:
        return found
    heard = _heard_spans(question)
    return tuple(
        dict.fromkeys(sid for key, sid in vocab.scripts.items() if _key_sound(key) in heard)
    )


@functools.lru_cache(maxsize=256)  # asked by named_scripts and in_script of one question
def _heard_spans(question: str) -> frozenset[str]:
    """How each run of one to three words of the question sounds ("which hunt")."""
    words = rx.findall(r"[a-z]+", question.lower())
    return frozenset(
        heard_sound("".join(words[i : i + n])) for n in (1, 2, 3) for i in range(len(words) - n + 1)
    )


@functools.lru_cache(maxsize=4096)
def _key_sound(key: str) -> str:
    """A script's name as heard, if long enough to tell ("witchhunt" WXNT), else ""."""
    code = heard_sound(key)
    return code if len(code) >= SOUNDED_CODE else ""


def in_script(question: str, mentions: list[Mention], vocab: Vocabulary) -> list[Mention]:
    """ "stowed away script, bone collector": a script named in the question means its own
    version of a character it redefines.

    >>> v = Vocabulary(None, frozenset(), variants={"witchhunt": {"witch": "witchhuntwitch"}})
    >>> witch = Mention("witch", "witch", 3, 4, True)
    >>> [m.id for m in in_script("witch hunt: the witch", [witch], v)]
    ['witchhuntwitch']
    """
    squeezed = slug(question)
    swaps: dict[str, str] = {}
    for key, variants in vocab.variants.items():
        if key in squeezed:
            swaps.update(variants)
    if (
        not swaps
        and vocab.variants
        and any(m.id in v for v in vocab.variants.values() for m in mentions)
    ):
        heard = _heard_spans(question)  # "on which hunt, the which": said, not typed
        for key, variants in vocab.variants.items():
            if _key_sound(key) in heard:
                swaps.update(variants)
    if not swaps:
        return mentions
    return [
        Mention(swaps[m.id], m.text, m.start, m.end, m.exact) if m.id in swaps else m
        for m in mentions
    ]


# a pronoun with "will", "would" or "have" run into it, read as the pronoun
_PRONOUN_CONTRACTED = re.compile(r"(he|she|they|it|we|i)'(?:ll|d|ve)")


def tokenize(question: str) -> list[Word]:
    """The question's words, each knowing whether punctuation came before it.

    >>> [(w.bare, w.gap_before) for w in tokenize("FT's check, the Monk")]
    [('ft', False), ('check', False), ('the', True), ('monk', False)]
    >>> [w.bare for w in tokenize("the pit-hag's monk-protected Tinker")]
    ['the', 'pit-hag', 'monk', 'protected', 'tinker']
    """
    words: list[Word] = []
    previous_end = 0
    depth = 0
    for match in _WORD.finditer(question):
        typed = match.group(0)
        lower = typed.lower().replace("’", "'")
        bare = lower.removesuffix("'s").replace("'", "")
        contracted = _PRONOUN_CONTRACTED.fullmatch(lower)
        if contracted:
            bare = contracted.group(1)  # "she'll", "they'd": the pronoun (not "shell", "theyd")
        between = question[previous_end : match.start()]
        gap = bool(words) and between != "-" and bool(_BREAK.search(between))
        stop = bool(words) and bool(rx.search(r"[.?!]", between))
        depth = max(0, depth + between.count("(") - between.count(")"))
        words.append(
            Word(
                len(words),
                typed,
                lower,
                bare,
                match.start(),
                match.end(),
                gap,
                opens_sentence=stop,
                aside=depth > 0,
            )
        )
        previous_end = match.end()
    return [_asking(w, question, words) for w in words]


def split_pairs(words: list[Word], vocab: Vocabulary) -> list[Word]:
    """ "alchemist-spy jinx", "the lleech-host": a hyphen joining a name to a name or a word
    joins two words, where the compound is no name itself ("pit-hag", "al-hadikhia" stay
    whole)."""
    out: list[Word] = []
    for word in words:
        parts = word.bare.split("-")
        if (
            len(parts) < 2
            or vocab.resolver.lookup(word.lower) is not None
            or not all(parts)
            or not any(vocab.resolver.lookup(p) is not None for p in parts)
        ):
            out.append(
                word if word.index == len(out) else dataclasses.replace(word, index=len(out))
            )
            continue
        start = word.start
        for number, part in enumerate(word.typed.split("-")):
            end = start + len(part)
            last = number == len(parts) - 1
            lower = part.lower().replace("’", "'")
            out.append(
                Word(
                    len(out),
                    part,
                    lower,
                    lower.removesuffix("'s").replace("'", ""),
                    start,
                    end,
                    word.gap_before if number == 0 else False,
                    word.asks and last,
                    word.opens_sentence and number == 0,
                )
            )
            start = end + 1
    return out


def _asking(word: Word, question: str, words: list[Word]) -> Word:
    end = words[word.index + 1].start if word.index + 1 < len(words) else len(question)
    if "?" not in question[word.end : end]:
        return word
    return dataclasses.replace(word, asks=True)


def character_mentions(
    words: list[Word], vocab: Vocabulary, taken: set[int]
) -> tuple[list[Mention], list[Unrecognised]]:
    """The characters named (longest, then exact, then leftmost win an overlap), and the
    spans that fuzzily fit several names equally (kept as suggestions, never guessed)."""
    candidates: list[tuple[tuple[int, int, int], Mention]] = []
    ambiguous: list[Unrecognised] = []
    spans = _spans(words, taken)
    for start, end in spans:
        mention = _exact(words, start, end, vocab) or _fuzzy(words, start, end, vocab, ambiguous)
        if mention:
            rank = (-(end - start), 0 if mention.exact else 1, start)
            candidates.append((rank, mention))
    # then, in words no name is read in, names heard: two or three words of one name's sound
    # ("shabba loth"), then a word or words of its sound where a name stands ("the full was")
    for tier, fewest, heard_in in (
        (2, 2, _sounded),
        (3, 1, _in_a_names_place),
        (4, 1, _autocorrected_name),
    ):
        named = {i for _, m in candidates for i in range(m.start, m.end)}
        for start, end in spans:
            if fewest <= end - start <= 3 and not named & set(range(start, end)):
                heard = heard_in(words, start, end, vocab)
                if heard:
                    candidates.append(((-(end - start), tier, start), heard))
    chosen: list[Mention] = []
    used: set[int] = set()
    for _, mention in sorted(candidates, key=lambda c: c[0]):
        span = set(range(mention.start, mention.end))
        if not span & used:
            chosen.append(mention)
            used |= span
    return chosen + _said_again(chosen, spans, words, used), ambiguous


def _said_again(
    chosen: list[Mention], spans: list[tuple[int, int]], words: list[Word], used: set[int]
) -> list[Mention]:
    """A name read inexactly, typed the same way again where nothing else was read ("next
    to the no dashy ... stop the no dashy poison"): the same name, wherever it stands."""
    typed = {tuple(w.bare for w in words[m.start : m.end]): m for m in chosen if not m.exact}
    if not typed:
        return []
    again = []
    for start, end in spans:
        first = typed.get(tuple(w.bare for w in words[start:end]))
        if first is not None and not used & set(range(start, end)):
            again.append(
                Mention(first.id, " ".join(w.typed for w in words[start:end]), start, end, False)
            )
            used |= set(range(start, end))
    return again


def _sounded(words: list[Word], start: int, end: int, vocab: Vocabulary) -> Mention | None:
    """A name speech-to-text wrote as a span of two or three words that sound like it
    ("shabba loth", "zombie ul"): their letters joined sound exactly as one name does, and
    as no other."""
    inside = words[start:end]
    if inside[0].bare in STOPWORDS:
        return None
    if any(
        not w.bare.isalpha() or condition_form(w.bare) or w.bare in _CHAT_OR_ANCHOR for w in inside
    ):
        return None  # "minions should" is no Moonchild
    if all(vocab.english.get(w.bare, 0.0) >= COMMON_WORD for w in inside):
        return None  # "evil to win", "made into": everyday words, meant as themselves
    joined = "".join(w.bare for w in inside)
    if len(joined) < SOUNDED_LETTERS:
        return None
    ids = vocab.sounds.get(sound_of(joined), frozenset())
    if len(ids) != 1:
        return None
    return Mention(next(iter(ids)), " ".join(w.typed for w in inside), start, end, False)


def _in_a_names_place(words: list[Word], start: int, end: int, vocab: Vocabulary) -> Mention | None:
    """A word (or two or three) that sounds as exactly one name does, standing where a name
    stands: after "the" or opening a clause, and before a verb a character does or at the
    clause's end ("the full was poisoned", "bottler is dead", "chose the tighten.").
    Speech-to-text writes a name as the everyday word it sounds like."""
    inside = words[start:end]
    before = words[start - 1].bare if start and not inside[0].gap_before else None
    determined = before in HEARD_AFTER
    if any(
        not w.bare.isalpha()
        or w.bare in _NEVER_HEARD
        # a pronoun may end a name after "the" only ("the ban she"; not "today she got")
        or (
            w.bare in PRONOUNS
            and (w is inside[0] or w.bare not in HEARD_PRONOUNS or not determined)
        )
        or condition_form(w.bare)
        for w in inside
    ):
        return None
    if before is not None and not determined:
        return None
    following = words[end] if end < len(words) and not words[end].gap_before else None
    # what follows is a name's doing, or a name's own ("no dashy's townsfolk neighbour")
    acts = following is not None and (
        following.bare in _A_NAMES_DOING
        or following.bare == "ability"  # "the which ability"; not "the life token"
        or inside[-1].lower.endswith("'s")
    )
    # ... or it is what a player chose: "exorcist picked the pucker tonight"
    chosen = (
        before == "the"
        and start >= 2
        and words[start - 2].bare in _CHOOSING
        and not words[start - 2].bare.endswith("ing")  # "is the pointing a full minute"
    )
    # ... or said to be in play: "zan in play with no outsiders"
    playing = _in_play(words, end)
    acts = acts or chosen or playing
    if following is not None and not acts:
        return None
    if not (determined or acts):
        return None  # a clause of its own words, nothing around it says a name
    joined = "".join(w.bare for w in inside)
    raw = sound_of(joined)
    code = _as_heard(raw)  # the raw code is kept for its length
    if inside[0].bare in STOPWORDS and not determined:
        # "which" is a name only after "the" ("can the which still curse"); words opening
        # with one need another word ("no dashy's neighbour"), not only more such ("also
        # here is", however like the Alsaahir it sounds), and an owner owns ("my neck")
        if (
            len(inside) == 1
            or len(raw) < 3
            or inside[0].bare in OWNERS
            or all(w.bare in STOPWORDS for w in inside)
        ):
            return None
    if len(joined) < 3 or len(raw) < 2:
        return None
    everyday = len(inside) == 1 and vocab.english.get(joined, 0.0) >= COMMON_WORD
    english = all(vocab.english.get(w.bare, 0.0) >= ENGLISH_WORD or len(w.bare) < 3 for w in inside)
    if english and following is not None and following.bare in ("one", "ones"):
        return None  # "kill the right one": an English word before "one" describes it
    if (len(raw) < 3 or everyday) and not (determined and acts) and not (playing and not english):
        return None  # "the full was": a short sound or an everyday word needs both signs
    animate = does_as_a_player(words, end)
    exact = vocab.heard.get(code) or vocab.heard.get(raw, frozenset())
    # "the phrase kills": the same sound as "virus", but few letters alike; "evil clots died"
    # as few, but what follows is done by a player
    alike = UNALIKE if animate and len(inside) == 1 else HEARD_ALIKE
    near: frozenset[str] = frozenset()
    if not exact and (determined or before is None) and acts and not english:
        # a sound one step from a name's, its first sound the same, in words not English,
        # placed and followed as a name is ("the pukker chose": the Pukka; "alky mist has":
        # the Alchemist; "the double kill" is no Noble, "the good one" no Goon, "the nightly
        # kill" no Knight)
        near, near_alike = _near_sounds(code, vocab), HEARD_ALIKE if chosen else NEAR_ALIKE
    elif not exact and animate and len(inside) == 1 and (determined or before is None):
        # ... or an English word, if a player's doing follows ("the metro wants")
        near, near_alike = _near_sounds(code, vocab), NEAR_ALIKE if english else HEARD_ALIKE
    scored = sorted(
        ((_letters_alike(joined, cid, vocab), cid) for cid in exact or near), reverse=True
    )
    scored = [(score, cid) for score, cid in scored if score >= (alike if exact else near_alike)]
    return _sole_best(scored, inside, start, end)


def _sole_best(
    scored: list[tuple[float, str]], inside: list[Word], start: int, end: int
) -> Mention | None:
    """The name ``inside`` is read as: the best scored (most alike first), if no other ties
    with it."""
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return Mention(scored[0][1], " ".join(w.typed for w in inside), start, end, False)


# how alike in letters (Indel) an everyday word must be to the name autocorrect took it
# from: "bacon" and "baron" 0.8, "pithy" and "pithag" 0.73
AUTOCORRECTED = 0.7
# after a name autocorrect changed: what a player does or is
AUTOCORRECT_AFTER = frozenset(
    "made makes has had protected protects poisoned poisons killed kills nominated "
    "still can cant could will would should got gets turned turns flipped flips brought "
    "brings went goes jumped jumps".split()
)


# after a word, what says it is a character's name: "Garden demon", "the Xanax reminders"
NAMED_AS = frozenset(
    "demon minion townsfolk outsider traveller traveler fabled ability reminders reminder "
    "token tokens".split()
)


# "mine has guessed twice": whose character, no Mime
OWN_PRONOUNS = frozenset({"mine", "yours", "hers", "ours", "theirs"})

_CONTRACTED = re.compile(r"['’](?:ve|re|ll|d|m)$|n['’]t$")


def _autocorrected_name(
    words: list[Word], start: int, end: int, vocab: Vocabulary
) -> Mention | None:
    """A name a phone's autocorrect turned into the everyday word nearest what was typed
    ("Bacon died day 2", "the servant learns"): one or two words opening a clause or after an
    article, before a player's doing or state, no word of the sources, their letters alike to
    one name's more than to any other."""
    if end - start > 2:
        return None
    inside = words[start:end]
    if any(
        not w.bare.isalpha()
        or _CONTRACTED.search(w.lower)  # "we've got": a pronoun and its verb, no name
        or w.bare in _NEVER_AUTOCORRECTED
        or w.bare in vocab.words
        or condition_form(w.bare)
        for w in inside
    ):
        return None
    before = words[start - 1].bare if start and not inside[0].gap_before else None
    if before is not None and before not in ARTICLES:
        return None
    following = words[end] if end < len(words) and not words[end].gap_before else None
    if following is None:
        return None
    if not (
        following.bare in _AFTER_AUTOCORRECTED
        or does_as_a_player(words, end)
        or [w.bare for w in words[end : end + 2]] == ["in", "play"]
    ):
        return None  # not "in the game": "earlier in the game" is no Dealer
    joined = "".join(w.bare for w in inside)
    if len(joined) < 4:
        return None
    # autocorrect keeps the first letter of a word typed: "Shallot" is the Shabaloth, not the
    # Harlot (a phrase for a name may not: "mona lisa", the Kumalisa)
    kept = [
        (score, cid)
        for score, cid in autocorrected(joined, vocab)
        if len(inside) > 1 or cid[0] == joined[0]
    ]
    return _sole_best(kept, inside, start, end)


def guessed_name(
    words: list[Word],
    vocab: Vocabulary,
    taken: set[int],
    *,
    opening_only: bool = False,
    name_ends: frozenset[int] = frozenset(),
) -> Mention | None:
    """The name a question is most likely about, where no reading found it: one to three
    words where its subject stands (opening it, or after "the", "run", "setting up", "with"),
    that sound exactly as one name does or are spelt most like one ("zan with no outsiders",
    "gollum dominated someone", "setting up marinate"). A question about no character at all
    is rare, and the reading is shown as a guess, with the others near it. ``opening_only``
    (names were read elsewhere): only the opening words, and only when a doing follows them
    ("great keeper was executed, does the imp ..."), and words joined to a name read
    (``name_ends``: the last word of each) by "and" or "vs" ("vizier and alsatian")."""
    opening = _opening(words)
    starts = {opening}
    # an opener said to be in play, or a Demon, is a name: "Question demon in play", "question
    # is in play and the goon ...": autocorrect's everyday word for the Quazion
    told = next((i for i in range(opening) if _told_a_character(words, i + 1)), None)
    if told is not None:
        starts.add(told)
    if not opening_only:
        starts |= {
            w.index + 1
            for w in words[:-1]
            if w.bare in ARTICLES | GUESS_AFTER and not words[w.index + 1].gap_before
        }
    # a name's place beside a name read: "vizier and alsatian both on the script"
    paired = {
        w.index + (2 if words[w.index + 1].bare in ARTICLES else 1)  # "and the alsatian"
        for w in words[1:-2]
        if w.bare in PAIRING
        and w.index - 1 in name_ends
        and not w.gap_before
        and not words[w.index + 1].gap_before
        and (words[w.index + 1].bare in ARTICLES or words[w.index + 1].bare not in STOPWORDS)
    }
    starts |= paired
    # a clause's subject after "but" or "so", if a doing follows it: "but mephistopheles got
    # poisoned tonight"
    clausal = {
        w.index + 1
        for w in words[1:-1]
        if w.bare in ("but", "so") and not words[w.index + 1].gap_before and not opening_only
    }
    starts |= clausal
    found: list[tuple[tuple[int, bool, float], str, int, int]] = []
    for start in starts:
        for end in range(start + 1, min(start + 3, len(words)) + 1):
            inside = words[start:end]
            if any(w.gap_before for w in inside[1:]) or any(w.index in taken for w in inside):
                break
            if any(
                not w.bare.isalpha()
                or w.bare in PRONOUNS | CHAT_WORDS | NOT_HEARD | SIDES
                or condition_form(w.bare)
                for w in inside
            ) or (any(w.bare in ANCHORS for w in inside) and not _nearly_spelt(inside, vocab)):
                break  # a person's word, unless the span is a name one letter off ("fang guy")
            if len(inside) > 1 and inside[-1].bare in HEARD_BEFORE | PLAYERS_DO | COPULAS:
                break  # "the mon did it": what a name does is no part of it
            if inside[-1].bare in ARTICLES:
                continue  # an article inside may be heard ("the mess a feels"), not at its end
            # after an article only: "the also here" (not "also here is my question")
            long_sound = (
                start != opening
                and words[start - 1].bare in ARTICLES
                and len(_as_heard(sound_of(_joined(inside)))) >= LONG_SOUND
            )
            if all(w.bare in STOPWORDS for w in inside) and not (len(inside) > 1 and long_sound):
                continue  # "voodoo on", "no dashing": a name heard may take in a small word
            sourced = len(inside) > 1 and all(
                w.bare in vocab.words or w.bare in STOPWORDS for w in inside
            )
            if sourced and not long_sound and not _nearly_spelt(inside, vocab):
                continue  # "in the bag or": the sources' own words, meant as themselves
            if inside[0].bare in QUESTION_AUXILIARIES | {"i"}:
                break  # "do i even": the question's own verb, no name
            if opening_only and start not in (paired | {told}) and not _subject_of(words, end):
                continue  # with names read elsewhere, only the opening subject of a doing
            if start in clausal and not _subject_of(words, end):
                continue  # after "but", only the subject of a doing
            joined = _joined(inside)  # "gin's": gins
            if len(joined) < 3:
                continue
            raw = sound_of(joined)
            code = _as_heard(raw)
            # "clots got turned evil": the subject, heard, its sound long enough to tell
            first = start == opening and len(code) >= 3
            least = UNALIKE if first else HEARD_ALIKE
            if len(inside) == 1 and vocab.english.get(joined, 0.0) >= ENGLISH_WORD:
                if len(joined) <= 3:
                    continue  # "the mon did it": a short word is itself
                least = AUTOCORRECTED  # "the full moon", "the join vote": words, as spelt
            for cid in vocab.heard.get(code, frozenset()) | vocab.heard.get(raw, frozenset()):
                alike = _letters_alike(joined, cid, vocab)
                if len(raw) >= 2 and alike >= least:
                    found.append(((2, first, alike), cid, start, end))
            if (
                len(inside) == 1
                and 3 <= len(joined) <= 5
                and vocab.english.get(joined, 0.0) < COMMON_WORD
            ):
                # a thumb's slip in a short name, not its first letter, in no common word
                # ("Oho": the Ojo; "Mine pointed at": no Mime)
                for cid in _slipped_names(joined, vocab):
                    found.append(((1, first, 0.0), cid, start, end))
            told_one = _told_a_character(words, end)
            if len(joined) >= 5 and not (
                len(inside) == 1 and joined in vocab.words and not told_one
            ):
                # "summer", "pacific": autocorrect's words for names, not a word of the sources
                # ("the curse"); opening the question, one made of a rarer name may keep fewer
                # of its letters ("Xanax", "Kazakh", "mephistopheles")
                rare = vocab.english.get(joined, 0.0) < COMMON_WORD  # not "Sadly died"
                named_place = start == opening or start in paired or start in clausal
                least = OPENING_ALIKE if named_place and rare else AUTOCORRECTED
                if told_one:
                    least = OPENING_ALIKE  # "Question is in play": said to be a character
                stretch = 4 if least < AUTOCORRECTED else 2  # "mephistopheles"
                for alike, cid in autocorrected(joined, vocab, least, stretch):
                    if cid[0] == joined[0]:  # autocorrect keeps the first letter typed
                        found.append(((1, first, alike), cid, start, end))
    if not found:
        return None
    found.sort(key=lambda f: f[0], reverse=True)
    best, cid, start, end = found[0]
    tied = [f for f in found if f[0] == best]
    if len({f[1] for f in tied}) > 1:
        # autocorrect keeps the letters typed first: the name sharing the longest start
        # ("Alsatian": the Alsaahir, not the Assassin), if only one does
        def shared(f: tuple[tuple[int, bool, float], str, int, int]) -> int:
            typed = _joined(words[f[2] : f[3]])
            return max((_common_start(typed, k) for k in vocab.keys.get(f[1], ())), default=0)

        longest = max(shared(f) for f in tied)
        firsts = {f[1]: f for f in tied if shared(f) == longest}
        if len(firsts) > 1 or longest < 3:
            return None  # two names as like it: no guess
        _, cid, start, end = next(iter(firsts.values()))
    return Mention(cid, " ".join(w.typed for w in words[start:end]), start, end, False)


def _slipped_names(typed: str, vocab: Vocabulary) -> set[str]:
    """The names ``typed`` is with one letter, not the first, struck as a key beside it."""
    return {
        cid
        for cid, keys in vocab.keys.items()
        for key in keys
        if len(key) == len(typed)
        and key[0] == typed[0]
        and sum(a != b for a, b in zip(key, typed, strict=True)) == 1
        and all(a == b or a in _NEIGHBOURS.get(b, ()) for a, b in zip(typed, key, strict=True))
    }


def _common_start(a: str, b: str) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


# how alike in letters a span with a person's word in it must be to a name to be that name
# ("fang guy": the Fang Gu)
NEARLY_SPELT = 0.9


def _nearly_spelt(inside: Sequence[Word], vocab: Vocabulary) -> bool:
    """Two or more words spelt all but a letter as one name: "fang guy"."""
    if len(inside) < 2:
        return False
    joined = _joined(inside)
    near = process.extract(
        joined,
        list(vocab.spelt),
        scorer=Indel.normalized_similarity,
        score_cutoff=NEARLY_SPELT,
        limit=None,
    )
    return any(key[:1] == joined[:1] for key, _, _ in near)


# a sound this long, heard exactly as a name's after an article, is that name even in small
# everyday words ("the also here": the Alsaahir)
LONG_SOUND = 5


def _joined(inside: Sequence[Word]) -> str:
    return "".join(re.sub(r"[^a-z]", "", w.lower) for w in inside)


_BEFORE_A_DOING = frozenset("already just also still then never finally actually really".split())


def _subject_of(words: list[Word], end: int) -> bool:
    """What follows words opening a question makes them its subject: a player's doing or
    state ("great keeper was executed", "the teeth died", "sleigher shot"), perhaps after an
    adverb ("zombool already died once")."""
    following = word_at(words, end)
    if following is not None and following.bare in _BEFORE_A_DOING and not following.gap_before:
        following = word_at(words, end + 1)
    return (
        following is not None
        and not following.gap_before
        and (
            following.bare in AUTOCORRECT_AFTER | PLAYERS_DO | HEARD_BEFORE
            or condition_form(following.bare) is not None
            or following.bare in ("shot", "shoots")
        )
    )


def _opening(words: list[Word]) -> int:
    """Where a question's own words start, past "okay so", "um", "the"."""
    i = 0
    while i < len(words) - 1 and words[i].bare in OPENERS | ARTICLES | OWNERS:
        i += 1
    return i


# the sides and the living, never a name guessed ("can evil win", "a good player")
SIDES = frozenset("good evil alive living".split())
# how alike in letters a word opening a question with no name read must be to a name
OPENING_ALIKE = 0.6
# words a question may open with before its subject ("okay so the clots ...")
# the sounds and words a question may hesitate with before it starts: "um", "hey", "well"
HESITATIONS = frozenset("um uh umm erm hey well".split())
OPENERS = HESITATIONS | frozenset("okay ok so hi quick question q right".split())
# words after which a question's subject may stand: "how do i run X", "setting up X",
# "playing with X"
GUESS_AFTER = frozenset("run running setup up using playing with for".split())
# words joining a name read to another: what follows them stands where a name does
PAIRING = frozenset({"and", "vs", "versus", "&"})


def autocorrected(
    joined: str, vocab: Vocabulary, least: float = AUTOCORRECTED, stretch: int = 2
) -> list[tuple[float, str]]:
    """The names whose letters are at least ``least`` alike to ``joined``, and at most
    ``stretch`` letters longer or shorter, most alike first, each id once."""
    found: dict[str, float] = {}
    for key, score, _ in process.extract(
        joined,
        list(vocab.spelt),
        scorer=Indel.normalized_similarity,
        score_cutoff=least,
        limit=None,
    ):
        if abs(len(key) - len(joined)) > stretch:
            continue  # autocorrect keeps about the length typed
        for cid in vocab.spelt[key]:
            found[cid] = max(found.get(cid, 0.0), score)
    return sorted(((score, cid) for cid, score in found.items()), reverse=True)


def spelt_of(keys: dict[str, tuple[str, ...]]) -> dict[str, frozenset[str]]:
    """Every name and alias of four letters or more -> the ids it may be."""
    found: dict[str, set[str]] = {}
    for cid, names in keys.items():
        for key in names:
            if len(key) >= 4:
                found.setdefault(key, set()).add(cid)
    return {key: frozenset(ids) for key, ids in found.items()}


@dataclass(frozen=True, slots=True)
class Heard:
    """Words that sound most like a name (``span``: their indices), and the names."""

    text: str
    span: range
    ids: list[str]


def heard_near(words: list[Word], index: int, vocab: Vocabulary) -> Heard:
    """The words around an unrecognised one that sound most like a name, and the names they
    sound like, nearest first ("four tops" -> Vortox; "fill a sofa" -> Philosopher): for a
    question a phone heard, to suggest what was said."""
    best: dict[str, tuple[int, float, str, int, int]] = {}
    for size in (3, 2, 1):
        for start in range(max(0, index - size + 1), index + 1):
            inside = words[start : start + size]
            if len(inside) < size or any(w.gap_before for w in inside[1:]):
                continue
            if inside[0].bare in STOPWORDS or inside[-1].bare in STOPWORDS:
                continue  # "a sofa": the words of a name, not the article before it
            if any(condition_form(w.bare) or w.bare in _NOT_A_NAMES_WORD for w in inside):
                continue
            joined = "".join(w.bare for w in inside)
            code = heard_sound(joined)
            if len(code) < 3 or not joined.isalpha():
                continue
            near = process.extract(
                code,
                vocab.heard.keys(),
                scorer=Levenshtein.distance,
                score_cutoff=1 if len(code) < 5 else 2,
                limit=None,
            )
            for other, steps, _ in near:
                for cid in vocab.heard[other]:
                    alike = _letters_alike(joined, cid, vocab)
                    text = " ".join(w.typed for w in inside)
                    rank = (steps, -alike, text, start, size)
                    if cid not in best or rank < best[cid]:
                        best[cid] = rank
    ranked = sorted(best.items(), key=lambda kv: kv[1][:2])
    if not ranked:
        return Heard(words[index].typed, range(index, index + 1), [])
    _, _, text, start, size = ranked[0][1]
    return Heard(text, range(start, start + size), [cid for cid, _ in ranked[:HEARD_SUGGESTIONS]])


HEARD_SUGGESTIONS = 3
# how alike in letters a name read inexactly must be to its name to need no other reading
# offered ("ravenkeper" 0.95 needs none; "the mare" read as the Mage may be the Mayor)
SURE_READING = 0.9


def other_readings(text: str, cid: str, vocab: Vocabulary, limit: int = 3) -> list[str]:
    """For a name read inexactly from ``text`` as ``cid``, the other names ``text`` may be,
    nearest first: the same sound, a sound away, then a spelling away; none when its letters
    leave little doubt.

    >>> v = Vocabulary(None, frozenset(), keys={"monk": ("monk",)})
    >>> other_readings("monks", "monk", v)
    []
    """
    typed = slug(text)
    if max(_letters_alike(t, cid, vocab) for t in (typed, singular(typed))) >= SURE_READING:
        return []  # "ravenkeper", "monks": a slip or a plural of the name
    return [vocab.resolver.names[c] for c in _other_ids(text, cid, vocab, limit)[:limit]]


def _other_ids(text: str, cid: str, vocab: Vocabulary, limit: int = 3) -> list[str]:
    """The ids :func:`other_readings` names, nearest first."""
    typed = slug(text)
    words = tokenize(text)
    code = heard_sound(typed)
    same = sorted(vocab.heard.get(code, frozenset()))
    a_sound_away = sorted(_near_sounds(code, vocab)) if len(code) >= 2 else []
    near = heard_near(words, len(words) - 1, vocab).ids if words else []
    spelt = vocab.resolver.nearest(text, limit + 1)

    def alike_first(ids: Iterable[str]) -> list[str]:
        return sorted(  # then the name nearest in length: "mare" the Mayor, not Mathematician
            ids,
            key=lambda c: (
                -_letters_alike(typed, c, vocab),
                abs(len(slug(vocab.resolver.names[c])) - len(typed)),
            ),
        )

    ids = dict.fromkeys(
        c for c in [*alike_first([*same, *a_sound_away]), *alike_first(near), *spelt] if c != cid
    )
    return list(ids)


def by_team_told(words: list[Word], mentions: list[Mention], vocab: Vocabulary) -> list[Mention]:
    """A name read inexactly, its team said right after it ("garden (the ODE demon)",
    "Harley (the traveller)", "the Garden demon"), is the nearest reading of that team, if
    the one read is of another."""
    out = []
    for mention in mentions:
        team = None if mention.exact else team_after(words, mention.end)
        if team is None or vocab.teams.get(mention.id) in (team, None):
            out.append(mention)
            continue
        fits = [
            c for c in _other_ids(mention.text, mention.id, vocab) if vocab.teams.get(c) == team
        ]
        out.append(dataclasses.replace(mention, id=fits[0]) if fits else mention)
    return out


def team_after(words: list[Word], end: int) -> str | None:
    """The team said of a name: in brackets right after it ("garden (the ODE demon)"), or
    the word after it, then a verb or a stop ("the Garden demon wakes"); not "no dashy's
    townsfolk neighbour" nor "engine ear picked new minions"."""
    if end >= len(words) or words[end - 1].lower.endswith(("'s", "’s")):
        return None
    if words[end].aside and not words[end - 1].aside:
        for word in words[end : end + 4]:
            if not word.aside:
                return None
            if (team := TEAM_WORDS.get(singular(word.bare))) is not None:
                return team
        return None
    team = TEAM_WORDS.get(singular(words[end].bare))
    following = word_at(words, end + 1)
    if team is None or words[end].gap_before:
        return None
    if following is None or following.gap_before or following.bare in _A_NAMES_DOING:
        return team
    return None


# a team's word, and other spellings of it, -> the team
TEAM_WORDS = {team.value: team.value for team in Team} | {
    "townsperson": Team.TOWNSFOLK.value,
    "traveler": Team.TRAVELLER.value,
}


def _letters_alike(heard: str, cid: str, vocab: Vocabulary) -> float:
    """How alike in letters (Indel similarity) words heard are to a character's nearest name."""
    return max((Indel.normalized_similarity(heard, k) for k in vocab.keys.get(cid, ())), default=0)


def _told_a_character(words: list[Word], end: int) -> bool:
    """What follows the words before ``end`` says they are a character: in play, or its team
    ("Question demon", "question is in play")."""
    following = word_at(words, end)
    return (
        following is not None
        and not following.gap_before
        and (_in_play(words, end) or following.bare in ("demon", "minion", "townsfolk", "outsider"))
    )


def _in_play(words: list[Word], end: int) -> bool:
    """ "zan in play", "X is in the game": what only a character is."""
    after = [w.bare for w in words[end : end + 4]]
    if after[:1] == ["is"]:
        after = after[1:]
    return after[:2] == ["in", "play"] or after[:3] == ["in", "the", "game"]


def _near_sounds(code: str, vocab: Vocabulary) -> frozenset[str]:
    """The ids whose sound is one step from ``code``, its first sound the same (any vowel is
    as good as another at the start: "empire", the Umpire)."""
    near = process.extract(
        code, vocab.heard.keys(), scorer=Levenshtein.distance, score_cutoff=1, limit=None
    )
    return frozenset().union(
        *(
            vocab.heard[c]
            for c, _, _ in near
            if c[0] == code[0] or (c[0] in VOWELS and code[0] in VOWELS)
        )
    )


def near_sound(code: str, cid: str, vocab: Vocabulary) -> bool:
    """Whether a sound heard is a character's, or a step from it."""
    return cid in vocab.heard.get(code, frozenset()) or (
        len(code) >= 3 and cid in _near_sounds(code, vocab)
    )


def like_a_name(bare: str, vocab: Vocabulary) -> bool:
    """A word that sounds as a character's name does, or a sound away, or is spelt nearly as
    one ("Bacon", "Solder"): perhaps a name a phone changed."""
    code = heard_sound(bare)
    if len(code) >= 3 and (code in vocab.heard or _near_sounds(code, vocab)):
        return True
    return len(bare) >= 4 and bool(autocorrected(bare, vocab))


def does_as_a_player(words: list[Word], end: int) -> bool:
    """What follows a word is done by a player, or a player's state: "died", "picked",
    "wants", "was drunk" (not "kills" or "is": a phrase kills, a curse is)."""
    if end >= len(words) or words[end].gap_before:
        return False
    following = words[end].bare
    if following in PLAYERS_DO:
        return True
    after = words[end + 1].bare if end + 1 < len(words) else ""
    return following in ("is", "was", "got", "gets") and (
        after in STATE_ADJECTIVES or condition_form(after) is not None
    )


# how alike in letters a word heard must be to the name it sounds as (Indel similarity):
# "full" and "fool" 0.5, "phrase" and "virus" 0.36; a sound a step away needs more
HEARD_ALIKE = 0.5
NEAR_ALIKE = 0.7
VOWELS = frozenset("AEIOU")
UNALIKE = 0.3
# what players do, and phrases and curses do not
PLAYERS_DO = frozenset(
    """die died dies pick picked picks choose chose chooses want wants wanted wake wakes woke
    learn learns learned learnt guess guessed guesses nominate nominated nominates shoot shoots
    shot swap swaps swapped summon summons summoned say says said point points
    pointed took takes""".split()  # not "vote": a noun as often ("the join vote")
    # ("phil took the empath ability": the Philosopher)
)


# verbs whose object is a player as a choice's is: "the vortex killed the ban she"
KILLING = frozenset("kill kills killed attack attacks attacked".split())
# pronouns a phone may write for the end of a name, after its first word ("the ban she")
HEARD_PRONOUNS = frozenset({"she", "her"})
# words before a name ("the full", "evil clots"); not an owner's ("his hand" is no Hindu)
HEARD_AFTER = frozenset({"the", "a", "an", "evil", "good", "with"})
# words a name does or is followed by ("the full was", "zan with 2 outsiders")
HEARD_BEFORE = frozenset(
    """is was got gets get has had can could does did will would still just pick picked
    picks choose chose chooses die died dies wake wakes woke kill killed kills nominate
    nominated nominates guess guessed guesses turn turned turns name named names make made
    makes learn learns learned learnt with fabled""".split()
)
# the game's own nouns, never names heard amiss, and the sides of a seat ("on the right is
# alf": not the Riot)
NOT_HEARD = frozenset(
    """night nights day days nite tonight vote votes game script town storyteller st grim
    grimoire token tokens info team rule rules left right side""".split()
)


# the fewest letters, and the shortest code, for a name heard rather than typed ("my neck"
# sounds like "monk": too short to say)
SOUNDED_LETTERS = 6
SOUNDED_CODE = 4


@functools.lru_cache(maxsize=65536)
def sound_of(text: str) -> str:
    """How a word sounds, as its Metaphone code (jellyfish); kept, as the everyday words of
    questions come back."""
    import jellyfish  # imported here, once

    return jellyfish.metaphone(text)


@functools.lru_cache(maxsize=65536)
def heard_sound(text: str) -> str:
    """How words heard sound: their Metaphone code, a sound said twice across two words
    heard once ("corporal ellis" as the Corporealis), and "dj" as "j" ("gins bargain").

    >>> heard_sound("corporalellis") == heard_sound("corporealis")
    True
    """
    return _as_heard(sound_of(text))


def _as_heard(code: str) -> str:
    return _TWICE.sub(r"\1", code).replace("TJ", "J")


_TWICE = re.compile(r"(.)\1+")


def sounds_of(keys: dict[str, tuple[str, ...]]) -> dict[str, frozenset[str]]:
    """Each name's and alias's sound -> the ids that sound so (long enough to tell apart)."""
    found: dict[str, set[str]] = {}
    for cid, names in keys.items():
        for key in names:
            code = sound_of(key) if len(key) >= SOUNDED_LETTERS else ""
            if len(code) >= SOUNDED_CODE:
                found.setdefault(code, set()).add(cid)
    return {code: frozenset(ids) for code, ids in found.items()}


def _non_rhotic(key: str) -> tuple[str, ...]:
    """A name ending in a consonant and "a" as speech-to-text may write it, heard in an
    accent that drops its r's: "pukka" as "pucker", "lil monsta" as "lil monster"."""
    return (key[:-1] + "er",) if len(key) >= 4 and rx.search(r"[^aeiou]a$", key) else ()


def heard_of(keys: dict[str, tuple[str, ...]]) -> dict[str, frozenset[str]]:
    """Each name's sound, short ones too ("fool" FL), -> the ids that sound so: an id sounds
    as itself first, then as its name, then as an alias ("phil" is no Fool; the Witch Hunt's
    Witch is the Witch, until the script is named)."""
    tiers: list[dict[str, set[str]]] = [{}, {}, {}]
    for cid, names in keys.items():
        for rank, key in enumerate(names):
            tier = min(rank, 2) if key != cid else 0
            if len(key) < (3 if tier == 0 else 5):
                continue  # an alias cut short ("sav") is typed, never heard
            said = {key, *_non_rhotic(key)}
            for code in {c for k in said for c in (sound_of(k), heard_sound(k))}:
                if len(code) >= 2:  # "mime" is MM, or M heard
                    tiers[tier].setdefault(code, set()).add(cid)
    found: dict[str, frozenset[str]] = {}
    for tier in tiers:
        for code, ids in tier.items():
            found.setdefault(code, frozenset(ids))
    return found


def _spans(words: list[Word], taken: set[int]) -> list[tuple[int, int]]:
    """Every span a name may be read in, longest first, then leftmost: no word of it taken,
    no punctuation inside it, and (past one word) no article or joining word at its edges."""
    # reach[i]: where a span opening at word i must end by, at the latest
    reach = [0] * len(words)
    for i in range(len(words) - 1, -1, -1):
        if words[i].index in taken:
            reach[i] = i
        elif i + 1 < len(words) and not words[i + 1].gap_before:
            reach[i] = reach[i + 1]
        else:
            reach[i] = i + 1
    edge = [w.bare in EDGE_WORDS for w in words]
    return [
        (start, start + size)
        for size in range(MAX_SPAN, 0, -1)
        for start in range(len(words) - size + 1)
        if start + size <= reach[start]
        and (size == 1 or not (edge[start] or edge[start + size - 1]))
    ]


def _span_text(words: Sequence[Word]) -> str:
    return " ".join(w.lower for w in words)


def _exact(words: list[Word], start: int, end: int, vocab: Vocabulary) -> Mention | None:
    inside = words[start:end]
    if len(inside) == 1 and (
        inside[0].bare in STOPWORDS or not any(c.isalnum() for c in inside[0].bare)
    ):
        return None
    text = _span_text(inside)
    if len(inside) > 1 and len(slug(text)) <= 3:
        return None  # "so I now get": words that squeeze into a short form ("SoI") are words
    cid = vocab.resolver.lookup(text)
    return Mention(cid, " ".join(w.typed for w in inside), start, end, True) if cid else None


def _fuzzy(
    words: list[Word], start: int, end: int, vocab: Vocabulary, ambiguous: list[Unrecognised]
) -> Mention | None:
    inside = words[start:end]
    if len(inside) > 3 or not _may_be_typo(inside, vocab):
        return None
    if _verb_after_its_modal(words, start, end, vocab):
        return None  # "neither will budge": a verb, no Judge
    text = _span_text(inside)
    try:
        found = vocab.resolver.resolve(text)
    except AmbiguousName as exc:
        ambiguous.append(Unrecognised(text, tuple(exc.suggestions or ())))
        return None
    except UnknownName:
        return None
    typed = name_key(text)  # "lleach's": its possessive is no part of the name
    if not _close_enough(typed, found.id, vocab) or _verb_of(typed, found.id, vocab):
        return None
    if len(inside) == 1 and _a_word_swapped(typed, vocab):
        return None  # "thier alignment": "their" with two letters swapped, no Thief
    return Mention(found.id, " ".join(w.typed for w in inside), start, end, False)


def _verb_after_its_modal(words: list[Word], start: int, end: int, vocab: Vocabulary) -> bool:
    """One English word straight after a modal after its subject ("neither will budge"): a
    verb, not a name (not "can vortex kill twice", a question's subject)."""
    return (
        end - start == 1
        and start > 1
        and words[start - 1].bare in _MODAL_VERBS
        and words[start - 2].bare in _MODALS_SUBJECTS
        and not words[start].gap_before
        and not words[start - 1].gap_before
        and vocab.english.get(words[start].bare, 0.0) >= ENGLISH_WORD
    )


# the verbs a verb follows ("neither will budge"), and the subjects before them
_MODAL_VERBS = frozenset("will wont would wouldnt can cant could couldnt should must might".split())
_MODALS_SUBJECTS = frozenset(
    "neither nobody noone none he she they it i we you who which both either one".split()
)
# how common (Zipf) a word must be for two of its letters swapped to read as it, not a name
SWAPPED_WORD = 5.0


def _a_word_swapped(key: str, vocab: Vocabulary) -> bool:
    """A very common English word typed with two neighbouring letters swapped ("thier",
    "waht", "becuase").

    >>> v = Vocabulary(None, frozenset(), english={"their": 6.3})
    >>> _a_word_swapped("thier", v), _a_word_swapped("thief", v)
    (True, False)
    """
    return any(
        vocab.english.get(key[:i] + key[i + 1] + key[i] + key[i + 2 :], 0.0) >= SWAPPED_WORD
        for i in range(len(key) - 1)
        if key[i] != key[i + 1]
    )


VERB_ENDINGS = ("ing", "ed", "es", "s", "ise", "ised", "ize", "ized")
AGENT_ENDINGS = ("er", "or", "ist", "ian", "")


def _verb_of(key: str, cid: str, vocab: Vocabulary) -> bool:
    """ "slayed", "exorcised": the verb of a name, not a typo of it.

    >>> v = Vocabulary(resolver=None, words=frozenset(), keys={"slayer": ("slayer",)})
    >>> _verb_of("slayed", "slayer", v), _verb_of("slayr", "slayer", v)
    (True, False)
    """
    roots = {key.removesuffix(e) for e in VERB_ENDINGS if key.endswith(e) and len(key) > len(e)}
    names = {
        k.removesuffix(e) for k in vocab.keys.get(cid, ()) for e in AGENT_ENDINGS if k.endswith(e)
    }
    return bool(roots & names)


# what follows a verb as its object: "widow pois the monk", "can the demon pois him"
_OBJECT_OPENERS = frozenset(
    {"the", "a", "an", "my", "our", "his", "her", "their", "him", "them", "someone", "anyone"}
)


def verbs_cut_short(words: list[Word], vocab: Vocabulary) -> list[Word]:
    """ "widow pois the monk", "can the demon pois the soldier": a state's verb cut short to
    a name's first letters ("pois": the Poisoner's, and "poison"), standing between a
    subject and an object, read as that verb; elsewhere it stays the name ("when does pois
    go", "the pois picked the monk").

    >>> v = Vocabulary(resolver=None, words=frozenset(), keys={"poisoner": ("poisoner",)})
    >>> ws = [Word(i, w, w, w, 0, 0, False) for i, w in enumerate("widow pois the monk".split())]
    >>> [w.bare for w in verbs_cut_short(ws, v)], [w.bare for w in verbs_cut_short(ws[1:], v)]
    (['widow', 'poison', 'the', 'monk'], ['pois', 'the', 'monk'])
    """
    cut = _cut_verbs(vocab)
    out = list(words)
    for at in range(1, len(words) - 1):
        word, before, after = words[at], words[at - 1], words[at + 1]
        if (
            word.bare in cut
            and not word.gap_before
            and not after.gap_before
            and after.bare in _OBJECT_OPENERS
            and before.bare not in _OBJECT_OPENERS
        ):
            out[at] = dataclasses.replace(word, bare=cut[word.bare])
    return out


_CUT_VERBS: dict[int, tuple[dict, dict[str, str]]] = {}


def _cut_verbs(vocab: Vocabulary) -> dict[str, str]:
    """Each state verb a name is the agent of ("poison": the Poisoner), by its first three
    letters or more, short of the verb itself (once per vocabulary)."""
    kept = _CUT_VERBS.get(id(vocab.keys))
    if kept is not None and kept[0] is vocab.keys:
        return kept[1]
    verbs = {
        root
        for keys in vocab.keys.values()
        for k in keys
        for e in AGENT_ENDINGS
        if e and k.endswith(e) and (root := k.removesuffix(e)) in FORMS
    }
    found = {v[:n]: v for v in sorted(verbs) for n in range(3, len(v)) if v[:n] not in FORMS}
    _CUT_VERBS[id(vocab.keys)] = (vocab.keys, found)  # (held: its id is not reused)
    return found


def _close_enough(key: str, cid: str, vocab: Vocabulary) -> bool:
    """Stricter than a name lookup: free text is full of words one letter from a name.

    A typo is at most one edit in a short name and two in a long one, and only two letters
    swapped in a word of four letters or fewer; a cut-short name ("ravenk") must keep at least
    five letters, or three where they make no English word ("lyc", not "mon"). A common
    English word is that word, not a typo ("happy" is no Harpy, "town square" no Squire),
    though it may be a name cut short ("spirit", "storm").
    """
    allowed = 2 if len(key) >= 8 else 1 if len(key) >= 5 else 0  # "grab" is not "gran"
    english = vocab.english.get(key, 0.0)
    for choice in vocab.keys.get(cid, ()):
        if choice.startswith(key) and (len(key) >= 5 or english < ENGLISH_WORD):
            return True  # "ravenk"; "lyc", "pois", "inv": shorter, where no English word
        if english >= COMMON_WORD:
            continue
        if OSA.distance(key, choice) <= allowed and (
            english < ENGLISH_WORD or choice in vocab.keys[cid][:1]
        ):
            return True  # not a word one letter from a short form: "invent" is no "invest"
        if sorted(key) == sorted(choice) and OSA.distance(key, choice) == 1:
            return True  # "mnok": two letters swapped, even in a short name
        if len(key) >= 6 and sorted(key) == sorted(choice) and OSA.distance(key, choice) == 2:
            return True  # "soilder": one letter moved, all of them there
        if (
            len(key) == 4
            and choice in vocab.keys[cid][:2]
            and _slipped_key(key, choice)
            and english < ENGLISH_WORD
        ):
            # "monl": a key slipped to its neighbour, in a name (not an alias), where the
            # word typed is no word ("assassin pops the goon": no Pope)
            return True
    return False


# how common a word must be (Zipf scale) to be read as itself, never as a name mistyped; a
# slipped key, the weaker sign, gives way to a rarer word (measured on the evaluation sets:
# 4 keeps "nobel" for Noble and "vortex" for Vortox, and loses "happy" as a Harpy)
COMMON_WORD = 4.0
ENGLISH_WORD = 3.0


@functools.lru_cache(maxsize=1)  # the same for every vocabulary built in a process
def english_words(least: float = ENGLISH_WORD) -> dict[str, float]:
    """English words at least ``least`` common on the Zipf scale (about 29,000 words at 3),
    from wordfreq's word lists, with how common each is (shared: not to be changed)."""
    import wordfreq  # imported here: its lists cost a tenth of a second to load

    floor = 10 ** (least - 9)  # Zipf = log10(frequency per word) + 9
    found = {
        w: round(math.log10(f) + 9, 2)
        for w, f in wordfreq.get_frequency_dict("en").items()
        if f >= floor and w.isalpha()
    }
    wordfreq.get_frequency_dict.cache_clear()  # the full list (320,000 words) is not kept
    return found


# neighbouring keys on a QWERTY keyboard, for the slip of a thumb
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEIGHBOURS = {
    c: {r[j] for j in (i - 1, i + 1) if 0 <= j < len(r)}
    | {
        other[j]
        for other in _ROWS
        if other is not r
        for j in (i - 1, i, i + 1)
        if 0 <= j < len(other) and abs(_ROWS.index(other) - _ROWS.index(r)) == 1
    }
    for r in _ROWS
    for i, c in enumerate(r)
}


def _slipped_key(key: str, choice: str) -> bool:
    """One letter of the name typed as a key beside it ("monl" for "monk"), its last letter
    only: a short word differing elsewhere is too often another word ("grab", "gran").

    >>> _slipped_key("monl", "monk"), _slipped_key("mink", "monk"), _slipped_key("monz", "monk")
    (True, False, False)
    """
    return (
        len(key) == len(choice)
        and key[:-1] == choice[:-1]
        and key[-1] in _NEIGHBOURS.get(choice[-1], set())
    )


# the fewest letters worth a fuzzy look ("lyc" for the Lycanthrope; measured over every
# evaluation set: three letters gained three questions and lost none)
SHORTEST = 3


def _may_be_typo(inside: Sequence[Word], vocab: Vocabulary) -> bool:
    """Worth a fuzzy look: no stop or condition word, and some word the corpus does not use."""
    if sum(len(w.bare) for w in inside) < SHORTEST:
        return False
    unknown = [
        w for w in inside if w.bare not in vocab.words and singular(w.bare) not in vocab.words
    ]
    for w in inside:
        if (
            not w.bare.replace("-", "").isalpha()  # "al-had" may be a name cut short
            or w.bare in STOPWORDS
            # a word like "master" or "host" is no name, but one of two words of a misspelt
            # name ("puzzel master") can be: the closeness check still has to pass
            or (w.bare in ANCHORS and (len(inside) == 1 or w in unknown))
            or condition_form(w.bare)
        ):
            return False
        if len(w.bare) < 2 or (w in unknown and len(w.bare) < 3):
            return False
    if len(inside) == 1 and len(inside[0].bare) < SHORTEST:
        return False
    return bool(unknown)


def singular(word: str) -> str:
    """ "players" -> "player" (a crude singular, for looking words up).

    >>> singular("players"), singular("is")
    ('player', 'is')
    """
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def settle_weak_names(
    words: list[Word], mentions: list[Mention], vocab: Vocabulary
) -> tuple[list[Mention], set[int], set[int]]:
    """Names that are also words ("drunk", "general") count only where they read as names.

    Returns the kept mentions, the word indices of "drunk" read as the condition, and those of
    a name that is part of a reminder token's name ("Drunk 1/2/3").
    """
    kept: list[Mention] = []
    drunk_words: set[int] = set()
    token_words: set[int] = set()
    starts = {m.start for m in mentions}
    inside = {i for m in mentions for i in range(m.start, m.end)}
    for mention in mentions:
        word = words[mention.start]
        single = mention.end - mention.start == 1
        following = next((m for m in mentions if m.start == mention.end), None)
        described = (
            following is not None
            and not words[following.start].gap_before
            and not _weak(words[following.start], vocab)
            and mention.start > 0
            and words[mention.start - 1].bare in ("the", "my", "our", "a", "an", "that")
        )
        if single and len(word.bare) <= 2 and described:
            continue  # "the og FT": a two-letter form before another name describes it
        if (
            single
            and word.bare in CHAT_WORDS
            and word.typed.islower()
            and not _opens_as_name(words, mention, following)
        ):
            continue  # "does he die bc its day": chat, not the Bone Collector
        if (
            single
            and word.typed.islower()
            and mention.start > 0
            and words[mention.start - 1].bare in IDIOMS.get(word.bare, ())
            and not word.gap_before
        ):
            continue  # "sounds like a lot", "poison in general": idioms, no Lord of Typhon
        if (
            single
            and word.typed.islower()
            and singular(word.bare) == "lot"
            and (following_word := word_at(words, mention.end)) is not None
            and following_word.bare == "of"
        ):
            continue  # "a group with lots of new players": many, no Lord of Typhon
        if single and (_verb_form(words, word, inside) or drunk_opening_a_clause(words, word)):
            drunk_words.add(word.index)  # "courtier drunks the lil monsta": the verb
            continue
        if single and _weak(word, vocab) and _before_token(words, mention.end):
            token_words.add(word.index)  # "where does the drunk token go": the token's name
            continue
        if single and word.bare in FORMS and _worn_off(words, mention.end):
            token_words.add(word.index)  # "the drunk wore off at dusk": the state, gone
            continue
        if single and word.bare == "drunk" and _drunkenness_acts(words, mention):
            token_words.add(word.index)  # "ogre was drunk ... does the drunk stop it": the state
            continue
        if single and word.bare in vocab.weak and _describes(words, mention.end):
            continue  # "the cursed guy": a name that is also a word, before a person
        # "druunk butcher": a slip of the state word, read inexactly as the Drunk
        slip = (
            single
            and not mention.exact
            and word.bare not in FORMS
            and condition_form(word.bare) == FORMS["drunk"]
        )
        weak = mention.end - mention.start == 1 and (
            word.bare in vocab.weak
            or (mention.exact and singular(word.bare) in vocab.weak)  # "who judges funny"
            or word.bare in FORMS
            or slip
        )
        if weak and _token_name(words, mention.end):
            token_words.add(word.index)  # "the drunk 1/2/3 ones": a reminder token's name
            continue
        if not weak:
            kept.append(mention)
        elif word.bare == "drunk" and _learned_as(words, word):
            kept.append(mention)  # "does the undertaker learn drunk": the character learned
        elif (word.bare in FORMS or slip) and (
            _reads_as_condition(words, word, starts, inside) or not _has_cue(words, word)
        ):
            drunk_words.add(word.index)
        elif word.bare == "drunk" and _drunkenness_given(words, mention, mentions, vocab):
            token_words.add(word.index)  # "sweetheart died ... pick the drunk": the drunkenness
        elif _has_cue(words, word) or _asked_of(words, word):
            kept.append(mention)
    return kept, drunk_words, token_words


def _learned_as(words: list[Word], word: Word) -> bool:
    """ "does the undertaker learn drunk", "the ravenkeeper sees drunk": the word right after a
    verb of learning, before no person it describes ("sees drunk players"), is what is
    learned: the character."""
    following = word_at(words, word.index + 1)
    return (
        word.index > 0
        and words[word.index - 1].bare in _LEARNING
        and not word.gap_before
        and (following is None or following.gap_before or not is_anchor(following))
    )


_LEARNING = frozenset("learn learns learned learnt see sees saw seen shown".split())


# names that are words of an idiom after the word before them: "a lot", "in general"
IDIOMS = {"lot": ("a", "whole"), "general": ("in",)}


def _asked_of(words: list[Word], word: Word) -> bool:
    """ "does riot need", "can wizard grant": a weak name (a noun, not "cursed") right after
    the question's verb, before another word, is the character asked about."""
    following = word_at(words, word.index + 1)
    return (
        word.index > 0
        and words[word.index - 1].bare in QUESTION_AUXILIARIES
        and not word.gap_before
        and not word.bare.endswith("ed")
        and following is not None
        and not following.gap_before
    )


def _verb_form(words: list[Word], word: Word, inside: set[int]) -> bool:
    """ "courtier drunks the lil monsta", "courtier drunks lil monsta": "drunks" right after a
    name, before whom it makes so, is a verb, not the Drunk."""
    following = word_at(words, word.index + 1)
    return (
        word.bare == "drunks"
        and word.index - 1 in inside
        and following is not None
        and not word.gap_before
        and not following.gap_before
        and (
            following.bare in ("the", "a", "an", "him", "her", "them") or following.index in inside
        )
    )


def drunk_opening_a_clause(words: list[Word], word: Word) -> bool:
    """ "sweetheart died, drunk a dead player ok?": "drunk" opening a clause before whom it
    makes so, a verb (not "drunk a townsfolk?", what the Drunk is)."""
    following, then = word_at(words, word.index + 1), word_at(words, word.index + 2)
    if word.bare != "drunk" or following is None or following.gap_before:
        return False
    if not (word.index == 0 or word.gap_before):
        return False
    if following.bare in ("someone", "somebody", "him", "her", "them"):
        return True
    return (
        following.bare in ("a", "an")
        and then is not None
        and singular(then.bare) not in CHARACTER_TYPES
    )


def _weak(word: Word, vocab: Vocabulary) -> bool:
    return word.bare in vocab.weak or word.bare in FORMS


def _describes(words: list[Word], end: int) -> bool:
    """The word after a name is a person it describes ("the cursed guy"); not the name's own
    character type ("judge traveller wants to ...": the Judge)."""
    following = word_at(words, end)
    return (
        following is not None
        and not following.gap_before
        and is_anchor(following)
        and singular(following.bare) not in CHARACTER_TYPES
    )


# the character types, which a name stands before as what it is ("the judge traveller")
CHARACTER_TYPES = frozenset({"traveller", "traveler", "townsfolk", "outsider", "fabled", "loric"})


def _before_token(words: list[Word], end: int) -> bool:
    following = word_at(words, end)
    return following is not None and following.bare in ("token", "tokens", "reminder", "reminders")


def _worn_off(words: list[Word], end: int) -> bool:
    """ "the drunk wore off", "does the drunk stay on or lift", "drunk ends at dusk": a
    state's going or staying."""
    following, then = word_at(words, end), word_at(words, end + 1)
    if following is None or following.gap_before:
        return False
    if following.bare in LIFTING:
        return True
    if following.bare in ENDING and not (then is not None and then.bare == "up"):
        return True  # "drunk ends at dusk" (not "the drunk ends up the imp")
    return (
        then is not None
        and not then.gap_before
        and (following.bare, then.bare) in WEARING_OFF | STAYING_ON
    )


# what a drunkenness does to an effect: "does the drunk stop it", "the drunk cancel that"
_STOPPING = frozenset(
    "stop stops stopped cancel cancels cancelled block blocks prevent prevents affect affects "
    "override overrides break breaks matter matters".split()
)


def _drunkenness_acts(words: list[Word], mention: Mention) -> bool:
    """ "my ogre was drunk ... or does the drunk stop it?": after someone is told drunk, "the
    drunk" doing something to an effect is that drunkenness, not the Drunk."""
    following = word_at(words, mention.end)
    if following is None or following.gap_before or following.bare not in _STOPPING:
        return False
    if mention.start == 0 or words[mention.start - 1].bare != "the":
        return False
    return any(
        w.bare == "drunk" and words[w.index - 1].bare in ("was", "is", "were", "got", "gets")
        for w in words[1 : mention.start - 1]
    )


# the words that may link two names said to be one player: "can the goon be the drunk", "the
# drunk can't be the goon", "is the drunk ever the goon"
_IDENTITY_LINKS = frozenset(
    "the a an be is was are were ever never not also really actually can could may might "
    "cant cannot couldnt wont isnt wasnt would will".split()
)
_BE = frozenset("be is was are were isnt wasnt".split())


def _one_is_the_other(
    words: list[Word], mention: Mention, mentions: list[Mention], vocab: Vocabulary
) -> bool:
    """ "can the goon be the drunk", "the drunk can't be the goon", "is the drunk ever the
    goon": a character that makes a player drunk and "the drunk" said to be one player, by
    a form of "be" between them or opening the question: the Drunk, not its drunkenness."""
    for other in mentions:
        if other is mention or other.id not in vocab.drunk_makers:
            continue
        first, last = sorted((mention, other), key=lambda m: m.start)
        between = [w.bare for w in words[first.end : last.start]]
        if not between or not all(b in _IDENTITY_LINKS for b in between):
            continue
        opening = [w.bare for w in words[max(0, first.start - 2) : first.start]]
        if any(b in _BE for b in between) or any(b in _BE for b in opening):
            return True
    return False


# what follows "the drunk" where it is still the Drunk (or someone drunk: "the drunk one"),
# beside a character that makes a player drunk: "the drunk thinks hes the chef"
_THE_DRUNK_ITSELF = frozenset(
    "one ones ability abilities character token player thinks think believes thought".split()
)


def _drunkenness_given(
    words: list[Word], mention: Mention, mentions: list[Mention], vocab: Vocabulary
) -> bool:
    """ "sweetheart died n3, do i pick the drunk before the empath wakes", "courtier used it,
    how do i track the drunk": beside a character that makes a player drunk, "the drunk"
    typed lower case is the drunkenness it gives, not the Drunk; not "the drunk ability",
    "the drunk's token", "the drunk Monk", nor "the drunk one" (who is drunk: a state)."""
    if mention.start == 0 or words[mention.start - 1].bare != "the":
        return False
    word = words[mention.start]
    if not word.typed.islower() or word.lower.endswith(("'s", "’s")):
        return False
    if not any(m.id in vocab.drunk_makers for m in mentions if m is not mention):
        return False
    if (
        mention.start >= 2
        and words[mention.start - 2].bare in CHOICE_VERBS
        and any(m.id in vocab.drunk_makers and m.end == mention.start - 2 for m in mentions)
    ):
        return False  # "courtier chooses the drunk", "sailor picked the drunk": the Drunk
    if _one_is_the_other(words, mention, mentions, vocab):
        return False  # "can the goon be the drunk": which character a player is, the Drunk
    following = word_at(words, mention.end)
    return (
        following is None
        or following.gap_before
        or not (
            following.bare in _THE_DRUNK_ITSELF or any(m.start == mention.end for m in mentions)
        )
    )


def _token_name(words: list[Word], end: int) -> bool:
    """Numbers straight after a name ("Drunk 1/2/3", "drunk 1 and 2"): a reminder token."""
    numbers = [w for w in words[end : end + 3] if w.bare.isdigit()]
    if len(numbers) >= 2 and words[end].bare.isdigit():
        return True
    # one token of a counted set: "when does the drunk 3 come off", "(drunk 1 on imp)"; not
    # how long ("drunk 3 nights")
    following = word_at(words, end + 1)
    return (
        end < len(words)
        and words[end].bare in ("1", "2", "3")
        and not words[end].gap_before
        and (following is None or following.bare not in DURATIONS)
    )


DURATIONS = frozenset("night nights day days turn turns times".split())


def _reads_as_condition(words: list[Word], word: Word, starts: set[int], inside: set[int]) -> bool:
    """ "drunk Monk", "the Monk is drunk", "drunk or poisoned": the condition, not the Drunk."""
    after = next_content(words, word.index)
    between = {w.bare for w in words[word.index + 1 : after.index]} if after else set()
    if (
        after is not None
        and (after.index in starts or is_anchor(after))
        # (not a name before what it is said to be: "is the drunk a townsfolk")
        and not between & {"a", "an"}
        # (nor one of two named: "fortune teller picks the drunk and the imp")
        and not ("the" in between and word.index > 0 and words[word.index - 1].bare in ("the", "a"))
    ):
        return True
    following = word_at(words, word.index + 1)
    article = word.index > 0 and words[word.index - 1].bare in ("the", "a", "an", "our", "my")
    then_one = word_at(words, word.index + 2)
    if (
        following is not None
        and not following.gap_before
        and (
            following.bare in _DRUNKS_DOING
            or (following.bare == "no" and then_one is not None and then_one.bare == "one")
        )
    ):
        return True  # "does a drunk 'no one' count", "a drunk pick": what a drunk player did
    lasting = following is not None and not following.gap_before and following.bare in LASTING_FOR
    if lasting and not article:
        return True  # "drunk for the rest of the game", "drunk until dusk": how long, a state
    near = [w.bare for w in words[max(0, word.index - 3) : word.index]]
    if near and near[-1] in ("or", "and", "/", "&") and STATE_ADJECTIVES & set(near[:-1]):
        return True  # "is the empath sober again or drunk": one state of two
    then = word_at(words, word.index + 2)
    if (
        following is not None
        and following.bare in ("/", "&")
        and then is not None
        and (then.bare in STATE_ADJECTIVES or condition_form(then.bare) is not None)
    ):
        return True  # "be drunk/poisoned", "normal drunk/poison rules": a state of two
    following_aside = following is not None and following.aside and not following.gap_before
    if word.aside and word.gap_before and not following_aside and word.index > 0:
        if words[word.index - 1].index in inside:
            return True  # "the empath (drunk)": a state told of the name before the bracket
    if word.index > 0 and words[word.index - 1].bare in ("her", "his", "their", "its"):
        return not word.gap_before  # "how do i handle her drunk": the drunkenness she gives
    if word.index + 1 < len(words) and words[word.index + 1].bare in ("one", "ones", "target"):
        return not words[word.index + 1].gap_before  # "make the sweetheart the drunk one"
    verb = following
    if verb is not None and verb.bare in MUST and not verb.gap_before:
        # "does the drunk HAVE to go on the fall guy": past the modal to the verb
        after = word_at(words, verb.index + 1)
        if verb.bare not in NEEDING:
            verb = after
        else:
            verb = word_at(words, verb.index + 2) if after and after.bare == "to" else None
    placed = word_at(words, verb.index + 1) if verb is not None else None
    if (
        verb is not None
        and verb.bare in PLACED
        and placed is not None
        and placed.bare in ("on", "onto", "to")
        and not verb.gap_before
        and (word_at(words, placed.index + 1) or placed).bare not in ("sleep", "bed")
    ):
        return True  # "can the drunk go on someone whos already dead": the drunkenness
    giving = word.index >= 2 and words[word.index - 2].bare in GIVEN and article
    if giving and following is not None and following.bare in ("to", "on", "onto"):
        return not following.gap_before  # "give the drunk to the sweetheart herself"
    before = words[word.index - 1] if word.index else None
    if before is None:
        return False
    if before.bare in COPULAS or before.index in inside or is_anchor(before):
        return not word.gap_before or before.bare in COPULAS
    two_back = words[word.index - 2] if word.index > 1 else None
    return bool(two_back and two_back.bare in COPULAS and before.bare in PRONOUNS)


LASTING_FOR = frozenset({"for", "until", "till", "til"})
# what a player does, said with the state before it: "a drunk 'no one'", "a drunk pick"
_DRUNKS_DOING = frozenset("nobody pick picks choice choices info information reading".split())
WEARING = frozenset(
    {"wore", "wears", "wear", "wearing", "worn", "come", "comes", "came", "coming"}
)  # ... off
# a state lifting or staying: "does the drunk lift", "does the drunk stay on"
LIFTING = frozenset({"lift", "lifts", "lifted", "lifting"})
ENDING = frozenset("ends ended expires expired lasts lasted".split())
STAYING_ON = frozenset((w, "on") for w in ("stay", "stays", "stayed", "remain", "remains"))
WEARING_OFF = frozenset((w, "off") for w in WEARING)
# a modal between a state and where it goes: "the drunk has to go on", "the drunk must go on"
NEEDING = frozenset({"have", "has", "need"})  # ... with "to" before the verb
MUST = NEEDING | {"must", "should", "can", "could", "will"}
# what the storyteller does with a state: "give the drunk to", "put the drunk on"
GIVEN = frozenset(
    "give gives gave giving put puts putting place places placed stick sticks stuck".split()
)
# what a state does when it is put on someone: "the drunk goes on the chef"
PLACED = frozenset(
    "go goes went land lands landed fall falls fell move moves moved jump jumps".split()
)


def _has_cue(words: list[Word], word: Word) -> bool:
    if word.index == 0 or word.gap_before or word.typed[:1].isupper():
        return True
    if words[word.index - 1].bare in CUES | HOMEBREW or word.lower.endswith("'s"):
        return True
    if words[word.index - 1].bare == "both" and singular(word.bare) != word.bare:
        return True  # "both twins are executed": the pair a plural name says
    if (
        word.index > 1
        and word.bare not in FORMS
        and words[word.index - 1].bare in _STATES_BEFORE
        and words[word.index - 2].bare in CUES
        and not words[word.index - 1].gap_before
    ):
        return True  # "can a dead judge nominate", "the poisoned wizard": a state between
    if (
        word.index > 1
        and word.bare == "drunk"
        and words[word.index - 1].bare in _FATES_BEFORE
        and words[word.index - 2].bare in ("the", "a", "our", "my", "that")
        and not words[word.index - 1].gap_before
        and not word.gap_before
    ):
        return True  # "undertaker learns the executed drunk": what befell the Drunk, between
    following = word_at(words, word.index + 1)
    # "is the judge traveller", "ODE homebrew cursed is dead", "cursed (homebrew)": a name
    # said with what kind of character it is
    return (
        following is not None
        and singular(following.bare) in CHARACTER_TYPES | HOMEBREW
        and not following.gap_before
    )


# a player's state said between a cue and a name that is also a word ("a dead judge")
_STATES_BEFORE = frozenset({"dead", "drunk", "poisoned", "mad", "sober", "alive"})
# what befell a player, said between a cue and "drunk" ("the executed drunk", "a dead drunk"):
# the Drunk it befell, where nothing after makes "drunk" a state of someone named
_FATES_BEFORE = frozenset({"dead", "executed", "exed", "nominated", "killed", "alive", "living"})
# words that say a character is homebrew, before or after its name
HOMEBREW = frozenset({"homebrew", "ode", "hb"})


def word_at(words: list[Word], index: int) -> Word | None:
    """The word at ``index``, or None past either end ("the word after this one")."""
    return words[index] if 0 <= index < len(words) else None


def clause_start(words: list[Word], index: int) -> int:
    """Where the clause holding word ``index`` starts: the last word at or before it that
    punctuation comes before.

    >>> clause_start(tokenize("imp died. does the sw become it"), 4)
    2
    """
    return max((w.index for w in words[: index + 1] if w.gap_before), default=0)


def phrase_start(words: list[Word], first: int) -> int:
    """Where the phrase naming someone starts: before its articles ("the imp" -> "the").

    >>> from service.answer.mentions import tokenize
    >>> phrase_start(tokenize("does the spy die"), 2), phrase_start(tokenize("spy. the spy"), 2)
    (1, 1)
    """
    while first > 0 and words[first - 1].bare in ARTICLES and not words[first].gap_before:
        first -= 1
    return first


def next_content(words: list[Word], index: int) -> Word | None:
    """The next word after ``index`` that is not a filler ("the", "or poisoned"), within the
    same clause and three words."""
    for word in words[index + 1 : index + 4]:
        if word.gap_before:
            return None
        if word.bare not in FILLERS:
            return word
    return None


def _opens_as_name(words: list[Word], mention: Mention, following: Mention | None) -> bool:
    """A chat word opening the question as its subject: "og in play, dead guy votes", "og
    eyes closed votes": the Organ Grinder; not before a name ("og FT": the original one)
    or a clause of its own ("bc its day")."""
    after = word_at(words, mention.end)
    return (
        (mention.start == 0 or words[mention.start].opens_sentence)
        and following is None
        and after is not None
        and not after.gap_before
        and after.bare not in PRONOUNS | ARTICLES | OWNERS | _CLAUSE_OPENERS
    )


# words that, after a chat word, open a clause it introduces ("bc if", "rn the")
_CLAUSE_OPENERS = frozenset("if when so then because its theres there i we you".split())


def is_anchor(word: Word) -> bool:
    return (
        word.bare in ANCHORS
        or singular(word.bare) in ANCHORS
        or _NEIGHBOUR_TYPED.match(word.bare) is not None
    )


# "neighbour" as it gets typed in a hurry: "nieghbour", "neigbour", "neibour", "neighbr"
_NEIGHBOUR_TYPED = re.compile(r"^n(?:ei|ie|e|i)g?h?b(?:ou|o|u)?rs?$")


def find_anchors(words: list[Word], mentions: list[Mention], question: str = "") -> set[int]:
    """Generic people: "a player", "the demon", and "one of them" (someone among several);
    not the player a parenthesis after a name describes ("our gambler (yr 9 kid)")."""
    inside = {i for m in mentions for i in range(m.start, m.end)}
    ends = {words[m.end - 1].end for m in mentions}
    for aside in _ASIDE.finditer(question):
        if aside.start() in ends:
            inside |= {w.index for w in words if aside.start() < w.start < aside.end()}
    last = {m.end - 1 for m in mentions}
    for w in words:  # "chose the vortox as the player who is drunk": the Vortox is that player
        k = w.index
        if (
            w.bare in ("player", "person", "one", "guy")
            and k >= 3
            and words[k - 1].bare in ARTICLES
            and words[k - 2].bare == "as"
            and k - 3 in last
            and not any(x.gap_before for x in words[k - 2 : k + 1])
        ):
            inside.add(k)
    return {
        w.index
        for w in words
        if w.index not in inside
        and (
            is_anchor(w)
            or _one_of(words, w)
            or no_one(words, w)
            or _counted_side(words, w)
            or _someones_pick(words, w)
            or _one_of_a_side(words, w)
        )
    }


def _one_of_a_side(words: list[Word], word: Word) -> bool:
    """ "another good one got exed": "one" after a side, a player of it."""
    return (
        word.bare == "one"
        and word.index > 0
        and words[word.index - 1].bare in ("good", "evil")
        and not word.gap_before
    )


_PICK_NOUNS = frozenset({"pick", "choice"})
_WHICH_PICK = frozenset("1st first 2nd second last new other latest".split())


def _someones_pick(words: list[Word], word: Word) -> bool:
    """ "the harpy's 1st pick": the player a character chose, a person (of whom "mad" or
    "dead" is said), not the one who chose (not "his pick was bad. he ...": the choice)."""
    if word.bare not in _PICK_NOUNS or word.gap_before:
        return False
    k = word.index - 1
    if k >= 0 and words[k].bare in _WHICH_PICK and not words[k].gap_before:
        k -= 1
    return k >= 0 and words[k].lower.replace("’", "'").endswith("'s")


# a number of one side's players: "2 evil are dead", "three good left"
_COUNTS = frozenset(
    "1 2 3 4 5 6 7 8 9 one two three four five six seven eight nine all both".split()
)


def _counted_side(words: list[Word], word: Word) -> bool:
    """ "oracle when 2 evil are dead": "evil" counted, the people, of whom "dead" is said."""
    return (
        word.bare in ("evil", "good", "evils", "goods")
        and word.index > 0
        and words[word.index - 1].bare in _COUNTS
        and not word.gap_before
        and ((following := word_at(words, word.index + 1)) is None or following.bare not in _PEOPLE)
    )


_PEOPLE = frozenset("player players people ppl ones guys person".split())


def no_one(words: list[Word], word: Word) -> bool:
    """ "no one got executed": "one" after "no", a person-word for nobody, so the execution is
    no one's."""
    return (
        word.bare == "one"
        and word.index > 0
        and words[word.index - 1].bare == "no"
        and not word.gap_before
    )


# a parenthesis (its start: where the word before it ends), not another person it adds
# ("the puppetmaster (or another evil player)")
_ASIDE = re.compile(r"(?<=\w)\s*\((?!\s*(?:or|and|&)\b)[^()]*\)")


# "one of them", "another of the three", "both of the minions": someone among several
AMONG = frozenset("one another two three both either neither each some any none all".split())


def _one_of(words: list[Word], word: Word) -> bool:
    following = word_at(words, word.index + 1)
    return word.bare in AMONG and following is not None and following.bare == "of"


# Unions the per-span checks above test words against, built once here (after every set they
# join is defined) rather than for every word of every span.
_CHAT_OR_ANCHOR = CHAT_WORDS | ANCHORS
_NEVER_HEARD = ANCHORS | CHAT_WORDS | NOT_HEARD
_A_NAMES_DOING = HEARD_BEFORE | PLAYERS_DO
_CHOOSING = CHOICE_VERBS | KILLING
_NEVER_AUTOCORRECTED = ANCHORS | PRONOUNS | CHAT_WORDS | NOT_HEARD | STOPWORDS | OWN_PRONOUNS
_AFTER_AUTOCORRECTED = AUTOCORRECT_AFTER | PLAYERS_DO | NAMED_AS
_NOT_A_NAMES_WORD = ANCHORS | PRONOUNS | NOT_HEARD
