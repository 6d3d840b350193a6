"""The lean validation path of the Rake parser: one pass from lines to columns.

A well-formed hand is parsed and replayed in a single pass over its lines, with the
players' state held in plain lists, and appended to a
:class:`~rakestats.columns.HandColumns` batch without building records. The rules come
from the same functions the engine uses (:mod:`rakestats.rake.rules` for the betting,
:func:`rakestats.rake.showdown.settle` for the pots, the house fee and the Ace of Skulls,
:func:`rakestats.rake.evaluator.evaluate` for the hands); every line the rules determine
(antes, uncalled bets, hand descriptions, pots collected, the summary) is compared with
the text the rules give.

The lean path only vouches for hands it accepts. On anything else — a broken hand, or
a form it does not follow (it is stricter than the grammar: lines must be in the order
rakestats writes them) — it raises :class:`Unhandled`, and the full parser
(:mod:`rakestats.formats.rake._grammar` and :mod:`rakestats.formats.rake._replay`) decides,
naming the line and the reason when the hand is bad. A test checks on simulated and
broken corpora that both paths accept the same hands and give the same rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from rakestats.betting import uncalled_bet
from rakestats.cards import ACE_OF_SKULLS, DECK
from rakestats.columns import HandColumns, hand_key
from rakestats.formats._base import UNSAFE as _UNSAFE
from rakestats.formats.rake._fast import category_of_indices
from rakestats.formats.rake._grammar import _tz
from rakestats.formats.rake._patterns import RakePatterns
from rakestats.rake.betting_rules import (
    betting_options,
    last_raise_after_bet,
    needs_to_act,
    raise_reopens,
)
from rakestats.rake.names import MAX_NAME_LENGTH
from rakestats.rake.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_FEE,
    HouseFee,
    seats_from_left_of_dealer,
)
from rakestats.rake.showdown import SkullAceOutcome, settle

__all__ = ["Unhandled", "lean_hand"]


class Unhandled(Exception):
    """The lean path does not vouch for the hand: the full parser decides."""


_HEADER = RakePatterns.header_pattern.match
_TABLE = RakePatterns.table_pattern.match
_FEE = RakePatterns.fee_pattern.match
_SEAT = RakePatterns.seat_pattern.match
# cards are deck indices here (see rakestats.cards.Card.index)
_CARD: dict[str, int] = {str(c): c.index for c in DECK}
_TEXT: list[str] = [str(c) for c in DECK]
_SKULL = ACE_OF_SKULLS.index
_ROUND_HEADER = {
    1: "*** FIRST BETTING ROUND ***",
    2: "*** SECOND BETTING ROUND ***",
    3: "*** THIRD BETTING ROUND ***",
}
_PICKUP_HEADER = {1: "*** FIRST PICK-UP ***", 2: "*** SECOND PICK-UP ***"}
_ROUND_WORD = {1: "first", 2: "second", 3: "third"}
_ALL_IN = " and is all-in"
_AUTO_WIN = SkullAceOutcome.AUTO_WIN
_I16 = 1 << 15

# caches of lines that repeat from hand to hand
_tables: dict[str, tuple[str, int, int]] = {}
_fees: dict[str, HouseFee] = {"House fee: none": NO_FEE}
_days: dict[tuple[str, str, str], int] = {}
_offsets: dict[str, int] = {"UTC": 0}
_safe: dict[str, bool] = {}


def _clear_caches() -> None:
    for cache in (_tables, _fees, _days, _offsets, _safe):
        if len(cache) > 50_000:
            cache.clear()
    _fees.setdefault("House fee: none", NO_FEE)
    _offsets.setdefault("UTC", 0)


def _is_safe(text: str) -> bool:
    ok = _safe.get(text)
    if ok is None:
        if len(_safe) > 50_000:
            _safe.clear()
        ok = _safe[text] = _UNSAFE.search(text) is None
    return ok


def _good_name(name: str) -> bool:
    """A player name the format allows (the full parser says why one is not)."""
    return (
        _is_safe(name)
        and 0 < len(name) <= MAX_NAME_LENGTH
        and name[0] != " "
        and name[-1] != " "
        and "\ufffd" not in name
    )


def _number(text: str) -> int:
    """At most 18 digits (as the grammar): every sum of amounts fits 64-bit integers."""
    if not (text.isascii() and text.isdigit() and len(text) <= 18):
        raise Unhandled
    return int(text)


def _cards(text: str, n: int) -> list[int]:
    toks = text.split(" ")
    if len(toks) != n:
        raise Unhandled
    try:
        return [_CARD[t] for t in toks]
    except KeyError:
        raise Unhandled from None


def _played_at(m: object) -> int:
    """Microseconds since the epoch of the header's date, time and offset."""
    from datetime import date

    g = m.group  # type: ignore[attr-defined]
    key = (g(4), g(5), g(6))
    day = _days.get(key)
    if day is None:
        y, mo, d = int(key[0]), int(key[1]), int(key[2])
        if not 1900 <= y <= 2999:
            raise Unhandled
        try:
            day = _days[key] = (date(y, mo, d) - date(1970, 1, 1)).days
        except ValueError:
            raise Unhandled from None
    hh, mi, ss = int(g(7)), int(g(8)), int(g(9))
    if hh > 23 or mi > 59 or ss > 59:
        raise Unhandled
    zone = g(10)
    offset = _offsets.get(zone)
    if offset is None:
        try:
            delta = _tz(zone).utcoffset(None)
        except ValueError:
            raise Unhandled from None
        assert delta is not None
        offset = _offsets[zone] = int(delta.total_seconds())
    return (day * 86_400 + hh * 3600 + mi * 60 + ss - offset) * 1_000_000


def _text(cards: Sequence[int | None]) -> str | None:
    if None in cards:
        return None
    return " ".join([_TEXT[c] for c in cards])  # type: ignore[index]


def lean_hand(lines: Sequence[str], first: int, source_file: str, cols: HandColumns) -> bool:
    """Validate one hand (its lines, ``first`` the file line of the first) and append it
    to ``cols``; False when ``cols`` already holds the hand. Raises :class:`Unhandled`
    when the full parser must decide."""
    n_lines = len(lines)
    if n_lines < 8:
        raise Unhandled
    m = _HEADER(lines[0])
    if m is None:
        raise Unhandled
    site, hand_id = m[1], m[2]
    ante = _number(m[3])
    if ante <= 0 or not _is_safe(site) or _UNSAFE.search(hand_id) is not None:
        raise Unhandled
    played_at = _played_at(m)
    table_line = lines[1]
    tab = _tables.get(table_line)
    if tab is None:
        t = _TABLE(table_line)
        if t is None or not _is_safe(t[1]):
            raise Unhandled
        tab = (t[1], _number(t[2]), _number(t[3]))
        if tab[1] >= _I16:
            raise Unhandled
        _clear_caches()
        _tables[table_line] = tab
    table, max_seats, dealer = tab
    if not 1 <= dealer <= max_seats:
        raise Unhandled
    fee = _fees.get(lines[2])
    if fee is None:
        f = _FEE(lines[2])
        if f is None:
            raise Unhandled
        try:
            fee = HouseFee.from_percent(f[1], int(f[2]) if f[2] is not None else None)
        except (ValueError, ArithmeticError):
            raise Unhandled from None
        _fees[lines[2]] = fee
    view_line = lines[3]
    if view_line == "View: server":
        hero = None
    elif view_line.startswith("View: player ") and len(view_line) > 13:
        hero = view_line[13:]
    else:
        raise Unhandled
    server = hero is None

    # ------------------------------------------------------------------ seats
    seat_list: list[int] = []
    names: list[str] = []
    stacks: list[int] = []
    i = 4
    prev = 0
    while lines[i].startswith("Seat "):
        sm = _SEAT(lines[i])
        if sm is None:
            raise Unhandled
        seat_no, seat_name, chips = _number(sm[1]), sm[2], _number(sm[3])
        if not prev < seat_no <= max_seats or chips <= 0 or not _good_name(seat_name):
            raise Unhandled
        prev = seat_no
        seat_list.append(seat_no)
        names.append(seat_name)
        stacks.append(chips)
        i += 1
    n = len(seat_list)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS or len(set(names)) != n:
        raise Unhandled
    if hero is not None and hero not in names:
        raise Unhandled
    # players by acting position (0 = left of the dealer)
    order = seats_from_left_of_dealer(seat_list, dealer)
    by_seat = {s: k for k, s in enumerate(seat_list)}
    pos_of_seat = {s: j for j, s in enumerate(order)}
    idx = [by_seat[s] for s in order]
    name = [names[k] for k in idx]
    stack = [stacks[k] for k in idx]
    start_stack = list(stack)
    invested = [0] * n
    round_bet = [0] * n
    folded = [False] * n
    acted = [False] * n
    may_raise = [True] * n
    cards: list[list[int | None]] = [[] for _ in range(n)]
    folded_round: list[int | None] = [None] * n
    known = [server or name[j] == hero for j in range(n)]

    # ------------------------------------------------------------------ antes
    for j in range(n):
        amount = min(ante, stack[j])
        stack[j] -= amount
        invested[j] += amount
        want = f"{name[j]}: posts the ante {amount}"
        if stack[j] == 0:
            want += _ALL_IN
        if lines[i] != want:
            raise Unhandled
        i += 1

    # ------------------------------------------------------------------ the deal
    if lines[i] != "*** DEAL ***":
        raise Unhandled
    i += 1
    seen: set[int] = set()
    for j in range(n):
        if not known[j]:
            cards[j] = [None, None, None]
            continue
        line = lines[i]
        head = f"Dealt to {name[j]} ["
        if not line.startswith(head) or line[-1] != "]":
            raise Unhandled
        dealt = _cards(line[len(head) : -1], 3)
        seen.update(dealt)
        cards[j] = list(dealt)
        i += 1
    if len(seen) != 3 * sum(known):
        raise Unhandled

    # ------------------------------------------------------------------ play
    actions: list[tuple[int, int, str, int, int, bool, bool]] = []
    pickups: list[tuple[int, int, bool, str | None, str | None, str | None]] = []
    category: list[str | None] = [None] * n
    live = n
    rnd = 0
    middle_up_text: str | None = None
    middle_down_text: str | None = None
    while True:
        # a betting round
        rnd += 1
        if lines[i] != _ROUND_HEADER[rnd]:
            raise Unhandled
        i += 1
        current_bet = 0
        last_raise = ante
        for j in range(n):
            round_bet[j] = 0
            acted[j] = False
            may_raise[j] = True
        to_act = -1
        able = sum(1 for j in range(n) if not folded[j] and stack[j] > 0)
        while True:
            nxt = -1
            if live > 1:
                for k in range(n):
                    j = (to_act + 1 + k) % n
                    if folded[j] or not stack[j]:
                        continue  # cannot act (as needs_to_act says)
                    if needs_to_act(folded[j], stack[j], round_bet[j], acted[j], current_bet, able):
                        nxt = j
                        break
            if nxt < 0:
                break
            to_act = j = nxt
            line = lines[i]
            i += 1
            who = name[j]
            if not line.startswith(who) or line[len(who) : len(who) + 2] != ": ":
                raise Unhandled
            tail = line[len(who) + 2 :]
            all_in = tail.endswith(_ALL_IN)
            if all_in:
                tail = tail[: -len(_ALL_IN)]
            words = tail.split(" ")
            verb = words[0]
            rb = round_bet[j]
            facing = current_bet > rb
            others = facing and any(stack[q] > 0 and not folded[q] for q in range(n) if q != j)
            o = betting_options(ante, current_bet, last_raise, rb, stack[j], may_raise[j], others)
            if verb == "folds" and len(words) == 1 and not all_in:
                if o.call is None:
                    raise Unhandled
                added, to = 0, rb
                folded[j] = True
                folded_round[j] = rnd
                live -= 1
                able -= 1  # the player to act has chips
            elif verb == "checks" and len(words) == 1 and not all_in:
                if o.call is not None:
                    raise Unhandled
                added, to = 0, rb
            elif verb == "calls" and len(words) == 2:
                added = _number(words[1])
                if o.call is None or added != o.call:
                    raise Unhandled
                to = rb + added
            elif verb == "bets" and len(words) == 2:
                added = to = _number(words[1])
                if o.min_bet is None or o.max_bet is None or not o.min_bet <= added <= o.max_bet:
                    raise Unhandled
                last_raise = last_raise_after_bet(added, ante)
                current_bet = added
                for q in range(n):
                    may_raise[q] = q != j
            elif verb == "raises" and len(words) == 4 and words[2] == "to":
                by, to = _number(words[1]), _number(words[3])
                lo, hi = o.min_raise_to, o.max_raise_to
                if by != to - current_bet or lo is None or hi is None or not lo <= to <= hi:
                    raise Unhandled
                added = to - rb
                increment = to - current_bet
                if raise_reopens(increment, last_raise):
                    last_raise = increment
                    for q in range(n):
                        may_raise[q] = q != j
                current_bet = to
            else:
                raise Unhandled
            stack[j] -= added
            invested[j] += added
            round_bet[j] = to
            acted[j] = True
            may_raise[j] = False
            if all_in != (stack[j] == 0 and added > 0):
                raise Unhandled
            if all_in:
                able -= 1
            actions.append((j, rnd, verb, added, to, all_in, facing))
        # the round closes: a bet nobody called goes back
        found = uncalled_bet(round_bet)
        if found is not None:
            j, extra = found
            round_bet[j] -= extra
            invested[j] -= extra
            stack[j] += extra
            if lines[i] != f"Uncalled bet ({extra}) returned to {name[j]}":
                raise Unhandled
            i += 1
        if live == 1 or rnd == 3:
            break
        if rnd == 1:
            # the middle cards
            if lines[i] != "*** MIDDLE CARDS ***" or not lines[i + 1].startswith("Face up: ["):
                raise Unhandled
            line = lines[i + 1]
            if line[-1] != "]":
                raise Unhandled
            middle_up = _cards(line[10:-1], n)
            middle_up_text = line[10:-1]
            line = lines[i + 2]
            middle_down: list[int | None]
            if server:
                if not line.startswith("Face down: [") or line[-1] != "]":
                    raise Unhandled
                middle_down = list(_cards(line[12:-1], n))
                middle_down_text = line[12:-1]
            else:
                if line != f"Face down: {n} cards":
                    raise Unhandled
                middle_down = [None] * n
            fresh = [c for c in (*middle_up, *middle_down) if c is not None]
            size = len(seen)
            seen.update(fresh)
            if len(seen) != size + len(fresh):
                raise Unhandled
            i += 3
        # a pick-up
        pick_no = rnd
        if lines[i] != _PICKUP_HEADER[pick_no]:
            raise Unhandled
        i += 1
        for j in range(n):
            if folded[j]:
                continue
            line = lines[i]
            i += 1
            head = f"{name[j]}: picks up "
            if not line.startswith(head):
                raise Unhandled
            rest = line[len(head) :]
            card: int | None
            if rest == "a card face down":
                if known[j] or None not in middle_down:
                    raise Unhandled
                face_up, card = False, None
                middle_down.remove(None)
            else:
                if rest[:1] != "[" or rest[3:5] != "] " or len(rest) < 6:
                    raise Unhandled
                card = _CARD.get(rest[1:3])
                face = rest[5:]
                if card is None or face not in ("face up", "face down"):
                    raise Unhandled
                face_up = face == "face up"
                if face_up:
                    if card not in middle_up:
                        raise Unhandled
                    middle_up.remove(card)
                else:
                    if not known[j]:
                        raise Unhandled
                    if card in middle_down:
                        middle_down.remove(card)
                    elif None in middle_down and card not in seen:
                        seen.add(card)
                        middle_down.remove(None)
                    else:
                        raise Unhandled
            before = after = None
            if known[j]:
                before = category[j] or category_of_indices(cards[j])  # type: ignore[arg-type]
            cards[j].append(card)
            if known[j]:
                after = category[j] = category_of_indices(cards[j])  # type: ignore[arg-type]
            pickups.append((j, pick_no, face_up, _TEXT[card] if card is not None else None,
                            before, after))  # fmt: skip

    # ------------------------------------------------------------------ the Reveal
    live_pos = [j for j in range(n) if not folded[j]]
    contributions = {order[j]: invested[j] for j in range(n)}
    folded_seats = {order[j] for j in range(n) if folded[j]}
    shown: dict[int, list[int]] = {}
    shown_text: dict[int, str] = {}
    hole_known: dict[int, bool] = {}
    if live > 1:
        if lines[i] != "*** REVEAL ***":
            raise Unhandled
        i += 1
        descriptions = []
        for j in live_pos:
            line = lines[i]
            i += 1
            head = f"{name[j]}: shows ["
            at = len(head)
            if not line.startswith(head) or line[at + 14 : at + 17] != "] (" or line[-1] != ")":
                raise Unhandled
            show = _cards(line[at : at + 14], 5)
            shown_text[j] = line[at : at + 14]  # card by card as the deck writes them
            descriptions.append(line[at + 17 : -1])
            held = cards[j]
            if len(set(show)) != 5 or any(c is not None and c not in show for c in held):
                raise Unhandled
            new = [c for c in show if c not in held]
            if len(new) != held.count(None):
                raise Unhandled
            size = len(seen)
            seen.update(new)
            if len(seen) != size + len(new):
                raise Unhandled
            hole_known[j] = not (None in held[:3] and None in held[3:])
            fill = iter(new)
            cards[j] = [c if c is not None else next(fill) for c in held]
            shown[j] = show
        hands = {order[j]: tuple([DECK[c] for c in cards[j]]) for j in live_pos}  # type: ignore[index]
        try:
            st = settle(contributions, folded_seats, hands, dealer, fee, True)
        except ValueError:
            raise Unhandled from None
        for j, said in zip(live_pos, descriptions, strict=True):
            if st.values[order[j]].description != said:
                raise Unhandled
        if st.skull_ace is not None:
            holder, outcome = st.skull_ace
            word = "win" if outcome is _AUTO_WIN else "loss"
            who = name[pos_of_seat[holder]]
            if lines[i] != f"{who}: automatic {word} with the Ace of Skulls":
                raise Unhandled
            i += 1
    else:
        st = settle(contributions, folded_seats, {}, dealer, fee, rnd > 1)

    # ------------------------------------------------------------------ pots and summary
    many = len(st.pots) > 1
    collects = 0
    for pot in st.pots:
        label = "pot" if not many else ("main pot" if pot.index == 0 else f"side pot-{pot.index}")
        for w, share in zip(pot.winners, pot.shares, strict=True):
            if share > 0:
                if lines[i] != f"{name[pos_of_seat[w]]} collected {share} from {label}":
                    raise Unhandled
                i += 1
                collects += 1
    if not collects or lines[i] != "*** SUMMARY ***":
        raise Unhandled
    i += 1
    if many:
        main = st.pots[0].amount + st.house_fee
        sides = "".join(f" Side pot-{p.index} {p.amount}." for p in st.pots[1:])
        want = f"Total pot {st.total_pot} Main pot {main}.{sides} | House fee {st.house_fee}"
    else:
        want = f"Total pot {st.total_pot} | House fee {st.house_fee}"
    if lines[i] != want:
        raise Unhandled
    i += 1
    if n_lines - i != n:
        raise Unhandled
    collected = st.collected
    values = st.values
    for k, seat in enumerate(seat_list):
        j = pos_of_seat[seat]
        dealer_tag = " (dealer)" if seat == dealer else ""
        won = collected[seat]
        if folded[j]:
            result = f"folded in the {_ROUND_WORD[folded_round[j]]} betting round"  # type: ignore[index]
        elif j not in shown:
            result = f"collected ({won})"
        elif won > 0:
            result = f"showed [{shown_text[j]}] and won ({won}) with {values[seat].description}"
        else:
            result = f"showed [{shown_text[j]}] and lost with {values[seat].description}"
        if lines[i + k] != f"Seat {seat}: {names[k]}{dealer_tag} {result}":
            raise Unhandled
    if len(actions) >= _I16:
        raise Unhandled

    # ------------------------------------------------------------------ columns
    key = hand_key(site, hand_id)
    if not cols.claim(key):
        return False
    h = cols.hands
    hand_index = len(h["hand_key"])
    for col, value in (
        ("hand_key", key), ("hand_id", hand_id), ("site", site), ("game", "rake"),
        ("played_at", played_at), ("table_name", table), ("max_seats", max_seats),
        ("n_players", n), ("currency", "chips"), ("is_tournament", False),
        ("tournament_id", None), ("ante", ante), ("small_bet", None), ("big_bet", None),
        ("bring_in", None), ("dealer_seat", dealer), ("hero", hero),
        ("view", "server" if server else "player"), ("total_pot", st.total_pot),
        ("house_fee", st.house_fee), ("source_file", source_file), ("source_line", first),
        ("middle_up", middle_up_text), ("middle_down", middle_down_text),
    ):  # fmt: skip
        h[col].append(value)
    p = cols.players
    first_row = len(p["hand"])
    prow = [0] * n
    skull = st.skull_ace
    # what each seat collected from each pot: (pot, amount before the fee, share)
    pots_won: dict[int, list[tuple[int, int, int]]] = {seat: [] for seat in seat_list}
    for pot in st.pots:
        before_fee = pot.amount + (st.house_fee if pot.index == 0 else 0)
        for w, share in zip(pot.winners, pot.shares, strict=True):
            if share > 0:
                pots_won[w].append((pot.index, before_fee, share))
    reveal_order = {j: k for k, j in enumerate(live_pos, start=1)} if shown else {}
    for k, seat in enumerate(seat_list):
        j = pos_of_seat[seat]
        prow[j] = first_row + k
        held = cards[j]
        if j in shown:
            text: str | None = shown_text[j]
            hole = _text(held[:3]) if hole_known[j] else None
        else:
            text = _text(held)
            hole = _text(held[:3])
        value = values.get(seat)
        p["hand"].append(hand_index)
        p["player"].append(names[k])
        p["seat"].append(seat)
        p["position"].append(j + 1)
        p["stack"].append(start_stack[j])
        p["invested"].append(invested[j])
        p["collected"].append(collected[seat])
        p["cards"].append(text)
        p["hole_cards"].append(hole)
        p["up_cards"].append(None)
        p["went_to_reveal"].append(j in shown)
        p["skull_ace_held"].append(text is not None and _SKULL in held)
        p["skull_ace_outcome"].append(
            skull[1].value if skull is not None and skull[0] == seat else None
        )
        p["hand_category"].append(value.category.name if value is not None else None)
        p["hand_description"].append(value.description if value is not None else None)
        p["folded_round"].append(folded_round[j])
        p["all_in"].append(stack[j] == 0 and not folded[j])
        p["reveal_order"].append(reveal_order.get(j))
        p["reveal_action"].append("show" if j in shown else None)
        p["collected_pots"].append(pots_won[seat])
    a = cols.actions
    if actions:
        rows = list(zip(*actions, strict=True))
        a["prow"].extend([prow[j] for j in rows[0]])
        a["seq"].extend(range(1, len(actions) + 1))
        a["round"].extend(rows[1])
        a["kind"].extend([_KIND[v] for v in rows[2]])
        a["amount"].extend(rows[3])
        a["to_amount"].extend(rows[4])
        a["all_in"].extend(rows[5])
        a["facing_bet"].extend(rows[6])
    if pickups:
        k_cols = cols.pickups
        rows = list(zip(*pickups, strict=True))
        k_cols["prow"].extend([prow[j] for j in rows[0]])
        for col, column in zip(_PICKUP_COLUMNS, rows[1:], strict=True):
            k_cols[col].extend(column)
    return True


_PICKUP_COLUMNS = ("pickup", "face_up", "card", "category_before", "category_after")
_KIND = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet", "raises": "raise"}
