"""``docs/rules/`` is generated from the ruleset data (``tingpai rules --write-docs
docs/rules``); these tests fail when a committed page is stale or missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tingpai.cli.rules_cmd import GENERATED, docs_pages, write_docs
from tingpai.rules import BUILTIN_IDS

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
REGENERATE = "stale: run `tingpai rules --write-docs docs/rules` and commit the pages"


# The ids the package ships: a test elsewhere may register a variant of its own.
PAGES = docs_pages(BUILTIN_IDS)


def test_a_page_for_every_ruleset_id() -> None:
    assert {f"{rid}.md" for rid in BUILTIN_IDS} | {"index.md"} == set(PAGES)


@pytest.mark.parametrize("name", sorted(PAGES))
def test_committed_page_is_current(name: str) -> None:
    path = DOCS / name
    assert path.is_file(), f"docs/rules/{name} is missing; {REGENERATE}"
    assert path.read_text(encoding="utf-8") == PAGES[name], f"docs/rules/{name} {REGENERATE}"


def test_no_generated_page_of_an_unknown_id() -> None:
    for path in DOCS.glob("*.md"):
        if path.read_text(encoding="utf-8").startswith(GENERATED):
            assert path.name in PAGES, f"docs/rules/{path.name} is left over; {REGENERATE}"


def test_write_docs_replaces_stale_generated_pages_only(tmp_path: Path) -> None:
    (tmp_path / "hu-9p.md").write_text(GENERATED + "\nold\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("hand-written\n", encoding="utf-8")
    (tmp_path / "hu-4p.md").write_text(GENERATED + "\nold\n", encoding="utf-8")
    write_docs(tmp_path)
    assert not (tmp_path / "hu-9p.md").exists()
    assert (tmp_path / "notes.md").read_text(encoding="utf-8") == "hand-written\n"
    assert (tmp_path / "hu-4p.md").read_text(encoding="utf-8") == PAGES["hu-4p.md"]


def test_pages_link_each_other() -> None:
    index = PAGES["index.md"]
    for rid in BUILTIN_IDS:
        assert f"({rid}.md)" in index
        assert "[All rulesets](index.md)" in PAGES[f"{rid}.md"]
