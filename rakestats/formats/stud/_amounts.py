r"""How a room writes its amounts, as the ``amount=`` of
:func:`~rakestats.formats.stud.action_table` (and for its other patterns): the number
with what the room writes before and after it (brackets, a currency sign or code).

>>> import re
>>> bracketed = amount_in(r"\[\s*", r"(?:\s*USD)?\s*\]")
>>> re.fullmatch(bracketed("a"), "[$0.25 USD]")["a"]
'$0.25'
>>> re.fullmatch(amount_in(after=r"\s?€")("to"), "1,000 €")["to"]
'1,000'
"""

from __future__ import annotations

from collections.abc import Callable

from rakestats.formats.stud._patterns import AMOUNT

__all__ = ["amount_in"]


def amount_in(before: str = "", after: str = "", number: str = AMOUNT) -> Callable[[str], str]:
    """The pattern of an amount (``number``) written between ``before`` and ``after``,
    as a function of the group it is read into."""

    def amount(group: str) -> str:
        return rf"{before}(?P<{group}>{number}){after}"

    return amount
