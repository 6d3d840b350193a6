"""The XML rooms' stream cutter and safe parser (``formats/xmlstud/_xml.py``): hand
elements found wherever they start (several on a line, across the pieces read), the
text between them kept for the file's header, an over-long element cut short with the
problem, unclosed elements and hostile XML refused with the line."""

from __future__ import annotations

import io

import pytest

from rakestats.formats._base import HandError
from rakestats.formats.files import Limits
from rakestats.formats.xmlstud import _xml
from rakestats.formats.xmlstud._xml import cut_elements, parse_xml, piece_lines


@pytest.mark.parametrize("piece", [1, 7, 1 << 18])
def test_elements_across_pieces_and_lines(monkeypatch: pytest.MonkeyPatch, piece: int) -> None:
    monkeypatch.setattr(_xml, "_PIECE_BYTES", piece)  # tags cut between the pieces read
    data = b'\xef\xbb\xbf<d x="1"/>\n<game id="1">\n a\n</game><game id="2">b</game >\n'
    pieces = list(cut_elements(io.BytesIO(data), "game"))
    assert [(p.kind, p.start) for p in pieces] == [
        ("between", 1),
        ("element", 2),
        ("element", 4),
        ("between", 4),
    ]
    assert pieces[0].data == b'<d x="1"/>\n'  # the BOM dropped
    assert piece_lines(pieces[1]) == [b'<game id="1">', b" a", b"</game>"]
    assert pieces[2].data == b'<game id="2">b</game >'
    assert [n.line for n in [parse_xml(["<x>", "<y/>", "</x>"], 10)]] == [10]


def test_gametype_is_not_a_game() -> None:
    data = b"<s><gametype>Stud</gametype><game gamecode='1'></game></s>"
    kinds = [p.kind for p in cut_elements(io.BytesIO(data), "game")]
    assert kinds == ["between", "element", "between"]


def test_over_long_and_unclosed_elements() -> None:
    lim = Limits(max_hand_bytes=40)
    data = b"<game>" + b"x" * 100 + b"</game>\n<game>\nunclosed"
    pieces = cut_elements(io.BytesIO(data), "game", lim)
    long, unclosed = [p for p in pieces if p.kind == "element"]
    assert long.problem == (1, "line 1: the hand is longer than 40 bytes")
    assert unclosed.problem is None and unclosed.start == 2
    with pytest.raises(HandError, match=r"line 3: not well-formed XML: no element found"):
        parse_xml([raw.decode() for raw in piece_lines(unclosed)], unclosed.start)


@pytest.mark.parametrize(
    "text",
    [
        '<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><x>&b;</x>',
        '<!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>',
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    ],
    ids=["billion-laughs", "external-dtd", "external-entity"],
)
def test_dtds_are_refused(text: str) -> None:
    with pytest.raises(HandError, match=r"^line 5: a document type declaration"):
        parse_xml([text], 5)


def test_undefined_entities_and_bad_characters() -> None:
    with pytest.raises(HandError, match="undefined entity"):
        parse_xml(['<x a="&nope;"/>'], 1)
    with pytest.raises(HandError, match="not well-formed"):
        parse_xml(['<x a="&#27;"/>'], 1)  # an escape character is not XML
    assert parse_xml(['<x a="&lt;&amp;&#65;"/>'], 1).get("a") == "<&A"
