"""Read every source with its reader, then annotate: the whole knowledge base in memory."""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from knowledge.annotate import Annotator
from knowledge.model import (
    CharacterText,
    Jinx,
    Problem,
    ReadResult,
    ReminderToken,
    Ruling,
    Script,
    token_key,
)
from knowledge.names import Lexicon, Role

PACKAGE = Path(__file__).resolve().parent
SOURCES = PACKAGE / "sources"
CURATED = PACKAGE / "curated"

Reader = Callable[[Path, Lexicon], ReadResult]


@dataclass(frozen=True, slots=True)
class Document:
    """A vendored source file and the reader for its family."""

    path: str  # relative to knowledge/sources
    reader: str  # "module:function" under knowledge.ingest
    family: str
    description: str

    def read(self, root: Path, lexicon: Lexicon) -> ReadResult:
        module, function = self.reader.split(":")
        read: Reader = getattr(importlib.import_module(f"knowledge.ingest.{module}"), function)
        return read(root / self.path, lexicon)


def documents(root: Path = SOURCES) -> list[Document]:
    """Every source document, in reading order (official data first: it names the characters)."""
    manifest = tomllib.loads((root / "manifest.toml").read_text(encoding="utf-8"))
    docs = [Document(**entry) for entry in manifest["document"]]
    for script in sorted((root / "botc-release" / "scripts").glob("*.json")):
        docs.append(
            Document(
                path=str(script.relative_to(root)),
                reader="official:read_script",
                family="official-script",
                description="Official tournament script (toolmaker data)",
            )
        )
    return docs


@dataclass(slots=True)
class Corpus:
    """Everything read from the sources, annotated, before it is stored."""

    documents: list[Document] = field(default_factory=list)
    results: dict[str, ReadResult] = field(default_factory=dict)  # by document path
    rulings: list[Ruling] = field(default_factory=list)
    reminders: list[ReminderToken] = field(default_factory=list)
    lexicon: Lexicon = field(default_factory=Lexicon)

    @property
    def characters(self) -> Iterator[CharacterText]:
        for result in self.results.values():
            yield from result.characters

    @property
    def jinxes(self) -> Iterator[Jinx]:
        for result in self.results.values():
            yield from result.jinxes

    @property
    def scripts(self) -> Iterator[Script]:
        for result in self.results.values():
            yield from result.scripts

    @property
    def problems(self) -> Iterator[Problem]:
        for result in self.results.values():
            yield from result.problems

    @property
    def night_order(self) -> dict[str, list[str]]:
        merged: dict[str, list[str]] = {}
        for result in self.results.values():
            merged.update(result.night_order)
        return merged

    @property
    def night_variants(self) -> dict[tuple[str, str], str]:
        """(night, script character) -> the official character whose place it takes."""
        return {
            (night, cid): official
            for result in self.results.values()
            for night, cid, official in result.night_variants
        }


def read_corpus(
    root: Path = SOURCES, curated: Path = CURATED, progress: Callable[[str], None] | None = None
) -> Corpus:
    """Read and annotate every document."""
    corpus = Corpus(documents=documents(root))
    corpus.lexicon = Lexicon.from_roles_json(root / "botc-release" / "roles.json")
    for doc in corpus.documents:
        if progress:
            progress(doc.path)
        corpus.results[doc.path] = doc.read(root, corpus.lexicon)
        _learn_names(corpus.lexicon, corpus.results[doc.path])
    _annotate(corpus, curated)
    return corpus


def _learn_names(lexicon: Lexicon, result: ReadResult) -> None:
    """Characters a seed introduces (homebrew, script) become linkable in every later text."""
    for text in result.characters:
        if text.character_id not in lexicon.roles and text.team is not None:
            lexicon.add(Role(text.character_id, text.name, text.team))


def _annotate(corpus: Corpus, curated: Path) -> None:
    cards = tomllib.loads((curated / "info_cards.toml").read_text(encoding="utf-8"))["cards"]
    annotator = Annotator(corpus.lexicon, {token_key(c): c for c in cards})
    official = [t for r in corpus.results.values() for t in r.reminders]
    annotator.know_tokens(official)
    for result in corpus.results.values():
        corpus.rulings.extend(annotator.annotate(r) for r in result.rulings)
    corpus.reminders = _unique_tokens([*official, *annotator.found_tokens])


def _unique_tokens(tokens: list[ReminderToken]) -> list[ReminderToken]:
    seen: dict[str, ReminderToken] = {}
    for token in tokens:
        seen.setdefault(token.id, token)
    return list(seen.values())
