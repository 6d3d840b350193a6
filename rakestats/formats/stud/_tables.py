r"""A room's wording as tables: its betting verbs, its section names and its other
lines, written one row a line and turned into the patterns of
:class:`~rakestats.formats.stud.StudPatterns`.

A room's reader differs from another's in words, not in code, so it states them as a
table::

    actions = action_table(
        '''
        ante      posts ante {a}
        bet       bets {a}
        raise     raises {a} to {to}
        check     checks
        ''',
        before=": ",
    )

Each row is a verb (one of :data:`VERBS`) and the words after the player's name. The
words are a regular expression; ``{a}``, ``{to}`` and ``{added}`` stand for an amount
in that group (as the room writes amounts: ``amount=``), ``{allin}`` for the room's
all-in mark (``allin=``). A row is anchored and starts with ``before`` (what stands
between the name and the verb), unless its words start with ``^``: then they are the
whole pattern.

The room's other lines are a table of ``name  regex`` rows (:func:`line_table`), set
on the reader by its ``wording`` attribute::

    wording = line_table(
        r'''
        show     ^ shows \[(?P<cards>[^\]]*)\]$
        collect  ^ collected {amount} from pot$
        ''',
        amount=plain_amount("a"),
    )
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = [
    "AMOUNT",
    "NEVER",
    "VERBS",
    "action_table",
    "amount_in",
    "line_table",
    "plain_amount",
    "street_table",
]

#: An amount as rooms write it: optional currency symbol, thousands commas, decimals.
AMOUNT = r"[$€£]?[\d,]+(?:\.\d+)?"

#: The verbs a room's action rows may name (the shared reader's betting lines).
VERBS = frozenset(
    {"ante", "bring_in", "bet", "call", "raise", "complete", "all_in", "check", "fold"}
)
#: A pattern that matches no line: for the lines a room never writes.
NEVER = re.compile(r"^$.")
_SLOT = re.compile(r"\{(a|to|added|allin)\}")


def amount_in(before: str = "", after: str = "", number: str = AMOUNT) -> Callable[[str], str]:
    r"""How a room writes its amounts, as the ``amount=`` of :func:`action_table` (and for
    its other patterns): the pattern of an amount (``number``) written between ``before``
    and ``after`` (brackets, a currency sign or code), as a function of its group.

    >>> bracketed = amount_in(r"\[\s*", r"(?:\s*USD)?\s*\]")
    >>> re.fullmatch(bracketed("a"), "[$0.25 USD]")["a"]
    '$0.25'
    >>> re.fullmatch(amount_in(after=r"\s?€")("to"), "1,000 €")["to"]
    '1,000'
    >>> re.fullmatch(plain_amount("a"), "$1,000.50")["a"]
    '$1,000.50'
    """

    def amount(group: str) -> str:
        return rf"{before}(?P<{group}>{number}){after}"

    return amount


#: An amount as most rooms write it (``$1.50``, ``1,000``), as a function of its group.
plain_amount = amount_in()


def _rows(text: str) -> list[tuple[str, str]]:
    rows = []
    for line in text.strip().splitlines():
        key, _, words = line.strip().partition(" ")
        rows.append((key, words.strip()))
    return rows


def action_table(
    text: str,
    *,
    before: str = " ",
    amount: Callable[[str], str] = plain_amount,
    allin: str = "",
) -> tuple[tuple[str, re.Pattern[str]], ...]:
    r"""The action patterns of a table of ``verb  words`` rows, in the table's order.

    >>> table = action_table(r'''
    ...     bet    bets {a}{allin}
    ...     raise  raises {added}
    ...     fold   ^ folds( \[.*\])?$
    ... ''', before=": ", allin=r"(?P<allin> and is all-in)?")
    >>> [verb for verb, _ in table]
    ['bet', 'raise', 'fold']
    >>> table[0][1].match(": bets $2 and is all-in").group("a", "allin")
    ('$2', ' and is all-in')
    >>> table[2][1].pattern
    '^ folds( \\[.*\\])?$'
    >>> action_table("shove all of it")
    Traceback (most recent call last):
    ...
    ValueError: unknown verb 'shove' in an action table
    """
    slots = {"a": amount("a"), "to": amount("to"), "added": amount("added"), "allin": allin}
    out = []
    for verb, words in _rows(text):
        if verb not in VERBS:
            raise ValueError(f"unknown verb {verb!r} in an action table")
        body = _SLOT.sub(lambda m: slots[m[1]], words)
        out.append((verb, re.compile(body if body.startswith("^") else f"^{before}{body}$")))
    return tuple(out)


def street_table(text: str) -> dict[str, int]:
    """Section names to street numbers, from rows of ``number  name`` (1-5: the 3rd to
    the 7th street, 6: the showdown, 7: the summary).

    >>> street_table('''
    ...     1 3rd STREET
    ...     5 RIVER
    ...     7 SUMMARY
    ... ''')
    {'3rd STREET': 1, 'RIVER': 5, 'SUMMARY': 7}
    """
    return {name: int(number) for number, name in _rows(text)}


def line_table(text: str, *, flags: int = 0, **slots: str) -> dict[str, re.Pattern[str]]:
    r"""Patterns by name, from rows of ``name  regex``: the regex is the rest of the row,
    whole (anchors as written; a row indented deeper than the first continues the row
    above). ``{slot}`` stands for the keyword argument of that name (a fragment the
    room writes in several lines); other braces are the regex's own. ``flags`` are
    every pattern's.

    >>> table = line_table(r'''
    ...     muck     ^ mucks$
    ...     collect  ^ collected {amount} from (?P<pot>pot \d{1,9})
    ...                 (?: \(HI\))?$
    ...     summary  ^Seat (?P<seat>\d{1,9}): (?P<rest>.+)$
    ... ''', amount=plain_amount("a"))
    >>> list(table)
    ['muck', 'collect', 'summary']
    >>> table["collect"].pattern
    '^ collected (?P<a>[$€£]?[\\d,]+(?:\\.\\d+)?) from (?P<pot>pot \\d{1,9})(?: \\(HI\\))?$'
    >>> table["collect"].match(" collected $1.50 from pot 2")["a"]
    '$1.50'
    >>> line_table("a  x\na  y")
    Traceback (most recent call last):
    ...
    ValueError: 'a' twice in a line table
    """
    slot = re.compile(r"\{(" + "|".join(map(re.escape, slots)) + r")\}") if slots else None
    rows: dict[str, str] = {}
    lines = [line for line in text.splitlines() if line.strip()]
    indent = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
    name = ""
    for line in lines:
        if len(line) - len(line.lstrip()) > indent and name:
            rows[name] += line.strip()
            continue
        name, _, regex = line.strip().partition(" ")
        if name in rows:
            raise ValueError(f"{name!r} twice in a line table")
        rows[name] = regex.strip()
    if slot is not None:
        rows = {k: slot.sub(lambda m: slots[m[1]], v) for k, v in rows.items()}
    return {k: re.compile(v, flags) for k, v in rows.items()}
