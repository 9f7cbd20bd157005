//! Mating a bare king the player never sees (Kriegspiel).
//!
//! With the enemy down to its king alone, the belief is exact and small: the
//! boards differ only in the square the king stands on. The general search
//! ([`crate::decide`]) averages over boards on which the king stands
//! somewhere else each time, and won endings were drawn at the move limit.
//! This procedure works on the set of the king's squares instead
//! ([`army`]): it never plays a move that is illegal on any of them (no
//! refused tries), never leaves a man the king could take, never stalemates
//! on any of them, and shrinks the region the king can reach until every
//! square left is mated ([`plan`]), as in the classical Kriegspiel endgame
//! procedures for K+R against K.
//!
//! The enemy may keep pawns that cannot move (blocked, nothing to take)
//! and stand on the same squares on every board: they are walls for the
//! king and guards of squares the hunter keeps off ([`army`]).
//!
//! It applies to standard chess men on an 8×8 board under an umpire;
//! elsewhere the general search plays on.

use fogbound_engine::{
    Bitboard, Color, KriegspielRules, MoveAttempt, PawnCheck, Position, Role, Square,
};

pub mod army;
#[cfg(test)]
mod game_tests;
pub mod plan;
#[cfg(test)]
mod tests;

use army::{Army, Kind, Squares};

/// Moves searched ahead (this one included): 2 is enough to mate with a
/// queen or a rook against the worst king in the measured bounds
/// (`crates/players/BOT.md`).
pub const DEPTH: u32 = 2;

/// The hunter's men and the king's squares read from the belief's boards
/// (all with `me` to move), when the enemy has its king alone on every
/// board, or its king and pawns that stand on the same squares on every
/// board and cannot move, and `me` has a queen or a rook: `None` otherwise.
pub fn read<B: Bitboard>(
    boards: &[&Position<B>],
    me: Color,
    rules: &KriegspielRules,
) -> Option<(Army, Squares)> {
    let first = boards.first()?;
    let g = first.geometry();
    if g.width() != 8 || g.height() != 8 {
        return None;
    }
    let index = |sq: Square| {
        let (f, r) = g.coords(sq);
        (f + 8 * r) as u8
    };
    let mut men = Vec::new();
    for (sq, pc) in first.men().filter(|(_, pc)| pc.color == me) {
        let kind = match pc.role {
            Role::King => Kind::King,
            Role::Queen => Kind::Queen,
            Role::Rook => Kind::Rook,
            Role::Bishop => Kind::Bishop,
            Role::Knight => Kind::Knight,
            Role::Pawn => Kind::Pawn,
            _ => return None,
        };
        men.push((index(sq), kind));
    }
    let kings = men.iter().filter(|(_, k)| *k == Kind::King).count();
    let heavy = men
        .iter()
        .any(|(_, k)| matches!(k, Kind::Queen | Kind::Rook));
    if kings != 1 || !heavy {
        return None;
    }
    let mut s: Squares = 0;
    let mut foes = None;
    for p in boards {
        let (mut king, mut pawns) = (None, 0u64);
        for (sq, pc) in p.men().filter(|(_, pc)| pc.color != me) {
            match pc.role {
                Role::King if king.is_none() => king = Some(sq),
                Role::Pawn => pawns |= 1u64 << index(sq),
                _ => return None,
            }
        }
        if *foes.get_or_insert(pawns) != pawns {
            return None;
        }
        s |= 1u64 << index(king?);
    }
    let army = Army {
        men,
        up: me == Color::White,
        pawn_diagonal: rules.pawn_check == PawnCheck::Diagonal,
        foes: foes.unwrap_or(0),
    };
    frozen(&army).then_some((army, s))
}

/// Whether every pawn of the hunted side is blocked by a man of the
/// hunter's or by another of its pawns (in a file ending at a man of the
/// hunter's) and has none of the hunter's men to take: then none can move
/// while the hunter's blockers stay ([`Army::steps`] keeps them). Not its
/// king: a king held in place cannot help to mate.
fn frozen(army: &Army) -> bool {
    let own = army.occupied() & !(1u64 << army.king());
    if army.occupied() & army.foe_attacks() != 0 {
        return false;
    }
    let ahead = |p: u8| -> Option<u8> {
        let r = i32::from(p / 8) + if army.up { -1 } else { 1 };
        (0..8)
            .contains(&r)
            .then(|| (i32::from(p % 8) + 8 * r) as u8)
    };
    army::squares(army.foes).all(|mut p| loop {
        match ahead(p) {
            Some(q) if own & (1u64 << q) != 0 => break true,
            Some(q) if army.foes & (1u64 << q) != 0 => p = q,
            _ => break false,
        }
    })
}

/// The moves the procedure would play (the best, ties kept together), as
/// attempts; `None` when it does not apply, empty when every move
/// stalemates. `seen` keeps where the men stood at each call, to steer
/// away from shuffling.
pub fn best_moves<B: Bitboard>(
    boards: &[&Position<B>],
    me: Color,
    rules: &KriegspielRules,
    seen: &mut Vec<u64>,
) -> Option<Vec<MoveAttempt>> {
    let (army, s) = read(boards, me, rules)?;
    seen.push(army.placement());
    let g = boards.first()?.geometry();
    let ranked = plan::ranked(&army, s, DEPTH, seen);
    let best = ranked.first().map(|r| r.1)?;
    let square = |i: u8| g.square_at(i32::from(i % 8), i32::from(i / 8));
    Some(
        ranked
            .iter()
            .take_while(|r| r.1 >= best - 1e-9)
            .filter_map(|(step, _)| {
                let promotion = (step.kind != Kind::Pawn
                    && army
                        .men
                        .iter()
                        .any(|m| m.0 == step.from && m.1 == Kind::Pawn))
                .then_some(match step.kind {
                    Kind::Rook => Role::Rook,
                    _ => Role::Queen,
                });
                Some(MoveAttempt {
                    from: square(step.from)?,
                    to: square(step.to)?,
                    promotion,
                    rook_to: None,
                    route: None,
                })
            })
            .collect(),
    )
}
