"""Counters in hand, draws, discards and DEF decisions leave no trace for the other seat.

AS-SD-2: counters are held hidden; the hand size is public; a DEF counter is revealed only
when used and a MOVE AST when drawn. AS-SD-3 (rules/README decision 5): standing orders are
sealed, and "ask me" pauses on every potential hit, so the pause tells nothing of the hand.
Each test plays histories that differ only in what Blue hides and compares everything
Red and a spectator read (``seen.py``); Blue's own reading must differ, or the test could
not tell the histories apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.engines.base import Step
from games.engines.dogfight.state import Orders, State

from .helpers import BLUE, RED, dice, ok, position
from .seen import Entry, history, seen_by

THREE_AP = ("AP", "AP", "AP")
TWO_SHIPS = ("blue A c3", "blue B e3", "red A c4")  # Red A (ATT 3) next to Blue A (DEF 1)
NEVER = Orders("never", 0, False)


def _seq(starts: Sequence[State], seat: int, move: str, want: Callable[[Step], bool]) -> int:
    """The first dice seq under which ``move`` gives a wanted step from every start."""
    for seq in range(1, 3000):
        if all(want(ok(s, seat, move, dice(seq))) for s in starts):
            return seq
    raise AssertionError(f"no dice gave the wanted result for {move!r} from every start")


def _same_for_others(starts: Sequence[State], histories: Sequence[list[Entry]]) -> None:
    """Red and a spectator read the same; Blue does not (the histories really differ)."""
    first = (starts[0], histories[0])
    for start, entries in zip(starts[1:], histories[1:], strict=True):
        for viewer in (RED, None):
            assert seen_by(start, entries, viewer) == seen_by(*first, viewer)
        assert seen_by(start, entries, BLUE) != seen_by(*first, BLUE)


def _drawn(kind: str) -> Callable[[Step], bool]:
    def want(step: Step) -> bool:
        got = [e for e in step.events if e.kind in ("counter_received", "move_ast_drawn")]
        return len(got) == 1 and got[0].data.get("counter", "MOVE_AST") == kind

    return want


def _potential_hit(step: Step) -> bool:
    return any(e.kind == "attack_rolled" and e.data["potential_hit"] for e in step.events)


def _miss(step: Step) -> bool:
    return any(e.kind == "attack_rolled" and not e.data["potential_hit"] for e in step.events)


def test_as_sd_2_the_opponent_reads_the_same_draw_whether_it_gave_an_ap_a_def_or_a_blank():
    start = position(("blue A c3", "red A c8"), hands=((), ("AP",)))
    kinds = ("AP", "DEF1", "DEF2", "BLANK")
    histories = []
    for kind in kinds:
        seq = _seq([start], BLUE, "draw", _drawn(kind))
        histories.append(history(start, [(BLUE, "draw", seq), (BLUE, "end", 1), (RED, "move c8 c7", 1)]))
    assert [h[0][2].state.hand_types(BLUE) for h in histories] == [(k,) for k in kinds]
    _same_for_others([start] * len(kinds), histories)


def test_as_sd_2_a_move_ast_draw_is_revealed_to_everyone():
    """[2a]: "If the player draws a MOVE AST counter, immediately reveal it"; the comparison
    sees that difference, so it would see a hidden one too."""
    start = position(("blue A c3", "red A c8"), hands=((), ("AP",)))
    blank, move_ast = (
        history(start, [(BLUE, "draw", _seq([start], BLUE, "draw", _drawn(kind)))])
        for kind in ("BLANK", "MOVE_AST")
    )
    for viewer in (RED, None):
        seen = seen_by(start, blank, viewer), seen_by(start, move_ast, viewer)
        assert seen[0][0] == seen[1][0] and seen[0][1] != seen[1][1]
        assert "drew MOVE AST" in seen[1][1][2] and "drew a counter" in seen[0][1][2]


def test_as_sd_2_the_opponent_reads_the_same_match_whatever_types_a_hand_of_three_holds():
    hands = (("AP", "AP", "BLANK"), ("DEF1", "DEF2", "BLANK"), ("BLANK",) * 3, ("AP", "DEF1", "DEF2"))
    starts = [position(TWO_SHIPS, hands=(h, THREE_AP), seat=RED, orders=(NEVER, Orders())) for h in hands]
    miss = _seq(starts, RED, "attack c4 c3", _miss)
    after = [ok(ok(s, RED, "attack c4 c3", dice(miss)).state, RED, "end").state for s in starts]
    plain = _seq(after, BLUE, "draw", lambda step: not _drawn("MOVE_AST")(step))
    moves = [(RED, "attack c4 c3", miss), (RED, "end", 1), (BLUE, "draw", plain), (BLUE, "end", 1)]
    histories = [history(s, moves) for s in starts]
    assert {len(h[-1][2].state.hands[BLUE]) for h in histories} == {4}
    _same_for_others(starts, histories)


def test_as_sd_2_a_players_own_draw_tells_them_nothing_of_the_other_hand_but_the_type_drawn():
    """At the table Red sees only the counter it draws, not where it lay in the cup: Red's
    draw reads the same, die record and counter ids included, whatever Blue holds."""
    hands = (("AP", "AP", "AP"), ("BLANK", "BLANK", "DEF2"), ("DEF1", "DEF2", "BLANK"))
    starts = [position(TWO_SHIPS, hands=(h, ("AP",)), seat=RED) for h in hands]
    for kind in ("AP", "DEF1", "BLANK"):
        histories = [history(s, [(RED, "draw", _seq([s], RED, "draw", _drawn(kind)))]) for s in starts]
        assert [h[0][2].state.hand_types(RED) for h in histories] == [("AP", kind)] * 3
        for viewer in (RED, None):
            seen = [seen_by(s, h, viewer) for s, h in zip(starts, histories, strict=True)]
            assert seen[1:] == seen[:1] * 2


def test_as_sd_2_the_opponent_reads_the_same_turn_whichever_counter_was_discarded():
    """[1] discards are sealed: the cup grows by one, the counter is not named."""
    start = position(("blue A c3", "red A c8"), hands=(("AP", "DEF2", "BLANK"), ("AP",)))
    histories = [
        history(start, [(BLUE, f"discard {c}", 1), (BLUE, "end", 1), (RED, "move c8 c7", 1)])
        for c in ("AP", "DEF2", "blank")
    ]
    assert [h[0][2].move_audience for h in histories] == [frozenset({BLUE})] * 3
    _same_for_others([start] * 3, histories)


def test_as_sd_3_a_def_counter_kept_back_by_standing_orders_leaves_no_trace():
    """Never, or DEF+2 kept for ships worth more than Blue A's 10 PTS: the counters stay hidden."""
    variants = [
        (NEVER, ("DEF1", "DEF2")),
        (NEVER, ("BLANK", "BLANK")),
        (Orders("best", 15, False), ("DEF2", "BLANK")),
        (Orders("lowest", 25, False), ("DEF2", "AP")),
    ]
    starts = [position(TWO_SHIPS, hands=(h, THREE_AP), seat=RED, orders=(o, Orders())) for o, h in variants]
    hit = _seq(starts, RED, "attack c4 c3", _potential_hit)
    histories = [history(s, [(RED, "attack c4 c3", hit), (RED, "end", 1)]) for s in starts]
    assert all(h[0][2].state.last_combat.def_counter is None for h in histories)  # type: ignore[union-attr]
    _same_for_others(starts, histories)


def test_as_sd_2_a_def_counter_used_on_a_potential_hit_is_revealed():
    """COMBAT: the defender "may reveal one such counter"; the comparison sees it."""
    kept, used = (
        position(TWO_SHIPS, hands=(("DEF1",), THREE_AP), seat=RED, orders=(o, Orders()))
        for o in (NEVER, Orders())
    )
    hit = _seq([kept, used], RED, "attack c4 c3", _potential_hit)
    seen = [seen_by(s, history(s, [(RED, "attack c4 c3", hit)]), RED) for s in (kept, used)]
    assert seen[0][0] == seen[1][0] and seen[0][1] != seen[1][1]
    assert "used DEF+1" in seen[1][1][2] and "DEF+1" not in seen[0][1][2]


def test_as_sd_3_ask_me_pauses_the_same_way_whatever_the_defender_holds():
    hands = (("DEF1", "DEF2"), ("AP", "AP"), ("AP", "BLANK"))
    ask = Orders("best", 0, True)
    starts = [position(TWO_SHIPS, hands=(h, THREE_AP), seat=RED, orders=(ask, Orders())) for h in hands]
    hit = _seq(starts, RED, "attack c4 c3", _potential_hit)
    moves = [(RED, "attack c4 c3", hit), (BLUE, "defend none", 2), (RED, "end", 1)]
    histories = [history(s, moves) for s in starts]
    assert all(any(e.kind == "defence_asked" for e in h[0][2].events) for h in histories)
    _same_for_others(starts, histories)


def test_as_sd_3_standing_orders_without_ask_me_leave_no_trace_on_the_play():
    orders = (Orders("lowest", 15, False), NEVER, Orders("best", 25, False))
    start = position(TWO_SHIPS, hands=((), THREE_AP))
    starts = [start] * len(orders)
    hit = _seq([position(TWO_SHIPS, hands=((), THREE_AP), seat=RED)], RED, "attack c4 c3", _potential_hit)
    histories = []
    for o in orders:
        text = f"orders {o.def_counter} {o.def2_min_pts}"
        histories.append(history(start, [(BLUE, text, 1), (BLUE, "end", 1), (RED, "attack c4 c3", hit)]))
    assert all(_potential_hit(h[-1][2]) for h in histories)
    _same_for_others(starts, histories)


def test_as_sd_3_ask_me_shows_only_at_the_first_potential_hit_as_the_pause():
    """Decision 5: the pause itself is public; until a potential hit the choice is not."""
    start = position(TWO_SHIPS, hands=((), THREE_AP))
    hit = _seq([position(TWO_SHIPS, hands=((), THREE_AP), seat=RED)], RED, "attack c4 c3", _potential_hit)
    seen = {}
    for text in ("orders best 0 ask", "orders never 0"):
        entries = history(start, [(BLUE, text, 1), (BLUE, "end", 1), (RED, "attack c4 c3", hit)])
        seen[text] = [seen_by(start, entries, viewer) for viewer in (RED, None)]
    for asked, told in zip(seen["orders best 0 ask"], seen["orders never 0"], strict=True):
        assert asked[:3] == told[:3]  # the start, the sealed orders and Blue's end read the same
        assert asked[3] != told[3] and "waiting for Blue to decide on a DEF counter" in asked[3][2]
