"""Rule sets: one dataclass holding every parameter of the variant matrix
(docs/rules/README.md), the presets, house-rule overrides and a stable hash
of the effective rules."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field, fields

import numpy as np

from kernels import layouts as L


class RuleError(ValueError):
    """A rule set or an override that cannot be used."""


# Fields added after the first release: at their default they are left out of
# the hash, so every rule set that does not use them keeps its old hash (run
# manifests and resumable results are keyed by it).
_HASH_OMITS_AT_DEFAULT = ("locomotives_wild_on", "ferry_wild_set", "unkept_draw_to_box", "grand_tour_bonus")
ROUTE_KINDS = L.KIND_NAMES  # what locomotives_wild_on may name


@dataclass(frozen=True)
class RuleSet:
    """Every number of the variant matrix. Field comments cite the rule IDs."""

    name: str = "usa"
    min_players: int = 2  # BASE-CMP-2
    max_players: int = 5
    team_size: int = 1  # TA-TEAM-1
    trains: int = 45  # BASE-CMP-2, TA-TEAM-2 (27), GT-CMP-1 (20)
    cards_per_colour: int | None = None  # None: the board's deck (BASE-CMP-1)
    locomotive_cards: int | None = None
    hand_size: int = 4  # BASE-SET-1
    market_size: int = 5  # BASE-SET-1; 0 = no market (GT-TRN-1)
    cards_per_draw: int = 2  # BASE-MKT-1
    loco_reset: int = 3  # BASE-MKT-3; 0 = never reset
    faceup_loco_whole_draw: bool = True  # BASE-MKT-2
    setup_tickets_regular: int = 3  # BASE-SET-2
    setup_tickets_long: int = 0  # EU-SET-2, LA-TKT-2
    setup_keep_min: int = 2
    unkept_setup_to_box: bool = False  # EU-SET-2, LA-TKT-2 (assumption LA-TKT-2a), NC-TKT-1, SW-TKT-1: True
    draw_tickets: int = 3  # BASE-TKT-1; 0 = no ticket-draw action (Ghost Train)
    draw_keep_min: int = 1
    shared_tickets_setup: int = 0  # TA-TKT-1
    shared_tickets_draw: int = 0  # TA-TKT-2
    route_scores: tuple[int, ...] = (0, 1, 2, 4, 7, 10, 15, 18, 21)  # BASE-CLM-2, by length
    longest_path_bonus: int = 10  # BASE-SCR-2
    stations: int = 0  # EU-SET-1
    station_value: int = 4  # EU-STN-4
    tunnel_reveal: int = 3  # EU-TUN-2; a tunnel with no printed number (TA-TUN-1a)
    mountain_points: int = 2  # LA-MTN-2
    explorer_bonus: int = 0  # LA-SCR-1 (ties: assumption LA-SCR-1a)
    globetrotter_bonus: int = 0  # TA-SCR-1
    doubles_min_players: int = 4  # BASE-DBL-2: both lanes open from this many players
    end_trains: int = 2  # BASE-END-1
    end_trigger_team: bool = False  # TA-END-1
    win_tickets: int = 0  # GT-END-1: 0 = a points game
    turn_cap: int = 2000  # BASE-END-2
    tiebreak_second: str = "longest"  # BASE-SCR-3 (the bonus); "mountains" (LA-SCR-2); "longest_path" (TA-SCR-2)
    triple_lanes: int = 2  # TA-DBL-2: lanes of a triple route claimable below doubles_min_players
    notes: tuple[str, ...] = field(default=(), compare=False)
    swap_tickets: bool = False  # GT-TRN-3: the ticket-swap action
    completed_draw: int = 0  # GT-TKT-1: tickets drawn at once for each completed one
    special_tickets: int = 0  # GT-BON-1: Trick-or-Treat tickets in the box (needs the board's regions;
    #                            one per player: assumption GT-BON-1a)
    town_hall_cards: int = 0  # GT-BON-2: cards for each Town Hall bonus (needs the board's regions;
    #                            each bonus once per player: assumption GT-BON-2a)
    end_immediate: bool = False  # GT-END-2: the game ends at once at end_trains, no last round
    # --- Nordic Countries, Switzerland, India (docs/rules/{nordic-countries,switzerland,india}.md)
    locomotives_wild_on: str = "all"  # NC-CRD-1, SW-CRD-1: "all" or route kinds joined by "+" ("tunnel+ferry")
    ferry_wild_set: int = 0  # NC-FRY-2: any N cards may replace one card of a ferry (NC-FRY-2a; 0: no)
    unkept_draw_to_box: bool = False  # NC-TKT-2, SW-TKT-2: tickets not kept after a draw leave the game
    grand_tour_bonus: tuple[int, ...] = ()  # IN-SCR-4: points by Grand Tour tickets (last: that many or more)

    # --- checks -----------------------------------------------------------
    def validate(self) -> RuleSet:
        def bad(key, why):
            raise RuleError(f"rule {key}={getattr(self, key)!r}: {why}")

        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in ("name", "notes", "tiebreak_second", "route_scores", "locomotives_wild_on",
                          "grand_tour_bonus"):
                continue
            if v is None:
                continue
            if isinstance(v, bool):
                continue
            if not isinstance(v, int) or v < 0:
                bad(f.name, "must be a whole number >= 0")
        if self.min_players < 1 or self.max_players < self.min_players:
            bad("max_players", f"must be >= min_players ({self.min_players}) >= 1")
        if self.max_players > 8:
            bad("max_players", "at most 8 seats")
        if self.trains < 1 or self.trains > 200:
            bad("trains", "must be 1..200")
        if self.market_size > 8:
            bad("market_size", "at most 8 face-up cards")
        if self.cards_per_draw < 1 or self.cards_per_draw > 2:
            bad("cards_per_draw", "must be 1 or 2")
        if self.setup_tickets_regular + self.setup_tickets_long > L.MAX_OFFER:
            bad("setup_tickets_regular", f"at most {L.MAX_OFFER} tickets dealt")
        if self.setup_tickets_regular + self.setup_tickets_long < 1:
            bad("setup_tickets_regular", "at least one ticket must be dealt")
        if self.setup_keep_min > self.setup_tickets_regular + self.setup_tickets_long:
            bad("setup_keep_min", "more than the tickets dealt")
        if not 0 <= self.draw_tickets <= L.MAX_OFFER:
            bad("draw_tickets", f"must be 0..{L.MAX_OFFER} (0: no ticket-draw action)")
        if self.draw_tickets and (self.draw_keep_min < 1 or self.draw_keep_min > self.draw_tickets):
            bad("draw_keep_min", "must be 1..draw_tickets")
        if self.stations > L.MAX_STATIONS:
            bad("stations", f"at most {L.MAX_STATIONS}")
        if not 0 <= self.tunnel_reveal <= L.MAX_REVEAL:
            bad("tunnel_reveal", f"must be 0..{L.MAX_REVEAL}")
        if self.turn_cap < 10 or self.turn_cap > L.MAX_TURN_CAP:
            bad("turn_cap", f"must be 10..{L.MAX_TURN_CAP}")  # the game state's tunnel log has that many rows
        if self.win_tickets > 30:
            bad("win_tickets", "must be 0 (a points game) or 1..30 tickets")
        if self.completed_draw > 4:
            bad("completed_draw", "must be 0..4")
        if self.special_tickets > 8:
            bad("special_tickets", "must be 0..8")
        if self.town_hall_cards > 10:
            bad("town_hall_cards", "must be 0..10")
        if self.tiebreak_second not in L.TIE_NAMES:
            bad("tiebreak_second", "must be " + ", ".join(repr(n) for n in L.TIE_NAMES))
        if self.team_size not in (1, 2):
            bad("team_size", "must be 1 (no teams) or 2 (Team Asia)")
        if self.team_size > 1 and (self.min_players % self.team_size or self.max_players % self.team_size):
            bad("team_size", f"player counts {self.min_players}-{self.max_players} must be whole teams")
        if self.shared_tickets_setup > self.setup_keep_min or self.shared_tickets_draw > self.draw_keep_min:
            bad("shared_tickets_setup", "cannot share more tickets than the minimum kept")
        if (self.shared_tickets_setup or self.shared_tickets_draw) and self.team_size == 1:
            bad("shared_tickets_setup", "shared ticket holders need teams (team_size=2)")
        if not 1 <= self.triple_lanes <= 3:
            bad("triple_lanes", "must be 1..3")
        rs = self.route_scores
        if not isinstance(rs, tuple) or not rs or any(not isinstance(x, int) or x < 0 for x in rs):
            bad("route_scores", "must be a list of whole numbers >= 0, indexed by route length")
        if len(rs) > L.MAX_SCORED_LEN + 1:
            bad("route_scores", f"at most lengths 0..{L.MAX_SCORED_LEN}")
        kinds = self.locomotives_wild_on
        if not isinstance(kinds, str) or (kinds != "all" and (
                not kinds or any(k not in ROUTE_KINDS for k in kinds.split("+")))):
            bad("locomotives_wild_on", f"must be 'all' or route kinds joined by '+' ({', '.join(ROUTE_KINDS)})")
        if self.ferry_wild_set == 1 or self.ferry_wild_set > 12:
            bad("ferry_wild_set", "must be 0 (no) or 2..12 cards")
        gt = self.grand_tour_bonus
        if not isinstance(gt, tuple) or any(not isinstance(x, int) or x < 0 for x in gt) or len(gt) > 16:
            bad("grand_tour_bonus", "must be a list of at most 16 whole numbers >= 0 (points by number of tickets)")
        if gt and gt[0] != 0:
            bad("grand_tour_bonus", "the first entry is for no Grand Tour ticket and must be 0")
        return self

    # --- engine view ----------------------------------------------------------
    def to_array(self) -> np.ndarray:
        """The int64 vector the kernels read (indices in kernels.layouts)."""
        arr = np.zeros(L.RULE_FIELDS, np.int64)
        for i, name in enumerate(L.RULE_NAMES):
            key = name.lower()
            if name in L.RULE_DERIVED:
                continue  # derived below
            v = getattr(self, key)
            if key == "tiebreak_second":
                v = L.TIE_NAMES.index(v)
            arr[i] = int(v)
        arr[L.RULE_MAX_ROUTE_LEN] = len(self.route_scores) - 1
        for length, pts in enumerate(self.route_scores):
            arr[L.RULE_ROUTE_SCORE + length] = pts
        arr[L.RULE_GRAND_TOUR_LEN] = len(self.grand_tour_bonus)  # IN-SCR-4
        for n, pts in enumerate(self.grand_tour_bonus):
            arr[L.RULE_GRAND_TOUR + n] = pts
        # the variation points (kernels/layouts/rules.py): which game, which bonuses
        if self.win_tickets > 0:
            arr[L.RULE_FAMILY] = L.FAMILY_TICKET_RACE
        elif self.team_size > 1:
            arr[L.RULE_FAMILY] = L.FAMILY_TEAMS
        else:
            arr[L.RULE_FAMILY] = L.FAMILY_POINTS
        arr[L.RULE_LOCO_POLICY] = self.loco_policy()
        terms = 0
        if self.longest_path_bonus > 0:
            terms |= L.BONUS_LONGEST
        if self.explorer_bonus > 0:
            terms |= L.BONUS_EXPLORER
        if self.globetrotter_bonus > 0:
            terms |= L.BONUS_GLOBETROTTER
        if self.stations > 0 and self.station_value > 0:
            terms |= L.BONUS_STATIONS
        if any(self.grand_tour_bonus):
            terms |= L.BONUS_GRAND_TOUR
        arr[L.RULE_BONUS_TERMS] = terms
        return arr

    def loco_policy(self) -> int:
        """RULE_LOCO_POLICY: bit KIND_k set when locomotives may pay the spaces
        of a route of kind k (BASE-CLM-3: all; NC-CRD-1, SW-CRD-1: some)."""
        if self.locomotives_wild_on == "all":
            return L.LOCO_ANY
        return sum(1 << ROUTE_KINDS.index(k) for k in self.locomotives_wild_on.split("+"))

    def as_dict(self) -> dict:
        d = dataclasses.asdict(self)
        d["route_scores"] = list(self.route_scores)
        d["grand_tour_bonus"] = list(self.grand_tour_bonus)
        d.pop("notes")
        return d

    @classmethod
    def from_dict(cls, d: dict) -> RuleSet:
        """The rule set as_dict wrote (a run's manifest): a field it lacks keeps its default."""
        return cls(name=str(d.get("name", "custom"))).with_overrides({k: v for k, v in d.items() if k != "name"})

    def hash(self) -> str:
        """Stable hash of the effective rules (name and notes excluded; fields
        added later are left out while at their default)."""
        d = self.as_dict()
        d.pop("name")
        defaults = {f.name: f.default for f in fields(self)}
        for key in _HASH_OMITS_AT_DEFAULT:
            if getattr(self, key) == defaults[key]:
                d.pop(key)
        return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()[:16]

    # --- overrides --------------------------------------------------------------
    def with_overrides(self, overrides: dict | list[str] | None) -> RuleSet:
        """Apply house rules: {'tunnel_reveal': 4} or ['tunnel_reveal=4']."""
        if not overrides:
            return self
        if isinstance(overrides, (list, tuple)):
            overrides = parse_overrides(overrides)
        known = {f.name: f for f in fields(self) if f.name not in ("name", "notes")}
        changes = {}
        for key, raw in overrides.items():
            if key not in known:
                close = [k for k in known if key.replace("-", "_") == k]
                hint = f" (did you mean {close[0]}?)" if close else ""
                raise RuleError(f"unknown rule '{key}'{hint}; known rules: {', '.join(sorted(known))}")
            changes[key] = _coerce(key, raw, getattr(self, key), known[key].type)
        return dataclasses.replace(self, **changes).validate()


def parse_overrides(items: list[str]) -> dict:
    out = {}
    for item in items:
        if "=" not in item:
            raise RuleError(f"override '{item}' is not of the form key=value")
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def _coerce(key, raw, current, annotation):
    if key in ("route_scores", "grand_tour_bonus"):
        if isinstance(raw, str):
            raw = [x for x in raw.replace("[", "").replace("]", "").split(",") if x.strip()]
        try:
            return tuple(int(x) for x in raw)
        except (TypeError, ValueError):
            raise RuleError(f"rule {key}: '{raw}' is not a list of whole numbers") from None
    if key == "tiebreak_second":
        return str(raw)
    if key == "locomotives_wild_on":
        if not isinstance(raw, str):
            raise RuleError(f"rule {key}: {raw!r} is not text ('all' or kinds joined by '+')")
        kinds = [k.strip() for k in raw.lower().split("+")]
        if raw == "all" or not set(kinds) <= set(ROUTE_KINDS):
            return raw  # validate() names what is wrong
        return "+".join(k for k in ROUTE_KINDS if k in kinds)  # one spelling per rule (the hash)
    is_bool = isinstance(current, bool) or "bool" in str(annotation)
    if is_bool:
        if isinstance(raw, bool):
            return raw
        s = str(raw).lower()
        if s in ("1", "true", "yes", "on"):
            return True
        if s in ("0", "false", "no", "off"):
            return False
        raise RuleError(f"rule {key}: '{raw}' is not true/false")
    if raw is None or (isinstance(raw, str) and raw.lower() == "none"):
        if "None" in str(annotation):
            return None
        raise RuleError(f"rule {key}: a value is required")
    if isinstance(raw, bool):
        raise RuleError(f"rule {key}: '{raw}' is not a whole number")
    try:
        if isinstance(raw, float) and not raw.is_integer():
            raise ValueError
        return int(raw)
    except (TypeError, ValueError):
        raise RuleError(f"rule {key}: '{raw}' is not a whole number") from None


PRESETS: dict[str, RuleSet] = {
    "usa": RuleSet(name="usa"),
    "europe": RuleSet(
        name="europe",
        setup_tickets_regular=3,
        setup_tickets_long=1,
        unkept_setup_to_box=True,
        route_scores=(0, 1, 2, 4, 7, 10, 15, 18, 21),
        stations=3,
    ),
    "legendary-asia": RuleSet(
        name="legendary-asia",
        setup_tickets_regular=3,
        setup_tickets_long=1,
        unkept_setup_to_box=True,  # LA-TKT-2: to the box by assumption LA-TKT-2a (the seed is silent)
        longest_path_bonus=0,  # assumption LA-SCR-1b
        explorer_bonus=10,
        tiebreak_second="mountains",
    ),
    "team-asia": RuleSet(
        name="team-asia",
        min_players=4,
        max_players=6,
        team_size=2,
        trains=27,
        setup_tickets_regular=5,
        setup_keep_min=3,
        draw_tickets=4,
        shared_tickets_setup=1,
        shared_tickets_draw=1,
        longest_path_bonus=10,
        globetrotter_bonus=10,  # TA-SCR-1, over the team's shared network (assumption TA-TEAM-2a)
        doubles_min_players=6,
        end_trains=4,
        end_trigger_team=True,
        tiebreak_second="longest_path",  # TA-SCR-2: the longer continuous path, held or not
    ),
    "ghost-train": RuleSet(
        name="ghost-train",
        min_players=2,
        max_players=4,
        trains=20,
        cards_per_colour=10,  # GT-CMP-2: the split is assumption GT-CMP-2a
        locomotive_cards=12,
        market_size=0,
        loco_reset=0,
        setup_tickets_regular=2,
        setup_keep_min=2,
        draw_tickets=0,  # no ticket-draw action: one ticket comes with each completion
        longest_path_bonus=0,
        doubles_min_players=2,  # GT-DBL-1a: both lanes open to different players at any count
        end_trains=0,
        win_tickets=6,
        route_scores=(0, 0, 0, 0, 0, 0, 0, 0, 0),
        swap_tickets=True,  # GT-TRN-3 (bottom of the deck: GT-TRN-3a; when to swap: GT-TRN-3b, bots)
        completed_draw=1,
        special_tickets=4,
        town_hall_cards=2,
        end_immediate=True,
        turn_cap=600,  # games last ~50-120 turns; a stalled one (endless swaps) ends sooner
    ),
    "nordic-countries": RuleSet(
        name="nordic-countries",
        max_players=3,  # NC-CMP-1
        trains=40,
        faceup_loco_whole_draw=False,  # NC-MKT-1
        loco_reset=0,  # NC-MKT-2 (assumption NC-MKT-2a)
        setup_tickets_regular=5,  # NC-TKT-1
        unkept_setup_to_box=True,
        unkept_draw_to_box=True,  # NC-TKT-2
        route_scores=(0, 1, 2, 4, 7, 10, 15, 18, 21, 27),  # NC-SCR-1: 9 -> 27 (no 7- or 8-space routes)
        longest_path_bonus=0,  # NC-SCR-2
        globetrotter_bonus=10,  # NC-SCR-3
        doubles_min_players=3,  # NC-DBL-1
        locomotives_wild_on="tunnel+ferry",  # NC-CRD-1
        ferry_wild_set=3,  # NC-FRY-2
    ),
    "switzerland": RuleSet(
        name="switzerland",
        max_players=3,  # SW-CMP-1
        trains=40,
        faceup_loco_whole_draw=False,  # SW-MKT-1
        setup_tickets_regular=5,  # SW-TKT-1
        unkept_setup_to_box=True,
        unkept_draw_to_box=True,  # SW-TKT-2
        route_scores=(0, 1, 2, 4, 7, 10, 15),  # SW-SCR-1
        doubles_min_players=3,  # SW-DBL-1
        locomotives_wild_on="tunnel",  # SW-CRD-1
    ),
    "india": RuleSet(
        name="india",
        max_players=4,  # IN-CMP-1
        setup_tickets_regular=4,  # IN-TKT-1
        doubles_min_players=4,  # IN-DBL-1
        grand_tour_bonus=(0, 5, 10, 20, 30, 40),  # IN-SCR-4
    ),
}


def preset(name: str) -> RuleSet:
    key = name.lower().replace("_", "-")
    if key not in PRESETS:
        raise RuleError(f"unknown rule preset '{name}'; presets: {', '.join(PRESETS)}")
    return PRESETS[key]
