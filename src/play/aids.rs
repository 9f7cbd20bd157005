//! Memory aids of one player: phantom men and last-seen ghosts.
//!
//! - **Phantoms** are the player's own notes: an enemy man they place on a
//!   square they cannot see, where they think it stands. Only the owner's
//!   view ever draws them; they are kept in the save per player. A phantom
//!   on a square the player comes to see is dropped (the square answered the
//!   guess).
//! - **Ghosts** are enemy men the player saw and no longer sees, drawn faded
//!   where they were last seen. They are computed only from what the player
//!   was shown: the observation at the start of each of their turns (what
//!   they see when they lift the curtain), their board right after each of
//!   their own moves (what they look at before passing) and their own
//!   moves. The rules:
//!   a square the player now sees clears its ghost; an enemy man seen on a
//!   square that is now hidden leaves a ghost there, unless the player knows
//!   it left (the opponent's move started there, or the player captured on
//!   that square); a capture the player learns of clears the ghost of its
//!   square; and a kind of man the enemy cannot gain (pawns, the king — any
//!   role their pawns cannot promote to) never has more ghosts plus seen men
//!   than the enemy started with: the oldest ghosts go first.
//!
//! Ghosts are rebuilt from the game's log when a save is loaded (see
//! `GameTable::from_json`), so only the phantoms and the switches are saved.

use std::collections::BTreeMap;

use fogbound_engine::small_sort::sort_small;
use fogbound_engine::{Cell, Color, Geometry, Observation, Piece, SeenMove, Square};

use super::piece_codes::{piece_code, piece_of_code};
use serde::{Deserialize, Serialize};

/// An enemy man last seen on a square, and the ply of that sighting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ghost {
    pub piece: Piece,
    pub since: u32,
}

/// One player's ghost bookkeeping. See the module docs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ghosts {
    /// The ghosts, by square index.
    ghosts: BTreeMap<u8, Ghost>,
    /// The enemy men of the last observation shown, by square index.
    seen: BTreeMap<u8, Piece>,
    /// The ply of that observation.
    seen_ply: u32,
}

impl Ghosts {
    /// The ghosts, square by square.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Ghost)> + '_ {
        self.ghosts.iter().map(|(&i, &g)| (Square(i), g))
    }

    pub fn at(&self, square: Square) -> Option<Ghost> {
        self.ghosts.get(&square.0).copied()
    }

    pub fn len(&self) -> usize {
        self.ghosts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ghosts.is_empty()
    }

    /// The player made a move (`mine` as their own observation tells it):
    /// the square they moved to and any square they captured on hold no
    /// ghost and no remembered enemy man any more.
    pub fn own_move(&mut self, mine: &SeenMove) {
        for sq in [mine.to, mine.capture_at].into_iter().flatten() {
            self.ghosts.remove(&sq.0);
            self.seen.remove(&sq.0);
        }
    }

    /// The player is shown `obs` (the start of their turn). `caps` limits
    /// kinds of enemy men that cannot multiply: (man, how many at most).
    pub fn shown(&mut self, obs: &Observation, caps: &[(Piece, usize)]) {
        let player = obs.player;
        let theirs = obs.last_move.filter(|m| m.by == Some(!player));
        let left = theirs.and_then(|m| m.from);
        let captured = obs.last_move.and_then(|m| m.capture_at);
        // Seen before, hidden now, not known to have left: a ghost.
        for (&i, &piece) in &self.seen {
            let sq = Square(i);
            if obs.cell(sq) == Cell::Fog && Some(sq) != left && Some(sq) != captured {
                self.ghosts.insert(
                    i,
                    Ghost {
                        piece,
                        since: self.seen_ply,
                    },
                );
            }
        }
        for sq in [left, captured].into_iter().flatten() {
            self.ghosts.remove(&sq.0);
        }
        // What the player sees now needs no ghost.
        for (i, cell) in obs.squares.iter().enumerate() {
            if *cell != Cell::Fog {
                self.ghosts.remove(&(i as u8));
            }
        }
        self.seen = obs
            .men()
            .into_iter()
            .filter(|(_, p)| p.color != player)
            .map(|(sq, p)| (sq.0, p))
            .collect();
        self.seen_ply = obs.ply;
        // Never more of a kind than the enemy can have: oldest ghosts go.
        for &(piece, cap) in caps {
            let visible = self.seen.values().filter(|&&p| p == piece).count();
            let mut mine: Vec<(u32, u8)> = self
                .ghosts
                .iter()
                .filter(|(_, g)| g.piece == piece)
                .map(|(&i, g)| (g.since, i))
                .collect();
            sort_small(&mut mine);
            let excess = (visible + mine.len()).saturating_sub(cap);
            for (_, i) in mine.into_iter().take(excess) {
                self.ghosts.remove(&i);
            }
        }
    }
}

/// The limits [`Ghosts::shown`] applies for a player whose enemy is
/// `enemy`: every enemy role their pawns cannot promote to, with its count
/// in the start position (`placement` is the FEN's first field).
pub fn ghost_caps(
    placement: &str,
    enemy: Color,
    promotions: &[fogbound_engine::Role],
) -> Vec<(Piece, usize)> {
    let mut counts: BTreeMap<char, usize> = BTreeMap::new();
    for c in placement.chars() {
        if let Some(p) = Piece::from_char(c) {
            if p.color == enemy {
                *counts.entry(c).or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .filter_map(|(c, n)| Piece::from_char(c).map(|p| (p, n)))
        .filter(|(p, _)| !promotions.contains(&p.role))
        .collect()
}

/// A tool picked from the phantom tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrayTool {
    /// Place this enemy man on hidden squares.
    Place(Piece),
    /// Take phantoms off.
    Remove,
}

/// What one player keeps between turns and in the save: their phantoms and
/// whether each aid is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notes {
    /// The enemy man the player guessed on each square.
    pub phantoms: BTreeMap<Square, Piece>,
    pub show_phantoms: bool,
    pub show_ghosts: bool,
}

impl Default for Notes {
    fn default() -> Self {
        Notes {
            phantoms: BTreeMap::new(),
            show_phantoms: true,
            show_ghosts: true,
        }
    }
}

/// [`Notes`] as the save keeps them: square names and piece codes
/// (`"d8": "bQ"`), readable whatever the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotesFile {
    #[serde(default)]
    pub phantoms: BTreeMap<String, String>,
    #[serde(default = "yes")]
    pub show_phantoms: bool,
    #[serde(default = "yes")]
    pub show_ghosts: bool,
}

fn yes() -> bool {
    true
}

impl Default for NotesFile {
    fn default() -> Self {
        NotesFile {
            phantoms: BTreeMap::new(),
            show_phantoms: true,
            show_ghosts: true,
        }
    }
}

impl Notes {
    /// The save's form, squares named on `g`.
    pub fn to_file(&self, g: Geometry) -> NotesFile {
        NotesFile {
            phantoms: self
                .phantoms
                .iter()
                .map(|(&sq, &p)| (g.square_name(sq), piece_code(p)))
                .collect(),
            show_phantoms: self.show_phantoms,
            show_ghosts: self.show_ghosts,
        }
    }

    /// Reads the save's form on `g`, keeping only phantoms the player could
    /// have placed: on a square of the board, a man of `tray`.
    pub fn from_file(file: &NotesFile, g: Geometry, tray: &[Piece]) -> Notes {
        let phantoms = file
            .phantoms
            .iter()
            .filter_map(|(name, code)| Some((g.parse_square(name)?, piece_of_code(code)?)))
            .filter(|(_, p)| tray.contains(p))
            .collect();
        Notes {
            phantoms,
            show_phantoms: file.show_phantoms,
            show_ghosts: file.show_ghosts,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::piece_codes::piece_of_code;
    use fogbound_engine::{Role, Square};

    fn obs(player: Color, ply: u32, cells: &[(u8, Cell)], last: Option<SeenMove>) -> Observation {
        let mut squares = vec![Cell::Fog; 64];
        for &(i, c) in cells {
            squares[usize::from(i)] = c;
        }
        Observation {
            player,
            variant: "chess".into(),
            ply,
            width: 8,
            height: 8,
            turn: player,
            squares,
            last_move: last,
            hints: Vec::new(),
            try_hints: Vec::new(),
            announcements: Vec::new(),
            extras: Default::default(),
            actions: Default::default(),
            outcome: None,
        }
    }

    const BN: Piece = Piece {
        color: Color::Black,
        role: Role::Knight,
    };
    const BK: Piece = Piece {
        color: Color::Black,
        role: Role::King,
    };

    #[test]
    fn a_man_seen_then_fogged_leaves_a_ghost_and_seeing_the_square_clears_it() {
        let mut g = Ghosts::default();
        g.shown(&obs(Color::White, 0, &[(45, Cell::Man(BN))], None), &[]);
        assert!(g.is_empty());
        g.shown(&obs(Color::White, 2, &[], None), &[]);
        assert_eq!(
            g.at(Square(45)),
            Some(Ghost {
                piece: BN,
                since: 0
            })
        );
        // Still hidden: the ghost stays, with its first sighting's ply.
        g.shown(&obs(Color::White, 4, &[], None), &[]);
        assert_eq!(g.at(Square(45)).unwrap().since, 0);
        // Seen empty: gone.
        g.shown(&obs(Color::White, 6, &[(45, Cell::Empty)], None), &[]);
        assert!(g.is_empty());
    }

    #[test]
    fn known_departures_and_captures_leave_no_ghost() {
        let mut g = Ghosts::default();
        g.shown(
            &obs(
                Color::White,
                0,
                &[(45, Cell::Man(BN)), (50, Cell::Man(BN))],
                None,
            ),
            &[],
        );
        // Black's move is known to start on f6 (45): no ghost there.
        let theirs = SeenMove {
            by: Some(Color::Black),
            from: Some(Square(45)),
            ..SeenMove::default()
        };
        g.shown(&obs(Color::White, 2, &[], Some(theirs)), &[]);
        assert_eq!(g.at(Square(45)), None);
        assert!(g.at(Square(50)).is_some());
        // White captures on c7 (50): the ghost goes.
        g.own_move(&SeenMove {
            by: Some(Color::White),
            from: Some(Square(35)),
            to: Some(Square(50)),
            capture_at: Some(Square(50)),
            ..SeenMove::default()
        });
        assert!(g.is_empty());
    }

    #[test]
    fn a_man_captured_by_the_player_leaves_no_ghost_even_when_fogged_after() {
        let mut g = Ghosts::default();
        g.shown(&obs(Color::White, 0, &[(36, Cell::Man(BN))], None), &[]);
        g.own_move(&SeenMove {
            by: Some(Color::White),
            from: Some(Square(21)),
            to: Some(Square(36)),
            capture_at: Some(Square(36)),
            ..SeenMove::default()
        });
        // Black recaptured; e5 is hidden again, and White knows a capture
        // happened there.
        let theirs = SeenMove {
            by: Some(Color::Black),
            capture_at: Some(Square(36)),
            ..SeenMove::default()
        };
        g.shown(&obs(Color::White, 2, &[], Some(theirs)), &[]);
        assert!(g.is_empty());
    }

    #[test]
    fn a_king_seen_elsewhere_drops_its_old_ghost() {
        let caps = ghost_caps(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            Color::Black,
            &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
        );
        assert!(caps.contains(&(BK, 1)));
        assert!(!caps.iter().any(|(p, _)| p.role == Role::Queen));
        assert!(caps.contains(&(
            Piece {
                color: Color::Black,
                role: Role::Pawn
            },
            8
        )));
        let mut g = Ghosts::default();
        g.shown(&obs(Color::White, 0, &[(60, Cell::Man(BK))], None), &caps);
        g.shown(&obs(Color::White, 2, &[], None), &caps);
        assert!(g.at(Square(60)).is_some());
        g.shown(&obs(Color::White, 4, &[(62, Cell::Man(BK))], None), &caps);
        assert!(g.is_empty(), "the king cannot be on two squares");
    }

    #[test]
    fn notes_read_old_and_partial_saves() {
        let n: NotesFile = serde_json::from_str("{}").unwrap();
        assert_eq!(n, Notes::default().to_file(Geometry::new(8, 8).unwrap()));
        let n: NotesFile =
            serde_json::from_str::<NotesFile>(r#"{"phantoms":{"d8":"bQ"},"show_ghosts":false}"#)
                .unwrap();
        assert!(n.show_phantoms && !n.show_ghosts);
        assert_eq!(n.phantoms.get("d8").map(String::as_str), Some("bQ"));
        let g = Geometry::new(8, 8).unwrap();
        let bq = piece_of_code("bQ").unwrap();
        let notes = Notes::from_file(&n, g, &[bq]);
        assert_eq!(
            notes.phantoms.get(&g.parse_square("d8").unwrap()),
            Some(&bq)
        );
        assert_eq!(notes.to_file(g), n);
        assert!(
            Notes::from_file(&n, g, &[]).phantoms.is_empty(),
            "not in the tray"
        );
        assert_eq!(piece_of_code("bQx"), None);
        assert_eq!(piece_of_code("z"), None);
    }
}
