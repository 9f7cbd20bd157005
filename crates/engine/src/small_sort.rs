//! A stable insertion sort for the short lists the page sorts (hints,
//! check directions, captured men, saved games): the standard library's
//! sort is about 4 KB of WebAssembly for every type it sorts, this is a few
//! hundred bytes. Meant for lists of at most a few hundred items.

/// Sorts `v` stably by `less` (a strict "comes before").
pub fn sort_small_by<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Sorts `v` stably in ascending order.
pub fn sort_small<T: Ord>(v: &mut [T]) {
    sort_small_by(v, |a, b| a < b);
}

/// Sorts `v` stably by a key.
pub fn sort_small_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_small_by(v, |a, b| key(a) < key(b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_sort_and_keeps_ties_in_order() {
        let mut seed = 7u64;
        for len in 0..60 {
            let v: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((seed >> 60) as u8, i)
                })
                .collect();
            let mut ours = v.clone();
            sort_small_by_key(&mut ours, |p| p.0);
            let mut std = v.clone();
            std.sort_by_key(|p| p.0);
            assert_eq!(ours, std);
            let mut all = v.clone();
            sort_small(&mut all);
            let mut std_all = v;
            std_all.sort();
            assert_eq!(all, std_all);
        }
    }
}
