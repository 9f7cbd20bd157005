//! The viewer's picture of a board, as the board component draws it: a
//! piece, fog or empty per square, and the marks the builder of the picture
//! decided the viewer may see (destinations, highlights, aids, a slide).
//! It has no notion of a true position.

/// What one square shows to the viewer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareView {
    /// Piece code: colour letter then piece letter (`wK`, `bN`, `wA`).
    pub piece: Option<String>,
    /// Hidden from the viewer: drawn as fog, never as empty.
    pub fog: bool,
    /// A legal destination of the selected piece.
    pub dest: bool,
    /// A square the selected piece may try to move to, the viewer unable to
    /// know whether the move is possible (a Kriegspiel pawn capture).
    pub try_dest: bool,
    /// Part of the last move as the viewer knows it, or the selected square.
    pub highlight: bool,
    /// Flashed red (Dark Chess: a man that would attack the king).
    pub flash: bool,
    /// The square the viewer selected.
    pub selected: bool,
    /// One of the viewer's own men that may move now: it can be dragged.
    pub movable: bool,
    /// The viewer's own phantom: an enemy man they placed here (a guess).
    pub phantom: Option<String>,
    /// An enemy man the viewer last saw here (a faded memory).
    pub ghost: Option<String>,
    /// A square of the move the computer suggested to the viewer (a hint).
    pub hint: bool,
    /// After a game: the share, in percent, of the computer's candidate
    /// boards that put an enemy man here (what it believed, drawn as heat).
    pub belief: Option<u8>,
}

/// The viewer's picture of a board: `files × ranks` squares, a1 first,
/// rank by rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub files: u8,
    pub ranks: u8,
    pub squares: Vec<SquareView>,
    /// A move the viewer saw completely, as square indices `(from, to)`:
    /// the man now on `to` slides in from `from`. Only the builder of the
    /// view decides this, from what the viewer knows.
    pub slide: Option<(usize, usize)>,
}

impl BoardView {
    /// An empty board with nothing hidden.
    pub fn empty(files: u8, ranks: u8) -> BoardView {
        BoardView {
            files,
            ranks,
            squares: vec![SquareView::default(); usize::from(files) * usize::from(ranks)],
            slide: None,
        }
    }

    /// Reads the piece-placement field of a FEN-like string (ranks from the
    /// top, `/` between ranks, digits for empty runs, `?` for a fogged
    /// square). Returns `None` when the text does not describe a
    /// `files × ranks` board.
    pub fn from_placement(files: u8, ranks: u8, placement: &str) -> Option<BoardView> {
        let mut view = BoardView::empty(files, ranks);
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != usize::from(ranks) {
            return None;
        }
        for (row, text) in rows.iter().enumerate() {
            let rank = ranks - 1 - row as u8;
            let mut file: u16 = 0;
            let mut digits = String::new();
            let flush = |digits: &mut String, file: &mut u16| -> Option<()> {
                if !digits.is_empty() {
                    *file += digits.parse::<u16>().ok()?;
                    digits.clear();
                }
                Some(())
            };
            for ch in text.chars() {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                flush(&mut digits, &mut file)?;
                if file >= u16::from(files) {
                    return None;
                }
                let index = usize::from(rank) * usize::from(files) + usize::from(file);
                let square = &mut view.squares[index];
                match ch {
                    '?' => square.fog = true,
                    c if c.is_ascii_alphabetic() => {
                        let colour = if c.is_ascii_uppercase() { 'w' } else { 'b' };
                        square.piece = Some(format!("{colour}{}", c.to_ascii_uppercase()));
                    }
                    _ => return None,
                }
                file += 1;
            }
            flush(&mut digits, &mut file)?;
            if file != u16::from(files) {
                return None;
            }
        }
        Some(view)
    }

    pub fn index(&self, file: u8, rank: u8) -> usize {
        usize::from(rank) * usize::from(self.files) + usize::from(file)
    }
}

/// A square of a board as the board reports it: file and rank from 0
/// (`a1` is 0, 0). Boards up to 26 files wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardSquare {
    pub file: u8,
    pub rank: u8,
}

impl BoardSquare {
    /// The square of index `index` (rank by rank, a1 first) on a board
    /// `files` wide.
    pub fn of_index(index: usize, files: u8) -> BoardSquare {
        let files = usize::from(files.max(1));
        BoardSquare {
            file: (index % files) as u8,
            rank: (index / files) as u8,
        }
    }

    /// Its index on a board `files` wide (rank by rank, a1 first) — the
    /// engine's square numbering on the same board.
    pub fn index(self, files: u8) -> usize {
        usize::from(self.rank) * usize::from(files) + usize::from(self.file)
    }

    /// `e4`.
    pub fn name(self) -> String {
        square_name(self.file, self.rank)
    }
}

/// `a1`-style name of a square; files run `a`…`p` (16 files at most).
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), u16::from(rank) + 1)
}

/// The label a square gives assistive technology: its name and what the
/// viewer sees there (a man, "hidden" or "empty"), then whether it is
/// selected or a possible move. Built from the view alone, so it can say
/// nothing the viewer may not know.
pub fn square_label(name: &str, square: &SquareView) -> String {
    let mut label = match (&square.piece, square.fog) {
        (Some(code), _) => format!("{name}, {}", piece_name(code)),
        (None, true) => format!("{name}, hidden"),
        (None, false) => format!("{name}, empty"),
    };
    if let Some(code) = &square.phantom {
        label.push_str(&format!(" (your phantom: {})", piece_name(code)));
    }
    if let Some(code) = &square.ghost {
        label.push_str(&format!(" (last seen here: {})", piece_name(code)));
    }
    if square.selected {
        label.push_str(", selected");
    }
    if square.hint {
        label.push_str(", part of the hint");
    }
    if let Some(share) = square.belief {
        label.push_str(&format!(", the computer's boards put a man here {share}%"));
    }
    if square.dest {
        label.push_str(", possible move");
    } else if square.try_dest {
        label.push_str(", a try: the umpire decides");
    }
    label
}

/// The letter on a game token, for codes that are not chessmen. Chessmen
/// are drawn from `static/pieces/{code}.svg`, our own set.
pub(crate) fn token_letter(code: &str) -> Option<&'static str> {
    match code {
        "fox" => Some("F"),
        "hound" => Some("H"),
        _ => None,
    }
}

/// Spoken name of a piece code, for accessible labels.
pub fn piece_name(code: &str) -> String {
    if code == "fox" || code == "hound" {
        return code.to_string();
    }
    let colour = if code.starts_with('w') {
        "white"
    } else {
        "black"
    };
    let kind = match code.chars().nth(1) {
        Some('K') => "king",
        Some('Q') => "queen",
        Some('R') => "rook",
        Some('B') => "bishop",
        Some('N') => "knight",
        Some('P') => "pawn",
        Some('A') => "archbishop",
        Some('H') => "hunter",
        Some('F') => "fool",
        _ => "piece",
    };
    format!("{colour} {kind}")
}
