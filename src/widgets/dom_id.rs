//! Ids for label/control pairs.

/// A fresh id for a label/control pair (unique in the page).
pub fn next_dom_id(prefix: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(1);
    format!("{prefix}-{}", NEXT.fetch_add(1, Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dom_ids_are_unique() {
        assert_ne!(next_dom_id("x"), next_dom_id("x"));
    }
}
