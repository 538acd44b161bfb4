"""Standing orders changed one setting at a time (kit.orders.OrdersBySetting, OrdersByField)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engines.base import Event, Invalid, Move
from games.engines.kit.codec import set_at
from games.engines.kit.moves import text
from games.engines.kit.orders import UNCHANGED, OrdersByField, OrdersBySetting

from .test_referee import Orders, State  # the referee's test game: orders "policy" and "ask"


def _orders(public: bool = False) -> OrdersBySetting[State, Orders]:
    return OrdersBySetting(
        cls=Orders,
        values={"policy": ("best", "worst", "never"), "ask": ("off", "on")},
        value=text('"value" must be text.'),
        get=lambda s, seat: s.orders[seat],
        put=lambda s, seat, o: replace(s, orders=set_at(s.orders, seat, o)),
        public=public,
    )


ORDERS = _orders()


def test_the_candidates_are_every_other_word_of_every_setting_in_the_listed_order():
    assert ORDERS.candidates(State(), 0) == [
        Move.of("orders", setting="policy", value="worst"),
        Move.of("orders", setting="policy", value="never"),
        Move.of("orders", setting="ask", value="on"),
    ]


def test_a_yes_no_setting_is_written_off_or_on():
    assert ORDERS.word(Orders(ask=True), "ask") == "on"
    assert ORDERS.word(Orders(), "ask") == "off"
    assert ORDERS.word(Orders(), "policy") == "best"


def test_setting_an_order_to_what_it_is_is_refused_and_names_the_setting():
    bad = ORDERS.check(State(), 1, ORDERS.move("ask", "off"))
    assert bad is not None and bad.code == "orders_unchanged"
    assert bad.message == "Your standing order ask is already off."
    assert ORDERS.check(State(), 1, ORDERS.move("ask", "on")) is None


def test_the_kind_refuses_a_setting_or_word_the_game_does_not_have():
    kind = ORDERS.kind
    bad = kind.problem(Move.of("orders", setting="colour", value="red"))
    assert (
        bad is not None and bad.code == "bad_move" and '"setting" must be one of policy, ask' in bad.message
    )
    bad = kind.problem(Move.of("orders", setting="policy", value="often"))
    assert bad is not None and bad.message == "Standing order policy is one of best, worst, never."
    assert kind.problem(Move.of("orders", setting="policy", value="never")) is None
    assert kind.sealed and kind.phase is None


def test_playing_it_stores_the_one_setting_and_seals_the_move_to_its_author():
    step = ORDERS.play(State(), 1, ORDERS.move("ask", "on"))
    assert step.state.orders == (Orders(), Orders(ask=True))
    assert step.move_audience == frozenset({1})
    assert step.events == (Event("orders_updated", {"seat": 1}, frozenset({1})),)


def test_a_game_may_tell_everyone_that_orders_changed_never_what_they_are():
    step = _orders(public=True).play(State(), 0, ORDERS.move("policy", "never"))
    assert step.state.orders[0] == Orders(policy="never")
    assert step.events == (Event("orders_updated", {"seat": 0}),)
    assert step.move_audience == frozenset({0})


def test_every_field_of_the_orders_must_have_its_words():
    with pytest.raises(ValueError, match="every field"):
        OrdersBySetting(
            cls=Orders, values={"policy": ("best",)}, value=text("x"), get=ORDERS.get, put=ORDERS.put
        )


SHAPE = 'An "orders" move changes one order: "policy" or "ask".'


def _by_field(public: bool = False) -> OrdersByField[State, Orders]:
    return OrdersByField(
        cls=Orders,
        values={"policy": ("best", "worst", "never"), "ask": (True, False)},
        shape=SHAPE,
        get=lambda s, seat: s.orders[seat],
        put=lambda s, seat, o: replace(s, orders=set_at(s.orders, seat, o)),
        public=public,
    )


BY_FIELD = _by_field()


def test_by_field_the_move_names_the_setting_as_its_one_field_with_its_value():
    assert BY_FIELD.move("ask", True) == Move.of("orders", ask=True)
    assert BY_FIELD.move("policy", "never") == Move.of("orders", policy="never")


def test_by_field_the_candidates_are_every_other_value_of_every_setting_in_the_listed_order():
    assert BY_FIELD.candidates(State(orders=(Orders(), Orders(policy="worst", ask=True))), 1) == [
        Move.of("orders", policy="best"),
        Move.of("orders", policy="never"),
        Move.of("orders", ask=False),
    ]


def test_by_field_setting_an_order_to_what_it_is_is_refused_as_unchanged():
    assert BY_FIELD.check(State(), 0, Move.of("orders", ask=False)) == UNCHANGED
    assert BY_FIELD.check(State(), 0, Move.of("orders", policy="best")) == UNCHANGED
    assert BY_FIELD.check(State(), 0, Move.of("orders", ask=True)) is None


@pytest.mark.parametrize(
    "args", [{}, {"policy": "never", "ask": True}, {"colour": "red"}, {"setting": "ask", "value": "on"}]
)
def test_by_field_the_kind_refuses_a_move_that_does_not_name_exactly_one_setting(args):
    assert BY_FIELD.kind.problem(Move.of("orders", **args)) == Invalid("bad_move", SHAPE)


def test_by_field_the_kind_refuses_a_value_the_setting_does_not_have_of_its_own_type():
    kind = BY_FIELD.kind
    assert kind.problem(Move.of("orders", ask=1)) == Invalid("bad_move", '"ask" must be one of True, False.')
    bad = kind.problem(Move.of("orders", policy="often"))
    assert bad == Invalid("bad_move", '"policy" must be one of best, worst, never.')
    assert kind.problem(Move.of("orders", ask=True)) is None
    assert kind.sealed and kind.phase is None


def test_by_field_playing_it_stores_the_one_setting_and_seals_the_move_to_its_author():
    step = BY_FIELD.play(State(), 1, Move.of("orders", policy="never"))
    assert step.state.orders == (Orders(), Orders(policy="never"))
    assert step.move_audience == frozenset({1})
    assert step.events == (Event("orders_updated", {"seat": 1}, frozenset({1})),)
    public = _by_field(public=True).play(State(), 0, Move.of("orders", ask=True))
    assert public.state.orders[0] == Orders(ask=True)
    assert public.events == (Event("orders_updated", {"seat": 0}),)


def test_by_field_every_field_of_the_orders_must_have_its_values():
    with pytest.raises(ValueError, match="every field"):
        OrdersByField(
            cls=Orders, values={"ask": (True, False)}, shape=SHAPE, get=BY_FIELD.get, put=BY_FIELD.put
        )
