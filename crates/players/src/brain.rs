//! The belief: a pool of full boards (true-position guesses) consistent with
//! everything the player was told, under the rules it was told at the start
//! (variant, information model, umpire preset).
//!
//! At ply 0 the pool is the variant's start position, exactly. After the
//! player's own move every board plays it, taking a man just where the true
//! move did; after a refused try every board on which the try was legal is
//! dropped (and after "Any?" every board whose answer differs). After the
//! opponent's ply every board is replaced by all its successors that agree
//! with the new observation. A board agrees when it shows what the player
//! sees ([`agree::Picture`]: under Fog of War also that no square the
//! player's men could move to is hidden) and when the engine's own model
//! ([`Observer`]) would have said on it what the umpire said
//! ([`agree::Heard`]). So the pool is the exact set of consistent boards
//! while it stays under the level's size; past that it is a random subset.
//!
//! When news kills every board (the pool was a sample, or a random opening
//! was played), the boards of just before are nudged
//! ([`rejuvenate`]), and only then boards are guessed afresh ([`rebuild`]).
//! The choice of a move on these boards is [`crate::decide`].

use std::collections::HashSet;

use fogbound_engine::belief::Observer;
use fogbound_engine::model::find_in;
use fogbound_engine::observation::Message;
use fogbound_engine::{
    Attempt, Bitboard, Cell, Color, ModelSpec, Move, MoveKind, Observation, Piece, Position,
    Resolution, Role, RuleMode, Square, Variant,
};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

use crate::eval::Evaluator;
use crate::search::Searcher;
use crate::Level;
use agree::{Heard, Picture};

pub mod agree;
mod checker;
mod reach;
mod rebuild;
mod rejuvenate;

/// A number below `n` drawn from `rng` (0 when `n` is 0).
pub fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        (rng.next_u64() % n as u64) as usize
    }
}

/// Successors tested per board the level keeps, when the opponent moves:
/// past this the rest of a sampled pool is skipped.
const ADVANCE_WORK: usize = 40;

/// One player's belief about the true position (see the module docs), and
/// the search it runs on its boards.
pub struct Brain<B: Bitboard> {
    pub(crate) variant: Variant,
    pub(crate) spec: ModelSpec,
    pub(crate) mode: RuleMode,
    pub(crate) me: Color,
    /// The model's ears for the player.
    pub(crate) observer: Observer<B>,
    /// Boards consistent with what the player knows, all at `ply`, all with
    /// the side to move the last observation shows.
    pub(crate) pool: Vec<Position<B>>,
    pub(crate) ply: u32,
    /// Where its men stood each time the mating procedure chose
    /// ([`crate::unseen_mate::best_moves`]).
    pub(crate) hunted: Vec<u64>,
    /// The enemy men believed alive (seen or not).
    pub(crate) enemy: Vec<Role>,
    /// Where the enemy men stood at the start, for rebuilt boards.
    pub(crate) homes: Vec<(Square, Piece)>,
    /// The last observation, to read what the player saw before its move.
    pub(crate) last: Option<Observation>,
    /// Refused tries of this turn: every board must refuse them too.
    pub(crate) refused: Vec<Attempt>,
    /// The answer to the player's "Any?" this turn.
    pub(crate) any_answer: Option<bool>,
    /// How many times the belief was rebuilt (for reports).
    pub rebuilds: u32,
    /// How many times the pool was cut to a sample (it may have lost the
    /// true board then).
    pub sampled: u32,
    /// How many times the opponent's successors were drawn again after
    /// this turn's news ([`Brain::redrawn`]).
    pub redraws: u32,
    /// Under an umpire, the boards the opponent's last ply was played
    /// from: when this turn's refusals and answers leave few of the kept
    /// boards and that ply's successors had been cut to a sample, the
    /// successors are drawn again among those that fit it all
    /// ([`Brain::redrawn`]); when the ply leaves no board, they are nudged
    /// and advanced.
    parents: Parents<B>,
    /// The full-information search, made with the first board.
    pub(crate) searcher: Option<Searcher<B>>,
    /// The evaluation that weighs the opponent's likely moves.
    evaluator: Option<Evaluator<B>>,
    /// Under an umpire, where a hidden enemy pawn may stand, for certain
    /// ([`reach`]).
    pub(crate) reach: Option<crate::danger::PawnReach>,
    /// Under an umpire, its pawn pushes refused out of check and the turns
    /// since, while the man in the way may still stand there ([`reach`]).
    pub(crate) blocked: Vec<reach::Blocked>,
    /// Under an umpire, each hidden enemy pawn's chance of standing on each
    /// square, inside the map ([`crate::pawn_odds`]).
    pub(crate) odds: Option<crate::pawn_odds::PawnOdds>,
}

impl<B: Bitboard> Brain<B> {
    /// A fresh belief for `first.player` under `variant` and `spec`.
    pub fn new(variant: Variant, spec: ModelSpec, first: &Observation) -> Brain<B> {
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
            reach: None,
            blocked: Vec::new(),
            odds: None,
            mode: spec.rule_mode(),
            observer: Observer::new(&spec, me),
            variant,
            spec,
            me,
            pool: Vec::new(),
            ply: first.ply,
            hunted: Vec::new(),
            enemy,
            homes,
            last: None,
            refused: Vec::new(),
            any_answer: None,
            rebuilds: 0,
            sampled: 0,
            redraws: 0,
            parents: Parents::default(),
            searcher: None,
            evaluator: None,
        };
        if first.ply == 0 {
            if let Some(p) = start {
                if brain.consistent(&p, first) {
                    brain.pool.push(p);
                }
            }
        }
        brain.reach = reach::start(
            &brain.variant,
            brain.spec.has_umpire(),
            &brain.homes,
            first,
            !brain.pool.is_empty(),
        );
        brain.odds = reach::start_odds(&brain, first);
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

    /// The model played.
    pub fn spec(&self) -> &ModelSpec {
        &self.spec
    }

    /// The share of the boards (with the player to move) on which an enemy
    /// pawn attacks `sq`, and how many boards there are.
    pub fn pawn_threat_share(&self, sq: Square) -> (f64, usize) {
        let them = !self.me;
        let boards: Vec<&Position<B>> = self.pool.iter().filter(|p| p.turn() == self.me).collect();
        let hit = boards
            .iter()
            .filter(|p| {
                p.pieces(them, Role::Pawn)
                    .squares()
                    .any(|s| p.rules().pawn_attacks(them, s).contains(sq))
            })
            .count();
        (hit as f64 / boards.len().max(1) as f64, boards.len())
    }

    /// Each of the player's men with the share of the boards (with the
    /// opponent to move) on which an enemy man attacks its square: a
    /// diagnostic of how far the belief foresees the opponent's captures.
    pub fn exposure_shares(&self) -> Vec<(Square, f64)> {
        let them = !self.me;
        let boards: Vec<&Position<B>> = self.pool.iter().filter(|p| p.turn() == them).collect();
        let Some(first) = boards.first() else {
            return Vec::new();
        };
        let w = 1.0 / boards.len() as f64;
        first
            .by_color(self.me)
            .squares()
            .map(|sq| {
                let hit = boards
                    .iter()
                    .filter(|p| p.attackers_to(sq, them, p.occupied()).any())
                    .count();
                (sq, hit as f64 * w)
            })
            .collect()
    }

    /// Per square, the share of the boards (with the player to move) on
    /// which the enemy's royal man stands there.
    pub fn royal_shares(&self) -> Vec<f64> {
        let them = !self.me;
        let mut shares = vec![0.0; self.variant.geometry().square_count()];
        let boards: Vec<&Position<B>> = self.pool.iter().filter(|p| p.turn() == self.me).collect();
        let w = 1.0 / boards.len().max(1) as f64;
        for p in &boards {
            for s in p.royals(them).squares() {
                if let Some(x) = shares.get_mut(s.index()) {
                    *x += w;
                }
            }
        }
        shares
    }

    /// Under an umpire, the chance that a hidden enemy pawn attacks `sq`
    /// by the pawns' odds ([`crate::pawn_odds`]), and whether the sound map
    /// allows one to.
    pub fn pawn_odds_attack(&self, sq: Square) -> Option<(f64, bool)> {
        let odds = self.odds.as_ref()?;
        let map = self.reach.as_ref().is_some_and(|r| r.attacks(sq));
        Some((odds.attacks(sq), map))
    }

    /// The pawns' odds in a line for a debug trace: the count believed and
    /// every square some pawn stands on with a chance of 5% or more.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn pawn_odds_line(&self) -> Option<String> {
        let odds = self.odds.as_ref()?;
        let g = self.variant.geometry();
        let mut line = format!("odds count {}", odds.count());
        for s in g.squares() {
            let p = odds.stands(s);
            if p >= 0.05 {
                line.push_str(&format!(" {}:{:.2}", g.square_name(s), p));
            }
        }
        Some(line)
    }

    /// The model's view of `pos` where it depends on the board (Fog of War,
    /// the open board); `None` where the picture alone decides (Dark Chess's
    /// explored squares are the player's own record, Kriegspiel shows no
    /// enemy man).
    fn visible(&self, pos: &Position<B>) -> Option<B> {
        match self.spec {
            ModelSpec::Fog | ModelSpec::Open => Some(self.observer.visible(pos)),
            _ => None,
        }
    }

    /// Whether `pos` agrees with `picture` and the number of enemy men.
    fn fits(&self, pos: &Position<B>, picture: &Picture<B>) -> bool {
        pos.by_color(!self.me).count() == self.enemy.len() as u32
            && picture.agrees(pos, self.me, self.visible(pos))
    }

    /// Whether the standing board `pos` agrees with everything `obs` shows
    /// and says (see the module docs), this turn's refusals included.
    pub(crate) fn consistent(&mut self, pos: &Position<B>, obs: &Observation) -> bool {
        let picture = Picture::of(obs, self.me);
        self.consistent_with(pos, obs, &picture, &Heard::of(obs, self.me))
    }

    fn consistent_with(
        &mut self,
        pos: &Position<B>,
        obs: &Observation,
        picture: &Picture<B>,
        heard: &Heard,
    ) -> bool {
        if !self.fits(pos, picture) {
            return false;
        }
        if obs.outcome.is_some() {
            return true;
        }
        if !self.turn_agrees(pos, obs) {
            return false;
        }
        if self.spec.has_umpire() {
            let rules = agree::umpire_rules(&self.spec).cloned();
            let said = agree::standing_words(&mut self.observer, rules.as_ref(), pos);
            if !heard.agrees(&said, true) {
                return false;
            }
        }
        true
    }

    /// This turn's refusals and "Any?" answer, on a board with the player
    /// to move; and where the opponent just took a man (not en passant),
    /// the taker stands there.
    fn turn_agrees(&self, pos: &Position<B>, obs: &Observation) -> bool {
        if obs.turn != self.me {
            return true;
        }
        for a in &self.refused {
            if let Some(m) = a.as_move() {
                if find_in(&pos.moves(self.mode), m).is_some() {
                    return false;
                }
            }
        }
        if let Some(yes) = self.any_answer {
            if pawn_captures(pos).is_empty() == yes {
                return false;
            }
        }
        if let Some(l) = obs.last_move.filter(|l| l.by == Some(!self.me)) {
            if let Some(at) = l.capture_at {
                // En passant leaves the victim's square empty: it lies on
                // the rank the player's pawns reach by a double step.
                let g = pos.geometry();
                let ep_rank = g.relative_rank(self.me, g.rank(at)).0 == 3;
                if !pos.by_color(!self.me).contains(at) && !ep_rank {
                    return false;
                }
            }
        }
        true
    }

    /// The observation after the opponent's ply or one of its refused tries.
    pub fn observe(&mut self, obs: &Observation, level: &Level, rng: &mut ChaCha8Rng) {
        self.note_enemy_promotions(obs);
        self.odds_count(None);
        let one_ply = self.ply.checked_add(1) == Some(obs.ply) && obs.turn == self.me;
        if obs.ply != self.ply {
            self.reach_after_enemy(obs, one_ply);
        }
        if one_ply && self.pool_turn() == Some(!self.me) {
            self.refused.clear();
            self.any_answer = None;
            self.advance_opponent(obs, level, rng);
        } else if obs.ply != self.ply {
            self.refused.clear();
            self.any_answer = None;
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
        self.reach_after_own(attempt, resolution, obs);
        match resolution {
            Resolution::Played => {
                self.refused.clear();
                self.any_answer = None;
                self.note_own_capture(attempt, obs);
                if let Some(m) = attempt.as_move() {
                    self.advance_own(m, obs);
                }
            }
            Resolution::Probe { .. } => {
                self.refused.clear();
                self.any_answer = None;
                for p in &mut self.pool {
                    p.set_turn(!self.me);
                }
            }
            Resolution::AnyAnswer { yes } => {
                self.any_answer = Some(*yes);
                // In check, a pawn capture that leaves the check stands
                // is no capture: "No" then says nothing of the pawns.
                if !*yes && !reach::in_check(obs) {
                    if let Some(odds) = self.odds.as_mut() {
                        let pawns: Vec<Square> = obs
                            .men()
                            .into_iter()
                            .filter(|(_, p)| p.color == self.me && p.role.spec().pawn)
                            .map(|(s, _)| s)
                            .collect();
                        odds.none_in_reach_of(&pawns);
                    }
                }
            }
            Resolution::RebuffCount { .. } => {}
            _ => {
                // Refused: the boards on which the try was legal are wrong.
                self.refused.push(*attempt);
            }
        }
        self.ply = obs.ply;
        self.note_enemy_promotions(obs);
        self.odds_count(obs.last_move.and_then(|l| l.capture_at));
        self.settle(obs, level, rng);
    }

    /// Every board plays the player's move `m`, where it took a man just
    /// where the true move did; the boards whose view or words then differ
    /// from `obs` are dropped.
    fn advance_own(&mut self, m: &fogbound_engine::MoveAttempt, obs: &Observation) {
        let took = obs.last_move.and_then(|l| l.capture_at);
        let picture = Picture::of(obs, self.me);
        let heard = Heard::of(obs, self.me);
        let pool = std::mem::take(&mut self.pool);
        let mut next = Vec::with_capacity(pool.len());
        let me = self.me;
        for p in pool.into_iter().filter(|p| p.turn() == me) {
            let Some(mv) = find_in(&p.moves(self.mode), m) else {
                continue;
            };
            if capture_square(&p, &mv) != took {
                continue;
            }
            let after = p.after(&mv);
            if self.transition_agrees(&p, &after, &mv, obs, &picture, &heard) {
                next.push(after);
            }
        }
        self.pool = next;
    }

    /// Whether the move `mv` from `before` to `after` tells the player what
    /// `obs` shows and says.
    fn transition_agrees(
        &mut self,
        before: &Position<B>,
        after: &Position<B>,
        mv: &Move,
        obs: &Observation,
        picture: &Picture<B>,
        heard: &Heard,
    ) -> bool {
        if !self.fits(after, picture) {
            return false;
        }
        if self.spec.has_umpire() {
            let said = agree::move_words(&mut self.observer, before, after, mv);
            if !heard.agrees(&said, false) {
                return false;
            }
        }
        obs.outcome.is_some() || after.decided().is_none()
    }

    pub(crate) fn pool_turn(&self) -> Option<Color> {
        self.pool.first().map(|p| p.turn())
    }

    /// Keeps the boards that agree with `obs`; nudges, then rebuilds, when
    /// none does.
    pub(crate) fn settle(&mut self, obs: &Observation, level: &Level, rng: &mut ChaCha8Rng) {
        let before = std::mem::take(&mut self.pool);
        let picture = Picture::of(obs, self.me);
        let heard = Heard::of(obs, self.me);
        let mut kept = Vec::with_capacity(before.len());
        for p in &before {
            if self.consistent_with(p, obs, &picture, &heard) {
                kept.push(p.clone());
            }
        }
        if kept.len() < level.pool / REDRAW_SHARE && obs.outcome.is_none() {
            if let Some(redrawn) = self.redrawn(obs, level, rng) {
                kept = redrawn;
            }
        }
        if !kept.is_empty() {
            self.pool = kept;
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
        let pool = std::mem::take(&mut self.pool);
        let (mut next, cut) = self.successors(&pool, obs, level, false);
        if cut {
            self.sampled += 1;
        }
        self.parents = Parents::default();
        if self.spec.has_umpire() {
            if next.is_empty() && obs.outcome.is_none() {
                // A capture or a check no board allowed: the boards the
                // opponent moved from, nudged, before guessing afresh.
                next = self.nudged_successors(&pool, obs, level, level.pool.clamp(8, 64), rng);
                #[cfg(not(target_arch = "wasm32"))]
                if std::env::var_os("FOGBOUND_BOT_DEBUG").is_some() {
                    eprintln!("nudged parents at ply {}: {} boards", obs.ply, next.len());
                }
            }
            self.parents = Parents {
                boards: pool,
                ply: obs.ply,
                cut: cut || next.len() > level.pool,
                // Nothing was told this turn yet.
                told: Some((0, None)),
            };
        }
        self.pool = self.cut(next, level, rng);
    }

    /// Under an umpire, when few boards survive this turn's refusals and
    /// answers and the opponent's successors were cut to a sample: the
    /// successors drawn again from the boards it moved from, this time
    /// only those that fit everything told this turn (`None` when there is
    /// nothing new to draw by).
    fn redrawn(
        &mut self,
        obs: &Observation,
        level: &Level,
        rng: &mut ChaCha8Rng,
    ) -> Option<Vec<Position<B>>> {
        let told = (self.refused.len(), self.any_answer);
        if !self.spec.has_umpire()
            || obs.turn != self.me
            || self.parents.ply != obs.ply
            || !self.parents.cut
            || self.parents.boards.is_empty()
            || self.parents.told == Some(told)
        {
            return None;
        }
        self.parents.told = Some(told);
        self.redraws += 1;
        let parents = std::mem::take(&mut self.parents.boards);
        let (next, _) = self.successors(&parents, obs, level, true);
        self.parents.boards = parents;
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("FOGBOUND_BOT_DEBUG").is_some() {
            eprintln!("redrawn at ply {}: {} boards fit", obs.ply, next.len());
        }
        Some(self.cut(next, level, rng))
    }

    /// The successors of `pool` (the opponent to move) that agree with
    /// `obs` — with `this_turn`, also with this turn's refusals and
    /// answers — without repeats, and whether the work cap left some
    /// boards unexpanded.
    fn successors(
        &mut self,
        pool: &[Position<B>],
        obs: &Observation,
        level: &Level,
        this_turn: bool,
    ) -> (Vec<Position<B>>, bool) {
        let seen = obs.last_move.unwrap_or_default();
        let picture = Picture::of(obs, self.me);
        let heard = Heard::of(obs, self.me);
        // The opponent asked "Any?" on its turn: its answer splits the
        // boards it moved from.
        let any = obs.announcements.iter().find_map(|a| match a.message {
            Message::AnyAnswer { by, yes, .. } if by != self.me && a.ply + 1 == obs.ply => {
                Some(yes)
            }
            _ => None,
        });
        let mut next: Vec<Position<B>> = Vec::new();
        let mut keys: HashSet<u64> = HashSet::new();
        let mut budget = level.pool * ADVANCE_WORK;
        let mut cut = false;
        let mut moves = Vec::new();
        for p in pool {
            if budget == 0 {
                cut = true;
                break;
            }
            if let Some(yes) = any {
                if pawn_captures(p).is_empty() == yes {
                    continue;
                }
            }
            if seen.passed {
                let mut q = p.clone();
                q.set_turn(self.me);
                if self.fits(&q, &picture)
                    && (!this_turn || self.turn_agrees(&q, obs))
                    && keys.insert(q.zobrist_hash())
                {
                    next.push(q);
                }
                continue;
            }
            p.moves_into(self.mode, &mut moves);
            budget = budget.saturating_sub(moves.len());
            for mv in &moves {
                if capture_square(p, mv) != seen.capture_at {
                    continue;
                }
                // Cheap first: where the man went, as far as it is seen.
                match obs.cell(mv.to) {
                    Cell::Empty => continue,
                    Cell::Man(pc) if pc.color == self.me || pc.role != mv.role_after() => continue,
                    _ => {}
                }
                let c = p.after(mv);
                if self.transition_agrees(p, &c, mv, obs, &picture, &heard)
                    && (!this_turn || self.turn_agrees(&c, obs))
                    && keys.insert(c.zobrist_hash())
                {
                    next.push(c);
                }
            }
        }
        (next, cut)
    }

    /// `next` cut to the level's pool when it holds more: a sample, the
    /// boards the opponent's better moves reach drawn more often.
    fn cut(
        &mut self,
        mut next: Vec<Position<B>>,
        level: &Level,
        rng: &mut ChaCha8Rng,
    ) -> Vec<Position<B>> {
        if next.len() <= level.pool {
            return next;
        }
        self.sampled += 1;
        if level.likely > 0.0 {
            self.likely_sample(next, level.pool, level.likely, rng)
        } else {
            while next.len() > level.pool {
                let i = below(rng, next.len());
                next.swap_remove(i);
            }
            next
        }
    }

    /// `cap` of `boards` (the opponent just moved on each), drawn without
    /// replacement with weights that favour the boards where its move was
    /// good for it: `exp(−value / T)` of the player's static value of the
    /// board, so a capture or a threat is likelier than a shuffle, but any
    /// move may have been played (a random mover's boards are only mildly
    /// misjudged). Efraimidis and Spirakis's keys: `u^(1/w)`, the largest
    /// kept.
    fn likely_sample(
        &mut self,
        boards: Vec<Position<B>>,
        cap: usize,
        temperature: f64,
        rng: &mut ChaCha8Rng,
    ) -> Vec<Position<B>> {
        let Some(first) = boards.first() else {
            return boards;
        };
        let eval = self
            .evaluator
            .get_or_insert_with(|| Evaluator::new(first, self.mode));
        let values: Vec<f64> = boards.iter().map(|p| f64::from(eval.evaluate(p))).collect();
        let best = values.iter().copied().fold(f64::INFINITY, f64::min);
        let mut keyed: Vec<(f64, usize)> = values
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let w = (-(v - best) / temperature).exp().max(1e-12);
                let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                (u.max(1e-300).ln() / w, i)
            })
            .collect();
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
        keyed.truncate(cap);
        keyed.sort_by_key(|k| k.1);
        let mut keep = vec![false; boards.len()];
        for (_, i) in keyed {
            keep[i] = true;
        }
        boards
            .into_iter()
            .zip(keep)
            .filter_map(|(b, k)| k.then_some(b))
            .collect()
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
}

/// When fewer than the level's pool over this many boards survive a turn's
/// news, the opponent's successors are drawn again ([`Brain::redrawn`]).
const REDRAW_SHARE: usize = 4;

/// The boards the opponent's last ply was played from (see
/// [`Brain::redrawn`]).
pub(crate) struct Parents<B: Bitboard> {
    boards: Vec<Position<B>>,
    /// The ply the opponent's move reached.
    ply: u32,
    /// Whether its successors had to be cut to a sample.
    cut: bool,
    /// This turn's refusals and "Any?" answer at the last redraw.
    told: Option<(usize, Option<bool>)>,
}

impl<B: Bitboard> Default for Parents<B> {
    fn default() -> Self {
        Parents {
            boards: Vec::new(),
            ply: u32::MAX,
            cut: false,
            told: None,
        }
    }
}

/// The legal pawn captures of the side to move (what "Any?" asks about).
pub(crate) fn pawn_captures<B: Bitboard>(pos: &Position<B>) -> Vec<Move> {
    pos.moves(RuleMode::Orthodox)
        .into_iter()
        .filter(|m| m.role.spec().pawn && m.capture.is_some())
        .collect()
}

/// The square of the man a move takes, if it takes one.
pub(crate) fn capture_square<B: Bitboard>(pos: &Position<B>, m: &Move) -> Option<Square> {
    m.capture?;
    Some(match m.kind {
        MoveKind::EnPassant => pos.ep_victim(m.to),
        _ => m.to,
    })
}

#[cfg(test)]
mod tests;
