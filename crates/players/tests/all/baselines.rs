//! Automated players: they finish games under every model, never repeat a
//! refused try, are deterministic in their seed, and decide from what they
//! are told only — two different true games that tell a player the same
//! things get the same attempts.

use fogbound_engine::player::Player;
use fogbound_engine::{AnyMatch, ByColor, Color, ModelSpec, Variant};
use fogbound_players::{play_out, Opponent};

use crate::support::{models, same_view_same_attempts, Watched};

fn watched(kind: Opponent, seed: u64) -> Watched {
    Watched::new(kind.build(seed))
}

#[test]
fn every_automated_player_plays_every_model_on_both_variants() {
    for kind in [Opponent::Random, Opponent::Greedy] {
        plays_every_model_on_both_variants(kind);
    }
}

fn plays_every_model_on_both_variants(kind: Opponent) {
    let mut refusals = 0;
    for variant in [Variant::chess(), Variant::foolish_king()] {
        for spec in models() {
            for seed in 1..=3u64 {
                let mut m = AnyMatch::new(&variant, spec.clone(), None).unwrap();
                let (mut white, mut black) = (watched(kind, seed), watched(kind, seed + 100));
                let players: ByColor<&mut dyn Player> = ByColor {
                    white: &mut white,
                    black: &mut black,
                };
                let result = play_out(&mut m, players, 600);
                assert!(
                    result.is_ok(),
                    "{kind:?} {} {}: {result:?}",
                    variant.id,
                    spec.id()
                );
                assert!(m.plies().len() > 10 || m.outcome().is_some());
                for p in [&white, &black] {
                    assert!(p.faults.is_empty(), "{kind:?}: {:?}", p.faults);
                    refusals += p.refused.len();
                }
            }
        }
    }
    assert!(
        refusals > 0,
        "{kind:?}: Kriegspiel players should meet refusals"
    );
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let spec = ModelSpec::parse("kriegspiel", Some("berkeley-any")).unwrap();
    for kind in [Opponent::Random, Opponent::Greedy] {
        let run = |seed: u64| {
            let mut m = AnyMatch::new(&Variant::chess(), spec.clone(), None).unwrap();
            let (mut w, mut b) = (watched(kind, seed), watched(Opponent::Random, seed ^ 0xff));
            play_out(
                &mut m,
                ByColor {
                    white: &mut w,
                    black: &mut b,
                },
                300,
            )
            .unwrap();
            (w.tried, b.tried)
        };
        assert_eq!(run(5), run(5), "{kind:?}");
        assert_ne!(run(5), run(6), "{kind:?}");
    }
}

/// Two true games that differ only in where hidden black men stand tell
/// White the same things, so White's player, with the same seed, makes the
/// same attempts in both for as long as what it is told stays the same. It
/// cannot do otherwise: a `Player` is handed observations and its own
/// attempts' resolutions, never a match or a position.
#[test]
fn a_player_cannot_tell_apart_games_that_look_the_same_to_it() {
    let fens = [
        // Black's h-pawn differs: h7 against h6, out of White's early sight.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppppppp1/7p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    for spec in [
        ModelSpec::parse("kriegspiel", Some("english")).unwrap(),
        ModelSpec::Fog,
    ] {
        for kind in [Opponent::Random, Opponent::Greedy] {
            let mut compared = 0;
            for seed in 1..=6u64 {
                compared += same_view_same_attempts(|s| kind.build(s), &spec, fens, seed, 200);
            }
            assert!(
                compared >= 12,
                "{kind:?} {}: only {compared} attempts compared",
                spec.id()
            );
        }
    }
}

/// The one-ply baseline beats the random mover in Fog of War, where taking
/// a king it sees wins at once (100 of 100 games each way in
/// `fogbound match --model fog --white greedy --black random --games 100`).
#[test]
fn the_greedy_baseline_beats_the_random_mover_in_fog_of_war() {
    let mut wins = 0;
    for seed in 0..20u64 {
        let mut m = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
        let (mut greedy, mut random) = (Opponent::Greedy.build(seed), Opponent::Random.build(seed));
        let greedy_side = if seed % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let players: ByColor<&mut dyn Player> = if greedy_side == Color::White {
            ByColor {
                white: greedy.as_mut(),
                black: random.as_mut(),
            }
        } else {
            ByColor {
                white: random.as_mut(),
                black: greedy.as_mut(),
            }
        };
        let outcome = play_out(&mut m, players, 2000).unwrap();
        wins += usize::from(outcome.and_then(|o| o.winner) == Some(greedy_side));
    }
    assert!(wins >= 18, "greedy won {wins} of 20");
}
