"""The replay (/matches/{id}/replay/): the board after each entry exactly as the viewer's
seat saw it then, for every game, even once the match is over and everything else is
revealed to its players; its navigation; and its refusals, never an error page."""

from __future__ import annotations

import random

import pytest

from games import selectors
from games.engines import all_engines
from games.models import Match
from games.play import services
from tests.games.helpers import submit, user_of
from tests.support.browser import DESKTOP, PHONE

pytestmark = pytest.mark.django_db


def played(engine, users, steps: int, seed: int) -> tuple[Match, dict[int, dict]]:
    """A match of ``engine`` played by random listed moves (standing orders aside), and what
    each seat and a spectator saw of the board after each entry, read live."""
    rng = random.Random(seed)
    match = services.match_create(user=users[0], game=engine.key, seats=len(users))
    for u in users[1:]:
        services.match_join(user=u, match_id=match.pk)
    seen: dict[int, dict] = {}

    def look() -> None:
        match.refresh_from_db()
        seen[match.seq] = {
            seat: selectors.board_view(match, selectors.Viewer(seat, reveal_all=False))
            for seat in [None, *range(len(users))]
        }

    look()
    for _ in range(steps):
        if match.status != Match.Status.ACTIVE:
            break
        seat = rng.choice(match.active_seats)
        legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        submit(match, user_of(match, seat), rng.choice([m for m in legal if m["kind"] != "orders"] or legal))
        look()
    return match, seen


@pytest.mark.parametrize("engine", all_engines(), ids=lambda e: e.key)
def test_each_step_shows_the_board_as_each_seat_saw_it_then_even_after_the_end(engine, make_user):
    users = [make_user(f"p{i}") for i in range(engine.min_seats)]
    match, seen = played(engine, users, steps=25, seed=3)
    if match.status == Match.Status.ACTIVE:
        services.match_resign(match_id=match.pk, user=users[-1])
    match.refresh_from_db()
    assert match.is_over
    checked = 0
    for seq, views in seen.items():
        for seat, view in views.items():
            over = selectors.Viewer.for_seat(match, seat)  # players see everything once over...
            frame = selectors.replay_frame(match, over, seq)
            assert not frame.problem
            if frame.at != seq:  # an entry the seat never knew of (another's sealed step)
                assert frame.at < seq and selectors.replay_frame(match, over, frame.at).at == frame.at
                continue
            assert frame.view == view, f"seat {seat} at entry {seq}"  # ...but not in the replay
            checked += 1
    assert checked > len(seen)  # each seat knows its own steps and the public ones


def test_the_replay_page_steps_through_the_log(client, alice, bob):
    match, seen = played(
        next(e for e in all_engines() if e.key == "space-dogfight"), [alice, bob], 12, seed=8
    )
    client.force_login(alice)
    url = f"/matches/{match.pk}/replay/"
    latest = client.get(url)
    assert latest.status_code == 200
    assert latest.context["frame"].at == match.seq
    assert f'id="replay-prev" href="?at={match.seq - 1}"' in latest.content.decode()
    assert 'id="replay-next" aria-disabled="true"' in latest.content.decode()

    first = client.get(url, {"at": 1})
    body = first.content.decode()
    assert first.context["frame"].at == 1
    assert 'id="replay-next" href="?at=2"' in body and 'id="replay-prev" aria-disabled="true"' in body
    assert first.context["frame"].view == seen[1][0]

    # out of range or not a number: the nearest step, or the latest; never an error
    assert client.get(url, {"at": 0}).context["frame"].at == 1
    assert client.get(url, {"at": 10**9}).context["frame"].at == match.seq
    assert client.get(url, {"at": "x"}).context["frame"].at == match.seq


def test_the_match_page_links_to_its_replay_once_there_is_a_move(client, alice, bob):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    client.force_login(alice)
    assert 'id="replay-link"' not in client.get(f"/matches/{match.pk}/").content.decode()
    services.match_join(user=bob, match_id=match.pk)
    assert 'id="replay-link"' in client.get(f"/matches/{match.pk}/").content.decode()


def test_a_match_not_started_has_nothing_to_replay(client, alice):
    match = services.match_create(user=alice, game="space-dogfight")
    response = client.get(f"/matches/{match.pk}/replay/")
    assert response.status_code == 200
    assert "nothing to replay yet" in response.content.decode()


def test_a_match_played_under_older_rules_says_so_instead_of_a_board(client, alice, bob):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    Match.objects.filter(pk=match.pk).update(engine_version=0)
    response = client.get(f"/matches/{match.pk}/replay/")
    assert response.status_code == 200
    assert response.context["frame"].view is None
    assert "played under an earlier version" in response.content.decode()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_player_steps_through_a_replay_on_a_phone_and_a_desktop(browse, alice, bob, screen):

    match, _seen = played(
        next(e for e in all_engines() if e.key == "space-dogfight"), [alice, bob], 12, seed=8
    )
    page = browse(alice, screen)
    page.goto(browse.url(f"/matches/{match.pk}/"))
    page.click("#replay-link")
    page.wait_for_selector("#replay .board-wrap svg")
    assert page.get_attribute("#replay", "data-at") == str(match.seq)

    page.click("#replay-prev")
    page.wait_for_selector(f'#replay[data-at="{match.seq - 1}"]')
    page.wait_for_load_state("domcontentloaded")  # the arrow keys are the page's deferred script's
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f'#replay[data-at="{match.seq - 2}"]')
    page.click("#replay-first")
    page.wait_for_selector('#replay[data-at="1"]')
    assert page.locator("#replay .board-wrap svg").count() == 1
    page.wait_for_load_state("domcontentloaded")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#replay[data-at="2"]')
    page.fill("#replay-at", "5")
    page.click(".replay-jump button")
    page.wait_for_selector('#replay[data-at="5"]')
    assert "Move 5" in page.inner_text("#replay-entry")
    # the step links fit the screen: none reaches past the viewport's right edge
    right = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('.replay-nav > *')].map(e => e.getBoundingClientRect().right))"
    )
    assert right <= screen["width"]
