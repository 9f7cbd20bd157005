//! What a solve gives: the starts, the summary (won, lost, the longest win,
//! the histogram, a won count per black-king square), a state's value, the
//! optimal line from a won start and Black's answer to every White move
//! from a state White does not win (stepping through them follows Black's
//! escape move by move).

use super::board::{bits, Board};
use super::game::{Game, Reading};
use super::men::{Material, Placement, Placements};
use super::rounds::RoundValues;
use super::search::Solved;
use super::states::States;
use serde::Serialize;

/// The starts of one placement table: White to move, the black king on a
/// square White neither occupies nor sees (so not attacked, and not next to
/// the white king). As (placement code, king square), every position once.
pub fn starts(table: &Placements) -> Vec<(u32, u8)> {
    let mut out = Vec::new();
    for (code, info) in table.info.iter().enumerate() {
        if info.occupied == 0 {
            continue;
        }
        for sq in bits(table.board.mask() & !info.occupied & !info.seen) {
            out.push((code as u32, sq));
        }
    }
    out
}

/// The figures of one solve.
#[derive(Clone, Debug, Serialize)]
pub struct EndgameSummary {
    pub material: Material,
    pub size: usize,
    pub reading: Reading,
    /// Starts (White to move, the black king's square known and not
    /// attacked, men on distinct squares; identical men counted once).
    pub positions: u64,
    pub won: u64,
    pub lost: u64,
    /// The longest forced win from a start, in White moves, counting the
    /// capturing move (0 when nothing is won).
    pub max_moves: u16,
    /// `histogram[k]`: won starts that take exactly k White moves.
    pub histogram: Vec<u64>,
    /// Belief states the closure search reached (up to the board's
    /// symmetry); for the rounds search, the most maximal won sets held in
    /// one round.
    pub belief_states: u64,
    /// Per black-king square, in the engine's order (`rank * n + file`):
    /// starts, and won starts.
    pub starts_by_square: Vec<u64>,
    pub won_by_square: Vec<u64>,
    /// The most bytes the search's own arrays held at once.
    pub search_bytes: u64,
}

/// A solved material: its placement table and every reachable state's
/// value.
pub struct Solution {
    pub table: Placements,
    pub reading: Reading,
    states: States,
    values: Vec<u16>,
    summary: Option<EndgameSummary>,
}

/// The summary of a solve from every start's value (0: not won).
pub(crate) fn summarise(
    table: &Placements,
    reading: Reading,
    starts: &[(u32, u8)],
    belief_states: u64,
    search_bytes: u64,
    value: impl Fn(u32, u8) -> u16,
) -> EndgameSummary {
    let board = table.board;
    let n = board.size();
    let mut summary = EndgameSummary {
        material: table.material,
        size: n,
        reading,
        positions: starts.len() as u64,
        won: 0,
        lost: 0,
        max_moves: 0,
        histogram: Vec::new(),
        belief_states,
        starts_by_square: vec![0; n * n],
        won_by_square: vec![0; n * n],
        search_bytes,
    };
    for &(code, sq) in starts {
        let v = value(code, sq);
        let i = board.engine_index(sq);
        summary.starts_by_square[i] += 1;
        if v == 0 {
            summary.lost += 1;
            continue;
        }
        summary.won += 1;
        summary.won_by_square[i] += 1;
        let v = v as usize;
        if summary.histogram.len() <= v {
            summary.histogram.resize(v + 1, 0);
        }
        summary.histogram[v] += 1;
        summary.max_moves = summary.max_moves.max(v as u16);
    }
    summary
}

/// One White move of an optimal line: the move, White's men after it, and
/// the belief set the worst-case black king leaves White with (empty once
/// every step of the king is seen; the next move captures).
#[derive(Clone, Debug, Serialize)]
pub struct LineStep {
    pub white_move: String,
    pub men: String,
    pub belief: Vec<String>,
    /// Sighted reading: the square where White saw the king right after
    /// this move, when the worst case is that sighting (`None`: the king
    /// stayed unseen).
    pub seen_at: Option<String>,
    /// White moves still needed from here, the capture included.
    pub moves_left: u16,
    /// The same as numbers, for the lab page: White's men after the move
    /// (king first), the belief set, the square of the sighting.
    #[serde(skip)]
    pub placement: Placement,
    #[serde(skip)]
    pub belief_set: u64,
    #[serde(skip)]
    pub seen_square: Option<u8>,
}

/// A won start played out: every White move against the worst defence,
/// then the capture.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    pub start: String,
    pub moves: u16,
    pub steps: Vec<LineStep>,
}

/// Black's answer to one White move from a state White does not win: the
/// man Black's king captures, or the belief set (still not won) it keeps
/// White in.
#[derive(Clone, Debug, Serialize)]
pub struct Refutation {
    pub white_move: String,
    pub captures: Option<String>,
    pub keeps: Vec<String>,
    /// The same as numbers, for the lab page: White's men after the move
    /// (king first), the square taken, the belief set kept.
    #[serde(skip)]
    pub placement: Placement,
    #[serde(skip)]
    pub captures_square: Option<u8>,
    #[serde(skip)]
    pub keeps_set: u64,
}

/// A safe move: where White's men go, its belief sets with their values,
/// and the move's value (`None`: some belief set is not won).
type ScoredMove = (u32, Vec<(u64, u16)>, Option<u16>);

fn names(set: u64) -> Vec<String> {
    bits(set).map(Board::name).collect()
}

/// `Rd4-d8`: the man that moved from White's men `from` to `to`.
pub(crate) fn move_text(table: &Placements, from: u32, to: u32) -> String {
    let (a, b) = (table.placement(from), table.placement(to));
    let count = table.count;
    let gone = (0..count).find(|&i| !b[..count].contains(&a[i]));
    let came = (0..count).find(|&i| !a[..count].contains(&b[i]));
    match (gone, came) {
        (Some(i), Some(j)) => {
            let letter = table.man(j).map_or('K', |m| m.letter());
            format!("{letter}{}-{}", Board::name(a[i]), Board::name(b[j]))
        }
        _ => "?".into(),
    }
}

/// `Kc3 Rd4 kf6`: a start as a line names it.
pub(crate) fn start_text(table: &Placements, p: &Placement, king: u8) -> String {
    format!(
        "{} k{}",
        table.describe_placement(&table.normalise(*p)),
        Board::name(king)
    )
}

/// One step of a line: White's move from (`code`, `set`) to White's men
/// `to`, after which Black leaves White facing `worst`, `left` moves still
/// to play. Sighted, the square where White saw the king when that
/// sighting is what left `worst` (the lowest such square).
pub(crate) fn line_step(
    table: &Placements,
    reading: Reading,
    (code, set): (u32, u64),
    (to, worst): (u32, u64),
    left: u16,
) -> LineStep {
    let after = table.get(to);
    let board = table.board;
    let hidden = !(after.seen | after.occupied);
    let unseen = set & !after.seen;
    let seen_square = match reading {
        Reading::Sighted if unseen == 0 || board.king_steps(unseen) & hidden != worst => {
            bits(set & after.seen).find(|&sq| board.king_steps(1 << sq) & hidden == worst)
        }
        _ => None,
    };
    LineStep {
        white_move: move_text(table, code, to),
        men: table.describe_placement(&table.placement(to)),
        belief: names(worst),
        seen_at: seen_square.map(Board::name),
        moves_left: left,
        placement: table.placement(to),
        belief_set: worst,
        seen_square,
    }
}

/// A line's last step: White, its men as `code`, captures the king.
pub(crate) fn capture_step(table: &Placements, code: u32) -> LineStep {
    LineStep {
        white_move: "captures the king".into(),
        men: table.describe_placement(&table.placement(code)),
        belief: Vec::new(),
        seen_at: None,
        moves_left: 0,
        placement: table.placement(code),
        belief_set: 0,
        seen_square: None,
    }
}

impl Solution {
    pub(crate) fn new(
        table: Placements,
        reading: Reading,
        starts: Vec<(u32, u8)>,
        solved: Solved,
    ) -> Solution {
        let mut solution = Solution {
            table,
            reading,
            states: solved.states,
            values: solved.values,
            summary: None,
        };
        let summary = summarise(
            &solution.table,
            reading,
            &starts,
            solution.states.len() as u64,
            solved.peak_bytes,
            |code, sq| solution.value(code, 1 << sq).unwrap_or(0),
        );
        solution.summary = Some(summary);
        solution
    }

    pub fn summary(&self) -> &EndgameSummary {
        self.summary.as_ref().expect("set when built")
    }

    pub fn board(&self) -> Board {
        self.table.board
    }

    fn game(&self) -> Game<'_> {
        Game {
            table: &self.table,
            reading: self.reading,
        }
    }
}

impl Solution {
    /// The value of a belief state, as [`Explain::value`].
    pub fn value(&self, code: u32, set: u64) -> Option<u16> {
        Explain::value(self, code, set)
    }
}

impl Explain for Solution {
    fn table(&self) -> &Placements {
        &self.table
    }

    fn reading(&self) -> Reading {
        self.reading
    }

    fn value(&self, code: u32, set: u64) -> Option<u16> {
        if set == 0 {
            return Some(1);
        }
        let (c, s) = self.game().canonical(code, set);
        self.states.find(c, s).map(|id| self.values[id as usize])
    }
}

/// The rounds search with its history: values of any belief state.
pub struct RoundsSolution {
    pub table: Placements,
    pub reading: Reading,
    values: RoundValues,
    summary: EndgameSummary,
}

impl RoundsSolution {
    pub(crate) fn new(table: Placements, reading: Reading, values: RoundValues) -> RoundsSolution {
        let starts = starts(&table);
        let summary = summarise(
            &table,
            reading,
            &starts,
            values.max_sets,
            values.peak_bytes,
            |code, sq| values.value(&table, code, sq),
        );
        RoundsSolution {
            table,
            reading,
            values,
            summary,
        }
    }

    pub fn summary(&self) -> &EndgameSummary {
        &self.summary
    }

    /// Every round's won sets, for [`super::table_file::encode`].
    pub fn values(&self) -> &RoundValues {
        &self.values
    }
}

impl Explain for RoundsSolution {
    fn table(&self) -> &Placements {
        &self.table
    }

    fn reading(&self) -> Reading {
        self.reading
    }

    /// Every belief state has a value here: not won (0) when no round won
    /// it.
    fn value(&self, code: u32, set: u64) -> Option<u16> {
        if set == 0 {
            return Some(1);
        }
        let game = Game {
            table: &self.table,
            reading: self.reading,
        };
        let (c, s) = game.canonical(code, set);
        Some(self.values.value_canonical(c, s))
    }
}

/// Questions about single positions, for any search that can value a
/// belief state: a value, the optimal line, Black's answers.
pub trait Explain {
    fn table(&self) -> &Placements;
    fn reading(&self) -> Reading;

    /// White moves to capture the king from White's men `code` and belief
    /// set `set` (White to move, `set` unseen): `Some(0)` not won,
    /// `Some(1)` for the empty set (the capture is all that is left),
    /// `None` for a state the search cannot value.
    fn value(&self, code: u32, set: u64) -> Option<u16>;

    /// The value of a placement and a belief set; the set is first cut to
    /// the squares White does not see (a seen king is captured at once).
    fn value_of(&self, p: &Placement, set: u64) -> Option<u16> {
        if !self.table().valid(&self.table().normalise(*p)) {
            return None;
        }
        let code = self.table().code(p);
        let info = self.table().get(code);
        if set & info.seen != 0 {
            return Some(1);
        }
        self.value(code, set & !info.occupied & self.table().board.mask())
    }

    fn move_text(&self, from: u32, to: u32) -> String {
        move_text(self.table(), from, to)
    }

    /// The safe moves from a state with their belief sets and values (the
    /// move's value: 1 + its worst belief set's).
    fn scored_moves(&self, code: u32, set: u64) -> Vec<ScoredMove> {
        let game = Game {
            table: self.table(),
            reading: self.reading(),
        };
        let mut out = Vec::new();
        for &to in self.table().moves_of(code) {
            let after = self.table().get(to);
            if !Game::safe(after, set) {
                continue;
            }
            let mut branches = Vec::new();
            game.branches(after, set, |b| branches.push((b, 0u16)));
            let mut worst = Some(1u16);
            for (b, v) in branches.iter_mut() {
                let value = self.value(to, *b);
                *v = value.unwrap_or(0);
                worst = match (worst, value) {
                    (Some(w), Some(x)) if x != 0 => Some(w.max(x)),
                    _ => None,
                };
            }
            out.push((to, branches, worst.map(|w| w + 1)));
        }
        out
    }

    /// The optimal line from a start (men, black king's square), or `None`
    /// when the start is not won or not a start.
    fn line(&self, p: &Placement, king: u8) -> Option<Line> {
        let mut code = self.table().code(p);
        let mut set = 1u64 << king;
        let moves = self.value_of(p, set).filter(|&v| v > 1)?;
        let mut steps = Vec::new();
        let mut left = moves;
        while set != 0 {
            let (to, branches, v) = self
                .scored_moves(code, set)
                .into_iter()
                .filter(|m| m.2.is_some())
                .min_by_key(|m| m.2)?;
            debug_assert_eq!(v, Some(left));
            let (worst, _) = branches
                .iter()
                .copied()
                .max_by_key(|&(b, v)| if b == 0 { 1 } else { v })
                .unwrap_or((0, 1));
            left -= 1;
            steps.push(line_step(
                self.table(),
                self.reading(),
                (code, set),
                (to, worst),
                left,
            ));
            code = to;
            set = worst;
        }
        steps.push(capture_step(self.table(), code));
        Some(Line {
            start: start_text(self.table(), p, king),
            moves,
            steps,
        })
    }

    /// Black's answer to every White move from a state White does not win
    /// (men, belief set): the undefended man or king it captures, or a
    /// belief set White still does not win. Empty when the state is won.
    fn refutations(&self, p: &Placement, set: u64) -> Vec<Refutation> {
        if self.value_of(p, set) != Some(0) {
            return Vec::new();
        }
        let code = self.table().code(p);
        let mut out = Vec::new();
        for &to in self.table().moves_of(code) {
            let after = self.table().get(to);
            let white_move = self.move_text(code, to);
            if !Game::safe(after, set) {
                let captures_square = bits(
                    self.table().placement(to)[..self.table().count]
                        .iter()
                        .fold(0u64, |m, &sq| {
                            if self.table().board.king_steps(1 << sq) & set & after.forbidden != 0 {
                                m | 1 << sq
                            } else {
                                m
                            }
                        }),
                )
                .next();
                out.push(Refutation {
                    white_move,
                    captures: captures_square.map(Board::name),
                    keeps: Vec::new(),
                    placement: self.table().placement(to),
                    captures_square,
                    keeps_set: 0,
                });
                continue;
            }
            let mut keep = None;
            let game = Game {
                table: self.table(),
                reading: self.reading(),
            };
            game.branches(after, set, |b| {
                if b != 0 && keep.is_none() && self.value(to, b) == Some(0) {
                    keep = Some(b);
                }
            });
            out.push(Refutation {
                white_move,
                captures: None,
                keeps: names(keep.unwrap_or(0)),
                placement: self.table().placement(to),
                captures_square: None,
                keeps_set: keep.unwrap_or(0),
            });
        }
        out
    }
}
