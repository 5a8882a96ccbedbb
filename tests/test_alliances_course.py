"""The French course API: the text's examples, side effects, files, extensions, statistics."""

from __future__ import annotations

import copy
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solitaire_lib.alliances import (
    afficher_reussite,
    alliance,
    carte_to_chaine,
    ecrire_fichier_reussite,
    init_pioche_alea,
    init_pioche_fichier,
    lance_reussite,
    meilleur_echange_consecutif,
    probabilites_victoire,
    res_multi_simulation,
    reussite_mode_auto,
    reussite_mode_manuel,
    saut_si_possible,
    statistiques_nb_tas,
    une_etape_reussite,
    verifier_pioche,
)
from solitaire_lib.alliances.course import init_pioche_ordonnee

P7 = {"valeur": 7, "couleur": "P"}
K10 = {"valeur": 10, "couleur": "K"}
TA = {"valeur": "A", "couleur": "T"}


def carte(token: str) -> dict[str, Any]:
    valeur, couleur = token.split("-")
    return {"valeur": int(valeur) if valeur.isdigit() else valeur, "couleur": couleur}


def cartes(tokens: str) -> list[dict[str, Any]]:
    return [carte(t) for t in tokens.split()]


# --- 4.1 -----------------------------------------------------------------------------------------


def test_carte_to_chaine_examples() -> None:
    assert carte_to_chaine(P7) == " 7\u2660"
    assert carte_to_chaine(K10) == "10\u2662"
    assert carte_to_chaine({"valeur": "R", "couleur": "C"}) == " R\u2661"
    assert carte_to_chaine({"valeur": "D", "couleur": "K"}) == " D" + chr(9826)
    assert all(len(carte_to_chaine(c)) == 3 for c in init_pioche_ordonnee(52))


def test_afficher_reussite_example(capsys: pytest.CaptureFixture[str]) -> None:
    afficher_reussite([P7, K10, TA])
    assert capsys.readouterr().out == " 7♠ 10♢  A♣\n\n"


# --- 4.3 and 4.4 ---------------------------------------------------------------------------------


def test_alliance_examples() -> None:
    assert alliance(P7, {"valeur": 7, "couleur": "C"}) is True
    assert alliance(P7, {"valeur": 8, "couleur": "C"}) is False
    assert alliance(P7, {"valeur": "V", "couleur": "P"}) is True


def test_init_pioche_alea_and_verifier_pioche() -> None:
    for n in (32, 52):
        pioche = init_pioche_alea(n)
        assert len(pioche) == n and verifier_pioche(pioche, n)
    assert len(init_pioche_alea()) == 32
    pioche = init_pioche_ordonnee(32)
    assert verifier_pioche(pioche) and not verifier_pioche(pioche, 52)
    assert not verifier_pioche(pioche[:-1] + pioche[:1])  # a duplicate
    assert not verifier_pioche(pioche[:-1])
    assert not verifier_pioche([*pioche[:-1], {"valeur": 2, "couleur": "C"}])
    assert not verifier_pioche([*pioche[:-1], {"value": 7}])
    assert pioche == init_pioche_ordonnee(32), "verifier_pioche does not change its argument"


def test_saut_si_possible_changes_the_list_only_when_it_jumps() -> None:
    liste = cartes("8-C 7-K R-C")
    assert not saut_si_possible(liste, 0) and not saut_si_possible(liste, 2)
    assert not saut_si_possible(liste, 5) and len(liste) == 3
    assert saut_si_possible(liste, 1)
    assert liste == cartes("7-K R-C")


def test_une_etape_reussite_changes_both_lists(capsys: pytest.CaptureFixture[str]) -> None:
    liste, pioche = cartes("8-C 7-K"), cartes("R-C 2-P")
    assert une_etape_reussite(liste, pioche, affiche=True) is None
    assert liste == cartes("7-K R-C") and pioche == cartes("2-P")
    assert capsys.readouterr().out == " 8♡  7♢  R♡\n\n 7♢  R♡\n\n"
    une_etape_reussite(liste, pioche)
    assert capsys.readouterr().out == "" and pioche == []


def test_une_etape_only_cascades_after_a_jump_of_the_new_card() -> None:
    """The text: the scan from the left happens only if the new card made a jump."""
    liste, pioche = cartes("7-P 8-C 9-P"), cartes("2-K")  # pile 1 could already jump
    une_etape_reussite(liste, pioche)
    assert liste == cartes("7-P 8-C 9-P 2-K")


def test_reussite_mode_auto_does_not_change_the_deck(capsys: pytest.CaptureFixture[str]) -> None:
    pioche = cartes("8-C 7-K R-C A-C")
    gardee = copy.deepcopy(pioche)
    assert reussite_mode_auto(pioche) == cartes("7-K R-C A-C") and pioche == gardee
    assert capsys.readouterr().out == ""
    reussite_mode_auto(pioche, affiche=True)
    lines = capsys.readouterr().out.split("\n")
    assert lines[0] == " 8♡  7♢  R♡  A♡", "the deck is shown first"
    assert lines[2] == " 8♡", "then the first card drawn"
    assert lines[-3] == " 7♢  R♡  A♡"


# --- 4.2 Files -----------------------------------------------------------------------------------


def test_files_round_trip(tmp_path: Path, vectors: Path) -> None:
    for n in (32, 52):
        pioche = init_pioche_alea(n)
        ecrire_fichier_reussite(tmp_path / f"deck{n}.txt", pioche)
        assert init_pioche_fichier(tmp_path / f"deck{n}.txt") == pioche
    sample = init_pioche_fichier(vectors / "alliances" / "data_init.txt")
    assert len(sample) == 32 and sample[:2] == cartes("V-C 8-P")
    ecrire_fichier_reussite(str(tmp_path / "copy.txt"), sample)
    assert init_pioche_fichier(str(tmp_path / "copy.txt")) == sample


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("8-P", "8P", 1), r"card 2 of .*'8P' has no '-'"),
        (lambda t: t.replace("8-P", "1-P", 1), r"card 2 of .*'1-P' has an unknown value '1'"),
        (lambda t: t.replace("8-P", "8-X", 1), r"card 2 of .*'8-X' has an unknown suit 'X'"),
        (lambda t: t.replace("8-P", "V-C", 1), r"card 2 of .*'V-C' is already card 1"),
        (lambda t: t.replace("8-P", "2-P", 1), r"card 2 of .*'2-P' is not in a 32-card deck"),
        (lambda t: t.rsplit(" ", 1)[0], r"holds 31 cards, not 32 or 52"),
        (lambda t: "", r"holds 0 cards"),
    ],
)  # fmt: skip
def test_malformed_files_name_the_token_and_its_position(
    tmp_path: Path, vectors: Path, change: Any, message: str
) -> None:
    text = (vectors / "alliances" / "data_init.txt").read_text("utf-8")
    path = tmp_path / "bad.txt"
    path.write_text(change(text), "utf-8")
    with pytest.raises(ValueError, match=message):
        init_pioche_fichier(path)


def test_a_crash_while_writing_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "deck.txt"
    old = init_pioche_alea()
    ecrire_fichier_reussite(path, old)
    before = path.read_text("utf-8")

    def crash(_fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError, match="disk full"):
        ecrire_fichier_reussite(path, init_pioche_alea())
    assert path.read_text("utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"], "no temporary file is left"


# --- 4.5 -----------------------------------------------------------------------------------------


def test_lance_reussite_modes(monkeypatch: pytest.MonkeyPatch) -> None:
    for n in (32, 52):
        final = lance_reussite("auto", n)
        assert 2 <= len(final) <= n
    with pytest.raises(ValueError, match="'auto' or 'manuel'"):
        lance_reussite("automatique")
    monkeypatch.setattr("builtins.input", lambda _prompt: "q")
    assert len(lance_reussite("manuel", 52, nb_tas_max=5)) == 52


def test_manual_mode_script(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["p", "p", "p", "s 3", "2", "a", "u", "hello", "p", "q"])
    monkeypatch.setattr("builtins.input", lambda _prompt: next(answers))
    pioche = cartes("8-C 7-K R-C A-P 5-T")
    final = reussite_mode_manuel(pioche, nb_tas_max=3)
    out = capsys.readouterr().out
    assert "Coup impossible : le tas 3 n'a pas un tas de chaque côté." in out
    assert "Le tas 2 (7♢) saute sur le tas 1." in out
    assert "Sauts possibles" not in out.split("Le tas 2")[1].split("Coup annulé")[0]
    assert "Coup annulé." in out and "Commande inconnue : 'hello'." in out
    assert "Abandon" in out and "Perdu : il reste 5 tas (au plus 3 autorisés)." in out
    assert final == cartes("8-C 7-K R-C A-P 5-T")
    assert pioche == cartes("8-C 7-K R-C A-P 5-T"), "the deck is not changed"


def test_manual_mode_refuses_a_jump_between_piles_not_allied(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["p", "p", "p", "s 2", "q"])
    monkeypatch.setattr("builtins.input", lambda _prompt: next(answers))
    final = reussite_mode_manuel(cartes("8-C 7-K R-T 2-P"))
    expected = "Coup impossible : les tas 1 (8♡) et 3 (R♣) ne sont pas alliés."
    assert expected in capsys.readouterr().out
    assert len(final) == 4


def test_manual_mode_at_the_console_ends_cleanly_at_end_of_input() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "solitaire_lib.alliances"], input="p\np\nzz\n",
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0 and result.stderr == ""
    assert "Commande inconnue : 'zz'." in result.stdout and "Abandon" in result.stdout


def test_manual_game_won_when_the_player_plays_well(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["p", "p", "p", "s 2"])
    monkeypatch.setattr("builtins.input", lambda _prompt: next(answers))
    assert reussite_mode_manuel(cartes("8-C 7-K R-C")) == cartes("7-K R-C")


# --- 5.1 -----------------------------------------------------------------------------------------


def _brute_force(pioche: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    initial = len(reussite_mode_auto(pioche))
    results = []
    for i in range(len(pioche) - 1):
        essai = list(pioche)
        essai[i], essai[i + 1] = essai[i + 1], essai[i]
        results.append((len(reussite_mode_auto(essai)), -i, essai))
    best = min(results, key=lambda r: (r[0], r[1]))
    return best[2], initial - best[0]


@pytest.mark.parametrize("seed", range(25))
def test_meilleur_echange_consecutif(seed: int) -> None:
    random.seed(seed)
    pioche = init_pioche_alea(32 if seed % 2 else 52)
    gardee = copy.deepcopy(pioche)
    assert meilleur_echange_consecutif(pioche) == _brute_force(pioche)
    assert pioche == gardee


def test_meilleur_echange_prefers_the_largest_index_on_a_tie() -> None:
    pioche = cartes("8-C 7-K 2-P 3-T")  # no swap changes anything: 4 piles whatever happens
    nouvelle, gain = meilleur_echange_consecutif(pioche)
    assert gain == 0 and nouvelle == cartes("8-C 7-K 3-T 2-P")


# --- 5.4 and 5.5 ---------------------------------------------------------------------------------


def test_res_multi_simulation_and_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    random.seed(1)
    resultats = res_multi_simulation(200, 52)
    assert len(resultats) == 200 and all(2 <= r <= 52 for r in resultats)
    random.seed(1)
    decks = [init_pioche_alea(52) for _ in range(3)]
    random.seed(1)
    assert res_multi_simulation(3, 52) != [] and len(decks) == 3
    statistiques_nb_tas(300)
    out = capsys.readouterr().out
    assert out.startswith("Sur 300 réussites à 32 cartes :")
    assert "nombre moyen de tas" in out and "minimum" in out and "maximum" in out


def test_res_multi_simulation_plays_the_shuffled_decks() -> None:
    random.seed(11)
    expected = []
    for _ in range(20):
        pioche = init_pioche_ordonnee(32)
        random.shuffle(pioche)
        expected.append(len(reussite_mode_auto(pioche)))
    random.seed(11)
    assert res_multi_simulation(20) == expected


def test_probabilites_victoire() -> None:
    p = probabilites_victoire(500, 32)
    assert len(p) == 33 and p[0] == p[1] == 0.0 and p[32] == 1.0
    assert p == sorted(p)


NOT_CHANGING: list[tuple[str, Any, tuple[Any, ...]]] = [
    ("carte_to_chaine", carte_to_chaine, (P7,)),
    ("afficher_reussite", afficher_reussite, ([P7, K10, TA],)),
    ("verifier_pioche", verifier_pioche, (init_pioche_ordonnee(32),)),
    ("alliance", alliance, (P7, K10)),
    ("reussite_mode_auto", reussite_mode_auto, (init_pioche_ordonnee(52), True)),
    ("meilleur_echange_consecutif", meilleur_echange_consecutif, (init_pioche_ordonnee(32),)),
]


@pytest.mark.parametrize(
    ("name", "function", "args"), NOT_CHANGING, ids=[n for n, _, _ in NOT_CHANGING]
)
def test_functions_do_not_change_their_arguments(
    name: str, function: Any, args: tuple[Any, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    before = copy.deepcopy(args)
    function(*args)
    assert args == before, f"{name} changed its arguments"


def test_writing_a_file_does_not_change_the_deck(tmp_path: Path) -> None:
    pioche = init_pioche_alea(52)
    before = copy.deepcopy(pioche)
    ecrire_fichier_reussite(tmp_path / "d.txt", pioche)
    assert pioche == before


def test_graphique_probabilites_plots_2_to_n_piles_then_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from solitaire_lib.alliances import graphique_probabilites

    shown = []
    monkeypatch.setattr(plt, "show", lambda: shown.append(plt.gcf()))
    random.seed(4)
    assert graphique_probabilites(300, 32) is None
    random.seed(4)
    p = probabilites_victoire(300, 32)
    (figure,) = shown
    xs, ys = figure.axes[0].lines[0].get_data()
    assert list(xs) == list(range(2, 33)) and list(ys) == p[2:]
    plt.close(figure)


def test_statistics_align_their_colons_and_refuse_zero_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    statistiques_nb_tas(50, 52)
    lines = capsys.readouterr().out.splitlines()[1:]
    assert len({line.index(" : ") for line in lines}) == 1
    for function in (res_multi_simulation, statistiques_nb_tas, probabilites_victoire):
        with pytest.raises(ValueError, match="nb_sim"):
            function(0)
        with pytest.raises(ValueError, match="nb_cartes"):
            function(10, 40)


def test_statistics_with_the_best_swap_use_the_same_decks() -> None:
    from solitaire_lib.alliances import res_multi_simulation_echange

    random.seed(8)
    paires = res_multi_simulation_echange(30)
    random.seed(8)
    assert [sans for sans, _ in paires] == res_multi_simulation(30)
    assert all(2 <= avec <= 32 for _, avec in paires)


def test_every_function_of_the_alliances_package_has_a_docstring() -> None:
    """The course asks for a docstring on every function of its program, those it did not ask for
    included: here, every module that plays the course's game (not the widget nor the checks)."""
    import ast

    package = Path(__file__).resolve().parent.parent / "solitaire_lib" / "alliances"
    program = ["analysis", "console", "course", "display", "fast", "manual", "rules"]
    missing = []
    for path in [package / f"{name}.py" for name in program]:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not ast.get_docstring(
                node
            ):
                missing.append(f"{path.name}:{node.lineno} {node.name}")
    assert not missing, missing


# --- Files written safely and read with clear errors ----------------------------------------


@pytest.mark.parametrize(
    "bad_deck",
    [[], init_pioche_ordonnee(32)[:-1], [{"valeur": "7 K", "couleur": "P"}] * 32,
     [*init_pioche_ordonnee(32)[:-1], {"valeur": 7, "couleur": "P\nX"}], "7-K", None],
    ids=["empty", "31 cards", "spaces", "newline", "text", "None"],
)  # fmt: skip
def test_a_deck_that_could_not_be_read_back_is_refused_and_the_file_kept(
    tmp_path: Path, bad_deck: Any
) -> None:
    path = tmp_path / "good.txt"
    ecrire_fichier_reussite(path, init_pioche_ordonnee(32))
    before = path.read_bytes()
    with pytest.raises(ValueError, match="whole deck"):
        ecrire_fichier_reussite(path, bad_deck)
    assert path.read_bytes() == before and list(tmp_path.iterdir()) == [path]


def test_writing_keeps_the_mode_follows_a_symlink_and_takes_long_names(tmp_path: Path) -> None:
    deck = init_pioche_ordonnee(52)
    target = tmp_path / "target.txt"
    ecrire_fichier_reussite(target, init_pioche_ordonnee(32))
    target.chmod(0o644)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    ecrire_fichier_reussite(link, deck)
    assert link.is_symlink() and init_pioche_fichier(target) == deck
    assert (target.stat().st_mode & 0o777) == 0o644
    long_name = tmp_path / ("d" * 250 + ".txt")
    ecrire_fichier_reussite(long_name, deck)
    assert init_pioche_fichier(long_name) == deck


def test_reading_accepts_a_bom_and_names_what_is_wrong(tmp_path: Path) -> None:
    deck = init_pioche_ordonnee(32)
    text = " ".join(f"{c['valeur']}-{c['couleur']}" for c in deck)
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert init_pioche_fichier(path) == deck
    cases = {
        "²-P " + text.split(" ", 1)[1]: r"card 1 of .*: '²-P' has an unknown value '²'",
        "x" * 30_000_000: r"card 1 of .*: 'x{30,50}…' \(30,000,000 characters\) has no '-'",
    }
    for content, message in cases.items():
        path.write_text(content, "utf-8")
        with pytest.raises(ValueError, match=message) as error:
            init_pioche_fichier(path)
        assert len(str(error.value)) < 300 + len(str(path))
    path.write_bytes(text.encode("utf-16"))
    with pytest.raises(ValueError, match="not a text file in UTF-8"):
        init_pioche_fichier(path)
    path.write_bytes(bytes(range(256)))
    with pytest.raises(ValueError, match="not a text file in UTF-8"):
        init_pioche_fichier(path)


@pytest.mark.parametrize(
    "pioche", [None, "abc", 5, [None], [{"valeur": 7.0, "couleur": "P"}] * 32, [[1, 2]] * 32,
               [{"valeur": [7], "couleur": "P"}] * 32, {"valeur": 7}],
)  # fmt: skip
def test_verifier_pioche_says_false_for_anything_malformed(pioche: Any) -> None:
    assert verifier_pioche(pioche) is False
