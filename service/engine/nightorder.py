"""Nights: the official night order decides who wakes when; a cursor remembers how far
the night has run, so actions can be pushed one at a time and the steps between them
(information, deaths to react to) run on the way."""

from __future__ import annotations

from dataclasses import dataclass, replace

from service.engine.actions import Act, Dawn, NightStart
from service.engine.handlers import NightSpec, abilities, handler_for, hooks_of
from service.engine.model import Moment, Phase, Player, Today, Until
from service.engine.rulebook import Rules
from service.engine.rules import ability_kept, lacks_ability, seatless_in_play
from service.engine.step import Step
from service.errors import InvalidRequest

MARKERS = {"minioninfo": "minion-info", "demoninfo": "demon-info"}
INFO_PLAYERS = 7  # Minion and Demon info happen with 7 or more players
END = (10**9, 10**9)


@dataclass(frozen=True, slots=True)
class Slot:
    position: float  # an index into the night sheet (between two for a created Steward)
    seat: int  # -1 for the Minion/Demon info markers
    name: str  # a character id or marker
    player: Player | None = None

    @property
    def key(self) -> tuple[float, int]:
        return self.position, self.seat


def night_kind(moment: Moment) -> str:
    return "first" if moment.number == 1 else "other"


def position(step: Step, character: str) -> int | None:
    return position_in(step.rules, step.moment, character)


def position_in(rules: Rules, moment: Moment, character: str) -> int | None:
    """Where a character wakes tonight (an index into the night sheet), or None."""
    order = rules.night_order(night_kind(moment))
    return order.index(character) if character in order else None


def place_of(rules: Rules, moment: Moment, player: Player, cid: str) -> float | None:
    """Where the player wakes for ``cid`` tonight: where the character they act as wakes,
    unless their real character says to wake at its own place (the Lunatic wakes at the
    Lunatic's place, before the Demons, to act as the Demon they think they are)."""
    pos = position_in(rules, moment, cid)
    if pos is None:
        return _first_night_place(rules, moment, player, cid)
    if cid != player.acting or cid == player.character:
        return pos
    real = handler_for(player.character)
    acts_at = real.hook("acts_at") if real else None
    return position_in(rules, moment, acts_at(player)) if acts_at else pos


def _first_night_place(rules: Rules, moment: Moment, player: Player, cid: str) -> float | None:
    """A character created mid-game whose ability says so (the Steward, the Noble) acts on
    its own first night at its first-night place: just after the last character before it
    on the first-night sheet that also wakes on other nights."""
    handler = handler_for(cid)
    hook = handler.hook("wakes_new") if handler else None
    first, other = rules.night_order("first"), rules.night_order("other")
    if hook is None or moment.first_night or cid not in first or cid != player.character:
        return None
    since = player.since
    new = since is not None and (
        since == moment or (since.phase is Phase.DAY and since.number == moment.number - 1)
    )
    if not new or not hook(player):
        return None
    at = first.index(cid)
    before = [(i, c) for i, c in enumerate(first[:at]) if c in other]
    i, prev = before[-1] if before else (at, None)
    # Between ``prev`` and the next other-night character, in first-night order.
    return (other.index(prev) if prev else -1) + (at - i) / (len(first) + 1)


def slots(step: Step) -> list[Slot]:
    """Every waking slot tonight, in night order then seat order."""
    found = []
    for marker in MARKERS:
        pos = position(step, marker)
        if pos is not None and step.moment.first_night:
            found.append(Slot(pos, -1, marker))
    for player in step.state.players:
        for cid in abilities(player):
            pos = place_of(step.rules, step.moment, player, cid)
            if pos is not None:
                found.append(Slot(pos, player.seat, cid, player))
    for cid in seatless_in_play(step.state):
        pos = position(step, cid)
        if pos is not None:
            found.append(Slot(pos, -1, cid))
    return sorted(found, key=lambda s: s.key)


def _choosing(cid: str) -> bool:
    handler = handler_for(cid)
    spec = handler.night_spec if handler and "night" in handler.hooks else None
    return spec is not None and bool(spec.targets or spec.character or spec.optional)


def waking_abilities(rules: Rules, moment: Moment, player: Player) -> list[tuple[float, str]]:
    """(night-order position, character) of each of the player's abilities that has a
    place tonight: those that take a choice first, then in night order."""
    found = [
        (pos, cid)
        for cid in abilities(player)
        if (pos := place_of(rules, moment, player, cid)) is not None
    ]
    return sorted(found, key=lambda item: (not _choosing(item[1]), item[0]))


def start_night(step: Step, action: NightStart) -> None:
    state = step.state
    if state.moment.phase is Phase.NIGHT or not state.day_over:
        raise InvalidRequest(
            f"night {action.number} cannot begin during {state.moment} "
            f"(end the day with dusk first)",
            field="number",
        )
    if action.number != state.moment.number + 1:
        raise InvalidRequest(
            f"night {action.number} cannot follow {state.moment}; "
            f"expected night {state.moment.number + 1}",
            field="number",
        )
    step.update(
        replace(
            state,
            moment=Moment(Phase.NIGHT, action.number),
            day_over=False,
            night_cursor=(-1, -1),
            woke=(),
        )
    )
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
    if slot.player is None and slot.name in MARKERS:
        _marker(step, slot.name)
        return
    if slot.player is None:  # a seatless character (Lil' Monsta), still in play
        if slot.name in seatless_in_play(step.state):
            handler_for(slot.name).hooks["night"](step, None, None)
        return
    player = step.player(slot.player.name)
    if slot.name not in abilities(player):
        return
    handler = handler_for(slot.name)
    name = step.rules.character(slot.name).name
    if not _wakes(step, player, slot.name):
        if player.alive and lacks_ability(step.state, player):
            step.say(
                f"{player.name} ({name}) has no ability: they are not woken.",
                player=player,
                character=slot.name,
            )
        _unwoken(step, player, slot.name)
        return
    _woke(step, player, slot.name)
    if handler is None or handler.hook("night") is None:
        step.say(
            f"{player.name} ({name}) would wake now; this character is not simulated, "
            f"so the engine takes no action.",
            player=player,
        )
        return
    spec = handler.night_spec
    if spec is not None and (spec.targets or spec.character) and not spec.always:
        if not spec.optional:
            step.say(
                f"{player.name} ({name}) wakes, but the request gives no choice for "
                f"them: nothing happens.",
                player=player,
            )
        return
    handler.hooks["night"](step, player, None)


def _marker(step: Step, marker: str) -> None:
    if len(step.state.alive(travellers=False)) < INFO_PLAYERS:
        return
    if _info_step_replaced(step, marker):
        return
    what = (
        "The Minions learn each other and the Demon."
        if marker == "minioninfo"
        else "The Demon learns the Minions and three not-in-play good characters."
    )
    step.say(what, rulings=step.cite(None, MARKERS[marker]))


def _info_step_replaced(step: Step, marker: str) -> bool:
    """A character in play runs the Minion or Demon Info step its own way (Lil' Monsta)."""
    for cid in seatless_in_play(step.state):
        hook = handler_for(cid).hook("info_step")
        if hook and hook(step, None, marker):
            return True
    for player in step.state.players:
        for _, hook in hooks_of(player, "info_step", real=True):
            if hook(step, player, marker):
                return True
    return False


def _unwoken(step: Step, player: Player, cid: str) -> None:
    """The slot came but the player is not woken: abilities that work without waking (an
    Exorcised Pukka's poison still kills; the Gossip's and Tinker's deaths)."""
    handler = handler_for(cid)
    hook = handler.hook("unwoken") if handler else None
    if hook:
        hook(step, player)


def _woke(step: Step, player: Player, cid: str) -> None:
    if player.name not in step.state.woke:
        step.update(replace(step.state, woke=(*step.state.woke, player.name)))
    # Whoever is shown something when this player wakes (the Demon sees the Lunatic's choice).
    for other in step.state.players:
        for _, sees in hooks_of(other, "sees_wake", real=True):
            sees(step, step.player(other.name), step.player(player.name), cid)


def wakes(step: Step, player: Player, cid: str) -> bool:
    """Is the player woken for ``cid``'s ability at its place in the night order tonight."""
    return _wakes(step, player, cid)


def asleep_because(step: Step, player: Player, cid: str) -> str | None:
    """Why the player is not woken for ``cid`` tonight, when an ability says why."""
    stopped = _kept_asleep(step, player, cid)
    handler = handler_for(cid)
    hook = handler.hook("asleep") if handler else None
    return stopped or (hook(step, player) if hook else None)


def _kept_asleep(step: Step, player: Player, cid: str) -> str | None:
    """Another ability stops the player waking tonight (the Exorcist on the Demon)."""
    for other in step.state.players:
        for _, stops in hooks_of(other, "stops_waking"):
            reason = stops(step, other, player, cid)
            if reason:
                return reason
    return None


def _wakes(step: Step, player: Player, cid: str) -> bool:
    if lacks_ability(step.state, player):
        return False  # an ability removed outright (a preached Minion): not woken for it
    if _kept_asleep(step, player, cid):
        return False
    handler = handler_for(cid)
    wakes = handler.hook("wakes") if handler else None
    return wakes(step, player) if wakes else (player.alive or ability_kept(step.state, player))


def act(step: Step, action: Act) -> None:
    """A player's night choice: run the night up to their slot, check it, apply it."""
    if step.moment.phase is not Phase.NIGHT:
        raise InvalidRequest(
            f"{action.player} cannot act at night during {step.moment}", field="player"
        )
    player = step.known(action.player, "player")
    waking = waking_abilities(step.rules, step.moment, player)
    if not waking:
        when = "the first night" if step.moment.first_night else "nights after the first"
        name = step.rules.character(player.acting).name
        raise InvalidRequest(f"{player.name} ({name}) does not act on {when}", field="player")
    later = [(p, c) for p, c in waking if (p, player.seat) > step.state.night_cursor]
    # A player with several abilities acts with the first one that wakes tonight (a spent
    # Philosopher's own slot is skipped for the ability they gained) and takes this kind of
    # choice (a character named, or not).
    woken = [(p, c) for p, c in later if _wakes(step, player, c)]
    fits = [pc for pc in later if _names_character(pc[1]) == bool(action.character)]
    pos, cid = next((pc for pc in woken if pc in fits), (fits or woken or later or waking)[0])
    character = step.rules.character(cid)
    key = (pos, player.seat)
    if key <= step.state.night_cursor:
        raise InvalidRequest(
            f"{player.name} ({character.name}) has already had their turn "
            f"tonight, or their place in the night order has passed",
            field="player",
        )
    run_until(step, key)
    if step.state.winner:
        return
    step.update(replace(step.state, night_cursor=key))
    player = step.player(player.name)
    if character.id not in abilities(player) or not _wakes(step, player, character.id):
        dead = " (they are dead)" if not player.alive else ""
        gone = " (they have no ability)" if lacks_ability(step.state, player) else ""
        why = asleep_because(step, player, character.id) if not (dead or gone) else None
        because = f" ({why})" if why else ""
        raise InvalidRequest(
            f"{player.name} ({character.name}) is not woken tonight{dead}{gone}{because}",
            field="player",
        )
    _woke(step, player, character.id)
    _check_choice(step, player, action, character.id)
    _chosen(step, player, action)
    handler = handler_for(character.id)
    real = handler_for(player.character) if player.character != character.id else None
    acts_as = real.hook("acts_as") if real is not None and handler is not None else None
    if acts_as is not None and acts_as(step, handler, player, action):
        return  # the Lunatic's choice as the Demon they think they are
    if handler is None or handler.hook("night") is None:
        step.say(
            f"{player.name} ({character.name}) chooses {_described(action)}; this "
            f"character is not simulated, so the engine takes no action.",
            player=player,
        )
        return
    handler.hooks["night"](step, player, action)


def _chosen(step: Step, chooser: Player, action: Act) -> None:
    """Tell each chosen player's ability it was chosen (the Goon), before the choice acts."""
    for name in dict.fromkeys(action.targets):
        for _, hook in hooks_of(step.player(name), "chosen", real=True):
            hook(step, step.player(name), step.player(chooser.name), action)


def _names_character(cid: str) -> bool:
    handler = handler_for(cid)
    return bool(handler and handler.night_spec and handler.night_spec.character)


def _check_choice(step: Step, player: Player, action: Act, cid: str) -> None:
    for i, target in enumerate(action.targets):
        step.known(target, f"targets[{i}]")
    handler = handler_for(cid)
    if handler is None or handler.hook("night") is None:
        return  # not simulated: the engine cannot say what the ability may choose
    spec = handler.night_spec or NightSpec()
    name = step.rules.character(cid).name
    if action.decline:
        if not spec.optional:
            raise InvalidRequest(f"the {name} cannot decline", field="decline")
        return
    count = handler.hook("target_count")
    expected = count(step, player) if count else spec.targets
    if len(action.targets) != expected:
        raise InvalidRequest(
            f"the {name} chooses {expected} player(s), not {len(action.targets)}", field="targets"
        )
    if spec.not_self and player.name in action.targets:
        raise InvalidRequest(f"the {name} may not choose themself", field="targets")
    if spec.character and not action.character:
        raise InvalidRequest(f"the {name} must name a character", field="character")
    if action.character and not spec.character:
        raise InvalidRequest(f"the {name} does not name a character", field="character")
    if action.character and ", " in action.character and not spec.characters:
        raise InvalidRequest(f"the {name} names one character", field="character")
    validate = handler.hook("validate")
    if validate:
        validate(step, player, action)
    for other in step.state.players:
        for _, restricts in hooks_of(other, "restricts"):
            restricts(step, other, player, cid, action)


def _described(action: Act) -> str:
    parts = list(action.targets) + ([action.character] if action.character else [])
    return ", ".join(parts) or "nothing"


def dawn(step: Step, action: Dawn) -> None:
    if step.moment.phase is not Phase.NIGHT:
        raise InvalidRequest(f"dawn cannot come during {step.moment}")
    run_until(step, END)
    night = step.moment
    # what acts when the night is over, before dawn (the Stuntman, where nobody died)
    for player in step.state.players:
        for _, hook in hooks_of(player, "night_ends"):
            if not step.state.winner:
                hook(step, step.player(player.name))
    died = [d.player for d in step.state.deaths if d.moment == night]
    tokens = tuple(t for t in step.state.tokens if t.until is not Until.DAWN)
    step.update(
        replace(
            step.state,
            tokens=tokens,
            moment=Moment(Phase.DAY, night.number),
            today=Today(),
            night_cursor=(-1, -1),
        )
    )
    step.say(f"Dawn: {', '.join(died) if died else 'nobody'} died in the night.")
