//! Validated positions: men on squares, side to move, castling rights, en
//! passant square and move counters, bound to compiled [`Rules`].

use core::fmt;

use crate::setup::{CastlingFlag, FenError, Setup};
use crate::{
    Bitboard, CastlingRule, Color, File, Geometry, Move, MoveKind, Piece, Rank, Role, Rules,
    RulesError, Square, Variant,
};

/// Why a [`Setup`] is not a valid position of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The variant cannot be compiled for the chosen bitboard width.
    Rules(RulesError),
    /// The board has the wrong size for the variant.
    WrongBoard { expected: Geometry, found: Geometry },
    /// A man of a role the variant does not use.
    RoleNotInVariant { role: Role, square: String },
    /// A pawn on the first or last rank.
    PawnOnBackRank { square: String },
    /// More than one man that is subject to check (king) for one side.
    TooManyKings { color: Color },
    /// A castling right in a variant without castling.
    CastlingNotInVariant { flag: char },
    /// A castling right but no castling king on the side's first rank.
    CastlingWithoutKing { flag: char },
    /// A castling right naming no rook on the side's first rank.
    CastlingWithoutRook { flag: char },
    /// The en passant square is not one a pawn of the side that just moved
    /// can have crossed.
    EnPassant { square: String },
    /// The side not to move is in check (orthodox rule mode only).
    OppositeCheck,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Rules(e) => e.fmt(f),
            PositionError::WrongBoard { expected, found } => {
                write!(
                    f,
                    "the board is {found} but the variant is played on {expected}"
                )
            }
            PositionError::RoleNotInVariant { role, square } => {
                write!(f, "a {role} on {square}, but the variant has no {role}s")
            }
            PositionError::PawnOnBackRank { square } => {
                write!(f, "a pawn on {square}, on the first or last rank")
            }
            PositionError::TooManyKings { color } => {
                write!(f, "{color} has more than one king")
            }
            PositionError::CastlingNotInVariant { flag } => {
                write!(f, "castling right '{flag}' but the variant has no castling")
            }
            PositionError::CastlingWithoutKing { flag } => write!(
                f,
                "castling right '{flag}' but that side has no king on its first rank"
            ),
            PositionError::CastlingWithoutRook { flag } => write!(
                f,
                "castling right '{flag}' but there is no such rook on that side's first rank"
            ),
            PositionError::EnPassant { square } => write!(
                f,
                "en passant square {square} is not a square the last move's pawn crossed"
            ),
            PositionError::OppositeCheck => {
                write!(f, "the side that just moved is in check")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A position of a variant: see the module docs. Cloning is cheap (a few
/// bitboards); move generation and [`play`](Position::play) work on it
/// directly (copy-make).
#[derive(Clone)]
pub struct Position<B: Bitboard> {
    pub(crate) rules: &'static Rules<B>,
    pub(crate) by_role: [B; Role::COUNT],
    pub(crate) by_color: [B; 2],
    pub(crate) turn: Color,
    /// Rooks that still have castling rights.
    pub(crate) castling: B,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl<B: Bitboard> PartialEq for Position<B> {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.rules, other.rules)
            && self.by_role == other.by_role
            && self.by_color == other.by_color
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
    }
}

impl<B: Bitboard> Eq for Position<B> {}

impl<B: Bitboard> fmt::Debug for Position<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.rules.variant().id, self.to_fen())
    }
}

impl<B: Bitboard> fmt::Display for Position<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl<B: Bitboard> Position<B> {
    /// The start position of `variant`.
    pub fn start(variant: &Variant) -> Result<Position<B>, FenError> {
        Position::from_fen(variant, &variant.start_fen)
    }

    /// Reads a FEN and validates it for `variant`.
    pub fn from_fen(variant: &Variant, fen: &str) -> Result<Position<B>, FenError> {
        let setup = Setup::from_fen(fen)?;
        Ok(Position::from_setup(variant, &setup)?)
    }

    /// Validates `setup` for `variant`.
    pub fn from_setup(variant: &Variant, setup: &Setup) -> Result<Position<B>, PositionError> {
        let rules = Rules::<B>::get(variant).map_err(PositionError::Rules)?;
        let g = rules.geometry();
        if setup.geometry != g || setup.board.len() != g.square_count() {
            return Err(PositionError::WrongBoard {
                expected: g,
                found: setup.geometry,
            });
        }
        let mut pos = Position {
            rules,
            by_role: [B::EMPTY; Role::COUNT],
            by_color: [B::EMPTY; 2],
            turn: setup.turn,
            castling: B::EMPTY,
            ep: None,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
        };
        for sq in g.squares() {
            if let Some(p) = setup.board[sq.index()] {
                if !variant.has_role(p.role) {
                    return Err(PositionError::RoleNotInVariant {
                        role: p.role,
                        square: g.square_name(sq),
                    });
                }
                let rank = g.rank(sq).0;
                if p.role.spec().pawn && (rank == 0 || rank == g.height() - 1) {
                    return Err(PositionError::PawnOnBackRank {
                        square: g.square_name(sq),
                    });
                }
                pos.by_role[p.role.index()].add(sq);
                pos.by_color[p.color.index()].add(sq);
            }
        }
        for color in Color::ALL {
            if pos.checkables(color).more_than_one() {
                return Err(PositionError::TooManyKings { color });
            }
        }
        for &flag in &setup.castling {
            let ch = flag.char();
            if variant.castling == CastlingRule::None {
                return Err(PositionError::CastlingNotInVariant { flag: ch });
            }
            let color = match flag {
                CastlingFlag::KingSide(c)
                | CastlingFlag::QueenSide(c)
                | CastlingFlag::File(c, _) => c,
            };
            let back = pos.back_rank(color);
            let king = pos
                .castling_king(color)
                .ok_or(PositionError::CastlingWithoutKing { flag: ch })?;
            let kf = g.file(king).0;
            let rooks = pos.pieces(color, Role::Rook) & back;
            let rook = match flag {
                CastlingFlag::KingSide(_) => rooks.squares().filter(|&s| g.file(s).0 > kf).last(),
                CastlingFlag::QueenSide(_) => rooks.squares().find(|&s| g.file(s).0 < kf),
                CastlingFlag::File(_, file) => {
                    rooks.squares().find(|&s| g.file(s) == file && file.0 != kf)
                }
            };
            let rook = rook.ok_or(PositionError::CastlingWithoutRook { flag: ch })?;
            pos.castling.add(rook);
        }
        if let Some(ep) = setup.en_passant {
            let mover = !setup.turn;
            let w = g.width() as i32;
            let fwd = mover.fold(w, -w);
            let err = || PositionError::EnPassant {
                square: g.square_name(ep),
            };
            if g.relative_rank(mover, g.rank(ep)) != Rank(2)
                || pos.occupied().contains(ep)
                || !variant.pawn_double_step
            {
                return Err(err());
            }
            let pawn = Square((ep.0 as i32 + fwd) as u8);
            let origin = Square((ep.0 as i32 - fwd) as u8);
            if !pos.pieces(mover, Role::Pawn).contains(pawn) || pos.occupied().contains(origin) {
                return Err(err());
            }
            pos.ep = Some(ep);
        }
        Ok(pos)
    }

    /// The unvalidated form (for FEN output and editing).
    pub fn to_setup(&self) -> Setup {
        let g = self.geometry();
        let board = g.squares().map(|s| self.piece_at(s)).collect();
        let mut castling = Vec::new();
        for color in Color::ALL {
            let Some(king) = self.castling_king(color) else {
                continue;
            };
            let kf = g.file(king).0;
            let rooks = self.pieces(color, Role::Rook) & self.back_rank(color);
            let mut east: Vec<Square> = Vec::new();
            let mut west: Vec<Square> = Vec::new();
            for r in (self.castling & self.by_color[color.index()]).squares() {
                if g.file(r).0 > kf {
                    east.push(r);
                } else {
                    west.push(r);
                }
            }
            let outer_east = rooks.squares().filter(|&s| g.file(s).0 > kf).last();
            let outer_west = rooks.squares().find(|&s| g.file(s).0 < kf);
            for r in east.iter().rev() {
                castling.push(if Some(*r) == outer_east {
                    CastlingFlag::KingSide(color)
                } else {
                    CastlingFlag::File(color, g.file(*r))
                });
            }
            for r in west.iter() {
                castling.push(if Some(*r) == outer_west {
                    CastlingFlag::QueenSide(color)
                } else {
                    CastlingFlag::File(color, g.file(*r))
                });
            }
        }
        Setup {
            geometry: g,
            board,
            turn: self.turn,
            castling,
            en_passant: self.ep,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The FEN of the position.
    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// The compiled rules.
    #[inline]
    pub fn rules(&self) -> &'static Rules<B> {
        self.rules
    }

    /// The variant.
    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.rules.variant()
    }

    /// The board size.
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.rules.geometry()
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The square a pawn crossed with a double step on the last move, if any
    /// (whether or not a capture there is possible).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Rooks that keep castling rights.
    #[inline]
    pub fn castling_rooks(&self) -> B {
        self.castling
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, grows after Black's move).
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// All men of `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> B {
        self.by_color[color.index()]
    }

    /// All men of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> B {
        self.by_role[role.index()]
    }

    /// Men of `color` and `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> B {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> B {
        self.by_color[0] | self.by_color[1]
    }

    /// The role on `sq`.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    /// The man on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// Every man with its square, lowest square first.
    pub fn men(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .squares()
            .filter_map(|s| self.piece_at(s).map(|p| (s, p)))
    }

    /// `color`'s men that are subject to check (its king).
    #[inline]
    pub fn checkables(&self, color: Color) -> B {
        let mut bb = B::EMPTY;
        for &r in &self.rules.checkables {
            bb |= self.by_role[r.index()];
        }
        bb & self.by_color[color.index()]
    }

    /// `color`'s king (the man subject to check), if it has one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        if self.rules.orthodox {
            // The orthodox roles' only man subject to check is the king.
            return self.pieces(color, Role::King).first();
        }
        self.checkables(color).first()
    }

    /// `color`'s royal men (kings, fools).
    pub fn royals(&self, color: Color) -> B {
        let mut bb = B::EMPTY;
        for &r in &self.rules.royals {
            bb |= self.by_role[r.index()];
        }
        bb & self.by_color[color.index()]
    }

    /// `color`'s first rank.
    #[inline]
    pub fn back_rank(&self, color: Color) -> B {
        let h = self.geometry().height() as usize;
        self.rules.ranks[color.fold(0, h - 1)]
    }

    /// The man of `color` that castles (a king on its first rank), if any.
    pub fn castling_king(&self, color: Color) -> Option<Square> {
        let mut bb = B::EMPTY;
        for &r in &self.rules.castlers {
            bb |= self.by_role[r.index()];
        }
        (bb & self.by_color[color.index()] & self.back_rank(color)).first()
    }

    /// Men of colour `by` that attack `sq` with `occupied` as the blockers.
    /// "Attack" is reach: a fool attacks the squares it reaches although it
    /// cannot capture.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: B) -> B {
        let r = self.rules;
        let theirs = self.by_color[by.index()];
        let (diag, orth) = self.slider_groups(sq);
        let mut a = r.pawn_attacks(!by, sq) & self.by_role[Role::Pawn.index()];
        if r.orthodox {
            a |= r.leap_targets(Role::Knight, sq) & self.by_role[Role::Knight.index()];
            a |= r.leap_targets(Role::King, sq) & self.by_role[Role::King.index()];
        } else {
            for &role in &r.leapers {
                a |= r.leap_targets(role, sq) & self.by_role[role.index()];
            }
        }
        let lines = r.lines[sq.index()];
        if (diag & theirs & lines[0]).any() {
            a |= r.bishop_attacks(sq, occupied) & diag;
        }
        if (orth & theirs & lines[1]).any() {
            a |= r.rook_attacks(sq, occupied) & orth;
        }
        a & theirs
    }

    /// Men (both colours) that slide diagonally and orthogonally towards
    /// `sq` (hunters only when on `sq`'s colour).
    #[inline]
    pub(crate) fn slider_groups(&self, sq: Square) -> (B, B) {
        let r = self.rules;
        if r.orthodox {
            let q = self.by_role[Role::Queen.index()];
            return (
                self.by_role[Role::Bishop.index()] | q,
                self.by_role[Role::Rook.index()] | q,
            );
        }
        let mut diag = B::EMPTY;
        for &role in &r.diag_sliders {
            diag |= self.by_role[role.index()];
        }
        let mut orth = B::EMPTY;
        for &role in &r.orth_sliders {
            orth |= self.by_role[role.index()];
        }
        for &role in &r.orth_same_sliders {
            orth |= self.by_role[role.index()] & r.same_colour(sq);
        }
        (diag, orth)
    }

    /// Whether a man of colour `by` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: B) -> bool {
        let r = self.rules;
        let theirs = self.by_color[by.index()];
        if B::CAPACITY == 64 && r.orthodox && r.magics.is_some() {
            // 8×8 orthodox: slider attacks are two table lookups, so test
            // everything at once without branching.
            let br = &self.by_role;
            let q = br[Role::Queen.index()];
            let a = (r.pawn_attacks(!by, sq) & br[Role::Pawn.index()])
                | (r.leap_targets(Role::Knight, sq) & br[Role::Knight.index()])
                | (r.leap_targets(Role::King, sq) & br[Role::King.index()])
                | (r.bishop_attacks(sq, occupied) & (br[Role::Bishop.index()] | q))
                | (r.rook_attacks(sq, occupied) & (br[Role::Rook.index()] | q));
            return (a & theirs).any();
        }
        if (r.pawn_attacks(!by, sq) & self.by_role[Role::Pawn.index()] & theirs).any() {
            return true;
        }
        if r.orthodox {
            if (r.leap_targets(Role::Knight, sq) & self.by_role[Role::Knight.index()] & theirs)
                .any()
                || (r.leap_targets(Role::King, sq) & self.by_role[Role::King.index()] & theirs)
                    .any()
            {
                return true;
            }
        } else {
            for &role in &r.leapers {
                if (r.leap_targets(role, sq) & self.by_role[role.index()] & theirs).any() {
                    return true;
                }
            }
        }
        let (diag, orth) = self.slider_groups(sq);
        let lines = r.lines[sq.index()];
        let diag = diag & theirs;
        if (diag & lines[0]).any() && (r.bishop_attacks(sq, occupied) & diag).any() {
            return true;
        }
        let orth = orth & theirs;
        (orth & lines[1]).any() && (r.rook_attacks(sq, occupied) & orth).any()
    }

    /// Every square attacked (reached) by `by`'s men.
    pub fn attacked_squares(&self, by: Color) -> B {
        let occ = self.occupied();
        let mut bb = B::EMPTY;
        for sq in self.by_color[by.index()].squares() {
            if let Some(role) = self.role_at(sq) {
                bb |= self.rules.attacks(role, by, sq, occ);
            }
        }
        bb
    }

    /// Men attacking the side to move's king.
    #[inline]
    pub fn checkers(&self) -> B {
        match self.king_of(self.turn) {
            Some(k) => self.attackers_to(k, !self.turn, self.occupied()),
            None => B::EMPTY,
        }
    }

    /// Whether the side to move's king is attacked.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether `color`'s king is attacked (whoever is to move).
    pub fn is_king_attacked(&self, color: Color) -> bool {
        match self.king_of(color) {
            Some(k) => self.is_attacked(k, !color, self.occupied()),
            None => false,
        }
    }

    /// Plays `m`, which must come from this position's move generation (any
    /// rule mode); anything else may corrupt the position (it never panics
    /// for squares on the board). Use [`Game::play`](crate::Game::play) or
    /// the move-text parsers for untrusted input.
    #[inline]
    pub fn play(&mut self, m: &Move) {
        let us = self.turn;
        let them = !us;
        let (ui, ti) = (us.index(), them.index());
        let from = B::from_square(m.from);
        let to = B::from_square(m.to);
        self.ep = None;
        self.halfmoves = if m.is_zeroing() {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {
                if let Some(cap) = m.capture {
                    self.by_role[cap.index()] &= !to;
                    self.by_color[ti] &= !to;
                }
                self.by_role[m.role.index()] ^= from;
                self.by_role[m.role_after().index()] |= to;
                self.by_color[ui] ^= from | to;
                if m.kind == MoveKind::DoubleStep {
                    self.ep = Some(Square(((m.from.0 as u16 + m.to.0 as u16) / 2) as u8));
                }
            }
            MoveKind::EnPassant => {
                let w = self.geometry().width();
                let victim = B::from_square(match us {
                    Color::White => Square(m.to.0 - w),
                    Color::Black => Square(m.to.0 + w),
                });
                self.by_role[Role::Pawn.index()] &= !victim;
                self.by_color[ti] &= !victim;
                self.by_role[Role::Pawn.index()] ^= from | to;
                self.by_color[ui] ^= from | to;
            }
            MoveKind::Castle { rook_from, rook_to } => {
                let rf = B::from_square(rook_from);
                let rt = B::from_square(rook_to);
                self.by_role[m.role.index()] &= !from;
                self.by_role[Role::Rook.index()] &= !rf;
                self.by_color[ui] &= !(from | rf);
                self.by_role[m.role.index()] |= to;
                self.by_role[Role::Rook.index()] |= rt;
                self.by_color[ui] |= to | rt;
            }
        }
        if self.castling.any() {
            self.castling &= !(from | to);
            if m.role.spec().castles {
                self.castling &= !self.back_rank(us);
            }
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
    }

    /// The position after `m` (copy-make). Always inlined: the copy is
    /// then made where the caller keeps it (a call wrote it on its own
    /// stack first and copied it out, reading back what it had just
    /// written: an eighth of the cook pass went there, SOLVER-NOTES.md).
    #[must_use]
    #[inline(always)]
    pub fn after(&self, m: &Move) -> Position<B> {
        let mut p = self.clone();
        p.play(m);
        p
    }

    /// Sets the side to move (for analysis and for the information models,
    /// which ask what the side *not* to move could do). Clears the en passant
    /// square when the side changes.
    pub fn set_turn(&mut self, color: Color) {
        if color != self.turn {
            self.ep = None;
            self.turn = color;
        }
    }

    /// The square `file`, `rank`, if on the board (shorthand).
    pub fn square(&self, file: u8, rank: u8) -> Option<Square> {
        self.geometry().square(File(file), Rank(rank))
    }
}
