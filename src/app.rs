//! `<App/>`: provides the app-wide state and lays out the page. No logic lives here.

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::{Lang, Msg};

/// The whole page: header, then the main area.
#[component]
pub fn App() -> impl IntoView {
    let i18n = I18n::provide(Lang::default());
    sync_document(i18n);

    view! {
        <div class="ft-app">
            <AppHeader />
            <main class="ft-main">
                <TreePlaceholder />
            </main>
        </div>
    }
}

/// Title and one-line purpose of the page.
#[component]
fn AppHeader() -> impl IntoView {
    let i18n = I18n::expect();
    view! {
        <header class="ft-header">
            <h1 class="ft-header__title">{i18n.t(Msg::AppTitle)}</h1>
            <p class="ft-header__tagline">{i18n.t(Msg::AppTagline)}</p>
        </header>
    }
}

/// Where the association tree will go. It states that honestly and shows no made-up numbers.
// TODO(engine-slice): replace with the engine-driven `TreeView`.
#[component]
fn TreePlaceholder() -> impl IntoView {
    let i18n = I18n::expect();
    view! {
        <section class="ft-panel ft-placeholder" aria-labelledby="ft-tree-heading" data-testid="tree-placeholder">
            <h2 id="ft-tree-heading" class="ft-panel__title">{i18n.t(Msg::TreeHeading)}</h2>
            <p class="ft-placeholder__text">{i18n.t(Msg::TreePlaceholder)}</p>
        </section>
    }
}

/// Keeps the document's title and `lang` attribute in step with the UI language.
/// (An effect, because the document is outside the component tree.)
fn sync_document(i18n: I18n) {
    Effect::new(move |_| {
        let lang = i18n.lang();
        let document = document();
        document.set_title(Msg::AppTitle.text(lang));
        if let Some(root) = document.document_element() {
            // Setting an attribute cannot fail on the root element; ignore the Result.
            let _ = root.set_attribute("lang", lang.as_tag());
        }
    });
}
