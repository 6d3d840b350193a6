"""Names analysts import keep working after the readers moved to ``rakestats.formats``."""

from __future__ import annotations

import rakestats.formats as formats
import rakestats.parse as parse
import rakestats.sim as sim
import rakestats.sim.writer as old_writer
from rakestats.formats import rake as rake_format


def test_parse_re_exports_every_public_name_of_formats() -> None:
    assert parse.__all__ == formats.__all__
    for name in formats.__all__:
        assert getattr(parse, name) is getattr(formats, name), name


def test_the_writer_is_the_same_under_both_names() -> None:
    for name in ("HandMeta", "NameRefusedError", "format_hand", "write_hand"):
        assert getattr(old_writer, name) is getattr(rake_format, name), name
        assert getattr(sim, name) is getattr(rake_format, name), name
