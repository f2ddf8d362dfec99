"""Hong Kong payment tables, row by row from RULES.md and seed 002, and host tables.

``half-spicy`` (``hk-4p`` default): discard 32 64 96 128 192 256 384 512 for 3..10 fan,
self-draw each 16 32 48 64 96 128 192 256.  ``full-spicy``: every fan doubles (3 -> 32/16).
``golden`` (``hk-2p``): the single opponent pays the four-player amount (discard column;
self-draw 3 x the self-draw column).  ``fan-laak``: points 1 2 4 8 16 16 16 32 32 32 64
(10+), discarder 2 x points and each other loser 1 x, self-draw each loser 2 x.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hkkit import score_hk

from tingpai.rules import RuleError, find_ruleset, read_payment_table

HALF_SPICY = {3: (32, 16), 4: (64, 32), 5: (96, 48), 6: (128, 64), 7: (192, 96),
              8: (256, 128), 9: (384, 192), 10: (512, 256)}
FULL_SPICY = {3: (32, 16), 4: (64, 32), 5: (128, 64), 6: (256, 128), 7: (512, 256),
              8: (1024, 512), 9: (2048, 1024), 10: (4096, 2048)}
GOLDEN = {3: (32, 48), 4: (64, 96), 5: (96, 144), 6: (128, 192), 7: (192, 288),
          8: (256, 384), 9: (384, 576), 10: (512, 768)}
# fan: (points, by discard "a+b+c", self-drawn "a+b+c") exactly as the seed prints them
FAN_LAAK = {0: (1, (1, 1, 2), None), 1: (2, (2, 2, 4), (4, 4, 4)),
            2: (4, (4, 4, 8), (8, 8, 8)), 3: (8, (8, 8, 16), (16, 16, 16)),
            4: (16, (16, 16, 32), (32, 32, 32)), 5: (16, (16, 16, 32), (32, 32, 32)),
            6: (16, (16, 16, 32), (32, 32, 32)), 7: (32, (32, 32, 64), (64, 64, 64)),
            8: (32, (32, 32, 64), (64, 64, 64)), 9: (32, (32, 32, 64), (64, 64, 64)),
            10: (64, (64, 64, 128), (128, 128, 128)),
            13: (64, (64, 64, 128), (128, 128, 128))}

ROWS = (
    [("hk-4p", {}, f, d, s) for f, (d, s) in HALF_SPICY.items()]
    + [("hk-4p", {"payment_table": "full-spicy"}, f, d, s) for f, (d, s) in FULL_SPICY.items()]
    + [("hk-2p", {}, f, d, s) for f, (d, s) in GOLDEN.items()]
)


@pytest.mark.parametrize(("rid", "options", "fan", "discard", "each"), ROWS)
def test_spicy_and_golden_rows(rid: str, options: dict[str, Any], fan: int, discard: int,
                               each: int) -> None:
    rs = find_ruleset(rid, **options)
    assert rs.payments(fan, False).as_dict() == {"discarder": discard}
    assert rs.payments(fan, True).as_dict() == {"each": each}


@pytest.mark.parametrize("fan", sorted(FAN_LAAK))
def test_fan_laak_rows(fan: int) -> None:
    points, by_discard, self_drawn = FAN_LAAK[fan]
    rs = find_ruleset("hk-fanlaak")
    pay = rs.payments(fan, False)
    assert (pay.others, pay.others, pay.discarder) == by_discard
    assert pay.others == points
    if self_drawn is not None:
        assert (rs.payments(fan, True).each,) * 3 == self_drawn


def test_seed_examples_three_fan() -> None:
    # All Pungs 2 + Dragon Pung 1 = 3 fan: by discard 8 + 8 + 16 = 32
    by_discard = score_hk("[222m] 555p888s777z9m +9m", "hk-fanlaak")
    assert by_discard.total == 3
    pay = by_discard.payments
    assert pay.as_dict() == {"discarder": 16, "others": 8}
    assert pay.others * 2 + pay.discarder == 32
    # Half Flush 2 + Self-drawn 1 = 3 fan: 16 x 3 = 48
    self_drawn = score_hk("[123m] 456m789m333z5m +5m", "hk-fanlaak", win="self")
    assert self_drawn.total == 3
    assert self_drawn.payments.as_dict() == {"each": 16}


def test_full_spicy_caps_at_ten() -> None:
    rs = find_ruleset("hk-4p", payment_table="full-spicy")
    assert rs.payments(10, False) == rs.payments(12, False)


# --- host tables ---------------------------------------------------------------------

HOST_ROWS = [{"fan": f, "discard": 10 * f, "self_draw": 5 * f} for f in range(3, 11)]


def _toml(rows: list[dict[str, int]]) -> str:
    return "".join(
        "[[rows]]\n" + "".join(f"{k} = {v}\n" for k, v in row.items()) + "\n" for row in rows
    )


@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_host_table_from_a_file(tmp_path: Path, suffix: str) -> None:
    """A file is read by an explicit reader (the command line calls it); the ruleset gets
    and keeps the rows themselves, so nothing depends on the file afterwards."""
    path = tmp_path / f"table{suffix}"
    path.write_text(json.dumps({"rows": HOST_ROWS}) if suffix == ".json" else _toml(HOST_ROWS))
    table = read_payment_table(path)
    # named after its file (for messages), since the file gives no name
    assert table == {"rows": HOST_ROWS, "name": f"table{suffix}"}
    rs = find_ruleset("hk-4p", payment_table=table)
    assert rs.option_values["payment_table"] == table
    path.unlink()  # the ruleset does not need the file any more
    assert rs.payments(4, False).as_dict() == {"discarder": 40}
    assert rs.payments(4, True).as_dict() == {"each": 20}
    assert rs.payments(10, True).as_dict() == {"each": 50}
    # the scorer uses it: Half Flush 3 by discard
    result = score_hk("[123m] 456m789m333z5m +5m", "hk-4p", {"payment_table": table})
    assert result.payments.as_dict() == {"discarder": 30}


@pytest.mark.parametrize("path", ["table.toml", "/tmp/rows.JSON"])
def test_a_path_is_refused_by_the_library(path: str) -> None:
    """The library reads no files: a path gets a RuleError saying where to read it."""
    with pytest.raises(RuleError, match="read it where the input enters"):
        find_ruleset("hk-4p", payment_table=path)


def test_inline_tables_are_memoized_by_content_not_identity() -> None:
    """Equal rows give the same (memoized) ruleset; changed rows never get the old ones,
    and changing the caller's dict afterwards changes nothing already built."""
    rows = [dict(r) for r in HOST_ROWS]
    first = find_ruleset("hk-4p", payment_table={"rows": rows})
    assert find_ruleset("hk-4p", payment_table={"rows": [dict(r) for r in rows]}) is first
    rows[1]["discard"] = 999  # fan 4 now pays 999
    second = find_ruleset("hk-4p", payment_table={"rows": rows})
    assert second.payments(4, False).discarder == 999
    assert first.payments(4, False).discarder == 40
    assert first.option_values["payment_table"]["rows"][1]["discard"] == 40


def test_inline_host_table_with_an_others_column() -> None:
    rows = [{"fan": f, "discard": 2 * f, "self_draw": 2 * f, "others": f} for f in range(0, 11)]
    rs = find_ruleset("hk-fanlaak", payment_table={"rows": rows})
    assert rs.payments(5, False).as_dict() == {"discarder": 10, "others": 5}
    assert rs.payments(12, True).as_dict() == {"each": 20}  # past the last row: the limit


def _rows(**change: Any) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = [dict(r) for r in HOST_ROWS]
    fan = change.pop("fan_row", 4)
    for row in rows:
        if row["fan"] == fan:
            row.update(change)
    return rows


BAD_TABLES: list[tuple[object, str]] = [
    ({"rows": [r for r in HOST_ROWS if r["fan"] not in (5, 6)]}, "missing fan rows 5, 6"),
    ({"rows": _rows(discard=12.5)}, "row 2 (fan 4): 'discard' must be an integer, got 12.5"),
    ({"rows": _rows(self_draw=-1)}, "row 2 (fan 4): 'self_draw' must be from 0 to"),
    ({"rows": _rows(self_draw=10**16)}, "option 'payment_table': number 10000000000000000 is"),
    # a row at fan 10**8 once built a 4 GB table: fan is bounded up front
    ({"rows": [*HOST_ROWS, {"fan": 10**8, "discard": 1, "self_draw": 1}]},
     "row 9: 'fan' must be from 0 to 100, got 100000000"),
    ({"rows": HOST_ROWS * 13}, "rows (at most one per fan 0 to 100)"),
    ({"rows": _rows(discard="64")}, "'discard' must be an integer, got '64'"),
    ({"rows": _rows(discard=True)}, "'discard' must be an integer, got True"),
    ({"rows": [*HOST_ROWS, {"fan": 4, "discard": 1, "self_draw": 1}]},
     "row 9 (fan 4): a second row for fan 4"),
    ({"rows": [{"fan": 3, "discard": 1}]}, "row 1: missing 'self_draw'"),
    ({"rows": _rows(payout=3)}, "row 2: unknown key 'payout'"),
    ({"rows": _rows(others=3)}, "'others' must be given on every row or on none"),
    ({"rows": []}, "'rows' must be a non-empty list"),
    ({"table": []}, "unknown key 'table'"),
    ([1, 2], "must be a table name (half-spicy, full-spicy"),
    ("no-such-table", "must be a table name (half-spicy, full-spicy"),
    (42, "must be a table name"),
]


@pytest.mark.parametrize(("table", "message"), BAD_TABLES)
def test_bad_host_tables_name_the_entry(table: object, message: str) -> None:
    with pytest.raises(RuleError) as err:
        find_ruleset("hk-4p", payment_table=table)
    assert message in str(err.value)


def test_min_fan_decides_which_rows_are_needed() -> None:
    rows = [r for r in HOST_ROWS if r["fan"] >= 4]
    with pytest.raises(RuleError, match="missing fan rows 3 "):
        find_ruleset("hk-4p", payment_table={"rows": rows})
    rs = find_ruleset("hk-4p", payment_table={"rows": rows}, min_fan=4)
    assert rs.payments(4, False).discarder == 40


BAD_FILES: list[tuple[str, str | None, str]] = [
    ("nope.json", None, "cannot read it"),
    ("broken.toml", "[[rows]\nfan = ", "not valid TOML"),
    ("list.json", "[1, 2]", "must be an object with a 'rows' list"),
    ("bad.json", json.dumps({"rows": _rows(discard=-4)}), "row 2 (fan 4): 'discard'"),
    ("inf.json", '{"rows": [{"fan": 3, "discard": Infinity, "self_draw": 1}]}',
     "Infinity is not a JSON number"),
    ("huge.toml", "#" * 200_000, "longer than 100,000 characters"),
    ("rows.yaml", "rows: []", "must be a .json or .toml file"),
]


@pytest.mark.parametrize(("name", "content", "message"), BAD_FILES,
                         ids=[f[0] for f in BAD_FILES])
def test_bad_files_name_the_file(tmp_path: Path, name: str, content: str | None,
                                 message: str) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    with pytest.raises(RuleError) as err:
        read_payment_table(path)
    assert f"payment table {path}" in str(err.value) and message in str(err.value)
