"""The force lists' web pages: a list is built with the moves the rules engine lists for
its draft (never a change the scenario forbids), saved once the engine finds nothing wrong,
edited, deleted, and used to build a force in a match."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.extensions.forcelists.models import ForceList
from games.extensions.forcelists.services import forcelist_save
from games.models import Match

from .helpers import html_of, page, started

pytestmark = pytest.mark.django_db

NEW = "/force-lists/new/"
SETTINGS = {"game": "early-days", "side": "rebels", "scenario": "fighter_clash", "points": "100"}


def editor(client, *, force=None, url=NEW, **post):
    data = {**SETTINGS, "force": json.dumps(force or {"units": []}), **post}
    return client.post(url, data)


def force_of(response) -> dict:
    return response.context["d"].force


def change(move) -> dict:
    return {"change": json.dumps(move, separators=(",", ":"), sort_keys=True)}


def test_a_list_is_bought_changed_and_saved_with_the_engines_moves(alice):
    client = page(Client(), alice)
    r = client.get(NEW, {"game": "early-days"})
    assert r.status_code == 200
    buys = [m for m in r.context["d"].moves if m["kind"] == "buy"]
    assert {"kind": "buy", "unit": "x_wing"} in buys
    assert not any(m["unit"] == "tie_fighter" for m in buys), "the Rebels buy no TIEs"
    r = editor(client, **change({"kind": "buy", "unit": "x_wing"}))
    assert force_of(r)["units"][0]["type"] == "x_wing"
    r = editor(client, force=force_of(r), **change({"kind": "flights", "entry": "R1", "n": 3}))
    r = editor(
        client, force=force_of(r), **change({"kind": "option", "entry": "R1", "option": "proton_torpedoes"})
    )
    assert force_of(r)["units"] == [
        {"type": "x_wing", "flights": 3, "options": ["proton_torpedoes"], "transport": False}
    ]
    assert "Proton torpedoes" in html_of(r) or "proton torpedoes" in html_of(r)
    r = editor(client, force=force_of(r), name="Red three", save="1")
    assert r.status_code == 302
    fl = ForceList.objects.get(owner=alice)
    assert (fl.name, fl.side, fl.scenario, fl.points, fl.cost) == (
        "Red three",
        "rebels",
        "fighter_clash",
        100,
        42,
    )


def test_a_change_the_engine_does_not_list_is_refused_and_nothing_changes(alice):
    client = page(Client(), alice)
    r = editor(client, **change({"kind": "buy", "unit": "tie_fighter"}))
    assert "not one the rules allow" in r.context["error"]
    assert force_of(r) == {"units": []}


def test_saving_names_what_is_wrong_and_saves_nothing(alice):
    client = page(Client(), alice)
    force = {"units": [{"type": "x_wing", "flights": 3, "options": [], "transport": False}] * 4}
    r = editor(client, force=force, name="Too big", save="1", points="50")
    assert r.status_code == 200  # shown as far as the budget goes, not saved
    assert "the Rebels may spend 50" in r.context["error"]
    assert force_of(r)["units"] == [
        {"type": "x_wing", "flights": 3, "options": [], "transport": False},
        {"type": "x_wing", "flights": 1, "options": [], "transport": False},
    ]
    r = editor(client, force={"units": [{"type": "death_star"}]}, name="No such unit", save="1")
    assert r.status_code == 200 and r.context["error"] and force_of(r) == {"units": []}
    r = editor(client, name="", save="1")
    assert "Give the list a name" in r.context["error"]
    assert not ForceList.objects.exists()


def test_a_saved_list_is_edited_and_deleted_by_its_owner_only(alice, bob):
    fl = forcelist_save(
        user=alice,
        name="First",
        game="early-days",
        side="rebels",
        scenario="fighter_clash",
        points=100,
        force={"units": [{"type": "y_wing"}]},
    )
    mine = page(Client(), alice)
    r = mine.get(f"/force-lists/{fl.pk}/")
    assert force_of(r)["units"][0]["type"] == "y_wing"
    r = editor(mine, url=f"/force-lists/{fl.pk}/", force=force_of(r), name="Renamed", save="1")
    fl.refresh_from_db()
    assert fl.name == "Renamed"
    r = page(Client(), bob).get(f"/force-lists/{fl.pk}/", follow=True)
    assert f"You have no force list {fl.pk}" in html_of(r)
    page(Client(), bob).post(f"/force-lists/{fl.pk}/delete/")
    assert ForceList.objects.filter(pk=fl.pk).exists()
    mine.post(f"/force-lists/{fl.pk}/delete/")
    assert not ForceList.objects.filter(pk=fl.pk).exists()


def test_the_match_page_offers_saved_lists_while_the_force_is_built(alice, bob):
    fl = forcelist_save(
        user=alice,
        name="Xs",
        game="early-days",
        side="rebels",
        scenario="fighter_clash",
        points=100,
        force={"units": [{"type": "x_wing", "flights": 2}]},
    )
    match = started("early-days", alice, bob)
    client = page(Client(), alice)
    text = html_of(client.get(f"/matches/{match.pk}/"))
    assert 'id="use-force-list"' in text and "Xs" in text
    assert 'id="use-force-list"' not in html_of(page(Client(), bob).get(f"/matches/{match.pk}/"))
    r = client.post(
        f"/matches/{match.pk}/force-list/", {"force_list": fl.pk, "expected_seq": match.seq}, follow=True
    )
    assert "Your force is built and sealed" in html_of(r)
    match.refresh_from_db()
    assert match.seq > 1 and match.status == Match.Status.ACTIVE
    assert 'id="use-force-list"' not in html_of(client.get(f"/matches/{match.pk}/"))
