"""Official jinxes between simulated characters (botc-release jinxes.json).

A jinx is behaviour attached to a hook of one of its two characters that their own module
leaves free, so it holds only while both are in play. Its citation is the jinx's reason,
filed under the first character of the pair in jinxes.json (section "jinx").
"""

from __future__ import annotations

from dataclasses import replace

from knowledge.model import Team
from service.engine.handlers.bmr_evil import mastermind
from service.engine.handlers.bmr_info import woke_tonight
from service.engine.handlers.bmr_outsiders import goon, lunatic
from service.engine.handlers.scripts_evil_demons import lleech
from service.engine.handlers.scripts_good_damsel import damsel
from service.engine.handlers.scripts_good_gain import cannibal
from service.engine.handlers.snv_demons import fanggu
from service.engine.handlers.snv_evil import pithag
from service.engine.handlers.snv_info import mathematician
from service.engine.handlers.support import by_seat, has_token, token_on
from service.engine.handlers.tb import recluse
from service.engine.model import Alignment, Cause, Death, GameState, Kind, Player, Token
from service.engine.rulebook import Citation
from service.engine.rules import works
from service.engine.step import Step

# (character the jinx is filed under, a phrase of its reason)
SLAYER_SLAYS_HOST = ("lleech", "If the Slayer slays the Lleech host, the host dies")
TWO_DEMONS_REMAINS = ("scarletwoman", "the Scarlet Woman remains the Scarlet Woman")
MASTERMIND_KEPT = ("mastermind", "keeps it if the Vigormortis dies")
RECLUSE_SAGE = ("recluse", "The Recluse might register as the Demon to the Sage")
LLEECH_MASTERMIND = ("lleech", "the Lleech lives but loses their ability")
PITHAG_GOON = ("pithag", "If the Pit-Hag turns an evil player into the Goon")
CHAMBERMAID_MATHEMATICIAN = ("mathematician", "The Chambermaid can detect if the Mathematician")
CANNIBAL_JUGGLER = ("cannibal", "tonight the living Cannibal learns how many guesses")
MATHEMATICIAN_FALSE = {
    "drunk": ("mathematician", "the Drunk's ability yielded false info"),
    "marionette": ("mathematician", "the Marionette's ability yielded false info"),
    "lunatic": ("mathematician", "if the Lunatic attacks a different player"),
}
YES_NO = ["yes", "no"]
PITHAG_DAMSEL = ("pithag", "If a Pit-Hag creates a Damsel, the Storyteller chooses")


def jinx(step: Step, filed: tuple[str, str]) -> tuple[Citation, ...]:
    return step.rules.cite(*filed)


# ---- Lleech & Slayer --------------------------------------------------------------------


@lleech.slain
def _lleech_host_slain(step: Step, me: Player, slayer: Player, target: Player) -> tuple | None:
    host = token_on(step, lleech, "Poisoned", me)
    if not me.alive or host is None or host.name != target.name:
        return None
    rulings = jinx(step, SLAYER_SLAYS_HOST)
    step.say(
        f"{slayer.name} (Slayer) shoots {target.name}, the host of {me.name}'s Lleech: by the "
        f"Lleech & Slayer jinx the host dies, although not the Demon.",
        player=slayer,
        rulings=rulings,
    )
    return rulings


# ---- Fang Gu & Scarlet Woman ------------------------------------------------------------


@fanggu.sees_death
def _fanggu_jump_keeps_scarletwoman(step: Step, me: Player, death: Death) -> None:
    if not _jumped_into(step, me, death):
        return
    alive = len(step.state.alive(travellers=False)) + 1  # counted as the old Fang Gu dies
    for woman in step.state.players:
        if woman.character == "scarletwoman" and woman.alive and alive >= 5:
            if works(step.state, woman, "scarletwoman"):
                step.say(
                    f"The Fang Gu {death.player} died as {me.name} became the Fang Gu: "
                    f"{woman.name} (Scarlet Woman) would become a second Demon, so by the "
                    f"Fang Gu & Scarlet Woman jinx she remains the Scarlet Woman.",
                    player=woman,
                    rulings=jinx(step, TWO_DEMONS_REMAINS),
                )


def _jumped_into(step: Step, me: Player, death: Death) -> bool:
    """``death`` is the old Fang Gu's, dying because ``me`` just became the Fang Gu."""
    return (
        me.character == "fanggu"
        and me.since == step.moment
        and death.by == death.player
        and step.player(death.player).character == "fanggu"
        and has_token(step, fanggu, "Once", on=me)
    )


# ---- Pit-Hag & Damsel -------------------------------------------------------------------


@damsel.created
def _pithag_damsel_placed(step: Step, by: Player, target: Player) -> str:
    if by.character != "pithag":
        return target.name
    rulings = jinx(step, PITHAG_DAMSEL)
    alive = [p.name for p in by_seat(step.state.alive(travellers=False))]
    placed = step.choose(
        f"{step.slug(by, 'pithag')}.damsel",
        f"which player becomes the Damsel {by.name} (Pit-Hag) creates (the Storyteller's "
        f"choice; {target.name} was chosen)",
        [target.name, *(n for n in alive if n != target.name)],
        target.name,
        rulings=rulings,
    )
    step.say(
        f"By the Pit-Hag & Damsel jinx the Storyteller chooses who becomes the Damsel: {placed}.",
        player=by,
        character="pithag",
        rulings=rulings,
    )
    return placed


# ---- Mastermind & Vigormortis -----------------------------------------------------------


def _kept_by_dead_vigormortis(state: GameState, me: Player) -> bool:
    """The dead ``me`` was given the Vigormortis's "Has Ability", and that Vigormortis died."""
    return not me.alive and any(
        t.on == me.name and not state.player(t.by).alive
        for t in state.find_tokens("vigormortis", "Has Ability")
        if t.by is not None and state.player(t.by).character == "vigormortis"
    )


@mastermind.keeps
def _mastermind_kept(state: GameState, me: Player, target: Player, visiting) -> bool:
    return target.name == me.name and _kept_by_dead_vigormortis(state, me)


@mastermind.sees_death
def _mastermind_sees_vigormortis_die(step: Step, me: Player, death: Death) -> None:
    if step.player(death.player).character == "vigormortis" and _kept_by_dead_vigormortis(
        step.state, me
    ):
        step.say(
            f"The Vigormortis {death.player} died: by the Mastermind & Vigormortis jinx "
            f"{me.name} (Mastermind), whom it killed, keeps their ability.",
            player=me,
            rulings=jinx(step, MASTERMIND_KEPT),
        )


# ---- Recluse & Sage ---------------------------------------------------------------------


@recluse.demon_to
def _recluse_shown_to_sage(step: Step, me: Player, viewer: Player, notes: list[str]) -> bool:
    if viewer.acting != "sage" or not works(step.state, me, "recluse", dead_ok=True):
        return False
    rulings = jinx(step, RECLUSE_SAGE)
    step.say(
        f"By the Recluse & Sage jinx {me.name} (Recluse) might register as the Demon to "
        f"{viewer.name} (Sage): the Storyteller chooses.",
        player=me,
        character="recluse",
        rulings=rulings,
    )
    seen = step.register(viewer, me, "team", notes, allowed=(me.team, Team.DEMON))
    if str(seen) != str(Team.DEMON):
        return False
    step.say(
        f"{me.name} (Recluse) registers as the Demon: {viewer.name} (Sage) is shown "
        f"{me.name} in the Demon's place.",
        player=me,
        character="recluse",
        rulings=rulings,
    )
    return True


# ---- Lleech & Mastermind ----------------------------------------------------------------


@mastermind.spares
def _mastermind_spares_lleech(step: Step, me: Player, target: Player, death: Death) -> tuple:
    """The Lleech's host was executed while the Mastermind lives: the Lleech lives on."""
    if target.character != "lleech" or death.cause is not Cause.EXECUTION:
        return ()
    if not works(step.state, me, "mastermind"):
        return ()
    step.place(Token(name="No Ability", character="mastermind", on=target.name, by=me.name))
    rulings = jinx(step, LLEECH_MASTERMIND)
    step.say(
        f"{death.player}, the host of {target.name}'s Lleech, was executed while {me.name} "
        f"(Mastermind) is alive: by the Lleech & Mastermind jinx the Lleech lives but loses "
        f"their ability.",
        player=target,
        character="lleech",
        rulings=rulings,
    )
    return rulings


@mastermind.afflicts
def _mastermind_takes_lleech_ability(
    state: GameState, me: Player, target: Player, visiting
) -> Kind | None:
    tokens = state.find_tokens("mastermind", "No Ability")
    marked = any(t.on == target.name and t.by == me.name for t in tokens)
    return Kind.NO_ABILITY if marked else None


# ---- Pit-Hag & Goon ---------------------------------------------------------------------


@goon.created
def _pithag_makes_evil_goon(step: Step, by: Player, target: Player) -> str:
    if by.character == "pithag" and target.alignment is Alignment.EVIL:
        # Marks the Goon the Pit-Hag made from an evil player: it stays evil (jinx).
        step.place(Token(name="Evil", character="pithag", on=target.name, by=by.name))
        step.say(
            f"{by.name} (Pit-Hag) turns the evil {target.name} into the Goon: by the Pit-Hag "
            f"& Goon jinx they can never turn good by the Goon's ability.",
            player=by,
            character="pithag",
            rulings=jinx(step, PITHAG_GOON),
        )
    return target.name


@goon.holds_alignment
def _pithag_goon_stays_evil(step: Step, me: Player, target: Player, alignment: Alignment):
    made = has_token(step, pithag, "Evil", on=target)  # whoever the Pit-Hag is now
    if target.name == me.name and made and alignment is Alignment.GOOD:
        return jinx(step, PITHAG_GOON)
    return None


# ---- Chambermaid & Mathematician --------------------------------------------------------


@mathematician.chosen
def _chambermaid_sees_mathematician(step: Step, me: Player, chooser: Player, act) -> None:
    if chooser.acting == "chambermaid" and woke_tonight(step, me.name):
        step.say(
            f"{chooser.name} (Chambermaid) chooses {me.name}, the Mathematician, who wakes "
            f"later tonight: by the Chambermaid & Mathematician jinx this counts as waking.",
            player=chooser,
            character="chambermaid",
            rulings=jinx(step, CHAMBERMAID_MATHEMATICIAN),
        )


# ---- Cannibal & Juggler -----------------------------------------------------------------


@cannibal.sees_execution
def _cannibal_eats_juggler(step: Step, me: Player, target: Player, died: bool) -> None:
    """The executed Juggler guessed today: the Cannibal, who now has the Juggler ability,
    wakes tonight to learn the Juggler's count (their guesses and correct marks move over)."""
    guessed = f"{target.name}:juggler"
    used = step.state.today.used
    if not died or target.character != "juggler" or guessed not in used:
        return
    if not me.alive or "juggler" not in me.gained:
        return  # a drunk or poisoned Cannibal gained no ability
    moved = [f"{me.name}:juggler"] * used.count(guessed)
    if f"{guessed}:broken" in used:
        moved.append(f"{me.name}:juggler:broken")
    today = step.state.today
    step.update(replace(step.state, today=replace(today, used=(*today.used, *moved))))
    for token in step.state.find_tokens("juggler", "Correct"):
        if token.by == target.name:
            step.place(Token(name="Correct", character="juggler", on=me.name, by=me.name))
    step.update(step.state.remove_tokens("juggler", "Correct", by=target.name))
    step.say(
        f"{target.name} (Juggler) guessed today and died by execution: by the Cannibal & "
        f"Juggler jinx {me.name} (Cannibal) learns tonight how many of those guesses were "
        f"correct.",
        player=me,
        character="cannibal",
        rulings=jinx(step, CANNIBAL_JUGGLER),
    )


# ---- Mathematician & Drunk, Lunatic, Marionette -----------------------------------------


@mathematician.sees_wake
def _mathematician_counts_jinxed(step: Step, me: Player, woken: Player, cid: str) -> None:
    """As the Mathematician wakes: whether the Drunk's, Marionette's or Lunatic's ability
    worked abnormally since dawn, which the jinxes let the Mathematician count."""
    if woken.name != me.name or cid != "mathematician":
        return
    for player in by_seat(step.state.players):
        if player.character in MATHEMATICIAN_FALSE and player.name != me.name:
            _count_jinxed(step, me, player)


def _count_jinxed(step: Step, me: Player, player: Player) -> None:
    rulings = jinx(step, MATHEMATICIAN_FALSE[player.character])
    name = step.name(player.character)
    if _false_info_since_dawn(step, player):
        step.say(
            f"{player.name}'s ({name}) ability gave information that need not be true "
            f"since dawn: by the Mathematician & {name} jinx {me.name} (Mathematician) "
            f"may count it, and does.",
            player=me,
            character="mathematician",
            rulings=rulings,
        )
        return
    if player.character == "lunatic":
        question = f"whether {player.name} (Lunatic) attacked a different player than the Demon"
        if not has_token(step, lunatic, "Chosen", by=player):
            return
    else:
        question = f"whether {player.name}'s ({name}) ability failed to work properly since dawn"
    counted = step.choose(
        f"{step.slug(me, 'mathematician')}.{player.character}",
        f"{question}, which {me.name} (Mathematician) then counts",
        YES_NO,
        "no",
        rulings=rulings,
    )
    if counted == "yes":
        today = step.state.today
        step.update(
            replace(step.state, today=replace(today, abnormal=(*today.abnormal, player.name)))
        )
    step.say(
        f"By the Mathematician & {name} jinx {me.name} (Mathematician) might learn of "
        f"{player.name}'s ({name}) abnormal result: the Storyteller "
        f"{'counts' if counted == 'yes' else 'does not count'} it.",
        player=me,
        character="mathematician",
        rulings=rulings,
    )


def _false_info_since_dawn(step: Step, player: Player) -> bool:
    since = (0, 0) if step.moment.number == 1 else (step.moment.number - 1, 1)
    return any(
        name == player.name and info.moment.key >= since and not info.reliable
        for name, info in step.state.info
    )
