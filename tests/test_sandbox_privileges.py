"""The student is an ordinary user in the sandbox, even when the grader runs as root.

Run as root (as CI is), a sandbox that kept bwrap's defaults would give the student uid 0 and
every capability in its user namespace: enough to remount the library read-write and plant code
that the next notebook's kernel (or the grader's next run) imports. Each test here tries one way
up from inside a real sandbox, and checks that it is refused and that nothing changed on disk.
"""

from __future__ import annotations

import csv
import errno
import hashlib
import json
import os
import site
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from processes import marked_processes

import solitaire_lib
from solitaire_lib.grading import sandbox
from solitaire_lib.grading.grade import Settings, grade_class

ROOT = Path(__file__).resolve().parent.parent
SOLUTION = ROOT / "solutions" / "01_aces_in_sequence.ipynb"
BLANK = ROOT / "exercises" / "01_aces_in_sequence.ipynb"
LIBRARY = Path(solitaire_lib.__file__).resolve().parent
SITE_PACKAGES = Path(site.getsitepackages()[0]).resolve()
PYTHON_LIB = Path(os.__file__).resolve().parent

pytestmark = pytest.mark.skipif(
    bool(sandbox.unavailable()) and os.environ.get("CI") != "true",
    reason=f"no sandbox here: {sandbox.unavailable()}",
)

#: Python run inside the sandbox: the tools of an attack, each giving back what it got.
TOOLS = r"""
import ctypes, json, os, subprocess, sys
libc = ctypes.CDLL(None, use_errno=True)
MS_REMOUNT, MS_BIND = 0x20, 0x1000
CLONE_NEWUSER, CLONE_NEWNS = 0x10000000, 0x20000

def errno_of(result):
    return 0 if result == 0 else ctypes.get_errno()

def remount(path):
    return errno_of(libc.mount(b"none", path.encode(), None, MS_REMOUNT | MS_BIND, None))

def run(*argv):
    try:
        return subprocess.run(argv, capture_output=True, timeout=20).returncode
    except OSError as error:
        return f"not started: {error.errno}"

def write(path):  # a new file: a sandbox that failed would leave a stray file, not damage
    try:
        with open(path, "x") as file:
            file.write("raise SystemExit('planted')\n")
        return "written"
    except OSError as error:
        return error.errno
"""


def _inside(code: str, tmp_path: Path) -> dict[str, object]:
    """Run ``code`` (after :data:`TOOLS`) in a sandbox as the grader makes it; what it printed
    last, as JSON."""
    command = sandbox.bwrap_command([sys.executable, "-c", TOOLS + code], *_folders(tmp_path))
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def _folders(tmp_path: Path) -> tuple[Path, Path]:
    """The scratch home and the channel of a sandbox, made and handed over as the grader does."""
    home, channel = tmp_path / "home", tmp_path / "channel"
    home.mkdir(exist_ok=True)
    channel.mkdir(exist_ok=True)
    sandbox.hand_over(home, channel)
    return home, channel


def _digest(folder: Path) -> dict[str, str]:
    """Every file below ``folder`` and its hash (links as their target)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            found[str(path)] = "-> " + os.readlink(path)
        elif path.is_file():
            found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_the_student_is_not_root_and_has_no_capability(tmp_path: Path) -> None:
    seen = _inside(
        "status = dict(line.split(':\\t') for line in open('/proc/self/status').read().splitlines()"
        " if ':\\t' in line)\n"
        "print(json.dumps({'uid': os.getuid(), 'euid': os.geteuid(), 'gid': os.getgid(),"
        " 'groups': os.getgroups(), **{k: status[k].strip() for k in"
        " ('CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb')}}))",
        tmp_path,
    )
    zero = "0" * 16
    assert seen == {
        "uid": sandbox.STUDENT_ID,
        "euid": sandbox.STUDENT_ID,
        "gid": sandbox.STUDENT_ID,
        "groups": [],
        "CapInh": zero,
        "CapPrm": zero,
        "CapEff": zero,
        "CapBnd": zero,
        "CapAmb": zero,
    }


def test_no_remount_makes_the_library_writable(tmp_path: Path) -> None:
    library, before = str(LIBRARY), _digest(LIBRARY)
    seen = _inside(
        f"path = {library!r}\n"
        "print(json.dumps({'ctypes': remount(path),"
        " 'mount': run('mount', '-o', 'remount,bind,rw', path),"
        " 'write': write(path + '/planted_by_a_test.py')}))",
        tmp_path,
    )
    try:
        assert seen["ctypes"] == 1  # EPERM: no CAP_SYS_ADMIN
        assert seen["mount"] not in (0, None)
        assert seen["write"] == 30  # EROFS: the folder is read-only
        assert _digest(LIBRARY) == before
    finally:
        (LIBRARY / "planted_by_a_test.py").unlink(missing_ok=True)


def test_no_user_namespace_of_its_own(tmp_path: Path) -> None:
    """A user namespace of its own would give the student every capability again in there."""
    seen = _inside(
        "print(json.dumps({'ctypes': errno_of(libc.unshare(CLONE_NEWUSER | CLONE_NEWNS)),"
        f" 'command': run('unshare', '-r', 'mount', '-o', 'remount,bind,rw', {str(LIBRARY)!r})}}))",
        tmp_path,
    )
    assert seen["ctypes"] != 0
    assert seen["command"] not in (0, None)


def test_the_library_python_and_venv_are_read_only_to_it(tmp_path: Path) -> None:
    new_file = "planted_by_a_test.txt"
    targets = {
        "library": LIBRARY / "grading" / new_file,
        "site": SITE_PACKAGES / new_file,
        "python": PYTHON_LIB / new_file,
        "venv": Path(sys.prefix) / new_file,
    }
    before = {name: _listing(path.parent) for name, path in targets.items()}
    seen = _inside(
        f"for path in {sandbox.readable_paths()!r}:\n"
        "    remount(path)\n"
        f"print(json.dumps({{name: write(path) for name, path in {_as_text(targets)!r}.items()}}))",
        tmp_path,
    )
    try:
        assert seen == dict.fromkeys(targets, 30)  # EROFS, every one
        assert {name: _listing(path.parent) for name, path in targets.items()} == before
    finally:
        for path in targets.values():
            path.unlink(missing_ok=True)


def test_no_capability_can_be_set(tmp_path: Path) -> None:
    """capset() cannot raise a capability it has not got, and no ambient one can be added."""
    seen = _inside(
        "class Header(ctypes.Structure):\n"
        "    _fields_ = [('version', ctypes.c_uint32), ('pid', ctypes.c_int)]\n"
        "class Data(ctypes.Structure):\n"
        "    _fields_ = [('effective', ctypes.c_uint32), ('permitted', ctypes.c_uint32),"
        " ('inheritable', ctypes.c_uint32)]\n"
        "all_caps = (Data * 2)(Data(0xFFFFFFFF, 0xFFFFFFFF, 0), Data(0x1FF, 0x1FF, 0))\n"
        "capset = errno_of(libc.capset(ctypes.byref(Header(0x20080522, 0)), all_caps))\n"
        "ambient = errno_of(libc.prctl(47, 2, 21, 0, 0))\n"  # PR_CAP_AMBIENT_RAISE CAP_SYS_ADMIN
        "keep = open('/proc/self/status').read().split('CapEff:')[1].split()[0]\n"
        "print(json.dumps({'capset': capset, 'ambient': ambient, 'CapEff': keep}))",
        tmp_path,
    )
    assert seen == {"capset": 1, "ambient": 1, "CapEff": "0" * 16}


#: Opens for writing, never writes: what a test may do to a host's kernel settings.
OPENS_FOR_WRITING = r"""
def opened_for_writing(path):
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_NOFOLLOW | os.O_NONBLOCK))
        return "opened"
    except OSError as error:
        return error.errno

def writable_settings():
    found = []
    for folder, _, names in os.walk("/proc/sys"):
        found += [f"{folder}/{n}" for n in names if opened_for_writing(f"{folder}/{n}") == "opened"]
    return found
"""


def test_no_kernel_setting_can_be_opened_for_writing(tmp_path: Path) -> None:
    """Attack 20: the sandbox of a grader run as root was kernel uid 0, which the kernel lets
    write /proc/sys (763 settings, core_pattern among them: a script run as root on the host).
    Nothing is written here: each file is only opened for writing, and closed."""
    seen = _inside(
        OPENS_FOR_WRITING
        + "print(json.dumps({'core_pattern': opened_for_writing('/proc/sys/kernel/core_pattern'),"
        " 'sysrq': opened_for_writing('/proc/sysrq-trigger'),"
        " 'settings': writable_settings()}))",
        tmp_path,
    )
    refused = (errno.EACCES, errno.EROFS, errno.EPERM)
    assert seen["core_pattern"] in refused
    assert seen["sysrq"] in (*refused, errno.ENOENT)  # ENOENT: a kernel without it
    assert seen["settings"] == []


def test_the_kernel_files_of_proc_are_covered(tmp_path: Path) -> None:
    """/proc/sys and its like are read-only, /proc/keys and its like hidden, whoever runs the
    grader (as container runtimes do); each where this kernel has it."""
    read_only = [f"/proc/{n}" for n in sandbox.PROC_READ_ONLY if os.path.exists(f"/proc/{n}")]
    masked = [f"/proc/{n}" for n in sandbox.PROC_MASKED if os.path.exists(f"/proc/{n}")]
    seen = _inside(
        "mounts = [line.split()[4:6] for line in open('/proc/self/mountinfo')]\n"
        "def shown(path):\n"
        "    try:\n"
        "        return os.listdir(path) if os.path.isdir(path) else open(path).read()\n"
        "    except OSError as error:\n"
        "        return error.errno\n"
        f"print(json.dumps({{'mounts': mounts, 'shown': {{p: shown(p) for p in {masked!r}}}}}))",
        tmp_path,
    )
    options = {point: flags.split(",") for point, flags in seen["mounts"]}
    assert read_only and all("ro" in options.get(path, []) for path in read_only), options
    assert all(shown in ([], "", errno.EACCES) for shown in seen["shown"].values()), seen


def test_no_process_of_the_sandbox_is_root_to_the_kernel(tmp_path: Path) -> None:
    """As the kernel outside sees them (their uids and the map of their user namespace read
    from the host), bwrap's own processes included: none is uid or gid 0."""
    mark = f"sandbox-privileges-{os.getpid()}-{time.monotonic_ns()}"
    home, channel = _folders(tmp_path)
    code = f"# {mark}\nimport time\nopen('ready', 'w').close()\ntime.sleep(60)\n"
    command = sandbox.bwrap_command([sys.executable, "-c", code], home, channel)
    process = subprocess.Popen(command, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while not (home / "ready").exists() and time.monotonic() < deadline:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            time.sleep(0.05)
        ids = {pid: _kernel_ids(pid) for pid in marked_processes(mark)}
        code = [pid for pid, (argv0, _, _) in ids.items() if argv0 == sys.executable]
        assert len(code) == 1, ids
        # read from the host while the code still runs (once it is ended, its /proc is gone)
        outer = Path(f"/proc/{code[0]}/uid_map").read_text().split()
    finally:
        sandbox.end(process)
    assert len(ids) >= 2, ids  # bwrap and the code it runs, at least
    for pid, (argv0, uids, gids) in ids.items():
        assert "0" not in uids + gids, (pid, argv0, uids, gids)
    assert outer[:3] == [str(sandbox.STUDENT_ID), str(_host_ids()[0]), "1"], outer


def _host_ids() -> tuple[int, int]:
    """Who the student's code is to the kernel (uid, gid): nobody for a grader run as root,
    else the grader's own user."""
    if os.geteuid() == 0:
        return sandbox.HOST_ID, sandbox.HOST_ID
    return os.geteuid(), os.getegid()


def _kernel_ids(pid: int) -> tuple[str, list[str], list[str]]:
    """A process's program, and its uids and gids as the host's kernel sees them."""
    argv0 = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode()
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    uids = next(line for line in status if line.startswith("Uid:")).split()[1:]
    gids = next(line for line in status if line.startswith("Gid:")).split()[1:]
    return argv0, uids, gids


def test_what_it_writes_in_its_home_is_not_roots(tmp_path: Path) -> None:
    """Its files belong, on the host, to the grader's own user, or to nobody (uid 65534) when
    the grader is root: never to root."""
    home, _ = _folders(tmp_path)
    seen = _inside(
        "open('/home/student/made.txt', 'w').close()\n"
        "print(json.dumps({'id': [os.getuid(), os.getgid()]}))",
        tmp_path,
    )
    made = (home / "made.txt").stat()
    assert seen["id"] == [sandbox.STUDENT_ID, sandbox.STUDENT_ID]
    assert (made.st_uid, made.st_gid) == _host_ids() != (0, 0)


def _as_text(paths: dict[str, Path]) -> dict[str, str]:
    return {name: str(path) for name, path in paths.items()}


#: A notebook cell that remounts the library read-write and plants code in it: any later import
#: of the library (the next notebook's kernel, the grader's next run) would end at once.
PLANTER = f"""
import ctypes, json, os, site, solitaire_lib
libc = ctypes.CDLL(None, use_errno=True)
library = os.path.dirname(solitaire_lib.__file__)
from solitaire_lib.grading.sandbox import readable_paths
for path in readable_paths():
    libc.mount(b"none", path.encode(), None, 0x20 | 0x1000, None)
for path in (os.path.join(library, "__init__.py"),
             os.path.join(site.getsitepackages()[0], "planted_{os.getpid()}.pth")):
    try:
        with open(path, "a") as file:
            file.write("\\nimport os; os._exit(3)\\n")
    except OSError:
        pass
"""


def test_a_planting_notebook_gains_nothing_and_the_next_one_is_graded_right(
    tmp_path: Path,
) -> None:
    submissions, out = tmp_path / "submissions", tmp_path / "grading"
    for name, base, cells in (
        ("a_planter", BLANK, (PLANTER,)),
        ("b_honest", SOLUTION, ()),
        ("c_blank", BLANK, ()),
    ):
        book = nbformat.read(base, as_version=4)
        book.cells += [nbformat.v4.new_code_cell(source) for source in cells]
        (submissions / name).mkdir(parents=True)
        nbformat.write(book, submissions / name / "01_aces_in_sequence.ipynb")
    library, site_listing = _digest(LIBRARY), _listing(SITE_PACKAGES)

    grade_class(
        submissions,
        out,
        jobs=1,  # one after the other: the planter's sandbox first
        say=lambda line: None,
        settings=Settings(cell_seconds=10, notebook_seconds=90),
    )

    assert _digest(LIBRARY) == library, "the student's code changed the library on disk"
    assert _listing(SITE_PACKAGES) == site_listing, "the student's code planted a file"
    points: dict[str, int] = {}
    for row in csv.DictReader((out / "grades.csv").open(encoding="utf-8")):
        points[row["student"]] = points.get(row["student"], 0) + int(row["points"])
    assert points == {"a_planter": 0, "b_honest": 12, "c_blank": 0}


#: A notebook cell that tries the escape of attack 20 (never writing any setting): it says in
#: an error, which reaches its feedback, every kernel setting it could have changed.
SETTINGS_PROBE = (
    OPENS_FOR_WRITING
    + """
import os
found = writable_settings()
if opened_for_writing("/proc/sysrq-trigger") == "opened":
    found.append("/proc/sysrq-trigger")
open("made_by_the_probe.txt", "w").close()
if found:
    raise RuntimeError(f"ESCALATED: {len(found)} kernel settings writable, e.g. {found[:3]}")
"""
)


def test_a_notebook_probing_the_kernel_settings_is_graded_normally(tmp_path: Path) -> None:
    submissions, out = tmp_path / "submissions", tmp_path / "grading"
    book = nbformat.read(SOLUTION, as_version=4)
    book.cells.append(nbformat.v4.new_code_cell(SETTINGS_PROBE))
    (submissions / "prober").mkdir(parents=True)
    nbformat.write(book, submissions / "prober" / "01_aces_in_sequence.ipynb")

    grade_class(
        submissions,
        out,
        jobs=1,
        say=lambda line: None,
        settings=Settings(cell_seconds=20, notebook_seconds=90),
    )

    rows = list(csv.DictReader((out / "grades.csv").open(encoding="utf-8")))
    feedback = (out / "feedback" / "prober.txt").read_text("utf-8")
    assert "ESCALATED" not in feedback, feedback
    assert {row["student"] for row in rows} == {"prober"}
    assert sum(int(row["points"]) for row in rows) == 12, feedback
