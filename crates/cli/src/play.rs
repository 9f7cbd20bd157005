//! `fogbound match`: games between automated players, refereed by the
//! engine, each player told only its own side's observations.

use std::collections::BTreeMap;
use std::time::Instant;

use fogbound_engine::player::{play_out_limited, Limits, Player, PlayerKind};
use fogbound_engine::{
    catalogue, AnyMatch, Attempt, ByColor, Color, ModelSpec, Observation, Resolution,
};
use serde_json::json;

/// Plays GAMES games between two automated players under a model and
/// prints who won, how, and how long the games were.
#[derive(clap::Args)]
pub struct Args {
    /// A variant id (see `fogbound catalogue`)
    #[arg(long, default_value = "chess")]
    variant: String,
    /// An information model id (see `fogbound catalogue`)
    #[arg(long, default_value = "fog")]
    model: String,
    /// The Kriegspiel umpire preset (with --model kriegspiel)
    #[arg(long)]
    preset: Option<String>,
    /// White's automated player
    #[arg(long, default_value = "random", value_parser = player_kind)]
    white: PlayerKind,
    /// Black's automated player
    #[arg(long, default_value = "random", value_parser = player_kind)]
    black: PlayerKind,
    /// How many games
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// The first game's seed (game k uses seed + k)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Player A, against player B, colours alternating game by game (A is
    /// White in the first); instead of --white/--black
    #[arg(long, value_parser = player_kind, requires = "b", conflicts_with_all = ["white", "black"])]
    a: Option<PlayerKind>,
    /// Player B (with --a)
    #[arg(long, value_parser = player_kind, requires = "a")]
    b: Option<PlayerKind>,
    /// Plies played at random before the players take over (both are told
    /// everything of them)
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=40))]
    random_opening: u32,
    /// Plies after which a game is a draw
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Attempts (moves and refused tries) after which a game is abandoned
    #[arg(long, default_value_t = 2000)]
    max_attempts: usize,
    /// One JSON object
    #[arg(long)]
    json: bool,
}

fn player_kind(id: &str) -> Result<PlayerKind, String> {
    PlayerKind::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = PlayerKind::ALL.iter().map(|k| k.id()).collect();
        format!(
            "no automated player '{id}' (choose one of: {})",
            ids.join(", ")
        )
    })
}

/// A player whose thinking time is counted.
struct Timed {
    inner: Box<dyn Player>,
    seconds: f64,
    attempts: u64,
}

impl Player for Timed {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn start(&mut self, o: &Observation) {
        self.inner.start(o)
    }
    fn observe(&mut self, o: &Observation) {
        self.inner.observe(o)
    }
    fn attempt(&mut self, o: &Observation) -> Attempt {
        let start = Instant::now();
        let a = self.inner.attempt(o);
        self.seconds += start.elapsed().as_secs_f64();
        self.attempts += 1;
        a
    }
    fn resolved(&mut self, a: &Attempt, r: &Resolution, o: &Observation) {
        self.inner.resolved(a, r, o)
    }
}

/// The 95% Wilson interval of a score `x` out of `n`.
fn wilson(x: f64, n: f64) -> (f64, f64) {
    let z = 1.96_f64;
    let p = x / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

pub fn run(args: Args) -> Result<(), String> {
    let variant = catalogue::variant(&args.variant).ok_or_else(|| {
        let ids: Vec<&str> = catalogue::variants().iter().map(|v| v.id).collect();
        format!(
            "--variant: unknown '{}' (choose one of: {})",
            args.variant,
            ids.join(", ")
        )
    })?;
    let spec = ModelSpec::parse(&args.model, args.preset.as_deref())
        .map_err(|e| format!("--model/--preset: {e}"))?;
    let start = Instant::now();
    let (mut wins, mut draws, mut unfinished) = (ByColor::<u32>::default(), 0u32, 0u32);
    let mut wins_a = 0u32;
    let mut reasons: BTreeMap<String, u32> = BTreeMap::new();
    let (mut plies, mut refused) = (0usize, 0usize);
    // Thinking time and attempts of A and B (or White and Black).
    let mut thought = [(0.0f64, 0u64); 2];
    let limits = Limits {
        max_attempts: args.max_attempts,
        max_plies: args.max_plies,
        opening_plies: args.random_opening as usize,
        opening_seed: 0,
    };
    for k in 0..u64::from(args.games) {
        let mut game = AnyMatch::new(&variant, spec.clone(), None).map_err(|e| e.to_string())?;
        let seed = args.seed.wrapping_add(k);
        // Which seat is A's: White in even games.
        let a_side = if k % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let kinds = match (args.a, args.b) {
            (Some(a), Some(b)) if a_side == Color::White => ByColor { white: a, black: b },
            (Some(a), Some(b)) => ByColor { white: b, black: a },
            _ => ByColor {
                white: args.white,
                black: args.black,
            },
        };
        let timed = |kind: PlayerKind, seed: u64| Timed {
            inner: kind.build(seed),
            seconds: 0.0,
            attempts: 0,
        };
        let mut white = timed(kinds.white, seed.wrapping_mul(2));
        let mut black = timed(kinds.black, seed.wrapping_mul(2).wrapping_add(1));
        let limits = Limits {
            opening_seed: seed ^ 0x6f70_656e,
            ..limits
        };
        let players: ByColor<&mut dyn Player> = ByColor {
            white: &mut white,
            black: &mut black,
        };
        let outcome = play_out_limited(&mut game, players, &limits).map_err(|e| e.to_string())?;
        // Seat 0 is A (or White).
        let seat_of = |c: Color| {
            usize::from(args.a.is_some() && c != a_side || args.a.is_none() && c == Color::Black)
        };
        for (c, p) in [(Color::White, &white), (Color::Black, &black)] {
            thought[seat_of(c)].0 += p.seconds;
            thought[seat_of(c)].1 += p.attempts;
        }
        plies += game.plies().len();
        refused += game.log().len() - game.plies().len();
        match outcome {
            Some(o) => {
                match o.winner {
                    Some(c) => {
                        wins[c] += 1;
                        wins_a += u32::from(c == a_side);
                    }
                    None => draws += 1,
                }
                *reasons.entry(o.reason.to_string()).or_default() += 1;
            }
            None if game.plies().len() >= args.max_plies => {
                draws += 1;
                *reasons
                    .entry(format!("{} plies played", args.max_plies))
                    .or_default() += 1;
            }
            None => unfinished += 1,
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let games = f64::from(args.games);
    let ms = |seat: usize| 1000.0 * thought[seat].0 / (thought[seat].1.max(1) as f64);
    if let (Some(a), Some(b)) = (args.a, args.b) {
        let wins_b = wins[Color::White] + wins[Color::Black] - wins_a;
        let score = f64::from(wins_a) + f64::from(draws) / 2.0;
        let (lo, hi) = wilson(score, games);
        if args.json {
            let out = json!({
                "variant": variant.id, "model": spec.id(), "preset": spec.preset_id(),
                "a": a.id(), "b": b.id(), "games": args.games, "seed": args.seed,
                "random_opening": args.random_opening, "max_plies": args.max_plies,
                "wins_a": wins_a, "wins_b": wins_b, "draws": draws, "unfinished": unfinished,
                "score_a": score / games, "score_a_95": [lo, hi], "reasons": reasons,
                "mean_ms_a": ms(0), "mean_ms_b": ms(1),
                "mean_plies": plies as f64 / games, "refused_tries": refused, "seconds": seconds,
            });
            println!("{out}");
        } else {
            println!(
                "{} games of {} under {}: {} (A) against {} (B), colours alternating",
                args.games,
                catalogue::variant_label(variant.id.as_str()),
                catalogue::model_label(&spec),
                a.label(),
                b.label()
            );
            println!("A wins {wins_a}, B wins {wins_b}, draws {draws}, unfinished {unfinished}");
            println!(
                "A's score {:.3} (95% interval {lo:.3}–{hi:.3}); thinking {:.3} ms (A) and {:.3} ms (B) per attempt",
                score / games,
                ms(0),
                ms(1)
            );
            for (reason, n) in &reasons {
                println!("  {reason}: {n}");
            }
        }
        return Ok(());
    }
    if args.json {
        let out = json!({
            "variant": variant.id, "model": spec.id(), "preset": spec.preset_id(),
            "white": args.white.id(), "black": args.black.id(), "games": args.games,
            "seed": args.seed, "white_wins": wins[Color::White], "black_wins": wins[Color::Black],
            "draws": draws, "unfinished": unfinished, "reasons": reasons,
            "mean_plies": plies as f64 / games, "refused_tries": refused, "seconds": seconds,
        });
        println!("{out}");
        return Ok(());
    }
    println!(
        "{} games of {} under {}: {} (White) against {} (Black)",
        args.games,
        catalogue::variant_label(variant.id.as_str()),
        catalogue::model_label(&spec),
        args.white.label(),
        args.black.label()
    );
    println!(
        "White wins {}, Black wins {}, draws {draws}, unfinished {unfinished}",
        wins[Color::White],
        wins[Color::Black]
    );
    for (reason, n) in &reasons {
        println!("  {reason}: {n}");
    }
    println!(
        "mean length {:.1} plies; {refused} refused tries; {seconds:.2} s",
        plies as f64 / games
    );
    Ok(())
}
