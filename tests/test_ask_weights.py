"""The ranking's weights: the fitted file names only known weights, and a bad file is refused
rather than silently ignored."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from service.answer.weights import DEFAULTS, FITTED, W, load


def test_the_fitted_file_names_known_weights_with_finite_values() -> None:
    fitted = load(FITTED)
    assert set(fitted) == set(DEFAULTS)
    assert all(math.isfinite(v) for v in fitted.values())
    assert fitted == W  # what the ranking reads is what the file says


def test_an_unknown_weight_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "weights.toml"
    path.write_text("[weights]\nfts = 2.0\nfrobnicate = 1.0\n", encoding="utf-8")
    with pytest.raises(ValueError, match="frobnicate"):
        load(path)


def test_a_missing_file_keeps_the_defaults(tmp_path: Path) -> None:
    assert load(tmp_path / "absent.toml") == DEFAULTS
