"""The shared mechanics of the engines: what every game would otherwise write by hand.

- :mod:`.codec`: frozen dataclasses to JSON and back (states, data files, outcomes).
- :mod:`.moves`: move shapes (field validators and the table of a game's move kinds).
- :mod:`.orders`: standing orders, for any frozen orders dataclass.
- :mod:`.referee`: the common checks before a move is played, and the audience of a move.
- :mod:`.engine`: an engine whose protocol methods delegate to its package's modules.
- :mod:`.describe`: what every game's log lines share (who made the entry).

See ``docs/engines.md`` for how an engine is built from these.
"""
