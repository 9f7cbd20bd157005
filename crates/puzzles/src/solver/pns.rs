//! Depth-first proof-number search (df-pn) over the solver's belief
//! states: the same AND-OR tree as [`Solver::lost`], explored where a
//! proof or a disproof looks cheapest instead of attempt by attempt.
//!
//! Why: a fog problem's proof is small, but a depth-first search must
//! refute every wrong attempt it meets before the right one, in full, and
//! refuting a quiet wrong attempt with a hidden man's uncertainty is most
//! of the work (the Rotenberg mate in 8's key has a proof of a few dozen
//! beliefs; the depth-first search visits thousands of beliefs to find
//! it). Each node keeps a proof number (how many leaves must still be
//! proved to prove it, at least) and a disproof number; White's beliefs
//! are OR nodes (one attempt, or "Any?", must work), an attempt, the
//! answers to "Any?" and Black's turn are AND nodes (every answer must be
//! won). The search always descends into the most proving child, with
//! thresholds that send it back up when a sibling becomes cheaper (Nagai's
//! df-pn).
//!
//! Numbers are kept by a 64-bit key of the node (belief, moves, stage,
//! attempt). Decided White and Black beliefs also go into the solver's
//! exact memo, and each proved White belief keeps the attempt that proved
//! it ([`ProofMove`]), so the depth-first code that builds the solution
//! tree walks the proof without searching again. Near the leaves (at most
//! the solver's exact depth in moves) the depth-first search decides a
//! belief outright, with its witnesses and the full-information bound.

use std::cell::OnceCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use super::{is_pawn_capture, white_won, Group, Pos, Solver, Stop, Turn};
use fogbound_engine::belief::{Belief, View};
use fogbound_engine::{Bitboard64, Move, MoveAttempt};

/// Proof and disproof numbers at or above this are infinite. 64 bits:
/// sums over a deep tree's answers grow fast (the same belief is counted
/// on every path to it), and with 32 bits a belief with 14 moves to go
/// reached the ceiling and was taken for refuted.
const INFINITE: u64 = u64::MAX / 4;

/// A sibling's number, raised by a quarter: the threshold a child is
/// searched to before its parent looks again (Pawlewicz and Lew's 1 + ε
/// trick: fewer returns up the tree, fewer expansions repeated). On the
/// Rotenberg mate in 8 a quarter did best: 11.4 k beliefs against 13 k with
/// 15 % and 14.3 k with a third. In a long search (`long`: the root's
/// effort rule has engaged) by a sixteenth: on Rotenberg's 15-mover the
/// key and tree then took 251 k beliefs and 15.7 s against 400 k and 29 s
/// (an eighth and a thirty-second did worse; SOLVER-NOTES.md). A sixteenth
/// from the start made the mate in 8 dearer (14.8 k beliefs for its key
/// and tree against 6.6 k), which is why it waits for a long search.
fn grow(second: u64, long: bool) -> u64 {
    let raise = if long { second / 16 } else { second / 4 };
    second.saturating_add(raise).saturating_add(1).min(INFINITE)
}

/// At the root, once the first moves have taken this many White belief
/// expansions in all, each one's proof number is raised by the effort it
/// has taken: by one time itself per this many under it. A try whose
/// refutation lies deep keeps a small proof number however long it is
/// searched (a White belief's number is its cheapest attempt's, and deep
/// in the try there is always another attempt not yet opened): on
/// Rotenberg's 15-mover 1.Nf4 took 681 k of the search's 843 k belief
/// expansions before the key was proved. Measured there (SOLVER-NOTES.md):
/// 37 s of CPU for the key and tree against 90 s without; a shorter search
/// (the Rotenberg mate in 8's key, 6.6 k beliefs) is left as it was.
const ROOT_EFFORT_SCALE: u64 = 20_000;

/// At the root, the White beliefs one first move is searched for before
/// the root chooses again (its raised number is read afresh then): 1 k
/// did best of 1 k, 5 k and 20 k on the 15-mover.
const ROOT_ENTRY: u64 = 1_000;

/// A first move's proof number `pn` raised by the `effort` spent under it
/// ([`ROOT_EFFORT_SCALE`]); proved and refuted moves keep theirs.
fn root_pick(pn: u64, effort: u64) -> u64 {
    if pn == 0 || pn >= INFINITE {
        return pn;
    }
    let raised = pn as f64 * (1.0 + effort as f64 / ROOT_EFFORT_SCALE as f64);
    raised.min((INFINITE - 2) as f64) as u64
}

/// The proof number a first move that has taken `effort` is searched to
/// when the next first move's raised number is `next`: `next` brought
/// back to the move's own scale.
fn root_threshold(next: u64, effort: u64) -> u64 {
    if next >= INFINITE {
        return next;
    }
    (next as f64 / (1.0 + effort as f64 / ROOT_EFFORT_SCALE as f64)) as u64
}

/// A node's proof and disproof numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Numbers {
    pn: u64,
    dn: u64,
}

impl Numbers {
    const PROVED: Numbers = Numbers {
        pn: 0,
        dn: INFINITE,
    };
    const DISPROVED: Numbers = Numbers {
        pn: INFINITE,
        dn: 0,
    };

    fn decided(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// What White does in a belief the search proved won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ProofMove {
    /// This attempt.
    Attempt(MoveAttempt),
    /// Ask "Any?".
    Ask,
    /// A pawn capture refused everywhere, to be free of the obligation.
    Free,
}

type Shared = Rc<Belief<Bitboard64>>;

/// One answer of an attempt or of Black's turn, as the node keeps it.
struct Answer {
    view: View,
    belief: Shared,
}

/// What the umpire's answers split a node's belief into, worked out on
/// the node's first expansion and kept while the node lives: the search
/// comes back to a node many times while its parent searches (each time
/// a sibling's numbers pass it), and the answers of a belief never
/// change. What is read from the memo is read afresh on each expansion.
type Answers = OnceCell<Rc<[Answer]>>;

fn answers_of(groups: Vec<Group>) -> Rc<[Answer]> {
    groups
        .into_iter()
        .map(|g| Answer {
            view: g.view,
            belief: Rc::new(g.belief),
        })
        .collect()
}

/// A node of the AND-OR tree.
enum Node {
    /// White to move: an OR node.
    White {
        belief: Shared,
        moves: u32,
        turn: Turn,
    },
    /// White's attempt in a belief: AND over the umpire's answers.
    Attempt {
        belief: Shared,
        legal: Rc<Vec<Vec<Move>>>,
        moves: u32,
        turn: Turn,
        attempt: MoveAttempt,
        answers: Answers,
    },
    /// White asks "Any?": AND over "Yes" and "No".
    Ask { belief: Shared, moves: u32 },
    /// Black to move (any legal reply, any position): AND over what White
    /// is told; `moves` are White's moves left after the reply.
    Black {
        belief: Shared,
        moves: u32,
        answers: Answers,
    },
    /// The problem's start, where White's first move is looked for: an OR
    /// node over the attempts alone (a key is a move, not a question).
    Key { belief: Shared, moves: u32 },
}

/// A hasher for node keys (the parts are already Zobrist hashes).
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(27) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

fn belief_key(belief: &Belief<Bitboard64>, tag: u64, moves: u32, turn: Turn) -> Mix {
    let mut h = Mix(tag);
    for &x in belief.key() {
        h.write_u64(x);
    }
    h.write_u64(u64::from(moves));
    h.write_u64(turn as u64);
    h
}

impl Node {
    fn is_or(&self) -> bool {
        matches!(self, Node::White { .. } | Node::Key { .. })
    }

    fn key(&self) -> u64 {
        match self {
            Node::White {
                belief,
                moves,
                turn,
            } => belief_key(belief, 1, *moves, *turn).finish(),
            Node::Attempt {
                belief,
                moves,
                turn,
                attempt,
                ..
            } => {
                let mut h = belief_key(belief, 2, *moves, *turn);
                attempt.hash(&mut h);
                h.finish()
            }
            Node::Ask { belief, moves } => belief_key(belief, 3, *moves, Turn::Fresh).finish(),
            Node::Black { belief, moves, .. } => {
                belief_key(belief, 4, *moves, Turn::Fresh).finish()
            }
            Node::Key { belief, moves } => belief_key(belief, 5, *moves, Turn::Fresh).finish(),
        }
    }

    /// The positions of the node's belief.
    fn positions(&self) -> usize {
        match self {
            Node::White { belief, .. }
            | Node::Attempt { belief, .. }
            | Node::Ask { belief, .. }
            | Node::Black { belief, .. }
            | Node::Key { belief, .. } => belief.len(),
        }
    }

    /// Numbers for a node not searched yet: beliefs with more positions
    /// and more moves to go are assumed harder to prove.
    fn guess(&self) -> Numbers {
        match self {
            // Measured on the Rotenberg mate in 8 from scratch (native):
            // 1 + n/3 needed 11.4 k beliefs; 1 + log2 n + moves/2, 20 k;
            // 1 everywhere, 36 k; n itself, 13.7 k.
            Node::White { belief, .. } => Numbers {
                pn: 1 + belief.len() as u64 / 3,
                dn: 1,
            },
            _ => Numbers { pn: 1, dn: 1 },
        }
    }
}

/// A first move at a root shared with other threads (see
/// [`super::solve_parallel`]).
enum SharedFirstMove {
    Open,
    /// Another thread is searching it.
    Busy,
    /// Another thread refuted it.
    Refuted,
}

/// A node's expansion: decided at once, or its children.
enum Expansion {
    Decided(bool),
    Children(Vec<Node>),
}

impl Solver<'_> {
    /// Whether White wins `belief` within `moves` at stage `turn`, by
    /// proof-number search.
    pub(super) fn prove(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Result<bool, Stop> {
        if belief.is_empty() {
            return Ok(true);
        }
        let root = self.white(Rc::new(belief.clone()), moves, turn);
        self.prove_node(&root)
    }

    /// Whether `attempt` forces the goal from `belief` within `moves`, by
    /// proof-number search.
    pub(super) fn prove_attempt(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
    ) -> Result<bool, Stop> {
        let root = Node::Attempt {
            belief: Rc::new(belief.clone()),
            legal: Rc::new(self.legal(belief)),
            moves,
            turn: self.stage(belief, Turn::Fresh),
            attempt: *attempt,
            answers: Answers::new(),
        };
        self.prove_node(&root)
    }

    /// A first attempt that forces the goal from `belief` within `moves`
    /// (`None`: none does), by proof-number search over the attempts.
    pub(super) fn prove_key(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
    ) -> Result<Option<MoveAttempt>, Stop> {
        let belief = Rc::new(belief.clone());
        let root = Node::Key {
            belief: belief.clone(),
            moves,
        };
        if !self.prove_node(&root)? {
            return Ok(None);
        }
        let children = match self.expand(&root)? {
            Expansion::Children(c) => c,
            Expansion::Decided(_) => Vec::new(),
        };
        Ok(children.into_iter().find_map(|c| match c {
            Node::Attempt { attempt, .. }
                if self.numbers.get(&c.key()).is_some_and(|n| n.pn == 0) =>
            {
                Some(attempt)
            }
            _ => None,
        }))
    }

    /// What White does in `belief` (stage `turn`) to win within `moves`,
    /// if the search proved it.
    pub(super) fn proof_move(
        &self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        turn: Turn,
    ) -> Option<ProofMove> {
        let turn = self.stage(belief, turn);
        self.proof_moves
            .get(&(belief.key().to_vec(), turn))
            .filter(|(_, proved_in)| *proved_in <= moves)
            .map(|(how, _)| *how)
    }

    fn prove_node(&mut self, root: &Node) -> Result<bool, Stop> {
        // Each root starts as a short search (a long-lived solver, the
        // page's umpire, searches many).
        let was_long = std::mem::replace(&mut self.long_search, false);
        let n = self.mid(
            root,
            root.key(),
            Numbers {
                pn: INFINITE,
                dn: INFINITE,
            },
        );
        self.long_search = was_long;
        let n = n?;
        if !n.decided() {
            // A number reached the ceiling before a proof or a disproof:
            // nothing is known (never a refutation).
            return Err(Stop::Undecided);
        }
        Ok(n.pn == 0)
    }

    /// Nagai's multiple iterative deepening: search `node` (whose
    /// [`Node::key`] is `key`) until its numbers reach the thresholds (or
    /// it is decided).
    fn mid(&mut self, node: &Node, key: u64, limit: Numbers) -> Result<Numbers, Stop> {
        self.tick()?;
        if let Some(&n) = self.numbers.get(&key) {
            if n.decided() || n.pn >= limit.pn || n.dn >= limit.dn {
                return Ok(n);
            }
        }
        let children = match self.expand(node)? {
            Expansion::Decided(won) => {
                let n = if won {
                    Numbers::PROVED
                } else {
                    Numbers::DISPROVED
                };
                self.numbers.insert(key, n);
                self.settle(node, None, won);
                return Ok(n);
            }
            Expansion::Children(c) => c,
        };
        let or = node.is_or();
        // Threads are native only: on wasm this is false at compile time,
        // and the sharing code is left out of the worker (2.3 KB gzip).
        let shared_root = !cfg!(target_arch = "wasm32")
            && matches!(node, Node::Key { .. })
            && self.share.is_some();
        // One thread's root: its first moves' numbers are raised by the
        // effort each has taken (threads share their root differently).
        let at_root = matches!(node, Node::Key { .. }) && !shared_root;
        let keys: Vec<u64> = children.iter().map(Node::key).collect();
        // The children's numbers, read here once; the child just searched
        // then has the numbers its search returns, which are its entry
        // (`mid` returns what it last wrote, or the entry it found
        // decided or past the limit). Looking every child up again on
        // every return was a sixteenth of the 15-mover's time (the table
        // is large, each look-up a cache miss). Only a child reached
        // again inside a sibling's search could be left stale, and the
        // child's next search reads its own entry first.
        let mut known: Vec<Option<Numbers>> =
            keys.iter().map(|k| self.numbers.get(k).copied()).collect();
        loop {
            // Only a long search is changed: until the first moves have
            // taken ROOT_EFFORT_SCALE beliefs in all, the root chooses as it
            // always did (a mate in 8's key, whose memo the cook pass then
            // reads, is found in fewer), and the move searched then comes
            // back when that many are spent.
            let root_total: u64 = if at_root {
                keys.iter()
                    .map(|k| self.root_effort.get(k).copied().unwrap_or(0))
                    .sum()
            } else {
                0
            };
            let effort_root = at_root && root_total >= ROOT_EFFORT_SCALE;
            // From then on the whole search under this root is a long one.
            self.long_search |= effort_root;
            let long = self.long_search;
            let mut best = 0;
            let mut best_n = Numbers {
                pn: INFINITE,
                dn: INFINITE,
            };
            let (mut best_pick, mut second) = (INFINITE, INFINITE);
            let (mut sum, mut least) = (0u64, INFINITE);
            for (i, (c, k)) in children.iter().zip(&keys).enumerate() {
                let mut n = known[i].unwrap_or_else(|| c.guess());
                let mut busy = false;
                if shared_root {
                    match self.shared_first_move(c, n) {
                        SharedFirstMove::Refuted => n = Numbers::DISPROVED,
                        SharedFirstMove::Busy => busy = true,
                        SharedFirstMove::Open => {}
                    }
                }
                // OR: prove one (least pn), disprove all (sum of dn); AND
                // the other way round.
                let (own, other) = if or { (n.pn, n.dn) } else { (n.dn, n.pn) };
                sum = sum.saturating_add(other).min(INFINITE);
                least = least.min(own);
                // A first move another thread is in is taken only when
                // nothing else is open.
                let pick = if busy {
                    INFINITE - 1
                } else if effort_root {
                    root_pick(own, self.root_effort.get(k).copied().unwrap_or(0))
                } else {
                    own
                };
                if pick < best_pick {
                    second = best_pick;
                    best = i;
                    best_n = n;
                    best_pick = pick;
                } else if pick < second {
                    second = pick;
                }
            }
            let n = if or {
                Numbers { pn: least, dn: sum }
            } else {
                Numbers { pn: sum, dn: least }
            };
            self.numbers.insert(key, n);
            if n.decided() {
                let won = n.pn == 0;
                let proof = if won && or {
                    Some(&children[best])
                } else {
                    None
                };
                self.settle(node, proof, won);
                return Ok(n);
            }
            if n.pn >= limit.pn || n.dn >= limit.dn {
                return Ok(n);
            }
            // Back to the root when its first move's turn is over.
            if self.root_yield_at != 0 && self.stats.belief_states >= self.root_yield_at {
                return Ok(n);
            }
            let threshold = if effort_root {
                let effort = self.root_effort.get(&keys[best]).copied().unwrap_or(0);
                root_threshold(grow(second, long), effort).max(best_n.pn.saturating_add(1))
            } else {
                grow(second, long)
            };
            let child_limit = if or {
                Numbers {
                    pn: limit.pn.min(threshold),
                    dn: (limit.dn - n.dn).saturating_add(best_n.dn).min(INFINITE),
                }
            } else {
                Numbers {
                    pn: (limit.pn - n.pn).saturating_add(best_n.pn).min(INFINITE),
                    dn: limit.dn.min(grow(second, long)),
                }
            };
            if shared_root {
                self.enter_first_move(&children[best]);
                let searched = self.mid(&children[best], keys[best], child_limit);
                self.leave_first_move(&children[best], searched);
                known[best] = Some(searched?);
            } else if at_root {
                let before = self.stats.belief_states;
                self.root_yield_at = if effort_root {
                    before + ROOT_ENTRY
                } else {
                    before + (ROOT_EFFORT_SCALE - root_total)
                };
                let searched = self.mid(&children[best], keys[best], child_limit);
                self.root_yield_at = 0;
                let spent = self.stats.belief_states - before;
                *self.root_effort.entry(keys[best]).or_default() += spent;
                known[best] = Some(searched?);
            } else {
                known[best] = Some(self.mid(&children[best], keys[best], child_limit)?);
            }
        }
    }

    /// At a root shared with other threads, what they know of a first
    /// move `child` (its numbers here `n`).
    fn shared_first_move(&self, child: &Node, n: Numbers) -> SharedFirstMove {
        let (Some((share, me)), Node::Attempt { moves, attempt, .. }) = (self.share, child) else {
            return SharedFirstMove::Open;
        };
        if share.refuted(*moves, attempt) {
            SharedFirstMove::Refuted
        } else if !n.decided() && share.busy_elsewhere(me, *moves, attempt) {
            SharedFirstMove::Busy
        } else {
            SharedFirstMove::Open
        }
    }

    fn enter_first_move(&self, child: &Node) {
        if let (Some((share, me)), Node::Attempt { moves, attempt, .. }) = (self.share, child) {
            share.enter(me, *moves, attempt);
        }
    }

    /// Tells the other threads a first move's outcome, if it is decided.
    fn leave_first_move(&self, child: &Node, searched: Result<Numbers, Stop>) {
        if let (Some((share, me)), Node::Attempt { moves, attempt, .. }) = (self.share, child) {
            let decided = searched.ok().filter(|n| n.decided()).map(|n| n.pn == 0);
            share.leave(me, *moves, attempt, decided);
        }
    }

    /// Keeps a decided node in the exact memo (and, for a White belief
    /// proved won, the child that proved it).
    fn settle(&mut self, node: &Node, proof: Option<&Node>, won: bool) {
        match node {
            Node::White {
                belief,
                moves,
                turn,
            } => {
                let result = if won {
                    None
                } else {
                    Some(belief.key().to_vec())
                };
                self.remember(belief.key(), *moves, *turn, &result);
                let how = match proof {
                    Some(Node::Attempt { attempt, .. }) => Some(ProofMove::Attempt(*attempt)),
                    Some(Node::Ask { .. }) => Some(ProofMove::Ask),
                    Some(Node::White { .. }) => Some(ProofMove::Free),
                    _ => None,
                };
                if let Some(how) = how {
                    self.proof_moves
                        .insert((belief.key().to_vec(), *turn), (how, *moves));
                }
            }
            Node::Black { belief, moves, .. } => {
                let result = if won {
                    None
                } else {
                    Some(belief.key().to_vec())
                };
                self.remember_escape(belief.key(), *moves, &result);
            }
            Node::Attempt { .. } | Node::Ask { .. } | Node::Key { .. } => {}
        }
    }

    fn expand(&mut self, node: &Node) -> Result<Expansion, Stop> {
        match node {
            Node::White {
                belief,
                moves,
                turn,
            } => self.expand_white(belief, *moves, *turn),
            Node::Attempt {
                belief,
                legal,
                moves,
                turn,
                attempt,
                answers,
            } => self.expand_attempt(belief, legal, *moves, *turn, attempt, answers),
            Node::Ask { belief, moves } => {
                let (yes, no) = self
                    .any_answers(belief)
                    .expect("asked only where the answer tells something");
                Ok(Expansion::Children(vec![
                    self.white(Rc::new(yes), *moves, Turn::Obliged),
                    self.white(Rc::new(no), *moves, Turn::Asked),
                ]))
            }
            Node::Black {
                belief,
                moves,
                answers,
            } => self.expand_black(belief, *moves, answers),
            Node::Key { belief, moves } => {
                let legal = Rc::new(self.legal(belief));
                let turn = self.stage(belief, Turn::Fresh);
                let children: Vec<Node> = self
                    .ordered(belief, &legal, *moves)
                    .into_iter()
                    .map(|attempt| Node::Attempt {
                        belief: belief.clone(),
                        legal: legal.clone(),
                        moves: *moves,
                        turn,
                        attempt,
                        answers: Answers::new(),
                    })
                    .collect();
                Ok(if children.is_empty() {
                    Expansion::Decided(false)
                } else {
                    Expansion::Children(children)
                })
            }
        }
    }

    fn white(&self, belief: Shared, moves: u32, turn: Turn) -> Node {
        let turn = self.stage(&belief, turn);
        Node::White {
            belief,
            moves,
            turn,
        }
    }

    fn expand_white(&mut self, belief: &Shared, moves: u32, turn: Turn) -> Result<Expansion, Stop> {
        if belief.is_empty() {
            return Ok(Expansion::Decided(true));
        }
        if moves == 0 {
            return Ok(Expansion::Decided(false));
        }
        if let Some(known) = self.recalled(belief.key(), moves, turn) {
            return Ok(Expansion::Decided(known.is_none()));
        }
        if moves <= 1 {
            return Ok(Expansion::Decided(
                self.lost(belief, moves, turn)?.is_none(),
            ));
        }
        self.stats.belief_states += 1;
        if let Some(w) = self.bound(belief, moves)? {
            self.remember(belief.key(), moves, turn, &Some(w));
            return Ok(Expansion::Decided(false));
        }
        let legal = Rc::new(self.legal(belief));
        let mut children = Vec::new();
        if turn == Turn::Fresh && self.any_answers(belief).is_some() {
            children.push(Node::Ask {
                belief: belief.clone(),
                moves,
            });
        }
        if turn == Turn::Obliged && self.empty_pawn_try(belief, &legal).is_some() {
            children.push(Node::White {
                belief: belief.clone(),
                moves,
                turn: Turn::Asked,
            });
        }
        let first: Pos = belief.positions()[0].clone();
        for attempt in self.ordered(belief, &legal, moves) {
            if turn == Turn::Obliged && !is_pawn_capture(&first, &attempt) {
                continue;
            }
            children.push(Node::Attempt {
                belief: belief.clone(),
                legal: legal.clone(),
                moves,
                turn,
                attempt,
                answers: Answers::new(),
            });
        }
        if children.is_empty() {
            return Ok(Expansion::Decided(false));
        }
        Ok(Expansion::Children(children))
    }

    fn expand_attempt(
        &mut self,
        belief: &Shared,
        legal: &[Vec<Move>],
        moves: u32,
        turn: Turn,
        attempt: &MoveAttempt,
        answers: &Answers,
    ) -> Result<Expansion, Stop> {
        if moves <= 1 {
            let refuted = self.refute(belief, legal, moves, attempt, turn)?;
            return Ok(Expansion::Decided(refuted.is_none()));
        }
        let groups = answers
            .get_or_init(|| answers_of(self.split(belief, legal, attempt)))
            .clone();
        if groups.iter().all(|g| g.view.refused) {
            // Refused everywhere: tells nothing, and is never made.
            return Ok(Expansion::Decided(false));
        }
        let mut children = Vec::new();
        for g in groups.iter() {
            if g.view.refused {
                let next = self.after_refusal(&g.belief.positions()[0], turn, attempt);
                let child = self.white(g.belief.clone(), moves, next);
                if self.seen_lost(&child) {
                    return Ok(Expansion::Decided(false));
                }
                children.push(child);
            } else if g.view.outcome.is_some() {
                if !white_won(g.view.outcome) {
                    return Ok(Expansion::Decided(false));
                }
            } else {
                children.push(Node::Black {
                    belief: g.belief.clone(),
                    moves: moves - 1,
                    answers: Answers::new(),
                });
            }
        }
        if children.is_empty() {
            return Ok(Expansion::Decided(true));
        }
        Ok(Expansion::Children(children))
    }

    /// Whether a White child is already known lost, without a search:
    /// the memo (and its lost witnesses), or, near the leaves, a position
    /// the full-information search already found escaping. An AND node
    /// with such a child is refuted before any sibling is searched. Only
    /// when refuting: the look-ups made the 15-mover's key search dearer
    /// (SOLVER-NOTES.md).
    fn seen_lost(&self, child: &Node) -> bool {
        if !self.refuting {
            return false;
        }
        let Node::White {
            belief,
            moves,
            turn,
        } = child
        else {
            return false;
        };
        if belief.is_empty() {
            return false;
        }
        if *moves == 0 {
            return true;
        }
        if let Some(known) = self.recalled(belief.key(), *moves, *turn) {
            return known.is_some();
        }
        *moves <= self.bound_depth && self.escaping_known(belief, *moves).is_some()
    }

    fn expand_black(
        &mut self,
        belief: &Shared,
        moves: u32,
        answers: &Answers,
    ) -> Result<Expansion, Stop> {
        if moves == 0 {
            return Ok(Expansion::Decided(false));
        }
        if let Some(e) = self.escapes.get(belief.key()) {
            if e.won_in <= moves {
                return Ok(Expansion::Decided(true));
            }
            if e.lost_in >= moves {
                return Ok(Expansion::Decided(false));
            }
        }
        let replies = answers
            .get_or_init(|| answers_of(self.replies(belief)))
            .clone();
        let mut children = Vec::with_capacity(replies.len());
        for g in replies.iter() {
            if g.view.outcome.is_some() {
                if !white_won(g.view.outcome) {
                    return Ok(Expansion::Decided(false));
                }
            } else {
                let child = self.white(g.belief.clone(), moves, Turn::Fresh);
                if self.seen_lost(&child) {
                    return Ok(Expansion::Decided(false));
                }
                children.push(child);
            }
        }
        if children.is_empty() {
            return Ok(Expansion::Decided(true));
        }
        // When refuting, smaller answers first (stable: equal sizes keep
        // the replies' order). Proof numbers tie at first, so this is the
        // order in which Black's answers are tried for a refutation: on
        // the Rotenberg mate in 8 it halved the cook pass's nodes
        // (SOLVER-NOTES.md).
        if self.refuting {
            children.sort_by_key(Node::positions);
        }
        Ok(Expansion::Children(children))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_moves_number_rises_with_its_effort_and_comes_back_to_its_scale() {
        assert_eq!(root_pick(40, 0), 40);
        assert_eq!(root_pick(40, ROOT_EFFORT_SCALE), 80);
        assert!(root_pick(40, 10 * ROOT_EFFORT_SCALE) > root_pick(40, ROOT_EFFORT_SCALE));
        // Proved and refuted first moves keep their numbers.
        assert_eq!(root_pick(0, 5 * ROOT_EFFORT_SCALE), 0);
        assert_eq!(root_pick(INFINITE, 5 * ROOT_EFFORT_SCALE), INFINITE);
        // Searched to the next move's raised number, brought back.
        for effort in [0, 1_000, ROOT_EFFORT_SCALE, 7 * ROOT_EFFORT_SCALE] {
            let back = root_threshold(root_pick(1_000, effort), effort);
            assert!(back.abs_diff(1_000) <= 1, "{effort}: {back}");
        }
        assert_eq!(root_threshold(INFINITE, ROOT_EFFORT_SCALE), INFINITE);
    }

    #[test]
    fn a_long_search_raises_the_threshold_less() {
        assert_eq!(grow(160, false), 201);
        assert_eq!(grow(160, true), 171);
        // Never below the sibling's number plus one, never past infinity.
        assert_eq!(grow(0, true), 1);
        assert_eq!(grow(INFINITE, false), INFINITE);
        assert_eq!(grow(INFINITE, true), INFINITE);
    }
}
