//! Automated players: they finish games under every model, never repeat a
//! refused try, are deterministic in their seed, and decide from what they
//! are told only — two different true games that tell a player the same
//! things get the same attempts.

use fogbound_engine::player::{play_out, GameRules, Player, PlayerKind};
use fogbound_engine::{
    AnyMatch, Attempt, ByColor, Color, KriegspielRules, ModelSpec, Observation, Resolution, Variant,
};

fn models() -> Vec<ModelSpec> {
    let mut out = vec![ModelSpec::Open, ModelSpec::Fog, ModelSpec::Dark];
    for id in KriegspielRules::PRESET_IDS {
        out.push(ModelSpec::parse("kriegspiel", Some(id)).unwrap());
    }
    out
}

/// A player that records what it tries and the refusals it hears, around
/// another player.
struct Watched {
    inner: Box<dyn Player>,
    tried: Vec<(u32, Attempt)>,
    refused_twice: usize,
    refused: Vec<(u32, Attempt)>,
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
        if self.refused.contains(&(o.ply, a)) {
            self.refused_twice += 1;
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

fn watched(kind: PlayerKind, seed: u64) -> Watched {
    Watched {
        inner: kind.build(seed),
        tried: Vec::new(),
        refused_twice: 0,
        refused: Vec::new(),
    }
}

#[test]
fn every_automated_player_plays_every_model_on_both_variants() {
    for kind in PlayerKind::ALL {
        plays_every_model_on_both_variants(kind);
    }
}

fn plays_every_model_on_both_variants(kind: PlayerKind) {
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
                    assert_eq!(p.refused_twice, 0, "a refused try repeated in a turn");
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
    for kind in PlayerKind::ALL {
        let run = |seed: u64| {
            let mut m = AnyMatch::new(&Variant::chess(), spec.clone(), None).unwrap();
            let (mut w, mut b) = (
                watched(kind, seed),
                watched(PlayerKind::Random, seed ^ 0xff),
            );
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
        for kind in PlayerKind::ALL {
            let mut compared = 0;
            for seed in 1..=6u64 {
                compared += same_view_same_attempts(kind, &spec, fens, seed);
            }
            assert!(
                compared >= 12,
                "{kind:?} {}: only {compared} attempts compared",
                spec.id()
            );
        }
    }
}

/// Plays the two games side by side with White's random player of `seed`
/// in each, while White's observations are equal; asserts equal attempts.
/// Black shuttles a knight (g8-f6-g8), which both games allow, so they
/// differ only where White cannot see. Returns how many attempts were
/// compared.
fn same_view_same_attempts(
    kind: PlayerKind,
    spec: &ModelSpec,
    fens: [&str; 2],
    seed: u64,
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
    let mut whites: Vec<Box<dyn Player>> = (0..2).map(|_| kind.build(seed)).collect();
    for i in 0..2 {
        whites[i].start(&games[i].rules(), &games[i].observation(Color::White));
    }
    let g = games[0].geometry();
    let (mut compared, mut black_moves) = (0, 0);
    for _ in 0..200 {
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

/// The one-ply baseline beats the random mover in Fog of War, where taking
/// a king it sees wins at once (100 of 100 games each way in
/// `fogbound match --model fog --white greedy --black random --games 100`).
#[test]
fn the_greedy_baseline_beats_the_random_mover_in_fog_of_war() {
    let mut wins = 0;
    for seed in 0..20u64 {
        let mut m = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
        let (mut greedy, mut random) = (
            PlayerKind::Greedy.build(seed),
            PlayerKind::Random.build(seed),
        );
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
