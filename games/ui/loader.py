"""Finds the templates of the games' UI packages: ``ui/<package>/<name>`` is the file
``games/ui/<package>/templates/<name>``, so a game's templates live beside its renderer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from django.template import Origin
from django.template.loaders.filesystem import Loader as FilesystemLoader

UI_DIR = Path(__file__).resolve().parent
PREFIX = "ui/"


class Loader(FilesystemLoader):
    def get_dirs(self) -> list[str | Path]:
        return sorted(p for p in UI_DIR.glob("*/templates") if p.is_dir())

    def get_template_sources(self, template_name: str) -> Iterator[Origin]:
        if not template_name.startswith(PREFIX):
            return
        package, _, name = template_name.removeprefix(PREFIX).partition("/")
        folder = UI_DIR / package / "templates"
        if not package.isidentifier() or not name or not folder.is_dir():
            return
        path = (folder / name).resolve()
        if folder.resolve() not in path.parents:  # no way out of the package's folder
            return
        yield Origin(name=str(path), template_name=template_name, loader=self)
