"""The referee's checks before the rules, standing orders, and the audience of a move."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace

import pytest

from games.engines.base import Event, Invalid, Move, Outcome, Step
from games.engines.dice import Dice
from games.engines.kit.codec import set_at
from games.engines.kit.moves import Kind, Moves, one_of, text
from games.engines.kit.orders import StandingOrders
from games.engines.kit.referee import Referee


@dataclass(frozen=True)
class Orders:
    policy: str = "best"
    ask: bool = False


@dataclass(frozen=True)
class State:
    phase: str = "play"
    orders: tuple[Orders, ...] = (Orders(), Orders())
    outcome: Outcome | None = None
    moved: int = 0


ORDERS = StandingOrders(
    Orders,
    {"policy": one_of(("best", "never"), '"policy"'), "ask": one_of((True, False), '"ask"')},
    {"policy": ("best", "never"), "ask": (False, True)},
    get=lambda s, seat: s.orders[seat],
    put=lambda s, seat, o: replace(s, orders=set_at(s.orders, seat, o)),
)
MOVES = Moves(
    "Test Game",
    {
        "go": Kind({"to": text("to!")}, phase="play"),
        "hide": Kind(phase="play", sealed=True),
        "give": Kind(phase="play", sealed=True),
        "build": Kind(phase="build"),
        "dig": Kind(phase="build", belongs="Trenches are dug before play"),
        "orders": ORDERS.kind,
    },
    phases={"play": "play (your turns)", "build": "building"},
)
GO = Move.of("go", to="b3")


def legal(state: State, seat: int) -> list[Move]:
    moves = [GO, Move.of("hide"), Move.of("give")] if state.phase == "play" and seat == 0 else []
    return [*moves, *ORDERS.candidates(state, seat)]


def play(state: State, seat: int, m: Move, dice: Dice) -> Step:
    if m.kind == "orders":
        return ORDERS.play(state, seat, m)
    audience = frozenset({0, 1}) if m.kind == "give" else None
    return Step(replace(state, moved=state.moved + 1), (Event("did", {"kind": m.kind}),), audience)


REFEREE = Referee(
    MOVES,
    {
        "go": lambda s, seat, m: None if m["to"] != "z9" else Invalid("off_board", "z9 is off the board."),
        "hide": lambda s, seat, m: None,
        "give": lambda s, seat, m: None,
        "build": lambda s, seat, m: None,
        "dig": lambda s, seat, m: None,
        "orders": ORDERS.check,
    },
    legal=legal,
    play=play,
    outcome=lambda s: s.outcome,
    seats=lambda s: 2,
)
DICE = Dice(b"referee", 1)


def refusal(state: State, seat: int, m: Move) -> tuple[str, str]:
    result = REFEREE.apply(state, seat, m, DICE)
    assert isinstance(result, Invalid), result
    return result.code, result.message


def test_the_prelude_refuses_in_order_game_over_shape_seat_phase():
    over = State(outcome=Outcome((0,)))
    assert refusal(over, 0, Move.of("fly")) == ("game_over", "The match is over; no more moves can be made.")
    assert refusal(State(), 0, Move.of("fly"))[0] == "unknown_move"
    assert refusal(State(), 5, Move.of("go"))[0] == "bad_move"
    assert refusal(State(), 5, GO) == ("not_your_turn", "Seat 5 does not play in this match.")
    assert refusal(State(), 0, Move.of("build")) == (
        "wrong_phase",
        'A "build" move belongs to building; the match is in play (your turns).',
    )


def test_a_kind_may_say_in_its_own_words_which_phase_it_belongs_to():
    assert refusal(State(), 0, Move.of("dig")) == (
        "wrong_phase",
        "Trenches are dug before play; the match is in play (your turns).",
    )


def test_a_game_may_name_the_phase_the_match_is_in_in_its_own_words():
    moves = replace(MOVES, now="this is")
    referee = replace(REFEREE, moves=moves)
    assert referee.check(State(), 0, Move.of("build")) == Invalid(
        "wrong_phase", 'A "build" move belongs to building; this is play (your turns).'
    )


def test_a_decision_owed_first_holds_up_every_kind_with_a_phase_before_the_phase_is_looked_at():
    owed = Invalid("decision_pending", "Answer first.")
    waiting = replace(REFEREE, pending=lambda s, seat, m: owed if s.moved else None)
    assert waiting.check(State(moved=1), 0, Move.of("build")) == owed
    assert waiting.check(State(moved=1), 0, GO) == owed
    assert waiting.check(State(moved=1), 0, ORDERS.move(Orders("never"))) is None
    assert waiting.check(State(), 0, GO) is None


def test_the_games_check_names_the_rule_and_a_move_it_allows_must_be_listed():
    assert refusal(State(), 0, Move.of("go", to="z9")) == ("off_board", "z9 is off the board.")
    assert refusal(State(), 1, GO) == ("not_listed", "That move is not among your legal moves now.")
    assert REFEREE.check(State(), 1, GO) is None


def test_a_sealed_kind_goes_to_its_author_unless_the_play_names_its_audience():
    assert REFEREE.apply(State(), 0, GO, DICE).move_audience is None
    assert REFEREE.apply(State(), 0, Move.of("hide"), DICE).move_audience == {0}
    assert REFEREE.apply(State(), 0, Move.of("give"), DICE).move_audience == {0, 1}


def test_every_kind_needs_its_check():
    with pytest.raises(ValueError, match="one check per kind"):
        Referee(
            MOVES, {"go": REFEREE.checks["go"]}, legal=legal, play=play, outcome=lambda s: None, seats=len
        )


def test_standing_orders_list_every_change_and_refuse_none():
    state = State()
    listed = ORDERS.candidates(state, 1)
    assert [ORDERS.of(m) for m in listed] == [
        Orders("best", True),
        Orders("never", False),
        Orders("never", True),
    ]
    assert refusal(state, 1, ORDERS.move(Orders())) == (
        "orders_unchanged",
        "Those are already your standing orders.",
    )
    assert ORDERS.move(Orders("never", True)).to_json() == {"kind": "orders", "policy": "never", "ask": True}


def test_standing_orders_are_sealed_and_only_their_author_hears_of_them():
    step = REFEREE.apply(State(phase="build"), 1, ORDERS.move(Orders("never", False)), DICE)
    assert isinstance(step, Step)
    assert step.state.orders == (Orders(), Orders("never", False))
    assert step.move_audience == {1}
    assert [(e.kind, e.data, e.audience) for e in step.events] == [("orders_updated", {"seat": 1}, {1})]


def test_a_game_may_tell_everyone_of_a_change_of_orders_and_still_seal_the_move():
    public = dataclasses.replace(ORDERS, public=True)
    step = public.play(State(phase="build"), 1, public.move(Orders("never", False)))
    assert step.move_audience == {1}
    assert [(e.kind, e.data, e.audience) for e in step.events] == [("orders_updated", {"seat": 1}, None)]


def test_standing_orders_must_name_every_field_of_their_dataclass():
    with pytest.raises(ValueError, match="every field"):
        StandingOrders(Orders, {"policy": text("p")}, {"policy": ("best",)}, get=ORDERS.get, put=ORDERS.put)
