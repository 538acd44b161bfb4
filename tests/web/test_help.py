"""Each game's help page (rules/README.md decision 1: "The game's help page says plainly
which values are house defaults"; docs/HOUSE-RULES.md: house rules "are shown on each
game's help page"): what the game is, seats, options, notation, every value of its data
files with its source, and its house rules."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils.html import escape

from games import help as guides
from games.engines import all_engines
from games.play import services
from tests.games.helpers import started_match

from .helpers import html_of, match_url, page

pytestmark = pytest.mark.django_db

ENGINES = all_engines()
HOUSE_RULES = Path(guides.HOUSE_RULES)


def help_page(client, key: str) -> str:
    response = client.get(reverse("game-help", args=[key]))
    assert response.status_code == 200
    return html_of(response)


def value_row(body: str, table: str, key: str) -> str:
    """The row of value ``key`` in the table headed ``table`` on a help page."""
    section = body.split(f"<h4>{escape(table)}</h4>", 1)
    assert len(section) == 2, f"no table {table}"
    rows = section[1].split("</table>", 1)[0]
    found = re.search(
        rf'<tr class="[^"]*">\s*<th scope="row">{re.escape(escape(key))}</th>.*?</tr>', rows, re.S
    )
    assert found, f"no value {table}.{key}"
    return found.group(0)


# -- every game has one ---------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_every_game_has_a_help_page_with_its_seats_and_every_option(client, engine):
    body = help_page(client, engine.key)
    assert f"<h1>{escape(engine.title)}</h1>" in body
    for i in range(engine.max_seats):
        assert escape(engine.seat_name(i)) in body
    for name, spec in engine.options_schema().get("properties", {}).items():
        row = body.split(f'id="option-{name}"', 1)[1].split("</tr>", 1)[0]
        assert f"<code>{name}</code>" in row
        assert f"<td>{escape(str(spec['default']))}</td>" in row


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_the_help_page_lists_the_notation_the_engine_reads(client, engine):
    body = help_page(client, engine.key)
    module = inspect.getmodule(type(engine)).__name__.rpartition(".")[0] + ".notation"
    doc = inspect.cleandoc(__import__(module, fromlist=["HELP"]).__doc__)
    reference = doc.partition("\n\n")[2]
    assert reference.strip()
    for line in reference.splitlines():
        assert escape(line.rstrip()) in body, line


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_the_help_page_shows_the_games_rows_of_the_house_rules_list_and_no_others(client, engine):
    body = help_page(client, engine.key)
    prefix = guides.rules_prefix(engine.key)
    ids = re.findall(r"^\| ([A-Z]{2}-H\d+) \|", HOUSE_RULES.read_text("utf-8"), re.M)
    mine = [i for i in ids if i.startswith(f"{prefix}-")]
    for rule_id in ids:
        assert (f'id="rule-{rule_id}"' in body) == (rule_id in mine), rule_id


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_every_data_file_of_the_game_is_on_its_help_page(client, engine):
    body = help_page(client, engine.key)
    files = sorted(p.name for p in guides.data_dir(engine).glob("*.toml"))
    assert files
    for name in files:
        assert f"<summary>{name}" in body


def test_an_unknown_game_has_no_help_page(client):
    assert client.get("/games/no-such-game/").status_code == 404


def test_the_games_page_links_every_help_page(client):
    body = html_of(client.get(reverse("games")))
    for engine in ENGINES:
        assert reverse("game-help", args=[engine.key]) in body


# -- the values and their sources ------------------------------------------------------------------


def test_space_dogfight_ship_values_are_house_defaults_citing_sd_03(client):
    from games.engines.dogfight.data import DATA

    body = help_page(client, "space-dogfight")
    row = value_row(body, "ship_types.B", "pts")
    assert f'<td class="value">{DATA.ship_types["B"].pts}</td>' in row  # the value the engine uses
    assert "is-house" in row and "House default SD-03" in row


def test_space_dogfight_hand_limit_comes_from_the_rules_text(client):
    from games.engines.dogfight.data import DATA

    row = value_row(help_page(client, "space-dogfight"), "rules", "hand_limit")
    assert f'<td class="value">{DATA.rules["hand_limit"]}</td>' in row
    assert "Rules text" in row and "is-house" not in row


def test_space_dogfight_minimum_fleet_is_house_rule_sd_h1(client):
    row = value_row(help_page(client, "space-dogfight"), "rules", "min_fleet_ships")
    assert "House rule SD-H1" in row and "is-house" in row


def test_a_default_with_a_seed_remark_is_still_a_default_sd_02(client):
    row = value_row(help_page(client, "space-dogfight"), "asteroids", "placement")
    assert "House default SD-02" in row


def test_star_fighters_round_limit_is_house_rule_sf_h1(client):
    from games.engines.starfighters.data import RULES

    row = value_row(help_page(client, "star-fighters"), "rules", "round_limit")
    assert f'<td class="value">{RULES["round_limit"]}</td>' in row
    assert "House rule SF-H1" in row


def test_star_fighters_board_rows_are_each_the_sf_01_default(client):
    body = help_page(client, "star-fighters")
    for n in range(1, 6):
        assert "House default SF-01" in value_row(body, "board", f"rows [{n}]")


def test_star_fighters_launch_spaces_are_the_rules_text_beside_sf_11_defaults(client):
    body = help_page(client, "star-fighters")
    assert "Rules text" in value_row(body, "layouts.standard", "spaces [5]")  # [SEED] 3 LAUNCH
    assert "House default SF-11" in value_row(body, "layouts.standard", "spaces [1]")


def test_galaxies_generic_fleet_files_are_marked_house_data(client):
    body = help_page(client, "battleship-galaxies")
    for name in ("fleets.toml", "grids.toml", "tactics.toml"):
        summary = body.split(f"<summary>{name}", 1)[1].split("</summary>", 1)[0]
        assert "house data" in summary, name
    assert "house data" not in body.split("<summary>board.toml", 1)[1].split("</summary>", 1)[0]


def test_galaxies_energy_income_is_sourced_from_the_rulebook(client):
    from games.engines.galaxies.data import DATA

    row = value_row(help_page(client, "battleship-galaxies"), "energy", "income")
    assert f'<td class="value">{DATA.energy["income"]}</td>' in row
    assert "Published material" in row


def test_the_page_counts_and_groups_the_house_defaults_by_id(client):
    body = help_page(client, "space-dogfight")
    info = guides.game_help("space-dogfight")
    assert f'<strong id="house-count">{info["house_values"]}</strong>' in body
    assert info["house_values"] > 0
    sd03 = body.split('id="house-SD-03"', 1)[1].split("</details>", 1)[0]
    for t in "ABCD":
        assert f"<code>ship_types.{t}.pts</code>" in sd03


# -- reading a data file ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("note", "source", "ids"),
    [
        ("[SEED] three asteroids", "rules", ()),
        ("[SEED] three counters or less; SD-08 one at a time", "rules", ("SD-08",)),
        ("SD-02: die face -> numbered square (re-roll if occupied, [SEED]).", "default", ("SD-02",)),
        ("SD-02/SD-05/SD-06: the die is a six-sided die", "default", ("SD-02", "SD-05", "SD-06")),
        ("[SOURCED] page 5: +10 in each energy phase", "sourced", ()),
        ("SD-H1 (docs/HOUSE-RULES.md): an empty fleet would lose at once", "house-rule", ("SD-H1",)),
        ("house round limit BG-H1 (docs/HOUSE-RULES.md; extends BG-18)", "house-rule", ("BG-H1", "BG-18")),
        ("house bound: the cheapest ship (SD-03)", "bound", ("SD-03",)),
        ("display order (not a rule)", "bound", ()),
        ("BG-14 placeholder effect (house)", "default", ("BG-14",)),
        ("AS-SF-1: hard cap on the steps of the Roll phase", "default", ("AS-SF-1",)),
        ('house ("as shown", map not transcribed)', "house", ()),
        ("naming", "", ()),
    ],
)
def test_a_comment_names_the_source_of_its_value(note, source, ids):
    assert guides.classify(note) == (source, ids)


def test_a_data_file_is_read_value_by_value_with_its_comments(tmp_path):
    path = tmp_path / "sample.toml"
    path.write_text(
        "# About this file.\n"
        "# Second line.\n"
        "\n"
        "house = true\n"
        "[things]                    # XX-07: the table's own source\n"
        'label = "a # is not a comment"\n'
        "count = 4                   # [SEED] four\n"
        "# XX-09: the line above speaks for the next value\n"
        "size = 2\n"
        "rows = [\n"
        '    "ab",                   # XX-01\n'
        '    "cd",                   # [SEED]\n'
        "]\n"
        "pairs = [[1, 2],\n"
        "    [3, 4]]\n"
        "[[items]]\n"
        "n = 1\n"
        "[[items]]\n"
        "n = 2                       # XX-H2\n",
        "utf-8",
    )
    read = guides.read_data_file(path)
    assert (read.name, read.about, read.house) == ("sample.toml", "About this file.\nSecond line.", True)
    tables = {t.name: {v.key: (v.shown, v.source, v.ids) for v in t.values} for t in read.tables}
    assert tables[""] == {"house": ("true", "", ())}
    assert tables["things"] == {
        "label": ("a # is not a comment", "default", ("XX-07",)),
        "count": ("4", "rules", ()),
        "size": ("2", "default", ("XX-09",)),
        "rows [1]": ("ab", "default", ("XX-01",)),
        "rows [2]": ("cd", "rules", ()),
        "pairs": ("[[1, 2], [3, 4]]", "default", ("XX-07",)),
    }
    assert tables["items #1"] == {"n": ("1", "", ())}
    assert tables["items #2"] == {"n": ("2", "house-rule", ("XX-H2",))}


# -- links ------------------------------------------------------------------------------------------


def test_the_lobby_links_every_games_help_page(client):
    body = html_of(client.get(reverse("lobby")))
    links = body.split('id="how-to-play"', 1)[1].split("</p>", 1)[0]
    for engine in ENGINES:
        assert reverse("game-help", args=[engine.key]) in links


def test_the_new_match_form_links_the_chosen_games_help_page(client, alice):
    body = html_of(page(client, alice).get(reverse("match-new") + "?game=early-days"))
    assert f'<a href="{reverse("game-help", args=["early-days"])}" id="game-help-link">' in body


def test_the_match_page_links_its_games_help_page(client, alice, bob):
    match = started_match(alice, bob)
    body = html_of(page(client, bob).get(match_url(match)))
    assert f'href="{reverse("game-help", args=["space-dogfight"])}"' in body


def test_the_help_page_is_the_same_for_a_player_with_secrets_and_a_visitor(client, alice, bob):
    """It is built from the engine and its data files only: no match, no seat."""
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)

    def article(body: str) -> str:
        return body.split('<article class="game-help"', 1)[1].split("</article>", 1)[0]

    anonymous = article(help_page(client, "space-dogfight"))
    assert article(help_page(page(client, alice), "space-dogfight")) == anonymous
