"""Running experiments: `simulate` (one run), `sweep` (house-rule variants on
the same seeds), `ladder` (bots against each other) and the tunnel reveal
study, all through one folder protocol (protocol.py: manifest, atomic part
files, chunk markers, resume) and one set of backends (threads or Dask);
`results` reads a run back. Imports boards, rules, bots, stats and kernels;
never the report or the CLI."""
