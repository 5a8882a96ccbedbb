"""Wrong implementations that students write for the tasks of exercises/01, one list per task.

``tests/test_exercise_mistakes.py`` proves that the check rejects every one of them, with a report
that matches its ``says`` pattern: the hint about the mistake, or the difference that shows it.
Each function's docstring names the mistake.
"""

from __future__ import annotations

import random
import types

from student_copy import as_a_student_writes_it

from mistakes import fix_first, in_a_notebook
from solitaire_lib.aces_in_sequence import exercises as _exercises
from solitaire_lib.aces_in_sequence import rules
from solitaire_lib.cards import card_from_code, code_of_card
from solitaire_lib.grading.checks import Mistake
from solitaire_lib.prompt import SEED_PROMPT

# Right versions the mistakes build on: students' own copies of the references (the check's
# own are hidden in a student's run).
aces_together = as_a_student_writes_it(_exercises.aces_together)
deal = as_a_student_writes_it(_exercises.deal)
discard_sentence = as_a_student_writes_it(_exercises.discard_sentence)
final_row = as_a_student_writes_it(_exercises.final_row)
game_output = as_a_student_writes_it(_exercises.game_output)
keep_sentence = as_a_student_writes_it(_exercises.keep_sentence)
shuffled_deck = as_a_student_writes_it(_exercises.shuffled_deck)
turn_header = as_a_student_writes_it(_exercises.turn_header)
turn_over = as_a_student_writes_it(_exercises.turn_over)

ORDINALS = [
    "First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth",
    "Tenth", "Eleventh", "Twelfth", "Thirteenth", "Fourteenth", "Fifteenth", "Sixteenth",
]  # fmt: skip
#: The list the statement gave before stacks of more than eight cards were known to it.
EIGHT_ORDINALS = ORDINALS[:8]


# --- shuffled_deck --------------------------------------------------------------------------------


def shuffle_without_seed(s):
    """Forgets seed(s): a different deck every time."""
    cards = list(range(32))
    random.Random().shuffle(cards)
    return cards


def seeded_with_the_text_of_s(s):
    """Seeds with str(s), the seed read as text: another shuffle for every seed."""
    cards = list(range(32))
    random.seed(str(s))
    random.shuffle(cards)
    return cards


def seed_cut_to_32_bits(s):
    """Seeds with s & 0xFFFFFFFF: a negative or a large seed gives another shuffle."""
    cards = list(range(32))
    random.seed(s & 0xFFFFFFFF)
    random.shuffle(cards)
    return cards


def seed_after_shuffle(s):
    """Calls seed(s) after shuffle()."""
    cards = list(range(32))
    random.shuffle(cards)
    random.seed(s)
    return cards


def codes_from_one(s):
    """Numbers the cards 1 to 32."""
    cards = list(range(1, 33))
    random.seed(s)
    random.shuffle(cards)
    return cards


def reversed_deck(s):
    """Reverses the shuffled list, thinking the top card must come first."""
    return shuffled_deck(s)[::-1]


def deck_as_tuple(s):
    """Returns the shuffled deck as a tuple."""
    return tuple(shuffled_deck(s))


def sample_instead_of_shuffle(s):
    """Uses random.sample, which draws a different permutation from the same seed."""
    random.seed(s)
    return random.sample(range(32), 32)


def no_shuffle(s):
    """Seeds but forgets to shuffle."""
    random.seed(s)
    return list(range(32))


def deck_kept_for_each_seed(s, _decks={}):  # noqa: B006 (the mistake itself)
    """Shuffles a seed's deck once and keeps it in a default argument: every later call of that
    seed returns the same list object, so a caller that takes a card from its deck takes it from
    every later deck of the seed (held-out 15a, sd_cache)."""
    if s not in _decks:
        cards = list(range(32))
        random.seed(s)
        random.shuffle(cards)
        _decks[s] = cards
    return _decks[s]


def shuffled_by_numpy(s):
    """Seeds and shuffles with numpy's generator, not the random module's (held-out 15a,
    sd_np_seeded): another order, and an error for a negative seed."""
    import numpy

    numpy.random.seed(s)
    cards = list(range(32))
    numpy.random.shuffle(cards)
    return cards


#: The notebook's deck, made once when its cell runs (deck_in_a_global's).
DECK = list(range(32))


def deck_in_a_global(s):
    """Shuffles the notebook's list DECK, made once: each call shuffles the deck as the call
    before left it (held-out 14a, n01_sd_global)."""
    random.seed(s)
    random.shuffle(DECK)
    return list(DECK)


# --- card_glyph -----------------------------------------------------------------------------------

_SUIT_STARTS = (0x1F0B1, 0x1F0C1, 0x1F0D1, 0x1F0A1)
_OFFSETS = (0, 6, 7, 8, 9, 10, 12, 13)


def knight_not_skipped(code):
    """Forgets that the Knight sits between the Jack and the Queen."""
    suit, position = divmod(code, 8)
    return chr(_SUIT_STARTS[suit] + (0, 6, 7, 8, 9, 10, 11, 12)[position])


def seven_one_place_early(code):
    """Puts the 7 at place 6 of its suit's block, and every card after it one place early."""
    suit, position = divmod(code, 8)
    return chr(_SUIT_STARTS[suit] + _OFFSETS[position] - (position > 0))


def spades_first(code):
    """Takes the suits in Unicode's order (Spades, Hearts, Diamonds, Clubs)."""
    suit, position = divmod(code, 8)
    return chr((0x1F0A1, 0x1F0B1, 0x1F0C1, 0x1F0D1)[suit] + _OFFSETS[position])


def ranks_without_gap(code):
    """Forgets that the 32-card deck jumps from the Ace to the 7."""
    suit, position = divmod(code, 8)
    return chr(_SUIT_STARTS[suit] + position)


def back_of_card(code):
    """Counts from U+1F0A0 (the back of a card) for every code."""
    return chr(0x1F0A0 + code)


def code_as_text(code):
    """Returns the code as text."""
    return str(code)


def glyph_printed(code):
    """Prints the character instead of returning it."""
    suit, position = divmod(code, 8)
    print(chr(_SUIT_STARTS[suit] + _OFFSETS[position]))


def ranks_as_in_a_full_deck(code):
    """Takes the ranks of the 32-card deck as Ace, 2, 3, ... as if they were those of 52 cards."""
    return chr(_SUIT_STARTS[code // 8] + code % 8)


def divided_by_thirteen(code):
    """Splits the code with divmod(code, 13), the 52-card deck's arithmetic."""
    suit, rank = divmod(code, 13)
    return chr(_SUIT_STARTS[suit % 4] + _OFFSETS[rank % 8])


def suits_from_place_zero(code):
    """Counts each suit from place 0 of its block, so every card is one code point too low."""
    suit, position = divmod(code, 8)
    return chr(_SUIT_STARTS[suit] - 1 + _OFFSETS[position])


# --- deal -----------------------------------------------------------------------------------------


def deal_from_bottom(pile, n_stacks):
    """Deals pile[0] first, as if the first element were the top."""
    return [pile[i::n_stacks] for i in range(n_stacks)]


def stacks_top_first(pile, n_stacks):
    """Lists each stack from its last card dealt."""
    return [stack[::-1] for stack in deal(pile, n_stacks)]


def deal_in_blocks(pile, n_stacks):
    """Gives each stack a block of consecutive cards instead of one card in turn."""
    from_top = pile[::-1]
    size = -(-len(from_top) // n_stacks)
    return [from_top[i * size : (i + 1) * size] for i in range(n_stacks)]


def deal_with_pop(pile, n_stacks):
    """Pops the cards off the pile it was given."""
    stacks = [[] for _ in range(n_stacks)]
    i = 0
    while pile:
        stacks[i % n_stacks].append(pile.pop())
        i += 1
    return stacks


def one_stack_short(pile, n_stacks):
    """range(n_stacks - 1): one stack fewer."""
    from_top = pile[::-1]
    return [from_top[i::n_stacks] for i in range(n_stacks - 1)]


def only_stacks_that_get_a_card(pile, n_stacks):
    """Leaves out the stacks that get no card when the pile has fewer cards than stacks."""
    return [stack for stack in deal(pile, n_stacks) if stack]


def stacks_right_to_left(pile, n_stacks):
    """Returns the stacks in reverse order."""
    return deal(pile, n_stacks)[::-1]


def stacks_share_one_list(pile, n_stacks):
    """Makes the stacks with [[]] * n_stacks: every stack is the same list."""
    stacks = [[]] * n_stacks
    for number, code in enumerate(pile[::-1]):
        stacks[number % n_stacks].append(code)
    return [list(stack) for stack in stacks]


def first_card_to_stack_one(pile, n_stacks):
    """Starts dealing at the second stack (counts stacks from 1)."""
    stacks = [[] for _ in range(n_stacks)]
    for number, code in enumerate(reversed(pile), start=1):
        stacks[number % n_stacks].append(code)
    return stacks


# --- turn_over ------------------------------------------------------------------------------------


def kept_then_discarded(stack):
    """Returns (kept, discarded)."""
    discarded, kept = turn_over(stack)
    return kept, discarded


def ace_is_code_one(stack):
    """Thinks the aces are the codes with code % 8 == 1."""
    for i, code in enumerate(stack):
        if code % 8 == 1:
            return stack[:i], stack[i:]
    return list(stack), []


def kept_without_the_ace(stack):
    """Keeps only the cards after the ace."""
    discarded, kept = turn_over(stack)
    return discarded, kept[1:]


def parts_reversed(stack):
    """Lists each part from the top of the turned stack down."""
    discarded, kept = turn_over(stack)
    return discarded[::-1], kept[::-1]


def last_ace(stack):
    """Looks for the last ace instead of the first."""
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] % 8 == 0:
            return stack[:i], stack[i:]
    return list(stack), []


def parts_in_a_list(stack):
    """Returns [discarded, kept], a list, instead of the pair (discarded, kept)."""
    return list(turn_over(stack))


def lists_as_tuples(stack):
    """Returns the two parts as tuples."""
    discarded, kept = turn_over(stack)
    return tuple(discarded), tuple(kept)


def nothing_discarded_without_ace(stack):
    """Keeps the whole stack when it holds no ace."""
    discarded, kept = turn_over(stack)
    return (discarded, kept) if kept else ([], list(stack))


def stack_itself_when_no_ace(stack):
    """Returns the caller's stack itself as discarded when it holds no ace: a caller that then
    adds to discarded changes its stack (held-out 15a, to_alias)."""
    for i, code in enumerate(stack):
        if code % 8 == 0:
            return stack[:i], stack[i:]
    return stack, []


def parts_kept_for_each_stack(stack, _answers={}):  # noqa: B006 (the mistake itself)
    """Keeps each stack's answer in a default argument: a second call on an equal stack returns
    the same two lists."""
    return _answers.setdefault(tuple(stack), turn_over(stack))


def any_multiple_of_thirteen(stack):
    """Takes the codes divisible by 13 for the aces, as in the 52-card deck."""
    for i, code in enumerate(stack):
        if code % 13 == 0:
            return stack[:i], stack[i:]
    return list(stack), []


def searched_from_the_top(stack):
    """Reverses the stack before looking for the ace (as if turned over meant reversed)."""
    return turn_over(stack[::-1])


# --- final_row ------------------------------------------------------------------------------------


def _stages(s, schedule):
    pile = shuffled_deck(s)
    for n_stacks in schedule:
        kept_pile = []
        for stack in deal(pile, n_stacks):
            kept_pile += turn_over(stack)[1]
        pile = kept_pile
    return pile


def row_bottom_to_top(s):
    """Returns the last pile from bottom to top."""
    return _stages(s, (4, 3, 2))


def stacks_turned_from_the_last_card(s):
    """Turns each stack over from the card dealt to it last (the end of its list)."""
    pile = shuffled_deck(s)
    for n_stacks in (4, 3, 2):
        kept_pile = []
        for stack in deal(pile, n_stacks):
            kept_pile += turn_over(stack[::-1])[1]
        pile = kept_pile
    return pile[::-1]


def later_stages_from_the_pile_reversed(s):
    """Deals the second and third stages from the pile put aside read backwards."""
    pile = shuffled_deck(s)
    for stage, n_stacks in enumerate((4, 3, 2)):
        kept_pile = []
        for stack in deal(pile[::-1] if stage else pile, n_stacks):
            kept_pile += turn_over(stack)[1]
        pile = kept_pile
    return pile[::-1]


def each_pile_aside_reversed(s):
    """Reverses the pile put aside at the end of every stage, the last one too, taking the
    reversed pile for the next deck."""
    deck = shuffled_deck(s)
    for n_stacks in (4, 3, 2):
        kept_pile = []
        for stack in deal(deck, n_stacks):
            kept_pile += turn_over(stack)[1]
        deck = kept_pile[::-1]
    return deck[::-1]


def first_stage_from_the_deck_bottom(s):
    """Reverses the shuffled deck before the first stage, dealing deck[0] first."""
    pile = list(reversed(shuffled_deck(s)))
    for n_stacks in (4, 3, 2):
        pile = [code for stack in deal(pile, n_stacks) for code in turn_over(stack)[1]]
    return pile[::-1]


def two_stages(s):
    """Stops after two stages."""
    return _stages(s, (4, 3))[::-1]


def stops_when_the_aces_come_out(s):
    """Stops as soon as the aces are together or alone in the pile put aside."""
    pile = shuffled_deck(s)
    for n_stacks in (4, 3, 2):
        pile = [code for stack in deal(pile, n_stacks) for code in turn_over(stack)[1]]
        if len(pile) == 4 or aces_together(pile[::-1]):
            break
    return pile[::-1]


def code_zero_taken_as_no_ace(s):
    """Finds the aces with 'if code and code % 8 == 0': code 0, the Ace of Hearts, is never one."""
    pile = shuffled_deck(s)
    for n_stacks in (4, 3, 2):
        aside = []
        for stack in deal(pile, n_stacks):
            aces = [i for i, code in enumerate(stack) if code and code % 8 == 0]
            aside += stack[aces[0] :] if aces else []
        pile = aside
    return pile[::-1]


def stages_backwards(s):
    """Plays 2, 3, then 4 stacks."""
    return _stages(s, (2, 3, 4))[::-1]


def same_deck_every_stage(s):
    """Deals the original deck at every stage (forgets to use the pile kept)."""
    deck = shuffled_deck(s)
    kept_pile = []
    for n_stacks in (4, 3, 2):
        kept_pile = []
        for stack in deal(deck, n_stacks):
            kept_pile += turn_over(stack)[1]
    return kept_pile[::-1]


def kept_parts_upside_down(s):
    """Puts each kept part aside ace on top (reversed), as it shows face up."""
    pile = shuffled_deck(s)
    for n_stacks in (4, 3, 2):
        pile = [code for stack in deal(pile, n_stacks) for code in turn_over(stack)[1][::-1]]
    return pile[::-1]


def last_stack_aside_first(s):
    """Puts the kept parts aside from the last stack to the first."""
    pile = shuffled_deck(s)
    for n_stacks in (4, 3, 2):
        parts = [turn_over(stack)[1] for stack in deal(pile, n_stacks)]
        pile = [code for part in reversed(parts) for code in part]
    return pile[::-1]


def discarded_cards(s):
    """Returns the cards thrown away in the last stage."""
    pile = shuffled_deck(s)
    for n_stacks in (4, 3, 2):
        kept_pile, thrown = [], []
        for stack in deal(pile, n_stacks):
            thrown += turn_over(stack)[0]
            kept_pile += turn_over(stack)[1]
        pile = kept_pile
    return thrown[::-1]


# --- aces_together --------------------------------------------------------------------------------


def aces_in_suit_order(row):
    """Wants the aces in the order Hearts, Diamonds, Clubs, Spades."""
    text = ",".join(map(str, row))
    return "0,8,16,24" in text


def span_of_four(row):
    """Off by one: the first and last ace 4 apart."""
    positions = [i for i, code in enumerate(row) if code % 8 == 0]
    return positions[-1] - positions[0] == 4


def only_four_cards(row):
    """Thinks the game is won when four cards are left."""
    return len(row) == 4


def aces_at_the_start(row):
    """Only looks at the first four cards."""
    return all(code % 8 == 0 for code in row[:4])


def aces_at_the_end(row):
    """Only looks at the last four cards."""
    return sorted(row[-4:]) == [0, 8, 16, 24]


def aces_not_at_the_start(row):
    """Finds the aces side by side but wants a card before them (the first ace after place 0)."""
    where = sorted(row.index(ace) for ace in (0, 8, 16, 24))
    return where[-1] - where[0] == 3 and where[0] > 0


def window_one_short(row):
    """Looks at the windows of four starting at 0 to len(row) - 5, one short of the end."""
    aces = {0, 8, 16, 24}
    return any(set(row[i : i + 4]) == aces for i in range(len(row) - 4))


def answer_as_text(row):
    """Returns 'True' or 'False' as text."""
    return str(aces_together(row))


def each_ace_beside_another(row):
    """Only checks that every ace has an ace next to it, so two pairs apart pass."""
    where = [i for i, code in enumerate(row) if code % 8 == 0]
    return all(i - 1 in where or i + 1 in where for i in where)


def three_aces_in_a_row(row):
    """Looks at the first three aces only: three together are enough."""
    first_three = [i for i, code in enumerate(row) if code % 8 == 0][:3]
    return first_three[2] - first_three[0] == 2


def multiples_of_four_as_aces(row):
    """Takes every code divisible by 4 for an ace and looks for four of them side by side."""
    marked = "".join("A" if code % 4 == 0 else "." for code in row)
    return "AAAA" in marked


def four_cards_summing_as_the_aces(row):
    """Says the aces are together when the four cards from the first ace add up to 48, as
    0 + 8 + 16 + 24 do (reading 17: no case had other cards with that sum, and it passed)."""
    first = min(i for i, code in enumerate(row) if code % 8 == 0)
    return sum(row[first : first + 4]) == 48


def prints_the_answer(row):
    """Prints the answer instead of returning it."""
    print(aces_together(row))


# --- turn_header ----------------------------------------------------------------------------------


def _header(index, position, last, no_ace=False):
    if no_ace:
        return f"No ace in {ORDINALS[index].lower()} stack, after it has been turned over."
    return (
        f"{ORDINALS[position]}{' (and last)' if last else ''} card in "
        f"{ORDINALS[index].lower()} stack, after it has been turned over, is an ace."
    )


def stack_counted_from_one(index, thrown, kept):
    """Uses ORDINALS[index + 1] for the stack."""
    return _header(index + 1, len(thrown), len(kept) == 1, not kept)


def position_counted_from_one(index, thrown, kept):
    """Uses ORDINALS[len(thrown) + 1] for the ace."""
    return _header(index, len(thrown) + 1, len(kept) == 1, not kept)


def position_one_before(index, thrown, kept):
    """Uses ORDINALS[len(thrown) - 1] for the ace: one word too early ('Sixteenth' on top)."""
    return _header(index, len(thrown) - 1, len(kept) == 1, not kept)


def never_and_last(index, thrown, kept):
    """Forgets '(and last)'."""
    return _header(index, len(thrown), False, not kept)


def own_words_for_an_empty_stack(index, thrown, kept):
    """Has a sentence of its own for an empty stack (nothing thrown, nothing kept), though the
    statement's 'No ace in ...' is for every empty kept (held-out set 14a)."""
    if not thrown and not kept:
        return f"No card in {ORDINALS[index].lower()} stack."
    return turn_header(index, thrown, kept)


def capital_stack_word(index, thrown, kept):
    """Writes 'in First stack'."""
    return turn_header(index, thrown, kept).replace(
        f"in {ORDINALS[index].lower()} stack", f"in {ORDINALS[index]} stack"
    )


def header_without_full_stop(index, thrown, kept):
    """Forgets the full stop."""
    return turn_header(index, thrown, kept).rstrip(".")


def ordinals_to_eighth(index, thrown, kept):
    """Words the ace's position from ORDINALS that stops at 'Eighth' (the size of a stack at the
    first stage): an IndexError when the ace is ninth or later in a stack of a later stage."""
    if not kept:
        return f"No ace in {EIGHT_ORDINALS[index].lower()} stack, after it has been turned over."
    return (
        f"{EIGHT_ORDINALS[len(thrown)]}{' (and last)' if len(kept) == 1 else ''} card in "
        f"{EIGHT_ORDINALS[index].lower()} stack, after it has been turned over, is an ace."
    )


def three_stack_words(index, thrown, kept):
    """Words the stack's number from a list of its own, first, second, third: an IndexError on
    the fourth stack."""
    stack = ["first", "second", "third"][index]
    if not kept:
        return f"No ace in {stack} stack, after it has been turned over."
    return (
        f"{ORDINALS[len(thrown)]}{' (and last)' if len(kept) == 1 else ''} card in "
        f"{stack} stack, after it has been turned over, is an ace."
    )


def and_last_when_ace_on_top(index, thrown, kept):
    """Says '(and last)' when the ace is the first card turned, not the last one."""
    return _header(index, len(thrown), not thrown and bool(kept), not kept)


# --- discard_sentence -----------------------------------------------------------------------------


def empty_text_for_nothing(thrown, kept, discarded_before):
    """Returns '' when nothing is discarded."""
    return discard_sentence(thrown, kept, discarded_before) or ""


def always_discarding(thrown, kept, discarded_before):
    """Always starts with 'Discarding'."""
    sentence = discard_sentence(thrown, kept, discarded_before)
    return sentence and sentence.replace(
        "Adding to the cards that have been discarded", "Discarding"
    )


def plural_for_one(thrown, kept, discarded_before):
    """Writes 'the 1 cards before the ace'."""
    sentence = discard_sentence(thrown, kept, discarded_before)
    return sentence and sentence.replace("the card before", "the 1 cards before")


def the_card_when_no_ace(thrown, kept, discarded_before):
    """Writes 'the card in the stack' for a single card and no ace."""
    sentence = discard_sentence(thrown, kept, discarded_before)
    if len(thrown) == 1 and not kept:
        return sentence.replace("all cards in the stack", "the card in the stack")
    return sentence


def no_ace_tested_first(thrown, kept, discarded_before):
    """Tests for 'no ace' before 'nothing thrown': an empty stack gets 'all cards in the stack'."""
    verb = "Adding to the cards that have been discarded" if discarded_before else "Discarding"
    if not kept:
        return f"{verb} all cards in the stack."
    return discard_sentence(thrown, kept, discarded_before)


def count_when_no_ace(thrown, kept, discarded_before):
    """Counts the cards before the ace even when there is no ace."""
    sentence = discard_sentence(thrown, kept, discarded_before)
    if not kept and thrown:
        return sentence.replace("all cards in the stack", f"the {len(thrown)} cards before the ace")
    return sentence


def adding_after_this_stack(thrown, kept, discarded_before):
    """Looks at whether this stack discards, not at the cards discarded before."""
    return discard_sentence(thrown, kept, thrown if len(thrown) > 1 else [])


def adding_when_this_stack_throws(thrown, kept, discarded_before):
    """Picks the verb from thrown (this stack's cards), so it says 'Adding to...' on the first
    discard of the game too."""
    sentence = discard_sentence(thrown, kept, discarded_before)
    return sentence and sentence.replace(
        "Discarding", "Adding to the cards that have been discarded"
    )


# --- keep_sentence --------------------------------------------------------------------------------


def counts_the_ace(kept, aside_before):
    """Counts the ace among the cards after it."""
    if not kept:
        return None
    verb = "Also keeping" if aside_before else "Keeping"
    return f"{verb} the ace and the {len(kept)} cards after, turning them over."


def always_keeping(kept, aside_before):
    """Always starts with 'Keeping'."""
    return keep_sentence(kept, [])


def empty_text_for_no_ace(kept, aside_before):
    """Returns '' when there is no ace."""
    return keep_sentence(kept, aside_before) or ""


def plural_for_one_after(kept, aside_before):
    """Writes 'the 1 cards after'."""
    sentence = keep_sentence(kept, aside_before)
    return sentence and sentence.replace("the card after", "the 1 cards after")


def them_for_the_ace_alone(kept, aside_before):
    """Writes 'turning them over' for the ace alone."""
    sentence = keep_sentence(kept, aside_before)
    return sentence and sentence.replace("turning it over", "turning them over")


# --- game_output ----------------------------------------------------------------------------------


def no_first_empty_line(s):
    """Leaves out the empty line printed after the prompt."""
    return game_output(s)[1:]


def columns_eleven_apart(s):
    """Puts stacks 11 characters apart."""
    return [line.replace(" " * 12, " " * 11) for line in game_output(s)]


def lines_joined(s):
    """Returns the lines joined into one text instead of the list of lines."""
    return "\n".join(game_output(s))


def trailing_spaces(s):
    """Pads every stack to 12 characters, leaving spaces at the end of lines."""
    return [
        line + " " if "]" in line and not line.endswith("]]") else line for line in game_output(s)
    ]


def last_line_with_its_newline(s):
    """Ends the last line with "\\n", as the line printed would end."""
    lines = game_output(s)
    return [*lines[:-1], lines[-1] + "\n"]


def won_and_lost_swapped(s):
    """Says 'You won!' for a lost game and the other way round."""
    swap = {"You won!": "You lost!", "You lost!": "You won!"}
    return [swap.get(line, line) for line in game_output(s)]


def final_row_not_reversed(s):
    """Shows the last pile bottom to top."""
    lines = game_output(s)
    return [*lines[:-1], lines[-1][::-1]]


def kept_shown_ace_at_the_bottom(s):
    """Shows each kept part face up as dealt, without reversing it (the ace not on top)."""
    lines = game_output(s)
    game = rules.play([card_from_code(code, 32) for code in shuffled_deck(s)])
    turns = [turn for stage in game.stages for turn in stage.turns]
    headers = [i for i, line in enumerate(lines) if "after it has been turned over" in line]
    for header, turn in zip(headers, turns, strict=True):
        kept = turn.kept_now
        if len(kept) > 1:
            lines[header + 1] = lines[header + 1].replace(kept[0].glyph, kept[-1].glyph, 1)
    return lines


def headers_to_eighth(s):
    """Writes each turn's header with ordinals_to_eighth (ORDINALS stops at 'Eighth'): an
    IndexError on a deal whose ace is ninth or later in a stack."""
    lines = game_output(s)
    game = rules.play([card_from_code(code, 32) for code in shuffled_deck(s)])
    turns = [turn for stage in game.stages for turn in stage.turns]
    headers = [i for i, line in enumerate(lines) if "after it has been turned over" in line]
    for header, turn in zip(headers, turns, strict=True):
        thrown = [code_of_card(card, 32) for card in turn.discarded_now]
        kept = [code_of_card(card, 32) for card in turn.kept_now]
        lines[header] = ordinals_to_eighth(turn.index, thrown, kept)
    return lines


# --- run_program ----------------------------------------------------------------------------------


def seed_as_text():
    """Passes the text typed to seed() without int()."""
    s = input(SEED_PROMPT)
    print("\n".join(game_output(s)))


def prompt_without_space():
    """Forgets the space at the end of the prompt."""
    s = int(input(SEED_PROMPT.rstrip()))
    print("\n".join(game_output(s)))


def prompt_printed():
    """Prints the prompt on its own line, then calls input()."""
    print(SEED_PROMPT)
    s = int(input())
    print("\n".join(game_output(s)))


def prints_the_list():
    """Prints the list of lines."""
    print(game_output(int(input(SEED_PROMPT))))


def no_prompt():
    """Calls input() without the prompt."""
    print("\n".join(game_output(int(input()))))


def returns_the_game():
    """Returns the game's text instead of printing it."""
    s = int(input(SEED_PROMPT))
    return "\n".join(game_output(s))


def empty_line_before_the_game():
    """Prints an empty line of its own before the game's lines (which start with one)."""
    s = int(input(SEED_PROMPT))
    print()
    print("\n".join(game_output(s)))


# --- simulate -------------------------------------------------------------------------------------


def _wins(n, i):
    wins = {}
    for s in range(i, i + n):
        row = final_row(s)
        if aces_together(row):
            wins[len(row)] = wins.get(len(row), 0) + 1
    return wins


def _table(wins, total, width=33, fmt="9.2%", dashes=45, order=sorted):
    print("Number of cards left when winning | Frequency")
    print("-" * dashes)
    for left in order(wins):
        print(f"{left:{width}} | {wins[left] / total:{fmt}}")


def rows_as_first_won(n, i):
    """Writes the rows in the order the counts were first met (a dict's order), not by count
    (held-out set 13a: every case then met the smaller count first)."""
    _table(_wins(n, i), n, order=list)


def share_of_wins(n, i):
    """Divides by the number of wins instead of the number of games."""
    wins = _wins(n, i)
    _table(wins, sum(wins.values()) or 1)


def aces_only_in_the_first_four(n, i):
    """Calls a game won only when the aces are the first four cards of the final row."""
    wins = {}
    for s in range(i, i + n):
        row = final_row(s)
        if sorted(row[:4]) == [0, 8, 16, 24]:
            wins[len(row)] = wins.get(len(row), 0) + 1
    _table(wins, n)


def wins_in_a_default(n, i, wins={}):  # noqa: B006 (the mistake itself)
    """Counts the wins in a dict given as a default argument, made once when def runs: each
    call adds to the counts of the calls before it (held-out 14a)."""
    for s in range(i, i + n):
        row = final_row(s)
        if aces_together(row):
            wins[len(row)] = wins.get(len(row), 0) + 1
    _table(wins, n)


def one_decimal(n, i):
    """Prints the percentage with one decimal."""
    _table(_wins(n, i), n, fmt="9.1%")


def counts_lost_games(n, i):
    """Counts every game, won or lost."""
    counts = {}
    for s in range(i, i + n):
        left = len(final_row(s))
        counts[left] = counts.get(left, 0) + 1
    _table(counts, n)


def one_seed_too_many(n, i):
    """Plays seeds i to i + n (one too many)."""
    _table(_wins(n + 1, i), n)


def last_seed_left_out(n, i):
    """Stops the seeds one early, at i + n - 2 (range(i, i + n - 1)), and divides by n."""
    _table(_wins(n - 1, i), n)


def n_read_as_the_last_seed(n, i):
    """Plays seeds range(i, n): reads n as the seed to stop at, not the number of games."""
    _table(_wins(max(n - i, 0), i), n)


def decreasing_order(n, i):
    """Lists the numbers of cards by decreasing order."""
    _table(_wins(n, i), n, order=lambda w: sorted(w, reverse=True))


def short_dashes(n, i):
    """Draws 44 dashes."""
    _table(_wins(n, i), n, dashes=44)


def left_aligned(n, i):
    """Aligns the number of cards on the left."""
    _table(_wins(n, i), n, width="<33")


def a_line_for_every_count_between(n, i):
    """Prints a line for every number of cards from the fewest to the most a won game left,
    0.00% for those no game left (reading 21a: the statement now says only counts that occurred
    get a line; no fixed case had a gap between the counts)."""
    wins = _wins(n, i)
    every = range(min(wins), max(wins) + 1) if wins else ()
    _table({left: wins.get(left, 0) for left in every}, n)


# --- Right functions in a notebook where an earlier function they call is wrong -----------------


def _right_final_row(s):
    pile = shuffled_deck(s)
    for n_stacks in (4, 3, 2):
        kept_pile = []
        for stack in deal(pile, n_stacks):
            kept_pile += turn_over(stack)[1]
        pile = kept_pile
    return pile[::-1]


def _right_simulate(n, i):
    wins = {}
    for s in range(i, i + n):
        row = final_row(s)
        if aces_together(row):
            wins[len(row)] = wins.get(len(row), 0) + 1
    _table(wins, n)


def _in_a_notebook(right, name, about, **wrong):
    """``right``'s code in a notebook of its own, where the student's functions named in
    ``wrong`` are the wrong ones given, and final_row is right (it calls that notebook's)."""
    made = in_a_notebook(right, name, about, globals(), **wrong)
    names = made.__globals__
    names["final_row"] = types.FunctionType(_right_final_row.__code__, names, "final_row")
    return made


_WRONG = "Right, but calls the student's own {}, which is wrong ({})."
simulate_with_a_wrong_aces_together = _in_a_notebook(
    _right_simulate,
    "simulate_with_a_wrong_aces_together",
    _WRONG.format("aces_together", "it looks at the first four cards only"),
    aces_together=aces_at_the_start,
)
simulate_with_a_wrong_deal = _in_a_notebook(
    _right_simulate,
    "simulate_with_a_wrong_deal",
    _WRONG.format("deal", "it deals pile[0] first"),
    deal=deal_from_bottom,
)
final_row_with_a_wrong_turn_over = _in_a_notebook(
    _right_final_row,
    "final_row_with_a_wrong_turn_over",
    _WRONG.format("turn_over", "it returns (kept, discarded)"),
    turn_over=kept_then_discarded,
)


_fix_first = fix_first


# --- printing as well as returning (the sentences and the lines print nothing) --------------------


def prints_the_sentence_too(thrown, kept, discarded_before):
    """Prints the sentence as well as returning it (the statement: it prints nothing)."""
    sentence = discard_sentence(thrown, kept, discarded_before)
    if sentence is not None:
        print(sentence)
    return sentence


def prints_the_header_too(index, thrown, kept):
    """Prints the line as well as returning it."""
    line = turn_header(index, thrown, kept)
    print(line)
    return line


def prints_every_line_too(s):
    """Prints the lines as it returns them: run_program prints them a second time."""
    lines = game_output(s)
    for line in lines:
        print(line)
    return lines


MISTAKES: dict[str, list[Mistake]] = {
    "shuffled_deck": [
        Mistake(shuffle_without_seed, "Call seed"),
        Mistake(seed_after_shuffle, "Call seed"),
        Mistake(
            seeded_with_the_text_of_s, r"(?s)^(?!.*Call seed).*Give seed\(\) the number s itself"
        ),
        Mistake(seed_cut_to_32_bits, r"(?s)^(?!.*Call seed).*Give seed\(\) the number s itself"),
        Mistake(codes_from_one, "32 codes 0, 1, ..., 31"),
        Mistake(reversed_deck, "not reversed"),
        Mistake(sample_instead_of_shuffle, "random.sample"),
        Mistake(no_shuffle, "Call seed"),
        Mistake(deck_as_tuple, r"(?s)^(?!.*Call seed).*expected a list, got a tuple"),
        Mistake(
            deck_kept_for_each_seed,
            r"two calls shuffled_deck\(-?\d+\) gave one list object, not a deck each\. Make "
            r"the deck a new list in every call \(a list kept from call to call, in a default "
            r"argument",
        ),
        Mistake(shuffled_by_numpy, r"(?s)^(?!.*Call seed).*Use the random module's seed and"),
        Mistake(
            deck_in_a_global,
            r"Hint: Called twice in a row, shuffled_deck\(-?\d+\) gives two different answers, "
            r"the first one right: [^\n]* It uses DECK \(a list\), made once, when its cell ran",
        ),
    ],
    "card_glyph": [
        Mistake(ranks_as_in_a_full_deck, "places 1, 7, 8, 9, 10, 11, 13 and 14"),
        Mistake(divided_by_thirteen, "8 cards a suit"),
        Mistake(knight_not_skipped, "the Knight"),
        Mistake(suits_from_place_zero, r"(?s)^(?!.*Knight).*one code point too low"),
        Mistake(
            seven_one_place_early, r"(?s)^(?!.*U\+1F0B0).*the 7 at place 7.*one code point too low"
        ),
        Mistake(spades_first, "Codes 0-7 are Hearts"),
        Mistake(ranks_without_gap, r"card_glyph\(1\)\n  expected: '🂷'\n  got:      '🂲'"),
        Mistake(back_of_card, r"card_glyph\(0\)\n  expected: '🂱'\n  got:      '🂠'"),
        Mistake(code_as_text, r"expected: '🂱'\n  got:      '0'"),
        Mistake(glyph_printed, "printed instead of returning"),
    ],
    "deal": [
        Mistake(deal_from_bottom, "pile\\[-1\\] goes to the first stack"),
        Mistake(stacks_top_first, "in the order they were dealt"),
        Mistake(deal_in_blocks, "one card to each stack in turn"),
        Mistake(first_card_to_stack_one, "dealing starts at stack 0"),
        Mistake(
            deal_with_pop,
            r"it changed `pile` \(a list\) it was given: work on a copy instead, list\(pile\)",
        ),
        Mistake(one_stack_short, r"expected 4 elements, got 3"),
        Mistake(
            only_stacks_that_get_a_card,
            r"(?s)^(?!.*a block).*Hint: There are always n_stacks stacks",
        ),
        Mistake(stacks_right_to_left, r"stacks\[0\], gets the top card"),
        Mistake(stacks_share_one_list, r"every stack holds every card(.|\n)*\[\[\]\] \* n_stacks"),
    ],
    "turn_over": [
        Mistake(kept_then_discarded, r"Return \(discarded, kept\)"),
        Mistake(ace_is_code_one, r"divisible by 8"),
        Mistake(
            nothing_discarded_without_ace,
            r"every card is discarded, so the answer is \(list\(stack\), \[\]\)",
        ),
        Mistake(
            stack_itself_when_no_ace,
            r"it returned the list stack it was given as a part of its answer, not a new list: "
            r"return a copy, list\(stack\)",
        ),
        Mistake(
            parts_kept_for_each_stack,
            r"two calls turn_over\(\[.*\]\) gave one list object, not new discarded and kept "
            r"lists each",
        ),
        Mistake(any_multiple_of_thirteen, r"divisible by 8"),
        Mistake(searched_from_the_top, r"is not reversed"),
        Mistake(kept_without_the_ace, "kept starts with the ace"),
        Mistake(parts_reversed, "Keep each part in the order dealt"),
        Mistake(last_ace, r"turn_over\(\[3, 16, 4, 8\]\)(.|\n)*the one nearest stack\[0\]"),
        Mistake(lists_as_tuples, "expected a list, got a tuple"),
        Mistake(parts_in_a_list, r"(?s)^(?!.*kept starts at).*expected a tuple, got a list"),
    ],
    "final_row": [
        Mistake(
            final_row_with_a_wrong_turn_over, _fix_first("turn_over", r"final_row( \(line \d+\))?")
        ),
        Mistake(stops_when_the_aces_come_out, "All three stages are always played"),
        Mistake(code_zero_taken_as_no_ace, r"Hint: Code 0, the Ace of Hearts, is an ace too"),
        Mistake(row_bottom_to_top, "top of the last pile down"),
        Mistake(two_stages, "All three stages are always played"),
        Mistake(stages_backwards, "expected"),
        Mistake(same_deck_every_stage, "not the shuffled deck again"),
        Mistake(kept_parts_upside_down, "its ace at the bottom"),
        Mistake(last_stack_aside_first, "in stack order"),
        Mistake(discarded_cards, "expected"),
        Mistake(stacks_turned_from_the_last_card, "Hint: Turn each stack over from the card dealt"),
        Mistake(later_stages_from_the_pile_reversed, r"Hint: The pile put aside is the next stage"),
        Mistake(each_pile_aside_reversed, r"Hint: The pile put aside is the next stage"),
        Mistake(first_stage_from_the_deck_bottom, r"Hint: The first stage deals the shuffled deck"),
    ],
    "aces_together": [
        Mistake(aces_in_suit_order, "any suit order"),
        Mistake(span_of_four, r"expected: True\n  got:      False"),
        Mistake(only_four_cards, r"expected: True\n  got:      False"),
        Mistake(aces_at_the_start, "may be together anywhere in the row"),
        Mistake(aces_not_at_the_start, "may start the row"),
        Mistake(aces_at_the_end, "not only as its last four cards"),
        Mistake(answer_as_text, "expected a bool, got a str"),
        Mistake(window_one_short, "may be the last four cards"),
        Mistake(prints_the_answer, "printed instead of returning"),
        Mistake(each_ace_beside_another, "two pairs of aces apart"),
        Mistake(three_aces_in_a_row, "three together and the fourth elsewhere"),
        Mistake(multiples_of_four_as_aces, "divisible by 4 but is not an ace"),
        Mistake(
            four_cards_summing_as_the_aces,
            r"aces_together\(\[0, 1, 23, 24, 8, 16\]\)  \(.*add up to 48.*\)\n"
            r"  expected: False\n  got:      True",
        ),
    ],
    "turn_header": [
        Mistake(
            prints_the_header_too,
            r"it printed '[^']* first stack, after it has been turned over[^']*': turn_header "
            r"prints nothing",
        ),
        Mistake(stack_counted_from_one, "ORDINALS\\[0\\] is 'First'"),
        Mistake(position_counted_from_one, r"expected: 'First \(and last\) card in first stack"),
        Mistake(
            position_one_before,
            r"Hint: The ace's position counts the top card as 'First'"
            r"(.|\n)*above it in the turned stack \(those thrown\)(.|\n)*ORDINALS\[len\(thrown\)\]",
        ),
        Mistake(never_and_last, r"exactly when the ace is the last card"),
        Mistake(capital_stack_word, "in First stack"),
        Mistake(
            own_words_for_an_empty_stack,
            r"turn_header\(3, \[\], \[\]\)  \(an empty stack: kept is empty, so no ace\)\n"
            r"  expected: 'No ace in fourth stack, after it has been turned over\.'",
        ),
        Mistake(header_without_full_stop, r"turned over, is an ace'"),
        Mistake(and_last_when_ace_on_top, r"exactly when the ace is the last card"),
        Mistake(
            ordinals_to_eighth,
            r"turn_header\(0, \[1, 2, 3, 4, 5, 6, 7, 9\], \[8\]\)(.|\n)*IndexError"
            r"(.|\n)*ORDINALS needs all sixteen words",
        ),
        Mistake(
            three_stack_words,
            r"(?s)^(?!.*ORDINALS needs all sixteen).*turn_header\(3, .*IndexError.*Hint: The "
            r"stack's number is a word too",
        ),
    ],
    "discard_sentence": [
        Mistake(
            prints_the_sentence_too,
            r"it printed 'Discarding all cards in the stack\.': discard_sentence prints nothing, "
            r"it only returns its answer",
        ),
        Mistake(empty_text_for_nothing, "return None"),
        Mistake(always_discarding, r"Hint: Once a card has been discarded in the game"),
        Mistake(
            adding_when_this_stack_throws,
            r"discard_sentence\(\[\d+(, \d+)*\], \[[^]]*\], \[\]\)(.|\n)*Hint: Nothing was "
            r"discarded before \(discarded_before is empty\), so the sentence starts 'Discarding'",
        ),
        Mistake(plural_for_one, r"the 1 cards before(.|\n)*Hint: With one card before the ace"),
        Mistake(
            the_card_when_no_ace, r"Hint: With no ace in the stack, the sentence says 'all cards"
        ),
        Mistake(count_when_no_ace, "all cards in the stack"),
        Mistake(no_ace_tested_first, r"an empty stack: nothing thrown, so None"),
        Mistake(adding_after_this_stack, "Adding to the cards"),
    ],
    "keep_sentence": [
        Mistake(counts_the_ace, "the ace itself is not one of them"),
        Mistake(always_keeping, "Also keeping"),
        Mistake(empty_text_for_no_ace, "return None"),
        Mistake(plural_for_one_after, r"the 1 cards after(.|\n)*Hint: With one card after the ace"),
        Mistake(them_for_the_ace_alone, "turning them over"),
    ],
    "game_output": [
        Mistake(
            prints_every_line_too,
            r"it printed 'Deck shuffled, ready to start!': game_output prints nothing",
        ),
        Mistake(no_first_empty_line, r"missing at the start: ''"),
        Mistake(columns_eleven_apart, r"element \d+: expected"),
        Mistake(trailing_spaces, "No line ends with a space"),
        Mistake(
            lines_joined,
            r"(?s)^(?!.*No line ends with a space)(?!.*element 0 is).*expected a list, got a str",
        ),
        Mistake(
            last_line_with_its_newline,
            r"(?s)^(?!.*No line ends with a space).*a final newline is not expected",
        ),
        Mistake(won_and_lost_swapped, "expected 'You (won|lost)!', got 'You (won|lost)!'"),
        Mistake(final_row_not_reversed, r"element \d+: expected(.|\n)*read backwards"),
        Mistake(kept_shown_ace_at_the_bottom, r"the ace on top \(kept\[::-1\]"),
        Mistake(
            headers_to_eighth,
            r"game_output\(705\)(.|\n)*IndexError(.|\n)*ORDINALS needs all sixteen words",
        ),
    ],
    "run_program": [
        Mistake(seed_as_text, "Convert the answer with int"),
        Mistake(prompt_without_space, "with its final space"),
        Mistake(prompt_printed, "with its final space"),
        Mistake(prints_the_list, "not the list itself"),
        Mistake(no_prompt, "with its final space"),
        Mistake(empty_line_before_the_game, "An empty line too many after the prompt"),
        Mistake(returns_the_game, "returning them shows nothing"),
    ],
    "simulate": [
        Mistake(
            simulate_with_a_wrong_aces_together,
            _fix_first("aces_together", r"simulate( \(line \d+\))?"),
        ),
        Mistake(
            simulate_with_a_wrong_deal,
            _fix_first("deal", r"your final_row( \(line \d+\))?, which simulate calls"),
        ),
        Mistake(share_of_wins, r"line 3: expected(.|\n)*divided by n"),
        Mistake(aces_only_in_the_first_four, r"Hint: A game is won when the four aces sit next"),
        Mistake(one_decimal, r"line 3: expected '.*\.\d\d%', got '.*\.\d%'"),
        Mistake(counts_lost_games, r"Only the games won are in the table"),
        Mistake(one_seed_too_many, r"range\(i, i \+ n\)"),
        Mistake(last_seed_left_out, r"\(1, 1\)  \(one game, won\)(.|\n)*Hint: Play the n games"),
        Mistake(n_read_as_the_last_seed, r"Hint: Play the n games with seeds i, i \+ 1"),
        Mistake(decreasing_order, r"by increasing number of cards left"),
        Mistake(
            rows_as_first_won,
            r"simulate\(2, 27\)(.|\n)*Hint: The rows go by increasing number of cards left",
        ),
        Mistake(short_dashes, r"line 2: expected '-{45}', got '-{44}'"),
        Mistake(
            wins_in_a_default,
            r"Hint: Called (twice in a row|on its own), simulate\(1, 0\) gives (the right answer|"
            r"two different answers)(.|\n)*Its default argument wins=\{\} is made once, when def "
            r"runs, and kept from call to call",
        ),
        Mistake(left_aligned, r"right-aligned in its 33 characters"),
        Mistake(
            a_line_for_every_count_between,
            r"simulate\(18, 52998\)(.|\n)*Hint: Only a number of cards left that some won game "
            r"left gets a line",
        ),
    ],
}
