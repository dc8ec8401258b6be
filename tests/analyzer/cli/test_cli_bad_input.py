"""Every option of every `ttr` command refuses bad input the same way: exit 2,
one line naming the option, no traceback, nothing written or overwritten in
the working folder. The options are read from the typer app itself, so a new
option is walked too: each gets the bad values of its type (a wrong type, an
out-of-range number, an empty value, an unknown name) plus the ones listed
for it in EXTRA. Each command starts from a small valid command line (BASE):
a bad value the command let through would run it and write files, which the
walk sees."""

from __future__ import annotations

import hashlib
import typing
from pathlib import Path

import pytest
import typer.main
from cli_run import ttr

from analyzer.cli.app import app

CLI = typer.main.get_command(app)
SMALL = ["--board", "usa", "--players", "2", "--games", "4", "--quiet"]
BASE = {
    "simulate": ["simulate", *SMALL, "--bots", "random", "--out", "{tmp}/run"],
    "ladder": ["ladder", *SMALL, "--bots", "random,greedy", "--bootstrap", "10", "--out", "{tmp}/ladder"],
    "sweep": ["sweep", *SMALL, "--bots", "random", "--set", "end_trains=2,3", "--out", "{tmp}/sweep"],
    "tune": ["tune", "--param", "end_trains=2..3", "--objective", "seat_advantage", "--out", "{tmp}/tune",
             "--board", "usa", "--players", "2", "--bots", "random", "--budget", "8", "--min-games", "2",
             "--rungs", "1", "--confirm-top", "1", "--confirm-games", "2", "--quiet"],
    "compare": ["compare", "{fixtures}/sweep", "--n-boot", "10"],
    "report": ["report", "{fixtures}/run", "--name", "walk", "--out", "{tmp}/report", "--quiet"],
    "summary": ["summary", "{fixtures}/run"],
    "tunnels": ["tunnels", "--revealed", "3"],
    "rules": ["rules", "usa"],
    "balance": ["balance", "--board", "usa", "--players", "2", "--games", "4", "--rollouts", "1", "--bootstrap", "10",
                "--threads", "1", "--out", "{tmp}/balance", "--quiet"],
    "replay": ["replay", "{fixtures}/run", "--game", "1", "--out", "{tmp}/replay.html"],
    "analyse": ["analyse", "--from", "{fixtures}/run", "--game", "1", "--turn", "2", "--rollouts", "2", "--seed", "3",
                "--json"],
    "optimum": ["optimum", "--board", "usa", "--trains", "4", "--time-limit", "30", "--json"],
    "boards list": ["boards", "list"],
    "boards show": ["boards", "show", "usa"],
    "boards validate": ["boards", "validate", "{fixtures}/board"],
}
ANY_NAME = {("report", "name")}
"""Options whose value is the user's own name: no name is unknown."""
EXTRA = {
    ("simulate", "bot_param"): ["expert.rollouts=-3", "expert.rollouts=nan", "expert.rollouts=inf",
                                "expert.rollouts=1e99", "expert.rollouts=many", "expert.rollouts=2.5",
                                "one-step-draw=1", "nobody=1", "expert.budget=huge"],
    ("ladder", "bot_param"): ["expert.rollouts=-3", "keep-price=nan", "one-step-draw=1"],
    ("simulate", "set_"): ["no_such_rule=1", "tunnel_reveal=99", "end_trains=-1", "tunnel_reveal"],
    ("ladder", "set_"): ["no_such_rule=1", "tunnel_reveal=99"],
    ("sweep", "set_"): ["no_such_rule=1,2", "tunnel_reveal=99,2", "tunnel_reveal="],
    ("tune", "param"): ["no_such_rule=1..2", "tunnel_reveal=2..99", "tunnel_reveal=4..2"],
    ("tune", "objective"): ["no_such_measure"],
    ("tune", "constraint"): ["no_such_measure>=1", "seat_advantage>=x"],
    ("tune", "targets"): ["{tmp}/missing.toml", "{tmp}"],
    ("balance", "targets"): ["{tmp}/missing.toml", "{tmp}"],
    ("tune", "tiers"): ["random", "random,random", "random,nobody"],
    ("tune", "audit_share"): ["0.9", "nan"],
    ("simulate", "cluster"): ["local:0", "local:x"],
    ("simulate", "out"): ["{fixtures}/run/manifest.json"],
    ("sweep", "config"): ["{tmp}/missing.toml"],
    ("tunnels", "revealed"): ["99", "3,,4"],
    ("tunnels", "deck"): ["red=x", "red=-1"],
    ("tunnels", "from_"): ["{tmp}/missing"],
    ("compare", "path"): ["{tmp}/missing"],
    ("summary", "path"): ["{tmp}/missing"],
    ("report", "paths"): ["{tmp}/missing"],
    ("report", "name"): ["a/b"],
    ("boards validate", "path"): ["{tmp}/missing"],
}
NOT_WALKED = {("", "version")}
"""--version is a flag that ends the program (tests/analyzer/cli/test_cli_help.py)."""


def commands(group, path=()):
    for name, cmd in group.commands.items():
        if hasattr(cmd, "commands"):
            yield from commands(cmd, (*path, name))
        else:
            yield " ".join((*path, name)), cmd


def value_type(annotation):
    """The type of one value: int for `int | None`, str for `list[str]`."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    return annotation if not args else value_type(args[0])


def bad_values(command: str, param) -> list[tuple[str, str]]:
    """(what, value) pairs that `param` must refuse."""
    kind = value_type(param.type_descriptor.annotation)
    out = []
    if param.param_type_name == "option" and param.is_flag:
        return [("a value given to a flag", f"{param.opts[0]}=maybe")]
    if kind in (int, float):
        out += [("wrong type", "x"), ("out of range", "-7"), ("empty", "")]
    else:
        out.append(("empty", ""))
        if kind is str and (command, param.name) not in ANY_NAME:
            out.append(("unknown name", "no-such-name"))
    out += [("bad value", v) for v in EXTRA.get((command, param.name), [])]
    return out


def cases():
    for command, cmd in commands(CLI):
        for param in cmd.params:
            if (command, param.name) in NOT_WALKED:
                continue
            for what, value in bad_values(command, param):
                yield pytest.param(command, param, value, id=f"{command}-{param.name}-{what}-{value}")


def args_with(command: str, param, value: str, tmp: Path, fixtures: Path) -> list[str]:
    """BASE[command] with `param` set to `value` (replacing the base's value of it)."""
    base = [a.format(tmp=tmp, fixtures=fixtures) for a in BASE[command]]
    value = value.format(tmp=tmp, fixtures=fixtures)
    words = command.split()
    rest = base[len(words):]
    if param.param_type_name == "argument":
        flags = [a for a in rest if a.startswith("--")]
        options = [rest[i] for i in range(len(rest)) if rest[i].startswith("--") or i and rest[i - 1] in flags]
        return [*words, value, *options]
    if param.is_flag:
        return [*base, value]
    opt = param.opts[0]
    while opt in rest:  # drop the base's value of this option
        i = rest.index(opt)
        del rest[i:i + 2]
    return [*words, *rest, opt, value]


@pytest.fixture(scope="module")
def fixtures(tmp_path_factory):
    """A finished run, a finished sweep and a board folder for the commands that read one."""
    root = tmp_path_factory.mktemp("fixtures")
    assert ttr(["simulate", *SMALL, "--bots", "random", "--out", root / "run"]).returncode == 0
    assert ttr(["sweep", *SMALL, "--bots", "random", "--set", "end_trains=2,3", "--out",
                root / "sweep"]).returncode == 0
    board = root / "board"
    board.mkdir()
    for f in (Path(__file__).parents[3] / "analyzer" / "boards_data" / "usa").iterdir():
        (board / f.name).write_bytes(f.read_bytes())
    return root


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_every_command_has_a_base_command_line():
    assert {c for c, _ in commands(CLI)} == set(BASE)
    for key in EXTRA:
        cmd = dict(commands(CLI))[key[0]]
        assert key[1] in {p.name for p in cmd.params}, key


@pytest.mark.parametrize("command,param,value", list(cases()))
def test_a_bad_value_is_refused_on_one_line(command, param, value, tmp_path, fixtures):
    work = tmp_path / "work"
    work.mkdir()
    (work / "keep.txt").write_text("a file the command must leave alone")
    before, fixtures_before = snapshot(work), snapshot(fixtures)
    args = args_with(command, param, value, work, fixtures)
    proc = ttr(args, cwd=work, env={"COLUMNS": "80"})
    out = proc.stdout + proc.stderr
    lines = [line for line in out.splitlines() if line.strip()]
    assert proc.returncode == 2, (args, out)
    assert "Traceback" not in out
    assert len(lines) == 1, (args, out)
    names = {*param.opts, *getattr(param, "secondary_opts", [])} if param.param_type_name == "option" else {
        param.name.upper(), f"'{param.name}'", param.metavar or param.name.upper()}
    refused = value.format(tmp=work, fixtures=fixtures).partition("=")[0]  # a NAME=VALUE may be named by its NAME
    assert any(n in lines[0] for n in names) or (refused and refused in lines[0]), (args, out)
    assert snapshot(work) == before, args
    assert snapshot(fixtures) == fixtures_before, args


BAD_BOARDS = {  # file, the line appended to it, what the one line must name
    "route to an unknown city": ("routes.csv", "Atlanta,Gotham,5,blue,normal,0,0,,", "unknown city 'Gotham'"),
    "zero length": ("routes.csv", "Atlanta,Boston,0,blue,normal,0,0,,", "field 'length'"),
    "negative length": ("routes.csv", "Atlanta,Boston,-3,blue,normal,0,0,,", "field 'length'"),
    "duplicate route": ("routes.csv", "Charleston,Atlanta,2,red,normal,0,0,,", "duplicate route"),
    "ticket between unconnected cities": ("tickets.csv", "Atlantis,Boston,9,0", "no route path joins"),
}


@pytest.mark.parametrize("defect", list(BAD_BOARDS))
@pytest.mark.parametrize("command", [["boards", "validate"], ["simulate", "--games", "2", "--quiet", "--board"]])
def test_a_bad_board_file_is_refused_on_one_line(defect, command, tmp_path, fixtures):
    board = tmp_path / "board"
    board.mkdir()
    for f in (fixtures / "board").iterdir():
        (board / f.name).write_bytes(f.read_bytes())
    (board / "cities.csv").write_text((board / "cities.csv").read_text() + "Atlantis,1,1\n")
    name, line, named = BAD_BOARDS[defect]
    (board / name).write_text((board / name).read_text() + line + "\n")
    before = snapshot(tmp_path)
    proc = ttr([*command, board], cwd=tmp_path)
    lines = [x for x in (proc.stdout + proc.stderr).splitlines() if x.strip()]
    assert proc.returncode == 2 and len(lines) == 1, lines
    assert name in lines[0] and "line " in lines[0] and "field '" in lines[0] and named in lines[0], lines[0]
    assert snapshot(tmp_path) == before


SCORECARD_TUNE = ["tune", "--param", "end_trains=2..3", "--objective", "scorecard", "--board", "usa", "--players", "2",
                  "--tiers", "random,greedy", "--budget", "40", "--min-games", "4", "--rungs", "1", "--quiet"]
BAD_TARGETS = {  # the targets file's text (None: no file), the extra arguments, what the one line must name
    "unknown tier in a cell": ("[matrix]\ngreedy.nobody = 0.5\n", [], "unknown tier 'nobody'"),
    "unknown field": ("first_seat = 0.5\nsecond_seat = 0.5\n", [], "unknown field 'second_seat'"),
    "not TOML": ("first_seat = = 0.5\n", [], "not valid TOML"),
    "share out of range": ("first_seat = 1.5\n", [], "first_seat must be a share"),
    "a target tier not played": ("[matrix]\nplanner.greedy = 0.7\n", [], "add it to --tiers"),
    "missing file": (None, [], "no such targets file"),
    "unknown tier in --tiers": ("first_seat = 0.5\n", ["--tiers", "random,nobody"], "unknown tier 'nobody'"),
    "one tier": ("first_seat = 0.5\n", ["--tiers", "greedy"], "--tiers"),
    "no targets with scorecard": (None, ["--no-targets"], "--targets"),
    "targets with another objective": ("first_seat = 0.5\n", ["--objective", "seat_advantage"],
                                       "--targets"),
    "scorecard with a constraint": ("first_seat = 0.5\n", ["--constraint", "game_length>=1"], "--constraint"),
    "scorecard and another objective": ("first_seat = 0.5\n", ["--objective", "game_length"],
                                        "--objective scorecard"),
}


@pytest.mark.parametrize("defect", list(BAD_TARGETS))
def test_a_bad_scorecard_study_is_refused_on_one_line(defect, tmp_path):
    text, extra, named = BAD_TARGETS[defect]
    targets = tmp_path / "targets.toml"
    if text is not None:
        targets.write_text(text)
    args = [*SCORECARD_TUNE, "--out", tmp_path / "study"]
    if extra[:1] == ["--objective"] and extra[1] == "seat_advantage":
        args[args.index("scorecard")] = "seat_advantage"
        extra = []
    elif extra[:1] == ["--objective"]:
        args += extra
        extra = []
    args += [] if extra == ["--no-targets"] else ["--targets", targets, *extra]
    before = snapshot(tmp_path)
    proc = ttr(args, cwd=tmp_path, env={"COLUMNS": "80"})
    lines = [x for x in (proc.stdout + proc.stderr).splitlines() if x.strip()]
    assert proc.returncode == 2 and len(lines) == 1, lines
    assert named in lines[0], lines[0]
    assert "Traceback" not in proc.stdout + proc.stderr
    assert snapshot(tmp_path) == before
