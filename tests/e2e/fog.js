// The tests' own Fog of War oracle: the start position and what one side
// sees (own men and every square they could move to), written apart from
// the engine so the journeys audit the page against an independent copy.

export const START = {
  a1: "wR", b1: "wN", c1: "wB", d1: "wQ", e1: "wK", f1: "wB", g1: "wN", h1: "wR",
  a8: "bR", b8: "bN", c8: "bB", d8: "bQ", e8: "bK", f8: "bB", g8: "bN", h8: "bR",
};
for (const f of "abcdefgh") {
  START[`${f}2`] = "wP";
  START[`${f}7`] = "bP";
}

export const sq = (f, r) => (f >= 0 && f < 8 && r >= 0 && r < 8 ? "abcdefgh"[f] + (r + 1) : null);
export const coords = (s) => ["abcdefgh".indexOf(s[0]), Number(s.slice(1)) - 1];

/** Fog of War visibility: own men plus every square a man of `side` could
 * move to (captures included; capture-the-king, so check is ignored). */
export function visibleTo(board, side) {
  const seen = new Set();
  const enemy = (s) => board[s] && board[s][0] !== side;
  for (const [from, code] of Object.entries(board)) {
    if (code[0] !== side) continue;
    seen.add(from);
    const [f, r] = coords(from);
    const role = code[1];
    const leap = (offsets) => {
      for (const [df, dr] of offsets) {
        const t = sq(f + df, r + dr);
        if (t && (!board[t] || enemy(t))) seen.add(t);
      }
    };
    const slide = (dirs) => {
      for (const [df, dr] of dirs) {
        for (let k = 1; k < 8; k++) {
          const t = sq(f + df * k, r + dr * k);
          if (!t) break;
          if (board[t]) {
            if (enemy(t)) seen.add(t);
            break;
          }
          seen.add(t);
        }
      }
    };
    const diag = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
    const line = [[1, 0], [-1, 0], [0, 1], [0, -1]];
    if (role === "N") leap([[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]);
    if (role === "K") leap([...diag, ...line]);
    if (role === "B" || role === "Q") slide(diag);
    if (role === "R" || role === "Q") slide(line);
    if (role === "P") {
      const dir = side === "w" ? 1 : -1;
      const one = sq(f, r + dir);
      if (one && !board[one]) {
        seen.add(one);
        const two = sq(f, r + 2 * dir);
        if ((side === "w" ? r === 1 : r === 6) && two && !board[two]) seen.add(two);
      }
      for (const df of [-1, 1]) {
        const t = sq(f + df, r + dir);
        if (t && enemy(t)) seen.add(t);
      }
    }
  }
  return seen;
}
