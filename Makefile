# tingpai: `make serve` starts the main job, `make test` sets up and runs every check.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench
SERVE_STAMP := $(VENV)/.installed-server

HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: serve test lint typecheck pytest postgres chromium bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,server]'
	touch $(STAMP)

$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install -q -e '.[dev,server,bench]'
	touch $(BENCH_STAMP)

# What `make serve` needs: the package and its server extra (not the test tools).
$(SERVE_STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[server]'
	touch $(SERVE_STAMP)

# The browser table: set up .venv with the server extra and serve it.
serve: $(SERVE_STAMP)
	@echo "tingpai: open http://$(HOST):$(PORT)/ in your browser (Ctrl-C stops the server)"
	$(VENV)/bin/tingpai serve --host $(HOST) --port $(PORT)

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks tools conftest.py

typecheck: $(STAMP)
	$(VENV)/bin/mypy --strict src tools/fit_tells.py tools/reading_bound.py tools/deal_in_prices.py tools/deal_in_anatomy.py tools/deviation_value.py

pytest: $(STAMP) postgres chromium
	TINGPAI_REQUIRE_POSTGRES=1 TINGPAI_REQUIRE_BROWSER=1 $(VENV)/bin/pytest

# The server's tests start a throwaway PostgreSQL 15 cluster; install it when missing.
postgres:
	@test -x /usr/lib/postgresql/15/bin/initdb || { \
	  echo "installing PostgreSQL 15 for the server tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }

# The browser tests drive Debian's Chromium (never a browser Playwright downloads) and need a
# CJK font for the Chinese pages; install both when missing.
chromium:
	@test -x /usr/bin/chromium && fc-list :lang=zh 2>/dev/null | grep -q . || { \
	  echo "installing Chromium and a CJK font for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium fonts-wqy-microhei; }

bench: $(BENCH_STAMP)
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
