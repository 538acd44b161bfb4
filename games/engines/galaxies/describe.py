"""One line of human text per log entry, from what the viewer may see of it.

``item.move`` is None when the move is sealed from the viewer, and ``item.events`` holds
only the events the viewer may see, so nothing here can leak a secret. Once the match is
over its players see every event, so private lines name whose they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..base import LogItem
from ..kit.describe import who_by
from .data import DATA
from .data import seat_name as name

Text = Callable[[Mapping[str, Any], int | None], str | None]


_who = who_by(name)


def describe(item: LogItem, viewer: int | None) -> str:
    move = item.move or {}
    named = {e.data["seat"] for e in item.events if e.kind == "cards_received"}
    events = [e for e in item.events if not (e.kind == "cards_drawn" and e.data["seat"] in named)]
    parts = [p for p in (_event(e.kind, e.data, viewer) for e in events) if p]
    if not parts:
        who = _who(item.seat, viewer)
        if item.move is None:
            parts = [f"{who} made a hidden move"]
        else:
            parts = [f"{who} played {move.get('kind', 'a move')}"]
    return "; ".join(parts)


def _event(kind: str, d: Mapping[str, Any], viewer: int | None) -> str | None:
    fn = EVENT_TEXT.get(kind)
    return None if fn is None else fn(d, viewer)


def _ship(code: str) -> str:
    return code.upper()


def _from(d: Mapping[str, Any], v: int | None) -> str:
    """' from the ISN deck' when a card came from another player's deck ([SEED] page 11)."""
    deck = d.get("deck", d["seat"])
    if deck == d["seat"]:
        return ""
    return " from your deck" if deck == v else f" from the {name(deck)} deck"


def _drawn(d: Mapping[str, Any], v: int | None) -> str | None:
    """The count, for those who do not see which cards (cards_received tells the others)."""
    return f"{_who(d['seat'], v)} drew {d['count']} tactic card{'s' if d['count'] != 1 else ''}{_from(d, v)}"


def _received(d: Mapping[str, Any], v: int | None) -> str:
    names = ", ".join(f"{c['name']} ({c['id']})" for c in d["cards"])
    return f"{_who(d['seat'], v)} drew {names}{_from(d, v)}"


def _energy(d: Mapping[str, Any], v: int | None) -> str | None:
    if not d["change"]:
        return None
    sign = "+" if d["change"] > 0 else ""
    return f"{_who(d['seat'], v)} {sign}{d['change']} energy ({d['source']}), now {d['energy']}"


def _launched(d: Mapping[str, Any], v: int | None) -> str:
    where = f"from the hold of {_ship(d['carrier'])}" if d["carrier"] else "into the starting zone"
    return f"{_who(d['seat'], v)} launched {d['version']} {d['name']} ({_ship(d['ship'])}) {where}"


def _attack(d: Mapping[str, Any], v: int | None) -> str:
    return (
        f"{_who(d['seat'], v)} attacked {_ship(d['target'])} with {_ship(d['ship'])}'s {d['weapon_name']} "
        f"(strength {d['strength']})"
    )


def _rolled(d: Mapping[str, Any], v: int | None) -> str:
    again = " (re-roll)" if d["reroll"] else ""
    return f"rolled {d['roll']}{again}: {d['result']}"


def _damage(d: Mapping[str, Any], v: int | None) -> str:
    return (
        f"{_ship(d['ship'])} lost {d['shields_lost']} shield and took {d['hull_damage']} hull damage "
        f"({d['shields']} shields, {d['damage']}/{d['hull']} hull)"
    )


def _ecm(d: Mapping[str, Any], v: int | None) -> str:
    how = "auto" if d["auto"] else f"rolled {d['roll']}"
    result = f"{d['damage']} ECM damage" if d["hit"] else "no damage"
    return f"ECM of {_ship(d['enemy'])} on {_ship(d['ship'])}: {how}, {result}"


def _played(d: Mapping[str, Any], v: int | None) -> str:
    on = f" on {_ship(d['target'])}" if d.get("target") else ""
    return f"{_who(d['seat'], v)} played {d['name']}{on}"


def _cargo(d: Mapping[str, Any], v: int | None) -> str:
    ships = ", ".join(f"{s['version']} {s['name']}" for s in d["ships"])
    return f"destroyed with {_ship(d['carrier'])} and revealed: {ships}"


def _over(d: Mapping[str, Any], v: int | None) -> str:
    reason = d["reason"].replace("_", " ")
    score = "-".join(str(s) for s in d["scores"])
    if d["draw"]:
        return f"game over: a draw ({reason}, {score})"
    winners = " and ".join(_who(s, v) for s in d["winners"])
    verb = "win" if v in d["winners"] or len(d["winners"]) > 1 else "wins"
    return f"game over: {winners} {verb} ({reason}, {score})"


def _draft(d: Mapping[str, Any], v: int | None) -> str:
    ships = " ".join(f"{c.upper()}:{ver[:3]}" for c, ver in d["fleet"].items()) or "no ships"
    whose = "Your" if d["seat"] == v else f"{name(d['seat'])}'s"  # others read it once the match is over
    return f"{whose} draft: {ships} ({d['points']} points), deck {d['deck_size']} cards"


def _hold(d: Mapping[str, Any], v: int | None) -> str:
    inside = ", ".join(_ship(c) for c in d["cargo"]) or "nothing"
    return f"Hold of {_ship(d['carrier'])}: {inside} ({d['used']} spaces)"


def _rolls(d: Mapping[str, Any], v: int | None) -> str:
    rolls = ", ".join(f"{_who(s, v)} {r}" for s, r in d["rolls"])
    return f"first-player roll: {rolls}"


EVENT_TEXT: dict[str, Text] = {
    "mission": lambda d, v: f"Mission: {d['name']} ({d['rounds']} rounds)",
    "first_roll": _rolls,
    "first_player": lambda d, v: f"{_who(d['seat'], v)} go{'' if d['seat'] == v else 'es'} first",
    "ready": lambda d, v: f"{_who(d['seat'], v)} sealed a fleet and deck behind the screen",
    "draft": _draft,
    "cards_drawn": _drawn,
    "cards_received": _received,
    "heroes_prepped": lambda d, v: f"{_who(d['seat'], v)} took {d['count']} prepped hero card(s)",
    "muster": lambda d, v: (
        f"{_who(d['seat'], v)} place{'' if d['seat'] == v else 's'} the ships that start launched"
    ),
    "play_started": lambda d, v: f"play begins, {_who(d['first'], v)} first",
    "turn_started": lambda d, v: f"turn {d['number']}: {_who(d['seat'], v)} on turn",
    "energy": _energy,
    "phase": lambda d, v: f"{d['phase']} phase",
    "deck_reshuffled": lambda d, v: f"{_who(d['seat'], v)} shuffled the discard pile into a new deck",
    "deck_exhausted": lambda d, v: f"{_who(d['seat'], v)} has no more tactic cards to draw",
    "shields_restored": lambda d, v: f"{_ship(d['ship'])} regained shields ({d['source']})",
    "card_discarded": lambda d, v: f"{_who(d['seat'], v)} discarded {d['name']}",
    "card_given": lambda d, v: f"{_who(d['seat'], v)} passed a tactic card to {_who(d['to'], v)}",
    "card_passed": lambda d, v: f"card passed: {DATA.cards[d['kind']].name} ({d['card']})",
    "ship_launched": _launched,
    "ship_placed": lambda d, v: f"{_ship(d['ship'])} placed on {' '.join(d['hexes'])}",
    "hold": _hold,
    "activated": lambda d, v: f"{_who(d['seat'], v)} activated {_ship(d['ship'])}",
    "moved": lambda d, v: (
        f"{_ship(d['ship'])} {d['from']} → {d['to']}" + (" (debris: stops)" if d["debris"] else "")
    ),
    "warped": lambda d, v: f"{_ship(d['ship'])} warped to {d['to']}",
    "ecm": _ecm,
    "charged": lambda d, v: None,
    "attack_declared": _attack,
    "attack_rolled": _rolled,
    "damage": _damage,
    "ship_destroyed": lambda d, v: f"{_ship(d['ship'])} destroyed ({d['cause']})",
    "card_destroyed": lambda d, v: f"{d['name']} is lost",
    "cargo_destroyed": _cargo,
    "card_played": _played,
    "control_taken": lambda d, v: f"{_who(d['seat'], v)} took control of {_ship(d['card'])}",
    "window": lambda d, v: (
        f"waiting for {_who(d['seat'], v)} to answer a {d['window'].replace('_', ' ')} window"
    ),
    "answered": lambda d, v: f"{_who(d['seat'], v)} answered" + ("" if d["played"] else ": no card"),
    "orders_updated": lambda d, v: f"{_who(d['seat'], v)} updated standing orders",
    "turn_ended": lambda d, v: f"{_who(d['seat'], v)} ended turn {d['number']}",
    "game_over": _over,
    "survivors_rescued": lambda d, v: (
        f"{_who(d['seat'], v)} rescued the survivors on {', '.join(d['sites'])}: "
        f"victory points {d['track']} of {d['target']}"
    ),
}
