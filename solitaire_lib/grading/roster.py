"""The class list as the learning platform gives it, and who sent which submission.

:func:`read_roster` reads, told apart by their first line:

* **Canvas's gradebook export** (Grades > Export): ``Student, ID, SIS User ID, SIS Login ID,
  Section``, then a column per assignment named ``Name (id)`` and Canvas's read-only totals,
  with a ``Points Possible`` row (and, for some assignments, a ``Manual Posting`` row) before
  the students;
* **Moodle's grading worksheet** (an assignment's *Download grading worksheet*):
  ``Identifier`` (``Participant 123456``), ``Full name``, ``Email address``, ``Status``,
  ``Grade``, ``Maximum Grade``, ``Grade can be changed``, ``Last modified (submission)``,
  ``Last modified (grade)``, ``Feedback comments``;
* **a plain list**: one name (or e-mail address) a line, or a CSV whose first line names its
  columns (``name``, ``id``, ``email``, ``login``).

:func:`match` then pairs each submission (a name and, from Canvas's or Moodle's download, an id)
with a person on the roster: on the platform's id first, then on a login or e-mail address, then
on the name compared as a person would compare it (:func:`name_key`). Namesakes with different
ids stay two people; anything that could be two people is reported and never merged or dropped.

>>> name_key("Lovelace,  ADA") == name_key("Ada Lovelace")
True
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

#: Bytes of a roster file read (a class of thousands is well under a megabyte).
ROSTER_LIMIT = 20 * 2**20

CANVAS, MOODLE, PLAIN = "canvas", "moodle", "plain"

#: The header cells of a plain CSV roster that name each field.
PLAIN_COLUMNS = {
    "name": ("name", "full name", "student", "student name"),
    "id": ("id", "student id", "number", "student number", "id number", "user id"),
    "email": ("email", "e-mail", "email address", "e-mail address", "mail"),
    "login": ("login", "username", "user name", "login id", "sis login id"),
    "first": ("first name", "given name", "firstname", "forename"),
    "last": ("last name", "surname", "family name", "lastname"),
}
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


class RosterError(Exception):
    """The roster file cannot be read as a roster (the message says why)."""


@dataclass(frozen=True)
class Person:
    """One student on the roster, as the platform knows them.

    ``row`` is the person's row in the roster file (0 is the header), so that grades can be
    written back into the lecturer's own file.
    """

    name: str
    id: str = ""
    login: str = ""
    email: str = ""
    row: int = -1
    submitted: str = ""  #: Moodle's "Last modified (submission)", as written there


@dataclass
class Roster:
    """A roster file: its kind, its people, and its rows as read (for writing grades back)."""

    kind: str
    people: list[Person]
    rows: list[list[str]] = field(default_factory=list)
    text: str = ""  #: the file as read (a shard's records keep it, for merge)

    @property
    def header(self) -> list[str]:
        return self.rows[0] if self.rows else []


def name_key(name: str) -> str:
    """A name as a person compares names: Unicode NFC, case, spacing, ``_`` and ``.`` as spaces,
    and "Last, First" read as "First Last".

    >>> name_key("  Zoë_SMITH ") == name_key("Zoe\\u0308 Smith")
    True
    >>> name_key("Adams, Anna")
    'anna adams'
    """
    text = unicodedata.normalize("NFC", name).casefold()
    if text.count(",") == 1:
        last, first = text.split(",")
        text = f"{first} {last}"
    return " ".join(re.sub(r"[\s_.]+", " ", text).split())


def squashed(name: str) -> str:
    """The name as Canvas writes it in the files of its bulk download: its letters and digits
    only, lower case, in the order of "Last, First".

    >>> squashed("Lovelace, Ada"), squashed("Ada Lovelace")
    ('lovelaceada', 'adalovelace')
    """
    text = unicodedata.normalize("NFC", name).casefold()
    return "".join(character for character in text if character.isalnum())


def loose_key(name: str) -> str:
    """The words of a name without accents, in any order: the last, least certain comparison.

    >>> loose_key("Lovelace Ada") == loose_key("Ada Lovelace") == loose_key("ADA LOVELACE")
    True
    >>> loose_key("Zoë Smith") == loose_key("zoe smith")
    True
    """
    text = unicodedata.normalize("NFKD", name_key(name))
    plain = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(sorted(plain.split()))


# --- Reading ------------------------------------------------------------------------------------


def read_roster(path: Path) -> Roster:
    """The roster in ``path``: Canvas's gradebook export, Moodle's grading worksheet or a plain
    list, told apart by its first line."""
    with open(path, "rb") as file:
        data = file.read(ROSTER_LIMIT + 1)
    if len(data) > ROSTER_LIMIT:
        raise RosterError(f"it is larger than {ROSTER_LIMIT // 2**20} MB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", "replace")  # a spreadsheet saved as "CSV" on Windows
    return parse_roster(text)


def parse_roster(text: str) -> Roster:
    """The roster in ``text`` (see :func:`read_roster`).

    >>> parse_roster("Ada Lovelace\\n# comment\\n\\nAdams, Anna\\n").people[1].name
    'Adams, Anna'
    """
    lines = text.splitlines()
    first = lines[0] if lines else ""
    header = [cell.strip() for cell in next(csv.reader([first]), [])]
    lowered = [cell.casefold() for cell in header]
    named = any(cell in PLAIN_COLUMNS["name"] for cell in lowered) or (
        any(cell in PLAIN_COLUMNS["first"] for cell in lowered)
        and any(cell in PLAIN_COLUMNS["last"] for cell in lowered)
    )
    if header[:2] == ["Student", "ID"] and {"SIS User ID", "SIS Login ID"} & set(header):
        roster = _canvas(_rows(text))
    elif {"Identifier", "Full name"} <= set(header):
        roster = _moodle(_rows(text))
    elif len(header) > 1 and named:
        roster = _plain_csv(_rows(text))
    else:
        roster = _plain_lines(lines)
    roster.text = text
    return roster


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def _column(header: Sequence[str], names: Sequence[str]) -> int | None:
    lowered = [cell.strip().casefold() for cell in header]
    for name in names:
        if name in lowered:
            return lowered.index(name)
    return None


def _cell(row: Sequence[str], index: int | None) -> str:
    return row[index].strip() if index is not None and index < len(row) else ""


#: The columns of Canvas's export that only a person has: empty in its heading rows.
CANVAS_ID_COLUMNS = ("ID", "SIS User ID")


def is_canvas_heading_row(row: Sequence[str], header: Sequence[str]) -> bool:
    """Canvas's rows between the header and the students: ``Points Possible``, and the
    ``Manual Posting`` row of assignments whose grades are posted by hand. A row with an ``ID``
    or ``SIS User ID`` is a person's, whatever the name (a student named "Points Possible").

    >>> header = ["Student", "ID", "SIS User ID", "Aces (4412)"]
    >>> is_canvas_heading_row(["    Points Possible", "", "", "12.00"], header)
    True
    >>> is_canvas_heading_row(["Points Possible", "202", "s202", ""], header)
    False
    >>> is_canvas_heading_row(["", "", "", "Manual Posting"], header)
    True
    """
    named = [cell.strip() for cell in header]
    ids = [named.index(name) for name in CANVAS_ID_COLUMNS if name in named]
    if any(index < len(row) and row[index].strip() for index in ids):
        return False
    first = row[0].strip() if row else ""
    return first == "Points Possible" or (first == "" and "Manual Posting" in row)


def _canvas(rows: list[list[str]]) -> Roster:
    header = [cell.strip() for cell in rows[0]]
    name, number = 0, header.index("ID")
    login = header.index("SIS Login ID") if "SIS Login ID" in header else None
    people = []
    for index, row in enumerate(rows[1:], start=1):
        if not any(cell.strip() for cell in row) or is_canvas_heading_row(row, rows[0]):
            continue
        email = _cell(row, login) if _EMAIL.match(_cell(row, login)) else ""
        people.append(
            Person(_cell(row, name), _cell(row, number), _cell(row, login), email, row=index)
        )
    return Roster(CANVAS, people, rows)


def _moodle(rows: list[list[str]]) -> Roster:
    header = [cell.strip() for cell in rows[0]]
    identifier, name = header.index("Identifier"), header.index("Full name")
    email = _column(header, ["email address"])
    login = _column(header, ["username"])
    submitted = _column(header, ["last modified (submission)"])
    people = []
    for index, row in enumerate(rows[1:], start=1):
        if not any(cell.strip() for cell in row):
            continue
        participant = re.sub(r"\D", "", _cell(row, identifier))
        people.append(
            Person(
                _cell(row, name),
                participant,
                _cell(row, login),
                _cell(row, email),
                row=index,
                submitted=_cell(row, submitted),
            )
        )
    return Roster(MOODLE, people, rows)


def _plain_csv(rows: list[list[str]]) -> Roster:
    header = rows[0]
    where = {field: _column(header, names) for field, names in PLAIN_COLUMNS.items()}
    people = []
    for index, row in enumerate(rows[1:], start=1):
        name = _cell(row, where["name"]) or " ".join(
            part for part in (_cell(row, where["first"]), _cell(row, where["last"])) if part
        )
        if name and not name.startswith("#"):
            fields = {f: _cell(row, where[f]) for f in ("id", "login", "email")}
            people.append(Person(name, **fields, row=index))
    return Roster(PLAIN, people, rows)


def _plain_lines(lines: list[str]) -> Roster:
    people = []
    for index, line in enumerate(lines):
        text = line.strip()
        if text and not text.startswith("#"):
            email = text if _EMAIL.match(text) else ""
            people.append(Person(text, email=email, row=index))
    return Roster(PLAIN, people, [[line] for line in lines])


# --- Matching -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Submitter:
    """Who a submission says it is from: a folder's or file's name, and the platform's id."""

    name: str
    id: str = ""


@dataclass
class Matching:
    """Which roster person sent which submission.

    ``person_of[i]`` is the index in the roster of submission ``i``'s sender, or None; ``how[i]``
    says on what it matched (``"id"``, ``"login"``, ``"e-mail"``, ``"name"``); ``problems``
    are the ambiguities, in words, each left for the lecturer to settle.
    """

    person_of: list[int | None]
    how: list[str]
    problems: list[str] = field(default_factory=list)

    def unmatched(self) -> list[int]:
        """The submissions that match no one on the roster."""
        return [i for i, person in enumerate(self.person_of) if person is None]

    def sent_nothing(self, people: int) -> list[int]:
        """The roster people no submission matched."""
        taken = {person for person in self.person_of if person is not None}
        return [index for index in range(people) if index not in taken]


def _login_keys(person: Person) -> set[str]:
    keys = {person.login.casefold(), person.email.casefold()}
    if "@" in person.email:
        keys.add(person.email.split("@")[0].casefold())
    return keys - {""}


def match(people: Sequence[Person], submitters: Sequence[Submitter]) -> Matching:
    """Pair each submitter with a person: on the id, then a login or e-mail, then the name as a
    person reads it (:func:`name_key`, Canvas's :func:`squashed` form), then the words of the
    name in any order without accents (:func:`loose_key`). A submitter or a person that could be
    two is left unpaired, and the problem is said.

    >>> people = [Person("Adams, Anna", "11"), Person("Ada Lovelace", "22"),
    ...           Person("Ada Lovelace", "33")]
    >>> found = match(people, [Submitter("adamsanna", "11"), Submitter("Ada Lovelace", "33"),
    ...                        Submitter("anna adams")])
    >>> found.person_of, found.how
    ([0, 2, None], ['id', 'id', ''])
    >>> print(*found.problems)  # doctest: +NORMALIZE_WHITESPACE
    anna adams: matches Adams, Anna by name, who is matched already by id (adamsanna):
    graded apart; settle it by hand
    """
    matching = Matching([None] * len(submitters), [""] * len(submitters))
    stages: list[tuple[str, Callable[[Person], set[str]], Callable[[Submitter], set[str]]]] = [
        ("id", lambda p: {p.id} - {""}, lambda s: {s.id} - {""}),
        ("login", _login_keys, lambda s: {s.name.strip().casefold()}),
        ("name", lambda p: {name_key(p.name), squashed(p.name)}, lambda s: {name_key(s.name)}),
        ("name", lambda p: {loose_key(p.name)}, lambda s: {loose_key(s.name)}),
    ]
    said: set[int] = set()
    for how, person_keys, submitter_keys in stages:
        _match_stage(matching, people, submitters, how, person_keys, submitter_keys, said)
    return matching


def _match_stage(
    matching: Matching,
    people: Sequence[Person],
    submitters: Sequence[Submitter],
    how: str,
    person_keys: Callable[[Person], set[str]],
    submitter_keys: Callable[[Submitter], set[str]],
    said: set[int],
) -> None:
    """One stage of :func:`match`: pairs made where a key names one person and one submitter."""
    owners: dict[str, set[int]] = {}
    for index, person in enumerate(people):
        for key in person_keys(person):
            owners.setdefault(key, set()).add(index)
    claims: dict[int, list[int]] = {}
    for index, submitter in enumerate(submitters):
        if matching.person_of[index] is not None or index in said:
            continue
        found = set().union(*(owners.get(key, set()) for key in submitter_keys(submitter)))
        if len(found) > 1:
            names = ", ".join(sorted(_shown(people[p]) for p in found))
            matching.problems.append(
                f"{submitter.name}: matches {len(found)} people on the roster by {how} "
                f"({names}): graded apart; settle it by hand"
            )
            said.add(index)
        elif found:
            claims.setdefault(found.pop(), []).append(index)
    taken = {p: i for i, p in enumerate(matching.person_of) if p is not None}
    for chosen, claimants in sorted(claims.items()):
        if chosen in taken:
            for index in claimants:
                matching.problems.append(
                    f"{submitters[index].name}: matches {people[chosen].name} by {how}, who is "
                    f"matched already by {matching.how[taken[chosen]]} "
                    f"({submitters[taken[chosen]].name}): graded apart; settle it by hand"
                )
                said.add(index)
        elif len(claimants) > 1:
            names = ", ".join(submitters[index].name for index in claimants)
            matching.problems.append(
                f"{people[chosen].name}: {len(claimants)} submissions match by {how} "
                f"({names}): each graded apart; settle it by hand"
            )
            said.update(claimants)
        else:
            matching.person_of[claimants[0]], matching.how[claimants[0]] = chosen, how


def _shown(person: Person) -> str:
    return f"{person.name} [{person.id}]" if person.id else person.name
