//! `fogbound perft`: count move-generation leaves.

use fogbound_engine::{
    perft, perft_divide, Bitboard, Bitboard128, Bitboard256, Bitboard64, Position, RuleMode,
    Variant,
};

use crate::args::Args;

const HELP: &str =
    "usage: fogbound perft [--variant <id>] [--fen '<FEN>'] [--depth N] [--rules <mode>] [--divide]

Counts the move sequences of exactly N plies (half-moves) from a position
and prints `nodes <count>`.

options:
  --variant <id>   chess (default), foolish-king, or a solver board such as
                   krk-5x5, kqk-8x8, krrk-4x4
  --fen '<FEN>'    the start position (default: the variant's start position);
                   extended FEN: ranks of up to 16 files, fairy letters A H F
  --depth N        plies to count (default 1)
  --rules <mode>   what counts as a move:
                     orthodox (default): legal moves of orthodox chess - a king
                       may not be left attacked; castling not out of, through
                       or into check; checkmate and stalemate end the tree
                     capture-king: the Fog of War move set - every move the
                       men's movement allows, including moves into or staying
                       in check, castling out of/through/into attacked squares
                       and capturing the king; a capture of the king ends the
                       game, so no move follows it
                   in both modes a position already decided by the variant's
                   rules (Foolish King: no fool, no rook or archbishop, black
                   king on rank 1) has no moves; repetition and the 50-move
                   rule are not applied
  --divide         also print each first move (coordinate notation) with the
                   number of leaves below it, one per line, before the total";

pub fn run(words: &[String]) -> Result<(), String> {
    let args = Args::parse(words, &["divide", "help", "h"])?;
    if args.flag("help") || args.flag("h") {
        println!("{HELP}");
        return Ok(());
    }
    args.only(&["variant", "fen", "depth", "rules", "divide", "help", "h"])?;
    if let Some(extra) = args.positional.first() {
        return Err(format!("unexpected argument '{extra}'\n{HELP}"));
    }
    let id = args.value("variant").unwrap_or("chess");
    let variant = Variant::by_id(id).ok_or_else(|| {
        format!("unknown variant '{id}'; use chess, foolish-king, krk-NxN, kqk-NxN or krrk-NxN")
    })?;
    let depth: u32 = args.parsed("depth")?.unwrap_or(1);
    if depth > 20 {
        return Err("--depth: at most 20".into());
    }
    let mode = match args.value("rules").unwrap_or("orthodox") {
        "orthodox" | "legal" => RuleMode::Orthodox,
        "capture-king" | "fog" => RuleMode::CaptureKing,
        other => {
            return Err(format!(
                "--rules: unknown mode '{other}'; use orthodox or capture-king"
            ))
        }
    };
    let fen = args.value("fen").unwrap_or(&variant.start_fen).to_string();
    let divide = args.flag("divide");
    let squares = variant.width as usize * variant.height as usize;
    if squares <= 64 {
        count::<Bitboard64>(&variant, &fen, depth, mode, divide)
    } else if squares <= 128 {
        count::<Bitboard128>(&variant, &fen, depth, mode, divide)
    } else {
        count::<Bitboard256>(&variant, &fen, depth, mode, divide)
    }
}

fn count<B: Bitboard>(
    variant: &Variant,
    fen: &str,
    depth: u32,
    mode: RuleMode,
    divide: bool,
) -> Result<(), String> {
    let pos = Position::<B>::from_fen(variant, fen).map_err(|e| format!("--fen: {e}"))?;
    if divide {
        let mut total = 0;
        for (m, n) in perft_divide(&pos, depth, mode) {
            println!("{} {n}", pos.to_coord(&m));
            total += n;
        }
        println!("nodes {total}");
    } else {
        println!("nodes {}", perft(&pos, depth, mode));
    }
    Ok(())
}
