"""Graph algorithms over a seat's (or a team's) claimed routes.

`members` is a bit mask of seats whose routes count as one network: one seat
in the standard games, two teammates in Team Asia.
"""

import numpy as np
from numba import njit

from kernels import layouts as L
from kernels.bits import ONE, ZERO, low_bit_index
from kernels.paths import other_end


@njit(cache=True, _nrt=False, inline="always")
def uf_find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]  # path halving
        x = parent[x]
    return x


@njit(cache=True, _nrt=False, inline="always")
def uf_union(parent, a, b):
    ra = uf_find(parent, a)
    rb = uf_find(parent, b)
    if ra != rb:
        parent[rb] = ra


@njit(cache=True, _nrt=False)
def uf_reset(parent):
    for i in range(parent.shape[0]):
        parent[i] = i


@njit(cache=True, _nrt=False, inline="always")
def owned_by(owner, r, members):
    """1 when route r's owner is one of the `members` (a bit set of seats), else 0; no branch, so a walk
    over every route does not mispredict on its owners (an open route's -1 is masked to a defined shift)."""
    o = np.int64(owner[r])
    return np.int64(o >= 0) & ((members >> (o & 63)) & 1)


@njit(cache=True, _nrt=False)
def longest_trail(routes, owner, members, n_cities, work):
    """Length (in spaces) of the longest trail in the members' routes
    (network_trail_and_cities without the cities)."""
    trail, _ = network_trail_and_cities(routes, owner, members, n_cities, work)
    return trail


@njit(cache=True, _nrt=False, inline="always")
def _member_routes(routes, owner, members, deg, inc, used):
    """deg, inc <- the members' routes at each city (deg zeroed here), used <- 0 for
    each. Gathered 64 at a time into a word without a branch on each owner
    (which the CPU cannot predict), then only those written, in route order
    (`used` is read only through `inc`)."""
    deg[:] = 0
    n_routes = routes.shape[0]
    for base in range(0, n_routes, 64):
        word = ZERO
        for r in range(base, min(base + 64, n_routes)):
            word |= np.uint64(owned_by(owner, r, members)) << np.uint64(r - base)
        while word != ZERO:
            r = base + low_bit_index(word)
            word &= word - ONE
            used[r] = 0
            a = routes[r, L.RT_A]
            b = routes[r, L.RT_B]
            inc[a, deg[a]] = r
            deg[a] += 1
            inc[b, deg[b]] = r
            deg[b] += 1


@njit(cache=True, _nrt=False)
def network_trail_and_cities(routes, owner, members, n_cities, work):
    """(longest trail, cities of the largest piece) of the members' routes,
    in one walk over the pieces of the network. The longest trail is in
    spaces, each route used at most once, cities may repeat (BASE-SCR-2);
    the largest piece is counted in cities (Asian Explorer, LA-SCR-1).

    Piece by piece (a trail stays in one connected piece of the network): a
    piece with at most two odd-degree cities has a trail through all its
    routes (Euler), so its whole length is its longest trail; in a tree a
    trail is a path, so the tree's longest path (two sweeps) is its longest
    trail. Other pieces are searched (_search_piece), longest piece first,
    and only while the piece is longer than the best trail found: a trail is
    never longer than its piece. `work` is a TRAIL_WORK record
    (kernels/layouts/records.py; the Scratch's `trail`), its arrays per city and
    route scratch; n_cities: the board's cities."""
    deg = work.deg[:n_cities]
    inc = work.inc
    used = work.used
    seen = work.seen[:n_cities]
    piece_len = work.piece_len[:n_cities]
    stk_v = work.stk_v
    stk_i = work.stk_i
    seen[:] = 0
    piece_len[:] = 0
    _member_routes(routes, owner, members, deg, inc, used)
    best = 0
    cities = 0
    for first in range(n_cities):  # each piece: its length and odd cities, by a breadth-first walk
        if deg[first] == 0 or seen[first] != 0:
            continue
        seen[first] = 1
        stk_v[0] = first
        head = 0
        tail = 1
        twice = 0
        odd = 0
        degrees = 0
        while head < tail:
            v = stk_v[head]
            head += 1
            odd += deg[v] & 1
            degrees += deg[v]
            for i in range(deg[v]):
                e = inc[v, i]
                twice += routes[e, L.RT_LEN]
                w = other_end(routes, e, v)
                if seen[w] == 0:
                    seen[w] = 1
                    stk_v[tail] = w
                    tail += 1
        cities = max(cities, tail)
        length = twice // 2
        if odd <= 2:
            best = max(best, length)
        elif degrees // 2 == tail - 1:  # a tree: its longest trail is its longest path
            best = max(best, tree_diameter(routes, deg, inc, piece_len, stk_v, stk_i, tail))
        else:
            for j in range(tail):
                piece_len[stk_v[j]] = length
    while True:  # the searched pieces, longest first, while one could beat best
        first = -1
        longest = best
        for c in range(n_cities):
            if piece_len[c] > longest:
                longest = piece_len[c]
                first = c
        if first < 0:
            return best, cities
        best = _search_piece(routes, work, np.int64(first), np.int64(best))


@njit(cache=True, _nrt=False)
def _search_piece(routes, work, first, best):
    """max(best, the longest trail of first's piece): a piece with cycles and
    more than two odd-degree cities. Its pendant trees (what remains attached
    by one route after cutting leaves, again and again) are cut first: a
    trail that enters one cannot come back (every tree route is a bridge), so
    it starts or ends there. Each city of the remaining core keeps the
    longest way down into its trees, hang[0], and down another of its
    branches, hang[1]; a trail inside the trees alone is at most a cut
    city's hang[0] + hang[1]. Then every trail over the core routes is
    walked (_trails_from) from each core city a longest trail can start at,
    each counted with the deepest tree at its ends.

    Why those starts: a longest trail that ends at a city of even degree
    leaves an unused route there (it uses an odd number of that city's
    routes), so it could go on; it is not closed (a closed longest trail is
    an Euler circuit of its piece, which has no odd city). So its core part
    starts at a core city of odd degree, or at one with a tree it came up
    from. `rem` (the routes of a city not cut yet: work.seen, reused) is
    per-city scratch; piece_len is left at 0 over the piece; cut routes stay
    marked in `used`."""
    deg = work.deg
    inc = work.inc
    used = work.used
    rem = work.seen
    piece_len = work.piece_len
    hang = work.hang
    piece = work.piece
    stk_v = work.stk_v
    length = piece_len[first]
    piece[0] = first
    piece_len[first] = 0
    n = 1
    head = 0
    while head < n:  # the piece's cities
        v = piece[head]
        head += 1
        rem[v] = deg[v]
        hang[0, v] = 0
        hang[1, v] = 0
        for i in range(deg[v]):
            w = other_end(routes, inc[v, i], v)
            if piece_len[w] != 0:
                piece_len[w] = 0
                piece[n] = w
                n += 1
    tail = 0
    for j in range(n):
        if deg[piece[j]] == 1:
            stk_v[tail] = piece[j]
            tail += 1
    head = 0
    while head < tail:  # cut the leaves; a city left with one route is the next leaf
        v = stk_v[head]
        head += 1
        rem[v] = 0
        best = max(best, hang[0, v] + hang[1, v])
        for i in range(deg[v]):
            e = inc[v, i]
            if used[e] == 0:  # v's last route
                used[e] = 1
                u = other_end(routes, e, v)
                down = hang[0, v] + routes[e, L.RT_LEN]
                if down > hang[0, u]:
                    hang[1, u] = hang[0, u]
                    hang[0, u] = down
                elif down > hang[1, u]:
                    hang[1, u] = down
                rem[u] -= 1
                if rem[u] == 1:
                    stk_v[tail] = u
                    tail += 1
                break
    for j in range(n):
        s = piece[j]
        if rem[s] == 0 or (deg[s] & 1 == 0 and hang[0, s] == 0):
            continue
        if best >= length:
            break
        best = max(best, _trails_from(routes, work, s))
    return best


@njit(cache=True, _nrt=False, inline="always")
def tree_diameter(routes, deg, inc, dist, cities, queue, n):
    """The longest path (in spaces) of a tree whose n cities are cities[:n]:
    the farthest city from any city is an end of a longest path, and the
    farthest from it is the other end. dist: per-city scratch, left at 0."""
    far = cities[0]
    diameter = 0
    for sweep in range(2):
        for j in range(n):
            dist[cities[j]] = -1
        dist[far] = 0
        queue[0] = far
        head = 0
        tail = 1
        while head < tail:
            v = queue[head]
            head += 1
            for i in range(deg[v]):
                e = inc[v, i]
                w = other_end(routes, e, v)
                if dist[w] < 0:
                    dist[w] = dist[v] + routes[e, L.RT_LEN]
                    queue[tail] = w
                    tail += 1
                    if dist[w] > diameter:
                        diameter = dist[w]
                        far = w
        if sweep == 0:
            diameter = 0
    for j in range(n):
        dist[cities[j]] = 0
    return diameter


@njit(cache=True, _nrt=False, inline="always")
def _trails_from(routes, work, start):
    """The longest trail over the unused routes starting at `start` (every
    trail, by backtracking), with the deepest tree below each end (hang[0],
    or hang[1] when it ends where it started: another branch)."""
    deg = work.deg
    inc = work.inc
    used = work.used
    hang = work.hang
    stk_v = work.stk_v
    stk_e = work.stk_e
    stk_i = work.stk_i
    cur = hang[0, start]
    best = cur + hang[1, start]
    top = 0
    stk_v[0] = start
    stk_i[0] = 0
    stk_e[0] = -1
    while top >= 0:
        v = stk_v[top]
        i = stk_i[top]
        if i < deg[v]:
            stk_i[top] = i + 1
            e = inc[v, i]
            if used[e] == 0:
                used[e] = 1
                cur += routes[e, L.RT_LEN]
                w = other_end(routes, e, v)
                end = cur + (hang[1, w] if w == start else hang[0, w])
                if end > best:
                    best = end
                top += 1
                stk_v[top] = w
                stk_i[top] = 0
                stk_e[top] = e
        else:
            e = stk_e[top]
            if e >= 0:
                used[e] = 0
                cur -= routes[e, L.RT_LEN]
            top -= 1
    return best


@njit(cache=True, _nrt=False)
def two_path_network(bd, owner, members, parent, work):
    """parent <- union-find of the members' routes that are not bridges, so
    two cities share a root exactly when two route-disjoint paths join them
    (each 2-edge-connected piece is one root; Menger's theorem). A route is a
    bridge when the members' other routes do not join its ends: no cycle of
    theirs holds it. One depth-first walk over each piece of the network
    finds them all (Tarjan's low links): the walk's route into a city is a
    bridge when nothing reached from the city leads back above it by another
    route, and joins its two cities otherwise. parent: the board's cities;
    work: the longest-trail work arrays (TRAIL_WORK), borrowed."""
    routes = bd.routes[:bd.n_routes]
    adj_start, adj_route, adj_city = bd.adj_start, bd.adj_route, bd.adj_city
    disc = work.piece_len  # the order the walk reaches each city in, -1: not yet
    low = work.hang[0]  # the earliest city reached from below each city
    into = work.hang[1]  # the walk's route into each city
    nxt = work.piece  # each city's next adjacency entry to look at
    stack = work.stk_v  # the walk's cities, the one it stands on last
    uf_reset(parent)
    for c in range(parent.shape[0]):
        disc[c] = -1
    order = 0
    for r0 in range(routes.shape[0]):  # a walk from one end of each piece of the network: no other city
        s = routes[r0, L.RT_A]
        if owned_by(owner, r0, members) == 0 or disc[s] >= 0:
            continue
        disc[s] = low[s] = order
        order += 1
        into[s] = -1
        nxt[s] = adj_start[s]
        top = 0
        stack[0] = s
        while top >= 0:
            v = stack[top]
            j = nxt[v]
            if j < adj_start[v + 1]:
                nxt[v] = j + 1
                r = adj_route[j]
                if r == into[v] or owned_by(owner, r, members) == 0:
                    continue  # (a second route between the same two cities is another route: a cycle)
                w = adj_city[j]
                if disc[w] < 0:
                    disc[w] = low[w] = order
                    order += 1
                    into[w] = r
                    nxt[w] = adj_start[w]
                    top += 1
                    stack[top] = w
                else:  # back to a city reached before: a cycle
                    low[v] = min(low[v], disc[w])
            else:
                top -= 1
                if top >= 0:
                    u = stack[top]
                    low[u] = min(low[u], low[v])
                    if low[v] <= disc[u]:  # not a bridge (a route back closes a cycle through the walk's routes,
                        uf_union(parent, u, v)  # which are joined so: it needs no join of its own)
