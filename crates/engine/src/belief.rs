//! Beliefs: the true positions a player cannot tell apart from what it has
//! been told. Shared by the puzzle solver (the `fogbound-puzzles` crate) and by
//! any computer player that keeps a belief about hidden men.
//!
//! Two levels:
//!
//! - **Matches** ([`split_by_view`], [`positions_key`]): whole [`Match`]es
//!   grouped by one player's [`Observation`]. Exact and simple, but each
//!   match carries its history; this is the reference the fast path is
//!   tested against.
//! - **Positions** ([`Belief`], [`Observer`], [`View`]): a belief as a set
//!   of compact [`Position`]s, split by the [`View`] a player gets after a
//!   move. A view is built by the information model itself — its
//!   [`InformationModel::played`] and [`InformationModel::turn_started`]
//!   announcements heard by the viewer, the enemy men its
//!   [`InformationModel::visible`] squares show, which ends of the move the
//!   viewer saw, and the outcome — so the engine's models stay the one place
//!   that decides what a player learns; the fast path only skips building
//!   matches and observations. The puzzles crate's solver tests check
//!   that grouping by [`View`] and grouping matches by [`Observation`] give
//!   the same groups, under six presets and Fog of War.
//!
//! What the fast path leaves out: a match's history, so threefold
//! repetition is not seen (a problem's solution never needs it, and no
//! omniscient defender can force it alone); the 50-move rule and dead
//! material are seen, being in [`Position::outcome`].
//!
//! A computer player keeping a belief uses the same calls: after its own
//! move, [`Observer::split_attempt`] and keep the group whose view matches
//! what it was told; after the opponent's turn, [`Observer::split_replies`]
//! and keep the matching group (exact while the belief is small).

use std::collections::HashMap;

use crate::model::{find_in, masked, Said};
use crate::{
    Attempt, Bitboard, Color, InformationModel, Match, Message, ModelSpec, Move, MoveAttempt,
    Observation, Outcome, Piece, Position, RuleMode, Square,
};

/// The matches grouped by what `player` is told in them, in first-seen
/// order.
pub fn split_by_view<B: Bitboard>(matches: Vec<Match<B>>, player: Color) -> Vec<Vec<Match<B>>> {
    let mut groups: Vec<(Observation, Vec<Match<B>>)> = Vec::new();
    for m in matches {
        let seen = m.observation(player);
        match groups.iter_mut().find(|(o, _)| *o == seen) {
            Some((_, g)) => g.push(m),
            None => groups.push((seen, vec![m])),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// A belief's identity for memoisation: the distinct positions it holds,
/// sorted (histories that meet in one position count once).
pub fn positions_key<B: Bitboard>(matches: &[Match<B>]) -> Vec<String> {
    let mut fens: Vec<String> = matches.iter().map(|m| m.position().to_fen()).collect();
    fens.sort();
    fens.dedup();
    fens
}

/// A set of positions one player cannot tell apart, all with the same
/// side to move, kept sorted by Zobrist hash without repeats (so equal sets
/// have equal [`Belief::key`]s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Belief<B: Bitboard> {
    positions: Vec<Position<B>>,
    hashes: Vec<u64>,
}

impl<B: Bitboard> Belief<B> {
    /// The set of `positions` (repeats dropped).
    pub fn new(positions: Vec<Position<B>>) -> Belief<B> {
        Belief::tagged(positions, Vec::new()).0
    }

    /// [`Belief::new`] for positions that each carry a tag (`tags` is
    /// empty or as long as `positions`): the tags come back in the
    /// belief's order, a repeated position keeping its first tag. Only the
    /// hashes are sorted; each position is moved once.
    pub(crate) fn tagged(positions: Vec<Position<B>>, tags: Vec<u64>) -> (Belief<B>, Vec<u64>) {
        let hashes: Vec<u64> = positions.iter().map(Position::zobrist_hash).collect();
        Belief::hashed(positions, hashes, tags)
    }

    /// A belief of `positions` whose hashes the caller knows (`hashes[i]`
    /// is `positions[i]`'s Zobrist hash), each position with a tag (`tags`
    /// is empty or as long as `positions`): the tags come back in the
    /// belief's order, a repeated position keeping its first tag.
    pub fn hashed(
        positions: Vec<Position<B>>,
        hashes: Vec<u64>,
        tags: Vec<u64>,
    ) -> (Belief<B>, Vec<u64>) {
        debug_assert_eq!(positions.len(), hashes.len());
        let mut order: Vec<(u64, u32)> = hashes
            .into_iter()
            .enumerate()
            .map(|(i, h)| (h, i as u32))
            .collect();
        // By hash, then index: among repeats the first stays.
        order.sort_unstable();
        order.dedup_by_key(|(h, _)| *h);
        let positions: Vec<Position<B>> = order
            .iter()
            .map(|&(_, i)| positions[i as usize].clone())
            .collect();
        let tags = if tags.is_empty() {
            Vec::new()
        } else {
            order.iter().map(|&(_, i)| tags[i as usize]).collect()
        };
        let hashes = order.into_iter().map(|(h, _)| h).collect();
        (Belief { positions, hashes }, tags)
    }

    /// The positions, in hash order.
    pub fn positions(&self) -> &[Position<B>] {
        &self.positions
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The sorted Zobrist hashes: the belief's identity for a memo (exact
    /// up to 64-bit hash collisions).
    pub fn key(&self) -> &[u64] {
        &self.hashes
    }
}

/// What one player is told by one ply (a move, or a refused try), as the
/// information model says it. Two positions reached by plies with equal
/// views cannot be told apart by that player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct View {
    /// The try was refused: the same player moves again.
    pub refused: bool,
    /// The announcements the viewer heard, in order.
    pub said: Vec<Message>,
    /// Enemy men on the squares the viewer sees afterwards, by square.
    pub seen: Vec<(Square, Piece)>,
    /// The ends of the opponent's move the viewer saw (`from` before it,
    /// `to` after it).
    pub from: Option<Square>,
    pub to: Option<Square>,
    /// The game ended.
    pub outcome: Option<Outcome>,
}

impl View {
    /// The words of the announcements, with squares named on `pos`'s board.
    pub fn words<B: Bitboard>(&self, pos: &Position<B>) -> Vec<String> {
        self.said.iter().map(|m| m.text(pos.geometry())).collect()
    }
}

/// One player's ears: the information model that decides what `viewer` is
/// told, used to split beliefs. Cheap to build; holds a scratch copy of the
/// model (whose per-turn state the calls reset).
pub struct Observer<B: Bitboard> {
    model: Box<dyn InformationModel<B>>,
    mode: RuleMode,
    viewer: Color,
    /// What the model says, kept between views so that building one
    /// allocates only the words the viewer hears.
    said: Said,
}

impl<B: Bitboard> Observer<B> {
    /// What `viewer` hears under `spec`.
    pub fn new(spec: &ModelSpec, viewer: Color) -> Observer<B> {
        Observer {
            model: spec.build::<B>(),
            mode: spec.rule_mode(),
            viewer,
            said: Said::new(),
        }
    }

    /// The rule mode of the model (legal moves, or capture-the-king).
    pub fn mode(&self) -> RuleMode {
        self.mode
    }

    /// Whether a view can depend on the square the moved man left
    /// ([`InformationModel::tells_origin`]).
    pub fn tells_origin(&self) -> bool {
        self.model.tells_origin()
    }

    /// The player whose views these are.
    pub fn viewer(&self) -> Color {
        self.viewer
    }

    /// The squares the viewer sees in `pos` besides its own men, as the
    /// model says: every square its men could move to under Fog of War,
    /// none in Kriegspiel. The Observer's model has no history, so under
    /// Dark Chess (which shows the squares explored in a match) it is none.
    pub fn visible(&self, pos: &Position<B>) -> B {
        self.model.visible(pos, self.viewer)
    }

    /// The enemy men the viewer sees in `pos`, by square (none in
    /// Kriegspiel; under Fog of War those its men could take).
    pub fn sees(&self, pos: &Position<B>) -> Vec<(Square, Piece)> {
        let seen = self.model.visible(pos, self.viewer) & pos.by_color(!self.viewer);
        seen.squares()
            .filter_map(|s| pos.piece_at(s).map(|p| (s, p)))
            .collect()
    }

    /// What the viewer is told before any move in `pos` (its side to move):
    /// the enemy men it sees and what the umpire says as the turn starts
    /// (a `wild16` pawn-try count, …).
    pub fn start_view(&mut self, pos: &Position<B>) -> View {
        let mut said = Vec::new();
        self.model.turn_started(pos, &mut said);
        View {
            refused: false,
            said: said
                .into_iter()
                .filter(|(a, _)| a.includes(self.viewer))
                .map(|(_, m)| m)
                .collect(),
            seen: self.sees(pos),
            from: None,
            to: None,
            outcome: pos.outcome(self.mode),
        }
    }

    /// The position after `mv` is played in `before`, and what the viewer
    /// is told by it.
    pub fn play(&mut self, before: &Position<B>, mv: &Move) -> (Position<B>, View) {
        let after = before.after(mv);
        let view = self.view_of(before, &after, mv);
        (after, view)
    }

    /// [`Observer::play`] with the view written into `view`, whose vectors
    /// are reused (a search that plays many replies and keeps few of their
    /// views allocates none once they have grown).
    pub fn play_into(&mut self, before: &Position<B>, mv: &Move, view: &mut View) -> Position<B> {
        let after = before.after(mv);
        self.view_into(before, &after, mv, view);
        after
    }

    /// What the viewer is told when `mv` takes `before` to `after`.
    pub fn view_of(&mut self, before: &Position<B>, after: &Position<B>, mv: &Move) -> View {
        let mut view = View::default();
        self.view_into(before, after, mv, &mut view);
        view
    }

    /// [`Observer::view_of`] written into `view` (every field replaced,
    /// its vectors cleared and refilled).
    pub fn view_into(
        &mut self,
        before: &Position<B>,
        after: &Position<B>,
        mv: &Move,
        view: &mut View,
    ) {
        let mut said = std::mem::take(&mut self.said);
        said.clear();
        let attempt = Attempt::from_move(mv);
        self.model.played(before, after, mv, &attempt, &mut said);
        let outcome = after.outcome_quick(self.mode);
        if outcome.is_none() {
            self.model.turn_started(after, &mut said);
        }
        let viewer = self.viewer;
        let enemy = after.by_color(!viewer);
        let seen_after = self.model.visible(after, viewer) | after.by_color(viewer);
        view.seen.clear();
        view.seen.extend(
            (seen_after & enemy)
                .squares()
                .filter_map(|s| after.piece_at(s).map(|p| (s, p))),
        );
        (view.from, view.to) = if before.turn() == viewer {
            (None, None)
        } else {
            let seen_before = self.model.visible(before, viewer) | before.by_color(viewer);
            (
                seen_before.contains(mv.from).then_some(mv.from),
                seen_after.contains(mv.to).then_some(mv.to),
            )
        };
        view.said.clear();
        view.said.extend(
            said.drain(..)
                .filter(|(a, _)| a.includes(viewer))
                .map(|(_, m)| m),
        );
        self.said = said;
        view.refused = false;
        view.outcome = outcome;
    }

    /// The moves the viewer may attempt when to move in every position of
    /// `belief`: what its own board allows (the model's hints and tries:
    /// the pseudo-legal moves of its picture, a pawn's captures onto any
    /// square it does not hold, every promotion), in the first position's
    /// terms — the viewer's men stand alike in all of them.
    pub fn attempts(&self, belief: &Belief<B>) -> Vec<MoveAttempt> {
        let Some(pos) = belief.positions().first() else {
            return Vec::new();
        };
        let viewer = self.viewer;
        let mut out: Vec<MoveAttempt> = Vec::new();
        let mut push = |a: MoveAttempt| {
            if !out.contains(&a) {
                out.push(a);
            }
        };
        let picture = if self.mode == RuleMode::CaptureKing {
            // Fog of War: every destination is seen; the moves are real.
            pos.clone()
        } else {
            masked(pos, viewer, B::EMPTY)
        };
        for m in picture.pseudo_legal_moves() {
            push(
                Attempt::from_move(&m)
                    .as_move()
                    .copied()
                    .unwrap_or_else(|| MoveAttempt::plain(m.from, m.to)),
            );
        }
        if self.mode == RuleMode::Orthodox {
            let own = pos.by_color(viewer);
            let g = pos.geometry();
            for from in pos.pieces(viewer, crate::Role::Pawn).squares() {
                for to in (pos.rules().pawn_attacks(viewer, from) & !own).squares() {
                    let last = g.relative_rank(viewer, g.rank(to)).0 == g.height() - 1;
                    if last {
                        for &role in &pos.variant().promotion[viewer] {
                            push(MoveAttempt {
                                promotion: Some(role),
                                ..MoveAttempt::plain(from, to)
                            });
                        }
                    } else {
                        push(MoveAttempt::plain(from, to));
                    }
                }
            }
        }
        out
    }

    /// `attempt` in every position of `belief` (the viewer to move), split
    /// by what the viewer is told: the group where it was refused (the
    /// viewer tries again) first, then one group per view of the move.
    /// A refused try costs no move and tells the opponent nothing the
    /// viewer can use, so refusal is a view of its own.
    pub fn split_attempt(
        &mut self,
        belief: &Belief<B>,
        attempt: &MoveAttempt,
    ) -> Vec<(View, Belief<B>)> {
        let mut refused = Vec::new();
        let mut groups: Groups<B> = Groups::default();
        for pos in belief.positions() {
            match find_in(&pos.moves(self.mode), attempt) {
                Some(mv) => {
                    let (after, view) = self.play(pos, &mv);
                    groups.add(view, after);
                }
                None => refused.push(pos.clone()),
            }
        }
        let mut out = Vec::new();
        if let Some(first) = refused.first() {
            let view = self.refusal_view(first, attempt);
            out.push((view, Belief::new(refused)));
        }
        out.extend(groups.into_beliefs());
        out
    }

    /// Every legal reply of the side to move (the viewer's opponent) in
    /// every position of `belief`, split by what the viewer is told.
    pub fn split_replies(&mut self, belief: &Belief<B>) -> Vec<(View, Belief<B>)> {
        let mut groups: Groups<B> = Groups::default();
        let mut moves = Vec::new();
        for pos in belief.positions() {
            moves.clear();
            pos.moves_into(self.mode, &mut moves);
            for mv in &moves {
                let (after, view) = self.play(pos, mv);
                groups.add(view, after);
            }
        }
        groups.into_beliefs()
    }
}

impl<B: Bitboard> Observer<B> {
    /// The view of `attempt` refused in `pos`, in the model's words
    /// ("Illegal", "No"): judged by a fresh copy of the model, so the
    /// refusal is the model's own.
    pub fn refusal_view(&self, pos: &Position<B>, attempt: &MoveAttempt) -> View {
        let mut scratch = self.model.clone_box();
        let mut said = Vec::new();
        scratch.turn_started(pos, &mut said);
        said.clear();
        let _ = scratch.judge(pos, self.viewer, &Attempt::Move(*attempt), &mut said);
        View {
            refused: true,
            said: said
                .into_iter()
                .filter(|(a, _)| a.includes(self.viewer))
                .map(|(_, m)| m)
                .collect(),
            seen: Vec::new(),
            from: None,
            to: None,
            outcome: None,
        }
    }
}

/// Positions collected per view, in first-seen order.
struct Groups<B: Bitboard> {
    index: HashMap<View, usize>,
    groups: Vec<(View, Vec<Position<B>>)>,
}

impl<B: Bitboard> Default for Groups<B> {
    fn default() -> Self {
        Groups {
            index: HashMap::new(),
            groups: Vec::new(),
        }
    }
}

impl<B: Bitboard> Groups<B> {
    fn add(&mut self, view: View, pos: Position<B>) {
        match self.index.get(&view) {
            Some(&i) => self.groups[i].1.push(pos),
            None => {
                self.index.insert(view.clone(), self.groups.len());
                self.groups.push((view, vec![pos]));
            }
        }
    }

    fn into_beliefs(self) -> Vec<(View, Belief<B>)> {
        self.groups
            .into_iter()
            .map(|(v, ps)| (v, Belief::new(ps)))
            .collect()
    }
}
