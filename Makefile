# Two commands matter: `make lab` to study, `make test` to check everything.
# Both create .venv from pyproject.toml when it is missing or older than pyproject.toml: make lab
# installs what a student needs, make test adds the development and browser tools.

# The first Python 3.11 or newer on the PATH; or name one: make lab PYTHON=/usr/bin/python3.12
PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
	2>/dev/null; then echo $$p; break; fi; done)
VENV   := .venv
BIN    := $(VENV)/bin
LAB_STAMP := $(VENV)/.installed-lab
DEV_STAMP := $(VENV)/.installed-dev
BOOK_STAMP := $(VENV)/.installed-book
PYTEST := $(BIN)/python -m pytest
NBVAL  := --nbval-current-env --nbval-sanitize-with nbval_sanitize.cfg --nbval-cell-timeout=300 -p no:randomly
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

NB ?= notebooks/02_sevens.ipynb

.PHONY: help venv lab demo test lint typecheck unit no-make-route notebooks-check exercises-check browser exercises notebooks book book-check book-publish bench clean

help:
	@echo "make lab        open JupyterLab on the notebooks (creates .venv if needed)"
	@echo "make demo NB=notebooks/02_sevens.ipynb   a notebook as an app (Voila): code hidden, widgets live"
	@echo "make test       every check: lint, types, unit, notebooks (nbval), exercises, browser"
	@echo "make exercises  regenerate exercises/ from solutions/"
	@echo "make notebooks  re-execute and store the outputs of notebooks/ and solutions/"
	@echo "make book       build the series as a static site into _build/book/ (open index.html)"
	@echo "make book-publish REMOTE=origin   build it and put it on the remote's gh-pages branch"
	@echo "make bench      run the benchmarks"

# Make .venv with a Python 3.11 or newer; a .venv of an older Python is made again.
define ensure_venv
	@if [ -z "$(PYTHON)" ] || ! $(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
		echo "make: needs Python 3.11 or newer; found '$(PYTHON)' ($$(python3 --version 2>&1))." >&2; \
		echo "Install one, or name it: make $(or $(MAKECMDGOALS),lab) PYTHON=/path/to/python3.12" >&2; exit 1; fi
	@if [ -x $(BIN)/python ] && ! $(BIN)/python -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
		echo "make: .venv has $$($(BIN)/python --version 2>&1): making it again with $(PYTHON)"; rm -rf $(VENV); fi
	@test -x $(BIN)/python || { echo "make: creating .venv with $$($(PYTHON) --version) ($(PYTHON))"; \
		$(PYTHON) -m venv $(VENV); }
	$(BIN)/python -m pip install --quiet --upgrade pip
endef

# A student's install: the library, JupyterLab, the kernel and Voila.
$(LAB_STAMP): pyproject.toml
	$(ensure_venv)
	$(BIN)/python -m pip install --quiet -e '.[lab]'
	touch $@

# The developer's install: everything make test needs (it includes the student's).
$(DEV_STAMP): pyproject.toml
	$(ensure_venv)
	$(BIN)/python -m pip install --quiet -e '.[dev,browser,book]'
	touch $@ $(LAB_STAMP) $(BOOK_STAMP)

# The book's tools: Sphinx, myst-nb and the book theme (MathJax comes from npm: build_book.py).
$(BOOK_STAMP): pyproject.toml
	$(ensure_venv)
	$(BIN)/python -m pip install --quiet -e '.[book]'
	touch $@

venv: $(DEV_STAMP)

lab: $(LAB_STAMP)
	$(BIN)/jupyter lab --ip=127.0.0.1 $(ROOT_FLAG) --ServerApp.root_dir=. \
		--LabApp.default_url=/lab/tree/notebooks/00_cards_and_chance.ipynb

# Lecture mode: the notebook runs as an app, code hidden, widgets and plots shown. Voila listens
# on 127.0.0.1 only, with a token; open the link it prints. Stop it with Ctrl-C. Its options
# (idle kernels of pages left are shut down) are in solitaire_lib/lecture.py, which the tests use.
demo: $(LAB_STAMP)
	$(BIN)/python -m solitaire_lib.lecture $(NB)

test: $(DEV_STAMP) lint typecheck exercises-check unit unit-pure no-make-route notebooks-check book-check browser
	@echo "make test: all checks passed"

lint: $(DEV_STAMP)
	$(BIN)/ruff check solitaire_lib tests tools benchmarks book notebooks solutions
	$(BIN)/ruff format --check solitaire_lib tests tools benchmarks book

typecheck: $(DEV_STAMP)
	$(BIN)/mypy

exercises-check: $(DEV_STAMP)
	$(BIN)/python tools/make_exercises.py --check
	$(BIN)/python tools/clean_notebooks.py --check notebooks/*.ipynb solutions/*.ipynb exercises/*.ipynb

unit: $(DEV_STAMP)
	$(PYTEST) -q -n auto --durations=25 --doctest-modules solitaire_lib tools tests --ignore=tests/browser \
		--ignore=tests/install --ignore=tests/book

# The README's install lines without make, run as written in a new venv (pip's index and cache).
no-make-route: $(DEV_STAMP)
	$(PYTEST) -q --doctest-modules tests/install

# The fast simulations again without the compiler: the same results in pure Python.
unit-pure: $(DEV_STAMP)
	SOLITAIRE_PURE_PYTHON=1 $(PYTEST) -q tests/test_fast_simulations.py

notebooks-check: $(DEV_STAMP)
	$(PYTEST) -q -n auto --durations=10 --dist loadfile --nbval $(NBVAL) notebooks solutions
	$(PYTEST) -q --nbval-lax $(NBVAL) exercises

# Two test files at a time (each worker has its own JupyterLab): the tests wait on kernels and
# the browser more than they compute.
browser: $(DEV_STAMP)
	$(PYTEST) -q -n 2 --durations=10 --dist loadfile tests/browser

# The series as a static site, from the notebooks' stored outputs (no cell runs): Sphinx with
# myst-nb and the book theme, warnings as errors, MathJax served by the site itself. Open
# _build/book/index.html; publish the folder as it is (README: GitHub Pages).
book: $(BOOK_STAMP)
	$(BIN)/python tools/build_book.py

# Build the book and put it on the gh-pages branch of REMOTE (origin unless named), which GitHub
# Pages serves (Settings > Pages > Deploy from a branch: gh-pages, / (root)).
REMOTE ?= origin
book-publish: $(BOOK_STAMP)
	$(BIN)/python tools/build_book.py --fresh --publish $(REMOTE)

# Builds the book (on top of the last build) and checks every page: nothing loaded from another
# host, every internal link and anchor resolves, every image has alt text, no solution published.
book-check: $(DEV_STAMP)
	$(PYTEST) -q -p no:xdist --doctest-modules tests/book

exercises: $(DEV_STAMP)
	$(BIN)/python tools/make_exercises.py

notebooks: $(DEV_STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace notebooks/*.ipynb solutions/*.ipynb
	$(BIN)/python tools/clean_notebooks.py notebooks/*.ipynb solutions/*.ipynb
	$(BIN)/python tools/make_exercises.py

bench: $(DEV_STAMP)
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/players.py --seed 2026
	$(BIN)/python benchmarks/grading.py
	$(BIN)/python benchmarks/checks.py

clean:
	rm -rf $(VENV) _build book/node_modules artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis
