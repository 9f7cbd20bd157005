//! Where the unseen enemy king is likely to stand, and what a man moved next
//! to it is likely to cost (BOT.md, "men handed to the unseen king").
//!
//! The belief's boards put the enemy king on a few squares; measured
//! against the true boards (club against greedy, english preset) the
//! pool's share overstates the squares it holds and misses the king on a
//! third of the turns, nearly always by one to three steps. So the odds
//! here are the pool's share spread by king steps ([`SPREAD_STEPS`] times,
//! each time [`SPREAD`] of every square's chance goes in equal parts to the
//! squares a king steps to off the player's men), cut by what the player
//! knows for certain at its turn (the king stands on none of its men and
//! in none of their attacks; a slider's line only weakly, a hidden man may
//! cut it), and mixed, [`ANYWHERE`] of it, with every square the cut
//! leaves: the mix that fit the true boards best (BOT.md).
//!
//! A man of the player's (not its king) that ends its move next to the
//! king, with none of the player's other men guarding its square, is taken
//! by a king that knows it is there: after a check from next door the king
//! does (the umpire names the check's direction, and a king in check has
//! few moves), after a quiet move it seldom knows. Guards are read on the
//! player's men alone (its own men are always known; a hidden enemy man in
//! a line may still cut a guard).

use fogbound_engine::{Bitboard, Color, Position, Role, Square};

/// The share of a square's chance that each spreading step moves to the
/// squares next to it.
pub const SPREAD: f64 = 0.4;
/// How many spreading steps.
pub const SPREAD_STEPS: usize = 2;
/// What a square attacked by one of the player's sliders keeps of its
/// chance (on a board of its own men only: a hidden man may cut the line).
pub const LINE_LEFT: f64 = 0.3;
/// The share of the odds spread over every square the player's knowledge
/// leaves, whatever the boards say (their king is lost or far more often
/// than their shares say).
pub const ANYWHERE: f64 = 0.3;
/// The chance that a king takes an unguarded man checking it from next door.
pub const CHECKER_TAKEN: f64 = 1.0;
/// The chance that a king takes an unguarded man next to it that gave no
/// check (it has not been told the man is there).
pub const NEIGHBOUR_TAKEN: f64 = 0.15;

/// Per square, the chance that the enemy king stands there: the boards'
/// shares spread by king steps, cut by what the player knows, mixed with
/// every square the cut leaves (module docs).
pub fn king_odds<B: Bitboard>(boards: &[&Position<B>], me: Color) -> Vec<f64> {
    let Some(first) = boards.first() else {
        return Vec::new();
    };
    let n = first.geometry().square_count();
    let rules = first.rules();
    let mut odds = vec![0.0; n];
    let w = 1.0 / boards.len() as f64;
    for p in boards {
        for s in p.royals(!me).squares() {
            if let Some(x) = odds.get_mut(s.index()) {
                *x += w;
            }
        }
    }
    let mine = first.by_color(me);
    for _ in 0..SPREAD_STEPS {
        let mut next = vec![0.0; n];
        for (i, &x) in odds.iter().enumerate() {
            if x == 0.0 {
                continue;
            }
            let steps = rules.leap_targets(Role::King, Square(i as u8)) & !mine;
            let k = steps.count();
            if k == 0 {
                next[i] += x;
                continue;
            }
            next[i] += (1.0 - SPREAD) * x;
            for s in steps.squares() {
                next[s.index()] += SPREAD * x / f64::from(k);
            }
        }
        odds = next;
    }
    let room = room(first, me);
    let mut anywhere = room.clone();
    normalise(&mut anywhere);
    for (x, r) in odds.iter_mut().zip(&room) {
        *x *= r;
    }
    normalise(&mut odds);
    for (x, a) in odds.iter_mut().zip(&anywhere) {
        *x = (1.0 - ANYWHERE) * *x + ANYWHERE * a;
    }
    odds
}

/// Per square, how far the player's knowledge at its turn allows the enemy
/// king there: not on its men, never where its pawns, knights or king
/// attack (the opponent has just moved, so its king is not in check), and
/// [`LINE_LEFT`] where its sliders attack on a board of its own men only
/// (a hidden man may cut the line).
fn room<B: Bitboard>(board: &Position<B>, me: Color) -> Vec<f64> {
    let rules = board.rules();
    let mine = board.by_color(me);
    let mut room: Vec<f64> = vec![1.0; board.geometry().square_count()];
    for sq in mine.squares() {
        let Some(man) = board.piece_at(sq) else {
            continue;
        };
        room[sq.index()] = 0.0;
        let spec = man.role.spec();
        let sure = spec.pawn || man.role == Role::Knight || man.role == Role::King;
        let left = if sure { 0.0 } else { LINE_LEFT };
        for s in rules.attacks(man.role, me, sq, mine).squares() {
            if let Some(r) = room.get_mut(s.index()) {
                *r = (*r).min(left);
            }
        }
    }
    room
}

/// Scales `odds` to sum to one (left alone when all zero).
fn normalise(odds: &mut [f64]) {
    let sum: f64 = odds.iter().sum();
    if sum > 0.0 {
        for x in odds.iter_mut() {
            *x /= sum;
        }
    }
}

/// What the player's man on `to` is expected to lose to the enemy king, in
/// centipawns, by the king's `odds` ([`king_odds`]), on the board after
/// the move that put it there (`after`).
pub fn king_price<B: Bitboard>(after: &Position<B>, to: Square, me: Color, odds: &[f64]) -> f64 {
    let Some(man) = after.piece_at(to) else {
        return 0.0;
    };
    if man.color != me || man.role.spec().royal {
        return 0.0;
    }
    let mine = after.by_color(me);
    let rules = after.rules();
    // Guarded by the player's other men, their lines cut by its own men only.
    if after.is_attacked(to, me, mine) {
        return 0.0;
    }
    let near = rules.leap_targets(Role::King, to) & !mine;
    let checks = rules.attacks(man.role, me, to, mine);
    let mut price = 0.0;
    for s in near.squares() {
        let p = odds.get(s.index()).copied().unwrap_or(0.0);
        price += p * if checks.contains(s) {
            CHECKER_TAKEN
        } else {
            NEIGHBOUR_TAKEN
        };
    }
    price.min(1.0) * f64::from(man.role.value())
}

#[cfg(test)]
mod tests;
