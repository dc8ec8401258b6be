"""Every rule of the specification (docs/rules/, the project's copy of the
rules with their IDs) is named by a test, so a reader can go from a rule to
its proof. Lettered IDs (GT-BON-1a) are assumptions, held to the same
standard; source notes (EU-SET-2s, EU-TUN-s) are not rules."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
RULE_ID = re.compile(r"\b(?:BASE|EU|LA|TA|GT|NC|SW|IN)-[A-Z]+-[0-9]+[a-r,t-z]?\b")

# Rules of the maps added by issue 19 (Nordic Countries, Switzerland, India)
# that only a game on those boards can prove, while the engine does not play
# them yet: the presets are refused (analyzer/rules.py UNIMPLEMENTED) until
# issue 19 phase 2 adds them to the engine core. Phase 2 names each in a test
# and deletes it here; the set can only shrink: an ID listed here that a test
# already names, or that docs/rules no longer holds, fails below.
PENDING_ENGINE = {
    # Nordic Countries
    "NC-TKT-2",  # drawn tickets not kept leave the game
    "NC-CRD-1",  # locomotives wild only on tunnels and ferries
    "NC-FRY-1", "NC-FRY-2", "NC-FRY-2a",  # ferries; any 3 cards for a locomotive
    "NC-TUN-1",  # tunnels under NC-CRD-1, no card sets
    "NC-CLM-1",  # Lieksa-Murmansk: any 4 cards for one
    "NC-SCR-3", "NC-SCR-3a",  # Globetrotter in a points game (and its ties)
    "NC-SCR-4", "NC-SCR-4a",  # winner and tie-break without a longest-path bonus
    # Switzerland
    "SW-TKT-2",  # drawn tickets not kept leave the game
    "SW-TKT-3", "SW-TKT-3a", "SW-TKT-4", "SW-TKT-5",  # country tickets
    "SW-CRD-1",  # locomotives wild only on tunnels
    "SW-TUN-1",  # tunnels under SW-CRD-1
    # India
    "IN-SCR-3", "IN-SCR-3a", "IN-SCR-4",  # the Grand Tour
}


def rule_ids() -> set[str]:
    ids = set()
    for md in RULES.glob("*.md"):
        ids.update(RULE_ID.findall(md.read_text()))
    return ids


def test_the_rules_are_carried_in_the_project():
    names = {p.name for p in RULES.glob("*.md")}
    assert {"README.md", "base.md", "europe.md", "legendary-asia.md", "team-asia.md", "ghost-train.md",
            "nordic-countries.md", "switzerland.md", "india.md"} <= names
    assert len(rule_ids()) > 100


def named_ids() -> set[str]:
    here = Path(__file__).resolve()
    text = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("*.py") if p.resolve() != here)
    return set(re.findall(r"\b[A-Z]+-[A-Z]+-[0-9]+[a-z]?\b", text.replace("_", "-")))


def test_every_rule_id_is_named_by_a_test():
    missing = sorted(rule_ids() - named_ids() - PENDING_ENGINE)
    assert not missing, f"rule IDs no test names: {', '.join(missing)}"


def test_pending_engine_ids_only_shrink():
    """PENDING_ENGINE holds rule IDs of docs/rules that no test names yet, and nothing else."""
    named_now = sorted(PENDING_ENGINE & named_ids())
    assert not named_now, f"named by a test now, remove from PENDING_ENGINE: {', '.join(named_now)}"
    unknown = sorted(PENDING_ENGINE - rule_ids())
    assert not unknown, f"not rule IDs of docs/rules: {', '.join(unknown)}"
