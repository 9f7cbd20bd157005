//! The bot: it decides from what it is told only (two true games that tell
//! it the same things get the same attempts), every attempt it makes is one
//! its observation allows, a seed replays a game exactly, it beats the
//! random mover, and it plays every variant under every model.

use fogbound_engine::player::Player;
use fogbound_engine::{AnyMatch, Attempt, ByColor, Cell, Color, ModelSpec, Variant};
use fogbound_players::play_out;

use crate::support::{models, same_view_same_attempts, Watched};
use fogbound_players::budget::{Clock, Thought};
use fogbound_players::protocol::picture_moves;
use fogbound_players::{BotLevel, BotPlayer, Level, Opponent};

fn bot(level: BotLevel, seed: u64) -> Box<dyn Player> {
    Box::new(BotPlayer::new(level, seed))
}

/// A bot that searches little: what is tested does not depend on depth.
fn quick(seed: u64) -> Box<dyn Player> {
    let level = Level {
        nodes: 2_000,
        ..BotLevel::Beginner.level()
    };
    Box::new(BotPlayer::with_level(BotLevel::Beginner, level, seed))
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
            compared += same_view_same_attempts(quick, &spec, fens, seed, 60);
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
                quick(seed),
                Opponent::Random.build(9),
                150,
            );
            (w.tried, m.fen())
        };
        assert_eq!(run(5), run(5), "{}", spec.id());
        assert_ne!(run(5).0, run(6).0, "{}", spec.id());
    }
}

/// One game for each variant and model, the bot's side alternating along
/// the models and swapped between the variants: every model sees the bot
/// on both sides, every variant on both sides.
#[test]
fn every_attempt_is_allowed_and_every_model_and_variant_is_played() {
    for (v, variant) in [Variant::chess(), Variant::foolish_king()]
        .into_iter()
        .enumerate()
    {
        for (i, spec) in models().into_iter().enumerate() {
            let (seed, bot_side) = if (v + i) % 2 == 0 {
                (1u64, Color::White)
            } else {
                (2, Color::Black)
            };
            let (me, other) = (quick(seed), Opponent::Random.build(seed));
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

/// A referee that sends only protocol v1's required fields leaves the bot
/// to work out its moves, and one that reads its unseen squares as empty
/// offers pawn pushes into the fog. Under Fog of War every square a legal
/// move lands on (or a double step passes) is seen, so such a push is
/// impossible: offered them at every turn of forty games, the bot never
/// tries one and none of its attempts is refused.
#[test]
fn under_fog_of_war_it_never_pushes_a_pawn_into_the_fog_a_bare_view_offers() {
    let mut offered = 0;
    for seed in 0..40u64 {
        let mut game = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
        let me = if seed % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut bot = quick(seed);
        let mut other = Opponent::Random.build(seed + 50);
        bot.start(&game.rules(), &game.observation(me));
        other.start(&game.rules(), &game.observation(!me));
        for _ in 0..200 {
            if game.outcome().is_some() {
                break;
            }
            let side = game.turn();
            let (mover, watcher) = if side == me {
                (&mut bot, &mut other)
            } else {
                (&mut other, &mut bot)
            };
            let seen_before = game.observation(!side);
            let mut obs = game.observation(side);
            if side == me {
                // Every move of its men with the fog taken as empty.
                obs.hints = picture_moves(&obs, "dark");
                let into_fog = |h: &fogbound_engine::Hint| obs.cell(h.to) == Cell::Fog;
                offered += obs.hints.iter().filter(|h| into_fog(h)).count();
            }
            let a = mover.attempt(&obs);
            if side == me {
                let m = a.as_move().expect("a move: Fog of War has no questions");
                assert_ne!(obs.cell(m.to), Cell::Fog, "seed {seed}: {a:?} into the fog");
            }
            let r = game.attempt(side, a).unwrap();
            assert!(
                side != me || r.resolution.passes_turn(),
                "seed {seed}: {a:?} refused at ply {}",
                obs.ply
            );
            mover.resolved(&a, &r.resolution, &r.observations[side]);
            if r.observations[!side] != seen_before {
                watcher.observe(&r.observations[!side]);
            }
        }
    }
    assert!(offered >= 40, "only {offered} pushes into the fog offered");
}

/// A clock that moves on by `step` milliseconds each time it is read.
struct Ticking {
    now: std::sync::Mutex<f64>,
    step: f64,
}

impl Clock for Ticking {
    fn now_ms(&self) -> f64 {
        let mut now = self.now.lock().unwrap();
        *now += self.step;
        *now
    }
}

/// The position after 1.e4 e5 2.Nf3 under Fog of War, Black to move.
fn fog_game() -> AnyMatch {
    let mut m = AnyMatch::new(&Variant::chess(), ModelSpec::Fog, None).unwrap();
    let g = m.geometry();
    for t in ["e2e4", "e7e5", "g1f3"] {
        let side = m.turn();
        m.attempt(side, Attempt::parse(t, g).unwrap()).unwrap();
    }
    m
}

#[test]
fn thinking_reports_its_best_attempt_and_stops_when_told() {
    let m = fog_game();
    let mut bot = BotPlayer::new(BotLevel::Club, 3);
    for told in m.transcript(Color::Black) {
        told.tell(&mut bot);
    }
    let obs = m.observation(Color::Black);
    let mut reports: Vec<Thought> = Vec::new();
    let attempt = bot.attempt_thinking(&obs, &mut |t: &Thought| {
        reports.push(t.clone());
        reports.len() < 3
    });
    assert_eq!(reports.len(), 3, "stopped at the third report");
    assert!(reports.iter().all(|t| t.best.as_move().is_some()));
    assert!(obs
        .hints
        .iter()
        .any(|h| Some((h.from, h.to)) == attempt.as_move().map(|a| (a.from, a.to))));
    let last = bot.last_thought().unwrap();
    assert!(
        last.nodes < BotLevel::Club.level().nodes / 2,
        "{}",
        last.nodes
    );
}

/// "Move now" in the page plays the last attempt reported: whenever the
/// search is stopped, the attempt played is the one the last report named
/// (with the level's noise and the mark against repeating applied, as
/// after a full search).
#[test]
fn the_attempt_reported_is_the_attempt_played_when_stopped_there() {
    let m = fog_game();
    for level in [BotLevel::Beginner, BotLevel::Club] {
        for seed in 1..=3u64 {
            for stop_at in 1..=4usize {
                let mut bot = BotPlayer::new(level, seed);
                for told in m.transcript(Color::Black) {
                    told.tell(&mut bot);
                }
                let obs = m.observation(Color::Black);
                let mut last: Option<Attempt> = None;
                let mut reports = 0;
                let played = bot.attempt_thinking(&obs, &mut |t: &Thought| {
                    last = Some(t.best);
                    reports += 1;
                    reports < stop_at
                });
                assert_eq!(
                    Some(played),
                    last,
                    "{} seed {seed}, stopped at report {stop_at}",
                    level.id()
                );
                assert_eq!(bot.last_thought().map(|t| t.best), Some(played));
            }
        }
    }
}

#[test]
fn with_a_clock_it_thinks_for_its_time() {
    let m = fog_game();
    let mut bot = BotPlayer::new(BotLevel::Club, 3);
    for told in m.transcript(Color::Black) {
        told.tell(&mut bot);
    }
    // Each read of the clock is a millisecond: the search stops after
    // about 0.92 × 50 reads, one every few thousand nodes.
    bot.set_clock(Box::new(Ticking {
        now: std::sync::Mutex::new(0.0),
        step: 1.0,
    }));
    bot.think_for(50);
    let attempt = bot.attempt(&m.observation(Color::Black));
    assert!(attempt.as_move().is_some());
    let nodes = bot.last_thought().unwrap().nodes;
    assert!((10_000..200_000).contains(&nodes), "{nodes} nodes");
}
