"""The HTML report (`ttr report`, `make report`): studies.py says which runs
it needs and runs them; page.py builds one self-contained page from
sections/ (one module per section), which pick their runs by their manifests
(runs.py), compute with analyzer.stats and draw with figures.py. Imports run
and stats; never the CLI."""
