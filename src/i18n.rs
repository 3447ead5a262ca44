//! The current UI language as app-wide reactive state, and message lookup for components.
//!
//! The tables themselves live in `messages` (pure data); this module only adds the signal.
//! Components call `I18n::expect().t(Msg::…)` and put the returned closure in `view!`, so the
//! text follows language changes without re-rendering the component.

use leptos::prelude::*;

use crate::messages::{Lang, Message, ja_file};

/// The language handle shared through context. `Copy`: move it into closures freely.
#[derive(Clone, Copy)]
pub struct I18n {
    lang: RwSignal<Lang>,
}

impl I18n {
    /// Creates the handle with `lang` and provides it to the current component tree.
    pub fn provide(lang: Lang) -> Self {
        let res = Self {
            lang: RwSignal::new(lang),
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

    /// Switches the whole UI to `lang`.
    pub fn set_lang(self, lang: Lang) {
        self.lang.set(lang);
    }

    /// A reactive text for `msg`, for use in `view!` as a child or an attribute value.
    ///
    /// The closure is the same type for every message table (it holds the English text and the
    /// key of the Japanese one, not `msg`), so the view code that renders it is compiled once,
    /// not once per table (README, "Bundle"). The Japanese text is looked up when shown: in the
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
