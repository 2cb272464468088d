"""Reader for a homebrew collection with no name headers (seed 003, ODE's 80 characters).

An entry is a run of unlabelled lines closed by its type line::

    You start knowing how many Outsiders are in play. If none, this info is arbitrary.   ability
    The Bricklayer knows how many Outsiders are in play, but might be wrong.            summary
    On their first night, the Bricklayer learns a number ...                            rules
    There are two Outsiders in play: the Drunk and the Butler. The Bricklayer learns... examples
    On their first night, wake the Bricklayer. Show them fingers ...                    how to run
    Townsfolk                                                                           type

The name is only in the summary ("The X ..."). Lines before the first entry's ability are a
preamble (credit, icons, a night-order disclaimer): they are not rules, so they are kept as
problems of kind "preamble", verbatim, rather than as rulings no character owns.

Each body line is classified by what it says (``classify_body``):

- HOW_TO_RUN: an instruction to the Storyteller, i.e. a clause that opens with an imperative
  ("On their first night, wake the X", "If ..., mark them with ...", "Do not show ...") or
  "you may / you can <storyteller action>" ("you may mark", "you can announce").
- EXAMPLE: a worked example (``reads_as_example``): it names other characters as players, or
  sets up a concrete game ("In a 10 player game", "It is night 2", 'learns a "2"'), or narrates
  two or more sentences of outcomes with no general wording (if, each, may, might, ...).
- Lines with neither signal take their place from the entry's order, which is always rules,
  then examples, then how-to-run: NOTE before the first example, EXAMPLE between two examples,
  HOW_TO_RUN after the last example.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from knowledge.model import CharacterText, ReadResult, Ruling, Section, Source, Team
from knowledge.names import Lexicon, Role, slug

TEAMS = {team.value: team for team in Team}

IMPERATIVES = frozenset(
    "wake show mark put point choose announce prompt tell remove replace change run treat "
    "register count end repeat keep nod inform add exchange swap prepare give use move shake "
    "check".split()
)
_ADVERBS = frozenset({"then", "instead", "publicly", "also", "immediately", "now"})
_MODALS = frozenset({"may", "might", "can", "could", "will", "would", "must", "should"})
_ADDRESSED = re.compile(r"\byou (?:may|can)(?: also)? (?:choose to )?(?P<verb>\w+)", re.IGNORECASE)
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_SEGMENT = re.compile(r"[,.;:!?()]+\s*|\s+-\s+")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_SCENARIO = re.compile(
    r"^(?:In an? \d+ player game|There (?:are|is) \w+ players? in the game|It is night \d"
    r"|Tomorrow is day \d|Then,|The next day|The night after)"
    r"|\blearns? (?:an? )?[\"“]?\d"
)
_GENERIC = re.compile(
    r"\b(?:if|whenever|each|every|any|anyone|can|cannot|can't|could|may|might|must|should"
    r"|would|wouldn't|once|always|never|you|your|we)\b",
    re.IGNORECASE,
)
_GENERAL_LIST = re.compile(
    r"\b(?:such as|like the|for example|e\.g\.)|\b(?:you|your|we)\b", re.IGNORECASE
)
_OUTCOME = re.compile(
    r"\b(?:dies|died|die|executed|learns|learnt|learn|announces|wins|loses|woke|wakes"
    r"|becomes|chooses|kills)\b"
)
_SUMMARY = re.compile(r"^The ((?:[^\W\d_][\w'’-]*)(?: [A-Z][\w'’-]*)*) [a-z]")
# Words that open a sentence as "The X ..." without naming a character.
_NOT_NAMES = frozenset({"Demon", "Minion", "Storyteller", "Grimoire", "Townsfolk", "Outsider"})


@dataclass(frozen=True, slots=True)
class Line:
    number: int
    text: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One character's lines, as cut from the document."""

    name: str
    ability: Line
    summary: Line
    body: tuple[Line, ...]
    team: Team | None
    end: int  # the closing type line

    @property
    def id(self) -> str:
        return slug(self.name)


def read_homebrew(path: Path, lexicon: Lexicon) -> ReadResult:
    """Every character of a header-less homebrew collection, its lines classified."""
    result = ReadResult(file=path.name)
    lines = [
        Line(n, t.strip())
        for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if t.strip()
    ]
    entries: list[Entry] = []
    author = "unknown"
    for index, (block, team, end) in enumerate(split_blocks(lines)):
        entry, head = cut_entry(block, team, end)
        if index == 0:
            author = _author(head) or author
        _report_head(result, head, preamble=index == 0)
        if entry is None:
            _report_unattributed(result, block)
            continue
        if team is None:
            result.problem(
                entry.ability.number,
                "truncated",
                "no type line closes this entry: team unknown",
                end=entry.end,
                character_id=entry.id,
            )
        entries.append(entry)
    # Only names matter here; an unclosed entry's unknown team is filled to satisfy Role.
    own = Lexicon.from_roles(Role(e.id, e.name, e.team or Team.TOWNSFOLK) for e in entries)
    seen: set[str] = set()
    for entry in entries:
        _check_names(result, entry, lexicon, own, seen)
        _emit(result, entry, f"homebrew:{author}", lexicon, own)
    return result


def split_blocks(lines: Sequence[Line]) -> list[tuple[list[Line], Team | None, int | None]]:
    """Cut the document at its type lines; each block ends with the type line that closes it."""
    blocks: list[tuple[list[Line], Team | None, int | None]] = []
    current: list[Line] = []
    for line in lines:
        team = TEAMS.get(line.text.lower())
        if team is None:
            current.append(line)
            continue
        blocks.append((current, team, line.number))
        current = []
    if current:
        blocks.append((current, None, None))
    return blocks


def summary_name(text: str) -> str | None:
    """The character a summary sentence is about, or None if the line is no summary.

    >>> summary_name("The Kuma Lisa flips life tokens instead of killing normally.")
    'Kuma Lisa'
    >>> summary_name("The Pâtissier learns about character types.")
    'Pâtissier'
    >>> summary_name("The Demon sees the Grimoire on your 2nd night.") is None
    True
    """
    match = _SUMMARY.match(text)
    if match is None or match.group(1) in _NOT_NAMES:
        return None
    return match.group(1)


def cut_entry(
    block: list[Line], team: Team | None, end: int | None
) -> tuple[Entry | None, list[Line]]:
    """The entry in a block, and the lines before its ability line (preamble or stray)."""
    for index in range(1, len(block)):
        name = summary_name(block[index].text)
        if name is not None:
            entry = Entry(
                name=name,
                ability=block[index - 1],
                summary=block[index],
                body=tuple(block[index + 1 :]),
                team=team,
                end=end or block[-1].number,
            )
            return entry, block[: index - 1]
    return None, []


def is_instruction(text: str) -> bool:
    """Whether a line tells the Storyteller what to do.

    >>> is_instruction("On their first night, wake the Potter. Show them fingers.")
    True
    >>> is_instruction("If a good player is mad about a Dealer being in play, you may mark any"
    ...                " other player with a \\"Drunk\\" reminder token.")
    True
    >>> is_instruction("Each night, the Bookkeeper is shown two characters.")
    False
    """
    plain = _QUOTED.sub("Q", text)
    match = _ADDRESSED.search(plain)
    if match and match.group("verb").lower() in IMPERATIVES:
        return True
    return any(_has_imperative_clause(sentence) for sentence in _SENTENCE.split(plain))


def _has_imperative_clause(sentence: str) -> bool:
    for segment in _SEGMENT.split(sentence):
        words = segment.lower().split()
        while words and words[0] in _ADVERBS:
            words.pop(0)
        if words and (words[0] in IMPERATIVES or words[:2] == ["do", "not"]):
            return True
        # "the Narcissist might, at any time, replace that player": the verb after an
        # interrupted modal belongs to the character, not to the Storyteller.
        if words and words[-1] in _MODALS:
            return False
    return False


def reads_as_example(text: str, names_others: bool) -> bool:
    """Whether a line is a worked example: a concrete game with concrete outcomes.

    ``names_others``: the line names a character other than the one it is about.

    >>> reads_as_example("The Butler is sat next to the Imp. The Geisha learns 1.", True)
    True
    >>> reads_as_example("It is night 2. The Gargan does not wake.", False)
    True
    >>> reads_as_example("The Corporealis chooses a player at night. That player dies.", False)
    True
    >>> reads_as_example("Some characters gain nothing, such as the Flowergirl or Oracle.", True)
    False
    >>> reads_as_example("If the Trapper dies at night, a living Minion dies too.", False)
    False
    """
    if _SCENARIO.search(text):
        return True
    if names_others and not _GENERAL_LIST.search(text):
        return True
    narrative = len(_SENTENCE.split(text.strip())) >= 2
    return narrative and not _GENERIC.search(text) and bool(_OUTCOME.search(text))


def classify_body(texts: Sequence[str], names_others: Sequence[bool]) -> list[Section]:
    """The section of each body line: its own signal, else its place in the entry's order."""
    signals: list[Section | None] = []
    for text, others in zip(texts, names_others, strict=True):
        if is_instruction(text):
            signals.append(Section.HOW_TO_RUN)
        elif reads_as_example(text, others):
            signals.append(Section.EXAMPLE)
        else:
            signals.append(None)
    return [signal or _by_position(signals, index) for index, signal in enumerate(signals)]


def _by_position(signals: Sequence[Section | None], index: int) -> Section:
    before, after = signals[:index], signals[index + 1 :]
    if Section.EXAMPLE in before and Section.EXAMPLE in after:
        return Section.EXAMPLE
    if any(s is not None for s in before):
        return Section.HOW_TO_RUN
    return Section.NOTE


def _author(head: Sequence[Line]) -> str | None:
    for line in head:
        match = re.search(r"\bby (\w+)", line.text)
        if match:
            return match.group(1)
    return None


def _report_head(result: ReadResult, head: Sequence[Line], *, preamble: bool) -> None:
    for line in head:
        if preamble:
            result.problem(line.number, "preamble", line.text)
        else:
            result.problem(line.number, "unrecognised", f"line before the ability: {line.text}")


def _report_unattributed(result: ReadResult, block: Sequence[Line]) -> None:
    if block:
        result.problem(
            block[0].number,
            "unattributed",
            "no 'The <Name> ...' summary line: cannot tell whose lines these are",
            end=block[-1].number,
        )


def _check_names(
    result: ReadResult, entry: Entry, lexicon: Lexicon, own: Lexicon, seen: set[str]
) -> None:
    if entry.id in seen:
        result.problem(
            entry.summary.number,
            "duplicate",
            f"{entry.name} is described twice",
            character_id=entry.id,
        )
    seen.add(entry.id)
    if entry.id in lexicon.roles:
        official = lexicon.roles[entry.id].name
        result.problem(
            entry.summary.number,
            "name-collision",
            f"homebrew {entry.name} has the id of official {official}",
            character_id=entry.id,
        )
    for line in (entry.summary, *entry.body):
        # A homebrew name that is also official may be the official character: no slip.
        strangers = [
            cid
            for cid in own.ids_in(_QUOTED.sub("Q", line.text))
            if cid != entry.id and cid not in lexicon.roles
        ]
        for cid in strangers:
            result.problem(
                line.number,
                "wrong-name",
                f"names {own.roles[cid].name} in the {entry.name} entry "
                "(copy-paste from that entry?)",
                character_id=entry.id,
            )


def _emit(result: ReadResult, entry: Entry, origin: str, lexicon: Lexicon, own: Lexicon) -> None:
    result.characters.append(
        CharacterText(
            character_id=entry.id,
            name=entry.name,
            team=entry.team,
            ability=entry.ability.text,
            origin=origin,
            source=Source(result.file, entry.ability.number, entry.end),
        )
    )
    _rule(result, entry, entry.ability, Section.ABILITY)
    _rule(result, entry, entry.summary, Section.SUMMARY)
    texts = [line.text for line in entry.body]
    others = [_names_others(text, entry.id, lexicon, own) for text in texts]
    for line, section in zip(entry.body, classify_body(texts, others), strict=True):
        _rule(result, entry, line, section)


def _names_others(text: str, own_id: str, lexicon: Lexicon, own: Lexicon) -> bool:
    plain = _QUOTED.sub("Q", text)
    homebrew = own.ids_in(plain)
    # Blank this file's names first, so "Witch Doctor" is not read as the official Witch.
    official = lexicon.ids_in(own.pattern.sub("X", plain))
    return any(cid != own_id for cid in (*homebrew, *official))


def _rule(result: ReadResult, entry: Entry, line: Line, section: Section) -> None:
    result.rulings.append(
        Ruling(
            character_id=entry.id,
            text=line.text,
            section=section,
            source=Source(result.file, line.number, line.number),
        )
    )
