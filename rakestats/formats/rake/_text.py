"""The text of the Rake hand-history format: every line, rendered from plain values.

This is the one place the format (docs/hand-history-format.md) is spelled. The writer
writes these lines; the fast validator (``_lean``) compares a hand's lines with them; the
full checker (``_grammar``, ``_replay``, ``_settle``) compares the lines the rules decide
with them, and reads the lines that carry decisions with patterns made from these
functions (``_patterns``, which renders them with markers in place of the values).
Cards are given as their text (``"As Aw 7f"``), amounts as whole chips.

>>> ante("Ann", 10, False), ante("Bob", 5, True)
('Ann: posts the ante 10', 'Bob: posts the ante 5 and is all-in')
>>> outcome(3, "Cat", True, 3, 0, None, "")
'Seat 3: Cat (dealer) folded in the third betting round'
>>> total(790, [470, 320], 20)
'Total pot 790 Main pot 470. Side pot-1 320. | House fee 20'
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Final

from rakestats.rake.rules import HouseFee

__all__ = [
    "DEAL",
    "MAX_OFFSET_MINUTES",
    "MIDDLE",
    "REVEAL",
    "SUMMARY",
    "TIME_FORMAT",
    "UTC_NAME",
    "ZONE_PATTERN",
    "action",
    "ante",
    "betting_round",
    "collected",
    "dealt",
    "face_down",
    "face_up",
    "fee_terms",
    "format_fee",
    "header",
    "house_fee",
    "outcome",
    "pick",
    "pickup",
    "played_at",
    "seat",
    "shows",
    "skull",
    "table",
    "total",
    "uncalled",
    "view",
    "zone_seconds",
]

_ORDINAL: Final = ("", "first", "second", "third")
_ALL_IN: Final = " and is all-in"

# ---------------------------------------------------------------------- the header

TIME_FORMAT: Final = "%Y/%m/%d %H:%M:%S"  # the date and time, then the zone
UTC_NAME: Final = "UTC"
ZONE_PATTERN: Final = UTC_NAME + "|[+-][0-9]{2}:[0-9]{2}"
#: The furthest a header's offset may be from UTC, in minutes: 14 hours, that of the
#: zones furthest from UTC (UTC+14:00; the furthest west is UTC-12:00).
MAX_OFFSET_MINUTES: Final = 14 * 60


def played_at(at: datetime) -> str:
    """The header's date, time and zone (``UTC``, or an offset ``+HH:MM`` of at most
    14 hours: a time whose offset is further from UTC raises ValueError)."""
    offset = at.utcoffset()
    if offset is None:
        raise ValueError(f"played_at must be timezone-aware, got {at.isoformat()}")
    if offset == timedelta(0):
        zone = UTC_NAME
    else:
        minutes = int(offset.total_seconds()) // 60
        if abs(minutes) > MAX_OFFSET_MINUTES:
            raise ValueError(f"played_at's offset from UTC is beyond 14 hours: {offset}")
        sign = "-" if minutes < 0 else "+"
        zone = f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    return f"{at.strftime(TIME_FORMAT)} {zone}"


def zone_seconds(zone: str) -> int:
    """The offset from UTC of a zone as :func:`played_at` writes it, in seconds. An
    offset that is none (its minutes past 59, or more than 14 hours from UTC) raises
    ValueError.

    >>> zone_seconds("UTC"), zone_seconds("-05:30"), zone_seconds("+14:00")
    (0, -19800, 50400)
    >>> zone_seconds("+05:99")
    Traceback (most recent call last):
    ValueError: invalid UTC offset '+05:99'
    """
    if zone == UTC_NAME:
        return 0
    hours, minutes = int(zone[1:3]), int(zone[4:6])
    if minutes > 59 or hours * 60 + minutes > MAX_OFFSET_MINUTES:
        raise ValueError(f"invalid UTC offset {zone!r}")
    sign = -1 if zone[0] == "-" else 1
    return sign * (hours * 3600 + minutes * 60)


def header(site: str, hand_id: str, ante: int, when: str) -> str:
    return f"{site} Rake Hand #{hand_id}: No Limit (ante {ante}) - {when}"


def table(name: str, max_seats: int, dealer: int) -> str:
    return f"Table '{name}' {max_seats}-max Seat #{dealer} is the dealer"


_NO_FEE: Final = "none"


def fee_terms(percent: str | None, cap: int | None) -> str:
    """The terms of the house fee: ``none`` (``percent`` None), else the percentage,
    capped or not."""
    if percent is None:
        return _NO_FEE
    return f"{percent}% uncapped" if cap is None else f"{percent}% capped at {cap}"


def format_fee(fee: HouseFee) -> str:
    """The ``House fee:`` header value.

    >>> format_fee(HouseFee.from_percent("2.5", cap=20)), format_fee(HouseFee(1000))
    ('2.5% capped at 20', '10% uncapped')
    """
    if fee.basis_points == 0:
        return fee_terms(None, None)
    whole, frac = divmod(fee.basis_points, 100)
    pct = str(whole) if frac == 0 else f"{whole}.{frac:02d}".rstrip("0")
    return fee_terms(pct, fee.cap)


def house_fee(terms: str) -> str:
    return f"House fee: {terms}"


def view(hero: str | None) -> str:
    """Whose log this is: the server's (``hero`` None) or one player's."""
    return "View: server" if hero is None else f"View: player {hero}"


def seat(seat: int, name: str, chips: int) -> str:
    return f"Seat {seat}: {name} ({chips} in chips)"


def ante(name: str, amount: int, all_in: bool) -> str:
    return f"{name}: posts the ante {amount}{_ALL_IN if all_in else ''}"


# ---------------------------------------------------------------------- sections

DEAL: Final = "*** DEAL ***"
MIDDLE: Final = "*** MIDDLE CARDS ***"
REVEAL: Final = "*** REVEAL ***"
SUMMARY: Final = "*** SUMMARY ***"
_ROUNDS: Final = tuple(f"*** {word.upper()} BETTING ROUND ***" for word in _ORDINAL)
_PICKUPS: Final = tuple(f"*** {word.upper()} PICK-UP ***" for word in _ORDINAL[:3])


def betting_round(k: int) -> str:
    """The header of betting round ``k`` (1-3)."""
    return _ROUNDS[k]


def pickup(k: int) -> str:
    """The header of pick-up ``k`` (1-2)."""
    return _PICKUPS[k]


# ---------------------------------------------------------------------- play


def dealt(name: str, cards: str) -> str:
    return f"Dealt to {name} [{cards}]"


def action(name: str, kind: str, amount: int, to: int, all_in: bool) -> str:
    """An action: ``kind`` is ``fold``, ``check``, ``call``, ``bet`` or ``raise``;
    ``amount`` the chips called or bet, or what a raise adds to the bet; ``to`` a raise's
    round total.

    >>> action("Ann", "raise", 70, 100, False)
    'Ann: raises 70 to 100'
    """
    tail = _ALL_IN if all_in else ""
    if kind == "fold":
        return f"{name}: folds"
    if kind == "check":
        return f"{name}: checks"
    if kind == "call":
        return f"{name}: calls {amount}{tail}"
    if kind == "bet":
        return f"{name}: bets {amount}{tail}"
    return f"{name}: raises {amount} to {to}{tail}"


def uncalled(amount: int, name: str) -> str:
    return f"Uncalled bet ({amount}) returned to {name}"


def face_up(cards: str) -> str:
    return f"Face up: [{cards}]"


def face_down(cards: str | None, n: int) -> str:
    """The middle's face-down cards: shown (the server log), or ``n`` of them."""
    return f"Face down: {n} cards" if cards is None else f"Face down: [{cards}]"


def pick(name: str, card: str | None, face_up: bool) -> str:
    """A pick-up: ``card`` None for a face-down card the log does not show."""
    if card is None:
        return f"{name}: picks up a card face down"
    return f"{name}: picks up [{card}] face {'up' if face_up else 'down'}"


def shows(name: str, cards: str, description: str) -> str:
    return f"{name}: shows [{cards}] ({description})"


def skull(name: str, win: bool) -> str:
    return f"{name}: automatic {'win' if win else 'loss'} with the Ace of Skulls"


def collected(name: str, amount: int, pot: int, single: bool) -> str:
    """A share of pot ``pot`` (0: the main pot; ``single``: the hand has one pot)."""
    label = "pot" if single else "main pot" if pot == 0 else f"side pot-{pot}"
    return f"{name} collected {amount} from {label}"


# ---------------------------------------------------------------------- summary


def total(total_pot: int, pots: Sequence[int], fee: int) -> str:
    """``pots``: the main pot and the side pots before the fee (empty for one pot)."""
    if not pots:
        return f"Total pot {total_pot} | House fee {fee}"
    sides = "".join([f" Side pot-{k} {pots[k]}." for k in range(1, len(pots))])
    return f"Total pot {total_pot} Main pot {pots[0]}.{sides} | House fee {fee}"


def outcome(
    seat: int, name: str, dealer: bool, folded_in: int, won: int, cards: str | None, hand: str
) -> str:
    """A summary seat line: the player folded in round ``folded_in`` (0: did not), or
    won ``won`` chips without a Reveal (``cards`` None), or showed ``cards`` and won
    ``won`` (0: lost) with ``hand``, the hand's description."""
    if folded_in:
        result = f"folded in the {_ORDINAL[folded_in]} betting round"
    elif cards is None:
        result = f"collected ({won})"
    elif won > 0:
        result = f"showed [{cards}] and won ({won}) with {hand}"
    else:
        result = f"showed [{cards}] and lost with {hand}"
    return f"Seat {seat}: {name}{' (dealer)' if dealer else ''} {result}"
