"""Star Fighters' activations and ship-board choices played by clicking, on a phone and a
desktop: a phaser attack, a torpedo launched and shot at, and the B sides' own choices (the
B2 Frigate's Drives dice and re-roll, the B4 Gunship's shot at a torpedo, the B1 Cruiser's
bridge, the B3 Fighter's Cloaking Device, forward launch and thrusters).

Each position is reached by moves made through the write path (the automatic player's
choice, or a move that leads towards the position); then the player makes the move on the
page by clicking the board and the tray's buttons, and the test reads what the page says
before and after. Every page is watched for error responses and console errors
(tests/support/browser.py).

Each match has a fixed server seed (``seeded``), so the same dice and the same match on every
run: with the server's random dice a match could end before its position was reached.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from games.bots.starfighters import StarFightersBot
from games.engines import get
from games.engines.base import Move
from games.engines.starfighters.data import DATA
from games.engines.starfighters.geometry import neighbour
from games.play import services
from tests.games.helpers import submit, user_of
from tests.support.browser import DESKTOP, PHONE, SUBMITTED, act, choice, listed_moves, on_board, wait_until

from .helpers import started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENGINE = get("star-fighters")
BOT = StarFightersBot(explore=0.0)
VIEWPORTS = pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])

Rule = Callable[[Any, int, Move], bool]


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Fixes the server seed of the matches created after the call: the same dice on every run."""

    def pin(name: str) -> None:
        fixed = hashlib.sha256(f"star-fighters-choices-{name}".encode()).digest()
        monkeypatch.setattr(services, "pysecrets", SimpleNamespace(token_bytes=lambda n: fixed[:n]))

    return pin


def never(_state: Any, _seat: int, _m: Move) -> bool:
    return False


def face(state: Any, seat: int, die: str) -> str | None:
    """The face a die in the seat's hand shows (its own sealed Roll phase)."""
    roller = state.rollers[seat] if state.rollers else None
    return dict(roller.hand).get(die) if roller is not None else None


def state_of(match: Any) -> Any:
    match.refresh_from_db()
    return ENGINE.load(match.state)


def play_until(
    match: Any, reached: Callable[[Any], bool], prefer: Rule = never, avoid: Rule = never, limit: int = 1500
) -> Any:
    """Moves made through the write path until ``reached(state)``: a preferred move where one
    is listed, else the automatic player's choice among the moves not avoided."""
    rng = random.Random(5)
    for _ in range(limit):
        state = state_of(match)
        assert ENGINE.outcome(state) is None, (
            "the match ended before the position was reached (pin another seed)"
        )
        if reached(state):
            return state
        seat = rng.choice(sorted(ENGINE.active_seats(state)))
        moves = [m for m in ENGINE.legal_moves(state, seat) if m.kind != "orders"]
        allowed = [m for m in moves if not avoid(state, seat, m)] or moves
        preferred = [m for m in allowed if prefer(state, seat, m)]
        if preferred:
            move = preferred[0]
        else:
            view = ENGINE.view(state, seat)
            move = max(allowed, key=lambda m: BOT.value(m, view, seat))
        submit(match, user_of(match, seat), move.to_json())
    raise AssertionError("the position was not reached")


def listed(state: Any, seat: int, test: Callable[[Move], bool]) -> bool:
    return seat in ENGINE.active_seats(state) and any(test(m) for m in ENGINE.legal_moves(state, seat))


def activation(system: str, target: str = "") -> Callable[[Move], bool]:
    def test(m: Move) -> bool:
        return (
            m.kind == "activate"
            and m["system"] == system
            and (not target or str(m.get("target", "")).startswith(target))
        )

    return test


# -- on the page ------------------------------------------------------------------------------------


def open_page(browse: Any, match: Any, seat: int, viewport: dict[str, int]) -> Any:
    page = browse(user_of(match, seat), viewport)
    page.goto(browse.url(match))
    wait_until(page, lambda: page.locator("#pick-moves, #moves .move-group").count() > 0, "the move tray")
    return page


def target_shape(page: Any, on: str, value: str) -> Any:
    """What a player taps for a board element: a torpedo's disc, a ship's hull, a system's rows."""
    element = on_board(page, on, value)
    shapes = element.locator("circle, polygon")
    return shapes.first if on == "target" and shapes.count() else element


def click_board(page: Any, on: str, value: str) -> None:
    element = on_board(page, on, value)
    wait_until(
        page,
        lambda: any(
            c in (element.get_attribute("class") or "") for c in ("is-movable", "is-target", "is-attack")
        ),
        f"{on} {value} highlighted",
    )
    target_shape(page, on, value).click()


def chips(page: Any) -> list[str]:
    """The words of the tray's choice buttons now shown."""
    return [t.strip() for t in page.locator("#pick-choices button").all_inner_texts()]


def press(page: Any, label: str) -> None:
    wait_until(page, lambda: choice(page, label).count() > 0, f"the choice {label!r}")
    choice(page, label).click()


def steps_for(page: Any, test: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    found = [p for p in listed_moves(page) if test(p["move"])]
    assert found, "the move is offered on the page"
    return found[0]["steps"]


def click_until_choice(page: Any, steps: list[dict[str, Any]], field: str) -> None:
    """The board clicks (and any Command die choice) that come before the choice of ``field``."""
    for step in steps:
        if step["field"] == field or page.evaluate(SUBMITTED):  # a lone last choice is taken for you
            return
        if step["on"] == "choice":
            pressed = page.locator('#pick-path [aria-pressed="true"]').filter(has_text=step["label"])
            if not pressed.count():
                press(page, step["label"])
            continue
        click_board(page, step["on"], step["value"])


def log_text(page: Any) -> str:
    return page.locator(".log").inner_text()


# -- a phaser attack, a torpedo launched and the B4 Gunship's shot at it ---------------------------


def wants_torpedoes(state: Any, seat: int, m: Move) -> bool:
    """Player 1 fills the LAUNCH spaces and launches; the Gunship shoots at torpedoes."""
    if m.kind == "place" and seat == 0:
        return m["space"] == "torpedoes.launch" and face(state, seat, m["die"]) == "security"
    return m.kind == "activate" and (m["system"] == "torpedoes" or str(m.get("target", "")).startswith("t"))


@VIEWPORTS
def test_a_torpedo_is_launched_and_the_b4_gunship_chooses_its_dice_to_shoot_at_it(
    browse, alice, bob, seeded, viewport
):
    seeded("torpedo")
    match = started("star-fighters", alice, bob, ship_2="B4", round_limit=0)
    play_until(match, lambda s: listed(s, 0, activation("torpedoes")), prefer=wants_torpedoes)
    page = open_page(browse, match, 0, viewport)
    steps = steps_for(page, lambda m: m["kind"] == "activate" and m["system"] == "torpedoes")
    click_until_choice(page, steps, "hex")
    hexes = page.locator(".board .hex.is-attack, .board .hex.is-target")
    assert hexes.count() >= 1, "the hexes a torpedo may be launched into are marked"
    hex_name = next(s["value"] for s in steps if s["field"] == "hex")
    act(page, lambda: click_board(page, "hex", hex_name))
    assert f"You launched torpedo t1a on {hex_name}" in log_text(page)
    assert on_board(page, "torpedo", "t1a").get_attribute("data-hex") == hex_name

    state = play_until(match, lambda s: listed(s, 1, activation("phasers", "t")), prefer=wants_torpedoes)
    torpedo = next(m["target"] for m in ENGINE.legal_moves(state, 1) if activation("phasers", "t")(m))
    page = open_page(browse, match, 1, viewport)
    steps = steps_for(
        page, lambda m: m["kind"] == "activate" and m.get("target") == torpedo and "die" not in m
    )
    click_until_choice(page, steps, "die")
    offered = chips(page)
    every = next(c for c in offered if c.startswith("roll all"))
    assert "ATTACK dice" in every and any(c.startswith("roll one") and "ATTACK die" in c for c in offered)
    act(page, lambda: press(page, every))
    assert f"You fired phasers at torpedo {torpedo}:" in log_text(page)
    destroyed = state_of(match).torpedo(torpedo) is None
    assert f"{torpedo}: " in log_text(page) and ("destroyed" if destroyed else "missed") in log_text(page)
    assert on_board(page, "torpedo", torpedo).count() == (0 if destroyed else 1)


def wants_contact(state: Any, seat: int, m: Move) -> bool:
    return m.kind == "activate" and m["system"] == "phasers" and m["target"].startswith("s")


@VIEWPORTS
def test_a_phaser_attack_at_a_ship_is_clicked_and_its_damage_shown(browse, alice, bob, seeded, viewport):
    seeded("phaser")
    match = started("star-fighters", alice, bob, round_limit=0)
    play_until(match, lambda s: listed(s, 0, activation("phasers", "s")))
    page = open_page(browse, match, 0, viewport)
    steps = steps_for(page, lambda m: m["kind"] == "activate" and m.get("target") == "s2")
    click_until_choice(page, steps, "target")
    assert "is-attack" in (on_board(page, "target", "s2").get_attribute("class") or "")
    act(page, lambda: click_board(page, "target", "s2"))
    assert "You fired phasers at Player 2:" in log_text(page)
    assert "damage" in log_text(page)


# -- the B2 Frigate: how many Drives dice, and which misses to re-roll -----------------------------


def wants_drives(state: Any, seat: int, m: Move) -> bool:
    """The Frigate puts Engineering icons on its Drives and a blue or yellow Command die in the
    Cockpit."""
    if seat != 0 or m.kind != "place":
        return False
    shown = face(state, seat, m["die"])
    if m["space"] == "drives.thrust":
        return shown == "engineering"
    return m["space"] == "cockpit" and m["die"][0] in "by"


def holds_fire(state: Any, seat: int, m: Move) -> bool:
    """Player 2 does not shoot, so that the Frigate lives to be asked."""
    return seat == 1 and m.kind == "activate" and m["system"] in ("phasers", "torpedoes")


@VIEWPORTS
def test_the_b2_frigate_chooses_how_many_drives_dice_to_roll_and_which_misses_to_reroll(
    browse, alice, bob, seeded, viewport
):
    seeded("frigate")
    match = started("star-fighters", alice, bob, ship_1="B2", round_limit=0)
    several = lambda m: m.kind == "activate" and m["system"] == "drives" and m.get("dice", 0) >= 2  # noqa: E731
    play_until(match, lambda s: listed(s, 0, several), prefer=wants_drives, avoid=holds_fire)
    page = open_page(browse, match, 0, viewport)
    steps = steps_for(page, lambda m: m["kind"] == "activate" and m["system"] == "drives")
    click_until_choice(page, steps, "dice")
    offered = [c for c in chips(page) if c.startswith("roll ")]
    most = max(int(c.split()[1]) for c in offered)
    assert f"roll 1 Drives die of your {most}" in offered[0]
    assert "moves: 1 + each face that is not blank" in offered[-1]
    act(page, lambda: press(page, f"roll {most} Drives dice"))
    assert "You rolled the drives:" in log_text(page)
    assert page.locator('#moves button[data-kind="drive"]').filter(has_text="Stop").count() == 1

    state = play_until(
        match, lambda s: listed(s, 0, lambda m: m.kind == "reroll"), prefer=wants_contact, avoid=holds_fire
    )
    ask = state.pending[0]
    misses, faces = list(ask.options), dict(ask.rolled)
    page = open_page(browse, match, 0, viewport)
    group = page.locator("#moves .group-reroll")
    note = group.locator(".kind-note").inner_text()
    assert "Your Phasers at Player 2's ship rolled" in note and f"{', '.join(misses)} did no damage" in note
    buttons = group.locator("button").all_inner_texts()
    every = "Re-roll " + ", ".join(f"{d} {DATA.symbols[faces[d]]} {faces[d]}" for d in misses)
    assert "Keep the roll: re-roll nothing" in buttons and every in buttons
    act(page, lambda: group.locator("button").filter(has_text=every).first.click())
    assert "re-rolled" in log_text(page)


# -- the B1 Cruiser's bridge and the B3 Fighter's Cloaking Device ----------------------------------


def wants_bridge_and_cloak(state: Any, seat: int, m: Move) -> bool:
    return m.kind == "place" and seat == 1 and m["space"] == "cloak"


@VIEWPORTS
def test_the_b1_cruiser_moves_its_officer_from_the_bridge_and_the_b3_fighter_fills_its_cloak(
    browse, alice, bob, seeded, viewport
):
    seeded("cruiser")
    match = started("star-fighters", alice, bob, ship_1="B1", ship_2="B3", round_limit=0)
    cloak = lambda m: m.kind == "place" and m["space"] == "cloak"  # noqa: E731
    state = play_until(match, lambda s: listed(s, 1, cloak))
    move = next(m for m in ENGINE.legal_moves(state, 1) if cloak(m))
    page = open_page(browse, match, 1, viewport)
    click_board(page, "die", move["die"])
    assert "is-target" in (on_board(page, "space", "cloak").get_attribute("class") or "")
    act(page, lambda: click_board(page, "space", "cloak"))
    assert f"You placed {move['die']}■ on cloak" in log_text(page)
    assert on_board(page, "die", move["die"]).get_attribute("data-group") == "cloak"

    bridge = lambda m: m.kind == "cockpit"  # noqa: E731
    state = play_until(match, lambda s: s.phase == "roll" and listed(s, 0, bridge))
    move = next(m for m in ENGINE.legal_moves(state, 0) if bridge(m))
    page = open_page(browse, match, 0, viewport)
    assert page.locator(f'.board [data-die="{move["die"]}"][data-group="cockpit"]').count()
    steps = steps_for(page, lambda m: m == move.to_json())
    assert [s["on"] for s in steps] == ["die", "space"]
    click_board(page, "die", move["die"])
    act(page, lambda: click_board(page, "space", move["space"]))
    assert f"You moved {move['die']} from the bridge to {move['space']}" in log_text(page)
    assert on_board(page, "die", move["die"]).get_attribute("data-group") == move["space"]


def fighter_launches(state: Any, seat: int, m: Move) -> bool:
    """The Fighter (Player 2) fills its LAUNCH spaces with red dice and a yellow Command die."""
    if seat != 1 or m.kind != "place":
        return False
    shown = face(state, seat, m["die"])
    if m["space"] == "torpedoes.launch":
        return shown == "security"
    if m["space"] == "drives.thrust":
        return shown == "engineering"
    return m["space"] == "cockpit" and m["die"][0] == "y"


def ahead(state: Any, seat: int) -> str | None:
    ship = state.ships[seat]
    return neighbour(ship.hex, ship.heading)


def nobody_flies_or_shoots(state: Any, seat: int, m: Move) -> bool:
    """The ships stay where they started (the Fighter's forward hex stays free), nobody is
    shot, the Fighter launches forward only and keeps its red dice for its LAUNCH spaces."""
    if m.kind == "place" and seat == 1 and m["die"][0] == "r":
        return m["space"] != "torpedoes.launch"
    if m.kind != "activate":
        return False
    if m["system"] == "torpedoes":
        return seat == 0 or m["hex"] != ahead(state, seat)
    return m["system"] in ("phasers", "drives")


@VIEWPORTS
def test_the_b3_fighter_launches_a_torpedo_forward_and_flies_its_thrusters_a_die_at_a_time(
    browse, alice, bob, seeded, viewport
):
    seeded("fighter")
    match = started("star-fighters", alice, bob, ship_2="B3", round_limit=0)

    def forward(state: Any) -> bool:
        return listed(state, 1, lambda m: activation("torpedoes")(m) and m["hex"] == ahead(state, 1))

    state = play_until(match, forward, prefer=fighter_launches, avoid=nobody_flies_or_shoots)
    front = ahead(state, 1)
    page = open_page(browse, match, 1, viewport)
    steps = steps_for(page, lambda m: m["kind"] == "activate" and m.get("hex") == front)
    click_until_choice(page, steps, "hex")
    assert "is-attack" in (on_board(page, "hex", front).get_attribute("class") or "")
    act(page, lambda: click_board(page, "hex", front))
    assert f"You launched torpedo t2a on {front}" in log_text(page)

    state = play_until(
        match,
        lambda s: listed(s, 1, activation("drives")),
        prefer=fighter_launches,
        avoid=nobody_flies_or_shoots,
    )
    dice = sum(1 for _, g, _ in state.ships[1].board if g == "drives.thrust")
    page = open_page(browse, match, 1, viewport)
    steps = steps_for(page, lambda m: m["kind"] == "activate" and m["system"] == "drives")
    act(page, lambda: click_until_choice(page, steps, ""))  # every step: the system, its Command die
    drive = page.locator('#moves button[data-kind="drive"]')
    assert {"Move forward", "Turn left", "Turn right", "Stop (end the drive)"} <= set(drive.all_inner_texts())
    start = state.ships[1].hex
    act(page, lambda: drive.filter(has_text="Move forward").click())
    assert f"You moved {start} → {ahead(state, 1)}" in log_text(page)
    if dice > 1:  # each die is one step of either kind (SF-52): a turn after a move
        left = state_of(match).turns.drive
        assert left is not None and left.steps == dice - 1
        turns = page.locator('#moves button[data-kind="drive"]').filter(has_text="Turn")
        assert set(turns.all_inner_texts()) == {"Turn left", "Turn right"}
        act(page, lambda: turns.filter(has_text="Turn left").click())
        assert "You turned left" in log_text(page)
