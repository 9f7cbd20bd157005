//! Kriegspiel tries the mover could have known were impossible. The
//! umpire answers them with the preset's nonsense word ("Nonsense",
//! "Impossible", "Hell no") to the mover alone: the opponent never learns
//! anything from such a try, it is not counted as a rebuff, and it
//! discharges no "Any?" duty.
//!
//! "Could have known" is read from what the mover holds for certain: its own
//! men and the men's moves, and what the umpire told it this turn — never
//! from where the opponent's men may stand. (Wolfe's Berkeley rules say so
//! in as many words: a pawn capture tried on the first move, which no black
//! man can answer yet, is a plain "No".) The kinds, each a flag of
//! [`KriegspielRules`](crate::KriegspielRules) but the first:
//!
//! - a try its own board rules out ([`possible_on_own_board`]): a man it
//!   does not have, a move its men do not make, a path through its own men,
//!   a promotion the variant does not offer;
//! - a try refused already this turn ([`same_try`]);
//! - a pawn capture after the umpire said this turn that there is none;
//! - in check, a try that cannot answer the check the umpire announced
//!   ([`may_answer_check`], RAND rule 7).

use crate::model::{find_in, masked};
use crate::observation::CheckDirection;
use crate::{Bitboard, Color, MoveAttempt, Position, Role, Square};

/// Whether `a` is a pawn's diagonal try by `player` in `pos`.
pub(crate) fn is_pawn_capture_try<B: Bitboard>(
    pos: &Position<B>,
    player: Color,
    a: &MoveAttempt,
) -> bool {
    pos.pieces(player, Role::Pawn).contains(a.from)
        && pos.rules().pawn_attacks(player, a.from).contains(a.to)
}

/// Whether `a` could be legal as far as `player`'s own board shows (own men
/// only; an unseen enemy man could stand on any other square).
pub fn possible_on_own_board<B: Bitboard>(
    pos: &Position<B>,
    player: Color,
    a: &MoveAttempt,
) -> bool {
    let own = pos.by_color(player);
    if !own.contains(a.from) {
        return false;
    }
    if let Some(p) = a.promotion {
        if !pos.variant().promotion[player].contains(&p) {
            return false;
        }
    }
    let g = pos.geometry();
    let last_rank = g.relative_rank(player, g.rank(a.to)).0 == g.height() - 1;
    if is_pawn_capture_try(pos, player, a) {
        return !own.contains(a.to) && (a.promotion.is_none() || last_rank);
    }
    let view = masked(pos, player, B::EMPTY);
    view.pseudo_legal_moves()
        .iter()
        .any(|m| find_in(core::slice::from_ref(m), a).is_some())
}

/// Whether two tries are the same as far as legality goes: the same man to
/// the same square (and the same rook square under free castling). A
/// promotion's new man never changes whether the move is legal.
pub(crate) fn same_try(a: &MoveAttempt, b: &MoveAttempt) -> bool {
    a.from == b.from && a.to == b.to && a.rook_to == b.rook_to
}

/// Whether `a` may answer the check the umpire announced to `player` (to
/// move and in check in `pos`) along `directions`, as far as `player` can
/// tell: a king move that is not castling; against one check, a move onto
/// the announced line (interposing or taking the checker), a capture a
/// knight's leap from the king against a knight's check, or an en passant
/// capture landing just behind a diagonal neighbour of the king (it takes a
/// checking pawn from behind). Against a double check only the king moves.
pub fn may_answer_check<B: Bitboard>(
    pos: &Position<B>,
    player: Color,
    a: &MoveAttempt,
    directions: &[CheckDirection],
) -> bool {
    let Some(king) = pos.king_of(player) else {
        return true;
    };
    if a.from == king {
        let picture = masked(pos, player, B::EMPTY);
        let moves = picture.pseudo_legal_moves();
        return !find_in(&moves, a).is_some_and(|m| m.is_castle());
    }
    let [direction] = directions else {
        return false;
    };
    let g = pos.geometry();
    let (kf, kr) = g.coords(king);
    let (tf, tr) = g.coords(a.to);
    let (df, dr) = (tf - kf, tr - kr);
    let on_diagonal = |slope: i32| df != 0 && dr == slope * df;
    // The slope (+1 or -1) of the long diagonal through the king, as
    // `check_directions` names it (ties count as long).
    let long_slope = {
        let len = |s: i32| {
            let mut n = 1;
            for dir in [1, -1] {
                let (mut f, mut r) = (kf + dir, kr + dir * s);
                while g.square_at(f, r).is_some() {
                    n += 1;
                    f += dir;
                    r += dir * s;
                }
            }
            n
        };
        if len(1) >= len(-1) {
            1
        } else {
            -1
        }
    };
    let slopes: &[i32] = match direction {
        CheckDirection::Rank => return dr == 0 && df != 0,
        CheckDirection::File => return df == 0 && dr != 0,
        CheckDirection::Knight => {
            return (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1)
        }
        CheckDirection::LongDiagonal => &[long_slope],
        CheckDirection::ShortDiagonal => &[-long_slope],
        CheckDirection::Diagonal => &[1, -1],
    };
    if slopes.iter().any(|&s| on_diagonal(s)) {
        return true;
    }
    // En passant: the pawn lands one step beyond the checking pawn, which
    // stands diagonally next to the king.
    if is_pawn_capture_try(pos, player, a) {
        let forward = player.fold(1, -1);
        let behind: Option<Square> = g.square_at(tf, tr - forward);
        if let Some(b) = behind {
            let (bf, br) = g.coords(b);
            let (ef, er) = (bf - kf, br - kr);
            return ef.abs() == 1 && er.abs() == 1 && slopes.iter().any(|&s| er == s * ef);
        }
    }
    false
}
