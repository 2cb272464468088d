"""Reader for the headerless how-to-run file (seed 000): paragraphs, no character headers.

The character of each paragraph is inferred. A paragraph names characters in two
ways: *as its subject*, in the phrasing the file uses for the character it is about
("wake the Monk", "When the Monk is drunk or poisoned", "The Mayor does not wake at
night", "On the Juggler's first day", "A player who becomes the Fool during the
game"), or *in passing* ("the Empath's neighbours"). Each paragraph's topic is the
character it names most, subject mentions weighing three times a passing one.

Consecutive paragraphs with the same topic form runs. Each character has one block
in the file, so only its heaviest run is its *core*; the other runs are passing
mentions (the King in the Choirboy's block, the Damsel in the Huntsman's). Between
two cores, the block boundary is the first warning line (⚠), else the first opening
instruction ("Each night", "During set-up", "Before the game starts", ...) or
paragraph naming the next character that comes after the last paragraph naming the
previous one, else the next core itself.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from knowledge.ingest._paragraphs import Paragraph, blank_quoted, split_paragraphs
from knowledge.model import CharacterText, ReadResult, Ruling, Section, Source, Team
from knowledge.names import Lexicon, slug

WARNING = "⚠"
SUBJECT_WEIGHT = 3
# Capitalised game words that fill the same slots as character names ("wake the Demon").
_GAME_WORDS = frozenset({t.value.title() for t in Team} | {"Storyteller"})
_GENERIC_NAME = r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*"
# The file's phrasing for the character a paragraph is about; {name} is the name slot.
_SUBJECT_TEMPLATES = (
    r"\b(?:[Ww]ake|[Pp]rompt) (?:the )?({name})\b",
    r"\b[Pp]ut (?:the )?({name}) to sleep",
    r"\b(?:When|If|While|Once) (?:the |any |a )?({name})(?: player| ability)? (?:is|was) "
    r"(?:again )?(?:drunk|poisoned|dead|getting false|yielding false)",
    r"\b(?:When|If) (?:the )?({name}) ability yields false",
    r"(?:^|[.] )The ({name}) (?:does not wake|wakes)\b",
    r"\bOn the ({name})'s first (?:day|night)",
    r"\bOn the first night the ({name}) is in the game",
    r"\bbecomes (?:the |a )({name}) during the game",
    r"\bWhen the ({name}) enters play",
)
# How a block's first paragraph frames the moment it describes.
_OPENER = re.compile(
    r"^(?:Each (?:night|day)"
    r"|On the (?:First Night|first night|night|[A-Z][\w' -]*'s first)"
    r"|During (?:the First Night|set-up|the game|the day|any nomination|the nomination)"
    r"|At the start of|Before (?:the game|dawn)|Since dawn|As you count|Watch |Pay attention"
    r"|With the [A-Z][^,.]* in play|When (?:a|an|any) (?:player|Minion|Outsider) dies)"
)


@dataclass(frozen=True, slots=True)
class Block:
    """One character's run of paragraphs in the file."""

    character_id: str
    line_start: int
    line_end: int

    def to_dict(self) -> dict[str, object]:
        return {
            "character": self.character_id,
            "line_start": self.line_start,
            "line_end": self.line_end,
        }


@dataclass(frozen=True, slots=True)
class _Evidence:
    subject: Counter[str]
    passing: Counter[str]
    opener: bool
    warning: bool

    def score(self, cid: str) -> int:
        return SUBJECT_WEIGHT * self.subject[cid] + self.passing[cid]

    def names(self, cid: str) -> bool:
        return self.score(cid) > 0

    @property
    def topic(self) -> str | None:
        """The most-named character; ties go to a subject name, then to the first named."""
        named = list(dict.fromkeys([*self.subject, *self.passing]))
        return max(named, key=self.score) if named else None


@dataclass(frozen=True, slots=True)
class _Run:
    character_id: str
    first: int  # paragraph indexes, inclusive
    last: int
    weight: int
    subject_hits: int
    paragraphs: int


class _Names:
    """Character names findable in this document: the Lexicon's, plus names the
    document itself uses as a subject that the Lexicon does not know."""

    def __init__(self, lexicon: Lexicon, text: str) -> None:
        self.lexicon = lexicon
        self.ids: dict[str, str] = {}
        for role in lexicon.roles.values():
            for name in _variants(role.name):
                self.ids[name] = role.id
        self.unknown: dict[str, str] = {}  # id -> the name as the document writes it
        for name in _discover(text, self):
            self.ids[name] = slug(name)
            self.unknown[slug(name)] = name
        alternation = "|".join(re.escape(n) for n in sorted(self.ids, key=len, reverse=True))
        alternation = alternation or r"(?!)"  # no names at all: match nothing
        self.pattern = re.compile(rf"(?<![\w])({alternation})(?=s?\b|['’])")
        self.templates = [re.compile(t.format(name=alternation)) for t in _SUBJECT_TEMPLATES]

    def display(self, cid: str) -> str:
        role = self.lexicon.roles.get(cid)
        return role.name if role else self.unknown.get(cid, cid)

    def known(self, name: str) -> bool:
        return name in self.ids or self.lexicon.id_for(name) is not None

    def evidence(self, paragraph: Paragraph) -> _Evidence:
        text = blank_quoted(paragraph.text)
        subject = Counter(self.ids[m.group(1)] for t in self.templates for m in t.finditer(text))
        passing = Counter(self.ids[m.group(1)] for m in self.pattern.finditer(text))
        return _Evidence(
            subject, passing, bool(_OPENER.match(text)), paragraph.text.startswith(WARNING)
        )


def _variants(name: str) -> list[str]:
    """Spellings of an official name: straight apostrophe, lower-case initial ("al-Hadikhia").

    >>> _variants("Al-Hadikhia"), _variants("Monk")
    (['Al-Hadikhia', 'al-Hadikhia'], ['Monk'])
    """
    names = [name, name.replace("’", "'")]
    # Only a name keeping a capital after its first letter cannot be an ordinary word.
    if any(c.isupper() for c in name[1:]):
        names.append(name[0].lower() + name[1:])
    return list(dict.fromkeys(names))


def _discover(text: str, names: _Names) -> list[str]:
    """Capitalised names used at least twice as a paragraph's subject but unknown."""
    found: Counter[str] = Counter()
    plain = blank_quoted(text)
    for template in _SUBJECT_TEMPLATES:
        for match in re.finditer(template.format(name=_GENERIC_NAME), plain):
            found[match.group(1)] += 1
    return sorted(
        name
        for name, count in found.items()
        if count >= 2
        and not names.known(name)
        and name.rstrip("s") not in _GAME_WORDS
        and name not in _GAME_WORDS
    )


def _runs(evidence: list[_Evidence]) -> list[_Run]:
    """Maximal runs of paragraphs sharing a topic; paragraphs without one do not break a run."""
    runs: list[_Run] = []
    for index, ev in enumerate(evidence):
        cid = ev.topic
        if cid is None:
            continue
        if runs and runs[-1].character_id == cid:
            last = runs[-1]
            runs[-1] = _Run(
                cid,
                last.first,
                index,
                last.weight + ev.score(cid),
                last.subject_hits + ev.subject[cid],
                last.paragraphs + 1,
            )
        else:
            runs.append(_Run(cid, index, index, ev.score(cid), ev.subject[cid], 1))
    return runs


def _cores(runs: list[_Run]) -> list[_Run]:
    """Each character's heaviest run, if it is more than one passing mention."""
    best: dict[str, _Run] = {}
    for run in runs:
        if run.character_id not in best or run.weight > best[run.character_id].weight:
            best[run.character_id] = run
    return [
        run
        for run in runs
        if best[run.character_id] is run and (run.subject_hits > 0 or run.paragraphs > 1)
    ]


def _boundary(evidence: list[_Evidence], left: _Run | None, right: _Run) -> int:
    """Index of the first paragraph of ``right``'s block, searched between the two cores."""
    start = left.last + 1 if left else 0
    gap = range(start, right.first)
    warnings = [i for i in gap if evidence[i].warning]
    if warnings:
        return warnings[0]
    if left:
        start = max([i + 1 for i in gap if evidence[i].names(left.character_id)], default=start)
    for index in range(start, right.first):
        if evidence[index].opener or evidence[index].names(right.character_id):
            return index
    return right.first


def _attribute(paragraphs: list[Paragraph], names: _Names) -> list[tuple[str, int, int]]:
    """(character id, first, last paragraph index) for each block, in file order."""
    evidence = [names.evidence(p) for p in paragraphs]
    cores = _cores(_runs(evidence))
    if not cores:
        return []
    starts = [
        _boundary(evidence, left, right) for left, right in zip([None, *cores], cores, strict=False)
    ]
    ends = [s - 1 for s in starts[1:]] + [len(paragraphs) - 1]
    return [(core.character_id, s, e) for core, s, e in zip(cores, starts, ends, strict=True)]


# A leading clause about the character's state makes the paragraph a clarification.
_STATE_CONDITION = re.compile(
    r"^(?:When|If|While|Once|Whenever)\b[^,:;—]*?\b(?:drunk|poisoned|dead|false information"
    r"|register\w*|evil|good|sober|becomes|enters play|has used|changes?)\b"
)
_FRAME = re.compile(r"^(?:Then,? |[^,.:;—]*?, )")
_ACTION = re.compile(
    r"^(?:[Ww]ake|[Ss]how|[Pp]lace|[Mm]ark|[Pp]oint|[Pp]ut|[Rr]emove|[Mm]ove|[Ss]wap|[Rr]eplace"
    r"|[Cc]hoose|[Aa]nnounce|[Cc]ount|[Ww]atch|[Tt]rack|[Gg]ive|[Ee]xecute|[Pp]rompt|[Gg]esture"
    r"|[Nn]od|[Cc]ompare|[Ss]kip|[Aa]dd|[Ee]nsure|[Ww]rite|[Rr]un|[Tt]ake|[Aa]sk|[Cc]heck|[Ff]ind"
    r"|[Dd]ecide|[Ll]eave|[Kk]eep track|[Pp]ay attention|[Aa]rbitrarily|[Ll]et them|[Hh]ave them)\b"
)


def section_of(text: str) -> Section:
    """HOW_TO_RUN for a storyteller instruction, NOTE for a clarification.

    >>> section_of("Each night, wake the Monk. They point to a player.")
    <Section.HOW_TO_RUN: 'how-to-run'>
    >>> section_of("The Mayor does not wake at night.")
    <Section.HOW_TO_RUN: 'how-to-run'>
    >>> section_of("When the Monk is drunk or poisoned, show any number.")
    <Section.NOTE: 'note'>
    >>> section_of("On scripts with several Demons, they are safe.")
    <Section.NOTE: 'note'>
    """
    first = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    if _STATE_CONDITION.match(first):
        return Section.NOTE
    if "does not wake at night" in first or _OPENER.match(first):
        return Section.HOW_TO_RUN
    clause = first
    while (frame := _FRAME.match(clause)) and not _ACTION.match(clause):
        clause = clause[frame.end() :]
    return Section.HOW_TO_RUN if _ACTION.match(clause) else Section.NOTE


def howto_blocks(path: Path, lexicon: Lexicon) -> list[Block]:
    """The character blocks of a how-to-run file, with their line spans."""
    text = path.read_text(encoding="utf-8", errors="replace")
    paragraphs = [p for p in split_paragraphs(text) if _is_english(p)]
    return [
        Block(cid, paragraphs[s].line_start, paragraphs[e].line_end)
        for cid, s, e in _attribute(paragraphs, _Names(lexicon, text))
    ]


def read_howto(path: Path, lexicon: Lexicon) -> ReadResult:
    """Rulings, one per paragraph (or bullet), each attributed to its block's character."""
    text = path.read_text(encoding="utf-8", errors="replace")
    result = ReadResult(file=path.name)
    names = _Names(lexicon, text)
    paragraphs: list[Paragraph] = []
    for paragraph in split_paragraphs(text):
        if _is_english(paragraph):
            paragraphs.append(paragraph)
        else:
            result.problem(
                paragraph.line_start,
                "foreign-language",
                f"not English, kept out of the rulings: {paragraph.text!r}",
                end=paragraph.line_end,
            )
    blocks = _attribute(paragraphs, names)
    first = blocks[0][1] if blocks else len(paragraphs)
    for paragraph in paragraphs[:first]:
        _add_unattributed(result, paragraph)
    for cid, start, end in blocks:
        _add_block(result, names, cid, paragraphs[start : end + 1])
    return result


def _is_english(paragraph: Paragraph) -> bool:
    return any("a" <= c.lower() <= "z" for c in paragraph.text)


def _add_unattributed(result: ReadResult, paragraph: Paragraph) -> None:
    result.problem(
        paragraph.line_start,
        "unattributed",
        f"no character can be inferred: {_excerpt(paragraph.text)}",
        end=paragraph.line_end,
    )
    _add_rulings(result, None, paragraph)


def _add_block(result: ReadResult, names: _Names, cid: str, block: list[Paragraph]) -> None:
    if cid in names.unknown:
        _add_unknown(result, names.unknown[cid], cid, block)
    for paragraph in block:
        if paragraph.text.startswith(WARNING):
            result.problem(
                paragraph.line_start,
                "warning",
                paragraph.text,
                end=paragraph.line_end,
                character_id=cid,
            )
            continue
        _check_wrong_name(result, names, cid, paragraph)
        _add_rulings(result, cid, paragraph)


def _add_unknown(result: ReadResult, name: str, cid: str, block: list[Paragraph]) -> None:
    source = Source(result.file, block[0].line_start, block[-1].line_end)
    result.characters.append(
        CharacterText(
            character_id=cid,
            name=name,
            team=None,
            ability=None,
            origin="homebrew:unknown",
            source=source,
        )
    )
    result.problem(
        source.line_start,
        "unknown-character",
        f"{name!r} is not in the official roles.json; attributed as {cid!r}",
        end=source.line_end,
        character_id=cid,
    )


def _check_wrong_name(result: ReadResult, names: _Names, cid: str, paragraph: Paragraph) -> None:
    """A paragraph speaking of another character as its subject, never naming its own."""
    evidence = names.evidence(paragraph)
    others = [other for other in evidence.subject if other != cid]
    if others and not evidence.names(cid):
        wrong = ", ".join(names.display(o) for o in others)
        result.problem(
            paragraph.line_start,
            "wrong-name",
            f"names the {wrong} where the {names.display(cid)} is meant (copy-paste from the "
            f"{wrong} entry): {_excerpt(paragraph.text)}",
            end=paragraph.line_end,
            character_id=cid,
        )


def _add_rulings(result: ReadResult, cid: str | None, paragraph: Paragraph) -> None:
    parts = paragraph.bullets() if paragraph.is_bullets else [paragraph]
    for part in parts:
        result.rulings.append(
            Ruling(
                character_id=cid,
                text=part.text,
                section=section_of(part.text),
                source=Source(result.file, part.line_start, part.line_end),
            )
        )


def _excerpt(text: str, width: int = 80) -> str:
    """The start of a text, for messages.

    >>> _excerpt("abcdef", 3)
    "'abc…'"
    """
    return repr(text if len(text) <= width else text[:width].rstrip() + "…")
