"""One compiled signature per kernel: every call site passes the same types
(int64 scalars; np.int64 / np.bool_ around constants and narrow array reads),
so Numba compiles each kernel once. A second signature is a whole second
compilation of that kernel and everything it links in.

After playing two games of every board x bot x player count through the
product's own path, the test reads each kernels dispatcher's signatures from
memory and from its on-disk cache index (the functions loaded from the cache
compile nothing in this process, but their index lists every signature
compiled under the current sources, by the product and by the tests). With a
fresh cache, as in CI, the index holds exactly the session's compilations; a
cache kept across edits can hold an entry from a caller that has changed since
while the callee's module has not. Entries for a record layout that is no
more (a Scratch or state of another size, after an edit or a `git pull`)
are left out; any other stale entry fails the test with a message saying
so."""

import importlib
import pickle
import pkgutil
import re

import pytest
from golden.digest import grid
from numba.core.registry import CPUDispatcher

import analyzer
import kernels
from kernels import layouts as L
from kernels.bots.scratch import SCRATCH
from kernels.cache import dependency_hash


def kernel_dispatchers():
    for info in pkgutil.walk_packages(kernels.__path__, "kernels."):
        mod = importlib.import_module(info.name)
        for name, obj in vars(mod).items():
            if isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == info.name:
                yield f"{info.name}.{name}", obj


def _record_sizes(dtype, out: set[int]) -> set[int]:
    """The itemsizes of a record dtype and of the records nested in it."""
    if dtype.fields:
        out.add(dtype.itemsize)
        for field, *_ in dtype.fields.values():
            _record_sizes(field.base, out)
    return out


# the records kernels take today (the state, the Scratch, the board, the output rows): a cached signature
# naming a record of another size was compiled for an older layout of one of them
_RECORD_SIZES = set()
for _dt in (L.GAME_STATE, SCRATCH, L.BOARD, L.GAME_RECORD, L.PLAYER_RECORD, L.TICKET_RECORD, L.CLAIM_RECORD,
            L.TUNNEL_RECORD):
    _record_sizes(_dt, _RECORD_SIZES)
_RECORD_IN_SIGNATURE = re.compile(r"\}\)\], (\d+), (?:False|True)\)")


def cached_signatures(disp) -> set[str]:
    """Signatures in the dispatcher's cache index, if compiled under the current
    sources and for today's record layouts: an index whose module did not
    change keeps the entries compiled for a record (the Scratch, the state)
    that has changed since, which no call makes any more."""
    cache = disp._cache._cache_file
    try:
        with open(cache._index_path, "rb") as f:
            pickle.load(f)  # numba version
            stamp, overloads = pickle.loads(f.read())
    except (FileNotFoundError, EOFError):
        return set()
    if stamp != cache._source_stamp:
        return set()
    sigs = {str(key[0]) for key in overloads}
    return {s for s in sigs if all(int(n) in _RECORD_SIZES for n in _RECORD_IN_SIGNATURE.findall(s))}


@pytest.fixture(scope="module")
def every_kernel_used():
    for _, kw in grid():
        analyzer.simulate(games=2, seed=5, threads=1, progress=False, **kw)
    analyzer.tunnel_odds_mc(revealed=[3, 4], colour="red", trials=100, seed=1)


def test_one_signature_per_kernel(every_kernel_used):
    many = {}
    seen = 0
    for name, disp in kernel_dispatchers():
        sigs = {str(s) for s in disp.signatures} | cached_signatures(disp)
        seen += bool(sigs)
        if len(sigs) > 1:
            many[name] = sorted(sigs)
    assert seen > 100, "the kernels did not compile or load"
    assert not many, "kernels compiled for several signatures (with a cache kept across edits, an entry can be " \
        "stale: clear $TTR_CACHE_DIR and rerun):\n" + "\n".join(
        f"{n}: {len(s)}\n    " + "\n    ".join(x[-160:] for x in s) for n, s in many.items())


def test_the_stamp_is_the_source_dependency_hash():
    """The cache index is valid only for the sources it was compiled from (kernels/cache.py)."""
    from pathlib import Path

    from kernels.engine import step

    cache = step._cache._cache_file
    assert cache._source_stamp == dependency_hash(Path(step.py_func.__code__.co_filename))
