//! `<TreeView/>`: (being built).

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::common::CommonMsg;

/// (being built)
#[component]
pub fn TreeView() -> impl IntoView {
    let i18n = I18n::expect();
    view! {
        <section class="ft-panel" role="region" aria-label=i18n.t(CommonMsg::RegionTree)>
            <h2 class="ft-panel__title">{i18n.t(CommonMsg::RegionTree)}</h2>
        </section>
    }
}
