"""End-to-end fixtures: a real uvicorn server on a loopback port and headless Chromium.

The browser is Debian's ``chromium`` (``/usr/bin/chromium``, installed by ``make test``),
driven by Playwright for Python with ``executable_path``: Playwright never downloads a
browser of its own.  Without Chromium or Playwright the suite is skipped, unless
``TINGPAI_REQUIRE_BROWSER=1`` (set by ``make test``), where it fails instead.

The server runs in a thread of the test process, so a test can read the engine's own
state of a table (its match and record) and check what the page shows against it.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The server tests' helpers (serverkit: a uvicorn server in a thread) serve here too.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

CHROMIUM = os.environ.get("TINGPAI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
        import uvicorn  # noqa: F401

        import tingpai.server  # noqa: F401
    except ImportError as exc:
        return f"needs the server extra and playwright: {exc}"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"needs Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="session", autouse=True)
def _browser_available() -> None:
    problem = _missing()
    if problem is None:
        return
    if os.environ.get("TINGPAI_REQUIRE_BROWSER") == "1":
        pytest.fail(problem)
    pytest.skip(problem)


class Server:
    """The app under a real uvicorn on 127.0.0.1, in a thread (the server tests'
    ``ThreadServer``), with a way to the engine state of a table."""

    def __init__(self, database: Path) -> None:
        from serverkit import ThreadServer

        from tingpai.server import Settings

        self.thread = ThreadServer(Settings(database_url=f"sqlite:///{database}"))
        self.app = self.thread.app
        self.url = self.thread.url

    def table(self, table_id: str) -> Any:
        """The live table (engine state) behind an id."""
        return self.app.state.manager.tables[table_id]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web") / "tingpai.sqlite3")
    with srv.thread:
        yield srv


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context (its own storage) at desktop size, failing on page errors."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert not errors, f"page errors: {errors}"
