# tingpai: `make serve` starts the main job, `make test` sets up and runs every check.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: serve test lint typecheck pytest postgres bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,server]'
	touch $(STAMP)

$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install -q -e '.[dev,server,bench]'
	touch $(BENCH_STAMP)

serve: $(STAMP)
	$(VENV)/bin/tingpai play

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(VENV)/bin/mypy --strict src

pytest: $(STAMP) postgres
	TINGPAI_REQUIRE_POSTGRES=1 $(VENV)/bin/pytest

# The server's tests start a throwaway PostgreSQL 15 cluster; install it when missing.
postgres:
	@test -x /usr/lib/postgresql/15/bin/initdb || { \
	  echo "installing PostgreSQL 15 for the server tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }

bench: $(BENCH_STAMP)
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
