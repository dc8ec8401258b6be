"""Which kernels LLVM optimises across function boundaries: the loops over
many games, not every level below them.

Numba compiles each function it does not inline into its own LLVM module,
links into it the modules of every function it calls, optimises the whole
and emits machine code for it (docs/speed.md "Why a level costs a whole
compile"). A bot's module is linked into the dispatcher's, the engine's into
the runner's, and the runner's module passes (-O3: inlining across
functions, loops, dead code) optimise all of it again. The code of a
function's own module runs only when Python calls that function; a game
runs inside the module of the kernel Python called, the runner or the
analysis (or a bot's move asked by `Game`). So the module passes run in
full for ENTRY_KERNELS only; every other kernel keeps Numba's per-function
-O3 passes and the cheap module pass (always-inline, then dead copies of its
callees dropped) and hands that IR to the kernels above it. A kernel called
from Python that is not listed (a step of `Game`, a new state) runs
correctly, without cross-function inlining; Python's call around it costs
more than that.

This replaces a method of numba's code library (an internal): pyproject.toml
pins numba to the minor versions this was checked with, and kernels/cache.py
stamps every cached kernel with this file too, so a cache filled under other
settings is not loaded."""

from __future__ import annotations

import uuid

# module, function: the kernels whose module gets the full -O3 module passes
ENTRY_KERNELS = (
    ("kernels.runner", "run_block"),  # every game of a run
    ("kernels.bots.search.evaluate", "evaluate_moves"),  # `ttr analyse`'s rollouts
    ("kernels.tunnel_mc", "tunnel_mc"),  # the tunnel odds' Monte Carlo
    ("kernels.bots.dispatch", "choose_action"),  # `Game`'s bot moves: expert's rollouts run in it
)


def _mangled_prefix(module: str, name: str) -> str:
    """The start of Numba's (Itanium) mangled symbol of module.name."""
    return "_ZN" + "".join(f"{len(part)}{part}" for part in f"{module}.{name}".split("."))


ENTRY_PREFIXES = {name: _mangled_prefix(module, name) for module, name in ENTRY_KERNELS}


def is_entry(library) -> bool:
    """Whether a Numba code library holds one of ENTRY_KERNELS (its name is
    the function's name; its module, the function's mangled symbol)."""
    prefix = ENTRY_PREFIXES.get(library.name)
    return prefix is not None and any(f.name.startswith(prefix) and not f.is_declaration
                                      for f in library._final_module.functions)


def bind_linked_copies(module, suffix: str) -> None:
    """Make the copies of other kernels linked into an entry's module its own
    (internal linkage). Numba links a callee in as linkonce_odr, a weak symbol
    in the object code, and the JIT's loader binds a weak symbol to the first
    definition it loaded: in the process that compiled the kernels, that is
    the callee's own library, optimised per function only (below), so the
    entry's calls that LLVM did not inline would run that slower copy (a
    planner game about 30% slower than from the cache). Internal copies bind
    to the entry's own optimised code, and those inlined everywhere are
    dropped."""
    from llvmlite import binding

    for function in module.functions:
        if not function.is_declaration and function.linkage == binding.Linkage.linkonce_odr:
            function.linkage = "internal"
            # and a name of its own (the entry's name and a token unique to this compilation, as a cached
            # entry's names are loaded beside fresh ones): LLVM may change an internal function's arguments,
            # and the loader binds another module's weak copy to a loaded definition of that name, local or not
            function.name = f"{function.name}.{suffix}"


def install() -> None:
    """Run the full module passes for entry kernels only. Called by
    kernels/__init__.py before any kernel is compiled."""
    from numba.core import codegen

    library = codegen.CPUCodeLibrary
    if getattr(library._optimize_final_module, "entry_kernels_only", False):
        return
    full = library._optimize_final_module

    def optimize_final_module(self):
        if is_entry(self):
            bind_linked_copies(self._final_module, f"{self.name}.{uuid.uuid4().hex[:12]}")
            return full(self)
        manager, builder = self._codegen._module_pass_manager(loop_vectorize=False, slp_vectorize=False, opt=0,
                                                              cost="cheap")
        manager.add_global_dead_code_eliminate_pass()
        manager.run(self._final_module, builder)
        return None

    optimize_final_module.entry_kernels_only = True
    library._optimize_final_module = optimize_final_module
