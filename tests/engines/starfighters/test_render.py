"""The drawings (games/ui/starfighters/render.py): SVG board and ship boards, plain text and
HTML for emails, drawn from the view dict only."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from games.engines.starfighters.damage import outcome
from games.engines.starfighters.state import ROLL
from games.ui.starfighters import render

from .helpers import E, dice, ok, position, ship, torpedo

SVG = "{http://www.w3.org/2000/svg}"


def match():
    state = position(
        ship(0, "c3", "ne", on=("y1 cockpit C", "r1 phasers.attack S"), shields=(1, 3, 2, 3), hull=3),
        ship(1, "c6", "w", side="B3", on=("r1 cloak C", "b1 cloak C")),
        torpedoes=[torpedo("t1a", "d3"), torpedo("t2a", "b3", face_up=False)],
    )
    return state


def test_the_svg_draws_the_21_hexes_the_anomalies_ships_and_torpedoes():
    svg = render.svg(E.view(match(), 0))
    root = ET.fromstring(svg)
    groups = {g.get("class"): [] for g in root.iter(f"{SVG}g")}
    for g in root.iter(f"{SVG}g"):
        groups[g.get("class")].append(g)
    assert len(groups["hex"]) == 21 and len(groups["anomaly"]) == 2
    assert [(g.get("data-ship"), g.get("data-hex"), g.get("data-heading")) for g in groups["ship"]] == [
        ("s1", "c3", "ne"),
        ("s2", "c6", "w"),
    ]
    assert [(g.get("data-torpedo"), g.get("data-face-up")) for g in groups["torpedo"]] == [
        ("t1a", "True"),
        ("t2a", None),
    ]
    assert len(groups["ship-board"]) == 2


def test_the_svg_ship_boards_show_dice_on_spaces_shields_reactors_and_the_hull_track():
    root = ET.fromstring(render.svg(E.view(match(), 1)))
    dice_ = [
        (g.get("data-die"), g.get("data-group")) for g in root.iter(f"{SVG}g") if g.get("class") == "die"
    ]
    assert ("y1", "cockpit") in dice_ and ("r1", "phasers.attack") in dice_ and ("b1", "cloak") in dice_
    first = next(g for g in root.iter(f"{SVG}g") if g.get("data-seat") == "0")  # player 1's board
    shields = [t.text for t in first.iter(f"{SVG}text") if t.get("class") == "shield"]
    assert shields == ["1/3", "3/3", "2/2", "3/3"]
    hull = [r.get("fill") for r in first.iter(f"{SVG}rect") if r.get("class") == "hull-marker"]
    assert hull == ["#1b2238", "#1b2238", "#9ca3af", "#9ca3af", "#9ca3af"]  # lost from the left
    assert sum(1 for t in root.iter(f"{SVG}text") if t.text == "R") == 6  # 3 reactors per ship


def test_a_players_sealed_roll_board_is_drawn_for_that_player_only():
    state = position(ship(0, "c1"), ship(1, "c7", "w"), phase=ROLL)
    state = ok(state, 0, "roll", dice(4)).state
    r = state.rollers[0]
    die, face = next((d, f) for d, f in r.hand if f in ("security", "command"))
    space = "cockpit" if face == "command" else "phasers.attack"
    state = ok(state, 0, f"place {die} {space}").state
    mine, theirs = render.svg(E.view(state, 0)), render.svg(E.view(state, 1))
    assert f'data-die="{die}"' in mine and "Player 1 - Side A - your sealed board" in mine
    assert f'data-die="{die}"' not in theirs and "Player 1 - Side A - your" not in theirs
    assert "your roll 1/20" in render.text(E.view(state, 0))


def test_text_is_a_plain_board_and_ship_boards_for_emails():
    text = render.text(E.view(match(), 0))
    assert text.startswith("Star Fighters: Rapid Fire - Round 1, Activate systems: Player 1 to act")
    assert "P1↗" in text and "P2←" in text and "t1a" in text and "t2a*" in text and "(N)" in text
    assert "hull 3/5" in text and "forward 1/3" in text and "cockpit            [y1■]" in text


def test_the_hull_track_in_emails_loses_its_markers_from_the_left():
    view = E.view(match(), 0)  # Player 1 has lost 2 of 5 hull markers
    assert "hull 3/5 [ ][ ][H][H][H]" in render.text(view)
    html = render.html(view)
    track = html[html.index("Hull 3/5") :].split("</table>")[0]
    assert [cell.endswith("H") for cell in track.split("</td>")[:5]] == [False, False, True, True, True]


def test_html_uses_inline_styles_and_no_svg():
    html = render.html(E.view(match(), 0))
    assert "<svg" not in html and "style=" in html and "<table" in html
    assert "Player 2 - B3 Fighter" in html


def test_every_text_is_escaped():
    view = E.view(match(), 0)
    view["players"][0]["name"] = "<b>Eve & co</b>"
    view["ships"][0]["name"] = '"><script>'
    for out in (render.svg(view), render.html(view)):
        assert "<b>Eve" not in out and "<script>" not in out
    ET.fromstring(render.svg(view))


def test_the_status_line_names_the_winner_at_the_end():
    state = match()
    state = replace(state, phase="over", outcome=outcome(state, (1,), "ship_destroyed"))
    assert (
        render.status_line(E.view(state, None, reveal_all=True))
        == "Game over: Player 2 wins (ship destroyed)"
    )


def test_the_status_line_names_a_b2_re_roll_decision():
    phasers = ("y1 cockpit C", "r1 phasers.attack S", "r2 phasers.attack S", "r3 phasers.attack S")
    state = position(ship(0, "c3", side="B2", on=phasers), ship(1, "c4", "w", shields=(9, 9, 9, 9)))
    step = next(
        s
        for n in range(1, 200)
        if (s := ok(state, 0, "activate phasers s2 with yellow", dice(n))).state.pending
    )
    assert render.status_line(E.view(step.state, 1)).endswith("Player 1 to choose which misses to re-roll")


def test_the_viewers_own_ship_board_comes_first_with_dice_large_enough_to_tap_and_a_legend():
    root = ET.fromstring(render.svg(E.view(match(), 1)))
    boards = [g for g in root.iter(f"{SVG}g") if g.get("class") == "ship-board"]
    assert [b.get("data-seat") for b in boards] == ["0", "1"], "the viewer's own board is the last drawn"
    top = [float(b.find(f"{SVG}rect").get("y")) for b in boards]
    assert top[1] < top[0], "and is shown first, under the map"

    def die_width(board, die):
        g = next(g for g in board.iter(f"{SVG}g") if g.get("data-die") == die)
        return float(g.find(f"{SVG}rect").get("width"))

    assert die_width(boards[1], "b1") >= 30 > die_width(boards[0], "y1")
    legends = [t.text for t in boards[1].iter(f"{SVG}text") if t.get("class") == "legend"]
    assert legends == ["▲ security  ◆ engineering  ■ command  · blank"]


def test_systems_are_drawn_as_clickable_groups_and_cockpit_dice_carry_their_command_colour():
    root = ET.fromstring(render.svg(E.view(match(), 0)))
    own = next(g for g in root.iter(f"{SVG}g") if g.get("data-seat") == "0")
    systems = [g.get("data-system") for g in own.iter(f"{SVG}g") if g.get("class") == "system"]
    assert systems == ["cockpit", "phasers", "torpedoes", "shields", "drives"]
    assert [g.get("data-command") for g in own.iter(f"{SVG}g") if g.get("data-command")] == ["yellow"]
    targets = {g.get("data-target") for g in root.iter(f"{SVG}g") if g.get("data-target")}
    assert targets == {"s1", "s2", "t1a", "t2a"}, "ships and torpedoes are what phasers are fired at"
