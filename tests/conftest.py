"""Shared fixtures. ipywidgets swallows exceptions raised in callbacks (it only logs them);
here they fail the test instead, so a broken button cannot pass silently."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ipywidgets.widgets.widget import CallbackDispatcher

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT.parent / "shared" / "vectors"


def _raising_dispatch(self: CallbackDispatcher, *args: Any, **kwargs: Any) -> Any:
    value = None
    for callback in self.callbacks:
        local_value = callback(*args, **kwargs)
        value = local_value if local_value is not None else value
    return value


@pytest.fixture(autouse=True)
def widget_callbacks_raise(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(CallbackDispatcher, "__call__", _raising_dispatch)
    yield


@pytest.fixture(scope="session")
def vectors() -> Path:
    if not VECTORS.is_dir():
        pytest.fail(f"the shared reference vectors are missing: {VECTORS}")
    return VECTORS
