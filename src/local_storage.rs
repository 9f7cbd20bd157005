//! The browser's `localStorage`, as the pages use it: text by key, every
//! failure (no storage, a full quota, a private window) taken as "nothing
//! there" or "not kept". Natively — where the pages' reducers run in tests
//! — there is no storage, and every read finds nothing.

fn storage() -> Option<web_sys::Storage> {
    if cfg!(not(target_arch = "wasm32")) {
        return None;
    }
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

pub fn get(key: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(key).ok().flatten())
}

pub fn set(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// Every key held.
pub fn keys() -> Vec<String> {
    let Some(s) = storage() else {
        return Vec::new();
    };
    let n = s.length().unwrap_or(0);
    (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
}
