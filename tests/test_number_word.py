"""number_word: the counts a notebook's sentences write in words, made from the constants."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_lib.table import number_word

WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def test_counts_to_ten_are_words() -> None:
    assert [number_word(n) for n in range(11)] == WORDS


@given(st.integers(min_value=11, max_value=10**9))
def test_larger_counts_are_digits(count: int) -> None:
    assert number_word(count) == str(count)


def test_a_negative_count_is_refused() -> None:
    with pytest.raises(ValueError, match="a count is 0 or more, not -1"):
        number_word(-1)
