"""Official jinxes between simulated characters (botc-release jinxes.json).

A jinx is behaviour attached to a hook of one of its two characters that their own module
leaves free, so it holds only while both are in play. Its citation is the jinx's reason,
filed under the first character of the pair in jinxes.json (section "jinx").
"""

from __future__ import annotations

from knowledge.model import Team
from service.engine.handlers.bmr_evil import mastermind
from service.engine.handlers.bmr_info import woke_tonight
from service.engine.handlers.bmr_outsiders import goon
from service.engine.handlers.scripts_evil_demons import lleech
from service.engine.handlers.scripts_good_damsel import damsel
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
