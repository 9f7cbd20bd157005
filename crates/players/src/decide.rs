//! Choosing an attempt on the belief's boards.
//!
//! A sample of the belief's boards (all of them while few) is searched with
//! the full-information search ([`crate::search`]) under iterative
//! deepening: depth 1 on every board, then depth 2 on every board, and so
//! on until the budget is spent (each board keeps its deepest finished
//! result). On each board every candidate is scored; a try the board would
//! refuse is worth the board's best move less a refusal's cost.
//!
//! A candidate's value over the boards mixes the mean with the worst case
//! (StrangeFish's rule: `(1 − w)·mean + w·min`, values clamped so that one
//! board's lost king weighs as a heavy loss, not as everything), plus a
//! little for the unseen squares it would show. Under an umpire the whole
//! pool is also asked whether each try is legal (a try refused on part of
//! it is marked down by that share), whether it stalemates a won game, what
//! the man moved is likely to lose to the unseen king next to it
//! ([`crate::king_odds`]) and, giving check, to the hidden men able to take
//! it ([`crate::checker_risk`]), and, hunting a king it cannot see, how many
//! squares the king keeps ([`crate::hunt`]).
//!
//! Above all this, **the king's safety**: a move after which a man the
//! player sees could take its king (on its own picture, unseen squares
//! taken as empty), or after which every board of the belief lets the
//! opponent take it, is never chosen while another move is not so.

use fogbound_engine::model::find_in;
use fogbound_engine::{
    Attempt, Bitboard, Cell, Color, Move, MoveAttempt, Observation, Piece, Position, RuleMode,
    Setup,
};
use rand_chacha::ChaCha8Rng;

use crate::brain::{below, capture_square, Brain};
use crate::budget::{Control, Thought};
use crate::checker_risk::checker_loss;
use crate::hunt::{hunting, Region};
use crate::king_odds::{king_odds, king_price};
use crate::search::{Searcher, MATE_BOUND};
use crate::Level;

/// What one board's value is clamped to before the boards are combined.
const CLAMP: i32 = 2_500;
/// A candidate the king's safety forbids.
const FORBIDDEN: f64 = -1.0e6;
/// Per unseen square a move would show (Fog of War, Dark Chess).
const INFO_BONUS: f64 = 3.0;
/// Boards the shown squares are counted on.
const INFO_BOARDS: usize = 4;
/// A try a board would refuse: the board's best move less this.
const REFUSAL_COST: i32 = 40;
/// Under an umpire: per share of the pool on which a try is refused.
const REFUSAL_RISK: f64 = 600.0;
/// Under an umpire: the chance that a pawn push refused lately is refused
/// again (a pawn in the way stays until it captures).
const BLOCKED_ODDS: f64 = 0.9;
/// A check the umpire will announce: it tells where the king stands.
const CHECK_BONUS: f64 = 30.0;
/// Ahead, a move that stalemates on any pooled board…
const STALEMATE_RISK: f64 = 800.0;
/// …and more per share of the pool on which it does.
const STALEMATE_SHARE: f64 = 3_000.0;
/// Under an umpire: boards of the pool asked about legality and stalemate.
const POOL_CHECKS: usize = 256;
/// Boards the king's safety is checked on.
const SAFETY_CHECKS: usize = 2_048;
/// Hunting a king it cannot see: boards searched at least.
const HUNT_BOARDS: usize = 48;
/// Hunting: per square the hunted king may stand on after its reply.
const HUNT_WEIGHT: f64 = 8.0;
/// The weight of a man's exposure to hidden enemy pawns by the pool's
/// share of boards on which a pawn attacks its square (in the dark, and a
/// pawn's under an umpire).
const EXPOSURE_WEIGHT: f64 = 0.6;
/// A piece's under an umpire, by the pawns' odds ([`crate::pawn_odds`]):
/// an opponent that tries every pawn capture finds the man that often.
const ODDS_EXPOSURE_WEIGHT: f64 = 1.0;
/// The weight of what a man is expected to lose to the unseen king
/// ([`crate::king_odds::king_price`]).
const KING_PRICE_WEIGHT: f64 = 1.0;
/// The weight of what a checker loses over the pool to the hidden men
/// able to take it ([`crate::checker_risk`]).
const CHECKER_WEIGHT: f64 = 1.0;
/// Boards the pawns' reach is counted on.
const THREAT_BOARDS: usize = 2_048;
/// Ahead with the fifty-move count near its end: a pawn move or a capture,
/// at the door.
const ZEROING_BONUS: f64 = 300.0;
/// Boards a move's resetting the count is judged on.
const ZEROING_BOARDS: usize = 16;
/// The mating procedure's choice against a bare king it cannot see
/// ([`crate::unseen_mate`]), above any noise a level adds.
const MATING: f64 = 1.0e5;
/// Deepest iteration.
const MAX_DEPTH: i32 = 40;
/// The table's size (entries, as a power of two) for a node budget: about
/// one entry per node, between these bounds.
fn table_bits(nodes: u64) -> u32 {
    (64 - nodes.leading_zeros()).clamp(10, 20)
}

/// One board of the sample: its candidate moves and, per depth finished,
/// each candidate's value (`None`: the board refuses it).
struct Board<B: Bitboard> {
    pos: Position<B>,
    /// Per candidate, its move on this board.
    moves: Vec<Option<Move>>,
    /// The legal candidates' moves and their candidate indices.
    legal: Vec<Move>,
    index: Vec<usize>,
    /// Per legal candidate, the deepest finished value.
    values: Option<Vec<i32>>,
    depth: i32,
}

/// Told, after each board the search finishes, the candidates' values so
/// far (as [`Scored::scores`]), the search's report and the random stream
/// as the choice after the search would find it; returns `false` to stop
/// the search.
pub(crate) type ScoresListener<'a> = &'a mut dyn FnMut(&[f64], &Thought, &ChaCha8Rng) -> bool;

/// What [`Brain::choose`] found.
pub struct Scored {
    /// Per candidate, its value (higher is better).
    pub scores: Vec<f64>,
    /// The search's last report.
    pub thought: Thought,
}

impl<B: Bitboard> Brain<B> {
    /// Scores `cands` (the attempts the player may make now, with
    /// `obs` its observation) on the belief's boards; see the module docs.
    pub fn choose(
        &mut self,
        obs: &Observation,
        cands: &[Attempt],
        level: &Level,
        rng: &mut ChaCha8Rng,
        ctl: &mut Control<'_>,
        mut listener: Option<ScoresListener<'_>>,
    ) -> Scored {
        if self.pool.is_empty() || self.pool_turn() != Some(self.me) {
            self.pool.clear();
            self.settle(obs, level, rng);
        }
        let mode = self.mode;
        let mine: Vec<&Position<B>> = self.pool.iter().filter(|p| p.turn() == self.me).collect();
        // Hunting a king it cannot see: under an umpire or in the dark.
        let hidden_king = matches!(
            self.spec,
            fogbound_engine::ModelSpec::Kriegspiel { .. } | fogbound_engine::ModelSpec::Dark
        );
        // A bare king under an umpire: the mating procedure plays.
        if let fogbound_engine::ModelSpec::Kriegspiel { rules } = &self.spec {
            if let Some(best) =
                crate::unseen_mate::best_moves(&mine, self.me, rules, &mut self.hunted)
            {
                let scores: Vec<f64> = cands
                    .iter()
                    .map(|c| {
                        let hit = c.as_move().is_some_and(|m| {
                            best.iter().any(|b| {
                                (b.from, b.to) == (m.from, m.to)
                                    && (b.promotion.is_none() || b.promotion == m.promotion)
                            })
                        });
                        if hit {
                            MATING
                        } else {
                            0.0
                        }
                    })
                    .collect();
                if scores.contains(&MATING) {
                    let best = (0..cands.len())
                        .find(|&i| scores[i] == MATING)
                        .map_or(Attempt::AskAny, |i| cands[i]);
                    let thought = Thought {
                        best,
                        depth: crate::unseen_mate::DEPTH,
                        boards: mine.len() as u32,
                        sample: mine.len() as u32,
                        nodes: 0,
                    };
                    return Scored { scores, thought };
                }
            }
        }
        let hunt = hidden_king && hunting(&mine, self.me);
        let samples = if hunt {
            level.samples.max(HUNT_BOARDS)
        } else {
            level.samples
        };
        // The sample: a fixed number of draws whatever the search does.
        let mut picked: Vec<usize> = (0..mine.len()).collect();
        while picked.len() > samples {
            let i = below(rng, picked.len());
            picked.swap_remove(i);
        }
        let mut boards: Vec<Board<B>> = picked
            .iter()
            .map(|&i| {
                let pos = mine[i].clone();
                let all = pos.moves(mode);
                let moves: Vec<Option<Move>> = cands
                    .iter()
                    .map(|c| c.as_move().and_then(|m| find_in(&all, m)))
                    .collect();
                let mut legal = Vec::new();
                let mut index = Vec::new();
                for (i, m) in moves.iter().enumerate() {
                    if let Some(m) = m {
                        legal.push(*m);
                        index.push(i);
                    }
                }
                Board {
                    pos,
                    moves,
                    legal,
                    index,
                    values: None,
                    depth: 0,
                }
            })
            .collect();
        let extras = self.pool_extras(obs, cands, hunt);
        let forbidden = self.forbidden(obs, cands);
        // Made by the first attempt that searches: its table is sized by
        // that budget, so a replay without search (a seat catching up)
        // must not make it smaller than the game it replays did.
        if self.searcher.is_none() && level.nodes > 0 {
            if let Some(b) = boards.first() {
                self.searcher = Some(Searcher::new(&b.pos, mode, table_bits(level.nodes)));
            }
        }
        let mut thought = Thought {
            best: cands.first().copied().unwrap_or(Attempt::AskAny),
            depth: 0,
            boards: 0,
            sample: boards.len() as u32,
            nodes: 0,
        };
        let Some(searcher) = self.searcher.as_mut() else {
            let scores = aggregate(&boards, cands, &extras, &forbidden, mode, level.worst);
            return Scored { scores, thought };
        };
        searcher.new_search();
        let start_nodes = 0;
        'deepen: for depth in 1..=MAX_DEPTH {
            let mut any = false;
            for bi in 0..boards.len() {
                let b = &mut boards[bi];
                if b.legal.is_empty() {
                    continue;
                }
                if ctl.should_stop(searcher.nodes() - start_nodes) {
                    break 'deepen;
                }
                let mut order: Vec<usize> = (0..b.legal.len()).collect();
                if let Some(v) = &b.values {
                    order.sort_by_key(|&i| -v[i]);
                }
                match searcher.root_scores(&b.pos, &b.legal, &order, depth, ctl) {
                    Some(v) => {
                        b.values = Some(v);
                        b.depth = depth;
                        any = true;
                    }
                    None => break 'deepen,
                }
                if let Some(listen) = listener.as_mut() {
                    let scores = aggregate(&boards, cands, &extras, &forbidden, mode, level.worst);
                    thought = report(&boards, cands, &scores, searcher.nodes() - start_nodes);
                    if !listen(&scores, &thought, &*rng) {
                        ctl.stop();
                        break 'deepen;
                    }
                }
            }
            if !any {
                break;
            }
            // Mates on every board: deeper changes nothing.
            if boards.iter().all(|b| {
                b.values
                    .as_ref()
                    .is_none_or(|v| v.iter().all(|x| x.abs() >= MATE_BOUND))
            }) {
                break;
            }
        }
        let nodes = searcher.nodes() - start_nodes;
        let scores = aggregate(&boards, cands, &extras, &forbidden, mode, level.worst);
        thought = report(&boards, cands, &scores, nodes);
        Scored { scores, thought }
    }

    /// Per candidate, what the pool says beyond the sample's search: the
    /// share of the pool on which it is legal, stalemates and the hunted
    /// king's squares (under an umpire), and the check it gives.
    fn pool_extras(&self, obs: &Observation, cands: &[Attempt], hunt: bool) -> Extras {
        let n = cands.len();
        let mut extras = Extras {
            legal: vec![1.0; n],
            stalemate: vec![0.0; n],
            check: vec![0.0; n],
            region: vec![0.0; n],
            shown: vec![0.0; n],
            zeroing: vec![0.0; n],
            urgency: 0.0,
            exposed: vec![0.0; n],
            exposure_weight: vec![0.0; n],
            king_price: vec![0.0; n],
            checker_loss: vec![0.0; n],
        };
        let mode = self.mode;
        let mine: Vec<&Position<B>> = self.pool.iter().filter(|p| p.turn() == self.me).collect();
        // The fifty-move rule near: pawn moves and captures reset it.
        let fifty = f64::from(self.variant.draws.fifty_move_plies);
        if fifty > 0.0 && !mine.is_empty() {
            let mut clocks: Vec<u32> = mine.iter().map(|p| p.halfmoves()).collect();
            clocks.sort_unstable();
            let clock = f64::from(clocks[clocks.len() / 2]);
            extras.urgency = ((clock - 0.4 * fifty) / (0.5 * fifty)).clamp(0.0, 1.0);
        }
        if extras.urgency > 0.0 {
            let some: Vec<&&Position<B>> = mine.iter().take(ZEROING_BOARDS).collect();
            for p in &some {
                let moves = p.moves(mode);
                for (i, c) in cands.iter().enumerate() {
                    if let Some(mv) = c.as_move().and_then(|m| find_in(&moves, m)) {
                        if mv.is_zeroing() {
                            extras.zeroing[i] += 1.0 / some.len() as f64;
                        }
                    }
                }
            }
        }
        if matches!(
            self.spec,
            fogbound_engine::ModelSpec::Fog | fogbound_engine::ModelSpec::Dark
        ) {
            let fog = B::from_squares(obs.fogged());
            let some: Vec<&&Position<B>> = mine.iter().take(INFO_BOARDS).collect();
            for p in &some {
                let moves = p.moves(mode);
                for (i, c) in cands.iter().enumerate() {
                    if let Some(mv) = c.as_move().and_then(|m| find_in(&moves, m)) {
                        // Fog of War shows where the men could go next;
                        // Dark Chess explores the squares the move crosses.
                        let shown = if self.spec == fogbound_engine::ModelSpec::Dark {
                            p.move_path(&mv)
                                .into_iter()
                                .filter(|s| fog.contains(*s))
                                .count() as u32
                        } else {
                            (p.after(&mv).pseudo_legal_destinations(self.me) & fog).count()
                        };
                        extras.shown[i] += f64::from(shown) / some.len() as f64;
                    }
                }
            }
        }
        if !self.spec.has_umpire() && !hunt {
            return extras;
        }
        let all: Vec<&&Position<B>> = mine.iter().take(POOL_CHECKS).collect();
        if all.is_empty() {
            return extras;
        }
        let m = all.len() as f64;
        let umpire = self.spec.has_umpire();
        // Under an umpire, the unseen king: a man left unguarded next to
        // where it may stand is taken as likely as the king knows it is
        // there ([`crate::king_odds`]), read on the first board where the
        // move is legal (the player's men, which it prices, are alike on all).
        let king = if umpire {
            king_odds(&mine, self.me)
        } else {
            Vec::new()
        };
        let mut priced = vec![false; n];
        let mut count = vec![0.0f64; n];
        let mut regions: Vec<Region<B>> = (0..n).map(|_| Region::default()).collect();
        for board in &all {
            let moves = board.moves(mode);
            for (i, c) in cands.iter().enumerate() {
                if let Some(mv) = c.as_move().and_then(|a| find_in(&moves, a)) {
                    count[i] += 1.0;
                    let after = board.after(&mv);
                    if umpire && !priced[i] {
                        priced[i] = true;
                        extras.king_price[i] = king_price(&after, mv.to, self.me, &king);
                    }
                    if hunt {
                        regions[i].add(&after, capture_square(board, &mv));
                    }
                    if after.is_check() {
                        extras.check[i] += 1.0 / m;
                        if umpire {
                            extras.checker_loss[i] += checker_loss(&after, mv.to, self.me) / m;
                        }
                    } else if !after.has_moves(mode) {
                        extras.stalemate[i] += 1.0 / m;
                    }
                }
            }
        }
        for (i, c) in cands.iter().enumerate() {
            if let Some(a) = c.as_move() {
                extras.legal[i] = count[i] / m;
                if self.remembered_blocked(a) {
                    extras.legal[i] = extras.legal[i].min(1.0 - BLOCKED_ODDS);
                }
            }
            extras.region[i] = regions[i].expected();
        }
        // The enemy pawns' reach over the pool: a man moved where a hidden
        // pawn may take it is lost that often (an opponent who tries every
        // pawn capture finds it). Under an umpire the pawns' odds say it
        // instead, and the pool is not read.
        let them = !self.me;
        let boards = if self.odds.is_some() {
            0
        } else {
            THREAT_BOARDS
        };
        let sample: Vec<&&Position<B>> = mine.iter().take(boards).collect();
        let squares = obs.squares.len();
        let mut threat = vec![0.0f64; squares];
        for p in &sample {
            let mut reach = B::EMPTY;
            for sq in p.pieces(them, fogbound_engine::Role::Pawn).squares() {
                reach |= p.rules().pawn_attacks(them, sq);
            }
            for sq in reach.squares() {
                if let Some(t) = threat.get_mut(sq.index()) {
                    *t += 1.0 / sample.len() as f64;
                }
            }
        }
        for (i, c) in cands.iter().enumerate() {
            let Some(a) = c.as_move() else { continue };
            let man = match obs.cell(a.from) {
                Cell::Man(p) if p.color == self.me && !p.role.spec().royal => p.role,
                _ => continue,
            };
            let role = a.promotion.unwrap_or(man);
            let share = threat.get(a.to.index()).copied().unwrap_or(0.0);
            // A piece other than a pawn, under an umpire: the pawns' odds
            // say how likely a pawn attacks the square (the sample misses
            // pawns). A pawn under an umpire: no mark (marked by the odds,
            // the bot's pawns stayed home; this is the build measured in
            // BOT.md). In the dark: the pool's share.
            let (at, weight) = match self.odds.as_ref() {
                Some(odds) if !man.spec().pawn => (odds.attacks(a.to), ODDS_EXPOSURE_WEIGHT),
                Some(_) => (0.0, EXPOSURE_WEIGHT),
                None => (share, EXPOSURE_WEIGHT),
            };
            extras.exposure_weight[i] = weight;
            extras.exposed[i] =
                at * f64::from(role.value() - if man.spec().pawn { 0 } else { 100 });
        }
        #[cfg(not(target_arch = "wasm32"))]
        if umpire && std::env::var("FOGBOUND_BOT_DEBUG").is_ok_and(|v| v == "5") {
            let g = self.variant.geometry();
            let line: Vec<String> = (0..n)
                .filter(|&i| extras.king_price[i] > 0.0)
                .map(|i| format!("{} {:.0}", cands[i].to_text(g), extras.king_price[i]))
                .collect();
            let top: Vec<String> = king
                .iter()
                .enumerate()
                .filter(|(_, x)| **x > 0.02)
                .map(|(i, x)| format!("{}:{x:.2}", g.square_name(fogbound_engine::Square(i as u8))))
                .collect();
            eprintln!("  king odds {} | price {}", top.join(" "), line.join(", "));
        }
        extras
    }

    /// Per candidate, whether the king's safety forbids it (module docs).
    fn forbidden(&self, obs: &Observation, cands: &[Attempt]) -> Vec<bool> {
        let mode = self.mode;
        let n = cands.len();
        let mut forbidden: Vec<bool> = cands
            .iter()
            .map(|c| {
                c.as_move()
                    .is_some_and(|a| exposed_to_seen::<B>(obs, a, &self.variant))
            })
            .collect();
        // Lost on every board where it is legal (and legal on one).
        let mut legal = vec![false; n];
        let mut safe = vec![false; n];
        let mine = self
            .pool
            .iter()
            .filter(|p| p.turn() == self.me)
            .take(SAFETY_CHECKS);
        let mut moves = Vec::new();
        for p in mine {
            p.moves_into(mode, &mut moves);
            for (i, c) in cands.iter().enumerate() {
                if safe[i] || forbidden[i] {
                    continue;
                }
                let Some(mv) = c.as_move().and_then(|a| find_in(&moves, a)) else {
                    continue;
                };
                legal[i] = true;
                safe[i] = !king_en_prise(&p.after(&mv), self.me);
            }
        }
        for i in 0..n {
            forbidden[i] |= legal[i] && !safe[i];
        }
        forbidden
    }
}

/// What the pool says of each candidate (see [`Brain::pool_extras`]).
struct Extras {
    legal: Vec<f64>,
    stalemate: Vec<f64>,
    check: Vec<f64>,
    region: Vec<f64>,
    shown: Vec<f64>,
    /// Per candidate, the share of boards on which it resets the
    /// fifty-move count…
    zeroing: Vec<f64>,
    /// …and how near the count is to a draw (0 far, 1 at the door).
    urgency: f64,
    /// Per candidate, what the man it moves is worth times the chance
    /// that a hidden enemy pawn could take it there, weighted.
    exposed: Vec<f64>,
    /// Per candidate, what its exposure weighs against the search's values.
    exposure_weight: Vec<f64>,
    /// Per candidate, what the man it moves is expected to lose to the
    /// unseen enemy king where it lands.
    king_price: Vec<f64>,
    /// Per candidate, what the man it moves loses over the pool to hidden
    /// enemy men (not the king, not pawns) taking it after its check.
    checker_loss: Vec<f64>,
}

/// Each candidate's value over the boards searched (module docs). A try
/// refused on some boards is worth, there, what the player falls back on:
/// the best value among the candidates legal on most boards, less a
/// refusal's cost — not each board's own best move, which only a player
/// that knew the board could play.
fn aggregate<B: Bitboard>(
    boards: &[Board<B>],
    cands: &[Attempt],
    extras: &Extras,
    forbidden: &[bool],
    mode: RuleMode,
    worst_weight: f64,
) -> Vec<f64> {
    let n = cands.len();
    let mut sum = vec![0.0f64; n];
    let mut worst = vec![f64::INFINITY; n];
    let mut legal = vec![0usize; n];
    let mut counted = 0usize;
    for b in boards {
        let Some(values) = &b.values else { continue };
        counted += 1;
        let best = values.iter().copied().max().unwrap_or(0);
        let mut per: Vec<Option<f64>> = vec![None; n];
        for (k, &i) in b.index.iter().enumerate() {
            per[i] = Some(f64::from(values[k].clamp(-CLAMP, CLAMP)));
        }
        for (i, c) in cands.iter().enumerate() {
            let v = match c {
                Attempt::AskAny | Attempt::AskRebuffs => None,
                // Under Fog of War a hinted move the board lacks (castling
                // rights are not kept on guessed boards) is no refusal.
                _ if b.moves[i].is_none() && mode == RuleMode::CaptureKing => {
                    Some(f64::from(best.clamp(-CLAMP, CLAMP)))
                }
                _ => per[i],
            };
            if let Some(v) = v {
                sum[i] += v;
                worst[i] = worst[i].min(v);
                legal[i] += 1;
            }
        }
    }
    let value = |i: usize| -> Option<f64> {
        (legal[i] > 0).then(|| {
            let mean = sum[i] / legal[i] as f64;
            (1.0 - worst_weight) * mean + worst_weight * worst[i]
        })
    };
    let most = legal.iter().copied().max().unwrap_or(0);
    let fallback = (0..n)
        .filter(|&i| legal[i] == most && !forbidden[i])
        .filter_map(value)
        .fold(f64::NEG_INFINITY, f64::max);
    let fallback = if fallback.is_finite() { fallback } else { 0.0 };
    (0..n)
        .map(|i| {
            let share = if counted > 0 {
                legal[i] as f64 / counted as f64
            } else {
                1.0
            };
            let refused = fallback - f64::from(REFUSAL_COST);
            let base = match (cands[i], value(i)) {
                (Attempt::AskAny | Attempt::AskRebuffs, _) => fallback + 5.0,
                (_, Some(v)) => share * v + (1.0 - share) * refused,
                (_, None) => refused,
            };
            if forbidden[i] {
                return FORBIDDEN + base;
            }
            let mut v = base;
            v += INFO_BONUS * extras.shown[i];
            v += CHECK_BONUS * extras.check[i];
            v -= extras.exposure_weight[i] * extras.exposed[i];
            v -= KING_PRICE_WEIGHT * extras.king_price[i];
            v -= CHECKER_WEIGHT * extras.checker_loss[i];
            v -= HUNT_WEIGHT * extras.region[i];
            if base > 150.0 {
                v += ZEROING_BONUS * extras.urgency * extras.zeroing[i];
            }
            if extras.stalemate[i] > 0.0 && base > 150.0 {
                v -= STALEMATE_RISK + STALEMATE_SHARE * extras.stalemate[i];
            }
            v - REFUSAL_RISK * (1.0 - extras.legal[i])
        })
        .collect()
}

/// The report of the boards searched so far.
fn report<B: Bitboard>(
    boards: &[Board<B>],
    cands: &[Attempt],
    scores: &[f64],
    nodes: u64,
) -> Thought {
    let best = (0..cands.len())
        .max_by(|&a, &b| scores[a].total_cmp(&scores[b]))
        .map_or(Attempt::AskAny, |i| cands[i]);
    let done: Vec<i32> = boards
        .iter()
        .filter(|b| b.values.is_some())
        .map(|b| b.depth)
        .collect();
    let deepest = done.iter().copied().max().unwrap_or(0);
    Thought {
        best,
        depth: done.iter().copied().min().unwrap_or(0).max(0) as u32,
        boards: done.iter().filter(|d| **d == deepest).count() as u32,
        sample: boards.len() as u32,
        nodes,
    }
}

/// Whether `color`'s royal man stands attacked in `pos` (the opponent to
/// move takes it under Fog of War; in the orthodox models the move that
/// left it so is refused).
fn king_en_prise<B: Bitboard>(pos: &Position<B>, color: Color) -> bool {
    let occ = pos.occupied();
    pos.royals(color)
        .squares()
        .any(|k| pos.is_attacked(k, !color, occ))
}

/// Whether, after the player's move `a` on its own picture of `obs` (its
/// men and the enemy men it sees, unseen squares empty), a man it sees
/// attacks its royal man.
fn exposed_to_seen<B: Bitboard>(
    obs: &Observation,
    a: &MoveAttempt,
    variant: &fogbound_engine::Variant,
) -> bool {
    let me = obs.player;
    if !obs
        .squares
        .iter()
        .any(|c| matches!(c, Cell::Man(p) if p.color != me))
    {
        return false;
    }
    let Ok(geometry) =
        fogbound_engine::Geometry::new(usize::from(obs.width), usize::from(obs.height))
    else {
        return false;
    };
    let mut board: Vec<Option<Piece>> = obs
        .squares
        .iter()
        .map(|c| match c {
            Cell::Man(p) => Some(*p),
            _ => None,
        })
        .collect();
    let (from, to) = (a.from.index(), a.to.index());
    let Some(Some(man)) = board.get(from).copied() else {
        return false;
    };
    if man.color != me || to >= board.len() {
        return false;
    }
    board[from] = None;
    let role = match a.promotion {
        Some(r) if man.role.spec().pawn => r,
        _ if man.role.spec().pawn
            && geometry.relative_rank(me, geometry.rank(a.to)).0 == geometry.height() - 1 =>
        {
            variant.promotion[me].first().copied().unwrap_or(man.role)
        }
        _ => man.role,
    };
    board[to] = Some(Piece { color: me, role });
    // En passant: the pawn taken beside.
    if man.role.spec().pawn && geometry.file(a.from) != geometry.file(a.to) {
        if let Some(ep) = obs.extras.en_passant {
            if ep.passed == a.to {
                board[ep.victim.index()] = None;
            }
        }
    }
    let setup = Setup {
        geometry,
        board,
        turn: !me,
        castling: Vec::new(),
        en_passant: None,
        halfmoves: 0,
        fullmoves: 1,
    };
    match Position::<B>::from_setup(variant, &setup) {
        Ok(pos) => king_en_prise(&pos, me),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests;
