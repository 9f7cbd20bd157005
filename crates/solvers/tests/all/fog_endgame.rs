//! The Fog of War endgame solver against an independent brute force on
//! small boards, its visibility against the engine's Fog of War model, and
//! the paper's K+R claims (Gehnen & Stannat, Lemmas 15–17 and Corollary 18)
//! on 8×8.

use fogbound_engine::model::{Fog, InformationModel};
use fogbound_engine::variant::Variant;
use fogbound_engine::{Bitboard, Bitboard64, Color, Position};
use fogbound_solvers::fog_endgame::{self, Board, Explain, Material, Placements, Reading};
use fogbound_solvers::progress::Silent;
use std::collections::HashMap;

use crate::support::{fog_square, Rng};

// ---------------------------------------------------------------------
// The brute force: its own board code (coordinates, not bitboards), the
// black king simulated square by square, White's knowledge grouped by what
// White is shown, and a plain fixpoint over the states reached. No
// symmetry, no pruning.

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
}

fn kinds(material: Material) -> Vec<Kind> {
    let mut v = vec![Kind::King];
    for ch in material.name().chars().skip(1) {
        v.push(match ch {
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            _ => Kind::Knight,
        });
    }
    v
}

type Sq = (i32, i32);

/// Squares the man at `men[i]` reaches (own men's squares included: what it
/// defends), with every white man blocking.
fn reach(n: i32, kinds: &[Kind], men: &[Sq], i: usize) -> Vec<Sq> {
    let dirs: &[(i32, i32)] = match kinds[i] {
        Kind::King | Kind::Queen => &[
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
        ],
        Kind::Rook => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
        Kind::Bishop => &[(1, 1), (-1, -1), (1, -1), (-1, 1)],
        Kind::Knight => &[
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ],
    };
    let far = matches!(kinds[i], Kind::Queen | Kind::Rook | Kind::Bishop);
    let mut out = Vec::new();
    for &(dx, dy) in dirs {
        let mut p = (men[i].0 + dx, men[i].1 + dy);
        while p.0 >= 0 && p.1 >= 0 && p.0 < n && p.1 < n {
            out.push(p);
            if !far || men.contains(&p) {
                break;
            }
            p = (p.0 + dx, p.1 + dy);
        }
    }
    out
}

/// What White sees: squares its men can move to.
fn sees(n: i32, kinds: &[Kind], men: &[Sq]) -> Vec<Sq> {
    let mut v: Vec<Sq> = (0..men.len())
        .flat_map(|i| reach(n, kinds, men, i))
        .filter(|p| !men.contains(p))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// White's men in a canonical order (identical men sorted).
fn norm(kinds: &[Kind], mut men: Vec<Sq>) -> Vec<Sq> {
    if kinds.len() == 3 && kinds[1] == kinds[2] && men[1] > men[2] {
        men.swap(1, 2);
    }
    men
}

type Belief = Vec<Sq>;
type State = (Vec<Sq>, Belief);

/// After White's move to `men`, with the king somewhere on `belief`: `None`
/// if some king square lets Black take the white king or an undefended man;
/// otherwise the belief sets White may face (grouped by what White saw
/// right after its move when `sighted`), empty ones dropped, and whether
/// any was empty.
fn outcomes(
    n: i32,
    kinds: &[Kind],
    men: &[Sq],
    belief: &Belief,
    sighted: bool,
) -> Option<Vec<Belief>> {
    let seen = sees(n, kinds, men);
    let mut groups: HashMap<Option<Sq>, Vec<Sq>> = HashMap::new();
    for &k in belief {
        let shown = if sighted && seen.contains(&k) {
            Some(k)
        } else {
            None
        };
        let group = groups.entry(shown).or_default();
        for dx in -1..=1 {
            for dy in -1..=1 {
                let t = (k.0 + dx, k.1 + dy);
                if (dx, dy) == (0, 0) || t.0 < 0 || t.1 < 0 || t.0 >= n || t.1 >= n {
                    continue;
                }
                if let Some(i) = men.iter().position(|&m| m == t) {
                    // Black takes a man: the king is lost; another man is
                    // lost unless a white man takes back.
                    let defended = (0..men.len())
                        .filter(|&j| j != i)
                        .any(|j| reach(n, kinds, men, j).contains(&t));
                    if i == 0 || !defended {
                        return None;
                    }
                    continue; // taken back: the king is captured
                }
                if seen.contains(&t) {
                    continue; // White sees it and takes it
                }
                if !group.contains(&t) {
                    group.push(t);
                }
            }
        }
    }
    let mut out: Vec<Belief> = groups
        .into_values()
        .map(|mut b| {
            b.sort();
            b
        })
        .collect();
    out.retain(|b| !b.is_empty());
    Some(out)
}

fn white_moves(n: i32, kinds: &[Kind], men: &[Sq]) -> Vec<Vec<Sq>> {
    let mut out = Vec::new();
    for i in 0..men.len() {
        for t in reach(n, kinds, men, i) {
            if men.contains(&t) {
                continue;
            }
            let mut next = men.to_vec();
            next[i] = t;
            out.push(norm(kinds, next));
        }
    }
    out
}

/// Worst-case White moves to capture from every start (0: not won).
fn brute_force(n: i32, material: Material, sighted: bool) -> HashMap<(Vec<Sq>, Sq), u32> {
    let kinds = kinds(material);
    let squares: Vec<Sq> = (0..n).flat_map(|y| (0..n).map(move |x| (x, y))).collect();
    // Every placement of White's men.
    let mut placements: Vec<Vec<Sq>> = vec![vec![]];
    for _ in &kinds {
        let mut grown = Vec::new();
        for p in &placements {
            for s in &squares {
                if !p.contains(s) {
                    let mut q = p.clone();
                    q.push(*s);
                    grown.push(q);
                }
            }
        }
        placements = grown;
    }
    placements.retain(|p| norm(&kinds, p.clone()) == *p);
    let mut starts = Vec::new();
    for p in &placements {
        let seen = sees(n, &kinds, p);
        for &k in &squares {
            if !p.contains(&k) && !seen.contains(&k) {
                starts.push((p.clone(), k));
            }
        }
    }
    // Every state reached, with its moves' outcomes.
    let mut index: HashMap<State, usize> = HashMap::new();
    let mut states: Vec<State> = Vec::new();
    for (p, k) in &starts {
        let s = (p.clone(), vec![*k]);
        if !index.contains_key(&s) {
            index.insert(s.clone(), states.len());
            states.push(s);
        }
    }
    let mut moves: Vec<Vec<Vec<Option<usize>>>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let (men, belief) = states[i].clone();
        let mut list = Vec::new();
        for next in white_moves(n, &kinds, &men) {
            let Some(beliefs) = outcomes(n, &kinds, &next, &belief, sighted) else {
                continue;
            };
            let mut ids = Vec::new();
            for b in beliefs {
                let s = (next.clone(), b);
                let id = *index.entry(s.clone()).or_insert_with(|| {
                    states.push(s);
                    states.len() - 1
                });
                ids.push(Some(id));
            }
            list.push(ids);
        }
        moves.push(list);
        i += 1;
    }
    // The fixpoint: values only fall, from "not won".
    const INF: u32 = u32::MAX;
    let mut value = vec![INF; states.len()];
    loop {
        let mut changed = false;
        for u in 0..states.len() {
            let best = moves[u]
                .iter()
                .map(|ids| {
                    ids.iter()
                        .map(|id| value[id.unwrap()])
                        .fold(1, |a: u32, b| a.max(b))
                })
                .min()
                .map_or(INF, |w| w.saturating_add(1));
            if best < value[u] {
                value[u] = best;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    starts
        .into_iter()
        .map(|(p, k)| {
            let v = value[index[&(p.clone(), vec![k])]];
            ((p, k), if v == INF { 0 } else { v })
        })
        .collect()
}

fn check_against_brute_force(n: usize, material: Material, reading: Reading) {
    let solution = fog_endgame::solve(n, material, reading, &mut Silent).unwrap();
    let expected = brute_force(n as i32, material, reading == Reading::Sighted);
    let board = Board::new(n).unwrap();
    let mut won = 0;
    for ((men, k), v) in &expected {
        let mut p = [0u8; 3];
        for (i, &(x, y)) in men.iter().enumerate() {
            p[i] = board.square(x as usize, y as usize);
        }
        let king = board.square(k.0 as usize, k.1 as usize);
        let got = solution.value_of(&p, 1 << king).map(u32::from);
        assert_eq!(
            got,
            Some(*v),
            "{material:?} {n}×{n} {reading:?}: men {men:?} king {k:?}"
        );
        won += (*v != 0) as u64;
    }
    let s = solution.summary();
    assert_eq!(s.positions, expected.len() as u64);
    assert_eq!(s.won, won);
    assert_eq!(s.won + s.lost, s.positions);
}

#[test]
fn small_boards_agree_with_brute_force() {
    for material in Material::ALL {
        check_against_brute_force(4, material, Reading::Sighted);
    }
    for material in [
        Material::KQ,
        Material::KR,
        Material::KRR,
        Material::KB,
        Material::KN,
    ] {
        check_against_brute_force(4, material, Reading::Blind);
    }
    check_against_brute_force(5, Material::KR, Reading::Sighted);
}

// ---------------------------------------------------------------------
// Visibility against the engine's Fog of War model.

#[test]
fn what_white_sees_is_the_engines_fog_of_war() {
    let variant = Variant::chess();
    let board = Board::new(8).unwrap();
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    for material in Material::ALL {
        let table = Placements::new(board, material);
        let mut checked = 0;
        while checked < 300 {
            let mut p = [0u8; 3];
            for sq in p[..table.count].iter_mut() {
                *sq = rng.below(64) as u8;
            }
            let king = rng.below(64) as u8;
            let p = table.normalise(p);
            if !table.valid(&p) || p[..table.count].contains(&king) {
                continue;
            }
            let info = table.get(table.code(&p));
            if info.seen & (1 << king) != 0 {
                continue; // Black in check with White to move: not a position
            }
            // A FEN of the position, Black's king unseen.
            let mut grid = [['.'; 8]; 8];
            for i in 0..table.count {
                let letter = table.man(i).map_or('K', |m| m.letter());
                grid[p[i] as usize / 8][p[i] as usize % 8] = letter;
            }
            grid[king as usize / 8][king as usize % 8] = 'k';
            let rows: Vec<String> = (0..8)
                .rev()
                .map(|r| {
                    let mut row = String::new();
                    let mut empty = 0;
                    for c in grid[r] {
                        if c == '.' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(c);
                        }
                    }
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                    }
                    row
                })
                .collect();
            let fen = format!("{} w - - 0 1", rows.join("/"));
            let pos = Position::<Bitboard64>::from_fen(&variant, &fen).unwrap();
            let visible = Fog.visible(&pos, Color::White);
            let engine: u64 = visible
                .squares()
                .fold(0, |m, sq| m | 1 << board.from_engine_index(sq.index()));
            assert_eq!(engine, info.seen, "{fen}");
            checked += 1;
        }
    }
}

// ---------------------------------------------------------------------
// The paper's K+R claims on 8×8.

fn set(board: Board, squares: &[&str]) -> u64 {
    squares.iter().fold(0, |m, s| m | 1 << fog_square(board, s))
}

fn rect(
    board: Board,
    files: std::ops::RangeInclusive<char>,
    ranks: std::ops::RangeInclusive<u8>,
) -> u64 {
    let mut m = 0u64;
    for f in files {
        for r in ranks.clone() {
            m |= 1 << fog_square(board, &format!("{f}{r}"));
        }
    }
    m
}

#[test]
fn king_and_rook_on_8x8_match_the_paper() {
    let board = Board::new(8).unwrap();
    let table = Placements::new(board, Material::KR);
    // Lemma 15's clusters, with White's men anywhere that neither stands on
    // nor sees the cluster (nor is next to it: a man there could be taken).
    let clusters = [
        set(board, &["c1", "c2", "e1", "e2"]),
        set(board, &["d1", "d2", "f1", "f2"]),
        set(board, &["d1", "d2", "e1", "e2"]),
    ];
    let mut lemma15 = Vec::new();
    let mut lemma16 = Vec::new();
    let mut lemma17 = Vec::new();
    let l16_king = rect(board, 'a'..='b', 1..=4) | rect(board, 'c'..='d', 1..=2);
    let l17_king = rect(board, 'a'..='d', 1..=2);
    let d4 = fog_square(board, "d4");
    for k in board.squares() {
        for r in board.squares() {
            let p = [k, r, 0];
            if !table.valid(&p) {
                continue;
            }
            let info = table.get(table.code(&p));
            let near = board.dilate(info.occupied);
            for &c in &clusters {
                if c & (info.seen | near) == 0 {
                    lemma15.push((p, c));
                }
            }
            if k == d4 && rect(board, 'd'..='h', 4..=8) & (1 << r) != 0 {
                lemma16.push((p, l16_king & !info.seen));
            }
            let king_ok = rect(board, 'a'..='h', 1..=8) & !rect(board, 'a'..='e', 1..=3);
            if king_ok & (1 << k) != 0
                && rect(board, 'e'..='h', 3..=8) & (1 << r) != 0
                && board.king_steps(1 << k) & l17_king == 0
            {
                lemma17.push((p, l17_king));
            }
        }
    }
    assert!(!lemma15.is_empty() && lemma16.len() == 24 && !lemma17.is_empty());
    let mut extra = lemma15.clone();
    extra.extend(&lemma16);
    extra.extend(&lemma17);
    for reading in [Reading::Sighted, Reading::Blind] {
        let solution =
            fog_endgame::solve_with(8, Material::KR, reading, &extra, &mut Silent).unwrap();
        for (name, list) in [("15", &lemma15), ("16", &lemma16), ("17", &lemma17)] {
            for (p, s) in list.iter() {
                assert_eq!(
                    solution.value_of(p, *s),
                    Some(0),
                    "Lemma {name} {reading:?}: {} with the king on {s:x}",
                    solution.table.describe_placement(p)
                );
            }
        }
        // Corollary 18: no start with the black king on c3–f6 is won.
        let s = solution.summary();
        for sq in rect(board, 'c'..='f', 3..=6).trailing_zeros()..64 {
            if rect(board, 'c'..='f', 3..=6) & (1 << sq) != 0 {
                assert_eq!(s.won_by_square[board.engine_index(sq as u8)], 0);
            }
        }
        assert_eq!(s.positions, 175_168);
        if reading == Reading::Sighted {
            assert_eq!(s.won, 50_848);
            assert_eq!(s.max_moves, 16);
            // An optimal line replays to the capture, a lost start has an
            // answer to every White move.
            let (p, k) = (
                [fog_square(board, "a1"), fog_square(board, "b2"), 0],
                fog_square(board, "h8"),
            );
            let line = solution.line(&p, k).unwrap();
            assert_eq!(line.steps.len(), line.moves as usize);
            let lost = [fog_square(board, "a1"), fog_square(board, "h1"), 0];
            let e4 = fog_square(board, "e4");
            let answers = solution.refutations(&lost, 1 << e4);
            assert!(!answers.is_empty());
            assert!(answers
                .iter()
                .all(|a| a.captures.is_some() || !a.keeps.is_empty()));
        }
    }
}

// ---------------------------------------------------------------------
// The rounds search (families of won sets by their maximal sets) against
// the closure search, start by start.

fn rounds_agree(n: usize, material: Material, reading: Reading) {
    use fogbound_solvers::fog_endgame::{results, rounds};
    let solution = fog_endgame::solve(n, material, reading, &mut Silent).unwrap();
    let table = &solution.table;
    let by_rounds = rounds::solve(table, reading, 255, 2, false, &mut Silent).unwrap();
    for (code, king) in results::starts(table) {
        assert_eq!(
            by_rounds.value(table, code, king),
            solution.value(code, 1 << king).unwrap(),
            "{material:?} {n}×{n} {reading:?}: {} k{}",
            table.describe_placement(&table.placement(code)),
            Board::name(king)
        );
    }
}

#[test]
fn rounds_agree_with_the_closure() {
    for material in Material::ALL {
        rounds_agree(4, material, Reading::Sighted);
        rounds_agree(4, material, Reading::Blind);
    }
    for material in [Material::KQ, Material::KRR, Material::KBN] {
        rounds_agree(5, material, Reading::Sighted);
    }
    rounds_agree(5, Material::KQ, Reading::Blind);
    rounds_agree(8, Material::KR, Reading::Sighted);
    rounds_agree(8, Material::KR, Reading::Blind);
}

/// White may always ignore what it sees, so a start won blind is won
/// sighted in no more moves.
#[test]
fn seeing_the_king_after_a_move_never_hurts_white() {
    use fogbound_solvers::fog_endgame::{results, rounds};
    for (n, material) in [(8, Material::KR), (6, Material::KQ), (5, Material::KBN)] {
        let table = Placements::new(Board::new(n).unwrap(), material);
        let sighted = rounds::solve(&table, Reading::Sighted, 255, 2, false, &mut Silent).unwrap();
        let blind = rounds::solve(&table, Reading::Blind, 255, 2, false, &mut Silent).unwrap();
        for (code, king) in results::starts(&table) {
            let (s, b) = (
                sighted.value(&table, code, king),
                blind.value(&table, code, king),
            );
            assert!(
                b == 0 || (s != 0 && s <= b),
                "{material:?} {n}×{n}: {s} {b}"
            );
        }
    }
}

/// The rounds search's history values every belief state as the closure
/// does: checked on every belief set one move away from every start, and
/// its optimal lines are as long as the closure's.
#[test]
fn rounds_value_belief_states_as_the_closure_does() {
    use fogbound_solvers::fog_endgame::{results, Game};
    for (n, material, reading) in [
        (8, Material::KR, Reading::Sighted),
        (5, Material::KQ, Reading::Sighted),
        (5, Material::KRR, Reading::Blind),
    ] {
        let closure = fog_endgame::solve(n, material, reading, &mut Silent).unwrap();
        let rounds = fog_endgame::solve_by_rounds(n, material, reading, 2, &mut Silent).unwrap();
        assert_eq!(rounds.summary().histogram, closure.summary().histogram);
        let table = &closure.table;
        let game = Game { table, reading };
        let mut compared = 0;
        for (i, (code, king)) in results::starts(table).into_iter().enumerate() {
            for &to in table.moves_of(code) {
                let after = table.get(to);
                if !Game::safe(after, 1 << king) {
                    continue;
                }
                game.branches(after, 1 << king, |b| {
                    if let Some(v) = closure.value(to, b) {
                        assert_eq!(Explain::value(&rounds, to, b), Some(v));
                        compared += 1;
                    }
                });
            }
            if i % 97 == 0 {
                let p = table.placement(code);
                let a = closure.line(&p, king).map(|l| l.moves);
                let b = rounds.line(&p, king).map(|l| (l.moves, l.steps.len()));
                assert_eq!(a, b.map(|(m, _)| m));
                if let Some((m, steps)) = b {
                    assert_eq!(steps, m as usize);
                }
            }
        }
        assert!(compared > 1000);
    }
}
