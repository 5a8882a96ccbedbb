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
from collections.abc import Generator, Iterator
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


#: How a file or folder that changed between the listing and the copy is described.
CHANGED = "it changed while it was copied (replaced, grown, or a link now)"
#: How a file with more than one name is described (the other may lie outside the submissions).
HARD_LINK = "a file with other names too (a hard link), which may lie outside the submissions"
_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY


@dataclass(frozen=True)
class Listed:
    """A regular file as the walk listed it: the folder it is in (an open descriptor, valid
    while the walk is at it), its name there, and what ``lstat`` said of it then."""

    folder: int
    name: str
    info: os.stat_result


def readable(name: str) -> str:
    r"""A name from the file system as text: bytes that are not UTF-8 (a Windows zip's Latin-1
    names, unzipped as they were) are shown as escapes, so every name can be written and shown.

    >>> readable(os.fsdecode(b"Jos\xe9 Garc\xeda")), readable("José")
    ('Jos\\xe9 Garc\\xeda', 'José')
    """
    return os.fsencode(name).decode("utf-8", "backslashreplace")


def _regular_files(folder: Path) -> Iterator[tuple[Path, Listed | str]]:
    """``(relative path, Listed)`` of each regular file below ``folder``; a reason for a skipped
    one.

    No path is resolved twice: each folder is opened once, relative to its parent's open
    descriptor and without following a link, and checked to be the folder that was listed;
    each file is listed, then opened, relative to its folder's descriptor (:func:`_copy`). So a
    folder swapped for a link while the walk runs leads nowhere outside the submissions: it is
    reported, not followed. A link is reported, never followed; so is a file with other names
    (a hard link: the other may be a file outside). The walk keeps its own stack of open
    folders (no recursion), goes :data:`DEPTH_LIMIT` folders deep and looks at
    :data:`FILES_LIMIT` entries at most: what lies beyond is reported, once, as a reason.
    """
    seen = 0
    levels: list[tuple[Path, int, list[tuple[str, os.stat_result]]]] = []
    try:
        below, fd = Path(), os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        while True:
            folders: list[tuple[str, os.stat_result]] = []
            levels.append((below, fd, folders))
            with os.scandir(fd) as scanned:
                entries = sorted(scanned, key=lambda e: e.name)
            too_many = seen + len(entries) > FILES_LIMIT
            entries = entries[: max(0, FILES_LIMIT - seen)]
            seen += len(entries)
            for name, info in [(e.name, _lstat(e)) for e in entries]:  # all, before any copy
                if info is None:  # gone since it was listed
                    yield below / name, f"{CHANGED}: not graded"
                elif stat.S_ISDIR(info.st_mode):
                    if name not in SKIPPED_FOLDERS and not name.startswith("."):
                        folders.append((name, info))
                else:
                    yield below / name, _file_or_reason(fd, name, info)
            if too_many:
                yield below, f"{TOO_MANY}: the rest was not graded"
                return
            folders.reverse()  # popped from the end: in order
            found = yield from _next_folder(levels)
            if found is None:
                return
            below, fd = found
    finally:
        for _, open_fd, _ in levels:
            os.close(open_fd)


def _lstat(entry: os.DirEntry[str]) -> os.stat_result | None:
    try:
        return entry.stat(follow_symlinks=False)
    except OSError:
        return None


def _file_or_reason(fd: int, name: str, info: os.stat_result) -> Listed | str:
    """A listed entry that is not a folder: a file to copy, or why it is not copied."""
    if stat.S_ISLNK(info.st_mode):
        return "a link, not a file: not graded"
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file: not graded"
    if info.st_nlink > 1:
        return f"{HARD_LINK}: not graded"
    limit = _size_limit(name)
    if info.st_size > limit:
        return f"larger than {limit // 2**20} MB: not graded"
    return Listed(fd, name, info)


def _next_folder(
    levels: list[tuple[Path, int, list[tuple[str, os.stat_result]]]],
) -> Generator[tuple[Path, str], None, tuple[Path, int] | None]:
    """Open the next folder of the walk (depth first, in order) below the deepest open folder
    with folders left; return ``(its relative path, its descriptor)``, or None at the end.
    Folders too deep, or changed since they were listed, are yielded with their reason."""
    while levels:
        below, fd, folders = levels[-1]
        if not folders:
            os.close(fd)
            levels.pop()
            continue
        name, listed = folders.pop()
        relative = below / name
        if len(relative.parts) > DEPTH_LIMIT:
            yield relative, f"{TOO_DEEP}: not graded"
            continue
        try:
            opened = os.open(name, _FOLDER_FLAGS, dir_fd=fd)
        except OSError:  # a link now, or gone
            yield relative, f"{CHANGED}: not graded"
            continue
        if not _same_file(os.fstat(opened), listed):
            os.close(opened)
            yield relative, f"{CHANGED}: not graded"
            continue
        return relative, opened
    return None


def _same_file(now: os.stat_result, listed: os.stat_result) -> bool:
    return (now.st_dev, now.st_ino) == (listed.st_dev, listed.st_ino)


def _size_limit(name: str | Path) -> int:
    return NOTEBOOK_FILE_LIMIT if str(name).lower().endswith(".ipynb") else FILE_LIMIT


class Changed(OSError):
    """A file is not what was listed: another file, a link or a pipe now, or larger."""


def _copy(listed: Listed, target: Path) -> tuple[str, os.stat_result]:
    """Copy one listed file, opened relative to its folder without following a link, if it is
    still the file listed (and has no other name, and is no larger than its limit); its SHA-256
    and its stat. Raises :class:`Changed` (an ``OSError``) if it is not."""
    fd = os.open(listed.name, _FILE_FLAGS, dir_fd=listed.folder)
    try:
        info = os.fstat(fd)
        if not (stat.S_ISREG(info.st_mode) and _same_file(info, listed.info)):
            raise Changed(f"{listed.name} is not the file listed")
        if info.st_nlink > 1:
            raise Changed(f"{listed.name} has another name now")
    except BaseException:
        os.close(fd)
        raise
    limit = _size_limit(listed.name)
    target.parent.mkdir(parents=True, exist_ok=True)
    digest, copied = hashlib.sha256(), 0
    with os.fdopen(fd, "rb") as reading, open(target, "xb") as writing:
        while chunk := reading.read(1 << 20):
            copied += len(chunk)
            if copied > limit:
                raise Changed(f"{listed.name} grew past {limit} bytes")
            digest.update(chunk)
            writing.write(chunk)
    return digest.hexdigest(), info


def _add(
    student: Student,
    listed: Listed,
    relative: Path,
    shown: str,
    late: bool = False,
) -> None:
    target = student.folder / relative
    if target.exists():
        student.skipped.append(f"{shown}: a second file of the same name, not graded")
        return
    try:
        digest, info = _copy(listed, target)
    except Changed:
        student.skipped.append(f"{shown}: {CHANGED}: not graded")
        return
    except OSError:  # gone or unreadable since it was listed
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
    Canvas file (its name gives the student), or, with no such name, the work of no student
    (never merged with a folder of that name). Two students of one name and different ids
    (namesakes) stay two. Names and paths that are not UTF-8 are shown escaped (:func:`readable`).
    """
    students: dict[tuple[str, str, bool], Student] = {}

    def student(name: str, student_id: str = "", loose: bool = False) -> Student:
        key = (name, student_id, loose)
        if key not in students:
            folder = into / f"{len(students):04d}"
            folder.mkdir(parents=True)
            students[key] = Student(readable(name), readable(student_id), folder)
        return students[key]

    for relative, found in _regular_files(submissions):
        top, shown, late = (relative.parts or ("",))[0], readable(str(relative)), False
        if len(relative.parts) > 1:
            name, student_id = moodle_folder(top) or (top, "")
            owner, inside = student(name, student_id), Path(*relative.parts[1:])
        elif canvas := canvas_name(top):
            owner, inside = student(canvas[0], canvas[1]), Path(canvas[2])
            late = canvas_late(top)
        else:
            owner, inside = student("(no student folder)", loose=True), relative
        if isinstance(found, str):
            owner.skipped.append(f"{shown if len(shown) <= 200 else shown[:200] + '…'}: {found}")
            if found.startswith((TOO_DEEP, TOO_MANY)):
                owner.damaged = found.split(":")[0]
        else:
            _add(owner, found, inside, shown, late)
    return sorted(students.values(), key=lambda s: (s.name.casefold(), s.id))
