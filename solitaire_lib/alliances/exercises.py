"""The checks behind ``exercises/03_alliances.ipynb``: every function of §4 and §5, in French.

Functions that change their arguments by design, print, write files or shuffle at random are
checked through an adapter: what is compared is the list changed in place, the file read back,
or properties every correct answer has (for random results).

>>> from solitaire_lib.alliances.exercises import check
>>> def alliance(carte1, carte2):
...     return carte1['couleur'] == carte2['couleur']
>>> check.run(alliance).ok
False
"""

from __future__ import annotations

import io
import random
import re
import tempfile
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

from solitaire_lib.alliances import course
from solitaire_lib.alliances.course import init_pioche_ordonnee
from solitaire_lib.checks import Case, Checker, Task

_RNG_SEED = 204
Function = Callable[..., Any]


def _decks(count: int, sizes: tuple[int, ...] = (32, 52)) -> list[list[dict[str, Any]]]:
    rng = random.Random(_RNG_SEED)
    decks = []
    for i in range(count):
        deck = init_pioche_ordonnee(sizes[i % len(sizes)])
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def _states(count: int) -> list[list[dict[str, Any]]]:
    """Rows of visible cards as they occur in games (cut after a random number of draws)."""
    rng = random.Random(_RNG_SEED + 1)
    states = []
    for deck in _decks(count):
        piles: list[dict[str, Any]] = []
        for carte in deck[: rng.randrange(3, len(deck))]:
            piles.append(carte)  # laid without jumps, so some jumps are possible
        states.append(piles)
    return states


# --- Adapters ------------------------------------------------------------------------------------


def _returns_and_lists(function: Function) -> Function:
    """Compare what is returned and the lists as the function left them."""

    def adapted(*args: Any, **kwargs: Any) -> Any:
        return function(*args, **kwargs), args

    return adapted


def _writes_file(function: Function) -> Function:
    def adapted(pioche: list[dict[str, Any]]) -> Any:
        with tempfile.TemporaryDirectory() as folder:
            path = str(Path(folder) / "pioche.txt")
            returned = function(path, pioche)
            return returned, course.init_pioche_fichier(path)

    return adapted


def _random_deck_properties(function: Function) -> Function:
    def adapted(*args: Any) -> Any:
        n = args[0] if args else 32
        pioche = function(*args)
        return len(pioche), course.verifier_pioche(pioche, n), pioche != init_pioche_ordonnee(n)

    return adapted


def _final_piles_properties(function: Function) -> Function:
    def adapted(mode: str, n: int) -> Any:
        with redirect_stdout(io.StringIO()):
            final = function(mode, n)
        keys = [(c["valeur"], c["couleur"]) for c in final]
        in_deck = {(c["valeur"], c["couleur"]) for c in init_pioche_ordonnee(n)}
        plausible = len(set(keys)) == len(keys) and set(keys) <= in_deck
        return plausible, 2 <= len(final) <= n if mode == "auto" else len(final) == n

    return adapted


def _pile_counts_properties(function: Function) -> Function:
    def adapted(nb_sim: int, n: int) -> Any:
        counts = function(nb_sim, n)
        return len(counts), all(isinstance(k, int) and 2 <= k <= n for k in counts)

    return adapted


def _prints_statistics(function: Function) -> Function:
    def adapted(nb_sim: int, n: int) -> Any:
        with redirect_stdout(io.StringIO()) as text:
            returned = function(nb_sim, n)
        numbers = re.findall(r"\d+(?:[.,]\d+)?", text.getvalue())
        return returned, len(numbers) >= 3

    return adapted


def _probabilities_properties(function: Function) -> Function:
    def adapted(nb_sim: int, n: int) -> Any:
        p = function(nb_sim, n)
        return len(p), p[:2], p[-1], list(p) == sorted(p)

    return adapted


# --- Cases ---------------------------------------------------------------------------------------


def _file_cases() -> list[Case]:
    folder = Path(tempfile.mkdtemp(prefix="alliances-"))
    cases = []
    for i, deck in enumerate(_decks(6)):
        path = folder / f"deck{i}.txt"
        path.write_text(" ".join(f"{c['valeur']}-{c['couleur']}" for c in deck), "utf-8")
        cases.append(Case((str(path),)))
    return cases


def _verifier_cases() -> list[Case]:
    deck32, deck52 = _decks(2)
    cases = [Case((deck32,)), Case((deck52, 52)), Case((deck32, 52)), Case((deck52,))]
    cases += [Case((deck32[:-1],)), Case((deck32[:-1] + deck32[:1],)), Case(([],))]
    cases += [Case(([*deck52[:-1], {"valeur": "R", "couleur": "X"}], 52))]
    return cases


def _pairs() -> list[Case]:
    rng = random.Random(_RNG_SEED)
    cards = init_pioche_ordonnee(52)
    return [Case((rng.choice(cards), rng.choice(cards))) for _ in range(60)]


def _jump_cases() -> list[Case]:
    rng = random.Random(_RNG_SEED)
    cases = []
    for state in _states(30):
        cases += [Case((state, rng.randrange(-1, len(state) + 1))) for _ in range(2)]
        jumps = [i for i in range(1, len(state) - 1) if course.alliance(state[i - 1], state[i + 1])]
        cases += [Case((state, i)) for i in jumps[:2]]
    return cases


def _step_cases() -> list[Case]:
    rng = random.Random(_RNG_SEED)
    cases = []
    for deck in _decks(20):
        cut = rng.randrange(0, len(deck) - 1)
        piles = course.reussite_mode_auto(deck[:cut])
        cases.append(Case((piles, deck[cut:]), {"affiche": bool(rng.getrandbits(1))}))
    return cases


def _manual_cases() -> list[Case]:
    cases = [Case((deck,), stdin="q\n") for deck in _decks(2)]
    small = [{"valeur": 8, "couleur": "C"}, {"valeur": 7, "couleur": "K"},
             {"valeur": "R", "couleur": "C"}, {"valeur": 2, "couleur": "P"}]  # fmt: skip
    cases.append(Case((small,), stdin="p\np\np\ns 2\np\n"))
    cases.append(Case((small,), stdin="p\np\np\ns 3\ns 1\np\nq\n"))
    cases.append(Case((small, 3), stdin="p\np\np\np\nq\n"))
    deck = _decks(1, (32,))[0]
    cases.append(Case((deck,), stdin="p\n" * 10 + "q\n"))
    return cases


TASKS = [
    Task("carte_to_chaine", course.carte_to_chaine,
         [Case((carte,)) for carte in init_pioche_ordonnee(52)],
         hint="chr(9824) ♠ pique, chr(9825) ♡ cœur, chr(9826) ♢ carreau, chr(9827) ♣ trèfle; "
              "3 characters, a space on the left except for the 10s."),
    Task("afficher_reussite", course.afficher_reussite,
         lambda: [Case((state,)) for state in _states(8)] + [Case(([],))], compare="stdout",
         hint="The cards separated by one space, then print() for the blank line."),
    Task("init_pioche_fichier", course.init_pioche_fichier, _file_cases,
         hint="Split the text on spaces, then each token on '-'; values 2..10 are integers."),
    Task("ecrire_fichier_reussite", course.ecrire_fichier_reussite,
         lambda: [Case((deck,)) for deck in _decks(4)], adapter=_writes_file,
         hint="Write 'valeur-couleur' tokens separated by spaces; return nothing."),
    Task("init_pioche_alea", course.init_pioche_alea, [Case(()), Case((32,)), Case((52,))],
         adapter=_random_deck_properties,
         hint="Build every card of the deck, then random.shuffle the list and return it."),
    Task("verifier_pioche", course.verifier_pioche, _verifier_cases,
         hint="Every card of the deck, once each, and nothing else."),
    Task("alliance", course.alliance, _pairs, hint="Same 'valeur' or same 'couleur'."),
    Task("saut_si_possible", course.saut_si_possible, _jump_cases, adapter=_returns_and_lists,
         mutates=True,
         hint="Pile num_tas jumps when piles num_tas - 1 and num_tas + 1 exist and are allied; "
              "then liste_tas[num_tas - 1] = liste_tas[num_tas] and the pile is removed."),
    Task("une_etape_reussite", course.une_etape_reussite, _step_cases,
         adapter=_returns_and_lists, mutates=True, compare="both",
         hint="Draw pioche[0]; try the jump of the new card's left neighbour; only if it was "
              "made, repeat 'make the leftmost possible jump'. Print after every change."),
    Task("reussite_mode_auto", course.reussite_mode_auto,
         lambda: [Case((deck,), {"affiche": i % 3 == 0}) for i, deck in enumerate(_decks(9))],
         compare="both",
         hint="Work on a copy of pioche; with affiche, print the deck first."),
    Task("reussite_mode_manuel", course.reussite_mode_manuel, _manual_cases,
         hint="Commands: p draws, 's N' makes pile N jump (refused if not allowed), q gives up "
              "and lays the rest without jumps. Return the visible cards at the end."),
    Task("lance_reussite", course.lance_reussite,
         [Case(("auto", 32)), Case(("auto", 52)), Case(("manuel", 32), stdin="q\n")],
         adapter=_final_piles_properties,
         hint="Shuffle a deck of nb_cartes, then call the auto or the manual mode."),
    Task("meilleur_echange_consecutif", course.meilleur_echange_consecutif,
         lambda: [Case((deck,)) for deck in _decks(10)], time_limit=30,
         hint="Try every i: swap pioche[i] and pioche[i + 1] in a copy; keep the fewest piles, "
              "the largest i on a tie. Return (new deck, piles before - piles after)."),
    Task("res_multi_simulation", course.res_multi_simulation,
         [Case((50, 32)), Case((20, 52)), Case((1, 32))], adapter=_pile_counts_properties,
         hint="nb_sim times: a shuffled deck, an automatic game, the number of piles."),
    Task("statistiques_nb_tas", course.statistiques_nb_tas, [Case((100, 32)), Case((50, 52))],
         adapter=_prints_statistics, hint="Print the mean, the minimum and the maximum."),
    Task("probabilites_victoire", course.probabilites_victoire,
         [Case((300, 32)), Case((200, 52))], adapter=_probabilities_properties,
         hint="p[k] is the share of games that end with at most k piles, for k = 0..nb_cartes."),
]  # fmt: skip

#: ``check(function)`` in the exercise notebook.
check = Checker(TASKS)
