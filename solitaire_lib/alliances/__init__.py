"""La réussite des alliances (UGA INF204): the course's French API and an English engine.

>>> from solitaire_lib.alliances import alliance, reussite_mode_auto, init_pioche_alea
>>> len(reussite_mode_auto(init_pioche_alea(52))) >= 2
True
"""

from solitaire_lib.alliances.analysis import (
    CHEATS,
    best_any_swap,
    best_consecutive_swap,
    best_consecutive_swaps,
    best_cut,
    cheat_study,
    pile_count,
    simulate_pile_counts,
    summary,
    win_probabilities,
)
from solitaire_lib.alliances.course import (
    afficher_reussite,
    alliance,
    ecrire_fichier_reussite,
    graphique_probabilites,
    init_pioche_alea,
    init_pioche_fichier,
    lance_reussite,
    meilleur_echange_consecutif,
    probabilites_victoire,
    res_multi_simulation,
    res_multi_simulation_echange,
    reussite_mode_auto,
    reussite_mode_manuel,
    saut_si_possible,
    statistiques_echange,
    statistiques_nb_tas,
    une_etape_reussite,
    verifier_pioche,
)
from solitaire_lib.alliances.display import carte_to_chaine
from solitaire_lib.alliances.rules import (
    ManualGame,
    can_jump,
    draw,
    is_alliance,
    jump,
    leftmost_jump,
    new_deck,
    play,
    play_recorded,
)
from solitaire_lib.alliances.widget import AlliancesWidget
from solitaire_lib.sim import mean_interval

__all__ = [
    "CHEATS",
    "AlliancesWidget",
    "ManualGame",
    "afficher_reussite",
    "alliance",
    "best_any_swap",
    "best_consecutive_swap",
    "best_consecutive_swaps",
    "best_cut",
    "can_jump",
    "carte_to_chaine",
    "cheat_study",
    "draw",
    "ecrire_fichier_reussite",
    "graphique_probabilites",
    "init_pioche_alea",
    "init_pioche_fichier",
    "is_alliance",
    "jump",
    "lance_reussite",
    "leftmost_jump",
    "mean_interval",
    "meilleur_echange_consecutif",
    "new_deck",
    "pile_count",
    "play",
    "play_recorded",
    "probabilites_victoire",
    "res_multi_simulation",
    "res_multi_simulation_echange",
    "reussite_mode_auto",
    "reussite_mode_manuel",
    "saut_si_possible",
    "simulate_pile_counts",
    "statistiques_echange",
    "statistiques_nb_tas",
    "summary",
    "une_etape_reussite",
    "verifier_pioche",
    "win_probabilities",
]
