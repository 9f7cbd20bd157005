//! Orthodox chess against an independent oracle (shakmaty, a dev-dependency
//! only): the published perft suite in `data/perft.txt`, and move lists of
//! positions from seeded random games.

use fogbound_engine::{
    perft, Bitboard128, Bitboard64, Color, Piece, Position, Role, RuleMode, Setup, Variant,
};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position as _};

use crate::support::Rng;

type Pos = Position<Bitboard64>;

fn ours(fen: &str) -> Pos {
    Pos::from_fen(&Variant::chess(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn oracle(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("oracle parses")
        .into_position(CastlingMode::Standard)
        .expect("oracle accepts")
}

/// Node budget per figure for our engine: deep in release (depth 5-6, about
/// 600 million nodes in all), bounded in debug.
fn max_nodes() -> u64 {
    if cfg!(debug_assertions) {
        150_000
    } else {
        200_000_000
    }
}

/// Node budget per figure for the oracle, which confirms the data file.
fn max_oracle_nodes() -> u64 {
    if cfg!(debug_assertions) {
        150_000
    } else {
        20_000_000
    }
}

struct Entry {
    name: String,
    fen: String,
    figures: Vec<(u32, u64)>,
}

fn suite() -> Vec<Entry> {
    let text = include_str!("../data/perft.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(';').map(str::trim).collect();
            let figures = parts[2]
                .split_whitespace()
                .map(|f| {
                    let (d, n) = f.split_once('=').expect("depth=nodes");
                    (d.parse().expect("depth"), n.parse().expect("nodes"))
                })
                .collect();
            Entry {
                name: parts[0].into(),
                fen: parts[1].into(),
                figures,
            }
        })
        .collect()
}

#[test]
fn perft_suite_matches_published_figures_and_oracle() {
    let mut checked = 0;
    for e in suite() {
        let pos = ours(&e.fen);
        let orc = oracle(&e.fen);
        for &(depth, nodes) in &e.figures {
            if nodes > max_nodes() {
                continue;
            }
            if nodes <= max_oracle_nodes() {
                let oracle_n = shakmaty::perft(&orc, depth);
                assert_eq!(
                    oracle_n, nodes,
                    "oracle disagrees with data file: {} d{depth}",
                    e.name
                );
            }
            let ours_n = perft(&pos, depth, RuleMode::Orthodox);
            assert_eq!(ours_n, nodes, "{} depth {depth}", e.name);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} figures checked");
}

/// The page plays 8×8 chess on [`Bitboard128`] (the `one-bitboard` build's
/// one width): the same published figures there, up to 5 million nodes.
#[test]
fn perft_suite_on_the_pages_bitboard_width() {
    let budget = max_nodes().min(5_000_000);
    let mut checked = 0;
    for e in suite() {
        let pos = Position::<Bitboard128>::from_fen(&Variant::chess(), &e.fen)
            .unwrap_or_else(|err| panic!("{}: {err}", e.fen));
        for &(depth, nodes) in e.figures.iter().filter(|(_, n)| *n <= budget) {
            assert_eq!(
                perft(&pos, depth, RuleMode::Orthodox),
                nodes,
                "{} depth {depth} on 128 bits",
                e.name
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} figures checked");
}

fn sorted_ours(pos: &Pos) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| pos.to_coord(m)).collect();
    v.sort();
    v
}

fn sorted_oracle(pos: &Chess) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn random_game_positions_match_oracle() {
    let starts = suite();
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    let mut perft2 = 0;
    let mut game = 0;
    while positions < 1200 {
        let start = &starts[game % starts.len()].fen;
        game += 1;
        let mut pos = ours(start);
        let mut orc = oracle(start);
        for _ply in 0..120 {
            let a = sorted_ours(&pos);
            let b = sorted_oracle(&orc);
            assert_eq!(a, b, "move lists differ at {}", pos.to_fen());
            // Our FEN, read back by both engines, gives the same moves.
            let fen = pos.to_fen();
            assert_eq!(sorted_ours(&ours(&fen)), a, "FEN round trip {fen}");
            assert_eq!(sorted_oracle(&oracle(&fen)), a, "oracle on our FEN {fen}");
            assert_eq!(pos.is_check(), orc.is_check(), "check flag at {fen}");
            // The quick answer (a piece's move or a safe king step first) agrees with the
            // oracle's move list.
            assert_eq!(
                pos.has_moves(RuleMode::Orthodox),
                !b.is_empty(),
                "any move at {fen}"
            );
            // The hash after each move, from the hash before it, is the
            // hash computed whole (castling, en passant and promotions
            // included).
            let hash = pos.zobrist_hash();
            for m in pos.legal_moves() {
                let after = pos.after(&m);
                assert_eq!(
                    after.zobrist_hash_from(&pos, hash),
                    after.zobrist_hash(),
                    "hash after {} at {fen}",
                    pos.to_coord(&m)
                );
            }
            positions += 1;
            if positions % 8 == 0 {
                assert_eq!(
                    perft(&pos, 2, RuleMode::Orthodox),
                    shakmaty::perft(&orc, 2),
                    "perft 2 at {fen}"
                );
                perft2 += 1;
            }
            if a.is_empty() {
                break;
            }
            let pick = &a[rng.below(a.len())];
            let m = pos
                .parse_coord(pick, RuleMode::Orthodox)
                .expect("our own text parses");
            pos.play(&m);
            let um: shakmaty::uci::UciMove = pick.parse().expect("oracle reads uci");
            let om = um.to_move(&orc).expect("oracle move");
            orc.play_unchecked(om);
        }
    }
    assert!(positions >= 1000 && perft2 >= 100);
}

/// A random sparse position: both kings and up to six other men on random
/// squares, `side` to move (pawns off the first and last ranks), as FEN.
fn random_sparse_fen(rng: &mut Rng, side: Color) -> String {
    let mut setup = Setup::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").expect("an empty board");
    setup.turn = side;
    let mut men = vec!['K', 'k'];
    for _ in 0..1 + rng.below(6) {
        men.push(b"QRBNPqrbnp"[rng.below(10)] as char);
    }
    for man in men {
        let piece = Piece::from_char(man).expect("a man's letter");
        loop {
            let s = rng.below(64);
            let rank = s / 8;
            if setup.board[s].is_none() && !(piece.role == Role::Pawn && (rank == 0 || rank == 7)) {
                setup.board[s] = Some(piece);
                break;
            }
        }
    }
    setup.to_fen()
}

/// `has_moves` answers without the move list when a king step or a
/// piece's move is found (pins and a single check limit the pieces). In
/// random sparse positions where the king cannot step, mates and
/// stalemates among them, including the hand-made cases of a pinned
/// bishop that may move along its pin and a pinned knight that may not,
/// it agrees with the oracle's move list.
#[test]
fn any_move_agrees_with_the_oracle_when_the_king_cannot_step() {
    let made = [
        // The pinned bishop's moves along the pin are its side's only ones.
        ("k7/1b1N4/1P6/8/8/8/6Q1/7K b - - 0 1", true),
        // A pinned knight has none: stalemate.
        ("k7/1n1N4/1P6/8/8/8/6Q1/7K b - - 0 1", false),
        // Only a pawn may move (the whole list decides).
        ("k7/P7/K7/8/8/8/7p/8 b - - 0 1", true),
        ("k7/P7/K7/8/8/8/8/8 b - - 0 1", false),
        // Checked twice: only the king could answer, and it cannot.
        ("k7/1p6/1N6/4B3/8/8/8/R3K3 b - - 0 1", false),
    ];
    for (fen, any) in made {
        assert_eq!(ours(fen).has_moves(RuleMode::Orthodox), any, "{fen}");
        assert_eq!(
            !oracle(fen).legal_moves().is_empty(),
            any,
            "oracle at {fen}"
        );
    }
    let mut rng = Rng::new(20_261_128);
    let (mut checked, mut none) = (0, 0);
    while checked < 1500 {
        let side = if rng.chance(50) {
            Color::White
        } else {
            Color::Black
        };
        let fen = random_sparse_fen(&mut rng, side);
        // Only positions the oracle accepts (the side not to move not in
        // check, kings apart).
        let Ok(orc) = fen
            .parse::<Fen>()
            .expect("oracle parses")
            .into_position::<Chess>(CastlingMode::Standard)
        else {
            continue;
        };
        let moves = orc.legal_moves();
        if moves.iter().any(|m| m.role() == shakmaty::Role::King) {
            continue;
        }
        assert_eq!(
            ours(&fen).has_moves(RuleMode::Orthodox),
            !moves.is_empty(),
            "any move at {fen}"
        );
        checked += 1;
        none += usize::from(moves.is_empty());
    }
    // Both answers were met often.
    assert!(
        none > 50 && none < 1450,
        "{none} of {checked} without a move"
    );
}
