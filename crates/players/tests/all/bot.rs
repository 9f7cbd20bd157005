//! The bot: it decides from what it is told only (two true games that tell
//! it the same things get the same attempts), every attempt it makes is one
//! its observation allows, a seed replays a game exactly, it beats the
//! random mover, and it plays every variant under every model.

use fogbound_engine::player::Player;
use fogbound_engine::{AnyMatch, ByColor, Color, ModelSpec, Variant};
use fogbound_players::play_out;

use crate::support::{models, same_view_same_attempts, Watched};
use fogbound_players::{BotLevel, BotPlayer, Opponent};

fn bot(level: BotLevel, seed: u64) -> Box<dyn Player> {
    Box::new(BotPlayer::new(level, seed))
}

#[test]
fn the_catalogue_names_every_automated_player() {
    let ids: Vec<String> = Opponent::all().iter().map(|o| o.id()).collect();
    assert_eq!(
        ids,
        ["random", "greedy", "bot:beginner", "bot:club", "bot:strong"]
    );
    for o in Opponent::all() {
        assert_eq!(Opponent::from_id(&o.id()), Some(o));
    }
    assert_eq!(Opponent::from_id("bot"), Some(Opponent::DEFAULT));
    assert_eq!(Opponent::from_id("bot:grandmaster"), None);
    assert_eq!(Opponent::from_id("greedy"), Some(Opponent::Greedy));
}

/// Two true games that differ only in where a hidden black pawn stands tell
/// White the same things; White's bot, with the same seed, makes the same
/// attempts in both as long as that lasts. A `Player` is handed
/// observations and its own attempts' resolutions, never a match.
#[test]
fn the_bot_cannot_tell_apart_games_that_look_the_same_to_it() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppppppp1/7p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    for spec in [
        ModelSpec::Fog,
        ModelSpec::parse("kriegspiel", Some("english")).unwrap(),
    ] {
        let mut compared = 0;
        for seed in 1..=8u64 {
            let kind = Opponent::Bot(BotLevel::Beginner);
            compared += same_view_same_attempts(kind, &spec, fens, seed, 60);
        }
        assert!(
            compared >= 10,
            "{}: only {compared} attempts compared",
            spec.id()
        );
    }
}

fn game(
    spec: &ModelSpec,
    variant: &Variant,
    white: Box<dyn Player>,
    black: Box<dyn Player>,
    max_attempts: usize,
) -> (AnyMatch, Watched, Watched) {
    let mut m = AnyMatch::new(variant, spec.clone(), None).unwrap();
    let (mut w, mut b) = (Watched::new(white), Watched::new(black));
    let players: ByColor<&mut dyn Player> = ByColor {
        white: &mut w,
        black: &mut b,
    };
    let r = play_out(&mut m, players, max_attempts);
    assert!(r.is_ok(), "{} {}: {r:?}", variant.id, spec.id());
    (m, w, b)
}

#[test]
fn a_seed_replays_the_same_game() {
    for spec in [
        ModelSpec::Fog,
        ModelSpec::parse("kriegspiel", Some("berkeley-any")).unwrap(),
    ] {
        let run = |seed: u64| {
            let (m, w, _) = game(
                &spec,
                &Variant::chess(),
                bot(BotLevel::Beginner, seed),
                Opponent::Random.build(9),
                150,
            );
            (w.tried, m.fen())
        };
        assert_eq!(run(5), run(5), "{}", spec.id());
        assert_ne!(run(5).0, run(6).0, "{}", spec.id());
    }
}

#[test]
fn every_attempt_is_allowed_and_every_model_and_variant_is_played() {
    for variant in [Variant::chess(), Variant::foolish_king()] {
        for spec in models() {
            for (seed, bot_side) in [(1u64, Color::White), (2, Color::Black)] {
                let (me, other) = (bot(BotLevel::Beginner, seed), Opponent::Random.build(seed));
                let (white, black) = if bot_side == Color::White {
                    (me, other)
                } else {
                    (other, me)
                };
                let (m, w, b) = game(&spec, &variant, white, black, 80);
                let watched = if bot_side == Color::White { &w } else { &b };
                assert!(
                    watched.faults.is_empty(),
                    "{} {}: {:?}",
                    variant.id,
                    spec.id(),
                    watched.faults
                );
                assert!(!watched.tried.is_empty() || m.outcome().is_some());
            }
        }
    }
}

/// Ten Fog of War games at the beginner level against the random mover,
/// colours alternating: it must win nearly all.
#[test]
fn the_beginner_beats_the_random_mover_in_fog_of_war() {
    let mut wins = 0;
    for seed in 0..10u64 {
        let side = if seed % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let (me, other) = (bot(BotLevel::Beginner, seed), Opponent::Random.build(seed));
        let (white, black) = if side == Color::White {
            (me, other)
        } else {
            (other, me)
        };
        let (m, _, _) = game(&ModelSpec::Fog, &Variant::chess(), white, black, 600);
        wins += usize::from(m.outcome().and_then(|o| o.winner) == Some(side));
    }
    assert!(wins >= 9, "the beginner won {wins} of 10");
}
