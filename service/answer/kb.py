"""The knowledge base as the ask feature reads it: loaded once, kept in memory, read-only."""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from knowledge.graph import ability_concepts
from knowledge.names import slug
from knowledge.queries import decode, errata, ruling_dict
from knowledge.resolve import Resolver
from knowledge.store import open_readonly
from service.answer import kinds, rerank, rx
from service.answer.mentions import Vocabulary, english_words, heard_of, sounds_of, spelt_of
from service.answer.phrasing import split_sentences
from service.answer.words import FORMS, STOPWORDS
from service.engine import Rulebook, Rules
from service.engine import replay as engine_replay
from service.engine.handlers import load_all

# Which source wins when sources disagree: official data, then the official almanac text
# (wiki and script almanacs quote it), then the unofficial how-to-run paragraphs.
AUTHORITY = {"official": 3, "glossary": 3, "almanac": 2, "wiki": 2, "homebrew": 2}
_LOWER_WORD = re.compile(r"(?<![\w'’])[a-z][a-z'’-]*[a-z]\b")
# an ability that makes a chosen player the Demon of its choice: "choose a player: they
# become an evil Demon of your choice" (the Summoner)
_MAKES_A_DEMON = re.compile(r"they become an? (?:evil )?Demon of your choice", re.IGNORECASE)
# an ability that makes a player drunk ("they are drunk for 3 nights & 3 days", "1 player is
# drunk from now on"); not one that only reads drunkenness ("if they are or become drunk")
_MAKES_DRUNK = re.compile(r"(?:\bthey are|\bthey're|\bis|\bare|\bbecome) drunk\b")
_TERM = re.compile(r"(?<![\w'’])[A-Z][a-z]+\b")  # "Grimoire", "Fabled"
_WORD = re.compile(r"[a-z][a-z'’-]*")  # a word as a question's search may use it
MIN_WORD_COUNT = 2  # a word used once may be a typo in the source ("Solder")


@dataclass(slots=True)
class TermIndex:
    """Full-text strengths of the rulings of named characters, from each searched word's own
    matches, kept per word.

    FTS5's bm25 of an OR of quoted words is, for each row, the sum over the words of that
    word's own part (its IDF over the whole table times its weighted frequency in the row;
    see fts5_aux.c), added in the query's order. So a row's bm25 for a question is the sum
    of its bm25 for each word alone, added in the same order: the same float. A word's
    matches are read once a process and kept; a question's search is then a few dictionary
    reads over its characters' rulings instead of a full-text query over every ruling
    (0.35-0.45 ms a question). Identical to the SQL on the 5,740 searches of the evaluation
    sets' questions, order included (bm25, then rowid).
    """

    rowids: dict[str | None, tuple[int, ...]]  # character id -> rowids of its rulings
    ids: dict[int, str]  # rowid -> ruling id
    words: dict[str, dict[int, float] | None] = dataclasses.field(default_factory=dict)

    KEPT = 50_000  # words; forgotten all at once past this (typos make the words unbounded)

    @classmethod
    def from_db(cls, db: sqlite_utils.Database) -> TermIndex:
        rowids: dict[str | None, list[int]] = defaultdict(list)
        ids = {}
        for rowid, rid, cid in db.execute(
            "select rowid, id, character_id from rulings order by rowid"
        ).fetchall():
            rowids[cid].append(rowid)
            ids[rowid] = rid
        return cls({cid: tuple(rows) for cid, rows in rowids.items()}, ids)

    def _matches(self, db: sqlite_utils.Database, word: str) -> dict[int, float] | None:
        """Rowid -> bm25 of the quoted ``word`` alone (None: FTS5 refused it)."""
        if word in self.words:
            return self.words[word]
        try:
            rows = db.execute(
                "select rowid, bm25(rulings_fts) from rulings_fts where rulings_fts match ?",
                [f'"{word}"'],
            ).fetchall()
        except Exception:  # an FTS syntax corner case: the whole search finds nothing
            rows = None
        if len(self.words) >= self.KEPT:
            self.words.clear()
        found = self.words[word] = dict(rows) if rows is not None else None
        return found

    def prime(self, db: sqlite_utils.Database, texts: Iterable[str]) -> None:
        """Read now the matches of every word of ``texts`` (the rulings': nine in ten of the
        words questions are searched by; about 0.2-0.3 s)."""
        for word in sorted({w for text in texts for w in _WORD.findall(text.lower())}):
            self._matches(db, word)

    def among(
        self, db: sqlite_utils.Database, words: Sequence[str], characters: Sequence[str], limit: int
    ) -> list[tuple[str, float]] | None:
        """(ruling id, bm25) of the best ``limit`` rulings of ``characters`` matching any of
        ``words``, best (most negative) first, as FTS5 orders them; None if FTS5 refuses a
        word (it would refuse the whole query)."""
        matches = [self._matches(db, w) for w in words]
        if any(m is None for m in matches):
            return None
        found = []
        for rowid in sorted(
            r for cid in dict.fromkeys(characters) for r in self.rowids.get(cid, ())
        ):
            score, hit = 0.0, False
            for match in matches:
                part = match.get(rowid)  # type: ignore[union-attr]
                if part is not None:
                    score += -part  # FTS5 sums the positive parts, then negates
                    hit = True
            if hit:
                found.append((-1.0 * score, rowid))
        found.sort()
        return [(self.ids[rowid], score) for score, rowid in found[:limit]]


REPLAYS_KEPT = 4096  # engine responses kept per process (a few kilobytes each)


@dataclass(frozen=True, slots=True)
class AnswerKB:
    """Everything ``ask`` reads, indexed by character; built once per process.

    Only the full-text search touches the database afterwards: give each thread or request
    its own connection with :meth:`with_db`.
    """

    db: sqlite_utils.Database
    vocabulary: Vocabulary
    characters: dict[str, dict[str, Any]]
    rulings: dict[str, dict[str, Any]]
    about: dict[str, tuple[str, ...]]  # character id -> ids of rulings about it
    naming: dict[str, tuple[str, ...]]  # character id -> ids of other rulings naming it
    jinxes: dict[frozenset[str], dict[str, Any]]
    night: dict[str, dict[str, dict[str, Any]]]  # "first"/"other" -> character id -> row
    reminders: dict[str, tuple[dict[str, Any], ...]]
    conflicts: dict[str, tuple[dict[str, Any], ...]]
    authority: dict[str, int]  # source file -> rank (higher wins a disagreement)
    concepts: dict[str, frozenset[str]]  # character id -> concepts of its ability text
    position: dict[str, int]  # ruling id -> its place among its character's rulings in a file
    terms: TermIndex  # the full-text search of named characters' rulings, word by word
    normal: dict[str, str] = dataclasses.field(default_factory=dict)  # ruling id -> folded
    bags: dict[str, frozenset[str]] = dataclasses.field(default_factory=dict)  # id -> words
    # ruling id -> the curated correction of a slip in its text (quote, correction, reason)
    errata: dict[str, dict[str, str]] = dataclasses.field(default_factory=dict)
    rules: Rules | None = None  # the engine's view of the same knowledge base (replays)
    # a script character's origin ("script:wc25-stowedaway") -> ids of that script's special
    # rules ("Travellers are not announced ...")
    script_rules: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    # a script's id -> ids of its special rules, for a question that names the script
    # (mentions.named_scripts)
    rules_of_script: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    script_names: dict[str, str] = dataclasses.field(default_factory=dict)  # id -> name
    # a word's first three, four or five letters -> how many rulings have a word so begun
    prefixes: dict[str, int] = dataclasses.field(default_factory=dict)
    # the learned re-ranker and its feature columns (service/answer/rerank.py), loaded with
    # the rest so that no question pays for loading it; None before one is trained (the
    # hand-set ranking alone: bench/fit_rerank.py trains from it)
    ranker: Any = None
    # the learned chooser of the deciding sentence (service/answer/deciding.py), likewise
    chooser: Any = None
    # replay request (canonical JSON) -> the engine's response (JSON): a question's game is
    # often another's (the same characters, the same states); shared with with_db's copies
    played: dict[str, str] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    # the learned kind of question (service/answer/kinds.py), likewise; None: the rules' kind
    kinds: Any = None

    @classmethod
    def from_path(cls, path: Path) -> AnswerKB:
        return cls.from_db(open_readonly(Path(path)))

    @classmethod
    def from_db(cls, db: sqlite_utils.Database, rules: Rules | None = None) -> AnswerKB:
        """Load from ``db``; ``rules``: the engine's rulebook, if one is loaded already."""
        load_all()  # the engine's handlers, imported now rather than at the first replay
        characters = {r["id"]: decode(r) for r in db.query("select * from characters")}
        rulings = {
            r["id"]: {**ruling_dict(r), "concepts": decode(r)["concepts"]}
            for r in db.query("select * from rulings order by source, line_start")
        }
        about, naming = _index_rulings(rulings)
        scripts = list(db.query("select id, name, source, line_start, line_end from scripts"))
        of_script = _rules_of_script(scripts, rulings)
        return cls(
            db=db,
            vocabulary=vocabulary_from(characters, rulings, scripts),
            characters=characters,
            rulings=rulings,
            about=about,
            naming=naming,
            jinxes=_jinxes(db),
            night=_night(db),
            reminders=_reminders(db),
            conflicts=_conflicts(db),
            authority=_authority(db),
            concepts={
                cid: frozenset(ability_concepts(c["ability"] or "", c["team"]))
                for cid, c in characters.items()
            },
            position=_positions(rulings),
            rules=_rulebook(db) if rules is None else rules,
            normal={rid: normal_text(r["text"]) for rid, r in rulings.items()},
            bags={rid: word_bag(r["text"]) for rid, r in rulings.items()},
            errata=errata(db),
            # a script character's origin is "script:<script id>" (knowledge.model)
            script_rules={f"script:{sid}": ids for sid, ids in of_script.items()},
            rules_of_script=of_script,
            script_names={script["id"]: script["name"] for script in scripts},
            prefixes=_prefix_counts(rulings),
            ranker=rerank.trained() if rerank.MODEL.exists() else None,
            chooser=rerank.trained(rerank.CHOOSER) if rerank.CHOOSER.exists() else None,
            kinds=kinds.trained() if kinds.MODEL.exists() else None,
            terms=TermIndex.from_db(db),
        )

    def with_db(self, db: sqlite_utils.Database) -> AnswerKB:
        """The same loaded knowledge over another connection (one per thread or request)."""
        return dataclasses.replace(self, db=db)

    def name(self, cid: str) -> str:
        return self.characters[cid]["name"] if cid in self.characters else cid

    def ability(self, cid: str) -> str:
        """The character's ability text ("" for none or an unknown id)."""
        return self.characters.get(cid, {}).get("ability") or ""

    def script_name(self, script: str) -> str:
        """A script's name as its file gives it ("The River Styx"), or its id."""
        return self.script_names.get(script, script)

    def rarity(self, prefix: str) -> float:
        """How rare a word (its first letters, see ``prefixes``) is among the rulings: the
        log of how many rulings there are over how many have it (plus one each)."""
        return math.log((len(self.rulings) + 1) / (self.prefixes.get(prefix, 0) + 1))

    def ruling_character(self, rid: str) -> str | None:
        """The character a ruling is about (None for a general ruling or an unknown id)."""
        ruling = self.rulings.get(rid)
        return ruling["character"] if ruling else None

    def official(self, cid: str) -> bool:
        """Whether the character is an official one: of the edition it comes from (not a
        homebrew or a script's own character)."""
        character = self.characters.get(cid, {})
        return character.get("edition") is not None and character.get("origin") == character.get(
            "edition"
        )

    def sentences_of(
        self, cid: str, pattern: re.Pattern[str], *, ability: bool = True
    ) -> list[tuple[dict[str, Any], str]]:
        """The sentences of the character's own rulings that ``pattern`` finds, each with its
        ruling, in the knowledge base's order (``ability``: its ability's rulings too)."""
        return [
            (ruling, sentence)
            for rid in self.about.get(cid, ())
            if (ruling := self.rulings.get(rid)) is not None
            and (ability or ruling["section"] != "ability")
            for sentence in split_sentences(ruling["text"])
            if pattern.search(sentence)
        ]

    def ability_ruling(self, cid: str) -> dict[str, Any] | None:
        """The character's ability as a ruling, the official text (roles.json) first."""
        rulings = [
            r for r in self.rulings.values() if r["character"] == cid and r["section"] == "ability"
        ]
        return min(rulings, key=lambda r: r["source"] != "roles.json", default=None)

    def replay(self, request: dict[str, Any]) -> dict[str, Any]:
        """The engine's response to a replay request over this knowledge base."""
        if self.rules is None:
            raise LookupError(
                "this knowledge base has no engine rulebook (an in-memory "
                "database): pass a replayer"
            )
        # the engine is deterministic: the same request is answered from what it said before
        # (over 3,000 new evaluation questions, 57% of the games built had been built before);
        # kept as JSON, so no caller can change what the next one reads
        key = json.dumps(request, sort_keys=True)
        said = self.played.get(key)
        if said is None:
            said = json.dumps(engine_replay(request, self.rules))
            if len(self.played) >= REPLAYS_KEPT:
                self.played.clear()
            self.played[key] = said
        return json.loads(said)


def _prefix_counts(rulings: dict[str, dict[str, Any]]) -> dict[str, int]:
    """How many rulings have a word beginning so, for each word's first 3, 4 and 5 letters
    (how rare a question's word is among the sources, for the deciding sentence)."""
    return dict(
        Counter(
            prefix
            for ruling in rulings.values()
            for prefix in {
                w[:k]
                for w in rx.findall(r"\w+", ruling["text"].lower())
                for k in (3, 4, 5)
                if len(w) >= k
            }
        )
    )


def _rules_of_script(
    scripts: list[dict[str, Any]], rulings: dict[str, dict[str, Any]]
) -> dict[str, tuple[str, ...]]:
    """Each script's special rules: the script-section rulings read from its lines."""
    out: dict[str, tuple[str, ...]] = {}
    for script in scripts:
        ids = tuple(
            rid
            for rid, ruling in rulings.items()
            if ruling["section"] == "script"
            and ruling["source"] == script["source"]
            and script["line_start"] <= ruling["lines"][0] <= script["line_end"]
        )
        if ids:
            out[script["id"]] = ids
    return out


# a script's name is recognised squeezed ("theriverstyx" -> "riverstyx") from this long; a
# shorter one ("The Warrens"), or its file's short name ("deadpeople", "seat7"), only with
# "script" after it
SCRIPT_NAME_MIN = 9


def script_keys(scripts: Sequence[dict[str, Any]]) -> dict[str, str]:
    """How a question names each script, squeezed, -> the script's id.

    >>> script_keys([{"id": "wc25-riverstyx", "name": "The River Styx"}])
    {'riverstyx': 'wc25-riverstyx', 'theriverstyx': 'wc25-riverstyx', 'riverstyxscript': \
'wc25-riverstyx'}
    """
    out: dict[str, str] = {}
    for script in scripts:
        name = slug(script["name"])
        bare = slug(re.sub(r"(?i)^the\s+", "", script["name"]))
        short = slug(script["id"].split("-", 1)[-1])
        for key in (bare, name):
            if len(key) >= SCRIPT_NAME_MIN:
                out.setdefault(key, script["id"])
        for key in (bare, short):
            out.setdefault(f"{key}script", script["id"])
    return out


def _rulebook(db: sqlite_utils.Database) -> Rules | None:
    """The engine's rulebook over the file ``db`` reads (None for an in-memory database)."""
    files = [row[2] for row in db.execute("pragma database_list").fetchall() if row[1] == "main"]
    return Rulebook.from_path(Path(files[0])) if files and files[0] else None


def normal_text(text: str) -> str:
    """Text folded for comparing paragraphs: lower case, punctuation as single spaces.

    >>> normal_text("The Monk’s “Safe” token.")
    'the monk s safe token'
    """
    return rx.sub(r"[\W_]+", " ", text.lower()).strip()


def word_bag(text: str) -> frozenset[str]:
    """The distinct longer words of a text, cut to six letters (for measuring overlap).

    >>> sorted(word_bag("The Monk protects; protection works"))
    ['monk', 'protec', 'works']
    """
    return frozenset(w[:6] for w in rx.findall(r"[a-z]{4,}", text.lower()))


def vocabulary_from(
    characters: dict[str, dict[str, Any]],
    rulings: dict[str, dict[str, Any]],
    scripts: Sequence[dict[str, Any]] = (),
) -> Vocabulary:
    """Names and aliases for the resolver; the sources' ordinary words; names used as words."""
    counts: Counter[str] = Counter()
    terms: Counter[str] = Counter()
    for ruling in rulings.values():
        counts.update(
            w.replace("’", "'").replace("'", "") for w in _LOWER_WORD.findall(ruling["text"])
        )
        terms.update(w.lower() for w in _TERM.findall(ruling["text"]))
    # the teams ("loric") and reminder tokens' words ("Stormcaught"), each a term however rare
    named = {
        w.lower()
        for row in characters.values()
        for text in (
            row.get("team") or "",
            *(row.get("reminders") or ()),
            *(row.get("reminders_global") or ()),
        )
        for w in re.findall(r"[A-Za-z]+", text)
    }
    words = frozenset(w for w, n in counts.items() if n >= MIN_WORD_COUNT) | STOPWORDS
    words |= frozenset(FORMS)
    resolver = Resolver.from_rows(characters.values())
    weak = frozenset(key for key in _single_word_names(characters) if key in words)
    keys = {
        cid: tuple(
            dict.fromkeys(
                k for k in (cid, slug(row["name"]), *map(slug, row.get("aliases") or [])) if k
            )
        )
        for cid, row in characters.items()
    }
    return Vocabulary(
        resolver=resolver,
        words=words,
        weak=weak,
        keys=keys,
        variants=_variants(characters, keys),
        scripts=script_keys(scripts),
        english=english_words(),
        sounds=sounds_of(keys),
        heard=heard_of(keys),
        spelt=spelt_of(keys),
        terms=frozenset(w for w, n in terms.items() if n >= MIN_WORD_COUNT) | named,
        teams={cid: row["team"] for cid, row in characters.items() if row.get("team")},
        demon_makers=frozenset(
            cid
            for cid, row in characters.items()
            if _MAKES_A_DEMON.search(row.get("ability") or "")
        ),
        drunk_makers=frozenset(
            cid for cid, row in characters.items() if _makes_drunk(row.get("ability") or "")
        ),
        named_by={
            token.lower(): cid
            for cid, row in characters.items()
            for token in row.get("named_by") or ()
        },
    )


def _makes_drunk(ability: str) -> bool:
    """The ability makes a player drunk, outside an "if" of its own clause (the Acrobat's
    "if they are or become drunk", the Organ Grinder's "choose if you are drunk" read it).

    >>> _makes_drunk("When you die, 1 player is drunk from now on.")
    True
    >>> _makes_drunk("Each night*, choose a player: if they are or become drunk, you die.")
    False
    """
    for found in _MAKES_DRUNK.finditer(ability):
        clause = re.split(r"[.:;,]", ability[: found.start()])[-1]
        if not re.search(r"\bif\b", clause, re.IGNORECASE):
            return True
    return False


def _variants(
    characters: dict[str, dict[str, Any]], keys: dict[str, tuple[str, ...]]
) -> dict[str, dict[str, str]]:
    """Characters a script redefines under a name the official game uses (Stowed Away's
    Townsfolk Bone Collector), keyed by the script's short name ("wc25-stowedaway" ->
    "stowedaway")."""
    by_name: dict[str, str] = {}
    for cid, row in characters.items():
        if row.get("official") and slug(row["name"]) not in by_name:
            by_name[slug(row["name"])] = cid
    out: dict[str, dict[str, str]] = defaultdict(dict)
    for cid, row in characters.items():
        origin = row.get("origin") or ""
        official = by_name.get(slug(row["name"]))
        if origin.startswith("script:") and official and official != cid:
            key = slug(origin.removeprefix("script:").split("-", 1)[-1])
            if len(key) >= 6:  # short keys would match inside ordinary words
                out[key][official] = cid
    return dict(out)


def _single_word_names(characters: dict[str, dict[str, Any]]) -> set[str]:
    keys = set()
    for row in characters.values():
        for name in (row["name"], *(row.get("aliases") or [])):
            if name and " " not in name.strip():
                keys.add(name.strip().lower().replace("'", "").replace("’", ""))
    return keys


def _index_rulings(
    rulings: dict[str, dict[str, Any]],
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    about: dict[str, list[str]] = defaultdict(list)
    naming: dict[str, list[str]] = defaultdict(list)
    for rid, ruling in rulings.items():
        if ruling["character"]:
            about[ruling["character"]].append(rid)
        for cid in ruling["mentions"]:
            if cid != ruling["character"]:
                naming[cid].append(rid)
    return ({k: tuple(v) for k, v in about.items()}, {k: tuple(v) for k, v in naming.items()})


def _positions(rulings: dict[str, dict[str, Any]]) -> dict[str, int]:
    """0 for a character's first ruling in a file, 1 for the next, ... (file order)."""
    seen: Counter[tuple[str | None, str]] = Counter()
    out = {}
    for rid, ruling in sorted(rulings.items(), key=lambda kv: (kv[1]["source"], kv[1]["lines"][0])):
        key = (ruling["character"], ruling["source"])
        out[rid] = seen[key]
        seen[key] += 1
    return out


def _jinxes(db: sqlite_utils.Database) -> dict[frozenset[str], dict[str, Any]]:
    return {
        frozenset((r["character_a"], r["character_b"])): {
            "id": r["id"],
            "characters": [r["character_a"], r["character_b"]],
            "reason": r["reason"],
            "source": r["source"],
            "lines": [r["line_start"], r["line_end"]],
        }
        for r in db.query("select * from jinxes")
    }


def _night(db: sqlite_utils.Database) -> dict[str, dict[str, dict[str, Any]]]:
    """The official night sheet, plus a script's own version of a character at the place of
    the character it redefines (the Witch Hunt Witch wakes where the Witch does)."""
    out: dict[str, dict[str, dict[str, Any]]] = {"first": {}, "other": {}}
    for row in db.query("select * from night_order order by night, position"):
        out.setdefault(row["night"], {})[row["id"]] = dict(row)
    columns = {
        "first": ("first_night", "first_night_reminder"),
        "other": ("other_night", "other_night_reminder"),
    }
    for night, (position, reminder) in columns.items():
        for row in db.query(
            f"select id, name, {position} as position, {reminder} as reminder from characters "
            f"where {position} is not null and origin like 'script:%'"
        ):
            if row["id"] not in out[night]:
                out[night][row["id"]] = {"night": night, **row}
    return out


def _reminders(db: sqlite_utils.Database) -> dict[str, tuple[dict[str, Any], ...]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in db.query("select * from reminders order by character_id, is_global, id"):
        out[row["character_id"]].append(
            {"id": row["id"], "name": row["name"], "global": bool(row["is_global"])}
        )
    return {k: tuple(v) for k, v in out.items()}


def _conflicts(db: sqlite_utils.Database) -> dict[str, tuple[dict[str, Any], ...]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in db.query("select * from conflicts order by character_id, id"):
        out[row["character_id"]].append(decode(row))
    return {k: tuple(v) for k, v in out.items()}


def _authority(db: sqlite_utils.Database) -> dict[str, int]:
    ranks = {}
    for row in db.query("select file, family from sources"):
        family = row["family"] or ""
        ranks[row["file"]] = next(
            (rank for prefix, rank in AUTHORITY.items() if family.startswith(prefix)), 1
        )
    return ranks
