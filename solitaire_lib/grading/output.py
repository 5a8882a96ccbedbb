"""The grader's output folder: written only by the grader, never through a link, never outside.

* The folder must be new or empty (``--force`` accepts one with files, and replaces them).
* Every file is created exclusively under a temporary name in the folder, then renamed over its
  final name: a reader sees the old file or the new one, never half of one, and a link planted
  under the final name is replaced, not followed. Folders are opened without following links.
* A spreadsheet cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is
  written with a leading apostrophe, so it is shown as text, never run as a formula.

>>> spreadsheet_safe("=HYPERLINK(\\"http://x\\")"), spreadsheet_safe("ada"), spreadsheet_safe(12)
('\\'=HYPERLINK("http://x")', 'ada', 12)
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import secrets
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Kinds of character that print as nothing, move the cursor, start a line or reorder text:
#: controls (C0, C1, DEL), format characters (zero-width and direction marks, the soft hyphen,
#: U+180E, U+FFF9-FFFB, the tag characters, the BOM), lone surrogates (a name that was not
#: UTF-8), private use and unassigned code points, and line and paragraph separators.
_HIDDEN_KINDS = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Characters of other kinds that print as nothing: the Hangul fillers (letters), the combining
#: grapheme joiner, Khmer's inherent vowels, Mongolian's and the variation selectors.
_HIDDEN_OTHERS = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)
#: Runs of white space (and of the braille blank, which prints as one) in a message.
_SPACE_RUNS = re.compile(r"[\s\u2800]{2,}")


def hidden(character: str) -> bool:
    r"""Does ``character`` print as nothing, or change what the characters around it show?

    >>> [hidden(c) for c in ("a", " ", "\u3164", "\xad", "\U000e0041", "\udce9", "\u2028")]
    [False, False, True, True, True, True, True]
    """
    return unicodedata.category(character) in _HIDDEN_KINDS or character in _HIDDEN_OTHERS


def visible(text: str) -> str:
    r"""``text`` with every control and invisible character shown as its escape (``\n``,
    ``\x1b``, ``\u3164``), so a name or a message cannot clear a terminal, forge a line of its
    own, reverse what follows, or look exactly like another name.

    >>> print(visible("ada\x1b[2J\n[1/1] 12 of 12 points\u202e"))
    ada\x1b[2J\n[1/1] 12 of 12 points\u202e
    >>> print(visible("ada\u3164"), visible("bob\xad"), visible("Jos\udce9"), visible("Zoë"))
    ada\u3164 bob\xad Jos\udce9 Zoë
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(_escape(c) if hidden(c) else c for c in text)


def _escape(character: str) -> str:
    return character.encode("unicode_escape", "backslashreplace").decode("ascii")


def squeezed(text: str) -> str:
    """``text`` with each run of white space made one space: a message padded with spaces
    cannot push its own words to the start of a line in a viewer that wraps long lines.

    >>> squeezed("boom" + " " * 150 + "== 01: 12 of 12 points ==")
    'boom == 01: 12 of 12 points =='
    """
    return _SPACE_RUNS.sub(" ", text)


class OutputError(Exception):
    """The output folder cannot be used as asked (the message says why)."""


def spreadsheet_safe(value: Any) -> Any:
    """``value``, or, for text that a spreadsheet would read as a formula, that text as text;
    control characters in text shown as escapes (:func:`visible`)."""
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_STARTS):
        value = "'" + value
    return visible(value)


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    """CSV text of ``rows``, every cell spreadsheet-safe."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for row in rows:
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return buffer.getvalue()


def _open_folder(name: str | Path, dir_fd: int | None = None) -> int:
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
    try:
        return os.open(name, flags, dir_fd=dir_fd)
    except NotADirectoryError as error:
        raise OutputError(f"{name} is not a folder (or is a link)") from error
    except OSError as error:
        raise OutputError(f"{name} cannot be opened: {error.strerror}") from error


class Output:
    """The output folder, opened once; files are written relative to it, never through a link."""

    def __init__(self, path: Path, force: bool = False) -> None:
        if path.is_symlink():
            raise OutputError(f"{path} is a link: name a real folder for --out")
        if path.exists() and any(path.iterdir()) and not force:
            raise OutputError(
                f"{path} is not empty: name a new folder for --out, or add --force to replace "
                "the grades in it"
            )
        path.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.fd = _open_folder(path)
        self.folders: dict[str, int] = {"": self.fd}

    def folder(self, name: str) -> int:
        """A sub-folder of the output (made if missing), opened without following a link."""
        if name not in self.folders:
            with contextlib.suppress(FileExistsError):
                os.mkdir(name, dir_fd=self.fd)
            self.folders[name] = _open_folder(name, dir_fd=self.fd)
        return self.folders[name]

    def write(self, name: str, text: str, folder: str = "") -> Path:
        """Write ``text`` to ``folder/name`` at once (atomically replaced); its path.

        A character UTF-8 cannot hold (a lone surrogate) is written as its escape, and the
        temporary file is removed on every way out (an error, Ctrl-C): never a ``.part`` left.
        """
        if "/" in name or name in ("", ".", ".."):
            raise OutputError(f"not a file name: {name!r}")
        fd = self.folder(folder)
        temporary = f".{name}.{secrets.token_hex(6)}.part"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
        handle = os.open(temporary, flags, 0o644, dir_fd=fd)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(text.encode("utf-8", "backslashreplace"))
            os.replace(temporary, name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary, dir_fd=fd)
            raise
        return self.path / folder / name

    def close(self) -> None:
        for fd in self.folders.values():
            os.close(fd)
        self.folders = {}
