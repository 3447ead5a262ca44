//! The Japanese table as a file, fetched only when Japanese is chosen (issue 24 §2).
//!
//! Natively (the tests, and the generator below) the Japanese texts are built in: each table's
//! [`Message::ja`]. The WebAssembly app never calls `ja`, so the optimiser drops every Japanese
//! literal from the wasm (about 13 KB gzip); it reads them from a JSON file instead, fetched from
//! its own site (fits `connect-src 'self'`) when Japanese is chosen, and put in place with
//! [`install`]. Until then, and if the fetch fails, Japanese falls back to English, as a missing
//! translation always has ([`Message::text`]).
//!
//! `src/messages/ja.json` is generated from the tables and committed; the test
//! `ja_json_matches_the_tables` fails when it is stale and says how to rewrite it
//! (`UPDATE_EXPECT=1 cargo test -p fairshare-explorer --lib ja_json`). scripts/finish-dist.py
//! copies it into `dist/` under a content-hashed name and names that in index.html
//! (`<meta name="fairshare-ja" content="./ja-<hash>.json">`), so a new build never reads an old
//! file from a cache.
//!
//! The texts in the file are positional: table after table in [`visit_tables`] order, keys in each
//! table's `ALL` order. The file carries a fingerprint of that layout and of the English texts;
//! [`install`] refuses a file whose fingerprint differs (a file from another build), so a text
//! can never land on the wrong key.

use std::any::TypeId;
use std::collections::HashMap;
use std::mem::discriminant;
use std::sync::OnceLock;

use super::Message;

/// Whether this binary has the Japanese texts built in: natively and in the crate's own tests
/// (wasm component tests included); not in the WebAssembly app.
pub const BUILT_IN: bool = cfg!(any(test, not(target_arch = "wasm32")));

/// Something that is shown every message table in turn (see [`visit_tables`]).
pub trait TableVisitor {
    /// Called once per table.
    fn table<M: Message>(&mut self);
}

/// Every message table, in the order of the JSON file. A table missing here fails its own
/// `check_table` test ([`is_listed`]).
pub fn visit_tables<V: TableVisitor>(v: &mut V) {
    use super::*;
    v.table::<Msg>();
    v.table::<calc::CalcMsg>();
    v.table::<classic::ClassicMsg>();
    v.table::<common::CommonMsg>();
    v.table::<compare::CompareMsg>();
    v.table::<decay::DecayMsg>();
    v.table::<engine::EngineMsg>();
    v.table::<import::ImportMsg>();
    v.table::<inspector::InspectorMsg>();
    v.table::<inspector::WhatIfMsg>();
    v.table::<player::PlayerMsg>();
    v.table::<presets::PresetMsg>();
    v.table::<priority::PriorityMsg>();
    v.table::<shell::ShellMsg>();
    v.table::<snapshot::SnapshotMsg>();
    v.table::<table::TableMsg>();
    v.table::<timeline::TimelineMsg>();
    v.table::<toolbar::ToolbarMsg>();
    v.table::<tree::TreeMsg>();
}

/// Whether `M` is one of the tables [`visit_tables`] lists.
pub fn is_listed<M: Message>() -> bool {
    struct Find(TypeId, bool);
    impl TableVisitor for Find {
        fn table<N: Message>(&mut self) {
            self.1 |= TypeId::of::<N>() == self.0;
        }
    }
    let mut find = Find(TypeId::of::<M>(), false);
    visit_tables(&mut find);
    find.1
}

/// The Japanese text of `msg`: built in, or from the installed file; `None` before the file is
/// installed (the caller shows English).
pub fn ja<M: Message>(msg: M) -> Option<&'static str> {
    if BUILT_IN {
        msg.ja()
    } else {
        lookup(INSTALLED.get()?, msg)
    }
}

/// `msg`'s text in the texts of a file.
fn lookup<M: Message>(texts: &Texts, msg: M) -> Option<&'static str> {
    texts.get(&TypeId::of::<M>())?.get(position(msg)?).copied()
}

/// Where a message's Japanese text is, for looking it up later ([`Key::text`]): the same type
/// for every table, so code that holds one is compiled once.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    /// The built-in text ([`BUILT_IN`]).
    built_in: Option<&'static str>,
    /// The table and the position in it, in the file.
    table: TypeId,
    at: usize,
}

impl Key {
    /// The key of `msg`.
    pub fn of<M: Message>(msg: M) -> Key {
        Key {
            built_in: if BUILT_IN { msg.ja() } else { None },
            table: TypeId::of::<M>(),
            at: position(msg).unwrap_or(usize::MAX),
        }
    }

    /// The Japanese text, once there is one (see [`ja`]).
    pub fn text(self) -> Option<&'static str> {
        if BUILT_IN {
            self.built_in
        } else {
            INSTALLED.get()?.get(&self.table)?.get(self.at).copied()
        }
    }
}

/// Where `msg` is in its table's `ALL`.
fn position<M: Message>(msg: M) -> Option<usize> {
    M::ALL
        .iter()
        .position(|m| discriminant(m) == discriminant(&msg))
}

/// Whether Japanese texts are there to show (built in, or a file installed).
pub fn is_available() -> bool {
    BUILT_IN || INSTALLED.get().is_some()
}

/// The texts of a file, per table.
type Texts = HashMap<TypeId, Vec<&'static str>>;

/// The texts of the installed file.
static INSTALLED: OnceLock<Texts> = OnceLock::new();

/// Why a fetched file was not installed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstallError {
    /// Not the JSON this module writes (the parser's message).
    NotJson(String),
    /// Written for another build of the app (another layout or other English texts).
    OtherBuild,
}

/// The file's shape.
#[derive(serde::Serialize, serde::Deserialize)]
struct JaFile<S> {
    /// [`fingerprint`] of the build that wrote it.
    fingerprint: String,
    /// Per table in [`visit_tables`] order, the Japanese text of each key in `ALL` order.
    tables: Vec<Vec<S>>,
}

/// Puts the texts of a fetched file in place for [`ja`]. The texts live as long as the page
/// (they are leaked once: one table per page). A second install keeps the first.
pub fn install(json: &str) -> Result<(), InstallError> {
    if INSTALLED.get().is_none() {
        let _ = INSTALLED.set(parse(json)?);
    }
    Ok(())
}

/// The texts of a file, checked against this build.
fn parse(json: &str) -> Result<Texts, InstallError> {
    let file: JaFile<String> =
        serde_json::from_str(json).map_err(|e| InstallError::NotJson(e.to_string()))?;
    if file.fingerprint != fingerprint() {
        return Err(InstallError::OtherBuild);
    }
    struct Place {
        tables: std::vec::IntoIter<Vec<String>>,
        res: Texts,
        ok: bool,
    }
    impl TableVisitor for Place {
        fn table<M: Message>(&mut self) {
            let texts = self.tables.next().unwrap_or_default();
            self.ok &= texts.len() == M::ALL.len();
            let texts = texts
                .into_iter()
                .map(|s| &*Box::leak(s.into_boxed_str()))
                .collect();
            self.res.insert(TypeId::of::<M>(), texts);
        }
    }
    let mut place = Place {
        tables: file.tables.into_iter(),
        res: HashMap::new(),
        ok: true,
    };
    visit_tables(&mut place);
    // The fingerprint covers the layout, so this holds unless the file was edited by hand.
    if !place.ok || place.tables.next().is_some() {
        return Err(InstallError::OtherBuild);
    }
    Ok(place.res)
}

/// A fingerprint of the tables' layout and English texts (FNV-1a, 64 bits, in hex): equal in the
/// file and in the app that reads it exactly when the positions mean the same keys.
pub fn fingerprint() -> String {
    fingerprint_of(visit_tables)
}

/// The fingerprint of the tables `visit` shows.
fn fingerprint_of(visit: impl FnOnce(&mut Fnv)) -> String {
    let mut hash = Fnv(0xcbf2_9ce4_8422_2325);
    visit(&mut hash);
    format!("{:016x}", hash.0)
}

/// FNV-1a over each table's length and English texts.
struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl TableVisitor for Fnv {
    fn table<M: Message>(&mut self) {
        self.bytes(&(M::ALL.len() as u64).to_le_bytes());
        for &msg in M::ALL {
            self.bytes(msg.en().as_bytes());
            self.bytes(&[0x1f]);
        }
        self.bytes(&[0x1e]);
    }
}

/// The file's text, from the built-in tables (one text per line, for readable diffs).
pub fn json() -> String {
    struct Collect(Vec<Vec<&'static str>>);
    impl TableVisitor for Collect {
        fn table<M: Message>(&mut self) {
            self.0
                .push(M::ALL.iter().map(|&m| m.ja().unwrap_or(m.en())).collect());
        }
    }
    let mut collect = Collect(Vec::new());
    visit_tables(&mut collect);
    let file = JaFile {
        fingerprint: fingerprint(),
        tables: collect.0,
    };
    serde_json::to_string_pretty(&file).unwrap_or_default() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::Lang;
    use crate::messages::toolbar::ToolbarMsg;
    use crate::messages::tree::TreeMsg;

    /// The committed file is what the tables say; when a Japanese text changes, rewrite it with
    /// `UPDATE_EXPECT=1 cargo test -p fairshare-explorer --lib ja_json`.
    #[test]
    fn ja_json_matches_the_tables() {
        expect_test::expect_file!["ja.json"].assert_eq(&json());
    }

    /// The file holds every key's Japanese text and the fingerprint of these tables.
    #[test]
    fn the_file_holds_every_japanese_text_in_order() {
        let file: JaFile<String> = serde_json::from_str(&json()).unwrap();
        assert_eq!(file.fingerprint, fingerprint());
        struct Check(std::vec::IntoIter<Vec<String>>, usize);
        impl TableVisitor for Check {
            fn table<M: Message>(&mut self) {
                let texts = self.0.next().unwrap();
                assert_eq!(texts.len(), M::ALL.len());
                for (&msg, text) in M::ALL.iter().zip(&texts) {
                    assert_eq!(Some(text.as_str()), msg.ja(), "{msg:?}");
                    assert_eq!(text, msg.text(Lang::Ja), "{msg:?}");
                }
                self.1 += texts.len();
            }
        }
        let mut check = Check(file.tables.into_iter(), 0);
        visit_tables(&mut check);
        assert!(
            check.0.next().is_none(),
            "more tables in the file than listed"
        );
        assert!(check.1 > 500, "{} texts", check.1);
    }

    /// A file from another build, a damaged file, or a file of the wrong shape is refused with
    /// its reason.
    #[test]
    fn install_refuses_other_builds_and_damaged_files() {
        assert!(matches!(parse("{"), Err(InstallError::NotJson(_))));
        assert!(matches!(parse("[1, 2]"), Err(InstallError::NotJson(_))));
        let other = json().replacen(&fingerprint(), "0000000000000000", 1);
        assert_eq!(parse(&other).err(), Some(InstallError::OtherBuild));
        // The right fingerprint but a table cut short, or one missing (edited by hand).
        let mut file: JaFile<String> = serde_json::from_str(&json()).unwrap();
        file.tables[0].pop();
        let cut = serde_json::to_string(&file).unwrap();
        assert_eq!(parse(&cut).err(), Some(InstallError::OtherBuild));
        file.tables.pop();
        let fewer = serde_json::to_string(&file).unwrap();
        assert_eq!(parse(&fewer).err(), Some(InstallError::OtherBuild));
    }

    /// The texts of a good file are found by key, as the app looks them up.
    #[test]
    fn a_parsed_file_gives_each_key_its_japanese_text() {
        let texts = parse(&json()).unwrap();
        for &msg in ToolbarMsg::ALL {
            assert_eq!(lookup(&texts, msg), msg.ja(), "{msg:?}");
        }
        assert_eq!(
            lookup(&texts, TreeMsg::ALL[3]),
            TreeMsg::ALL[3].ja(),
            "{:?}",
            TreeMsg::ALL[3]
        );
        assert_eq!(lookup(&Texts::new(), ToolbarMsg::Dismiss), None);
    }

    /// A key made for a component gives the same text as the table.
    #[test]
    fn a_key_gives_the_japanese_text_of_its_message() {
        for &msg in TreeMsg::ALL {
            assert_eq!(Key::of(msg).text(), msg.ja(), "{msg:?}");
        }
    }

    /// The fingerprint follows the layout (here: two tables in the other order) and is stable.
    #[test]
    fn the_fingerprint_follows_the_layout() {
        assert_eq!(fingerprint(), fingerprint());
        assert_eq!(fingerprint().len(), 16);
        let one = fingerprint_of(|h| {
            h.table::<ToolbarMsg>();
            h.table::<TreeMsg>();
        });
        let other = fingerprint_of(|h| {
            h.table::<TreeMsg>();
            h.table::<ToolbarMsg>();
        });
        assert_ne!(one, other);
        assert!(is_listed::<ToolbarMsg>());
    }
}
