//! `fogbound umpire`: one Kriegspiel game with our umpire on stdin and
//! stdout, for tools that hold another umpire against ours
//! (`tools/umpire-diff.py`).
//!
//! The first line out is what each side hears before any attempt. Then each
//! line in is an attempt by the side to move (`e2e4`, `e7e8q`, `any?`,
//! `rebuffs?`), and each line out a JSON object: the attempt, who made it,
//! its resolution, the words each side heard from it, whether the side to
//! move now owes a pawn capture ("Any?" answered yes), and the outcome once
//! the game is over. A line that is no attempt gets `{"error": …}` and the
//! game goes on.

use std::io::{BufRead, Write};

use fogbound_engine::{AnyMatch, Color, ModelSpec, Resolution, Variant};
use serde_json::{json, Value};

/// Plays one Kriegspiel game under a preset, an attempt a line.
#[derive(clap::Args)]
pub struct Args {
    /// The umpire preset (`fogbound catalogue` lists them)
    #[arg(long, value_name = "ID")]
    preset: String,
    /// The start position (default: the usual one)
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
}

pub fn run(args: Args) -> Result<(), String> {
    let spec = ModelSpec::parse("kriegspiel", Some(&args.preset)).map_err(|e| e.to_string())?;
    let mut m =
        AnyMatch::new(&Variant::chess(), spec, args.fen.as_deref()).map_err(|e| e.to_string())?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut say = |v: Value| -> Result<(), String> {
        writeln!(out, "{v}")
            .and_then(|()| out.flush())
            .map_err(|e| e.to_string())
    };
    say(json!({
        "start": true,
        "white": heard(&m, 0, Color::White),
        "black": heard(&m, 0, Color::Black),
        "outcome": outcome(&m),
    }))?;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let by = m.turn();
        let from = m.announcements().len();
        match m.attempt_text(by, text) {
            Ok(r) => say(json!({
                "attempt": text,
                "by": side(by),
                "resolution": resolution(&r.resolution),
                "white": heard(&m, from, Color::White),
                "black": heard(&m, from, Color::Black),
                "duty": r.observations[m.turn()].actions.must_try_pawn_capture,
                "outcome": outcome(&m),
            }))?,
            Err(e) => say(json!({ "attempt": text, "error": e.to_string() }))?,
        }
    }
    Ok(())
}

/// The words `c` heard from announcement `from` on.
fn heard(m: &AnyMatch, from: usize, c: Color) -> Vec<String> {
    let g = m.geometry();
    m.announcements()[from..]
        .iter()
        .filter(|a| a.audience.includes(c))
        .map(|a| a.message.text(g))
        .collect()
}

fn outcome(m: &AnyMatch) -> Value {
    m.outcome().map_or(Value::Null, |o| json!(o.to_string()))
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn resolution(r: &Resolution) -> String {
    match r {
        Resolution::Played => "played".into(),
        Resolution::Illegal => "illegal".into(),
        Resolution::Impossible => "nonsense".into(),
        Resolution::MustTryPawnCapture => "must-try".into(),
        Resolution::AnyAnswer { yes } => if *yes { "yes" } else { "no" }.into(),
        Resolution::RebuffCount { count } => format!("rebuffs {count}"),
        other => format!("{other:?}"),
    }
}
