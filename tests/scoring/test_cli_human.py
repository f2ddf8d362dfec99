"""The human form of ``tingpai score``: a table with Chinese names, the total and payments."""

from __future__ import annotations

import pytest

from tingpai.cli import main


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide terminal, so rich does not wrap table cells."""
    monkeypatch.setenv("COLUMNS", "200")


def test_seed_example_table(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["score", "123s123p789p99p [123m] +9p", "--rules", "hu-4p", "--discard",
                   "--seat", "S", "--round", "E", "--flowers", "5f"])
    out = capsys.readouterr().out
    assert status == 0
    for text in ("Fully Outside", "純全带么", "chún quán dài yāo", "4000", "平和",
                 "Total: 6600 points", "the discarder pays 19800", "superseded by Fully"):
        assert text in out, text


@pytest.mark.parametrize(
    ("args", "lines"),
    [
        (["--self-draw", "--rules", "hu-3p"], ("each of 2 players pays 6600", "13200 in all")),
        (["--self-draw", "--rules", "hu-2p"], ("the other player pays 6600",)),
        (["--rules", "hu-3p"], ("the discarder pays 16500",)),
        (["--option", "max_value=2000"], ("capped at 2000", "Total: 2000")),
        (["--seat", "E", "--repeats", "3"], ("Dealer Repeats", "Total: 6900")),
        (["--eighth-repeat"], ("Eighth Repeat", "Total: 10600")),
        (["--last-tile"], ("海底捞月", "Total: 7600")),
        (["--explain"], ("Not present", "Nine Gates", "九莲宝灯")),
    ],
)
def test_human_options(args: list[str], lines: tuple[str, ...],
                       capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["score", "123s123p789p9p [123m] +9p", "--seat", "S", "--flowers", "5f",
                   *args])
    out = capsys.readouterr().out
    assert status == 0
    for text in lines:
        assert text in out, (text, out)


def test_kong_chain_and_robbing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "[2222s] 123m456p789p5s +5s", "--self-draw",
                 "--replacements", "kong,flower", "--flowers", "1f"]) == 0
    assert "Total: 2100" in capsys.readouterr().out
    assert main(["score", "12m456p789p111s22z +3m", "--robbing-kong"]) == 0
    assert "Total: 1000" in capsys.readouterr().out


def test_invalid_hand_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "[2222s] 123m456p789p5s +5s"]) == 0
    out = capsys.readouterr().out
    assert "Not a valid win" in out and "One Quad" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["123m456p789s234s55p"], "winning tile"),
        (["123x +1m"], "unexpected character"),
        (["123m456p789s234s5p +5p", "--rules", "nope"], "nope"),
        (["123m456p789s234s5p +5p", "--option", "colour=red"], "colour"),
        (["123m456p789s234s5p +5p", "--option", "flowers"], "KEY=VALUE"),
        (["123m456p789s234s5p +5p", "--seat", "Q"], "--seat"),
        (["123m456p789s234s5p +5p", "--replacements", "kong,moon"], "moon"),
        (["123m456p789s234s5p +5p", "--dealer-repeats", "-2"], "--dealer-repeats"),
        (["123m456p789s234s5p +5p", "--repeats", "-2"], "--dealer-repeats"),
        ([], "give a hand"),
    ],
)
def test_bad_input_exit_2(args: list[str], message: str,
                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", *args]) == 2
    assert message in capsys.readouterr().err


def test_human_form_infers_self_draw_and_east_for_heaven(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["score", "123m456m789m123p55p +5p", "--blessing", "heaven"]) == 0
    out = capsys.readouterr().out
    assert "8000" in out and "Self-draw" in out
