"""docs/api.md runs: its ```python blocks, in order and in one namespace, as a reader would paste them;
the win counts its bot example prints are the ones written beside it; and the page names every public
method and property of analyzer.Game."""

import ast
import contextlib
import io
import re
from pathlib import Path

from analyzer import Game

DOC = Path(__file__).resolve().parents[3] / "docs" / "api.md"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def test_the_examples_run_and_print_what_the_page_says():
    text = DOC.read_text()
    blocks = python_blocks(text)
    assert len(blocks) >= 3
    namespace = {"__name__": "docs_api"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in blocks:
            exec(compile(block, str(DOC), "exec"), namespace)
    printed = out.getvalue().splitlines()
    promised = re.search(r"^print\(wins\)  # (\{.*\})$", text, flags=re.M)
    assert promised, "the bot example shows its win counts beside print(wins)"
    assert ast.literal_eval(printed[-1]) == ast.literal_eval(promised.group(1)) == namespace["wins"]
    assert sum(namespace["wins"].values()) >= 4  # every game has a winner
    first = re.search(r"^print\(game\)  # (.*)$", text, flags=re.M).group(1)
    assert printed[0] == first


def test_the_page_names_every_public_method_and_property():
    text = DOC.read_text()
    public = [name for name in dir(Game) if not name.startswith("_")]
    assert public
    missing = [name for name in public if not re.search(rf"\b{name}\b", text)]
    assert not missing, f"docs/api.md does not mention Game.{', Game.'.join(missing)}"
