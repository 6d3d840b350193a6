"""The line patterns of the Rake hand-history format (docs/hand-history-format.md)."""

from __future__ import annotations

import re
from typing import ClassVar

from rakestats.formats.rake._model import Section

__all__ = ["RakePatterns"]

_D = "[0-9]{1,18}"  # at most 18 digits: every amount fits a 64-bit integer
_N = f"({_D})"
_CARDS = r"\[([^\]]*)\]"
_ALL_IN = "( and is all-in)?"


class RakePatterns:
    """The line patterns of the Rake format. A pattern for a player line is matched at
    the position after the player's name."""

    header_pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"(.+?) Rake Hand #([^\s:]+): No Limit \(ante " + _N + r"\) - "
        r"([0-9]{4})/([0-9]{2})/([0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2}) "
        r"(UTC|[+-][0-9]{2}:[0-9]{2})$"
    )
    table_pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"Table '(.*)' " + _N + r"-max Seat #" + _N + r" is the dealer$"
    )
    fee_pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"House fee: (?:none|([0-9]{1,3}(?:\.[0-9]{1,2})?)% (?:capped at " + _N + r"|uncapped))$"
    )
    seat_pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"Seat " + _N + r": (.+) \(" + _N + r" in chips\)$"
    )
    ante_pattern: ClassVar[re.Pattern[str]] = re.compile(r": posts the ante " + _N + _ALL_IN + "$")
    action_pattern: ClassVar[re.Pattern[str]] = re.compile(
        r": (?:(folds|checks)|(calls|bets) " + _N + _ALL_IN
        + r"|raises " + _N + " to " + _N + _ALL_IN + ")$"
    )  # fmt: skip
    uncalled_pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"Uncalled bet \(" + _N + r"\) returned to (.+)$"
    )
    collect_pattern: ClassVar[re.Pattern[str]] = re.compile(
        r" collected " + _N + r" from (?:(pot)|main pot|side pot-" + _N + ")$"
    )
    face_down_count_pattern: ClassVar[re.Pattern[str]] = re.compile(r"Face down: " + _N + " cards$")
    pick_pattern: ClassVar[re.Pattern[str]] = re.compile(
        r": picks up (?:" + _CARDS + r" face (up|down)|a card face down)$"
    )
    show_pattern: ClassVar[re.Pattern[str]] = re.compile(r": shows " + _CARDS + r" \((.+)\)$")
    skull_pattern: ClassVar[re.Pattern[str]] = re.compile(
        r": automatic (win|loss) with the Ace of Skulls$"
    )
    total_pattern: ClassVar[re.Pattern[str]] = re.compile(
        rf"Total pot {_N}(?: Main pot {_N}\.((?: Side pot-{_D} {_D}\.)+))? \| House fee {_N}$"
    )
    side_pot_pattern: ClassVar[re.Pattern[str]] = re.compile(r" Side pot-" + _N + " " + _N + r"\.")
    outcome_pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"( \(dealer\))? (?:folded in the (first|second|third) betting round"
        r"|collected \(" + _N + r"\)|showed " + _CARDS + r" and (?:won \(" + _N + r"\)|lost)"
        r" with (.+))$"
    )
    section_headers: ClassVar[dict[str, Section]] = {
        "*** DEAL ***": Section.DEAL,
        "*** FIRST BETTING ROUND ***": Section.ROUND1,
        "*** MIDDLE CARDS ***": Section.MIDDLE,
        "*** FIRST PICK-UP ***": Section.PICKUP1,
        "*** SECOND BETTING ROUND ***": Section.ROUND2,
        "*** SECOND PICK-UP ***": Section.PICKUP2,
        "*** THIRD BETTING ROUND ***": Section.ROUND3,
        "*** REVEAL ***": Section.REVEAL,
        "*** SUMMARY ***": Section.SUMMARY,
    }
