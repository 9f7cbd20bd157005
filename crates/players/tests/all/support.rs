//! What the players' tests share: every model, a player wrapper that
//! records what the player it wraps tries and checks each attempt, and two
//! games that look the same to White played side by side.

use fogbound_engine::player::{GameRules, Player};
use fogbound_engine::{
    AnyMatch, Attempt, Color, KriegspielRules, ModelSpec, Observation, Resolution, Variant,
};

/// Open, Fog, Dark and Kriegspiel under every preset.
pub fn models() -> Vec<ModelSpec> {
    let mut out = vec![ModelSpec::Open, ModelSpec::Fog, ModelSpec::Dark];
    for id in KriegspielRules::PRESET_IDS {
        out.push(ModelSpec::parse("kriegspiel", Some(id)).unwrap());
    }
    out
}

/// Records the attempts of the player it wraps and checks each against the
/// observation it was made on.
pub struct Watched {
    inner: Box<dyn Player>,
    /// Every attempt, with the ply it was made at.
    pub tried: Vec<(u32, Attempt)>,
    /// Every refused move, with its ply.
    pub refused: Vec<(u32, Attempt)>,
    /// Attempts the observation did not allow, and refused moves tried
    /// again in the same turn.
    pub faults: Vec<String>,
}

impl Watched {
    pub fn new(inner: Box<dyn Player>) -> Watched {
        Watched {
            inner,
            tried: Vec::new(),
            refused: Vec::new(),
            faults: Vec::new(),
        }
    }
}

/// Whether `a` is an attempt `o` allows: a hinted move or a try the model
/// takes, with a man of the player's, or a question the model offers now.
fn well_formed(o: &Observation, a: &Attempt) -> bool {
    match a {
        Attempt::AskAny => o.actions.ask_any,
        Attempt::AskRebuffs => o.actions.ask_rebuffs,
        Attempt::Move(m) => {
            let tried = o.try_hints.iter().any(|h| h.from == m.from && h.to == m.to);
            // A hint may land on its own man: castling written as the
            // king taking its rook (Foolish King).
            let hinted = o.hints.iter().any(|h| h.from == m.from && h.to == m.to);
            if o.actions.must_try_pawn_capture {
                tried
            } else {
                tried || hinted || o.may_try(m.from, m.to)
            }
        }
    }
}

impl Player for Watched {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn start(&mut self, r: &GameRules, o: &Observation) {
        self.inner.start(r, o)
    }
    fn observe(&mut self, o: &Observation) {
        self.inner.observe(o)
    }
    fn attempt(&mut self, o: &Observation) -> Attempt {
        let a = self.inner.attempt(o);
        if !well_formed(o, &a) {
            self.faults
                .push(format!("ply {}: {a:?} not allowed", o.ply));
        }
        if self.refused.contains(&(o.ply, a)) && a.as_move().is_some() {
            self.faults
                .push(format!("ply {}: {a:?} tried again", o.ply));
        }
        self.tried.push((o.ply, a));
        a
    }
    fn resolved(&mut self, a: &Attempt, r: &Resolution, o: &Observation) {
        if !r.passes_turn() && a.as_move().is_some() {
            self.refused.push((o.ply, *a));
        }
        self.inner.resolved(a, r, o)
    }
}

/// Plays the two games side by side with White's player `build(seed)` in
/// each, for at most `attempts` attempts while White's observations are
/// equal; asserts equal attempts. Black shuttles a knight (g8-f6-g8), which
/// both games allow, so they differ only where White cannot see. Returns
/// how many of White's attempts were compared.
pub fn same_view_same_attempts(
    build: impl Fn(u64) -> Box<dyn Player>,
    spec: &ModelSpec,
    fens: [&str; 2],
    seed: u64,
    attempts: usize,
) -> usize {
    let mut games: Vec<AnyMatch> = fens
        .iter()
        .map(|f| AnyMatch::new(&Variant::chess(), spec.clone(), Some(f)).unwrap())
        .collect();
    assert_eq!(
        games[0].observation(Color::White),
        games[1].observation(Color::White),
        "{}: White should not see the difference",
        spec.id()
    );
    let mut whites: Vec<Box<dyn Player>> = (0..2).map(|_| build(seed)).collect();
    for i in 0..2 {
        whites[i].start(&games[i].rules(), &games[i].observation(Color::White));
    }
    let g = games[0].geometry();
    let (mut compared, mut black_moves) = (0, 0);
    for _ in 0..attempts {
        let views: Vec<Observation> = games.iter().map(|g| g.observation(Color::White)).collect();
        if views[0] != views[1] || games.iter().any(|g| g.outcome().is_some()) {
            break;
        }
        if games[0].turn() == Color::White {
            let tries: Vec<Attempt> = (0..2).map(|i| whites[i].attempt(&views[i])).collect();
            assert_eq!(
                tries[0],
                tries[1],
                "{}: same view, different attempt",
                spec.id()
            );
            compared += 1;
            for i in 0..2 {
                let r = games[i].attempt(Color::White, tries[i]).unwrap();
                whites[i].resolved(&tries[i], &r.resolution, &r.observations[Color::White]);
            }
        } else {
            let text = if black_moves % 2 == 0 { "g8f6" } else { "f6g8" };
            black_moves += 1;
            let a = Attempt::parse(text, g).unwrap();
            let mut played = true;
            for i in 0..2 {
                let r = games[i].attempt(Color::Black, a).unwrap();
                played &= r.resolution.passes_turn();
                whites[i].observe(&r.observations[Color::White]);
            }
            if !played {
                break;
            }
        }
    }
    compared
}
