# `make reproduce`: the expensive steps (Harmony*, tournaments, EM), then every notebook, run
# headlessly by papermill in thesis order, each rendered to HTML. A step re-runs only when the
# code it uses, its notebook, or the data it reads changed; `results/logs/timings.txt` times each.
R := results
RUNS := $(R)/runs
DATA := $(R)/data
CORE := pawnslib/game.py pawnslib/search.py pawnslib/strategies.py pawnslib/records.py pawnslib/tournament.py \
	pawnslib/config.py
MODEL := $(CORE) pawnslib/rows.py pawnslib/discretise.py pawnslib/em.py pawnslib/dbn.py pawnslib/modelfile.py \
	pawnslib/recognition.py pawnslib/pe.py pawnslib/predict.py pawnslib/pipeline.py
ASYM := $(MODEL) pawnslib/asym.py
CLI = $(PY) -m pawnslib
# SEED and JOBS (Makefile) are passed only when set; else the command line and the notebooks use pawnslib/config.py's.
ARGS = --results $(R) $(if $(SEED),--seed $(SEED)) $(if $(JOBS),--jobs $(JOBS))
# $(call timed,name,command): run, log the seconds it took.
timed = @mkdir -p $(R)/logs; start=$$(date +%s); $(2) && echo "$(1) $$(( $$(date +%s) - start ))s" >> $(R)/logs/timings.txt

NOTEBOOKS := 02_bayesian_networks 03_minimax 04_pawns 07_features 08_dbn 10_harmony_search \
	11_asymmetric_game_tree 12_reproduction_report
NB_OUT := $(patsubst %,$(R)/notebooks/%.ipynb,$(NOTEBOOKS))

reproduce: .venv/stamp
	@mkdir -p $(R)/logs && rm -f $(R)/logs/timings.txt
	@$(MAKE) --no-print-directory $(NB_OUT)
	@echo "step times (this run):"; cat $(R)/logs/timings.txt 2>/dev/null || echo "  all up to date"

# --- expensive steps -------------------------------------------------------------------------
$(DATA)/harmony/done: $(CORE) pawnslib/harmony.py pawnslib/pipeline.py
	rm -rf $(DATA)/harmony
	$(call timed,harmony,$(CLI) harmony $(ARGS))
	touch $@
# Harmony* rewrites the strategy file only when it found other strategies, so what follows re-runs only then.
$(DATA)/strategies_harmony.json: $(DATA)/harmony/done ;

$(RUNS)/thesis_minimax/done: $(CORE)
$(RUNS)/harmony_minimax/done: $(CORE) $(DATA)/strategies_harmony.json
$(RUNS)/%_minimax/done:
	rm -rf $(RUNS)/$*_minimax
	$(call timed,tournament $*,$(CLI) tournament --set $* $(ARGS))
	touch $@

$(DATA)/dbn_%.npz: $(RUNS)/%_minimax/done $(MODEL)
	$(call timed,train $*,$(CLI) train --set $* $(ARGS))

$(RUNS)/%_asym/done: $(DATA)/dbn_%.npz $(ASYM)
	rm -rf $(RUNS)/$*_asym
	$(call timed,asymmetric $*,$(CLI) tournament --set $* --method asym $(ARGS))
	touch $@

# --- notebooks: what each reads --------------------------------------------------------------
$(R)/notebooks/04_pawns.ipynb $(R)/notebooks/07_features.ipynb: $(RUNS)/thesis_minimax/done
$(R)/notebooks/07_features.ipynb: $(DATA)/dbn_thesis.npz
$(R)/notebooks/08_dbn.ipynb: $(DATA)/dbn_thesis.npz $(DATA)/dbn_harmony.npz
$(R)/notebooks/10_harmony_search.ipynb: $(RUNS)/thesis_minimax/done $(RUNS)/harmony_minimax/done
$(R)/notebooks/11_asymmetric_game_tree.ipynb: $(RUNS)/thesis_asym/done $(RUNS)/harmony_asym/done
$(R)/notebooks/12_reproduction_report.ipynb: $(filter-out $(R)/notebooks/12_reproduction_report.ipynb,$(NB_OUT))

$(R)/notebooks/%.ipynb: notebooks/%.ipynb $(wildcard pawnslib/*.py) .venv/stamp
	@mkdir -p $(R)/notebooks $(R)/html
	$(call timed,notebook $*,$(PY) -m papermill -k pawnslib --no-progress-bar $(if $(SEED),-p SEED $(SEED)) \
		-p RESULTS $(CURDIR)/$(R) $< $@ > $(R)/logs/$*.log 2>&1 || { tail -40 $(R)/logs/$*.log; exit 1; })
	$(PY) -m jupyter nbconvert --to html --log-level WARN --output-dir $(R)/html $@

clean-results:
	rm -rf $(R)/tables $(R)/figures $(R)/notebooks $(R)/html $(R)/logs $(RUNS) $(DATA)

.PHONY: reproduce clean-results
