"""The simplified Klondike of COMPSCI 130 (University of Auckland, 2021): the course's classes,
its rules, a solver and a player that sees only what the console shows.

>>> from solitaire_lib.simple_klondike import CardPile, Solitaire
>>> Solitaire([2, 1, 0]).is_complete()
False
"""

from solitaire_lib.simple_klondike.course import CardPile, Solitaire
from solitaire_lib.simple_klondike.rules import Game

__all__ = ["CardPile", "Game", "Solitaire"]
