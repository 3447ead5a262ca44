//! [`Name`]: an association's account, user, partition or lineage text, shared.
//!
//! A tree edit copies associations ([`crate::AssocTree::with_usage`] and the others build a new
//! tree; the old one stays in the undo history): a value edit one chunk of them
//! ([`crate::Chunked`]), a structural edit all of them. With `String` fields each copy
//! allocated its names again: at 100k associations that was 40% of an incremental usage edit,
//! when it copied them all. A `Name` is an `Arc<str>`: a copy only counts a reference. It reads
//! as a `&str` (`Deref`), compares with `str`, `&str` and `String`, and prints as its text.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// Immutable, shared text (an `Arc<str>`): cloning does not allocate.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(Arc<str>);

impl Name {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for Name {
    fn default() -> Self {
        Name::from("")
    }
}

impl Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Self {
        Name(Arc::from(s))
    }
}

impl From<String> for Name {
    fn from(s: String) -> Self {
        Name(Arc::from(s))
    }
}

impl From<&String> for Name {
    fn from(s: &String) -> Self {
        Name(Arc::from(s.as_str()))
    }
}

impl From<&Name> for Name {
    fn from(s: &Name) -> Self {
        s.clone()
    }
}

impl From<Name> for String {
    fn from(s: Name) -> Self {
        String::from(&*s.0)
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<Name> for str {
    fn eq(&self, other: &Name) -> bool {
        *self == *other.0
    }
}

impl PartialEq<Name> for &str {
    fn eq(&self, other: &Name) -> bool {
        **self == *other.0
    }
}

impl PartialEq<Name> for String {
    fn eq(&self, other: &Name) -> bool {
        **self == *other.0
    }
}

impl serde::Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Name;

    #[test]
    fn a_copy_shares_the_text_and_compares_as_text() {
        let a = Name::from("acct1");
        let b = a.clone();
        assert!(
            std::ptr::eq(a.as_str(), b.as_str()),
            "a clone shares the text"
        );
        assert_eq!(a, "acct1");
        assert_eq!(a, *"acct1");
        assert_eq!(a, String::from("acct1"));
        assert_ne!(a, "acct2");
        assert_eq!(format!("{a}/{a:?}"), "acct1/\"acct1\"");
        assert_eq!(String::from(a), "acct1");
        assert!(Name::default().is_empty());
    }
}
