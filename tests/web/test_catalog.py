"""One entry per game: every registered engine has its UI package with every part, and the
server finds a game's parts through the catalog only."""

from __future__ import annotations

import pytest
from django.template.loader import get_template

from games import catalog
from games.engines import all_engines
from games.ui.common.hints import CHOICE, Hints

ENGINES = all_engines()


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_every_registered_engine_has_a_catalog_entry_with_all_its_parts(engine):
    entry = catalog.entry(engine.key)
    assert entry is not None, f"games/ui/{catalog.package_of(engine)}/ needs render.py and hints.py"
    assert entry.engine is engine
    for drawing in ("svg", "text", "html", "status_line"):
        assert callable(getattr(entry.renderer, drawing, None)), drawing
    assert isinstance(entry.hints, Hints)
    assert entry.hints.rules_prefix, "the game's ID prefix in GAPS.md"
    assert len(entry.hints.seat_colours) >= engine.max_seats
    get_template(entry.help_template)
    if entry.panel_template:
        get_template(entry.panel_template)
    for name, kind in entry.hints.kinds.items():
        assert kind.title, name
        if kind.builder:
            get_template(entry.template(kind.builder.template))


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_every_pick_names_a_field_once(engine):
    for name, kind in catalog.entry(engine.key).hints.kinds.items():
        fields = [p.field for p in kind.picks]
        assert len(fields) == len(set(fields)), name
        assert all(p.on == CHOICE or p.on.isidentifier() for p in kind.picks), name


def test_force_lists_are_a_capability_read_off_the_engine():
    able = {e.key for e in catalog.with_capability(catalog.FORCE_LISTS)}
    assert able == {e.key for e in ENGINES if callable(getattr(e, "force_moves", None))}
    assert able  # "The early days" builds forces from saved lists
    for key in able:  # the force list page reads a draft back from the view
        forces = catalog.entry(key).forces
        assert forces is not None, f"{key}: games/ui/<package>/forces.py"
        assert callable(forces.force_of) and callable(forces.lines_of)


def test_a_ui_template_cannot_be_named_out_of_its_package():
    from django.template import TemplateDoesNotExist

    for name in ("ui/dogfight/../../../config/settings.py", "ui/../templates/base.html", "ui/dogfight/"):
        with pytest.raises(TemplateDoesNotExist):
            get_template(name)
