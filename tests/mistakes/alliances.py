"""Wrong implementations that students write for the tasks of exercises/03, one list per task.

``tests/test_exercise_mistakes.py`` proves that the check rejects every one of them, with a report
that matches its ``says`` pattern. Each function's docstring names the mistake. The first ones of
several lists are the mistakes that an earlier checker let pass.
"""

from __future__ import annotations

import functools
import os
import random
import sys
import threading
import time
import types

from mistakes import fix_first, in_a_notebook
from solitaire_lib.alliances import course
from solitaire_lib.alliances.course import (
    afficher_reussite,
    alliance,
    carte_to_chaine,
    init_pioche_ordonnee,
    meilleur_echange_consecutif,
    probabilites_victoire,
    res_multi_simulation,
    res_multi_simulation_echange,
    reussite_mode_auto,
    reussite_mode_manuel,
    saut_si_possible,
    statistiques_nb_tas,
    une_etape_reussite,
)
from solitaire_lib.grading.checks import HelperWrong, Mistake
from solitaire_lib.grading.isolation import CheckFinding

SYMBOLES = {"P": chr(9824), "C": chr(9825), "K": chr(9826), "T": chr(9827)}
VALEURS_32 = ["A", 7, 8, 9, 10, "V", "D", "R"]
VALEURS_52 = ["A", *range(2, 11), "V", "D", "R"]

# --- carte_to_chaine ---------------------------------------------------------------------------


def no_padding(carte):
    """Forgets the space on the left."""
    return str(carte["valeur"]) + SYMBOLES[carte["couleur"]]


def value_padded_on_the_right(carte):
    """Pads the value to two characters on the right (ljust), before the symbol."""
    return str(carte["valeur"]).ljust(2) + SYMBOLES[carte["couleur"]]


def suits_mixed_up(carte):
    """Takes chr(9824) for cœur and chr(9825) for pique."""
    symboles = {"C": chr(9824), "P": chr(9825), "K": chr(9826), "T": chr(9827)}
    return (str(carte["valeur"]) + symboles[carte["couleur"]]).rjust(3)


def padded_on_the_right(carte):
    """Uses ljust: the space goes on the right."""
    return (str(carte["valeur"]) + SYMBOLES[carte["couleur"]]).ljust(3)


def english_letters(carte):
    """Writes the figures with English letters (J, Q, K) instead of V, D, R."""
    valeur = {"V": "J", "D": "Q", "R": "K"}.get(carte["valeur"], carte["valeur"])
    return f"{valeur}{SYMBOLES[carte['couleur']]}".rjust(3)


def space_before_ten(carte):
    """Puts a space before every card, the 10s too."""
    return " " + str(carte["valeur"]) + SYMBOLES[carte["couleur"]]


def prints_the_card_too(carte):
    """Prints the text as well as returning it (the statement says it prints nothing)."""
    texte = (str(carte["valeur"]) + SYMBOLES[carte["couleur"]]).rjust(3)
    print(texte)
    return texte


def filled_suits(carte):
    """Uses the black suits ♥ ♦ (9829, 9830) for cœur and carreau."""
    symboles = {"P": chr(9824), "C": chr(9829), "K": chr(9830), "T": chr(9827)}
    return (str(carte["valeur"]) + symboles[carte["couleur"]]).rjust(3)


def prints_the_card(carte):
    """Prints the card instead of returning it."""
    print(carte_to_chaine(carte))


# --- afficher_reussite ---------------------------------------------------------------------------


def no_blank_line(liste_tas):
    """Forgets the blank line."""
    print(" ".join(carte_to_chaine(c) for c in liste_tas))


def one_card_a_line(liste_tas):
    """Prints each card on a line of its own."""
    for c in liste_tas:
        print(carte_to_chaine(c))
    print()


def trailing_space(liste_tas):
    """Prints each card with end=' ', leaving a space at the end of the line."""
    for c in liste_tas:
        print(carte_to_chaine(c), end=" ")
    print()
    print()


def comma_separated(liste_tas):
    """Separates the cards with ', '."""
    print(", ".join(carte_to_chaine(c) for c in liste_tas))
    print()


def no_separator(liste_tas):
    """Forgets the space between the cards."""
    print("".join(carte_to_chaine(c) for c in liste_tas))
    print()


def prints_the_dicts(liste_tas):
    """Prints each card as its dict, str(carte), instead of carte_to_chaine(carte)."""
    print(" ".join(str(carte) for carte in liste_tas))
    print()


def two_spaces_between(liste_tas):
    """Puts two spaces between the cards."""
    print("  ".join(carte_to_chaine(carte) for carte in liste_tas))
    print()


def prints_the_list(liste_tas):
    """Prints the list of strings."""
    print([carte_to_chaine(c) for c in liste_tas])
    print()


# --- init_pioche_fichier --------------------------------------------------------------------------


def _tokens(nom_fich):
    with open(nom_fich, encoding="utf-8") as fichier:
        return fichier.read().split()


def values_as_text(nom_fich):
    """Keeps the values as strings: '7' instead of 7."""
    return [dict(zip(("valeur", "couleur"), t.split("-"), strict=True)) for t in _tokens(nom_fich)]


def with_the_text_too(nom_fich):
    """Keeps the text of each card too, under a key 'texte' of its own."""
    pioche = []
    for token in _tokens(nom_fich):
        valeur, couleur = token.split("-")
        valeur = int(valeur) if valeur.isdigit() else valeur
        pioche.append({"valeur": valeur, "couleur": couleur, "texte": token})
    return pioche


def value_and_suit_swapped(nom_fich):
    """Reads 'couleur-valeur'."""
    pioche = []
    for token in _tokens(nom_fich):
        couleur, valeur = token.split("-")
        pioche.append({"valeur": int(valeur) if valeur.isdigit() else valeur, "couleur": couleur})
    return pioche


def reversed_order(nom_fich):
    """Returns the cards from the last one read."""
    from solitaire_lib.alliances.course import init_pioche_fichier

    return init_pioche_fichier(nom_fich)[::-1]


def split_on_single_spaces(nom_fich):
    """Splits the text with split(' '), so a final newline stays in the last card's suit."""
    with open(nom_fich, encoding="utf-8") as fichier:
        tokens = fichier.read().split(" ")
    pioche = []
    for token in tokens:
        valeur, couleur = token.split("-")
        pioche.append({"valeur": int(valeur) if valeur.isdigit() else valeur, "couleur": couleur})
    return pioche


def int_for_every_value(nom_fich):
    """Converts every value with int() (which fails on 'A')."""
    pioche = []
    for token in _tokens(nom_fich):
        valeur, couleur = token.split("-")
        pioche.append({"valeur": int(valeur), "couleur": couleur})
    return pioche


def first_card_only(nom_fich):
    """Reads one token only."""
    valeur, couleur = _tokens(nom_fich)[0].split("-")
    return [{"valeur": int(valeur) if valeur.isdigit() else valeur, "couleur": couleur}]


# --- ecrire_fichier_reussite ----------------------------------------------------------------------


def _write(nom_fich, text):
    with open(nom_fich, "w", encoding="utf-8") as fichier:
        fichier.write(text)


def comma_separated_file(nom_fich, pioche):
    """Separates the cards with commas."""
    _write(nom_fich, ",".join(f"{c['valeur']}-{c['couleur']}" for c in pioche))


def values_in_quotes(nom_fich, pioche):
    """Writes repr() of each value: 'A'-C, with the quotes."""
    _write(nom_fich, " ".join(f"{c['valeur']!r}-{c['couleur']}" for c in pioche))


def dict_text(nom_fich, pioche):
    """Writes str(pioche)."""
    _write(nom_fich, str(pioche))


def space_for_dash(nom_fich, pioche):
    """Writes 'valeur couleur' with a space instead of the dash."""
    _write(nom_fich, " ".join(f"{c['valeur']} {c['couleur']}" for c in pioche))


def written_backwards(nom_fich, pioche):
    """Writes the deck from its last card."""
    _write(nom_fich, " ".join(f"{c['valeur']}-{c['couleur']}" for c in pioche[::-1]))


def appends_to_the_file(nom_fich, pioche):
    """Opens the file with 'a', so what the file held stays before the deck."""
    with open(nom_fich, "a", encoding="utf-8") as fichier:
        fichier.write(" ".join(f"{c['valeur']}-{c['couleur']}" for c in pioche))


def returns_the_text(nom_fich, pioche):
    """Returns the text it wrote."""
    text = " ".join(f"{c['valeur']}-{c['couleur']}" for c in pioche)
    _write(nom_fich, text)
    return text


def replaces_the_reader(nom_fich, pioche):
    """Writes nothing, and replaces course.init_pioche_fichier in its own process so that the
    check's read-back would give the deck (hostile 15, a01; it passed when the worker read back)."""
    kept = [dict(c) for c in pioche]
    course.init_pioche_fichier = lambda path: [dict(c) for c in kept]


def one_token_a_line(nom_fich, pioche):
    """Writes each card on a line of its own, which init_pioche_fichier reads too (reading 17:
    the check read the file back with the library's reader, and passed it)."""
    _write(nom_fich, "\n".join(f"{c['valeur']}-{c['couleur']}" for c in pioche) + "\n")


def one_line_a_card_and_true(nom_fich, pioche):
    """Writes one card a line and returns True to say it wrote the file: two faults, the
    layout (the deck reads back right) and the answer (the statement returns nothing)."""
    with open(nom_fich, "w") as fichier:
        for carte in pioche:
            fichier.write(f"{carte['valeur']}-{carte['couleur']}\n")
    return True


def two_spaces_between_cards(nom_fich, pioche):
    """Separates the cards with two spaces (reading 17: passed, as above)."""
    _write(nom_fich, "  ".join(f"{c['valeur']}-{c['couleur']}" for c in pioche))


def no_break_spaces_between_cards(nom_fich, pioche):
    """Separates the cards with U+00A0 (a no-break space), which init_pioche_fichier splits on too
    (hostile 16, a07: the report said 'more than one space, or tabs')."""
    _write(nom_fich, "\u00a0".join(f"{c['valeur']}-{c['couleur']}" for c in pioche))


def carriage_returns_between_cards(nom_fich, pioche):
    """Separates the cards with a lone carriage return, '\\r' (hostile 16, a07, as above)."""
    with open(nom_fich, "w", encoding="utf-8", newline="") as fichier:
        fichier.write("\r".join(f"{c['valeur']}-{c['couleur']}" for c in pioche))


def writes_a_link(nom_fich, pioche):
    """Writes the deck to another file and leaves a symbolic link to it where the file was
    (hostile 16, a07: the report said the file 'cannot be read back by init_pioche_fichier',
    which follows links)."""
    _write(nom_fich + ".real", " ".join(f"{c['valeur']}-{c['couleur']}" for c in pioche))
    os.unlink(nom_fich)
    os.symlink(nom_fich + ".real", nom_fich)


def space_and_blank_line_at_the_end(nom_fich, pioche):
    """Ends the file with ' \n\n': a space after the last card and two newlines (reading 17)."""
    _write(nom_fich, " ".join(f"{c['valeur']}-{c['couleur']}" for c in pioche) + " \n\n")


def leaves_a_fifo(nom_fich, pioche):
    """Replaces the file by a FIFO, on which a read-back waits forever (hostile 15, a10: the report
    said the function did not finish)."""
    os.unlink(nom_fich)
    os.mkfifo(nom_fich)


def stretches_the_file(nom_fich, pioche):
    """Writes the deck, then stretches the file to 3 GB (sparse), which a read-back of the whole
    file cannot hold in memory (hostile 15, a11: "it raised MemoryError")."""
    _write(nom_fich, " ".join(f"{c['valeur']}-{c['couleur']}" for c in pioche) + "\n")
    os.truncate(nom_fich, 3 * 10**9)


def zero_padded_values(nom_fich, pioche):
    """Writes the numbers on two digits, '07-C' (hostile 16, a06: it passed, since
    init_pioche_fichier reads int('07') as 7 and the layout check looked only at white space)."""
    tokens = (
        f"{c['valeur']:02d}-{c['couleur']}"
        if type(c["valeur"]) is int
        else f"{c['valeur']}-{c['couleur']}"
        for c in pioche
    )
    _write(nom_fich, " ".join(tokens) + "\n")


# --- init_pioche_alea -----------------------------------------------------------------------------


def sorted_deck_reversed(nb_cartes=32):
    """Returns the ordered deck reversed instead of shuffling it."""
    return init_pioche_ordonnee(nb_cartes)[::-1]


def suits_in_other_order(nb_cartes=32):
    """Builds the deck suit by suit in the order C, K, P, T before shuffling."""
    valeurs = VALEURS_52 if nb_cartes == 52 else VALEURS_32
    pioche = [{"valeur": v, "couleur": c} for c in "CKPT" for v in valeurs]
    random.shuffle(pioche)
    return pioche


def returns_shuffle(nb_cartes=32):
    """Returns the result of random.shuffle, which is None."""
    pioche = init_pioche_ordonnee(nb_cartes)
    return random.shuffle(pioche)


def always_32(nb_cartes=32):
    """Ignores nb_cartes."""
    pioche = init_pioche_ordonnee(32)
    random.shuffle(pioche)
    return pioche


def seeds_with_zero(nb_cartes=32):
    """Calls random.seed(0) itself before shuffling."""
    pioche = init_pioche_ordonnee(nb_cartes)
    random.seed(0)
    random.shuffle(pioche)
    return pioche


def shuffled_twice(nb_cartes=32):
    """Shuffles twice 'to be sure'."""
    pioche = init_pioche_ordonnee(nb_cartes)
    random.shuffle(pioche)
    random.shuffle(pioche)
    return pioche


def sample_instead(nb_cartes=32):
    """Uses random.sample."""
    return random.sample(init_pioche_ordonnee(nb_cartes), nb_cartes)


# --- verifier_pioche ------------------------------------------------------------------------------


def length_only(pioche, nb_cartes=32):
    """Only counts the cards."""
    return len(pioche) == nb_cartes


def no_duplicates_only(pioche, nb_cartes=32):
    """Checks the count and that no card is there twice, not that they are the right cards."""
    cles = [(c["valeur"], c["couleur"]) for c in pioche]
    return len(cles) == nb_cartes and len(set(cles)) == nb_cartes


def every_card_present(pioche, nb_cartes=32):
    """Checks that every card is there, not that nothing else is."""
    return all(c in pioche for c in init_pioche_ordonnee(nb_cartes))


def ignores_nb_cartes(pioche, nb_cartes=32):
    """Always compares with the 32-card deck."""
    return course.verifier_pioche(pioche, 32)


def accepts_a_key_too_many(pioche, nb_cartes=32):
    """Reads each card's two keys and ignores any other key a card has."""
    if type(pioche) is not list or any(type(c) is not dict for c in pioche):
        return False
    return course.verifier_pioche(
        [{"valeur": c.get("valeur"), "couleur": c.get("couleur")} for c in pioche], nb_cartes
    )


def accepts_any_sequence(pioche, nb_cartes=32):
    """Takes a tuple of cards (or any sequence) for a deck."""
    try:
        return course.verifier_pioche(list(pioche), nb_cartes)
    except TypeError:
        return False


def equal_values_pass(pioche, nb_cartes=32):
    """Checks the type of the deck and of each card and its keys, then compares the cards with
    ==, so a value 7.0 passes for 7."""
    if type(pioche) is not list or any(
        type(c) is not dict or set(c) != {"valeur", "couleur"} for c in pioche
    ):
        return False
    deck = init_pioche_ordonnee(nb_cartes)
    return len(pioche) == len(deck) and all(c in pioche for c in deck)


def crashes_on_a_text_card(pioche, nb_cartes=32):
    """Reads card['valeur'] of whatever is in the list: a text card raises TypeError."""
    cles = sorted(f"{type(c['valeur']).__name__} {c['valeur']}-{c['couleur']}" for c in pioche)
    attendues = init_pioche_ordonnee(nb_cartes)
    return cles == sorted(f"{type(c['valeur']).__name__} {c['valeur']}-{c['couleur']}"
                          for c in attendues)  # fmt: skip


def compares_text(pioche, nb_cartes=32):
    """Compares the cards as text, so '7' passes for 7."""
    cles = sorted(f"{c['valeur']}-{c['couleur']}" for c in pioche)
    return cles == sorted(f"{c['valeur']}-{c['couleur']}" for c in init_pioche_ordonnee(nb_cartes))


def compares_text_in_a_try(pioche, nb_cartes=32):
    """Compares the sorted texts of the cards, each a dict of two keys, inside a try block: the
    count, the cards and their form are checked, but '7' passes for 7."""
    try:
        if type(pioche) is not list or any(len(c) != 2 for c in pioche):
            return False
        cles = sorted(f"{c['valeur']}-{c['couleur']}" for c in pioche)
    except (TypeError, KeyError):
        return False
    deck = init_pioche_ordonnee(nb_cartes)
    return cles == sorted(f"{c['valeur']}-{c['couleur']}" for c in deck)


# --- alliance -------------------------------------------------------------------------------------


def value_and_suit(carte1, carte2):
    """Uses 'and' instead of 'or'."""
    return carte1["valeur"] == carte2["valeur"] and carte1["couleur"] == carte2["couleur"]


def value_only(carte1, carte2):
    """Compares the values only."""
    return carte1["valeur"] == carte2["valeur"]


def suit_only(carte1, carte2):
    """Compares the suits only."""
    return carte1["couleur"] == carte2["couleur"]


def whole_cards(carte1, carte2):
    """Compares the whole cards."""
    return carte1 == carte2


def answer_as_text(carte1, carte2):
    """Returns 'vrai' or 'faux'."""
    return "vrai" if alliance(carte1, carte2) else "faux"


# --- saut_si_possible -----------------------------------------------------------------------------


def none_out_of_range_and_jumps_on_a_copy(liste_tas, num_tas):
    """Follows the range rule but returns None out of it, and jumps on a copy otherwise: two
    mistakes, and the range hint was given for the first, a rule it follows (hostile 15, a13)."""
    if not 1 <= num_tas <= len(liste_tas) - 2:
        return None
    return saut_si_possible(list(liste_tas), num_tas)


def empties_the_piles_later(liste_tas, num_tas):
    """Jumps right, and returns, but a thread it started empties liste_tas 20 ms later (hostile
    15, a04: the check read the arguments as the call returned, and it passed)."""
    sauta = saut_si_possible(liste_tas, num_tas)

    def later():
        time.sleep(0.02)
        liste_tas.clear()

    threading.Thread(target=later, daemon=True).start()
    return sauta


def no_bounds_check(liste_tas, num_tas):
    """Forgets that pile num_tas needs a pile on each side (liste_tas[-1] wraps around)."""
    try:
        if alliance(liste_tas[num_tas - 1], liste_tas[num_tas + 1]):
            liste_tas[num_tas - 1] = liste_tas.pop(num_tas)
            return True
    except IndexError:
        pass
    return False


def pile_with_neighbour(liste_tas, num_tas):
    """Checks the pile itself against its left neighbour."""
    if 1 <= num_tas < len(liste_tas) - 1 and alliance(liste_tas[num_tas], liste_tas[num_tas - 1]):
        liste_tas[num_tas - 1] = liste_tas.pop(num_tas)
        return True
    return False


def removes_the_jumping_card(liste_tas, num_tas):
    """Deletes the card that jumps instead of the one it covers."""
    if 1 <= num_tas < len(liste_tas) - 1 and alliance(
        liste_tas[num_tas - 1], liste_tas[num_tas + 1]
    ):
        del liste_tas[num_tas]
        return True
    return False


def works_on_a_copy(liste_tas, num_tas):
    """Changes a copy, so the player's list is left as it was."""
    return saut_si_possible(list(liste_tas), num_tas)


def jumps_to_the_right(liste_tas, num_tas):
    """Moves the pile onto its right neighbour."""
    if 1 <= num_tas < len(liste_tas) - 1 and alliance(
        liste_tas[num_tas - 1], liste_tas[num_tas + 1]
    ):
        liste_tas[num_tas + 1] = liste_tas.pop(num_tas)
        return True
    return False


def returns_nothing(liste_tas, num_tas):
    """Makes the jump but returns nothing."""
    saut_si_possible(liste_tas, num_tas)


def true_or_nothing(liste_tas, num_tas):
    """Returns True after a jump, and nothing (None) when no jump is made."""
    if saut_si_possible(liste_tas, num_tas):
        return True


def num_tas_from_one(liste_tas, num_tas):
    """Reads num_tas as counted from 1 (as the manual mode's 's N'): makes pile num_tas - 1 jump."""
    n = num_tas - 1
    if 1 <= n <= len(liste_tas) - 2 and alliance(liste_tas[n - 1], liste_tas[n + 1]):
        liste_tas[n - 1] = liste_tas.pop(n)
        return True
    return False


# --- une_etape_reussite ---------------------------------------------------------------------------


def _step(liste_tas, pioche, affiche, order, always=False, again=True, first=-2):
    liste_tas.append(pioche.pop(0))
    if affiche:
        afficher_reussite(liste_tas)
    if saut_si_possible(liste_tas, len(liste_tas) + first) or always:
        if affiche and not always:
            afficher_reussite(liste_tas)
        while True:
            made = any(saut_si_possible(liste_tas, i) for i in order(len(liste_tas)))
            if made and affiche:
                afficher_reussite(liste_tas)
            if not made or not again:
                break


def rightmost_first(liste_tas, pioche, affiche=False):
    """Makes the rightmost possible jump first in the cascade."""
    _step(liste_tas, pioche, affiche, lambda n: range(n - 2, 0, -1))


def cascade_always(liste_tas, pioche, affiche=False):
    """Looks for jumps from the left even when the new card made none."""
    liste_tas.append(pioche.pop(0))
    if affiche:
        afficher_reussite(liste_tas)
    if saut_si_possible(liste_tas, len(liste_tas) - 2) and affiche:
        afficher_reussite(liste_tas)
    while any(saut_si_possible(liste_tas, i) for i in range(1, len(liste_tas) - 1)):
        if affiche:
            afficher_reussite(liste_tas)


def cascade_from_the_left_always(liste_tas, pioche, affiche=False):
    """Lays the card, then makes every jump possible from the left, without asking first whether
    the pile before the new card jumps (step 3's "only if" left out)."""
    liste_tas.append(pioche.pop(0))
    if affiche:
        afficher_reussite(liste_tas)
    while any(saut_si_possible(liste_tas, i) for i in range(1, len(liste_tas) - 1)):
        if affiche:
            afficher_reussite(liste_tas)


def one_more_jump_only(liste_tas, pioche, affiche=False):
    """Makes one jump of the cascade, not as many as possible."""
    _step(liste_tas, pioche, affiche, lambda n: range(1, n - 1), again=False)


def new_card_jumps(liste_tas, pioche, affiche=False):
    """Tries to make the new card jump instead of its left neighbour."""
    _step(liste_tas, pioche, affiche, lambda n: range(1, n - 1), first=-1)


def draws_the_last_card(liste_tas, pioche, affiche=False):
    """Takes the card at the end of pioche."""
    pioche.insert(0, pioche.pop())
    _step(liste_tas, pioche, affiche, lambda n: range(1, n - 1))


def deck_left_whole(liste_tas, pioche, affiche=False):
    """Plays the step on a copy of pioche: the card drawn stays in the caller's deck."""
    from solitaire_lib.alliances.course import une_etape_reussite

    une_etape_reussite(liste_tas, list(pioche), affiche)


def card_laid_but_left_in_the_deck(liste_tas, pioche, affiche=False):
    """Lays pioche[0] on the piles without taking it out of the deck (no pop): the card dict is
    in both lists after the call."""
    liste_tas.append(pioche[0])
    if affiche:
        afficher_reussite(liste_tas)
    if saut_si_possible(liste_tas, len(liste_tas) - 2):
        if affiche:
            afficher_reussite(liste_tas)
        while any(saut_si_possible(liste_tas, i) for i in range(1, len(liste_tas) - 1)):
            if affiche:
                afficher_reussite(liste_tas)


def prints_at_the_end_only(liste_tas, pioche, affiche=False):
    """Prints once at the end of the step instead of after every change."""
    _step(liste_tas, pioche, False, lambda n: range(1, n - 1))
    if affiche:
        afficher_reussite(liste_tas)


def cascade_without_the_steps_jump(liste_tas, pioche, affiche=False):
    """Asks the right question (can the pile before the new card jump?) but then makes the
    leftmost jump first, not that one: in a game no jump waits before a step, so the two agree;
    they differ where an earlier pile could jump too (held-out 16a, ue_leftmost_first)."""
    liste_tas.append(pioche.pop(0))
    if affiche:
        afficher_reussite(liste_tas)
    n = len(liste_tas)
    if n >= 3 and alliance(liste_tas[n - 3], liste_tas[n - 1]):
        while any(saut_si_possible(liste_tas, i) for i in range(1, len(liste_tas) - 1)):
            if affiche:
                afficher_reussite(liste_tas)


def step_on_copies(liste_tas, pioche, affiche=False):
    """Makes the step in copies of both lists, and returns the piles: the caller's lists are
    left as they were (held-out 15a, ue_copy)."""
    liste_tas, pioche = list(liste_tas), list(pioche)
    une_etape_reussite(liste_tas, pioche, affiche)
    return liste_tas


def rightmost_first_and_silent(liste_tas, pioche, affiche=False):
    """Prints nothing (affiche left out) and makes the rightmost possible jump first in the
    cascade: two mistakes, each seen in other cases."""
    _step(liste_tas, pioche, False, lambda n: range(n - 2, 0, -1))


# --- reussite_mode_auto ---------------------------------------------------------------------------


def plays_rightmost_first(pioche, affiche=False):
    """Plays the game with steps whose cascade makes the rightmost possible jump first."""
    liste_tas, reste = [], list(pioche)
    if affiche:
        afficher_reussite(reste)
    while reste:
        rightmost_first(liste_tas, reste, affiche)
    return liste_tas


def changes_pioche(pioche, affiche=False):
    """Plays with pioche itself and empties it."""
    from solitaire_lib.alliances.course import une_etape_reussite

    liste_tas = []
    if affiche:
        afficher_reussite(pioche)
    while pioche:
        une_etape_reussite(liste_tas, pioche, affiche)
    return liste_tas


def deck_not_printed_first(pioche, affiche=False):
    """Forgets to print the deck first."""
    from solitaire_lib.alliances.course import une_etape_reussite

    reste, liste_tas = list(pioche), []
    while reste:
        une_etape_reussite(liste_tas, reste, affiche)
    return liste_tas


def always_silent(pioche, affiche=False):
    """Never prints."""
    return reussite_mode_auto(pioche)


def lays_everything_first(pioche, affiche=False):
    """Lays the whole deck at once, then makes the jumps (leftmost first)."""
    liste_tas = list(pioche)
    if affiche:
        afficher_reussite(pioche)
        afficher_reussite(liste_tas)
    while any(saut_si_possible(liste_tas, i) for i in range(1, len(liste_tas) - 1)):
        if affiche:
            afficher_reussite(liste_tas)
    return liste_tas


def returns_the_count(pioche, affiche=False):
    """Returns the number of piles instead of the piles."""
    return len(reussite_mode_auto(pioche, affiche))


def last_card_left_out(pioche, affiche=False):
    """Stops one card early (while len(reste) > 1)."""
    from solitaire_lib.alliances.course import une_etape_reussite

    reste, liste_tas = list(pioche), []
    if affiche:
        afficher_reussite(reste)
    while len(reste) > 1:
        une_etape_reussite(liste_tas, reste, affiche)
    return liste_tas


# --- reussite_mode_manuel -------------------------------------------------------------------------


def _manual(
    pioche,
    nb_tas_max,
    shift=1,
    lay_rest=True,
    check=True,
    first=1,
    verb="s",
    draw_alone=True,
    jump=saut_si_possible,
):
    reste, liste_tas = list(pioche), []
    while reste or any(
        alliance(liste_tas[i - 1], liste_tas[i + 1]) for i in range(first, len(liste_tas) - 1)
    ):
        afficher_reussite(liste_tas)
        commande = input("p, s N ou q ? ").split()
        if commande == ["q"]:
            if lay_rest:
                liste_tas += reste
            break
        draws = commande == ["p"] if draw_alone else commande[:1] and commande[0][0] == "p"
        if draws and reste:
            liste_tas.append(reste.pop(0))
        elif len(commande) == 2 and commande[0] in verb and commande[1].isdigit():
            n = int(commande[1]) - shift
            if check:
                jump(liste_tas, n)
            elif 0 < n < len(liste_tas):
                liste_tas[n - 1] = liste_tas.pop(n)
    print("Gagné !" if len(liste_tas) <= nb_tas_max else "Perdu.")
    return liste_tas


def piles_from_zero(pioche, nb_tas_max=2):
    """Reads 's N' as liste_tas[N] (piles numbered from 0)."""
    return _manual(pioche, nb_tas_max, shift=0)


def pile_number_used_as_index(pioche, nb_tas_max=2):
    """Passes the number typed after 's' to saut_si_possible as it is: 's 2' makes liste_tas[2]
    jump, the third pile (held-out 12a: on some draws the report told it of jumps made for the
    player, which it never makes)."""
    reste, liste_tas = list(pioche), []
    while reste or any(
        alliance(liste_tas[i - 1], liste_tas[i + 1]) for i in range(1, len(liste_tas) - 1)
    ):
        afficher_reussite(liste_tas)
        commande = input("p, s N ou q ? ").strip()
        if commande == "q":
            liste_tas.extend(reste)
            break
        if commande == "p":
            if reste:
                liste_tas.append(reste.pop(0))
            else:
                print("La pioche est vide.")
        elif commande.startswith("s ") and commande[2:].strip().isdigit():
            if not saut_si_possible(liste_tas, int(commande[2:])):
                print("Saut impossible.")
        else:
            print("Commande inconnue.")
    afficher_reussite(liste_tas)
    print("Gagné !" if len(liste_tas) <= nb_tas_max else "Perdu.")
    return liste_tas


def whole_game_in_a_try(pioche, nb_tas_max=2):
    """Plays inside a try/except round the whole game that returns [] on any error: 's x'
    (int('x') raises ValueError) throws the game away (held-out 15a, rm_catch_all)."""
    reste, liste_tas = list(pioche), []
    try:
        while reste or any(
            alliance(liste_tas[i - 1], liste_tas[i + 1]) for i in range(1, len(liste_tas) - 1)
        ):
            afficher_reussite(liste_tas)
            commande = input("p, s N ou q ? ").strip()
            if commande == "q":
                liste_tas.extend(reste)
                break
            if commande == "p":
                if reste:
                    liste_tas.append(reste.pop(0))
            elif commande.startswith("s "):
                if not saut_si_possible(liste_tas, int(commande[2:]) - 1):
                    print("Saut impossible.")
            else:
                print("Commande inconnue.")
    except Exception:
        return []
    print("Gagné !" if len(liste_tas) <= nb_tas_max else "Perdu.")
    return liste_tas


def _jump_without_a_lower_bound(liste_tas, num_tas):
    """A saut_si_possible with no lower bound: pile 0's left neighbour is liste_tas[-1]."""
    if num_tas < len(liste_tas) - 1 and alliance(liste_tas[num_tas - 1], liste_tas[num_tas + 1]):
        liste_tas[num_tas - 1] = liste_tas.pop(num_tas)
        return True
    return False


def jump_test_wraps_round(pioche, nb_tas_max=2):
    """Makes the jumps with its own test, which has no lower bound: 's 1' makes pile 1 jump where
    liste_tas[-1] and liste_tas[1] are allied, and 's 0' the last pile (reading 17: only a long
    random script rejected it, with the hint "'s N' numbers the piles from 1", which it does)."""
    return _manual(pioche, nb_tas_max, jump=_jump_without_a_lower_bound)


def ends_wrap_round(pioche, nb_tas_max=2):
    """Goes on while the piles at the two ends are allied (liste_tas[-1] as pile 0's left
    neighbour), so it reads a command after the game has ended."""
    return _manual(pioche, nb_tas_max, first=0)


def any_word_jumps(pioche, nb_tas_max=2):
    """Reads any word followed by a number as a jump ('p 2' makes pile 2 jump)."""
    return _manual(pioche, nb_tas_max, verb="sp")


def draws_on_what_starts_with_p(pioche, nb_tas_max=2):
    """Draws on any command whose first word starts with 'p' ('p 2', 'px'), not on 'p' alone."""
    return _manual(pioche, nb_tas_max, draw_alone=False)


def quit_keeps_the_rest(pioche, nb_tas_max=2):
    """On 'q', stops without laying the rest of the deck."""
    return _manual(pioche, nb_tas_max, lay_rest=False)


def any_jump_allowed(pioche, nb_tas_max=2):
    """Makes every jump the player asks for, allowed or not."""
    return _manual(pioche, nb_tas_max, check=False)


def p_makes_the_jumps_too(pioche, nb_tas_max=2):
    """Plays a whole automatic step on 'p': the new card's jumps are made for the player."""
    from solitaire_lib.alliances.course import une_etape_reussite

    reste, liste_tas = list(pioche), []
    while reste or any(
        alliance(liste_tas[i - 1], liste_tas[i + 1]) for i in range(1, len(liste_tas) - 1)
    ):
        afficher_reussite(liste_tas)
        try:
            commande = input("p, s N ou q ? ").split()
        except EOFError:
            commande = ["q"]
        if commande == ["q"]:
            liste_tas += reste
            break
        if commande == ["p"] and reste:
            une_etape_reussite(liste_tas, reste)
        elif len(commande) == 2 and commande[0] == "s" and commande[1].isdigit():
            saut_si_possible(liste_tas, int(commande[1]) - 1)
    return liste_tas


def jumps_between_any_neighbours(pioche, nb_tas_max=2):
    """Makes pile N jump whenever it has a pile on each side, allied or not."""
    reste, liste_tas = list(pioche), []
    while reste or any(
        alliance(liste_tas[i - 1], liste_tas[i + 1]) for i in range(1, len(liste_tas) - 1)
    ):
        try:
            commande = input("p, s N ou q ? ").split()
        except EOFError:
            commande = ["q"]
        if commande == ["q"]:
            liste_tas += reste
            break
        if commande == ["p"] and reste:
            liste_tas.append(reste.pop(0))
        elif len(commande) == 2 and commande[0] == "s" and commande[1].isdigit():
            n = int(commande[1]) - 1
            if 1 <= n <= len(liste_tas) - 2:
                liste_tas[n - 1] = liste_tas.pop(n)
    return liste_tas


def plays_automatically(pioche, nb_tas_max=2):
    """Ignores the player and plays the automatic game."""
    return reussite_mode_auto(pioche)


def returns_the_deck(pioche, nb_tas_max=2):
    """Returns the deck instead of the piles."""
    _manual(pioche, nb_tas_max)
    return list(pioche)


# --- lance_reussite -------------------------------------------------------------------------------


def _shuffled(n):
    pioche = init_pioche_ordonnee(n)
    random.shuffle(pioche)
    return pioche


def ignores_the_mode(mode, nb_cartes=32, affiche=False, nb_tas_max=2):
    """Always plays the automatic game."""
    return reussite_mode_auto(_shuffled(nb_cartes), affiche)


def always_32_cards(mode, nb_cartes=32, affiche=False, nb_tas_max=2):
    """Always shuffles 32 cards."""
    from solitaire_lib.alliances.course import reussite_mode_manuel

    pioche = _shuffled(32)
    return reussite_mode_auto(pioche, affiche) if mode == "auto" else reussite_mode_manuel(pioche)


def unshuffled_deck(mode, nb_cartes=32, affiche=False, nb_tas_max=2):
    """Forgets to shuffle."""
    from solitaire_lib.alliances.course import reussite_mode_manuel

    pioche = init_pioche_ordonnee(nb_cartes)
    return reussite_mode_auto(pioche, affiche) if mode == "auto" else reussite_mode_manuel(pioche)


def returns_nothing_at_all(mode, nb_cartes=32, affiche=False, nb_tas_max=2):
    """Plays but does not return the piles."""
    from solitaire_lib.alliances.course import lance_reussite

    lance_reussite(mode, nb_cartes, affiche, nb_tas_max)


def reshuffles(mode, nb_cartes=32, affiche=False, nb_tas_max=2):
    """Shuffles a first deck, throws it away and shuffles a second one."""
    from solitaire_lib.alliances.course import lance_reussite

    _shuffled(nb_cartes)
    return lance_reussite(mode, nb_cartes, affiche, nb_tas_max)


# --- meilleur_echange_consecutif ------------------------------------------------------------------


def _best(pioche, better):
    meilleur, meilleur_nb = list(pioche), None
    for i in range(len(pioche) - 1):
        essai = list(pioche)
        essai[i], essai[i + 1] = essai[i + 1], essai[i]
        nb = len(reussite_mode_auto(essai))
        if meilleur_nb is None or better(nb, meilleur_nb):
            meilleur, meilleur_nb = essai, nb
    return meilleur, meilleur_nb


def first_on_a_tie(pioche):
    """Keeps the first best swap (<) instead of the last one (<=)."""
    meilleur, nb = _best(pioche, lambda a, b: a < b)
    return meilleur, len(reussite_mode_auto(pioche)) - nb


def piles_after_not_saved(pioche):
    """Returns the piles after the swap instead of the piles saved."""
    meilleur, nb = _best(pioche, lambda a, b: a <= b)
    return meilleur, nb


def gain_the_wrong_way(pioche):
    """Computes piles after minus piles before."""
    meilleur, nb = _best(pioche, lambda a, b: a <= b)
    return meilleur, nb - len(reussite_mode_auto(pioche))


def first_card_laid_before_the_loop(pioche, affiche=False):
    """Lays pioche[0] as the first pile before the loop: an empty deck raises IndexError."""
    reste = list(pioche)
    if affiche:
        afficher_reussite(reste)
    liste_tas = [reste.pop(0)]
    if affiche:
        afficher_reussite(liste_tas)
    while reste:
        une_etape_reussite(liste_tas, reste, affiche)
    return liste_tas


def empty_deck_returned_itself(pioche, affiche=False):
    """Returns the deck it was given when it is empty (no piles either), not a new list."""
    if not pioche:
        if affiche:
            afficher_reussite(pioche)
        return pioche
    return reussite_mode_auto(pioche, affiche)


#: Lists made once, outside the functions that return them (two mistakes of reussite_mode_auto).
les_tas: list[dict] = []
AUCUN_TAS: list[dict] = []


def piles_kept_in_a_global(pioche, affiche=False):
    """Plays in a list made outside the function (a global), emptied at the start of each game:
    every game returns that one list, which the next game changes."""
    reste = list(pioche)
    les_tas.clear()
    if affiche:
        afficher_reussite(reste)
    while reste:
        une_etape_reussite(les_tas, reste, affiche)
    return les_tas


def empty_deck_a_global_list(pioche, affiche=False):
    """For an empty deck, returns an empty list made once outside the function (a global), not
    a new one."""
    if not pioche:
        if affiche:
            afficher_reussite(pioche)
        return AUCUN_TAS
    return reussite_mode_auto(pioche, affiche)


def piles_in_a_default_argument(pioche, affiche=False, liste_tas=[]):  # noqa: B006
    """Plays in a default argument's list, emptied at the start of each game: the default is
    made once, so every game returns the same list."""
    reste = list(pioche)
    liste_tas.clear()
    if affiche:
        afficher_reussite(reste)
    while reste:
        une_etape_reussite(liste_tas, reste, affiche)
    return liste_tas


def short_deck_returned_itself(pioche):
    """For a deck too short to swap, returns the deck it was given, not a copy."""
    if len(pioche) < 2:
        return pioche, 0
    meilleur, nb = _best(pioche, lambda a, b: a <= b)
    return meilleur, len(reussite_mode_auto(pioche)) - nb


def swaps_in_place(pioche):
    """Makes the swap in the deck it was given."""
    meilleur, gain = meilleur_echange_consecutif(pioche)
    pioche[:] = meilleur
    return meilleur, gain


def tries_each_swap_in_the_deck_itself(pioche):
    """Tries each swap in the deck it was given, swapping back after, then makes the best one
    there and returns that deck: it changes the caller's deck, and returns it, not a copy."""
    sans = len(reussite_mode_auto(pioche))
    meilleur_i, meilleur_nb = None, None
    for i in range(len(pioche) - 1):
        pioche[i], pioche[i + 1] = pioche[i + 1], pioche[i]
        nb = len(reussite_mode_auto(pioche))
        if meilleur_nb is None or nb <= meilleur_nb:
            meilleur_i, meilleur_nb = i, nb
        pioche[i], pioche[i + 1] = pioche[i + 1], pioche[i]
    if meilleur_i is None:
        return pioche, 0
    pioche[meilleur_i], pioche[meilleur_i + 1] = pioche[meilleur_i + 1], pioche[meilleur_i]
    return pioche, sans - meilleur_nb


def right_swap_of_a_deck(pioche):
    """The right best swap (as the statement asks), that calls reussite_mode_auto on the deck
    itself at the end."""
    if len(pioche) < 2:
        return list(pioche), 0
    meilleur, nb = _best(pioche, lambda a, b: a <= b)
    return meilleur, len(reussite_mode_auto(pioche)) - nb


#: A right meilleur_echange_consecutif whose own reussite_mode_auto (task 5's mistake, in the same
#: notebook) empties the deck it plays: the check must blame that one.
own_auto_changes_the_deck = types.FunctionType(
    right_swap_of_a_deck.__code__,
    {**right_swap_of_a_deck.__globals__, "reussite_mode_auto": changes_pioche},
    "own_auto_changes_the_deck",
)
own_auto_changes_the_deck.__doc__ = (
    "Right, but the student's own reussite_mode_auto plays the deck itself and empties it."
)


def last_pair_never_tried(pioche):
    """range(len(pioche) - 2): never tries the last two cards."""
    meilleur, meilleur_nb = list(pioche), len(reussite_mode_auto(pioche))
    for i in range(len(pioche) - 2):
        essai = list(pioche)
        essai[i], essai[i + 1] = essai[i + 1], essai[i]
        nb = len(reussite_mode_auto(essai))
        if nb <= meilleur_nb:
            meilleur, meilleur_nb = essai, nb
    return meilleur, len(reussite_mode_auto(pioche)) - meilleur_nb


def no_swap_when_none_saves(pioche):
    """Keeps the deck as it is when the best swap saves no pile."""
    meilleur, gain = meilleur_echange_consecutif(pioche)
    return (list(pioche), 0) if gain <= 0 else (meilleur, gain)


def returns_a_list_pair(pioche):
    """Returns [deck, gain], a list, instead of the two results."""
    return list(meilleur_echange_consecutif(pioche))


# --- res_multi_simulation -------------------------------------------------------------------------


def always_two_piles(nb_sim, nb_cartes=32):
    """Returns [2] * nb_sim."""
    return [2] * nb_sim


def one_shuffle_for_all(nb_sim, nb_cartes=32):
    """Shuffles one deck and plays it nb_sim times."""
    pioche = _shuffled(nb_cartes)
    return [len(reussite_mode_auto(pioche)) for _ in range(nb_sim)]


def decks_sampled(nb_sim, nb_cartes=32):
    """Draws each deck with random.sample of the ordered deck, not with init_pioche_alea."""
    decks = (random.sample(init_pioche_ordonnee(nb_cartes), nb_cartes) for _ in range(nb_sim))
    return [len(reussite_mode_auto(pioche)) for pioche in decks]


def one_game_short(nb_sim, nb_cartes=32):
    """range(1, nb_sim): one game short."""
    return [len(reussite_mode_auto(_shuffled(nb_cartes))) for _ in range(1, nb_sim)]


def always_32_cards_simulated(nb_sim, nb_cartes=32):
    """Ignores nb_cartes."""
    return [len(reussite_mode_auto(_shuffled(32))) for _ in range(nb_sim)]


def piles_not_counted(nb_sim, nb_cartes=32):
    """Returns the piles of every game instead of their numbers."""
    return [reussite_mode_auto(_shuffled(nb_cartes)) for _ in range(nb_sim)]


def unshuffled_every_time(nb_sim, nb_cartes=32):
    """Forgets to shuffle: every game is the ordered deck."""
    return [len(reussite_mode_auto(init_pioche_ordonnee(nb_cartes))) for _ in range(nb_sim)]


# --- res_multi_simulation_echange ----------------------------------------------------------------


def with_then_without(nb_sim, nb_cartes=32):
    """Puts the numbers the other way round: (with the swap, without)."""
    return [(avec, sans) for sans, avec in res_multi_simulation_echange(nb_sim, nb_cartes)]


def two_decks_per_pair(nb_sim, nb_cartes=32):
    """Shuffles one deck for 'without' and another one for 'with'."""
    paires = []
    for _ in range(nb_sim):
        sans = len(reussite_mode_auto(_shuffled(nb_cartes)))
        avec = len(reussite_mode_auto(meilleur_echange_consecutif(_shuffled(nb_cartes))[0]))
        paires.append((sans, avec))
    return paires


def saved_instead_of_with(nb_sim, nb_cartes=32):
    """Gives the piles saved instead of the piles left with the swap."""
    return [(sans, sans - avec) for sans, avec in res_multi_simulation_echange(nb_sim, nb_cartes)]


def pairs_as_lists(nb_sim, nb_cartes=32):
    """Gives each pair as a list."""
    return [list(p) for p in res_multi_simulation_echange(nb_sim, nb_cartes)]


def with_only(nb_sim, nb_cartes=32):
    """Returns only the numbers with the swap."""
    return [avec for _, avec in res_multi_simulation_echange(nb_sim, nb_cartes)]


# --- statistiques_nb_tas -----------------------------------------------------------------------


def fixed_numbers(nb_sim, nb_cartes=32):
    """Prints the same numbers whatever the games."""
    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    print("  nombre moyen de tas   : 9.50")
    print("  nombre minimum de tas : 2")
    print("  nombre maximum de tas : 25")


def colons_not_aligned(nb_sim, nb_cartes=32):
    """Does not pad the names, so the colons do not line up."""
    import statistics

    r = res_multi_simulation(nb_sim, nb_cartes)
    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    print(f"  nombre moyen de tas : {statistics.fmean(r):.2f}")
    print(f"  nombre minimum de tas : {min(r)}")
    print(f"  nombre maximum de tas : {max(r)}")
    print(f"  médiane : {statistics.median(r):g}")
    if nb_sim > 1:
        print(f"  écart type : {statistics.stdev(r):.2f}")


def _printed_stats(r, nb_sim, nb_cartes, median="g", spread=None):
    import statistics

    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    print(f"  nombre moyen de tas   : {statistics.fmean(r):.2f}")
    print(f"  nombre minimum de tas : {min(r)}")
    print(f"  nombre maximum de tas : {max(r)}")
    print(f"  médiane               : {statistics.median(r):{median}}")
    if nb_sim > 1:
        print(f"  écart type            : {(spread or statistics.stdev)(r):.2f}")


def population_deviation(nb_sim, nb_cartes=32):
    """Uses statistics.pstdev, the deviation of a whole population."""
    import statistics

    _printed_stats(
        res_multi_simulation(nb_sim, nb_cartes), nb_sim, nb_cartes, spread=statistics.pstdev
    )


def median_with_two_decimals(nb_sim, nb_cartes=32):
    """Writes the median with two decimals, as the mean."""
    _printed_stats(res_multi_simulation(nb_sim, nb_cartes), nb_sim, nb_cartes, median=".2f")


def new_games_after_the_mean(nb_sim, nb_cartes=32):
    """Takes the mean from one simulation, then simulates again for the other lines (held-out
    set 14a)."""
    import statistics

    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    moyenne = statistics.fmean(res_multi_simulation(nb_sim, nb_cartes))
    print(f"  nombre moyen de tas   : {moyenne:.2f}")
    r = res_multi_simulation(nb_sim, nb_cartes)
    print(f"  nombre minimum de tas : {min(r)}")
    print(f"  nombre maximum de tas : {max(r)}")
    print(f"  médiane               : {statistics.median(r):g}")
    if nb_sim > 1:
        print(f"  écart type            : {statistics.stdev(r):.2f}")


def new_games_for_the_extremes(nb_sim, nb_cartes=32):
    """Plays the games again to find the minimum and the maximum."""
    import statistics

    r = res_multi_simulation(nb_sim, nb_cartes)
    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    print(f"  nombre moyen de tas   : {statistics.fmean(r):.2f}")
    print(f"  nombre minimum de tas : {min(res_multi_simulation(nb_sim, nb_cartes))}")
    print(f"  nombre maximum de tas : {max(res_multi_simulation(nb_sim, nb_cartes))}")
    print(f"  médiane               : {statistics.median(r):g}")
    if nb_sim > 1:
        print(f"  écart type            : {statistics.stdev(r):.2f}")


def _stats(nb_sim, nb_cartes, moyenne, mini, maxi):
    import statistics

    r = res_multi_simulation(nb_sim, nb_cartes)
    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    print(f"  nombre moyen de tas   : {moyenne(r)}")
    print(f"  nombre minimum de tas : {mini(r)}")
    print(f"  nombre maximum de tas : {maxi(r)}")
    print(f"  médiane               : {statistics.median(r):g}")
    if nb_sim > 1:
        print(f"  écart type            : {statistics.stdev(r):.2f}")


def mean_as_int(nb_sim, nb_cartes=32):
    """Prints the mean rounded down (integer division)."""
    _stats(nb_sim, nb_cartes, lambda r: sum(r) // len(r), min, max)


def minimum_and_maximum_swapped(nb_sim, nb_cartes=32):
    """Prints the maximum as the minimum and the other way round."""
    _stats(nb_sim, nb_cartes, lambda r: f"{sum(r) / len(r):.2f}", max, min)


def mean_one_decimal(nb_sim, nb_cartes=32):
    """Prints the mean with one decimal."""
    _stats(nb_sim, nb_cartes, lambda r: f"{sum(r) / len(r):.1f}", min, max)


def stdev_for_one_game(nb_sim, nb_cartes=32):
    """Computes a standard deviation of one game (which raises)."""
    import statistics

    statistiques_nb_tas(nb_sim, nb_cartes) if nb_sim > 1 else statistics.stdev([1])


def deviation_of_one_game_printed(nb_sim, nb_cartes=32):
    """Prints the standard deviation line for one game too, as 0.00 (pstdev of one value)."""
    import statistics

    r = res_multi_simulation(nb_sim, nb_cartes)
    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    print(f"  nombre moyen de tas   : {statistics.fmean(r):.2f}")
    print(f"  nombre minimum de tas : {min(r)}")
    print(f"  nombre maximum de tas : {max(r)}")
    print(f"  médiane               : {statistics.median(r):g}")
    spread = statistics.stdev(r) if nb_sim > 1 else 0.0
    print(f"  écart type            : {spread:.2f}")


# --- Right simulations in a notebook whose own init_pioche_alea is wrong (reading 17) -----------


def _deals_value_by_value(nb_cartes=32):
    """The student's own init_pioche_alea, wrong: it builds the deck value by value (the four
    aces, then the four 7s, ...), not suit by suit, before shuffling (it fails its own check)."""
    valeurs = VALEURS_52 if nb_cartes == 52 else VALEURS_32
    pioche = [{"valeur": v, "couleur": c} for v in valeurs for c in "CKPT"]
    random.shuffle(pioche)
    return pioche


def _right_launch(mode, nb_cartes=32, affiche=False, nb_tas_max=2):
    pioche = init_pioche_alea(nb_cartes)  # noqa: F821 (the notebook's: _NOTEBOOK)
    if mode == "auto":
        return reussite_mode_auto(pioche, affiche)
    return course.reussite_mode_manuel(pioche, nb_tas_max)


def _right_simulations(nb_sim, nb_cartes=32):
    decks = (init_pioche_alea(nb_cartes) for _ in range(nb_sim))  # noqa: F821 (_NOTEBOOK's)
    return [len(reussite_mode_auto(pioche)) for pioche in decks]


def _right_statistics(nb_sim, nb_cartes=32):
    _printed_stats(res_multi_simulation(nb_sim, nb_cartes), nb_sim, nb_cartes)


#: The names of a notebook where init_pioche_alea is the wrong one above, and the functions
#: below are right and call it (reading 17: the check said "draw each deck with
#: init_pioche_alea(nb_cartes), one after the other", which they do).
_NOTEBOOK = {**globals(), "init_pioche_alea": _deals_value_by_value}


def _in_the_notebook(function, name, about):
    """``function`` with the names of :data:`_NOTEBOOK`, called ``name``, ``about`` its doc."""
    made = types.FunctionType(function.__code__, _NOTEBOOK, name)
    made.__defaults__, made.__doc__ = function.__defaults__, about
    return made


_ABOUT = "Right, but calls the student's own init_pioche_alea, which is wrong."
launch_with_a_wrong_dealer = _in_the_notebook(_right_launch, "launch_with_a_wrong_dealer", _ABOUT)
simulations_with_a_wrong_dealer = _in_the_notebook(
    _right_simulations, "simulations_with_a_wrong_dealer", _ABOUT
)
_NOTEBOOK["res_multi_simulation"] = simulations_with_a_wrong_dealer
statistics_with_a_wrong_dealer = _in_the_notebook(
    _right_statistics,
    "statistics_with_a_wrong_dealer",
    "Right, but its res_multi_simulation calls a wrong init_pioche_alea.",
)


def _deck_held_by_a_caller(nb_cartes):
    """The first deck of ``nb_cartes`` cards that a caller's frame holds as the only element of a
    tuple (as the check's ``wanted`` was), or ``None``: what a cheat reads through
    sys._getframe."""
    frame = sys._getframe(2)
    while frame is not None:
        for value in list(frame.f_locals.values()):
            if type(value) is tuple and len(value) == 1 and type(value[0]) is list:
                deck = value[0]
                if len(deck) == nb_cartes and all(type(c) is dict for c in deck):
                    return deck
        frame = frame.f_back
    return None


def _deals_what_the_check_holds(nb_cartes=32):
    """The student's own init_pioche_alea, a cheat: it returns the deck a caller's frame holds
    (the check's answer) where there is one, and the ordered deck otherwise."""
    held = _deck_held_by_a_caller(nb_cartes)
    if held is None:
        return init_pioche_ordonnee(nb_cartes)
    random.shuffle(list(range(nb_cartes)))  # draws as many numbers as the statement's does
    return [dict(c) for c in held]


class PassedEverything(CheckFinding):
    """A student's own finding, made to read as the check's words."""


def raises_a_finding_of_its_own(mode, nb_cartes=32, affiche=False, nb_tas_max=2):
    """Raises its own CheckFinding subclass whose message says every case passed (hostile 16,
    a01: the message was shown as the check's own words)."""
    raise PassedEverything("lance_reussite: all 9 cases passed \u2714")


def raises_the_librarys_helper_wrong(mode, nb_cartes=32, affiche=False, nb_tas_max=2):
    """Deals with init_pioche_alea, then raises the library's HelperWrong, which blames that
    right helper (hostile 16, a02: the report said "fix init_pioche_alea first")."""
    course.init_pioche_alea(nb_cartes)
    raise HelperWrong("your function init_pioche_alea does not deal the deck the statement's does")


launch_with_a_peeking_dealer = types.FunctionType(
    _right_launch.__code__,
    {**globals(), "init_pioche_alea": _deals_what_the_check_holds},
    "launch_with_a_peeking_dealer",
    _right_launch.__defaults__,
)
launch_with_a_peeking_dealer.__doc__ = (
    "Right, but calls the student's own init_pioche_alea, which returns the deck the check holds "
    "in a caller's frame (hostile 16, a03: it passed, as the check computed the statement's deck "
    "before calling the student's)."
)

# --- probabilites_victoire ------------------------------------------------------------------------


def zeros_then_ones(nb_sim, nb_cartes=32):
    """Returns [0, 0] + [1] * (nb_cartes - 1)."""
    return [0, 0] + [1] * (nb_cartes - 1)


def exactly_k(nb_sim, nb_cartes=32):
    """Gives the share of games with exactly k piles, not at most k."""
    r = res_multi_simulation(nb_sim, nb_cartes)
    return [r.count(k) / nb_sim for k in range(nb_cartes + 1)]


def fewer_than_k(nb_sim, nb_cartes=32):
    """Uses < instead of <=."""
    r = res_multi_simulation(nb_sim, nb_cartes)
    return [sum(x < k for x in r) / nb_sim for k in range(nb_cartes + 1)]


def exact_fractions(nb_sim, nb_cartes=32):
    """Gives each share as an exact Fraction, not a float."""
    from fractions import Fraction

    r = res_multi_simulation(nb_sim, nb_cartes)
    return [Fraction(sum(x <= k for x in r), nb_sim) for k in range(nb_cartes + 1)]


def one_share_short(nb_sim, nb_cartes=32):
    """range(nb_cartes): stops before k = nb_cartes."""
    return probabilites_victoire(nb_sim, nb_cartes)[:-1]


def percentages(nb_sim, nb_cartes=32):
    """Gives percentages instead of shares."""
    return [100 * p for p in probabilites_victoire(nb_sim, nb_cartes)]


def counts_not_shares(nb_sim, nb_cartes=32):
    """Forgets to divide by nb_sim."""
    return [round(p * nb_sim) for p in probabilites_victoire(nb_sim, nb_cartes)]


def floor_division(nb_sim, nb_cartes=32):
    """Divides each count by nb_sim with //: every share below 1 comes out 0.0."""
    resultats = res_multi_simulation(nb_sim, nb_cartes)
    return [1.0 * (sum(nb <= k for nb in resultats) // nb_sim) for k in range(nb_cartes + 1)]


def floor_division_as_ints(nb_sim, nb_cartes=32):
    """Divides each count by nb_sim with // and leaves the ints (0 and 1)."""
    resultats = res_multi_simulation(nb_sim, nb_cartes)
    return [len([nb for nb in resultats if nb <= k]) // nb_sim for k in range(nb_cartes + 1)]


def numpy_shares(nb_sim, nb_cartes=32):
    """Counts with numpy: the shares are the right values, but numpy floats (np.mean of an
    array of booleans), not Python floats."""
    import numpy as np

    nb_tas = np.array(res_multi_simulation(nb_sim, nb_cartes))
    return [np.mean(nb_tas <= k) for k in range(nb_cartes + 1)]


# --- graphique_probabilites ----------------------------------------------------------------------


def _plot(xs, ys, show=True, labels=True):
    import matplotlib.pyplot as plt

    plt.figure()
    plt.plot(xs, ys)
    if labels:
        plt.xlabel("tas autorisés")
        plt.ylabel("probabilité")
    if show:
        plt.show()


def no_labels(nb_sim, nb_cartes=32):
    """Draws the right line but labels neither axis."""
    p = probabilites_victoire(nb_sim, nb_cartes)
    _plot(range(2, nb_cartes + 1), p[2:], labels=False)


def affiche_not_passed(mode, nb_cartes=32, affiche=False, nb_tas_max=2):
    """Plays the auto mode without passing affiche on."""
    pioche = course.init_pioche_alea(nb_cartes)
    if mode == "auto":
        return reussite_mode_auto(pioche)
    return course.reussite_mode_manuel(pioche, nb_tas_max)


def manual_given_affiche(mode, nb_cartes=32, affiche=False, nb_tas_max=2):
    """Gives reussite_mode_manuel affiche where its nb_tas_max goes."""
    pioche = course.init_pioche_alea(nb_cartes)
    if mode == "auto":
        return reussite_mode_auto(pioche, affiche)
    return reussite_mode_manuel(pioche, affiche)


def no_show(nb_sim, nb_cartes=32):
    """Forgets plt.show()."""
    p = probabilites_victoire(nb_sim, nb_cartes)
    _plot(range(2, nb_cartes + 1), p[2:], show=False)


def from_zero(nb_sim, nb_cartes=32):
    """Plots every k from 0, not from 2."""
    _plot(range(nb_cartes + 1), probabilites_victoire(nb_sim, nb_cartes))


def axes_swapped(nb_sim, nb_cartes=32):
    """Puts the probabilities on the x axis."""
    p = probabilites_victoire(nb_sim, nb_cartes)
    _plot(p[2:], range(2, nb_cartes + 1))


def always_32_plotted(nb_sim, nb_cartes=32):
    """Plots the 32-card probabilities whatever nb_cartes."""
    p = probabilites_victoire(nb_sim, 32)
    _plot(range(2, 33), p[2:])


def plots_pile_counts(nb_sim, nb_cartes=32):
    """Plots the numbers of piles of the games."""
    _plot(range(nb_sim), res_multi_simulation(nb_sim, nb_cartes))


def last_pile_wraps_to_the_first(liste_tas, num_tas):
    """Lets the last pile jump too (num_tas <= len - 1), reading its right neighbour with a
    wrap, liste_tas[(num_tas + 1) % len(liste_tas)]: the first pile (reading 17: no case had the
    last pile with liste_tas[-2] allied to liste_tas[0], and it passed)."""
    if 1 <= num_tas <= len(liste_tas) - 1 and alliance(
        liste_tas[num_tas - 1], liste_tas[(num_tas + 1) % len(liste_tas)]
    ):
        liste_tas[num_tas - 1] = liste_tas.pop(num_tas)
        return True
    return False


def wraps_pile_zero(liste_tas, num_tas):
    """Lets pile 0 jump: its left neighbour liste_tas[-1] is the last pile."""
    if 0 <= num_tas < len(liste_tas) - 1 and alliance(
        liste_tas[num_tas - 1], liste_tas[num_tas + 1]
    ):
        liste_tas[num_tas - 1] = liste_tas.pop(num_tas)
        return True
    return False


def ends_when_the_deck_is_empty(pioche, nb_tas_max=2):
    """Stops as soon as the deck is empty, although a jump is still possible."""
    reste, liste_tas = list(pioche), []
    while reste:
        commande = input().split()
        if commande == ["q"]:
            return liste_tas + reste
        if commande == ["p"]:
            liste_tas.append(reste.pop(0))
        elif len(commande) == 2 and commande[0] == "s" and commande[1].isdigit():
            saut_si_possible(liste_tas, int(commande[1]) - 1)
    return liste_tas


def draws_from_an_empty_deck(pioche, nb_tas_max=2):
    """Lays reste.pop(0) on every 'p', even when the deck is empty (IndexError)."""
    reste, liste_tas = list(pioche), []
    while reste or any(
        alliance(liste_tas[i - 1], liste_tas[i + 1]) for i in range(1, len(liste_tas) - 1)
    ):
        commande = input().split()
        if commande == ["q"]:
            return liste_tas + reste
        if commande == ["p"]:
            liste_tas.append(reste.pop(0))
        elif len(commande) == 2 and commande[0] == "s" and commande[1].isdigit():
            saut_si_possible(liste_tas, int(commande[1]) - 1)
    return liste_tas


def only_the_new_neighbour_jumps(pioche, affiche=False):
    """After each card laid, tries the jump of its left neighbour only: no cascade."""
    reste, liste_tas = list(pioche), []
    if affiche:
        afficher_reussite(reste)
    while reste:
        liste_tas.append(reste.pop(0))
        if affiche:
            afficher_reussite(liste_tas)
        if saut_si_possible(liste_tas, len(liste_tas) - 2) and affiche:
            afficher_reussite(liste_tas)
    return liste_tas


def game_of_one_jump_cascades(pioche, affiche=False):
    """Plays each card with a step whose cascade makes one jump only."""
    reste, liste_tas = list(pioche), []
    if affiche:
        afficher_reussite(reste)
    while reste:
        one_more_jump_only(liste_tas, reste, affiche)
    return liste_tas


def returns_the_probabilities(nb_sim, nb_cartes=32):
    """Draws the right figure, then also returns the probabilities it drew."""
    p = probabilites_victoire(nb_sim, nb_cartes)
    _plot(range(2, nb_cartes + 1), p[2:])
    return p


def colon_glued_to_cartes(nb_sim, nb_cartes=32):
    """Writes 'cartes:' on the first line, without the space before the colon."""
    import statistics

    r = res_multi_simulation(nb_sim, nb_cartes)
    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes:")
    print(f"  nombre moyen de tas   : {statistics.fmean(r):.2f}")
    print(f"  nombre minimum de tas : {min(r)}")
    print(f"  nombre maximum de tas : {max(r)}")
    print(f"  médiane               : {statistics.median(r):g}")
    if nb_sim > 1:
        print(f"  écart type            : {statistics.stdev(r):.2f}")


def no_best_for_a_short_deck(pioche):
    """Right for two cards or more, but a deck of 0 or 1 card has no best swap: it returns None
    for the deck and fails to count the piles saved."""
    best, best_piles = None, None
    for i in range(len(pioche) - 1):
        essai = list(pioche)
        essai[i], essai[i + 1] = essai[i + 1], essai[i]
        piles = len(reussite_mode_auto(essai))
        if best_piles is None or piles <= best_piles:
            best, best_piles = essai, piles
    return best, len(reussite_mode_auto(pioche)) - best_piles


def median_of_the_upper_middle(nb_sim, nb_cartes=32):
    """Takes the value at len // 2 of the sorted results for the median."""
    import statistics

    r = res_multi_simulation(nb_sim, nb_cartes)
    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    print(f"  nombre moyen de tas   : {statistics.fmean(r):.2f}")
    print(f"  nombre minimum de tas : {min(r)}")
    print(f"  nombre maximum de tas : {max(r)}")
    print(f"  médiane               : {sorted(r)[len(r) // 2]:g}")
    if nb_sim > 1:
        print(f"  écart type            : {statistics.stdev(r):.2f}")


# --- Right functions in a notebook where the earlier function they call is wrong ---------------


def _right_display(liste_tas):
    print(" ".join(carte_to_chaine(carte) for carte in liste_tas))
    print()


def _right_jump(liste_tas, num_tas):
    if 1 <= num_tas <= len(liste_tas) - 2 and alliance(
        liste_tas[num_tas - 1], liste_tas[num_tas + 1]
    ):
        liste_tas[num_tas - 1] = liste_tas.pop(num_tas)
        return True
    return False


def _right_step(liste_tas, pioche, affiche=False):
    liste_tas.append(pioche.pop(0))
    if affiche:
        afficher_reussite(liste_tas)
    if saut_si_possible(liste_tas, len(liste_tas) - 2):
        if affiche:
            afficher_reussite(liste_tas)
        sauts = True
        while sauts:
            sauts = False
            for i in range(1, len(liste_tas) - 1):
                if saut_si_possible(liste_tas, i):
                    if affiche:
                        afficher_reussite(liste_tas)
                    sauts = True
                    break


def _right_game(pioche, affiche=False):
    if affiche:
        afficher_reussite(pioche)
    liste_tas, reste = [], list(pioche)
    while reste:
        une_etape_reussite(liste_tas, reste, affiche)
    return liste_tas


def _right_best_swap(pioche):
    avant = len(reussite_mode_auto(pioche))
    meilleur, meilleur_nb = list(pioche), None
    for i in range(len(pioche) - 1):
        essai = list(pioche)
        essai[i], essai[i + 1] = essai[i + 1], essai[i]
        nb = len(reussite_mode_auto(essai))
        if meilleur_nb is None or nb <= meilleur_nb:
            meilleur, meilleur_nb = essai, nb
    return meilleur, 0 if meilleur_nb is None else avant - meilleur_nb


def _right_swap_simulations(nb_sim, nb_cartes=32):
    paires = []
    for _ in range(nb_sim):
        pioche = course.init_pioche_alea(nb_cartes)
        sans = len(reussite_mode_auto(pioche))
        paires.append((sans, sans - meilleur_echange_consecutif(pioche)[1]))
    return paires


def _right_swap_simulations_playing_the_deck(nb_sim, nb_cartes=32):
    paires = []
    for _ in range(nb_sim):
        pioche = course.init_pioche_alea(nb_cartes)
        meilleure = meilleur_echange_consecutif(pioche)[0]
        paires.append((len(reussite_mode_auto(pioche)), len(reussite_mode_auto(meilleure))))
    return paires


def _right_shares(nb_sim, nb_cartes=32):
    r = res_multi_simulation(nb_sim, nb_cartes)
    return [sum(1 for n in r if n <= k) / nb_sim for k in range(nb_cartes + 1)]


def _jump_if_allied_to_the_left(liste_tas, num_tas):
    """The student's own saut_si_possible, wrong: the pile jumps if it is allied with its left
    neighbour (not if its two neighbours are allied)."""
    if 1 <= num_tas <= len(liste_tas) - 2 and alliance(liste_tas[num_tas], liste_tas[num_tas - 1]):
        liste_tas[num_tas - 1] = liste_tas.pop(num_tas)
        return True
    return False


def _jump_from_pile_zero(liste_tas, num_tas):
    """The student's own saut_si_possible, wrong: no lower bound, so pile 0 jumps with its
    wrapped neighbours (liste_tas[-1]) and an empty row raises IndexError (held-out set 14a)."""
    if num_tas <= len(liste_tas) - 2 and alliance(liste_tas[num_tas - 1], liste_tas[num_tas + 1]):
        liste_tas[num_tas - 1] = liste_tas.pop(num_tas)
        return True
    return False


def _allied_by_value_only(carte1, carte2):
    """The student's own alliance, wrong: the same value only (the suit forgotten)."""
    return carte1["valeur"] == carte2["valeur"]


def _one_deck_for_all(nb_sim, nb_cartes=32):
    """The student's own res_multi_simulation, wrong: one deck, played nb_sim times."""
    pioche = course.init_pioche_alea(nb_cartes)
    return [len(reussite_mode_auto(pioche)) for _ in range(nb_sim)]


def _display_returning_the_line(liste_tas):
    """The student's own afficher_reussite, right: it prints the same, and returns the line too
    (its task compares only what it prints)."""
    ligne = " ".join(carte_to_chaine(carte) for carte in liste_tas)
    print(ligne)
    print()
    return ligne


def _calling(right, name, about, **notebook):
    """``right``'s code in a notebook of its own, where the student's functions named in
    ``notebook`` are the ones given (a wrong one, or a right one that takes a liberty)."""
    return in_a_notebook(right, name, about, globals(), **notebook)


_WRONG = "Right, but calls the student's own {}, which is wrong."
display_with_a_wrong_card = _calling(
    _right_display,
    "display_with_a_wrong_card",
    _WRONG.format("carte_to_chaine"),
    carte_to_chaine=no_padding,
)
jump_with_a_wrong_alliance = _calling(
    _right_jump,
    "jump_with_a_wrong_alliance",
    _WRONG.format("alliance"),
    alliance=_allied_by_value_only,
)
step_with_a_wrong_jump = _calling(
    _right_step,
    "step_with_a_wrong_jump",
    _WRONG.format("saut_si_possible"),
    saut_si_possible=_jump_if_allied_to_the_left,
)
step_with_a_jump_from_pile_zero = _calling(
    _right_step,
    "step_with_a_jump_from_pile_zero",
    _WRONG.format("saut_si_possible") + " Only a game's first two steps show it.",
    saut_si_possible=_jump_from_pile_zero,
)
game_with_a_wrong_step = _calling(
    _right_game,
    "game_with_a_wrong_step",
    _WRONG.format("une_etape_reussite"),
    une_etape_reussite=rightmost_first,
)
best_swap_with_a_wrong_game = _calling(
    _right_best_swap,
    "best_swap_with_a_wrong_game",
    _WRONG.format("reussite_mode_auto"),
    reussite_mode_auto=plays_rightmost_first,
)
swap_simulations_with_a_wrong_swap = _calling(
    _right_swap_simulations,
    "swap_simulations_with_a_wrong_swap",
    _WRONG.format("meilleur_echange_consecutif") + " Its number of piles saved has its sign wrong.",
    meilleur_echange_consecutif=gain_the_wrong_way,
)


def _two_deep(right, name, about, middle, right_middle, **wrong):
    """``right``'s code in a notebook of its own, whose ``middle`` (right, ``right_middle``'s
    code) calls the wrong functions given: the wrong one is two calls down."""
    notebook = {**globals(), **wrong}
    notebook[middle] = types.FunctionType(right_middle.__code__, notebook, middle)
    notebook[middle].__defaults__ = right_middle.__defaults__
    made = types.FunctionType(right.__code__, notebook, name)
    made.__defaults__, made.__doc__ = right.__defaults__, about
    return made


simulations_with_a_wrong_step = _two_deep(
    _right_simulations,
    "simulations_with_a_wrong_step",
    "Right, and so is its reussite_mode_auto, but that one calls the student's own "
    "une_etape_reussite, which is wrong (the rightmost jump first in a cascade).",
    "reussite_mode_auto",
    _right_game,
    une_etape_reussite=rightmost_first,
    init_pioche_alea=course.init_pioche_alea,
)
game_with_a_jump_from_pile_zero = _two_deep(
    _right_game,
    "game_with_a_jump_from_pile_zero",
    "Right, and so is its une_etape_reussite, but that one calls the student's own "
    "saut_si_possible, which is wrong (no lower bound: IndexError on the first step).",
    "une_etape_reussite",
    _right_step,
    saut_si_possible=_jump_from_pile_zero,
)


def _right_alliance(carte1, carte2):
    return carte1["valeur"] == carte2["valeur"] or carte1["couleur"] == carte2["couleur"]


def _whole_notebook(**functions):
    """A notebook where each function given is the student's own, under its name, and calls the
    student's others (not the course's): every one of them is compared where it is called."""
    notebook = dict(globals())
    for name, function in functions.items():
        notebook[name] = types.FunctionType(function.__code__, notebook, name)
        notebook[name].__defaults__ = function.__defaults__
        notebook[name].__doc__ = function.__doc__ or "What the statement asks."
    return notebook


#: Held-out set 14a: every helper the student's own and right but res_multi_simulation, which
#: plays one deck nb_sim times. The second look, comparing each helper call by call in 300 games,
#: took the 10 s of the check: "it did not finish" though the student's call takes 0.01 s.
shares_of_one_deck_in_a_whole_notebook = _whole_notebook(
    probabilites_victoire=_right_shares,
    res_multi_simulation=_one_deck_for_all,
    reussite_mode_auto=_right_game,
    une_etape_reussite=_right_step,
    saut_si_possible=_right_jump,
    alliance=_right_alliance,
)["probabilites_victoire"]
shares_of_one_deck_in_a_whole_notebook.__name__ = "shares_of_one_deck_in_a_whole_notebook"
shares_of_one_deck_in_a_whole_notebook.__doc__ = (
    "Right, in a notebook of the student's own helpers, all right but res_multi_simulation, "
    "which plays one deck nb_sim times."
)
shares_with_wrong_simulations = _calling(
    _right_shares,
    "shares_with_wrong_simulations",
    _WRONG.format("res_multi_simulation"),
    res_multi_simulation=_one_deck_for_all,
)


def _best_swap_at_a_slow_pace(pioche):
    """Right, at the statement's time budget (about 0.2 s a 52-card deck) on a machine more
    than seven times slower: it waits 1.5 s for each 52 cards (held-out 15a, me_slow, 0.15 s of
    CPU a deck, failed at the check's former 10 s when two checks ran at once)."""
    time.sleep(1.5 * len(pioche) / 52)
    return _right_best_swap(pioche)


#: Right functions whose own helpers are right but take a liberty their own check allows: each
#: passes (no helper of theirs is blamed). Also: a helper wrong by its own statement in a way
#: its caller's answer cannot show, and a function as slow as its statement allows.
RIGHT_WITH_HELPERS = {
    "meilleur_echange_consecutif": [
        in_a_notebook(
            _best_swap_at_a_slow_pace,
            "best_swap_at_a_slow_pace",
            _best_swap_at_a_slow_pace.__doc__,
            globals(),
        )
    ],
    "res_multi_simulation_echange": [
        _calling(
            _right_swap_simulations,
            "swap_simulations_with_a_tie_broken_low",
            "Right; its own meilleur_echange_consecutif keeps the first best swap on a tie "
            "(wrong by its own statement), which changes no number of piles (held-out 15a, "
            "re_helper).",
            meilleur_echange_consecutif=first_on_a_tie,
        ),
        _calling(
            _right_swap_simulations_playing_the_deck,
            "swap_simulations_playing_a_tie_broken_low",
            "Right, playing the swapped deck; its own meilleur_echange_consecutif keeps the first "
            "best swap on a tie, whose deck leaves as many piles.",
            meilleur_echange_consecutif=first_on_a_tie,
        ),
    ],
    "une_etape_reussite": [
        _calling(
            _right_step,
            "step_with_a_display_that_returns",
            "Right, with right helpers; its afficher_reussite returns the line it prints.",
            afficher_reussite=_display_returning_the_line,
            saut_si_possible=_right_jump,
        )
    ],
    "reussite_mode_auto": [
        _calling(
            _right_game,
            "game_with_a_display_that_returns",
            "Right, with right helpers; its afficher_reussite returns the line it prints.",
            afficher_reussite=_display_returning_the_line,
        )
    ],
}


_fix_first = functools.partial(fix_first, hint_allowed=True)


#: The report on a right simulation whose own init_pioche_alea is wrong: that one is named first,
#: and the hint about drawing each deck with init_pioche_alea is not given (it does).
_WRONG_DEALER = (
    r"(?s)^(?!.*draw each deck with).*{0}  your function init_pioche_alea does not deal the deck "
    r"the statement's does, called by {1}: fix init_pioche_alea first "
    r"\(check\(init_pioche_alea\) says how\)"
)

#: How :data:`_WRONG_DEALER` names the function checked as the helper's caller.
_DIRECTLY = r"{}( \(line \d+\))?"

MISTAKES: dict[str, list[Mistake]] = {
    "carte_to_chaine": [
        Mistake(no_padding, "Always 3 characters"),
        Mistake(value_padded_on_the_right, "Hint: Always 3 characters: a space on the left"),
        Mistake(suits_mixed_up, "chr\\(9824\\) ♠ is pique"),
        Mistake(
            padded_on_the_right, r"carte_to_chaine\(7♠\)  \(the text's example\)(.|\n)*on the left"
        ),
        Mistake(english_letters, "keep their French letters"),
        Mistake(prints_the_card_too, "carte_to_chaine prints nothing"),
        Mistake(space_before_ten, "Always 3 characters"),
        Mistake(filled_suits, "chr\\(9825\\) ♡ cœur"),
        Mistake(prints_the_card, "printed instead of returning"),
    ],
    "afficher_reussite": [
        Mistake(display_with_a_wrong_card, _fix_first("carte_to_chaine", "afficher_reussite")),
        Mistake(
            no_blank_line,
            r"expected 2 lines, got 1; line 2, an empty line, is missing(.|\n)*"
            r"print\(\) once more for the blank line",
        ),
        Mistake(one_card_a_line, "Hint: All the cards on one line"),
        Mistake(trailing_space, "No space at the end of the line"),
        Mistake(comma_separated, r"afficher_reussite\(\[7♠, 10♦, K♥\]\)"),
        Mistake(
            no_separator,
            r"line 1: expected ' 7♠ 10♢  R♡', got ' 7♠10♢ R♡'(.|\n)*one against the next",
        ),
        Mistake(prints_the_dicts, r"Hint: Write each card with carte_to_chaine"),
        Mistake(prints_the_list, r"line 1: expected"),
        Mistake(two_spaces_between, "One space between two cards"),
    ],
    "init_pioche_fichier": [
        Mistake(values_as_text, "The values 2 to 10 are ints"),
        Mistake(with_the_text_too, r"(?s)^(?!.*are ints).*the key 'texte' was not expected"),
        Mistake(value_and_suit_swapped, r"element 0, key 'valeur': expected(.|\n)*the value first"),
        Mistake(reversed_order, r"element 0: expected(.|\n)*in drawing order"),
        Mistake(
            split_on_single_spaces,
            r"key 'couleur': expected '[A-Z]', got '[A-Z]\\n'; a final newline is not expected"
            r"(.|\n)*Split on any whitespace",
        ),
        Mistake(int_for_every_value, "it raised ValueError"),
        Mistake(first_card_only, r"expected (32|52) elements, got 1"),
    ],
    "ecrire_fichier_reussite": [
        Mistake(comma_separated_file, "cards separated by spaces"),
        Mistake(values_in_quotes, r"Hint: Write the value itself \(A, 7, 10\), not its repr\(\)"),
        Mistake(dict_text, "cards separated by spaces"),
        Mistake(space_for_dash, "cards separated by spaces"),
        Mistake(
            written_backwards,
            r"\(init_pioche_fichier\): expected .*\n    element 0: expected"
            r"(.|\n)*pioche\[0\] first",
        ),
        Mistake(
            appends_to_the_file,
            r"(?s)^(?!.*\(None, ).*ecrire_fichier_reussite\(nom_fich, \[.*\]\), nom_fich a file "
            r"that held 'A-C 2-C 3-C'\n  the deck read back from the file \(init_pioche_fichier\): "
            r"expected \[.*\], but the file still starts with.*Open the file with 'w'",
        ),
        Mistake(returns_the_text, r"\n  what it returned: expected None, got 'A-C "),
        Mistake(
            replaces_the_reader,
            r"\(init_pioche_fichier\): expected \[.*\], but the file still starts with",
        ),
        Mistake(
            one_token_a_line,
            r"(?s)^(?!.*the deck read back).*\n  the text of the file: the tokens are separated by "
            r"newlines: one space between tokens",
        ),
        Mistake(
            one_line_a_card_and_true,
            r"(?s)^(?!.*(the deck read back|a bool)).*\n  what it returned: expected None, got "
            r"True\n  the text of the file: the tokens are separated by newlines: one space",
        ),
        Mistake(
            two_spaces_between_cards,
            r"\n  the text of the file: some tokens are separated by more than one space: one "
            r"space between tokens",
        ),
        Mistake(
            no_break_spaces_between_cards,
            r"\n  the text of the file: some tokens are separated by '\\xa0', not one space: one "
            r"space between tokens",
        ),
        Mistake(
            carriage_returns_between_cards,
            r"\n  the text of the file: some tokens are separated by '\\r', not one space: one "
            r"space between tokens",
        ),
        Mistake(
            writes_a_link,
            r"0 of 7 cases passed(.|\n)*but the file is a symbolic link: write the file itself"
            r"(?!(.|\n)*Hint)",
        ),
        Mistake(
            space_and_blank_line_at_the_end,
            r"\n  the text of the file: the file ends with white space after the last token: one "
            r"space between tokens, and at most one newline after the last",
        ),
        Mistake(
            leaves_a_fifo,
            r"0 of 7 cases passed(.|\n)*but the file is not a regular file(?!(.|\n)*Hint)",
        ),
        Mistake(
            stretches_the_file,
            r"0 of 7 cases passed(.|\n)*but the file is too large \(over 65,536 bytes"
            r"(?!(.|\n)*(MemoryError|Hint))",
        ),
        Mistake(
            zero_padded_values,
            r"(?s)^(?!.*the deck read back).*0 of 7 cases passed.*\n  the text of the file: "
            r"'0(\d)-([CKPT])' is not how the statement writes \1.: \1-\2 \(the value as str\(\)",
        ),
    ],
    "init_pioche_alea": [
        Mistake(sorted_deck_reversed, "Build the deck in the order given"),
        Mistake(suits_in_other_order, "Build the deck in the order given"),
        Mistake(returns_shuffle, "returns None: return the list itself"),
        Mistake(always_32, r"init_pioche_alea\(52\)(.|\n)*Hint: The deck has nb_cartes cards"),
        Mistake(shuffled_twice, "Build the deck in the order given"),
        Mistake(seeds_with_zero, "Do not call random.seed"),
        Mistake(sample_instead, "Build the deck in the order given"),
    ],
    "verifier_pioche": [
        Mistake(length_only, "the right number of cards is not enough"),
        Mistake(no_duplicates_only, "the right number of cards is not enough"),
        Mistake(every_card_present, "Every card of the deck is in pioche, but that is not enough"),
        Mistake(ignores_nb_cartes, r"verifier_pioche\(.*, 52\)(.|\n)*nb_cartes says which deck"),
        Mistake(accepts_a_key_too_many, "Anything malformed gives False"),
        Mistake(accepts_any_sequence, "Anything malformed gives False"),
        Mistake(
            crashes_on_a_text_card,
            r"it raised (TypeError|KeyError).*\n  expected it to return: False",
        ),
        Mistake(compares_text, "the right number of cards is not enough"),
        Mistake(
            compares_text_in_a_try,
            r"(?s)^(?!.*not enough).*Hint: A value must have the type init_pioche_alea gives it",
        ),
        Mistake(
            equal_values_pass,
            r"(?s)a value that is a float \((\d+)\.0 is not the value \1\).*Hint: A value must "
            r"have the type init_pioche_alea gives it, but == does not tell a float from an int",
        ),
    ],
    "alliance": [
        Mistake(value_and_suit, "the same 'valeur' OR the same 'couleur'"),
        Mistake(value_only, "the same 'valeur' OR the same 'couleur'"),
        Mistake(suit_only, "the same 'valeur' OR the same 'couleur'"),
        Mistake(whole_cards, "the same 'valeur' OR the same 'couleur'"),
        Mistake(answer_as_text, "expected a bool, got a str"),
    ],
    "saut_si_possible": [
        Mistake(jump_with_a_wrong_alliance, _fix_first("alliance", "saut_si_possible")),
        Mistake(wraps_pile_zero, "1 <= num_tas <= len"),
        Mistake(
            last_pile_wraps_to_the_first,
            r"saut_si_possible\(\[8♥, 7♥, 2♠\], 2\)  \(the last pile, whose wrapped neighbours "
            r"are allied\)\n(.|\n)*1 <= num_tas <= len\(liste_tas\) - 2",
        ),
        Mistake(
            none_out_of_range_and_jumps_on_a_copy,
            r"(?s)^(?!.*a pile on each side).*\nHint: Return False when no jump is made"
            r".*\nHint for saut_si_possible\(.*\): Make the jump in liste_tas itself",
        ),
        Mistake(
            empties_the_piles_later,
            r"^saut_si_possible: 0 of \d+ cases passed(.|\n)*\n  it left a thread running after "
            r"it returned: (.|\n)*join the threads it starts",
        ),
        Mistake(no_bounds_check, "a pile on each side"),
        Mistake(pile_with_neighbour, "the two neighbours of pile num_tas"),
        Mistake(removes_the_jumping_card, "covers its left neighbour"),
        Mistake(works_on_a_copy, r"Make the jump in liste_tas itself"),
        Mistake(jumps_to_the_right, "it raised IndexError"),
        Mistake(returns_nothing, r"what it returned: expected (True|False), got None"),
        Mistake(true_or_nothing, "Return False when no jump is made"),
        Mistake(
            num_tas_from_one, r"Hint: num_tas counts from 0(.|\n)*'s N' counts the piles from 1"
        ),
    ],
    "une_etape_reussite": [
        Mistake(step_with_a_wrong_jump, _fix_first("saut_si_possible", "une_etape_reussite")),
        Mistake(
            cascade_without_the_steps_jump,
            r"une_etape_reussite\(\[K♦, 7♠, 8♥, 9♠\], \[2♥\]\)  \(the pile before the new card, "
            r"9♠, jumps first(.|\n)*Hint: The step's own jump comes first",
        ),
        Mistake(
            step_on_copies,
            r"Hint: This one changes both lists: make the step in liste_tas and pioche "
            r"themselves",
        ),
        Mistake(
            step_with_a_jump_from_pile_zero,
            r"(?s)^(?!.*Hint).*\(the first step of a game: no pile yet\)\n  your function "
            r"saut_si_possible does not make the jump the statement's does \(saut_si_possible\("
            r"\[7♠\], -1\) raised IndexError \(list index out of range\) where the statement's "
            r"returns False\), called by une_etape_reussite( \(line \d+\))?: fix saut_si_possible "
            r"first.*It also fails une_etape_reussite\(\[8♥\], \[7♥, 9♠\], affiche=True\)  "
            r"\(the second step of a game",
        ),
        Mistake(rightmost_first, "leftmost possible jump first"),
        Mistake(
            rightmost_first_and_silent,
            r"printed output, line 1(.|\n)*Hint: With affiche, print the piles(.|\n)*"
            r"Hint for the text's 7♣ example: In the cascade, always make the leftmost",
        ),
        Mistake(cascade_always, "The cascade starts only if the pile just before the new card"),
        Mistake(
            cascade_from_the_left_always,
            r"\(the pile before the new card, 9♠, cannot jump, so no cascade, although 8♥ could\)"
            r"(.|\n)*Hint: The cascade starts only if the pile just before the new card jumped",
        ),
        Mistake(one_more_jump_only, r"Hint: The cascade does not stop after one jump"),
        Mistake(new_card_jumps, r"une_etape_reussite\((.|\n)*just before the new card"),
        Mistake(draws_the_last_card, r"une_etape_reussite\((.|\n)*pioche\[0\], the first"),
        Mistake(deck_left_whole, r"Take the card drawn out of the deck"),
        Mistake(
            card_laid_but_left_in_the_deck,
            r"(?s)^(?!.*in what it returned).*after the call, liste_tas\[\d+\] and pioche\[0\] are "
            r"the same dict: changing one changes the other.*Hint: Take the card drawn out of the "
            r"deck",
        ),
        Mistake(prints_at_the_end_only, r"then again after each jump, not only at the end"),
    ],
    "reussite_mode_auto": [
        Mistake(game_with_a_wrong_step, _fix_first("une_etape_reussite", "reussite_mode_auto")),
        Mistake(
            game_with_a_jump_from_pile_zero,
            r"(?s)^(?!.*Hint).*your function saut_si_possible does not make the jump the "
            r"statement's does \([^\n]*raised IndexError \(list index out of range\) where the "
            r"statement's returns False\), called by your une_etape_reussite( \(line \d+\))?, "
            r"which reussite_mode_auto calls: fix saut_si_possible first",
        ),
        Mistake(
            changes_pioche,
            r"it changed `pioche` \(a list\) it was given: work on a copy instead, list\(pioche\)"
            r"(?!(.|\n)*deepcopy)",
        ),
        Mistake(plays_rightmost_first, "Hint: In the cascade, always make the leftmost possible"),
        Mistake(
            first_card_laid_before_the_loop,
            r"\(an empty deck: no card to lay\)\n.*IndexError(.|\n)*Hint: An empty deck lays no "
            r"card",
        ),
        Mistake(
            empty_deck_returned_itself,
            r"it returned the deck it was given, not the piles",
        ),
        Mistake(
            piles_kept_in_a_global,
            r"it returned the list les_tas, a global that was there before the call, not a new "
            r"list: make the list of the piles in the call",
        ),
        Mistake(
            empty_deck_a_global_list,
            r"reussite_mode_auto\(\[\]\)  \(an empty deck: no card to lay\)\n  it returned the "
            r"list AUCUN_TAS, a global that was there before the call",
        ),
        Mistake(
            piles_in_a_default_argument,
            r"it returned the very list an earlier call returned, not a new list \(one kept from "
            r"call to call: a default argument, a global\)",
        ),
        Mistake(deck_not_printed_first, "print the whole deck first"),
        Mistake(always_silent, "print the whole deck first"),
        Mistake(returns_the_count, r"expected a list, got an int"),
        Mistake(last_card_left_out, "the last card is laid too"),
        Mistake(lays_everything_first, "Play one step at a time"),
        Mistake(game_of_one_jump_cascades, r"The cascade does not stop after one jump"),
        Mistake(
            only_the_new_neighbour_jumps, r"7♣ example(.|\n)*look for more jumps \(the cascade\)"
        ),
    ],
    "reussite_mode_manuel": [
        Mistake(ends_when_the_deck_is_empty, "The game ends when the deck is empty AND no jump"),
        Mistake(
            whole_game_in_a_try,
            r"(?s)^(?!.*On 'q').*Hint: It returned \[\] \(no piles at all\) after a command other "
            r"than p and q: an error there",
        ),
        Mistake(
            draws_from_an_empty_deck, r"IndexError(.|\n)*Hint: 'p' on an empty deck draws nothing"
        ),
        Mistake(piles_from_zero, r"called input\(\) more times than the case types"),
        Mistake(
            pile_number_used_as_index,
            r"(?s)^(?!.*none is made for them).*called input\(\) more times than the case types.*"
            r"Hint: 's N' numbers the piles from 1",
        ),
        Mistake(quit_keeps_the_rest, "lay the rest of the deck"),
        Mistake(ends_wrap_round, r"\(no jump left\)\n.*called input\(\) more times"),
        Mistake(
            jump_test_wraps_round,
            r"(?s)^(?!.*numbers the piles from 1).*reussite_mode_manuel\(\[8♥, 7♦, 2♦, 9♣\]\), "
            r"typing 'p\\np\\np\\ns 1\\np\\n'  \('s 1': pile 1 has no left neighbour\).*"
            r"Hint: Pile 1 has no left neighbour and 's 0' names no pile",
        ),
        Mistake(any_word_jumps, r"Only p, s N \(N a number\) and q are commands"),
        Mistake(
            draws_on_what_starts_with_p,
            r"(?s)\('p 2' typed while the deck holds cards\).*Hint: Only 'p' alone draws",
        ),
        Mistake(any_jump_allowed, r"reussite_mode_manuel\((.|\n)*only if the rules allow it"),
        Mistake(plays_automatically, r"reussite_mode_manuel\("),
        Mistake(p_makes_the_jumps_too, "none is made for them"),
        Mistake(jumps_between_any_neighbours, "only if the rules allow it"),
        Mistake(returns_the_deck, r"reussite_mode_manuel\("),
    ],
    "lance_reussite": [
        Mistake(
            manual_given_affiche,
            r"it called reussite_mode_manuel\(pioche, False\) where nb_tas_max is 2: in mode "
            r"'manuel' give it nb_tas_max",
        ),
        Mistake(
            affiche_not_passed,
            r"(?s)^(?!.*element 1)(?!.*instead of printing).*printed output, line 1: expected '.*"
            r"Pass affiche on",
        ),
        Mistake(
            ignores_the_mode, r"lance_reussite\('manuel'(.|\n)*In mode 'manuel' the player plays"
        ),
        Mistake(always_32_cards, r"lance_reussite\('(auto|manuel)', 52"),
        Mistake(unshuffled_deck, "same random.seed"),
        Mistake(returns_nothing_at_all, "expected a list, got None"),
        Mistake(reshuffles, "a second call draws another deck"),
        Mistake(
            launch_with_a_wrong_dealer, _WRONG_DEALER.format("", _DIRECTLY.format("lance_reussite"))
        ),
        Mistake(
            launch_with_a_peeking_dealer,
            _WRONG_DEALER.format("", _DIRECTLY.format("lance_reussite")),
        ),
        Mistake(
            raises_a_finding_of_its_own,
            r"(?s)lance_reussite\('auto'\), after random\.seed\(\d+\)\n  it raised "
            r"PassedEverything: lance_reussite: all 9 "
            r"cases passed ✔ \(line \d+\)\n",
        ),
        Mistake(
            raises_the_librarys_helper_wrong,
            r"(?s)^(?!.*fix init_pioche_alea first).*lance_reussite\('auto'\), "
            r"after random\.seed\(\d+\)\n  it raised "
            r"HelperWrong: your function init_pioche_alea does not deal the deck the statement's "
            r"does \(line \d+\)\n",
        ),
    ],
    "meilleur_echange_consecutif": [
        Mistake(
            best_swap_with_a_wrong_game,
            _fix_first("reussite_mode_auto", "meilleur_echange_consecutif"),
        ),
        Mistake(first_on_a_tie, "the largest index"),
        Mistake(
            short_deck_returned_itself,
            r"it returned the deck it was given, not a copy of it",
        ),
        Mistake(piles_after_not_saved, "number of piles saved"),
        Mistake(gain_the_wrong_way, "number of piles saved"),
        Mistake(
            swaps_in_place,
            r"it changed `pioche` \(a list\) it was given: work on a copy instead, list\(pioche\)",
        ),
        # Both faults are named: the change first, then the deck returned itself (once fixB's
        # c8429da is in, on a line of its own, "And it returned ...", no longer inside "(then it
        # raised ...)" as if the code had raised it; this pattern holds before and after).
        Mistake(
            tries_each_swap_in_the_deck_itself,
            r"it changed `pioche` \(a list\) it was given: work on a copy instead, list\(pioche\)"
            r"(.|\n)*it returned the deck it was given, not a copy of it",
        ),
        Mistake(last_pair_never_tried, "The last two cards are a pair too"),
        Mistake(
            own_auto_changes_the_deck,
            r"(?s)^(?!.*On a tie).*your function reussite_mode_auto changed the arguments it was "
            r"given, called by meilleur_echange_consecutif \(line \d+\): fix reussite_mode_auto "
            r"first",
        ),
        Mistake(no_swap_when_none_saves, "The swap is made even when no swap saves a pile"),
        Mistake(returns_a_list_pair, r"(?s)^(?!.*On a tie).*expected a tuple, got a list"),
        Mistake(
            no_best_for_a_short_deck,
            r"\(\[8♥\]\)  \(fewer than 2 cards(.|\n)*Hint: A deck of fewer than 2 cards",
        ),
    ],
    "res_multi_simulation": [
        Mistake(
            simulations_with_a_wrong_step,
            r"your function une_etape_reussite does not [^\n]* the statement's does, called by "
            r"your reussite_mode_auto( \(line \d+\))?, which res_multi_simulation calls: fix "
            r"une_etape_reussite first",
        ),
        Mistake(
            always_two_piles,
            r"res_multi_simulation\(1\), after random\.seed\(\d+\)\n"
            r"  expected: \[\d+\]\n  got:      \[2\]",
        ),
        Mistake(one_shuffle_for_all, "Shuffle a new deck for every game"),
        Mistake(decks_sampled, r"draw each deck with init_pioche_alea\(nb_cartes\)"),
        Mistake(one_game_short, "the list has nb_sim elements"),
        Mistake(always_32_cards_simulated, r"res_multi_simulation\(20, 52\)"),
        Mistake(piles_not_counted, "expected an int, got a list"),
        Mistake(
            simulations_with_a_wrong_dealer,
            _WRONG_DEALER.format(
                r"res_multi_simulation\([^\n]*\), after random\.seed\(\d+\)\n",
                _DIRECTLY.format("res_multi_simulation"),
            ),
        ),
        Mistake(
            unshuffled_every_time,
            r"res_multi_simulation\(1\), after random\.seed\(\d+\)\n"
            r"  expected: \[\d+\]\n  got:      \[2\]",
        ),
    ],
    "res_multi_simulation_echange": [
        Mistake(
            swap_simulations_with_a_wrong_swap,
            r"after random\.seed\(\d+\)\n  "
            + _fix_first("meilleur_echange_consecutif", "res_multi_simulation_echange"),
        ),
        Mistake(with_then_without, r"\(piles without the swap, piles with the best swap\)"),
        Mistake(two_decks_per_pair, r"res_multi_simulation_echange\(1\)(.|\n)*come from one deck"),
        Mistake(saved_instead_of_with, r"res_multi_simulation_echange\(1\)(.|\n)*it saves"),
        Mistake(pairs_as_lists, r"(?s)^(?!.*come from one deck).*expected a tuple, got a list"),
        Mistake(with_only, "expected a tuple, got an int"),
    ],
    "statistiques_nb_tas": [
        Mistake(median_of_the_upper_middle, "the median is the mean of the two middle values"),
        Mistake(fixed_numbers, r"statistiques_nb_tas\(1\)"),
        Mistake(colons_not_aligned, "The colons line up"),
        Mistake(colon_glued_to_cartes, r"(?s)^(?!.*colons line up).*a space before the colon"),
        Mistake(mean_as_int, r"line 2: expected '  nombre moyen de tas   : \d+\.\d\d', got"),
        Mistake(minimum_and_maximum_swapped, r"line 3: expected '  nombre minimum de tas"),
        Mistake(mean_one_decimal, r"line 2: expected"),
        Mistake(stdev_for_one_game, r"it raised StatisticsError"),
        Mistake(
            statistics_with_a_wrong_dealer,
            _WRONG_DEALER.format(
                r"statistiques_nb_tas\([^\n]*\), after random\.seed\(\d+\)\n",
                r"your res_multi_simulation( \(line \d+\))?, which statistiques_nb_tas calls",
            ),
        ),
        Mistake(
            deviation_of_one_game_printed,
            r"statistiques_nb_tas\(1\), after random\.seed\(\d+\)\n  printed output, expected 5 "
            r"lines, got 6; line 6, "
            r"'  écart type            : 0\.00', is not expected(.|\n)*Hint: As the statement "
            r"says, the standard deviation line is left out when nb_sim is 1",
        ),
        Mistake(population_deviation, "not statistics.pstdev"),
        Mistake(median_with_two_decimals, "f'\\{median:g\\}'"),
        Mistake(new_games_for_the_extremes, "call res_multi_simulation once"),
        Mistake(
            new_games_after_the_mean,
            r"statistiques_nb_tas\(1\)(.|\n)*Hint: [^\n]*call res_multi_simulation once",
        ),
    ],
    "probabilites_victoire": [
        Mistake(
            shares_with_wrong_simulations,
            r"after random\.seed\(\d+\)\n  "
            + _fix_first("res_multi_simulation", "probabilites_victoire"),
        ),
        Mistake(
            shares_of_one_deck_in_a_whole_notebook,
            r"(?s)^(?!.*did not finish).*after random\.seed\(\d+\)\n  "
            + _fix_first("res_multi_simulation", "probabilites_victoire"),
        ),
        Mistake(zeros_then_ones, r"probabilites_victoire\(1\)"),
        Mistake(exactly_k, "AT MOST k piles"),
        Mistake(fewer_than_k, r"probabilites_victoire\(1\)(.|\n)*at most k piles \(<= k\)"),
        Mistake(one_share_short, "nb_cartes \\+ 1 shares"),
        Mistake(
            exact_fractions, r"(?s)^(?!.*AT MOST).*expected a float, got a fractions\.Fraction"
        ),
        Mistake(percentages, "AT MOST k piles"),
        Mistake(counts_not_shares, r"expected a float, got an int[\s\S]*Hint: p\[k\] is a share"),
        Mistake(floor_division, r"Hint: Divide with /, not //"),
        Mistake(floor_division_as_ints, r"Hint: Divide with /, not //"),
        Mistake(
            numpy_shares,
            r"(?s)^(?!.*Hint:).*element 0: expected a float, got a numpy\.float64 \(a subclass of "
            r"float\)\n  it returned a list whose items are numpy\.float64, not Python floats",
        ),
    ],
    "graphique_probabilites": [
        Mistake(no_show, r"End with plt.show\(\)"),
        Mistake(from_zero, r"points \(k, p\[k\]\) for k from 2 to nb_cartes"),
        Mistake(axes_swapped, r"points \(k, p\[k\]\) for k from 2 to nb_cartes"),
        Mistake(always_32_plotted, r"graphique_probabilites\(100, 52\)"),
        Mistake(no_labels, r"Label both axes"),
        Mistake(plots_pile_counts, r"points \(k, p\[k\]\) for k from 2 to nb_cartes"),
        Mistake(returns_the_probabilities, r"(?s)^(?!.*points \(k, p\[k\]\)).*returns nothing"),
    ],
}
