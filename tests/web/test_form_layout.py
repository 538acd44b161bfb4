"""Forms read as forms on a phone: on the notification preferences page each label sits
over its own control (not run together like a paragraph), and nothing is wider than the
screen."""

from __future__ import annotations

import pytest

from tests.support.browser import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def box(page, selector):
    return page.locator(selector).first.bounding_box()


def test_each_preference_has_its_own_line_on_a_phone(browse, alice):
    page = browse(alice, PHONE)
    page.goto(browse.url("/notifications/"))
    pairs = [
        ("label[for=email]", "#email"),
        ("label[for=push]", "#push"),
        ("label[for=digest_hour]", "#digest_hour"),
        ("label[for=reminder_hours]", "#reminder_hours"),
        ("label[for=start]", "#start"),
        ("label[for=url]", "#url"),
        ("label[for=club]", "#club"),
    ]
    tops = []
    for label, control in pairs:
        lb, cb = box(page, label), box(page, control)
        assert lb["y"] + lb["height"] <= cb["y"] + 1, f"{label} is above {control}"
        assert abs(lb["x"] - cb["x"]) <= 2, f"{label} starts where {control} does"
        assert cb["x"] + cb["width"] <= PHONE["width"], f"{control} fits the screen"
        tops.append(cb["y"])
    # the controls of one form come one below the other
    assert tops[:4] == sorted(tops[:4]) and len(set(tops)) == len(tops)
