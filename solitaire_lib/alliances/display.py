"""How the course shows cards and piles: ``' 7♠'``, ``'10♢'``, on one line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solitaire_lib.cards import Card, card_to_french

#: The characters the text gives by their codes: 9824 ♠, 9825 ♡, 9826 ♢, 9827 ♣.
SYMBOLES = {"P": chr(9824), "C": chr(9825), "K": chr(9826), "T": chr(9827)}


def carte_to_chaine(carte: dict[str, Any]) -> str:
    """The card on 3 characters, a space on the left unless it is a 10. Prints nothing.

    >>> carte_to_chaine({'valeur': 10, 'couleur': 'K'})
    '10♢'
    >>> carte_to_chaine({'valeur': 'R', 'couleur': 'C'})
    ' R♡'
    """
    return f"{carte['valeur']}{SYMBOLES[carte['couleur']]}".rjust(3)


def piles_line(piles: Sequence[Card]) -> str:
    """The piles as :func:`carte_to_chaine` shows them, separated by a space."""
    return " ".join(carte_to_chaine(card_to_french(card)) for card in piles)


def numbers_line(count: int) -> str:
    """Pile numbers (from 1) under :func:`piles_line`, right-aligned under each card."""
    return " ".join(f"{number:>3}" for number in range(1, count + 1))
