# rakestats: two commands on a fresh machine — `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: venv test test-all lint typecheck unit unit-all demo bench sample-data fuzz clean

# setup.py compiles the ingest's hot modules (rakestats/_speedups): rebuild when they change.
# Their files are read from the one list of them, _speedups.HOT ("c_name": "module",).
HOT_MODULES := $(shell sed -n 's/^ *"c_[a-z_]*": "\(rakestats[a-z_.]*\)",$$/\1/p' rakestats/_speedups/__init__.py)
HOT_SOURCES := setup.py rakestats/_speedups/__init__.py $(addsuffix .py,$(subst .,/,$(HOT_MODULES)))

$(STAMP): pyproject.toml $(HOT_SOURCES)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	@echo "rakestats: installing into $(VENV), compiling the ingest's hot modules with mypyc (under a minute; RAKESTATS_PURE_PYTHON=1 installs pure Python)"
	$(PY) -m pip install --quiet -e '.[test,bench,dask]'
	touch $(STAMP)

venv: $(STAMP)

lint: $(STAMP)
	$(VENV)/bin/ruff check rakestats tests benchmarks
	$(VENV)/bin/ruff format --check rakestats tests benchmarks
	$(VENV)/bin/lint-imports

typecheck: $(STAMP)
	$(VENV)/bin/mypy rakestats

# `make test`: everything but the tests marked slow (kills, fuzzing, calibration, Dask,
# notebooks, browsers, PDFs; see tests/conftest.py), each property test with a fifth of
# its examples (tests/_hypothesis.py), in two processes (pytest-xdist; a test file stays
# in one, so that its module fixtures are built once). `make test-all` (and CI): the
# whole suite, in full, in one process.
unit: $(STAMP)
	$(VENV)/bin/pytest -q -p no:cacheprovider -m "not slow" --hypothesis-profile quick \
		-n 2 --dist loadfile

unit-all: $(STAMP)
	$(VENV)/bin/pytest -q -p no:cacheprovider

test: lint typecheck unit

test-all: lint typecheck unit-all

DEMO_OUT ?= demo_out

demo: $(STAMP)
	$(VENV)/bin/rakestats demo --sample-data sample_data --out $(DEMO_OUT)

bench: $(STAMP)
	$(PY) benchmarks/run_all.py

# A longer fuzz campaign and a long kill test (figures in docs/reliability.md).
FUZZ_SECONDS    ?= 240
ATHERIS_SECONDS ?= 60
FUZZ_EXAMPLES   ?= 3000
KILLS           ?= 100

fuzz: $(STAMP)
	$(PY) benchmarks/fuzz.py --seconds $(FUZZ_SECONDS) --atheris-seconds $(ATHERIS_SECONDS)
	RAKESTATS_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(VENV)/bin/pytest -q -p no:cacheprovider \
		tests/formats/rake/test_fuzz_parse.py tests/warehouse/test_fuzz_ingest.py
	RAKESTATS_KILLS=$(KILLS) RAKESTATS_KILL_RERUN_EVERY=5 $(VENV)/bin/pytest -q -s \
		-p no:cacheprovider tests/warehouse/test_hardening_kill.py

sample-data: $(STAMP)
	$(VENV)/bin/rakestats sample-data --out sample_data

clean:
	rm -rf $(VENV) $(DEMO_OUT) .pytest_cache .mypy_cache .ruff_cache .hypothesis build
	rm -f rakestats/_speedups/c_*.py rakestats/_speedups/*.so
