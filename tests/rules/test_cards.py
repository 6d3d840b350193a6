"""Cards of the Rake deck and the standard deck: notation, names, indexes, errors."""

from __future__ import annotations

import pytest

from rakestats.cards import (
    ACE_OF_SKULLS,
    DECK,
    STD_DECK,
    Card,
    CardError,
    Rank,
    StdCard,
    StdSuit,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_std_card,
    parse_std_cards,
    rank_plural,
)


def test_parse_string_of_cards() -> None:
    assert parse_cards("As Dw 7f") == (
        Card(Rank.ACE, Suit.SKULLS),
        Card(Rank.DUKE, Suit.WINGS),
        Card(Rank.SEVEN, Suit.FANGS),
    )


def test_parse_tolerates_extra_white_space() -> None:
    assert parse_cards("  Tc\tPw \n Lf ") == parse_cards("Tc Pw Lf")


def test_parse_sequence_of_strings() -> None:
    assert parse_cards(["As", "Dw", "7f"]) == parse_cards("As Dw 7f")
    assert parse_cards(iter(["2c"])) == (Card(Rank.TWO, Suit.CROSSES),)


def test_parse_empty_text_is_no_cards() -> None:
    assert parse_cards("") == ()
    assert parse_cards([]) == ()


@pytest.mark.parametrize(
    ("text", "symbol"),
    [("2", Rank.TWO), ("9", Rank.NINE), ("T", Rank.TEN), ("P", Rank.PRIEST),
     ("L", Rank.LADY), ("D", Rank.DUKE), ("A", Rank.ACE)],
)  # fmt: skip
def test_rank_symbols(text: str, symbol: Rank) -> None:
    assert parse_card(text + "w").rank is symbol
    assert symbol.symbol == text


@pytest.mark.parametrize(
    ("text", "suit"),
    [("s", Suit.SKULLS), ("w", Suit.WINGS), ("f", Suit.FANGS), ("c", Suit.CROSSES)],
)
def test_suit_symbols(text: str, suit: Suit) -> None:
    assert parse_card("5" + text).suit is suit


def test_format_round_trips() -> None:
    text = "As Dw 7f Tc Pw"
    assert format_cards(parse_cards(text)) == text
    assert str(parse_card("Lf")) == "Lf"
    assert repr(parse_card("Lf")) == "Card('Lf')"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("As", "Ace of Skulls"),
        ("Lw", "Lady of Wings"),
        ("Dc", "Duke of Crosses"),
        ("Pf", "Priest of Fangs"),
        ("Ts", "10 of Skulls"),
        ("2w", "2 of Wings"),
    ],
)
def test_long_names(text: str, name: str) -> None:
    assert parse_card(text).name == name


def test_ace_of_skulls() -> None:
    assert parse_card("As") == ACE_OF_SKULLS
    assert ACE_OF_SKULLS.is_ace_of_skulls
    assert ACE_OF_SKULLS.name == "Ace of Skulls"
    assert sum(c.is_ace_of_skulls for c in DECK) == 1
    assert not parse_card("Aw").is_ace_of_skulls
    assert not parse_card("Ds").is_ace_of_skulls


def test_rank_titles_and_plurals() -> None:
    assert [r.title for r in Rank][-4:] == ["Priest", "Lady", "Duke", "Ace"]
    assert rank_plural(Rank.LADY) == "Ladies"
    assert rank_plural(Rank.TEN) == "10s"
    assert rank_plural(Rank.ACE) == "Aces"


def test_ranks_order_low_to_high() -> None:
    ranks = [parse_card(t + "s").rank for t in "23456789TPLDA"]
    assert ranks == sorted(ranks)
    assert Rank.ACE > Rank.DUKE > Rank.LADY > Rank.PRIEST > Rank.TEN


def test_deck_is_52_distinct_cards() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert {c.suit for c in DECK} == set(Suit)


def test_indexes() -> None:
    assert [c.index for c in DECK] == list(range(52))
    assert parse_card("2s").index == 0
    assert parse_card("2c").index == 3
    assert parse_card("As").index == 48
    assert parse_card("Ac").index == 51
    for i in range(52):
        assert Card.from_index(i).index == i


def test_bad_rank_error_quotes_text_and_position() -> None:
    with pytest.raises(CardError) as err:
        parse_cards("As Kd 7f")
    e = err.value
    assert e.text == "As Kd 7f"
    assert e.position == 3
    assert "'Kd'" in str(e)
    assert "'As Kd 7f'" in str(e)
    assert "rank 'K'" in str(e)


def test_bad_suit_error() -> None:
    with pytest.raises(CardError, match=r"suit 'h' is not one of swfc") as err:
        parse_cards("As 7h")
    assert err.value.position == 3


def test_wrong_length_token_error() -> None:
    with pytest.raises(CardError, match="two characters") as err:
        parse_cards("As 10w")
    assert "'10w'" in str(err.value)
    assert err.value.position == 3


def test_error_position_with_repeated_token() -> None:
    with pytest.raises(CardError) as err:
        parse_cards("Xs As Xs")
    assert err.value.position == 0


def test_bad_card_in_a_sequence_quotes_the_joined_text() -> None:
    with pytest.raises(CardError) as err:
        parse_cards(["As", "Dw", "Qh"])
    assert err.value.text == "As Dw Qh"
    assert err.value.position == 6
    assert "'Qh'" in str(err.value)


def test_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_card("Zz")


def test_parse_card_wants_exactly_one() -> None:
    with pytest.raises(CardError, match="exactly one card"):
        parse_card("As Dw")
    with pytest.raises(CardError, match="exactly one card"):
        parse_card("")


def test_lower_case_rank_is_rejected() -> None:
    with pytest.raises(CardError):
        parse_card("as")


def test_standard_deck_parsing() -> None:
    assert parse_std_cards("As Kd Qh Jc Ts 2c") == (
        StdCard(Rank.ACE, StdSuit.SPADES),
        StdCard(Rank.DUKE, StdSuit.DIAMONDS),
        StdCard(Rank.LADY, StdSuit.HEARTS),
        StdCard(Rank.PRIEST, StdSuit.CLUBS),
        StdCard(Rank.TEN, StdSuit.SPADES),
        StdCard(Rank.TWO, StdSuit.CLUBS),
    )
    assert parse_std_card("Kd") == StdCard(Rank.DUKE, StdSuit.DIAMONDS)
    assert format_cards(parse_std_cards(["Qh", "2c"])) == "Qh 2c"


def test_standard_deck_rejects_rake_notation() -> None:
    with pytest.raises(CardError, match="bad standard card 'Pw'"):
        parse_std_cards("As Pw")
    with pytest.raises(CardError, match="exactly one card"):
        parse_std_card("As Kd")


def test_rake_deck_rejects_standard_notation() -> None:
    with pytest.raises(CardError, match="bad Rake card 'Kd'"):
        parse_card("Kd")
    with pytest.raises(CardError, match="suit 'd'"):
        parse_card("Ad")


def test_standard_deck_and_suit_order() -> None:
    assert len(STD_DECK) == 52
    assert len(set(STD_DECK)) == 52
    assert [s.index for s in (StdSuit.CLUBS, StdSuit.DIAMONDS, StdSuit.HEARTS, StdSuit.SPADES)] == [
        0,
        1,
        2,
        3,
    ]
    assert [c.index for c in STD_DECK] == list(range(52))
    assert parse_std_card("As").index == 51
    assert str(parse_std_card("Qh")) == "Qh"
    assert repr(parse_std_card("Qh")) == "StdCard('Qh')"


def test_same_text_differs_between_decks() -> None:
    assert parse_card("As") == ACE_OF_SKULLS
    assert parse_std_card("As").suit is StdSuit.SPADES
    assert parse_card("As") != parse_std_card("As")
