//! Fog of War endgames against a lone king, solved exactly (the paper
//! Gehnen & Stannat, "Fog of War Chess": K+Q wins, K+R does not always,
//! K+R+R does), and the same question for K+B+B, K+B+N, K+B and K+N.
//!
//! White moves first and knows the black king's square; Black knows
//! everything. White's knowledge is a belief state: its men and the set S
//! of squares where the black king may be. While the king is unseen, what
//! White sees depends on White's men alone, so the game is one White
//! choice after another against Black's choice of what White will face
//! next. See `READINGS.md` beside this file for every reading and the
//! figures.
//!
//! Files: `board` (the n×n board in a u64, king steps, symmetries), `men`
//! (materials, attacks, the per-placement table), `game` (one move: safety
//! and the next belief sets, both readings), `states` (compact keys, dense
//! ids), `search` (closure and backward pass), `rounds` (the same values by
//! rounds over families of won sets, no belief state stored), `results`
//! (starts, summary, histogram, optimal lines, Black's answers),
//! `table_file` and `line_file` (the lab page's files), `paper_kq`
//! (the paper's own K+Q strategy played against the worst-case king and
//! set beside the optimum).

pub mod board;
pub mod game;
pub mod line_file;
pub mod men;
pub mod paper_kq;
pub mod results;
pub mod rounds;
pub mod search;
pub mod states;
pub mod table_file;

pub use board::Board;
pub use game::{Game, Reading};
pub use men::{Man, Material, Placement, Placements};
pub use results::{EndgameSummary, Explain, Line, LineStep, Refutation, RoundsSolution, Solution};
pub use search::{pass, Stop};

use crate::progress::{Cancelled, Progress};
use table_file::Kind;

/// Checks a board size before solving.
pub fn check_size(n: usize) -> Result<Board, String> {
    Board::new(n)
}

/// Solves one material on the n×n board (4 ≤ n ≤ 8) from every start.
pub fn solve(
    n: usize,
    material: Material,
    reading: Reading,
    progress: &mut dyn Progress,
) -> Result<Solution, Stop> {
    solve_with(n, material, reading, &[], progress)
}

/// The summary alone, by the rounds search (no belief state stored: the
/// families of won sets by their maximal sets), for materials whose
/// closure is too large (8×8 K+R+R). The same figures as [`solve`]; no
/// lines or answers.
pub fn summary_by_rounds(
    n: usize,
    material: Material,
    reading: Reading,
    progress: &mut dyn Progress,
) -> Result<EndgameSummary, Stop> {
    summary_by_rounds_on(n, material, reading, rounds::default_threads(), progress)
}

/// As [`summary_by_rounds`], on up to `threads` threads (natively; one on
/// wasm32).
pub fn summary_by_rounds_on(
    n: usize,
    material: Material,
    reading: Reading,
    threads: usize,
    progress: &mut dyn Progress,
) -> Result<EndgameSummary, Stop> {
    let board = Board::new(n).map_err(|_| Stop::TooLarge)?;
    let table = Placements::new(board, material);
    let values = rounds::solve(&table, reading, 255, threads.max(1), false, progress)?;
    let starts = results::starts(&table);
    Ok(results::summarise(
        &table,
        reading,
        &starts,
        values.max_sets,
        values.peak_bytes,
        |code, sq| values.value(&table, code, sq),
    ))
}

/// The rounds search with every round's won sets kept, so any belief
/// state can be valued: lines and Black's answers ([`Explain`]) without the
/// closure's memory (8×8 K+R+R: a few hundred MB more than the summary).
pub fn solve_by_rounds(
    n: usize,
    material: Material,
    reading: Reading,
    threads: usize,
    progress: &mut dyn Progress,
) -> Result<RoundsSolution, Stop> {
    let board = Board::new(n).map_err(|_| Stop::TooLarge)?;
    let table = Placements::new(board, material);
    let values = rounds::solve(&table, reading, 255, threads.max(1), true, progress)?;
    Ok(RoundsSolution::new(table, reading, values))
}

/// As [`solve`], also solving the given belief states (men, set S; each S
/// is first cut to the squares White does not see), e.g. the paper's lemma
/// positions.
pub fn solve_with(
    n: usize,
    material: Material,
    reading: Reading,
    extra: &[(Placement, u64)],
    progress: &mut dyn Progress,
) -> Result<Solution, Stop> {
    let board = Board::new(n).map_err(|_| Stop::TooLarge)?;
    let table = Placements::new(board, material);
    let game = Game {
        table: &table,
        reading,
    };
    let starts = results::starts(&table);
    let mut seeds: Vec<(u32, u64)> = starts
        .iter()
        .map(|&(code, sq)| game.canonical(code, 1 << sq))
        .collect();
    for (p, set) in extra {
        if table.valid(p) {
            let code = table.code(p);
            let set = set & !table.get(code).seen & !table.get(code).occupied & board.mask();
            if set != 0 {
                seeds.push(game.canonical(code, set));
            }
        }
    }
    let solved = search::solve(&game, seeds, progress)?;
    Ok(Solution::new(table, reading, starts, solved))
}

/// The lab page's files of a material (the lines' chunks in order),
/// solved by rounds: its starts, and when asked
/// (`lines`: every round's sets are kept) its lines and, if some start is
/// not won, its sets.
pub fn write_tables(
    n: usize,
    material: Material,
    reading: Reading,
    lines: bool,
    threads: usize,
    progress: &mut dyn Progress,
) -> Result<Vec<(Kind, Vec<u8>)>, Cancelled> {
    let board = Board::new(n).map_err(|_| Cancelled)?;
    let table = Placements::new(board, material);
    let values = rounds::solve(&table, reading, 255, threads.max(1), lines, progress)?;
    if !lines {
        let starts = table_file::encode(&table, reading, &values, Kind::Starts);
        return Ok(vec![(Kind::Starts, starts)]);
    }
    let solution = RoundsSolution::new(table, reading, values);
    progress.report("lines", 0, 1)?;
    Ok(files_of(&solution, threads))
}

/// The files [`write_tables`] writes with lines, from a material already
/// solved by [`solve_by_rounds`]: its starts, its lines' chunks in order
/// and, if some start is not won, its sets. One solve can so be both
/// written and checked.
pub fn files_of(solution: &RoundsSolution, threads: usize) -> Vec<(Kind, Vec<u8>)> {
    let (table, reading, values) = (&solution.table, solution.reading, solution.values());
    let mut files = vec![(
        Kind::Starts,
        table_file::encode(table, reading, values, Kind::Starts),
    )];
    for chunk in line_file::encode_lines(solution, values.rounds, threads) {
        files.push((Kind::Lines, chunk));
    }
    if solution.summary().lost > 0 {
        files.push((
            Kind::Sets,
            table_file::encode(table, reading, values, Kind::Sets),
        ));
    }
    files
}
