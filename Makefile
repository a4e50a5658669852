# proofgrid: the README's two commands.
#   make play   install the project and run its main job
#   make test   install everything the tests need and run every test
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Re-install whenever pyproject.toml changes.
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: play test install lint typecheck pytest bench clean browser

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench,studies,plots,arrow,zstd,cluster]'
	rm -f $(VENV)/.installed-*
	touch $@

# The package's own bytecode, compiled as pip compiles an installed wheel's (an
# editable install is not compiled, and with PYTHONDONTWRITEBYTECODE set every
# command would compile it again at start-up: 0.08 s of a 0.14 s `proofgrid par`).
install: $(STAMP)
	$(BIN)/python -m compileall -q -j 0 src

play: install
	$(BIN)/proofgrid serve

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

# The browser tests drive Debian's Chromium (never a downloaded browser).
# The book tests read PDFs back with poppler's pdftotext.
browser:
	test -x /usr/bin/chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)
	command -v pdftotext >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils)

pytest: install browser
	$(BIN)/python -m pytest -n 2 -q

test: lint typecheck pytest
	node --test tests/js/

bench: install
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache
