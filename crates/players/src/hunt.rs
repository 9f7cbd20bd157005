//! Hunting a king the player cannot see.
//!
//! Under an umpire, a side that is far ahead still has to mate a king it
//! never sees. Averaging a shallow search over a few sampled boards does
//! not do it: each board's king is somewhere else, so the pieces drift. What
//! does is to fence the king in — to make the set of squares where it may
//! stand after its reply as small as possible — while the search on each
//! board keeps the pieces safe and brings the king near.
//!
//! [`Region`] measures that set for one candidate move: the boards the move
//! is legal on are split by what the umpire will say of it (check, a
//! capture and where), since the player will know which group it is in; in
//! each group the hunted king's squares after every reply are joined, and
//! the group's size is weighed by its share of the boards.

use fogbound_engine::{Bitboard, Color, Move, Position, Role, RuleMode, Square};

/// Whether the hunt applies: the enemy has no men but its king and pawns
/// on any board, and the player has at least a rook's worth of pieces.
pub fn hunting<B: Bitboard>(boards: &[&Position<B>], me: Color) -> bool {
    let Some(first) = boards.first() else {
        return false;
    };
    let force: i32 = first
        .men()
        .filter(|(_, pc)| pc.color == me)
        .map(|(_, pc)| match pc.role {
            Role::Queen | Role::Archbishop => 900,
            Role::Rook => 500,
            Role::Bishop | Role::Knight | Role::Hunter => 300,
            _ => 0,
        })
        .sum();
    force >= 500
        && boards.iter().all(|p| {
            p.men()
                .filter(|(_, pc)| pc.color != me)
                .all(|(_, pc)| pc.role.spec().royal || pc.role.spec().pawn)
        })
}

/// One candidate's groups of boards, as the umpire will tell them apart.
#[derive(Default)]
pub struct Region<B: Bitboard> {
    /// (check given, square of a capture, the hunted king's squares after
    /// the reply, boards)
    groups: Vec<(bool, Option<Square>, B, u32)>,
    /// Boards on which the hunted side may take a man of the hunter's in
    /// reply (a man left next to the king, unguarded), and the board's
    /// squares: the fence is broken there, whatever squares the king keeps.
    broken: u32,
    squares: u32,
}

impl<B: Bitboard> Region<B> {
    /// Adds one board on which the candidate was played (`after`, the
    /// hunted side to move), its capture at `took`.
    pub fn add(&mut self, after: &Position<B>, took: Option<Square>) {
        let check = after.is_check();
        let hunted = after.turn();
        let Some(king) = after.royals(hunted).first() else {
            return;
        };
        let mut squares = B::default();
        let replies = after.moves(RuleMode::Orthodox);
        if replies
            .iter()
            .any(|m| m.capture.is_some_and(|c| !c.spec().pawn))
        {
            let g = after.geometry();
            self.squares = u32::from(g.width()) * u32::from(g.height());
            self.broken += 1;
            return;
        }
        for m in replies.iter() {
            squares.add(destination(m, king));
        }
        match self
            .groups
            .iter_mut()
            .find(|(c, t, _, _)| *c == check && *t == took)
        {
            Some(g) => {
                g.2 |= squares;
                g.3 += 1;
            }
            None => self.groups.push((check, took, squares, 1)),
        }
    }

    /// The expected number of squares the king may stand on after its
    /// reply (0 when no board was added).
    pub fn expected(&self) -> f64 {
        let total: u32 = self.groups.iter().map(|g| g.3).sum::<u32>() + self.broken;
        if total == 0 {
            return 0.0;
        }
        let fenced: f64 = self
            .groups
            .iter()
            .map(|(_, _, sq, n)| f64::from(sq.count()) * f64::from(*n))
            .sum();
        (fenced + f64::from(self.broken) * f64::from(self.squares)) / f64::from(total)
    }
}

/// Where the hunted king stands after `m`.
fn destination(m: &Move, king: Square) -> Square {
    if m.role.spec().royal {
        m.to
    } else {
        king
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogbound_engine::{Bitboard64, Variant};

    fn pos(fen: &str) -> Position<Bitboard64> {
        Position::from_fen(&Variant::chess(), fen).unwrap()
    }

    /// The squares the hunted king is expected to have in the one position
    /// of `fen`.
    fn expected(fen: &str) -> f64 {
        let mut r = Region::default();
        r.add(&pos(fen), None);
        r.expected()
    }

    #[test]
    fn a_king_in_the_corner_behind_a_rook_has_few_squares() {
        // Black king h8, white rook on the 7th: the king has g8 only.
        assert_eq!(expected("7k/R7/8/8/8/8/8/K7 b - - 0 1"), 1.0);
        // The same king in the open has eight.
        assert_eq!(expected("8/8/8/4k3/8/8/8/K6R b - - 0 1"), 8.0);
    }

    #[test]
    fn a_man_left_to_the_king_breaks_the_fence() {
        // The rook checks from g7, next to the king on h8 and unguarded:
        // the king takes it, which a count of its squares ({g7}) would
        // call the tightest fence of all.
        assert_eq!(expected("7k/6R1/8/8/8/8/8/K7 b - - 0 1"), 64.0);
        // Guarded by its king, the same rook fences the king in.
        assert_eq!(expected("7k/6R1/5K2/8/8/8/8/8 b - - 0 1"), 0.0);
    }

    #[test]
    fn groups_told_apart_by_a_check_are_not_joined() {
        // Two boards: one with the king on h8 checked along the 8th rank,
        // one with the king on e4, not checked.
        let checked = pos("R6k/8/8/8/8/8/8/K7 b - - 0 1");
        let quiet = pos("R7/8/8/8/4k3/8/8/K7 b - - 0 1");
        let mut r = Region::default();
        r.add(&checked, None);
        r.add(&quiet, None);
        // h8: g7 and h7 (g8 is on the rank) = 2; e4: 8. Separately 5 on
        // average; joined it would be 10.
        assert_eq!(r.expected(), 5.0);
    }

    #[test]
    fn the_hunt_needs_a_bare_king_and_a_rook() {
        let krk = pos("8/8/8/4k3/8/8/8/K6R w - - 0 1");
        assert!(hunting(&[&krk], Color::White));
        let kbk = pos("8/8/8/4k3/8/8/8/K6B w - - 0 1");
        assert!(!hunting(&[&kbk], Color::White));
        let knight_left = pos("8/8/8/4k1n1/8/8/8/K6R w - - 0 1");
        assert!(!hunting(&[&knight_left], Color::White));
        let pawns = pos("8/6p1/8/4k3/8/8/8/K6Q w - - 0 1");
        assert!(hunting(&[&pawns], Color::White));
    }
}
