# TypedMemEval — every command a user or CI needs. `make help` lists them.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
TME := $(VENV)/bin/typedmemeval
CONFORMANCE ?= ../shared/conformance
export NO_MKDOCS_2_WARNING := 1

.DEFAULT_GOAL := help
.PHONY: help setup test check-code schemas check conformance selftest bench corpora reproduce site serve main clean

help: ## list the targets
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[generate,site,dev]'
	touch $@

setup: $(VENV)/.installed ## create .venv and install the project with every extra

test: setup ## run the whole test suite
	$(PY) -m pytest -q

check-code: setup ## ruff lint, ruff format --check, mypy on the package
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

schemas: setup ## regenerate schemas/*.schema.json from the pydantic models
	$(TME) schema --write

check: setup ## check every shipped corpus and result file
	$(TME) check corpora results --summary --expected corpora/expected-findings.txt

conformance: setup ## audit the peer's corpora in ../shared/conformance and compare with their sidecar
	$(PY) -m checker.conformance $(CONFORMANCE)

selftest: setup ## plant every known defect class into a clean corpus and show each is refused
	$(TME) check --self-test

bench: setup ## performance ratios (not part of make test)
	$(PY) -m checker.bench

corpora: setup ## regenerate every vertical's corpus, sidecar and index entry (gated; refuses to write a failing corpus)
	$(TME) generate --vertical all --out corpora

reproduce: setup ## regenerate every shipped corpus in a temp dir; fail on any byte difference (prints wall time)
	$(PY) -m corpora.generate.core.reproduce corpora

site: setup ## build the site into site/ with mkdocs --strict (any warning fails the build)
	DISABLE_MKDOCS_2_WARNING=true $(VENV)/bin/mkdocs build --strict

serve: setup ## serve the site at http://127.0.0.1:8000, rebuilding on change
	DISABLE_MKDOCS_2_WARNING=true $(VENV)/bin/mkdocs serve --strict --dev-addr 127.0.0.1:8000

main: check ## the main job: check shipped corpora and results, then build the site
	$(MAKE) site

clean: ## remove the virtual environment and build outputs
	rm -rf $(VENV) site .pytest_cache .mypy_cache .ruff_cache
