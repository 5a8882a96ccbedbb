"""A class's submissions as students and learning platforms name them, copied into a snapshot.

The grader understands:

* one folder per student, notebooks anywhere below it (``ada/02_sevens.ipynb``, an unzipped
  ``ada/homework/02_sevens.ipynb``);
* Moodle's folders, ``Ada Lovelace_123456_assignsubmission_file_/02_sevens.ipynb``;
* Canvas's flat bulk download, ``lovelaceada_12345_678901_02_sevens.ipynb`` (``_late_`` too);
* copies as students make them: ``Copy of 02_sevens.ipynb`` (Colab, Google Drive),
  ``02_sevens (1).ipynb``, ``02_sevens-1.ipynb``, ``02 sevens.ipynb``, even ``sevens.ipynb``.

Before any student code runs, every file is copied into a private :func:`snapshot` (links are not
followed), and each notebook's SHA-256 is recorded: grading reads only the snapshot, so nothing a
notebook does while it runs can change another submission.

>>> notebook_number("Copy of 02_sevens (1).ipynb"), notebook_number("sevens.ipynb")
('02', '02')
>>> canvas_name("lovelaceada_late_12345_678901_01_aces_in_sequence-1.ipynb")
('lovelaceada', '12345', '01_aces_in_sequence-1.ipynb')
>>> moodle_folder("Ada Lovelace_123456_assignsubmission_file_")
('Ada Lovelace', '123456')
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

#: The exercise notebooks of the series, by number.
NOTEBOOKS = {
    "01": "01_aces_in_sequence",
    "02": "02_sevens",
    "03": "03_alliances",
    "04": "04_play_nine",
    "05": "05_simple_klondike",
    "06": "06_stacks_of_nine",
    "07": "07_fast_simulation",
}
#: Files larger than this are not copied; notebooks may be larger, for their outputs (which are
#: left out before grading), but a notebook of the series is well under 1 MB.
FILE_LIMIT, NOTEBOOK_FILE_LIMIT = 50 * 2**20, 100 * 2**20
#: Folders below the submissions folder that are looked into, and files and folders looked at.
DEPTH_LIMIT, FILES_LIMIT = 32, 100_000
#: How a submission beyond those limits is described (the reason of its "damaged" row).
TOO_DEEP = f"its folders nest more than {DEPTH_LIMIT} deep"
TOO_MANY = f"the class holds more than {FILES_LIMIT:,} files and folders"
#: Folders that are never a student's work.
SKIPPED_FOLDERS = {".ipynb_checkpoints", "__MACOSX", "__pycache__", ".git"}

_COPY_OF = re.compile(r"^(copy of\s+)+", re.IGNORECASE)
_COPY_MARK = re.compile(r"(\s*\(\d+\)|-\d+)$")
_NUMBER = re.compile(r"^0?([1-9])(?=[\s_.\-]|$)")
_CANVAS = re.compile(
    r"^(?P<student>[^_]+)(?P<late>_late)?_(?P<id>\d+)_\d+_(?P<name>.+)$", re.IGNORECASE
)
_MOODLE = re.compile(r"^(?P<student>.+?)_(?P<id>\d+)_assignsubmission_[a-z]+_?$", re.IGNORECASE)


def notebook_number(name: str) -> str | None:
    """The exercise notebook a file name means (``'02'``), or None.

    >>> notebook_number("2_sevens.ipynb"), notebook_number("notes.ipynb")
    ('02', None)
    """
    stem = _COPY_MARK.sub("", _COPY_OF.sub("", Path(name).stem.strip()))
    match = _NUMBER.match(stem)
    if match:
        number = f"0{match[1]}"
        return number if number in NOTEBOOKS else None
    words = re.sub(r"[\s\-]+", "_", stem.lower())
    for number, full in NOTEBOOKS.items():
        if words == full[3:]:
            return number
    return None


def canvas_name(name: str) -> tuple[str, str, str] | None:
    """``(student, id, the file's own name)`` for a file of Canvas's bulk download, or None."""
    match = _CANVAS.match(name)
    return (match["student"], match["id"], match["name"]) if match else None


def canvas_late(name: str) -> bool:
    """Does Canvas's name for a file say it was submitted after the due date (``_late_``)?

    >>> canvas_late("lovelaceada_late_12345_678901_02.ipynb"), canvas_late("late_1_2_02.ipynb")
    (True, False)
    """
    match = _CANVAS.match(name)
    return bool(match and match["late"])


def moodle_folder(name: str) -> tuple[str, str] | None:
    """``(student, id)`` for a folder of Moodle's bulk download, or None."""
    match = _MOODLE.match(name)
    return (match["student"], match["id"]) if match else None


@dataclass
class Student:
    """One student's work, as copied into the snapshot."""

    name: str
    id: str = ""
    folder: Path = Path()  #: the student's files in the snapshot
    notebooks: list[Notebook] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  #: files not copied, and why
    damaged: str = ""  #: why the submission could not be read whole (too deep, too many files)


@dataclass
class Notebook:
    """One submitted notebook: where it is in the snapshot, and as the student submitted it."""

    path: Path  #: in the snapshot
    relative: Path  #: below its student's folder
    submitted_as: str  #: the path below the submissions folder
    number: str | None
    mtime: float
    sha256: str
    late: bool = False  #: Canvas named the file ``_late_``

    @property
    def workdir(self) -> str:
        """The notebook's folder, relative to its student's folder (where it runs)."""
        parent = self.relative.parent
        return "" if parent == Path(".") else str(parent)


def _regular_files(folder: Path) -> Iterator[tuple[Path, os.stat_result | str]]:
    """``(relative path, stat)`` of each regular file below ``folder``; a reason for a skipped one.

    Links are never followed: a link is reported, not copied. The walk keeps its own list of
    folders to visit (no recursion), goes :data:`DEPTH_LIMIT` folders deep and looks at
    :data:`FILES_LIMIT` entries at most: what lies beyond is reported, once, as a reason.
    """
    todo, seen = [Path()], 0
    while todo:
        below = todo.pop()
        if len(below.parts) > DEPTH_LIMIT:
            yield below, f"{TOO_DEEP}: not graded"
            continue
        with os.scandir(folder / below) as scanned:
            entries = sorted(scanned, key=lambda e: e.name)
        folders = []
        for entry in entries:
            seen += 1
            if seen > FILES_LIMIT:
                yield below, f"{TOO_MANY}: the rest was not graded"
                return
            relative = below / entry.name
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISLNK(info.st_mode):
                yield relative, "a link, not a file: not graded"
            elif stat.S_ISDIR(info.st_mode):
                if entry.name not in SKIPPED_FOLDERS and not entry.name.startswith("."):
                    folders.append(relative)
            elif not stat.S_ISREG(info.st_mode):
                yield relative, "not a regular file: not graded"
            elif info.st_size > _size_limit(relative):
                yield relative, f"larger than {_size_limit(relative) // 2**20} MB: not graded"
            else:
                yield relative, info
        todo += reversed(folders)


def _size_limit(relative: Path) -> int:
    return NOTEBOOK_FILE_LIMIT if relative.suffix.lower() == ".ipynb" else FILE_LIMIT


def _copy(source: Path, target: Path) -> str:
    """Copy one file without following a link; its SHA-256."""
    target.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    fd = os.open(source, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced by a pipe since it was listed
        os.close(fd)
        raise OSError(f"{source} is no longer a regular file")
    with os.fdopen(fd, "rb") as reading, open(target, "xb") as writing:
        while chunk := reading.read(1 << 20):
            digest.update(chunk)
            writing.write(chunk)
    return digest.hexdigest()


def _add(
    student: Student,
    source: Path,
    relative: Path,
    info: os.stat_result,
    shown: str,
    late: bool = False,
) -> None:
    target = student.folder / relative
    if target.exists():
        student.skipped.append(f"{shown}: a second file of the same name, not graded")
        return
    try:
        digest = _copy(source, target)
    except OSError:  # gone, replaced or unreadable since it was listed
        student.skipped.append(f"{shown}: it could not be read: not graded")
        return
    os.utime(target, (info.st_mtime, info.st_mtime))
    if relative.suffix.lower() == ".ipynb":
        number = notebook_number(relative.name)
        notebook = Notebook(target, relative, shown, number, info.st_mtime, digest, late)
        student.notebooks.append(notebook)


def snapshot(submissions: Path, into: Path) -> list[Student]:
    """Copy every student's files from ``submissions`` into ``into``; the students found.

    A folder is a student (Moodle's folder names give the name and id); a file at the top is a
    Canvas file (its name gives the student), or, with no such name, the work of no student.
    Two students of one name and different ids (namesakes) stay two.
    """
    students: dict[tuple[str, str], Student] = {}

    def student(name: str, student_id: str = "") -> Student:
        if (name, student_id) not in students:
            folder = into / f"{len(students):04d}"
            folder.mkdir(parents=True)
            students[name, student_id] = Student(name, student_id, folder)
        return students[name, student_id]

    for relative, info in _regular_files(submissions):
        top, shown, late = (relative.parts or ("",))[0], str(relative), False
        if len(relative.parts) > 1:
            name, student_id = moodle_folder(top) or (top, "")
            owner, inside = student(name, student_id), Path(*relative.parts[1:])
        elif canvas := canvas_name(top):
            owner, inside = student(canvas[0], canvas[1]), Path(canvas[2])
            late = canvas_late(top)
        else:
            owner, inside = student("(no student folder)"), relative
        if isinstance(info, str):
            owner.skipped.append(f"{shown if len(shown) <= 200 else shown[:200] + '…'}: {info}")
            if info.startswith((TOO_DEEP, TOO_MANY)):
                owner.damaged = info.split(":")[0]
        else:
            _add(owner, submissions / relative, inside, info, shown, late)
    return sorted(students.values(), key=lambda s: (s.name.casefold(), s.id))
