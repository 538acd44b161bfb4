"""How each game looks and is played on the web and in emails: one package per game.

``games/ui/<package>/`` (named as its engine's package under ``games/engines/``) holds
``render.py`` (the view dict drawn as SVG, text and an HTML table), ``hints.py`` (what the
move panel needs: kind titles, labels, the order in which a move's fields are picked and
from which board element) and ``templates/`` (``help.html``, optionally ``panel.html`` and
the kinds' builders), found as ``ui/<package>/<name>`` by :mod:`games.ui.loader`.
``games.catalog`` puts a game's engine and these parts together; the rest of the server
looks games up there only.
"""
