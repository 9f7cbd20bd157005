//! `fogbound catalogue`: what can be played, by id — the same listing the
//! page's new-game form, game links and Rules page read.

use fogbound_engine::catalogue;
use fogbound_players::Opponent;
use serde_json::json;

/// Lists the variants, information models, Kriegspiel umpire presets (with
/// their rules in words) and automated players.
#[derive(clap::Args)]
pub struct Args {
    /// One JSON object with the four lists
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), String> {
    if args.json {
        let entries = |list: &[catalogue::Entry]| {
            list.iter()
                .map(|e| json!({ "id": e.id, "label": e.label, "rules": e.rules }))
                .collect::<Vec<_>>()
        };
        let presets: Vec<_> = catalogue::presets()
            .iter()
            .map(|p| {
                json!({
                    "id": p.id, "label": p.label, "illegal": p.illegal_text(),
                    "capture": p.capture_text(), "check": p.check_text(),
                    "pawn_tries": p.pawn_tries_text(), "other": p.other_text(),
                    "source": p.source, "readings": p.readings, "data": p.rules,
                })
            })
            .collect();
        let players: Vec<_> = Opponent::all()
            .into_iter()
            .map(|k| json!({ "id": k.id(), "label": k.label(), "about": k.about() }))
            .collect();
        let all = json!({
            "variants": entries(catalogue::variants()),
            "models": entries(catalogue::models()),
            "presets": presets,
            "players": players,
        });
        println!("{all}");
        return Ok(());
    }
    println!("variants (--variant):");
    for v in catalogue::variants() {
        println!("  {:<14} {}", v.id, v.label);
    }
    println!("models (--model):");
    for m in catalogue::models() {
        println!("  {:<14} {}", m.id, m.label);
    }
    println!("Kriegspiel umpire presets (--preset):");
    for p in catalogue::presets() {
        println!("  {:<14} {}", p.id, p.label);
        println!("      illegal tries: {}", p.illegal_text());
        println!("      captures: {}", p.capture_text());
        println!("      checks: {}", p.check_text());
        println!("      pawn tries: {}", p.pawn_tries_text());
        let other = p.other_text();
        if !other.is_empty() {
            println!("      also: {other}");
        }
    }
    println!("automated players (--white, --black):");
    for k in Opponent::all() {
        println!("  {:<14} {}: {}", k.id(), k.label(), k.about());
    }
    Ok(())
}
