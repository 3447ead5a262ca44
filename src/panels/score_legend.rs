//! `<ScoreLegend/>`: what a FairShare value means, read two ways for the selected user.
//!
//! - Classic (seed 001): F = 2^(−UE/S/d) compares usage with the share: 1.0 unused, above 0.5
//!   under-using, 0.5 exactly the share, below 0.5 over-using, 0 far over.
//! - Fair Tree: FairShare = rank / N is a place among all N user associations, so 0.5 is the
//!   middle of the cluster, not "fair".
//!
//! The readings are pure functions of engine values ([`classic_band`], [`fair_tree_reading`]),
//! tested natively; the component only lays them out. A band is chosen from the value as sshare
//! prints it (6 decimals), so the words always agree with the number on screen.

use fairshare::sshare::printf_f;
use fairshare::{AssocId, FairTreeRun};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::classic::ClassicMsg;
use crate::messages::{Lang, Message};
use crate::state::AppState;

/// The classic reading of a factor F.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassicBand {
    /// F = 1: no usage.
    Unused,
    /// F > 0.5: using less than the share.
    UnderUsing,
    /// F = 0.5: using exactly the share.
    Exact,
    /// 0 < F < 0.5: using more than the share.
    OverUsing,
    /// F = 0: far over the share.
    FarOver,
    /// S = 0: F is 0 whatever the usage.
    NoShares,
}

impl ClassicBand {
    /// The words for this reading.
    pub fn msg(self) -> ClassicMsg {
        match self {
            ClassicBand::Unused => ClassicMsg::BandUnused,
            ClassicBand::UnderUsing => ClassicMsg::BandUnder,
            ClassicBand::Exact => ClassicMsg::BandExact,
            ClassicBand::OverUsing => ClassicMsg::BandOver,
            ClassicBand::FarOver => ClassicMsg::BandFar,
            ClassicBand::NoShares => ClassicMsg::BandNoShares,
        }
    }

    /// The legend line this reading highlights.
    pub fn legend_item(self) -> ClassicMsg {
        match self {
            ClassicBand::Unused => ClassicMsg::LegendClassicUnused,
            ClassicBand::UnderUsing => ClassicMsg::LegendClassicUnder,
            ClassicBand::Exact => ClassicMsg::LegendClassicExact,
            ClassicBand::OverUsing => ClassicMsg::LegendClassicOver,
            ClassicBand::FarOver | ClassicBand::NoShares => ClassicMsg::LegendClassicFar,
        }
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

/// The classic reading of factor `f` for an association with normalized shares `s`.
pub fn classic_band(f: f64, s: f64) -> ClassicBand {
    if s <= 0.0 {
        return ClassicBand::NoShares;
    }
    match printf_f(f).as_str() {
        "1.000000" => ClassicBand::Unused,
        "0.500000" => ClassicBand::Exact,
        "0.000000" => ClassicBand::FarOver,
        _ if f > 0.5 => ClassicBand::UnderUsing,
        _ => ClassicBand::OverUsing,
    }
}

/// Where a Fair Tree FairShare puts a user relative to the middle of the cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FairTreeBand {
    /// Above 0.5.
    Upper,
    /// Exactly 0.5.
    Middle,
    /// Below 0.5.
    Lower,
}

impl FairTreeBand {
    /// The words for this reading.
    pub fn msg(self) -> ClassicMsg {
        match self {
            FairTreeBand::Upper => ClassicMsg::FairTreeUpper,
            FairTreeBand::Middle => ClassicMsg::FairTreeMiddle,
            FairTreeBand::Lower => ClassicMsg::FairTreeLower,
        }
    }
}

/// A user's Fair Tree FairShare read as a place in the cluster.
#[derive(Clone, Debug, PartialEq)]
pub struct FairTreeReading {
    /// The rank (N is best).
    pub rank: u32,
    /// The place in the ranking counted from the top (1 = first served).
    pub position: u32,
    /// N, the number of user associations.
    pub n: u32,
    /// FairShare as sshare prints it.
    pub fairshare: String,
    /// The FairShare value.
    pub value: f64,
    /// Users with a lower rank (behind this one).
    pub below: usize,
    /// Users with a higher rank (ahead of this one).
    pub above: usize,
    /// Upper half, middle or lower half.
    pub band: FairTreeBand,
}

/// The Fair Tree reading of user association `ix`, or `None` for accounts and the root.
pub fn fair_tree_reading(run: &FairTreeRun, ix: usize) -> Option<FairTreeReading> {
    let a = run.assocs.get(ix)?;
    let (rank, value) = (a.rank?, a.fairshare?);
    let ranks = run.assocs.iter().filter_map(|x| x.rank);
    let below = ranks.clone().filter(|&r| r < rank).count();
    let above = ranks.filter(|&r| r > rank).count();
    let fairshare = printf_f(value);
    let band = match fairshare.as_str() {
        "0.500000" => FairTreeBand::Middle,
        _ if value > 0.5 => FairTreeBand::Upper,
        _ => FairTreeBand::Lower,
    };
    Some(FairTreeReading {
        rank,
        position: run.position(ix)?,
        n: run.n_users,
        fairshare,
        value,
        below,
        above,
        band,
    })
}

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
    let name = state.scenario.with(|s| {
        s.tree
            .assocs()
            .get(ix)
            .filter(|a| a.is_user())
            .map(|a| a.name().to_string())
    })?;
    let (f, s) = state.classic.with(|c| {
        c.assocs
            .get(ix)
            .and_then(|a| a.fairshare.map(|f| (f, a.shares_norm)))
    })?;
    Some(Readings {
        name,
        classic_f: printf_f(f),
        classic_value: f,
        band: classic_band(f, s),
        fair_tree: state.run.with(|r| fair_tree_reading(r, ix)),
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
                let current = state.selected.get().and_then(|id| readings(state, id));
                legend(current, i18n.lang())
            }}
        </section>
    }
}

/// Both parts of the legend, the readings of `current` marked and worded: one render (the
/// readings change together, and nothing in it takes the focus).
fn legend(current: Option<Readings>, lang: Lang) -> AnyView {
    let band = current.as_ref().map(|r| r.band.legend_item());
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
                ("reading", r.band.msg().text(lang)),
            ],
        )
    });
    let ft_text = current.as_ref().and_then(|r| {
        let ft = r.fair_tree.as_ref()?;
        Some(ClassicMsg::LegendFairTreeValue.fill(
            lang,
            &[
                ("name", &r.name),
                ("position", &ft.position.to_string()),
                ("rank", &ft.rank.to_string()),
                ("n", &ft.n.to_string()),
                ("fs", &ft.fairshare),
                ("below", &ft.below.to_string()),
                ("above", &ft.above.to_string()),
                ("reading", ft.band.msg().text(lang)),
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
    fn classic_bands_follow_the_printed_value() {
        assert_eq!(classic_band(1.0, 0.3), ClassicBand::Unused);
        assert_eq!(classic_band(0.749154, 0.35), ClassicBand::UnderUsing);
        assert_eq!(classic_band(0.5, 0.25), ClassicBand::Exact);
        // Prints as 0.500000, so it reads as exactly the share.
        assert_eq!(classic_band(0.4999999, 0.25), ClassicBand::Exact);
        assert_eq!(classic_band(0.408479, 0.3), ClassicBand::OverUsing);
        assert_eq!(classic_band(1e-9, 0.3), ClassicBand::FarOver);
        assert_eq!(classic_band(0.0, 0.0), ClassicBand::NoShares);
        assert_eq!(classic_band(0.9999999, 0.1), ClassicBand::Unused);
    }

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
            assert!(CLASSIC_LEGEND.contains(&band.legend_item()));
        }
    }

    #[test]
    fn fair_tree_reading_counts_users_ahead_and_behind() {
        let preset = crate::presets::by_id("classic-example").unwrap();
        let s = preset.scenario();
        let run = fairshare::fair_tree::run(&s.tree);
        let n = run.n_users;
        assert_eq!(n, 6);
        for (ix, a) in run.assocs.iter().enumerate() {
            let Some(rank) = a.rank else {
                assert!(fair_tree_reading(&run, ix).is_none());
                continue;
            };
            let r = fair_tree_reading(&run, ix).unwrap();
            assert_eq!(r.rank, rank);
            assert_eq!(r.n, n);
            assert!(r.below + r.above < n as usize);
            assert_eq!(r.fairshare, printf_f(f64::from(rank) / f64::from(n)));
            let band = if rank * 2 > n {
                FairTreeBand::Upper
            } else if rank * 2 == n {
                FairTreeBand::Middle
            } else {
                FairTreeBand::Lower
            };
            assert_eq!(r.band, band);
        }
    }

    #[test]
    fn marker_is_clamped() {
        assert_eq!(marker_left(0.408479), "left: 40.85%");
        assert_eq!(marker_left(2.0), "left: 100.00%");
        assert_eq!(marker_left(f64::NAN), "left: 0.00%");
    }
}
