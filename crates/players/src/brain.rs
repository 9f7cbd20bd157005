//! The belief and the search, generic over the bitboard width.
//!
//! **Belief.** A pool of full boards (true-position guesses) consistent with
//! everything the player was told. At ply 0 the pool is the variant's start
//! position, exactly. After the player's own move every board plays it (a
//! board on which the move was impossible is dropped: the move was played,
//! so that board was wrong); after a refused try every board on which the
//! try was legal is dropped. After the opponent's ply every board is
//! replaced by all its successors that agree with the new observation (the
//! squares it sees, a capture of one of its men, and the umpire's words
//! where there is an umpire), so the pool is the exact set of consistent
//! boards while it stays under the level's size; past that it is a random
//! subset. When the pool dies out (the opponent did something no board
//! foresaw, or a random opening was played) it is rebuilt by random
//! consistent completion: the enemy men not seen are put on unseen squares,
//! at home where home is unseen with a good chance, and only boards that
//! agree with the observation are kept.
//!
//! **Search.** Each candidate attempt is scored on a handful of boards of
//! the pool by a full-information alpha-beta search of the level's depth
//! (captures searched to the end), under the model's rule mode: in Fog of
//! War the king may be left en prise and is taken. A candidate's value is
//! the mean over the boards, with a heavy extra penalty when it loses the
//! king on any of them, a small bonus for the unseen squares it would let
//! the player see, and, for a try that is illegal on some boards (a
//! Kriegspiel try), the board's standing value there (a refused try costs
//! nothing but a little information). Under an umpire the whole pool (up
//! to a bound, not only the searched sample) is also asked of each try
//! whether it is legal — a try illegal on part of the pool is marked down
//! by that share, to keep refusals few — and whether it stalemates: when
//! ahead, a move that stalemates on any pooled board is marked down, the
//! more the more boards. Every search step counts against a node budget, so
//! a seed replays exactly.

use fogbound_engine::kriegspiel::{check_directions, PawnCheck};
use fogbound_engine::model::find_in;
use fogbound_engine::observation::Message;
use fogbound_engine::{
    Attempt, Bitboard, Cell, CheckDirection, Color, Move, MoveKind, Observation, Piece, Position,
    Resolution, Role, RuleMode, Setup, Square, Tries, Variant,
};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

use crate::hunt::{hunting, Region};
use crate::Level;

mod checker;
mod rejuvenate;

/// What the player makes of the model from what it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelGuess {
    /// Everything visible.
    Open,
    /// Fog of War: capture-the-king.
    Fog,
    /// Dark Chess: pawn probes, orthodox rules.
    Dark,
    /// Kriegspiel: an umpire, orthodox rules.
    Kriegspiel,
}

impl ModelGuess {
    /// The guess from one observation: Kriegspiel and Dark Chess show
    /// themselves by the tries they take or the squares explored, the open
    /// board by having no fog.
    pub fn from_observation(obs: &Observation) -> ModelGuess {
        match obs.actions.tries {
            Tries::TryHints => return ModelGuess::Kriegspiel,
            Tries::PawnProbes => return ModelGuess::Dark,
            Tries::Hinted => {}
        }
        if !obs.extras.explored.is_empty() {
            return ModelGuess::Dark;
        }
        if !obs.squares.contains(&Cell::Fog) {
            return ModelGuess::Open;
        }
        if !obs.squares.contains(&Cell::Empty) {
            return ModelGuess::Kriegspiel;
        }
        ModelGuess::Fog
    }

    pub fn mode(self) -> RuleMode {
        match self {
            ModelGuess::Fog => RuleMode::CaptureKing,
            _ => RuleMode::Orthodox,
        }
    }
}

/// A number below `n` drawn from `rng` (0 when `n` is 0).
pub fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        (rng.next_u64() % n as u64) as usize
    }
}

/// A lost royal man.
const MATE: i32 = 100_000;
/// What one board's value is clamped to before averaging, so that one
/// board's lost king weighs as a big loss, not as everything.
const CLAMP: i32 = 3_000;
/// Extra penalty when the king is lost on any searched board.
const KING_RISK: f64 = 600.0;
/// Extra penalty, when ahead, for a move that stalemates on any board.
const STALEMATE_RISK: f64 = 800.0;
/// Kriegspiel: more, per share of the pool on which the move stalemates.
const STALEMATE_SHARE: f64 = 3_000.0;
/// A check the umpire will announce (Kriegspiel).
const CHECK_BONUS: f64 = 40.0;
/// Per unseen square a move would show.
const INFO_BONUS: f64 = 3.0;
/// A try that is refused on a board costs this there.
const REFUSAL_COST: f64 = 400.0;
/// Kriegspiel: per share of the pool on which a try is illegal (a refused
/// try tells the opponent where the bot's men are not blocked, and wastes
/// the turn's best guess).
const REFUSAL_RISK: f64 = 200.0;
/// Kriegspiel: boards of the pool checked for legality and stalemate.
const POOL_CHECKS: usize = 256;
/// Hunting a king it cannot see: boards searched at least.
const HUNT_BOARDS: usize = 64;
/// Hunting: per square the hunted king may stand on after its reply.
const HUNT_WEIGHT: f64 = 8.0;

/// One player's belief about the true position and its search. See the
/// module docs.
pub struct Brain<B: Bitboard> {
    variant: Variant,
    me: Color,
    guess: ModelGuess,
    /// Boards consistent with what the player knows, at `ply`, in the
    /// player's turn or the opponent's as the observation says.
    pool: Vec<Position<B>>,
    ply: u32,
    /// The enemy men believed alive (seen or not).
    enemy: Vec<Role>,
    /// Where the enemy men stood at the start, for rebuilt boards.
    homes: Vec<(Square, Piece)>,
    /// The last observation, to read what the player saw before its move.
    last: Option<Observation>,
    /// Refused tries of this turn: every rebuilt board must refuse them too.
    refused: Vec<Attempt>,
    /// How many times the belief was rebuilt (for reports).
    pub rebuilds: u32,
    /// For each candidate of the last [`Brain::score`], the share of the
    /// searched boards on which it is legal.
    pub legal: Vec<f64>,
}

impl<B: Bitboard> Brain<B> {
    /// A fresh belief for `me` from its first observation.
    pub fn new(variant: Variant, first: &Observation) -> Brain<B> {
        let start = Position::<B>::start(&variant).ok();
        let me = first.player;
        let (enemy, homes) = match &start {
            Some(p) => (
                p.men()
                    .filter(|(_, pc)| pc.color != me)
                    .map(|(_, pc)| pc.role)
                    .collect(),
                p.men().filter(|(_, pc)| pc.color != me).collect(),
            ),
            None => (
                first
                    .men()
                    .into_iter()
                    .filter(|(_, pc)| pc.color != me)
                    .map(|(_, pc)| pc.role)
                    .collect(),
                Vec::new(),
            ),
        };
        let mut brain = Brain {
            variant,
            me,
            guess: ModelGuess::from_observation(first),
            pool: Vec::new(),
            ply: first.ply,
            enemy,
            homes,
            last: None,
            refused: Vec::new(),
            rebuilds: 0,
            legal: Vec::new(),
        };
        if first.ply == 0 {
            if let Some(p) = start {
                if brain.consistent(&p, first) {
                    brain.pool.push(p);
                }
            }
        }
        brain.last = Some(first.clone());
        brain
    }

    /// The candidate boards kept now.
    pub fn boards(&self) -> &[Position<B>] {
        &self.pool
    }

    /// The side the bot plays.
    pub fn me(&self) -> Color {
        self.me
    }

    /// How many boards the belief holds.
    pub fn pool_size(&self) -> usize {
        self.pool.len()
    }

    /// What "Any?" would answer on the belief's boards: the share of them
    /// on which the player to move has a pawn capture, and, among those,
    /// the share on which the likeliest single pawn capture is legal (how
    /// sure a try after "Yes" is to be accepted).
    pub fn pawn_capture_odds(&self) -> (f64, f64) {
        let boards: Vec<&Position<B>> = self.pool.iter().filter(|p| p.turn() == self.me).collect();
        if boards.is_empty() {
            return (0.0, 0.0);
        }
        let mut yes = 0usize;
        let mut counts: Vec<((Square, Square), usize)> = Vec::new();
        for p in &boards {
            let captures: Vec<Move> = p
                .moves(RuleMode::Orthodox)
                .into_iter()
                .filter(|m| m.role.spec().pawn && m.capture.is_some())
                .collect();
            if captures.is_empty() {
                continue;
            }
            yes += 1;
            for m in captures {
                match counts.iter_mut().find(|(k, _)| *k == (m.from, m.to)) {
                    Some(c) => c.1 += 1,
                    None => counts.push(((m.from, m.to), 1)),
                }
            }
        }
        let best = counts.iter().map(|c| c.1).max().unwrap_or(0);
        (
            yes as f64 / boards.len() as f64,
            best as f64 / yes.max(1) as f64,
        )
    }

    fn mode(&self) -> RuleMode {
        self.guess.mode()
    }

    /// Whether `pos` agrees with everything `obs` shows: the player's men
    /// where it sees them and nowhere else, the enemy men it sees, the
    /// squares it sees empty, and what the umpire said this turn.
    fn consistent(&self, pos: &Position<B>, obs: &Observation) -> bool {
        if pos.turn() != obs.turn {
            return false;
        }
        // Every capture is seen by both sides, so the number of enemy men
        // is known exactly (their kinds only as well as the captures told).
        if pos.by_color(!self.me).count() != self.enemy.len() as u32 {
            return false;
        }
        for (i, cell) in obs.squares.iter().enumerate() {
            let here = pos.piece_at(Square(i as u8));
            let ok = match cell {
                Cell::Man(p) => here == Some(*p),
                Cell::Empty => here.is_none(),
                Cell::Fog => here.is_none_or(|p| p.color != self.me),
            };
            if !ok {
                return false;
            }
        }
        if obs.outcome.is_some() {
            return true;
        }
        if obs.turn == self.me {
            for a in &self.refused {
                if let Some(m) = a.as_move() {
                    if find_in(&pos.moves(self.mode()), m).is_some() {
                        return false;
                    }
                }
            }
        }
        self.umpire_agrees(pos, obs)
    }

    /// The umpire's words of the current turn, checked on `pos`: whether
    /// the side to move is in check and from which directions, and whether
    /// it has a pawn capture (the pawn-try count, "Any?" answered for it).
    /// After the player's own move this is what tells it whether the move
    /// reached the hidden king, and along which line.
    fn umpire_agrees(&self, pos: &Position<B>, obs: &Observation) -> bool {
        if self.guess != ModelGuess::Kriegspiel {
            return true;
        }
        let mover = obs.turn;
        let mut said: Option<&[CheckDirection]> = None;
        let mut pawn_captures: Option<bool> = None;
        for a in obs.announcements.iter().filter(|a| a.ply == obs.ply) {
            if !a.audience.includes(self.me) {
                continue;
            }
            match &a.message {
                Message::Check { directions } => said = Some(directions),
                Message::PawnTries { count } => pawn_captures = Some(*count > 0),
                Message::PawnCaptureExists => pawn_captures = Some(true),
                Message::AnyAnswer { by, yes, .. } if *by == mover => pawn_captures = Some(*yes),
                _ => {}
            }
        }
        match said {
            None if pos.is_check() => return false,
            None => {}
            Some(dirs) => {
                if !pos.is_check() {
                    return false;
                }
                // Directions told: the same lines on this board (a pawn's
                // check said as "a diagonal" where the rules say so).
                if !dirs.is_empty() {
                    let pawn = if dirs.contains(&CheckDirection::Diagonal) {
                        PawnCheck::Diagonal
                    } else {
                        PawnCheck::LongOrShort
                    };
                    if check_directions(pos, pawn).as_slice() != dirs {
                        return false;
                    }
                }
            }
        }
        if let Some(expected) = pawn_captures {
            let has = pos
                .moves(RuleMode::Orthodox)
                .iter()
                .any(|m| m.role.spec().pawn && m.capture.is_some());
            if has != expected {
                return false;
            }
        }
        true
    }

    /// The observation after the opponent's ply or one of its refused tries.
    pub fn observe(&mut self, obs: &Observation, level: &Level, rng: &mut ChaCha8Rng) {
        self.note_enemy_promotions(obs);
        if self.ply.checked_add(1) == Some(obs.ply)
            && obs.turn == self.me
            && self.pool_turn() == Some(!self.me)
        {
            self.refused.clear();
            self.advance_opponent(obs, level, rng);
        } else if obs.ply != self.ply {
            self.refused.clear();
            self.pool.clear();
        }
        self.ply = obs.ply;
        self.settle(obs, level, rng);
    }

    /// The player's own attempt and what came of it.
    pub fn resolved(
        &mut self,
        attempt: &Attempt,
        resolution: &Resolution,
        obs: &Observation,
        level: &Level,
        rng: &mut ChaCha8Rng,
    ) {
        let mode = self.mode();
        match resolution {
            Resolution::Played => {
                self.refused.clear();
                self.note_own_capture(attempt, obs);
                if let Some(m) = attempt.as_move() {
                    // A board agrees only if the move took a man there just
                    // where it did (or took none): a board whose victim is
                    // missing would keep a phantom man for the rest of the
                    // game.
                    let took = obs.last_move.and_then(|l| l.capture_at);
                    let pool = std::mem::take(&mut self.pool);
                    self.pool = pool
                        .into_iter()
                        .filter(|p| p.turn() == self.me)
                        .filter_map(|p| {
                            let mv = find_in(&p.moves(mode), m)?;
                            (capture_square(&p, &mv) == took).then(|| p.after(&mv))
                        })
                        .collect();
                }
            }
            Resolution::Probe { .. } => {
                self.refused.clear();
                for p in &mut self.pool {
                    p.set_turn(!self.me);
                }
            }
            Resolution::AnyAnswer { .. } | Resolution::RebuffCount { .. } => {}
            _ => {
                // Refused: the boards on which the try was legal are wrong.
                self.refused.push(*attempt);
            }
        }
        self.ply = obs.ply;
        self.note_enemy_promotions(obs);
        self.settle(obs, level, rng);
    }

    fn pool_turn(&self) -> Option<Color> {
        self.pool.first().map(|p| p.turn())
    }

    /// Keeps the boards that agree with `obs`; rebuilds when none does.
    fn settle(&mut self, obs: &Observation, level: &Level, rng: &mut ChaCha8Rng) {
        let before = std::mem::take(&mut self.pool);
        let agree: Vec<bool> = before.iter().map(|p| self.consistent(p, obs)).collect();
        if agree.contains(&true) {
            self.pool = before
                .into_iter()
                .zip(agree)
                .filter_map(|(p, ok)| ok.then_some(p))
                .collect();
        } else if obs.outcome.is_none() {
            self.pool = self.nudged(&before, obs, level.pool.clamp(8, 64), rng);
        }
        if self.pool.is_empty() && obs.outcome.is_none() {
            self.rebuild(obs, level, rng);
        }
        self.last = Some(obs.clone());
    }

    /// Every board replaced by its successors that agree with `obs`.
    fn advance_opponent(&mut self, obs: &Observation, level: &Level, rng: &mut ChaCha8Rng) {
        let mode = self.mode();
        let seen = obs.last_move.unwrap_or_default();
        let mut next: Vec<Position<B>> = Vec::new();
        let mut keys: Vec<u64> = Vec::new();
        let pool = std::mem::take(&mut self.pool);
        // The work is bounded: past this many tested successors the rest of
        // the pool is skipped (it is a sample anyway).
        let mut budget = level.pool * 40;
        for p in pool {
            if budget == 0 {
                break;
            }
            let children: Vec<Position<B>> = if seen.passed {
                let mut q = p.clone();
                q.set_turn(self.me);
                vec![q]
            } else {
                let moves = p.moves(mode);
                budget = budget.saturating_sub(moves.len());
                moves
                    .iter()
                    .filter(|m| capture_square(&p, m) == seen.capture_at)
                    .map(|m| p.after(m))
                    .collect()
            };
            for c in children {
                if self.consistent(&c, obs) {
                    let k = c.zobrist_hash();
                    if !keys.contains(&k) {
                        keys.push(k);
                        next.push(c);
                    }
                }
            }
        }
        // Keep a random subset when there are too many.
        while next.len() > level.pool {
            let i = below(rng, next.len());
            next.swap_remove(i);
        }
        self.pool = next;
    }

    /// Our capture takes a man off the enemy's list: the one the player saw
    /// there, or the one most boards had there.
    fn note_own_capture(&mut self, attempt: &Attempt, obs: &Observation) {
        let Some(m) = attempt.as_move() else { return };
        let Some(sq) = obs.last_move.and_then(|l| l.capture_at) else {
            return;
        };
        let seen = self.last.as_ref().and_then(|o| match o.cell(sq) {
            Cell::Man(p) if p.color != self.me => Some(p.role),
            _ => None,
        });
        let role = seen.or_else(|| {
            let mut votes: Vec<(Role, usize)> = Vec::new();
            for p in &self.pool {
                let victim = if p.piece_at(m.to).is_some() {
                    p.piece_at(m.to)
                } else {
                    p.piece_at(sq)
                };
                if let Some(v) = victim.filter(|v| v.color != self.me) {
                    match votes.iter_mut().find(|(r, _)| *r == v.role) {
                        Some(e) => e.1 += 1,
                        None => votes.push((v.role, 1)),
                    }
                }
            }
            votes.iter().max_by_key(|(_, n)| *n).map(|(r, _)| *r)
        });
        let role = role.unwrap_or(Role::Pawn);
        if let Some(i) = self.enemy.iter().position(|r| *r == role) {
            self.enemy.remove(i);
        } else if let Some(i) = self.enemy.iter().position(|r| !r.spec().royal) {
            self.enemy.remove(i);
        }
    }

    /// More enemy men of a role seen than believed alive: pawns promoted.
    fn note_enemy_promotions(&mut self, obs: &Observation) {
        for (_, pc) in obs.men() {
            if pc.color == self.me {
                continue;
            }
            let seen = obs.men().iter().filter(|(_, p)| *p == pc).count();
            let have = self.enemy.iter().filter(|r| **r == pc.role).count();
            for _ in have..seen {
                self.enemy.push(pc.role);
                if let Some(i) = self.enemy.iter().position(|r| r.spec().pawn) {
                    self.enemy.remove(i);
                }
            }
        }
    }

    /// Random consistent completions of `obs`.
    fn rebuild(&mut self, obs: &Observation, level: &Level, rng: &mut ChaCha8Rng) {
        self.rebuilds += 1;
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("FOGBOUND_BOT_DEBUG").is_some() {
            let said: Vec<String> = obs
                .announcements
                .iter()
                .filter(|a| a.ply == obs.ply)
                .map(|a| a.message.text(fogbound_engine::Geometry::CHESS))
                .collect();
            eprintln!("rebuilt at ply {} after: {}", obs.ply, said.join("; "));
        }
        let g =
            match fogbound_engine::Geometry::new(usize::from(obs.width), usize::from(obs.height)) {
                Ok(g) => g,
                Err(_) => return,
            };
        let mut hidden = self.enemy.clone();
        for (_, pc) in obs.men() {
            if pc.color != self.me {
                if let Some(i) = hidden.iter().position(|r| *r == pc.role) {
                    hidden.remove(i);
                }
            }
        }
        // Royal men first, then the others, pawns last.
        hidden.sort_by_key(|r| (!r.spec().royal, r.spec().pawn));
        let fog: Vec<Square> = obs.fogged();
        let base: Vec<Option<Piece>> = obs
            .squares
            .iter()
            .map(|c| match c {
                Cell::Man(p) => Some(*p),
                _ => None,
            })
            .collect();
        let enemy = !self.me;
        let want = level.pool.clamp(8, 64);
        let mut relaxed: Vec<Position<B>> = Vec::new();
        // A check told to the player: each board starts from its checker.
        let check: Option<(Square, Vec<CheckDirection>)> = (obs.turn == self.me
            && self.guess == ModelGuess::Kriegspiel)
            .then(|| {
                let king = obs
                    .men()
                    .into_iter()
                    .find(|(_, p)| p.color == self.me && p.role.spec().royal)?
                    .0;
                let dirs = obs
                    .announcements
                    .iter()
                    .filter(|a| a.ply == obs.ply && a.audience.includes(self.me))
                    .find_map(|a| match &a.message {
                        Message::Check { directions } => Some(directions.clone()),
                        _ => None,
                    })?;
                Some((king, dirs))
            })
            .flatten();
        for _ in 0..want * 12 {
            if self.pool.len() >= want {
                break;
            }
            let mut board = base.clone();
            let mut free: Vec<Square> = fog.clone();
            let mut roles = hidden.clone();
            if let Some((king, dirs)) = &check {
                if !plant_checker(
                    g, *king, dirs, &mut board, &mut free, &mut roles, enemy, rng,
                ) {
                    continue;
                }
            }
            let mut ok = true;
            for &role in &roles {
                let pawn = role.spec().pawn;
                let fits = |sq: Square| {
                    !pawn || {
                        let r = g.rank(sq).0 as usize;
                        r != 0 && r + 1 != usize::from(obs.height)
                    }
                };
                let home: Vec<usize> = free
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| {
                        self.homes
                            .iter()
                            .any(|(h, p)| h == *s && p.role == role && p.color == enemy)
                    })
                    .map(|(i, _)| i)
                    .collect();
                let pick = if !home.is_empty() && below(rng, 10) < 7 {
                    Some(home[below(rng, home.len())])
                } else {
                    let fitting: Vec<usize> = free
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| fits(**s))
                        .map(|(i, _)| i)
                        .collect();
                    if fitting.is_empty() {
                        None
                    } else {
                        Some(fitting[below(rng, fitting.len())])
                    }
                };
                match pick {
                    Some(i) => {
                        let sq = free.swap_remove(i);
                        board[sq.index()] = Some(Piece { color: enemy, role });
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            let setup = Setup {
                geometry: g,
                board,
                turn: obs.turn,
                castling: Vec::new(),
                en_passant: None,
                halfmoves: 0,
                fullmoves: 1 + obs.ply / 2,
            };
            let Ok(pos) = Position::<B>::from_setup(&self.variant, &setup) else {
                continue;
            };
            // In the orthodox models the side not to move is never in check.
            if self.mode() == RuleMode::Orthodox && pos.is_king_attacked(!obs.turn) {
                continue;
            }
            if self.consistent(&pos, obs) {
                self.pool.push(pos);
            } else if relaxed.len() < want {
                relaxed.push(pos);
            }
        }
        if self.pool.is_empty() {
            // Nothing met the umpire's words (the enemy's list may be wrong):
            // boards that at least show what the player sees.
            self.pool = relaxed;
        }
    }

    /// Scores of `candidates` (higher is better), and the number of search
    /// nodes spent.
    pub fn score(
        &mut self,
        obs: &Observation,
        candidates: &[Attempt],
        level: &Level,
        rng: &mut ChaCha8Rng,
    ) -> Vec<f64> {
        self.guess = match ModelGuess::from_observation(obs) {
            ModelGuess::Open if self.guess != ModelGuess::Open => self.guess,
            g => g,
        };
        if self.pool.is_empty() || self.pool_turn() != Some(self.me) {
            self.pool.clear();
            self.settle(obs, level, rng);
        }
        let mode = self.mode();
        let mut boards: Vec<Position<B>> = self
            .pool
            .iter()
            .filter(|p| p.turn() == self.me)
            .cloned()
            .collect();
        // Hunting a king it cannot see, the pool is small and every board
        // is a different square for the king: all of them are searched (up
        // to a bound), not a sample, so the pieces do not drift with it.
        let hunt = self.guess == ModelGuess::Kriegspiel
            && hunting(&boards.iter().collect::<Vec<_>>(), self.me);
        let samples = if hunt {
            level.samples.max(HUNT_BOARDS)
        } else {
            level.samples
        };
        while boards.len() > samples {
            let i = below(rng, boards.len());
            boards.swap_remove(i);
        }
        let fogged = B::from_squares(obs.fogged());
        let n = boards.len().max(1) as f64;
        let mut sum = vec![0.0f64; candidates.len()];
        let mut lost = vec![false; candidates.len()];
        let mut legal = vec![0.0f64; candidates.len()];
        let mut stalemates = vec![false; candidates.len()];
        let mut search = Search {
            mode,
            me: self.me,
            nodes: 0,
            budget: level.nodes / (boards.len().max(1) as u64 * candidates.len().max(1) as u64),
            spent: 0,
        };
        for board in &boards {
            let moves = board.moves(mode);
            let stand = f64::from(search.evaluate(board));
            for (i, c) in candidates.iter().enumerate() {
                let v = match c.as_move().and_then(|m| find_in(&moves, m)) {
                    Some(mv) => {
                        legal[i] += 1.0 / n;
                        let after = board.after(&mv);
                        if mode == RuleMode::Orthodox
                            && !after.is_check()
                            && after.moves(mode).is_empty()
                        {
                            stalemates[i] = true;
                        }
                        search.nodes = 0;
                        let v = -search.negamax(
                            &after,
                            level.depth.saturating_sub(1),
                            -MATE * 2,
                            MATE * 2,
                            1,
                        );
                        if v <= -MATE / 2 {
                            lost[i] = true;
                        }
                        let shown = (after.pseudo_legal_destinations(self.me) & fogged).count();
                        // Under an umpire a check is heard: it tells where the
                        // king stands and hems it in.
                        let check = if self.guess == ModelGuess::Kriegspiel && after.is_check() {
                            CHECK_BONUS
                        } else {
                            0.0
                        };
                        f64::from(v.clamp(-CLAMP, CLAMP)) + INFO_BONUS * f64::from(shown) + check
                    }
                    None => match c {
                        // A question: what the board stands at, a little
                        // better for what it tells.
                        Attempt::AskAny | Attempt::AskRebuffs => stand + 5.0,
                        // Under Fog of War and the open board a hinted move is
                        // legal: a board without it (castling rights are not
                        // kept on boards) takes it as standing still.
                        _ if matches!(self.guess, ModelGuess::Fog | ModelGuess::Open) => stand,
                        _ => stand - REFUSAL_COST,
                    },
                };
                sum[i] += v;
            }
        }
        // Under an umpire the searched sample is small: the whole pool (up
        // to a bound) is asked whether each try is legal and whether it
        // stalemates, since a refused try and a stalemate of a won game are
        // the two ways the bot wastes what it knows.
        let mut pool_legal = vec![1.0f64; candidates.len()];
        let mut stale_share = vec![0.0f64; candidates.len()];
        let mut regions: Vec<Region<B>> = candidates.iter().map(|_| Region::default()).collect();
        if self.guess == ModelGuess::Kriegspiel {
            let all: Vec<&Position<B>> = self
                .pool
                .iter()
                .filter(|p| p.turn() == self.me)
                .take(POOL_CHECKS)
                .collect();
            let m = all.len().max(1) as f64;
            let mut count = vec![0.0f64; candidates.len()];
            for board in &all {
                let moves = board.moves(mode);
                for (i, c) in candidates.iter().enumerate() {
                    if let Some(mv) = c.as_move().and_then(|m| find_in(&moves, m)) {
                        count[i] += 1.0;
                        let after = board.after(&mv);
                        if hunt {
                            regions[i].add(&after, capture_square(board, &mv));
                        }
                        if !after.is_check() && after.moves(mode).is_empty() {
                            stalemates[i] = true;
                            stale_share[i] += 1.0;
                        }
                    }
                }
            }
            if !all.is_empty() {
                for (i, c) in candidates.iter().enumerate() {
                    if c.as_move().is_some() {
                        pool_legal[i] = count[i] / m;
                    }
                    stale_share[i] /= m;
                }
            }
        }
        self.legal = legal;
        sum.iter()
            .zip(&lost)
            .zip(&stalemates)
            .zip(pool_legal.iter().zip(&stale_share))
            .zip(&regions)
            .map(|((((s, l), st), (pl, ss)), region)| {
                let mean = s / n - HUNT_WEIGHT * region.expected();
                let mut v = mean - if *l { KING_RISK } else { 0.0 };
                // A won game thrown away by stalemating on some board: the
                // more boards, the likelier.
                if *st && mean > 150.0 {
                    v -= STALEMATE_RISK + STALEMATE_SHARE * ss;
                }
                v - REFUSAL_RISK * (1.0 - pl)
            })
            .collect()
    }
}

/// Puts a man on `board` that checks `king` along one of `dirs`, on one of
/// the `free` squares: a hidden man of a fitting role when there is one,
/// else (the list of enemy men is a guess) a fitting man in place of a
/// hidden pawn or other man. False when no square fits.
#[allow(clippy::too_many_arguments)]
fn plant_checker(
    g: fogbound_engine::Geometry,
    king: Square,
    dirs: &[CheckDirection],
    board: &mut [Option<Piece>],
    free: &mut Vec<Square>,
    roles: &mut Vec<Role>,
    enemy: Color,
    rng: &mut ChaCha8Rng,
) -> bool {
    let Some(&dir) = dirs.get(below(rng, dirs.len())) else {
        return true;
    };
    let spots: Vec<usize> = free
        .iter()
        .enumerate()
        .filter(|(_, s)| checker::on_line(g, king, **s, dir))
        .map(|(i, _)| i)
        .collect();
    if spots.is_empty() {
        return false;
    }
    let fitting = checker::checkers(dir);
    let have: Vec<usize> = roles
        .iter()
        .enumerate()
        .filter(|(_, r)| fitting.contains(r))
        .map(|(i, _)| i)
        .collect();
    let role = if !have.is_empty() && below(rng, 10) < 8 {
        roles.swap_remove(have[below(rng, have.len())])
    } else {
        let Some(i) = roles
            .iter()
            .position(|r| r.spec().pawn)
            .or_else(|| roles.iter().position(|r| !r.spec().royal))
        else {
            return false;
        };
        roles.swap_remove(i);
        fitting[below(rng, fitting.len())]
    };
    let sq = free.swap_remove(spots[below(rng, spots.len())]);
    board[sq.index()] = Some(Piece { color: enemy, role });
    true
}

/// The square of the man a move takes, if it takes one.
fn capture_square<B: Bitboard>(pos: &Position<B>, m: &Move) -> Option<Square> {
    m.capture?;
    Some(match m.kind {
        MoveKind::EnPassant => pos.ep_victim(m.to),
        _ => m.to,
    })
}

/// Winning endings: the side ahead drives the enemy king to the edge and
/// brings its own king near (mate needs both), from `us`'s point of view
/// given the score so far.
fn mop_up<B: Bitboard>(pos: &Position<B>, us: Color, score: i32) -> i32 {
    if score.abs() < 400 {
        return 0;
    }
    let (strong, weak) = if score > 0 { (us, !us) } else { (!us, us) };
    // Only in an ending: a king marching out with the enemy army on the
    // board walks into mates.
    if pos.by_color(weak).count() > 3 {
        return 0;
    }
    let (Some(k), Some(w)) = (pos.royals(strong).first(), pos.royals(weak).first()) else {
        return 0;
    };
    let g = pos.geometry();
    let (wf, wr) = (i32::from(g.file(w).0), i32::from(g.rank(w).0));
    let (kf, kr) = (i32::from(g.file(k).0), i32::from(g.rank(k).0));
    let (cw, ch) = (g.width() as i32 - 1, g.height() as i32 - 1);
    let centre = (2 * wf - cw).abs() + (2 * wr - ch).abs();
    let near = (wf - kf).abs().max((wr - kr).abs());
    let bonus = 8 * centre - 12 * near;
    if strong == us {
        bonus
    } else {
        -bonus
    }
}

/// The full-information alpha-beta search on one board.
struct Search {
    mode: RuleMode,
    me: Color,
    /// Nodes of the current root move.
    nodes: u64,
    /// Nodes allowed per root move and board.
    budget: u64,
    /// Nodes spent in all.
    spent: u64,
}

impl Search {
    /// The board from its side to move's point of view.
    fn evaluate<B: Bitboard>(&self, pos: &Position<B>) -> i32 {
        let us = pos.turn();
        let g = pos.geometry();
        let height = i32::from(g.height());
        let mut score = 0;
        for (sq, pc) in pos.men() {
            let mut v = pc.role.value();
            if pc.role.spec().pawn {
                let r = i32::from(g.rank(sq).0);
                let advance = if pc.color == Color::White {
                    r - 1
                } else {
                    height - 2 - r
                };
                v += 6 * advance.max(0);
            }
            score += if pc.color == us { v } else { -v };
        }
        let mobility = pos.pseudo_legal_destinations(us).count() as i32
            - pos.pseudo_legal_destinations(!us).count() as i32;
        score += 4 * mobility;
        score += mop_up(pos, us, score);
        // A king that stands attacked: in Fog of War it is about to be
        // taken if it is the opponent's move; for the side to move it is a
        // chance.
        if pos.is_king_attacked(!us) {
            score += 50;
        }
        if pos.is_king_attacked(us) {
            score -= 30;
        }
        let _ = self.me;
        score
    }

    fn negamax<B: Bitboard>(
        &mut self,
        pos: &Position<B>,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        height: i32,
    ) -> i32 {
        self.nodes += 1;
        self.spent += 1;
        let us = pos.turn();
        // Decided by the men alone: a royal man taken, or a variant's own
        // goal (Foolish King: Black's king on the first rank, White's
        // required men all lost).
        if let Some(o) = pos.decided() {
            return match o.winner {
                Some(w) if w == us => MATE - height,
                Some(_) => -MATE + height,
                None => 0,
            };
        }
        let quiet = depth == 0 || self.nodes >= self.budget;
        let mut moves = pos.moves(self.mode);
        if moves.is_empty() {
            return match self.mode {
                RuleMode::Orthodox if pos.is_check() => -MATE + height,
                _ => 0,
            };
        }
        let mut best = -MATE * 2;
        if quiet {
            let stand = self.evaluate(pos);
            if stand >= beta || height > 8 || self.nodes >= self.budget * 2 {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            moves.retain(|m| m.capture.is_some());
        }
        // Captures first, the most valuable victim first.
        moves.sort_by_key(|m| {
            let victim = m.capture.map_or(0, |r| {
                if r.spec().royal {
                    10_000
                } else {
                    r.value() + 1
                }
            });
            -(victim * 16 - m.role.value() / 100)
        });
        for m in &moves {
            let child = pos.after(m);
            let v = -self.negamax(&child, depth.saturating_sub(1), -beta, -alpha, height + 1);
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
