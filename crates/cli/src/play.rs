//! `fogbound match`: games between automated players, refereed by the
//! engine, each player told only its own side's observations. A player is
//! named by a spec: an id of the catalogue (`random`, `greedy`,
//! `bot[:level]`, see [`Opponent`]) or `ext:<command line>`, a program that
//! speaks protocol v1 ([`crate::ext`]). A side whose attempt is not an
//! attempt at all (a misbehaving program) loses the game.

use std::collections::BTreeMap;
use std::time::Instant;

use fogbound_engine::player::{GameRules, Player};
use fogbound_engine::{
    catalogue, AnyMatch, Attempt, ByColor, Color, ModelSpec, Observation, Resolution,
};
use fogbound_players::{play_out_limited, Limits, PlayOutError};
use fogbound_players::{BotPlayer, Opponent};

use crate::ext::{ExtPlayer, GameInfo};
use crate::wall_clock::WallClock;
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
    #[arg(long, default_value = "random", value_parser = player_spec)]
    white: Spec,
    /// Black's automated player
    #[arg(long, default_value = "random", value_parser = player_spec)]
    black: Spec,
    /// How many games
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// The first game's seed (game k uses seed + k)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Player A, against player B, colours alternating game by game (A is
    /// White in the first); instead of --white/--black
    #[arg(long, value_parser = player_spec, requires = "b", conflicts_with_all = ["white", "black"])]
    a: Option<Spec>,
    /// Player B (with --a)
    #[arg(long, value_parser = player_spec, requires = "a")]
    b: Option<Spec>,
    /// Thinking budget per attempt in milliseconds: sent to external
    /// programs with every `go`; the bot thinks that long by the clock
    /// (without it, for its level's node budget: games replay exactly)
    #[arg(long)]
    ms: Option<u64>,
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
    /// Also write every game to this file as PGN (the true moves, the
    /// umpire's words as comments, the seed and the players in the tags)
    #[arg(long)]
    pgn: Option<std::path::PathBuf>,
    /// Send external programs only protocol v1's required fields, as a
    /// minimal referee would (no `turn`, `moves`, `tries`, `may`,
    /// `captured`, `passed`, `seed`)
    #[arg(long)]
    required_only: bool,
}

/// A player as the command line names it.
#[derive(Clone, Debug)]
pub enum Spec {
    /// One of the catalogue's automated players.
    Catalogue(Opponent),
    /// A program speaking protocol v1, run by `sh -c`.
    Ext(String),
}

impl Spec {
    fn id(&self) -> String {
        match self {
            Spec::Catalogue(o) => o.id(),
            Spec::Ext(cmd) => format!("ext:{cmd}"),
        }
    }

    fn label(&self) -> String {
        match self {
            Spec::Catalogue(o) => o.label(),
            Spec::Ext(cmd) => format!("'{cmd}'"),
        }
    }

    /// A fresh seat for one game.
    fn seat(&self, seed: u64, info: &GameInfo, ms: Option<u64>) -> Seat {
        match self {
            Spec::Catalogue(Opponent::Bot(level)) => {
                let mut bot = BotPlayer::new(*level, seed);
                if let Some(ms) = ms {
                    bot.set_clock(Box::new(WallClock::new()));
                    bot.think_for(ms);
                }
                Seat::Plain(Box::new(bot))
            }
            Spec::Catalogue(o) => Seat::Plain(o.build(seed)),
            Spec::Ext(cmd) => Seat::Ext(Box::new(ExtPlayer::new(
                cmd,
                GameInfo {
                    seed,
                    ..info.clone()
                },
            ))),
        }
    }
}

fn player_spec(id: &str) -> Result<Spec, String> {
    if let Some(cmd) = id.strip_prefix("ext:") {
        if cmd.trim().is_empty() {
            return Err("ext: needs a command line (ext:<command>)".into());
        }
        return Ok(Spec::Ext(cmd.to_string()));
    }
    Opponent::from_id(id).map(Spec::Catalogue).ok_or_else(|| {
        let ids: Vec<String> = Opponent::all().iter().map(|k| k.id()).collect();
        format!(
            "no automated player '{id}' (choose one of: {}, bot, or ext:<command line>)",
            ids.join(", ")
        )
    })
}

/// A seat: one of ours, or an external program.
enum Seat {
    Plain(Box<dyn Player>),
    Ext(Box<ExtPlayer>),
}

impl Seat {
    fn player(&mut self) -> &mut dyn Player {
        match self {
            Seat::Plain(p) => p.as_mut(),
            Seat::Ext(p) => p.as_mut(),
        }
    }

    fn fault(&self) -> Option<String> {
        match self {
            Seat::Plain(_) => None,
            Seat::Ext(p) => p.fault().map(str::to_string),
        }
    }

    fn finish(&mut self, result: &str, reason: &str) {
        if let Seat::Ext(p) = self {
            p.finish(result, reason);
        }
    }
}

/// A player whose thinking time is counted.
struct Timed {
    inner: Seat,
    seconds: f64,
    attempts: u64,
}

impl Player for Timed {
    fn name(&self) -> String {
        match &self.inner {
            Seat::Plain(p) => p.name(),
            Seat::Ext(p) => p.name(),
        }
    }
    fn start(&mut self, r: &GameRules, o: &Observation) {
        self.inner.player().start(r, o)
    }
    fn observe(&mut self, o: &Observation) {
        self.inner.player().observe(o)
    }
    fn attempt(&mut self, o: &Observation) -> Attempt {
        let start = Instant::now();
        let a = self.inner.player().attempt(o);
        self.seconds += start.elapsed().as_secs_f64();
        self.attempts += 1;
        a
    }
    fn resolved(&mut self, a: &Attempt, r: &Resolution, o: &Observation) {
        self.inner.player().resolved(a, r, o)
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

/// One game of the match as PGN, its players and seed in the tags; a game
/// stopped by the ply or attempt limit keeps the result `*` and says why.
fn write_pgn(
    out: &mut impl std::io::Write,
    game: &AnyMatch,
    round: u64,
    seed: u64,
    players: [&Spec; 2],
    reason: &str,
) -> std::io::Result<()> {
    let round = round.to_string();
    let seed = seed.to_string();
    let (white, black) = (players[0].id(), players[1].id());
    let mut tags = vec![
        ("Event", "fogbound match"),
        ("Round", round.as_str()),
        ("White", white.as_str()),
        ("Black", black.as_str()),
        ("FogboundSeed", seed.as_str()),
    ];
    if game.outcome().is_none() {
        tags.push(("FogboundStopped", reason));
    }
    writeln!(out, "{}", game.to_pgn(&tags))
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
    let specs = [&args.white, &args.black]
        .into_iter()
        .chain(&args.a)
        .chain(&args.b);
    if specs.into_iter().any(|s| matches!(s, Spec::Ext(_))) {
        crate::ext::survive_closed_pipes();
    }
    let mut pgn_out = match &args.pgn {
        Some(path) => Some(
            std::fs::File::create(path)
                .map(std::io::BufWriter::new)
                .map_err(|e| format!("--pgn {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let start = Instant::now();
    let (mut wins, mut draws, mut unfinished) = (ByColor::<u32>::default(), 0u32, 0u32);
    let mut wins_a = 0u32;
    let mut reasons: BTreeMap<String, u32> = BTreeMap::new();
    let (mut plies, mut refused) = (0usize, 0usize);
    // Thinking time and attempts of A and B (or White and Black).
    let mut thought = [(0.0f64, 0u64); 2];
    // Move attempts and refused ones of A and B (or White and Black).
    let mut tries = [(0u64, 0u64); 2];
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
        let kinds = match (&args.a, &args.b) {
            (Some(a), Some(b)) if a_side == Color::White => ByColor {
                white: a.clone(),
                black: b.clone(),
            },
            (Some(a), Some(b)) => ByColor {
                white: b.clone(),
                black: a.clone(),
            },
            _ => ByColor {
                white: args.white.clone(),
                black: args.black.clone(),
            },
        };
        let info = GameInfo {
            model: spec.id().to_string(),
            preset: spec.preset_id().map(str::to_string),
            seed,
            ms: args.ms.unwrap_or(1000),
            required_only: args.required_only,
        };
        let timed = |kind: &Spec, seed: u64| Timed {
            inner: kind.seat(seed, &info, args.ms),
            seconds: 0.0,
            attempts: 0,
        };
        let mut white = timed(&kinds.white, seed.wrapping_mul(2));
        let mut black = timed(&kinds.black, seed.wrapping_mul(2).wrapping_add(1));
        let limits = Limits {
            opening_seed: seed ^ 0x6f70_656e,
            ..limits
        };
        let players: ByColor<&mut dyn Player> = ByColor {
            white: &mut white,
            black: &mut black,
        };
        // A side whose attempt the referee rejects outright (an external
        // program's fault, or a bug) loses the game, with the reason.
        let outcome = match play_out_limited(&mut game, players, &limits) {
            Ok(o) => o.map(|o| (o.winner, o.reason_text(&variant))),
            Err(PlayOutError::Rejected { by, message }) => {
                let fault = match by {
                    Color::White => white.inner.fault(),
                    Color::Black => black.inner.fault(),
                };
                let why = fault.unwrap_or(message);
                let reason = format!("{by} forfeits: {why}");
                if !args.json {
                    eprintln!("game {}: {reason}", k + 1);
                }
                Some((Some(!by), reason))
            }
        };
        let (result, reason) = match &outcome {
            Some((Some(Color::White), r)) => ("1-0", r.clone()),
            Some((Some(Color::Black), r)) => ("0-1", r.clone()),
            Some((None, r)) => ("1/2-1/2", r.clone()),
            None => ("1/2-1/2", "limit reached".to_string()),
        };
        white.inner.finish(result, &reason);
        black.inner.finish(result, &reason);
        if let Some(out) = pgn_out.as_mut() {
            write_pgn(
                out,
                &game,
                k + 1,
                seed,
                [&kinds.white, &kinds.black],
                &reason,
            )
            .map_err(|e| format!("--pgn: {e}"))?;
        }
        // Seat 0 is A (or White).
        let seat_of = |c: Color| {
            usize::from(args.a.is_some() && c != a_side || args.a.is_none() && c == Color::Black)
        };
        for (c, p) in [(Color::White, &white), (Color::Black, &black)] {
            thought[seat_of(c)].0 += p.seconds;
            thought[seat_of(c)].1 += p.attempts;
        }
        for e in game.log() {
            if e.attempt.as_move().is_some() {
                let seat = seat_of(e.player);
                tries[seat].0 += 1;
                tries[seat].1 += u64::from(!e.resolution.passes_turn());
            }
        }
        plies += game.plies().len();
        refused += game.log().len() - game.plies().len();
        match outcome {
            Some((winner, reason)) => {
                match winner {
                    Some(c) => {
                        wins[c] += 1;
                        wins_a += u32::from(c == a_side);
                    }
                    None => draws += 1,
                }
                *reasons.entry(reason).or_default() += 1;
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
    let share = |seat: usize| tries[seat].1 as f64 / (tries[seat].0.max(1) as f64);
    let ms = |seat: usize| 1000.0 * thought[seat].0 / (thought[seat].1.max(1) as f64);
    if let (Some(a), Some(b)) = (&args.a, &args.b) {
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
                "move_tries_a": tries[0].0, "refused_a": tries[0].1, "refused_share_a": share(0),
                "move_tries_b": tries[1].0, "refused_b": tries[1].1, "refused_share_b": share(1),
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
            println!(
                "refused move tries: {:.1}% (A), {:.1}% (B)",
                100.0 * share(0),
                100.0 * share(1)
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
