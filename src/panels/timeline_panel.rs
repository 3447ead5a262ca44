//! `<TimelinePanel/>` (top of the What-if panel, while a timeline of snapshots is loaded): the
//! scrubber (`Moment`, a range input: role slider) picks the snapshot shown, which the rest of
//! the page shows compared with the one before it; `Replay the change` shows the previous
//! snapshot, then this one again, so the tree's cards glide from the before order to the after
//! order; then its children (the What-if panel's "Since the before snapshot": the step's reason
//! right under the scrubber that picks it, above a table that grows with the timeline); then a
//! small SVG chart of the selected user's position and FairShare over the timeline (its points
//! pick their snapshot), with its table as the text alternative. Pure parts in [`model`].

pub mod model;

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::timeline::TimelineMsg;
use crate::state::AppState;

/// How long the previous snapshot stays on screen before a replay returns (ms): long enough to
/// see it, shorter than the cards' glide.
const REPLAY_HOLD_MS: u64 = 700;

/// The timeline's region (nothing while no timeline is loaded), with `children` between its
/// buttons and its chart.
#[component]
pub fn TimelinePanel(#[prop(optional)] children: Option<ChildrenFn>) -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let loaded = Memo::new(move |_| state.timeline().get());
    // The chart does not depend on the snapshot shown (`model::Chart`): a step that keeps the
    // user finds it equal, and the figure stays; only its "now" line and current row follow `at`.
    let chart = Memo::new(move |_| {
        let lang = i18n.lang();
        let selected = state.selected().get()?;
        loaded.with(|t| {
            let t = t.as_ref()?;
            model::chart(&t.timeline, t.at, selected, lang)
        })
    });
    let replay = move |_| {
        let Some(at) = state
            .timeline()
            .with_untracked(|t| t.as_ref().map(|t| t.at))
        else {
            return;
        };
        let Some(previous) = at.checked_sub(1) else {
            return;
        };
        state.show_moment(previous);
        set_timeout(
            move || state.show_moment(at),
            std::time::Duration::from_millis(REPLAY_HOLD_MS),
        );
    };
    // The section is built once per timeline (so the scrubber is not replaced while dragged);
    // what depends on the snapshot shown reads `at`.
    let shown = Memo::new_with_compare(
        move |_| loaded.with(|t| t.as_ref().map(|t| t.timeline.clone())),
        |a: Option<&Option<std::sync::Arc<fairshare::timeline::Timeline>>>,
         b: Option<&Option<std::sync::Arc<fairshare::timeline::Timeline>>>| {
            match (a, b) {
                (Some(Some(a)), Some(Some(b))) => !std::sync::Arc::ptr_eq(a, b),
                (Some(None), Some(None)) => false,
                _ => true,
            }
        },
    );
    let at = Memo::new(move |_| loaded.with(|t| t.as_ref().map_or(0, |t| t.at)));
    move || {
        let timeline = shown.get()?;
        let n = timeline.len();
        let tl = timeline.clone();
        // One text for the slider's `aria-valuetext` and the line under it, worded once a step.
        let value_text = Memo::new(move |_| {
            let k = at.get();
            tl.moments()
                .get(k)
                .map(|m| model::moment_value(m, k, n, i18n.lang()))
                .unwrap_or_default()
        });
        let tl = timeline.clone();
        let status = move || model::showing(&tl, at.get(), i18n.lang());
        let (pt, pb, ft, fb, left, right) = model::bands();
        Some(view! {
            <section class="ft-panel ft-timeline" role="region" aria-label=i18n.t(TimelineMsg::Heading)>
                <h3 class="ft-snapshot__title">{i18n.t(TimelineMsg::Heading)}</h3>
                <input type="range" class="ft-timeline__scrubber" min="0" max=(n - 1).to_string()
                    step="1" prop:value=move || at.get().to_string() aria-label=i18n.t(TimelineMsg::Scrubber)
                    aria-valuetext=value_text
                    on:input=move |ev| {
                        if let Ok(k) = event_target_value(&ev).parse::<usize>() {
                            state.show_moment(k);
                        }
                    } />
                <p class="ft-timeline__value" aria-hidden="true">{value_text}</p>
                <p class="ft-help" role="status" data-timeline-status="">{status}</p>
                <p class="ft-button-row">
                    <button type="button" class="ft-button" disabled=move || at.get() == 0 on:click=replay>
                        {i18n.t(TimelineMsg::Replay)}
                    </button>
                    <button type="button" class="ft-button" on:click=move |_| state.clear_timeline()>
                        {i18n.t(TimelineMsg::Clear)}
                    </button>
                </p>
                {children.as_ref().map(|c| c())}
                {move || match chart.get() {
                    None => view! { <p class="ft-help">{i18n.t(TimelineMsg::SelectUser)}</p> }.into_any(),
                    Some(c) => {
                        let (best, worst) = c.position_range.clone();
                        let now_x = move || model::x_of(at.get(), n);
                        view! {
                            <figure class="ft-timeline__chart">
                                <svg viewBox=format!("0 0 {} {}", model::WIDTH, model::HEIGHT)
                                    role="img" aria-label=c.name.clone() data-timeline-chart="">
                                    <line class="ft-timeline__now" x1=now_x x2=now_x y1=pt - 12 y2=fb />
                                    <text class="ft-timeline__axis" x=left y=pt - 8>
                                        {i18n.t(TimelineMsg::AxisPosition)} " " {best} "–" {worst}
                                    </text>
                                    <line class="ft-timeline__band" x1=left x2=right y1=pb + 4 y2=pb + 4 />
                                    <path class="ft-timeline__line ft-timeline__line--position" d=c.position_path.clone() />
                                    <text class="ft-timeline__axis" x=left y=ft - 8>{i18n.t(TimelineMsg::AxisFairShare)}</text>
                                    <line class="ft-timeline__band" x1=left x2=right y1=fb + 4 y2=fb + 4 />
                                    <path class="ft-timeline__line ft-timeline__line--fairshare" d=c.fairshare_path.clone() />
                                    {c.points.iter().map(|p| {
                                        let k = p.k;
                                        let dots = [(p.y_position, "position"), (p.y_fairshare, "fairshare")];
                                        dots.into_iter().filter_map(|(y, kind)| {
                                            let y = y?;
                                            Some(view! {
                                                <circle class=format!("ft-timeline__point ft-timeline__point--{kind}")
                                                    cx=p.x cy=y r="5" data-moment=k
                                                    on:click=move |_| state.show_moment(k) />
                                            })
                                        }).collect::<Vec<_>>()
                                    }).collect::<Vec<_>>()}
                                </svg>
                                <table class="ft-timeline__table">
                                    <caption>{c.caption.clone()}</caption>
                                    <thead><tr>
                                        <th scope="col">{i18n.t(TimelineMsg::ColMoment)}</th>
                                        <th scope="col">{i18n.t(TimelineMsg::ColPosition)}</th>
                                        <th scope="col">{i18n.t(TimelineMsg::ColFairShare)}</th>
                                        <th scope="col"></th>
                                    </tr></thead>
                                    <tbody>
                                        {c.rows.iter().map(|r| {
                                            let k = r.k;
                                            let label = crate::messages::Message::fill(
                                                TimelineMsg::ShowMoment, i18n.lang(), &[("moment", &r.moment)]);
                                            let current = move || at.get() == k;
                                            view! {
                                                <tr aria-current=move || current().then_some("true") data-moment=k>
                                                    <th scope="row">{r.moment.clone()}</th>
                                                    <td data-timeline-position="">{r.position.clone()}</td>
                                                    <td data-timeline-fairshare="">{r.fairshare.clone()}</td>
                                                    <td>
                                                        <button type="button" class="ft-button" aria-label=label
                                                            disabled=current on:click=move |_| state.show_moment(k)>
                                                            {i18n.t(TimelineMsg::Show)}
                                                        </button>
                                                    </td>
                                                </tr>
                                            }
                                        }).collect::<Vec<_>>()}
                                    </tbody>
                                </table>
                            </figure>
                        }.into_any()
                    }
                }}
            </section>
        })
    }
}
