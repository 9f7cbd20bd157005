//! The endgame files the lab page loads: written by the rounds search, read
//! back, they value every start and every belief state as the closure
//! search does; damaged files give a message, never a panic.

use fogbound_solvers::fog_endgame::table_file::{self, Loaded};
use fogbound_solvers::fog_endgame::{self, results, Explain, Game, Material, Reading};
use fogbound_solvers::progress::Silent;

fn written(n: usize, material: Material, reading: Reading) -> (Vec<u8>, Vec<u8>) {
    let (starts, lines) = table_file::write(n, material, reading, true, 2, &mut Silent).unwrap();
    (starts, lines.unwrap())
}

fn check(n: usize, material: Material, reading: Reading) {
    let closure = fog_endgame::solve(n, material, reading, &mut Silent).unwrap();
    let (starts, lines) = written(n, material, reading);
    let Ok(Loaded::Starts(starts)) = table_file::read(&starts, &mut Silent) else {
        panic!("a starts file reads as one");
    };
    let Ok(Loaded::Lines(lines)) = table_file::read(&lines, &mut Silent) else {
        panic!("a lines file reads as one");
    };
    assert_eq!(starts.summary().histogram, closure.summary().histogram);
    assert_eq!(
        starts.summary().won_by_square,
        closure.summary().won_by_square
    );
    assert_eq!(lines.summary().histogram, closure.summary().histogram);
    let table = &closure.table;
    let game = Game { table, reading };
    let mut compared = 0;
    for (i, (code, king)) in results::starts(table).into_iter().enumerate() {
        assert_eq!(
            starts.value(code, king),
            closure.value(code, 1 << king).unwrap()
        );
        // Every belief set one move away, and two moves away from some.
        for &to in table.moves_of(code) {
            let after = table.get(to);
            if !Game::safe(after, 1 << king) {
                continue;
            }
            game.branches(after, 1 << king, |b| {
                if let Some(v) = closure.value(to, b) {
                    assert_eq!(Explain::value(&lines, to, b), Some(v));
                    compared += 1;
                }
                if i % 13 != 0 || b == 0 {
                    return;
                }
                for &next in table.moves_of(to) {
                    let later = table.get(next);
                    if Game::safe(later, b) {
                        game.branches(later, b, |c| {
                            if let Some(v) = closure.value(next, c) {
                                assert_eq!(Explain::value(&lines, next, c), Some(v));
                                compared += 1;
                            }
                        });
                    }
                }
            });
        }
    }
    assert!(compared > 1000, "{compared}");
}

#[test]
fn files_value_every_state_as_the_closure_does() {
    check(8, Material::KR, Reading::Sighted);
    check(6, Material::KQ, Reading::Sighted);
    check(5, Material::KRR, Reading::Sighted);
    check(5, Material::KBN, Reading::Blind);
}

#[test]
fn damaged_files_give_a_message() {
    let (starts, lines) = written(5, Material::KQ, Reading::Sighted);
    for bytes in [&starts, &lines] {
        for cut in (0..bytes.len()).step_by(7) {
            assert!(table_file::read(&bytes[..cut], &mut Silent).is_err());
        }
        for at in (0..bytes.len()).step_by(11) {
            let mut bad = bytes.clone();
            bad[at] ^= 0x5a;
            // A changed byte may still inflate to a readable file; it must
            // never panic.
            let _ = table_file::read(&bad, &mut Silent);
        }
    }
    let raw = |text: &[u8]| {
        let packed = miniz_oxide_deflate(text);
        table_file::read(&packed, &mut Silent)
            .err()
            .unwrap()
            .to_string()
    };
    assert!(raw(b"PNG\x0d\x0a").contains("not a fogbound endgame table"));
    assert!(raw(b"FOGT\x09").contains("version 9"));
    assert!(table_file::read(b"hello", &mut Silent)
        .err()
        .unwrap()
        .to_string()
        .contains("not a deflated table"));
}

/// The files' own compression, so the test can build damaged ones.
fn miniz_oxide_deflate(bytes: &[u8]) -> Vec<u8> {
    table_file::deflate(bytes)
}

#[test]
fn file_names_say_material_size_and_reading() {
    assert_eq!(
        table_file::file_stem(Material::KRR, 8, Reading::Sighted),
        "krr-8-sighted"
    );
}
