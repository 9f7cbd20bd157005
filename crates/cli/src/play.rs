//! `fogbound match`: games between automated players, refereed by the
//! engine, each player told only its own side's observations.

use std::collections::BTreeMap;
use std::time::Instant;

use fogbound_engine::player::{play_out, Player, PlayerKind};
use fogbound_engine::{catalogue, AnyMatch, ByColor, Color, ModelSpec};
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
    let mut reasons: BTreeMap<String, u32> = BTreeMap::new();
    let (mut plies, mut refused) = (0usize, 0usize);
    for k in 0..u64::from(args.games) {
        let mut game = AnyMatch::new(&variant, spec.clone(), None).map_err(|e| e.to_string())?;
        let seed = args.seed.wrapping_add(k);
        let mut white = args.white.build(seed.wrapping_mul(2));
        let mut black = args.black.build(seed.wrapping_mul(2).wrapping_add(1));
        let players: ByColor<&mut dyn Player> = ByColor {
            white: white.as_mut(),
            black: black.as_mut(),
        };
        let outcome = play_out(&mut game, players, args.max_attempts).map_err(|e| e.to_string())?;
        plies += game.plies().len();
        refused += game.log().len() - game.plies().len();
        match outcome {
            Some(o) => {
                match o.winner {
                    Some(c) => wins[c] += 1,
                    None => draws += 1,
                }
                *reasons.entry(o.reason.to_string()).or_default() += 1;
            }
            None => unfinished += 1,
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let games = f64::from(args.games);
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
