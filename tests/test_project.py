"""Project files that must agree with each other."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pyproject_pins() -> dict[str, str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    requirements = list(data["project"]["dependencies"])
    for extra in data["project"]["optional-dependencies"].values():
        requirements += extra
    pins = {}
    for requirement in requirements:
        pin = requirement.split(";")[0].strip()  # an environment marker may follow
        match = re.fullmatch(r"([A-Za-z0-9_-]+)==(\d+\.\d+)\.\*", pin)
        assert match, f"pin minor versions as NAME==X.Y.*: {requirement}"
        pins[match[1].lower()] = match[2]
    return pins


def conda_pins(name: str) -> dict[str, str]:
    """The minor versions a conda environment file pins (Python's under ``python``)."""
    text = (ROOT / name).read_text("utf-8")
    conda = dict(re.findall(r"^\s+- ([a-z0-9_-]+)=(\d+\.\d+)$", text, re.MULTILINE))
    # Packages that conda-forge does not have come from PyPI, in the pip section.
    pip = dict(re.findall(r"^\s+- ([a-z0-9_-]+)==(\d+\.\d+)\.\*", text, re.MULTILINE))
    assert not conda.keys() & pip.keys()
    assert "      - -e ." in text.splitlines(), f"{name} must install the library itself"
    return conda | pip


def test_environment_dev_yml_pins_every_package_as_pyproject_does() -> None:
    pins = conda_pins("environment-dev.yml")
    assert pins.pop("python") == conda_pins("environment.yml")["python"]
    assert pins == pyproject_pins()


def test_environment_yml_holds_what_a_student_needs_pinned_as_pyproject_does() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    student = data["project"]["dependencies"] + data["project"]["optional-dependencies"]["lab"]
    pins = conda_pins("environment.yml")
    pins.pop("python")
    assert pins == _pins(student)


def _pins(requirements: list[str]) -> dict[str, str]:
    found = {}
    for requirement in requirements:
        match = re.fullmatch(r"([A-Za-z0-9_-]+)==(\d+\.\d+)\.\*", requirement.split(";")[0].strip())
        assert match, f"pin minor versions as NAME==X.Y.*: {requirement}"
        found[match[1].lower()] = match[2]
    return found


def test_binder_installs_the_package_and_the_lab_pinned_like_pyproject() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    wanted = _pins(
        data["project"]["dependencies"] + data["project"]["optional-dependencies"]["lab"]
    )
    lines = (ROOT / "binder" / "requirements.txt").read_text("utf-8").splitlines()
    assert _pins([line for line in lines if line and not line.startswith("#")]) == wanted
    python = re.search(r"^\s+- python=(\d+\.\d+)$", (ROOT / "environment.yml").read_text(), re.M)
    assert python and (ROOT / "binder" / "runtime.txt").read_text().strip() == f"python-{python[1]}"
    assert data["project"]["requires-python"] == f">={python[1]}"
    assert "pip install --no-deps -e ." in (ROOT / "binder" / "postBuild").read_text()


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "make test" in readme and "make lab" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text("utf-8")
    makefile = (ROOT / "Makefile").read_text("utf-8")
    assert re.search(r"^test:", makefile, re.MULTILINE)
    assert re.search(r"^lab:", makefile, re.MULTILINE)
    # The README's route without make runs in make test, and only there (it installs a venv).
    test_target = re.search(r"^test:(.*)$", makefile, re.MULTILINE)
    assert test_target and "no-make-route" in test_target[1].split()
    assert "--ignore=tests/install" in makefile
