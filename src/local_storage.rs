//! The browser's `localStorage`, as the pages use it: text by key, every
//! failure (no storage, a full quota, a private window) taken as "nothing
//! there" or "not kept". Natively — where the pages' reducers run in tests
//! — there is no storage, and every read finds nothing.

#[cfg(target_arch = "wasm32")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

#[cfg(not(target_arch = "wasm32"))]
fn storage() -> Option<NoStorage> {
    None
}

/// Natively: a storage of which there is none (the type has no values),
/// with the browser's methods, so the functions below read the same.
#[cfg(not(target_arch = "wasm32"))]
enum NoStorage {}

#[cfg(not(target_arch = "wasm32"))]
impl NoStorage {
    fn get_item(&self, _: &str) -> Result<Option<String>, ()> {
        match *self {}
    }
    fn set_item(&self, _: &str, _: &str) -> Result<(), ()> {
        match *self {}
    }
    fn remove_item(&self, _: &str) -> Result<(), ()> {
        match *self {}
    }
    fn length(&self) -> Result<u32, ()> {
        match *self {}
    }
    fn key(&self, _: u32) -> Result<Option<String>, ()> {
        match *self {}
    }
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
