//! White's men: the materials, how each man moves on an empty board with
//! only White's men in the way, and one table entry per placement of White's
//! men (what White sees, where the black king must not stand after White's
//! move, White's moves, the placement's canonical image under symmetry).
//!
//! The black king never changes what White sees while it is unseen: a
//! slider stops at the first man, and a black king standing on a white
//! man's path is a square that man can move to, so it is seen. With the king
//! unseen, every quantity here depends on White's men alone.

use super::board::{bits, Board};
use serde::Serialize;

/// A man of White's other than the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Man {
    Queen,
    Rook,
    Bishop,
    Knight,
}

impl Man {
    pub fn letter(self) -> char {
        match self {
            Man::Queen => 'Q',
            Man::Rook => 'R',
            Man::Bishop => 'B',
            Man::Knight => 'N',
        }
    }
}

/// White's material against the lone black king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Material {
    KQ,
    KR,
    KRR,
    KBB,
    KBN,
    KB,
    KN,
}

impl Material {
    pub const ALL: [Material; 7] = [
        Material::KQ,
        Material::KR,
        Material::KRR,
        Material::KBB,
        Material::KBN,
        Material::KB,
        Material::KN,
    ];

    /// White's men besides the king, in placement order.
    pub fn men(self) -> &'static [Man] {
        match self {
            Material::KQ => &[Man::Queen],
            Material::KR => &[Man::Rook],
            Material::KRR => &[Man::Rook, Man::Rook],
            Material::KBB => &[Man::Bishop, Man::Bishop],
            Material::KBN => &[Man::Bishop, Man::Knight],
            Material::KB => &[Man::Bishop],
            Material::KN => &[Man::Knight],
        }
    }

    /// Two men of the same kind are interchangeable: a placement lists
    /// their squares in increasing order, so each position is counted once.
    pub fn identical_pair(self) -> bool {
        let m = self.men();
        m.len() == 2 && m[0] == m[1]
    }

    pub fn name(self) -> &'static str {
        match self {
            Material::KQ => "KQ",
            Material::KR => "KR",
            Material::KRR => "KRR",
            Material::KBB => "KBB",
            Material::KBN => "KBN",
            Material::KB => "KB",
            Material::KN => "KN",
        }
    }

    /// `KQ`, `kq`, `KRR` …; `None` for anything else.
    pub fn parse(text: &str) -> Option<Material> {
        Material::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(text.trim()))
    }
}

/// White's men as squares: the king first, then the men of
/// [`Material::men`] (identical men in increasing order).
pub type Placement = [u8; 3];

/// Packs a placement of `count` men (king included) into a table index.
pub fn encode(p: &Placement, count: usize) -> u32 {
    p[..count]
        .iter()
        .enumerate()
        .fold(0, |code, (i, &sq)| code | (sq as u32) << (6 * i))
}

pub fn decode(code: u32, count: usize) -> Placement {
    let mut p = [0u8; 3];
    for (i, sq) in p.iter_mut().enumerate().take(count) {
        *sq = ((code >> (6 * i)) & 63) as u8;
    }
    p
}

/// Squares a man (or the king, `None`) on `sq` attacks, stopping at the
/// first man of `occupied` (that square included).
pub fn attacks(board: Board, man: Option<Man>, sq: u8, occupied: u64) -> u64 {
    const KING: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    const KNIGHT: [(i8, i8); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let (steps, slides): (&[(i8, i8)], bool) = match man {
        None => (&KING, false),
        Some(Man::Knight) => (&KNIGHT, false),
        Some(Man::Queen) => (&KING, true),
        Some(Man::Rook) => (&KING[..4], true),
        Some(Man::Bishop) => (&KING[4..], true),
    };
    let n = board.size() as i8;
    let (f0, r0) = (Board::file(sq) as i8, Board::rank(sq) as i8);
    let mut set = 0u64;
    for &(df, dr) in steps {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..n).contains(&f) && (0..n).contains(&r) {
            let t = board.square(f as usize, r as usize);
            set |= 1 << t;
            if !slides || occupied & (1 << t) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    set
}

/// What one placement of White's men means to the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Info {
    /// Squares White's men stand on (0: not a valid placement).
    pub occupied: u64,
    /// Squares White's men can move to: what White sees.
    pub seen: u64,
    /// After White's move the black king must stand on none of these: next
    /// to the white king, or next to a man no other man defends.
    pub forbidden: u64,
    /// The code of the placement's canonical image (the smallest code over
    /// the eight symmetries) and the symmetries that give it (bit g).
    pub canon: u32,
    pub symmetries: u8,
    /// This placement's moves: `moves[first..first + count]`.
    pub first: u32,
    pub count: u16,
}

/// Every placement of one material on one board.
pub struct Placements {
    pub board: Board,
    pub material: Material,
    /// Men, the king included.
    pub count: usize,
    pub info: Vec<Info>,
    /// The codes of the placements White can move to.
    pub moves: Vec<u32>,
}

impl Placements {
    pub fn new(board: Board, material: Material) -> Placements {
        let count = 1 + material.men().len();
        let mut table = Placements {
            board,
            material,
            count,
            info: vec![Info::default(); 1 << (6 * count)],
            moves: Vec::new(),
        };
        for code in 0..table.info.len() as u32 {
            let p = decode(code, count);
            if table.valid(&p) {
                table.info[code as usize] = table.describe(&p);
            }
        }
        table
    }

    /// Men on distinct squares of the board, identical men in order.
    pub fn valid(&self, p: &Placement) -> bool {
        let on_board = |sq: u8| self.board.mask() & (1 << sq) != 0;
        let men = &p[..self.count];
        men.iter().all(|&sq| on_board(sq))
            && (0..men.len()).all(|i| (0..i).all(|j| men[i] != men[j]))
            && (!self.material.identical_pair() || p[1] < p[2])
    }

    /// The man on index `i` of a placement (`None`: the king).
    pub fn man(&self, i: usize) -> Option<Man> {
        (i > 0).then(|| self.material.men()[i - 1])
    }

    /// Puts identical men in order, so the placement is a table index.
    pub fn normalise(&self, mut p: Placement) -> Placement {
        if self.material.identical_pair() && p[1] > p[2] {
            p.swap(1, 2);
        }
        p
    }

    pub fn code(&self, p: &Placement) -> u32 {
        encode(&self.normalise(*p), self.count)
    }

    pub fn placement(&self, code: u32) -> Placement {
        decode(code, self.count)
    }

    pub fn get(&self, code: u32) -> &Info {
        &self.info[code as usize]
    }

    pub fn moves_of(&self, code: u32) -> &[u32] {
        let i = &self.info[code as usize];
        &self.moves[i.first as usize..i.first as usize + i.count as usize]
    }

    /// The squares each man attacks (own men's squares included).
    pub fn attack_sets(&self, p: &Placement) -> [u64; 3] {
        let occupied = p[..self.count].iter().fold(0, |m, &sq| m | 1u64 << sq);
        let mut sets = [0u64; 3];
        for i in 0..self.count {
            sets[i] = attacks(self.board, self.man(i), p[i], occupied);
        }
        sets
    }

    fn describe(&mut self, p: &Placement) -> Info {
        let occupied = p[..self.count].iter().fold(0, |m, &sq| m | 1u64 << sq);
        let sets = self.attack_sets(p);
        let seen = sets.iter().fold(0, |m, s| m | s) & !occupied;
        let mut forbidden = self.board.king_steps(1 << p[0]);
        for (i, &sq) in p.iter().enumerate().take(self.count).skip(1) {
            let defended = (0..self.count)
                .filter(|&j| j != i)
                .any(|j| sets[j] & (1 << sq) != 0);
            if !defended {
                forbidden |= self.board.king_steps(1 << sq);
            }
        }
        let (canon, symmetries) = self.canonical(p);
        let first = self.moves.len() as u32;
        for i in 0..self.count {
            for to in bits(sets[i] & !occupied) {
                let mut q = *p;
                q[i] = to;
                let code = self.code(&q);
                self.moves.push(code);
            }
        }
        Info {
            occupied,
            seen,
            forbidden,
            canon,
            symmetries,
            first,
            count: (self.moves.len() as u32 - first) as u16,
        }
    }

    fn canonical(&self, p: &Placement) -> (u32, u8) {
        let mut best = u32::MAX;
        let mut syms = 0u8;
        for g in 0..8u8 {
            let mut q = *p;
            for sq in q[..self.count].iter_mut() {
                *sq = self.board.map_square(g, *sq);
            }
            let code = self.code(&q);
            if code < best {
                best = code;
                syms = 0;
            }
            if code == best {
                syms |= 1 << g;
            }
        }
        (best, syms)
    }

    /// `Kc3 Rd4 Rh8`.
    pub fn describe_placement(&self, p: &Placement) -> String {
        (0..self.count)
            .map(|i| {
                let letter = self.man(i).map_or('K', Man::letter);
                format!("{letter}{}", Board::name(p[i]))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}
