# `make reproduce`: every notebook, run headlessly by papermill, in thesis order.
# Each step re-runs only when its notebook, the package or its input data changed.
R := results
PKG := $(wildcard pawnslib/*.py) pyproject.toml
NB_RUN = @mkdir -p $(R)/notebooks $(R)/html $(R)/logs; start=$$(date +%s); \
	$(PY) -m papermill -k pawnslib --log-output -p SEED $(SEED) -p RESULTS $(CURDIR)/$(R) $(2) $< $@ > $(R)/logs/$(notdir $@).log 2>&1 \
	  || { tail -30 $(R)/logs/$(notdir $@).log; exit 1; }; \
	$(PY) -m jupyter nbconvert --to html --log-level WARN --output-dir $(R)/html $@; \
	echo "$(notdir $@) $$(( $$(date +%s) - start ))s" >> $(R)/logs/timings.txt

NOTEBOOKS := 02_bayesian_networks 03_minimax 04_pawns 07_features
RUNS := $(patsubst %,$(R)/notebooks/%.ipynb,$(NOTEBOOKS))

reproduce: .venv/stamp
	@rm -f $(R)/logs/timings.txt
	$(MAKE) --no-print-directory $(RUNS)
	@echo "step times (this run):"; cat $(R)/logs/timings.txt 2>/dev/null || echo "  nothing to re-run"

$(R)/notebooks/%.ipynb: notebooks/%.ipynb $(PKG) .venv/stamp
	$(call NB_RUN,,)

clean-results:
	rm -rf $(R)/tables $(R)/figures $(R)/notebooks $(R)/html $(R)/logs
