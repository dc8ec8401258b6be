"""An independent replay of a run's events table: the train cards and the
tickets followed move by move from the deck and the ticket pile, with the
rules read from the run's own folder (manifest.json's rule values and the
board files kept beside it). Plain Python over pandas rows: nothing here
imports the kernels or the analyzer (run as a script, it says so), so the
engine's card and ticket rules are checked from outside.

What the replay asserts (docs/tables.md, events; docs/rules):
- every move takes a card or ticket from where it is (no count below 0): the
  cards of the deck are conserved in draw pile, market, hands, team holders,
  discard, laid and revealed tunnel cards at every step (BASE-CMP-1);
- the deal gives every seat its opening hand (BASE-SET-1);
- at every decision the market holds its size of cards unless pile and
  discard are empty (BASE-MKT-5, BASE-MKT-1), and fewer face-up locomotives
  than the reset threshold unless the cards left cannot make such a market;
  a reset happens only on a market at the threshold (BASE-MKT-3);
- the discard becomes the draw pile only when the pile is empty, all of it
  (BASE-MKT-4);
- every offered ticket comes from the remaining pile (the long pile at
  setup), each offer is decided once: kept, returned to the pile or boxed as
  the rules say, at least the keep minimum of the setup or of a draw
  (BASE-SET-2, BASE-TKT-1, EU-SET-2), a team's shared ones as TA-TKT-1/2 say;
- a Ghost Train swap draws as many as it returns (fewer when the pile runs
  short), never a returned one (GT-TRN-3, GT-TRN-3a);
- the other tables agree: reshuffles and market resets per game, cards drawn
  and locomotives left per seat, the tickets held at the end, the seat and the
  locomotives of each claim, the draw pile at each tunnel reveal.
"""

from __future__ import annotations

import csv
import json
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

CARDS = ("pink", "white", "blue", "yellow", "orange", "black", "red", "green", "locomotive")
LOCO = 8


@dataclass(frozen=True)
class RunRules:
    """What the replay needs of a run: its rule values, the deck, the tickets."""

    rules: dict
    players: int
    deck: tuple[int, ...]
    n_tickets: int
    long_tickets: frozenset[int]

    @classmethod
    def of(cls, folder: Path) -> RunRules:
        manifest = json.loads((folder / "manifest.json").read_text())
        rules = manifest["rules"]
        board = tomllib.loads((folder / "board" / "board.toml").read_text())
        deck = [int(board["deck"].get(c, 0)) for c in CARDS]
        if rules.get("cards_per_colour") is not None:
            deck[:LOCO] = [int(rules["cards_per_colour"]) if n > 0 else 0 for n in deck[:LOCO]]  # the board's colours
        if rules.get("locomotive_cards") is not None:
            deck[LOCO] = int(rules["locomotive_cards"])
        with open(folder / "board" / "tickets.csv", newline="") as f:
            rows = list(csv.DictReader(f))
        n = len(rows)
        multi = folder / "board" / "tickets_multi.csv"
        if multi.exists():
            with open(multi, newline="") as f:
                n += sum(int(r.get("copies") or 1) for r in csv.DictReader(f))
        long_ids = frozenset(i for i, r in enumerate(rows) if int(r.get("long") or 0))
        return cls(rules, int(manifest["players"]), tuple(deck), n, long_ids)


class ReplayError(AssertionError):
    pass


def check(ok: bool, msg: str) -> None:
    if not ok:
        raise ReplayError(msg)


@dataclass
class Offer:
    seat: int
    setup: bool
    tickets: list[int]
    kept: list[int] = field(default_factory=list)
    shared: int = 0
    decided: list[int] = field(default_factory=list)


class GameReplay:
    """One game's cards and tickets, moved by its events in order."""

    def __init__(self, run: RunRules, game: int):
        r = run.rules
        self.run, self.game = run, game
        self.size, self.reset = int(r["market_size"]), int(r["loco_reset"])
        self.team = max(int(r.get("team_size", 1)), 1)
        self.pile = list(run.deck)
        self.discard = [0] * 9
        self.laid = [0] * 9
        self.revealed: list[int] = []
        self.market = [-1] * self.size
        self.hand = [[0] * 9 for _ in range(run.players)]
        self.holder = [[0] * 9 for _ in range(run.players)]
        separate_long = int(r["setup_tickets_long"]) > 0
        self.long_pile = set(run.long_tickets) if separate_long else set()
        self.ticket_pile = set(range(run.n_tickets)) - self.long_pile
        self.held: dict[int, set[int]] = {p: set() for p in range(run.players)}
        self.shared: set[int] = set()
        self.offers: dict[int, Offer] = {}
        self.swap: dict | None = None
        self.swaps: list[dict] = []
        self.counts = dict(reshuffles=0, market_resets=0, drawn=[0] * run.players, tunnels=[])
        self.paid: dict[int, list[int]] = {}  # route -> [seat, locomotives] of the cards spent claiming it
        self.prev_kind = None

    # --- the places cards are kept -------------------------------------------------------
    def take(self, where: list[int], card: int, n: int, what: str) -> None:
        check(where[card] >= n, f"game {self.game}: {what} takes {n} {CARDS[card]} from {where[card]}")
        where[card] -= n

    def seat_cards(self, seat: int, holder: bool) -> list[int]:
        return self.holder[seat // self.team] if holder else self.hand[seat]

    # --- the market ---------------------------------------------------------------------
    def market_checks(self, when: str) -> None:
        """BASE-MKT-5 and BASE-MKT-3 at a decision: a full market unless no card is left to fill it,
        fewer locomotives than the threshold unless the cards left cannot make such a market."""
        if self.size == 0:
            return
        check(all(c >= 0 for c in self.market) or sum(self.pile) + sum(self.discard) == 0,
              f"game {self.game}: market not refilled {when}: {self.market}")
        if self.reset > 0:
            locos = sum(c == LOCO for c in self.market)
            check(locos < self.reset or self.others() < self.size - self.reset + 1,
                  f"game {self.game}: {locos} face-up locomotives left {when}")

    def others(self) -> int:
        """Cards that are not locomotives in discard, pile and market."""
        return sum(self.discard[:LOCO]) + sum(self.pile[:LOCO]) + sum(c not in (-1, LOCO) for c in self.market)

    # --- one event ------------------------------------------------------------------------
    def apply(self, e) -> None:
        kind, seat, card, count, slot = e.kind, int(e.seat), int(e.card), int(e.count), int(e.slot)
        if kind in ("market_draw", "blind_draw") or (self.prev_kind is not None and e.turn != self.turn):
            self.market_checks(f"before {kind} at turn {e.turn}")
        if self.prev_kind == "reshuffle" and kind != "reshuffle":
            check(sum(self.discard) == 0, f"game {self.game}: a reshuffle left cards in the discard")
        if self.prev_kind is None or (self.prev_kind == "deal" and kind != "deal"):  # BASE-SET-1
            dealt = [sum(h) for h in self.hand]
            check(kind == "deal" or dealt == [int(self.run.rules["hand_size"])] * self.run.players,
                  f"game {self.game}: opening hands of {dealt} cards")
        handler = CARD_MOVES.get(kind) or TICKET_MOVES[kind]
        handler(self, e, seat, card, count, slot)
        self.prev_kind, self.turn = kind, e.turn

    def finish(self) -> None:
        self.market_checks("at the end")
        check(not self.offers, f"game {self.game}: an offer was never decided")
        total = [self.pile[k] + self.discard[k] + self.laid[k] + sum(c == k for c in self.market)
                 + sum(h[k] for h in self.hand) + sum(h[k] for h in self.holder) + self.revealed.count(k)
                 for k in range(9)]
        check(total == list(self.run.deck), f"game {self.game}: cards {total} at the end, deck {self.run.deck}")


# --- card moves: (replay, event, seat, card, count, slot) ---------------------------------------
def _deal(g, e, seat, card, count, slot):
    check(e.turn == 0, f"game {g.game}: a deal at turn {e.turn}")
    g.take(g.pile, card, count, "the deal")
    g.hand[seat][card] += count


def _market_fill(g, e, seat, card, count, slot):
    check(g.market[slot] < 0, f"game {g.game}: market slot {slot} filled while it holds a card")
    g.take(g.pile, card, count, "a market refill")
    g.market[slot] = card


def _market_draw(g, e, seat, card, count, slot):
    check(g.market[slot] == card, f"game {g.game}: drew {CARDS[card]} from slot {slot} holding {g.market[slot]}")
    g.market[slot] = -1
    g.hand[seat][card] += 1
    g.counts["drawn"][seat] += 1


def _blind_draw(g, e, seat, card, count, slot):
    g.take(g.pile, card, count, "a blind draw")
    g.hand[seat][card] += count
    g.counts["drawn"][seat] += count


def _market_reset(g, e, seat, card, count, slot):
    if g.prev_kind != "market_reset":  # BASE-MKT-3: a reset starts on a market at the threshold
        locos = sum(c == LOCO for c in g.market)
        check(g.reset > 0 and locos >= g.reset, f"game {g.game}: market reset with {locos} locomotives")
        check(g.others() >= g.size - g.reset + 1, f"game {g.game}: reset although no market could follow")
        g.counts["market_resets"] += 1
    check(g.market[slot] == card, f"game {g.game}: reset discards {CARDS[card]} from slot {slot}")
    g.market[slot] = -1
    g.discard[card] += 1


def _reshuffle(g, e, seat, card, count, slot):
    if g.prev_kind != "reshuffle":  # BASE-MKT-4: only an empty pile is replaced
        check(sum(g.pile) == 0, f"game {g.game}: reshuffle with {sum(g.pile)} cards in the pile")
        g.counts["reshuffles"] += 1
    check(g.discard[card] == count, f"game {g.game}: reshuffle moves {count} {CARDS[card]} of {g.discard[card]}")
    g.discard[card] = 0
    g.pile[card] += count


def _spend(g, e, seat, card, count, slot):  # claim_spend, station_spend: hand or holder -> discard
    g.take(g.seat_cards(seat, bool(e.holder)), card, count, e.kind)
    g.discard[card] += count
    if e.kind == "claim_spend":
        _paid_for(g, int(e.route), seat, card, count)


def _paid_for(g, route: int, seat: int, card: int, count: int) -> None:
    paid = g.paid.setdefault(route, [seat, 0])
    check(paid[0] == seat, f"game {g.game}: two seats paid for route {route}")
    paid[1] += count if card == LOCO else 0


def _tunnel_lay(g, e, seat, card, count, slot):  # tunnel_lay, tunnel_pay: hand or holder -> laid
    if e.kind == "tunnel_lay" and g.prev_kind != "tunnel_lay":
        g.counts["tunnels"].append(list(g.pile))  # the pile the reveal draws from
    g.take(g.seat_cards(seat, bool(e.holder)), card, count, e.kind)
    g.laid[card] += count


def _tunnel_reveal(g, e, seat, card, count, slot):
    g.take(g.pile, card, count, "a tunnel reveal")
    g.revealed.append(card)


def _tunnel_claim(g, e, seat, card, count, slot):
    g.take(g.laid, card, count, "a tunnel claim")
    g.discard[card] += count
    _paid_for(g, int(e.route), seat, card, count)


def _tunnel_return(g, e, seat, card, count, slot):
    g.take(g.laid, card, count, "an abandoned tunnel")
    g.seat_cards(seat, bool(e.holder))[card] += count


def _tunnel_discard(g, e, seat, card, count, slot):
    check(card in g.revealed, f"game {g.game}: discards an unrevealed {CARDS[card]}")
    g.revealed.remove(card)
    g.discard[card] += 1


def _bonus_draw(g, e, seat, card, count, slot):
    g.take(g.pile, card, count, "a bonus draw")
    g.hand[seat][card] += count


def _card_to_holder(g, e, seat, card, count, slot):
    g.take(g.hand[seat], card, count, "a card put in the holder")
    g.holder[seat // g.team][card] += count


CARD_MOVES = {"deal": _deal, "market_fill": _market_fill, "market_draw": _market_draw, "blind_draw": _blind_draw,
              "market_reset": _market_reset, "reshuffle": _reshuffle, "claim_spend": _spend,
              "station_spend": _spend, "tunnel_lay": _tunnel_lay, "tunnel_pay": _tunnel_lay,
              "tunnel_reveal": _tunnel_reveal, "tunnel_claim": _tunnel_claim, "tunnel_return": _tunnel_return,
              "tunnel_discard": _tunnel_discard, "bonus_draw": _bonus_draw, "card_to_holder": _card_to_holder}


# --- ticket moves ------------------------------------------------------------------------------
def _offer(g, e, seat, card, count, slot):
    t, setup = int(e.ticket), e.kind == "setup_offer"
    source = g.long_pile if setup and t in g.long_pile else g.ticket_pile
    check(t in source, f"game {g.game}: ticket {t} offered but not in the pile")
    source.discard(t)
    offer = g.offers.setdefault(seat, Offer(seat, setup, []))
    check(offer.setup == setup and not offer.decided, f"game {g.game}: seat {seat} offered during a decision")
    check(slot == len(offer.tickets), f"game {g.game}: offer position {slot} out of order")
    offer.tickets.append(t)
    limit = int(g.run.rules["setup_tickets_regular"]) + int(g.run.rules["setup_tickets_long"]) if setup \
        else int(g.run.rules["draw_tickets"])
    check(len(offer.tickets) <= limit, f"game {g.game}: {len(offer.tickets)} tickets offered, at most {limit}")


def _decide(g, e, seat, card, count, slot):  # ticket_keep, ticket_return, ticket_box
    t = int(e.ticket)
    if seat < 0:  # EU-SET-2: the long tickets nobody was dealt leave the game
        check(t in g.long_pile and e.kind == "ticket_box", f"game {g.game}: ticket {t} boxed from nowhere")
        g.long_pile.discard(t)
        return
    offer = g.offers.get(seat)
    check(offer is not None and t in offer.tickets and t not in offer.decided,
          f"game {g.game}: seat {seat} decides on ticket {t}, not in its offer")
    offer.decided.append(t)
    to_box = bool(g.run.rules["unkept_setup_to_box" if offer.setup else "unkept_draw_to_box"])
    if e.kind == "ticket_keep":
        offer.kept.append(t)
        g.held[seat].add(t)
        if e.holder:
            offer.shared += 1
            g.shared.add(t)
    else:
        check((e.kind == "ticket_box") == to_box, f"game {g.game}: an unkept ticket went to the "
              f"{'box' if e.kind == 'ticket_box' else 'pile'} against the rules")
        if e.kind == "ticket_return":
            g.ticket_pile.add(t)
    if len(offer.decided) == len(offer.tickets):
        _offer_decided(g, offer)


def _offer_decided(g, offer: Offer) -> None:
    """BASE-SET-2, BASE-TKT-1 (and each board's minimum): the keep limits; TA-TKT-1/2: the shared ones."""
    r = g.run.rules
    keep_min = int(r["setup_keep_min" if offer.setup else "draw_keep_min"])
    n = len(offer.tickets)
    check(min(keep_min, n) <= len(offer.kept) <= n,
          f"game {g.game}: seat {offer.seat} kept {len(offer.kept)} of {n} (at least {min(keep_min, n)})")
    n_share = int(r["shared_tickets_setup" if offer.setup else "shared_tickets_draw"])
    check(offer.shared == min(n_share, len(offer.kept)),
          f"game {g.game}: seat {offer.seat} shared {offer.shared} of {len(offer.kept)} kept")
    del g.offers[offer.seat]


def _share(g, e, seat, card, count, slot):
    t = int(e.ticket)
    check(t in g.held[seat] and t not in g.shared, f"game {g.game}: seat {seat} shares ticket {t} it does not hide")
    g.shared.add(t)


def _draw_ticket(g, e, seat, card, count, slot):  # ticket_draw, swap_draw
    t = int(e.ticket)
    check(t in g.ticket_pile, f"game {g.game}: ticket {t} drawn but not in the pile")
    g.ticket_pile.discard(t)
    g.held[seat].add(t)
    if e.kind == "swap_draw":
        if g.swap is None or g.swap["turn"] != e.turn:
            g.swap = dict(turn=e.turn, drawn=[], pile=len(g.ticket_pile) + 1, returned=[])
            g.swaps.append(g.swap)
        g.swap["drawn"].append(t)


def _swap_return(g, e, seat, card, count, slot):
    t = int(e.ticket)
    check(t in g.held[seat], f"game {g.game}: seat {seat} returns ticket {t} it does not hold")
    if g.swap is None or g.swap["turn"] != e.turn:  # nothing was drawn: the pile was empty
        g.swap = dict(turn=e.turn, drawn=[], pile=len(g.ticket_pile), returned=[])
        g.swaps.append(g.swap)
    check(t not in g.swap["drawn"], f"game {g.game}: a swap returned ticket {t} it drew (GT-TRN-3a)")
    g.held[seat].discard(t)
    g.ticket_pile.add(t)
    g.swap["returned"].append(t)


TICKET_MOVES = {"setup_offer": _offer, "ticket_offer": _offer, "ticket_keep": _decide, "ticket_return": _decide,
                "ticket_box": _decide, "ticket_share": _share, "ticket_draw": _draw_ticket,
                "swap_draw": _draw_ticket, "swap_return": _swap_return}


def check_swaps(g: GameReplay) -> None:
    """GT-TRN-3: as many tickets drawn as returned, fewer only when the pile ran short."""
    for s in g.swaps:
        check(len(s["drawn"]) == min(len(s["returned"]), s["pile"]),
              f"game {g.game}: a swap drew {len(s['drawn'])} for {len(s['returned'])} returned")


# --- a whole run, against its other tables ------------------------------------------------------
def read_table(folder: Path, name: str) -> pd.DataFrame:
    parts = sorted((folder / name).glob("part-*.parquet"))
    check(bool(parts), f"{folder}: no {name} table (the events table needs a run with --events)")
    return pd.concat([pd.read_parquet(p) for p in parts], ignore_index=True)


def replay_run(folder: Path) -> dict:
    """Replay every game of the run in `folder`; returns what was checked, by count."""
    folder = Path(folder)
    run = RunRules.of(folder)
    events = read_table(folder, "events")
    events["kind"] = events["kind"].astype(str)
    events["card"] = events["card"].cat.codes.astype(int) if hasattr(events["card"], "cat") else events["card"]
    tables = {t: read_table(folder, t) for t in ("games", "players", "tickets", "claims", "tunnels")}
    by_game = {t: dict(tuple(df.groupby("game"))) for t, df in tables.items()}
    seen = dict(games=0, events=0, reshuffles=0, market_resets=0, offers=0, swaps=0, tunnels=0)
    for game, rows in events.groupby("game", sort=True):
        g = GameReplay(run, int(game))
        for e in rows.itertuples(index=False):
            g.apply(e)
        g.finish()
        check_swaps(g)
        agree_with_tables(g, {t: by_game[t].get(game, tables[t].iloc[:0]) for t in tables})
        seen["games"] += 1
        seen["events"] += len(rows)
        seen["reshuffles"] += g.counts["reshuffles"]
        seen["market_resets"] += g.counts["market_resets"]
        seen["offers"] += int(rows["kind"].isin(["setup_offer", "ticket_offer"]).sum())
        seen["swaps"] += len(g.swaps)
        seen["tunnels"] += len(g.counts["tunnels"])
    check(seen["games"] == len(tables["games"]), f"events of {seen['games']} games, {len(tables['games'])} played")
    return seen


def agree_with_tables(g: GameReplay, t: dict[str, pd.DataFrame]) -> None:
    """The replay against the run's other tables of the same game."""
    game = t["games"].iloc[0]
    check(g.counts["reshuffles"] == game.reshuffles, f"game {g.game}: {g.counts['reshuffles']} reshuffles replayed, "
          f"{game.reshuffles} in games")
    check(g.counts["market_resets"] == game.market_resets, f"game {g.game}: market resets differ")
    for p in t["players"].itertuples():
        check(g.counts["drawn"][p.seat] == p.cards_drawn, f"game {g.game}: seat {p.seat} drew "
              f"{g.counts['drawn'][p.seat]} cards, players says {p.cards_drawn}")
        check(g.hand[p.seat][LOCO] == p.locos_left, f"game {g.game}: seat {p.seat} locomotives left differ")
    held = {(int(r.seat), int(r.ticket)) for r in t["tickets"].itertuples()}
    check(held == {(p, k) for p, ts in g.held.items() for k in ts}, f"game {g.game}: tickets held differ")
    claims = {int(c.route): [int(c.seat), int(c.locos)] for c in t["claims"].itertuples()}
    check(claims == g.paid, f"game {g.game}: the routes paid for (seat, locomotives) differ from the claims")
    check(len(g.counts["tunnels"]) == len(t["tunnels"]), f"game {g.game}: tunnel attempts differ")
    for pile, u in zip(g.counts["tunnels"], t["tunnels"].itertuples(), strict=True):
        check(pile == [getattr(u, "deck_" + c) for c in CARDS], f"game {g.game}: draw pile at a tunnel reveal differs")


def main(folder: str) -> None:
    seen = replay_run(Path(folder))
    for package in ("kernels", "analyzer"):
        check(not any(m == package or m.startswith(package + ".") for m in sys.modules),
              f"the replay imported the {package}")
    print(json.dumps(seen))


if __name__ == "__main__":
    main(sys.argv[1])
