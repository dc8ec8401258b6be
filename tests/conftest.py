"""Tests may live in sub-folders that mirror the product (tests/kernels/,
tests/analyzer/, tests/rules/); the shared helpers (helpers.py, oracle.py,
invariant_kernels*.py, golden/) stay at the top of tests/ and are importable
from every folder. Test file names stay unique across folders."""

import sys
from pathlib import Path

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)
