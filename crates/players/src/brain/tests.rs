//! The belief keeps the true board: while it was never cut to a sample,
//! the pool holds the true position after everything the player is told,
//! in every model, whichever side the bot plays.

use fogbound_engine::player::Player;

use crate::Opponent;
use fogbound_engine::{
    AnyMatch, Bitboard, Bitboard64, Color, KriegspielRules, ModelSpec, Position, Resolution,
    Variant,
};

use crate::bot::AnyBrain;
use crate::{BotLevel, BotPlayer, Level};

fn models() -> Vec<ModelSpec> {
    let mut out = vec![ModelSpec::Fog, ModelSpec::Dark, ModelSpec::Open];
    for id in KriegspielRules::PRESET_IDS {
        out.push(ModelSpec::parse("kriegspiel", Some(id)).unwrap());
    }
    out
}

/// The men and the side to move: what a board of the belief must match
/// (castling rights, the en passant square and the counters are not kept
/// alike on every board).
fn key(p: &Position<Bitboard64>) -> (Vec<(u8, char)>, Color) {
    (p.men().map(|(s, pc)| (s.0, pc.char())).collect(), p.turn())
}

/// Whether the bot's belief is whole (never sampled, never rebuilt) and,
/// if so, whether it holds `truth`.
fn holds(bot: &BotPlayer, truth: &Position<Bitboard64>) -> Option<bool> {
    let Some(AnyBrain::B64(b)) = bot.brain.as_ref() else {
        return None;
    };
    if b.sampled > 0 || b.rebuilds > 0 {
        return None;
    }
    let want = key(truth);
    Some(b.boards().iter().any(|p| key(p) == want))
}

/// The bot's brain and the game, on the 8×8 board every game here is
/// played on.
fn chess<'a>(
    bot: &'a BotPlayer,
    game: &'a AnyMatch,
) -> (
    &'a super::Brain<Bitboard64>,
    &'a fogbound_engine::Match<Bitboard64>,
) {
    let (Some(AnyBrain::B64(b)), AnyMatch::B64(m)) = (bot.brain.as_ref(), game) else {
        unreachable!("chess is 8×8")
    };
    (b, m)
}

/// Plays `bot` (White with an even seed) against `other` under `spec`
/// for up to `plies` plies, each told only its own side's observations;
/// after every attempt (`true` when the bot made it) `each` is shown the
/// bot, the game, the attempt and its resolution.
fn play(
    spec: &ModelSpec,
    seed: u64,
    bot: &mut BotPlayer,
    other: &mut dyn Player,
    plies: usize,
    mut each: impl FnMut(&BotPlayer, &AnyMatch, bool, &fogbound_engine::Attempt, &Resolution),
) {
    play_while(
        spec,
        seed,
        bot,
        other,
        plies,
        |bot, game, mine, attempt, resolution| {
            each(bot, game, mine, attempt, resolution);
            true
        },
    );
}

/// [`play`], stopped early once `each` says there is nothing more to see.
fn play_while(
    spec: &ModelSpec,
    seed: u64,
    bot: &mut BotPlayer,
    other: &mut dyn Player,
    plies: usize,
    mut each: impl FnMut(&BotPlayer, &AnyMatch, bool, &fogbound_engine::Attempt, &Resolution) -> bool,
) {
    let mut game = AnyMatch::new(&Variant::chess(), spec.clone(), None).unwrap();
    let me = if seed % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    bot.start(&game.rules(), &game.observation(me));
    other.start(&game.rules(), &game.observation(!me));
    for _ in 0..plies * 25 {
        if game.outcome().is_some() || game.plies().len() >= plies {
            break;
        }
        let side = game.turn();
        let before = game.observation(!side);
        let obs = game.observation(side);
        let attempt = if side == me {
            bot.attempt(&obs)
        } else {
            other.attempt(&obs)
        };
        let result = game.attempt(side, attempt).unwrap();
        if side == me {
            bot.resolved(&attempt, &result.resolution, &result.observations[side]);
        } else {
            other.resolved(&attempt, &result.resolution, &result.observations[side]);
            if result.observations[me] != before {
                bot.observe(&result.observations[me]);
            }
        }
        if !each(bot, &game, side == me, &attempt, &result.resolution) {
            break;
        }
    }
}

/// Tells `bot` the side `me` of a recorded game as [`play`] tells it a
/// game it plays: its own attempts are the record's, each asked for again
/// without search first (so its random stream, and every sampled board,
/// runs as if it had chosen them), the opponent's reach it through its
/// observations; `each` as in [`play`].
fn replay(
    record: &AnyMatch,
    me: Color,
    bot: &mut BotPlayer,
    mut each: impl FnMut(&BotPlayer, &AnyMatch, bool, &fogbound_engine::Attempt, &Resolution),
) {
    let mut game = AnyMatch::new(record.variant(), record.spec().clone(), None).unwrap();
    bot.start(&game.rules(), &game.observation(me));
    for entry in record.log() {
        let side = entry.player;
        let before = game.observation(me);
        if side == me {
            bot.replay_attempt(&game.observation(me));
        }
        let result = game.attempt(side, entry.attempt).unwrap();
        assert_eq!(result.resolution, entry.resolution, "the record replays");
        if side == me {
            bot.resolved(&entry.attempt, &result.resolution, &result.observations[me]);
        } else if result.observations[me] != before {
            bot.observe(&result.observations[me]);
        }
        each(bot, &game, side == me, &entry.attempt, &result.resolution);
    }
}

/// Eight games of the default level (club) against greedy under the
/// english umpire, up to 120 plies each, as `fogbound match --model
/// kriegspiel --preset english --a bot:club --b greedy --games 8
/// --max-plies 120 --seed 1 --pgn F` wrote them (every try in the record).
const CLUB_AGAINST_GREEDY: &str = include_str!("club-against-greedy.pgn");

/// [`CLUB_AGAINST_GREEDY`]'s games, each with the bot's side.
fn club_games() -> Vec<(AnyMatch, Color)> {
    let games: Vec<(AnyMatch, Color)> = CLUB_AGAINST_GREEDY
        .split("[Event ")
        .filter(|g| !g.trim().is_empty())
        .map(|g| {
            let (game, tags) = AnyMatch::from_pgn(&format!("[Event {g}")).unwrap();
            let white = tags.iter().find(|(k, _)| k == "White").unwrap();
            let me = if white.1 == "bot:club" {
                Color::White
            } else {
                Color::Black
            };
            (game, me)
        })
        .collect();
    assert_eq!(games.len(), 8);
    games
}

#[test]
fn a_whole_belief_holds_the_true_board_in_every_model() {
    let level = Level {
        samples: 2,
        pool: 1_024,
        nodes: 300,
        ms: 0,
        noise: 0,
        worst: 0.3,
        likely: 150.0,
    };
    let mut checked = 0;
    for spec in models() {
        for seed in 0..4u64 {
            let mut bot = BotPlayer::with_level(BotLevel::Club, level, seed);
            let mut other = Opponent::Random.build(seed + 7);
            // Once sampled or rebuilt, a belief is never whole again: the
            // game stops there.
            play_while(
                &spec,
                seed,
                &mut bot,
                other.as_mut(),
                40,
                |bot, game, _, _, _| {
                    if game.outcome().is_some() {
                        return false;
                    }
                    let AnyMatch::B64(m) = game else {
                        unreachable!("chess is 8×8")
                    };
                    let Some(held) = holds(bot, m.position()) else {
                        return false;
                    };
                    assert!(
                        held,
                        "{}: the true board {} left a whole belief at ply {}",
                        spec.id(),
                        m.position().to_fen(),
                        game.plies().len()
                    );
                    checked += 1;
                    true
                },
            );
        }
    }
    assert!(checked >= 300, "only {checked} positions checked");
}

/// A quick bot whose belief is cut to a sample within a few moves.
fn sampled_bot(seed: u64) -> BotPlayer {
    let level = Level {
        samples: 2,
        pool: 48,
        nodes: 2_000,
        ms: 0,
        noise: 0,
        worst: 0.3,
        likely: 150.0,
    };
    BotPlayer::with_level(BotLevel::Club, level, seed)
}

#[test]
fn a_sampled_kriegspiel_belief_is_drawn_again_to_fit_every_refusal() {
    // Under the english umpire against greedy, whose pawn tries and
    // random moves keep the belief sampled: after each of the bot's
    // refused tries, every board it keeps refuses every try refused this
    // turn, and some turns' refusals left so few boards that the
    // opponent's successors were drawn again.
    let spec = ModelSpec::parse("kriegspiel", Some("english")).unwrap();
    let mut redraws = 0;
    let mut refusals = 0;
    for seed in 0..4u64 {
        let mut bot = sampled_bot(seed);
        let mut other = Opponent::Greedy.build(seed + 11);
        let mut refused_now: Vec<fogbound_engine::Attempt> = Vec::new();
        play(
            &spec,
            seed,
            &mut bot,
            other.as_mut(),
            120,
            |bot, _, mine, attempt, resolution| {
                if !mine {
                    return;
                }
                if resolution.passes_turn() {
                    refused_now.clear();
                    return;
                }
                if attempt.as_move().is_none() {
                    return;
                }
                refused_now.push(*attempt);
                refusals += 1;
                let Some(AnyBrain::B64(b)) = bot.brain.as_ref() else {
                    unreachable!("chess is 8×8")
                };
                for p in b.boards() {
                    let moves = p.moves(fogbound_engine::RuleMode::Orthodox);
                    for r in &refused_now {
                        let m = r.as_move().unwrap();
                        assert!(
                            fogbound_engine::model::find_in(&moves, m).is_none(),
                            "a kept board {} allows the refused try",
                            p.to_fen()
                        );
                    }
                }
            },
        );
        if let Some(AnyBrain::B64(b)) = bot.brain.as_ref() {
            redraws += b.redraws;
        }
    }
    assert!(refusals >= 10, "only {refusals} refusals");
    assert!(redraws >= 3, "only {redraws} redraws");
}

#[test]
fn the_hidden_pawn_map_never_misses_a_true_pawn() {
    // Under every umpire preset, against greedy (every pawn capture tried)
    // and a random mover, after each attempt of either side every enemy
    // pawn of the true board stands where the bot's map allows one.
    let mut checked = 0;
    let (mut squares, mut seen) = (0usize, 0usize);
    for id in KriegspielRules::PRESET_IDS {
        let spec = ModelSpec::parse("kriegspiel", Some(id)).unwrap();
        for seed in 0..4u64 {
            let mut bot = sampled_bot(seed);
            let mut other = if seed < 2 {
                Opponent::Greedy.build(seed + 3)
            } else {
                Opponent::Random.build(seed + 3)
            };
            play(
                &spec,
                seed,
                &mut bot,
                other.as_mut(),
                100,
                |bot, game, _, _, _| {
                    let (b, m) = chess(bot, game);
                    let reach = b.reach.as_ref().expect("kept under an umpire");
                    let pos = m.position();
                    squares += reach.len();
                    seen += 1;
                    for s in pos.pieces(!b.me(), fogbound_engine::Role::Pawn).squares() {
                        assert!(
                            reach.may_stand(s),
                            "{id}: a pawn on {} of {} is off the map at ply {}",
                            s.0,
                            pos.to_fen(),
                            game.plies().len()
                        );
                        checked += 1;
                    }
                },
            );
        }
    }
    assert!(checked >= 2_000, "only {checked} pawns checked");
    let mean = squares as f64 / seen as f64;
    eprintln!("{checked} pawns checked; the map held {mean:.1} squares on average");
    assert!(
        mean < 40.0,
        "the map held {mean:.1} squares on average: it says little"
    );
}

#[test]
fn a_refused_push_is_remembered_while_the_pawn_in_the_way_stands() {
    // Against greedy under the english umpire: right after each of the
    // bot's pawn pushes refused out of check, the push is remembered; and
    // a push remembered is never one the true board would allow because an
    // enemy pawn has left the way by a capture the bot was told of (the
    // memory is dropped then).
    let spec = ModelSpec::parse("kriegspiel", Some("english")).unwrap();
    let mut remembered = 0;
    for seed in 0..12u64 {
        let mut bot = sampled_bot(seed);
        let mut other = Opponent::Greedy.build(seed + 5);
        play(
            &spec,
            seed,
            &mut bot,
            other.as_mut(),
            200,
            |bot, game, mine, attempt, resolution| {
                let (b, m) = chess(bot, game);
                let pos = m.position();
                if mine && *resolution == Resolution::Illegal {
                    let Some(a) = attempt.as_move() else { return };
                    let pawn = pos
                        .piece_at(a.from)
                        .is_some_and(|p| p.role == fogbound_engine::Role::Pawn);
                    let g = pos.geometry();
                    if pawn && g.file(a.from) == g.file(a.to) && !pos.is_check() {
                        assert!(
                            b.remembered_blocked(a),
                            "the refused push {a:?} is forgotten: {:?} {:?}",
                            b.last.as_ref().map(|o| &o.announcements),
                            pos.to_fen()
                        );
                        remembered += 1;
                    }
                }
                for blk in &b.blocked {
                    assert_eq!(
                        pos.piece_at(blk.from).map(|p| (p.color, p.role)),
                        Some((b.me(), fogbound_engine::Role::Pawn)),
                        "a push is remembered for a pawn that left"
                    );
                }
            },
        );
    }
    eprintln!("{remembered} refused pushes remembered");
    assert!(remembered >= 5, "only {remembered} refused pushes");
}

/// Games of the bot (`bot_for(seed)`) against greedy under the english
/// umpire, one per seed, `read` called at each of the bot's turns (the
/// opponent has just moved) with its belief, the game and the true board.
fn at_each_turn_against_greedy(
    seeds: std::ops::Range<u64>,
    plies: usize,
    bot_for: impl Fn(u64) -> BotPlayer,
    mut read: impl FnMut(&super::Brain<Bitboard64>, &AnyMatch, &Position<Bitboard64>),
) {
    let spec = ModelSpec::parse("kriegspiel", Some("english")).unwrap();
    for seed in seeds {
        let mut bot = bot_for(seed);
        let mut other = Opponent::Greedy.build(seed + 7);
        play(
            &spec,
            seed,
            &mut bot,
            other.as_mut(),
            plies,
            |bot, game, mine, _, resolution| {
                if mine || !resolution.passes_turn() {
                    return;
                }
                let (b, m) = chess(bot, game);
                read(b, game, m.position());
            },
        );
    }
}

/// [`CLUB_AGAINST_GREEDY`]'s games told again to a club bot on the bot's
/// side, `read` called as in [`at_each_turn_against_greedy`]. The bot does
/// not search, so this costs the belief's upkeep alone (a game played
/// costs the default level's search at every turn), and the games stay
/// the same when the search changes.
fn at_each_turn_of_club_games(
    mut read: impl FnMut(&super::Brain<Bitboard64>, &AnyMatch, &Position<Bitboard64>),
) {
    for (seed, (record, me)) in club_games().iter().enumerate() {
        let mut bot = BotPlayer::with_level(BotLevel::Club, BotLevel::Club.level(), seed as u64);
        replay(record, *me, &mut bot, |bot, game, mine, _, resolution| {
            if mine || !resolution.passes_turn() {
                return;
            }
            let (b, m) = chess(bot, game);
            read(b, game, m.position());
        });
    }
}

/// Per square the bot's men do not hold, at each of its turns: the pawns'
/// odds that a hidden pawn attacks it, the pool's share of boards on which
/// one does, and whether one truly does — on the squares the sound map
/// leaves open (elsewhere both say none, rightly).
fn pawn_pictures(seeds: std::ops::Range<u64>, plies: usize) -> Vec<(f64, f64, bool)> {
    let mut rows = Vec::new();
    at_each_turn_against_greedy(seeds, plies, sampled_bot, |b, _, pos| {
        let me = b.me();
        let them = !me;
        let pawns = pos.pieces(them, fogbound_engine::Role::Pawn);
        for sq in pos.geometry().squares() {
            if pos.by_color(me).contains(sq) {
                continue;
            }
            let Some((odds, map)) = b.pawn_odds_attack(sq) else {
                continue;
            };
            if !map {
                continue;
            }
            let truth = pawns
                .squares()
                .any(|s| pos.rules().pawn_attacks(them, s).contains(sq));
            rows.push((odds, b.pawn_threat_share(sq).0, truth));
        }
    });
    rows
}

/// Rows of (odds, the belief's share, whether the event happened), asserted
/// calibrated: the odds' Brier score beats the share's; of the squares the
/// odds put under 1%, at most `low` saw the event, a bound the share fails;
/// and each band of the odds with 200 squares or more within 12 points of
/// what happened. `event` and `rival` name the event and the share in the
/// messages.
fn assert_calibrated(rows: &[(f64, f64, bool)], event: &str, rival: &str, low: f64) {
    let brier = |k: fn(&(f64, f64, bool)) -> f64| {
        rows.iter()
            .map(|r| (k(r) - f64::from(u8::from(r.2))).powi(2))
            .sum::<f64>()
            / rows.len() as f64
    };
    let (odds_brier, share_brier) = (brier(|r| r.0), brier(|r| r.1));
    let miss = |k: fn(&(f64, f64, bool)) -> f64, below: f64| {
        let low: Vec<_> = rows.iter().filter(|r| k(r) < below).collect();
        let hit = low.iter().filter(|r| r.2).count();
        (hit, low.len())
    };
    let (odds_hit, odds_low) = miss(|r| r.0, 0.01);
    let (share_hit, share_low) = miss(|r| r.1, 0.01);
    let mut bins = [(0usize, 0usize, 0.0f64); 5];
    for r in rows {
        let i = match r.0 {
            p if p < 0.05 => 0,
            p if p < 0.15 => 1,
            p if p < 0.3 => 2,
            p if p < 0.5 => 3,
            _ => 4,
        };
        bins[i].0 += 1;
        bins[i].1 += usize::from(r.2);
        bins[i].2 += r.0;
    }
    eprintln!(
        "{} squares; Brier odds {odds_brier:.4} {rival} {share_brier:.4}; \
         under 1%: odds {odds_hit} of {odds_low} {event}, {rival} {share_hit} of {share_low}",
        rows.len()
    );
    for (n, hit, sum) in bins {
        if n > 0 {
            eprintln!(
                "  n {n} predicted {:.3} {event} {:.3}",
                sum / n as f64,
                hit as f64 / n as f64
            );
        }
    }
    assert!(rows.len() >= 1_000, "only {} squares", rows.len());
    assert!(
        odds_brier < share_brier,
        "the odds are no better than the {rival}"
    );
    // The bound the share fails: under 1% predicted, at most `low` happened.
    let rate = |hit: usize, n: usize| hit as f64 / n.max(1) as f64;
    assert!(
        share_low >= 100 && rate(share_hit, share_low) > low,
        "the {rival} meets the bound too: the test says nothing"
    );
    assert!(
        odds_low >= 100,
        "the odds are never low: {odds_low} squares"
    );
    assert!(
        rate(odds_hit, odds_low) <= low,
        "{odds_hit} of {odds_low} squares the odds put under 1% were {event}"
    );
    for (n, hit, sum) in bins {
        if n >= 200 {
            let (said, was) = (sum / n as f64, hit as f64 / n as f64);
            assert!(
                (said - was).abs() < 0.12,
                "predicted {said:.3}, {event} {was:.3} over {n} squares"
            );
        }
    }
}

#[test]
fn the_pawns_odds_are_calibrated_where_the_sample_is_not() {
    // Against greedy under the english umpire, over the squares the map
    // leaves open: where the odds say a pawn attack is near impossible it
    // nearly never is, while the pool's sample, drawn and redrawn, says
    // "no board has one" of many squares truly attacked; and the odds'
    // Brier score beats the share's. Eight games, not four: over four the
    // top band's error swung from 8 to 18 points when the king's price
    // changed the bot's moves (BOT.md, 2026-11-27 "the unseen king").
    //
    // The bound is 2.5%, not the king's 2%: since the bot asks "Any?" every
    // turn its games put 2.0-2.1% there (50 of 2,442 squares; 98 of 4,861
    // over sixteen games), against 1.4-1.9% before. Most of the misses are
    // pawns still at home, with the odds counting more enemy pawns than
    // there are: under the english umpire the bot guesses the kind of man
    // it took by its pool's vote, and with this test's pool of 48 boards
    // the count it believed was too high at 214 of 461 turns (192 of 441
    // before) (BOT.md, 2026-11-28, "Any?" every turn).
    let rows = pawn_pictures(0..8, 120);
    assert_calibrated(&rows, "attacked", "sample", 0.025);
}

/// Per square the bot's men do not hold, at each of its turns: the king's
/// odds that the enemy king stands next to it ([`crate::king_odds`]), the
/// pool's share of boards on which it does, and whether it truly does;
/// over games of the default level (club), whose games the odds were
/// fitted on.
fn king_pictures() -> Vec<(f64, f64, bool)> {
    let mut rows = Vec::new();
    at_each_turn_of_club_games(|b, game, pos| {
        if game.outcome().is_some() {
            return;
        }
        let me = b.me();
        let boards: Vec<&Position<Bitboard64>> =
            b.boards().iter().filter(|p| p.turn() == me).collect();
        if boards.is_empty() {
            return;
        }
        let odds = crate::king_odds::king_odds(&boards, me);
        let shares = b.royal_shares();
        let Some(king) = pos.royals(!me).squares().next() else {
            return;
        };
        let rules = pos.rules();
        for sq in pos.geometry().squares() {
            if pos.by_color(me).contains(sq) {
                continue;
            }
            let near = rules.leap_targets(fogbound_engine::Role::King, sq);
            let sum = |v: &[f64]| near.squares().map(|s| v[s.index()]).sum::<f64>();
            rows.push((
                sum(&odds).min(1.0),
                sum(&shares).min(1.0),
                near.contains(king),
            ));
        }
    });
    rows
}

#[test]
fn the_kings_odds_are_calibrated_where_the_pool_is_not() {
    // Club's games against greedy under the english umpire (recorded,
    // told again without search): where the odds say the
    // enemy king is next to a square with a chance under 1% it nearly never
    // is, while the pool says "no board has it there" of squares it truly
    // stands next to; the odds' Brier score beats the pool's share's; and
    // each band of the odds is near what happened.
    let rows = king_pictures();
    assert_calibrated(&rows, "next to the king", "pool", 0.02);
}

#[test]
fn on_the_open_board_a_man_is_exposed_exactly_where_an_enemy_man_attacks_it() {
    // The open board's belief is the true board alone, so each man's share
    // is 1 where an enemy man truly attacks its square and 0 elsewhere.
    let (mut exposed, mut safe) = (0, 0);
    for seed in 0..4u64 {
        let mut bot = sampled_bot(seed);
        let mut other = Opponent::Random.build(seed + 7);
        play(
            &ModelSpec::Open,
            seed,
            &mut bot,
            other.as_mut(),
            60,
            |bot, game, mine, _, resolution| {
                if !mine || !resolution.passes_turn() || game.outcome().is_some() {
                    return;
                }
                let (b, m) = chess(bot, game);
                let pos = m.position();
                let me = b.me();
                let shares = b.exposure_shares();
                assert_eq!(shares.len(), pos.by_color(me).count() as usize);
                for (sq, share) in shares {
                    let attacked = pos.attackers_to(sq, !me, pos.occupied()).any();
                    assert_eq!(
                        share,
                        if attacked { 1.0 } else { 0.0 },
                        "{sq:?} in {}",
                        pos.to_fen()
                    );
                    if attacked {
                        exposed += 1;
                    } else {
                        safe += 1;
                    }
                }
            },
        );
    }
    assert!(
        exposed >= 20 && safe >= 200,
        "{exposed} exposed, {safe} safe"
    );
}
