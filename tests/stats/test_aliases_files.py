"""Aliases files as spreadsheets save them: with a byte-order mark ("CSV UTF-8"), in
Windows-1252 (plain "CSV" on Windows), separated by semicolons or tabs (where the comma
is the decimal mark), with CRLF line ends; a file that cannot be read names its line."""

from __future__ import annotations

import codecs
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.stats import AliasError


def _plain(razz_rooms: Warehouse, tmp_path: Path) -> tuple[list[str], pd.DataFrame]:
    names = sorted(razz_rooms.player_stats(currency="USD")["player"])[:2]
    expected = razz_rooms.player_stats(aliases={"Jérôme": names}, player="Jérôme")
    assert len(expected) == 1 and expected["hands"].iloc[0] > 0
    return names, expected


@pytest.mark.parametrize(
    ("encoding", "bom", "separator", "line_end"),
    [
        ("utf-8", b"", ",", "\n"),
        ("utf-8", codecs.BOM_UTF8, ",", "\r\n"),
        ("cp1252", b"", ",", "\r\n"),
        ("cp1252", b"", ";", "\r\n"),
        ("utf-8", codecs.BOM_UTF8, ";", "\r\n"),
        ("utf-8", b"", "\t", "\n"),
    ],
)
def test_a_spreadsheets_csv(
    razz_rooms: Warehouse,
    tmp_path: Path,
    encoding: str,
    bom: bytes,
    separator: str,
    line_end: str,
) -> None:
    names, expected = _plain(razz_rooms, tmp_path)
    rows = ["screen_name", "person"], *([n, "Jérôme"] for n in names)
    text = line_end.join(separator.join(r) for r in rows) + line_end
    path = tmp_path / "aliases.csv"
    path.write_bytes(bom + text.encode(encoding))
    got = razz_rooms.player_stats(aliases=path, player="Jérôme")
    pd.testing.assert_frame_equal(got, expected)
    out = CliRunner().invoke(
        main, ["stats", "-w", str(razz_rooms.path), "--aliases", str(path), "-p", "Jérôme"]
    )
    assert out.exit_code == 0, out.output
    assert "Jérôme" in out.stdout


def test_toml_with_a_byte_order_mark(razz_rooms: Warehouse, tmp_path: Path) -> None:
    names, expected = _plain(razz_rooms, tmp_path)
    listed = ", ".join(f'"{n}"' for n in names)
    path = tmp_path / "aliases.toml"
    path.write_bytes(codecs.BOM_UTF8 + f'[aliases]\n"Jérôme" = [{listed}]\n'.encode())
    pd.testing.assert_frame_equal(razz_rooms.player_stats(aliases=path, player="Jérôme"), expected)


def test_a_file_not_utf8_names_its_line(razz_rooms: Warehouse, tmp_path: Path) -> None:
    """TOML is UTF-8 by definition: a Windows-1252 byte is an error naming the line (it
    was Python's `'utf-8' codec can't decode byte 0xe9 in position 14`, no file)."""
    path = tmp_path / "aliases.toml"
    path.write_bytes('[aliases]\nMe = ["x"]\n# Jérôme\n'.encode("cp1252"))
    with pytest.raises(AliasError, match=r"aliases\.toml:3: not UTF-8 \(byte 0xe9\)"):
        razz_rooms.player_stats(aliases=path)
    for command in ("stats", "sessions", "hands", "report"):
        args = [command, "-w", str(razz_rooms.path), "--aliases", str(path)]
        if command == "report":
            args += ["--out", str(tmp_path / "r.html")]
        out = CliRunner().invoke(main, args)
        assert out.exit_code == 2 and "aliases.toml:3: not UTF-8" in out.output, command
        assert not (tmp_path / "r.html").exists()
