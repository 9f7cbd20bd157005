//! Move ordering: the table's move first, then taking a royal man, captures
//! by the victim's worth then the cheapest attacker, queen promotions, the
//! two killer moves of the ply (quiet moves that cut off a sibling line),
//! and the rest by their history (how often and how deep each from–to pair
//! of a side cut off).

use fogbound_engine::{Color, Move, Role};

use super::pack;
use super::tt::{PackedMove, NO_MOVE};

const TT_MOVE: i32 = 2_000_000;
const ROYAL: i32 = 1_900_000;
const CAPTURE: i32 = 1_000_000;
const PROMOTION: i32 = 950_000;
const KILLER: [i32; 2] = [900_000, 890_000];
/// History scores stay below the killers.
const HISTORY_CAP: i32 = 800_000;

/// Two killer moves per ply.
pub struct Killers(Vec<[PackedMove; 2]>);

impl Killers {
    pub fn new(plies: usize) -> Killers {
        Killers(vec![[NO_MOVE; 2]; plies])
    }

    pub fn clear(&mut self) {
        for k in &mut self.0 {
            *k = [NO_MOVE; 2];
        }
    }

    pub fn add(&mut self, ply: usize, mv: PackedMove) {
        if let Some(k) = self.0.get_mut(ply) {
            if k[0] != mv {
                k[1] = k[0];
                k[0] = mv;
            }
        }
    }

    fn rank(&self, ply: usize, mv: PackedMove) -> Option<usize> {
        let k = self.0.get(ply)?;
        k.iter().position(|&x| x == mv && x != NO_MOVE)
    }
}

/// Cut-offs per side and from–to pair.
pub struct History {
    squares: usize,
    table: Vec<i32>,
}

impl History {
    pub fn new(squares: usize) -> History {
        History {
            squares,
            table: vec![0; 2 * squares * squares],
        }
    }

    fn index(&self, color: Color, m: &Move) -> usize {
        (color.index() * self.squares + m.from.index()) * self.squares + m.to.index()
    }

    pub fn reward(&mut self, color: Color, m: &Move, depth: i32) {
        let i = self.index(color, m);
        self.table[i] += depth * depth;
        if self.table[i] > HISTORY_CAP {
            for v in &mut self.table {
                *v /= 2;
            }
        }
    }

    /// Forgets what was learnt.
    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    fn score(&self, color: Color, m: &Move) -> i32 {
        self.table[self.index(color, m)]
    }
}

/// The ordering key of a capture or promotion: the victim's worth first,
/// then the cheaper attacker.
pub fn capture_key(m: &Move) -> i32 {
    match m.capture {
        Some(r) if r.spec().royal => ROYAL,
        Some(r) => CAPTURE + 16 * (r.value() + 1) - m.role.value() / 10,
        None if m.promotion.is_some() => PROMOTION + m.promotion.map_or(0, |r| r.value()),
        None => 0,
    }
}

/// Ordering keys of `moves` into `keys`.
pub fn score_moves(
    moves: &[Move],
    tt_move: PackedMove,
    killers: &Killers,
    history: &History,
    ply: usize,
    us: Color,
    keys: &mut Vec<(i32, u32)>,
) {
    keys.clear();
    for (i, m) in moves.iter().enumerate() {
        let packed = pack(m);
        let key = if packed == tt_move {
            TT_MOVE
        } else if m.capture.is_some() || m.promotion == Some(Role::Queen) {
            capture_key(m)
        } else if let Some(k) = killers.rank(ply, packed) {
            KILLER[k]
        } else {
            history.score(us, m).min(HISTORY_CAP - 1)
        };
        keys.push((key, i as u32));
    }
}

/// Moves the best remaining entry to position `k` (selection sort, one
/// step: cut-offs usually come early) and returns its move's index.
pub fn pick(keys: &mut [(i32, u32)], k: usize) -> usize {
    let mut best = k;
    for j in k + 1..keys.len() {
        if keys[j].0 > keys[best].0 {
            best = j;
        }
    }
    keys.swap(k, best);
    keys[k].1 as usize
}
