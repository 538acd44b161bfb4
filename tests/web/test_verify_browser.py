"""The dice check in the browser (static/js/verify.js): a player of a finished match clicks
"Verify these dice" and sees it check out; the page's arithmetic agrees with
tools/verify_export.py on the genuine export and on broken ones, problem for problem."""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from pathlib import Path

import pytest

from games import selectors
from games.play import services
from games.play.hashing import canonical
from tests.games.helpers import submit, user_of
from tests.support.browser import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

_spec = importlib.util.spec_from_file_location(
    "verify_export", Path(__file__).resolve().parents[2] / "tools" / "verify_export.py"
)
verifier = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(verifier)

IN_PAGE = "text => window.starpostVerify.check(text).problems"


def played_and_finished(alice, bob, moves=40):
    """A Dogfight match played some way by random listed moves (draws, asteroids: dice), then resigned."""
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"], salt="åsa's salt ✦")
    services.match_join(user=bob, match_id=match.pk, salt="bob")
    rng = random.Random(5)
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != "active":
            break
        seat = rng.choice(match.active_seats)
        legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        submit(match, user_of(match, seat), rng.choice([m for m in legal if m["kind"] != "orders"] or legal))
    match.refresh_from_db()
    if match.status == "active":
        services.match_resign(match_id=match.pk, user=bob)
        match.refresh_from_db()
    return match


def broken_exports(data: dict) -> dict[str, dict]:
    cases = {}

    def case(name, change):
        broken = copy.deepcopy(data)
        change(broken)
        cases[name] = broken

    def a_die(d):
        draw = next(e for e in d["entries"] if e["dice"])["dice"][0]
        draw["value"] = draw["value"] % draw["sides"] + 1

    case("a die changed", a_die)
    case("a move changed", lambda d: d["entries"][-1]["move"].update(kind="something else"))
    case("an entry removed", lambda d: d["entries"].pop(len(d["entries"]) // 2))
    case("a salt changed", lambda d: d["salts"].__setitem__(1, "not bob"))
    case("another seed", lambda d: d.update(seed="00" * 32))
    case("no hash", lambda d: d["entries"][0].pop("hash"))
    case("seat as text", lambda d: d["entries"][1].update(seat="1"))
    case("a float in a move", lambda d: d["entries"][-1]["move"].update(weight=2.5e-7))
    case("zero sides", lambda d: next(e for e in d["entries"] if e["dice"])["dice"][0].update(sides=0))
    case("not an export", lambda d: d.update(format="other/1"))
    return cases


def test_the_dice_of_a_finished_match_are_verified_in_the_browser(browse, alice, bob):
    match = played_and_finished(alice, bob)
    data = json.loads(json.dumps(selectors.export_for(match)))
    assert sum(len(e["dice"]) for e in data["entries"]) >= 3, "the match needs dice to check"
    assert verifier.verify(data)[0] == []

    # Alice, on her phone, goes from the finished match to the check and runs it.
    page = browse(alice, PHONE)
    page.goto(browse.url(match))
    page.locator("#verify-link").click()
    page.wait_for_url(browse.url(f"/matches/{match.pk}/verify/"))
    page.locator("#verify-this").click()
    result = page.locator("#verify-result[data-verdict]")
    result.wait_for()
    assert result.get_attribute("data-verdict") == "ok", result.inner_text()
    assert f"{len(data['entries'])} entries" in result.inner_text()

    # A broken file chosen on the page fails, naming the problem as the script does.
    broken = broken_exports(data)["a die changed"]
    page.set_input_files(
        "#verify-file",
        files=[
            {"name": "changed.json", "mimeType": "application/json", "buffer": json.dumps(broken).encode()}
        ],
    )
    page.locator("#verify-result[data-verdict=fail]").wait_for()
    expected = verifier.verify(broken)[0]
    assert expected and expected[0] in page.inner_text("#verify-result")


def test_the_page_and_the_script_find_the_same_problems(browse, alice, bob):
    match = played_and_finished(alice, bob, moves=25)
    data = json.loads(json.dumps(selectors.export_for(match)))
    page = browse(None, DESKTOP)  # anyone may check a file: the page asks nothing of the server
    page.goto(browse.url(f"/matches/{match.pk}/verify/"))
    assert not page.locator("#verify-this").count()  # the export itself is for the players
    for name, export in {"genuine": data, **broken_exports(data)}.items():
        text = json.dumps(export, ensure_ascii=False, indent=1)
        assert page.evaluate(IN_PAGE, text) == verifier.verify(json.loads(text))[0], name
    assert page.evaluate(IN_PAGE, "{not json")[0].startswith("cannot be checked: the file is not JSON")
    # JSON written as the server hashes it (games.play.hashing.canonical), edge by edge
    for value in TRICKY:
        text = json.dumps(value)
        assert page.evaluate(CANONICAL, text) == canonical(json.loads(text)).decode(), text


CANONICAL = "text => window.starpostVerify.canonical(text)"
TRICKY = [
    [1e16, 1e15, 123456789012345678901234567890, -0, 0.0001, 0.00001, -0.0, 2.5e-7, 1.5, 100.0, 1e300],
    [0.1 + 0.2, 1 / 3, 5e-324, -1.7976931348623157e308, 12345.678e10],
    'tab\there \u0001 \u001f \u007f \u2028 é ✦ 😀 \\ "quoted"',
    {"b": 1, "a": 2, "é": 3, "Z": 4, "😀": 5, "\uffff": 6, "__proto__": 7, "": [True, False, None]},
]
