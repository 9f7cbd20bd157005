//! Variants as data: board size, men, start position, castling, promotion,
//! win conditions and draw rules. Built-ins are short constructors that cite
//! their rules source; every choice where a source is silent or ambiguous is
//! listed in [`RULES_NOTES`] (shown on the in-app rules page).

use core::fmt;
use serde::{Deserialize, Serialize};

use crate::{ByColor, Color, Geometry, Piece, Rank, Role};

/// How castling works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CastlingRule {
    /// No castling.
    None,
    /// The king moves two squares towards a rook with castling rights and the
    /// rook lands on the square the king crossed (orthodox chess).
    Standard,
    /// Free castling (Foolish King Chess): the king moves any number of squares towards
    /// the rook, up to and including the rook's square, and the rook lands on
    /// any square the king left or crossed. With `may_give_check == false` a
    /// castling move may not attack the enemy king.
    Free { may_give_check: bool },
}

/// A way to win (or lose) beyond the resignation and flag events of a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinCondition {
    /// Orthodox rule mode: a side to move that is in check and has no legal
    /// move loses.
    Checkmate,
    /// A side with no royal man left (king captured in capture-the-king play;
    /// every fool captured in Foolish King Chess) loses.
    LastRoyalCaptured,
    /// `color` loses as soon as it has no man of any of `roles`.
    NoneLeftOf { color: Color, roles: Vec<Role> },
    /// `color` wins as soon as one of its `role` men stands on `rank`.
    ReachRank {
        color: Color,
        role: Role,
        rank: Rank,
    },
}

/// Draws the host applies without a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DrawRules {
    /// The same position (same men, side to move, castling rights and
    /// capturable en passant square) this many times draws; `0` turns it off.
    pub repetitions: u8,
    /// This many plies without a capture or pawn move draw; `0` turns it off.
    pub fifty_move_plies: u16,
    /// Orthodox dead material (K v K, K+minor v K, bishops all on one colour)
    /// draws in the orthodox rule mode.
    pub insufficient_material: bool,
    /// A side to move with no legal move and not in check draws (orthodox
    /// rule mode); when false, it loses (Kriegspiel's `rand`). In
    /// capture-the-king mode see [`RULES_NOTES`].
    pub stalemate_is_draw: bool,
}

impl DrawRules {
    /// FIDE-like: threefold repetition, 50-move rule, dead material, stalemate.
    pub const ORTHODOX: DrawRules = DrawRules {
        repetitions: 3,
        fifty_move_plies: 100,
        insufficient_material: true,
        stalemate_is_draw: true,
    };
}

/// A set of rules: see the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Variant {
    /// Short machine name: `chess`, `foolish-king`, `krk-5x5`, …
    pub id: String,
    /// Human name.
    pub name: String,
    /// Where the rules come from.
    pub source: String,
    pub width: u8,
    pub height: u8,
    /// The roles that may appear on the board.
    pub roles: Vec<Role>,
    /// The start position in (extended) FEN.
    pub start_fen: String,
    pub castling: CastlingRule,
    /// What each side's pawns may promote to (empty: pawns cannot enter the
    /// last rank).
    pub promotion: ByColor<Vec<Role>>,
    /// Pawns may advance two squares from their second rank.
    pub pawn_double_step: bool,
    pub en_passant: bool,
    pub win_conditions: Vec<WinCondition>,
    pub draws: DrawRules,
}

/// The solver end-game set-ups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Endgame {
    /// King and rook against king.
    Krk,
    /// King and queen against king.
    Kqk,
    /// King and two rooks against king.
    Krrk,
}

impl Endgame {
    /// `krk`, `kqk`, `krrk`.
    pub fn id(self) -> &'static str {
        match self {
            Endgame::Krk => "krk",
            Endgame::Kqk => "kqk",
            Endgame::Krrk => "krrk",
        }
    }
}

impl Variant {
    /// The board of this variant.
    pub fn geometry(&self) -> Geometry {
        Geometry::new(self.width as usize, self.height as usize)
            .expect("built-in variants have valid sizes")
    }

    /// Orthodox chess (FIDE Laws of Chess): castling, en passant, promotion
    /// to queen, rook, bishop or knight; checkmate wins; stalemate, threefold
    /// repetition, the 50-move rule and dead material draw.
    pub fn chess() -> Variant {
        let promo = vec![Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
        Variant {
            id: "chess".into(),
            name: "Chess".into(),
            source: "FIDE Laws of Chess".into(),
            width: 8,
            height: 8,
            roles: vec![
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King,
            ],
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            castling: CastlingRule::Standard,
            promotion: ByColor {
                white: promo.clone(),
                black: promo,
            },
            pawn_double_step: true,
            en_passant: true,
            win_conditions: vec![WinCondition::Checkmate, WinCondition::LastRoyalCaptured],
            draws: DrawRules::ORTHODOX,
        }
    }

    /// Foolish King Chess (Patrik Hedman, The Chess Variant Pages):
    /// 10×8; White has a Fool for a king, Archbishops, Bishops, Knights, Rooks;
    /// Black has King, Queen, Knights, Rooks and Hunters. Black's pawns promote
    /// to Hunters, White's to Fools; free castling; White wins by mating
    /// Black; Black wins when White has no rook and no archbishop, when White
    /// has no fool, or when Black's king reaches rank 1. See [`RULES_NOTES`].
    pub fn foolish_king() -> Variant {
        Variant {
            id: "foolish-king".into(),
            name: "Foolish King Chess".into(),
            source: "Patrik Hedman, Foolish King Chess, The Chess Variant Pages (2014)".into(),
            width: 10,
            height: 8,
            roles: vec![
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King,
                Role::Archbishop,
                Role::Hunter,
                Role::Fool,
            ],
            start_fen: "rnnhkqhnnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RANBFNBNAR w kq - 0 1".into(),
            castling: CastlingRule::Free {
                may_give_check: false,
            },
            promotion: ByColor {
                white: vec![Role::Fool],
                black: vec![Role::Hunter],
            },
            pawn_double_step: true,
            en_passant: true,
            win_conditions: vec![
                WinCondition::Checkmate,
                WinCondition::LastRoyalCaptured,
                WinCondition::NoneLeftOf {
                    color: Color::White,
                    roles: vec![Role::Rook, Role::Archbishop],
                },
                WinCondition::ReachRank {
                    color: Color::Black,
                    role: Role::King,
                    rank: Rank(0),
                },
            ],
            draws: DrawRules::ORTHODOX,
        }
    }

    /// A solver end-game on an `n`×`n` board (3 ≤ n ≤ 16): White king on a1,
    /// the stronger side's men next to it (rook or queen on b1, second rook
    /// on a2), Black king in the far corner, White to move. Orthodox rules
    /// without castling or pawns.
    pub fn endgame(kind: Endgame, n: usize) -> Result<Variant, crate::GeometryError> {
        let geometry = Geometry::new(n, n)?;
        let mut board = vec![vec![None::<char>; n]; n];
        board[0][0] = Some('K');
        board[n - 1][n - 1] = Some('k');
        let (roles, name) = match kind {
            Endgame::Krk => {
                board[0][1] = Some('R');
                (vec![Role::King, Role::Rook], "King and rook against king")
            }
            Endgame::Kqk => {
                board[0][1] = Some('Q');
                (vec![Role::King, Role::Queen], "King and queen against king")
            }
            Endgame::Krrk => {
                board[0][1] = Some('R');
                board[1][0] = Some('R');
                (
                    vec![Role::King, Role::Rook],
                    "King and two rooks against king",
                )
            }
        };
        let mut fen = String::new();
        for rank in (0..n).rev() {
            let mut empty = 0;
            for cell in &board[rank] {
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(*c);
                    }
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(" w - - 0 1");
        Ok(Variant {
            id: format!("{}-{n}x{n}", kind.id()),
            name: format!("{name} ({geometry})"),
            source: "solver set-up (seeds 000 and 002)".into(),
            width: n as u8,
            height: n as u8,
            roles,
            start_fen: fen,
            castling: CastlingRule::None,
            promotion: ByColor::default(),
            pawn_double_step: false,
            en_passant: false,
            win_conditions: vec![WinCondition::Checkmate, WinCondition::LastRoyalCaptured],
            draws: DrawRules::ORTHODOX,
        })
    }

    /// A built-in by id: `chess`, `foolish-king`, or `krk-NxN`, `kqk-NxN`,
    /// `krrk-NxN`.
    pub fn by_id(id: &str) -> Option<Variant> {
        match id {
            "chess" => return Some(Variant::chess()),
            "foolish-king" => return Some(Variant::foolish_king()),
            _ => {}
        }
        let (kind, size) = id.split_once('-')?;
        let kind = [Endgame::Krk, Endgame::Kqk, Endgame::Krrk]
            .into_iter()
            .find(|k| k.id() == kind)?;
        let (w, h) = size.split_once('x')?;
        if w != h {
            return None;
        }
        let n: usize = w.parse().ok()?;
        Variant::endgame(kind, n).ok()
    }

    /// Whether `role` may appear in this variant.
    pub fn has_role(&self, role: Role) -> bool {
        self.roles.contains(&role)
    }

    /// The one royal role `color` plays with (the royal men of its start
    /// position and of its promotions), or `None` when it has several or
    /// none: the king in chess; in Foolish King Chess White's fool and
    /// Black's king. What a result names when the last royal man is taken.
    pub fn royal_role(&self, color: Color) -> Option<Role> {
        let placement = self.start_fen.split(' ').next().unwrap_or("");
        let mut royals: Vec<Role> = Vec::new();
        let men = placement
            .chars()
            .filter_map(Piece::from_char)
            .filter(|p| p.color == color)
            .map(|p| p.role);
        for role in men.chain(self.promotion[color].iter().copied()) {
            if role.spec().royal && !royals.contains(&role) {
                royals.push(role);
            }
        }
        match royals[..] {
            [one] => Some(one),
            _ => None,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Rules choices the product made where a source is silent or ambiguous, as
/// `(topic, choice)`. The in-app rules page shows this list verbatim.
pub const RULES_NOTES: &[(&str, &str)] = &[
    (
        "Foolish King: start position",
        "White: Ra1 Ab1 Nc1 Bd1 Fe1 Nf1 Bg1 Nh1 Ai1 Rj1, pawns a2–j2. Black: Ra8 Nb8 Nc8 Hd8 Ke8 Qf8 Hg8 Nh8 Ni8 Rj8, pawns a7–j7. FEN rnnhkqhnnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RANBFNBNAR w kq - 0 1.",
    ),
    (
        "Foolish King: who castles",
        "Only a king castles. White's fool is not a king and never castles, so only Black has castling rights at the start.",
    ),
    (
        "Foolish King: free castling",
        "The king moves one or more squares towards an unmoved rook, up to and including the rook's square, and the rook lands on any square the king left or crossed. All squares between king and rook must be empty; the king may not castle out of, through or into an attacked square (a square a white fool reaches counts as attacked); castling may not give check.",
    ),
    (
        "Foolish King: the fool's reach",
        "A fool reaches its knight squares and the four orthogonally adjacent squares, whether or not they are occupied. The black king may never stand on a square a white fool reaches: such squares count as attacked for the king's moves, for castling and for check. A fool may not move to, and a pawn may not promote to a fool on, a square from which it would reach the black king.",
    ),
    (
        "Foolish King: capturing a fool",
        "Only pawns and the king capture a fool. Any other enemy man that could otherwise capture it is blocked by it, exactly as by a friendly man.",
    ),
    (
        "Foolish King: fools and check",
        "Fools are never in check: White may leave a fool attacked, move it onto an attacked square, and nothing pins a white man. Losing the last fool loses at once.",
    ),
    (
        "Foolish King: the hunter",
        "Along ranks and files a hunter passes over squares of the other colour but stops only on squares of its own colour, so it never changes colour; it gives check and pins only along those lines.",
    ),
    (
        "Foolish King: Black's first win condition",
        "\"White has no Rooks or Archbishops\" is read as: White has neither a rook nor an archbishop left. Black wins the moment that happens.",
    ),
    (
        "Foolish King: Black's third win condition",
        "\"Moving the black king to the far side of the board\" means any square of rank 1. Black wins as soon as the king stands there, even if White could mate next.",
    ),
    (
        "Foolish King: promotion",
        "White's pawns promote only to fools, Black's only to hunters (no choice). A promoted fool is royal like the first one: White loses only when no fool is left.",
    ),
    (
        "Foolish King: no legal move",
        "A side to move with no legal move and not in check (White can never be in check) draws by stalemate.",
    ),
    (
        "Capture-the-king (Fog of War): what is legal",
        "Every move that follows the men's movement is legal: moving into or staying in check, and castling out of, through or into attacked squares (rights, empty squares and rook placement still apply). Capturing a king wins at once. Movement rules that are not about check stay: in Foolish King the black king still cannot step onto a square a fool reaches, and a fool still cannot move to reach the king.",
    ),
    (
        "Capture-the-king (Fog of War): no move at all",
        "If the side to move has no move at all (every man blocked), it loses: there is no stalemate in this mode.",
    ),
    (
        "Draws",
        "Threefold repetition and the 50-move rule end the game automatically; no player claims them. Positions repeat when the same men stand on the same squares with the same side to move, the same castling rights and the same en passant capture (only when one is actually possible). In the orthodox mode dead material (K v K, K and one minor piece v K, only same-coloured bishops) draws too.",
    ),
    (
        "Flag fall",
        "A player whose clock runs out loses, whatever material the opponent has.",
    ),
    (
        "En passant in FEN",
        "The en passant field names the square the pawn crossed after any double step, as standard FEN does; repetition counts it only when a capture there is possible.",
    ),
    (
        "Fog of War: the opponent's last move",
        "You are shown the square a man left only if you could see it before the move, and the square it reached only if you see it after.",
    ),
    (
        "Dark Chess: castling through a hidden man",
        "Castling that a hidden man blocks is refused and you keep the turn, like a move into check.",
    ),
    (
        "Kriegspiel: \"Nonsense\"",
        "A try impossible on your own board is refused by the page before the umpire hears it. A try you could have known was impossible from what the umpire told you this turn (\"Any?\" asked twice, a try refused already, a pawn capture after being told there is none; under rand, in check, a try that cannot answer the check announced) is answered with the preset's word (\"Nonsense\", \"Impossible\", \"Hell no\") to you alone, is not counted and discharges no \"Any?\" duty.",
    ),
    (
        "Kriegspiel: en passant",
        "Only the cvp preset names an en passant capture, on the square the capturing pawn reaches, as the Chess Variant Pages' example does; the others announce the square the taken pawn stood on.",
    ),
    (
        "Kriegspiel: pawn tries",
        "Under rand the squares where pawns can capture are announced to both players. Under berkeley-any a positive \"Any?\" obliges pawn-capture tries until one is legal.",
    ),
    (
        "Kriegspiel: long and short diagonals",
        "When both diagonals through the king's square have the same length (possible on some board sizes), a diagonal check is called long.",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endgame_ids_round_trip() {
        for n in 3..=16 {
            for kind in [Endgame::Krk, Endgame::Kqk, Endgame::Krrk] {
                let v = Variant::endgame(kind, n).unwrap();
                assert_eq!(Variant::by_id(&v.id), Some(v.clone()));
            }
        }
        assert!(Variant::endgame(Endgame::Krk, 2).is_err());
        assert!(Variant::by_id("krk-5x6").is_none());
        assert!(Variant::by_id("nonsense").is_none());
    }

    #[test]
    fn each_side_has_its_royal_role() {
        for c in Color::ALL {
            assert_eq!(Variant::chess().royal_role(c), Some(Role::King));
            let krk = Variant::endgame(Endgame::Krk, 5).unwrap();
            assert_eq!(krk.royal_role(c), Some(Role::King));
        }
        let fk = Variant::foolish_king();
        assert_eq!(fk.royal_role(Color::White), Some(Role::Fool));
        assert_eq!(fk.royal_role(Color::Black), Some(Role::King));
        // Two royal roles on one side: no single name.
        let mut both = Variant::chess();
        both.promotion.white.push(Role::Fool);
        assert_eq!(both.royal_role(Color::White), None);
        assert_eq!(both.royal_role(Color::Black), Some(Role::King));
    }
}
