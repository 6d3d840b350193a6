"""The statistic definitions printed in the report itself, so that they travel with it."""

from __future__ import annotations

__all__ = ["DEFINITIONS", "RAKE_ONLY", "STUD8_DEFINITIONS", "STUD_DEFINITIONS"]

# (name, definition)
DEFINITIONS: tuple[tuple[str, str], ...] = (
    ("hands", "Hands dealt to the player."),
    (
        "net",
        "Σ (collected − invested), after the house fee, shown in the currency's units: "
        "dollars for USD ($0.97 for 97 cents), chips with thousands separators.",
    ),
    (
        "win/100",
        "100 × the mean over hands of net / unit, where the unit is the hand's ante (Rake) "
        "or big bet (Razz, Seven-Card Stud, Stud Hi/Lo); each hand counts once, in its own "
        "unit.",
    ),
    (
        "CI low, CI high",
        "95% interval of the win rate by the normal approximation: win/100 ∓ 1.96 × 100 × "
        "(standard deviation per hand) / √hands.",
    ),
    ("VPIP", "Hands with a bet, raise, completion or call in the first betting round / hands."),
    ("R1 raise", "Hands with a bet, raise or completion in the first betting round / hands."),
    ("AF", "(bets + raises) / calls over all betting rounds (none without calls)."),
    ("AFq", "(bets + raises) / (bets + raises + calls + folds)."),
    (
        "WTSD",
        "Hands at the Reveal (the showdown) / hands that reached the first pick-up (in the "
        "stud games, 4th street): still in after the first betting round of a hand that "
        "went on.",
    ),
    (
        "W$SD",
        "Hands at the Reveal (the showdown) where the player collected anything / hands at "
        "the Reveal.",
    ),
    ("won w/o Reveal", "Hands won without a Reveal (a showdown) / hands."),
    (
        "Ace of Skulls held",
        "Hands ending with the Ace of Skulls in the player's hand (for a folder, at the fold).",
    ),
    (
        "auto wins, auto losses",
        "Reveals won or lost automatically by the Ace of Skulls rule: it wins when it is part "
        "of the scoring combination of a Three of a Kind or better, and loses otherwise.",
    ),
    (
        "Skull Ace loss frequency",
        "Automatic losses / Reveals holding the Ace of Skulls, with a 95% Wilson score interval.",
    ),
    ("folds (Ace of Skulls)", "Hands where the player folded holding the Ace of Skulls."),
    (
        "top hand",
        "The largest single hand's share of the player's squared deviation, Σ (x − mean)² "
        "over hands with x = net / unit. Above 25 % the report warns that a few hands "
        "dominate the variance: the interval rests on them.",
    ),
    (
        "small sample",
        "Fewer than 500 hands: the normal interval is unreliable and the bootstrap one "
        "only as good as the hands seen.",
    ),
    (
        "bootstrap interval",
        "95% percentile bootstrap interval of win/100: 2,000 resamples of the player's "
        "hands with replacement (seeded, so the same hands give the same interval); it "
        "does not assume normal tails.",
    ),
    (
        "AF, AFq per round",
        "The same ratios for one betting round (Rake: rounds 1 to 3, the first before any "
        "pick-up; the stud games: 3rd to 7th street).",
    ),
    (
        "session",
        "A run of a player's hands with no gap longer than 30 minutes between two hands. "
        "Length: first to last hand; net per session: the mean; best and worst: the "
        "highest and lowest session net.",
    ),
    (
        "pool median, winners' range",
        "In a profile: the median over the other players with at least 100 hands in the "
        "same game, currency and stakes (within the report's filters), and the lowest to "
        "highest value among those of them with a positive win rate.",
    ),
    (
        "possible leak",
        "A statistic whose 95% interval (Wilson score interval for a share; for AF, the "
        "Wilson interval of (bets + raises) / (bets + raises + calls) turned into a ratio) "
        "lies wholly outside the winners' range, with at least two winners in the range.",
    ),
    (
        "win rate by position",
        "Seats before the dealer (0 = the dealer, who acts last); each seat's win rate pooled "
        "over the players shown, with a 95% interval.",
    ),
)

# Terms of the Rake-only sections, left out of a report without Rake hands.
RAKE_ONLY = frozenset(
    {
        "Ace of Skulls held",
        "auto wins, auto losses",
        "Skull Ace loss frequency",
        "folds (Ace of Skulls)",
        "win rate by position",
    }
)

# The stud games: streets 3rd to 7th; the ante and the bring-in are forced and count
# nowhere.
STUD_DEFINITIONS: tuple[tuple[str, str], ...] = (
    ("BB/100", "The win rate in big bets per 100 hands, with its 95% interval (as win/100)."),
    ("bring-in", "Hands where the player posted the bring-in / hands."),
    ("complete", "Hands where the player completed on 3rd street / hands."),
    (
        "complete/chances",
        "Completions / chances: hands where the player's first 3rd-street action (the "
        "bring-in included) came before anyone completed.",
    ),
    (
        "steal",
        "Completions / chances to steal: the player acted first in on 3rd street (everyone "
        "after the bring-in folded) from one of the last three seats to act before the "
        "bring-in.",
    ),
    ("steal won", "Steals that everyone folded to on 3rd street / steals."),
    (
        "fold to steal",
        "The bring-in's folds / the bring-in's turns facing a steal that nobody else called "
        "or raised.",
    ),
    (
        "fold to complete",
        "Hands where the player folded facing a completion (before any raise) on 3rd street "
        "/ hands where the player acted facing one.",
    ),
    (
        "3rd raise",
        "Hands with a raise on 3rd street (over a completion; a completion is not a raise) "
        "/ hands.",
    ),
    (
        "VPIP 3rd",
        "Hands with a call, completion or raise on 3rd street / hands; the bring-in alone is "
        "not voluntary, a bring-in who calls a completion is.",
    ),
    ("AFq 3rd … 7th", "(bets + raises) / (bets + raises + calls + folds) on that street."),
    ("WTSD (stud)", "Hands at the showdown / hands that saw 4th street."),
    ("W$SD (stud)", "Showdowns where the player collected anything / showdowns."),
)

# Stud Hi/Lo: the halves of split pots, per showdown.
STUD8_DEFINITIONS: tuple[tuple[str, str], ...] = (
    (
        "scoop",
        "Showdowns where the player took the whole main pot alone (both halves, or all of it "
        "when no low qualified) / showdowns.",
    ),
    (
        "high won, low won",
        "Showdowns where the player won the high half (or the whole pot without a "
        "qualifying low), or the low half, alone or tied / showdowns.",
    ),
    (
        "low made",
        "Showdowns where the player's cards held an eight-or-better low (five different "
        "ranks, eight or lower, the Ace low) / showdowns.",
    ),
    ("low made won", "Showdowns where the player won a low half / showdowns with a low made."),
    (
        "quartered",
        "Showdowns where the player won only a share of a low half, tied with another low "
        "(a quarter of the pot with one) / showdowns.",
    ),
)
