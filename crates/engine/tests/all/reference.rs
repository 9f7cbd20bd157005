//! A second, deliberately simple move generator (a mailbox: one cell per
//! square, no bitboards, no tables, legality by make-and-test), written from
//! the rules text of Foolish King Chess (Patrik Hedman, The Chess Variant
//! Pages) and the FIDE laws, to cross-check the engine's
//! perft figures for Foolish King Chess and for the capture-the-king mode.
//!
//! It is kept independent of the engine on purpose: it shares no code with it
//! except the test harness. See `foolish.rs` and `capture_king.rs`.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Chess,
    Foolish,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Man {
    pub white: bool,
    /// Upper-case letter: P N B R Q K A H F.
    pub letter: char,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RefMove {
    pub from: (i32, i32),
    pub to: (i32, i32),
    pub promo: Option<char>,
    pub rook: Option<((i32, i32), (i32, i32))>,
    pub ep: bool,
}

#[derive(Clone, Debug)]
pub struct Board {
    pub kind: Kind,
    pub w: i32,
    pub h: i32,
    pub cells: Vec<Option<Man>>,
    pub white_to_move: bool,
    /// Rooks that may still castle.
    pub castle_rooks: Vec<(i32, i32)>,
    pub ep: Option<(i32, i32)>,
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const WAZIR: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Board {
    /// Reads the board, side, `KQkq`-style castling and en passant fields.
    pub fn from_fen(kind: Kind, fen: &str) -> Board {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let rows: Vec<&str> = f[0].split('/').collect();
        let h = rows.len() as i32;
        let mut grid: Vec<Vec<Option<Man>>> = Vec::new();
        for row in &rows {
            let mut cells = Vec::new();
            let mut num = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    num.push(c);
                } else {
                    if !num.is_empty() {
                        for _ in 0..num.parse::<usize>().unwrap() {
                            cells.push(None);
                        }
                        num.clear();
                    }
                    cells.push(Some(Man {
                        white: c.is_ascii_uppercase(),
                        letter: c.to_ascii_uppercase(),
                    }));
                }
            }
            if !num.is_empty() {
                for _ in 0..num.parse::<usize>().unwrap() {
                    cells.push(None);
                }
            }
            grid.push(cells);
        }
        let w = grid[0].len() as i32;
        let mut cells = vec![None; (w * h) as usize];
        for (i, row) in grid.iter().enumerate() {
            let rank = h - 1 - i as i32;
            for (file, c) in row.iter().enumerate() {
                cells[(rank * w + file as i32) as usize] = *c;
            }
        }
        let mut b = Board {
            kind,
            w,
            h,
            cells,
            white_to_move: f.get(1) != Some(&"b"),
            castle_rooks: Vec::new(),
            ep: None,
        };
        if let Some(c) = f.get(2) {
            for ch in c.chars() {
                let white = ch.is_ascii_uppercase();
                let rank = if white { 0 } else { h - 1 };
                let files: Vec<i32> = (0..w)
                    .filter(|&x| b.at((x, rank)) == Some(Man { white, letter: 'R' }))
                    .collect();
                match ch.to_ascii_lowercase() {
                    'k' => b.castle_rooks.push((*files.last().unwrap(), rank)),
                    'q' => b.castle_rooks.push((files[0], rank)),
                    _ => {}
                }
            }
        }
        if let Some(e) = f.get(3) {
            if *e != "-" {
                let file = e.as_bytes()[0] as i32 - 'a' as i32;
                let rank: i32 = e[1..].parse::<i32>().unwrap() - 1;
                b.ep = Some((file, rank));
            }
        }
        b
    }

    pub fn on(&self, (x, y): (i32, i32)) -> bool {
        x >= 0 && y >= 0 && x < self.w && y < self.h
    }

    pub fn at(&self, (x, y): (i32, i32)) -> Option<Man> {
        if self.on((x, y)) {
            self.cells[(y * self.w + x) as usize]
        } else {
            None
        }
    }

    fn set(&mut self, (x, y): (i32, i32), m: Option<Man>) {
        self.cells[(y * self.w + x) as usize] = m;
    }

    fn find(&self, white: bool, letter: char) -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for y in 0..self.h {
            for x in 0..self.w {
                if self.at((x, y)) == Some(Man { white, letter }) {
                    v.push((x, y));
                }
            }
        }
        v
    }

    /// Whether a man of `man` kind standing on `from` reaches `to` (could
    /// capture there if it captured; a fool "reaches" its knight and wazir
    /// squares). Ignores what stands on `to`.
    fn reaches(&self, from: (i32, i32), man: Man, to: (i32, i32)) -> bool {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        if (dx, dy) == (0, 0) {
            return false;
        }
        let knight = KNIGHT.contains(&(dx, dy));
        let king = dx.abs() <= 1 && dy.abs() <= 1;
        let wazir = WAZIR.contains(&(dx, dy));
        let line_clear = |diag: bool| -> bool {
            let ok = if diag {
                dx.abs() == dy.abs()
            } else {
                dx == 0 || dy == 0
            };
            if !ok {
                return false;
            }
            let (sx, sy) = (dx.signum(), dy.signum());
            let mut p = (from.0 + sx, from.1 + sy);
            while p != to {
                if self.at(p).is_some() {
                    return false;
                }
                p = (p.0 + sx, p.1 + sy);
            }
            true
        };
        match man.letter {
            'P' => {
                let fwd = if man.white { 1 } else { -1 };
                dy == fwd && dx.abs() == 1
            }
            'N' => knight,
            'K' => king,
            'B' => line_clear(true),
            'R' => line_clear(false),
            'Q' => line_clear(true) || line_clear(false),
            'A' => knight || line_clear(true),
            'H' => line_clear(true) || (line_clear(false) && (dx + dy) % 2 == 0),
            'F' => knight || wazir,
            _ => false,
        }
    }

    pub fn attacked(&self, sq: (i32, i32), by_white: bool) -> bool {
        for y in 0..self.h {
            for x in 0..self.w {
                if let Some(m) = self.at((x, y)) {
                    if m.white == by_white && self.reaches((x, y), m, sq) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn fool_reached(&self, sq: (i32, i32), by_white: bool) -> bool {
        self.find(by_white, 'F').into_iter().any(|f| {
            self.reaches(
                f,
                Man {
                    white: by_white,
                    letter: 'F',
                },
                sq,
            )
        })
    }

    fn may_capture(&self, capturer: char, victim: Man) -> bool {
        victim.letter != 'F' || capturer == 'P' || capturer == 'K'
    }

    fn promotions(&self, white: bool) -> Vec<char> {
        match (self.kind, white) {
            (Kind::Chess, _) => vec!['Q', 'R', 'B', 'N'],
            (Kind::Foolish, true) => vec!['F'],
            (Kind::Foolish, false) => vec!['H'],
        }
    }

    /// Whether the game is over by the men alone.
    pub fn decided(&self) -> bool {
        match self.kind {
            Kind::Chess => self.find(true, 'K').is_empty() || self.find(false, 'K').is_empty(),
            Kind::Foolish => {
                self.find(true, 'F').is_empty()
                    || (self.find(true, 'R').is_empty() && self.find(true, 'A').is_empty())
                    || self.find(false, 'K').is_empty()
                    || self.find(false, 'K').iter().any(|k| k.1 == 0)
            }
        }
    }

    /// Every move following the men's movement (capture-the-king set).
    pub fn pseudo_moves(&self) -> Vec<RefMove> {
        let me = self.white_to_move;
        let enemy_kings = self.find(!me, 'K');
        let mut out = Vec::new();
        for y in 0..self.h {
            for x in 0..self.w {
                let from = (x, y);
                let Some(man) = self.at(from) else { continue };
                if man.white != me {
                    continue;
                }
                if man.letter == 'P' {
                    self.pawn_moves(from, me, &enemy_kings, &mut out);
                    continue;
                }
                for ty in 0..self.h {
                    for tx in 0..self.w {
                        let to = (tx, ty);
                        if !self.reaches(from, man, to) {
                            continue;
                        }
                        match self.at(to) {
                            Some(t) if t.white == me => continue,
                            Some(t) if man.letter == 'F' || !self.may_capture(man.letter, t) => {
                                continue
                            }
                            Some(_) => {}
                            None => {}
                        }
                        if man.letter == 'F'
                            && enemy_kings.iter().any(|&k| self.reaches(to, man, k))
                        {
                            continue;
                        }
                        if man.letter == 'K' && self.fool_reached(to, !me) {
                            continue;
                        }
                        out.push(RefMove {
                            from,
                            to,
                            promo: None,
                            rook: None,
                            ep: false,
                        });
                    }
                }
            }
        }
        self.castling_moves(&mut out);
        out
    }

    fn pawn_moves(
        &self,
        from: (i32, i32),
        me: bool,
        enemy_kings: &[(i32, i32)],
        out: &mut Vec<RefMove>,
    ) {
        let fwd = if me { 1 } else { -1 };
        let last = if me { self.h - 1 } else { 0 };
        let second = if me { 1 } else { self.h - 2 };
        let mut add = |to: (i32, i32), ep: bool| {
            if to.1 == last {
                for p in self.promotions(me) {
                    if p == 'F'
                        && enemy_kings.iter().any(|&k| {
                            self.reaches(
                                to,
                                Man {
                                    white: me,
                                    letter: 'F',
                                },
                                k,
                            )
                        })
                    {
                        continue;
                    }
                    out.push(RefMove {
                        from,
                        to,
                        promo: Some(p),
                        rook: None,
                        ep,
                    });
                }
            } else {
                out.push(RefMove {
                    from,
                    to,
                    promo: None,
                    rook: None,
                    ep,
                });
            }
        };
        let one = (from.0, from.1 + fwd);
        if self.on(one) && self.at(one).is_none() {
            add(one, false);
            let two = (from.0, from.1 + 2 * fwd);
            if from.1 == second && self.at(two).is_none() {
                add(two, false);
            }
        }
        for dx in [-1, 1] {
            let to = (from.0 + dx, from.1 + fwd);
            if !self.on(to) {
                continue;
            }
            match self.at(to) {
                Some(t) if t.white != me => add(to, false),
                None if self.ep == Some(to) => add(to, true),
                _ => {}
            }
        }
    }

    fn castling_moves(&self, out: &mut Vec<RefMove>) {
        let me = self.white_to_move;
        let rank = if me { 0 } else { self.h - 1 };
        let Some(&king) = self.find(me, 'K').first() else {
            return;
        };
        if king.1 != rank {
            return;
        }
        for &rook in &self.castle_rooks {
            if rook.1 != rank
                || self.at(rook)
                    != Some(Man {
                        white: me,
                        letter: 'R',
                    })
            {
                continue;
            }
            let dir = (rook.0 - king.0).signum();
            let dist = (rook.0 - king.0).abs();
            if (1..dist).any(|d| self.at((king.0 + d * dir, rank)).is_some()) {
                continue;
            }
            let options: Vec<(i32, i32)> = match self.kind {
                Kind::Chess if dist >= 2 => vec![(2, 1)],
                Kind::Chess => vec![],
                Kind::Foolish => (1..=dist)
                    .flat_map(|kd| (0..kd).map(move |rd| (kd, rd)))
                    .collect(),
            };
            for (kd, rd) in options {
                let to = (king.0 + kd * dir, rank);
                if self.fool_reached(to, !me) {
                    continue;
                }
                out.push(RefMove {
                    from: king,
                    to,
                    promo: None,
                    rook: Some((rook, (king.0 + rd * dir, rank))),
                    ep: false,
                });
            }
        }
    }

    pub fn play(&self, m: &RefMove) -> Board {
        let mut b = self.clone();
        let man = self.at(m.from).expect("a man moves");
        b.ep = None;
        if let Some((rf, rt)) = m.rook {
            b.set(m.from, None);
            b.set(rf, None);
            b.set(m.to, Some(man));
            b.set(
                rt,
                Some(Man {
                    white: man.white,
                    letter: 'R',
                }),
            );
        } else {
            if m.ep {
                b.set((m.to.0, m.from.1), None);
            }
            b.set(m.from, None);
            let letter = m.promo.unwrap_or(man.letter);
            b.set(
                m.to,
                Some(Man {
                    white: man.white,
                    letter,
                }),
            );
            if man.letter == 'P' && (m.to.1 - m.from.1).abs() == 2 {
                b.ep = Some((m.from.0, (m.from.1 + m.to.1) / 2));
            }
        }
        let rank = if man.white { 0 } else { self.h - 1 };
        b.castle_rooks
            .retain(|&r| r != m.from && r != m.to && !(man.letter == 'K' && r.1 == rank));
        b.white_to_move = !self.white_to_move;
        b
    }

    fn king_attacked(&self, white: bool) -> bool {
        self.find(white, 'K')
            .first()
            .is_some_and(|&k| self.attacked(k, !white))
    }

    /// Orthodox legal moves: make-and-test for the mover's king, and the
    /// castling rules on attacked squares and giving check.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        let me = self.white_to_move;
        self.pseudo_moves()
            .into_iter()
            .filter(|m| {
                // Never capture a king in the orthodox mode.
                if self
                    .at(m.to)
                    .is_some_and(|t| t.letter == 'K' && t.white != me)
                {
                    return false;
                }
                if m.rook.is_some() {
                    if self.king_attacked(me) {
                        return false;
                    }
                    let dir = (m.to.0 - m.from.0).signum();
                    let mut p = m.from.0 + dir;
                    while p != m.to.0 {
                        let mut without_king = self.clone();
                        without_king.set(m.from, None);
                        if without_king.attacked((p, m.from.1), !me) {
                            return false;
                        }
                        p += dir;
                    }
                }
                let after = self.play(m);
                if after.king_attacked(me) {
                    return false;
                }
                if m.rook.is_some() && self.kind == Kind::Foolish && after.king_attacked(!me) {
                    return false;
                }
                true
            })
            .collect()
    }

    pub fn perft(&self, depth: u32, capture_king: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let terminal = self.decided();
        if terminal && (capture_king || self.kind == Kind::Foolish) {
            return 0;
        }
        let moves = if capture_king {
            self.pseudo_moves()
        } else {
            self.legal_moves()
        };
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| self.play(m).perft(depth - 1, capture_king))
            .sum()
    }

    /// Coordinate text as the engine writes it (`e2e4`, `a7a8f`, `e8c8/d8`).
    pub fn coord(&self, m: &RefMove) -> String {
        let name = |(x, y): (i32, i32)| format!("{}{}", (b'a' + x as u8) as char, y + 1);
        let mut s = format!("{}{}", name(m.from), name(m.to));
        if let Some(p) = m.promo {
            s.push(p.to_ascii_lowercase());
        }
        if let (Some((_, rt)), Kind::Foolish) = (m.rook, self.kind) {
            s.push('/');
            s.push_str(&name(rt));
        }
        s
    }
}
