"""Every constant and record layout the kernels share, written out.

Kernels work on plain arrays and records. A board is one `BOARD` record, a
rule set is one int64 vector indexed by the `RULE_*` constants, a game is one
`GAME_STATE` record (kernels take each record as one pointer) whose fields
are sized by the MAX_* bounds, not by the board, so every kernel compiles once
for all boards and variants. The
result tables are one structured dtype each (*_RECORD).

Read as one module, `from kernels import layouts as L` (L.RT_A, L.GAME_STATE);
its parts, by what they hold: board.py (cards, colours, a board's route and
ticket columns, route sets, regions), rules.py (the rule-set vector),
state.py (a game's scalars, counters, logs, bounds and actions) and
records.py (every record layout). Bot identifiers and the planner weights
(Scratch.bot_params) live in kernels/bots/shared/params.py.
"""

from kernels.layouts.board import *  # noqa: F403
from kernels.layouts.records import *  # noqa: F403
from kernels.layouts.rules import *  # noqa: F403
from kernels.layouts.state import *  # noqa: F403
