# Tablero. Two commands: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_REDIS_URL ?= redis://127.0.0.1:6379/15

.PHONY: run test lint install messages bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements.txt
	touch $@

$(VENV)/.installed-test: requirements-test.txt $(VENV)/.installed
	$(BIN)/pip install -q -r requirements-test.txt
	touch $@

install: $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py seed_demo
	$(BIN)/python scripts/run.py

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

# The whole suite on PostgreSQL and Redis, then the embedded-default subset on SQLite.
test: lint
	DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		$(BIN)/python -m pytest
	env -u DATABASE_URL SQLITE_PATH=$(CURDIR)/.test-embedded.sqlite3 REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		$(BIN)/python -m pytest -m embedded -p no:cacheprovider

# Regenerate the translation catalogues (needs GNU gettext) and compile them.
messages: $(VENV)/.installed
	$(BIN)/python manage.py makemessages -l es -l en --no-obsolete --ignore=.venv --ignore=staticfiles
	$(BIN)/python manage.py compilemessages --ignore=.venv

$(VENV)/.installed-bench: requirements-bench.txt $(VENV)/.installed-test
	$(BIN)/pip install -q -r requirements-bench.txt
	touch $@

# Figures for docs/PERFORMANCE.md.
bench: $(VENV)/.installed-bench
	$(BIN)/python bench/estanciero_random.py --games 200
	$(BIN)/python bench/argentilandia_random.py --games 30
	$(BIN)/python bench/move_path.py --moves 300

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
