//! The king's safety, over thousands of positions of every model: the bot
//! never plays a move after which a man it saw takes its king, nor one that
//! loses the king on every board of its belief, while it had a move that
//! did neither.

use fogbound_engine::player::Player;

use crate::Opponent;
use fogbound_engine::{
    AnyMatch, Attempt, Bitboard64, Cell, Color, KriegspielRules, ModelSpec, Observation, Position,
    Variant,
};

use super::*;
use crate::bot::AnyBrain;
use crate::{BotLevel, BotPlayer};

fn models() -> Vec<ModelSpec> {
    let mut out = vec![ModelSpec::Fog, ModelSpec::Dark, ModelSpec::Open];
    for id in KriegspielRules::PRESET_IDS {
        out.push(ModelSpec::parse("kriegspiel", Some(id)).unwrap());
    }
    out
}

/// A bot that decides quickly: the king's safety does not depend on how
/// deep it searches.
fn quick_bot(seed: u64) -> BotPlayer {
    let level = Level {
        samples: 2,
        pool: 64,
        nodes: 300,
        ms: 0,
        noise: 0,
        worst: 0.3,
        likely: 150.0,
    };
    BotPlayer::with_level(BotLevel::Club, level, seed)
}

/// The belief's boards with the bot to move.
fn boards(bot: &BotPlayer) -> Vec<Position<Bitboard64>> {
    match bot.brain.as_ref() {
        Some(AnyBrain::B64(b)) => b
            .boards()
            .iter()
            .filter(|p| p.turn() == b.me())
            .cloned()
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether, after `a` on the true board `truth`, a man `obs` showed attacks
/// the mover's king.
fn seen_man_takes_king(obs: &Observation, truth: &Position<Bitboard64>, a: &Attempt) -> bool {
    let me = obs.player;
    let Some(m) = a.as_move() else { return false };
    let Some(mv) = find_in(&truth.moves(RuleMode::CaptureKing), m) else {
        return false;
    };
    let after = truth.after(&mv);
    let Some(k) = after.royals(me).first() else {
        return false;
    };
    after
        .attackers_to(k, !me, after.occupied())
        .squares()
        .any(|s| matches!(obs.cell(s), Cell::Man(p) if p.color != me))
}

/// Whether `a` leaves the king attacked on every board where it is legal
/// (and is legal on one).
fn lost_everywhere(boards: &[Position<Bitboard64>], mode: RuleMode, a: &Attempt) -> bool {
    let Some(m) = a.as_move() else { return false };
    let mut legal = false;
    for p in boards {
        if let Some(mv) = find_in(&p.moves(mode), m) {
            legal = true;
            if !king_en_prise(&p.after(&mv), p.turn()) {
                return false;
            }
        }
    }
    legal
}

#[test]
fn the_bot_never_gives_its_king_away_while_it_need_not() {
    let mut checked = 0;
    for spec in models() {
        let mode = spec.rule_mode();
        // Seeds 0–3: the bot White and Black, each against greedy and the
        // random mover.
        for seed in 0..4u64 {
            let mut game = AnyMatch::new(&Variant::chess(), spec.clone(), None).unwrap();
            let mut bot = quick_bot(seed);
            let other = if seed % 2 == 0 {
                Opponent::Greedy
            } else {
                Opponent::Random
            };
            let mut opponent = other.build(seed + 100);
            let me = if seed % 4 < 2 {
                Color::White
            } else {
                Color::Black
            };
            bot.start(&game.rules(), &game.observation(me));
            opponent.start(&game.rules(), &game.observation(!me));
            for _ in 0..400 {
                if game.outcome().is_some() || game.plies().len() >= 120 {
                    break;
                }
                let side = game.turn();
                let seen_before = game.observation(!side);
                let obs = game.observation(side);
                let attempt = if side == me {
                    let truth = match &game {
                        AnyMatch::B64(m) => m.position().clone(),
                        _ => unreachable!("chess is 8×8"),
                    };
                    let belief = boards(&bot);
                    let cands: Vec<Attempt> = obs
                        .hints
                        .iter()
                        .map(|h| Attempt::of(h.from, h.to))
                        .chain(obs.try_hints.iter().map(|h| Attempt::of(h.from, h.to)))
                        .collect();
                    let a = bot.attempt(&obs);
                    let safe_exists = cands
                        .iter()
                        .any(|c| exposed_safe(&obs, c) && !lost_everywhere(&belief, mode, c));
                    if safe_exists && a.as_move().is_some() {
                        assert!(
                            !seen_man_takes_king(&obs, &truth, &a),
                            "{}: {} lets a man it saw take its king in {truth:?}",
                            spec.id(),
                            a.to_text(truth.geometry())
                        );
                        assert!(
                            !lost_everywhere(&belief, mode, &a),
                            "{}: {} loses the king on all {} boards of its belief",
                            spec.id(),
                            a.to_text(truth.geometry()),
                            belief.len()
                        );
                        checked += 1;
                    }
                    a
                } else {
                    opponent.attempt(&obs)
                };
                let result = game.attempt(side, attempt).unwrap();
                let told = &result.observations[side];
                if side == me {
                    bot.resolved(&attempt, &result.resolution, told);
                } else {
                    opponent.resolved(&attempt, &result.resolution, told);
                }
                if result.observations[!side] != seen_before {
                    if !side == me {
                        bot.observe(&result.observations[!side]);
                    } else {
                        opponent.observe(&result.observations[!side]);
                    }
                }
            }
        }
    }
    assert!(checked >= 2_000, "only {checked} positions checked");
}

/// Whether `c` keeps the king from every man `obs` shows, on the picture
/// (unseen squares empty).
fn exposed_safe(obs: &Observation, c: &Attempt) -> bool {
    match c.as_move() {
        Some(m) => !exposed_to_seen::<Bitboard64>(obs, m, &Variant::chess()),
        None => true,
    }
}

#[test]
fn a_shield_stepping_off_a_seen_rook_s_file_exposes_the_king() {
    // White's king on d1 behind its queen on d2; Black's rook on d8, which
    // the queen sees up the file.
    let game = AnyMatch::new(
        &Variant::chess(),
        ModelSpec::Fog,
        Some("3r3k/8/8/8/8/8/3Q4/3K4 w - - 0 1"),
    )
    .unwrap();
    let obs = game.observation(Color::White);
    let g = game.geometry();
    assert!(matches!(
        obs.cell(g.parse_square("d8").unwrap()),
        Cell::Man(_)
    ));
    let attempt = |t: &str| Attempt::parse(t, g).unwrap();
    assert!(
        !exposed_safe(&obs, &attempt("d2a5")),
        "the shield leaves the file"
    );
    assert!(
        exposed_safe(&obs, &attempt("d2d5")),
        "the shield stays on the file"
    );
    assert!(
        exposed_safe(&obs, &attempt("d2d8")),
        "the shield takes the rook"
    );
    assert!(exposed_safe(&obs, &attempt("d1e1")));
}
