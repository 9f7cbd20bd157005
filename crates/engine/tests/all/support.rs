//! What the engine's tests share: a seeded generator, square names, every
//! model and a variant per bitboard width, and random play through a
//! [`Match`].

use fogbound_engine::{
    Attempt, Bitboard, Color, KriegspielRules, Match, ModelSpec, MoveAttempt, Position, Role,
    Square, Variant,
};

/// xorshift64*: small, seeded, reproducible (the random games and garbage
/// inputs are the same on every run).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A square of the 8×8 board by name (`"e4"`).
pub fn sq(name: &str) -> Square {
    fogbound_engine::Geometry::CHESS.parse_square(name).unwrap()
}

/// Chess positions where the move generator's rarer paths meet: openings,
/// pins, checks and double checks, promotions (with captures), castling of
/// both sides (through attacked squares too) and en passant. Random games
/// from them try the engine's fast paths against its full list.
pub const CHESS_TRICKS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2NB1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1",
    "r1b1k2r/1P2qppp/8/2b5/4n3/2N5/3B1PpP/R2QK2R b KQkq - 0 1",
    "8/8/5B2/8/8/3N4/R6p/5K1k w - - 0 1",
    "4r1k1/5ppp/8/8/1b6/8/3N1PPP/4K2R w K - 0 1",
    "3k4/8/8/q7/8/2N5/3P4/4K2r w - - 0 1",
    "7k/8/8/4N3/8/2B5/P7/R3K3 w Q - 0 1",
];

/// The positions random games of `variant` start from: `fens` read, or the
/// variant's start position when there are none.
pub fn starts_of<B: Bitboard>(variant: &Variant, fens: &[&str]) -> Vec<Position<B>> {
    if fens.is_empty() {
        return vec![Position::start(variant).unwrap()];
    }
    fens.iter()
        .map(|fen| Position::from_fen(variant, fen).unwrap())
        .collect()
}

/// Every model: Open, Fog, Dark and each Kriegspiel preset.
pub fn all_models() -> Vec<ModelSpec> {
    let mut v = vec![ModelSpec::Open, ModelSpec::Fog, ModelSpec::Dark];
    for rules in KriegspielRules::presets() {
        v.push(ModelSpec::Kriegspiel { rules });
    }
    v
}

/// The variants the property tests cover, one per bitboard width.
pub fn variants() -> Vec<Variant> {
    vec![
        Variant::chess(),
        Variant::foolish_king(),
        Variant::by_id("krk-6x6").unwrap(),
        Variant::by_id("kqk-12x12").unwrap(),
    ]
}

/// A random attempt for the side to move: mostly a true move, sometimes a
/// random try (illegal, nonsense, probe…), sometimes "Any?".
pub fn random_attempt<B: Bitboard>(m: &Match<B>, rng: &mut Rng) -> Attempt {
    let pos = m.position();
    let player = pos.turn();
    let obs = m.observation(player);
    let moves = pos.moves(m.mode());
    if obs.extras.must_try_pawn_capture {
        let caps: Vec<_> = moves
            .iter()
            .filter(|mv| mv.role == Role::Pawn && mv.capture.is_some())
            .collect();
        if let Some(mv) = caps.get(rng.below(caps.len())) {
            return Attempt::from_move(mv);
        }
    }
    if matches!(m.spec(), ModelSpec::Kriegspiel { .. }) && rng.chance(8) {
        return if rng.chance(80) {
            Attempt::AskAny
        } else {
            Attempt::AskRebuffs
        };
    }
    if !moves.is_empty() && rng.chance(70) {
        let mv = moves[rng.below(moves.len())];
        let mut a = Attempt::from_move(&mv);
        if let Attempt::Move(ma) = &mut a {
            let routes = pos.leap_routes(mv.from, mv.to);
            if !routes.is_empty() && mv.role != Role::Pawn && !mv.is_castle() {
                ma.route = Some(routes[rng.below(routes.len())]);
            }
        }
        return a;
    }
    random_try(pos, player, rng)
}

/// A random try with one of `player`'s men to any square.
pub fn random_try<B: Bitboard>(pos: &Position<B>, player: Color, rng: &mut Rng) -> Attempt {
    let own: Vec<Square> = pos.by_color(player).squares().collect();
    let n = pos.geometry().square_count();
    let from = if own.is_empty() || rng.chance(5) {
        Square(rng.below(n) as u8)
    } else {
        own[rng.below(own.len())]
    };
    // Bias towards nearby squares, where probes and blocked slides happen.
    let to = if rng.chance(60) {
        let g = pos.geometry();
        let (f, r) = g.coords(from);
        let df = rng.below(5) as i32 - 2;
        let dr = rng.below(5) as i32 - 2;
        g.square_at(f + df, r + dr)
            .unwrap_or(Square(rng.below(n) as u8))
    } else {
        Square(rng.below(n) as u8)
    };
    Attempt::Move(MoveAttempt {
        from,
        to,
        promotion: None,
        rook_to: None,
        route: None,
    })
}

/// Plays a random match of up to `max_plies` plies (at most `max_attempts`
/// attempts), calling `check` after every attempt.
pub fn random_match<B: Bitboard>(
    variant: &Variant,
    spec: ModelSpec,
    seed: u64,
    max_plies: usize,
    max_attempts: usize,
    mut check: impl FnMut(&Match<B>),
) -> Match<B> {
    let mut m = Match::<B>::new(variant, spec, None).unwrap();
    let mut rng = Rng::new(seed);
    check(&m);
    let mut attempts = 0;
    while m.outcome().is_none() && m.plies().len() < max_plies && attempts < max_attempts {
        attempts += 1;
        let player = m.turn();
        let a = random_attempt(&m, &mut rng);
        m.attempt(player, a).unwrap();
        check(&m);
    }
    m
}
