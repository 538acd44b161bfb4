"""The write path: create, join, move_submit, resign (run against PostgreSQL in CI)."""

from __future__ import annotations

import hashlib

import pytest
from django.core import mail
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games import selectors
from games.engines.dice import commitment, entry_nonce
from games.errors import BadRequest, Conflict, Forbidden, IllegalMove, NotFound
from games.models import LogEntry, Match, Seat, TurnNotice
from games.play import services
from games.play.hashing import entry_hash, entry_payload
from games.play.log import replay
from notifications.models import Outbox

from .helpers import FLEET_SMALL, play_to_turns, started_match, submit, user_of

pytestmark = pytest.mark.django_db


def snapshot(match: Match):
    match.refresh_from_db()
    return (match.seq, match.state, match.log_head, list(match.active_seats), LogEntry.objects.count())


# -- create / join ------------------------------------------------------------------------


def test_create_seats_the_creator_and_reserves_seats_for_invited_players(alice, bob):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    seats = list(match.seats.order_by("index"))
    assert match.status == Match.Status.OPEN
    assert [(s.user, s.invited) for s in seats] == [(alice, None), (None, bob)]
    assert match.seed_commitment == commitment(bytes(match.seed))
    assert match.options["points_limit"] == 80  # filled in from the schema's defaults


def test_create_tells_invited_players_by_email(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    assert [m.to for m in mail.outbox] == [["bob@example.test"]]
    assert "alice invites you" in mail.outbox[0].subject


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"game": "chess"}, "unknown_game"),
        ({"game": "space-dogfight", "seats": 3}, "invalid_seats"),
        ({"game": "space-dogfight", "options": {"points_limit": 500}}, "invalid_options"),
        ({"game": "space-dogfight", "options": {"no_such_option": 1}}, "invalid_options"),
        ({"game": "space-dogfight", "options": {"first_player": "green"}}, "invalid_options"),
        ({"game": "space-dogfight", "options": "fast"}, "invalid_options"),
        ({"game": "space-dogfight", "invite": ["nobody"]}, "unknown_user"),
        ({"game": "space-dogfight", "invite": ["alice"]}, "bad_invite"),
        ({"game": "space-dogfight", "invite": ["bob", "carol"]}, "too_many_invites"),
        ({"game": "space-dogfight", "seat": 2}, "bad_seat"),
    ],
)
def test_create_refuses_bad_requests_and_creates_nothing(alice, bob, carol, kwargs, code):
    with pytest.raises(BadRequest) as err:
        services.match_create(user=alice, **kwargs)
    assert err.value.code == code and err.value.message
    assert Match.objects.count() == 0 and Seat.objects.count() == 0


def test_joining_the_last_seat_starts_the_match_with_the_setup_entry(alice, bob):
    match = services.match_create(user=alice, game="space-dogfight", salt="alice-salt")
    services.match_join(user=bob, match_id=match.pk, salt="bob-salt")
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.seq == 1 and match.state is not None
    assert match.active_seats == [0, 1]  # both build their fleets at once
    entry = match.log.get()
    assert entry.kind == "setup" and entry.seat is None and entry.prev_hash == match.seed_commitment
    assert entry.engine_version == match.engine_version
    assert {d["purpose"] for d in entry.dice}  # the asteroids were rolled
    assert set(Seat.objects.filter(match=match, awaiting=True).values_list("index", flat=True)) == {0, 1}


def test_the_players_salts_change_the_dice(alice, bob):
    a = services.match_create(user=alice, game="space-dogfight", salt="one")
    b = services.match_create(user=alice, game="space-dogfight", salt="two")
    Match.objects.filter(pk=b.pk).update(seed=bytes(a.seed))
    services.match_join(user=bob, match_id=a.pk, salt="x")
    services.match_join(user=bob, match_id=b.pk, salt="x")
    a.refresh_from_db()
    b.refresh_from_db()
    assert bytes(a.dice_seed) != bytes(b.dice_seed)


@pytest.mark.parametrize("case", ["full", "already_seated", "reserved", "taken", "missing"])
def test_join_refusals_leave_the_match_unchanged(alice, bob, carol, case):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    expected = {
        "full": (Conflict, "match_full"),
        "already_seated": (Conflict, "already_seated"),
        "reserved": (Forbidden, "seat_reserved"),
        "taken": (Conflict, "seat_taken"),
        "missing": (NotFound, "match_not_found"),
    }[case]
    kwargs = {"user": carol, "match_id": match.pk}
    if case == "full":
        services.match_join(user=bob, match_id=match.pk)
    elif case == "already_seated":
        kwargs["user"] = alice
    elif case == "reserved":
        kwargs["seat"] = 1
    elif case == "taken":
        kwargs["seat"] = 0
    elif case == "missing":
        kwargs["match_id"] = 999999
    before = snapshot(match)
    seats_before = list(Seat.objects.values_list("index", "user_id", "invited_id").order_by("match", "index"))
    with pytest.raises(expected[0]) as err:
        services.match_join(**kwargs)
    assert err.value.code == expected[1]
    assert snapshot(match) == before
    assert (
        list(Seat.objects.values_list("index", "user_id", "invited_id").order_by("match", "index"))
        == seats_before
    )


def test_an_uninvited_player_cannot_take_a_match_whose_free_seat_is_reserved(alice, bob, carol):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    with pytest.raises(Conflict) as err:
        services.match_join(user=carol, match_id=match.pk)
    assert err.value.code == "match_full"


# -- move_submit --------------------------------------------------------------------------


def test_a_move_appends_one_entry_chained_to_the_previous_one(alice, bob):
    match = started_match(alice, bob)
    result = submit(match, alice, FLEET_SMALL)
    match.refresh_from_db()
    assert result.seq == 2 == match.seq
    first, second = match.log.order_by("seq")
    assert second.prev_hash == first.hash and match.log_head == second.hash
    payload = entry_payload(
        match_id=match.pk,
        seq=2,
        seat=0,
        move=second.move,
        move_audience=second.move_audience,
        events=second.events,
        dice=second.dice,
        engine_version=second.engine_version,
        created_at=second.created_at.isoformat(),
        prev_hash=first.hash,
        nonce=entry_nonce(bytes(match.dice_seed), 2),
    )
    assert entry_hash(payload) == second.hash
    assert second.move_audience == [0]  # the fleet is sealed


def test_the_hash_of_an_entry_cannot_be_recomputed_without_the_secret_nonce(alice, bob):
    match = started_match(alice, bob)
    submit(match, alice, FLEET_SMALL)
    entry = match.log.get(seq=2)
    guess = hashlib.sha256(entry.prev_hash.encode() + repr(entry.move).encode()).hexdigest()
    assert guess != entry.hash
    wrong_nonce = entry_payload(
        match_id=match.pk,
        seq=2,
        seat=0,
        move=entry.move,
        move_audience=entry.move_audience,
        events=entry.events,
        dice=entry.dice,
        engine_version=entry.engine_version,
        created_at=entry.created_at.isoformat(),
        prev_hash=entry.prev_hash,
        nonce="",
    )
    assert entry_hash(wrong_nonce) != entry.hash


def test_a_stale_expected_seq_is_refused_with_the_current_seq(alice, bob):
    match = started_match(alice, bob)
    before = snapshot(match)
    with pytest.raises(Conflict) as err:
        services.move_submit(match_id=match.pk, user=alice, expected_seq=0, move=FLEET_SMALL)
    assert err.value.code == "stale_seq" and err.value.extra["seq"] == 1
    assert snapshot(match) == before


def test_another_seats_sealed_move_leaves_a_move_for_the_same_turn_current(alice, bob):
    # Both build their fleets at once, each sealed from the other: Alice's sealed fleet
    # changes nothing Bob can see, so Bob's fleet chosen at seq 1 is still good at seq 2.
    match = started_match(alice, bob)
    submit(match, alice, FLEET_SMALL)
    result = services.move_submit(match_id=match.pk, user=bob, expected_seq=1, move=FLEET_SMALL)
    assert (result.seq, result.replayed) == (3, False)
    # The answer was lost and Bob sends the same again: the entry is not written twice.
    again = services.move_submit(match_id=match.pk, user=bob, expected_seq=1, move=FLEET_SMALL)
    assert (again.seq, again.replayed) == (3, True)
    assert match.log.filter(seat=1).count() == 1


def test_a_seat_that_moved_since_its_seq_is_stale_even_if_the_others_only_sealed(alice, bob):
    match = started_match(alice, bob)
    submit(match, alice, FLEET_SMALL)
    orders = {"kind": "orders", "def_counter": "never", "def2_min_pts": 0, "ask": False}
    services.move_submit(match_id=match.pk, user=bob, expected_seq=1, move=orders)
    before = snapshot(match)
    with pytest.raises(Conflict) as err:
        services.move_submit(match_id=match.pk, user=bob, expected_seq=1, move=FLEET_SMALL)
    assert err.value.code == "stale_seq" and err.value.extra["seq"] == 3
    assert snapshot(match) == before


def test_a_move_the_seat_can_see_since_its_seq_makes_it_stale(alice, bob):
    # Once both fleets are in, placement is played in turn and in the open: a placement
    # chosen before the other's placement is refused.
    match = play_to_turns(started_match(alice, bob))
    placed = [e for e in match.log.order_by("seq") if e.kind == "place"]
    assert placed and placed[-1].move_audience is None
    seat = match.active_seats[0]
    moves = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
    before = snapshot(match)
    with pytest.raises(Conflict) as err:
        services.move_submit(
            match_id=match.pk, user=user_of(match, seat), expected_seq=placed[-1].seq - 1, move=moves[0]
        )
    assert err.value.code == "stale_seq" and err.value.extra["seq"] == match.seq
    assert snapshot(match) == before


def test_the_same_idempotency_key_returns_the_original_answer(alice, bob):
    match = started_match(alice, bob)
    first = services.move_submit(
        match_id=match.pk, user=alice, expected_seq=1, move=FLEET_SMALL, idempotency_key="k1"
    )
    again = services.move_submit(
        match_id=match.pk, user=alice, expected_seq=1, move=FLEET_SMALL, idempotency_key="k1"
    )
    assert (first.seq, first.replayed) == (2, False)
    assert (again.seq, again.replayed) == (2, True)
    assert match.log.count() == 2


def test_an_idempotency_key_reused_for_another_move_is_refused(alice, bob):
    match = started_match(alice, bob)
    services.move_submit(
        match_id=match.pk, user=alice, expected_seq=1, move=FLEET_SMALL, idempotency_key="k1"
    )
    other = {"kind": "orders", "def_counter": "never", "def2_min_pts": 0, "ask": False}
    before = snapshot(match)
    with pytest.raises(Conflict) as err:
        services.move_submit(match_id=match.pk, user=alice, expected_seq=2, move=other, idempotency_key="k1")
    assert err.value.code == "idempotency_key_reused"
    assert snapshot(match) == before


def test_idempotency_keys_belong_to_one_seat(alice, bob):
    match = started_match(alice, bob)
    services.move_submit(
        match_id=match.pk, user=alice, expected_seq=1, move=FLEET_SMALL, idempotency_key="k1"
    )
    result = services.move_submit(
        match_id=match.pk, user=bob, expected_seq=2, move=FLEET_SMALL, idempotency_key="k1"
    )
    assert (result.seq, result.replayed) == (3, False)


def test_an_identical_duplicate_without_a_key_returns_the_original_answer(alice, bob):
    match = started_match(alice, bob)
    services.move_submit(match_id=match.pk, user=alice, expected_seq=1, move=FLEET_SMALL)
    again = services.move_submit(match_id=match.pk, user=alice, expected_seq=1, move=FLEET_SMALL)
    assert (again.seq, again.replayed) == (2, True)
    assert match.log.count() == 2


@pytest.mark.parametrize(
    ("move", "error", "code"),
    [
        ({"kind": "fleet", "ships": {"A": 4, "B": 3, "C": 2, "D": 2}}, IllegalMove, "fleet_over_budget"),
        ({"kind": "warp"}, IllegalMove, None),
        ({"kind": "fleet", "ships": "all"}, IllegalMove, None),
        (["draw"], BadRequest, "bad_move"),
        ("draw", BadRequest, "bad_move"),
        ({"ships": {}}, BadRequest, "bad_move"),
    ],
)
def test_an_illegal_or_malformed_move_is_refused_and_changes_nothing(alice, bob, move, error, code):
    match = started_match(alice, bob)
    before = snapshot(match)
    mails = len(mail.outbox)
    with pytest.raises(error) as err:
        services.move_submit(match_id=match.pk, user=alice, expected_seq=1, move=move)
    assert err.value.message
    if code:
        assert err.value.code == code
    assert snapshot(match) == before
    assert len(mail.outbox) == mails


def test_a_move_out_of_turn_is_a_conflict_naming_the_current_seq(alice, bob):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    with pytest.raises(Conflict) as err:
        submit(match, bob, {"kind": "draw"})
    assert err.value.code == "not_your_turn" and err.value.extra["seq"] == match.seq


def test_a_stranger_cannot_move_in_someone_elses_match(alice, bob, carol):
    match = started_match(alice, bob)
    with pytest.raises(Forbidden) as err:
        submit(match, carol, FLEET_SMALL)
    assert err.value.code == "not_a_player"


def test_moves_before_the_start_and_after_the_end_are_refused(alice, bob):
    match = services.match_create(user=alice, game="space-dogfight")
    with pytest.raises(Conflict) as err:
        submit(match, alice, FLEET_SMALL)
    assert err.value.code == "match_not_started"
    services.match_join(user=bob, match_id=match.pk)
    services.match_resign(match_id=match.pk, user=bob)
    with pytest.raises(Conflict) as err:
        submit(match, alice, FLEET_SMALL)
    assert err.value.code == "match_over"


def test_resigning_ends_the_match_and_the_others_win(alice, bob):
    match = started_match(alice, bob)
    services.match_resign(match_id=match.pk, user=bob)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome["winners"] == [0] and match.outcome["reason"] == "resignation"
    assert match.active_seats == [] and not Seat.objects.filter(match=match, awaiting=True).exists()
    assert match.log.order_by("-seq").first().kind == "resign"
    assert replay(match)[1] == match.outcome


def test_in_two_against_two_a_resignation_concedes_for_the_whole_team(alice, bob, carol, make_user):
    dave = make_user("dave")
    match = services.match_create(user=alice, game="star-fighters", seats=4, invite=["bob", "carol", "dave"])
    for user in (bob, carol, dave):
        services.match_join(user=user, match_id=match.pk)
    match.refresh_from_db()
    engine = services.engine_for("star-fighters")
    team_of = [ship.team for ship in engine.load(match.state).ships]
    resigner = 1
    services.match_resign(match_id=match.pk, user=bob)
    match.refresh_from_db()
    partner = next(i for i in range(4) if i != resigner and team_of[i] == team_of[resigner])
    assert sorted(match.outcome["winners"]) == sorted(i for i in range(4) if team_of[i] != team_of[resigner])
    assert partner not in match.outcome["winners"]
    assert replay(match)[1] == match.outcome


def test_a_salt_or_idempotency_key_the_database_cannot_store_is_refused(alice, bob):
    with pytest.raises(BadRequest) as exc:
        services.match_create(user=alice, game="space-dogfight", salt="a\x00b")
    assert exc.value.code == "bad_salt" and not Match.objects.exists()
    match = started_match(alice, bob)
    before = snapshot(match)
    with pytest.raises(BadRequest) as exc:
        services.move_submit(
            match_id=match.pk, user=alice, expected_seq=match.seq, move=FLEET_SMALL, idempotency_key="k\x00"
        )
    assert exc.value.code == "bad_idempotency_key" and snapshot(match) == before


def test_a_resignation_is_a_move_like_any_other_with_its_seq_and_idempotency_key(alice, bob):
    match = started_match(alice, bob)
    first = services.move_submit(
        match_id=match.pk, user=bob, expected_seq=match.seq, move={"kind": "resign"}, idempotency_key="k1"
    )
    again = services.move_submit(
        match_id=match.pk, user=bob, expected_seq=match.seq, move={"kind": "resign"}, idempotency_key="k1"
    )
    assert again == services.MoveResult(first.seq, replayed=True)
    entry = match.log.get(seq=first.seq)
    assert (entry.seat, entry.move, entry.source) == (1, {"kind": "resign", "reason": "resignation"}, "api")


def test_a_player_cannot_record_a_forfeit_or_dress_up_a_resignation(alice, bob):
    match = started_match(alice, bob)
    before = snapshot(match)
    for move, code in (
        ({"kind": "forfeit", "reason": "timeout"}, "bad_move"),
        ({"kind": "resign", "winner": 1}, "bad_move"),
    ):
        with pytest.raises(BadRequest) as exc:
            services.move_submit(match_id=match.pk, user=bob, expected_seq=match.seq, move=move)
        assert exc.value.code == code
    assert snapshot(match) == before


def test_a_timeout_forfeit_is_written_by_the_one_write_path_as_the_servers_entry(alice, bob):
    match = started_match(alice, bob)
    result = services.match_forfeit(match_id=match.pk, seat=0)
    entry = match.log.get(seq=result.seq)
    assert (entry.seat, entry.user, entry.kind, entry.source) == (0, None, "forfeit", "timeout")
    match.refresh_from_db()
    assert match.outcome["winners"] == [1] and match.outcome["reason"] == "timeout"
    with pytest.raises(Conflict) as exc:
        services.match_forfeit(match_id=match.pk, seat=0)
    assert exc.value.code == "match_over"


# -- the log is append-only --------------------------------------------------------------


def test_the_database_refuses_to_update_or_delete_a_log_entry(alice, bob):
    match = started_match(alice, bob)
    entry = match.log.get()
    for sql in (
        "UPDATE games_logentry SET kind = 'forged' WHERE id = %s",
        "DELETE FROM games_logentry WHERE id = %s",
    ):
        with pytest.raises(Exception, match="append-only"), transaction.atomic(), connection.cursor() as cur:
            cur.execute(sql, [entry.pk])
    assert LogEntry.objects.get(pk=entry.pk).kind == "setup"


def test_the_orm_cannot_update_a_log_entry_either(alice, bob):
    match = started_match(alice, bob)
    with pytest.raises(Exception, match="append-only"), transaction.atomic():
        LogEntry.objects.filter(match=match).update(kind="forged")


# -- side effects, queries ----------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_no_email_leaves_before_the_move_commits(alice, bob):
    match = services.match_create(user=alice, game="space-dogfight")
    with transaction.atomic():
        services.match_join(user=bob, match_id=match.pk)
        # the turn notice is written inside the move's transaction ...
        notice = TurnNotice.objects.get(match=match)
        assert (notice.kind, notice.seq, notice.status) == ("your_turn", 1, TurnNotice.Status.PENDING)
        # ... but nothing is built or sent until it commits
        assert Outbox.objects.count() == 0 and mail.outbox == []
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.test", "bob@example.test"]
    assert set(Outbox.objects.values_list("status", flat=True)) == {Outbox.Status.SENT}
    assert TurnNotice.objects.get(match=match).status == TurnNotice.Status.DONE


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_move_sends_nothing(alice, bob):
    match = services.match_create(user=alice, game="space-dogfight")
    with pytest.raises(RuntimeError), transaction.atomic():
        services.match_join(user=bob, match_id=match.pk)
        raise RuntimeError("the request failed after the service call")
    assert mail.outbox == [] and Outbox.objects.count() == 0 and TurnNotice.objects.count() == 0
    assert Match.objects.get(pk=match.pk).status == Match.Status.OPEN


def orders(n: int) -> dict:
    modes = ["best", "lowest", "never"]
    return {"kind": "orders", "def_counter": modes[n % 3], "def2_min_pts": 0, "ask": bool(n // 3 % 2)}


def test_queries_per_move_do_not_grow_with_the_log(alice, bob):
    match = started_match(alice, bob)
    user = alice

    def one_move(n):
        with CaptureQueriesContext(connection) as ctx:
            submit(match, user, orders(n))
        return len(ctx.captured_queries) - 1  # minus the refresh in submit()

    early = [one_move(n) for n in range(1, 4)]
    for n in range(4, 400):
        submit(match, user, orders(n))
    late = [one_move(n) for n in range(400, 403)]
    assert match.seq > 400
    assert early == late
    assert max(late) <= 12


def test_queries_of_a_move_that_passes_the_turn_do_not_grow_with_the_log(alice, bob):
    match = play_to_turns(started_match(alice, bob))

    def pass_the_turn() -> int:
        """Draw until the turn can end, then end it: the queries of the move that ends it."""
        while True:
            match.refresh_from_db()
            seat = match.active_seats[0]
            kinds = {m["kind"] for m in selectors.legal_moves_for(match, user_of(match, seat))["moves"]}
            move = {"kind": "end"} if "end" in kinds else {"kind": "draw"}
            with CaptureQueriesContext(connection) as ctx:
                submit(match, user_of(match, seat), move)
            match.refresh_from_db()
            if match.active_seats != [seat]:
                return len(ctx.captured_queries) - 1  # minus the refresh in submit()

    early = [pass_the_turn() for _ in range(2)]
    for n in range(1, 400):
        match.refresh_from_db()
        submit(match, user_of(match, match.active_seats[0]), orders(n))
    late = [pass_the_turn() for _ in range(2)]
    assert match.seq > 400 and match.status == Match.Status.ACTIVE
    assert early == late
    assert max(late) <= 14


def test_two_players_rolling_at_once_do_not_make_each_others_moves_stale(alice, bob):
    # The Star Fighters Roll phase is played by both at once, each on a sealed board: a
    # roll Bob makes while Alice looks at her dice does not refuse Alice's next placement.
    match = services.match_create(user=alice, game="star-fighters", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    match.refresh_from_db()
    assert sorted(match.active_seats) == [0, 1]
    submit(match, alice, {"kind": "roll"})
    match.refresh_from_db()
    alice_saw = match.seq
    submit(match, bob, {"kind": "roll"})
    bobs = match.log.get(seq=alice_saw + 1)
    assert bobs.seat == 1 and bobs.move_audience == [1]
    moves = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, 0))["moves"]
    place = next(m for m in moves if m["kind"] == "place")
    result = services.move_submit(match_id=match.pk, user=alice, expected_seq=alice_saw, move=place)
    # stored after bob's roll, numbered in alice's own numbering (AS-SF-1.6): next after hers
    assert result.seq == alice_saw + 1 and not result.replayed
    assert match.log.get(seq=alice_saw + 2).move == place
