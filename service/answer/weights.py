"""The ranking's weights, by name: how much each reason a ruling fits a question counts.

``DEFAULTS`` are the hand-set values the ranking was built with. ``weights.toml`` beside this
module holds values fitted by ``bench/fit_weights.py`` (coordinate ascent on citation recall
over the evaluation sets it names, never the held-out set it reports on); a name it leaves
out keeps its default. ``W`` is what the ranking reads.

>>> W["fts"] > 0 and set(W) == set(DEFAULTS)
True
"""

from __future__ import annotations

import tomllib
from pathlib import Path

FITTED = Path(__file__).with_name("weights.toml")

DEFAULTS: dict[str, float] = {
    # a ruling about a character asked about
    "about": 3.0,
    "worded": 5.0,  # says what happens when that character is in the asked condition
    "tagged": 2.5,  # only tagged with that condition
    "misplaced": 2.0,  # says it of another character asked about (subtracted)
    "generic": 2.5,  # "a dead player": the condition on someone not named, worded
    # ... looking at another character asked about
    "names_other": 4.0,
    "other_conditions": 0.5,  # share of the other's conditions counted when it is named
    "team_word": 1.5,
    "alignment_word": 0.75,
    "interacting": 1.0,  # per concept the ruling shares with the other's ability (two at most)
    "their_condition": 2.0,
    "ability_word": 0.75,  # per word of the other's ability ...
    "ability_cap": 1.5,  # ... up to this
    "meets": 2.5,  # on the receiving end of what the other does
    "acts_on": 1.5,  # its action lands on the other
    "set_up": 1.5,  # a set-up line when the question is not about set-up (subtracted)
    # a ruling about someone else
    "bystander_named": 1.0,
    "bystander_both": 2.0,
    # the kind of question
    "ability_interaction": 1.5,
    "run_step": 2.0,
    "run_early": 2.0,  # among a character's first three paragraphs in a file
    "run_later": 1.0,  # fourth or fifth
    "run_summary": 1.0,
    "night_sheet": 1.0,  # the official night sheet's terse reminder, for how to run
    "situation": 0.5,  # share of the how-to-run weights when the question tells a situation
    "reminder_tokens": 3.0,
    "reminder_word": 1.0,
    "night_step": 2.0,
    "night_official": 2.0,
    "night_match": 1.0,
    "night_words": 1.5,  # before, after, wake
    "night_order_phrase": 1.5,  # "the night order" itself
    # anything
    "fts": 3.0,
    "number": 1.5,
    "jinx": 10.0,
    "offside_jinx": 2.0,  # a jinx with a character not asked about (subtracted)
    "script_section": 3.0,  # subtracted
    "example_section": 0.5,  # subtracted
    "warning": 2.0,  # an editor's warning (subtracted)
    # the official night sheet's terse reminder, for a question that is not about running the
    # character or the night order (subtracted)
    "night_sheet_aside": 0.0,
    # re-ranking for variety
    "redundancy": 1.5,
    "same_subject": 1.0,
}


def load(path: Path = FITTED) -> dict[str, float]:
    """The defaults, overridden by the fitted values (unknown names in the file are refused)."""
    weights = dict(DEFAULTS)
    if path.exists():
        fitted = tomllib.loads(path.read_text(encoding="utf-8")).get("weights", {})
        unknown = set(fitted) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"{path.name}: unknown weights {sorted(unknown)}")
        weights.update({name: float(value) for name, value in fitted.items()})
    return weights


W: dict[str, float] = load()
