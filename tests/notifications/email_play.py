"""Playing a whole match by email alone: the players' side of the mail.

``EmailTable`` reads every email Starpost sends to the match's players, in order, and
makes each move by replying to the latest email a player got that carries a reply
address (a "your turn" email, a reminder, or the answer to their previous reply): the
move's number from the email's list, or its line of notation, and nothing else. Each
reply arrives through ``notifications.inbound.receive`` and is processed after the commit,
as in production. Along the way it checks that no email shown to a seat holds another
seat's hidden values (the engine's ``secrets`` markers), and it counts what was sent so
that a test can compare it with what should have been.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any

import pytest
from django.core import mail

from games import clock, play, selectors
from games.models import LogEntry, Match
from notifications import replyaddr
from notifications.inbound import receive
from notifications.models import InboundEmail, Outbox
from tests.support.markers import contains_marker

# A policy: (rng, seat, the listed moves, the seat's own view as the email carries it) -> a move.
Policy = Callable[[Any, int, list[dict[str, Any]], dict[str, Any]], dict[str, Any]]

_OUTBOX_ID = re.compile(r"^<outbox-(\d+)\.")
_LISTED = re.compile(r"^  (\d+)\. (.*)$")


def listed_moves(body: str) -> list[str]:
    """The numbered moves under "Your moves" in an email's text (the log above is numbered too)."""
    lines = body.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("Your moves")), None)
    if start is None:
        return []
    out: list[str] = []
    for line in lines[start + 1 :]:
        m = _LISTED.match(line)
        if m:
            assert int(m[1]) == len(out) + 1, f"the list skips a number at {line!r}"
            out.append(m[2])
        elif out:
            break
    return out


def reply_to(original: EmailMessage, text: str) -> tuple[bytes, str]:
    """A reply as a mail client writes it: the text on top, the email quoted below; and its Message-ID."""
    msg = EmailMessage()
    msg["From"] = f"Player <{original.to[0]}>"
    msg["To"] = original.reply_to[0]
    msg["Subject"] = f"Re: {original.subject}"
    msg["Date"] = formatdate()
    msg["Message-ID"] = message_id = make_msgid(domain="mail.example.test")
    msg["In-Reply-To"] = msg["References"] = original.extra_headers["Message-ID"]
    quoted = "\n".join(f"> {line}" if line else ">" for line in original.body.splitlines())
    msg.set_content(
        f"{text}\n\nOn Sun, 22 Nov 2026 at 10:00, Starpost <turns@starpost.localhost> wrote:\n{quoted}\n"
    )
    return msg.as_bytes(), message_id


@dataclass
class Letter:
    """One email a player read: its outbox kind and, if it carries a reply address, its list."""

    email: EmailMessage
    kind: str
    seat: int
    token: replyaddr.ReplyToken | None = None
    listed: list[str] = field(default_factory=list)  # the numbered lines, in the email's order
    numbered: list[dict[str, Any]] = field(default_factory=list)  # the same moves as JSON
    moves: list[dict[str, Any]] = field(default_factory=list)  # every legal move, standing orders too
    notation: list[str] = field(default_factory=list)  # how the game writes each of them
    view: dict[str, Any] = field(default_factory=dict)  # the board as the email's seat sees it


class EmailTable:
    """The players of one started match, each reading their mail and replying to it."""

    STAY = 0.75  # how often a player still on turn answers the answer at once

    def __init__(self, match: Match, users: Sequence[Any], choose: Policy, rng: Any, style: Any):
        self.match = match
        self.engine = selectors.engine_of(match)
        self.seat_of = {u.email: i for i, u in enumerate(users)}
        self.users = list(users)
        self.choose, self.rng, self.style = choose, rng, style
        self.last: int | None = None  # the seat that replied last
        self.read = 0  # how many of mail.outbox the players have read
        self.kinds: Counter[str] = Counter()
        self.latest: dict[int, Letter] = {}  # per seat: the latest email with a reply address
        self.replies: dict[str, int] = {}  # our Message-ID -> answers it got
        self.refusals: Counter[str] = Counter()
        self.by_number = self.by_notation = 0
        self.your_turn_expected: Counter[int] = Counter()
        self.your_turn_read: Counter[int] = Counter()
        self.reminders = 0
        self.markers_checked = 0  # (marker, email of another seat) pairs found clean
        self.own_markers_seen = 0  # markers found in their owner's own email data: the check can bite
        self.own_markers_in_text = 0  # the same, in the rendered text
        self.applied = 0
        # replies applied although others had moved since their email (a simultaneous phase)
        self.applied_late = 0
        self.start_seq = match.seq
        for seat in match.active_seats:
            self.your_turn_expected[seat] += 1
        self.read_mail()

    # -- reading ------------------------------------------------------------------------

    def read_mail(self) -> list[Letter]:
        """Read every email sent since the last call, as its recipient would."""
        self.match.refresh_from_db()
        new = mail.outbox[self.read :]
        self.read = len(mail.outbox)
        state = self.engine.load(self.match.state) if self.match.state is not None else None
        secrets = self.engine.secrets(state) if state is not None and not self.match.is_over else {}
        letters = [self._letter(m, secrets) for m in new]
        return letters

    def _letter(self, email: EmailMessage, secrets: dict[int, frozenset[str]]) -> Letter:
        assert len(email.to) == 1 and email.to[0] in self.seat_of, email.to
        seat = self.seat_of[email.to[0]]
        found = _OUTBOX_ID.match(email.extra_headers.get("Message-ID", ""))
        assert found, f"an email not sent through the outbox: {email.subject!r}"
        row = Outbox.objects.get(pk=int(found[1]))
        assert row.channel == Outbox.Channel.EMAIL and row.user_id == self.users[seat].pk
        self.kinds[row.kind] += 1
        if row.kind == "your_turn":
            self.your_turn_read[seat] += 1
        self._check_secrets(email, row.payload, seat, secrets)
        letter = Letter(email, row.kind, seat)
        if email.reply_to:
            letter.token = replyaddr.read(email.reply_to[0])
            assert letter.token is not None, f"a reply address we cannot read: {email.reply_to}"
            # bound to the last move the seat may know of (AS-SF-1.6: not another's unseen steps)
            seen = selectors.seen_by(self.match, selectors.Viewer.for_seat(self.match, seat)).seq
            assert (letter.token.seat, letter.token.seq) == (seat, seen), (
                f"{row.kind} email to seat {seat} bound to seat {letter.token.seat} move {letter.token.seq}, "
                f"the seat may know of move {seen}"
            )
            letter.listed = listed_moves(email.body)
            legal = selectors.legal_moves_view(self.match, selectors.Viewer.for_seat(self.match, seat))
            game = [
                (m, text)
                for m, text in zip(legal["moves"], legal["notation"], strict=True)
                if m["kind"] != "orders"
            ]
            assert letter.listed == [text for _, text in game], (
                f"the {row.kind} email to seat {seat} does not number exactly the legal moves but standing orders"
            )
            if len(game) < len(legal["moves"]):  # standing orders: one line says how to set them
                assert "Standing orders (" in email.body, email.body
            letter.numbered = [m for m, _ in game]
            letter.moves, letter.notation = legal["moves"], legal["notation"]
            letter.view = row.payload["context"]["match"]["view"]
            self.latest[seat] = letter
        return letter

    def _check_secrets(
        self, email: EmailMessage, payload: dict[str, Any], seat: int, secrets: dict[int, frozenset[str]]
    ) -> None:
        """No email shown to ``seat`` while the match runs, nor the outbox data it was rendered
        from (the seat's view, moves and log), holds another seat's hidden values."""
        text = "\n".join([email.subject, email.body, *(alt[0] for alt in email.alternatives)])
        data = json.dumps(payload)
        for owner, markers in secrets.items():
            for marker in markers:
                if owner == seat:
                    self.own_markers_seen += contains_marker(data, marker)
                    self.own_markers_in_text += contains_marker(text, marker)
                    continue
                for where, seen in (("email", text), ("outbox data", data)):
                    assert not contains_marker(seen, marker), (
                        f"seat {seat}'s {email.subject!r} ({where}) shows seat {owner}'s hidden {marker}"
                    )
                self.markers_checked += 1

    # -- replying -----------------------------------------------------------------------

    def send(self, letter: Letter, text: str, meant: dict[str, Any]) -> Letter:
        """Reply to ``letter`` with ``text`` for the move ``meant``; return Starpost's answer
        (exactly one, checked). An applied reply must have made exactly that move."""
        before, seq = list(self.match.active_seats), self.match.seq
        raw, message_id = reply_to(letter.email, text)
        self.last = letter.seat
        row = receive(raw, via="command")
        assert row is not None, "a new reply was taken for a duplicate"
        letters = self.read_mail()
        answers = [
            x
            for x in letters
            if x.kind == "reply_result" and x.email.extra_headers.get("In-Reply-To") == message_id
        ]
        self.replies[message_id] = len(answers)
        assert len(answers) == 1, f"{len(answers)} answers to one reply ({text!r})"
        on_turn = not self.match.is_over and letter.seat in self.match.active_seats
        assert (answers[0].token is not None) == on_turn, (
            f"the answer to seat {letter.seat} ({'on' if on_turn else 'not on'} turn) "
            f"{'lacks' if on_turn else 'carries'} a reply address"
        )
        row.refresh_from_db()
        if row.status == InboundEmail.Status.APPLIED:
            assert not row.code, f"reply {text!r}: {row.result}"
            assert self.match.seq == seq + 1, row.result
            entry = LogEntry.objects.get(match=self.match, seq=self.match.seq)
            assert (entry.seat, entry.move) == (letter.seat, meant), (
                f"seat {letter.seat} wrote {text!r} for {meant}; {entry.seat} made {entry.move}"
            )
            self.applied += 1
            if letter.token and letter.token.seq < seq:
                self.applied_late += 1
            if not self.match.is_over:
                for s in set(self.match.active_seats) - set(before):
                    self.your_turn_expected[s] += 1
        else:
            assert self.match.seq == seq, f"a refused reply changed the match: {row.result}"
            # The one refusal a player who replies to their latest email may meet: another
            # seat moved since that email and changed what this player may do (a teammate
            # acting in the same team turn). Anything else is a bug.
            assert row.code == "stale_reply" and letter.token and letter.token.seq < seq, (
                f"seat {letter.seat}'s reply {text!r} to its {letter.kind} email of move "
                f"{letter.token and letter.token.seq} (match at {seq}) was refused: {row.code}: {row.result}"
            )
            self.refusals[row.code] += 1
        return answers[0]

    def remind(self, seat: int) -> bool:
        """The deadline sweeper's reminder, as if the deadline were half an hour away; once per
        deadline, so False if this turn's reminder was sent already."""
        deadline = self.match.seats.get(index=seat).deadline
        assert deadline is not None, f"seat {seat} is on turn without a deadline"
        due = clock.reminders_due(deadline - timedelta(minutes=30))
        mine = [s for s in due if s.match_id == self.match.pk and s.index == seat]
        if not mine:
            return False
        assert play.reminder_send(mine[0])
        self.reminders += 1
        letters = self.read_mail()
        assert [(x.kind, x.seat) for x in letters] == [("reminder", seat)], letters
        assert letters[0].token is not None, "the reminder carries no reply address"
        return True

    def step(self, seat: int) -> None:
        """Player ``seat``, on turn, replies to their latest email with a reply address."""
        letter = self.latest.get(seat)
        assert letter is not None, f"seat {seat} is on turn but no email gave it a reply address"
        move = self.choose(self.rng, seat, letter.moves, letter.view)
        self.send(letter, self.words_for(letter, move), move)

    def words_for(self, letter: Letter, move: dict[str, Any]) -> str:
        """What the player writes: the move's number from the list or its notation, half and half
        (standing orders have no number: always their notation)."""
        if move in letter.numbered and self.style.random() < 0.5:
            self.by_number += 1
            return str(letter.numbered.index(move) + 1)
        self.by_notation += 1
        return letter.notation[letter.moves.index(move)]

    def next_seat(self) -> int:
        """Who replies next: as the API tests do, any seat on turn; but a player who just got an
        answer that leaves them on turn mostly goes on at once, as people do."""
        active = self.match.active_seats
        if self.last in active and self.rng.random() < self.STAY:
            return self.last
        return self.rng.choice(active)

    def play(self, cap: int, remind_every: int = 0) -> None:
        """Reply until the match ends; fail clearly if ``cap`` replies did not end it."""
        for n in range(cap):
            if self.match.is_over:
                return
            seat = self.next_seat()
            if remind_every and n % remind_every == remind_every - 1:
                self.remind(seat)
            self.step(seat)
        if not self.match.is_over:
            pytest.fail(
                f"{self.engine.key} match {self.match.pk} still running after {cap} replies "
                f"(move {self.match.seq}, seats {self.match.active_seats} on turn)"
            )

    # -- the account ----------------------------------------------------------------------

    def check_the_mail_count(self) -> None:
        """Every email sent was read once, and each is one the play called for: one answer per
        reply, one "your turn" each time a seat came on turn, one reminder per reminder due,
        one "match over" per player, and the invitations."""
        assert self.read == len(mail.outbox)
        ids = [m.extra_headers["Message-ID"] for m in mail.outbox]
        assert len(set(ids)) == len(ids), "an email was sent twice"
        rows = Outbox.objects.filter(channel=Outbox.Channel.EMAIL)
        assert rows.count() == len(mail.outbox)
        assert set(rows.values_list("status", flat=True)) == {Outbox.Status.SENT}
        assert all(n == 1 for n in self.replies.values())
        assert self.your_turn_read == self.your_turn_expected
        players = len(self.users)
        assert self.kinds == Counter(
            {
                "invite": players - 1,
                "your_turn": sum(self.your_turn_expected.values()),
                "reply_result": len(self.replies),
                "reminder": self.reminders,
                "match_over": players,
            }
        ), self.kinds

    def check_the_log(self) -> None:
        """Every entry after the set-up is a move made by email, one per applied reply."""
        entries = LogEntry.objects.filter(match=self.match, seq__gt=self.start_seq)
        assert entries.count() == self.applied == self.match.seq - self.start_seq
        assert set(entries.values_list("source", flat=True)) == {"email"}

    def summary(self) -> str:
        refused = ", ".join(f"{code} {n}" for code, n in sorted(self.refusals.items())) or "none"
        return (
            f"{self.engine.key} match {self.match.pk}: {self.applied} moves by email in "
            f"{len(self.replies)} replies ({self.by_number} by number, {self.by_notation} in notation, "
            f"{self.reminders} of them to reminders); {self.applied_late} applied after others moved; "
            f"refused: {refused}; {len(mail.outbox)} emails; "
            f"{self.markers_checked} hidden markers checked absent; seen by their owners "
            f"{self.own_markers_seen} times in the email data, {self.own_markers_in_text} in the text"
        )
