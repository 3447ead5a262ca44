//! The current UI language as app-wide reactive state, and message lookup for components.
//!
//! The tables themselves live in `messages` (pure data); this module only adds the signal, and
//! what the page knows about the Japanese texts, which the WebAssembly app fetches when Japanese
//! is chosen (`crate::boundary::ja_fetch`): the language asked for, and why it could not be.
//! Components call `I18n::expect().t(Msg::…)` and put the returned closure in `view!`, so the
//! text follows language changes without re-rendering the component.

use leptos::prelude::*;

use crate::messages::shell::ShellMsg;
use crate::messages::{Lang, Message, ja_file};

/// Why the Japanese texts could not be loaded (English stays).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JaProblem {
    /// The fetch failed: the browser's words or the HTTP status.
    Fetch(String),
    /// The file is not what the build writes: the parser's words.
    Damaged(String),
    /// The file belongs to another build (another layout or other English texts).
    OtherVersion,
    /// The page names no file (a build without one).
    NoFile,
    /// The code that reads the file (a wasm module of its own) did not arrive.
    NoReader,
}

/// The alert for `problem` in `lang`.
pub fn ja_problem_text(problem: &JaProblem, lang: Lang) -> String {
    let reason = match problem {
        JaProblem::Fetch(reason) => reason.clone(),
        JaProblem::Damaged(problem) => {
            ShellMsg::JapaneseDamaged.fill(lang, &[("problem", problem)])
        }
        JaProblem::OtherVersion => ShellMsg::JapaneseOtherVersion.text(lang).to_string(),
        JaProblem::NoFile => ShellMsg::JapaneseNoFile.text(lang).to_string(),
        JaProblem::NoReader => ShellMsg::JapaneseNoReader.text(lang).to_string(),
    };
    ShellMsg::JapaneseFailed.fill(lang, &[("reason", &reason)])
}

/// The language handle shared through context. `Copy`: move it into closures freely.
#[derive(Clone, Copy)]
pub struct I18n {
    lang: RwSignal<Lang>,
    /// The language last asked for (Japanese may still be on its way).
    wanted: StoredValue<Lang>,
    /// Why Japanese could not be shown, until a language is shown.
    ja_problem: RwSignal<Option<JaProblem>>,
}

impl I18n {
    /// Creates the handle with `lang` and provides it to the current component tree. Japanese
    /// without its texts (a failed fetch) opens in English.
    pub fn provide(lang: Lang) -> Self {
        let lang = if lang == Lang::Ja && !ja_file::is_available() {
            Lang::En
        } else {
            lang
        };
        let res = Self {
            lang: RwSignal::new(lang),
            wanted: StoredValue::new(lang),
            ja_problem: RwSignal::new(None),
        };
        provide_context(res);
        res
    }

    /// The handle provided by an ancestor (`App`). Panics if none was provided.
    pub fn expect() -> Self {
        expect_context::<Self>()
    }

    /// The current language (reactive: a closure that calls this re-runs on change).
    pub fn lang(self) -> Lang {
        self.lang.get()
    }

    /// Switches the whole UI to `lang` (Japanese only once its texts are in: see
    /// `crate::boundary::ja_fetch::choose`).
    pub fn set_lang(self, lang: Lang) {
        self.wanted.set_value(lang);
        self.ja_problem.set(None);
        self.lang.set(lang);
    }

    /// The reader asked for `lang` (shown once its texts are in).
    pub fn want(self, lang: Lang) {
        self.wanted.set_value(lang);
    }

    /// The language last asked for.
    pub fn wanted(self) -> Lang {
        self.wanted.get_value()
    }

    /// The Japanese texts could not be loaded: the page stays in its language (the menu shows
    /// it again) and says why.
    pub fn refuse_ja(self, problem: JaProblem) {
        self.wanted.set_value(self.lang.get_untracked());
        self.ja_problem.set(Some(problem));
        // Setting the same value notifies too: the menu's `selected` follows the shown language.
        self.lang.set(self.lang.get_untracked());
    }

    /// Why Japanese could not be shown, if it could not (reactive).
    pub fn ja_problem(self) -> Option<JaProblem> {
        self.ja_problem.get()
    }

    /// A reactive text for `msg`, for use in `view!` as a child or an attribute value.
    ///
    /// The closure is the same type for every message table (it holds the English text and the
    /// key of the Japanese one, not `msg`), so the view code that renders it is compiled once,
    /// not once per table (docs/bundle.md). The Japanese text is looked up when shown: in the
    /// WebAssembly app it arrives with the Japanese file, after the closure was made.
    pub fn t<M: Message>(self, msg: M) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
        texts(self.lang, msg.en(), ja_file::Key::of(msg))
    }

    /// A reactive text for a template with its placeholders filled by `args()`.
    pub fn tf<M: Message, A>(
        self,
        msg: M,
        args: A,
    ) -> impl Fn() -> String + Copy + Send + Sync + 'static
    where
        A: Fn() -> Vec<(&'static str, String)> + Copy + Send + Sync + 'static,
    {
        move || {
            let values = args();
            let pairs: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
            msg.fill(self.lang.get(), &pairs)
        }
    }

    /// The current language without tracking (for event handlers).
    pub fn lang_untracked(self) -> Lang {
        self.lang.get_untracked()
    }
}

/// The reactive text of [`I18n::t`].
fn texts(
    lang: RwSignal<Lang>,
    en: &'static str,
    ja: ja_file::Key,
) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    move || match lang.get() {
        Lang::En => en,
        Lang::Ja => ja.text().unwrap_or(en),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each reason is worded inside the alert, in both languages, with the browser's words or
    /// the parser's kept as they are.
    #[test]
    fn the_japanese_file_problems_are_worded_in_both_languages() {
        let fetch = ja_problem_text(&JaProblem::Fetch("Failed to fetch".into()), Lang::En);
        assert_eq!(
            fetch,
            "The Japanese texts could not be loaded, so the page stays in English: Failed to fetch"
        );
        let ja = ja_problem_text(&JaProblem::OtherVersion, Lang::Ja);
        assert!(ja.starts_with("日本語の文言を読み込めなかった"), "{ja}");
        assert!(ja.contains("別のバージョン"), "{ja}");
        let damaged = ja_problem_text(&JaProblem::Damaged("EOF at line 1".into()), Lang::En);
        assert!(
            damaged.ends_with("the file is damaged (EOF at line 1)"),
            "{damaged}"
        );
        let none = ja_problem_text(&JaProblem::NoFile, Lang::En);
        assert!(
            none.ends_with("this copy of the app has no Japanese file"),
            "{none}"
        );
    }
}
