"""The tree describes the product as it is: no tracked file but
CHANGELOG.md narrates how or when the project was made (numbered or dated
work periods, a time of day or a day of the work, an issue number; PATTERNS
below). History goes to CHANGELOG.md, one line per change. The scan reads
every tracked text file (git ls-files; binary and data files left out), this
file less its own patterns and samples; a few references to other projects'
issues are allowed by name."""

from __future__ import annotations

import re
import subprocess

import pytest
from helpers import PROJECT_ROOT as ROOT

# narration patterns: begin
ORDINALS = ("first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
            "fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|\\d+(?:st|nd|rd|th)")
PATTERNS = {
    "an issue or pull request number": r"\b(?:issues?|pull requests?|PRs?)\s*#?\d+|\(#\d+\)",
    "a numbered work session": rf"\b(?:{ORDINALS})[- ](?:session|sprint|work period)s?\b|\bsessions? \d+\b",
    "a work session": r"\b(?:this|that|the same|previous|last|next|earlier|later|morning|afternoon|evening|"
                      r"night|review|working|work) sessions?\b",
    "a time of day": r"\b(?:this|that|the|in the) (?:morning|afternoon|evening)(?:'s)?\b",
    "a day of the work": r"\b(?:today|yesterday|tonight|tomorrow)(?:'s)?\b",
    "history with a date": r"\b(?:since|until|till|as of|measured on|fixed on|added on|changed on|made on)\s+"
                           r"(?:the\s+)?\d{4}-\d{2}-\d{2}",
}
ALLOWED = ("numba issue 1833",)
"""Other projects' issues the code cites (lower case, matched within the text)."""
NARRATION_SAMPLES = [
    "Measured in the eighteenth session on the seventeenth session's kernels.",
    "See issue 17 for the history.", "Fixed in #12 (#12).", "as issue #15 asks",
    "Re-measured this morning on a faster machine.", "the morning's machine", "the kernels take today",
    "speed 2.12 (since 2026-12-01, third session)", "as of 2026-11-30 the bench read 960",
    "the 18th session's bench", "a review session found it", "session 4 of the work",
]
PRODUCT_SAMPLES = [
    "Measured with `make bench` on the 2-core machine, 2026-12-03.", "(numba issue 1833)",
    "the plan's second pass over the caller's prices", "the pytest session's compilations",
    "a ticket of 34 points; ids 34–45 are rows of tickets_multi.csv", "a Dask session with 2 workers",
    "the issue is that a route may close", "first, the engine", "the night train",
]
# narration patterns: end

FOUND = [(why, re.compile(p, re.IGNORECASE)) for why, p in PATTERNS.items()]
DATA = (".csv", ".parquet", ".png", ".svg", ".json", ".npz", ".npy", ".pkl", ".pdf", ".jpg", ".gif")
HISTORY = {"CHANGELOG.md"}


def narration(text: str) -> list[tuple[int, str, str]]:
    """(line, what, the words) of each narration in text, less the allowed references."""
    out = []
    for no, line in enumerate(text.splitlines(), start=1):
        low = line.lower()
        for why, rx in FOUND:
            for m in rx.finditer(line):
                if not any(a in low and low.index(a) <= m.start() < low.index(a) + len(a) for a in ALLOWED):
                    out.append((no, why, m.group(0)))
    return out


def tracked_files() -> list[str]:
    try:
        proc = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        pytest.fail(f"git ls-files failed in {ROOT} (the scan reads the tracked files): {e}")
    return [f for f in proc.stdout.splitlines() if f]


def scanned_text(rel: str) -> str | None:
    """The text the scan reads of a tracked file: None for history, data and binary files."""
    path = ROOT / rel
    if rel in HISTORY or rel.lower().endswith(DATA) or not path.is_file():
        return None
    raw = path.read_bytes()
    if b"\0" in raw:
        return None
    text = raw.decode("utf-8")
    if rel == "tests/docs/test_narration.py":  # its own patterns and samples are left out
        begin, end = "# narration patterns: begin", "# narration patterns: end"
        text = text[:text.index(begin)] + "\n" * text[text.index(begin):text.index(end)].count("\n") + \
            text[text.index(end):]
    return text


def test_no_tracked_file_narrates_the_making_of_the_project():
    files = tracked_files()
    assert "README.md" in files and "CHANGELOG.md" in files
    found = [f"{rel}:{no}: {why}: {words!r}" for rel in files if (text := scanned_text(rel)) is not None
             for no, why, words in narration(text)]
    assert not found, "narration outside CHANGELOG.md:\n" + "\n".join(found)


@pytest.mark.parametrize("text", NARRATION_SAMPLES)
def test_the_scan_finds_narration(text):
    assert narration(text), text


@pytest.mark.parametrize("text", PRODUCT_SAMPLES)
def test_the_scan_leaves_product_text_alone(text):
    assert narration(text) == [], text
