"""Manual mode: the player draws and asks for jumps; the rules refuse what is not allowed.

The same :class:`~.rules.ManualGame` and the same messages serve the console
(:func:`play_manual`, in French as the course) and the widget (in English).

Commands at the console: ``p`` draw, ``s N`` (or just ``N``) make pile N jump, ``a`` show the
possible jumps, ``u`` undo, ``q`` give up (the rest of the deck is laid without jumps).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from solitaire_lib.alliances.display import carte_to_chaine, numbers_line, piles_line
from solitaire_lib.alliances.rules import ManualGame
from solitaire_lib.cards import Card, card_to_french
from solitaire_lib.prompt import short

MESSAGES = {
    "fr": {
        "title": "Réussite des alliances : {cards} cartes, gagné avec au plus {max} tas.",
        "deck": "Pioche : {left} carte(s).",
        "no_piles": "(aucun tas pour l'instant)",
        "menu": "p : piocher   s N : faire sauter le tas N   a : aide   u : annuler   "
        "q : abandonner",
        "prompt": "Votre choix : ",
        "unknown": "Commande inconnue : {text}. Tapez p, s N, a, u ou q.",
        "deck_empty": "La pioche est vide : faites un saut ou abandonnez (q).",
        "no_neighbours": "Coup impossible : le tas {n} n'a pas un tas de chaque côté.",
        "not_allied": "Coup impossible : les tas {left} ({a}) et {right} ({b}) ne sont pas alliés.",
        "jumped": "Le tas {n} ({card}) saute sur le tas {left}.",
        "hint": "Sauts possibles : tas {jumps}.",
        "no_hint": "Aucun saut possible.",
        "undone": "Coup annulé.",
        "nothing_to_undo": "Rien à annuler.",
        "gave_up": "Abandon : les cartes restantes sont posées sans saut.",
        "over": "La pioche est vide et aucun saut n'est possible : la partie est finie.",
        "won": "Gagné ! Il reste {piles} tas (au plus {max} autorisés).",
        "lost": "Perdu : il reste {piles} tas (au plus {max} autorisés).",
    },
    "en": {
        "title": "La réussite des alliances: {cards} cards, won with at most {max} piles.",
        "deck": "Deck: {left} card(s) left.",
        "no_piles": "(no piles yet)",
        "menu": "Draw, click a pile to make it jump, Hint, Undo, Give up.",
        "prompt": "Your move: ",
        "unknown": "Unknown command: {text}.",
        "deck_empty": "The deck is empty: make a jump or give up.",
        "no_neighbours": "Illegal jump: pile {n} needs a pile on each side.",
        "not_allied": "Illegal jump: piles {left} ({a}) and {right} ({b}) are not allied.",
        "jumped": "Pile {n} ({card}) jumps onto pile {left}.",
        "hint": "Jumps available: pile {jumps}.",
        "no_hint": "No jump is possible.",
        "undone": "Move undone.",
        "nothing_to_undo": "Nothing to undo.",
        "gave_up": "Given up: the rest of the deck is laid without jumps.",
        "over": "The deck is empty and no jump is possible: the game is over.",
        "won": "You won! {piles} piles left (at most {max} allowed).",
        "lost": "You lost: {piles} piles left (at most {max} allowed).",
    },
}


def message(lang: str, key: str, **values: object) -> str:
    """The message ``key`` in ``lang`` ('fr' or 'en'), filled with ``values``."""
    return MESSAGES[lang][key].format(**values)


def card_text(card: Card, lang: str) -> str:
    """A card in a message: as the course shows it in French (``8♡``), else ``8♥``."""
    return carte_to_chaine(card_to_french(card)).strip() if lang == "fr" else str(card)


@dataclass(frozen=True)
class Command:
    """A parsed console command: ``kind`` is draw, jump, hint, undo or quit."""

    kind: str
    pile: int = 0  # 1-based, for jumps


#: A pile number has at most this many digits (a game has at most 52 piles).
MAX_PILE_DIGITS = 9


def parse_command(text: str) -> Command | None:
    """Read a console command; ``None`` when it is not one.

    >>> parse_command(" s 3 "), parse_command("4"), parse_command("P"), parse_command("s x")
    (Command(kind='jump', pile=3), Command(kind='jump', pile=4), Command(kind='draw', pile=0), None)
    """
    words = text.strip().lower().split()
    simple = {"p": "draw", "a": "hint", "u": "undo", "q": "quit"}
    if len(words) == 1 and words[0] in simple:
        return Command(simple[words[0]])
    number = words[-1] if len(words) == 1 or (len(words) == 2 and words[0] == "s") else ""
    if not (number.isascii() and number.isdigit()) or len(number) > MAX_PILE_DIGITS:
        return None  # not a number, or more piles than any deck could make
    return Command("jump", int(number))


def jump_refusal(game: ManualGame, pile: int, lang: str) -> str | None:
    """Why pile ``pile`` (1-based) cannot jump, or ``None`` when it can."""
    index = pile - 1
    if not 1 <= index < len(game.piles) - 1:
        return message(lang, "no_neighbours", n=pile)
    if index in game.available_jumps():
        return None
    left, right = game.piles[index - 1], game.piles[index + 1]
    return message(
        lang, "not_allied", left=pile - 1, right=pile + 1,
        a=card_text(left, lang), b=card_text(right, lang),
    )  # fmt: skip


def hint(game: ManualGame, lang: str) -> str:
    """Which piles can jump now (numbered from 1, as the player sees them)."""
    jumps = game.available_jumps()
    if not jumps:
        return message(lang, "no_hint")
    return message(lang, "hint", jumps=", ".join(str(i + 1) for i in jumps))


def result(game: ManualGame, max_piles: int, lang: str) -> str:
    """Won or lost: at most ``max_piles`` piles win."""
    key = "won" if len(game.piles) <= max_piles else "lost"
    return message(lang, key, piles=len(game.piles), max=max_piles)


def play_manual(
    deck: list[Card],
    max_piles: int = 2,
    *,
    ask: Callable[[str], str] | None = None,
    say: Callable[[str], None] = print,
    lang: str = "fr",
) -> list[Card]:
    """Play at the console until the player quits or the game is over; the final piles.

    ``ask`` reads an answer (``input`` by default, looked up at each call).
    """
    if ask is None:
        ask = input
    game = ManualGame(list(deck))
    say(message(lang, "title", cards=len(deck), max=max_piles))
    while True:
        if game.piles:
            say(piles_line(game.piles))
            say(numbers_line(len(game.piles)))
        else:
            say(message(lang, "no_piles"))
        say(message(lang, "deck", left=len(game.deck)))
        if game.is_over:
            say(message(lang, "over"))
            break
        say(message(lang, "menu"))
        try:
            text = ask(message(lang, "prompt"))
        except EOFError:
            text = "q"
        command = parse_command(text)
        if command is None:
            say(message(lang, "unknown", text=short(text)))
        elif command.kind == "quit":
            game.give_up()
            say(message(lang, "gave_up"))
            break
        elif command.kind == "draw":
            if game.deck:
                game.draw()
            else:
                say(message(lang, "deck_empty"))
        elif command.kind == "hint":
            say(hint(game, lang))
        elif command.kind == "undo":
            say(message(lang, "undone" if game.undo() else "nothing_to_undo"))
        else:
            refusal = jump_refusal(game, command.pile, lang)
            if refusal is None:
                card = game.piles[command.pile - 1]
                game.jump(command.pile - 1)
                say(message(lang, "jumped", n=command.pile, card=card_text(card, lang),
                            left=command.pile - 1))  # fmt: skip
            else:
                say(refusal)
        say("")
    say(piles_line(game.piles))
    say(result(game, max_piles, lang))
    return game.piles
