//! `<ScoreLegend/>`: what a FairShare value means, read two ways for the selected user.
//!
//! - Classic (seed 001): F = 2^(−UE/S/d) compares usage with the share: 1.0 unused, above 0.5
//!   under-using, 0.5 exactly the share, below 0.5 over-using, 0 far over.
//! - Fair Tree: FairShare = rank / N is a place among all N user associations, so 0.5 is the
//!   middle of the cluster, not "fair".
//!
//! The readings are the engine's ([`fairshare::reading`]: the bands, the users ahead and
//! behind); this module words them and lays them out.

use fairshare::AssocId;
use fairshare::reading::{
    ClassicBand, FairTreeBand, FairTreeReading, classic_band, fair_tree_reading,
};
use fairshare::sshare::printf_f;
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::classic::ClassicMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;

/// The words for a classic reading.
pub fn classic_band_msg(band: ClassicBand) -> ClassicMsg {
    match band {
        ClassicBand::Unused => ClassicMsg::BandUnused,
        ClassicBand::UnderUsing => ClassicMsg::BandUnder,
        ClassicBand::Exact => ClassicMsg::BandExact,
        ClassicBand::OverUsing => ClassicMsg::BandOver,
        ClassicBand::FarOver => ClassicMsg::BandFar,
        ClassicBand::NoShares => ClassicMsg::BandNoShares,
    }
}

/// The legend line a classic reading highlights.
pub fn legend_item(band: ClassicBand) -> ClassicMsg {
    match band {
        ClassicBand::Unused => ClassicMsg::LegendClassicUnused,
        ClassicBand::UnderUsing => ClassicMsg::LegendClassicUnder,
        ClassicBand::Exact => ClassicMsg::LegendClassicExact,
        ClassicBand::OverUsing => ClassicMsg::LegendClassicOver,
        ClassicBand::FarOver | ClassicBand::NoShares => ClassicMsg::LegendClassicFar,
    }
}

/// The words for a Fair Tree reading.
pub fn fair_tree_band_msg(band: FairTreeBand) -> ClassicMsg {
    match band {
        FairTreeBand::Upper => ClassicMsg::FairTreeUpper,
        FairTreeBand::Middle => ClassicMsg::FairTreeMiddle,
        FairTreeBand::Lower => ClassicMsg::FairTreeLower,
    }
}

/// The legend lines, top (1.0) to bottom (0).
pub const CLASSIC_LEGEND: [ClassicMsg; 5] = [
    ClassicMsg::LegendClassicUnused,
    ClassicMsg::LegendClassicUnder,
    ClassicMsg::LegendClassicExact,
    ClassicMsg::LegendClassicOver,
    ClassicMsg::LegendClassicFar,
];

/// The CSS `left` of a marker for a value in [0, 1] on a scale drawn left (0) to right (1).
pub fn marker_left(x: f64) -> String {
    let x = if x.is_finite() {
        fairshare::clamp(x, 0.0, 1.0)
    } else {
        0.0
    };
    format!("left: {}%", fairshare::format::fixed(x * 100.0, 2))
}

/// Both readings for one user.
#[derive(Clone, Debug, PartialEq)]
struct Readings {
    name: String,
    classic_f: String,
    classic_value: f64,
    band: ClassicBand,
    fair_tree: Option<FairTreeReading>,
}

fn readings(state: AppState, id: AssocId) -> Option<Readings> {
    let ix = state.ix(id)?;
    let name = state.scenario().with(|s| {
        s.tree
            .assocs()
            .get(ix)
            .filter(|a| a.is_user())
            .map(|a| a.name().to_string())
    })?;
    let (f, s) = state.classic().with(|c| {
        c.assoc(ix)
            .and_then(|a| a.fairshare.map(|f| (f, a.shares_norm)))
    })?;
    Some(Readings {
        name,
        classic_f: printf_f(f),
        classic_value: f,
        band: classic_band(f, s),
        fair_tree: state.run().with(|r| fair_tree_reading(r, ix)),
    })
}

/// The legend, with the selected user's two readings.
#[component]
pub fn ScoreLegend() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    view! {
        <section class="ft-panel ft-score" role="region" aria-label=i18n.t(ClassicMsg::LegendTitle)>
            <h2 class="ft-panel__title">{i18n.t(ClassicMsg::LegendTitle)}</h2>
            {move || {
                let current = state.selected().get().and_then(|id| readings(state, id));
                legend(current, i18n.lang())
            }}
        </section>
    }
}

/// Both parts of the legend, the readings of `current` marked and worded: one render (the
/// readings change together, and nothing in it takes the focus).
fn legend(current: Option<Readings>, lang: Lang) -> AnyView {
    let band = current.as_ref().map(|r| legend_item(r.band));
    let classic_marker = current.as_ref().map(|r| marker_left(r.classic_value));
    let ft_marker = current
        .as_ref()
        .and_then(|r| r.fair_tree.as_ref().map(|ft| marker_left(ft.value)));
    let classic_text = current.as_ref().map(|r| {
        ClassicMsg::LegendClassicValue.fill(
            lang,
            &[
                ("name", &r.name),
                ("f", &r.classic_f),
                ("reading", classic_band_msg(r.band).text(lang)),
            ],
        )
    });
    let ft_text = current.as_ref().and_then(|r| {
        let ft = r.fair_tree.as_ref()?;
        Some(ClassicMsg::LegendFairTreeValue.fill(
            lang,
            &[
                ("name", &r.name),
                ("position", &fairshare::format::grouped(ft.position.into())),
                ("rank", &fairshare::format::grouped(ft.rank.into())),
                ("n", &fairshare::format::grouped(ft.n.into())),
                ("fs", &printf_f(ft.value)),
                ("below", &fairshare::format::grouped(ft.below as u64)),
                ("above", &fairshare::format::grouped(ft.above as u64)),
                ("reading", fair_tree_band_msg(ft.band).text(lang)),
            ],
        ))
    });
    let items = CLASSIC_LEGEND
        .into_iter()
        .map(|item| {
            view! {
                <li class="ft-score__item" class:ft-score__item--current=band == Some(item)>
                    {item.text(lang)}
                </li>
            }
            .into_any()
        })
        .collect::<Vec<_>>();
    view! {
        {current.is_none().then(|| view! { <p class="ft-score__prompt">{ClassicMsg::LegendPickUser.text(lang)}</p> }.into_any())}
        <div class="ft-score__part">
            <h3 class="ft-score__title">{ClassicMsg::LegendClassicTitle.text(lang)}</h3>
            {scale(classic_marker)}
            <ul class="ft-score__items">{items}</ul>
            {classic_text.map(|t| view! { <p class="ft-score__value" data-testid="legend-classic">{t}</p> }.into_any())}
        </div>
        <div class="ft-score__part">
            <h3 class="ft-score__title">{ClassicMsg::LegendFairTreeTitle.text(lang)}</h3>
            {scale(ft_marker)}
            <p class="ft-score__text">{ClassicMsg::LegendFairTreeText.text(lang)}</p>
            {ft_text.map(|t| view! { <p class="ft-score__value" data-testid="legend-fair-tree">{t}</p> }.into_any())}
        </div>
    }
    .into_any()
}

/// A 0 — 0.5 — 1 scale with an optional marker (decorative: the text says the same).
fn scale(marker: Option<String>) -> AnyView {
    view! {
        <div class="ft-score-scale" aria-hidden="true">
            <span class="ft-score-scale__tick ft-score-scale__tick--low">"0"</span>
            <span class="ft-score-scale__tick ft-score-scale__tick--mid">"0.5"</span>
            <span class="ft-score-scale__tick ft-score-scale__tick--high">"1"</span>
            {marker.map(|m| view! { <span class="ft-score-scale__marker" style=m></span> }.into_any())}
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_band_has_a_legend_line() {
        for band in [
            ClassicBand::Unused,
            ClassicBand::UnderUsing,
            ClassicBand::Exact,
            ClassicBand::OverUsing,
            ClassicBand::FarOver,
            ClassicBand::NoShares,
        ] {
            assert!(CLASSIC_LEGEND.contains(&legend_item(band)));
        }
    }

    #[test]
    fn marker_is_clamped() {
        assert_eq!(marker_left(0.408479), "left: 40.85%");
        assert_eq!(marker_left(2.0), "left: 100.00%");
        assert_eq!(marker_left(f64::NAN), "left: 0.00%");
    }
}
