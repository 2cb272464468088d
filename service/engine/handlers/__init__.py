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
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from knowledge.model import Team
from service.engine.model import Alignment, Until

HOOKS = ("setup", "wakes", "validate", "night", "day", "nominated", "voted", "vote_weight",
         "protects", "redirect", "substitute", "dies", "sees_death", "afflicts", "registers",
         "dusk")
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
    not_self: bool = False  # "(not yourself)"
    optional: bool = False  # may decline ("once per game" abilities)


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


def character(cid: str, *, night: NightSpec | None = None,
              cites: dict[str, str | tuple[str | None, str]] | None = None,
              tokens: dict[str, Until] | None = None, thinks: tuple[Team, ...] = (),
              always_drunk: bool = False, sober: bool = False) -> Handler:
    """Declare the handler of one character; its hooks attach with ``@handler.<hook>``.

    ``cites`` maps a short key to the phrase a ruling about this character contains
    (or to ``(character id or None for the glossary, phrase)``): handlers cite by key.
    """
    if cid in REGISTRY:
        raise ValueError(f"character {cid!r} already has a handler")
    phrases = {key: (value if isinstance(value, tuple) else (cid, value))
               for key, value in (cites or {}).items()}
    handler = Handler(id=cid, night_spec=night, cites=phrases, tokens=dict(tokens or {}),
                      thinks=thinks, always_drunk=always_drunk, sober=sober)
    REGISTRY[cid] = handler
    return handler


def handler_for(cid: str) -> Handler | None:
    load_all()
    return REGISTRY.get(cid)


_LOADED: list[bool] = []


def load_all() -> dict[str, Handler]:
    """Import every handler module once (they register themselves)."""
    if not _LOADED:
        for name in _modules():
            importlib.import_module(f"{__name__}.{name}")
        _LOADED.append(True)
    return REGISTRY
