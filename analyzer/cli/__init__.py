"""The `ttr` command line (entry point `main`)."""

from analyzer.cli.app import main

__all__ = ["main"]
