"""Every rule of the specification (docs/rules/, the project's copy of the
rules with their IDs) is named by a test, so a reader can go from a rule to
its proof. Lettered IDs (GT-BON-1a) are assumptions, held to the same
standard; source notes (EU-SET-2s, EU-TUN-s) are not rules."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
RULE_ID = re.compile(r"\b(?:BASE|EU|LA|TA|GT|NC|SW|IN)-[A-Z]+-[0-9]+[a-r,t-z]?\b")


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
    missing = sorted(rule_ids() - named_ids())
    assert not missing, f"rule IDs no test names: {', '.join(missing)}"
