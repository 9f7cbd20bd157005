//! Zobrist hashing of positions, for repetition detection and transposition
//! tables. Keys are fixed (splitmix64 from a constant seed per kind of key),
//! so hashes are stable across runs, builds and targets.
//!
//! The i-th key of a splitmix64 stream needs no stream: its state is the
//! seed plus (i + 1) steps of the generator's constant increment. Keys are
//! computed where they are used instead of being stored: a table of them
//! (37 KB of random bytes) would be the largest thing the page downloads
//! that gzip cannot shrink.

use crate::{Bitboard, Position, Role};

const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// splitmix64's output function.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The `i`-th number of the splitmix64 stream seeded with `seed`.
const fn key(seed: u64, i: usize) -> u64 {
    mix(seed.wrapping_add((i as u64).wrapping_add(1).wrapping_mul(GOLDEN)))
}

const PIECE_SEED: u64 = 0x666f_6762_6f75_6e64;
const CASTLING_SEED: u64 = 0x6361_7374_6c69_6e67;
const EP_SEED: u64 = 0x656e_7061_7373_616e;
const TURN_KEY: u64 = key(0x7475_726e, 0);

impl<B: Bitboard> Position<B> {
    /// Whether the side to move has a pawn that could capture en passant
    /// (pseudo-legally).
    pub fn ep_capture_possible(&self) -> bool {
        match self.ep {
            Some(ep) if self.variant().en_passant => {
                (self.rules.pawn_attacks(!self.turn, ep) & self.pieces(self.turn, Role::Pawn)).any()
            }
            _ => false,
        }
    }

    /// The Zobrist hash: men, side to move, castling rights, and the en
    /// passant file only when a capture there is possible. Two positions with
    /// equal hashes are the same for the repetition rule (up to collisions).
    pub fn zobrist_hash(&self) -> u64 {
        let mut h = 0u64;
        for (ci, color_bb) in self.by_color.iter().enumerate() {
            for role in Role::ALL {
                let bb = self.by_role[role.index()] & *color_bb;
                for sq in bb.squares() {
                    h ^= key(
                        PIECE_SEED,
                        (ci * Role::COUNT + role.index()) * 256 + sq.index(),
                    );
                }
            }
        }
        for sq in self.castling.squares() {
            h ^= key(CASTLING_SEED, sq.index());
        }
        if self.ep_capture_possible() {
            if let Some(ep) = self.ep {
                h ^= key(EP_SEED, self.geometry().file(ep).0 as usize);
            }
        }
        if self.turn == crate::Color::Black {
            h ^= TURN_KEY;
        }
        h
    }
}

impl<B: Bitboard> Position<B> {
    /// [`Position::zobrist_hash`] of `self` given the hash of `before`, a
    /// position on the same board (usually one move earlier): only the men,
    /// rights and en passant file that differ are hashed again.
    pub fn zobrist_hash_from(&self, before: &Position<B>, before_hash: u64) -> u64 {
        let mut h = before_hash;
        let moved =
            (self.by_color[0] ^ before.by_color[0]) | (self.by_color[1] ^ before.by_color[1]);
        for role in Role::ALL {
            let r = role.index();
            let (now, then) = (self.by_role[r], before.by_role[r]);
            // Most roles are absent, or stood still.
            if now == then && (now & moved).is_empty() {
                continue;
            }
            for ci in 0..2 {
                let changed = (now & self.by_color[ci]) ^ (then & before.by_color[ci]);
                for sq in changed.squares() {
                    h ^= key(PIECE_SEED, (ci * Role::COUNT + r) * 256 + sq.index());
                }
            }
        }
        for sq in (self.castling ^ before.castling).squares() {
            h ^= key(CASTLING_SEED, sq.index());
        }
        for pos in [before, self] {
            if pos.ep_capture_possible() {
                if let Some(ep) = pos.ep {
                    h ^= key(EP_SEED, pos.geometry().file(ep).0 as usize);
                }
            }
        }
        if self.turn != before.turn {
            h ^= TURN_KEY;
        }
        h
    }

    /// [`Position::zobrist_hash`] of the position after `m` (a move of
    /// this position), given this position's hash `h`, without playing it:
    /// from the move's squares alone where it changes no castling right or
    /// en passant file (a normal move, no rights left, no en passant
    /// capture possible now); otherwise played and compared.
    pub fn zobrist_hash_after(&self, m: &crate::Move, h: u64) -> u64 {
        if m.kind != crate::MoveKind::Normal || self.castling.any() || self.ep_capture_possible() {
            return self.after(m).zobrist_hash_from(self, h);
        }
        let man = |color: crate::Color, role: Role, sq: crate::Square| {
            key(
                PIECE_SEED,
                (color.index() * Role::COUNT + role.index()) * 256 + sq.index(),
            )
        };
        let us = self.turn;
        let mut h = h ^ TURN_KEY ^ man(us, m.role, m.from) ^ man(us, m.role_after(), m.to);
        if let Some(victim) = m.capture {
            h ^= man(!us, victim, m.to);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys are those of the stored splitmix64 streams of earlier
    /// builds: hashes did not change.
    #[test]
    fn keys_are_the_splitmix_stream() {
        for seed in [PIECE_SEED, CASTLING_SEED, EP_SEED] {
            let mut state = seed;
            for i in 0..600 {
                state = state.wrapping_add(GOLDEN);
                assert_eq!(key(seed, i), mix(state), "key {i}");
            }
        }
        assert_eq!(TURN_KEY, mix(0x7475_726e_u64.wrapping_add(GOLDEN)));
    }
}
