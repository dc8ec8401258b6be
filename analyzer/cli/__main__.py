"""`python -m analyzer.cli`: the same as `ttr`."""

from analyzer.cli.app import main

main()
