"""The copy a student's several files come down to, and a class's fixed shares."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import PurePath
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_lib.grading.copies import choose, copy_rank
from solitaire_lib.grading.shards import parse_shard, shard_of, student_key


def _file(name: str, mtime: float, blank: bool = False) -> SimpleNamespace:
    return SimpleNamespace(
        submitted_as=f"ada/{name}", relative=PurePath(name), mtime=mtime, blank=blank
    )


def _choose(*files: SimpleNamespace) -> tuple[str, list[str], str]:
    choice = choose(files, blank=lambda copy: copy.blank)
    return choice.graded.submitted_as, [o.submitted_as for o in choice.others], choice.why


def test_copy_names_rank_resubmissions_above_the_original_above_copies() -> None:
    assert [copy_rank(n) for n in ("02-1.ipynb", "02-3.ipynb", "02.ipynb")] == [1, 3, 0]
    assert [copy_rank(n) for n in ("02 (1).ipynb", "Copy of 02.ipynb", "02_sevens.ipynb")] == [
        -1,
        -1,
        0,
    ]


def test_the_newest_file_is_graded_whatever_its_name() -> None:
    assert _choose(_file("02.ipynb", 200.0), _file("02-1.ipynb", 100.0)) == (
        "ada/02.ipynb",
        ["ada/02-1.ipynb"],
        "Graded ada/02.ipynb: it is the newest file.",
    )


def test_equal_times_fall_back_to_the_names() -> None:
    graded, others, why = _choose(
        _file("02 (1).ipynb", 100.0), _file("02.ipynb", 100.4), _file("Copy of 02.ipynb", 100.0)
    )
    assert graded == "ada/02.ipynb" and others == ["ada/Copy of 02.ipynb", "ada/02 (1).ipynb"]
    assert why == (
        "Graded ada/02.ipynb: the files have the same time, and ada/Copy of 02.ipynb is an older "
        'copy ("Copy of" and "(1)" are the names of copies made from a file).'
    )
    graded, _, why = _choose(_file("02-1.ipynb", 100.0), _file("02-2.ipynb", 100.0))
    assert graded == "ada/02-2.ipynb" and "is a resubmission (Canvas names a later upload" in why


def test_a_blank_original_is_never_graded_over_its_filled_in_copy() -> None:
    graded, _, why = _choose(_file("02.ipynb", 300.0, blank=True), _file("02 (1).ipynb", 100.0))
    assert graded == "ada/02 (1).ipynb"
    assert why == (
        "Graded ada/02 (1).ipynb: ada/02.ipynb is the exercise notebook with nothing written in it."
    )


def test_canvas_prefix_is_not_part_of_the_name_the_rule_reads() -> None:
    original = SimpleNamespace(
        submitted_as="adaada_12_1_02.ipynb", relative=PurePath("02.ipynb"), mtime=1.0
    )
    copy = SimpleNamespace(
        submitted_as="adaada_12_2_Copy of 02.ipynb",
        relative=PurePath("Copy of 02.ipynb"),
        mtime=1.0,
    )
    assert choose([copy, original]).graded is original


def test_one_copy_needs_no_reason() -> None:
    assert _choose(_file("02.ipynb", 1.0)) == ("ada/02.ipynb", [], "")


def test_shards_are_parsed_and_refused_as_a_lecturer_would_write_them() -> None:
    assert parse_shard("1/1") == (1, 1) and parse_shard(" 3 / 4 ") == (3, 4)
    for wrong in ("0/4", "5/4", "4", "a/b", "1/0"):
        with pytest.raises(ValueError, match="K/N"):
            parse_shard(wrong)


def test_shard_is_stable_across_processes_and_hash_seeds() -> None:
    keys = [student_key(f"Student {i}") for i in range(40)] + [student_key("x", "1202")]
    here = [shard_of(key, 4) for key in keys]
    code = (
        "from solitaire_lib.grading.shards import shard_of\n"
        f"print([shard_of(k, 4) for k in {keys!r}])"
    )
    for seed in ("1", "2"):
        there = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed},
        ).stdout
        assert there.strip() == str(here)
    assert here[-1] == shard_of("id:1202", 4) == 2  # hand-checked: sha256's first 8 bytes mod 4


def test_a_student_key_is_the_same_for_a_name_however_it_is_written() -> None:
    assert student_key("Lovelace, Ada") == student_key("ADA  LOVELACE") == "name:ada lovelace"


@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=60, unique=True))
def test_every_student_is_in_exactly_one_share(names: list[str]) -> None:
    shares = Counter(shard_of(student_key(name), 3) for name in names)
    assert sum(shares.values()) == len(names) and set(shares) <= {1, 2, 3}
