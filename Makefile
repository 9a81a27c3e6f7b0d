# Tablero. Two commands: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_REDIS_URL ?= redis://127.0.0.1:6379/15

.PHONY: run test test-slow lint install messages bench mutation clean

# Random-playout property tests: a few hundred games in `make test`, thousands in `make test-slow`.
PROPERTY_GAMES ?= 300
# The websocket/API fuzz test's size likewise.
FUZZ_MESSAGES ?= 1600
# TEST_FAST_PASSWORD_HASHING: the suite's users get MD5 hashes instead of PBKDF2's million rounds (config/settings.py).
PROPERTY_ENV = ESTANCIERO_PROPERTY_GAMES=$(PROPERTY_GAMES) ARGENTILANDIA_PROPERTY_GAMES=$(PROPERTY_GAMES) \
	LADRILLAZO_PROPERTY_GAMES=$(PROPERTY_GAMES) FUZZ_MESSAGES=$(FUZZ_MESSAGES) TEST_FAST_PASSWORD_HASHING=1
# Test processes (pytest-xdist): each has its own test database, Redis database, Daphne and Celery worker.
TEST_PROCESSES ?= 2

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
	$(PROPERTY_ENV) DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		$(BIN)/python -m pytest -n $(TEST_PROCESSES) --dist worksteal
	env -u DATABASE_URL SQLITE_PATH=$(CURDIR)/.test-embedded.sqlite3 REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		TEST_FAST_PASSWORD_HASHING=1 $(BIN)/python -m pytest -m embedded -p no:cacheprovider

# The property tests at full size (thousands of random games per ruleset) and a longer fuzz run.
test-slow: PROPERTY_GAMES = 3000
test-slow: FUZZ_MESSAGES = 10000
test-slow: $(VENV)/.installed-test
	$(PROPERTY_ENV) DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		$(BIN)/python -m pytest -p no:cacheprovider -q games/estanciero/tests/test_engine_property.py \
		games/argentilandia/tests/test_engine_property.py games/ladrillazo/tests/test_engine_property.py tests/test_fuzz.py

# Regenerate the translation catalogues (needs GNU gettext), fill Spanish from scripts/i18n/*.py, compile.
messages: $(VENV)/.installed
	$(BIN)/python manage.py makemessages -l es -l en --no-obsolete --ignore=.venv --ignore=staticfiles --ignore="*/tests/*"
	$(BIN)/python scripts/fill_po.py $$(ls scripts/i18n/*.py 2>/dev/null)
	$(BIN)/python manage.py compilemessages --ignore=.venv

$(VENV)/.installed-bench: requirements-bench.txt $(VENV)/.installed-test
	$(BIN)/pip install -q -r requirements-bench.txt
	touch $@

# Figures for docs/PERFORMANCE.md.
bench: $(VENV)/.installed-bench
	$(BIN)/python bench/estanciero_random.py --games 200
	$(BIN)/python bench/argentilandia_random.py --games 30
	$(BIN)/python bench/ladrillazo_random.py --games 200
	$(BIN)/python bench/engine_speed.py --games 20
	$(BIN)/python bench/argentilandia_bots.py --games 20
	$(BIN)/python bench/move_path.py --moves 300
	$(BIN)/python bench/table_latency.py --moves 60

$(VENV)/.installed-mutation: requirements-mutation.txt $(VENV)/.installed-test
	$(BIN)/pip install -q -r requirements-mutation.txt
	touch $@

# Mutation testing of the engines and games/core with the pure engine tests ([tool.mutmut] in pyproject.toml,
# docs/TESTING.md). Slow (an hour or more); not part of `make test`. No PostgreSQL: the tests it runs are pure.
# MUTMUT_ARGS narrows the run, e.g. MUTMUT_ARGS='"games.estanciero.engine.auction.*"'.
MUTATION_CHILDREN ?= 2
MUTMUT_ARGS ?=
mutation: $(VENV)/.installed-mutation
	env -u DATABASE_URL SQLITE_PATH=$(CURDIR)/.mutation.sqlite3 $(BIN)/mutmut run --max-children $(MUTATION_CHILDREN) $(MUTMUT_ARGS)
	$(BIN)/mutmut results

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
