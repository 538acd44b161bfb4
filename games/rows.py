"""The move path's statements, written out: single-row INSERT and UPDATE, and the seats
with their players (the match row's lock is built from these in games.play.locking).

Each move locks the match row (reading the mover's seat with it), writes a log entry,
updates the match row and, when the turn changes, reads the seats with their players and
updates the clocks of two seats. Through ``Model.save`` or ``QuerySet.update`` Django spends more CPU building
each of these statements than the database spends running it; here the statement text is
built once per shape and the values are still prepared by the model's own fields
(``get_db_prep_save``), so JSON, binary, durations and datetimes are stored exactly as the
ORM stores them on PostgreSQL and SQLite. No model here has save signals or custom
``save`` methods, which these statements would skip. Only the write path (games.play)
writes matches, seats and log entries with them (``make lint`` checks it).

``seats_with_players`` (and the lock) build model objects the way the ORM does
(``Model.from_db`` after each field's database converters); the seats come with their
players and preferences cached as ``select_related("user", "user__prefs")`` would.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Field, Model
from django.utils import timezone

from accounts.models import NotificationPrefs, User, Vacation

from .models import Seat

M = TypeVar("M", bound=Model)
Converter = Callable[[Any, Any, Any], Any]
Columns = tuple[str, list[str], list[tuple[Any, list[Converter]]]]


def _column(field: Field[Any, Any]) -> str:
    """A concrete field's column (Django leaves it None only on fields that have none)."""
    assert field.column is not None, field
    return field.column


def _concrete(model: type[Model], name: str) -> Field[Any, Any]:
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or not field.concrete:
        raise ValueError(f"{model.__name__}.{name} is not a column")
    return field


@cache
def _update_sql(model: type[Model], names: tuple[str, ...]) -> tuple[str, list[Field[Any, Any]]]:
    q = connection.ops.quote_name
    fields = [_concrete(model, name) for name in names]
    sets = ", ".join(f"{q(_column(f))} = %s" for f in fields)
    table, pk = q(model._meta.db_table), q(_column(model._meta.pk))
    return f"UPDATE {table} SET {sets} WHERE {pk} = %s", fields  # noqa: S608 (names from model metadata)


def update_row(model: type[Model], pk: Any, values: Mapping[str, Any]) -> None:
    """``UPDATE model SET name = value, ... WHERE pk = pk`` (values as Python objects)."""
    sql, fields = _update_sql(model, tuple(values))
    params = [f.get_db_prep_save(values[f.name], connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, pk])


@cache
def _insert_sql(model: type[Model]) -> tuple[str, list[Field[Any, Any]]]:
    q = connection.ops.quote_name
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(q(_column(f)) for f in fields)
    values = ", ".join(["%s"] * len(fields))
    table, pk = q(model._meta.db_table), q(_column(model._meta.pk))
    return f"INSERT INTO {table} ({columns}) VALUES ({values}) RETURNING {pk}", fields  # noqa: S608 (as above)


def insert_row(obj: Model) -> None:
    """``INSERT`` every concrete field of ``obj`` and set its primary key from RETURNING."""
    sql, fields = _insert_sql(type(obj))
    params: Sequence[Any] = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        obj.pk = cursor.fetchone()[0]
    obj._state.adding = False
    obj._state.db = connection.alias


# -- the seats of a match with their players ------------------------------------------


@cache
def columns(model: type[Model], alias: str) -> Columns:
    """``alias.col, ...`` for the model's concrete fields, their attnames and converters."""
    q = connection.ops.quote_name
    fields = model._meta.concrete_fields
    select = ", ".join(f"{alias}.{q(_column(f))}" for f in fields)
    converters = []
    for f in fields:
        col = f.get_col(alias)
        converters.append((col, connection.ops.get_db_converters(col) + col.get_db_converters(connection)))
    return select, [f.attname for f in fields], converters


def build(model: type[M], alias: str, values: list[Any]) -> M:
    _, names, converters = columns(model, alias)
    out = []
    for value, (col, convs) in zip(values, converters, strict=True):
        for conv in convs:
            value = conv(value, col, connection)
        out.append(value)
    return model.from_db(connection.alias, names, out)


@cache
def _sql() -> str:
    q = connection.ops.quote_name
    seat_cols, _, _ = columns(Seat, "s")
    user_cols, _, _ = columns(User, "u")
    prefs_cols, _, _ = columns(NotificationPrefs, "p")
    return (
        f"SELECT {seat_cols}, {user_cols}, {prefs_cols},"  # noqa: S608 (names from model metadata; values are parameters)
        f" EXISTS (SELECT 1 FROM {q(Vacation._meta.db_table)} v"
        f" WHERE v.user_id = s.user_id AND v.{q('end')} > %s)"
        f" FROM {q(Seat._meta.db_table)} s"
        f" LEFT OUTER JOIN {q(User._meta.db_table)} u ON u.id = s.user_id"
        f" LEFT OUTER JOIN {q(NotificationPrefs._meta.db_table)} p ON p.user_id = u.id"
        f" WHERE s.match_id = %s ORDER BY s.{q('index')}"
    )


def seats_with_players(match_id: int) -> list[Seat]:
    """The seats in order; ``seat.user`` and ``seat.user.prefs`` loaded (a user without saved
    preferences raises DoesNotExist on ``.prefs``, as with select_related), plus
    ``seat.has_vacation`` (a vacation not yet over)."""
    n_seat = len(Seat._meta.concrete_fields)
    n_user = len(User._meta.concrete_fields)
    n_prefs = len(NotificationPrefs._meta.concrete_fields)
    vacation_end = Vacation._meta.get_field("end").get_db_prep_value(timezone.now(), connection)
    with connection.cursor() as cursor:
        cursor.execute(_sql(), [vacation_end, match_id])
        rows = cursor.fetchall()
    seats = []
    for row in rows:
        row = list(row)
        seat = build(Seat, "s", row[:n_seat])
        user_values = row[n_seat : n_seat + n_user]
        prefs_values = row[n_seat + n_user : n_seat + n_user + n_prefs]
        (has_vacation,) = row[n_seat + n_user + n_prefs :]
        if user_values[0] is None:
            user = None
        else:
            user = build(User, "u", user_values)
            prefs = None if prefs_values[0] is None else build(NotificationPrefs, "p", prefs_values)
            User.prefs.related.set_cached_value(user, prefs)
            if prefs is not None:
                NotificationPrefs.user.field.set_cached_value(prefs, user)
        Seat.user.field.set_cached_value(seat, user)
        seat.has_vacation = bool(has_vacation)
        seats.append(seat)
    return seats
