//! The bot mates a bare king it never sees through the real umpire, under
//! the english and wild16 presets: from K+Q against K and K+R against K
//! starts, against `greedy`, within the fifty moves, never stalemating and
//! never losing its queen or rook. The bot is told at the start that the
//! enemy has its king alone, anywhere it may legally stand (a game from a
//! set-up position tells it nothing of the enemy's men). The same with a
//! pawn of each side blocking the other: the bot is told where the enemy's
//! pawn stands (frozen, it cannot have moved).

use fogbound_engine::player::{GameRules, Player};
use fogbound_engine::{
    AnyMatch, Attempt, Bitboard64, ByColor, Color, ModelSpec, Observation, Outcome, Position,
    Reason, Resolution, Role, Variant,
};

use crate::bot::AnyBrain;
use crate::{play_out_limited, BotLevel, BotPlayer, GreedyPlayer, Level, Limits};

/// The starts: White to move.
const STARTS: [&str; 8] = [
    "8/8/8/4k3/8/8/8/K6Q w - - 0 1",
    "6k1/8/8/8/8/8/1Q6/1K6 w - - 0 1",
    "8/1k6/8/8/5Q2/8/8/6K1 w - - 0 1",
    "2k5/8/8/8/8/8/8/3QK3 w - - 0 1",
    "8/8/8/4k3/8/8/8/K6R w - - 0 1",
    "7k/8/8/8/8/8/1R6/1K6 w - - 0 1",
    "8/2k5/8/8/5R2/8/8/6K1 w - - 0 1",
    "2k5/8/8/8/8/8/8/3RK3 w - - 0 1",
];

/// K+Q+P and K+R+P against K+P, the pawns blocking each other: White to move.
const BLOCKED_STARTS: [&str; 4] = [
    "8/3k4/8/5p2/5P2/8/8/K6Q w - - 0 1",
    "4k3/8/8/8/1p6/1P6/8/6KQ w - - 0 1",
    "8/8/8/3k4/8/6p1/6P1/R3K3 w - - 0 1",
    "8/2p5/2P5/8/8/4k3/8/1K5R w - - 0 1",
];

/// The bot, told after its start that the enemy king stands on any square
/// of `fen`'s board it may, with the enemy's pawns where `fen` has them.
struct Told {
    bot: BotPlayer,
    fen: &'static str,
}

impl Player for Told {
    fn name(&self) -> String {
        self.bot.name()
    }

    fn start(&mut self, rules: &GameRules, observation: &Observation) {
        self.bot.start(rules, observation);
        let variant = Variant::chess();
        let pos = Position::<Bitboard64>::from_fen(&variant, self.fen).unwrap();
        let mut pool = Vec::new();
        for sq in pos.geometry().squares() {
            let mut setup = pos.to_setup();
            for cell in setup.board.iter_mut() {
                if cell.is_some_and(|p| p.color == Color::Black && p.role == Role::King) {
                    *cell = None;
                }
            }
            if setup.board[sq.index()].is_some() {
                continue;
            }
            setup.board[sq.index()] = Some(fogbound_engine::Piece {
                color: Color::Black,
                role: Role::King,
            });
            if let Ok(p) = Position::from_setup(&variant, &setup) {
                if !p.is_king_attacked(Color::Black) {
                    pool.push(p);
                }
            }
        }
        let Some(AnyBrain::B64(brain)) = self.bot.brain.as_mut() else {
            panic!("an 8×8 board");
        };
        brain.enemy = std::iter::once(Role::King)
            .chain(
                pos.men()
                    .filter(|(_, p)| p.color == Color::Black && p.role == Role::Pawn)
                    .map(|_| Role::Pawn),
            )
            .collect();
        brain.pool = pool;
    }

    fn observe(&mut self, observation: &Observation) {
        self.bot.observe(observation);
    }

    fn attempt(&mut self, observation: &Observation) -> Attempt {
        self.bot.attempt(observation)
    }

    fn resolved(&mut self, attempt: &Attempt, resolution: &Resolution, observation: &Observation) {
        self.bot.resolved(attempt, resolution, observation);
    }
}

/// Plays one start out: the plies played, the tries refused and the end.
fn mate(fen: &'static str, preset: &str, seed: u64) -> (usize, usize, Option<Outcome>) {
    let spec = ModelSpec::parse("kriegspiel", Some(preset)).unwrap();
    let mut m = AnyMatch::new(&Variant::chess(), spec, Some(fen)).unwrap();
    let level = Level {
        nodes: 20_000,
        ..BotLevel::Club.level()
    };
    let mut white = Told {
        bot: BotPlayer::with_level(BotLevel::Club, level, seed),
        fen,
    };
    let mut black = GreedyPlayer::new(seed);
    let limits = Limits {
        max_plies: 100,
        max_attempts: 2_000,
        ..Limits::default()
    };
    let players: ByColor<&mut dyn Player> = ByColor {
        white: &mut white,
        black: &mut black,
    };
    let outcome = play_out_limited(&mut m, players, &limits).unwrap();
    let refused = m
        .log()
        .iter()
        .filter(|e| e.player == Color::White && !e.resolution.passes_turn())
        .count();
    (m.plies().len(), refused, outcome)
}

#[test]
fn the_bot_mates_an_unseen_bare_king_within_the_fifty_moves() {
    let mut plies = Vec::new();
    let mut refused = 0;
    for preset in ["english", "wild16"] {
        for (i, fen) in STARTS.iter().enumerate() {
            let (n, r, outcome) = mate(fen, preset, i as u64 + 1);
            let o = outcome.unwrap_or_else(|| panic!("{preset} {fen}: not over in {n} plies"));
            assert_eq!(o.winner, Some(Color::White), "{preset} {fen}: {o}");
            assert_eq!(o.reason, Reason::Checkmate, "{preset} {fen}: {o}");
            plies.push(n);
            refused += r;
        }
    }
    eprintln!("plies to mate: {plies:?}, White's tries refused: {refused}");
}

/// With a queen every start is mated; with a rook most are, and none is
/// lost or stalemated (the rook's tail is long: see `crates/players/BOT.md`).
#[test]
fn the_bot_mates_a_king_whose_pawn_is_blocked() {
    let mut ends = Vec::new();
    let mut refused = 0;
    for preset in ["english", "wild16"] {
        for (i, fen) in BLOCKED_STARTS.iter().enumerate() {
            let (n, r, outcome) = mate(fen, preset, i as u64 + 1);
            let o = outcome.unwrap_or_else(|| panic!("{preset} {fen}: not over in {n} plies"));
            let queen = fen.contains('Q');
            let mated = o.winner == Some(Color::White) && o.reason == Reason::Checkmate;
            assert!(
                mated || (!queen && o.reason == Reason::FiftyMoveRule),
                "{preset} {fen}: {o}"
            );
            ends.push(if mated {
                format!("{n}")
            } else {
                format!("{o}")
            });
            refused += r;
        }
    }
    let mated = ends.iter().filter(|e| e.parse::<usize>().is_ok()).count();
    eprintln!("plies to mate: {ends:?}, White's tries refused: {refused}");
    assert!(mated >= 6, "{ends:?}");
}
