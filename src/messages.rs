//! Every string a person can see or hear in the app, in every language.
//!
//! Components never contain literal text: they name a [`Msg`] and resolve it for a [`Lang`]
//! (through `crate::i18n::I18n` in components, directly with [`Msg::text`] elsewhere).
//! Translating means filling a table: each language is one function with one `match` arm per key.
//! The English table is complete by construction (the match is exhaustive and returns `&str`).
//! Other tables return `Option`, so a missing translation would fall back to English instead of
//! breaking the page; the table test ([`check_table`]) refuses any key without a text in every
//! language, and a text that reads the same in Japanese (a formula, a Slurm name) says so with
//! `Some(self.en())`.
//!
//! Messages that carry values are templates with named placeholders (`{rank}`), filled by
//! [`fill`], so a translation may reorder them.
//! Slurm's own words (FairShare, Level FS, sshare column names) stay in Slurm's spelling in every
//! language.
//!
//! Each area of the UI has its own key enum in a submodule (`messages::tree::TreeMsg`, …), so
//! areas can grow without touching each other; every enum implements [`Message`], and the shared
//! table tests run over every one of them ([`check_table`]). [`Msg`] holds the app shell's keys.
//!
//! This module is pure data: no Leptos, no DOM. It is tested natively.

pub mod calc;
pub mod classic;
pub mod common;
pub mod compare;
pub mod decay;
pub mod engine;
pub mod import;
pub mod inspector;
pub mod ja_file;
pub mod player;
pub mod presets;
pub mod priority;
pub mod shell;
pub mod snapshot;
pub mod table;
pub mod timeline;
pub mod toolbar;
pub mod tree;

/// A UI language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum Lang {
    /// English: the reference table, always complete.
    #[default]
    En,
    /// Japanese: complete (the table test requires a text for every key).
    Ja,
}

impl Lang {
    /// Every supported language, in menu order.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ja];

    /// The BCP 47 tag for the `lang` attribute.
    pub fn as_tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }

    /// Parses a BCP 47 tag such as `ja`, `ja-JP` or `en-GB`; `None` for unsupported languages.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.trim().to_ascii_lowercase();
        Lang::ALL.into_iter().find(|lang| lang.as_tag() == primary)
    }
}

/// The key of one visible string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum Msg {
    /// Page heading and document title.
    AppTitle,
    /// One line under the heading saying what the app is for.
    AppTagline,
    /// Heading of the error banner shown after an internal error (a Rust panic).
    PanicTitle,
    /// What happened and what to do, in the error banner.
    PanicBody,
    /// Label of the disclosure that holds the technical error text.
    PanicDetails,
    /// The link that reloads the page with the last saved session.
    PanicReload,
    /// The link that reloads the page without the saved session.
    PanicStartOver,
}

/// A key enum with an English table (complete) and a Japanese table (may be partial).
pub trait Message: Copy + std::fmt::Debug + Send + Sync + 'static {
    /// Every key, so tests can check every table.
    const ALL: &'static [Self];

    /// The English text or template.
    fn en(self) -> &'static str;

    /// The Japanese text or template; `None` = not translated yet (English is shown).
    /// The built-in table: only native code and tests call it. The WebAssembly app reads the
    /// same texts from a file fetched when Japanese is chosen ([`ja_file`]), so the app's wasm
    /// carries no Japanese. Look texts up with [`Message::text`].
    fn ja(self) -> Option<&'static str>;

    /// The text (or template, see [`fill`]) of this message in `lang`, falling back to English.
    fn text(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en(),
            Lang::Ja => ja_file::ja(self).unwrap_or_else(|| self.en()),
        }
    }

    /// Whether `lang` has its own text for this message (no English fallback).
    fn is_translated(self, lang: Lang) -> bool {
        match lang {
            Lang::En => true,
            Lang::Ja => ja_file::ja(self).is_some(),
        }
    }

    /// The text with `{name}` placeholders filled (see [`fill`]).
    fn fill(self, lang: Lang, args: &[(&str, &str)]) -> String {
        fill(self.text(lang), args)
    }
}

impl Message for Msg {
    const ALL: &'static [Msg] = &[
        Msg::AppTitle,
        Msg::AppTagline,
        Msg::PanicTitle,
        Msg::PanicBody,
        Msg::PanicDetails,
        Msg::PanicReload,
        Msg::PanicStartOver,
    ];

    fn en(self) -> &'static str {
        en(self)
    }

    fn ja(self) -> Option<&'static str> {
        ja(self)
    }
}

/// The English table: the reference every other table translates.
fn en(msg: Msg) -> &'static str {
    match msg {
        Msg::AppTitle => "Fairshare Explorer",
        Msg::AppTagline => "See why Slurm's Fair Tree ranks each user where it does.",
        Msg::PanicTitle => "Something went wrong",
        Msg::PanicBody => {
            "Fairshare Explorer hit an internal error and stopped. Reload to continue from your last saved state, or start over from the default scenario."
        }
        Msg::PanicDetails => "Technical details",
        Msg::PanicReload => "Reload",
        Msg::PanicStartOver => "Start over",
    }
}

/// The Japanese table.
fn ja(msg: Msg) -> Option<&'static str> {
    Some(match msg {
        // The product's name stays as it is.
        Msg::AppTitle => "Fairshare Explorer",
        Msg::AppTagline => "Slurm の Fair Tree が各ユーザーをその順位にする理由を見る。",
        Msg::PanicTitle => "問題が発生しました",
        Msg::PanicBody => {
            "Fairshare Explorer で内部エラーが起きて停止しました。ページを再読み込みしてやり直してください。"
        }
        Msg::PanicDetails => "技術的な詳細",
        Msg::PanicReload => "再読み込み",
        Msg::PanicStartOver => "最初からやり直す",
    })
}

/// Fills `{name}` placeholders in `template` with `args`; unknown placeholders are left as is.
///
/// `fill("rank {rank} of {n}", &[("rank", "3"), ("n", "21")])` gives `"rank 3 of 21"`.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut res = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        res.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            args.iter()
                .find(|(name, _)| *name == &after[..close])
                .map(|(_, value)| (close, value))
        });
        match value {
            Some((close, value)) => {
                res.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                res.push('{');
                rest = after;
            }
        }
    }
    res.push_str(rest);
    res
}

/// The checks every message table must pass: keys listed once, English texts non-empty, trimmed
/// and distinct, translations keeping the placeholders, untranslated keys falling back.
/// Each area's tests call it with its own enum.
pub fn check_table<M: Message>() -> Result<(), String> {
    if !ja_file::is_listed::<M>() {
        return Err("the table is missing from ja_file::visit_tables".to_string());
    }
    let mut keys = std::collections::HashSet::new();
    let mut seen = std::collections::HashSet::new();
    for &msg in M::ALL {
        if !keys.insert(format!("{msg:?}")) {
            return Err(format!("{msg:?} is listed twice in ALL"));
        }
        let text = msg.en();
        if text.is_empty() || text != text.trim() {
            return Err(format!("{msg:?}: empty or untrimmed English text"));
        }
        if !seen.insert(text) {
            return Err(format!("{msg:?} duplicates another message: {text:?}"));
        }
        let en_names = placeholder_names(text);
        for lang in Lang::ALL {
            if placeholder_names(msg.text(lang)) != en_names {
                return Err(format!("{msg:?} in {lang:?} changes the placeholders"));
            }
            // Every key has a text in every language: a key that reads the same (a formula, a
            // Slurm name) says so with `Some(self.en())` rather than falling back silently.
            if !msg.is_translated(lang) {
                return Err(format!("{msg:?} has no {lang:?} text"));
            }
        }
    }
    Ok(())
}

/// The `{name}` placeholders of a template, each with how often it appears (a translation may
/// put them in another order).
fn placeholder_names(template: &str) -> std::collections::BTreeMap<&str, usize> {
    let mut res = std::collections::BTreeMap::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        *res.entry(&after[..close]).or_insert(0) += 1;
        rest = &after[close + 1..];
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The app shell's own table passes the same check as every other table (duplicates in
    /// `ALL`, empty or untrimmed English, repeated texts, placeholders, a text in every language).
    #[test]
    fn msg_table_is_complete_and_consistent() {
        check_table::<Msg>().unwrap();
    }

    /// Every variant of an enum is in its hand-written `ALL` list (a missing one would have no
    /// table check, no language switch, no tab...). `EnumIter` is derived for tests only.
    #[test]
    fn every_all_list_holds_every_variant() {
        fn complete<E: strum::IntoEnumIterator + PartialEq + std::fmt::Debug>(all: &[E]) {
            for variant in E::iter() {
                assert!(
                    all.contains(&variant),
                    "{variant:?} is missing from its ALL list"
                );
            }
        }
        complete::<Msg>(Msg::ALL);
        complete::<calc::CalcMsg>(calc::CalcMsg::ALL);
        complete::<classic::ClassicMsg>(classic::ClassicMsg::ALL);
        complete::<common::CommonMsg>(common::CommonMsg::ALL);
        complete::<compare::CompareMsg>(compare::CompareMsg::ALL);
        complete::<decay::DecayMsg>(decay::DecayMsg::ALL);
        complete::<engine::EngineMsg>(engine::EngineMsg::ALL);
        complete::<import::ImportMsg>(import::ImportMsg::ALL);
        complete::<inspector::InspectorMsg>(inspector::InspectorMsg::ALL);
        complete::<inspector::WhatIfMsg>(inspector::WhatIfMsg::ALL);
        complete::<player::PlayerMsg>(player::PlayerMsg::ALL);
        complete::<presets::PresetMsg>(presets::PresetMsg::ALL);
        complete::<priority::PriorityMsg>(priority::PriorityMsg::ALL);
        complete::<shell::ShellMsg>(shell::ShellMsg::ALL);
        complete::<snapshot::SnapshotMsg>(snapshot::SnapshotMsg::ALL);
        complete::<table::TableMsg>(table::TableMsg::ALL);
        complete::<timeline::TimelineMsg>(timeline::TimelineMsg::ALL);
        complete::<toolbar::ToolbarMsg>(toolbar::ToolbarMsg::ALL);
        complete::<tree::TreeMsg>(tree::TreeMsg::ALL);
        complete::<Lang>(&Lang::ALL);
        complete::<crate::tree::model::LfBand>(&crate::tree::model::LfBand::ALL);
        complete::<crate::chrome::tabs::PanelTab>(&crate::chrome::tabs::PanelTab::ALL);
        complete::<crate::player::model::Granularity>(&crate::player::model::Granularity::ALL);
    }

    /// Issue 25.5: one word and one direction where people read it: "position", 1 = first
    /// served. "rank" stays only as Slurm's own rank, labelled so (and the `{rank}` number).
    #[test]
    fn compare_decay_and_classic_say_position_not_rank() {
        fn check<M: Message>() {
            for &msg in M::ALL {
                for lang in Lang::ALL {
                    let text = msg
                        .text(lang)
                        .replace("Slurm rank", "")
                        .replace("Slurm's rank", "")
                        .replace("Slurm の rank", "")
                        .replace("{rank}", "");
                    assert!(
                        !text.to_lowercase().contains("rank")
                            && !text.contains("順位")
                            && !text.contains("} 位"),
                        "{msg:?} in {lang:?}: {text}"
                    );
                }
            }
        }
        check::<classic::ClassicMsg>();
        check::<compare::CompareMsg>();
        check::<decay::DecayMsg>();
    }

    #[test]
    fn lang_tags_round_trip() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.as_tag()), Some(lang));
        }
        assert_eq!(Lang::from_tag("ja-JP"), Some(Lang::Ja));
        assert_eq!(Lang::from_tag("en_GB"), Some(Lang::En));
        assert_eq!(Lang::from_tag("EN"), Some(Lang::En));
        assert_eq!(Lang::from_tag("de"), None);
        assert_eq!(Lang::from_tag(""), None);
    }

    #[test]
    fn fill_replaces_named_placeholders() {
        let args = [("rank", "3"), ("n", "21")];
        assert_eq!(fill("rank {rank} of {n}", &args), "rank 3 of 21");
        assert_eq!(fill("{n}人中{rank}位", &args), "21人中3位");
        assert_eq!(fill("{unknown} {rank}", &args), "{unknown} 3");
        assert_eq!(fill("open { brace", &args), "open { brace");
        assert_eq!(fill("", &args), "");
    }
}
