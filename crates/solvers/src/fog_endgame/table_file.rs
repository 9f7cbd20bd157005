//! A solved material as a file: the rounds search's history (per canonical
//! placement, each round's maximal won sets where they changed), so the
//! page can value any belief state — verdicts, optimal lines, Black's
//! escapes — without solving. The placement table is rebuilt from the
//! header (material, size), so only the sets are stored, each as the bits
//! of the squares the king may stand on for that placement.
//!
//! Layout, version 1 (all integers unsigned LEB128 unless said):
//!
//! ```text
//! "FOGT" 1 material size reading rounds        (bytes)
//! per canonical placement, in increasing code order:
//!   changes
//!   per change: round (byte), sets, then each set packed over the
//!   placement's free squares (neither occupied nor seen), low bit
//!   first, ceil(free / 8) bytes
//! "END!"
//! ```
//!
//! The whole file is then deflated (raw DEFLATE, `miniz_oxide`).

use super::board::{bits, Board};
use super::game::Reading;
use super::men::{Material, Placements};
use super::results::RoundsSolution;
use super::rounds::{self, RoundValues};
use crate::progress::{Cancelled, Progress};

const MAGIC: &[u8; 4] = b"FOGT";
const END: &[u8; 4] = b"END!";
const VERSION: u8 = 1;

/// The squares a placement's king sets live in.
fn free(table: &Placements, code: u32) -> u64 {
    let info = table.get(code);
    table.board.mask() & !info.seen & !info.occupied
}

fn pack(set: u64, free: u64) -> u64 {
    bits(free)
        .enumerate()
        .filter(|&(_, sq)| set & 1 << sq != 0)
        .fold(0, |p, (i, _)| p | 1 << i)
}

fn unpack(packed: u64, free: u64) -> u64 {
    bits(free)
        .enumerate()
        .filter(|&(i, _)| packed & 1 << i != 0)
        .fold(0, |s, (_, sq)| s | 1 << sq)
}

fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// The canonical placement codes of a table, in increasing order: the
/// order the file lists them in.
fn canonical_codes(table: &Placements) -> impl Iterator<Item = u32> + '_ {
    (0..table.info.len() as u32)
        .filter(|&c| table.info[c as usize].occupied != 0 && table.info[c as usize].canon == c)
}

fn material_id(m: Material) -> u8 {
    Material::ALL.iter().position(|&x| x == m).unwrap_or(0) as u8
}

fn reading_id(r: Reading) -> u8 {
    match r {
        Reading::Sighted => 0,
        Reading::Blind => 1,
    }
}

/// A placement's history as each won set once, with the first round that
/// holds it, leaving out every set inside another set of the same or an
/// earlier round: a belief set's value is the earliest round of a set
/// holding it, so nothing is lost. Grouped by round, increasing.
fn by_first_round(history: &[(u8, Vec<u64>)]) -> Vec<(u8, Vec<u64>)> {
    let mut kept: Vec<(u8, u64)> = Vec::new();
    for (round, sets) in history {
        for &s in sets {
            if !kept.iter().any(|&(_, t)| s & !t == 0) {
                kept.push((*round, s));
            }
        }
    }
    let mut groups: Vec<(u8, Vec<u64>)> = Vec::new();
    for (round, s) in kept {
        match groups.last_mut() {
            Some((r, sets)) if *r == round => sets.push(s),
            _ => groups.push((round, vec![s])),
        }
    }
    // Sorted sets share their leading bytes: they deflate better.
    for (_, sets) in &mut groups {
        sets.sort_unstable();
    }
    groups
}

/// Solves a material by rounds and writes its table file (deflated).
pub fn write(
    n: usize,
    material: Material,
    reading: Reading,
    threads: usize,
    progress: &mut dyn Progress,
) -> Result<Vec<u8>, Cancelled> {
    let board = Board::new(n).map_err(|_| Cancelled)?;
    let table = Placements::new(board, material);
    let values = rounds::solve(&table, reading, 255, threads.max(1), true, progress)?;
    Ok(encode(&table, reading, &values))
}

/// The table file of a solved material (deflated).
pub fn encode(table: &Placements, reading: Reading, values: &RoundValues) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[
        VERSION,
        material_id(table.material),
        table.board.size() as u8,
        reading_id(reading),
        values.rounds.min(255) as u8,
    ]);
    for c in canonical_codes(table) {
        let free = free(table, c);
        let width = (free.count_ones() as usize).div_ceil(8);
        let groups = by_first_round(values.history_of(c));
        push_varint(&mut out, groups.len() as u64);
        for (round, sets) in &groups {
            out.push(*round);
            push_varint(&mut out, sets.len() as u64);
            for &set in sets {
                let packed = pack(set, free);
                out.extend_from_slice(&packed.to_le_bytes()[..width]);
            }
        }
    }
    out.extend_from_slice(END);
    miniz_oxide::deflate::compress_to_vec(&out, 9)
}

/// Why a table file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFileError(pub String);

impl std::fmt::Display for TableFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the endgame table cannot be read: {}", self.0)
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn fault(&self, what: &str) -> TableFileError {
        TableFileError(format!("{what} at byte {}", self.at))
    }

    fn byte(&mut self) -> Result<u8, TableFileError> {
        let b = *self.bytes.get(self.at).ok_or_else(|| self.fault("cut short"))?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, TableFileError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(self.fault("a number too long"))
    }

    fn take(&mut self, n: usize) -> Result<&[u8], TableFileError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| self.fault("cut short"))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }
}

/// Reads a table file (deflated) back into a solution that values any
/// belief state. Every fault is a message; `progress` counts placements and
/// may cancel.
pub fn read(bytes: &[u8], progress: &mut dyn Progress) -> Result<RoundsSolution, TableFileError> {
    // 2 GB is far above any material's table; a bomb stops there.
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(bytes, 1 << 31)
        .map_err(|e| TableFileError(format!("not a deflated table ({:?})", e.status)))?;
    let mut r = Reader { bytes: &raw, at: 0 };
    if r.take(4)? != MAGIC {
        return Err(TableFileError("not a fogbound endgame table".into()));
    }
    let version = r.byte()?;
    if version != VERSION {
        return Err(TableFileError(format!(
            "version {version}; this page reads version {VERSION}"
        )));
    }
    let material = *Material::ALL
        .get(r.byte()? as usize)
        .ok_or_else(|| r.fault("an unknown material"))?;
    let size = r.byte()? as usize;
    let board = Board::new(size).map_err(|e| TableFileError(e.to_string()))?;
    let reading = match r.byte()? {
        0 => Reading::Sighted,
        1 => Reading::Blind,
        _ => return Err(r.fault("an unknown reading")),
    };
    let rounds = r.byte()? as u16;
    let table = Placements::new(board, material);
    let codes: Vec<u32> = canonical_codes(&table).collect();
    let mut history: Vec<Vec<(u8, Vec<u64>)>> = vec![Vec::new(); table.info.len()];
    for (i, &c) in codes.iter().enumerate() {
        if i % 4096 == 0 {
            progress
                .report("reading", i as u64, codes.len() as u64)
                .map_err(|Cancelled| TableFileError("cancelled".into()))?;
        }
        let free = free(&table, c);
        let width = (free.count_ones() as usize).div_ceil(8);
        let changes = r.varint()?;
        let mut last = 0u8;
        for _ in 0..changes {
            let round = r.byte()?;
            if round <= last || round as u16 > rounds {
                return Err(r.fault("rounds out of order"));
            }
            last = round;
            let count = r.varint()?;
            if count > 1 << 24 {
                return Err(r.fault("too many sets"));
            }
            let mut sets = Vec::with_capacity(count as usize);
            for _ in 0..count {
                let mut word = [0u8; 8];
                word[..width].copy_from_slice(r.take(width)?);
                sets.push(unpack(u64::from_le_bytes(word), free));
            }
            history[c as usize].push((round, sets));
        }
    }
    if r.take(4)? != END || r.at != raw.len() {
        return Err(r.fault("no end mark"));
    }
    let values = RoundValues::from_history(&table, history, rounds);
    Ok(RoundsSolution::new(table, reading, values))
}
