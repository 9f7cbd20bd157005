//! [`BotPlayer`]: the computer player as a seat at the game table — its
//! level, its random stream, its belief ([`crate::brain`]), the budget it
//! thinks for ([`crate::budget`]) and the last things it decided on
//! (questions asked, where its men stood, to steer a won game away from
//! repeating).

use crate::kit::{candidates, fallback, Refused, SplitMix};
use fogbound_engine::player::{GameRules, Player};
use fogbound_engine::{
    Attempt, Bitboard128, Bitboard256, Bitboard64, Cell, ModelSpec, Observation, Resolution,
    Variant,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::brain::{below, Brain};
use crate::budget::{Clock, Control, Listener, Thought};
use crate::{BotLevel, Level, Opponent};

/// The belief over the bitboard the board's size needs.
pub(crate) enum AnyBrain {
    B64(Brain<Bitboard64>),
    B128(Brain<Bitboard128>),
    B256(Brain<Bitboard256>),
}

macro_rules! each_brain {
    ($brain:expr, $b:ident => $body:expr) => {
        match $brain {
            AnyBrain::B64($b) => $body,
            AnyBrain::B128($b) => $body,
            AnyBrain::B256($b) => $body,
        }
    };
}

/// The share of the thinking time the search may use (the rest covers what
/// comes after it and the clock's polling).
const TIME_SHARE: f64 = 0.92;
/// The share of the thinking time the search keeps however long the
/// belief took to keep.
const MIN_SHARE: f64 = 0.25;
/// With a clock, the node cap is this many times the level's budget.
const CLOCKED_NODE_CAP: u64 = 1_000;

/// The computer player. See the crate docs.
pub struct BotPlayer {
    level_id: BotLevel,
    level: Level,
    rng: ChaCha8Rng,
    refused: Refused,
    pub(crate) brain: Option<AnyBrain>,
    /// The rules it was told at the start.
    rules: Option<GameRules>,
    /// The caller's clock: with one, the bot thinks for a time.
    clock: Option<Box<dyn Clock>>,
    /// The thinking time per attempt with a clock (the level's unless
    /// told otherwise).
    millis: u64,
    /// The ply at which it last asked "Any?".
    asked_any: Option<u32>,
    /// Where its own men stood after each of its moves, to steer a won game
    /// away from repeating.
    placements: Vec<u64>,
    /// What its last search found.
    last_thought: Option<Thought>,
    /// With a clock: the milliseconds spent keeping the belief since its
    /// last attempt (its own move played on every board, the opponent's
    /// move told), taken from the next attempt's thinking time, so that a
    /// move costs its time in all.
    upkeep_ms: f64,
}

impl BotPlayer {
    /// A player of `level`. Natively, `FOGBOUND_BOT_<LEVEL>` (for example
    /// `FOGBOUND_BOT_STRONG=samples=8,worst=0.5`) changes the level's
    /// settings ([`Level::with_settings`]): a hook for tuning matches.
    pub fn new(level: BotLevel, seed: u64) -> BotPlayer {
        BotPlayer::with_level(level, tuned(level), seed)
    }

    /// A player with a level's name but its own settings (tests, tuning).
    pub fn with_level(id: BotLevel, level: Level, seed: u64) -> BotPlayer {
        BotPlayer {
            level_id: id,
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
            refused: Refused::default(),
            brain: None,
            rules: None,
            clock: None,
            millis: level.ms,
            asked_any: None,
            placements: Vec::new(),
            last_thought: None,
            upkeep_ms: 0.0,
        }
    }

    /// Thinks by `clock` from now on: each attempt for the level's time, or
    /// the time [`BotPlayer::think_for`] sets.
    pub fn set_clock(&mut self, clock: Box<dyn Clock>) {
        self.clock = Some(clock);
    }

    /// Thinks `ms` milliseconds per attempt (with a clock).
    pub fn think_for(&mut self, ms: u64) {
        self.millis = ms;
    }

    /// Caps the node budget.
    pub fn cap_nodes(&mut self, nodes: u64) {
        self.level.nodes = self.level.nodes.min(nodes.max(1_000));
    }

    /// What its last search found (after an attempt that searched).
    pub fn last_thought(&self) -> Option<&Thought> {
        self.last_thought.as_ref()
    }

    /// Its attempt with the search cut to `nodes` nodes and no clock ("Move
    /// now" in a worker that cannot be told to stop); the level's budget
    /// is back for the next one.
    pub fn attempt_within(&mut self, obs: &Observation, nodes: u64) -> Attempt {
        let level = self.level;
        let clock = self.clock.take();
        self.level.nodes = level.nodes.min(nodes);
        let attempt = self.decide(obs, None);
        self.level = level;
        self.clock = clock;
        attempt
    }

    /// Its attempt, telling `listener` its best attempt so far after each
    /// board it searches; the search stops at once when the listener
    /// returns `false`, and that best attempt is played.
    pub fn attempt_thinking(&mut self, obs: &Observation, listener: Listener<'_>) -> Attempt {
        self.decide(obs, Some(listener))
    }

    /// Asks again for an attempt it made earlier, when catching up on a
    /// game (see [`crate::seat`]): every draw from its random stream and
    /// every change to its belief is as it was, but the search is skipped
    /// (no draw depends on it), so the attempt itself may differ and is
    /// thrown away.
    pub fn replay_attempt(&mut self, obs: &Observation) {
        self.attempt_within(obs, 0);
    }

    /// How many boards the belief holds now (0 before the game).
    pub fn belief_size(&self) -> usize {
        self.brain
            .as_ref()
            .map_or(0, |b| each_brain!(b, x => x.pool_size()))
    }

    fn brain_for(&mut self, obs: &Observation) -> &mut AnyBrain {
        if self.brain.is_none() {
            // Told nothing at the start, it takes the variant the
            // observation names under Fog of War.
            let (variant, spec) = match &self.rules {
                Some(r) => (r.variant.clone(), r.model.clone()),
                None => (
                    Variant::by_id(&obs.variant).unwrap_or_else(Variant::chess),
                    ModelSpec::Fog,
                ),
            };
            let squares = usize::from(obs.width) * usize::from(obs.height);
            self.brain = Some(if squares <= 64 {
                AnyBrain::B64(Brain::new(variant, spec, obs))
            } else if squares <= 128 {
                AnyBrain::B128(Brain::new(variant, spec, obs))
            } else {
                AnyBrain::B256(Brain::new(variant, spec, obs))
            });
        }
        self.brain.as_mut().expect("just built")
    }

    /// The rule of the model the bot was told (Fog of War when told none).
    fn model(&self) -> ModelSpec {
        self.rules
            .as_ref()
            .map_or(ModelSpec::Fog, |r| r.model.clone())
    }

    /// The attempt: a question when it pays, else the candidate the belief
    /// scores best (see [`crate::decide`]).
    fn decide(&mut self, obs: &Observation, listener: Option<Listener<'_>>) -> Attempt {
        let start = self.clock.as_ref().map_or(0.0, |c| c.now_ms());
        let mut routes = SplitMix::new(self.rng.next_u64());
        let actions = obs.actions;
        // "Any?" whenever one of its pawns could take on its own board. A
        // "No" costs no try and drops every board with a pawn capture; a
        // "Yes" says there is a man to take (and may oblige one try).
        // Asked only when the belief found a capture likely (on half of its
        // boards, one capture on three quarters of those), the bot scored
        // 70% against greedy in 220 Kriegspiel games; asked every time, 85%
        // (BOT.md, 2026-11-28, "Any?" every turn).
        if actions.ask_any
            && !actions.must_try_pawn_capture
            && self.asked_any != Some(obs.ply)
            && !obs.try_hints.is_empty()
        {
            self.asked_any = Some(obs.ply);
            return Attempt::AskAny;
        }
        let mut cands = candidates(obs, &mut self.refused, &mut routes);
        if self.model() == ModelSpec::Fog {
            // Every square a move lands on or a pawn's double step passes
            // is seen under Fog of War: a move into the fog (a pawn pushed
            // at a man it cannot see, which a referee's bare view may
            // offer) is impossible.
            let fog = |sq: fogbound_engine::Square| matches!(obs.cell(sq), Cell::Fog);
            cands.retain(|c| {
                c.as_move().is_none_or(|m| {
                    let pawn = matches!(obs.cell(m.from), Cell::Man(p) if p.role.spec().pawn);
                    let double = pawn && m.from.0.abs_diff(m.to.0) == 2 * obs.width;
                    let between = fogbound_engine::Square(m.from.0.midpoint(m.to.0));
                    !fog(m.to) && !(double && fog(between))
                })
            });
        }
        match cands.len() {
            0 => return fallback(obs),
            1 => return cands[0],
            _ => {}
        }
        self.brain_for(obs);
        let level = self.level;
        let mut rng = self.rng.clone();
        let clock = self.clock.as_deref();
        let upkeep = std::mem::take(&mut self.upkeep_ms);
        let mut ctl = match clock {
            Some(c) if self.millis > 0 => {
                let ms = self.millis as f64;
                let think = (TIME_SHARE * ms - upkeep).max(MIN_SHARE * ms);
                Control::new(
                    level.nodes.saturating_mul(CLOCKED_NODE_CAP),
                    Some(c),
                    start + think,
                )
            }
            _ => Control::new(level.nodes, None, 0.0),
        };
        let brain = self.brain.as_mut().expect("made before the clock was read");
        let placements = &self.placements;
        // Each report names the attempt the bot would play if stopped
        // there: the same marks, noise and draw as after the search, on a
        // copy of the random stream.
        let mut relay = listener.map(|listen| {
            let cands = &cands;
            move |scores: &[f64], t: &Thought, rng: &ChaCha8Rng| {
                let marked = marked_scores(obs, cands, scores, placements);
                let best = pick(cands, &marked, &level, &mut rng.clone());
                listen(&Thought { best, ..t.clone() })
            }
        });
        let relay = relay
            .as_mut()
            .map(|r| r as &mut dyn FnMut(&[f64], &Thought, &ChaCha8Rng) -> bool);
        let scored =
            each_brain!(brain, b => b.choose(obs, &cands, &level, &mut rng, &mut ctl, relay));
        let scores = marked_scores(obs, &cands, &scored.scores, &self.placements);
        let pick = pick(&cands, &scores, &level, &mut rng);
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("FOGBOUND_BOT_DEBUG").is_some() {
            let t = &scored.thought;
            let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            eprintln!(
                "ply {} pool {} cands {} depth {} boards {}/{} nodes {} best {:.0} {}",
                obs.ply,
                self.belief_size(),
                cands.len(),
                t.depth,
                t.boards,
                t.sample,
                t.nodes,
                best,
                pick.to_text(fogbound_engine::Geometry::CHESS)
            );
        }
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var("FOGBOUND_BOT_DEBUG").is_ok_and(|v| v == "3") {
            if let Some(m) = pick.as_move() {
                let (share, n) =
                    each_brain!(self.brain.as_ref().expect("made"), b => b.pawn_threat_share(m.to));
                if let Some(line) =
                    each_brain!(self.brain.as_ref().expect("made"), b => b.pawn_odds_line())
                {
                    eprintln!("{line}");
                }
                let odds =
                    each_brain!(self.brain.as_ref().expect("made"), b => b.pawn_odds_attack(m.to));
                let (odds, map) = odds.unwrap_or((-1.0, true));
                eprintln!(
                    "threat ply {} to {} share {:.3} pool {} odds {:.4} map {}",
                    obs.ply,
                    m.to.0,
                    share,
                    n,
                    odds,
                    u8::from(map)
                );
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var("FOGBOUND_BOT_DEBUG").is_ok_and(|v| v == "4") {
            if let Some(m) = pick.as_move() {
                let shares = each_brain!(self.brain.as_ref().expect("made"), b => b.royal_shares());
                let line: Vec<String> = shares
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| **x > 0.0)
                    .map(|(i, x)| format!("{i}:{x:.4}"))
                    .collect();
                eprintln!(
                    "king ply {} from {} to {} shares {}",
                    obs.ply,
                    m.from.0,
                    m.to.0,
                    line.join(",")
                );
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var("FOGBOUND_BOT_DEBUG").is_ok_and(|v| v == "2") {
            let g = fogbound_engine::Geometry::new(usize::from(obs.width), usize::from(obs.height))
                .unwrap_or(fogbound_engine::Geometry::CHESS);
            let mut order: Vec<usize> = (0..cands.len()).collect();
            order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
            let line: Vec<String> = order
                .iter()
                .take(8)
                .map(|&i| format!("{} {:.0}", cands[i].to_text(g), scores[i]))
                .collect();
            eprintln!(
                "  must {} | {}",
                obs.actions.must_try_pawn_capture,
                line.join(", ")
            );
        }
        self.last_thought = Some(Thought {
            best: pick,
            ..scored.thought
        });
        self.rng = rng;
        pick
    }
}

impl BotPlayer {
    /// Adds the time since `start` (on the clock) to the belief's upkeep.
    fn note_upkeep(&mut self, start: Option<f64>) {
        if let (Some(c), Some(s)) = (self.clock.as_ref(), start) {
            self.upkeep_ms += c.now_ms() - s;
            #[cfg(not(target_arch = "wasm32"))]
            if std::env::var_os("FOGBOUND_BOT_DEBUG").is_some() {
                eprintln!("  upkeep {:.0} ms", self.upkeep_ms);
            }
        }
    }
}

/// The candidates' values with the mark against repeating: ahead, a move
/// that puts its men back where they stood after an earlier move of its
/// own is marked down (repeating draws).
fn marked_scores(
    obs: &Observation,
    cands: &[Attempt],
    scores: &[f64],
    placements: &[u64],
) -> Vec<f64> {
    let ahead = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max) > 150.0;
    cands
        .iter()
        .zip(scores)
        .map(|(c, s)| {
            if !ahead {
                return *s;
            }
            let key = placement_after(obs, c);
            let seen = placements.iter().filter(|p| Some(**p) == key).count();
            s - 40.0 * seen as f64
        })
        .collect()
}

/// The attempt played on `scores`: the level's noise added, ties drawn
/// from `rng`.
fn pick(cands: &[Attempt], scores: &[f64], level: &Level, rng: &mut ChaCha8Rng) -> Attempt {
    let noisy: Vec<f64> = scores
        .iter()
        .map(|s| {
            if level.noise == 0 {
                *s
            } else {
                s + below(rng, level.noise as usize) as f64
            }
        })
        .collect();
    let best = noisy.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let top: Vec<Attempt> = cands
        .iter()
        .zip(&noisy)
        .filter(|(_, s)| **s >= best - 1e-9)
        .map(|(a, _)| *a)
        .collect();
    top[below(rng, top.len())]
}

/// `level`'s settings, changed natively by `FOGBOUND_BOT_<LEVEL>`.
fn tuned(level: BotLevel) -> Level {
    let base = level.level();
    #[cfg(not(target_arch = "wasm32"))]
    {
        let name = format!("FOGBOUND_BOT_{}", level.id().to_ascii_uppercase());
        if let Ok(text) = std::env::var(name) {
            return base.with_settings(&text).unwrap_or(base);
        }
    }
    base
}

/// A key of where the player's own men stand in `obs`.
fn placement(obs: &Observation) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (sq, p) in obs.men() {
        if p.color == obs.player {
            for b in [sq.0, p.char() as u8] {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    h
}

/// The [`placement`] after `attempt`, as far as the player's own men go
/// (a plain move of one man; `None` for anything else).
fn placement_after(obs: &Observation, attempt: &Attempt) -> Option<u64> {
    let m = attempt.as_move()?;
    if m.promotion.is_some() || m.rook_to.is_some() {
        return None;
    }
    let mut after = obs.clone();
    let man = after.squares.get(m.from.index()).copied()?;
    *after.squares.get_mut(m.to.index())? = man;
    after.squares[m.from.index()] = Cell::Empty;
    Some(placement(&after))
}

impl Player for BotPlayer {
    fn name(&self) -> String {
        Opponent::Bot(self.level_id).label()
    }

    fn start(&mut self, rules: &GameRules, observation: &Observation) {
        self.rules = Some(rules.clone());
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var("FOGBOUND_BOT_DEBUG").is_ok_and(|v| v == "6") {
            eprintln!("game start {:?}", observation.player);
        }
        self.brain = None;
        self.brain_for(observation);
    }

    fn observe(&mut self, observation: &Observation) {
        let start = self.clock.as_ref().map(|c| c.now_ms());
        let level = self.level;
        let mut rng = self.rng.clone();
        each_brain!(self.brain_for(observation), b => b.observe(observation, &level, &mut rng));
        self.rng = rng;
        self.note_upkeep(start);
    }

    fn attempt(&mut self, obs: &Observation) -> Attempt {
        self.decide(obs, None)
    }

    fn resolved(&mut self, attempt: &Attempt, resolution: &Resolution, observation: &Observation) {
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("FOGBOUND_BOT_DEBUG").is_some() && !resolution.passes_turn() {
            eprintln!(
                "  refused {} ({resolution:?}), pool {}",
                attempt.to_text(fogbound_engine::Geometry::CHESS),
                self.belief_size()
            );
        }
        self.refused.resolved(attempt, resolution, observation);
        if *resolution == Resolution::Played {
            self.placements.push(placement(observation));
        }
        let start = self.clock.as_ref().map(|c| c.now_ms());
        let level = self.level;
        let mut rng = self.rng.clone();
        each_brain!(self.brain_for(observation), b => b.resolved(attempt, resolution, observation, &level, &mut rng));
        self.rng = rng;
        self.note_upkeep(start);
        #[cfg(not(target_arch = "wasm32"))]
        if *resolution == Resolution::Played
            && std::env::var("FOGBOUND_BOT_DEBUG").is_ok_and(|v| v == "6")
        {
            // After its move: per man, the share of the boards on which an
            // enemy man attacks its square (pinned men and a king stepping
            // into check counted too; joined with the game's captures).
            let shares = each_brain!(self.brain.as_ref().expect("made"), b => b.exposure_shares());
            let line: Vec<String> = shares
                .iter()
                .map(|(sq, x)| format!("{}:{x:.3}", sq.0))
                .collect();
            eprintln!(
                "exposed ply {} pool {} {}",
                observation.ply,
                self.belief_size(),
                line.join(",")
            );
        }
    }
}
