"""kernels/optimise.py: LLVM's module passes run in full for the entry kernels
(the loops over many games) only; a kernel below them is optimised inside
them. The tunnel Monte Carlo kernel, compiled under its own name and under
another, shows the difference: the entry's module has its callees inlined."""

import importlib
import types

import numpy as np
from numba import njit
from numba.core.registry import CPUDispatcher

from kernels import optimise
from kernels.tunnel_mc import tunnel_mc


def test_every_entry_kernel_names_a_kernel():
    for module, name in optimise.ENTRY_KERNELS:
        kernel = getattr(importlib.import_module(module), name)
        assert isinstance(kernel, CPUDispatcher) and kernel.py_func.__qualname__ == name, (module, name)


def _compiled_as(name):
    """tunnel_mc's code compiled afresh (no cache) as a function named `name` of its module."""
    f = tunnel_mc.py_func
    copy = types.FunctionType(f.__code__, f.__globals__, name, f.__defaults__, f.__closure__)
    copy.__qualname__ = name
    kernel = njit(copy)
    hist = kernel(np.full(9, 10, np.int64), 3, 0, 50, 1)
    return kernel.overloads[kernel.signatures[0]].library, hist


def test_an_entry_kernel_is_optimised_across_functions_and_a_kernel_below_is_not():
    entry, entry_hist = _compiled_as("tunnel_mc")
    below, below_hist = _compiled_as("tunnel_mc_below")
    assert optimise.is_entry(entry) and not optimise.is_entry(below)
    defined = [sum(not f.is_declaration for f in lib._final_module.functions) for lib in (entry, below)]
    assert defined[0] < defined[1], defined  # the entry's callees inlined into it, the copies dropped
    assert (entry_hist == below_hist).all() and entry_hist.sum() == 50


def test_an_entry_kernel_binds_to_its_own_copies_of_the_kernels_it_links():
    # the linked copies are weak (linkonce_odr) in a kernel below; in an entry they are internal, so the JIT's
    # loader cannot bind the entry's calls to the callees' own per-function-optimised libraries
    from llvmlite import binding

    entry, _ = _compiled_as("tunnel_mc")
    below, _ = _compiled_as("tunnel_mc_below")

    def linkages(lib):
        return {f.linkage for f in lib._final_module.functions if not f.is_declaration}

    assert binding.Linkage.linkonce_odr in linkages(below)
    assert binding.Linkage.linkonce_odr not in linkages(entry)
    module = binding.parse_assembly(str(below._final_module))
    optimise.bind_linked_copies(module, "test")
    assert {f.linkage for f in module.functions if not f.is_declaration} <= {binding.Linkage.external,
                                                                            binding.Linkage.internal}
