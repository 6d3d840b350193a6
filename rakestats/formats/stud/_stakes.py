"""A hand's money as a room's header writes it: the currency (or chips), the scale that
turns amounts into integers, the small and big bet and the ante; and the header built
from it.

>>> s = stakes("$0.05", "$0.10", 1, currency=currency_of("$"))
>>> s.currency, s.scale, s.small_bet, s.big_bet, s.ante
('USD', 100, 5, 10, None)
>>> stakes("10", "20", 1, ante="2").scale, stakes("0.10", "0.20", 1, cents=True).small_bet
(1, 10)
>>> import re
>>> m = re.match(STAKES, "€0.05/€0.10")
>>> m["cur"], m["sb"], m["bb"]
('€', '0.05', '0.10')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from rakestats.formats.stud._common import CURRENCY_SYMBOLS, parse_money
from rakestats.formats.stud._model import StudHeader

__all__ = ["STAKES", "Stakes", "currency_of", "header", "stakes"]

#: Stakes as most rooms write them: ``$0.05/$0.10``, ``10/20``, ``€1/€2`` (groups
#: ``cur``: the sign, ``sb``, ``bb``).
STAKES = r"(?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)"


@dataclass(frozen=True, slots=True)
class Stakes:
    """``currency``: an ISO code or ``chips``; ``scale``: 100 (amounts in cents) or 1."""

    currency: str
    scale: int
    small_bet: int
    big_bet: int
    ante: int | None = None


def currency_of(
    sign: str | None, code: str | None = None, default: str | None = None
) -> str | None:
    """The currency of the stakes: the ISO ``code`` written, else the one of the ``sign``,
    else ``default`` (None: chips).

    >>> currency_of("€"), currency_of("", "CAD"), currency_of("", default="USD"), currency_of("")
    ('EUR', 'CAD', 'USD', None)
    """
    return code or CURRENCY_SYMBOLS.get(sign or "", default)


def stakes(
    small: str | None,
    big: str | None,
    line: int,
    *,
    currency: str | None = None,
    cents: bool = False,
    ante: str | None = None,
) -> Stakes:
    """The stakes of a hand in ``currency`` (None: chips, in whole units unless
    ``cents``: play money written with cents); a bet not written is 0, an ante not
    written None. Raises HandError on an amount that is not one."""
    scale = 100 if currency or cents else 1
    return Stakes(
        currency or "chips",
        scale,
        parse_money(small, scale, line) if small else 0,
        parse_money(big, scale, line) if big else 0,
        parse_money(ante, scale, line) if ante else None,
    )


def header(
    site: str,
    hand_id: str,
    money: Stakes,
    played_at: datetime,
    *,
    game: str | None,
    game_text: str,
    tournament: bool,
    tournament_id: str | None = None,
    table: str | None = None,
    max_seats: int | None = None,
    extra: Mapping[str, str | None] | None = None,
) -> StudHeader:
    """The header of a hand; ``extra`` keeps the values that are written (not None,
    not empty).

    >>> from datetime import UTC
    >>> h = header("Room", "7", stakes("1", "2", 1), datetime(2020, 1, 1, tzinfo=UTC),
    ...            game="razz", game_text="Razz", tournament=True, extra={"a": "x", "b": None})
    >>> h.currency, h.small_bet, h.big_bet, h.is_tournament, h.extra
    ('chips', 1, 2, True, (('a', 'x'),))
    """
    return StudHeader(
        site=site,
        hand_id=hand_id,
        game=game,
        game_text=game_text,
        is_tournament=tournament,
        tournament_id=tournament_id,
        currency=money.currency,
        scale=money.scale,
        small_bet=money.small_bet,
        big_bet=money.big_bet,
        played_at=played_at,
        ante=money.ante,
        table=table,
        max_seats=max_seats,
        extra=tuple((k, v) for k, v in (extra or {}).items() if v),
    )
