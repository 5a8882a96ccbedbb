"""The exercise checker: it reports, it never breaks the notebook."""

from __future__ import annotations

import pytest

from solitaire_lib.aces_in_sequence import exercises as aces_exercises
from solitaire_lib.checks import Case, Checker, Task, show
from solitaire_lib.sevens import exercises as sevens_exercises


def reference(xs: list[int]) -> list[int]:
    return sorted(xs)


checker = Checker([
    Task("sort_copy", reference, [Case(([3, 1, 2],)), Case(([2, 1],))], hint="use sorted()",
         time_limit=1),
    Task("shout", lambda word: print(word.upper()), [Case(("hi",))], compare="stdout"),
    Task("echo", lambda: print(input("? ")), [Case(stdin="abc\n")], compare="stdout"),
])  # fmt: skip


def test_a_correct_function_passes(capsys: pytest.CaptureFixture[str]) -> None:
    def sort_copy(xs: list[int]) -> list[int]:
        return sorted(xs)

    checker(sort_copy)
    assert capsys.readouterr().out == "sort_copy: all 2 cases passed ✔\n"


def test_a_wrong_value_is_shown_with_expected_and_got() -> None:
    def sort_copy(xs: list[int]) -> list[int]:
        return xs[::-1]

    report = checker.run(sort_copy)
    assert not report.ok and report.passed == 0
    assert str(report) == (
        "sort_copy: 0 of 2 cases passed ✘\n"
        "First failing case: sort_copy([3, 1, 2])\n"
        "  expected: [1, 2, 3]\n"
        "  got:      [2, 1, 3]\n"
        "Hint: use sorted()"
    )


def test_exceptions_printing_mutation_and_endless_loops_are_reported() -> None:
    def raising(xs: list[int]) -> list[int]:
        print("debugging output")
        raise KeyError("boom")

    def mutating(xs: list[int]) -> list[int]:
        xs.sort()
        return xs

    def looping(xs: list[int]) -> list[int]:
        while True:
            pass

    assert "it raised KeyError: 'boom'" in checker.run(raising, "sort_copy").problem
    assert "changed its input" in checker.run(mutating, "sort_copy").problem
    assert "did not finish within 1 seconds" in checker.run(looping, "sort_copy").problem


def test_printed_output_is_compared_line_by_line() -> None:
    def shout(word: str) -> None:
        print(word)

    report = checker.run(shout)
    assert "line 1 expected: 'HI'" in report.problem and "line 1 got:      'hi'" in report.problem


def test_input_is_fed_from_the_case() -> None:
    def echo() -> None:
        print(input("? "))

    assert checker.run(echo).ok


def test_unknown_exercise_names_are_explained() -> None:
    def nothing() -> None: ...

    with pytest.raises(ValueError, match=r"no exercise called 'nothing'.*sort_copy"):
        checker.run(nothing)


def test_show_is_short_and_readable() -> None:
    from solitaire_lib.cards import deck_32

    assert show(deck_32()[:2]) == "[A♥, 7♥]"
    assert show((1,)) == "(1,)"
    assert len(show(list(range(1000)))) == 300


ALL_TASKS = [
    (module, name) for module in (aces_exercises, sevens_exercises) for name in module.check.tasks
]


@pytest.mark.parametrize(
    ("exercises", "task"), ALL_TASKS, ids=[f"{m.__name__.split('.')[1]}.{t}" for m, t in ALL_TASKS]
)
def test_every_task_accepts_its_reference_and_rejects_a_stub(exercises: object, task: str) -> None:
    check = exercises.check  # type: ignore[attr-defined]
    assert check.run(check.tasks[task].reference, task).ok

    def stub(*args: object, **kwargs: object) -> None:
        raise NotImplementedError

    report = check.run(stub, task)
    assert not report.ok and "not written yet" in report.problem


def test_input_is_fed_even_where_input_ignores_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a Jupyter kernel, input() asks the front end; the checker must still feed the case."""

    def kernel_input(_prompt: str = "") -> str:
        raise RuntimeError("this frontend does not support input requests")

    monkeypatch.setattr("builtins.input", kernel_input)

    def echo() -> None:
        print(input("? "))

    assert checker.run(echo).ok
