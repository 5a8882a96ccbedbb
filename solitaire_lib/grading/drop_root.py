"""Start ``bwrap`` as an unprivileged user, for a grader that runs as root.

bwrap can only map the user who starts it: started by root, the sandbox's uid is kernel uid 0,
which owns root's files and passes the kernel's own test on ``/proc/sys`` (a student's notebook
wrote ``kernel.core_pattern`` and got a script run as root on the host). So a grader run as root
starts bwrap through this program, which, still root:

1. enters a mount namespace of its own (nothing it mounts is seen outside);
2. makes every folder the sandbox binds reachable by the unprivileged user: where a folder on
   the way is closed to that user (``/root`` is mode 700, and so are the grader's scratch
   folders), it covers that folder, in its own namespace only, with an empty in-memory one in
   which the needed paths are bound again (:func:`make_reachable`); nothing on disk changes;
3. drops to that user and group, with no other group and no capability (:func:`become`);
4. runs bwrap, which then maps the sandbox's uid to that user, not to root.

Usage: ``python -I drop_root.py UID GID bwrap ARGS...``. It uses nothing but Python's own
library, so that it runs the same whatever ``PYTHONPATH`` says.

>>> bind_sources(["bwrap", "--setenv", "X", "--bind", "--ro-bind", "/usr", "/usr", "--", "ls"])
['/usr']
"""

from __future__ import annotations

import ctypes
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import PurePosixPath

_CLONE_NEWNS = 0x20000
_MS_NOSUID, _MS_NODEV, _MS_BIND, _MS_REC, _MS_PRIVATE = 2, 4, 0x1000, 0x4000, 0x40000

#: bwrap's options, each with the number of arguments it takes; those that bind a host path
#: (their first argument) are in :data:`BINDS`. An option not listed is refused, so that no
#: argument of another option is ever taken for a path, nor a bind missed.
ARITY = {
    "--unshare-all": 0, "--unshare-user": 0, "--disable-userns": 0, "--die-with-parent": 0,
    "--new-session": 0, "--clearenv": 0, "--uid": 1, "--gid": 1, "--cap-drop": 1, "--proc": 1,
    "--dev": 1, "--size": 1, "--tmpfs": 1, "--dir": 1, "--chdir": 1, "--hostname": 1,
    "--remount-ro": 1, "--perms": 1, "--symlink": 2, "--setenv": 2,
    "--bind": 2, "--bind-try": 2, "--ro-bind": 2, "--ro-bind-try": 2,
}  # fmt: skip
BINDS = ("--bind", "--bind-try", "--ro-bind", "--ro-bind-try")


def bind_sources(command: Sequence[str]) -> list[str]:
    """The host paths that the bwrap ``command`` binds into its sandbox (those that exist).

    >>> bind_sources(["bwrap", "--proc", "/proc", "--ro-bind-try", "/no/such", "/x", "--", "a"])
    []
    >>> bind_sources(["bwrap", "--share-net", "--", "a"])
    Traceback (most recent call last):
    ...
    ValueError: drop_root: bwrap option '--share-net' not known here
    """
    sources: list[str] = []
    index = 1
    while index < len(command) and command[index] != "--":
        option = command[index]
        if option not in ARITY:
            raise ValueError(f"drop_root: bwrap option {option!r} not known here")
        if option in BINDS and os.path.lexists(command[index + 1]):
            sources.append(command[index + 1])
        index += 1 + ARITY[option]
    return sources


def passable(info: os.stat_result, uid: int, gid: int) -> bool:
    """Whether the user ``uid`` (group ``gid``, no other group) may pass through a folder.

    >>> passable(os.stat("/"), 65534, 65534)
    True
    """
    if info.st_uid == uid:
        return bool(info.st_mode & stat.S_IXUSR)
    if info.st_gid == gid:
        return bool(info.st_mode & stat.S_IXGRP)
    return bool(info.st_mode & stat.S_IXOTH)


def first_barrier(path: str, uid: int, gid: int) -> str | None:
    """The first folder on the way to ``path`` (from ``/`` down, ``path`` itself left out) that
    the user ``uid`` may not pass through; None when there is none.

    >>> first_barrier("/usr/bin", 65534, 65534) is None
    True
    """
    for folder in reversed(PurePosixPath(path).parents):
        if not passable(os.stat(folder), uid, gid):
            return str(folder)
    return None


def _below(path: str, folder: str) -> bool:
    """Whether ``path`` lies below ``folder``.

    >>> _below("/a/b", "/a"), _below("/ab", "/a"), _below("/a", "/a")
    (True, False, False)
    """
    return path.startswith(folder.rstrip("/") + "/")


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _mount(source: str | None, target: str, kind: str | None, flags: int, data: str = "") -> None:
    libc = _libc()
    encoded = [None if s is None else s.encode() for s in (source, target, kind)]
    if libc.mount(*encoded, flags, data.encode() if data else None) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"drop_root: mount on {target}: {os.strerror(error)}")


def enter_own_mount_namespace() -> None:
    """A mount namespace of this process's own, whose mounts reach nothing outside it."""
    if _libc().unshare(_CLONE_NEWNS) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"drop_root: unshare: {os.strerror(error)}")
    _mount(None, "/", None, _MS_REC | _MS_PRIVATE)


def cover(barrier: str, needed: Sequence[str]) -> None:
    """Cover the folder ``barrier`` with an empty in-memory folder (mode 755, in this mount
    namespace only) in which each of the ``needed`` paths below it is bound again, at its own
    path: the way to them is open, and nothing else of ``barrier`` is seen."""
    tops = [p for p in needed if not any(_below(p, other) for other in needed)]
    handles = {path: os.open(path, os.O_PATH | os.O_CLOEXEC) for path in sorted(set(tops))}
    try:
        _mount("tmpfs", barrier, "tmpfs", _MS_NOSUID | _MS_NODEV, "mode=755")
        for path, handle in handles.items():
            os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
            if stat.S_ISDIR(os.fstat(handle).st_mode):
                os.mkdir(path, 0o755)
            else:
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
            _mount(f"/proc/self/fd/{handle}", path, None, _MS_BIND | _MS_REC)
    finally:
        for handle in handles.values():
            os.close(handle)


def make_reachable(paths: Sequence[str], uid: int, gid: int) -> None:
    """Cover every folder on the way to ``paths`` that ``uid`` may not pass (:func:`cover`),
    the highest first, until each of them is reachable."""
    real = sorted({os.path.realpath(p) for p in paths})
    for path in real:
        for _ in range(path.count("/") + 1):  # each cover opens at least one more folder
            barrier = first_barrier(path, uid, gid)
            if barrier is None:
                break
            if barrier == "/":
                raise PermissionError(f"drop_root: uid {uid} may not pass through /")
            umask = os.umask(0o022)
            try:
                cover(barrier, [p for p in real if _below(p, barrier)])
            finally:
                os.umask(umask)
        else:
            raise PermissionError(f"drop_root: {path} stays out of reach of uid {uid}")


def become(uid: int, gid: int) -> None:
    """Drop from root to ``uid`` and ``gid`` for good: no other group, no capability left (the
    kernel clears them all when no uid of the process is 0 any more)."""
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    if 0 in os.getresuid() or 0 in os.getresgid() or os.getgroups():
        raise PermissionError("drop_root: still root after dropping")
    with open("/proc/self/status", encoding="ascii") as file:
        status = file.read()
    if any(f"{name}:\t{'0' * 16}" not in status for name in ("CapPrm", "CapEff")):
        raise PermissionError("drop_root: capabilities left after dropping")


def main(argv: Sequence[str]) -> None:
    """``drop_root.py UID GID bwrap ARGS...``: make the binds reachable, drop, run bwrap."""
    uid, gid, command = int(argv[1]), int(argv[2]), list(argv[3:])
    if uid == 0 or gid == 0:
        raise ValueError("drop_root: the sandbox's user must not be root")
    sources = bind_sources(command)
    if os.geteuid() == 0:
        enter_own_mount_namespace()
        make_reachable(sources, uid, gid)
        become(uid, gid)
    os.execvp(command[0], command)


if __name__ == "__main__":
    try:
        main(sys.argv)
    except (OSError, ValueError) as error:
        print(f"bwrap could not be started as an unprivileged user: {error}", file=sys.stderr)
        sys.exit(1)
