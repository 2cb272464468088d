"""Nights: the official night order decides who wakes when; a cursor remembers how far
the night has run, so actions can be pushed one at a time and the steps between them
(information, deaths to react to) run on the way."""

from __future__ import annotations

from dataclasses import dataclass, replace

from service.engine.actions import Act, Dawn, NightStart
from service.engine.handlers import NightSpec, handler_for
from service.engine.model import Moment, Phase, Player, Today, Until
from service.engine.rulebook import Rules
from service.engine.step import Step
from service.errors import InvalidRequest

MARKERS = {"minioninfo": "minion-info", "demoninfo": "demon-info"}
INFO_PLAYERS = 7  # Minion and Demon info happen with 7 or more players
END = (10**9, 10**9)


@dataclass(frozen=True, slots=True)
class Slot:
    position: int
    seat: int  # -1 for the Minion/Demon info markers
    name: str  # a character id or marker
    player: Player | None = None

    @property
    def key(self) -> tuple[int, int]:
        return self.position, self.seat


def night_kind(moment: Moment) -> str:
    return "first" if moment.number == 1 else "other"


def position(step: Step, character: str) -> int | None:
    return position_in(step.rules, step.moment, character)


def position_in(rules: Rules, moment: Moment, character: str) -> int | None:
    """Where a character wakes tonight (an index into the night sheet), or None."""
    order = rules.night_order(night_kind(moment))
    return order.index(character) if character in order else None


def slots(step: Step) -> list[Slot]:
    """Every waking slot tonight, in night order then seat order."""
    found = []
    for marker in MARKERS:
        pos = position(step, marker)
        if pos is not None and step.moment.first_night:
            found.append(Slot(pos, -1, marker))
    for player in step.state.players:
        pos = position(step, player.acting)
        if pos is not None:
            found.append(Slot(pos, player.seat, player.acting, player))
    return sorted(found, key=lambda s: s.key)


def start_night(step: Step, action: NightStart) -> None:
    state = step.state
    if state.moment.phase is Phase.NIGHT or not state.day_over:
        raise InvalidRequest(f"night {action.number} cannot begin during {state.moment} "
                             f"(end the day with dusk first)", field="number")
    if action.number != state.moment.number + 1:
        raise InvalidRequest(f"night {action.number} cannot follow {state.moment}; "
                             f"expected night {state.moment.number + 1}", field="number")
    step.update(replace(state, moment=Moment(Phase.NIGHT, action.number), day_over=False,
                        night_cursor=(-1, -1)))
    step.say(f"Night {action.number} begins.")


def run_until(step: Step, key: tuple[int, int]) -> None:
    """Run every slot after the cursor and before ``key`` that nobody pushed an action for."""
    while not step.state.winner:
        cursor = step.state.night_cursor
        due = [s for s in slots(step) if cursor < s.key < key]
        if not due:
            return
        slot = due[0]
        step.update(replace(step.state, night_cursor=slot.key))
        _run_slot(step, slot)


def _run_slot(step: Step, slot: Slot) -> None:
    if slot.player is None:
        _marker(step, slot.name)
        return
    player = step.player(slot.player.name)
    if player.acting != slot.name or not _wakes(step, player):
        return
    handler = handler_for(player.acting)
    name = step.rules.character(player.acting).name
    if handler is None or handler.hook("night") is None:
        step.say(f"{player.name} ({name}) would wake now; this character is not simulated, "
                 f"so the engine takes no action.", player=player)
        return
    spec = handler.night_spec
    if spec is not None and (spec.targets or spec.character):
        if not spec.optional:
            step.say(f"{player.name} ({name}) wakes, but the request gives no choice for "
                     f"them: nothing happens.", player=player)
        return
    handler.hooks["night"](step, player, None)


def _marker(step: Step, marker: str) -> None:
    if len(step.state.alive(travellers=False)) < INFO_PLAYERS:
        return
    what = "The Minions learn each other and the Demon." if marker == "minioninfo" else \
        "The Demon learns the Minions and three not-in-play good characters."
    step.say(what, rulings=step.cite(None, MARKERS[marker]))


def _wakes(step: Step, player: Player) -> bool:
    handler = handler_for(player.acting)
    wakes = handler.hook("wakes") if handler else None
    return wakes(step, player) if wakes else player.alive


def act(step: Step, action: Act) -> None:
    """A player's night choice: run the night up to their slot, check it, apply it."""
    if step.moment.phase is not Phase.NIGHT:
        raise InvalidRequest(f"{action.player} cannot act at night during {step.moment}",
                             field="player")
    player = _known(step, action.player, "player")
    character = step.rules.character(player.acting)
    pos = position(step, player.acting)
    if pos is None:
        when = "the first night" if step.moment.first_night else "nights after the first"
        raise InvalidRequest(f"{player.name} ({character.name}) does not act on {when}",
                             field="player")
    key = (pos, player.seat)
    if key <= step.state.night_cursor:
        raise InvalidRequest(f"{player.name} ({character.name}) has already had their turn "
                             f"tonight, or their place in the night order has passed",
                             field="player")
    run_until(step, key)
    if step.state.winner:
        return
    step.update(replace(step.state, night_cursor=key))
    player = step.player(player.name)
    if player.acting != character.id or not _wakes(step, player):
        dead = " (they are dead)" if not player.alive else ""
        raise InvalidRequest(f"{player.name} ({character.name}) is not woken tonight{dead}",
                             field="player")
    _check_choice(step, player, action)
    handler = handler_for(player.acting)
    if handler is None or handler.hook("night") is None:
        step.say(f"{player.name} ({character.name}) chooses {_described(action)}; this "
                 f"character is not simulated, so the engine takes no action.", player=player)
        return
    handler.hooks["night"](step, player, action)


def _known(step: Step, name: str, field: str) -> Player:
    if not step.state.has_player(name):
        raise InvalidRequest(f"no player is called {name!r}", field=field,
                             suggestions=[p.name for p in step.state.players])
    return step.player(name)


def _check_choice(step: Step, player: Player, action: Act) -> None:
    for i, target in enumerate(action.targets):
        _known(step, target, f"targets[{i}]")
    handler = handler_for(player.acting)
    if handler is None or handler.hook("night") is None:
        return  # not simulated: the engine cannot say what the ability may choose
    spec = handler.night_spec or NightSpec()
    name = step.rules.character(player.acting).name
    if action.decline:
        if not spec.optional:
            raise InvalidRequest(f"the {name} cannot decline", field="decline")
        return
    if len(action.targets) != spec.targets:
        raise InvalidRequest(f"the {name} chooses {spec.targets} player(s), "
                             f"not {len(action.targets)}", field="targets")
    if spec.not_self and player.name in action.targets:
        raise InvalidRequest(f"the {name} may not choose themself", field="targets")
    if spec.character and not action.character:
        raise InvalidRequest(f"the {name} must name a character", field="character")
    if action.character and not spec.character:
        raise InvalidRequest(f"the {name} does not name a character", field="character")
    validate = handler.hook("validate")
    if validate:
        validate(step, player, action)


def _described(action: Act) -> str:
    parts = list(action.targets) + ([action.character] if action.character else [])
    return ", ".join(parts) or "nothing"


def dawn(step: Step, action: Dawn) -> None:
    if step.moment.phase is not Phase.NIGHT:
        raise InvalidRequest(f"dawn cannot come during {step.moment}")
    run_until(step, END)
    night = step.moment
    died = [d.player for d in step.state.deaths if d.moment == night]
    tokens = tuple(t for t in step.state.tokens if t.until is not Until.DAWN)
    step.update(replace(step.state, tokens=tokens, moment=Moment(Phase.DAY, night.number),
                        today=Today(), night_cursor=(-1, -1)))
    step.say(f"Dawn: {', '.join(died) if died else 'nobody'} died in the night.")
