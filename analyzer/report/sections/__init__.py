"""The sections of the report, one module each. A section module has
`build_section(runs, out_dir) -> Section | None` (None when its runs are
absent). It picks its runs by their manifests (analyzer.report.runs), or by
the names of its studies in the default plan (analyzer.studies
SECTION_STUDIES, keyed by the section module's name), computes with
analyzer.stats, draws with analyzer.report.figures and states its findings
in sentences computed from the tables. A section whose build_section also
takes `tunes` gets the page's tuning studies (sections/tune.py)."""

SECTIONS: list[str] = [
    "analyzer.report.sections.runs",
    "analyzer.report.sections.overview",
    "analyzer.report.sections.tickets",
    "analyzer.report.sections.bonuses",
    "analyzer.report.sections.blocking",
    "analyzer.report.sections.routes",
    "analyzer.report.sections.tunnels",
    "analyzer.report.sections.stations",
    "analyzer.report.sections.legendary_asia",
    "analyzer.report.sections.ghost_train",
    "analyzer.report.sections.team_asia",
    "analyzer.report.sections.maps",
    "analyzer.report.sections.strong_play",
    "analyzer.report.sections.expert_budget",
    "analyzer.report.sections.balance",
    "analyzer.report.sections.styles",
    "analyzer.report.sections.sweep",
    "analyzer.report.sections.populations",
    "analyzer.report.sections.tune",
    "analyzer.report.sections.cost",
]
"""The page's sections in order (module names; a new variant appends its own)."""
