# The README's commands. `make run` and `make test` set everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup run test test-fast lint bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)
	./scripts/setup-system.sh

# For now: render every example to build/ (the playground arrives with the app).
run: setup
	@mkdir -p build
	@for f in examples/*.ui; do \
	  $(BIN)/ui4a render "$$f" --standalone -o "build/$$(basename "$$f" .ui).html" || exit 1; \
	done
	@$(BIN)/python scripts/gallery_index.py build
	@echo "Open file://$(CURDIR)/build/index.html"

test: setup
	$(BIN)/python -m pytest

test-fast: setup
	$(BIN)/python -m pytest -m "not slow and not browser"

lint: setup
	$(BIN)/ruff check .

bench: setup
	$(BIN)/python -m bench.parse_speed
	$(BIN)/ui4a tokens examples/

clean:
	rm -rf build .pytest_cache .ruff_cache .hypothesis
