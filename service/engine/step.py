"""One push in progress: the state as it changes, and the trace and choices it adds.

A ``Step`` is what every handler receives. It is a small transaction: the game keeps
the step's result only if the whole action succeeds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from service.engine.handlers import Handler, Registration, handler_for, hooks_of
from service.engine.model import GameState, Info, Moment, Player, Token
from service.engine.rulebook import Citation, Rules
from service.engine.rules import is_cured, truth, unreliable_because, works
from service.errors import InvalidRequest

# Basic rules the engine itself applies, cited from the glossary (character None).
CORE: dict[str, tuple[str | None, str]] = {
    "dead": (None, "Dead: A player that is not alive"),
    "drunk": (None, "Drunk: A drunk player has no ability"),
    "poisoned": (None, "Poisoned: A poisoned player has no ability"),
    "execution": (None, "maximum of one execution per day"),
    "exile": (None, "Exile: The group decision to kill a Traveller"),
    "win": (None, "Good wins when the Demon dies"),
    "lose": (None, "Good loses when there are only two alive players"),
    "nomination": (None, "Players may nominate once per day"),
    "vote": (None, "A dead player may only vote once"),
    "register": (None, "Register: A player that"),
    "alive-neighbours": (None, "Alive neighbours: The two alive players"),
    "minion-info": (None, "Minion info: Shorthand"),
    "demon-info": (None, "Demon info: Shorthand"),
    "traveller": (None, "the Storyteller chooses their alignment"),
    "dusk": (None, "until dusk” end as soon as the players go to sleep"),
    "night*": (None, "Each night*: Shorthand"),
    "think": (None, "Think: A player who"),
    "might": (None, "Might: Shorthand"),
    "once-per-game": (None, "Once per game: An ability that can be used only once"),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class TraceEntry:
    phase: str  # "night 2", "day 2" or "set-up"
    action: str
    text: str
    player: str | None = None
    character: str | None = None
    rulings: tuple[Citation, ...] = ()
    conflicts: tuple[Citation, ...] = ()

    def to_dict(self, index: int) -> dict[str, Any]:
        entry = {
            "step": index,
            "phase": self.phase,
            "action": self.action,
            "player": self.player,
            "character": self.character,
            "text": self.text,
            "rulings": [r.to_dict() for r in self.rulings],
        }
        if self.conflicts:
            entry["disagreeing"] = [r.to_dict() for r in self.conflicts]
        return entry


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoicePoint:
    id: str
    phase: str
    question: str
    options: tuple[Any, ...] | str  # the allowed values, or a description of them
    default: Any
    chosen: Any
    given: bool  # the request supplied it
    rulings: tuple[Citation, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        options = list(self.options) if isinstance(self.options, tuple) else self.options
        return {
            "id": self.id,
            "phase": self.phase,
            "question": self.question,
            "options": options,
            "default": self.default,
            "chosen": self.chosen,
            "from": "request" if self.given else "default",
            "rulings": [r.to_dict() for r in self.rulings],
        }


@dataclass(eq=False)
class Step:
    rules: Rules
    state: GameState
    action: str
    requested: Mapping[str, Any] = field(default_factory=dict)
    taken_ids: frozenset[str] = frozenset()
    trace: list[TraceEntry] = field(default_factory=list)
    choices: list[ChoicePoint] = field(default_factory=list)

    @property
    def moment(self) -> Moment:
        return self.state.moment

    @property
    def phase(self) -> str:
        """The phase label the trace and choices show: "night 2", "day 2" or "set-up"."""
        return "set-up" if self.action.startswith("setup") else str(self.moment)

    def update(self, state: GameState) -> GameState:
        self.state = state
        return state

    def player(self, name: str) -> Player:
        return self.state.player(name)

    def known(self, name: str, field: str) -> Player:
        """The player a request names in ``field``, or a clear error with the seated names."""
        if not self.state.has_player(name):
            raise InvalidRequest(
                f"no player is called {name!r}",
                field=field,
                suggestions=[p.name for p in self.state.players],
            )
        return self.player(name)

    def name(self, character: str) -> str:
        """A character's printed name ("Scarlet Woman" for ``scarletwoman``)."""
        return self.rules.character(character).name

    def cite(self, owner: Handler | str | None, key: str) -> tuple[Citation, ...]:
        """The rulings behind a handler's (or the core rules') citation key."""
        handler = handler_for(owner) if isinstance(owner, str) else owner
        if handler is not None and key == "ability":
            return self.rules.ability(handler.id)
        table = handler.cites if handler is not None else CORE
        if key not in table:
            raise KeyError(f"{handler.id if handler else 'core'} declares no citation {key!r}")
        return self.rules.cite(*table[key])

    def say(
        self,
        text: str,
        *,
        player: Player | None = None,
        character: str | None = None,
        rulings: Sequence[Citation] = (),
    ) -> None:
        cited = {r.id for r in rulings}  # a ruling cited here is not also "disagreeing"
        about = character or (player.acting if player else None)
        conflicts = tuple(
            dict.fromkeys(
                c for r in rulings for c in self.rules.conflicts(r.id, about) if c.id not in cited
            )
        )
        self.trace.append(
            TraceEntry(
                phase=self.phase,
                action=self.action,
                text=text,
                player=player.name if player else None,
                character=character or (player.acting if player else None),
                rulings=tuple(dict.fromkeys(rulings)),
                conflicts=conflicts,
            )
        )

    def choose(
        self,
        cid: str,
        question: str,
        options: Sequence[Any] | str,
        default: Any,
        *,
        rulings: Sequence[Citation] = (),
        check: Callable[[Any], bool] | None = None,
    ) -> Any:
        """A storyteller decision: the request's value for ``cid`` if given, else ``default``."""
        cid = self._unique(cid)
        listed = tuple(options) if not isinstance(options, str) else options
        given = cid in self.requested
        chosen = self.requested[cid] if given else default
        allowed = check(chosen) if check else (isinstance(listed, str) or chosen in listed)
        if given and not allowed:
            raise InvalidRequest(
                f"choice {cid!r}: {chosen!r} is not allowed ({question}); "
                f"options: {_describe(listed)}",
                field=f"choices.{cid}",
            )
        self.choices.append(
            ChoicePoint(
                id=cid,
                phase=self.phase,
                question=question,
                options=listed,
                default=default,
                chosen=chosen,
                given=given,
                rulings=tuple(rulings),
            )
        )
        return chosen

    def _unique(self, cid: str) -> str:
        taken = self.taken_ids | {c.id for c in self.choices}
        if cid not in taken:
            return cid
        n = 2
        while f"{cid}#{n}" in taken:
            n += 1
        return f"{cid}#{n}"

    def inform(
        self,
        player: Player,
        character: str,
        answer: Any,
        *,
        misregistered: Sequence[str] = (),
        options: Sequence[Any] | str,
        check: Callable[[Any], bool] | None = None,
        rulings: Sequence[Citation] = (),
        false_options: Sequence[Any] | str | None = None,
        broke: Sequence[str] = (),
    ) -> Any:
        """Record what an information ability gave. If the ability does not work (drunk,
        poisoned, not really this character, or ``broke``: it did not work earlier, as the
        Juggler's guesses) what the player is told is a choice; if another ability makes it
        false (the Vortox), it is a choice among ``false_options`` (default: the options
        other than the answer); a misregistration keeps the answer but marks it
        unreliable."""
        broken = [*unreliable_because(self.state, player, character), *broke]
        lies, lie_rulings = ([], ()) if broken else self.falsified(player, character)
        told = answer
        if broken:
            told = self.choose(
                f"{self.slug(player, character)}.told",
                f"what {player.name} is told as the {self.name(character)}: it need not "
                f"be true ({'; '.join(broken)})",
                options,
                answer,
                rulings=rulings,
                check=check,
            )
        elif lies:
            told = self._lie(
                player,
                character,
                answer,
                options,
                check,
                false_options,
                (*rulings, *lie_rulings),
                lies,
            )
        why = (*broken, *lies, *misregistered)
        self.update(
            self.state.with_info(
                player.name,
                Info(
                    character=character,
                    moment=self.moment,
                    answer=answer,
                    reliable=not why,
                    told=told,
                    reasons=why,
                ),
            )
        )
        return told

    def falsified(self, player: Player, character: str) -> tuple[list[str], tuple[Citation, ...]]:
        """Why the information ``player`` gets as ``character`` must be false (the Vortox),
        with the rulings: nothing if the player is given true information (the Barista)."""
        if is_cured(self.state, player):
            return [], ()
        reasons, rulings = [], ()
        for source in self.state.players:
            for cid, falsifies in hooks_of(source, "falsifies", real=True):
                found = falsifies(self, source, player, character)
                if found:
                    reasons.append(f"{source.name}'s {self.name(cid)} makes it false")
                    rulings = (*rulings, *found)
        return reasons, rulings

    def _lie(
        self,
        player: Player,
        character: str,
        answer: Any,
        options: Sequence[Any] | str,
        check: Callable[[Any], bool] | None,
        false_options: Sequence[Any] | str | None,
        rulings: Sequence[Citation],
        lies: list[str],
    ) -> Any:
        if false_options is None:
            false_options = (
                options if isinstance(options, str) else [o for o in options if o != answer]
            )
        listed = not isinstance(false_options, str)
        default = (false_options[0] if false_options else None) if listed else None
        return self.choose(
            f"{self.slug(player, character)}.told",
            f"what {player.name} is told as the {self.name(character)}: it must be false "
            f"({'; '.join(lies)})",
            false_options,
            default,
            rulings=rulings,
            check=None if listed else (lambda v: v != answer and (check is None or check(v))),
        )

    def slug(self, player: Player, character: str | None = None) -> str:
        """A choice-id prefix: ``night2.monk.Ann``."""
        moment = f"{self.moment.phase}{self.moment.number}"
        return f"{moment}.{character or player.acting}.{player.name}"

    def registration(self, target: Player) -> Registration:
        """Everything ``target`` might register as right now (the truth first)."""
        for other in self.state.players:
            for _, imposes in hooks_of(other, "misregisters", real=True):
                imposed = imposes(self, other, target)
                if imposed is not None:
                    return imposed
        handler = handler_for(target.character)
        hook = handler.hook("registers") if handler else None
        if hook is None or not works(self.state, target, target.character, dead_ok=True):
            return truth(target)
        return hook(self, target)

    def register(
        self,
        viewer: Player,
        target: Player,
        aspect: str,
        notes: list[str],
        *,
        allowed: Sequence[Any] | None = None,
    ) -> Any:
        """What ``target`` registers as to ``viewer``'s ability (aspect: alignment, team,
        character); a storyteller choice when it might vary. Misregistration goes to notes."""
        real = getattr(truth(target), f"{aspect}s")[0]
        if is_cured(self.state, viewer):
            return real  # sober, healthy and given true information (the Barista)
        values = getattr(self.registration(target), f"{aspect}s")
        if allowed is not None:
            values = tuple(v for v in values if v in allowed) or (real,)
        if len(values) <= 1:
            if values[0] != real:  # a fixed misregistration (the Lycanthrope's Faux Paw)
                notes.append(f"{target.name} registered as {values[0]}")
            return values[0]
        rulings = (*self.cite(target.character, "register"), *self.cite(None, "register"))
        chosen = self.choose(
            f"{self.slug(viewer)}.{target.name}.{aspect}",
            f"what {target.name} ({self.name(target.character)}) registers as, "
            f"{aspect}, to {viewer.name}'s {self.name(viewer.acting)}",
            [str(v) for v in values],
            str(values[0]),
            rulings=rulings,
        )
        if chosen != str(real):
            notes.append(f"{target.name} registered as {chosen}")
        return chosen

    def place(self, token: Token) -> None:
        self.update(self.state.add_token(replace(token, placed=self.moment)))


def _describe(options: tuple[Any, ...] | str) -> str:
    return options if isinstance(options, str) else ", ".join(map(str, options)) or "none"
