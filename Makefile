# tingpai: `make serve` starts the main job, `make test` sets up and runs every check.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: serve test lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install -q -e '.[dev,bench]'
	touch $(BENCH_STAMP)

serve: $(STAMP)
	$(VENV)/bin/tingpai play

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(VENV)/bin/mypy --strict src

pytest: $(STAMP)
	$(VENV)/bin/pytest

bench: $(BENCH_STAMP)
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
