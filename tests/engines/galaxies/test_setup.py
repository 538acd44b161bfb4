"""Set-up ([SOURCED] pages 3-5): sides, fleet and deck selection behind the screen (AS-BG-1,
BG-15), starting energy and hands, the first player, mission-selected fleets, the muster."""

from __future__ import annotations

from games.engines.dice import Dice
from games.engines.galaxies.data import DATA
from games.engines.galaxies.state import LAUNCHED, MUSTER, PLAY, SCREEN, SELECT

from .helpers import ISN, WRETCH, E, event, has, of_kind, ok, refused


def started(options=None, seats=2, seed=b"setup"):
    return E.setup({**E.default_options(), **(options or {})}, seats, Dice(seed, 1))


def ready_all(state):
    for seat in range(len(state.players)):
        if not state.players[seat].ready:
            state = ok(state, seat, "ready").state
    return state


def to_play(options=None, seats=2):
    state = ready_all(started(options, seats).state)
    if state.first < 0:
        state = ok(state, state.chooser, "first isn").state
    return state


def test_seat_0_plays_the_isn_and_seat_1_the_wretch():
    s = started().state
    assert [p.side for p in s.players] == [0, 1]
    assert {c.code for c in s.cards if c.owner == ISN} == set(DATA.ships_of("isn"))
    assert {c.code for c in s.cards if c.owner == WRETCH} == set(DATA.ships_of("wretch"))


def test_the_energy_marker_starts_at_15():
    """[SOURCED] page 5."""
    assert [p.energy for p in started().state.players] == [15, 15]


def test_selection_is_simultaneous_and_every_ship_starts_behind_the_screen():
    """AS-BG-1: the draft is the whole faction, standard versions, all behind the screen."""
    s = started().state
    assert s.phase == SELECT and E.active_seats(s) == {ISN, WRETCH}
    assert all(c.place == SCREEN and c.version == "standard" for c in s.cards)
    assert all(len(p.draft) == 30 and p.deck == () for p in s.players)


def test_the_high_roller_of_the_number_die_chooses_who_goes_first():
    """[SOURCED] page 5: roll the number die, the high roller chooses."""
    step = started()
    rolls = [e for e in step.events if e.kind == "first_roll"][-1]
    assert rolls.data["high"] == [step.state.chooser]
    s = ready_all(step.state)
    assert E.active_seats(s) == {s.chooser}
    other = 1 - s.chooser
    assert refused(s, other, "first isn").code == "not_chooser"
    s = ok(s, s.chooser, "first wretch").state
    assert s.first == WRETCH and s.phase == PLAY and s.turn.seat == WRETCH


def test_ties_on_the_first_player_roll_are_rolled_again():
    """[SOURCED] page 5: re-roll ties."""
    for n in range(300):
        step = started(seed=f"tie-{n}".encode())
        rolls = [e for e in step.events if e.kind == "first_roll"]
        if len(rolls) > 1:
            first = rolls[0].data
            assert len(first["high"]) > 1
            assert [s for s, _ in rolls[1].data["rolls"]] == first["high"]
            return
    raise AssertionError("no tie in 300 set-ups")


def test_the_first_player_option_skips_the_roll():
    s = started({"first_player": "wretch"}).state
    assert s.first == WRETCH and s.chooser == -1


def test_fleet_and_deck_edits_are_sealed_moves_seen_by_their_author_only():
    """AS-BG-1: what sits behind a player's screen is never visible to the opponent."""
    s = started().state
    step = ok(s, ISN, "fleet ev veteran")
    assert step.move_audience == {ISN}
    draft = event(step, "draft")
    assert draft.audience == {ISN} and draft.data["fleet"]["ev"] == "veteran"
    assert step.state.card("ev").version == "veteran"
    step = ok(step.state, ISN, "deck -isn-lock")
    assert step.move_audience == {ISN} and len(step.state.players[ISN].draft) == 29


def test_a_fleet_holds_one_version_of_each_named_ship_of_your_faction():
    """BG-15: one copy per named ship, one version per ship."""
    s = started().state
    assert refused(s, ISN, "fleet vf standard").code == "not_your_faction"
    assert refused(s, ISN, "fleet ev standard").code == "unchanged"
    s = ok(s, ISN, "fleet ev none").state
    assert s.card("ev") is None
    s = ok(s, ISN, "fleet ev seasoned").state
    assert s.card("ev").version == "seasoned"


def test_a_fleet_may_not_pass_the_points_limit():
    """BG-15: fleet <= 100 points (an option)."""
    s = started({"fleet_points": 68}).state  # the standard ISN fleet is worth 66 (BG-05: 2 x launch)
    assert sum(DATA.stats(c.code, c.version).points for c in s.cards if c.owner == ISN) == 66
    bad = refused(s, ISN, "fleet ev veteran")
    assert bad.code == "fleet_over_points" and "BG-15" in bad.message
    ok(s, ISN, "fleet rk seasoned")


def test_a_deck_holds_30_cards_and_at_most_3_copies_of_a_card():
    """BG-15."""
    s = started().state
    assert refused(s, ISN, "deck +isn-gunner").code == "deck_full"
    s = ok(s, ISN, "deck -isn-commander").state
    assert refused(s, ISN, "deck +isn-power").code == "deck_copies"
    assert refused(s, ISN, "deck +wr-siphon").code == "not_your_faction"
    bad = refused(s, ISN, "ready")
    assert bad.code == "deck_size" and "BG-15" in bad.message
    assert refused(s, ISN, "deck -isn-commander").code == "not_in_deck"


def test_an_empty_fleet_cannot_be_sealed():
    s = started().state
    for code in DATA.ships_of("isn"):
        s = ok(s, ISN, f"fleet {code} none").state
    assert refused(s, ISN, "ready").code == "fleet_empty"


def test_reset_brings_back_the_standard_draft():
    s = started().state
    assert refused(s, ISN, "reset").code == "unchanged"
    s = ok(s, ISN, "fleet ev none").state
    s = ok(s, ISN, "reset").state
    assert s.card("ev").version == "standard"


def test_ready_seals_the_selection_and_deals_five_cards_seen_by_their_owner_only():
    """[SOURCED] page 5: deal 5 tactic cards; BG-20: hands hidden, hand size public."""
    step = ok(started().state, ISN, "ready")
    assert step.move_audience is None
    assert has(step, "ready", seat=ISN)
    assert event(step, "cards_drawn").audience is None and event(step, "cards_drawn").data["count"] == 5
    private = event(step, "cards_received")
    assert private.audience == {ISN} and len(private.data["cards"]) == 5
    assert len(step.state.players[ISN].hand) == 5 and len(step.state.players[ISN].deck) == 25
    assert refused(step.state, ISN, "fleet ev veteran").code == "already_ready"


def test_play_begins_with_the_first_players_energy_phase_worth_only_5():
    """[SOURCED] page 5: the first player gains only 5 energy in his first energy phase, still draws."""
    s = to_play()
    assert s.phase == PLAY and s.turn.seat == ISN and s.turn.phase == "energy"
    assert s.players[ISN].energy == 20 and len(s.players[ISN].hand) == 6
    assert s.players[WRETCH].energy == 15 and len(s.players[WRETCH].hand) == 5


def test_mission_selected_fleets_are_sealed_at_once_and_cannot_be_edited():
    """[SOURCED] page 3: mission-selected fleets and decks."""
    s = started({"mission": "mission-1", "first_player": "wretch"}).state
    assert all(p.ready for p in s.players)
    assert {c.code: c.version for c in s.cards if c.owner == ISN} == {
        c: "standard" for c in DATA.ships_of("isn")
    }


def test_in_mission_1_all_isn_ships_start_launched_anywhere_in_their_zone():
    """[SOURCED] page 10: a free muster before the first turn."""
    s = started({"mission": "mission-1", "first_player": "wretch"}).state
    assert s.phase == MUSTER and E.active_seats(s) == {ISN}
    assert of_kind(s, ISN, "launch") == [f"launch {c}" for c in DATA.ships_of("isn")]
    assert not of_kind(s, WRETCH, "launch")
    while s.phase == MUSTER:
        moves = [m for m in E.legal_moves(s, ISN) if m.kind != "orders"]
        s = E.apply(s, ISN, moves[0], Dice(b"m", 1)).state
    assert all(c.place == LAUNCHED for c in s.cards if c.owner == ISN)
    assert s.players[ISN].energy == 15  # launched for free
    assert s.phase == PLAY and s.turn.seat == WRETCH and s.turn.number == 1


def test_a_three_seat_match_plays_the_team_mission_one_against_two():
    """[SOURCED] page 3 and mission 5: 1 v a team of 2; each teammate commands half the fleet."""
    s = started(seats=3).state
    assert s.mission == "pan-base"
    assert [p.side for p in s.players] == [0, 1, 1]
    assert {c.code for c in s.cards if c.owner == 1} == {"vf", "tk", "tg"}
    assert {c.code for c in s.cards if c.owner == 2} == {"sb", "ck", "rf"}
    assert [len(p.deck) for p in s.players] == [28 - 5, 15 - 5, 15 - 5]


def test_the_team_mission_prepares_its_heroes_in_the_starting_hands():
    """[SOURCED] mission 5: prepped hero cards (placeholders here)."""
    step = started(seats=3)
    hands = [[t.kind for t in p.hand] for p in step.state.players]
    assert {"isn-commander", "isn-gunner"} <= set(hands[0])
    assert "wr-swarmlord" in hands[1] and "wr-hunter" in hands[2]
    assert [len(h) for h in hands] == [7, 6, 6]
    prepped = [e for e in step.events if e.kind == "heroes_prepped"]
    assert all(e.audience is None and "cards" not in e.data for e in prepped)


def test_a_two_seat_team_mission_gives_the_team_side_to_one_player():
    s = started({"mission": "pan-base"}, seats=2).state
    assert {c.code for c in s.cards if c.owner == WRETCH} == set(DATA.ships_of("wretch"))
    assert len(s.players[WRETCH].deck) + 5 == 30


def test_a_low_points_limit_trims_the_standard_draft_to_fit():
    """BG-15 as an option: the draft a player starts from never breaks the limit (house)."""
    s = started({"fleet_points": 30}).state
    mine = [c for c in s.cards if c.owner == ISN]
    assert sum(DATA.stats(c.code, c.version).points for c in mine) <= 30
    assert E.timeout_move(s, ISN).kind == "ready"
    ok(s, ISN, "ready")
