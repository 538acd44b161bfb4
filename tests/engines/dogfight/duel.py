"""A duel position for the combat tests, and predicates on the steps it gives."""

from __future__ import annotations

from games.engines.dogfight.state import Orders

from .helpers import has, position

DUEL = ("blue A c3", "red A c4")  # Blue A: ATT 3; Red A: DEF 1 (SD-03)
AP3 = ("AP", "AP", "AP")
DEFAULT_ORDERS = Orders()


def duel(red_hand=(), red_orders=DEFAULT_ORDERS, ships=DUEL, blue_hand=AP3):
    return position(ships, hands=(blue_hand, red_hand), orders=(Orders(), red_orders))


def potential_hit(step):
    return has(step, "attack_rolled", potential_hit=True)


def miss(step):
    return has(step, "attack_rolled", potential_hit=False)


def blocked(step):
    return has(step, "defence_rolled", blocked=True)


def destroyed(step):
    return has(step, "ship_eliminated", ship="red-1")


def rolls(step):
    """The attack rolls of a step, the main combat's first."""
    return [e.data for e in step.events if e.kind == "attack_rolled"]


def first_missed(step):
    return not rolls(step)[0]["potential_hit"]


def first_hit(step):
    return rolls(step)[0]["potential_hit"]


def first_eliminated(step):
    defences = [e.data for e in step.events if e.kind == "defence_rolled"]
    return first_hit(step) and not defences[0]["blocked"]
