"""The one pass that tags every ruling the same way, whatever reader produced it.

Readers give the structure (character, section, text, lines); this pass adds the
condition tags, the game concepts, the characters, reminder tokens and info cards a
ruling mentions, and refines a how-to-run step into the phase it belongs to.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from knowledge.model import ReminderToken, Ruling, Section, Source, token_key
from knowledge.names import Lexicon

_I = re.IGNORECASE
# Lower-case "drunk" is the condition; "the Drunk" is the character.
_DRUNK = r"(?<!the )(?<!The )(?<!a )(?<!A )\b(?:drunk|Drunk(?= or| and|,))\b"

TAGS: dict[str, re.Pattern[str]] = {
    "drunk-poisoned": re.compile(rf"{_DRUNK}|\bpoison(?:ed|s|ing)?\b|sober and healthy"),
    "dead": re.compile(
        r"\b(?:is|are|was|were|while|when|if) dead\b|\bghost\b|\bshroud|"
        r"\bdead (?:player|vote)|\bdead\b(?=[,.])",
        _I,
    ),
    "death": re.compile(r"\b(?:dies|die|died|dying|killed|kills?|death)\b", _I),
    "first-night": re.compile(r"\bfirst night\b", _I),
    "other-nights": re.compile(
        r"except (?:on )?the first|\bnight\*|other nights|"
        r"each night after",
        _I,
    ),
    "day": re.compile(r"\b(?:during the day|each day|today|publicly|in public)\b", _I),
    "set-up": re.compile(r"\bset-?up\b|while preparing|before the game|bag\b", _I),
    "registration": re.compile(r"\bregist(?:er|ers|ered|ering|ration)\b", _I),
    "becomes-mid-game": re.compile(
        r"mid-?game|during the game|becomes (?:the|a|an) [A-Z]|"
        r"becomes? a (?:Townsfolk|Outsider|Minion|Demon)|"
        r"new character|changes? character",
        _I,
    ),
    "multiple-demons": re.compile(r"(?:several|multiple|more than one|two) Demons", _I),
    "judgement-call": re.compile(
        r"judge?ment|storyteller'?s? (?:choice|discretion|decides?)|"
        r"\byou (?:may|can) (?:choose|decide|pick)|up to you|"
        r"\bat your discretion|you decide",
        _I,
    ),
    "advice": re.compile(
        r"\b(?:we recommend|it is (?:best|wise|a good idea)|try to|consider|"
        r"tip|advice|simpler|natural reading)\b",
        _I,
    ),
    "false-info": re.compile(
        r"need not be (?:true|correct)|false (?:info|information)|"
        r"\bincorrect\b|arbitrary|might be wrong|any number|"
        r"\bmisinformation\b|\blie\b",
        _I,
    ),
    "execution": re.compile(r"\bexecut", _I),
    "nomination": re.compile(r"\bnominat", _I),
    "protection": re.compile(r"\bprotect|\bsafe\b|cannot die|can't die|does not die", _I),
    "demon-kill": re.compile(
        r"Demon(?:'s)? (?:kill|attack)|the Demon (?:chooses|kills|attacks)|"
        r"killed by the Demon|Demon tries to kill",
        _I,
    ),
    "madness": re.compile(r"\bmad\b|\bmadness\b", _I),
    "resurrection": re.compile(r"resurrect|alive again|back to life|returns? to life", _I),
    "alignment-change": re.compile(
        r"\balignment\b|turns? (?:evil|good)|becomes? (?:evil|good)", _I
    ),
    "once-per-game": re.compile(r"once per game|\bspent\b|no ability", _I),
    "self-target": re.compile(r"\bthemsel(?:f|ves)\b|\bhimself\b|\bherself\b", _I),
    "vote": re.compile(r"\bvot(?:e|es|ed|ing)\b", _I),
    "exile": re.compile(r"\bexile", _I),
}

CONCEPTS: dict[str, str] = {
    "drunk-poisoned": "drunk-poisoned",
    "dead": "dead",
    "death": "death",
    "registration": "registration",
    "madness": "madness",
    "protection": "protection",
    "demon-kill": "demon-kill",
    "execution": "execution",
    "nomination": "nomination",
    "resurrection": "resurrection",
    "alignment-change": "alignment",
    "becomes-mid-game": "character-change",
    "vote": "vote",
    "exile": "exile",
}

PHASE_OPENINGS: list[tuple[re.Pattern[str], Section]] = [
    (
        re.compile(
            r"^(?:while preparing|during set-?up|before the game|when setting up|"
            r"when preparing)",
            _I,
        ),
        Section.SETUP,
    ),
    (
        re.compile(
            r"^(?:during the first night|on the first night|on their first night|"
            r"on the first night only)",
            _I,
        ),
        Section.FIRST_NIGHT,
    ),
    (
        re.compile(
            r"^(?:each night except the first|each night\*|every night except|"
            r"on other nights)",
            _I,
        ),
        Section.OTHER_NIGHTS,
    ),
    (
        re.compile(
            r"^(?:during the day|each day|once per day|at any time during the day|"
            r"on (?:the|their) first day)",
            _I,
        ),
        Section.DAY,
    ),
]

# An optional possessive owner ("the Demon's DEAD reminder") precedes the token's name.
_OWNER = r"(?:\bthe ([A-Z][\w' -]{1,30}?)['’]s\s+)?"
_TOKEN_QUOTED = re.compile(
    _OWNER + r"[“\"*]([^”\"*\n]{1,40}?)[”\"*]\s*"
    r"(reminder|info(?:rmation)?|token)",
    _I,
)
# a count may open the name: "the 3 ATTACKS reminder" (the Po's), "3 VOTES" (the Bureaucrat's)
_TOKEN_CAPS = re.compile(
    _OWNER + r"\b((?:\d )?[A-Z][A-Z'’?! ]{0,38}[A-Z?!])\s+(reminder|info token|token)"
)
_TOKEN_STARRED = re.compile(r"\*([A-Z][A-Z'’?! ]{0,38}[A-Z?!])\*")


@dataclass(slots=True)
class Annotator:
    """Tags rulings using the known characters, reminder tokens and info cards."""

    lexicon: Lexicon
    info_cards: dict[str, str]  # key -> display text
    tokens_by_character: dict[str, dict[str, str]] = field(default_factory=dict)
    found_tokens: list[ReminderToken] = field(default_factory=list)

    def know_tokens(self, tokens: Iterable[ReminderToken]) -> None:
        for token in tokens:
            names = self.tokens_by_character.setdefault(token.character_id, {})
            names.setdefault(token_key(token.name), token.name)

    def annotate(self, ruling: Ruling) -> Ruling:
        text = ruling.text
        tags = tuple(tag for tag, pattern in TAGS.items() if pattern.search(text))
        subject = ruling.character_id
        mentions = tuple(c for c in self.lexicon.ids_in(text) if c != subject)
        mentions = tuple(dict.fromkeys((*ruling.mentions, *mentions)))
        cards, tokens = self._tokens(ruling, mentions)
        concepts = tuple(
            dict.fromkeys((*ruling.concepts, *(CONCEPTS[t] for t in tags if t in CONCEPTS)))
        )
        return dataclasses.replace(
            ruling,
            tags=tags,
            mentions=mentions,
            reminders=tokens,
            info_cards=cards,
            concepts=concepts,
            section=refine_section(ruling.section, text),
        )

    def _tokens(
        self, ruling: Ruling, mentions: tuple[str, ...]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        cards: dict[str, None] = {}
        tokens: dict[str, None] = {}
        owners = [c for c in (ruling.character_id, *mentions) if c]
        for possessor, name, kind in _token_names(ruling.text):
            key = token_key(name)
            if key in self.info_cards or kind.lower().startswith("info"):
                cards.setdefault(self.info_cards.get(key, name.strip().capitalize()), None)
                continue
            owner = self._owner(key, self._possessors(possessor) or owners)
            if owner is None:
                continue
            tokens.setdefault(f"{owner}:{key}", None)
            if key not in self.tokens_by_character.get(owner, {}):
                self._learn(owner, name, ruling.source)
        for owner in owners:  # a known token named in capitals or quotes without "reminder"
            for key, display in self.tokens_by_character.get(owner, {}).items():
                if _names_token(ruling.text, display):
                    tokens.setdefault(f"{owner}:{key}", None)
        return tuple(cards), tuple(tokens)

    def _possessors(self, possessor: str | None) -> list[str]:
        """The character a possessive names; a team word ("the Demon's") names no one token."""
        if not possessor:
            return []
        cid = self.lexicon.id_for(possessor.strip())
        return [cid] if cid else ["*unowned*"]

    def _owner(self, key: str, owners: list[str]) -> str | None:
        if owners == ["*unowned*"]:
            return None
        for owner in owners:
            if key in self.tokens_by_character.get(owner, {}):
                return owner
        return owners[0] if owners else None

    def _learn(self, owner: str, name: str, source: Source) -> None:
        display = " ".join(w.capitalize() if w.isupper() else w for w in name.split())
        token = ReminderToken(character_id=owner, name=display, source=source)
        self.found_tokens.append(token)
        self.know_tokens([token])


def refine_section(section: Section, text: str) -> Section:
    """A how-to-run step or note that opens with its phase moves to that phase.

    >>> refine_section(Section.HOW_TO_RUN, "During the first night, wake the Noble.")
    <Section.FIRST_NIGHT: 'first night'>
    >>> refine_section(Section.EXAMPLE, "During the first night, the Noble learns.")
    <Section.EXAMPLE: 'example'>
    """
    if section not in (Section.HOW_TO_RUN, Section.NOTE):
        return section
    for pattern, phase in PHASE_OPENINGS:
        if pattern.search(text.lstrip("-• ")):
            return phase
    return section


def _token_names(text: str) -> list[tuple[str | None, str, str]]:
    """(possessor, token name, kind) for every token or card the text names.

    >>> _token_names("remove the Demon's DEAD reminder and the “Safe” reminder token")
    [(None, 'Safe', 'reminder'), ('Demon', 'DEAD', 'reminder')]
    """
    found = [m.groups() for m in _TOKEN_QUOTED.finditer(text)]
    found += [m.groups() for m in _TOKEN_CAPS.finditer(text)]
    found += [(None, m.group(1), "reminder") for m in _TOKEN_STARRED.finditer(text)]
    return [(owner, name.strip(), kind) for owner, name, kind in found if name.strip()]


def _names_token(text: str, display: str) -> bool:
    """True if ``text`` names the token in quotes or in capitals (not as an ordinary word)."""
    quoted = re.search(rf"[“\"*]{re.escape(display)}[”\"*]", text, _I)
    caps = display.upper() != display and re.search(rf"\b{re.escape(display.upper())}\b", text)
    return bool(quoted or caps)
