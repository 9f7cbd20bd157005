//! The Fog of War endgame lab's questions, answered from the files the build
//! ships (`endgames/*.fogt`, written by `fogbound fog-endgame
//! --write-tables`): every start's value per material, every won start's
//! optimal line, and for Black's escapes every belief state's value (the
//! won sets, only for materials with starts White does not win). Files
//! are fetched when first needed and kept; the sets of one material at a
//! time.
//!
//! Squares are the lab board's: `rank * 8 + file` on 8×8, a1 = 0; a
//! placement lists White's king first, then the material's men in order.

use std::collections::HashMap;

use fogbound_solvers::fog_endgame::line_file::{self, OptimalLines};
use fogbound_solvers::fog_endgame::table_file::{self, Kind, Loaded, StartValues};
use fogbound_solvers::fog_endgame::{Explain, Material, Placement, Reading, RoundsSolution};
use serde::{Deserialize, Serialize};

/// The board the page's lab shows (the files are written for it).
pub const LAB_SIZE: usize = 8;

/// The folder of the files beside the page, as an absolute URL (the lab
/// jobs carry it: the worker runs from a blob).
#[cfg(target_arch = "wasm32")]
pub fn page_folder() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .and_then(|base| web_sys::Url::new_with_base("endgames/", &base).ok())
        .map(|u| u.href())
        .unwrap_or_else(|| "endgames/".into())
}

/// Why a file did not come.
#[derive(Clone, Debug, PartialEq)]
pub enum FetchError {
    /// No answer at all: the network is off (and the file was never kept).
    Offline,
    /// The server answered, but not with the file.
    Failed(String),
}

/// Where the files come from: the page's folder in the worker, memory in
/// native tests.
pub trait TableSource {
    /// The bytes of `name` (e.g. `kq-8-sighted-starts.fogt`).
    fn fetch(&mut self, name: &str) -> Result<Vec<u8>, FetchError>;
}

/// `K+R+R`.
fn pretty(material: Material) -> String {
    let name = material.name();
    let letters: Vec<String> = name.chars().map(String::from).collect();
    letters.join("+")
}

/// What to tell the person when `name`, needed for `what`, did not come.
fn not_fetched(error: FetchError, name: &str, what: &str) -> String {
    match error {
        FetchError::Offline => format!(
            "{what} needs the network once: its file (endgames/{name}) has not been fetched on this \
             device yet, and the network is off. Connect and ask again; from then on it works offline."
        ),
        FetchError::Failed(why) => format!("cannot fetch endgames/{name}: {why}"),
    }
}

/// Fetches and reads one file, saying what it is for when it does not come.
fn load(
    source: &mut dyn TableSource,
    name: &str,
    what: &str,
    report: Report<'_>,
) -> Result<Loaded, String> {
    report(&format!("fetching {name}"), 0, 1);
    let bytes = source.fetch(name).map_err(|e| not_fetched(e, name, what))?;
    table_file::read(&bytes, &mut progress(report)).map_err(|e| e.to_string())
}

/// One material's figures, from its starts file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabFigures {
    #[serde(with = "super::by_id")]
    pub material: Material,
    /// The n×n board.
    pub size: u8,
    pub positions: u64,
    pub won: u64,
    pub lost: u64,
    pub max_moves: u16,
    pub histogram: Vec<u64>,
    /// Per black-king square (a1 first): starts there, and won starts.
    pub starts_by_square: Vec<u64>,
    pub won_by_square: Vec<u64>,
    /// The starts file's size, and its lines file's when it was loaded.
    pub file_bytes: u64,
}

/// A start's verdict and, for the same White men, every king square's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabVerdict {
    /// White moves to capture the king, the capture counted; 0 not won.
    pub moves: u16,
    /// Per square (a1 first): the moves with the king there, 0 not won,
    /// [`NOT_A_START`] where White's men stand or see.
    pub map: Vec<u8>,
}

/// A square of [`LabVerdict::map`] the king cannot start on.
pub const NOT_A_START: u8 = 255;

/// One White move of an optimal line against the worst-case king.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabStep {
    pub text: String,
    pub men: Vec<u8>,
    /// Where the king may be when White is next to move.
    pub belief: u64,
    /// White saw the king here right after the move (sighted reading).
    pub seen: Option<u8>,
    pub moves_left: u16,
}

/// White's move from a lost state and Black's answer to it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabReply {
    pub text: String,
    pub men: Vec<u8>,
    /// The man (its square) the king takes at once, if the move was unsafe.
    pub captures: Option<u8>,
    /// Otherwise the belief set, still not won, Black leaves White with.
    pub keeps: u64,
}

/// What the lab answers about a state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabExplained {
    /// A won start: the optimal line, the capture last.
    Line(Vec<LabStep>),
    /// A state White does not win: Black's answer to each White move.
    Escape(Vec<LabReply>),
}

/// The files the worker holds.
#[derive(Default)]
pub struct LabTables {
    starts: HashMap<String, (StartValues, u64)>,
    /// Per material, the lines' chunks read so far (and which: bit i).
    lines: HashMap<String, (OptimalLines, u64)>,
    sets: Option<(String, RoundsSolution)>,
}

use super::{progress, Report};

impl LabTables {
    fn starts(
        &mut self,
        source: &mut dyn TableSource,
        material: Material,
        size: usize,
        reading: Reading,
        report: Report<'_>,
    ) -> Result<&(StartValues, u64), String> {
        let stem = table_file::file_stem(material, size, reading);
        if !self.starts.contains_key(&stem) {
            let name = format!("{stem}-starts.fogt");
            let what = format!("{} on {size}×{size} ({})", pretty(material), reading.name());
            report(&format!("fetching {name}"), 0, 1);
            let bytes = source
                .fetch(&name)
                .map_err(|e| not_fetched(e, &name, &what))?;
            let size = bytes.len() as u64;
            match table_file::read(&bytes, &mut progress(report)).map_err(|e| e.to_string())? {
                Loaded::Starts(values) => self.starts.insert(stem.clone(), (values, size)),
                _ => return Err(format!("{name} does not hold starts")),
            };
        }
        self.starts
            .get(&stem)
            .ok_or_else(|| "the starts were not read".to_string())
    }

    /// Reads the lines' chunk `chunk` of `material` unless it is read.
    pub fn lines(
        &mut self,
        source: &mut dyn TableSource,
        material: Material,
        chunk: u32,
        report: Report<'_>,
    ) -> Result<(), String> {
        let stem = table_file::file_stem(material, LAB_SIZE, Reading::Sighted);
        if chunk >= line_file::chunks(material) {
            return Err(format!("{} has no lines file {chunk}", pretty(material)));
        }
        if self
            .lines
            .get(&stem)
            .is_some_and(|(_, read)| read & 1 << chunk != 0)
        {
            return Ok(());
        }
        let name = table_file::file_name(&stem, Kind::Lines, chunk);
        let what = format!("{}'s optimal line", pretty(material));
        let Loaded::Lines(lines) = load(source, &name, &what, report)? else {
            return Err(format!("{name} does not hold lines"));
        };
        match self.lines.get_mut(&stem) {
            Some((all, read)) => {
                all.absorb(lines).map_err(|e| e.to_string())?;
                *read |= 1 << chunk;
            }
            None => {
                self.lines.insert(stem, (lines, 1 << chunk));
            }
        }
        Ok(())
    }

    fn sets(
        &mut self,
        source: &mut dyn TableSource,
        material: Material,
        report: Report<'_>,
    ) -> Result<&RoundsSolution, String> {
        let stem = table_file::file_stem(material, LAB_SIZE, Reading::Sighted);
        if self.sets.as_ref().map(|(s, _)| s) != Some(&stem) {
            self.sets = None; // free the old sets first
            let name = format!("{stem}-{}.fogt", Kind::Sets.name());
            let what = format!("Black's escape with {}", pretty(material));
            match load(source, &name, &what, report)? {
                Loaded::Sets(solution) => self.sets = Some((stem, solution)),
                _ => return Err(format!("{name} does not hold sets")),
            }
        }
        self.sets
            .as_ref()
            .map(|(_, s)| s)
            .ok_or_else(|| "the sets were not read".to_string())
    }
}

/// The materials shipped on boards smaller than the lab's (the paper's
/// three), in the true game.
pub const SMALL_BOARD_MATERIALS: [Material; 3] = [Material::KQ, Material::KR, Material::KRR];

/// The smallest board with files.
pub const MIN_SIZE: u8 = 4;

/// Every material's figures in one reading on the lab's board, or the
/// paper's three materials (sighted) on a smaller `size`×`size` board.
pub fn figures(
    tables: &mut LabTables,
    source: &mut dyn TableSource,
    reading: Reading,
    size: u8,
    report: Report<'_>,
) -> Result<Vec<LabFigures>, String> {
    let materials: &[Material] = match size as usize {
        LAB_SIZE => &Material::ALL,
        n if n >= MIN_SIZE as usize && n < LAB_SIZE && reading == Reading::Sighted => {
            &SMALL_BOARD_MATERIALS
        }
        _ => {
            return Err(format!(
                "the lab has every material on 8×8 and K+Q, K+R, K+R+R (sighted) from {MIN_SIZE}×{MIN_SIZE}, not {} on {size}×{size}",
                reading.name()
            ))
        }
    };
    let mut rows = Vec::new();
    for &m in materials {
        let (values, bytes) = tables.starts(source, m, size as usize, reading, report)?;
        let s = values.summary();
        rows.push(LabFigures {
            material: m,
            size,
            positions: s.positions,
            won: s.won,
            lost: s.lost,
            max_moves: s.max_moves,
            histogram: s.histogram,
            starts_by_square: s.starts_by_square,
            won_by_square: s.won_by_square,
            file_bytes: *bytes,
        });
    }
    Ok(rows)
}

/// White's men and the king as the solver's placement, checked.
fn placement(
    values_table: &fogbound_solvers::fog_endgame::Placements,
    men: &[u8],
) -> Result<Placement, String> {
    if men.len() != values_table.count {
        return Err(format!(
            "{} needs {} white men, not {}",
            values_table.material.name(),
            values_table.count,
            men.len()
        ));
    }
    if men.iter().any(|&sq| sq as usize >= LAB_SIZE * LAB_SIZE) {
        return Err("a man off the board".into());
    }
    let mut p = [0u8; 3];
    p[..men.len()].copy_from_slice(men);
    let p = values_table.normalise(p);
    if !values_table.valid(&p) {
        return Err("two men on one square, or a man off the board".into());
    }
    Ok(p)
}

/// A start's verdict and the map of its White men.
pub fn verdict(
    tables: &mut LabTables,
    source: &mut dyn TableSource,
    material: Material,
    men: &[u8],
    king: u8,
    report: Report<'_>,
) -> Result<LabVerdict, String> {
    let (values, _) = tables.starts(source, material, LAB_SIZE, Reading::Sighted, report)?;
    let table = &values.table;
    let p = placement(table, men)?;
    let code = table.code(&p);
    let info = table.get(code);
    let map: Vec<u8> = (0..(LAB_SIZE * LAB_SIZE) as u8)
        .map(|sq| {
            if (info.seen | info.occupied) & 1 << sq != 0 {
                NOT_A_START
            } else {
                values.value(code, sq).min(254) as u8
            }
        })
        .collect();
    let moves = match map.get(king as usize) {
        None => return Err("the black king is off the board".into()),
        Some(&NOT_A_START) if info.occupied & 1 << king != 0 => {
            return Err("the black king stands on a white man".into())
        }
        Some(&NOT_A_START) => {
            return Err(
                "White already sees the black king: not a start (it is taken at once)".into(),
            )
        }
        Some(&v) => v as u16,
    };
    Ok(LabVerdict { moves, map })
}

/// The optimal line from a won state, or Black's answers from a lost one:
/// `set` is where the king may be (a start: one square).
pub fn explain(
    tables: &mut LabTables,
    source: &mut dyn TableSource,
    material: Material,
    men: &[u8],
    set: u64,
    report: Report<'_>,
) -> Result<LabExplained, String> {
    let (p, count, won_start, canon) = {
        let (starts, _) = tables.starts(source, material, LAB_SIZE, Reading::Sighted, report)?;
        let table = &starts.table;
        let p = placement(table, men)?;
        let info = table.get(table.code(&p));
        if set == 0 || set & !table.board.mask() != 0 {
            return Err("the king must be somewhere on the board".into());
        }
        if set & (info.seen | info.occupied) != 0 {
            return Err("the king's squares must be ones White neither holds nor sees".into());
        }
        let king = set.trailing_zeros() as u8;
        let won_start = set.count_ones() == 1 && starts.value(table.code(&p), king) > 0;
        let canon = OptimalLines::canonical_of(starts, &p).unwrap_or(0);
        (p, table.count, won_start.then_some(king), canon)
    };
    if let Some(king) = won_start {
        // A won start's line comes from its chunk of the lines, read with
        // the starts.
        tables.lines(
            source,
            material,
            line_file::chunk_of(material, canon),
            report,
        )?;
        let stem = table_file::file_stem(material, LAB_SIZE, Reading::Sighted);
        let (Some((starts, _)), Some((lines, _))) =
            (tables.starts.get(&stem), tables.lines.get(&stem))
        else {
            return Err("the lines were not read".into());
        };
        let line = lines
            .line(starts, &p, king)
            .map_err(|e| e.to_string())?
            .ok_or("no line found from this start")?;
        return Ok(LabExplained::Line(
            line.steps
                .into_iter()
                .map(|s| LabStep {
                    text: s.white_move,
                    men: s.placement[..count].to_vec(),
                    belief: s.belief_set,
                    seen: s.seen_square,
                    moves_left: s.moves_left,
                })
                .collect(),
        ));
    }
    let solution = tables.sets(source, material, report)?;
    match solution.value_of(&p, set) {
        Some(0) => Ok(LabExplained::Escape(
            solution
                .refutations(&p, set)
                .into_iter()
                .map(|r| LabReply {
                    text: r.white_move,
                    men: r.placement[..count].to_vec(),
                    captures: r.captures_square,
                    keeps: r.keeps_set,
                })
                .collect(),
        )),
        Some(_) => Err("this state is won; the lab plays lines from starts".into()),
        None => Err("not a position of this material".into()),
    }
}

/// The page's folder of endgame files (an absolute URL ending in `/`),
/// fetched synchronously (allowed in a worker): jobs are synchronous
/// functions.
#[cfg(target_arch = "wasm32")]
pub struct PageFiles {
    folder: String,
}

#[cfg(target_arch = "wasm32")]
impl PageFiles {
    pub fn new(folder: &str) -> PageFiles {
        PageFiles {
            folder: folder.to_string(),
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl TableSource for PageFiles {
    /// A request that gets no answer at all (status 0, or a network
    /// error) is the network being off: the service worker keeps every
    /// file fetched once, so only a file never fetched fails that way.
    fn fetch(&mut self, name: &str) -> Result<Vec<u8>, FetchError> {
        use wasm_bindgen::JsCast;
        let failed = |why: String| FetchError::Failed(why);
        let xhr = web_sys::XmlHttpRequest::new().map_err(|e| failed(format!("{e:?}")))?;
        xhr.open_with_async("GET", &format!("{}{name}", self.folder), false)
            .map_err(|e| failed(format!("{e:?}")))?;
        xhr.set_response_type(web_sys::XmlHttpRequestResponseType::Arraybuffer);
        xhr.send().map_err(|_| FetchError::Offline)?;
        let status = xhr.status().unwrap_or(0);
        if status == 0 {
            return Err(FetchError::Offline);
        }
        if status != 200 {
            return Err(failed(format!("the server answered {status}")));
        }
        let buffer = xhr
            .response()
            .ok()
            .and_then(|r| r.dyn_into::<js_sys::ArrayBuffer>().ok())
            .ok_or_else(|| failed("no bytes came".into()))?;
        Ok(js_sys::Uint8Array::new(&buffer).to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiet;
    use fogbound_solvers::progress::Silent;

    /// Files in memory: K+R's, as the build writes them; a missing file
    /// is the network being off when `offline`, else the server's 404.
    struct Memory(HashMap<String, Vec<u8>>, usize, bool);

    impl TableSource for Memory {
        fn fetch(&mut self, name: &str) -> Result<Vec<u8>, FetchError> {
            self.1 += 1;
            self.0.get(name).cloned().ok_or(if self.2 {
                FetchError::Offline
            } else {
                FetchError::Failed("the server answered 404".into())
            })
        }
    }

    fn kr_files() -> Memory {
        let files = fogbound_solvers::fog_endgame::write_tables(
            8,
            Material::KR,
            Reading::Sighted,
            true,
            2,
            &mut Silent,
        )
        .unwrap()
        .into_iter()
        .map(|(kind, bytes)| (table_file::file_name("kr-8-sighted", kind, 0), bytes))
        .collect();
        Memory(files, 0, false)
    }

    fn sq(name: &str) -> u8 {
        let b = name.as_bytes();
        (b[1] - b'1') * 8 + (b[0] - b'a')
    }

    #[test]
    fn a_won_start_has_a_verdict_a_map_and_a_line() {
        let mut files = kr_files();
        let mut tables = LabTables::default();
        let mut report = quiet();
        // Corollary 18's region is lost; a corner king next to the rook's
        // file is won.
        let men = [sq("c3"), sq("b2")];
        let lost = verdict(
            &mut tables,
            &mut files,
            Material::KR,
            &men,
            sq("e5"),
            &mut report,
        )
        .unwrap();
        assert_eq!(lost.moves, 0);
        assert_eq!(lost.map[sq("b2") as usize], NOT_A_START);
        assert_eq!(lost.map[sq("b8") as usize], NOT_A_START, "the rook sees b8");
        let won_square = (0..64u8)
            .find(|&s| !matches!(lost.map[s as usize], 0 | NOT_A_START))
            .expect("some start is won with these men");
        let won = verdict(
            &mut tables,
            &mut files,
            Material::KR,
            &men,
            won_square,
            &mut report,
        )
        .unwrap();
        assert_eq!(won.moves, lost.map[won_square as usize] as u16);
        let LabExplained::Line(steps) = explain(
            &mut tables,
            &mut files,
            Material::KR,
            &men,
            1 << won_square,
            &mut report,
        )
        .unwrap() else {
            panic!("a won start has a line");
        };
        assert_eq!(steps.len(), won.moves as usize);
        assert_eq!(steps.last().unwrap().moves_left, 0);
        assert_eq!(steps.last().unwrap().belief, 0);
        // Files are fetched once each: the starts and the lines.
        assert_eq!(files.1, 2);
        // Black's escape needs the sets: fetched once more.
        let men = [sq("c3"), sq("b2")];
        explain(
            &mut tables,
            &mut files,
            Material::KR,
            &men,
            1 << sq("e5"),
            &mut report,
        )
        .unwrap();
        assert_eq!(files.1, 3);
    }

    #[test]
    fn a_file_never_fetched_says_it_needs_the_network_once() {
        let mut files = kr_files();
        files.0.retain(|name, _| !name.contains("-lines-"));
        files.2 = true;
        let mut tables = LabTables::default();
        let men = [sq("c3"), sq("b2")];
        let map = verdict(
            &mut tables,
            &mut files,
            Material::KR,
            &men,
            sq("e5"),
            &mut quiet(),
        )
        .unwrap()
        .map;
        let won = (0..64u8)
            .find(|&s| !matches!(map[s as usize], 0 | NOT_A_START))
            .expect("some start is won with these men");
        let message = explain(
            &mut tables,
            &mut files,
            Material::KR,
            &men,
            1 << won,
            &mut quiet(),
        )
        .unwrap_err();
        assert!(
            message.starts_with("K+R's optimal line needs the network once"),
            "{message}"
        );
        assert!(message.contains("kr-8-sighted-lines-0.fogt"), "{message}");
        let message = verdict(
            &mut tables,
            &mut files,
            Material::KQ,
            &men,
            sq("a8"),
            &mut quiet(),
        )
        .unwrap_err();
        assert!(
            message.starts_with("K+Q on 8×8 (sighted) needs the network once"),
            "{message}"
        );
    }

    #[test]
    fn a_lost_start_shows_blacks_answer_to_every_move() {
        let mut files = kr_files();
        let mut tables = LabTables::default();
        let mut report = quiet();
        let men = [sq("c3"), sq("b2")];
        let LabExplained::Escape(answers) = explain(
            &mut tables,
            &mut files,
            Material::KR,
            &men,
            1 << sq("e5"),
            &mut report,
        )
        .unwrap() else {
            panic!("e5 is in the safe space");
        };
        assert!(answers.len() > 10);
        for a in &answers {
            assert!(a.captures.is_some() || a.keeps != 0, "{a:?}");
            if a.captures.is_none() {
                // What Black keeps White in is again lost: step on.
                let next = explain(
                    &mut tables,
                    &mut files,
                    Material::KR,
                    &a.men,
                    a.keeps,
                    &mut report,
                );
                assert!(matches!(next, Ok(LabExplained::Escape(_))), "{a:?}");
            }
        }
    }

    #[test]
    fn bad_questions_get_messages() {
        let mut files = kr_files();
        let mut tables = LabTables::default();
        let mut report = quiet();
        let ask = |tables: &mut LabTables, files: &mut Memory, m: Material, men: &[u8], k: u8| {
            verdict(tables, files, m, men, k, &mut quiet()).unwrap_err()
        };
        assert!(ask(&mut tables, &mut files, Material::KR, &[0], 63).contains("needs 2 white men"));
        assert!(ask(&mut tables, &mut files, Material::KR, &[0, 0], 63).contains("two men"));
        assert!(ask(&mut tables, &mut files, Material::KR, &[0, 70], 63).contains("off the board"));
        assert!(ask(&mut tables, &mut files, Material::KR, &[0, 9], 9).contains("on a white man"));
        assert!(ask(&mut tables, &mut files, Material::KR, &[0, 9], 57).contains("already sees"));
        assert!(ask(&mut tables, &mut files, Material::KR, &[0, 9], 64).contains("off the board"));
        assert!(ask(&mut tables, &mut files, Material::KQ, &[0, 9], 63).contains("404"));
        let wrong_set = explain(
            &mut tables,
            &mut files,
            Material::KR,
            &[0, 9],
            0,
            &mut report,
        );
        assert!(wrong_set.unwrap_err().contains("somewhere"));
        let seen = explain(
            &mut tables,
            &mut files,
            Material::KR,
            &[0, 9],
            1 << 57,
            &mut report,
        );
        assert!(seen.unwrap_err().contains("neither holds nor sees"));
        let none = figures(&mut tables, &mut files, Reading::Sighted, 8, &mut report);
        assert!(none.unwrap_err().contains("404"));
        assert!(
            figures(&mut tables, &mut files, Reading::Blind, 5, &mut report)
                .unwrap_err()
                .contains("not blind on 5×5")
        );
        assert!(
            figures(&mut tables, &mut files, Reading::Sighted, 3, &mut report)
                .unwrap_err()
                .contains("3×3")
        );
    }
}
