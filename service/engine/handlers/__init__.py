"""The extension point: one small handler per character ability, registered by id.

A handler module (``tb.py``, later ``bmr.py``, ``snv.py``, ...) declares each character
with ``character(id, ...)`` and attaches hook functions with its decorators::

    monk = character("monk", night=NightSpec(targets=1, not_self=True),
                     tokens={"Safe": Until.DAWN},
                     cites={"safe": "safe from the Demon tonight"})

    @monk.night
    def _monk_night(step: Step, me: Player, act: Act | None) -> None:
        mark(step, monk, me, "Safe", step.player(act.targets[0]))
        step.say("...", player=me, rulings=step.cite(monk, "ability"))

Inside a hook: ``step.state`` is the current ``GameState`` (replace it with
``step.update``); ``step.cite(handler, key)`` returns the rulings for a declared key
("ability" is always the official ability text); ``step.say(text, player=, rulings=)``
adds a trace entry; ``step.choose(id, question, options, default, rulings=)`` is a
storyteller decision (the request's value for ``id``, else the default, listed in the
result); ``step.register(viewer, target, aspect, notes)`` asks what a player registers
as; ``step.inform(player, character, answer, ...)`` records information given;
``kill`` / ``declare`` (``service.engine.deaths``) and ``execute_player``
(``service.engine.day``) change who lives and who wins.

Hooks (every one optional; ``step`` is the ``service.engine.step.Step`` in progress).
They are looked up by the character a player *acts as* (``Player.acting``: what the Drunk
thinks they are), so a hook checks ``works(step.state, me, id)`` before its effect holds;
``afflicts``, ``registers`` and ``vote_weight`` are looked up by the real character.

- ``setup(step, me)``: once, before the first phase.
- ``wakes(step, me) -> bool``: is the player woken at their night-order slot tonight
  (default: alive).
- ``validate(step, me, act)``: refuse a forbidden night choice (raise InvalidRequest).
- ``night(step, me, act)``: run the night ability; ``act`` is None when the request gave
  no action for a waking player.
- ``day(step, me, event)``: a public day ability (``UseAbility`` or ``Slay``).
- ``nominated(step, me, nominator)``: ``me`` was nominated.
- ``voted(step, me, vote)``: a vote was tallied (``me`` may care: Butler).
- ``vote_weight(step, me, voter) -> int``: how ``me``'s ability multiplies ``voter``'s vote.
- ``protects(step, me, target, cause) -> rulings | None``: the citations by which ``me``'s
  ability stops this death (the Monk's Safe, the Soldier), or None.
- ``shields(step, me, target) -> rulings | None``: the citations by which ``me``'s ability
  keeps ``target`` from a Demon's harm other than its kill (the Pukka's poison: the Monk's
  Safe, the Soldier), or None.
- ``redirect(step, me, cause, by) -> str``: who dies instead of ``me`` (the Mayor); asked
  after the protections, and only once per kill.
- ``substitute(step, me, target) -> str``: who is executed instead of ``target``.
- ``dies(step, me, death)``: ``me`` just died.
- ``sees_death(step, me, death)``: another player just died.
- ``afflicts(state, me, target, visiting) -> Kind | None``: does ``me``'s ability make
  ``target`` drunk or poisoned right now (decided whenever it matters, from ``me``'s
  tokens); pass ``visiting`` on to ``works(..., _visiting=visiting)``.
- ``registers(step, me) -> Registration``: what ``me`` might register as (asked only
  while the ability works, dead or alive; declare a ``"register"`` citation key).
- ``dusk(step, me)``: the day ends (end-of-day wins).
- ``declared(step, by, event)``: a public day declaration naming this character
  (``"character"`` of an ``ability`` event), whoever makes it: a Minion's guess at the
  Damsel, a player bluffing as the Alsaahir. Looked up by the character named.
- ``restricts(step, me, actor, character, act)``: ``me``'s ability forbids ``actor``'s
  night choice as ``character`` (raise InvalidRequest): the Demon must choose the Spy.
- ``misregisters(step, me, target) -> Registration | None``: what ``target`` registers as
  because of ``me``'s ability (the Lycanthrope's Faux Paw), or None; looked up by the real
  character, and it replaces the target's own registration.
- ``keeps(state, me, target, visiting) -> bool``: ``me``'s ability lets the dead ``target``
  keep their ability (the Vigormortis's Minions, the Bone Collector); real character.
- ``cures(state, me, target, visiting) -> bool``: ``me``'s ability makes ``target`` sober,
  healthy and given true information (the Barista); real character.
- ``falsifies(step, me, player, character) -> rulings | None``: ``me``'s ability makes the
  information ``player`` gets as ``character`` false (the Vortox); real character.
- ``sees_nomination(step, me, nominator, nominee)``: a nomination was made (the Witch).
- ``nominates_again(step, me, target) -> rulings | None``: ``me`` may nominate although they
  (or ``target``) already did (were) today (the Butcher).
- ``night_ends(step, me)``: the night's last step, after every waking, before dawn (the
  Stuntman's death where nobody died); asked of the dead too.
- ``nominates_dead(step, me) -> rulings | None``: ``me``, dead, may nominate (the Banshee
  the Demon killed), or None.
- ``extra_execution(step, me, target) -> rulings | None``: ``target`` may be executed
  although someone already was today (the Butcher).
- ``vetoes(step, me, team) -> rulings | None``: ``me``'s ability stops ``team`` winning now
  (the Evil Twin); the game goes on.
- ``asleep(step, me) -> str | None``: why ``me`` is not woken tonight (a spent
  once-per-game ability), for the refusal of an action they were not woken for.
- ``stops_waking(step, me, other, character) -> str | None``: ``me``'s ability keeps
  ``other`` asleep tonight (the Exorcist on the Demon), and why.
- ``unwoken(step, me)``: ``me``'s place in the night order came but they were not woken
  (a Storyteller step such as the Gossip's kill; an Exorcised Pukka's poison still kills).
- ``chosen(step, me, chooser, act)``: ``chooser``'s night choice names ``me``, before it
  takes effect (the Goon); looked up by the real character.
- ``target_count(step, me) -> int``: how many players ``me`` chooses tonight, when it
  varies (a charged Po chooses 3).
- ``cheats_death(step, me, cause, by) -> bool``: ``me`` would die now; True when their own
  ability lets them live on registered as dead, having recorded the death (the Zombuul).
  Asked after protections, also for "even if they could not" kills.
- ``undead(state, me) -> bool``: ``me`` is alive though treated as dead (the Zombuul after
  its first death): still the Demon, counted alive for wins; real character.
- ``free_vote(step, me, voter) -> bool``: the dead ``voter`` votes without spending their
  vote token (the Voudon).
- ``slain(step, me, slayer, target) -> rulings | None``: ``me``'s ability makes the Slayer's
  shot at ``target``, who is not the Demon, kill them anyway (a jinx: the Lleech's host);
  real character.
- ``created(step, by, target) -> str``: ``by``'s ability is about to turn ``target`` into
  this character; the player who becomes it instead (a jinx: the Storyteller places a
  Pit-Hag's Damsel). Looked up by the character created.
- ``acts_at(me) -> str``: the character whose night-order place ``me`` wakes at to use the
  ability they think they have (the Lunatic wakes at the Lunatic's place); real character.
- ``acts_as(step, demon, me, act) -> bool``: ``me`` makes the night choice of ``demon``'s
  handler, the ability they only think they have, and this says what it does instead (the
  Lunatic's choice kills nobody; True); real character, before ``demon``'s night hook.
- ``sees_execution(step, me, target, died)``: ``target`` was executed, dying or not (the
  Evil Twin's good twin); asked after the execution's death, if any.
- ``info_step(step, me, marker) -> bool``: ``me``'s character runs the first night's
  ``"minioninfo"`` or ``"demoninfo"`` step its own way and says how (True), instead of the
  generic line (Lil' Monsta skips both); real character, and asked of seatless ones.
- ``wakes_new(me) -> bool``: ``me`` became this first-night-only character mid-game
  (``Player.since``) and learns their information on their own first night, at the
  character's first-night place (the Steward, the Noble).
- ``demon_to(step, me, viewer, notes) -> bool``: ``me`` is shown as the Demon to
  ``viewer``'s ability in the real Demon's place (a jinx: the Recluse to the Sage); misses
  go to ``notes``; real character.
- ``spares(step, me, target, death) -> rulings | None``: ``me``'s ability keeps ``target``
  alive when ``death`` would take them with it (a jinx: the Mastermind and the Lleech whose
  host is executed); real character.
- ``holds_alignment(step, me, target, alignment) -> rulings | None``: ``me``'s ability
  stops ``target``'s own ability turning them ``alignment`` (a jinx: the Pit-Hag's evil
  Goon); real character.
- ``sees_wake(step, me, woken, character)``: ``woken`` wakes now for ``character``'s ability
  (the real Demon is shown the Lunatic's choice); real character.

A seatless character (``seatless=True``: Lil' Monsta) is in play without a player, while
one of its reminder tokens is in the Grimoire: its ``setup`` and ``night`` hooks run with
``me=None`` (its night slot in night order), and no other hook of it is asked.

A player may hold abilities besides their character's (``Player.gained``: the Alchemist's
Minion ability, the Cannibal's lunch, the Pixie's Townsfolk): ``abilities(player)`` lists
them all and ``hooks_of(player, name)`` gives (character, hook) for each that has one.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from knowledge.model import Team
from service.engine.model import Alignment, Player, Until

HOOKS = (
    "setup",
    "wakes",
    "validate",
    "night",
    "day",
    "nominated",
    "voted",
    "vote_weight",
    "protects",
    "shields",
    "redirect",
    "substitute",
    "dies",
    "sees_death",
    "afflicts",
    "registers",
    "dusk",
    "declared",
    "restricts",
    "misregisters",
    "keeps",
    "cures",
    "falsifies",
    "sees_nomination",
    "nominates_again",
    "nominates_dead",
    "night_ends",
    "extra_execution",
    "vetoes",
    "asleep",
    "stops_waking",
    "unwoken",
    "chosen",
    "target_count",
    "cheats_death",
    "undead",
    "free_vote",
    "slain",
    "created",
    "acts_at",
    "acts_as",
    "sees_wake",
    "sees_execution",
    "info_step",
    "wakes_new",
    "demon_to",
    "spares",
    "holds_alignment",
)


# Handler modules ``load_all`` imports; other editions add theirs here.
def _modules() -> tuple[str, ...]:
    """Every handler module in this package (support code excluded), in a fixed order."""
    names = (m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))
    return tuple(sorted(n for n in names if n != "support"))


@dataclass(frozen=True, slots=True, kw_only=True)
class NightSpec:
    """What a waking player chooses: checked before the handler runs."""

    targets: int = 0  # how many players the ability chooses
    character: bool = False  # the ability names a character
    characters: bool = False  # it may name several, comma-separated ("which Minions")
    not_self: bool = False  # "(not yourself)"
    optional: bool = False  # may decline ("once per game" abilities)
    # The night hook runs (with act None) even when the request gives no choice: part of
    # the ability needs none (the Pukka's earlier victim dies).
    always: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Registration:
    """What a player may register as to another ability (the truth first)."""

    alignments: tuple[Alignment, ...]
    teams: tuple[Team, ...]
    characters: tuple[str, ...]


@dataclass(eq=False)
class Handler:
    """One character's ability: specs, citation phrases and hook functions."""

    id: str
    night_spec: NightSpec | None = None
    cites: dict[str, tuple[str | None, str]] = field(default_factory=dict)
    tokens: dict[str, Until] = field(default_factory=dict)
    thinks: tuple[Team, ...] = ()  # the teams a player of this character may think they are
    always_drunk: bool = False
    sober: bool = False  # "You are sober & healthy"
    seatless: bool = False  # in play without a player (Lil' Monsta)
    # the characters whose official jinx with this one the engine does not play: with one
    # of them in play, the replay says so ("unplayed_jinxes")
    unplayed_jinxes: frozenset[str] = frozenset()
    hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)

    def hook(self, name: str) -> Callable[..., Any] | None:
        return self.hooks.get(name)

    def _register(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        if name in self.hooks:
            raise ValueError(f"{self.id}: hook {name!r} registered twice")
        self.hooks[name] = fn
        return fn

    def __getattr__(self, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        # ``@monk.night`` etc.: one decorator per hook name, no boilerplate per hook.
        if name in HOOKS:
            return lambda fn: self._register(name, fn)
        raise AttributeError(name)


REGISTRY: dict[str, Handler] = {}


def character(
    cid: str,
    *,
    night: NightSpec | None = None,
    cites: dict[str, str | tuple[str | None, str]] | None = None,
    tokens: dict[str, Until] | None = None,
    thinks: tuple[Team, ...] = (),
    always_drunk: bool = False,
    sober: bool = False,
    seatless: bool = False,
    unplayed_jinxes: tuple[str, ...] = (),
) -> Handler:
    """Declare the handler of one character; its hooks attach with ``@handler.<hook>``.

    ``cites`` maps a short key to the phrase a ruling about this character contains
    (or to ``(character id or None for the glossary, phrase)``): handlers cite by key.
    ``unplayed_jinxes``: the characters whose jinx with this one the engine does not play.
    """
    if cid in REGISTRY:
        raise ValueError(f"character {cid!r} already has a handler")
    phrases = {
        key: (value if isinstance(value, tuple) else (cid, value))
        for key, value in (cites or {}).items()
    }
    handler = Handler(
        id=cid,
        night_spec=night,
        cites=phrases,
        tokens=dict(tokens or {}),
        thinks=thinks,
        always_drunk=always_drunk,
        sober=sober,
        seatless=seatless,
        unplayed_jinxes=frozenset(unplayed_jinxes),
    )
    REGISTRY[cid] = handler
    _hooks.cache_clear()
    return handler


def handler_for(cid: str) -> Handler | None:
    load_all()
    return REGISTRY.get(cid)


_LOADED: list[bool] = []


def abilities(player: Player, *, real: bool = False) -> tuple[str, ...]:
    """The characters whose abilities the player uses: the one they act as (or really are,
    with ``real``), then any gained."""
    base = player.character if real else player.acting
    if not player.gained:
        return (base,)
    return tuple(dict.fromkeys((base, *player.gained)))


def hooks_of(
    player: Player, name: str, *, real: bool = False
) -> tuple[tuple[str, Callable[..., Any]], ...]:
    """(character, hook) for each of the player's abilities that has a ``name`` hook."""
    return _hooks(abilities(player, real=real), name)


@functools.lru_cache(maxsize=4096)
def _hooks(characters: tuple[str, ...], name: str) -> tuple[tuple[str, Callable[..., Any]], ...]:
    # Asked hundreds of times a replay; the registry is fixed once every module is loaded.
    found = ((cid, handler_for(cid)) for cid in characters)
    return tuple((cid, h.hooks[name]) for cid, h in found if h is not None and name in h.hooks)


def load_all() -> dict[str, Handler]:
    """Import every handler module once (they register themselves)."""
    if not _LOADED:
        for name in _modules():
            importlib.import_module(f"{__name__}.{name}")
        _LOADED.append(True)
    return REGISTRY
