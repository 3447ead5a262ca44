//! `localStorage`, never throwing: it is missing in some sandboxed iframes, access can raise a
//! `SecurityError`, and writes can exceed the quota. Every failure is a quiet `None`/`false`.

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The value stored under `key`, if any and readable.
pub fn read(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Stores `value` under `key`; `false` if the browser refused (quota, privacy settings).
pub fn write(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

/// Removes `key` (quietly, if storage is unavailable).
pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}
