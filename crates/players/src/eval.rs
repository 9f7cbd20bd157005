//! The evaluation of one full board, from the side to move's point of view,
//! in centipawns: material and piece-square values blended between the
//! middlegame and the ending by the material left, mobility, king safety
//! (attackers on the king's zone, the pawn shield, open files beside it),
//! pawn structure (passed, doubled, isolated), the bishop pair, rooks on
//! open files and a winning ending's drive of the bare king to the edge.
//!
//! Every table is computed from the board's size when the evaluator is made
//! (any variant from 3×3 to 16×16), so nothing here knows chess's 8×8 by
//! heart. Under Fog of War the king is captured, not mated, so a king whose
//! zone is crowded with enemy attacks is a king about to be lost: the king
//! safety terms weigh more there ([`Evaluator::new`]).

use fogbound_engine::{Bitboard, Color, Position, Role, RuleMode, Square};

/// Middlegame and ending values of the orthodox roles; fairy roles take
/// their usual worth in both.
fn material(role: Role) -> (i32, i32) {
    match role {
        Role::Pawn => (90, 115),
        Role::Knight => (320, 300),
        Role::Bishop => (335, 315),
        Role::Rook => (480, 530),
        Role::Queen => (960, 970),
        Role::King | Role::Fool => (0, 0),
        other => (other.value(), other.value()),
    }
}

/// How much of the middlegame a man's presence keeps (24 for chess's full
/// set of pieces).
fn phase_weight(role: Role) -> i32 {
    match role {
        Role::Knight | Role::Bishop => 1,
        Role::Rook | Role::Hunter => 2,
        Role::Archbishop => 3,
        Role::Queen => 4,
        _ => 0,
    }
}

const FULL_PHASE: i32 = 24;

/// Mobility per square a man reaches (middlegame, ending).
fn mobility_weight(role: Role) -> (i32, i32) {
    match role {
        Role::Knight => (4, 4),
        Role::Bishop => (5, 5),
        Role::Rook => (2, 4),
        Role::Queen => (1, 2),
        Role::Archbishop => (3, 3),
        Role::Hunter => (3, 3),
        _ => (0, 0),
    }
}

/// Attack units one man adds per square of the enemy king's zone it hits.
fn attack_units(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop | Role::Hunter => 2,
        Role::Rook => 3,
        Role::Queen | Role::Archbishop => 5,
        _ => 1,
    }
}

/// The evaluator for one variant's board: its piece-square tables (per role,
/// colour and square, middlegame and ending) and the masks the pawn terms
/// use.
pub struct Evaluator<B: Bitboard> {
    width: i32,
    height: i32,
    squares: usize,
    /// `pst[(role * 2 + colour) * squares + square]` = (middlegame, ending).
    pst: Vec<(i32, i32)>,
    /// The files beside each square's file (for isolated pawns).
    adjacent_files: Vec<B>,
    /// Per colour and square: the squares in front on the same and adjacent
    /// files (a passed pawn has no enemy pawn there).
    passed_span: [Vec<B>; 2],
    /// Per square: its file.
    file_of: Vec<B>,
    /// Per square: the king's zone (the square and its neighbours).
    zone: Vec<B>,
    /// How much king safety weighs (per mille).
    king_weight: i32,
}

impl<B: Bitboard> Evaluator<B> {
    /// The tables for `pos`'s board under `mode`.
    pub fn new(pos: &Position<B>, mode: RuleMode) -> Evaluator<B> {
        let g = pos.geometry();
        let (w, h) = (i32::from(g.width()), i32::from(g.height()));
        let n = g.square_count();
        let mut pst = vec![(0, 0); Role::COUNT * 2 * n];
        for role in Role::ALL {
            for color in Color::ALL {
                for sq in g.squares() {
                    let (f, r) = g.coords(sq);
                    let rr = if color == Color::White { r } else { h - 1 - r };
                    let (m, e) = material(role);
                    let (pm, pe) = square_value(role, f, rr, w, h);
                    pst[(role.index() * 2 + color.index()) * n + sq.index()] = (m + pm, e + pe);
                }
            }
        }
        let rules = pos.rules();
        let file_bb = |f: i32| {
            if (0..w).contains(&f) {
                rules.file_squares(fogbound_engine::File(f as u8))
            } else {
                B::EMPTY
            }
        };
        let mut adjacent_files = Vec::with_capacity(n);
        let mut file_of = Vec::with_capacity(n);
        let mut passed = [Vec::with_capacity(n), Vec::with_capacity(n)];
        let mut zone = Vec::with_capacity(n);
        for sq in g.squares() {
            let (f, r) = g.coords(sq);
            adjacent_files.push(file_bb(f - 1) | file_bb(f + 1));
            file_of.push(file_bb(f));
            for color in Color::ALL {
                let mut span = B::EMPTY;
                for df in -1..=1 {
                    let mut rr = r;
                    loop {
                        rr += if color == Color::White { 1 } else { -1 };
                        match g.square_at(f + df, rr) {
                            Some(s) => span.add(s),
                            None if (0..h).contains(&rr) => {}
                            None => break,
                        }
                    }
                }
                passed[color.index()].push(span);
            }
            zone.push(rules.leap_targets(Role::King, sq).with(sq));
        }
        let king_weight = match mode {
            RuleMode::CaptureKing => 1500,
            RuleMode::Orthodox => 1000,
        };
        Evaluator {
            width: w,
            height: h,
            squares: n,
            pst,
            adjacent_files,
            passed_span: passed,
            file_of,
            zone,
            king_weight,
        }
    }

    #[inline]
    fn pst(&self, role: Role, color: Color, sq: Square) -> (i32, i32) {
        self.pst[(role.index() * 2 + color.index()) * self.squares + sq.index()]
    }

    /// The board's value for the side to move.
    pub fn evaluate(&self, pos: &Position<B>) -> i32 {
        let white = self.side(pos, Color::White);
        let black = self.side(pos, Color::Black);
        let phase = (white.phase + black.phase).min(FULL_PHASE);
        let mg = white.mg - black.mg;
        let eg = white.eg - black.eg;
        let mut score = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
        score += self.drive_king(pos, score);
        let tempo = 10;
        match pos.turn() {
            Color::White => score + tempo,
            Color::Black => tempo - score,
        }
    }

    /// One side's terms.
    fn side(&self, pos: &Position<B>, us: Color) -> Terms {
        let them = !us;
        let rules = pos.rules();
        let occ = pos.occupied();
        let ours = pos.by_color(us);
        let our_pawns = pos.pieces(us, Role::Pawn);
        let their_pawns = pos.pieces(them, Role::Pawn);
        let their_king = pos.royals(them).first();
        let their_zone = their_king.map_or(B::EMPTY, |k| self.zone[k.index()]);
        let mut t = Terms::default();
        let mut units = 0;
        let mut attackers = 0;
        let mut bishops = 0;
        for &role in &rules.variant().roles {
            let men = pos.pieces(us, role);
            if men.is_empty() {
                continue;
            }
            let spec = role.spec();
            let (mob_mg, mob_eg) = mobility_weight(role);
            for sq in men.squares() {
                let (m, e) = self.pst(role, us, sq);
                t.mg += m;
                t.eg += e;
                t.phase += phase_weight(role);
                if spec.pawn {
                    self.pawn_terms(pos, us, sq, our_pawns, their_pawns, &mut t);
                    let hits = (rules.pawn_attacks(us, sq) & their_zone).count() as i32;
                    units += hits * attack_units(role);
                    continue;
                }
                if spec.royal {
                    continue;
                }
                let reach = rules.attacks(role, us, sq, occ);
                let mobile = (reach & !ours).count() as i32;
                t.mg += mob_mg * mobile;
                t.eg += mob_eg * mobile;
                let hits = (reach & their_zone).count() as i32;
                if hits > 0 {
                    units += hits * attack_units(role);
                    attackers += 1;
                }
                if role == Role::Bishop {
                    bishops += 1;
                }
                if role == Role::Rook {
                    let file = self.file_of[sq.index()];
                    if (file & our_pawns).is_empty() {
                        let open = (file & their_pawns).is_empty();
                        t.mg += if open { 25 } else { 12 };
                        t.eg += if open { 10 } else { 5 };
                    }
                }
            }
        }
        if bishops >= 2 {
            t.mg += 30;
            t.eg += 45;
        }
        // Our attack on their king: units count only with two attackers or
        // more (one man alone rarely breaks through).
        if attackers >= 2 || units >= 8 {
            let danger = (units * units * 2).min(700);
            t.mg += danger * self.king_weight / 1000;
            t.eg += danger * self.king_weight / 4000;
        }
        if let Some(k) = pos.royals(us).first() {
            t.mg += self.shelter(pos, us, k) * self.king_weight / 1000;
        }
        t
    }

    /// A pawn's structure terms.
    fn pawn_terms(
        &self,
        pos: &Position<B>,
        us: Color,
        sq: Square,
        our_pawns: B,
        their_pawns: B,
        t: &mut Terms,
    ) {
        let i = sq.index();
        let (_, r) = pos.geometry().coords(sq);
        let rr = if us == Color::White {
            r
        } else {
            self.height - 1 - r
        };
        if (self.adjacent_files[i] & our_pawns).is_empty() {
            t.mg -= 10;
            t.eg -= 15;
        }
        if (self.file_of[i] & our_pawns).more_than_one() {
            // Counted once per pawn of the file: two pawns, twice.
            t.mg -= 8;
            t.eg -= 12;
        }
        if (self.passed_span[us.index()][i] & their_pawns).is_empty() {
            // 0 on the second rank, 1 one step before promotion.
            let far = (self.height - 3).max(1);
            let adv = (rr - 1).clamp(0, far);
            t.mg += 5 + 45 * adv * adv / (far * far);
            t.eg += 15 + 140 * adv * adv / (far * far);
            let front = if us == Color::White {
                i + self.width as usize
            } else {
                i.wrapping_sub(self.width as usize)
            };
            if front < self.squares && pos.occupied().contains(Square(front as u8)) {
                t.eg -= 20 * adv / far;
            }
        }
    }

    /// The king's pawn shield and open files beside it, in the middlegame
    /// (a king off its first two ranks has no shelter).
    fn shelter(&self, pos: &Position<B>, us: Color, king: Square) -> i32 {
        let g = pos.geometry();
        let (kf, kr) = g.coords(king);
        let rr = if us == Color::White {
            kr
        } else {
            self.height - 1 - kr
        };
        if rr > 1 {
            return -20 * rr.min(4);
        }
        let fwd = if us == Color::White { 1 } else { -1 };
        let pawns = pos.pieces(us, Role::Pawn);
        let their_pawns = pos.pieces(!us, Role::Pawn);
        let mut s = 0;
        for df in -1..=1 {
            let f = kf + df;
            if !(0..self.width).contains(&f) {
                continue;
            }
            let near = g.square_at(f, kr + fwd).is_some_and(|q| pawns.contains(q));
            let next = g
                .square_at(f, kr + 2 * fwd)
                .is_some_and(|q| pawns.contains(q));
            s += if near {
                15
            } else if next {
                8
            } else {
                -12
            };
            let file = self.file_of[g.square_at(f, kr).map_or(0, |q| q.index())];
            if (file & pawns).is_empty() {
                s -= if (file & their_pawns).is_empty() {
                    20
                } else {
                    10
                };
            }
        }
        s
    }

    /// A winning ending: the side ahead drives the bare king to the edge and
    /// brings its own king near (mating needs both); `score` is White's.
    fn drive_king(&self, pos: &Position<B>, score: i32) -> i32 {
        if score.abs() < 400 {
            return 0;
        }
        let (strong, weak) = if score > 0 {
            (Color::White, Color::Black)
        } else {
            (Color::Black, Color::White)
        };
        if pos.by_color(weak).count() > 3 {
            return 0;
        }
        let (Some(k), Some(w)) = (pos.royals(strong).first(), pos.royals(weak).first()) else {
            return 0;
        };
        let g = pos.geometry();
        let (wf, wr) = g.coords(w);
        let (kf, kr) = g.coords(k);
        let centre = (2 * wf - (self.width - 1)).abs() + (2 * wr - (self.height - 1)).abs();
        let near = (wf - kf).abs().max((wr - kr).abs());
        let bonus = 10 * centre - 14 * near;
        if strong == Color::White {
            bonus
        } else {
            -bonus
        }
    }
}

/// One side's sums.
#[derive(Default)]
struct Terms {
    mg: i32,
    eg: i32,
    phase: i32,
}

/// A man's piece-square value (middlegame, ending) on file `f` and rank
/// `rr` counted from its own side, on a `w`×`h` board.
fn square_value(role: Role, f: i32, rr: i32, w: i32, h: i32) -> (i32, i32) {
    // Distance to the nearest edge, file and rank (0 on the edge).
    let edge_f = f.min(w - 1 - f);
    let edge_r = rr.min(h - 1 - rr);
    let c = edge_f.min(3) + edge_r.min(3);
    let central_file = (2 * f - (w - 1)).abs() <= 1;
    match role {
        Role::Pawn => {
            let adv = (rr - 1).max(0);
            let mut mg = 3 * adv;
            if central_file && (2..=4).contains(&rr) {
                mg += 8 + 4 * (rr - 2);
            }
            (mg, 6 * adv)
        }
        Role::Knight => {
            let mut mg = 9 * c - 25;
            if rr == 0 {
                mg -= 10;
            }
            (mg, 6 * c - 18)
        }
        Role::Bishop => {
            let mut mg = 4 * c - 10;
            if rr == 0 {
                mg -= 10;
            }
            (mg, 3 * c - 8)
        }
        Role::Rook => {
            let seventh = rr == h - 2;
            (
                if seventh { 20 } else { 0 } + if edge_f == 0 { -4 } else { 0 },
                if seventh { 20 } else { 0 },
            )
        }
        Role::Queen => {
            let mut mg = 2 * c - 6;
            // An early queen out in the field is a target.
            if rr >= 3 {
                mg -= 6;
            }
            (mg, 5 * c - 12)
        }
        Role::King | Role::Fool => {
            let mg = match rr {
                0 if edge_f <= 1 => 25,
                0 if edge_f == 2 => 10,
                0 => -5,
                1 => -15,
                r => -30 * (r - 1).min(4) - 15,
            };
            (mg, 10 * c - 25)
        }
        _ => (3 * c, 3 * c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fogbound_engine::{Bitboard64, Variant};

    fn eval(fen: &str) -> i32 {
        let pos: Position<Bitboard64> = Position::from_fen(&Variant::chess(), fen).unwrap();
        Evaluator::new(&pos, RuleMode::CaptureKing).evaluate(&pos)
    }

    #[test]
    fn the_start_is_level_and_symmetric() {
        let w = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let b = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(w, b, "the same board for either side to move");
        assert!(w.abs() <= 20, "{w}");
    }

    #[test]
    fn a_piece_up_is_worth_about_a_piece() {
        let v = eval("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!((200..500).contains(&v), "{v}");
    }

    #[test]
    fn a_passed_pawn_near_promotion_is_worth_much_in_an_ending() {
        let far = eval("8/8/8/8/8/4k3/P7/4K3 w - - 0 1");
        let near = eval("8/P7/8/8/8/4k3/8/4K3 w - - 0 1");
        assert!(near > far + 100, "{near} against {far}");
    }

    #[test]
    fn a_castled_king_is_safer_than_a_king_in_the_middle() {
        let castled = eval("r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1");
        let walked = eval("r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N1KN2/PPPP1PPP/R1BQ3R w - - 0 1");
        assert!(castled > walked + 40, "{castled} against {walked}");
    }
}
