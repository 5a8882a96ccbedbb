"""Rosters as Canvas, Moodle and a lecturer give them, and who sent which submission."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_lib.grading.roster import (
    CANVAS,
    MOODLE,
    PLAIN,
    Person,
    RosterError,
    Submitter,
    match,
    name_key,
    parse_roster,
    read_roster,
)

#: Canvas's gradebook export (Grades > Export > Export Entire Gradebook), as Canvas writes it:
#: a Manual Posting row, a Points Possible row, read-only totals and the test student.
CANVAS_FILE = Path(__file__).parent / "data" / "lms" / "canvas_gradebook.csv"
CANVAS_EXPORT = CANVAS_FILE.read_text("utf-8-sig")
#: Moodle's grading worksheet (View all submissions > Download grading worksheet): namesakes.
MOODLE_FILE = Path(__file__).parent / "data" / "lms" / "moodle_worksheet.csv"
MOODLE_WORKSHEET = MOODLE_FILE.read_text("utf-8-sig")


def test_canvas_gradebook_export_is_read_with_its_ids_and_logins() -> None:
    roster = parse_roster(CANVAS_EXPORT)
    assert roster.kind == CANVAS
    assert roster.people == [
        Person("Adams, Anna", "1201", "aadams", "", row=3),
        Person("Lovelace, Ada", "1202", "ada.lovelace@uni.example", "ada.lovelace@uni.example", 4),
        Person("Student, Test", "1299", "", "", row=5),
    ]
    assert roster.header[5:7] == ["Sevens (4411)", "Aces (4412)"]


def test_moodle_worksheet_is_read_with_participant_numbers_and_times() -> None:
    roster = read_roster(MOODLE_FILE)  # with the byte-order mark Moodle writes
    assert roster.kind == MOODLE
    assert [(p.name, p.id, p.email, p.submitted) for p in roster.people] == [
        ("Grace Hopper", "424242", "grace@uni.example", "Tuesday, 24 November 2026, 11:58 PM"),
        ("Grace Hopper", "424243", "grace.h@uni.example", "Wednesday, 25 November 2026, 9:03 AM"),
        ("Alan Turing", "424244", "alan@uni.example", "-"),
    ]
    assert roster.header[0] == "Identifier"


def test_a_plain_list_keeps_commas_in_names_and_reads_e_mail_addresses() -> None:
    roster = parse_roster("# COMP1000\nAdams, Anna\n\nada@uni.example\n  Grace Hopper  \n")
    assert roster.kind == PLAIN
    assert roster.people == [
        Person("Adams, Anna", row=1),
        Person("ada@uni.example", email="ada@uni.example", row=3),
        Person("Grace Hopper", row=4),
    ]


def test_a_plain_csv_names_its_columns() -> None:
    roster = parse_roster("Student Number,Name,E-mail\n5001,Ada Lovelace,ada@uni.example\n")
    assert roster.people == [Person("Ada Lovelace", "5001", "", "ada@uni.example", row=1)]


def test_a_roster_too_large_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import solitaire_lib.grading.roster as module

    monkeypatch.setattr(module, "ROSTER_LIMIT", 10)
    (tmp_path / "big.txt").write_text("a" * 11)
    with pytest.raises(RosterError, match="larger than"):
        read_roster(tmp_path / "big.txt")


CANVAS_PEOPLE = parse_roster(CANVAS_EXPORT).people


def test_canvas_files_match_by_id_whatever_the_name() -> None:
    found = match(CANVAS_PEOPLE, [Submitter("lovelaceada", "1202"), Submitter("adamsanna", "1201")])
    assert found.person_of == [1, 0] and found.how == ["id", "id"]
    assert found.sent_nothing(3) == [2] and found.unmatched() == [] and found.problems == []


def test_folders_match_by_login_e_mail_or_name_as_a_person_reads_it() -> None:
    people = [
        Person("Adams, Anna", login="aadams"),
        Person("Lovelace, Ada", email="ada.lovelace@uni.example"),
        Person("Hopper, Grace"),
        Person("Zoë Brontë"),
        Person("Turing, Alan"),
    ]
    nfd = unicodedata.normalize("NFD", "ZOË  brontë")  # a folder from a macOS zip
    submitters = [
        Submitter("AADAMS"),
        Submitter("ada.lovelace@uni.example"),
        Submitter("grace_hopper"),
        Submitter(nfd),
        Submitter("turingalan"),  # Canvas's flat name, without its id
        Submitter("Someone Else"),
    ]
    found = match(people, submitters)
    assert found.person_of == [0, 1, 2, 3, 4, None]
    assert found.how == ["login", "login", "name", "name", "name", ""]
    assert found.unmatched() == [5] and found.problems == []


def test_words_in_another_order_or_without_accents_match_last() -> None:
    found = match(
        [Person("Zoë Brontë"), Person("Chen Wei")], [Submitter("zoe bronte"), Submitter("Wei Chen")]
    )
    assert found.person_of == [0, 1]


def test_namesakes_with_different_ids_stay_two_students() -> None:
    people = parse_roster(MOODLE_WORKSHEET).people
    found = match(
        people, [Submitter("Grace Hopper", "424243"), Submitter("Grace Hopper", "424242")]
    )
    assert found.person_of == [1, 0] and found.problems == []


def test_a_name_that_could_be_two_namesakes_is_reported_and_graded_apart() -> None:
    people = parse_roster(MOODLE_WORKSHEET).people
    found = match(people, [Submitter("grace hopper")])
    assert found.person_of == [None]
    assert found.problems == [
        "grace hopper: matches 2 people on the roster by name (Grace Hopper [424242], "
        "Grace Hopper [424243]): graded apart; settle it by hand"
    ]


def test_two_folders_for_one_name_are_both_kept_and_reported() -> None:
    found = match([Person("Ada Lovelace")], [Submitter("ada lovelace"), Submitter("Lovelace, Ada")])
    assert found.person_of == [None, None] and found.sent_nothing(1) == [0]
    assert found.problems == [
        "Ada Lovelace: 2 submissions match by name (ada lovelace, Lovelace, Ada): "
        "each graded apart; settle it by hand"
    ]


def test_a_second_claim_on_a_person_matched_by_id_is_reported() -> None:
    found = match([Person("Ada Lovelace", "7")], [Submitter("Ada Lovelace", "7"), Submitter("ada")])
    assert found.person_of == [0, None] and found.problems == []
    found = match([Person("Ada Lovelace", "7")], [Submitter("x", "7"), Submitter("Ada Lovelace")])
    assert found.person_of == [0, None]
    assert found.problems == [
        "Ada Lovelace: matches Ada Lovelace by name, who is matched already by id (x): "
        "graded apart; settle it by hand"
    ]


names = st.text(st.characters(categories=["L"]), min_size=1, max_size=8)


@given(first=names, last=names)
def test_last_first_is_first_last_in_any_normal_form(first: str, last: str) -> None:
    pasted = f"{last},{first}"
    from_a_mac_zip = unicodedata.normalize("NFD", f" {first}  {last}  ")
    assert name_key(pasted) == name_key(from_a_mac_zip) == name_key(f"{first}_{last}")


def test_rosters_of_other_shapes_are_read_too() -> None:
    older_canvas = (
        "Student,ID,SIS User ID,Section,Aces (1)\n    Points Possible,,,,12\nBo,7,s7,T1,\n"
    )
    assert parse_roster(older_canvas).people == [Person("Bo", "7", row=2)]
    names = "First name,Last name,Email\nAda,Lovelace,ada@uni.example\n"
    roster = parse_roster(names)
    assert roster.kind == PLAIN
    assert roster.people == [Person("Ada Lovelace", email="ada@uni.example", row=1)]
