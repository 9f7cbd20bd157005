//! The `fogbound` binary as a user runs it: help for every subcommand,
//! usage errors with exit code 2 that name the problem, and outputs that
//! stayed the same when the arguments moved onto clap.

use std::process::{Command, Output};

fn fogbound(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fogbound"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn every_subcommand_explains_its_options() {
    let top = fogbound(&["--help"]);
    assert!(top.status.success());
    for name in [
        "perft",
        "fox-hounds",
        "krk",
        "fog-endgame",
        "catalogue",
        "match",
        "puzzle",
        "bot",
        "umpire",
    ] {
        assert!(stdout(&top).contains(name), "{name} missing from --help");
    }
    for (command, options) in [
        (
            "perft",
            &["--variant", "--fen", "--depth", "--rules", "--divide"][..],
        ),
        (
            "fox-hounds",
            &["--size", "--threads", "--json", "fuzz", "fairest", "table"],
        ),
        (
            "krk",
            &[
                "--size",
                "--sizes",
                "--position",
                "--strategy",
                "--stride",
                "--exhaustive",
            ],
        ),
        ("catalogue", &["--json"]),
        (
            "match",
            &[
                "--model",
                "--preset",
                "--white",
                "--black",
                "--games",
                "--seed",
                "--a",
                "--b",
                "--ms",
                "--random-opening",
                "--json",
            ],
        ),
        ("bot", &["--level"]),
    ] {
        let help = fogbound(&[command, "--help"]);
        assert!(help.status.success(), "{command} --help");
        for option in options {
            assert!(
                stdout(&help).contains(option),
                "{command} --help lacks {option}"
            );
        }
    }
}

#[test]
fn usage_errors_exit_2_and_say_what_is_wrong() {
    for (args, says) in [
        (&["checkers"][..], "unrecognized subcommand 'checkers'"),
        (&["perft", "--bogus"], "'--bogus'"),
        (&["perft", "--depth", "many"], "'many'"),
        (&["perft", "--depth", "99"], "0..=20"),
        (&["perft", "--rules", "wild"], "'wild'"),
        (
            &["perft", "--variant", "xiangqi"],
            "unknown variant 'xiangqi'",
        ),
        (&["perft", "--fen", "8/8/8"], "--fen"),
        (&["krk", "--sizes", "9..3"], "--sizes"),
        (&["krk", "--sizes", "a..b"], "cannot read 'a..b'"),
        (&["krk"], "--size"),
        (&["krk", "--position", "Ke1 Ra1 ke8 w"], "--size"),
        (
            &["krk", "--size", "5", "--sizes", "3..4"],
            "cannot be used with",
        ),
        (&["fox-hounds", "fuzz", "--p", "2"], "not between 0 and 1"),
        (&["fox-hounds", "--size", "40"], "--size"),
        (
            &["match", "--white", "deep-blue"],
            "no automated player 'deep-blue'",
        ),
        (&["match", "--model", "kriegspiel"], "preset"),
        (&["match", "--variant", "krk-5x5"], "unknown 'krk-5x5'"),
    ] {
        let out = fogbound(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"), "{args:?}");
    }
}

#[test]
fn figures_are_as_before() {
    assert_eq!(
        stdout(&fogbound(&["perft", "--depth", "3"])),
        "nodes 8902\n"
    );
    assert_eq!(
        stdout(&fogbound(&[
            "perft",
            "--variant",
            "foolish-king",
            "--depth",
            "2",
            "--rules",
            "capture-king"
        ])),
        "nodes 896\n"
    );
    let krk: serde_json::Value =
        serde_json::from_str(&stdout(&fogbound(&["krk", "--size", "4", "--json"]))).unwrap();
    assert_eq!(krk["white_to_move_positions"], 1312);
    assert_eq!(krk["black_to_move_positions"], 2184);
    assert_eq!(krk["black_to_move_won"], 1572);
    assert_eq!(krk["max_dtm"], 7);
    assert_eq!(
        krk["dtm_white_to_move"],
        serde_json::json!([0, 120, 404, 316, 236, 168, 56, 12])
    );
}

#[test]
fn the_catalogue_lists_what_the_page_offers() {
    let out = fogbound(&["catalogue", "--json"]);
    assert!(out.status.success());
    let all: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let ids = |list: &str| -> Vec<String> {
        all[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(ids("variants"), ["chess", "foolish-king"]);
    assert_eq!(ids("models"), ["open", "fog", "dark", "kriegspiel"]);
    assert_eq!(ids("presets").len(), 8);
    assert_eq!(
        ids("players"),
        ["random", "greedy", "bot:beginner", "bot:club", "bot:strong"]
    );
}

/// Four Kriegspiel games between random movers, as JSON.
fn four_games() -> serde_json::Value {
    let out = fogbound(&[
        "match",
        "--model",
        "kriegspiel",
        "--preset",
        "english",
        "--games",
        "4",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap()
}

#[test]
fn a_match_between_random_movers_counts_every_game() {
    let r = four_games();
    let counted = ["white_wins", "black_wins", "draws", "unfinished"]
        .iter()
        .map(|k| r[*k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(counted, 4);
    assert_eq!(r["preset"], "english");
    // The same seed plays the same games.
    let again = four_games();
    assert_eq!(r["mean_plies"], again["mean_plies"]);
    assert_eq!(r["refused_tries"], again["refused_tries"]);
}

/// Output into a pipe that is closed (`fogbound … | head -1`, once head
/// has what it wants) ends the program quietly: no panic message.
#[test]
fn a_closed_pipe_is_not_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    let mut quiet = 0;
    for _ in 0..10 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fogbound"))
            .arg("catalogue")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the pipe before the program has written: every write fails.
        drop(child.stdout.take());
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(!err.contains("panicked"), "{err}");
        quiet += usize::from(err.is_empty() && !status.success());
    }
    // At least once the program did write into the closed pipe and ended
    // by the signal, as other tools do (a fast run may finish first).
    assert!(quiet > 0, "the closed pipe was never hit");
}

/// A puzzle from a file, a link code and hand-written JSON in a link: the
/// same verdict; a bad source is a message and exit code 2.
#[test]
fn puzzles_are_checked_and_solved_from_files_and_links() {
    let dir = std::env::temp_dir().join(format!("fogbound-cli-puzzle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mate.json");
    let json = r#"{"fen": "6k1/8/6K1/8/8/8/8/R7 w - - 0 1", "hidden": [{"piece": "b", "squares": ["c1", "d2"]}], "goal": "mate", "moves": 1, "rules": "english"}"#;
    std::fs::write(&file, json).unwrap();
    let path = file.to_str().unwrap();
    let out = fogbound(&["puzzle", "solve", path, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let solved: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(solved["verdict"], "solved");
    assert_eq!(solved["first_move"], "Ra8");
    assert_eq!(solved["first_coord"], "a1a8");
    assert_eq!(solved["tries"], serde_json::json!([]));
    for key in ["nodes", "belief_states", "seconds"] {
        assert!(solved[key].as_f64().is_some(), "{key}");
    }
    // The tree: 1.Ra8 and the umpire's answer, mate.
    assert_eq!(solved["tree"]["attempt"], "Ra8");
    let answers = solved["tree"]["answers"].as_array().unwrap();
    assert!(!answers.is_empty());
    assert!(answers.iter().all(|a| a["won"] == true), "{answers:?}");
    // One thread and three: the same answer.
    for threads in ["1", "3"] {
        let out = fogbound(&["puzzle", "solve", path, "--json", "--threads", threads]);
        let again: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        for key in ["verdict", "first_move", "tries", "cooks_complete", "tree"] {
            assert_eq!(again[key], solved[key], "{threads} threads: {key}");
        }
    }
    let checked: serde_json::Value =
        serde_json::from_str(&stdout(&fogbound(&["puzzle", "check", path, "--json"]))).unwrap();
    assert_eq!(checked["placements"], 2);
    let code = checked["code"].as_str().unwrap().to_string();
    let link = format!("https://example.org/#/puzzle?p={code}");
    let by_link: serde_json::Value =
        serde_json::from_str(&stdout(&fogbound(&["puzzle", "solve", &link, "--json"]))).unwrap();
    assert_eq!(by_link["first_move"], "Ra8");
    let by_json = format!(
        "#/puzzle?json={}",
        json.replace(' ', "+").replace('"', "%22")
    );
    let by_json: serde_json::Value =
        serde_json::from_str(&stdout(&fogbound(&["puzzle", "solve", &by_json, "--json"]))).unwrap();
    assert_eq!(by_json["verdict"], "solved");
    // An unsound twin (the bishop may stand on g2 and take on a8), and a
    // budget too small to decide.
    let twin = dir.join("twin.json");
    std::fs::write(&twin, json.replace(r#"["c1", "d2"]"#, r#"["c1", "g2"]"#)).unwrap();
    let refuted: serde_json::Value = serde_json::from_str(&stdout(&fogbound(&[
        "puzzle",
        "solve",
        twin.to_str().unwrap(),
        "--json",
    ])))
    .unwrap();
    assert_eq!(refuted["verdict"], "refuted");
    assert!(refuted["first_move"].is_null() && refuted["tree"].is_null());
    let unknown: serde_json::Value = serde_json::from_str(&stdout(&fogbound(&[
        "puzzle",
        "solve",
        path,
        "--json",
        "--max-nodes",
        "0",
    ])))
    .unwrap();
    assert_eq!(unknown["verdict"], "unknown");
    for bad in [
        "no-such-file",
        "#/puzzle?x=1",
        &format!("#/puzzle?p={}", &code[..code.len() - 2]),
    ] {
        let out = fogbound(&["puzzle", "solve", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(stderr(&out).starts_with("fogbound: "), "{}", stderr(&out));
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `--proof` writes the key's proof — the file stored for the independent
/// checker's tests, which the page's proof is compared with too — and
/// `--key` proves a chosen first move or says it fails.
#[test]
fn the_proof_of_a_key_or_of_a_chosen_move_is_written() {
    let stored = include_str!("../../../tools/proof-check-data/speckmann-dsz-1975.proof.json");
    let stored: serde_json::Value = serde_json::from_str(stored).unwrap();
    let dir = std::env::temp_dir().join(format!("fogbound-cli-proof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let puzzle = stored["puzzle"].to_string();
    let out_path = dir.join("key.proof.json");
    let run = fogbound(&[
        "puzzle",
        "solve",
        &puzzle,
        "--no-cooks",
        "--threads",
        "1",
        "--proof",
        out_path.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(stdout(&run).contains("proof of g8=Q (3 White nodes) written"));
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out_path).unwrap()).unwrap();
    assert_eq!(written, stored);
    // The same first move chosen, in coordinates: the same proof.
    let chosen = dir.join("chosen.proof.json");
    let run = fogbound(&[
        "puzzle",
        "solve",
        &puzzle,
        "--key",
        "g7g8q",
        "--json",
        "--proof",
        chosen.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let said: serde_json::Value = serde_json::from_str(&stdout(&run)).unwrap();
    assert_eq!(said["first_move"], "g8=Q");
    let again: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&chosen).unwrap()).unwrap();
    assert_eq!(again["tree"]["answers"].as_array().unwrap().len(), 2);
    // A first move that does not mate in two, one that is no move, and a
    // proof asked of a refuted puzzle: messages, exit code 2.
    for (key, said) in [("g8=R", "does not force"), ("Qd4", "not a first move")] {
        let run = fogbound(&["puzzle", "solve", &puzzle, "--key", key]);
        assert_eq!(run.status.code(), Some(2), "{key}");
        assert!(stderr(&run).contains(said), "{key}: {}", stderr(&run));
    }
    let refuted = r#"{"fen": "6k1/8/6K1/8/8/8/8/R7 w - - 0 1", "hidden": [{"piece": "b", "squares": ["c1", "g2"]}], "goal": "mate", "moves": 1, "rules": "english"}"#;
    let run = fogbound(&[
        "puzzle",
        "solve",
        refuted,
        "--proof",
        out_path.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr(&run).contains("no proof written"),
        "{}",
        stderr(&run)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A against B with colours alternating: the greedy baseline against the
/// random mover in Fog of War, from a few random opening plies.
#[test]
fn a_match_of_a_against_b_alternates_colours_and_scores_a() {
    let out = fogbound(&[
        "match",
        "--model",
        "fog",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "10",
        "--random-opening",
        "4",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        (v["a"].as_str(), v["b"].as_str()),
        (Some("greedy"), Some("random"))
    );
    let (a, b, d) = (
        v["wins_a"].as_u64().unwrap(),
        v["wins_b"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
    );
    assert_eq!(a + b + d + v["unfinished"].as_u64().unwrap(), 10);
    assert!(a >= 8, "greedy won {a} of 10");
    let interval = v["score_a_95"].as_array().unwrap();
    let (lo, hi) = (interval[0].as_f64().unwrap(), interval[1].as_f64().unwrap());
    let score = v["score_a"].as_f64().unwrap();
    assert!(lo <= score && score <= hi && hi <= 1.0, "{lo} {score} {hi}");
    assert!(v["mean_ms_a"].as_f64().unwrap() >= 0.0 && v["mean_ms_b"].as_f64().is_some());
    // --a needs --b, and excludes --white.
    assert_eq!(fogbound(&["match", "--a", "greedy"]).status.code(), Some(2));
    assert_eq!(
        fogbound(&["match", "--a", "greedy", "--b", "random", "--white", "random"])
            .status
            .code(),
        Some(2)
    );
}

/// `fog-endgame --strategy paper`: the paper's K+Q strategy beside the
/// optimum as JSON, its line from a start, and exit 2 for other materials.
#[test]
fn fog_endgame_plays_the_papers_strategy() {
    let out = fogbound(&[
        "fog-endgame",
        "--material",
        "KQ",
        "--size",
        "4",
        "--strategy",
        "paper",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["strategy"], "paper");
    assert_eq!(v["starts"], 812);
    assert_eq!(v["won"], 812);
    assert_eq!(v["failed"], 0);
    assert_eq!(v["optimum_max_moves"], 4);
    assert_eq!(v["below_optimum"], 0);
    for key in ["max_moves", "histogram", "mean_excess", "seconds"] {
        assert!(!v[key].is_null(), "{key} missing");
    }
    let line = stdout(&fogbound(&[
        "fog-endgame",
        "--material",
        "KQ",
        "--strategy",
        "paper",
        "--start",
        "Ka1 Qa2 ke1",
    ]));
    assert!(
        line.contains("wins from Ka1 Qa2 ke1 in at most 9"),
        "{line}"
    );
    for (args, says) in [
        (
            &["fog-endgame", "--material", "KR", "--strategy", "paper"][..],
            "for KQ, not KR",
        ),
        (
            &["fog-endgame", "--material", "KQ", "--strategy", "best"][..],
            "unknown 'best'",
        ),
    ] {
        let out = fogbound(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
}

/// `fog-endgame` on 4×4: the figures as JSON, an optimal line, and clear
/// messages (exit 2) for bad arguments.
#[test]
fn fog_endgame_solves_small_boards_and_rejects_bad_arguments() {
    let out = fogbound(&["fog-endgame", "--material", "KR", "--size", "4", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["positions"], 1312);
    assert_eq!(v["won"], 1144);
    assert_eq!(v["lost"], 168);
    assert_eq!(v["max_moves"], 7);
    assert_eq!(v["histogram"][2], 240);
    assert_eq!(v["won_by_square"].as_array().unwrap().len(), 16);
    assert!(v["belief_states"].as_u64().unwrap() > 0);
    assert!(v["seconds"].is_number());
    let text = stdout(&fogbound(&[
        "fog-endgame",
        "--material",
        "kq",
        "--size",
        "4",
    ]));
    for field in [
        "positions",
        "won",
        "lost",
        "max_moves",
        "histogram",
        "belief_states",
    ] {
        assert!(text.contains(field), "{field} missing:\n{text}");
    }
    let line = fogbound(&[
        "fog-endgame",
        "--material",
        "KR",
        "--size",
        "4",
        "--start",
        "Ka1 Rb2 kd4",
    ]);
    assert!(
        stdout(&line).contains("won in 4 White moves"),
        "{}",
        stdout(&line)
    );
    for (args, says) in [
        (&["fog-endgame", "--material", "KX"][..], "unknown 'KX'"),
        (
            &["fog-endgame", "--material", "KR", "--size", "9"],
            "out of range",
        ),
        (&["fog-endgame", "--material", "KR", "--size", "x"], "'x'"),
        (
            &["fog-endgame", "--material", "KR", "--reading", "foo"],
            "unknown 'foo'",
        ),
        (&["fog-endgame", "--size", "4"], "--material"),
        (
            &[
                "fog-endgame",
                "--material",
                "KR",
                "--size",
                "4",
                "--start",
                "Ka1 kz9",
            ],
            "not a man on a square",
        ),
        (
            &[
                "fog-endgame",
                "--material",
                "KR",
                "--size",
                "4",
                "--start",
                "Ka1 Rb1 kc1",
            ],
            "attacked",
        ),
        (
            &[
                "fog-endgame",
                "--material",
                "KR",
                "--size",
                "4",
                "--start",
                "Ka1 Qb1 kd4",
            ],
            "needs R",
        ),
    ] {
        let out = fogbound(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
}

/// A scripted protocol v1 session on `fogbound bot`'s stdin.
fn bot_session(lines: &[&str]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fogbound"))
        .args(["bot", "--level", "beginner"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    for l in lines {
        writeln!(stdin, "{l}").unwrap();
    }
    drop(stdin);
    child.wait_with_output().unwrap()
}

#[test]
fn the_bot_answers_a_protocol_session() {
    let start = r#"{"type":"start","protocol":1,"variant":"chess","model":"fog","preset":null,"side":"white","width":8,"height":8,"seed":7}"#;
    let view = r#"{"type":"view","ply":0,"board":"????????/????????/????????/????????/8/8/PPPPPPPP/RNBQKBNR","said":[]}"#;
    let out = bot_session(&[
        start,
        view,
        r#"{"type":"go","ms":200}"#,
        r#"{"type":"end","result":"1/2-1/2","reason":"test over"}"#,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 2, "{}", stdout(&out));
    assert_eq!(lines[0]["type"], "ready");
    assert!(lines[0]["name"].as_str().unwrap().contains("bot"));
    assert_eq!(lines[1]["type"], "attempt");
    let text = lines[1]["text"].as_str().unwrap();
    // A move of a white man from the first two ranks.
    assert!(
        text.len() == 4 && (text.as_bytes()[1] == b'1' || text.as_bytes()[1] == b'2'),
        "{text}"
    );
    // The same session replays the same attempt (the seed decides).
    let again = bot_session(&[start, view, r#"{"type":"go","ms":200}"#]);
    assert_eq!(stdout(&again), stdout(&out));
    // A line that is not protocol v1 is an error with a message, not a panic.
    let bad = bot_session(&[r#"{"type":"hello"}"#]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("not a protocol v1 message"));
}

fn ext_match(b: &str, model: &[&str], games: &str) -> serde_json::Value {
    let mut args = vec![
        "match",
        "--a",
        "bot:beginner",
        "--b",
        b,
        "--games",
        games,
        // Long enough to see many exchanges; whole games are the benchmarks' job.
        "--max-plies",
        "120",
        "--json",
    ];
    args.extend_from_slice(model);
    let out = fogbound(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).expect("JSON")
}

/// The bot on both sides, each a `fogbound bot` program, at its floor of
/// 1,000 nodes a move (2 ms by its node rate): what is tested is the
/// protocol, not how well it plays.
#[test]
fn the_bot_plays_itself_through_the_protocol() {
    let me = env!("CARGO_BIN_EXE_fogbound");
    let bot = format!("ext:{me} bot --level beginner");
    for model in [
        &["--model", "fog"][..],
        &["--model", "kriegspiel", "--preset", "english"],
    ] {
        let mut args = vec![
            "match",
            "--a",
            &bot,
            "--b",
            &bot,
            "--games",
            "2",
            "--max-plies",
            "120",
            "--ms",
            "2",
            "--json",
        ];
        args.extend_from_slice(model);
        let out = fogbound(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
        assert_eq!(v["games"], 2);
        let total = v["wins_a"].as_u64().unwrap()
            + v["wins_b"].as_u64().unwrap()
            + v["draws"].as_u64().unwrap();
        assert_eq!(total, 2, "{v}");
        let reasons = v["reasons"].to_string();
        assert!(!reasons.contains("forfeits"), "{v}");
        assert!(v["mean_ms_b"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn a_misbehaving_program_loses_with_a_clear_reason() {
    // A program that is ready, then answers every go with `reply`.
    let program = |reply: &str| {
        format!(
            "ext:while read l; do case \"$l\" in *'\"start\"'*) echo '{{\"type\":\"ready\",\"name\":\"bad\"}}';; *'\"go\"'*) echo '{reply}';; esac; done"
        )
    };
    for (reply, why) in [
        ("this is not json", "not protocol v1"),
        (r#"{"type":"attempt","text":"zz9"}"#, "is not an attempt"),
        (
            r#"{"type":"attempt","text":"e5e6"}"#,
            "a man it does not have",
        ),
    ] {
        let v = ext_match(&program(reply), &["--model", "fog"], "2");
        assert_eq!(v["wins_a"], 2, "{reply}: {v}");
        let reasons = v["reasons"].to_string();
        assert!(
            reasons.contains("forfeits") && reasons.contains(why),
            "{reply}: {reasons}"
        );
    }
    // A program that cannot be started loses too.
    let v = ext_match("ext:/nonexistent/fog-bot", &["--model", "fog"], "1");
    assert_eq!(v["wins_a"], 1, "{v}");
}

/// Another referee may send only protocol v1's required fields: `fogbound
/// bot` then works out the rest from its board and the umpire's words, and
/// plays whole games in every model without a forfeit, a protocol error or,
/// where the moves it is offered are exactly the legal ones (Fog of War,
/// the open board), a single refused move.
#[test]
fn the_bot_plays_under_a_referee_that_sends_only_required_fields() {
    let me = env!("CARGO_BIN_EXE_fogbound");
    let dir = std::env::temp_dir().join(format!("fogbound-minimal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let heard = dir.join("heard.jsonl");
    for (model, games, refusals_allowed) in [
        (&["--model", "fog"][..], "4", false),
        (&["--model", "open"], "2", false),
        (&["--model", "dark"], "2", true),
        (&["--model", "kriegspiel", "--preset", "english"], "2", true),
    ] {
        // What the bot is told is kept, to check it is the required fields.
        let program = format!("ext:tee {} | {me} bot --level beginner", heard.display());
        let mut args = vec![
            "match",
            "--a",
            "random",
            "--b",
            &program,
            "--games",
            games,
            "--max-plies",
            "120",
            // The least budget a move (2 ms by the bot's node rate: its
            // floor of 1,000 nodes) at the least level: what is tested is
            // what it is told and answers, not how well it plays.
            "--ms",
            "2",
            "--required-only",
            "--json",
        ];
        args.extend_from_slice(model);
        let out = fogbound(&args);
        assert!(out.status.success(), "{model:?}: {}", stderr(&out));
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
        assert_eq!(v["unfinished"], 0, "{model:?}: {v}");
        assert!(
            !v["reasons"].to_string().contains("forfeits"),
            "{model:?}: {v}"
        );
        assert!(v["move_tries_b"].as_u64().unwrap() > 10, "{model:?}: {v}");
        if !refusals_allowed {
            assert_eq!(v["refused_b"], 0, "{model:?}: {v}");
        }
        let told = std::fs::read_to_string(&heard).unwrap();
        for line in told.lines() {
            let msg: serde_json::Value = serde_json::from_str(line).unwrap();
            let keys: Vec<&str> = msg
                .as_object()
                .unwrap()
                .keys()
                .map(|k| k.as_str())
                .collect();
            let allowed: &[&str] = match msg["type"].as_str().unwrap() {
                "start" => &[
                    "type", "protocol", "variant", "model", "preset", "side", "width", "height",
                ],
                "view" => &["type", "ply", "board", "said"],
                "go" => &["type", "ms"],
                "end" => &["type", "result"],
                other => panic!("{other}"),
            };
            assert!(
                keys.iter().all(|k| allowed.contains(k)),
                "{model:?}: {line}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `fogbound umpire`: one Kriegspiel game, an attempt a line; what each
/// side heard a JSON line; a line that is no attempt an error, and the game
/// goes on.
#[test]
fn the_umpire_answers_an_attempt_a_line() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fogbound"))
        .args(["umpire", "--preset", "rand"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    for l in ["e2e5", "e2e4", "zz", "d7d5", "e4d5"] {
        writeln!(stdin, "{l}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 6, "{}", stdout(&out));
    assert_eq!(lines[0]["start"], true);
    assert_eq!(lines[1]["resolution"], "nonsense");
    assert_eq!(lines[1]["white"], serde_json::json!(["Hell no"]));
    assert_eq!(lines[1]["black"], serde_json::json!([]));
    assert_eq!(lines[2]["resolution"], "played");
    assert!(lines[3]["error"].as_str().unwrap().contains("zz"));
    assert_eq!(
        lines[4]["white"],
        serde_json::json!(["Black has moved", "Pawn captures on d5"])
    );
    assert_eq!(
        lines[5]["black"],
        serde_json::json!(["White has moved", "Pawn at d5 captured"])
    );
    assert_eq!(lines[5]["by"], "white");
}

/// `puzzle generate`: sound problems as set entries with their proofs, the
/// same for a seed, each solved again by `puzzle solve` with its key; bad
/// requests are a message and exit code 2.
#[test]
fn puzzles_are_generated_from_a_seed() {
    let args = [
        "puzzle", "generate", "--moves", "2", "--hidden", "1", "--rules", "cvp", "--count", "2",
        "--seed", "9", "--json",
    ];
    let out = fogbound(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let made: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let problems = made["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 2);
    assert_eq!(made["kept"], 2);
    assert!(made["candidates"].as_u64().unwrap() >= 2);
    assert!(made["per_minute"].as_f64().unwrap() > 0.0);
    let again: serde_json::Value = serde_json::from_str(&stdout(&fogbound(&args))).unwrap();
    assert_eq!(again["problems"], made["problems"]);
    assert_eq!(again["dropped"], made["dropped"]);
    for p in problems {
        assert_eq!(p["puzzle"]["rules"], "cvp");
        assert_eq!(p["tree"]["attempt"], p["key"]);
        assert!(["easy", "medium", "hard"].contains(&p["grade"].as_str().unwrap()));
        let solved: serde_json::Value = serde_json::from_str(&stdout(&fogbound(&[
            "puzzle",
            "solve",
            &p["puzzle"].to_string(),
            "--json",
            "--threads",
            "1",
        ])))
        .unwrap();
        assert_eq!(solved["verdict"], "solved");
        assert_eq!(solved["first_move"], p["key"]);
        assert_eq!(solved["tries"], serde_json::json!([]), "no cooks");
    }
    for (bad, words) in [
        (["--moves", "5"], "not 2 or 3"),
        (["--hidden", "4"], "1 or 2"),
        (["--rules", "nope"], "not an umpire preset"),
    ] {
        let mut args = vec!["puzzle", "generate"];
        args.extend(bad);
        let out = fogbound(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(words), "{}", stderr(&out));
    }
}

/// `puzzle solve --composer`: every first move classified in `--json`
/// (Speckmann's mate in 2: key g8=Q, the try 1.g8=R? refuted by Ka1 — by
/// hand, Black's only other reply Kxc1 is met by 2.Rg1#), and the same in
/// SAN in the text.
#[test]
fn the_composers_view_is_in_the_json_and_the_text() {
    let dir = std::env::temp_dir().join(format!("fogbound-cli-composer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("speckmann.json");
    let json = r#"{"fen": "8/6P1/8/8/8/2K5/8/1kN5 w - - 0 1", "goal": "mate", "moves": 2, "rules": "english"}"#;
    std::fs::write(&file, json).unwrap();
    let path = file.to_str().unwrap();
    let out = fogbound(&["puzzle", "solve", path, "--composer", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let moves = v["first_moves"].as_array().unwrap();
    assert_eq!(moves[0]["move"], "g8=Q");
    assert_eq!(moves[0]["verdict"], "key");
    let rook = moves.iter().find(|m| m["move"] == "g8=R").unwrap();
    assert_eq!(rook["verdict"], "try");
    assert_eq!(rook["refuted_by"][0]["reply"], "Ka1");
    assert_eq!(v["first_moves_complete"], true);
    assert!(v["duals"].is_array());
    let text = stdout(&fogbound(&["puzzle", "solve", path, "--composer"]));
    assert!(text.contains("key: g8=Q"), "{text}");
    assert!(
        text.contains("1.g8=R? Ka1 — “White has moved; Black has moved”"),
        "{text}"
    );
    // Without it, the fields are null.
    let plain: serde_json::Value =
        serde_json::from_str(&stdout(&fogbound(&["puzzle", "solve", path, "--json"]))).unwrap();
    assert!(plain["first_moves"].is_null());
    std::fs::remove_dir_all(&dir).ok();
}
