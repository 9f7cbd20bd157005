//! A solved material as files the page loads instead of solving. Three
//! kinds:
//!
//! - **starts**: every start's value (White moves to capture, 0 not won),
//!   enough for verdicts, won maps and the summary; a few kilobytes to a
//!   few hundred.
//! - **lines**: every won start's optimal line (written and read by
//!   `line_file`), cut into [`chunks`] files,
//!   read with the starts file; 2.4 KB (K+R) to a few hundred (K+R+R).
//! - **sets**: the rounds search's won sets, each once with the first
//!   round that holds it, so any belief state can be valued: Black's
//!   escapes from a state White does not win. Written only for materials
//!   with such starts (megabytes for K+Q and K+R+R, which have none).
//!
//! The placement table is rebuilt from the header (material, size), so a
//! file holds only values and sets, per canonical placement and over that
//! placement's free squares (neither occupied nor seen by White).
//!
//! Layout, version 1 (integers unsigned LEB128 unless said):
//!
//! ```text
//! "FOGT" 1 kind material size reading rounds  (bytes; kind 0 starts, 1 sets, 2 lines)
//! per canonical placement, in increasing code order:
//!   starts: one byte per free square, low square first
//!   sets:   groups; per group its round (byte), its set count, then
//!           each set as the bits of the free squares, ceil(free / 8) bytes
//!   lines:  (only placements with a won start) its code, its length in
//!           bytes, its starts' steps (see `line_file`)
//! "END!"
//! ```
//!
//! The whole file is deflated (zlib-less raw DEFLATE, `miniz_oxide`).

use std::collections::HashMap;

use super::board::{bits, Board};
use super::game::Reading;
use super::men::{Material, Placements};
use super::results::RoundsSolution;
use super::rounds::RoundValues;
use crate::progress::{Cancelled, Progress};

const MAGIC: &[u8; 4] = b"FOGT";
pub(crate) const END: &[u8; 4] = b"END!";
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

pub(crate) fn push_varint(out: &mut Vec<u8>, mut v: u64) {
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
pub(crate) fn canonical_codes(table: &Placements) -> impl Iterator<Item = u32> + '_ {
    (0..table.info.len() as u32)
        .filter(|&c| table.info[c as usize].occupied != 0 && table.info[c as usize].canon == c)
}

pub(crate) fn material_id(m: Material) -> u8 {
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

/// The name a material's files share: `kq-8-sighted` (then `-starts.fogt`,
/// `-lines.fogt` or `-sets.fogt`).
pub fn file_stem(material: Material, size: usize, reading: Reading) -> String {
    format!(
        "{}-{size}-{}",
        material.name().to_ascii_lowercase(),
        reading.name()
    )
}

/// Which of the three files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Starts,
    Sets,
    Lines,
}

impl Kind {
    /// The file's name after the stem: `starts`, `sets`, `lines`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Starts => "starts",
            Kind::Sets => "sets",
            Kind::Lines => "lines",
        }
    }
}

/// A file's name: `kq-8-sighted-starts.fogt`, `…-sets.fogt`, and the
/// lines' chunks `…-lines-0.fogt`, `…-lines-1.fogt` ….
pub fn file_name(stem: &str, kind: Kind, chunk: u32) -> String {
    match kind {
        Kind::Lines => format!("{stem}-lines-{chunk}.fogt"),
        _ => format!("{stem}-{}.fogt", kind.name()),
    }
}

pub(crate) fn header(
    out: &mut Vec<u8>,
    table: &Placements,
    reading: Reading,
    kind: Kind,
    rounds: u16,
) {
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[
        VERSION,
        kind as u8,
        material_id(table.material),
        table.board.size() as u8,
        reading_id(reading),
        rounds.min(255) as u8,
    ]);
}

/// The starts or sets file of a solved material (deflated). Sets need the
/// kept history.
pub fn encode(table: &Placements, reading: Reading, values: &RoundValues, kind: Kind) -> Vec<u8> {
    let mut out = Vec::new();
    header(&mut out, table, reading, kind, values.rounds);
    for c in canonical_codes(table) {
        let free = free(table, c);
        if kind != Kind::Sets {
            out.extend(bits(free).map(|sq| values.first_round(c, sq)));
            continue;
        }
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
    deflate(&out)
}

/// The files' compression: raw DEFLATE at the highest level.
pub fn deflate(bytes: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec(bytes, 9)
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
        let b = *self
            .bytes
            .get(self.at)
            .ok_or_else(|| self.fault("cut short"))?;
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

/// How many files a material's lines are cut into.
pub fn chunks(material: Material) -> u32 {
    match material {
        Material::KRR | Material::KBB | Material::KBN => 8,
        _ => 1,
    }
}

/// The file (of [`chunks`]) that holds a canonical placement's lines.
pub fn chunk_of(material: Material, canon: u32) -> u32 {
    canon % chunks(material)
}

/// A lines file read: each canonical placement's steps.
pub struct OptimalLines {
    pub(crate) material: u8,
    pub(crate) size: u8,
    pub(crate) reading: Reading,
    pub(crate) sections: HashMap<u32, Vec<u8>>,
}

/// What a file holds: every start's value, every won start's line, or
/// every belief state's value.
pub enum Loaded {
    Starts(StartValues),
    Lines(OptimalLines),
    Sets(RoundsSolution),
}

/// Every start's value, from a starts file.
pub struct StartValues {
    pub table: Placements,
    pub reading: Reading,
    values: RoundValues,
}

impl StartValues {
    /// White moves to capture from a start (0: not won).
    pub fn value(&self, code: u32, king: u8) -> u16 {
        self.values.value(&self.table, code, king)
    }

    /// The figures of every start, as a solve gives them.
    pub fn summary(&self) -> super::EndgameSummary {
        let starts = super::results::starts(&self.table);
        super::results::summarise(&self.table, self.reading, &starts, 0, 0, |code, sq| {
            self.value(code, sq)
        })
    }
}

/// Reads a file (deflated) back: every fault is a message; `progress`
/// counts placements and may cancel.
pub fn read(bytes: &[u8], progress: &mut dyn Progress) -> Result<Loaded, TableFileError> {
    // Far above any material's file: a deflate bomb stops there.
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(bytes, 1 << 30)
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
    let kind = match r.byte()? {
        0 => Kind::Starts,
        1 => Kind::Sets,
        2 => Kind::Lines,
        _ => return Err(r.fault("an unknown kind")),
    };
    let material = *Material::ALL
        .get(r.byte()? as usize)
        .ok_or_else(|| r.fault("an unknown material"))?;
    let size = r.byte()? as usize;
    let board = Board::new(size).map_err(TableFileError)?;
    let reading = match r.byte()? {
        0 => Reading::Sighted,
        1 => Reading::Blind,
        _ => return Err(r.fault("an unknown reading")),
    };
    let rounds = r.byte()? as u16;
    if kind == Kind::Lines {
        return read_lines(r, material, board, reading, progress);
    }
    let table = Placements::new(board, material);
    let codes: Vec<u32> = canonical_codes(&table).collect();
    let mut first = vec![
        [0u8; 64];
        if kind == Kind::Starts {
            table.info.len()
        } else {
            0
        }
    ];
    let mut history: Vec<Vec<(u8, Vec<u64>)>> = if kind == Kind::Sets {
        vec![Vec::new(); table.info.len()]
    } else {
        Vec::new()
    };
    for (i, &c) in codes.iter().enumerate() {
        if i % 1024 == 0 {
            progress
                .report("reading", i as u64, codes.len() as u64)
                .map_err(|Cancelled| TableFileError("cancelled".into()))?;
        }
        let free = free(&table, c);
        if kind == Kind::Starts {
            for sq in bits(free) {
                let v = r.byte()?;
                if v as u16 > rounds {
                    return Err(r.fault("a value past the last round"));
                }
                first[c as usize][sq as usize] = v;
            }
            continue;
        }
        let width = (free.count_ones() as usize).div_ceil(8);
        let groups = r.varint()?;
        let mut last = 0u8;
        for _ in 0..groups {
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
    Ok(match kind {
        Kind::Starts => Loaded::Starts(StartValues {
            table,
            reading,
            values: RoundValues::from_first(first, rounds),
        }),
        _ => {
            let values = RoundValues::from_history(&table, history, rounds);
            Loaded::Sets(RoundsSolution::new(table, reading, values))
        }
    })
}

/// The rest of a lines file: each placement's steps, kept as they are
/// (they are read start by start, with the starts file, when a line is
/// asked for).
fn read_lines(
    mut r: Reader<'_>,
    material: Material,
    board: Board,
    reading: Reading,
    progress: &mut dyn Progress,
) -> Result<Loaded, TableFileError> {
    let mut sections = HashMap::new();
    let mut last = None;
    while r.bytes.len() - r.at > END.len() {
        if sections.len() % 1024 == 0 {
            progress
                .report("reading", r.at as u64, r.bytes.len() as u64)
                .map_err(|Cancelled| TableFileError("cancelled".into()))?;
        }
        let code = r.varint()?;
        let chunk = |c: u64| chunk_of(material, c as u32);
        if code >= 1 << 18 || last.is_some_and(|l| code <= l || chunk(code) != chunk(l)) {
            return Err(r.fault("placements out of order"));
        }
        last = Some(code);
        let length = r.varint()? as usize;
        sections.insert(code as u32, r.take(length)?.to_vec());
    }
    if r.take(4)? != END || r.at != r.bytes.len() {
        return Err(r.fault("no end mark"));
    }
    Ok(Loaded::Lines(OptimalLines {
        material: material_id(material),
        size: board.size() as u8,
        reading,
        sections,
    }))
}
