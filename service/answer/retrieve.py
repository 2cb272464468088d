"""Understanding -> the rulings that decide the question, ranked, each with why it was chosen.

Candidates are the rulings about the named characters, the rulings of other characters that
name them, and a full-text search over the question's content words. Each is scored
(:mod:`service.answer.score`), then ranked: identical texts from several sources count once,
a ruling repeating one already chosen drops, one character's rulings do not crowd out
another's, every named character gets its best ruling in, and where a ruling shown is one side
of a confirmed disagreement, the other sides are shown beside it: in the five when a side
there speaks to the point (not only the ability or summary), without pushing out the side
already there or the ruling that ranked first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from service.answer import rx
from service.answer.kb import AnswerKB
from service.answer.rerank import POOL, rerank
from service.answer.sayings import DISAGREEMENT_TOLD
from service.answer.score import Found, night_sheet, score_ruling
from service.answer.understand import Understanding
from service.answer.weights import W
from service.answer.words import STOPWORDS, Condition, Kind

FRAME_WORDS = frozenset(
    {
        "run",
        "running",
        "runs",
        "work",
        "works",
        "working",
        "explain",
        "setup",
        "happens",
        "happen",
        "rule",
        "rules",
        "ruling",
    }
)
FTS_LIMIT = 60
DIVERSE_POOL = 30
TOP_SHOWN = 5  # the rulings a storyteller sees first
# A situation naming many characters turns on one or two of them: the five rulings shown are
# spread over the characters only up to three named, and each is sure of a place only when
# two are named (one place per character would fill the five with every bystander's ability;
# citation recall over the evaluation sets 87.01% -> 87.23%, no set below its floor).
SPREAD_MAX = 3
COVER_MAX = 2
GENERAL_SECTIONS = frozenset({"ability", "summary", "first night", "other nights"})
SIDE_SHARE = 0.7  # of the fifth ruling's score


@dataclass(frozen=True, slots=True)
class Retrieved:
    rulings: tuple[Found, ...]
    jinxes: tuple[dict[str, Any], ...]
    conflicts: tuple[dict[str, Any], ...]
    night_order: tuple[dict[str, Any], ...]
    reminders: dict[str, tuple[dict[str, Any], ...]]


def retrieve(u: Understanding, kb: AnswerKB, *, limit: int = 8, learned: bool = True) -> Retrieved:
    """The best ``limit`` rulings for the question, plus its jinxes, conflicts and night order
    (``learned``: the hand-set ranking's best ``POOL`` reordered by the learned ranker, then
    shown as the hand-set ranking would be)."""
    learned = learned and kb.ranker is not None
    ranked = ranked_pool(u, kb, limit)
    if learned:
        ranked = learned_order(u, kb, ranked)
    ranked = presented(ranked, u, kb, limit)
    return Retrieved(
        rulings=tuple(ranked),
        jinxes=tuple(_jinxes(u, kb)),
        conflicts=tuple(_conflicts(u, kb, ranked)),
        night_order=tuple(_night_rows(u, kb)),
        reminders={cid: kb.reminders.get(cid, ()) for cid in u.characters},
    )


def ranked_pool(u: Understanding, kb: AnswerKB, limit: int) -> list[Found]:
    """Every candidate, in the hand-set ranking's order, the best ``limit`` of them picked for
    variety (see _diverse), then the rest."""
    searched = search(kb, u)
    scored = [
        score_ruling(kb.rulings[rid], u, kb, searched) for rid in _candidates(u, kb, searched)
    ]
    unique = _unique(sorted(scored, key=lambda f: _order(f, kb)), kb)
    return _diverse(unique, kb, limit, spread=1 < len(u.characters) <= SPREAD_MAX)


def learned_order(
    u: Understanding, kb: AnswerKB, ranked: list[Found], model: Any = None
) -> list[Found]:
    """The hand-set ranking's best ``POOL`` in the learned ranker's order (``model``: another
    than the one trained, as cross-validation gives), then the rest."""
    return rerank(u, ranked[:POOL], kb, content_words(u, kb), model=model) + ranked[POOL:]


def presented(ranked: list[Found], u: Understanding, kb: AnswerKB, limit: int) -> list[Found]:
    """The best ``limit`` as shown: each named character (of two at most) with a ruling in the
    five, the jinx between them kept there, the other sides of a disagreement shown, and in
    a night-order question about two characters, their steps on the night sheet."""
    shown = _with_both_sides(_covering(ranked, u, limit), ranked, u, kb, limit)
    return _night_sheets_shown(shown, ranked, u)[:limit]


def _candidates(u: Understanding, kb: AnswerKB, searched: dict[str, float]) -> list[str]:
    ids: dict[str, None] = {}
    for cid in u.characters:
        ids.update(dict.fromkeys(kb.about.get(cid, ())))
        ids.update(dict.fromkeys(kb.naming.get(cid, ())))
        # a script's own character: the script's special rules are its rules too
        origin = kb.characters.get(cid, {}).get("origin") or ""
        ids.update(dict.fromkeys(kb.script_rules.get(origin, ())))
    for script in u.scripts:  # "river styx script": the script's special rules
        ids.update(dict.fromkeys(kb.rules_of_script.get(script, ())))
    ids.update(dict.fromkeys(searched))
    return list(ids)


# ---- full-text search ---------------------------------------------------------------------


def search(kb: AnswerKB, u: Understanding) -> dict[str, float]:
    """Ruling id -> strength in (0, 1] of the full-text match on the question's content words.

    Among the named characters' rulings, where the words tell their rulings apart; with no
    character named, across everything. (Searching everything as well when characters are
    named changed no top-five ruling on any of the seven evaluation sets and cost a quarter
    of the answer's time: the rulings that name the characters are already candidates.)
    """
    terms = content_words(u)
    if not terms:
        return {}
    if u.characters:
        return _strengths(kb.terms.among(kb.db, terms, u.characters, FTS_LIMIT) or [])
    query = " OR ".join(f'"{t}"' for t in terms)
    return {rid: 0.5 * strength for rid, strength in _fts(kb, query, FTS_LIMIT // 2).items()}


def _fts(kb: AnswerKB, query: str, limit: int) -> dict[str, float]:
    """Ruling id -> strength of FTS5's match on ``query`` over every ruling (the named
    characters' rulings are searched from ``kb.terms``, to the same figures)."""
    try:
        rows = kb.db.execute(
            "select rulings.id, bm25(rulings_fts) from rulings_fts join rulings "
            "on rulings.rowid = rulings_fts.rowid where rulings_fts match ? "
            "order by bm25(rulings_fts) limit ?",
            [query, limit],
        ).fetchall()
    except Exception:  # an FTS syntax corner case must not break answering
        return {}
    return _strengths(rows)


def _strengths(rows: Iterable[tuple[str, float]]) -> dict[str, float]:
    """Ruling id -> strength in [0, 1]: its bm25 over the best one's."""
    rows = list(rows)
    best = rows[0][1] if rows and rows[0][1] < 0 else -1.0
    return {rid: max(rank / best, 0.0) for rid, rank in rows}


SEARCH_TERMS = {
    Condition.DEAD: ["dies", "dead", "killed", "death"],
    Condition.PROTECTED: ["protected", "safe"],
    Condition.FIRST_NIGHT: ["first"],
    Condition.OTHER_NIGHTS: ["except"],
    Condition.SELF_TARGET: ["themself", "themselves"],
    Condition.BECOMES: ["becomes"],
    Condition.REGISTERING: ["registers"],
}
# every word content_words adds for a condition ("dies", "dead", ..., "drunk", "mad")
CONDITION_TERMS = frozenset(
    term for c in Condition for term in SEARCH_TERMS.get(c, [str(c).split("-")[0]])
)
# asking how long something lasts, as storytellers type it
HOW_LONG = re.compile(
    r"\b(?:till|til|until|untill) when\b|\bhow long\b|\bwears? off\b|\bwhen does it (?:end|stop)\b"
)
OWN = re.compile(r"\b(?:their|his|her|its) own\b")
# a storyteller's shorthand and the sources' word for it ("fake info": "false information")
SPELLED_OUT = {
    "fake": "false",
    "morning": "dawn",
    "ppl": "players",
    "grim": "grimoire",
    "immune": "safe",  # the sources say "immune" twice, "safe" 27 times
}
NUMBERS = {
    "1": "one",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
}


def content_words(u: Understanding, kb: AnswerKB | None = None) -> list[str]:
    """The question's words worth searching for: no stop words or names, conditions spelled
    as the sources spell them, digits as words.

    >>> from service.answer.words import Kind
    >>> content_words(Understanding("can the sailor die with 4 alive?", (), {}, Kind.RULING))
    ['sailor', 'die', '4', 'four', 'alive']
    >>> content_words(Understanding("fake info in the grim", (), {}, Kind.RULING))
    ['fake', 'false', 'info', 'grim', 'grimoire']
    """
    named = {w for m in u.mentions for w in m.text.lower().split()}
    words = rx.findall(r"[a-z][a-z'’-]+|\d", u.question.lower())
    out = []
    for word in words:
        if word in NUMBERS:  # the sources write both "2" and "two"
            out += [word, NUMBERS[word]]
            continue
        word = word.replace("’", "").replace("'", "")
        if word in SPELLED_OUT and word not in named:
            out += [word, SPELLED_OUT[word]]
        elif (
            word not in STOPWORDS
            and word not in FRAME_WORDS
            and len(word) > 2
            and word not in named
        ):
            out.append(word)
    for conds in u.conditions.values():
        for condition in conds:
            out += SEARCH_TERMS.get(condition, [str(condition).split("-")[0]])
    if OWN.search(u.question.lower()):  # "their own red herring": the sources say "themself"
        out += SEARCH_TERMS[Condition.SELF_TARGET]
    if HOW_LONG.search(u.question.lower()):  # "drunk till when": the sources say "until dusk"
        out += ["until", "lasts"]
    return list(dict.fromkeys(out))


# ---- ranking ------------------------------------------------------------------------------


def _order(found: Found, kb: AnswerKB) -> tuple[float, int, str, int]:
    r = found.ruling
    return (-found.score, -kb.authority.get(r["source"], 1), r["source"], r["lines"][0])


def _unique(found: Iterable[Found], kb: AnswerKB) -> list[Found]:
    """One entry per text: the same paragraph in two almanacs is one ruling, two sources;
    and an ability line quoted whole in another source's paragraph about the same character
    is that paragraph (it says the very words, and more), listed as also in the ability's
    source, at the better of the two scores."""
    out: dict[str, Found] = {}
    for item in found:
        key = kb.normal[item.ruling["id"]]
        if key in out:
            first = out[key]
            out[key] = Found(
                first.ruling, first.score, first.why, (*first.also_in, item.ruling["source"])
            )
        else:
            out[key] = item
    return _quoted_abilities(list(out.values()), kb)


def _quoted_abilities(found: list[Found], kb: AnswerKB) -> list[Found]:
    abilities = [f for f in found if f.ruling["section"] == "ability"]
    merged: dict[str, Found] = {}  # ruling id -> the paragraph standing for both
    for ability in abilities:
        line = kb.normal[ability.ruling["id"]]
        quoting = next(
            (
                f
                for f in found
                if f.ruling["section"] != "ability"
                and f.ruling["character"] == ability.ruling["character"]
                and line in kb.normal[f.ruling["id"]]
            ),
            None,
        )
        if quoting is None or quoting.ruling["id"] in merged:
            continue
        merged[quoting.ruling["id"]] = Found(
            quoting.ruling,
            max(quoting.score, ability.score),
            quoting.why,
            (*quoting.also_in, ability.ruling["source"], *ability.also_in),
        )
        merged[ability.ruling["id"]] = merged[quoting.ruling["id"]]
    out = {id(m): m for m in (merged.get(f.ruling["id"], f) for f in found)}
    return sorted(out.values(), key=lambda f: _order(f, kb)) if merged else found


def _diverse(ranked: list[Found], kb: AnswerKB, limit: int, *, spread: bool) -> list[Found]:
    """Greedy re-rank: a ruling that repeats one already picked (in other words, from another
    source) drops by the redundancy weight times their word overlap; with ``spread``, each pick of a
    character's ruling lowers that character's other rulings by the same-subject weight."""
    pool = ranked[:DIVERSE_POOL]
    repeats = [0.0] * len(pool)  # each one's largest overlap with a ruling already picked
    picked: list[int] = []
    count: dict[str | None, int] = {}
    # what does not change between picks, worked out once
    ties = [_order(f, kb)[1:] for f in pool]
    bags = [kb.bags[f.ruling["id"]] for f in pool]
    subjects = [f.ruling["character"] for f in pool]
    redundancy, same_subject = W["redundancy"], W["same_subject"] if spread else 0.0

    def adjusted(i: int) -> tuple:
        score = pool[i].score - redundancy * repeats[i]
        if same_subject:
            score -= same_subject * count.get(subjects[i], 0)
        return (-score, *ties[i])

    left = list(range(len(pool)))
    while left and len(picked) < limit:
        best = min(left, key=adjusted)
        picked.append(best)
        left.remove(best)
        bag = bags[best]
        for i in left if redundancy else ():  # no weight: no need to measure overlap
            repeats[i] = max(repeats[i], _overlap(bags[i], bag))
        count[subjects[best]] = count.get(subjects[best], 0) + 1
    # the rest by their standing after the last pick (picking each of them in turn, as the
    # learned ranker's pool of POOL did once, cost half a millisecond a question)
    left.sort(key=adjusted)
    return [pool[i] for i in picked] + [pool[i] for i in left] + ranked[DIVERSE_POOL:]


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard overlap of two word bags (the union counted, not built)."""
    if not a or not b:
        return 0.0
    shared = len(a & b)
    return shared / (len(a) + len(b) - shared)


def _covering(ranked: list[Found], u: Understanding, limit: int) -> list[Found]:
    """The best ``limit``, making sure each named character (of two at most) has its best
    ruling among them."""
    top = ranked[:limit]
    if len(u.characters) > COVER_MAX:
        return [f for f in top if f.score > 0]
    for cid in u.characters:
        if any(_concerns(f, cid) for f in top[:TOP_SHOWN]):
            continue
        best = next((f for f in ranked if _concerns(f, cid)), None)
        if best is not None and best.score > 0:
            top = [f for f in top if f is not best]
            last = TOP_SHOWN - 1
            top.insert(min(last, len(top)), best)
            if len(top) > TOP_SHOWN and top[TOP_SHOWN].ruling["section"] == "jinx":
                # the official jinx between named characters keeps its place in the five:
                # the last other ruling above it gives way
                # (where every one above it is a jinx too, nothing gives way: "riot kills the
                # hiker" named two characters with four jinxes between them)
                k = max(
                    (i for i in range(last) if top[i].ruling["section"] != "jinx"), default=None
                )
                if k is not None:
                    top[k], top[TOP_SHOWN] = top[TOP_SHOWN], top[k]
    return [f for f in top[:limit] if f.score > 0]


def _night_sheets_shown(shown: list[Found], ranked: list[Found], u: Understanding) -> list[Found]:
    """A night-order question naming two characters shows each one's step on the official
    night sheet (of the night asked, where one is) among the five: it is what decides which
    wakes first. The lowest ruling of the five that is no such step gives way, to just after
    the five."""
    if u.kind is not Kind.NIGHT_ORDER or len(u.characters) < 2:
        return shown
    out = list(shown)
    for cid in u.characters[:COVER_MAX]:
        steps = [
            f
            for f in (*out, *ranked)
            if f.ruling["character"] == cid
            and night_sheet(f.ruling)
            and (u.night is None or f.ruling["section"].startswith(u.night))
        ]
        if not steps or steps[0] in out[:TOP_SHOWN]:
            continue
        free = [i for i in range(min(TOP_SHOWN, len(out))) if not night_sheet(out[i].ruling)]
        if free:  # the step takes the last such place; what held it waits just after the five
            if steps[0] in out:
                out.remove(steps[0])  # from below the five: the places above do not move
            displaced = out[free[-1]]
            out[free[-1]] = steps[0]
            out.insert(TOP_SHOWN, displaced)
    return out


def _with_both_sides(
    top: list[Found], ranked: list[Found], u: Understanding, kb: AnswerKB, limit: int
) -> list[Found]:
    """Where a ruling shown is one side of a confirmed disagreement, show the other sides: next
    to it when they score nearly as well as the fifth ruling, else right after the fifth (a
    disagreement beside the point must not push out what decides the question)."""
    by_id = {f.ruling["id"]: f for f in ranked}
    by_text = {kb.normal[f.ruling["id"]]: f for f in ranked}
    out = list(top)
    kept: set[str] = set()  # the sides that belong in the five
    told = DISAGREEMENT_TOLD.search(u.question.lower()) is not None
    for conflict in _concerning(u, kb):
        sides = [_side(rid, by_id, by_text, kb) for rid in conflict.get("ruling_ids") or ()]
        sides = [f for f in sides if f is not None]
        shown = [i for i, f in enumerate(out[:limit]) if any(_same(f, s, kb) for s in sides)]
        if not shown and sides and conflict.get("asked_when") and u.kind is not Kind.HOW_TO_RUN:
            # the question asks what the disagreement is about ("sailor allowed to pick dead
            # player"): its best side comes in after the first ruling, the others follow
            best = max(sides, key=lambda f: f.score)
            where = next((i for i, f in enumerate(out) if _same(f, best, kb)), None)
            if where is not None:
                best = out.pop(where)
            why = (
                *best.why,
                f"what the question asks, on which the sources disagree ({conflict['topic']})",
            )
            out.insert(min(1, len(out)), Found(best.ruling, best.score, why, best.also_in))
            shown = [min(1, len(out) - 1)]
        if not shown:
            continue
        fifth = out[min(TOP_SHOWN, len(out)) - 1]
        at = shown[0] + 1
        # a disagreement the question asks about (its asked_when matched), or a side in the
        # five that speaks to the point, not the character's everyday text (the ability, the
        # summary, the night steps), draws the others into the five (the procedure asked for
        # in "how do I run" comes first: sides wait below)
        drawn = told or (  # "my notes and the almanac say opposite things": sides are the point
            u.kind is not Kind.HOW_TO_RUN
            and (
                bool(conflict.get("asked_when"))
                or any(
                    i < TOP_SHOWN and out[i].ruling["section"] not in GENERAL_SECTIONS
                    for i in shown
                )
            )
        )
        for side in sides:
            where = next((i for i, f in enumerate(out) if _same(f, side, kb)), None)
            if where is not None and (where < TOP_SHOWN or not drawn):
                if where < TOP_SHOWN:
                    kept.add(side.ruling["id"])
                continue  # shown already
            if where is not None:
                side = out.pop(where)  # ranked below the five on its own: it moves up
            why = (*side.why, f"the other side of a disagreement ({conflict['topic']})")
            # right beside it when it nearly makes the best five on its own; else just
            # after them, still shown
            near = side.score >= SIDE_SHARE * fifth.score
            place = at if near else max(at, TOP_SHOWN)
            out.insert(place, Found(side.ruling, side.score, why, side.also_in))
            if place < TOP_SHOWN:
                kept.add(side.ruling["id"])
            at += near
    first = top[0].ruling["id"] if top else None
    return _keep_in_five(out, kept, first)[:limit]


def _keep_in_five(out: list[Found], kept: set[str], first: str | None) -> list[Found]:
    """A side shown in the five stays there when another side is put beside it: the last
    ruling of the five that is no side gives way, just after the five (never the one that
    ranked first)."""
    out = list(out)
    while True:
        late = next((i for i in range(TOP_SHOWN, len(out)) if out[i].ruling["id"] in kept), None)
        free = [
            i
            for i in range(min(TOP_SHOWN, len(out)))
            if out[i].ruling["id"] not in kept and out[i].ruling["id"] != first
        ]
        if late is None or not free:
            return out
        side = out.pop(late)
        other = out.pop(free[-1])
        out.insert(free[-1], side)
        out.insert(TOP_SHOWN, other)


def _side(
    rid: str, by_id: dict[str, Found], by_text: dict[str, Found], kb: AnswerKB
) -> Found | None:
    if rid in by_id:
        return by_id[rid]
    ruling = kb.rulings.get(rid)
    if ruling is None:
        return None
    return by_text.get(kb.normal[rid]) or Found(ruling, 0.0, ())


def _same(a: Found, b: Found, kb: AnswerKB) -> bool:
    return (
        a.ruling["id"] == b.ruling["id"] or kb.normal[a.ruling["id"]] == kb.normal[b.ruling["id"]]
    )


def _concerns(found: Found, cid: str) -> bool:
    return found.ruling["character"] == cid


# ---- the rest of the answer -----------------------------------------------------------------


def _jinxes(u: Understanding, kb: AnswerKB) -> Iterable[dict[str, Any]]:
    chars = list(u.characters)
    for i, a in enumerate(chars):
        for b in chars[i + 1 :]:
            jinx = kb.jinxes.get(frozenset((a, b)))
            if jinx:
                yield jinx


def _conflicts(u: Understanding, kb: AnswerKB, ranked: list[Found]) -> Iterable[dict[str, Any]]:
    """Confirmed disagreements with a side among the rulings shown (an ability line alone is
    too thin a link) that concern the question, the one whose side ranks highest first."""
    place = {f.ruling["id"]: i for i, f in enumerate(ranked) if f.ruling["section"] != "ability"}
    relevant = []
    for conflict in _concerning(u, kb):
        ranks = [place[r] for r in conflict.get("ruling_ids") or () if r in place]
        if ranks:  # one that says when it is asked about, and is, comes first
            specific = 0 if conflict.get("asked_when") else 1
            relevant.append((specific, min(ranks), conflict["id"], conflict))
    return [c for *_, c in sorted(relevant, key=lambda r: r[:3])]


def _concerning(u: Understanding, kb: AnswerKB) -> Iterable[dict[str, Any]]:
    """The named characters' disagreements that concern the question (see asked_about)."""
    for cid in u.characters:
        yield from (c for c in kb.conflicts.get(cid, ()) if asked_about(c, u.question))


def asked_about(conflict: dict[str, Any], question: str) -> bool:
    """Whether a disagreement is this question's concern: its curated ``asked_when`` pattern
    matches (the Sailor's "alive or any player" only where a dead player is chosen); a
    disagreement with none concerns every question whose rulings show a side.

    >>> asked_about({"asked_when": r"\\bdead\\b"}, "can the sailor pick a dead player")
    True
    >>> asked_about({"asked_when": r"\\bdead\\b"}, "sailor drunk, can he die"), asked_about({}, "x")
    (False, True)
    """
    pattern = conflict.get("asked_when") or ""
    return not pattern or rx.search(pattern, question, re.IGNORECASE) is not None


def _night_rows(u: Understanding, kb: AnswerKB) -> Iterable[dict[str, Any]]:
    if u.kind is not Kind.NIGHT_ORDER and not u.night:
        return
    nights = [u.night] if u.night else ["first", "other"]
    for night in nights:
        for cid in u.characters:
            row = kb.night.get(night, {}).get(cid)
            if row:
                yield {
                    "night": night,
                    "position": row["position"],
                    "id": cid,
                    "name": row["name"],
                    "reminder": row["reminder"],
                }
