# Two commands matter: `make lab` to study, `make test` to check everything.
# Both create .venv from pyproject.toml when it is missing or older than pyproject.toml.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PYTEST := $(BIN)/python -m pytest
NBVAL  := --nbval-current-env --nbval-sanitize-with nbval_sanitize.cfg --nbval-cell-timeout=300 -p no:randomly
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

NB ?= notebooks/02_sevens.ipynb

.PHONY: help venv lab demo test lint typecheck unit notebooks-check exercises-check browser exercises notebooks bench clean

help:
	@echo "make lab        open JupyterLab on the notebooks (creates .venv if needed)"
	@echo "make demo NB=notebooks/02_sevens.ipynb   a notebook as an app (Voila): code hidden, widgets live"
	@echo "make test       every check: lint, types, unit, notebooks (nbval), exercises, browser"
	@echo "make exercises  regenerate exercises/ from solutions/"
	@echo "make notebooks  re-execute and store the outputs of notebooks/ and solutions/"
	@echo "make bench      run the benchmarks"

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,browser]'
	touch $(STAMP)

venv: $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --ip=127.0.0.1 $(ROOT_FLAG) --ServerApp.root_dir=. \
		--LabApp.default_url=/lab/tree/notebooks/00_cards_and_chance.ipynb

# Lecture mode: the notebook runs as an app, code hidden, widgets and plots shown. Voila listens
# on 127.0.0.1 only, with a token; open the link it prints. Stop it with Ctrl-C.
demo: $(STAMP)
	cd $(dir $(NB)) && $(abspath $(BIN))/voila $(notdir $(NB)) --no-browser --Voila.ip=127.0.0.1 \
		--token --show_tracebacks=True

test: $(STAMP) lint typecheck exercises-check unit unit-pure notebooks-check browser
	@echo "make test: all checks passed"

lint: $(STAMP)
	$(BIN)/ruff check solitaire_lib tests tools benchmarks notebooks solutions
	$(BIN)/ruff format --check solitaire_lib tests tools benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

exercises-check: $(STAMP)
	$(BIN)/python tools/make_exercises.py --check
	$(BIN)/python tools/clean_notebooks.py --check notebooks/*.ipynb solutions/*.ipynb exercises/*.ipynb

unit: $(STAMP)
	$(PYTEST) -q -n auto --doctest-modules solitaire_lib tools tests --ignore=tests/browser

# The fast simulations again without the compiler: the same results in pure Python.
unit-pure: $(STAMP)
	SOLITAIRE_PURE_PYTHON=1 $(PYTEST) -q tests/test_fast_simulations.py

notebooks-check: $(STAMP)
	$(PYTEST) -q -n auto --dist loadfile --nbval $(NBVAL) notebooks solutions
	$(PYTEST) -q --nbval-lax $(NBVAL) exercises

browser: $(STAMP)
	$(PYTEST) -q tests/browser

exercises: $(STAMP)
	$(BIN)/python tools/make_exercises.py

notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace notebooks/*.ipynb solutions/*.ipynb
	$(BIN)/python tools/clean_notebooks.py notebooks/*.ipynb solutions/*.ipynb
	$(BIN)/python tools/make_exercises.py

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/players.py
	$(BIN)/python benchmarks/grading.py

clean:
	rm -rf $(VENV) artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
