//! `<Legend/>`: how to use the tree, and what its colours, shapes, badges and tags mean.

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::tree::TreeMsg;
use crate::tree::model::LfBand;

/// The tree's legend and help (a disclosure, closed by default so the drawing keeps the
/// stage).
#[component]
pub fn Legend() -> impl IntoView {
    let i18n = I18n::expect();
    let bands = LfBand::ALL
        .into_iter()
        .map(|band| {
            view! {
                <li class="ft-legend__item">
                    <svg class="ft-legend__swatch" viewBox="0 0 20 14" aria-hidden="true">
                        <rect class=band.as_class() width="20" height="14" rx="3"></rect>
                    </svg>
                    <span>{i18n.t(band.message())}</span>
                </li>
            }
        })
        .map(IntoAny::into_any)
        .collect::<Vec<_>>();
    let shapes = [
        (
            "ft-legend__shape ft-legend__shape--account",
            TreeMsg::LegendAccount,
        ),
        (
            "ft-legend__shape ft-legend__shape--user",
            TreeMsg::LegendUser,
        ),
        (
            "ft-legend__shape ft-legend__shape--root",
            TreeMsg::LegendRoot,
        ),
        (
            "ft-legend__shape ft-legend__shape--artefact",
            TreeMsg::LegendArtefact,
        ),
        (
            "ft-legend__shape ft-legend__shape--what-if",
            TreeMsg::LegendWhatIf,
        ),
        (
            "ft-legend__shape ft-legend__shape--compare",
            TreeMsg::LegendCompare,
        ),
    ]
    .into_iter()
    .map(|(class, msg)| {
        view! {
            <li class="ft-legend__item">
                <span class=class aria-hidden="true"></span>
                <span>{i18n.t(msg)}</span>
            </li>
        }
    })
    .map(IntoAny::into_any)
    .collect::<Vec<_>>();
    view! {
        <details class="ft-legend">
            <summary class="ft-legend__title">{i18n.t(TreeMsg::LegendTitle)}</summary>
            <p class="ft-legend__help">{i18n.t(TreeMsg::Help)}</p>
            <p class="ft-legend__scale">{i18n.t(TreeMsg::LegendScale)}</p>
            <ul class="ft-legend__list ft-legend__list--bands">{bands}</ul>
            <ul class="ft-legend__list">{shapes}</ul>
        </details>
    }
}
