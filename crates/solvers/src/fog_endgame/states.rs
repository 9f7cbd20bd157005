//! Belief states as compact keys with dense ids: the placement code of
//! White's men and the set S of squares where the black king may be (a
//! u64), both in canonical form, numbered in the order they are found. An
//! open-addressing table holding the keys themselves finds a state's id
//! with one memory access in the common case.

/// A set of states, numbered 0, 1, 2 … in insertion order.
pub struct States {
    sets: Vec<u64>,
    codes: Vec<u32>,
    /// Keys and ids, `EMPTY` ids where free; a power of two long, at most
    /// 5/8 full.
    index: Vec<Slot>,
}

#[derive(Clone, Copy)]
struct Slot {
    set: u64,
    code: u32,
    id: u32,
}

const FREE: Slot = Slot {
    set: 0,
    code: 0,
    id: EMPTY,
};

const EMPTY: u32 = u32::MAX;

fn hash(code: u32, set: u64) -> u64 {
    let x = set ^ (code as u64).rotate_left(40) ^ ((code as u64) << 7);
    let x = (x ^ (x >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^ (x >> 29)
}

impl States {
    pub fn new() -> States {
        States {
            sets: Vec::new(),
            codes: Vec::new(),
            index: vec![FREE; 1 << 16],
        }
    }

    pub fn len(&self) -> usize {
        self.sets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    pub fn get(&self, id: u32) -> (u32, u64) {
        (self.codes[id as usize], self.sets[id as usize])
    }

    /// Bytes held (capacity, not length: what the process holds).
    pub fn bytes(&self) -> u64 {
        (self.sets.capacity() * 8 + self.codes.capacity() * 4 + self.index.capacity() * 16) as u64
    }

    /// The id of a state, if it is in the set.
    pub fn find(&self, code: u32, set: u64) -> Option<u32> {
        let mask = self.index.len() - 1;
        let mut slot = hash(code, set) as usize & mask;
        loop {
            let e = self.index[slot];
            if e.id == EMPTY {
                return None;
            }
            if e.set == set && e.code == code {
                return Some(e.id);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The id of a state, added if new; `Err` past `u32::MAX - 1` states.
    pub fn insert(&mut self, code: u32, set: u64) -> Result<u32, TooMany> {
        let mask = self.index.len() - 1;
        let mut slot = hash(code, set) as usize & mask;
        loop {
            let e = self.index[slot];
            if e.id == EMPTY {
                break;
            }
            if e.set == set && e.code == code {
                return Ok(e.id);
            }
            slot = (slot + 1) & mask;
        }
        let id = self.sets.len();
        if id >= (EMPTY - 1) as usize {
            return Err(TooMany);
        }
        self.sets.push(set);
        self.codes.push(code);
        self.index[slot] = Slot {
            set,
            code,
            id: id as u32,
        };
        if 8 * self.sets.len() > 5 * self.index.len() {
            self.grow();
        }
        Ok(id as u32)
    }

    fn grow(&mut self) {
        let size = self.index.len() * 2;
        let mask = size - 1;
        let mut index = vec![FREE; size];
        for e in self.index.iter().filter(|e| e.id != EMPTY) {
            let mut slot = hash(e.code, e.set) as usize & mask;
            while index[slot].id != EMPTY {
                slot = (slot + 1) & mask;
            }
            index[slot] = *e;
        }
        self.index = index;
    }

    /// Gives back spare capacity once no state will be added.
    pub fn shrink(&mut self) {
        self.sets.shrink_to_fit();
        self.codes.shrink_to_fit();
    }
}

impl Default for States {
    fn default() -> States {
        States::new()
    }
}

/// More states than ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooMany;
