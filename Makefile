# Starpost: `make run` serves the embedded default, `make test` runs the tests.
# Both set everything up on a fresh machine with Python 3.11 and make.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
UV_VERSION := 0.13.9
HOST ?= 127.0.0.1
PORT ?= 8000

# Tests run against real services (see README, "Tests").
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/starpost
TEST_BROKER_URL ?= redis://127.0.0.1:6379/15
# Test processes (pytest-xdist): one per core; the browser and real-worker tests run one
# after another in one of them (tests/conftest.py, SERIAL). TEST_JOBS=0 runs all in one.
TEST_JOBS ?= auto


.PHONY: run test test-clock lint check bench bench-notify verify-matches worker beat serve clean browser services

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.synced: pyproject.toml uv.lock | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check "uv==$(UV_VERSION)"
	UV_PROJECT_ENVIRONMENT=$(VENV) $(BIN)/uv sync --frozen --inexact --python $(BIN)/python
	touch $@

## run: the embedded default — SQLite, in-process tasks, email to console and var/mail, demo data
# STARPOST_EMBEDDED=1 asks for the embedded default: a random key made once in var/, static
# files from the source. Debugging pages only with `make run DJANGO_DEBUG=1`.
run: export STARPOST_EMBEDDED ?= 1
run: $(VENV)/.synced
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py vapid_keys --if-missing
	$(BIN)/python manage.py seed_demo
	@echo "Starpost on http://$(HOST):$(PORT)/ — demo users alice / bob, password 'starpost'"
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

## test: the whole suite against PostgreSQL and Redis (override TEST_DATABASE_URL / TEST_BROKER_URL)
test: $(VENV)/.synced browser services
	DATABASE_URL=$(TEST_DATABASE_URL) CELERY_BROKER_URL=$(TEST_BROKER_URL) \
		$(BIN)/pytest -n $(TEST_JOBS) --dist loadgroup --durations=25 $(PYTEST_ARGS)

## test-clock: the tests marked `clock` again at each instant of .ci/clock-times (CI runs it)
test-clock: $(VENV)/.synced services
	@grep -v '^#' .ci/clock-times | while read -r now; do \
		echo "== clock tests at $$now"; \
		STARPOST_TEST_NOW=$$now DATABASE_URL=$(TEST_DATABASE_URL) CELERY_BROKER_URL=$(TEST_BROKER_URL) \
			$(BIN)/pytest -m clock -q -p no:cacheprovider --reuse-db || exit 1; \
	done

## services: start PostgreSQL and Redis on this machine if they are down (tools/services.sh)
services:
	-@bash tools/services.sh

## browser: Debian's Chromium for the browser test (installed when we may, never downloaded)
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else echo "Chromium is missing: install Debian's 'chromium' package for the browser test"; fi; }

## lint: ruff, the import contracts (engines are pure; app layers; layers inside games),
## the write-path check (only games/play/ writes matches, seats and log entries) and mypy
## (strict on the engines built from the kit, the django plugin elsewhere; pyproject.toml)
lint: $(VENV)/.synced
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python tools/check_writes.py
	$(BIN)/mypy

check: lint test

## bench: the benchmarks in bench/ (see README, "Benchmarks")
bench: $(VENV)/.synced
	DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/python bench/run.py

## bench-notify: commit -> SMTP accepted latency with a real worker and broker
bench-notify: $(VENV)/.synced
	DATABASE_URL=$(TEST_DATABASE_URL) $(BIN)/python bench/notify_latency.py

verify-matches: $(VENV)/.synced
	$(BIN)/python manage.py verify_matches

## worker / beat / serve: the production processes (configure them with the README's variables)
worker: $(VENV)/.synced
	$(BIN)/celery -A config worker --loglevel=INFO

beat: $(VENV)/.synced
	$(BIN)/celery -A config beat --loglevel=INFO

serve: $(VENV)/.synced
	$(BIN)/python manage.py collectstatic --noinput
	$(BIN)/gunicorn config.wsgi --bind $(HOST):$(PORT) --workers 4 --access-logfile -

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis .ruff_cache
