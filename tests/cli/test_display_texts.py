"""The texts of ``--format csv|json`` computed column-wise are those of row by row:
money once per distinct amount and currency, times formatted by numpy."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from rakestats.cli._display import iso_times
from rakestats.stats import money_text
from rakestats.stats._display import _money_texts

_CURRENCIES = st.sampled_from(["USD", "EUR", "chips", "GBP", None])


@given(
    st.lists(
        st.tuples(st.one_of(st.none(), st.integers(-(10**12), 10**12)), _CURRENCIES),
        max_size=60,
    )
)
def test_money_texts_are_those_of_each_row(rows: list[tuple[int | None, str | None]]) -> None:
    amounts = pd.Series([a for a, _ in rows], dtype="Int64")
    currencies = pd.Series([c for _, c in rows], dtype=object)
    expected = [money_text(a, c) or None for a, c in rows]
    assert _money_texts(amounts, currencies) == expected


_TIMES = st.datetimes(
    min_value=datetime(1970, 1, 2), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
)


@given(
    st.lists(st.one_of(st.none(), _TIMES), max_size=40),
    st.sampled_from(["s", "ms", "us", "ns"]),
    st.booleans(),
)
def test_iso_times_are_isoformat(times: list[datetime | None], unit: str, whole: bool) -> None:
    if whole:  # the warehouse's times: whole seconds
        times = [t.replace(microsecond=0) if t else t for t in times]
    series = pd.Series(pd.to_datetime(times, utc=True)).astype(f"datetime64[{unit}, UTC]")
    expected = [None if pd.isna(t) else pd.Timestamp(t).isoformat() for t in series]
    assert iso_times(series) == expected


def test_iso_times_of_other_zones_and_naive_times() -> None:
    base = datetime(2026, 3, 29, 0, 30, tzinfo=UTC)
    times = pd.Series([base + timedelta(hours=h) for h in range(4)])
    paris = times.dt.tz_convert("Europe/Paris")
    assert iso_times(paris) == [t.isoformat() for t in paris]
    naive = times.dt.tz_localize(None)
    assert iso_times(naive) == [t.isoformat() for t in naive]


@given(st.text(alphabet=st.characters(codec=None), max_size=40))
def test_safe_text_escapes_exactly_the_control_characters(text: str) -> None:
    import unicodedata

    from rakestats.cli._common import safe_text

    slow = "".join(
        ch if unicodedata.category(ch) != "Cc" else ch.encode("unicode_escape").decode()
        for ch in text
    )
    assert safe_text(text) == slow
    assert safe_text(text + "\x85") == slow + "\\x85"  # C1 (NEL) too
