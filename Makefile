# Tablero. Two commands: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_REDIS_URL ?= redis://127.0.0.1:6379/15

.PHONY: run test test-cluster test-slow lint types install messages bench mutation mutation-move-path clean

# Random-playout property tests: a few hundred games in `make test`, thousands in `make test-slow`.
PROPERTY_GAMES ?= 150
# The websocket/API fuzz test's size likewise.
FUZZ_MESSAGES ?= 1000
# TEST_FAST_PASSWORD_HASHING: the suite's users get MD5 hashes instead of PBKDF2's million rounds (config/settings.py).
PROPERTY_ENV = ESTANCIERO_PROPERTY_GAMES=$(PROPERTY_GAMES) ARGENTILANDIA_PROPERTY_GAMES=$(PROPERTY_GAMES) \
	LADRILLAZO_PROPERTY_GAMES=$(PROPERTY_GAMES) FUZZ_MESSAGES=$(FUZZ_MESSAGES) TEST_FAST_PASSWORD_HASHING=1
# Test processes (pytest-xdist): each has its own test database, Redis database, Daphne and Celery worker.
TEST_PROCESSES ?= 3

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
	$(BIN)/lint-imports

# Type checks of games/core and the three engines ([tool.mypy] in pyproject.toml).
types: $(VENV)/.installed-test
	$(BIN)/mypy

# The whole suite on PostgreSQL and Redis, then the embedded-default subset on SQLite.
test: lint types
	$(PROPERTY_ENV) DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		$(BIN)/python -m pytest -n $(TEST_PROCESSES) --dist worksteal -m "not cluster" --durations=25
	env -u DATABASE_URL SQLITE_PATH=$(CURDIR)/.test-embedded.sqlite3 REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		TEST_FAST_PASSWORD_HASHING=1 $(BIN)/python -m pytest -m embedded -p no:cacheprovider

# Two nodes (Daphne processes and a Celery worker each) behind HAProxy, sharing PostgreSQL and Redis
# (tests/fixtures/cluster.py; needs the haproxy binary: Debian's haproxy package). One pytest process (it starts 7 server processes).
# Then the site on a Redis Sentinel group whose primary is killed (tests/fixtures/sentinel.py; Debian's redis-sentinel).
test-cluster: $(VENV)/.installed-test
	DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		TEST_FAST_PASSWORD_HASHING=1 $(BIN)/python -m pytest -p no:cacheprovider -m cluster -s tests/test_cluster.py \
		tests/test_cluster_failover.py games/tests/test_faults_redis_sentinel.py

# The property tests at full size (thousands of random games per ruleset) and a longer fuzz run.
test-slow: PROPERTY_GAMES = 3000
test-slow: FUZZ_MESSAGES = 10000
test-slow: $(VENV)/.installed-test
	$(PROPERTY_ENV) DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		$(BIN)/python -m pytest -p no:cacheprovider -q games/estanciero/tests/test_engine_property.py \
		games/argentilandia/tests/test_engine_property.py games/ladrillazo/tests/test_engine_property.py tests/test_fuzz.py

# Regenerate the translation catalogues (needs GNU gettext) and compile them. Spanish is written in
# locale/es/LC_MESSAGES/django.po itself: new strings arrive there empty and scripts/fill_po.py lists them.
messages: $(VENV)/.installed
	$(BIN)/python manage.py makemessages -l es -l en --no-obsolete --ignore=.venv --ignore=staticfiles --ignore="*/tests/*"
	$(BIN)/python scripts/fill_po.py
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
	nice $(BIN)/python bench/bot_balance.py --games 20 --max-actions 20000
	$(BIN)/python bench/move_path.py --moves 300
	$(BIN)/python bench/table_latency.py --moves 60
	$(BIN)/python bench/push_designs.py --ruleset estanciero

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

# Mutation testing of the move path (games/play/actions.py, games/play/move_writes.py) with its database tests on
# PostgreSQL and Redis (mutation/move_path.toml; `mutmut results`, `show` and `browse` as in docs/TESTING.md, run in the copy). mutmut
# reads only pyproject.toml's [tool.mutmut], so this runs in a copy of the tree (MOVE_PATH_MUTATION_DIR) whose
# [tool.mutmut] is replaced by mutation/move_path.toml; `make mutation` and its mutants/ are untouched. The copy's
# mutants/ is kept: a second run re-tests only what changed. One mutant at a time: the mutants' test sessions share
# one test database name and one Redis database (two runs at once need their own MOVE_PATH_MUTATION_DIR,
# MOVE_PATH_DATABASE_URL and MOVE_PATH_REDIS_URL, each given half the mutants). MUTMUT_ARGS narrows the run, e.g.
# MUTMUT_ARGS='"games.play.actions.x_do_deadline*"'; MOVE_PATH_SOURCE copies another tree (a snapshot).
MOVE_PATH_MUTATION_DIR ?= /tmp/tablero-mutation-move-path
MOVE_PATH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/tablero_mutation_move_path
MOVE_PATH_REDIS_URL ?= redis://127.0.0.1:6379/14
MOVE_PATH_SOURCE ?= $(CURDIR)
mutation-move-path: $(VENV)/.installed-mutation
	mkdir -p $(MOVE_PATH_MUTATION_DIR)
	rsync -a --delete --exclude /.git --exclude /.venv --exclude /mutants --exclude /tmp --exclude /test-artifacts \
		--exclude /staticfiles --exclude __pycache__ --exclude '*.sqlite3*' $(MOVE_PATH_SOURCE)/ $(MOVE_PATH_MUTATION_DIR)/
	$(BIN)/python -c 'import re, sys, tomllib; p, c = sys.argv[1:]; t = open(p).read(); m = open(c).read(); \
		t = re.sub(r"(?ms)^\[tool\.mutmut\]$$.*?(?=^\[|\Z)", "", t).rstrip() + "\n\n" + m; \
		assert tomllib.loads(t)["tool"]["mutmut"] == tomllib.loads(m)["tool"]["mutmut"]; open(p, "w").write(t)' \
		$(MOVE_PATH_MUTATION_DIR)/pyproject.toml $(MOVE_PATH_MUTATION_DIR)/mutation/move_path.toml
	cd $(MOVE_PATH_MUTATION_DIR) && DATABASE_URL=$(MOVE_PATH_DATABASE_URL) REDIS_URL=$(MOVE_PATH_REDIS_URL) \
		DB_POOL_MAX_SIZE=0 DB_CONN_MAX_AGE=0 TEST_FAST_PASSWORD_HASHING=1 $(CURDIR)/$(BIN)/mutmut run --max-children 1 $(MUTMUT_ARGS)
	cd $(MOVE_PATH_MUTATION_DIR) && $(CURDIR)/$(BIN)/mutmut results

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
