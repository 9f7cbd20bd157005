//! Zobrist hashing of positions, for repetition detection and transposition
//! tables. Keys are fixed at compile time (splitmix64 from a constant seed),
//! so hashes are stable across runs, builds and targets.

use crate::{Bitboard, Position, Role};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const PIECE_KEY_COUNT: usize = 2 * Role::COUNT * 256;

const fn make_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
}

static PIECE_KEYS: [u64; PIECE_KEY_COUNT] = make_keys(0x666f_6762_6f75_6e64);
static CASTLING_KEYS: [u64; 256] = make_keys(0x6361_7374_6c69_6e67);
static EP_KEYS: [u64; 16] = make_keys(0x656e_7061_7373_616e);
const TURN_KEY: u64 = splitmix(0x7475_726e).1;

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
                    h ^= PIECE_KEYS[(ci * Role::COUNT + role.index()) * 256 + sq.index()];
                }
            }
        }
        for sq in self.castling.squares() {
            h ^= CASTLING_KEYS[sq.index()];
        }
        if self.ep_capture_possible() {
            if let Some(ep) = self.ep {
                h ^= EP_KEYS[self.geometry().file(ep).0 as usize];
            }
        }
        if self.turn == crate::Color::Black {
            h ^= TURN_KEY;
        }
        h
    }
}
