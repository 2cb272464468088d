"""Strict parsing of a replay request: every refusal names the offending field."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from knowledge.model import token_key
from service.engine.actions import (
    DAY_EVENTS,
    Act,
    Action,
    Execute,
    Exile,
    Nominate,
    Slay,
    UseAbility,
    Vote,
    check_name,
)
from service.engine.handlers import handler_for
from service.engine.model import (
    Alignment,
    Condition,
    GameState,
    Kind,
    Moment,
    Phase,
    Player,
    Token,
    Until,
)
from service.engine.rulebook import Rules
from service.engine.rules import alignment_of_team
from service.errors import InvalidRequest, ServiceError

TOP = {"players", "phases", "choices"}
PLAYER = {
    "name",
    "character",
    "alignment",
    "drunk",
    "poisoned",
    "dead",
    "ghost_vote",
    "thinks",
    "reminders",
}
NIGHT_ACTION = {"player", "targets", "character", "decline"}
EVENT_FIELDS = {
    "nominate": {"by", "target"},
    "vote": {"nominee", "voters"},
    "execute": {"target"},
    "exile": {"target"},
    "slay": {"by", "target"},
    "ability": {"by", "targets", "character", "text"},
}


@dataclass(frozen=True, slots=True)
class PhasePlan:
    moment: Moment
    field: str  # "phases[2]"
    actions: tuple[tuple[Action, str], ...]  # (action, field of the action in the request)


@dataclass(frozen=True, slots=True)
class Request:
    start: GameState
    travellers_unaligned: tuple[str, ...]
    phases: tuple[PhasePlan, ...]
    choices: dict[str, Any]
    fuzzy: tuple[dict[str, str], ...] = ()  # character names resolved by a near match


def parse_request(data: Any, rules: Rules) -> Request:
    """The request as a start state and a plan of actions; raises InvalidRequest."""
    obj = _object(data, "", TOP, required=("players", "phases"))
    players, unaligned = _players(obj["players"], rules)
    names = {p.name for p in players}
    phases = _phases(obj["phases"], names, rules)
    choices = obj.get("choices", {})
    if not isinstance(choices, dict):
        raise InvalidRequest("choices must be an object of choice id to value", field="choices")
    first = phases[0].moment if phases else Moment(Phase.NIGHT, 1)
    if first.phase is Phase.NIGHT:
        moment, over = Moment(Phase.DAY, first.number - 1), True
    else:
        moment, over = first, False
    tokens = _all_tokens(obj["players"], players, rules)
    start = GameState(players=players, moment=moment, day_over=over, tokens=tokens)
    return Request(start, unaligned, phases, dict(choices), _fuzzy(obj, rules))


def _fuzzy(obj: dict[str, Any], rules: Rules) -> tuple[dict[str, str], ...]:
    """Every character name that matched only approximately, so the response can say so."""
    found = []
    fields = _character_fields(obj)
    fields += [
        (f"{f}[{i}]", v) for f, vs in fields if isinstance(vs, list) for i, v in enumerate(vs)
    ]
    for field, value in fields:
        if isinstance(value, str) and rules.lookup(value) is None:
            found.append({"field": field, "name": value, "id": rules.resolve(value)})
    return tuple(found)


def _character_fields(obj: dict[str, Any]) -> list[tuple[str, Any]]:
    fields = []
    for i, player in enumerate(obj["players"]):
        fields += [(f"players[{i}].{k}", player[k]) for k in ("character", "thinks") if k in player]
        fields += [
            (f"players[{i}].reminders[{j}].character", r["character"])
            for j, r in enumerate(player.get("reminders", []))
            if isinstance(r, dict) and "character" in r
        ]
    for i, phase in enumerate(obj["phases"]):
        for key in ("actions", "events"):
            fields += [
                (f"phases[{i}].{key}[{j}].character", x["character"])
                for j, x in enumerate(phase.get(key, []))
                if "character" in x
            ]
    return fields


def _object(
    data: Any, field: str, allowed: set[str], *, required: tuple[str, ...] = ()
) -> dict[str, Any]:
    where = field or "the request"
    if not isinstance(data, dict):
        raise InvalidRequest(f"{where} must be a JSON object", field=field or None)
    for key in sorted(data):
        if key not in allowed:
            raise InvalidRequest(
                f"unknown field {key!r} in {where}; allowed: {', '.join(sorted(allowed))}",
                field=_join(field, key),
            )
    for key in required:
        if key not in data:
            raise InvalidRequest(f"{where} needs {key!r}", field=_join(field, key))
    return data


def _join(field: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


def _list(data: Any, field: str) -> list[Any]:
    if not isinstance(data, list):
        raise InvalidRequest(f"{field} must be a list", field=field)
    return data


def _typed(value: Any, kind: type, field: str) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidRequest(f"{field} must be a {kind.__name__}", field=field)
    return value


def _name(value: Any, field: str) -> str:
    try:
        return check_name(_typed(value, str, field))
    except InvalidRequest as err:
        err.details["field"] = field
        raise


def resolve(rules: Rules, value: Any, field: str) -> str:
    """A character id from an id or any name the knowledge base resolves."""
    text = _typed(value, str, field)
    try:
        return rules.resolve(text)
    except ServiceError as err:
        err.details["field"] = field
        raise


def _players(data: Any, rules: Rules) -> tuple[tuple[Player, ...], tuple[str, ...]]:
    items = _list(data, "players")
    if not items:
        raise InvalidRequest("a game needs players", field="players")
    players, unaligned, seen = [], [], set()
    for seat, item in enumerate(items):
        field = f"players[{seat}]"
        player, chosen = _player(item, seat, field, rules)
        if player.name in seen:
            raise InvalidRequest(f"{player.name!r} is named twice", field=f"{field}.name")
        seen.add(player.name)
        players.append(player)
        if player.traveller and not chosen:
            unaligned.append(player.name)
    return tuple(players), tuple(unaligned)


def _player(item: Any, seat: int, field: str, rules: Rules) -> tuple[Player, bool]:
    obj = _object(item, field, PLAYER, required=("name", "character"))
    name = _name(obj["name"], f"{field}.name")
    cid = resolve(rules, obj["character"], f"{field}.character")
    team = rules.character(cid).team
    if team is None:
        raise InvalidRequest(
            f"the knowledge base does not know the team of {cid!r}", field=f"{field}.character"
        )
    alignment = alignment_of_team(team)
    if "alignment" in obj:
        if obj["alignment"] not in ("good", "evil"):
            raise InvalidRequest("alignment must be 'good' or 'evil'", field=f"{field}.alignment")
        alignment = Alignment(obj["alignment"])
    conditions = tuple(
        Condition(kind=kind, source="request", until=Until.NEVER)
        for kind in (Kind.DRUNK, Kind.POISONED)
        if _typed(obj.get(kind.value, False), bool, f"{field}.{kind}")
    )
    dead = _typed(obj.get("dead", False), bool, f"{field}.dead")
    ghost = _typed(obj.get("ghost_vote", True), bool, f"{field}.ghost_vote")
    thinks = _thinks(obj, cid, field, rules)
    player = Player(
        name=name,
        seat=seat,
        character=cid,
        team=team,
        alignment=alignment,
        alive=not dead,
        ghost_vote=ghost,
        thinks=thinks,
        conditions=conditions,
    )
    return player, "alignment" in obj


def _thinks(obj: dict[str, Any], cid: str, field: str, rules: Rules) -> str | None:
    if "thinks" not in obj:
        return None
    thought = resolve(rules, obj["thinks"], f"{field}.thinks")
    handler = handler_for(cid)
    allowed = handler.thinks if handler else ()
    if rules.character(thought).team not in allowed:
        kinds = " or ".join(str(t) for t in allowed)
        reason = f"a {kinds} character" if kinds else "anything else"
        raise InvalidRequest(
            f"a {rules.character(cid).name} cannot think they are "
            f"{rules.character(thought).name}: they may think {reason}",
            field=f"{field}.thinks",
        )
    return thought


def _all_tokens(items: list[Any], players: tuple[Player, ...], rules: Rules) -> tuple[Token, ...]:
    tokens = []
    for seat, item in enumerate(items):
        field = f"players[{seat}].reminders"
        for i, value in enumerate(_list(item.get("reminders", []), field)):
            tokens.append(_token(value, players[seat], players, f"{field}[{i}]", rules))
    return tuple(tokens)


def _token(value: Any, on: Player, players: tuple[Player, ...], field: str, rules: Rules) -> Token:
    """A reminder token: "Red Herring", "fortuneteller:red-herring" or an object."""
    if isinstance(value, str):
        cid, _, name = value.rpartition(":") if ":" in value else ("", "", value)
        obj: dict[str, Any] = {"token": name, **({"character": cid} if cid else {})}
    else:
        obj = _object(value, field, {"token", "character", "by"}, required=("token",))
    name = _typed(obj["token"], str, f"{field}.token")
    in_play = list(dict.fromkeys(c for p in players for c in (p.character, p.acting)))
    owners = (
        [resolve(rules, obj["character"], f"{field}.character")] if "character" in obj else in_play
    )
    named = "character" in obj  # a named character's global tokens count too (Lil' Monsta)
    printed_all = {
        cid: (
            *rules.character(cid).reminders,
            *(rules.character(cid).reminders_global if named else ()),
        )
        for cid in owners
    }
    matches = [
        (cid, r) for cid in owners for r in printed_all[cid] if token_key(r) == token_key(name)
    ]
    if len(matches) != 1:
        known = sorted({f"{cid}:{token_key(r)}" for cid in owners for r in printed_all[cid]})
        problem = "is ambiguous" if matches else "is not a reminder of a character in play"
        raise InvalidRequest(f"reminder {name!r} {problem}", field=field, suggestions=known)
    cid, printed = matches[0]
    by = obj.get("by") or _placer(cid, players)
    if by is not None and by not in {p.name for p in players}:
        raise InvalidRequest(f"no player is called {by!r}", field=f"{field}.by")
    handler = handler_for(cid)
    until = handler.tokens.get(printed, Until.NEVER) if handler else Until.NEVER
    return Token(name=printed, character=cid, on=on.name, by=by, until=until)


def _placer(cid: str, players: tuple[Player, ...]) -> str | None:
    owners = [p.name for p in players if cid in (p.character, p.acting)]
    return owners[0] if len(owners) == 1 else None


def _phases(data: Any, names: set[str], rules: Rules) -> tuple[PhasePlan, ...]:
    plans: list[PhasePlan] = []
    for i, item in enumerate(_list(data, "phases")):
        field = f"phases[{i}]"
        kind = item.get("phase") if isinstance(item, dict) else None
        if kind not in ("night", "day"):
            raise InvalidRequest("phase must be 'night' or 'day'", field=f"{field}.phase")
        allowed = {"phase", "number", "actions" if kind == "night" else "events"}
        obj = _object(item, field, allowed, required=("number",))
        number = _typed(obj["number"], int, f"{field}.number")
        moment = Moment(Phase(kind), number)
        if number < 1 or (plans and not _follows(plans[-1].moment, moment)):
            after = f" after {plans[-1].moment}" if plans else ""
            raise InvalidRequest(f"{moment} cannot come{after}", field=f"{field}.number")
        parse = _night_action if kind == "night" else _event
        key = "actions" if kind == "night" else "events"
        actions = tuple(
            (parse(x, f"{field}.{key}[{j}]", names, rules), f"{field}.{key}[{j}]")
            for j, x in enumerate(_list(obj.get(key, []), f"{field}.{key}"))
        )
        if kind == "night":
            _one_action_each(actions)
        plans.append(PhasePlan(moment, field, actions))
    return tuple(plans)


def _follows(before: Moment, after: Moment) -> bool:
    if before.phase is Phase.NIGHT:
        return after == Moment(Phase.DAY, before.number)
    return after == Moment(Phase.NIGHT, before.number + 1)


def _one_action_each(actions: tuple[tuple[Action, str], ...]) -> None:
    seen: set[str] = set()
    for action, field in actions:
        player = getattr(action, "player", "")
        if player in seen:
            raise InvalidRequest(f"{player} has two actions this night", field=f"{field}.player")
        seen.add(player)


def _player_ref(value: Any, field: str, names: set[str]) -> str:
    name = _typed(value, str, field)
    if name not in names:
        raise InvalidRequest(
            f"no player is called {name!r}", field=field, suggestions=sorted(names)
        )
    return name


def _refs(value: Any, field: str, names: set[str]) -> tuple[str, ...]:
    return tuple(_player_ref(v, f"{field}[{i}]", names) for i, v in enumerate(_list(value, field)))


def _night_action(item: Any, field: str, names: set[str], rules: Rules) -> Action:
    obj = _object(item, field, NIGHT_ACTION, required=("player",))
    character = (
        _characters(obj["character"], f"{field}.character", rules) if "character" in obj else None
    )
    return Act(
        _player_ref(obj["player"], f"{field}.player", names),
        _refs(obj.get("targets", []), f"{field}.targets", names),
        character,
        _typed(obj.get("decline", False), bool, f"{field}.decline"),
    )


def _characters(value: Any, field: str, rules: Rules) -> str:
    """One character id, or several (a list: the Engineer's Minions) joined by ", "."""
    if not isinstance(value, list):
        return resolve(rules, value, field)
    if not value:
        raise InvalidRequest(f"{field} must name at least one character", field=field)
    return ", ".join(resolve(rules, v, f"{field}[{i}]") for i, v in enumerate(value))


def _event(item: Any, field: str, names: set[str], rules: Rules) -> Action:
    kind = item.get("type") if isinstance(item, dict) else None
    if kind not in DAY_EVENTS:
        raise InvalidRequest(
            f"event type must be one of {', '.join(DAY_EVENTS)}", field=f"{field}.type"
        )
    obj = _object(
        item,
        field,
        EVENT_FIELDS[kind] | {"type"},
        required=tuple(sorted(EVENT_FIELDS[kind] - {"targets", "character", "text", "voters"})),
    )
    return BUILDERS[kind](obj, field, names, rules)


def _ref(obj: dict[str, Any], key: str, field: str, names: set[str]) -> str:
    return _player_ref(obj[key], f"{field}.{key}", names)


BUILDERS: dict[str, Callable[[dict[str, Any], str, set[str], Rules], Action]] = {
    "nominate": lambda o, f, n, r: Nominate(_ref(o, "by", f, n), _ref(o, "target", f, n)),
    "slay": lambda o, f, n, r: Slay(_ref(o, "by", f, n), _ref(o, "target", f, n)),
    "vote": lambda o, f, n, r: Vote(
        _ref(o, "nominee", f, n), _refs(o.get("voters", []), f"{f}.voters", n)
    ),
    "execute": lambda o, f, n, r: Execute(_ref(o, "target", f, n)),
    "exile": lambda o, f, n, r: Exile(_ref(o, "target", f, n)),
    "ability": lambda o, f, n, r: UseAbility(
        _ref(o, "by", f, n),
        _refs(o.get("targets", []), f"{f}.targets", n),
        resolve(r, o["character"], f"{f}.character") if "character" in o else None,
        _typed(o["text"], str, f"{f}.text") if "text" in o else None,
    ),
}
