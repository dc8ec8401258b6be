"""Running experiments: a run is described by a RunSpec (spec.py) and played
in chunks (chunks.py) by `simulate` (simulate.py); `sweep` (house-rule
variants on the same seeds), `ladder` (bots against each other), `tune`
(searching house rules: tune.py over tune_space.py and tune_games.py) and the
tunnel reveal study are runs too. Everything goes through one folder protocol
(protocol.py: manifest, atomic part files, chunk markers, resume) and one set
of backends (backends.py: threads or Dask); results.py, tune_output.py read
them back. Imports boards, rules, bots, stats and kernels; never the report
or the CLI."""
