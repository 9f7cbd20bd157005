//! Every won start's optimal line, compact: the lab's `-lines.fogt` file.
//! A line from a start is what the page shows most, and the won sets that
//! value every belief state are tens of megabytes for K+R+R; the lines
//! themselves are a few bytes a start.
//!
//! Lines are kept for the starts of canonical placements only (one of each
//! eight symmetric starts), as [`Explain::line`] plays them there. A start
//! in another frame gets that line mapped back: the same moves turned with
//! the board, so a start and its mirror image have mirrored lines (played
//! in the start's own frame, the solver's tie-break among equally fast
//! moves can pick another optimal move). Each step is White's move, as its
//! index among the safe moves from the state (one byte), then, when the
//! move leaves Black more than one belief set to choose, the index of the
//! one Black picks (one byte). The values come from the starts file, so
//! a line's length is known before it is read.
//!
//! A large material's lines are cut into [`chunks`] files by canonical
//! placement (`code % chunks`), so the first line on a slow link waits
//! for one of them (8×8 K+R+R: 1.09 MB in all, about 140 KB a file).

use super::board::bits;
use super::game::Game;
use super::men::{Placement, Placements};
use super::results::RoundsSolution;
use super::results::{capture_step, line_step, start_text, Explain, Line};
use super::table_file::{self, Kind, StartValues, TableFileError};
pub use super::table_file::{chunk_of, chunks, OptimalLines};

/// The squares of a placement where the black king can start.
fn free(table: &Placements, code: u32) -> u64 {
    let info = table.get(code);
    table.board.mask() & !info.seen & !info.occupied
}

/// White's safe moves from (`code`, `set`), in the table's order.
fn safe_moves(table: &Placements, code: u32, set: u64) -> impl Iterator<Item = u32> + '_ {
    table
        .moves_of(code)
        .iter()
        .copied()
        .filter(move |&to| Game::safe(table.get(to), set))
}

/// The belief sets Black may leave White with after the move to `to`.
fn branches(game: &Game, to: u32, set: u64) -> Vec<u64> {
    let mut out = Vec::new();
    game.branches(game.table.get(to), set, |b| out.push(b));
    out
}

/// The steps of every won start of the canonical placement `canon`, as
/// the file holds them (the capture is not written).
pub(crate) fn encode_placement(solution: &dyn Explain, canon: u32) -> Vec<u8> {
    let table = solution.table();
    let game = Game {
        table,
        reading: solution.reading(),
    };
    let mut out = Vec::new();
    let placement = table.placement(canon);
    for king in bits(free(table, canon)) {
        let Some(line) = solution.line(&placement, king) else {
            continue;
        };
        let (mut code, mut set) = (canon, 1u64 << king);
        for step in &line.steps[..line.steps.len() - 1] {
            let to = table.code(&step.placement);
            let index = safe_moves(table, code, set).position(|m| m == to);
            out.push(index.expect("a line plays safe moves") as u8);
            let choices = branches(&game, to, set);
            if choices.len() > 1 {
                let index = choices.iter().position(|&b| b == step.belief_set);
                out.push(index.expect("Black picks one of its choices") as u8);
            }
            (code, set) = (to, step.belief_set);
        }
    }
    out
}

impl OptimalLines {
    /// Takes in the sections of another file (chunk) of the same lines.
    pub fn absorb(&mut self, other: OptimalLines) -> Result<(), TableFileError> {
        if (other.material, other.size, other.reading) != (self.material, self.size, self.reading) {
            return Err(TableFileError("chunks of different endgames".into()));
        }
        self.sections.extend(other.sections);
        Ok(())
    }

    /// The canonical placement whose lines a start's line is read from
    /// (`None`: not a placement of this material).
    pub fn canonical_of(starts: &StartValues, p: &Placement) -> Option<u32> {
        let table = &starts.table;
        let p = table.normalise(*p);
        table.valid(&p).then(|| table.get(table.code(&p)).canon)
    }

    /// The optimal line from a start (White's men `p`, the black king on
    /// `king`), valued by `starts` (the same material's starts file);
    /// `None` when it is not a won start.
    pub fn line(
        &self,
        starts: &StartValues,
        p: &Placement,
        king: u8,
    ) -> Result<Option<Line>, TableFileError> {
        let table = &starts.table;
        if super::table_file::material_id(table.material) != self.material
            || table.board.size() as u8 != self.size
            || starts.reading != self.reading
        {
            return Err(TableFileError(
                "the lines and the starts are of different endgames".into(),
            ));
        }
        let p = table.normalise(*p);
        if !table.valid(&p) || free(table, table.code(&p)) & 1 << king == 0 {
            return Ok(None);
        }
        let code = table.code(&p);
        let moves = starts.value(code, king);
        if moves < 2 {
            return Ok(None);
        }
        let info = table.get(code);
        let g = info.symmetries.trailing_zeros() as u8;
        let canon = info.canon;
        let target = table.board.map_square(g, king);
        let section = self
            .sections
            .get(&canon)
            .ok_or_else(|| TableFileError("a won start without a line".into()))?;
        let game = Game {
            table,
            reading: self.reading,
        };
        let mut at = 0usize;
        for sq in bits(free(table, canon)) {
            let v = starts.value(canon, sq);
            if v < 2 {
                continue;
            }
            let path = replay(&game, section, &mut at, (canon, sq), v)?;
            if sq == target {
                return Ok(Some(turned_back(&game, &p, king, g, path)));
            }
        }
        Err(TableFileError("a won start without a line".into()))
    }
}

/// Reads one start's `moves − 1` steps from `bytes` at `at`, in the
/// canonical frame: White's men and the belief set after each.
fn replay(
    game: &Game,
    bytes: &[u8],
    at: &mut usize,
    (canon, king): (u32, u8),
    moves: u16,
) -> Result<Vec<(u32, u64)>, TableFileError> {
    let mut byte = || {
        let b = bytes.get(*at).copied();
        *at += 1;
        b.ok_or_else(|| TableFileError("a line cut short".into()))
    };
    let (mut code, mut set) = (canon, 1u64 << king);
    let mut path = Vec::with_capacity(moves as usize);
    for i in 1..moves {
        let index = byte()? as usize;
        let to = safe_moves(game.table, code, set)
            .nth(index)
            .ok_or_else(|| TableFileError("a move that is not there".into()))?;
        let choices = branches(game, to, set);
        let pick = if choices.len() > 1 {
            byte()? as usize
        } else {
            0
        };
        let worst = *choices
            .get(pick)
            .ok_or_else(|| TableFileError("an answer that is not there".into()))?;
        if (worst == 0) != (i + 1 == moves) {
            return Err(TableFileError(
                "a line that does not end with the capture".into(),
            ));
        }
        path.push((to, worst));
        (code, set) = (to, worst);
    }
    Ok(path)
}

/// A canonical line (`path`) turned back into the start's own frame (the
/// start's placement `p` is the canonical one under symmetry `g`).
fn turned_back(game: &Game, p: &Placement, king: u8, g: u8, path: Vec<(u32, u64)>) -> Line {
    let table = game.table;
    let board = table.board;
    let back = super::board::Board::inverse(g);
    let turn = |code: u32| {
        let mut q = table.placement(code);
        for sq in q[..table.count].iter_mut() {
            *sq = board.map_square(back, *sq);
        }
        table.code(&table.normalise(q))
    };
    let moves = path.len() as u16 + 1;
    let (mut code, mut set) = (table.code(p), 1u64 << king);
    let mut steps = Vec::with_capacity(moves as usize);
    for (i, (to, worst)) in path.into_iter().enumerate() {
        let (to, worst) = (turn(to), board.map_set(back, worst));
        steps.push(line_step(
            table,
            game.reading,
            (code, set),
            (to, worst),
            moves - 1 - i as u16,
        ));
        (code, set) = (to, worst);
    }
    steps.push(capture_step(table, code));
    Line {
        start: start_text(table, p, king),
        moves,
        steps,
    }
}

/// The lines files of a solved material (deflated; chunk 0, 1 … as
/// [`chunk_of`] deals the placements), its placements shared
/// among `threads` threads.
pub fn encode_lines(solution: &RoundsSolution, rounds: u16, threads: usize) -> Vec<Vec<u8>> {
    let table = &solution.table;
    let codes: Vec<u32> = table_file::canonical_codes(table).collect();
    // No thread is spawned on wasm32 (it has none) nor for one thread.
    let threads = if cfg!(target_arch = "wasm32") {
        1
    } else {
        threads.clamp(1, 64)
    };
    let mut sections: Vec<Vec<u8>> = vec![Vec::new(); codes.len()];
    if threads == 1 {
        for (i, &c) in codes.iter().enumerate() {
            sections[i] = encode_placement(solution, c);
        }
    } else {
        spread(solution, &codes, threads, &mut sections);
    }
    let material = table.material;
    (0..chunks(material))
        .map(|chunk| {
            let mut out = Vec::new();
            table_file::header(&mut out, table, solution.reading, Kind::Lines, rounds);
            for (&c, bytes) in codes.iter().zip(&sections) {
                if bytes.is_empty() || chunk_of(material, c) != chunk {
                    continue;
                }
                table_file::push_varint(&mut out, c as u64);
                table_file::push_varint(&mut out, bytes.len() as u64);
                out.extend_from_slice(bytes);
            }
            out.extend_from_slice(table_file::END);
            table_file::deflate(&out)
        })
        .collect()
}

/// Each placement's lines on `threads` threads (natively).
fn spread(solution: &RoundsSolution, codes: &[u32], threads: usize, sections: &mut [Vec<u8>]) {
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..codes.len())
                        .step_by(threads)
                        .map(|i| (i, encode_placement(solution, codes[i])))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for w in workers {
            for (i, bytes) in w.join().expect("a lines thread panicked") {
                sections[i] = bytes;
            }
        }
    });
}
