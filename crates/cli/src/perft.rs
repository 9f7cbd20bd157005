//! `fogbound perft`: count move-generation leaves.

use fogbound_engine::{
    perft, perft_divide, Bitboard, Bitboard128, Bitboard256, Bitboard64, Position, RuleMode,
    Variant,
};

/// Counts the move sequences of exactly N plies (half-moves) from a
/// position and prints `nodes <count>`.
#[derive(clap::Args)]
pub struct Args {
    /// chess, foolish-king, or a solver board such as krk-5x5, kqk-8x8,
    /// krrk-4x4
    #[arg(long, default_value = "chess", value_name = "ID")]
    variant: String,
    /// The start position (default: the variant's); extended FEN: ranks of
    /// up to 16 files, fairy letters A H F
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Plies to count
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(0..=20))]
    depth: u32,
    /// What counts as a move. orthodox: legal moves of orthodox chess (a
    /// king may not be left attacked; castling not out of, through or into
    /// check; checkmate and stalemate end the tree). capture-king: the Fog
    /// of War move set (moves into or staying in check, castling through
    /// attacked squares, capturing the king, which ends the game). In both,
    /// a position the variant's rules already decided has no moves;
    /// repetition and the 50-move rule are not applied.
    #[arg(long, value_enum, default_value = "orthodox", value_name = "MODE")]
    rules: Rules,
    /// Also print each first move (coordinates) with the number of leaves
    /// below it, one a line, before the total
    #[arg(long)]
    divide: bool,
}

/// The move set perft counts.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Rules {
    #[value(alias = "legal")]
    Orthodox,
    #[value(alias = "fog")]
    CaptureKing,
}

pub fn run(args: Args) -> Result<(), String> {
    let id = args.variant.as_str();
    let variant = Variant::by_id(id).ok_or_else(|| {
        format!("unknown variant '{id}'; use chess, foolish-king, krk-NxN, kqk-NxN or krrk-NxN")
    })?;
    let depth = args.depth;
    let mode = match args.rules {
        Rules::Orthodox => RuleMode::Orthodox,
        Rules::CaptureKing => RuleMode::CaptureKing,
    };
    let fen = args.fen.unwrap_or_else(|| variant.start_fen.clone());
    let divide = args.divide;
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
