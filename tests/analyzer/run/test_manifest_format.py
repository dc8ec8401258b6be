"""A results folder records the folder format it was written in
(analyzer.run.protocol.MANIFEST_FORMAT); a folder of another format, written
by an incompatible version, is refused with one line naming the file and the
version that wrote it, whether it is read back, resumed or summarised, and
is left as it was."""

import json

import pytest
from cli_run import ttr

import analyzer
from analyzer.run.protocol import MANIFEST_FORMAT
from analyzer.run.sweep_output import SweepError, load_sweep

KW = dict(board="usa", players=2, bots="random", games=6, seed=3, progress=False)


def _rewrite(path, **changes):
    m = json.loads(path.read_text())
    m.update(changes)
    for k, v in changes.items():
        if v is None:
            del m[k]
    path.write_text(json.dumps(m))
    return path.read_bytes()


@pytest.fixture
def old_run(tmp_path):
    out = tmp_path / "run"
    res = analyzer.simulate(out=out, **KW)
    assert res.manifest["format"] == MANIFEST_FORMAT
    m = json.loads((out / "manifest.json").read_text())
    assert m["format"] == MANIFEST_FORMAT and m["versions"]["ttr-analyzer"]
    return out


@pytest.mark.parametrize("found", [MANIFEST_FORMAT + 1, None])
def test_a_run_of_another_format_is_refused_when_read(old_run, found):
    _rewrite(old_run / "manifest.json", format=found, versions={"ttr-analyzer": "9.9.9"})
    with pytest.raises(ValueError, match=rf"manifest.json: written by an incompatible version \(ttr-analyzer "
                                         rf"9.9.9, folder format {found}; this version reads format "
                                         rf"{MANIFEST_FORMAT}\)"):
        analyzer.load(old_run)


def test_a_run_of_another_format_is_not_resumed_nor_touched(old_run):
    before = _rewrite(old_run / "manifest.json", format=MANIFEST_FORMAT + 1)
    files = sorted(p.name for p in old_run.rglob("*"))
    with pytest.raises(ValueError, match="incompatible version"):
        analyzer.simulate(out=old_run, resume=True, **KW)
    assert (old_run / "manifest.json").read_bytes() == before
    assert sorted(p.name for p in old_run.rglob("*")) == files
    proc = ttr(["summary", old_run])
    lines = [x for x in (proc.stdout + proc.stderr).splitlines() if x.strip()]
    assert proc.returncode == 2 and len(lines) == 1 and "incompatible version" in lines[0], lines


def test_a_sweep_of_another_format_is_refused(tmp_path):
    out = tmp_path / "sweep"
    analyzer.sweep(grid={"end_trains": [2, 3]}, out=out, **KW)
    assert load_sweep(out).manifest["format"] == MANIFEST_FORMAT
    _rewrite(out / "sweep.json", format=MANIFEST_FORMAT + 1)
    with pytest.raises(SweepError, match="sweep.json: written by an incompatible version"):
        load_sweep(out)
