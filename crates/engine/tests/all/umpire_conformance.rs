//! The Kriegspiel umpire against its conformance corpus
//! (`tests/data/umpire-conformance.txt`): scripted games under every preset, each
//! case naming the rule line it checks, with the exact words each side
//! hears after each attempt. The format is described at the top of the
//! corpus; every mismatch is reported with its case and line.

use std::collections::BTreeSet;

use fogbound_engine::{
    Attempt, Bitboard64, CheckDirection, Color, KriegspielRules, Match, Message, ModelSpec, Reason,
    Resolution, Variant,
};

use crate::support::Rng;

const CORPUS: &str = include_str!("../data/umpire-conformance.txt");

type M = Match<Bitboard64>;

/// One scripted game.
#[derive(Debug, Default)]
struct Case {
    line: usize,
    preset: String,
    name: String,
    rule: String,
    fen: Option<String>,
    steps: Vec<Step>,
}

#[derive(Debug)]
enum Step {
    /// Attempts made without checking the words: a plain one must be
    /// played, a `[bracketed]` one refused.
    Play { line: usize, attempts: Vec<String> },
    /// The words heard before the first attempt.
    Start { line: usize, heard: Heard },
    /// One attempt, its resolution and what each side hears.
    Try {
        line: usize,
        attempt: String,
        resolution: String,
        heard: Heard,
    },
    /// The game's outcome now.
    Outcome { line: usize, text: String },
}

#[derive(Debug, Default)]
struct Heard {
    white: Option<String>,
    black: Option<String>,
}

fn parse(corpus: &str) -> Result<Vec<Case>, String> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in corpus.lines().enumerate() {
        let line = i + 1;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        let rest = rest.trim();
        if word == "case" {
            let (preset, name) = rest
                .split_once(' ')
                .ok_or(format!("line {line}: `case PRESET NAME`"))?;
            cases.push(Case {
                line,
                preset: preset.into(),
                name: name.trim().into(),
                ..Case::default()
            });
            continue;
        }
        let case = cases
            .last_mut()
            .ok_or(format!("line {line}: outside a case"))?;
        match word {
            "rule" => case.rule = rest.into(),
            "fen" => case.fen = Some(rest.into()),
            "play" => case.steps.push(Step::Play {
                line,
                attempts: rest.split_whitespace().map(str::to_string).collect(),
            }),
            "start" => case.steps.push(Step::Start {
                line,
                heard: Heard::default(),
            }),
            "outcome" => case.steps.push(Step::Outcome {
                line,
                text: rest.into(),
            }),
            "white:" | "black:" => {
                let heard = match case.steps.last_mut() {
                    Some(Step::Start { heard, .. } | Step::Try { heard, .. }) => heard,
                    _ => return Err(format!("line {line}: words without an attempt")),
                };
                let slot = if word == "white:" {
                    &mut heard.white
                } else {
                    &mut heard.black
                };
                *slot = Some(rest.into());
            }
            _ => {
                let (attempt, resolution) = text
                    .split_once("->")
                    .ok_or(format!("line {line}: unknown line `{text}`"))?;
                case.steps.push(Step::Try {
                    line,
                    attempt: attempt.trim().into(),
                    resolution: resolution.trim().into(),
                    heard: Heard::default(),
                });
            }
        }
    }
    Ok(cases)
}

/// A resolution as the corpus writes it.
fn resolution_word(r: &Resolution) -> String {
    match r {
        Resolution::Played => "played".into(),
        Resolution::Illegal => "illegal".into(),
        Resolution::Impossible => "nonsense".into(),
        Resolution::MustTryPawnCapture => "must-try".into(),
        Resolution::AnyAnswer { yes: true } => "yes".into(),
        Resolution::AnyAnswer { yes: false } => "no".into(),
        Resolution::RebuffCount { count } => format!("rebuffs {count}"),
        other => format!("{other:?}"),
    }
}

/// The words `c` hears in `said`, as the corpus writes them.
fn words(m: &M, said: &[fogbound_engine::Announcement], c: Color) -> String {
    let heard: Vec<String> = said
        .iter()
        .filter(|a| a.audience.includes(c))
        .map(|a| a.message.text(m.geometry()))
        .collect();
    if heard.is_empty() {
        "-".into()
    } else {
        heard.join(" | ")
    }
}

/// `text` tried by the side to move: the resolution and where the
/// announcements it made start (they go into `seen` too).
fn attempt(m: &mut M, text: &str, seen: &mut Vec<Message>) -> Result<(Resolution, usize), String> {
    let before = m.announcements().len();
    let parsed = Attempt::parse(text, m.geometry()).map_err(|e| format!("`{text}`: {e}"))?;
    let r = m
        .attempt(m.turn(), parsed)
        .map_err(|e| format!("`{text}` not accepted: {e}"))?;
    seen.extend(
        m.announcements()[before..]
            .iter()
            .map(|a| a.message.clone()),
    );
    Ok((r.resolution, before))
}

/// How what each side heard since announcement `from` differs from `heard`.
fn compare_heard(m: &M, heard: &Heard, from: usize) -> Vec<String> {
    let said = &m.announcements()[from..];
    let mut out = Vec::new();
    for (c, want) in [(Color::White, &heard.white), (Color::Black, &heard.black)] {
        let got = words(m, said, c);
        match want {
            None => out.push(format!("no `{}:` line (heard: {got})", side(c))),
            Some(w) if *w != got => {
                out.push(format!("{} heard `{got}`, the corpus says `{w}`", side(c)))
            }
            Some(_) => {}
        }
    }
    out
}

/// Runs one case; every message heard goes into `seen` (for the coverage
/// test). Returns the mismatches.
fn run(case: &Case, seen: &mut Vec<Message>) -> Vec<String> {
    let at =
        |line: usize, what: String| format!("{} {} (line {line}): {what}", case.preset, case.name);
    let Some(rules) = KriegspielRules::preset(&case.preset) else {
        return vec![at(case.line, "unknown preset".into())];
    };
    let mut faults = Vec::new();
    if case.rule.is_empty() {
        faults.push(at(case.line, "no rule line named".into()));
    }
    let spec = ModelSpec::Kriegspiel { rules };
    let mut m = match M::new(&Variant::chess(), spec, case.fen.as_deref()) {
        Ok(m) => m,
        Err(e) => return vec![at(case.line, format!("bad start: {e}"))],
    };
    seen.extend(m.announcements().iter().map(|a| a.message.clone()));
    for step in &case.steps {
        match step {
            Step::Play { line, attempts } => {
                for token in attempts {
                    let (text, refused) = match token.strip_prefix('[') {
                        Some(t) => (t.trim_end_matches(']'), true),
                        None => (token.as_str(), false),
                    };
                    let Ok((r, _)) =
                        attempt(&mut m, text, seen).map_err(|e| faults.push(at(*line, e)))
                    else {
                        return faults;
                    };
                    if r.passes_turn() == refused {
                        faults.push(at(*line, format!("`{token}` was {}", resolution_word(&r))));
                        return faults;
                    }
                }
            }
            Step::Start { line, heard } => {
                faults.extend(
                    compare_heard(&m, heard, 0)
                        .into_iter()
                        .map(|e| at(*line, e)),
                );
            }
            Step::Try {
                line,
                attempt: text,
                resolution,
                heard,
            } => {
                let Ok((r, from)) =
                    attempt(&mut m, text, seen).map_err(|e| faults.push(at(*line, e)))
                else {
                    return faults;
                };
                if resolution_word(&r) != *resolution {
                    faults.push(at(
                        *line,
                        format!(
                            "`{text}` was {}, the corpus says {resolution}",
                            resolution_word(&r)
                        ),
                    ));
                }
                faults.extend(
                    compare_heard(&m, heard, from)
                        .into_iter()
                        .map(|e| at(*line, e)),
                );
            }
            Step::Outcome { line, text } => {
                let got = m.outcome().map_or("none".to_string(), |o| o.to_string());
                if got != *text {
                    faults.push(at(
                        *line,
                        format!("outcome `{got}`, the corpus says `{text}`"),
                    ));
                }
            }
        }
    }
    faults
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

#[test]
fn the_umpire_says_what_the_corpus_says() {
    let cases = parse(CORPUS).unwrap();
    let mut seen = Vec::new();
    let faults: Vec<String> = cases.iter().flat_map(|c| run(c, &mut seen)).collect();
    assert!(
        faults.is_empty(),
        "{} of {} cases disagree:\n{}",
        faults.len(),
        cases.len(),
        faults.join("\n")
    );
}

#[test]
fn the_corpus_covers_every_preset_and_every_kind_of_call() {
    let cases = parse(CORPUS).unwrap();
    let presets: BTreeSet<&str> = cases.iter().map(|c| c.preset.as_str()).collect();
    for id in KriegspielRules::PRESET_IDS {
        let n = cases.iter().filter(|c| c.preset == id).count();
        assert!(n >= 4, "{id}: {n} cases");
    }
    assert_eq!(presets.len(), KriegspielRules::PRESET_IDS.len());
    let mut names = BTreeSet::new();
    for c in &cases {
        assert!(
            names.insert((c.preset.clone(), c.name.clone())),
            "{} {} twice",
            c.preset,
            c.name
        );
    }
    // What the corpus makes the umpire say, over all cases.
    let mut seen = Vec::new();
    for c in &cases {
        run(c, &mut seen);
    }
    let mut kinds: BTreeSet<String> = BTreeSet::new();
    for msg in &seen {
        let kind = match msg {
            Message::Moved { .. } => "moved".to_string(),
            Message::Illegal { .. } => "illegal".into(),
            Message::Nonsense { .. } => "nonsense".into(),
            Message::MustTryPawnCapture { .. } => "must try".into(),
            Message::Capture {
                en_passant,
                victim,
                capturer,
                ..
            } => format!(
                "capture{}{}{}",
                if *en_passant { " en passant" } else { "" },
                if victim.is_some() { " victim" } else { "" },
                if capturer.is_some() { " capturer" } else { "" }
            ),
            Message::Check { directions } if directions.len() > 1 => "double check".into(),
            Message::Check { directions } => format!("check {:?}", directions[0]),
            Message::Promotion => "promotion".into(),
            Message::AnyAnswer { yes, .. } => format!("any {yes}"),
            Message::PawnTries { .. } => "pawn tries".into(),
            Message::PawnCaptureExists => "pawn capture".into(),
            Message::PawnCaptureSquares { .. } => "pawn capture squares".into(),
            Message::RebuffCount { .. } => "rebuffs".into(),
            Message::GameOver(o) => format!("over {:?} {}", o.reason, o.winner.is_some()),
        };
        kinds.insert(kind);
    }
    let mut want: Vec<String> = [
        "moved",
        "illegal",
        "nonsense",
        "must try",
        "capture",
        "capture en passant",
        "capture victim",
        "capture capturer",
        "double check",
        "promotion",
        "any true",
        "any false",
        "pawn tries",
        "pawn capture",
        "pawn capture squares",
        "rebuffs",
    ]
    .map(String::from)
    .to_vec();
    for d in [
        CheckDirection::Rank,
        CheckDirection::File,
        CheckDirection::LongDiagonal,
        CheckDirection::ShortDiagonal,
        CheckDirection::Knight,
    ] {
        want.push(format!("check {d:?}"));
    }
    for (reason, won) in [
        (Reason::Checkmate, true),
        (Reason::Stalemate, false),
        (Reason::Stalemate, true),
        (Reason::InsufficientMaterial, false),
        (Reason::ThreefoldRepetition, false),
        (Reason::FiftyMoveRule, false),
    ] {
        want.push(format!("over {reason:?} {won}"));
    }
    let missing: Vec<&String> = want.iter().filter(|w| !kinds.contains(*w)).collect();
    assert!(missing.is_empty(), "never heard in the corpus: {missing:?}");
}

/// Random games under every preset, the mover trying anything — any man to
/// any square, tries refused already, questions — before a legal move: a
/// try answered as nonsense is never legal and leaves the opponent's view
/// exactly as it was (the opponent learns nothing from it), and every
/// attempt the page refuses on the mover's own picture
/// ([`fogbound_engine::Observation::may_try`]) is one the umpire would have
/// answered as nonsense.
#[test]
fn nonsense_is_never_legal_and_never_heard() {
    use fogbound_engine::kriegspiel::check_directions;
    use fogbound_engine::nonsense::may_answer_check;
    use fogbound_engine::{find_move, MoveAttempt, PawnCheck, RuleMode};
    let mut nonsense = 0;
    let mut checks_answered = 0;
    for id in KriegspielRules::PRESET_IDS {
        for seed in 0..12u64 {
            let mut rng = Rng::new(seed * 31 + id.len() as u64);
            let rules = KriegspielRules::preset(id).unwrap();
            let mut m = M::new(&Variant::chess(), ModelSpec::Kriegspiel { rules }, None).unwrap();
            let g = m.geometry();
            let squares: Vec<_> = g.squares().collect();
            'game: for _ply in 0..120 {
                if m.outcome().is_some() {
                    break;
                }
                let me = m.turn();
                // Every legal answer to a check is one the announced check
                // allows (RAND rule 7's "hell no" never hits a legal move).
                let pos = m.position();
                if pos.is_check() {
                    let dirs = check_directions(pos, PawnCheck::LongOrShort);
                    for mv in pos.legal_moves() {
                        let a = Attempt::from_move(&mv);
                        assert!(
                            may_answer_check(pos, me, a.as_move().unwrap(), &dirs),
                            "{id}: {} answers the check in {}",
                            a.to_text(g),
                            pos.to_fen()
                        );
                        checks_answered += 1;
                    }
                }
                let mut refused: Vec<Attempt> = Vec::new();
                for _ in 0..10 {
                    let obs = m.observation(me);
                    let own: Vec<_> = obs
                        .men()
                        .into_iter()
                        .filter(|(_, p)| p.color == me)
                        .collect();
                    let a = match rng.below(6) {
                        0 => Attempt::AskAny,
                        1 => Attempt::AskRebuffs,
                        2 if !refused.is_empty() => refused[rng.below(refused.len())],
                        _ => {
                            let (from, _) = own[rng.below(own.len())];
                            Attempt::Move(MoveAttempt::plain(
                                from,
                                squares[rng.below(squares.len())],
                            ))
                        }
                    };
                    let before = m.observation(!me);
                    let pos = m.position().clone();
                    let r = m.attempt(me, a).unwrap();
                    let after = m.observation(!me);
                    if let Attempt::Move(mv) = a {
                        if !obs.may_try(mv.from, mv.to) {
                            assert!(
                                matches!(
                                    r.resolution,
                                    Resolution::Impossible | Resolution::MustTryPawnCapture
                                ),
                                "{id}: {} refused on the page but {:?}",
                                a.to_text(g),
                                r.resolution
                            );
                        }
                    }
                    match r.resolution {
                        Resolution::Impossible => {
                            nonsense += 1;
                            if let Attempt::Move(mv) = a {
                                assert!(
                                    find_move(&pos, RuleMode::Orthodox, &mv).is_none(),
                                    "{id}: legal {} called nonsense in {}",
                                    a.to_text(g),
                                    pos.to_fen()
                                );
                            }
                            assert_eq!(before, after, "{id}: {} was heard", a.to_text(g));
                        }
                        Resolution::MustTryPawnCapture => assert_eq!(before, after),
                        Resolution::Illegal => refused.push(a),
                        ref p if p.passes_turn() => continue 'game,
                        _ => {}
                    }
                }
                // A move to end the turn: a pawn capture first while one is
                // owed, else any legal move.
                let legal = m.position().legal_moves();
                let owed = m.observation(me).actions.must_try_pawn_capture;
                let mv = legal
                    .iter()
                    .find(|mv| !owed || (mv.role.spec().pawn && mv.capture.is_some()))
                    .copied();
                let Some(mv) = mv.or_else(|| legal.first().copied()) else {
                    break;
                };
                let pick = if owed {
                    mv
                } else {
                    legal[rng.below(legal.len())]
                };
                let r = m.attempt(me, Attempt::from_move(&pick)).unwrap();
                assert_eq!(r.resolution, Resolution::Played, "{id}: {}", pos_text(&m));
            }
        }
    }
    assert!(
        nonsense > 500,
        "only {nonsense} nonsense answers: the test tries too little"
    );
    assert!(
        checks_answered > 200,
        "only {checks_answered} answers to checks seen"
    );
}

fn pos_text(m: &M) -> String {
    m.position().to_fen()
}

/// A save made before the principle (the rules as they were: no nonsense
/// word for english, no repeated-try rule, none of the later fields) loads
/// and replays as it was played: its known-impossible try stays a public
/// "Illegal", its repeated pawn try still lifts the duty.
#[test]
fn saves_made_before_the_principle_replay_as_played() {
    use fogbound_engine::AnyMatch;
    let old = KriegspielRules {
        nonsense_word: None,
        repeated_try_is_nonsense: false,
        ..KriegspielRules::preset("english").unwrap()
    };
    let mut m = AnyMatch::new(
        &Variant::chess(),
        ModelSpec::Kriegspiel { rules: old },
        None,
    )
    .unwrap();
    let mut go = |text: &str| m.attempt_text(m.turn(), text).unwrap().resolution;
    for text in ["e2e4", "e7e5", "d2d4", "a7a6"] {
        assert_eq!(go(text), Resolution::Played);
    }
    assert_eq!(
        go("e2e5"),
        Resolution::Illegal,
        "old rules: impossible but public"
    );
    assert_eq!(go("d4c5"), Resolution::Illegal);
    assert_eq!(go("any?"), Resolution::AnyAnswer { yes: true });
    assert_eq!(
        go("d4c5"),
        Resolution::Illegal,
        "old rules: a repeat is a try"
    );
    assert_eq!(go("g1f3"), Resolution::Played, "and it lifted the duty");
    // The save as the build before wrote it: none of the later fields.
    let mut json: serde_json::Value = serde_json::from_str(&m.to_json()).unwrap();
    let rules = json["model"]["rules"].as_object_mut().unwrap();
    for field in [
        "told_none_is_nonsense",
        "off_the_check_is_nonsense",
        "secret_any",
        "stalemate_loses",
    ] {
        assert!(rules.remove(field).is_some(), "{field}");
    }
    let back = AnyMatch::from_json(&json.to_string()).unwrap();
    assert_eq!(back.fens(), m.fens());
}
