//! scratch
use fogbound_solvers::fog_endgame::board::bits;
use fogbound_solvers::fog_endgame::paper_kq::{self, with_stack, Outcome, PaperKq, Stage};
use fogbound_solvers::fog_endgame::{Board, Game, Reading};

#[test]
#[ignore]
fn print_report() {
    let n: usize = std::env::var("KQ_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let r = with_stack(|| paper_kq::evaluate(n, Reading::Sighted).unwrap());
    println!("{r:?}");
}

fn names(set: u64) -> String {
    bits(set).map(Board::name).collect::<Vec<_>>().join(",")
}

#[test]
#[ignore]
fn trace_failures() {
    let n: usize = std::env::var("KQ_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let count: usize = std::env::var("KQ_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    with_stack(|| {
        let mut s = PaperKq::new(n, Reading::Sighted).unwrap();
        let starts = fogbound_solvers::fog_endgame::results::starts(&s.table);
        let mut shown = 0;
        for (i, &(code, king)) in starts.iter().enumerate() {
            if i % 7919 != 3 {
                continue;
            }
            let o = s.start_outcome(code, king);
            if let Outcome::Failed(f) = o {
                shown += 1;
                println!(
                    "== start {} k{} : {f:?}",
                    s.table.describe_placement(&s.table.placement(code)),
                    Board::name(king)
                );
                let (mut c, mut set, mut st) = (code, 1u64 << king, Stage::Corner);
                for _ in 0..60 {
                    let p = s.table.placement(c);
                    let d = s.decide(p[0], p[1], set, st);
                    let Some(d) = d else {
                        println!("   no rule");
                        break;
                    };
                    let to = s.table.code(&[d.king, d.queen, 0]);
                    let after = *s.table.get(to);
                    println!(
                        "   K{} Q{} S[{}] {:?} -> {:?} K{} Q{}",
                        Board::name(p[0]),
                        Board::name(p[1]),
                        names(set),
                        st,
                        d.rule,
                        Board::name(d.king),
                        Board::name(d.queen)
                    );
                    if !Game::safe(&after, set) {
                        println!("   unsafe");
                        break;
                    }
                    let game = Game {
                        table: &s.table,
                        reading: Reading::Sighted,
                    };
                    let mut bs = Vec::new();
                    game.branches(&after, set, |b| bs.push(b));
                    let mut next = None;
                    for b in bs {
                        if b != 0 {
                            if let Outcome::Failed(_) = s.outcome(to, b, d.stage) {
                                next = Some(b);
                                break;
                            }
                        }
                    }
                    let Some(b) = next else {
                        println!("   ??");
                        break;
                    };
                    c = to;
                    set = b;
                    st = d.stage;
                }
                if shown >= count {
                    break;
                }
            }
        }
    });
}

#[test]
#[ignore]
fn loop_states() {
    let n: usize = std::env::var("KQ_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    with_stack(|| {
        let mut s = PaperKq::new(n, Reading::Sighted).unwrap();
        let starts = fogbound_solvers::fog_endgame::results::starts(&s.table);
        for &(code, king) in &starts {
            s.start_outcome(code, king);
        }
        println!("origins {}", s.origins.len());
        for (f, men, set, st) in s.origins.iter().take(40) {
            println!(
                "{f:?} K{} Q{} S[{}] {st:?}",
                Board::name(men[0]),
                Board::name(men[1]),
                names(*set)
            );
        }
    });
}
