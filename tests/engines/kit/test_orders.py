"""Standing orders changed one setting at a time (kit.orders.OrdersBySetting)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engines.base import Event, Move
from games.engines.kit.codec import set_at
from games.engines.kit.moves import text
from games.engines.kit.orders import OrdersBySetting

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
