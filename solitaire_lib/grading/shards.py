"""A class graded in shards: a fixed share of the students on each machine, merged afterwards.

``solitaire grade CLASS --shard K/N --out OUTk`` grades the students whose key falls in share K
of N: the share is a stable hash of the student's key (:func:`student_key`: the platform's id, or
the name as a person reads it), so it is the same on every machine, in every run, whatever the
order the files were read. ``solitaire grade merge OUT1 ... OUTn --out ALL`` then writes the
class's files from the shards' records, exactly as a run of the whole class writes them.

>>> parse_shard("2/4")
(2, 4)
>>> [shard_of(key, 4) for key in ("id:1201", "id:1202", "name:ada lovelace")]
[1, 2, 1]
"""

from __future__ import annotations

import hashlib
import re

from solitaire_lib.grading.roster import name_key

#: The most shards a class is split into (a share of a student each is already more than enough).
MAX_SHARDS = 10_000


def parse_shard(text: str) -> tuple[int, int]:
    """``K/N`` as two numbers, 1 <= K <= N; a :class:`ValueError` that says what is expected."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
    if not match or not 1 <= int(match[1]) <= int(match[2]) <= MAX_SHARDS:
        raise ValueError(f"--shard is K/N with 1 <= K <= N (2/4: the second of four), not {text!r}")
    return int(match[1]), int(match[2])


def student_key(name: str, student_id: str = "") -> str:
    """What a student is known by, the same on every machine: the platform's id where there is
    one, else the name as a person reads it.

    >>> student_key("Lovelace, Ada"), student_key("Ada Lovelace", "1202")
    ('name:ada lovelace', 'id:1202')
    """
    return f"id:{student_id}" if student_id else f"name:{name_key(name)}"


def shard_of(key: str, count: int) -> int:
    """The share (1 to ``count``) of a student's key: SHA-256, never Python's salted ``hash``."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % count + 1
