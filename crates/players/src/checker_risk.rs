//! What a man that gives check loses to the hidden enemy men able to take
//! it (BOT.md, "men handed to the unseen king").
//!
//! Under an umpire the side in check is told the check's direction, so it
//! knows where the checker may stand and tries to take it: a checker that a
//! hidden rook, queen, bishop or knight attacks is often lost. The belief's
//! boards say how often: on each board where the move gives check, the
//! loss if the cheapest such attacker takes (the man's worth, less the
//! taker's when the player's men guard the square on that board). The
//! enemy king's captures are priced by [`crate::king_odds`], its pawns'
//! by [`crate::pawn_odds`].

use fogbound_engine::{Bitboard, Color, Position, Role, Square};

/// On one board after the player's move to `to`, what the man there loses
/// if the cheapest enemy man other than the king and the pawns that
/// attacks it takes it (0 when none does).
pub fn checker_loss<B: Bitboard>(after: &Position<B>, to: Square, me: Color) -> f64 {
    let Some(man) = after.piece_at(to) else {
        return 0.0;
    };
    if man.color != me || man.role.spec().royal {
        return 0.0;
    }
    let occ = after.occupied();
    let takers = after.attackers_to(to, !me, occ);
    let cheapest = takers
        .squares()
        .filter_map(|s| after.piece_at(s))
        .filter(|p| !p.role.spec().royal && !p.role.spec().pawn && p.role != Role::King)
        .map(|p| p.role.value())
        .min();
    let Some(taker) = cheapest else {
        return 0.0;
    };
    let worth = man.role.value();
    let loss = if after.is_attacked(to, me, occ) {
        (worth - taker).max(0)
    } else {
        worth
    };
    f64::from(loss)
}

#[cfg(test)]
mod tests {
    use fogbound_engine::{Bitboard64, Color, Position, Variant};

    use super::checker_loss;

    fn pos(fen: &str) -> Position<Bitboard64> {
        Position::from_fen(&Variant::chess(), fen).unwrap()
    }

    #[test]
    fn a_checker_a_hidden_rook_takes_is_lost_less_what_guards_it_win_back() {
        // Qe7+ with a black rook on a7: the queen is lost.
        let p = pos("4k3/r3Q3/8/8/8/8/8/4K3 b - - 0 1");
        let e7 = p.geometry().parse_square("e7").unwrap();
        assert_eq!(checker_loss(&p, e7, Color::White), 900.0);
        // Guarded by a rook on e1: a queen for a rook.
        let g = pos("4k3/r3Q3/8/8/8/8/8/4RK2 b - - 0 1");
        assert_eq!(checker_loss(&g, e7, Color::White), 400.0);
        // Only the king attacks it: not this price.
        let k = pos("4k3/4Q3/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(checker_loss(&k, e7, Color::White), 0.0);
    }
}
