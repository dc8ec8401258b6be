"""The HTML report (`ttr report`, `make report`): it only reads. page.py
builds one self-contained page from the runs (Results) and tuning studies
(TuneResults) it is given, which folders.py reads back from results
folders, through sections/ (one module per section), which pick their runs
by their manifests (runs.py) or by the names of the default plan's studies
(analyzer.studies), compute with analyzer.stats and draw with figures.py.
Running the plan is analyzer.run.studies; the report imports only the
reading modules of analyzer.run (results, protocol, tune_output,
sweep_output), and never the CLI."""
