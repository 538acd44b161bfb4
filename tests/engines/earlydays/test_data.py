"""The data files: every number cites the rules text or a GAPS.md ID (rules/README decision 1),
and the values the rules text states are transcribed as stated."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.engines.earlydays.data import DATA, RULES
from games.engines.earlydays.geometry import COLUMNS, ROWS

DATA_DIR = Path(__file__).resolve().parents[3] / "games" / "engines" / "earlydays" / "data"
VALUE = re.compile(r"^[a-z_.]+ = (-?\d|\[\[|\[-?\d|true|false)")
CITED = re.compile(r"#.*(\[SEED\]|SW-\d\d|SW-H\d+|AS-SW-\d|not a rule)")
ROOT = Path(__file__).resolve().parents[3]
HOUSE_ID = re.compile(r"SW-H\d+")


@pytest.mark.parametrize("name", ["units.toml", "tables.toml", "scenarios.toml"])
def test_every_number_in_the_data_files_cites_the_rules_text_or_a_gaps_id(name):
    for n, line in enumerate((DATA_DIR / name).read_text().splitlines(), 1):
        if VALUE.match(line):
            assert CITED.search(line), f"{name}:{n} has no [SEED] / SW-nn citation: {line}"


def house_rules() -> dict[str, str]:
    """The SW-H rows of docs/HOUSE-RULES.md: ID -> the whole row."""
    rows = (ROOT / "docs" / "HOUSE-RULES.md").read_text().splitlines()
    return {r.split("|")[1].strip(): r for r in rows if r.startswith("| SW-H")}


def test_every_house_rule_cited_in_the_engine_and_its_data_is_a_row_of_house_rules_md():
    rows = house_rules()
    sources = [*DATA_DIR.glob("*.toml"), *(ROOT / "games" / "engines" / "earlydays").glob("*.py")]
    cited = {m for path in sources for m in HOUSE_ID.findall(path.read_text())}
    assert cited, "no SW-H citation found"
    assert cited <= set(rows), f"cited but not in docs/HOUSE-RULES.md: {sorted(cited - set(rows))}"
    assert set(rows) <= cited, f"in docs/HOUSE-RULES.md but cited nowhere: {sorted(set(rows) - cited)}"
    for key, row in rows.items():
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[0] == key and len(cells) == 5, row  # ID, game, rule, why, option
        assert cells[1] == "The early days" and cells[2] and cells[3], row


@pytest.mark.parametrize(
    ("grade", "gunnery", "piloting", "will"),
    [
        ("civilian", 2, 0, 2),
        ("military", 3, 0, 3),
        ("imperial", 4, 0, 3),
        ("elite", 4, 1, 4),
        ("vader", 5, 2, 5),
        ("han_chewie", 4, 1, 3),
    ],
)
def test_pilot_grades_are_the_seed_gunnery_piloting_and_will(grade, gunnery, piloting, will):
    g = DATA.grades[grade]
    assert (g.gunnery, g.piloting, g.will) == (gunnery, piloting, will)


@pytest.mark.parametrize(
    ("key", "move", "evasion", "save", "crew", "cost"),
    [
        ("x_wing", 4, 1, 5, "military", 10),
        ("y_wing", 3, 0, 4, "military", 10),
        ("tie_fighter", 5, 2, 0, "imperial", 10),
        ("tie_bomber", 4, 1, 0, "imperial", 11),
        ("red_squadron", 4, 1, 5, "imperial", 15),
        ("vader_squadron", 5, 2, 0, "elite", 16),
        ("falcon", 3, 0, 3, "han_chewie", 30),
    ],
)
def test_fighters_have_the_seed_movement_evasion_shield_crew_and_cost(key, move, evasion, save, crew, cost):
    t = DATA.units[key]
    assert (t.move, t.evasion, t.save, t.crew, t.cost) == (move, evasion, save, crew, cost)


@pytest.mark.parametrize(
    ("key", "move", "hull", "shield", "regen", "cost"),
    [
        ("corvette_rebel", 2, 10, 30, 10, 30),
        ("corvette_imperial", 2, 10, 30, 10, 38),
        ("light_freighter", 2, 6, 10, 5, 0),
        ("heavy_freighter", 1, 20, 20, 5, 0),
        ("outpost", 0, 20, 40, 10, 25),
    ],
)
def test_ships_have_the_seed_movement_hull_shield_regeneration_and_cost(key, move, hull, shield, regen, cost):
    t = DATA.units[key]
    assert (t.move, t.hull, t.shield, t.regen, t.cost) == (move, hull, shield, regen, cost)


def test_costs_are_per_flight_of_four_fighters_sw_09():
    for t in DATA.units.values():
        if t.cls == "fighter":
            assert t.fighters == 4


def test_squadrons_have_one_to_three_flights_sw_10():
    assert {t.max_flights for t in DATA.units.values() if t.cls == "fighter"} == {3}


@pytest.mark.parametrize(
    ("option", "cost"),
    [
        ("af_torpedoes", 2),
        ("proton_torpedoes", 4),
        ("y_manned_turret", 3),
        ("y_pilot_turret", 1),
        ("y_locked_turret", 2),
        ("y_af_torpedoes", 0),
        ("y_dual_ion", 1),
        ("y_ion_turret", 4),
        ("cr_turbolaser_1", 2),
        ("cr_side_turrets", 2),
        ("vader", 20),
        ("falcon_paid", 2),
    ],
)
def test_upgrades_cost_what_the_ship_list_says(option, cost):
    assert DATA.options[option].cost == cost


def test_the_map_is_36_by_24_hexes_with_3_hex_deep_deployment_zones_sw_01():
    assert (COLUMNS, ROWS, DATA.map["zone_depth"]) == (36, 24, 3)


def test_the_game_lasts_20_turns_by_default_sw_h11():
    """SW-08 proposed 12; Steal Starship's transport alone needs about 9 turns to reach the
    corvette at the map centre (docs/HOUSE-RULES.md SW-H11)."""
    assert RULES["turns"]["limit"] == 20


def test_the_ion_table_has_the_six_seed_results_sw_42():
    assert RULES["ion"]["results"] == ["none", "targeting", "scrambled", "engine", "weapon", "disabled"]
    assert RULES["ion"]["permanent"] == ["engine", "weapon", "disabled"]


def test_range_bands_are_three_hexes_long_and_turbolasers_count_in_fives_sw_41():
    assert DATA.ranges["standard"] == ((3, 0), (6, 1), (9, 2))
    assert DATA.ranges["turbolaser"] == ((5, 0), (10, 1), (15, 2))
    assert DATA.ranges["light_turbolaser"][0] == (10, 0)
    assert DATA.ranges["medium_turbolaser"] == ((15, 0),)


def test_the_angle_table_is_the_seed_table():
    assert RULES["angle"] == {"front": 0, "front_side": 2, "rear_side": 1, "rear": -1}


def test_a_data_table_naming_a_field_its_dataclass_lacks_is_refused_at_import():
    from games.engines.earlydays.data import Grade, _table

    rows = {"rookie": {"name": "Rookie", "gunnery": 2, "piloting": 0, "will": 2, "wil": 3}}
    with pytest.raises(ValueError, match=r"units.toml: grades.rookie: Grade has no wil"):
        _table(Grade, rows, "units.toml: grades")
    del rows["rookie"]["wil"]
    assert _table(Grade, rows, "units.toml: grades") == {"rookie": Grade("rookie", "Rookie", 2, 0, 2)}
