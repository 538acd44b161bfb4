"""The data files: the board (BG-01), the generic fleet (BG-04..BG-08, decision 3), the
tactic cards (BG-14, BG-15), discovery tiles and missions; every house value is labelled."""

from __future__ import annotations

import re
from pathlib import Path

from games.engines.galaxies.data import DATA, SIDES, VERSIONS
from games.engines.galaxies.geometry import geometry

DATA_DIR = Path(__file__).resolve().parents[3] / "games" / "engines" / "galaxies" / "data"


def test_every_number_in_the_data_files_cites_its_source():
    """rules/README decision 1: every number says [SEED], [SOURCED], its BG ID or house, on its line."""
    cited = re.compile(r"\[SEED\]|\[SOURCED\]|BG-\d\d|BG-H\d|house")
    numbers = 0
    for path in sorted(DATA_DIR.glob("*.toml")):
        for line in path.read_text().splitlines():
            code, _, comment = re.sub(r'"[^"]*"', '""', line).partition("#")
            if "=" in code and re.search(r"\d", code):
                numbers += 1
                assert cited.search(comment), f"{path.name}: {line}"
    assert numbers > 150


def test_obstacle_effects_are_data_asteroids_block_moves_and_fire_debris_ends_moves():
    """BG-10 and BG-09, read from missions.toml [obstacles]."""
    from games.engines.galaxies.board import asteroids, debris, fire_blockers
    from games.engines.galaxies.state import State

    assert DATA.obstacles["asteroid"]["blocks_move"] and DATA.obstacles["asteroid"]["blocks_fire"]
    assert not DATA.obstacles["debris"].get("blocks_fire") and DATA.obstacles["debris"]["ends_move"]
    s = State(mission="skirmish", rounds=10, fleet_points=100, players=())
    rocks = {h for o in DATA.missions["skirmish"].asteroids for h in o}
    rubble = {h for o in DATA.missions["skirmish"].debris for h in o}
    assert asteroids(s) == fire_blockers(s) == rocks and debris(s) == rubble


def test_the_generic_fleet_grids_and_cards_are_labelled_as_house_data():
    """rules/README decision 3: a clearly labelled generic data set."""
    for name in ("fleets.toml", "grids.toml", "tactics.toml"):
        text = (DATA_DIR / name).read_text()
        assert "HOUSE DATA" in text and "house = true" in text


def test_a_board_is_17_columns_of_13_full_hexes_with_half_hexes_left_out():
    """BG-01; [SOURCED] page 7: half hexes at the edge can never be entered."""
    g = geometry(1)
    assert g.rows == 13
    assert "a13" in g.hexes and "b13" not in g.hexes and "b12" in g.hexes
    assert len(g.hexes) == 9 * 13 + 8 * 12
    assert "r1" not in g.hexes and "a0" not in g.hexes


def test_each_starting_zone_is_the_two_rows_nearest_a_players_edge():
    """BG-01: ISN at the bottom edge, the Wretch at the top edge."""
    g = geometry(1)
    isn, wretch = g.zones
    assert {"a12", "a13", "b11", "b12"} <= isn and "a11" not in isn
    assert {"a1", "a2", "b1", "b2"} <= wretch and "a3" not in wretch
    assert len(isn) == len(wretch) == 34


def test_two_board_missions_put_the_boards_end_to_end():
    """BG-01: 17 x 26, zones at the far ends."""
    g = geometry(2)
    assert g.rows == 26 and "a26" in g.hexes and "b26" not in g.hexes
    assert "a26" in g.zones[0] and "a1" in g.zones[1]
    assert DATA.missions["pan-base"].boards == 2


def test_each_faction_has_one_large_two_medium_one_small_and_two_squadrons():
    """BG-08 with the [SOURCED] ship names."""
    names = {s: sorted(DATA.ships[c].name for c in DATA.ships_of(s)) for s in SIDES}
    assert names["isn"] == sorted(
        ["ISN Everest", "ISN Barrage", "ISN Torrent", "Rook's F-54", "F-51 Blue Sparrows", "F-47 Blue Hawks"]
    )
    assert names["wretch"] == sorted(
        ["Vapor's Fate", "So Bwa Tet", "Tes Kio", "Chosh Ka", "Tougu", "Red Fuvu"]
    )
    for side in SIDES:
        shape = sorted((DATA.ships[c].size, DATA.ships[c].count) for c in DATA.ships_of(side))
        assert shape == [("large", 1), ("medium", 1), ("medium", 1), ("small", 1), ("small", 3), ("small", 3)]


def test_footprints_are_one_two_and_three_hexes():
    """[SEED] Barrage takes 2 spaces, Blue Sparrows 3 in total; BG-06 large = 3."""
    assert DATA.ships["ba"].spaces == 2
    assert DATA.ships["bs"].spaces == 3
    assert DATA.ships["ev"].spaces == 3
    assert DATA.ships["rk"].spaces == 1


def test_every_ship_has_three_versions_built_from_the_bg05_template():
    for code, t in DATA.ships.items():
        assert tuple(t.versions) == VERSIONS
        std, sea, vet = (t.versions[v] for v in VERSIONS)
        assert (sea.launch, sea.hull, sea.shields) == (std.launch + 1, std.hull + 1, std.shields + 1), code
        assert (vet.launch, vet.hull, vet.shields) == (std.launch + 2, std.hull + 2, std.shields + 1), code
        assert std.power is None and sea.power is None and vet.power is not None
        for s in (std, sea, vet):
            assert s.points == 2 * s.launch


def test_the_card_values_agree_with_the_rules_text_examples():
    """[SEED]: Everest moves 3, Barrage 4, each F-47 five spaces; veteran F-47 activation 2; capacity 12."""
    assert DATA.stats("ev", "veteran").move == 3
    assert DATA.stats("ba", "standard").move == 4
    assert DATA.stats("bh", "veteran").move == 5 and DATA.stats("bh", "veteran").power.move == 0
    assert DATA.stats("bh", "veteran").activate == 2
    assert DATA.stats("ev", "standard").capacity == 12
    large = DATA.stats("ev", "standard")
    assert (large.launch, large.activate, large.hull, large.shields) == (8, 4, 10, 6)  # BG-05
    assert (large.weapon.range, large.weapon.attacks, large.weapon.strength, large.weapon.charge) == (
        8,
        2,
        2,
        0,
    )


def test_target_grids_are_10_by_10_with_two_critical_cells_inside_the_hits():
    """BG-03 letter A-J x number 1-10; BG-04 hit share by size, two red-star cells."""
    share = {"small": 30, "medium": 45, "large": 60}
    for code, t in DATA.ships.items():
        cells = "".join(t.grid)
        assert len(t.grid) == 10 and all(len(r) == 10 for r in t.grid)
        assert cells.count("*") == 2
        assert cells.count("x") + cells.count("*") == share[t.size], code


def test_the_tactic_cards_are_36_per_faction_with_type_phase_and_cost():
    """[SOURCED] 72 cards, 36 per faction; BG-14 card model."""
    types = {"Hero", "Ship Upgrade", "Additional Weapon", "Event", "Sabotage"}
    for side in SIDES:
        kinds = DATA.cards_of(side)
        assert len(kinds) * 3 == 36
        for k in kinds:
            c = DATA.cards[k]
            assert c.type in types and c.phase in ("energy", "deploy", "action", "opponent") and c.cost >= 0
            assert (c.phase == "opponent") == (c.effect.window is not None)
        assert {DATA.cards[k].type for k in kinds} == types


def test_standard_decks_hold_30_cards_with_at_most_3_copies():
    """BG-15."""
    for key in ("isn-standard", "wretch-standard"):
        deck = DATA.decks[key]
        assert sum(deck.values()) == 30 and max(deck.values()) <= 3


def test_the_pan_base_decks_have_the_shape_of_mission_5():
    """[SOURCED] mission 5: ISN 8 x 3 + 2 x 2 = 28 cards; Wretch 10 x 3 = 30, split by the team."""
    isn = DATA.decks["isn-pan-base"]
    assert sum(isn.values()) == 28 and sorted(isn.values()) == [2, 2] + [3] * 8
    a, b = DATA.decks["wretch-pan-base-a"], DATA.decks["wretch-pan-base-b"]
    total = {k: a.get(k, 0) + b.get(k, 0) for k in {*a, *b}}
    assert sum(total.values()) == 30 and set(total.values()) == {3}


def test_the_discovery_tiles_are_the_eight_of_the_box():
    """[SOURCED] page 9: 1 artifact, 2 energy sources, 1 station, 1 market, 2 regenerators, 1 warp gate."""
    counts = {k: t.params["count"] for k, t in DATA.tiles.items()}
    assert counts == {"artifact": 1, "energy": 2, "station": 1, "market": 1, "regenerator": 2, "warp": 1}
    assert DATA.tiles["artifact"].params["primary_range"] == 7
    assert DATA.tiles["warp"].params["reach"] == 13


def test_the_missions_are_a_skirmish_mission_1_the_computer_core_mission_and_the_team_mission():
    ms = DATA.missions
    assert set(ms) == {"skirmish", "mission-1", "barrage-core", "pan-base"}
    assert (
        ms["skirmish"].player_fleets
        and len(ms["skirmish"].asteroids) == 2
        and len(ms["skirmish"].debris) == 2
    )
    assert [k for k, _ in ms["skirmish"].tiles] == ["energy", "energy"]  # BG-02
    assert ms["mission-1"].tiles == () and ms["mission-1"].launched == ("isn",)  # [SOURCED] page 10
    assert ms["pan-base"].commands("wretch") == 2 and DATA.team_mission == "pan-base"
    core = ms["barrage-core"]  # [SEED] page 11
    assert (core.core_side, core.core_deck, core.core_cards) == ("wretch", "isn", 3)
    assert ms["pan-base"].vp_side == "isn" and ms["pan-base"].survivors  # [SEED] page 12, BG-H4


def test_obstacles_and_tiles_lie_on_their_boards_and_do_not_overlap():
    for m in DATA.missions.values():
        g = geometry(m.boards)
        used = [h for o in (*m.asteroids, *m.debris) for h in o] + [h for _, h in m.tiles] + list(m.survivors)
        assert all(g.valid(h) for h in used), m.key
        assert len(used) == len(set(used)), m.key
        assert not set(used) & (g.zones[0] | g.zones[1]), m.key


def test_the_coordinate_dice_are_a_letter_die_a_to_j_and_a_number_die_1_to_10():
    """BG-03 (kept in board.toml so d6 or d8 faces are a data change); ECM hits on 5+ [SEED]."""
    assert DATA.dice == {"letters": "ABCDEFGHIJ", "numbers": 10}
    assert DATA.ecm["hit_on"] == 5 and DATA.ecm["damage"] == {"small": 1, "medium": 2, "large": 3}


def test_no_ship_name_is_in_both_fleets_so_a_ship_taken_over_never_duplicates_one_of_yours():
    """[SOURCED] page 9: a taken ship named like one of your fleet is destroyed; with one card per
    named ship and no name shared by the factions, that case cannot arise (nor a duplicate hero)."""
    names = {s: {DATA.ships[c].name for c in DATA.ships_of(s)} for s in SIDES}
    assert not names["isn"] & names["wretch"]
    heroes = {s: {k for k in DATA.cards_of(s) if DATA.cards[k].hero} for s in SIDES}
    assert heroes["isn"] and heroes["wretch"] and not heroes["isn"] & heroes["wretch"]


def test_ships_are_adjacent_when_a_hex_of_one_shares_a_border_with_a_hex_of_the_other():
    """[SEED] page 6: adjacent - a hex the ship occupies shares a border with one the other occupies."""
    g = geometry(1)
    large, medium = ("c8", "c9", "d8"), ("e8", "e9")
    assert g.adjacent(large, medium) and g.adjacent(medium, large)  # d8 borders e8
    assert not g.adjacent(large, ("f8", "f9")) and g.gap(large, ("f8", "f9")) == 2
    assert g.adjacent(("h5",), ("h6",)) and not g.adjacent(("h5",), ("h7",))


def test_every_house_rule_cited_by_the_engine_and_its_data_is_a_row_of_house_rules_md():
    """docs/HOUSE-RULES.md lists each BG-Hn the engine plays, and the engine cites each one."""
    root = DATA_DIR.parents[3]
    rows = {
        r.split("|")[1].strip(): r
        for r in (root / "docs" / "HOUSE-RULES.md").read_text().splitlines()
        if r.startswith("| BG-H")
    }
    sources = [*DATA_DIR.glob("*.toml"), *DATA_DIR.parent.glob("*.py")]
    cited = {m for path in sources for m in re.findall(r"\bBG-H\d+\b", path.read_text())}
    assert cited == set(rows), (sorted(cited), sorted(rows))
    for key, row in rows.items():
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[0] == key and cells[1] == "Battleship Galaxies" and len(cells) == 5, row
