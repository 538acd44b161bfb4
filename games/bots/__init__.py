"""Automatic players: practice opponents, balance checks and the house-limit measurements.

Pure like the engines (they read an engine's state and legal moves, nothing of the server),
so the server can later seat one in a match and call :func:`choose` when it is on turn.
Each game adds its evaluation in ``games/bots/<engine package>.py`` and registers it with
:func:`games.bots.base.register_evaluator`.
"""
