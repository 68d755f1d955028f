# `make reproduce`: the whole thesis under every reading of the rules in READINGS: the expensive steps
# (Harmony*, tournaments, EM), then every notebook, run headlessly by papermill in thesis order, and last the
# results site, built from the executed notebooks by Sphinx (`python -m pawnslib site`): the front page
# results/html/index.html and one page per notebook beside it. The first reading (kalles) lives in results/, every
# other beside it in results/<reading>/ (config.reading_dir); notebooks 02, 04 and 12 run once, in results/, and show
# every reading.
# A step re-runs only when the code it uses, its notebook, or the data it reads changed;
# results/logs/steps.txt times each (results/logs/timings.txt keeps the last run from scratch). STEPS (Makefile) of them run at once, as their dependencies allow. `make reading RULES=king` makes one reading's steps, notebooks and pages.
# Papermill runs every kernel in this folder, so RESULTS is passed relative to it (no machine path on a page).
R := results
# What each step's outputs depend on, by layer (one subpackage per layer): the game and its search, then the players
# and tournaments, the opponent model, and the guided search.
GAME := $(wildcard pawnslib/game/*.py pawnslib/search/*.py) pawnslib/__init__.py pawnslib/config.py pawnslib/files.py
CORE := $(GAME) $(wildcard pawnslib/play/*.py)
MODEL := $(CORE) $(wildcard pawnslib/dbn/*.py) pawnslib/experiments/pipeline.py
ASYM := $(MODEL) $(wildcard pawnslib/guided/*.py)
CLI = $(PY) -m pawnslib
# The site's build and its Sphinx configuration (pages and front page). A notebook uses neither them nor the command
# line, so a change to them rebuilds the site without re-running a notebook.
SITE_PY := $(addprefix pawnslib/report/,book.py bookconf.py csvhtml.py headers.py pagetop.py plan_page.py publish.py tables_page.py \
	timings_page.py)
NB_PY := $(filter-out $(SITE_PY) pawnslib/__main__.py pawnslib/report/lab.py pawnslib/report/reproducible.py,$(wildcard pawnslib/*.py \
	pawnslib/*/*.py))
# SEED, JOBS and NOISE (Makefile) are passed only when set; else the command line and the notebooks use
# pawnslib/config.py's.
# --new: a step may start its results folder (a command typed by hand is refused a folder that does not exist).
ARGS = --new $(if $(SEED),--seed $(SEED)) $(if $(JOBS),--jobs $(JOBS)) $(if $(NOISE),--noise $(NOISE))
# $(call timed,name,command): run, log the seconds it took.
timed = @mkdir -p $(R)/logs; start=$$(date +%s); $(2) && echo "$(1) $$(( $$(date +%s) - start ))s" >> $(STEP_LOG)
# This run's step log (not committed), and the record of the last run from scratch (committed): a run that starts
# without $(R)/tables copies its step log there, so a partial run elsewhere leaves the committed record alone.
STEP_LOG = $(R)/logs/steps.txt
FROM_SCRATCH = $(R)/logs/timings.txt
# $(call reading_dir,reading): where a reading's outputs go (as config.reading_dir).
reading_dir = $(if $(filter kalles,$(1)),$(R),$(R)/$(1))
comma := ,
empty :=
space := $(empty) $(empty)

ONCE := 02_bayesian_networks 04_pawns 12_reproduction_report
PER_READING := 03_minimax 07_features 08_dbn 10_harmony_search 11_asymmetric_game_tree
# A reading without our Harmony* set has no notebook 10 (it is Harmony*'s chapter).
per_reading_nb = $(if $(filter harmony,$(SETS_$(1))),$(PER_READING),$(filter-out 10_harmony_search,$(PER_READING)))
per_reading_out = $(patsubst %,$(call reading_dir,$(1))/notebooks/%.ipynb,$(call per_reading_nb,$(1)))
# $(call yaml_list,words): a YAML flow list, e.g. [thesis, harmony].
yaml_list = [$(subst $(space),$(comma)$(space),$(strip $(1)))]
NB_OUT := $(foreach r,$(READINGS),$(call per_reading_out,$(r))) $(patsubst %,$(R)/notebooks/%.ipynb,$(ONCE)) \
	$(R)/notebooks/13_future_work.ipynb $(R)/notebooks/14_play.ipynb
# PAWNSLIB_PUBLISH=1 (config.PUBLISH_ENV): these runs write RESULTS itself, the committed results; a notebook run by
# hand (JupyterLab, or papermill outside make) works in a scratch copy (pawnslib.experiments.params.results_folder).
PAPERMILL = PAWNSLIB_PUBLISH=1 $(PY) -m papermill -k pawnslib --no-progress-bar $(if $(SEED),-p SEED $(SEED)) $(if $(NOISE),-p NOISE $(NOISE))
# Each executed notebook is then tidied (pawnslib.report.tidy): no run times, random ids or progress bars in it, so
# that the same games give the same bytes on any machine.
TIDY = $(CLI) tidy
# Each executed notebook's page, beside it in the reading's html/ folder; the front page links them all.
html_of = $(subst /notebooks/,/html/,$(1:.ipynb=.html))
HTML_OUT := $(call html_of,$(NB_OUT))
INDEX := $(R)/html/index.html

# The longest chain of steps: each reading's Harmony*, its set's tournament, model and asymmetric tournament (the
# king reading's takes over half an hour). Named first, its first step starts first; make takes its later steps
# in turn with the others (GNU make has no priorities).
FIRST := $(foreach r,$(READINGS),$(if $(filter harmony,$(SETS_$(r))),$(call reading_dir,$(r))/runs/harmony_asym/done))

reproduce: .venv/stamp
	@mkdir -p $(R)/logs && rm -f $(STEP_LOG)
	@fresh=$$(test -d $(R)/tables && echo no || echo yes); start=$$(date +%s); \
	$(MAKE) --no-print-directory compile && $(MAKE) --no-print-directory -j$(STEPS) $(FIRST) $(HTML_OUT) $(INDEX) && \
	if [ $$fresh = yes ]; then { echo "# make reproduce from scratch, $$(date -u +%F), $$(nproc) cores, STEPS=$(STEPS):" \
		"seconds per step, then the whole run's wall-clock time"; cat $(STEP_LOG); \
		echo "total $$(( $$(date +%s) - start ))s"; } > $(FROM_SCRATCH); fi
	@echo "step times (this run, $(STEP_LOG)):"; cat $(STEP_LOG) 2>/dev/null || echo "  all up to date"

# numba's cache filled first, by two processes side by side (pawnslib.experiments.warmup), so that the steps' workers
# load the kernels instead of each compiling them at once; seconds when the cache is full.
compile: .venv/stamp
	$(call timed,compile,$(WARM))

reading: .venv/stamp
	@$(MAKE) --no-print-directory $(call per_reading_out,$(RULES))
	$(call timed,site,$(CLI) site --results $(R))

# --- one reading's steps and notebooks: $(1) the reading, $(2) its folder ------------------------------------
define READING
SETS_YAML_$(1) := '{SETS: $(call yaml_list,$(SETS_$(1)))}'
$(2)/data/harmony/done: $(CORE) pawnslib/experiments/pipeline.py
	rm -rf $(2)/data/harmony
	$$(call timed,harmony $(1),$(CLI) harmony --results $(2) --rules $(1) $(ARGS))
	touch $$@
# Harmony* rewrites the strategy file only when it found other strategies, so what follows re-runs only then.
$(2)/data/strategies_harmony.json: $(2)/data/harmony/done ;

$(2)/runs/thesis_minimax/done: $(CORE)
$(2)/runs/harmony_minimax/done: $(CORE) $(2)/data/strategies_harmony.json
$(2)/runs/%_minimax/done:
	[ ! -e $$@ ] || rm -rf $(2)/runs/$$*_minimax  # a stale finished run; an interrupted one resumes
	$$(call timed,tournament $$* $(1),$(CLI) tournament --set $$* --results $(2) --rules $(1) $(ARGS))
	touch $$@

$(2)/data/dbn_%.npz: $(2)/runs/%_minimax/done $(MODEL)
	$$(call timed,train $$* $(1),$(CLI) train --set $$* --results $(2) --rules $(1) $(ARGS))

# The model whose S_w is one latent per game (beyond the thesis: Chapter 8's recognition, Chapter 13's prom-dbn).
$(2)/data/dbn_game_%.npz: $(2)/runs/%_minimax/done $(MODEL)
	$$(call timed,train per-game $$* $(1),$(CLI) train --latent game --set $$* --results $(2) --rules $(1) $(ARGS))

$(2)/runs/%_asym/done: $(2)/data/dbn_%.npz $(ASYM)
	[ ! -e $$@ ] || rm -rf $(2)/runs/$$*_asym
	$$(call timed,asymmetric $$* $(1),$(CLI) tournament --set $$* --method asym --results $(2) --rules $(1) $(ARGS))
	touch $$@

# Notebook 03 draws the depth-6 tournament's nodes when its games are there: so they must be, whatever the steps' order.
$(2)/notebooks/03_minimax.ipynb: $(2)/runs/thesis_minimax/done
$(2)/notebooks/07_features.ipynb: $(2)/runs/thesis_minimax/done $(2)/data/dbn_thesis.npz
$(2)/notebooks/08_dbn.ipynb: $(foreach s,$(SETS_$(1)),$(2)/data/dbn_$(s).npz $(2)/data/dbn_game_$(s).npz)
$(2)/notebooks/10_harmony_search.ipynb: $(2)/runs/thesis_minimax/done $(2)/runs/harmony_minimax/done
# Notebook 11 shows how well Chapter 8's recognisers name White: notebook 08's table, so notebook 08 runs first.
$(2)/notebooks/11_asymmetric_game_tree.ipynb: $(foreach s,$(SETS_$(1)),$(2)/runs/$(s)_asym/done) $(2)/notebooks/08_dbn.ipynb
$(call per_reading_out,$(1)): $(2)/notebooks/%.ipynb: notebooks/%.ipynb $(NB_PY) .venv/stamp
	@mkdir -p $(2)/notebooks $(2)/html $(2)/logs
	$$(call timed,notebook $$* $(1),$(PAPERMILL) -p RESULTS $(2) -p RULES $(1) \
		$$(if $$(filter 08_% 11_%,$$*),-y $$(SETS_YAML_$(1))) $$< $$@ \
		> $(2)/logs/$$*.log 2>&1 || { tail -40 $(2)/logs/$$*.log; exit 1; } && $(TIDY) $$@)
endef
$(foreach r,$(READINGS),$(eval $(call READING,$(r),$(call reading_dir,$(r)))))

# --- Chapter 13: the paired comparison of Black's methods, the set COMPARE_SET under RULES, in results/ ------------
COMPARE_METHODS := plain6 plain8 one-hist two-hist one-thr two-thr random one-hist-game om-perfect prom-uniform prom-dbn \
	prom-dbn-cal prom-learned om-matched oracle one-hist-told1 oracle-deep
C13 := $(R)/runs/ch13/$(COMPARE_SET)
$(R)/data/dbn2_%.npz: $(R)/runs/%_minimax/done $(MODEL)
	$(call timed,train two-slice $*,$(CLI) train --slices 2 --set $* --results $(R) $(ARGS))
$(C13)_%/done: $(ASYM) pawnslib/experiments/chapter13.py pawnslib/experiments/maxpr.py \
		$(R)/data/dbn_$(COMPARE_SET).npz $(R)/data/dbn2_$(COMPARE_SET).npz
	[ ! -e $@ ] || rm -rf $(C13)_$*
	$(call timed,compare $(COMPARE_SET) $*,$(CLI) compare --set $(COMPARE_SET) --method $* --results $(R) $(ARGS))
	touch $@
# (the per-game model's step also fits the set's recognisers: the tempered one and the choice model)
$(patsubst %,$(C13)_%/done,one-hist-game prom-dbn prom-dbn-cal prom-learned): $(R)/data/dbn_game_$(COMPARE_SET).npz
# Where prediction pays (pawnslib.experiments.predictability): MAP_METHODS in every cell of White's tie-breaking
# (MAP_NOISES) by White's depth (MAP_DEPTHS), MAP_ROUNDS rounds a pairing from seeded openings, one step a cell
# (the module's WHITE_NOISES, WHITE_DEPTHS, MAP_METHODS and MAP_ROUNDS; a test keeps them in step).
MAP_NOISES := none half thesis
MAP_DEPTHS := 2 6
MAP_METHODS := plain6 plain8 oracle om-matched om-perfect prom-uniform one-hist prom-dbn-cal prom-learned
MAP_ROUNDS := 25
MAP_CELLS := $(foreach n,$(MAP_NOISES),$(foreach d,$(MAP_DEPTHS),$(n)_white$(d)))
$(R)/runs/ch13_map/%/done: $(ASYM) pawnslib/experiments/chapter13.py pawnslib/experiments/predictability.py \
		$(R)/data/dbn_$(COMPARE_SET).npz $(R)/data/dbn_game_$(COMPARE_SET).npz
	[ ! -e $@ ] || rm -rf $(R)/runs/ch13_map/$*
	$(call timed,compare map $*,$(CLI) compare --set $(COMPARE_SET) --white-noise $(firstword $(subst _white, ,$*)) \
		--white-depth $(lastword $(subst _white, ,$*)) --rounds $(MAP_ROUNDS) --method $(MAP_METHODS) --results $(R) $(ARGS))
	touch $@
# (The two-slice model is named here, outside a pattern rule, so that Make keeps it: a deliverable, not a by-product.)
$(R)/notebooks/13_future_work.ipynb: notebooks/13_future_work.ipynb $(NB_PY) .venv/stamp \
		$(patsubst %,$(C13)_%/done,$(COMPARE_METHODS)) $(R)/data/dbn2_$(COMPARE_SET).npz \
		$(patsubst %,$(R)/runs/ch13_map/%/done,$(MAP_CELLS))
	@mkdir -p $(R)/notebooks $(R)/html
	$(call timed,notebook 13,$(PAPERMILL) -p RESULTS $(R) -p SET $(COMPARE_SET) -p RULES $(RULES) \
		$< $@ > $(R)/logs/13_future_work.log 2>&1 || { tail -40 $(R)/logs/13_future_work.log; exit 1; } && $(TIDY) $@)

# --- which findings survive the tie-breaker (pawnslib.experiments.tiebreak), in results/tiebreak/ ------------------
# Table 10.2's tournament under every other noise scheme and under the default one with the second master seed
# (SEED + 1), under every reading; Chapter 13's headline methods under every other scheme (COMPARE_SET, RULES).
TB := $(R)/tiebreak
# The none variant (no noise) plays every game, tournament, training games and comparison alike, from a seeded
# random opening of TB_OPENINGS plies (pawnslib.play.openings.OPENING_PLIES): without noise every round from the
# start position replays one game, so its rounds would not be distinct games.
TB_OPENINGS := 6
# Its comparison plays TB_NONE_ROUNDS rounds a pairing: 400 distinct games a method (the budget of make reproduce;
# pawnslib.experiments.tiebreak.NONE_ROUNDS).
TB_NONE_ROUNDS := 25
TB_VARIANTS := position none thesis_second_seed
TB_METHODS := plain6 plain8 one-hist random om-perfect prom-uniform prom-dbn
# $(call tb_dir,variant,reading): a variant's folder for a reading (as config.reading_dir).
tb_dir = $(TB)/$(1)$(if $(filter kalles,$(2)),,/$(2))
# A variant's options: its scheme (the part before the first _), for thesis_second_seed the master seed + 1
# (the master seed: SEED, else config.py's, read from the file), and for none its seeded openings.
SECOND_SEED := $(shell echo $$(( $(or $(SEED),$(shell sed -n 's/^SEED = \([0-9]*\).*/\1/p' pawnslib/config.py)) + 1 )))
tb_options = --new --noise $(firstword $(subst _, ,$(1))) \
	$(if $(findstring second_seed,$(1)),--seed $(SECOND_SEED),$(if $(SEED),--seed $(SEED))) $(if $(JOBS),--jobs $(JOBS)) \
	$(if $(filter none,$(1)),--openings $(TB_OPENINGS))
define TB_TOURNAMENT
$(call tb_dir,$(1),$(2))/runs/thesis_minimax/done: $(CORE)
	[ ! -e $$@ ] || rm -rf $(call tb_dir,$(1),$(2))/runs/thesis_minimax
	$$(call timed,tiebreak tournament $(1) $(2),$(CLI) tournament --set thesis --results $(call tb_dir,$(1),$(2)) \
		--rules $(2) $(call tb_options,$(1)))
	touch $$@
endef
$(foreach v,$(TB_VARIANTS),$(foreach r,$(READINGS),$(eval $(call TB_TOURNAMENT,$(v),$(r)))))
define TB_COMPARE
$(TB)/$(1)/data/dbn_$(COMPARE_SET).npz: $(TB)/$(1)/runs/$(COMPARE_SET)_minimax/done $(MODEL)
	$$(call timed,tiebreak train $(1),$(CLI) train --set $(COMPARE_SET) --results $(TB)/$(1) $(call tb_options,$(1)))
$(TB)/$(1)/data/dbn_game_$(COMPARE_SET).npz: $(TB)/$(1)/runs/$(COMPARE_SET)_minimax/done $(MODEL)
	$$(call timed,tiebreak train per-game $(1),$(CLI) train --latent game --set $(COMPARE_SET) --results $(TB)/$(1) \
		$(call tb_options,$(1)))
$(TB)/$(1)/runs/ch13/$(COMPARE_SET)_%/done: $(ASYM) pawnslib/experiments/chapter13.py \
		$(TB)/$(1)/data/dbn_$(COMPARE_SET).npz $(TB)/$(1)/data/dbn_game_$(COMPARE_SET).npz
	[ ! -e $$@ ] || rm -rf $(TB)/$(1)/runs/ch13/$(COMPARE_SET)_$$*
	$$(call timed,tiebreak compare $(1) $$*,$(CLI) compare --set $(COMPARE_SET) --method $$* --results $(TB)/$(1) \
		$(call tb_options,$(1))$(if $(filter none,$(1)), --rounds $(TB_NONE_ROUNDS)))
	touch $$@
endef
TB_SCHEMES := position none
$(foreach n,$(TB_SCHEMES),$(eval $(call TB_COMPARE,$(n))))
TB_DONE := $(foreach v,$(TB_VARIANTS),$(foreach r,$(READINGS),$(call tb_dir,$(v),$(r))/runs/thesis_minimax/done)) \
	$(foreach n,$(TB_SCHEMES),$(patsubst %,$(TB)/$(n)/runs/ch13/$(COMPARE_SET)_%/done,$(TB_METHODS)))
$(R)/notebooks/13_future_work.ipynb: $(TB_DONE) $(foreach r,$(READINGS),$(call reading_dir,$(r))/runs/thesis_minimax/done)
tiebreak: .venv/stamp
	@$(MAKE) --no-print-directory -j$(STEPS) $(TB_DONE)

# --- the notebooks that show every reading, in results/ ----------------------------------------------------------
# The report's, e.g. '{READINGS: [kalles, king], READING_SETS: {kalles: [thesis, harmony], king: [thesis]}}'
READINGS_YAML := '{READINGS: $(call yaml_list,$(READINGS)), READING_SETS: $(subst {@,{,{$(subst $(space)@,$(comma)$(space),$(strip \
	$(foreach r,$(READINGS),@$(r): $(call yaml_list,$(SETS_$(r)))))))}}'
$(R)/notebooks/04_pawns.ipynb: $(foreach r,$(READINGS),$(call reading_dir,$(r))/runs/thesis_minimax/done)
$(R)/notebooks/12_reproduction_report.ipynb: $(filter-out $(R)/notebooks/12_reproduction_report.ipynb \
	$(R)/notebooks/14_play.ipynb,$(NB_OUT))
# Notebook 14: a board to play the engine (live in JupyterLab; its page shows a game played from code). It writes
# nothing under RESULTS: its demonstration game is saved to a temporary folder.
$(R)/notebooks/14_play.ipynb: notebooks/14_play.ipynb $(NB_PY) .venv/stamp \
		$(call reading_dir,$(RULES))/data/dbn_$(COMPARE_SET).npz $(call reading_dir,$(RULES))/data/dbn_game_$(COMPARE_SET).npz
	@mkdir -p $(R)/notebooks $(R)/html
	$(call timed,notebook 14,$(PAPERMILL) -p RESULTS $(R) -p SET $(COMPARE_SET) -p RULES $(RULES) \
		$< $@ > $(R)/logs/14_play.log 2>&1 || { tail -40 $(R)/logs/14_play.log; exit 1; } && $(TIDY) $@)
$(patsubst %,$(R)/notebooks/%.ipynb,$(ONCE)): $(R)/notebooks/%.ipynb: notebooks/%.ipynb $(NB_PY) .venv/stamp
	@mkdir -p $(R)/notebooks $(R)/html
	$(call timed,notebook $*,$(PAPERMILL) -p RESULTS $(R) $(if $(filter 04_%,$*),-y '{READINGS: $(call yaml_list,$(READINGS))}') \
		$(if $(filter 12_%,$*),-y $(READINGS_YAML)) \
		$< $@ > $(R)/logs/$*.log 2>&1 || { tail -40 $(R)/logs/$*.log; exit 1; } && $(TIDY) $@)

# --- the site: every executed notebook's page and the front page, one Sphinx build (pawnslib.report.book) ------
# A page has the sidebar of every chapter, its own outline, the full-text search, its previous and next page and, for
# a chapter run under several readings, a link to the same chapter under each other reading. What the pages share
# lies with them in $(R)/html: SITE_SHARED (older builds put it in $(R) itself, which clean-results clears too). The
# build makes every page at once, so one rule makes them all (a grouped target: it runs once, when any page is
# missing or older than a notebook or the build's code).
SITE_SHARED := $(addprefix $(R)/html/,_static _images search.html searchindex.js)
# The committed results' headlines are also the README's findings (pawnslib.report.findings.sync_readme).
$(HTML_OUT) $(INDEX) &: $(NB_OUT) $(SITE_PY) docs/analysis_plan.md .venv/stamp
	$(call timed,site,$(CLI) site --results $(R))
	$(if $(filter results,$(R)),$(PY) -c "from pawnslib.report.findings import sync_readme; sync_readme()")

clean-results:
	rm -rf $(R)/tables $(R)/figures $(R)/notebooks $(R)/html $(R)/logs $(R)/runs $(R)/data $(TB) $(SITE_SHARED) \
		$(addprefix $(R)/,$(notdir $(SITE_SHARED))) \
		$(foreach r,$(filter-out kalles,$(READINGS)),$(R)/$(r))

# `make check-reproducible`: after `make reproduce`, every file of $(R) that differs from the committed one, the timing
# data apart (logs/ and every *timing* file: pawnslib.report.reproducible); exit status 1 if any.
check-reproducible: .venv/stamp
	$(CLI) check-reproducible --results $(R)

.PHONY: reproduce compile reading clean-results tiebreak check-reproducible
