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
import pkgutil

import pytest
from golden.digest import grid
from helpers import cached_signatures
from numba.core.registry import CPUDispatcher

import analyzer
import kernels
from kernels.cache import dependency_hash


def kernel_dispatchers():
    for info in pkgutil.walk_packages(kernels.__path__, "kernels."):
        mod = importlib.import_module(info.name)
        for name, obj in vars(mod).items():
            if isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == info.name:
                yield f"{info.name}.{name}", obj


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


def test_the_stamp_covers_every_part_of_the_layouts_package():
    """kernels.layouts is a package read as one module: a kernel's stamp hashes its __init__ and every
    part it imports, so an edited record layout recompiles the kernels that read it."""
    from pathlib import Path

    from kernels import cache
    from kernels.engine import step

    seen = cache.dependency_files(Path(step.py_func.__code__.co_filename))
    layouts = Path(cache.PACKAGE_ROOT) / "layouts"
    assert {p.name for p in seen if p.parent == layouts} == {p.name for p in layouts.glob("*.py")}


def test_the_stamp_covers_the_scratch_layout_of_a_kernel_that_does_not_import_it():
    """A bot kernel takes the Scratch without importing bots/shared/scratch.py (shared/plan.py
    imports neither it nor the bot weights that size it): the layout is in its stamp all the same,
    so a changed layout is compiled under a new stamp, not beside the old signature."""
    from pathlib import Path

    from kernels import cache
    from kernels.bots.shared import params, plan, scratch

    plan_file = Path(plan.__file__).resolve()
    layout = {Path(scratch.__file__).resolve(), Path(params.__file__).resolve()}
    assert not layout & cache.imported_files(plan_file)  # the case this guards: the layout reached by no import
    assert layout <= cache.dependency_files(plan_file)
