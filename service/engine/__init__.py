"""The rules engine: replay a game state through nights and days, every step cited.

Pure Python: it never imports Flask or anything from ``service.web``.
"""

from service.engine.actions import Action
from service.engine.game import Game
from service.engine.replay import replay
from service.engine.rulebook import Citation, Rulebook, Rules

__all__ = ["Action", "Citation", "Game", "Rulebook", "Rules", "replay"]
