"""Benchmarks and measurements (`make bench`, never timed tests): bench.py
runs the whole bench and writes last_bench.json; engine_speed.py times the
kernels' game loop, ab.py compares two revisions side by side, the others
measure compile time, profiles, strength and the tunnel odds' speed."""
