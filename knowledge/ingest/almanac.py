"""Reader for script almanacs (seeds 002, 004): a title, script notes, then one entry per character.

An entry is blank-line-separated blocks: team line, name, ability, flavour, a summary
paragraph that opens with the ability in quotes, then headed sections ("How to Run",
"Examples & Notes", ...) whose lines are one step or note each.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from knowledge.model import (
    CharacterText,
    ReadResult,
    ReminderToken,
    Ruling,
    Script,
    Section,
    Source,
    Team,
)
from knowledge.names import Lexicon, slug

TEAMS = {team.value.capitalize(): team for team in Team} | {"Traveler": Team.TRAVELLER}
# None: the heading mixes kinds, so each paragraph is classed on its own (see _mixed_section).
HEADINGS: dict[str, Section | None] = {
    "how to run": Section.HOW_TO_RUN,
    "examples & notes": None,
    "examples and notes": None,
    "examples": Section.EXAMPLE,
    "example": Section.EXAMPLE,
    "notes": Section.NOTE,
    "tips": Section.NOTE,
    "tips & tricks": Section.NOTE,
}
HEADER = re.compile(r"Almanac\s*·\s*(?P<author>.+?)\s*·\s*(?P<count>\d+)\s+characters?", re.I)
NOT_WRITTEN = re.compile(r"not written yet\.?", re.I)
FABLED = re.compile(r"Fabled:\s*(?P<name>.+?)\s+[-–—]\s+(?P<body>.*)", re.S)
SPECIAL_RULES = re.compile(r"\s*Special Rules?:\s*", re.I)
LOOKS_LIKE_HEADING = re.compile(r"[A-Z][\w&'’ ]{0,30}")
TOKEN_LABEL = re.compile(r"[A-Z0-9][A-Z0-9 '’\-]{0,29}")
LEADING_WORDS = re.compile(r"[^\W\d_]+(?:['’ -][^\W\d_]+)*")
GARBLE = re.compile(r"[\d_]|[^\w\s'’\-.&]")
QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'"})
LANGUAGES = {"HANGUL": "Korean", "HIRAGANA": "Japanese", "KATAKANA": "Japanese", "CJK": "Chinese"}


@dataclass(frozen=True, slots=True)
class Block:
    """A run of non-blank lines; ``start`` is the 1-based number of its first line."""

    start: int
    lines: tuple[str, ...]

    @property
    def end(self) -> int:
        return self.start + len(self.lines) - 1

    @property
    def text(self) -> str:
        return " ".join(line.strip() for line in self.lines)

    @property
    def single(self) -> bool:
        return len(self.lines) == 1


@dataclass(slots=True)
class _Reading:
    """State shared while reading one almanac."""

    result: ReadResult
    lexicon: Lexicon
    script_id: str
    entry_ids: list[str] = field(default_factory=list)

    def rule(
        self, cid: str | None, text: str, section: Section, start: int, end: int | None = None
    ) -> None:
        source = Source(self.result.file, start, end or start)
        self.result.rulings.append(
            Ruling(character_id=cid, text=text, section=section, source=source)
        )


@dataclass(slots=True)
class _Body:
    """What the blocks after an entry's ability line held."""

    flavour: str | None = None
    summary: Block | None = None
    steps: int = 0
    not_written: int | None = None
    heading: str | None = None
    section_text: list[str] = field(default_factory=list)


def read_almanac(path: Path, lexicon: Lexicon) -> ReadResult:
    """Read one script almanac: a Script record, its characters and their rulings."""
    result = ReadResult(file=path.name)
    blocks = read_blocks(path.read_text(encoding="utf-8"))
    if not blocks:
        result.problem(1, "truncated", "empty almanac")
        return result
    title = blocks[0]
    reading = _Reading(result, lexicon, slug(title.text))
    author, declared, body = _read_header(blocks[1:], reading)
    notes, rules, entries = _read_notes(body, reading)
    for group in entries:
        _read_entry(group, reading)
    _check_count(declared, blocks[1] if len(blocks) > 1 else title, reading)
    result.scripts.append(
        Script(
            id=reading.script_id,
            name=title.text,
            author=author,
            characters=tuple(dict.fromkeys(reading.entry_ids)),
            notes=notes,
            special_rules=tuple(rules),
            source=Source(path.name, title.start, blocks[-1].end),
        )
    )
    return result


def read_blocks(text: str) -> list[Block]:
    """Split text into runs of non-blank lines.

    >>> read_blocks("a\\nb\\n\\n\\nc")
    [Block(start=1, lines=('a', 'b')), Block(start=5, lines=('c',))]
    """
    blocks: list[Block] = []
    run: list[str] = []
    for number, line in enumerate(text.splitlines() + [""], start=1):
        if line.strip():
            run.append(line.rstrip())
        elif run:
            blocks.append(Block(number - len(run), tuple(run)))
            run = []
    return blocks


def _read_header(
    blocks: list[Block], reading: _Reading
) -> tuple[str | None, int | None, list[Block]]:
    match = HEADER.fullmatch(blocks[0].text) if blocks else None
    if match is None:
        line = blocks[0].start if blocks else 1
        reading.result.problem(line, "unrecognised", "no 'Almanac · <author> · N characters' line")
        return None, None, blocks
    return match["author"], int(match["count"]), blocks[1:]


def _read_notes(
    blocks: list[Block], reading: _Reading
) -> tuple[str | None, list[str], list[list[Block]]]:
    """Script notes (up to the first team line), then the entries grouped by team line."""
    first = next((i for i, b in enumerate(blocks) if _team(b)), len(blocks))
    head, rest = blocks[:first], blocks[first:]
    if head and head[0].text.casefold() == "notes":
        head = head[1:]
    elif head:
        for block in head:
            reading.result.problem(
                block.start,
                "unrecognised",
                f"text before the first entry and outside Notes: {block.text[:60]!r}",
                end=block.end,
            )
        head = []
    rules: list[str] = []
    for block in head:
        rules.extend(_read_note(block, reading))
    notes = "\n\n".join(b.text for b in head) or None
    groups: list[list[Block]] = []
    for block in rest:
        if _team(block):
            groups.append([])
        groups[-1].append(block)
    return notes, rules, groups


def _read_note(block: Block, reading: _Reading) -> list[str]:
    """One notes paragraph: a SCRIPT ruling, or one per special rule of a Fabled."""
    match = FABLED.fullmatch(block.text)
    if match is None:
        reading.rule(None, block.text, Section.SCRIPT, block.start, block.end)
        return []
    head, *tail = SPECIAL_RULES.split(block.text, maxsplit=1)
    rules = sentences(head) + (sentences(tail[0]) if tail else [])
    for rule in rules:
        reading.rule(None, rule, Section.SCRIPT, block.start, block.end)
    name = match["name"].strip()
    if reading.lexicon.id_for(name) is None:
        reading.result.problem(
            block.start,
            "unknown-character",
            f"Fabled {name!r} is not in "
            "roles.json and has no entry: its rules are kept as the "
            "script's special rules",
            end=block.end,
            character_id=slug(name),
        )
    return rules


def sentences(text: str) -> list[str]:
    """Split prose into sentences, never inside brackets.

    >>> sentences("One (i.e. - two). Three? Four")
    ['One (i.e. - two).', 'Three?', 'Four']
    """
    found: list[str] = []
    depth = start = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        ends = char in ".!?" and text[i + 1 : i + 2] == " " and text[i + 2 : i + 3].isupper()
        if ends and depth <= 0:
            found.append(text[start : i + 1].strip())
            start = i + 1
    tail = text[start:].strip()
    return found + [tail] if tail else found


def _team(block: Block) -> Team | None:
    return TEAMS.get(block.text) if block.single else None


def _check_count(declared: int | None, header: Block, reading: _Reading) -> None:
    found = len(reading.entry_ids)
    if declared is not None and declared != found:
        reading.result.problem(
            header.start,
            "count-mismatch",
            f"header declares {declared} characters, {found} entries found",
        )


def _read_entry(group: list[Block], reading: _Reading) -> None:
    team = _team(group[0])
    if len(group) < 3:
        reading.result.problem(
            group[0].start,
            "truncated",
            "entry with a team line but no name or ability",
            end=group[-1].end,
        )
        return
    name_block, ability_block = group[1], group[2]
    cid, name = _resolve(name_block, team, reading)
    if cid in reading.entry_ids:
        reading.result.problem(
            name_block.start, "duplicate", f"second entry for {name}", character_id=cid
        )
    reading.entry_ids.append(cid)
    ability = ability_block.text
    reading.rule(cid, ability, Section.ABILITY, ability_block.start, ability_block.end)
    _check_language(ability_block, "ability", cid, reading)
    body = _read_body(cid, ability, group[3:], reading)
    _check_complete(cid, name, group, body, reading)
    reading.result.characters.append(
        CharacterText(
            character_id=cid,
            name=name,
            team=team,
            ability=ability,
            flavour=body.flavour,
            origin=_origin(cid, reading),
            source=Source(reading.result.file, group[0].start, group[-1].end),
        )
    )


def _resolve(block: Block, team: Team | None, reading: _Reading) -> tuple[str, str]:
    """The character id and display name of an entry's name line."""
    raw, lexicon, result = block.text, reading.lexicon, reading.result
    cid = lexicon.id_for(raw)
    if cid is not None:
        return cid, raw
    lead = LEADING_WORDS.match(raw)
    if GARBLE.search(raw) and lead:
        guess = lexicon.id_for(lead.group())
        role = lexicon.roles.get(guess or "")
        if role is not None and role.team == team:
            result.problem(
                block.start,
                "garbled-name",
                f"name line {raw!r} is garbled: its "
                f"leading word {lead.group()!r} is the official {role.name} "
                f"({role.team}, as the team line says)",
                character_id=role.id,
            )
            return role.id, role.name
        result.problem(
            block.start,
            "garbled-name",
            f"name line {raw!r} is garbled and its "
            f"leading word {lead.group()!r} is no official {team or 'character'}",
            character_id=slug(raw),
        )
    result.problem(
        block.start, "unknown-character", f"{raw!r} is not in roles.json", character_id=slug(raw)
    )
    return slug(raw), raw


def _read_body(cid: str, ability: str, blocks: list[Block], reading: _Reading) -> _Body:
    body = _Body()
    for block in blocks:
        if NOT_WRITTEN.fullmatch(block.text):
            body.not_written = block.start
        elif _heading(block, body, reading, cid):
            continue
        elif body.heading is not None:
            for offset, line in enumerate(block.lines):
                _read_step(cid, line.strip(), block.start + offset, body, reading)
        else:
            _read_prose(cid, ability, block, body, reading)
    return body


def _heading(block: Block, body: _Body, reading: _Reading, cid: str) -> bool:
    """Whether ``block`` is a sub-heading; if so, it opens a new section of ``body``."""
    if not block.single:
        return False
    key = block.text.casefold()
    if key not in HEADINGS:
        # Before the summary a short unpunctuated line is as likely a flavour as a heading.
        after_summary = body.summary is not None or body.heading is not None
        if not (
            after_summary
            and LOOKS_LIKE_HEADING.fullmatch(block.text)
            and len(block.text.split()) <= 4
            and not TOKEN_LABEL.fullmatch(block.text)
        ):
            return False
        reading.result.problem(
            block.start,
            "unrecognised",
            f"unknown sub-heading {block.text!r}: its paragraphs are read as notes",
            character_id=cid,
        )
    body.heading = key
    body.section_text = []
    return True


def _read_prose(cid: str, ability: str, block: Block, body: _Body, reading: _Reading) -> None:
    """A block before any sub-heading: the flavour, then the summary."""
    opens_with_ability = _plain(block.text).startswith(f'"{_plain(ability)}"')
    if body.flavour is None and body.summary is None and not opens_with_ability:
        body.flavour = block.text
        _check_language(block, "flavour", cid, reading)
        return
    if body.summary is not None:
        reading.result.problem(
            block.start,
            "unrecognised",
            "a second prose paragraph before any sub-heading: kept as summary",
            end=block.end,
            character_id=cid,
        )
    elif not opens_with_ability:
        reading.result.problem(
            block.start,
            "warning",
            "summary does not open with the ability as printed",
            end=block.end,
            character_id=cid,
        )
    body.summary = body.summary or block
    reading.rule(cid, block.text, Section.SUMMARY, block.start, block.end)
    _check_language(block, "summary", cid, reading)


def _read_step(cid: str, text: str, line: int, body: _Body, reading: _Reading) -> None:
    """One line under a sub-heading: a ruling, or a reminder-token label the steps name."""
    if TOKEN_LABEL.fullmatch(text):
        if any(re.search(rf"(?<!\w){re.escape(text)}(?!\w)", s) for s in body.section_text):
            name = " ".join(word.capitalize() for word in text.split())
            reading.result.reminders.append(
                ReminderToken(
                    character_id=cid, name=name, source=Source(reading.result.file, line, line)
                )
            )
        else:
            reading.result.problem(
                line,
                "unrecognised",
                f"capitalised line {text!r} is no reminder named in the steps above",
                character_id=cid,
            )
        return
    body.section_text.append(text)
    section = HEADINGS.get(body.heading or "", Section.NOTE) or _mixed_section(text)
    body.steps += section is Section.HOW_TO_RUN
    reading.rule(cid, text, section, line)
    _check_language(Block(line, (text,)), "step", cid, reading)


def _mixed_section(text: str) -> Section:
    """Under "Examples & Notes": an example if it says so, else a note.

    >>> _mixed_section("For example, the Imp ..."), _mixed_section("We recommend ...")
    (<Section.EXAMPLE: 'example'>, <Section.NOTE: 'note'>)
    """
    return Section.EXAMPLE if re.match(r"(for )?examples?\b|e\.g\.", text, re.I) else Section.NOTE


def _check_complete(
    cid: str, name: str, group: list[Block], body: _Body, reading: _Reading
) -> None:
    missing = [
        part
        for part, value in (
            ("flavour", body.flavour),
            ("summary", body.summary),
            ("How to Run", body.steps),
        )
        if not value
    ]
    if body.not_written is not None:
        reading.result.problem(
            body.not_written,
            "truncated",
            f"{name}: 'Not written yet.'; missing {', '.join(missing) or 'nothing'}",
            character_id=cid,
        )
    elif missing:
        reading.result.problem(
            group[1].start,
            "truncated",
            f"{name}: missing {', '.join(missing)}",
            end=group[-1].end,
            character_id=cid,
        )


def _check_language(block: Block, what: str, cid: str, reading: _Reading) -> None:
    script = foreign_script(block.text)
    if script is not None:
        language = LANGUAGES.get(script, f"{script.title()} script")
        reading.result.problem(
            block.start,
            "foreign-language",
            f"{what} is in {language}, not English: {block.text!r}",
            end=block.end,
            character_id=cid,
        )


def foreign_script(text: str) -> str | None:
    """The non-Latin script most letters of ``text`` are written in, if any.

    >>> foreign_script("매일 밤, 이야기꾼이"), foreign_script("Château d’Ergot"), foreign_script("")
    ('HANGUL', None, None)
    """
    scripts = [unicodedata.name(c, "UNKNOWN").split()[0] for c in text if c.isalpha()]
    foreign = [s for s in scripts if s != "LATIN"]
    if not foreign or len(foreign) * 2 <= len(scripts):
        return None
    return max(sorted(set(foreign)), key=foreign.count)


def _plain(text: str) -> str:
    """Text with curly quotes made straight, for comparing two printings of one ability."""
    return text.translate(QUOTES)


def _origin(cid: str, reading: _Reading) -> str:
    role = reading.lexicon.roles.get(cid)
    if role is None:
        return f"script:{reading.script_id}"
    return role.edition or "official"
