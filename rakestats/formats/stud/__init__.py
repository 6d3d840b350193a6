"""The shared stud reader: one model, one replay and one set of checks for the stud
hands of every room. A room's reader subclasses :class:`StudReader` and supplies its
patterns and header (see docs/rooms.md, "Adding a room")."""

from rakestats.formats.stud._common import (
    CURRENCY_SYMBOLS,
    MONTHS,
    ZONES,
    fail,
    parse_money,
    quoted,
    to_utc,
)
from rakestats.formats.stud._dates import DATE, DATE_TIME, ZONE, preferred_time, time_of
from rakestats.formats.stud._grammar import LineReader, cards_of, read_seats
from rakestats.formats.stud._ledger import Ledger, mark_all_ins, uncalled_line
from rakestats.formats.stud._model import (
    ActLine,
    AnteLine,
    CollectLine,
    DealtLine,
    Item,
    MuckLine,
    ParsedStudHand,
    RoomRules,
    SeatLine,
    ShowLine,
    StreetLine,
    StudHeader,
    SummarySeat,
    TotalLine,
    UncalledLine,
)
from rakestats.formats.stud._patterns import (
    AMOUNT,
    CHECK_FOLD,
    PLAIN_SEAT,
    UPPER_STREETS,
    StudPatterns,
)
from rakestats.formats.stud._preamble import SEAT_START, before_seats
from rakestats.formats.stud._record import action_record, player_records
from rakestats.formats.stud._seat_pattern import seat_pattern
from rakestats.formats.stud._seats import hand_of, seats_in_order
from rakestats.formats.stud._stakes import STAKES, Stakes, currency_of, header, stakes
from rakestats.formats.stud._tables import (
    NEVER,
    VERBS,
    action_table,
    amount_in,
    line_table,
    plain_amount,
    street_table,
)
from rakestats.formats.stud._terse import (
    Closing,
    SeatResult,
    Terse,
    TerseReader,
    third_street_opened,
)
from rakestats.formats.stud.reader import (
    EVERY_HEADER,
    ListedReader,
    StudReader,
    any_word,
    classify_game,
)

__all__ = [
    "AMOUNT",
    "CHECK_FOLD",
    "CURRENCY_SYMBOLS",
    "DATE",
    "DATE_TIME",
    "EVERY_HEADER",
    "MONTHS",
    "NEVER",
    "PLAIN_SEAT",
    "SEAT_START",
    "STAKES",
    "UPPER_STREETS",
    "VERBS",
    "ZONE",
    "ZONES",
    "ActLine",
    "AnteLine",
    "Closing",
    "CollectLine",
    "DealtLine",
    "Item",
    "Ledger",
    "LineReader",
    "ListedReader",
    "MuckLine",
    "ParsedStudHand",
    "RoomRules",
    "SeatLine",
    "SeatResult",
    "ShowLine",
    "Stakes",
    "StreetLine",
    "StudHeader",
    "StudPatterns",
    "StudReader",
    "SummarySeat",
    "Terse",
    "TerseReader",
    "TotalLine",
    "UncalledLine",
    "action_record",
    "action_table",
    "amount_in",
    "any_word",
    "before_seats",
    "cards_of",
    "classify_game",
    "currency_of",
    "fail",
    "hand_of",
    "header",
    "line_table",
    "mark_all_ins",
    "parse_money",
    "plain_amount",
    "player_records",
    "preferred_time",
    "quoted",
    "read_seats",
    "seat_pattern",
    "seats_in_order",
    "stakes",
    "street_table",
    "third_street_opened",
    "time_of",
    "to_utc",
    "uncalled_line",
]
