//! Game ids: the keys of the saved-games library, kept in each save.

/// A fresh game id: the time in base 36 and a random part.
pub fn new_id(now: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    let salt = (js_sys::Math::random() * 1_679_616.0) as u64;
    #[cfg(not(target_arch = "wasm32"))]
    let salt = {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(1);
        NEXT.fetch_add(1, Ordering::Relaxed)
    };
    let time = if now.is_finite() && now > 0.0 {
        now as u64
    } else {
        0
    };
    format!("{}-{}", base36(time), base36(salt % 1_679_616))
}

fn base36(mut n: u64) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(char::from(
            b"0123456789abcdefghijklmnopqrstuvwxyz"[(n % 36) as usize],
        ));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.iter().rev().collect()
}

/// Whether `id` could be a key part we wrote (letters, digits, `-`).
pub fn valid_id(id: &str) -> bool {
    (1..=40).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}
