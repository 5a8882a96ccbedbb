"""The course's API, in French, with the text's names, arguments, defaults and card dictionaries.

A card is ``{'valeur': v, 'couleur': c}``: values ``'A'``, ``2`` ... ``10``, ``'V'``, ``'D'``,
``'R'``; suits ``'C'`` (cœur), ``'K'`` (carreau), ``'P'`` (pique), ``'T'`` (trèfle). The deck
(``pioche``) is drawn from index 0. Lists passed in are not changed, except where the text says
so (``saut_si_possible``, ``une_etape_reussite``). The rules themselves live in :mod:`.rules`.

>>> carte_to_chaine({'valeur': 7, 'couleur': 'P'})
' 7♠'
>>> afficher_reussite([{'valeur': 7, 'couleur': 'P'}, {'valeur': 10, 'couleur': 'K'},
...                    {'valeur': 'A', 'couleur': 'T'}])
 7♠ 10♢  A♣
<BLANKLINE>
"""

from __future__ import annotations

import os
import random
import stat
import statistics
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from solitaire_lib.alliances import rules
from solitaire_lib.alliances.analysis import best_consecutive_swap_index, pile_count
from solitaire_lib.alliances.display import carte_to_chaine as carte_to_chaine
from solitaire_lib.alliances.fast import encode, final_pile_count
from solitaire_lib.alliances.manual import play_manual
from solitaire_lib.cards import FRENCH_SUITS, FRENCH_VALUES, card_from_french, card_to_french
from solitaire_lib.prompt import short

Carte = dict[str, Any]

VALEURS = set(FRENCH_VALUES.values())
COULEURS = set(FRENCH_SUITS.values())


# --- 4.1 Affichage -------------------------------------------------------------------------------


def afficher_reussite(liste_tas: list[Carte]) -> None:
    """Print the visible cards on one line, separated by a space, then a blank line."""
    print(" ".join(carte_to_chaine(carte) for carte in liste_tas))
    print()


# --- 4.2 Fichiers --------------------------------------------------------------------------------


def _lire_carte(jeton: str, position: int, nom_fich: str) -> Carte:
    """One ``valeur-couleur`` token of a deck file, or a ValueError that says where it is."""
    where = f"card {position} of {nom_fich!s}"
    montre = short(jeton)
    valeur_texte, tiret, couleur = jeton.partition("-")
    if not tiret:
        raise ValueError(f"{where}: {montre} has no '-' between the value and the suit")
    chiffres = valeur_texte.isascii() and valeur_texte.isdigit() and len(valeur_texte) <= 2
    valeur: int | str = int(valeur_texte) if chiffres else valeur_texte
    if valeur not in VALEURS or (type(valeur) is str and valeur.isdigit()):
        raise ValueError(f"{where}: {montre} has an unknown value {short(valeur_texte)}")
    if couleur not in COULEURS:
        raise ValueError(f"{where}: {montre} has an unknown suit {short(couleur)} (C, K, P or T)")
    return {"valeur": valeur, "couleur": couleur}


def _lire_texte(nom_fich: str | os.PathLike[str]) -> str:
    """The file's text (UTF-8, with or without the BOM that Notepad writes)."""
    donnees = Path(nom_fich).read_bytes()
    try:
        return donnees.decode("utf-8-sig")
    except UnicodeDecodeError as erreur:
        raise ValueError(
            f"{nom_fich!s} is not a text file in UTF-8 (byte {erreur.start} cannot be read): "
            "a deck file holds valeur-couleur tokens such as 7-K"
        ) from None


def init_pioche_fichier(nom_fich: str | os.PathLike[str]) -> list[Carte]:
    """Read a deck file: ``valeur-couleur`` tokens separated by spaces, in drawing order.

    A malformed file raises a ValueError naming the file, the token (cut to a readable length)
    and its position: an unknown value or suit, a missing '-', a card twice, a card not in the
    deck, not 32 or 52 cards, or a file that is not UTF-8 text. A UTF-8 BOM is accepted.
    """
    jetons = _lire_texte(nom_fich).split()
    pioche = [_lire_carte(jeton, i, str(nom_fich)) for i, jeton in enumerate(jetons, start=1)]
    vues: dict[tuple[Any, str], int] = {}
    for position, carte in enumerate(pioche, start=1):
        cle = (carte["valeur"], carte["couleur"])
        if cle in vues:
            raise ValueError(
                f"card {position} of {nom_fich!s}: {jetons[position - 1]!r} is already card "
                f"{vues[cle]}"
            )
        vues[cle] = position
    if len(pioche) not in (32, 52):
        raise ValueError(f"{nom_fich!s} holds {len(pioche)} cards, not 32 or 52")
    jeu = {(c["valeur"], c["couleur"]) for c in init_pioche_ordonnee(len(pioche))}
    for position, carte in enumerate(pioche, start=1):
        if (carte["valeur"], carte["couleur"]) not in jeu:
            raise ValueError(
                f"card {position} of {nom_fich!s}: {jetons[position - 1]!r} is not in a "
                f"{len(pioche)}-card deck"
            )
    return pioche


def ecrire_fichier_reussite(nom_fich: str | os.PathLike[str], pioche: list[Carte]) -> None:
    """Write the deck in the format read by :func:`init_pioche_fichier`.

    Only a deck that can be read back is written (every card of a 32- or 52-card deck, once):
    anything else raises a ValueError and leaves an existing file untouched. The file is written
    whole or not at all (a temporary file beside it, then renamed); an existing file keeps its
    permissions, and a symbolic link is followed (its target is written).
    """
    if not verifier_pioche(pioche, len(pioche) if type(pioche) is list else 0):
        raise ValueError(
            "ecrire_fichier_reussite writes only a whole deck that init_pioche_fichier can read "
            f"back: every card of a 32- or 52-card deck, once (got {_decrire(pioche)})"
        )
    cible = Path(os.path.realpath(nom_fich))
    texte = " ".join(f"{carte['valeur']}-{carte['couleur']}" for carte in pioche) + "\n"
    mode = _mode_pour(cible)
    descripteur, temporaire = tempfile.mkstemp(dir=cible.parent, prefix=".pioche-", suffix=".tmp")
    try:
        with os.fdopen(descripteur, "w", encoding="utf-8") as fichier:
            fichier.write(texte)
            fichier.flush()
            os.fsync(fichier.fileno())
        os.chmod(temporaire, mode)
        os.replace(temporaire, cible)
    except BaseException:
        Path(temporaire).unlink(missing_ok=True)
        raise


def _mode_pour(cible: Path) -> int:
    """The permissions the file should have: its own, or a new file's (0o666 less the umask)."""
    try:
        return stat.S_IMODE(cible.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _decrire(pioche: Any) -> str:
    """What was given instead of a deck, in a few words."""
    if type(pioche) is not list:
        return f"a {type(pioche).__name__}"
    return f"a list of {len(pioche)} items"


# --- 4.3 Pioche aléatoire ------------------------------------------------------------------------


def init_pioche_ordonnee(nb_cartes: int = 32) -> list[Carte]:
    """Every card of a 32- or 52-card deck, in order (not in the text; used by the others)."""
    return [card_to_french(card) for card in rules.new_deck(nb_cartes)]


def init_pioche_alea(nb_cartes: int = 32) -> list[Carte]:
    """All the cards of a 32- or 52-card deck, shuffled with ``random.shuffle``."""
    pioche = init_pioche_ordonnee(nb_cartes)
    random.shuffle(pioche)
    return pioche


def verifier_pioche(pioche: list[Carte], nb_cartes: int = 32) -> bool:
    """Does ``pioche`` hold every card of an ``nb_cartes`` deck exactly once?

    Anything malformed (not a list of card dicts, ``7.0`` or ``'7'`` for 7) gives ``False``.

    >>> verifier_pioche(init_pioche_ordonnee(32)), verifier_pioche([{'valeur': 7.0}])
    (True, False)
    """
    if type(pioche) is not list or nb_cartes not in (32, 52) or len(pioche) != nb_cartes:
        return False
    cles = {_cle(carte) for carte in pioche}
    return None not in cles and cles == {_cle(carte) for carte in init_pioche_ordonnee(nb_cartes)}


def _cle(carte: Any) -> tuple[str, Any, Any] | None:
    """The card as a key that keeps exact types; ``None`` for what is not a card dict."""
    if type(carte) is not dict or carte.keys() != {"valeur", "couleur"}:
        return None
    valeur, couleur = carte["valeur"], carte["couleur"]
    if type(valeur) not in (int, str) or type(couleur) is not str:
        return None
    return (type(valeur).__name__, valeur, couleur)


# --- 4.4 Les règles ------------------------------------------------------------------------------


def alliance(carte1: Carte, carte2: Carte) -> bool:
    """Same value or same suit.

    >>> alliance({'valeur': 7, 'couleur': 'P'}, {'valeur': 7, 'couleur': 'C'})
    True
    >>> alliance({'valeur': 7, 'couleur': 'P'}, {'valeur': 8, 'couleur': 'C'})
    False
    """
    return rules.is_alliance(card_from_french(carte1), card_from_french(carte2))


def saut_si_possible(liste_tas: list[Carte], num_tas: int) -> bool:
    """Make pile ``num_tas`` jump onto the pile before it if the rules allow it.

    Changes ``liste_tas`` (as the text asks) and returns whether the jump was made.
    """
    if not rules.can_jump(liste_tas, num_tas, alliance):
        return False
    rules.jump(liste_tas, num_tas)
    return True


def une_etape_reussite(liste_tas: list[Carte], pioche: list[Carte], affiche: bool = False) -> None:
    """Draw ``pioche[0]`` onto the right of ``liste_tas`` and make the jumps that follow.

    Both lists are changed (as the text asks). With ``affiche``, every state is printed.
    """
    etats = rules.draw(liste_tas, pioche, alliance)
    if affiche:
        for etat in etats:
            afficher_reussite(etat)


# --- 4.5 Une partie ------------------------------------------------------------------------------


def reussite_mode_auto(pioche: list[Carte], affiche: bool = False) -> list[Carte]:
    """Play the whole game; the visible cards at the end. ``pioche`` is not changed.

    With ``affiche``, the deck is printed first, then every state of the game.
    """
    if affiche:
        afficher_reussite(pioche)
    reste, liste_tas = list(pioche), list[Carte]()
    while reste:
        une_etape_reussite(liste_tas, reste, affiche)
    return liste_tas


def reussite_mode_manuel(pioche: list[Carte], nb_tas_max: int = 2) -> list[Carte]:
    """Let the player play at the console (draw, ask for jumps, quit). See :mod:`.manual`."""
    final = play_manual([card_from_french(carte) for carte in pioche], nb_tas_max)
    return [card_to_french(card) for card in final]


def lance_reussite(
    mode: str, nb_cartes: int = 32, affiche: bool = False, nb_tas_max: int = 2
) -> list[Carte]:
    """Shuffle a deck of ``nb_cartes`` and play it in ``'auto'`` or ``'manuel'`` mode."""
    if mode not in ("auto", "manuel"):
        raise ValueError(f"mode must be 'auto' or 'manuel', not {mode!r}")
    pioche = init_pioche_alea(nb_cartes)
    if mode == "auto":
        return reussite_mode_auto(pioche, affiche)
    return reussite_mode_manuel(pioche, nb_tas_max)


# --- 5.1 Tricher un peu --------------------------------------------------------------------------


def meilleur_echange_consecutif(pioche: list[Carte]) -> tuple[list[Carte], int]:
    """The best swap of two consecutive cards: the new deck and the piles it saves.

    Every swap of ``pioche[i]`` and ``pioche[i + 1]`` is tried; the one that leaves the fewest
    piles wins, the largest ``i`` on a tie. The swap is made even when it saves nothing (the
    number saved is then 0 or negative). ``pioche`` is not changed.
    """
    if len(pioche) < 2:
        return list(pioche), 0
    cartes = [card_from_french(carte) for carte in pioche]
    i, nb_tas = best_consecutive_swap_index(cartes)
    resultat = list(pioche)
    resultat[i], resultat[i + 1] = resultat[i + 1], resultat[i]
    return resultat, pile_count(cartes) - nb_tas


# --- 5.4 et 5.5 Statistiques ---------------------------------------------------------------------


def _valider(nb_sim: int, nb_cartes: int) -> None:
    """Refuse, with a clear message, what is not a count of games or a deck size."""
    if type(nb_sim) is not int or nb_sim < 1:
        raise ValueError(f"nb_sim doit être un entier au moins égal à 1, pas {nb_sim!r}")
    if type(nb_cartes) is not int or nb_cartes not in (32, 52):
        raise ValueError(f"nb_cartes doit valoir 32 ou 52, pas {nb_cartes!r}")


def res_multi_simulation(nb_sim: int, nb_cartes: int = 32) -> list[int]:
    """The number of piles at the end of ``nb_sim`` games on random decks.

    Each game is the one ``reussite_mode_auto(init_pioche_alea(nb_cartes))`` would play (the
    same ``random.shuffle`` of the sorted deck), played by the fast path for speed.

    >>> random.seed(1)
    >>> res_multi_simulation(5)
    [9, 22, 25, 15, 9]
    """
    _valider(nb_sim, nb_cartes)
    ordonnee = encode(rules.new_deck(nb_cartes))
    resultats = []
    for _ in range(nb_sim):
        pioche = list(ordonnee)
        random.shuffle(pioche)
        resultats.append(final_pile_count(pioche))
    return resultats


def _lignes_statistiques(resultats: list[int]) -> list[tuple[str, str]]:
    """The (name, value) lines of the statistics of ``resultats``, as they are printed."""
    lignes = [
        ("nombre moyen de tas", f"{statistics.fmean(resultats):.2f}"),
        ("nombre minimum de tas", f"{min(resultats)}"),
        ("nombre maximum de tas", f"{max(resultats)}"),
        ("médiane", f"{statistics.median(resultats):g}"),
    ]
    if len(resultats) > 1:
        lignes.append(("écart type", f"{statistics.stdev(resultats):.2f}"))
    return lignes


def statistiques_nb_tas(nb_sim: int, nb_cartes: int = 32) -> None:
    """Print the mean, minimum and maximum (and more) number of piles over ``nb_sim`` games.

    >>> random.seed(1)
    >>> statistiques_nb_tas(5)
    Sur 5 réussites à 32 cartes :
      nombre moyen de tas   : 16.00
      nombre minimum de tas : 9
      nombre maximum de tas : 25
      médiane               : 15
      écart type            : 7.35
    """
    resultats = res_multi_simulation(nb_sim, nb_cartes)
    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    lignes = _lignes_statistiques(resultats)
    largeur = max(len(nom) for nom, _ in lignes)
    for nom, valeur in lignes:
        print(f"  {nom:<{largeur}} : {valeur}")


def res_multi_simulation_echange(nb_sim: int, nb_cartes: int = 32) -> list[tuple[int, int]]:
    """§5.1, going further: for ``nb_sim`` random decks, the piles left without and with the best
    swap of two consecutive cards, as ``(sans, avec)`` pairs.

    Each deck is drawn as :func:`res_multi_simulation` draws it, so with the same seed the first
    numbers of the pairs are the numbers it returns.

    >>> random.seed(1)
    >>> res_multi_simulation_echange(3)
    [(9, 5), (22, 9), (25, 17)]
    """
    _valider(nb_sim, nb_cartes)
    ordonnee = rules.new_deck(nb_cartes)
    paires = []
    for _ in range(nb_sim):
        pioche = list(ordonnee)
        random.shuffle(pioche)
        paires.append((pile_count(pioche), best_consecutive_swap_index(pioche)[1]))
    return paires


def statistiques_echange(nb_sim: int, nb_cartes: int = 32) -> None:
    """Print the statistics of :func:`statistiques_nb_tas` without and with the best swap.

    >>> random.seed(1)
    >>> statistiques_echange(3)
    Sur 3 réussites à 32 cartes :
                                sans échange  avec le meilleur échange
      nombre moyen de tas   :          18.67                     10.33
      nombre minimum de tas :              9                         5
      nombre maximum de tas :             25                        17
      médiane               :             22                         9
      écart type            :           8.50                      6.11
    """
    paires = res_multi_simulation_echange(nb_sim, nb_cartes)
    sans = _lignes_statistiques([p[0] for p in paires])
    avec = _lignes_statistiques([p[1] for p in paires])
    largeur = max(len(nom) for nom, _ in sans)
    print(f"Sur {nb_sim} réussites à {nb_cartes} cartes :")
    print(" " * (largeur + 5) + f"{'sans échange':>14}{'avec le meilleur échange':>26}")
    for (nom, a), (_, b) in zip(sans, avec, strict=True):
        print(f"  {nom:<{largeur}} : {a:>14}{b:>26}")


def probabilites_victoire(nb_sim: int, nb_cartes: int = 32) -> list[float]:
    """``p[k]`` = estimated probability of ending with at most ``k`` piles, ``k = 0 .. nb_cartes``.

    So ``p[2]`` is the chance of a perfect game and ``p[nb_cartes]`` is 1.
    """
    compte = Counter(res_multi_simulation(nb_sim, nb_cartes))
    probabilites, cumul = [], 0
    for k in range(nb_cartes + 1):
        cumul += compte[k]
        probabilites.append(cumul / nb_sim)
    return probabilites


def graphique_probabilites(nb_sim: int, nb_cartes: int = 32) -> None:
    """Plot :func:`probabilites_victoire` for 2 to ``nb_cartes`` piles, then ``plt.show()``."""
    import matplotlib.pyplot as plt

    probabilites = probabilites_victoire(nb_sim, nb_cartes)
    seuils = list(range(2, nb_cartes + 1))
    plt.figure()
    plt.plot(seuils, [probabilites[k] for k in seuils], marker="o", markersize=3)
    plt.xlabel("nombre maximum de tas autorisé")
    plt.ylabel("probabilité de gagner")
    plt.title(f"Réussite des alliances, {nb_cartes} cartes ({nb_sim} simulations)")
    plt.show()
