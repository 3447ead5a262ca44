//! `<App/>`: provides the app-wide state and lays out the page. No logic lives here.

use leptos::prelude::*;

use crate::chrome::SidePanels;
use crate::chrome::toolbar::Toolbar;
use crate::i18n::I18n;
use crate::messages::{Message, Msg};
use crate::player::Player;
use crate::presets;
use crate::state::AppState;
use crate::tree::view::TreeView;

/// The whole page, a workspace: a compact header and toolbar; the stage (the tree, with the
/// ranking player docked under it); the side column of panels behind tabs.
#[component]
pub fn App() -> impl IntoView {
    let params = crate::boundary::document::launch_params();
    let i18n = I18n::provide(crate::boundary::document::initial_lang(&params));
    sync_document(i18n);
    crate::boundary::document::apply(&params, i18n);
    let preset = presets::by_id(presets::DEFAULT).unwrap_or(&presets::PRESETS[0]);
    let state = AppState::provide(preset.scenario());
    state.preset.set(Some(preset.id));
    crate::player::marks::FrameMarks::provide(state);
    crate::tree::view::ShownTree::provide();
    crate::chrome::start::start(state, params);

    view! {
        <div class="ft-app">
            // The page's banner landmark: the title, the session note and the toolbar (nothing
            // outside a landmark).
            <header class="ft-top">
                <crate::chrome::shell_bar::ShellBar />
                <crate::boundary::snapshot_urls::SnapshotBar />
                <AppHeader />
                <Toolbar />
            </header>
            <main class="ft-main">
                <div class="ft-stage">
                    <div class="ft-stage__tree">
                        <TreeView />
                    </div>
                    <div class="ft-stage__player">
                        <Player />
                    </div>
                </div>
                <SidePanels />
            </main>
        </div>
    }
}

/// Title and one-line purpose of the page.
#[component]
fn AppHeader() -> impl IntoView {
    let i18n = I18n::expect();
    view! {
        <div class="ft-header">
            <h1 class="ft-header__title">{i18n.t(Msg::AppTitle)}</h1>
            <p class="ft-header__tagline">{i18n.t(Msg::AppTagline)}</p>
        </div>
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
