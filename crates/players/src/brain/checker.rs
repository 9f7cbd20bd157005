//! Planting the man that gives a check the umpire announced.
//!
//! A board rebuilt at random almost never has a check from just the line
//! the umpire named, and when the player's list of enemy men is wrong (a
//! capture of a man it guessed as a bishop was a knight) it never can. So a
//! rebuilt board starts from the checker: a square on the named line (or a
//! knight's leap away) that the player cannot see, and a man that could
//! check from there, taken from the hidden men when one fits.

use fogbound_engine::{CheckDirection, Color, Geometry, Piece, Role, Square};
use rand_chacha::ChaCha8Rng;

use super::below;

/// Whether a man on `from` could check a king on `king` along `dir`.
pub fn on_line(g: Geometry, king: Square, from: Square, dir: CheckDirection) -> bool {
    let (kf, kr) = g.coords(king);
    let (f, r) = g.coords(from);
    let (df, dr) = ((f - kf).abs(), (r - kr).abs());
    if (df, dr) == (0, 0) {
        return false;
    }
    match dir {
        CheckDirection::Rank => dr == 0,
        CheckDirection::File => df == 0,
        CheckDirection::LongDiagonal | CheckDirection::ShortDiagonal | CheckDirection::Diagonal => {
            df == dr
        }
        CheckDirection::Knight => (df, dr) == (1, 2) || (df, dr) == (2, 1),
    }
}

/// The orthodox men that check along `dir`, likeliest first.
pub fn checkers(dir: CheckDirection) -> &'static [Role] {
    match dir {
        CheckDirection::Rank | CheckDirection::File => &[Role::Rook, Role::Queen],
        CheckDirection::LongDiagonal | CheckDirection::ShortDiagonal | CheckDirection::Diagonal => {
            &[Role::Bishop, Role::Queen, Role::Pawn]
        }
        CheckDirection::Knight => &[Role::Knight],
    }
}

/// Puts a man on `board` that checks `king` along one of `dirs`, on one of
/// the `free` squares: a hidden man of a fitting role when there is one,
/// else (the list of enemy men is a guess) a fitting man in place of a
/// hidden pawn or other man. False when no square fits.
#[allow(clippy::too_many_arguments)]
pub fn plant_checker(
    g: Geometry,
    king: Square,
    dirs: &[CheckDirection],
    board: &mut [Option<Piece>],
    free: &mut Vec<Square>,
    roles: &mut Vec<Role>,
    enemy: Color,
    rng: &mut ChaCha8Rng,
) -> bool {
    let Some(&dir) = dirs.get(below(rng, dirs.len())) else {
        return true;
    };
    let spots: Vec<usize> = free
        .iter()
        .enumerate()
        .filter(|(_, s)| on_line(g, king, **s, dir))
        .map(|(i, _)| i)
        .collect();
    if spots.is_empty() {
        return false;
    }
    let fitting = checkers(dir);
    let have: Vec<usize> = roles
        .iter()
        .enumerate()
        .filter(|(_, r)| fitting.contains(r))
        .map(|(i, _)| i)
        .collect();
    let role = if !have.is_empty() && below(rng, 10) < 8 {
        roles.swap_remove(have[below(rng, have.len())])
    } else {
        let Some(i) = roles
            .iter()
            .position(|r| r.spec().pawn)
            .or_else(|| roles.iter().position(|r| !r.spec().royal))
        else {
            return false;
        };
        roles.swap_remove(i);
        fitting[below(rng, fitting.len())]
    };
    let sq = free.swap_remove(spots[below(rng, spots.len())]);
    board[sq.index()] = Some(Piece { color: enemy, role });
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_from_a_king_on_e4() {
        let g = Geometry::CHESS;
        let sq = |s: &str| g.parse_square(s).unwrap();
        let e4 = sq("e4");
        assert!(on_line(g, e4, sq("a4"), CheckDirection::Rank));
        assert!(!on_line(g, e4, sq("a5"), CheckDirection::Rank));
        assert!(on_line(g, e4, sq("e8"), CheckDirection::File));
        assert!(on_line(g, e4, sq("h7"), CheckDirection::LongDiagonal));
        assert!(on_line(g, e4, sq("f6"), CheckDirection::Knight));
        assert!(!on_line(g, e4, sq("e4"), CheckDirection::File));
        assert_eq!(checkers(CheckDirection::Knight), &[Role::Knight]);
    }
}
