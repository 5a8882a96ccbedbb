"""A sandbox around one student's notebook: bubblewrap (``bwrap``), the sandbox Flatpak uses.

The class grader (:mod:`solitaire_lib.grading.grade`) runs each notebook, kernel and all, inside
one. What the sandbox gives:

* **its own PID namespace**: the notebook sees only its own processes, and when the sandbox ends,
  every process in it ends too (tmux and screen servers, daemons, double forks: none survives);
* **no network**, only a loopback of its own (the kernel and the program that runs the notebook
  talk over it), and its own IPC and host name;
* **nothing of the machine but what Python needs**, read-only: ``/usr``, the Python installation,
  the virtual environment and the library. The submissions folder, the other students, the
  grader's output, ``solutions/`` and the checkout are not there;
* **a private /tmp and /dev/shm**, and one writable folder: a scratch copy of the student's own
  files (:data:`HOME`);
* **a cleared environment**: only the few variables of :func:`environment` (no ``TMUX``, ``STY``,
  ``DBUS_*``, ``XDG_RUNTIME_DIR``, no path of the grader's);
* **an unprivileged user**, even when the grader runs as root: the student's code is uid and gid
  :data:`STUDENT_ID` with no capability at all (``--uid``, ``--gid``, ``--cap-drop ALL``) and
  may not make user namespaces of its own (``--disable-userns``, where this bwrap has it). So it
  can neither mount nor remount anything: the read-only folders stay read-only. To the kernel
  outside, that uid is the grader's own user; a grader run as root starts bwrap through
  :mod:`~solitaire_lib.grading.drop_root`, which drops to :data:`HOST_ID` (nobody) first, so
  that no process of the sandbox, bwrap's own included, is kernel uid or gid 0. (bwrap maps only
  the user who starts it: started by root, the student was kernel uid 0, which owns root's files
  and may write ``/proc/sys``: a notebook set ``kernel.core_pattern`` and had the kernel run its
  script as root on the host.) The scratch home and the channel are handed to that user
  (:func:`hand_over`), and the cases' input files made readable to it (:func:`let_student_read`);
* **a /proc whose kernel files are covered**, whoever runs the grader, as container runtimes
  do: ``/proc/sys``, ``/proc/sysrq-trigger``, ``/proc/irq``, ``/proc/bus`` and ``/proc/fs``
  read-only, and ``/proc/kcore``, ``/proc/keys``, ``/proc/timer_list``, ``/proc/sched_debug``,
  ``/proc/acpi`` and ``/proc/scsi`` hidden (:func:`proc_covers`), each where the kernel has it;
* it dies with the grader (``--die-with-parent``) and cannot type into the grader's terminal
  (``--new-session``).

>>> command = bwrap_command(["python", "-c", "pass"], Path("/s/home"), Path("/s/channel"))
>>> command = command[command.index("bwrap") :]
>>> command[:3], command[-3:]
(['bwrap', '--unshare-all', '--unshare-user'], ['python', '-c', 'pass'])
>>> command[command.index("--uid") + 1], command[command.index("--cap-drop") + 1]
('1000', 'ALL')
>>> "--ro-bind" in proc_covers() and "/proc/sys" in command
True
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import signal
import site
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import solitaire_lib

#: Where the student's scratch folder is seen inside the sandbox, and the channel to the grader.
HOME, CHANNEL = "/home/student", "/grading"
#: The file, beside the channel, that keeps what the sandbox's first process says on stderr.
ERRORS = "sandbox-errors.txt"
#: The uid and gid of the student's code inside the sandbox: not root, whoever runs the grader.
STUDENT_ID = 1000
#: Who the student's code is to the kernel outside the sandbox when the grader is root: the
#: unprivileged "nobody" (not root, which would own root's files and may write /proc/sys).
HOST_ID = 65534
#: What of the sandbox's /proc is made read-only, and what is covered (see :func:`proc_covers`).
PROC_READ_ONLY = ("sys", "sysrq-trigger", "irq", "bus", "fs")
PROC_MASKED = ("kcore", "keys", "timer_list", "sched_debug", "acpi", "scsi")
#: Memory (address space) each process in the sandbox may use, and the size of a file it writes.
MEMORY_LIMIT, FILE_SIZE_LIMIT = 8 * 2**30, 256 * 2**20
#: The sizes of the sandbox's private /tmp and /dev/shm (they are memory).
TMP_SIZE, SHM_SIZE = 512 * 2**20, 64 * 2**20

#: How to get the sandbox, said wherever it is missing.
HOW_TO_GET_IT = (
    "Install bubblewrap (Debian or Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf "
    "install bubblewrap) on a Linux whose kernel allows user namespaces, or grade inside a "
    "container with no network and nothing else to lose, and pass --unsafe there."
)


def readable_paths() -> list[str]:
    """The folders the sandbox sees, read-only: Python, its packages, the library.

    ``/usr`` holds the system's libraries; the others are added where they lie outside it.
    """
    library = str(Path(solitaire_lib.__file__).resolve().parent)
    candidates = [sys.base_prefix, sys.prefix, sys.exec_prefix, *site.getsitepackages(), library]
    user_site = site.getusersitepackages()
    if os.path.isdir(user_site):
        candidates.append(user_site)
    paths: list[str] = []
    for candidate in sorted({os.path.realpath(p) for p in candidates if os.path.isdir(p)}):
        inside_one = any(candidate == p or candidate.startswith(p + os.sep) for p in paths)
        if not inside_one and candidate != "/usr" and not candidate.startswith("/usr/"):
            paths.append(candidate)
    return paths


def environment() -> dict[str, str]:
    """The whole environment inside the sandbox: nothing of the grader's is passed on."""
    venv_bin = os.path.dirname(sys.executable)
    return {
        "HOME": HOME,
        "USER": "student",
        "PATH": f"{venv_bin}:/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONNOUSERSITE": "" if os.path.isdir(site.getusersitepackages()) else "1",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": "/tmp/matplotlib",
        "JUPYTER_RUNTIME_DIR": "/tmp/jupyter",
        "JUPYTER_PLATFORM_DIRS": "1",
        "NUMBA_CACHE_DIR": "/tmp/numba",
        "IPYTHONDIR": "/tmp/ipython",
    }


def _system_binds() -> list[str]:
    """``/usr`` and what a merged-/usr system links to it, and the few files of /etc needed."""
    args = ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    for name in ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "fonts", "localtime", "alternatives"):
        path = Path("/etc") / name
        if path.exists():
            args += ["--ro-bind", str(path), str(path)]
    return args


def bwrap_command(
    argv: Sequence[str], home: Path, channel: Path, workdir: str = "", inputs: Sequence[str] = ()
) -> list[str]:
    """The ``bwrap`` command that runs ``argv`` in the sandbox, in the scratch folder ``home``
    (seen as :data:`HOME`; ``workdir`` is the folder below it where the command starts).
    ``inputs`` are folders of the cases' input files (a deck file to read), seen read-only at
    their own paths.

    ``channel`` is the folder the grader and the notebook talk through (named pipes, the
    notebook to run): it is the only other place the sandbox may write to.
    """
    command = [*as_unprivileged_user(), "bwrap", "--unshare-all", *unprivileged_user()]
    command += ["--die-with-parent", "--new-session", "--clearenv"]
    # The private /tmp first: what is bound after it may lie below /tmp on the machine (a clone
    # of the project in /tmp), and must not be hidden by it.
    command += ["--proc", "/proc", "--dev", "/dev"]
    command += ["--size", str(TMP_SIZE), "--tmpfs", "/tmp"]
    command += ["--size", str(SHM_SIZE), "--tmpfs", "/dev/shm"]
    command += proc_covers()
    command += _system_binds()
    for path in [*readable_paths(), *inputs]:
        command += ["--ro-bind", path, path]
    command += ["--dir", "/home", "--bind", str(home), HOME, "--bind", str(channel), CHANNEL]
    command += ["--chdir", f"{HOME}/{workdir}".rstrip("/"), "--hostname", "sandbox"]
    for name, value in environment().items():
        if value:
            command += ["--setenv", name, value]
    return [*command, "--", *argv]


def as_unprivileged_user() -> list[str]:
    """What starts bwrap when the grader is root: :mod:`drop_root`, which makes the bound
    folders reachable and drops to :data:`HOST_ID` first, so that bwrap maps the student to that
    user, not to root (nothing when the grader is not root: bwrap maps the student to the
    grader's own user, who is not root either)."""
    if os.geteuid() != 0:
        return []
    helper = str(Path(__file__).resolve().with_name("drop_root.py"))
    return [sys.executable, "-I", helper, str(HOST_ID), str(HOST_ID)]


def proc_covers() -> list[str]:
    """bwrap's options that make the sandbox's ``/proc`` safe to leave to any user, as container
    runtimes do (bwrap itself covers only what it finds writable): the kernel's settings
    (:data:`PROC_READ_ONLY`) read-only, and the files and folders of :data:`PROC_MASKED`
    covered, each where this kernel has it.

    >>> "/proc/sys" in proc_covers()
    True
    """
    options: list[str] = []
    for name in PROC_READ_ONLY:
        if os.path.lexists(f"/proc/{name}"):
            options += ["--ro-bind", f"/proc/{name}", f"/proc/{name}"]
    for name in PROC_MASKED:
        path = f"/proc/{name}"
        if os.path.isdir(path):
            options += ["--tmpfs", path, "--remount-ro", path]
        elif os.path.lexists(path):
            options += ["--ro-bind", "/dev/null", path]
    return options


def hand_over(*folders: Path) -> None:
    """Make ``folders`` and all in them the student's (:data:`HOST_ID`) when the grader is root,
    so that the sandbox may write there (its scratch home and the channel); links are not
    followed. Nothing to do for a grader that is not root: the student is the grader's user."""
    if os.geteuid() != 0:
        return
    for folder in folders:
        os.chown(folder, HOST_ID, HOST_ID, follow_symlinks=False)
        for parent, names, files in os.walk(folder):
            for name in [*names, *files]:
                os.chown(os.path.join(parent, name), HOST_ID, HOST_ID, follow_symlinks=False)


def let_student_read(inputs: Sequence[str]) -> None:
    """Let the student (:data:`HOST_ID`) read the cases' input files when the grader is root:
    their folders, which the checker made in the temporary folder (mode 700, as ``mkdtemp``
    makes them), and the regular files in them, get read permission for others. They are the
    cases' arguments, sent to the student's function anyway; the sandbox sees them read-only.
    Nothing to do for a grader that is not root."""
    if os.geteuid() != 0:
        return
    for folder in inputs:
        os.chmod(folder, os.stat(folder).st_mode | 0o005)
        for entry in os.scandir(folder):
            if entry.is_file(follow_symlinks=False):
                os.chmod(entry.path, entry.stat(follow_symlinks=False).st_mode | 0o004)


def unprivileged_user() -> list[str]:
    """bwrap's options that make the code inside an ordinary user: its own user namespace, where
    it is :data:`STUDENT_ID` with no capabilities, and (bwrap 0.8 or newer) no way to make another
    user namespace, where it would have them again.

    Without ``--cap-drop ALL`` a grader run as root would give the student every capability
    inside: enough to remount the library read-write and plant code the grader then imports.
    """
    options = ["--unshare-user", "--uid", str(STUDENT_ID), "--gid", str(STUDENT_ID)]
    options += ["--cap-drop", "ALL"]
    return options + (["--disable-userns"] if _bwrap_has("--disable-userns") else [])


@functools.cache
def _bwrap_has(option: str) -> bool:
    """Whether this machine's ``bwrap`` knows ``option`` (its ``--help`` lists it)."""
    try:
        done = subprocess.run(
            ["bwrap", "--help"], capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return f"{option} " in done.stdout + done.stderr


@functools.cache
def unavailable() -> str:
    """Why the sandbox cannot be used here ("" when it can): no ``bwrap``, or no namespaces."""
    if not sys.platform.startswith("linux"):
        return f"the sandbox needs Linux (this is {sys.platform})"
    if shutil.which("bwrap") is None:
        return "bwrap (bubblewrap) was not found on this machine"
    scratch = Path(tempfile.gettempdir())  # any folder will do as the probe's home
    probe = bwrap_command(["true"], scratch, scratch)
    try:
        done = subprocess.run(probe, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bwrap could not be started ({type(error).__name__})"
    if done.returncode != 0:
        return f"bwrap could not make a sandbox here: {done.stderr.strip()[-300:]}"
    return ""


def limit_memory() -> None:
    """Cap the address space of each process the sandbox runs, and the size of any file it
    writes (run in the sandbox's first process; what it starts inherits the limits)."""
    with contextlib.suppress(ImportError, OSError, ValueError):
        import resource

        for kind, limit in (
            (resource.RLIMIT_AS, MEMORY_LIMIT),
            (resource.RLIMIT_FSIZE, FILE_SIZE_LIMIT),
        ):
            _, hard = resource.getrlimit(kind)
            soft = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
            resource.setrlimit(kind, (soft, hard))


def start(
    argv: Sequence[str],
    home: Path,
    channel: Path,
    sandboxed: bool,
    workdir: str = "",
    inputs: Sequence[str] = (),
) -> subprocess.Popen[bytes]:
    """Start ``argv`` in the sandbox (or, ``sandboxed=False``, only in a session of its own, with
    the same cleared environment and the channel at its real path). Its output is discarded;
    its errors go to :data:`ERRORS` beside the channel."""
    if sandboxed:
        hand_over(home, channel)
        let_student_read(inputs)
        command, cwd = bwrap_command(argv, home, channel, workdir, inputs), None
        env = {"PATH": "/usr/bin:/bin"}
    else:
        command, cwd = list(argv), str(home / workdir)
        env = {**environment(), "HOME": str(home), "SOLITAIRE_GRADING_CHANNEL": str(channel)}
    with open(channel.parent / ERRORS, "wb") as errors:  # what bwrap and the runner say
        return subprocess.Popen(
            command,
            cwd=cwd,
            env={k: v for k, v in env.items() if v},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,  # Ctrl-C at the grader's terminal is the grader's to handle
            preexec_fn=limit_memory,
        )


def end(process: subprocess.Popen[bytes]) -> None:
    """End the sandbox and everything in it (the whole session), and reap it."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        process.kill()
    process.wait()


def channel_path() -> Path:
    """The channel's path as the notebook sees it (inside the sandbox, or beside it)."""
    return Path(os.environ.get("SOLITAIRE_GRADING_CHANNEL", CHANNEL))


# --- The inline check: the same walls, raised around a forked worker ----------------------------

_CLONE_NEWNS, _CLONE_NEWIPC, _CLONE_NEWUSER, _CLONE_NEWPID, _CLONE_NEWNET = (
    0x20000,
    0x8000000,
    0x10000000,
    0x20000000,
    0x40000000,
)
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC, _MS_REC, _MS_PRIVATE = 1, 2, 4, 8, 0x4000, 0x40000
#: Variables through which a program finds a server outside to start processes for it.
DAEMON_VARIABLES = ("TMUX", "TMUX_PANE", "STY", "WINDOW", "XDG_RUNTIME_DIR", "SSH_AUTH_SOCK")


def _daemon_folders(environ: dict[str, str]) -> list[str]:
    """Where the servers that would start programs for the student's code usually keep their
    sockets: tmux's, screen's, the session bus's (systemd --user), and the one ``$TMUX`` names.
    (Covering them is a second wall: :func:`forbid_unix_sockets` is the first.)"""
    uid = os.getuid()
    folders = [
        f"/tmp/tmux-{uid}",
        f"{environ.get('TMUX_TMPDIR', '/tmp')}/tmux-{uid}",
        "/run/screen",
        "/var/run/screen",
        f"/run/user/{uid}",
        environ.get("SCREENDIR", ""),
        environ.get("XDG_RUNTIME_DIR", ""),
    ]
    tmux_socket = environ.get("TMUX", "").split(",")[0]
    if tmux_socket:
        folders.append(os.path.dirname(tmux_socket))
    bus = environ.get("DBUS_SESSION_BUS_ADDRESS", "")
    if "path=" in bus:
        folders.append(os.path.dirname(bus.split("path=")[1].split(",")[0]))
    return sorted({os.path.realpath(f) for f in folders if f and os.path.isdir(f)})


def contain_this_process() -> bool:
    """Raise the sandbox's walls around this process, for a check's supervisor (Linux).

    New user, PID, mount, network and IPC namespaces: the next process this one forks is the
    first of a PID namespace, and when it ends the kernel ends every process left in it, however
    it was started (a double fork, ``setsid``, a tmux server of its own). No new Unix socket
    (:func:`forbid_unix_sockets`): a tmux, screen or systemd server outside, wherever its socket
    lies, cannot be asked to start a program there. Also the usual folders of those servers'
    sockets covered by empty ones, and the variables that name them removed. Must be called by a
    process with one thread (just after ``fork``). False, and nothing changed, where the kernel
    does not allow it.

    These walls end what a check started; they are no boundary of privilege. The user namespace
    maps the notebook's own user to itself, so a notebook run as root leaves the worker kernel
    uid 0, with every capability over its own mount namespace: it owns root's files and may open
    ``/proc/sys/kernel/core_pattern`` for writing, as the notebook itself may. A read-only
    ``/proc/sys`` here would not hold: the worker could unmount it (measured: it does). The
    class grader's sandbox is the boundary (nobody to the kernel when the grader is root).
    """
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    hidden = _daemon_folders(dict(os.environ))
    libc = ctypes.CDLL(None, use_errno=True)
    if not enter_own_namespaces(libc, _CLONE_NEWPID | _CLONE_NEWNS | _CLONE_NEWNET | _CLONE_NEWIPC):
        return False
    libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None)
    cover_with_empty_tmpfs(libc, hidden, _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, "700")
    for name in [*DAEMON_VARIABLES, *(n for n in os.environ if n.startswith("DBUS_"))]:
        os.environ.pop(name, None)
    forbid_unix_sockets()
    return True


def identity_maps(uid: int, gid: int) -> list[tuple[str, str]]:
    """The files of ``/proc/self`` to write, and what, so that a new user namespace maps user
    ``uid`` and group ``gid`` to themselves (``setgroups`` denied first, as the kernel asks of a
    process that is not root outside).

    >>> identity_maps(1000, 100)
    [('setgroups', 'deny'), ('uid_map', '1000 1000 1'), ('gid_map', '100 100 1')]
    """
    return [("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")]


def enter_own_namespaces(libc: Any, namespaces: int) -> bool:
    """Move this process into a new user namespace, where its user and group are themselves
    (:func:`identity_maps`), and into the other new ``namespaces`` (``CLONE_NEW*`` flags) at
    once. False, and nothing changed, where the kernel refuses. The walls of a check
    (:func:`contain_this_process`) and the namespace below them that locks their mounts
    (:func:`~solitaire_lib.grading.isolation.hide_guarded_folders`) are both entered here.

    >>> class Refusing:  # a libc whose unshare fails, as a kernel without user namespaces does
    ...     def unshare(self, flags):
    ...         return -1
    >>> enter_own_namespaces(Refusing(), _CLONE_NEWNS)
    False
    """
    uid, gid = os.geteuid(), os.getegid()  # before: in the new namespace they are unmapped
    if libc.unshare(_CLONE_NEWUSER | namespaces) != 0:
        return False
    for name, text in identity_maps(uid, gid):
        with contextlib.suppress(OSError), open(f"/proc/self/{name}", "w") as file:
            file.write(text)
    return True


def cover_with_empty_tmpfs(libc: Any, folders: Sequence[str], flags: int, mode: str) -> list[str]:
    """Mount an empty tmpfs (mount ``flags``, permissions ``mode``) over each of ``folders``, in
    this process's own mount namespace (see :func:`enter_own_namespaces`). Returns the folders
    covered: a mount the kernel refuses leaves that folder as it was.

    >>> class Refusing:  # a libc whose mount fails, as outside a namespace of one's own
    ...     def mount(self, source, target, kind, flags, data):
    ...         return -1
    >>> cover_with_empty_tmpfs(Refusing(), ["/tmp/tmux-0"], _MS_NOSUID, "700")
    []
    """
    options = f"mode={mode}".encode()
    return [
        folder
        for folder in folders
        if libc.mount(b"tmpfs", os.fsencode(folder), b"tmpfs", flags, options) == 0
    ]


#: For each machine: its audit architecture, and the numbers of ``socket`` and ``io_uring_setup``.
_SYSCALLS = {"x86_64": (0xC000003E, 41, 425), "aarch64": (0xC00000B7, 198, 425)}
_AF_UNIX, _EPERM = 1, 1


def forbid_unix_sockets() -> bool:
    """From now on, in this process and every process it starts, ``socket(AF_UNIX, ...)`` fails
    with EPERM (a seccomp filter; Linux on x86-64 and ARM64). False where it cannot be set.

    A Unix socket is the one door between network namespaces that a file path opens: every
    server that starts programs on request (tmux, screen, systemd, a shell's job server) listens
    on one. ``socketpair()`` and pipes still work, so ``subprocess``, ``multiprocessing``'s pipes
    and asyncio do. ``io_uring``, which could make a socket without the ``socket`` call, is
    refused too, and so is any system call of another architecture (a 32-bit ``socketcall``).
    """
    import ctypes
    import platform

    if platform.machine() not in _SYSCALLS:
        return False
    arch, socket_call, io_uring_setup = _SYSCALLS[platform.machine()]
    load, jump_if, jump_at_least, give = 0x20, 0x15, 0x35, 0x06
    allow, refuse = 0x7FFF0000, 0x00050000 | _EPERM
    # (code, jump if true, jump if false, k): offsets 0, 4 and 16 of seccomp_data are the call's
    # number, its architecture and the low half of its first argument.
    program = [
        (load, 0, 0, 4),
        (jump_if, 1, 0, arch),
        (give, 0, 0, refuse),
        (load, 0, 0, 0),
        (jump_at_least, 5, 0, 0x40000000),  # x32 calls on x86-64
        (jump_if, 4, 0, io_uring_setup),
        (jump_if, 0, 2, socket_call),
        (load, 0, 0, 16),
        (jump_if, 1, 0, _AF_UNIX),
        (give, 0, 0, allow),
        (give, 0, 0, refuse),
    ]

    class Instruction(ctypes.Structure):
        _fields_ = [
            ("code", ctypes.c_uint16),
            ("jt", ctypes.c_uint8),
            ("jf", ctypes.c_uint8),
            ("k", ctypes.c_uint32),
        ]

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_uint16), ("filter", ctypes.POINTER(Instruction))]

    instructions = (Instruction * len(program))(*(Instruction(*i) for i in program))
    libc = ctypes.CDLL(None, use_errno=True)
    pr_set_no_new_privs, pr_set_seccomp, seccomp_mode_filter = 38, 22, 2
    if libc.prctl(pr_set_no_new_privs, 1, 0, 0, 0) != 0:
        return False
    fprog = Program(len(program), instructions)
    return bool(libc.prctl(pr_set_seccomp, seccomp_mode_filter, ctypes.byref(fprog), 0, 0) == 0)
