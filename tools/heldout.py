"""Held-out wrong implementations: do the checks reject them, and does the report name the cause?

These mistakes were written apart from ``tests/mistakes/`` (which the checks' hints are tuned
on), as students would write them. Each comes with ``cause``: a pattern that a report names the
mistake by (its hint, or the case that shows it), written with the mistake, before its report
was read. The script counts the rejections and, of those, the reports that name the cause.
(One more was written and dropped: a bound counting the cards whose predecessor is in front of
them, which counts the same cards as the statement's, so the check rightly passes it.)

    python tools/heldout.py            # the count, and each report that does not name its cause
"""

from __future__ import annotations

import copy
import math
import random
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire_lib.aces_in_sequence import exercises as aces
from solitaire_lib.alliances import course as alliances_course
from solitaire_lib.alliances import exercises as alliances
from solitaire_lib.fast_simulation import exercises as fast
from solitaire_lib.sevens import exercises as sevens
from solitaire_lib.simple_klondike import exercises as klondike
from solitaire_lib.stacks_of_nine import course as stacks_course
from solitaire_lib.stacks_of_nine import exercises as stacks
from solitaire_lib.stacks_of_nine import rules as stacks_rules


@dataclass(frozen=True)
class HeldOut:
    module: Any  # the exercises module whose ``check`` judges it
    task: str
    function: Callable[..., Any]
    cause: str  # a pattern of a report that names the mistake


# --- 01 -------------------------------------------------------------------------------------------


def glyph_from_spades_block(code: int) -> str:
    """Starts the Hearts at U+1F0A1 (the Spades' block)."""
    rank = [1, 7, 8, 9, 10, 11, 13, 14][code % 8]
    return chr(0x1F0A0 + 16 * (code // 8) + rank)


def deal_from_the_bottom(pile: list[int], n_stacks: int) -> list[list[int]]:
    """Deals pile[0] first."""
    stacks: list[list[int]] = [[] for _ in range(n_stacks)]
    for i, code in enumerate(pile):
        stacks[i % n_stacks].append(code)
    return stacks


def kept_after_the_ace(stack: list[int]) -> tuple[list[int], list[int]]:
    """Keeps the cards after the first ace, not the ace itself."""
    for i, code in enumerate(stack):
        if code % 8 == 0:
            return stack[:i], stack[i + 1 :]
    return list(stack), []


def aces_in_suit_order(row: list[int]) -> bool:
    """Looks for 0, 8, 16, 24 in this order only."""
    return any(row[i : i + 4] == [0, 8, 16, 24] for i in range(len(row)))


def final_row_not_read_downward(s: int) -> list[int]:
    """Returns the last pile bottom to top."""
    return aces.final_row(s)[::-1]


def empty_discard_sentence(thrown: list[int], kept: list[int], before: list[int]) -> str | None:
    """Returns '' when nothing is thrown away."""
    return aces.discard_sentence(thrown, kept, before) or ""


def deck_by_sample(s: int) -> list[int]:
    """Draws the deck with random.sample after seed(s)."""
    random.seed(s)
    return random.sample(range(32), 32)


# --- 02 -------------------------------------------------------------------------------------------


def neighbours_across_suits(code: int, placed: set[int]) -> bool:
    """Takes code - 1 and code + 1 as neighbours, whatever the suit."""
    return code not in placed and (code - 1 in placed or code + 1 in placed)


def placed_again(code: int, placed: set[int]) -> bool:
    """Forgets that a card on the table is not placed again."""
    rank = code % 13
    return (rank > 0 and code - 1 in placed) or (rank < 12 and code + 1 in placed)


def requests_by_int(answer: str, n: int) -> Any:
    """Reads numbers with int(), which takes '+3', ' 3' and '٣'."""
    text = answer.strip(" ")
    if text == "q":
        return "q"
    try:
        if "--" in text:
            m, k = (int(part) for part in text.split("--"))
            return (m, k) if 1 <= m <= k <= n else None
        value = int(text)
    except ValueError:
        return None
    if 1 <= value <= n:
        return (1, value)
    if 1 <= -value <= n:
        return (n + value + 1, n)
    return None


# --- 03 -------------------------------------------------------------------------------------------


def allied_by_both(carte1: dict[str, Any], carte2: dict[str, Any]) -> bool:
    """Same value AND same suit."""
    return carte1["valeur"] == carte2["valeur"] and carte1["couleur"] == carte2["couleur"]


def jumps_onto_the_right(liste_tas: list[Any], num_tas: int) -> bool:
    """The pile covers its right neighbour instead of its left one."""
    if 1 <= num_tas <= len(liste_tas) - 2 and alliances_course.alliance(
        liste_tas[num_tas - 1], liste_tas[num_tas + 1]
    ):
        liste_tas[num_tas + 1] = liste_tas.pop(num_tas)
        return True
    return False


def deck_as_pairs(pioche: Any, nb_cartes: int = 32) -> bool:
    """Compares (valeur, couleur) pairs: a text card or a tuple deck raises or passes."""
    attendues = {
        (c["valeur"], c["couleur"]) for c in alliances_course.init_pioche_ordonnee(nb_cartes)
    }
    return len(pioche) == nb_cartes and {(c["valeur"], c["couleur"]) for c in pioche} == attendues


def card_without_padding(carte: dict[str, Any]) -> str:
    """No space before a one-character value."""
    symbols = {"P": chr(9824), "C": chr(9825), "K": chr(9826), "T": chr(9827)}
    return f"{carte['valeur']}{symbols[carte['couleur']]}"


def median_low(nb_sim: int, nb_cartes: int = 32) -> None:
    """Uses statistics.median_low."""
    import statistics

    r = alliances_course.res_multi_simulation(nb_sim, nb_cartes)
    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    print(f"  nombre moyen de tas   : {statistics.fmean(r):.2f}")
    print(f"  nombre minimum de tas : {min(r)}")
    print(f"  nombre maximum de tas : {max(r)}")
    print(f"  médiane               : {statistics.median_low(r):g}")
    if nb_sim > 1:
        print(f"  écart type            : {statistics.stdev(r):.2f}")


def manual_piles_from_zero(pioche: list[Any], nb_tas_max: int = 2) -> list[Any]:
    """Reads 's N' as liste_tas[N]."""
    reste, liste_tas = list(pioche), []
    while True:
        possible = any(
            alliances_course.alliance(liste_tas[i - 1], liste_tas[i + 1])
            for i in range(1, len(liste_tas) - 1)
        )
        if not reste and not possible:
            return liste_tas
        commande = input().split()
        if commande == ["q"]:
            return liste_tas + reste
        if commande == ["p"] and reste:
            liste_tas.append(reste.pop(0))
        elif len(commande) == 2 and commande[0] == "s" and commande[1].isdigit():
            alliances_course.saut_si_possible(liste_tas, int(commande[1]))


# --- 05 -------------------------------------------------------------------------------------------


def bound_without_pile0(pile0: tuple[int, ...], runs: Any, highest: int) -> int:
    """Leaves out the move each card of pile 0 needs."""
    return klondike.lower_bound(pile0, runs, highest) - len(pile0)


# --- 06 -------------------------------------------------------------------------------------------


def capitals_only(input_str: str) -> Any:
    """Accepts capital letters only."""
    text = input_str.strip()
    if text[:2] != text[:2].upper():
        raise ValueError("capital letters, please")
    return stacks_course.parse_move(input_str)


def zero_cards_allowed(input_str: str) -> Any:
    """Reads 'AB0' as a move of no card."""
    text = input_str.strip()
    if len(text) > 2 and text[2:].isdigit() and int(text[2:]) == 0:
        return stacks_course.parse_move(text[:2]) and (*stacks_course.parse_move(text[:2])[:2], 0)
    return stacks_course.parse_move(input_str)


def won_when_all_complete(state: dict[str, Any]) -> bool:
    """Waits for every stack to be complete."""
    return all(state["complete"])


def onto_a_complete_stack(state: dict[str, Any], move: Any) -> bool:
    """Forgets that nothing goes onto a complete stack."""
    if stacks_course.validate_move(state, move):
        return True
    try:
        _, destination, _ = move
        relaxed = copy.deepcopy(state)
        relaxed["complete"][destination] = False
        return bool(state["complete"][destination]) and stacks_course.validate_move(relaxed, move)
    except (TypeError, ValueError, IndexError):
        return False


def copies_the_dict_only(state: dict[str, Any]) -> Any:
    """Copies each position with dict(position): its lists are shared."""
    seen = set()
    to_visit = [(state, [])]
    while to_visit:
        position, line = to_visit.pop()
        if stacks_rules.is_won(position):
            return line
        for move in stacks_rules.legal_moves(position):
            after = dict(position)
            stacks_rules.apply_move(after, move)
            key = tuple(sorted(tuple(stack) for stack in after["stacks"]))
            if key not in seen:
                seen.add(key)
                to_visit.append((after, [*line, move]))
    return None


def key_without_flags(state: dict[str, Any]) -> Any:
    """Remembers positions by their stacks only."""
    seen = set()
    to_visit: list[tuple[dict[str, Any], list[Any]]] = [(copy.deepcopy(state), [])]
    while to_visit:
        position, line = to_visit.pop()
        if stacks_rules.is_won(position):
            return line
        for move in stacks_rules.legal_moves(position):
            after = copy.deepcopy(position)
            stacks_rules.apply_move(after, move)
            key = tuple(sorted(tuple(stack) for stack in after["stacks"]))
            if key not in seen:
                seen.add(key)
                to_visit.append((after, [*line, move]))
    return None


def source_stays_blocked(state: dict[str, Any], move: Any) -> None:
    """Forgets to free the source once its card has left."""
    was = state["blocked"][move[0]]
    stacks_course.apply_move(state, move)
    state["blocked"][move[0]] = was


# --- 07 -------------------------------------------------------------------------------------------


def genrand_unmasked(seed: int) -> list[int]:
    """Never cuts the words to 32 bits."""
    words = [seed]
    for index in range(1, 624):
        words.append(1812433253 * (words[-1] ^ (words[-1] >> 30)) + index)
    return words


def wilson_z_196(successes: int, trials: int) -> tuple[float, float]:
    """Takes z = 1.96."""
    if trials < 1 or not 0 <= successes <= trials:
        raise ValueError("counts")
    z, p = 1.96, successes / trials
    d = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / d
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def wilson_as_list(successes: int, trials: int) -> list[float]:
    """Returns [low, high]."""
    return list(fast.wilson_interval(successes, trials))


def wilson_unchecked(successes: int, trials: int) -> Any:
    """Never raises ValueError."""
    try:
        return fast.wilson_interval(successes, trials)
    except ValueError:
        return (0.0, 1.0)


def tally_array(outcomes: np.ndarray, size: int) -> Any:
    """Returns the numpy array itself."""
    return np.bincount(outcomes, minlength=size)


def tally_without_minlength(outcomes: np.ndarray, size: int) -> list[int]:
    """Counts up to the largest code that occurs."""
    return np.bincount(outcomes).tolist()


def tally_sorts_first(outcomes: np.ndarray, size: int) -> list[int]:
    """Sorts the array in place before counting."""
    outcomes.sort()
    return np.bincount(outcomes, minlength=size).tolist()


HELD_OUT = [
    HeldOut(aces, "card_glyph", glyph_from_spades_block, r"8-15 Diamonds|Hearts \(U\+1F0B1"),
    HeldOut(aces, "deal", deal_from_the_bottom, r"top of the pile is its last element"),
    HeldOut(aces, "turn_over", kept_after_the_ace, r"kept starts with the ace"),
    HeldOut(aces, "aces_together", aces_in_suit_order, r"any suit order"),
    HeldOut(aces, "final_row", final_row_not_read_downward, r"from the top of the pile down"),
    HeldOut(aces, "discard_sentence", empty_discard_sentence, r"return None"),
    HeldOut(aces, "shuffled_deck", deck_by_sample, r"shuffle"),
    HeldOut(sevens, "can_place", neighbours_across_suits, r"Ace has no card below"),
    HeldOut(sevens, "can_place", placed_again, r"already on the table"),
    HeldOut(sevens, "requested_lines", requests_by_int, r"This input is not correct"),
    HeldOut(alliances, "alliance", allied_by_both, r"valeur' OR the same 'couleur"),
    HeldOut(alliances, "saut_si_possible", jumps_onto_the_right, r"covers its left neighbour"),
    HeldOut(alliances, "verifier_pioche", deck_as_pairs, r"malformed|raised \w+Error.*\n.*False"),
    HeldOut(alliances, "carte_to_chaine", card_without_padding, r"Always 3 characters"),
    HeldOut(alliances, "statistiques_nb_tas", median_low, r"mean of the two middle values"),
    HeldOut(alliances, "reussite_mode_manuel", manual_piles_from_zero, r"numbers the piles from 1"),
    HeldOut(klondike, "lower_bound", bound_without_pile0, r"len\(pile0\)"),
    HeldOut(stacks, "parse_move", capitals_only, r"parse_move\('(ab|ab3|Fd|ub|rA|ce\w*)'\)"),
    HeldOut(stacks, "parse_move", zero_cards_allowed, r"parse_move\('AB0+'\)"),
    HeldOut(stacks, "game_won", won_when_all_complete, r"four stacks are complete"),
    HeldOut(stacks, "validate_move", onto_a_complete_stack, r"complete stack"),
    HeldOut(stacks, "find_win", copies_the_dict_only, r"deepcopy"),
    HeldOut(stacks, "find_win", key_without_flags, r"blocked flags"),
    HeldOut(stacks, "apply_move", source_stays_blocked, r"Update 'blocked'"),
    HeldOut(fast, "init_genrand", genrand_unmasked, r"32 bits"),
    HeldOut(fast, "wilson_interval", wilson_z_196, r"another z"),
    HeldOut(fast, "wilson_interval", wilson_as_list, r"tuple"),
    HeldOut(fast, "wilson_interval", wilson_unchecked, r"should raise ValueError"),
    HeldOut(fast, "tally", tally_array, r"tolist"),
    HeldOut(fast, "tally", tally_without_minlength, r"minlength|one count per outcome"),
    HeldOut(fast, "tally", tally_sorts_first, r"changed a numpy array"),
]  # fmt: skip


def main() -> int:
    rejected = named = 0
    for item in HELD_OUT:
        report = str(item.module.check.run(item.function, item.task, seed=0))
        if "✔" in report.split("\n")[0]:
            print(f"PASSED  {item.task}: {item.function.__doc__}")
            continue
        rejected += 1
        if re.search(item.cause, report):
            named += 1
        else:
            print(f"--- not named: {item.task}: {item.function.__doc__}\n{report}\n")
    print(f"{rejected} of {len(HELD_OUT)} rejected; {named} of {rejected} reports name the cause")
    return 0


if __name__ == "__main__":
    sys.exit(main())
