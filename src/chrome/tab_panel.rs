//! `<TabPanel/>`: the panel behind one tab, built on first opening and then kept.

use leptos::context::Provider;
use leptos::leptos_dom::helpers::request_animation_frame;
use leptos::prelude::*;

use crate::chrome::tabs::PanelTab;
#[cfg(feature = "split")]
use crate::messages::shell::ShellMsg;
use crate::panels::calc_panel::CalcPanel;
use crate::panels::classic_panel::ClassicPanel;
use crate::panels::compare::ComparePanel;
use crate::panels::decay_panel::DecayPanel;
use crate::panels::import_panel::ImportPanel;
use crate::panels::inspector::Inspector;
use crate::panels::priority_panel::PriorityPanel;
use crate::panels::score_legend::ScoreLegend;
use crate::panels::sshare_table::SshareTable;
use crate::panels::whatif::WhatIf;
use crate::state::AppState;
use crate::widgets::panel_open::PanelOpen;

/// One tab panel. Hidden unless its tab is selected; its content is created the first time the
/// tab opens (panels never opened cost nothing), or ahead of it, hidden, when [`BuildAhead`]
/// asks, and kept afterwards (their local state, such as pasted text or a filter, survives
/// switching tabs). `aria-busy` while its content is not yet on the page (a split panel's wasm
/// module is on its way). The content gets the panel's "open" signals ([`PanelOpen`]), so it can
/// follow the state only while shown. A [`KEPT`] panel keeps its layout while hidden on wide
/// screens (`ft-tabpanel--kept`: `visibility: hidden` in its own box rather than `display:
/// none`, style/main.css), and is brought up to date in an idle period after a change it reads
/// ([`follow_when_idle`]), so its opening builds, computes and lays out next to nothing: the
/// click shows it.
#[component]
pub fn TabPanel(tab: PanelTab) -> impl IntoView {
    let state = AppState::expect();
    let shown = Memo::new(move |_| state.panel().get() == tab);
    let ahead = use_context::<BuildAhead>();
    // Once true, stays true: the content is built once.
    let built = Memo::new(move |was: Option<&bool>| {
        was.copied().unwrap_or(false) || shown.get() || ahead.is_some_and(|a| a.wanted(tab))
    });
    let kept = KEPT.contains(&tab);
    // True for the task in which a hidden kept panel is brought up to date.
    let refreshing = RwSignal::new(false);
    if kept {
        follow_when_idle(state, shown, built, refreshing);
    }
    let current = Signal::derive(move || shown.get() || refreshing.get());
    // True once the content is on the page (set by `<Mounted/>`, the content's last child).
    let ready = RwSignal::new(false);
    if let Some(scroll) = use_context::<PanelScroll>() {
        // The outside world: the page scrolls once the panel asked for has its content.
        Effect::new(move |_| {
            if ready.get() && scroll.wanted.get() == Some(tab) {
                scroll.wanted.set(None);
                let id = tab.panel_id();
                request_animation_frame(move || {
                    if let Some(panel) = document().get_element_by_id(&id) {
                        panel.scroll_into_view();
                    }
                });
            }
        });
    }
    view! {
        <div
            class=if kept { "ft-tabpanel ft-tabpanel--kept" } else { "ft-tabpanel" }
            role="tabpanel"
            id=tab.panel_id()
            aria-labelledby=tab.tab_id()
            aria-busy=move || (built.get() && !ready.get()).then_some("true")
            tabindex="0"
            hidden=move || !shown.get()
        >
            <Provider value=PanelOpen::following(shown.into(), current)>
                {move || built.get().then(|| panel(tab, ready))}
            </Provider>
        </div>
    }
}

/// The panels kept laid out while hidden and brought up to date in idle periods: those built
/// ahead ([`PREFETCHED`]).
pub const KEPT: &[PanelTab] = PREFETCHED;

/// How long a hidden kept panel waits for an idle period to be brought up to date, at most
/// (ms): an edit's frame and the tree's work after it come first.
const FOLLOW_TIMEOUT_MS: u32 = 2_000;

/// While the panel is built and hidden, a change of what a kept panel reads of the state (the
/// ranking, the scenario and its parameters, the preset, the selection) makes `refreshing` true
/// for one task in the next idle period: the content's `while_open` memos follow the state then
/// (`PanelOpen::signal`), and its effects write what changed, never in the edit's own task or
/// frame. One refresh is asked for at a time; it reads the state as it is when it runs.
fn follow_when_idle(
    state: AppState,
    shown: Memo<bool>,
    built: Memo<bool>,
    refreshing: RwSignal<bool>,
) {
    let asked = StoredValue::new(false);
    Effect::new(move |_| {
        state.ranked().track();
        state.scenario().track();
        state.preset().track();
        state.selected().track();
        if shown.get_untracked() || !built.get_untracked() || asked.get_value() {
            return;
        }
        asked.set_value(true);
        crate::boundary::storage::when_idle(FOLLOW_TIMEOUT_MS, move |_| {
            asked.try_set_value(false);
            if shown.try_get_untracked() != Some(false) {
                return;
            }
            refreshing.try_set(true);
            // The content's effects run in the microtasks after this callback; then it stops
            // following until the next change.
            set_timeout(
                move || {
                    refreshing.try_set(false);
                },
                std::time::Duration::ZERO,
            );
        });
    });
}

/// Panels to build ahead of their first opening, hidden (`<TabPanel/>` builds its content when
/// its tab is [`wanted`](BuildAhead::wanted)): [`prefetch`] asks for the prefetched panels once
/// their modules are in. `<SidePanels/>` provides it.
#[derive(Clone, Copy)]
pub struct BuildAhead {
    tabs: RwSignal<Vec<PanelTab>>,
}

impl BuildAhead {
    /// Provides one for the components below, and returns it.
    pub fn provide() -> BuildAhead {
        let ahead = BuildAhead {
            tabs: RwSignal::new(Vec::new()),
        };
        provide_context(ahead);
        ahead
    }

    /// Builds `tab`'s panel now, hidden (nothing if it is built).
    pub fn request(self, tab: PanelTab) {
        if !self.wanted(tab) {
            self.tabs.update(|t| t.push(tab));
        }
    }

    /// Whether `tab`'s panel was asked for.
    pub fn wanted(self, tab: PanelTab) -> bool {
        self.tabs.with(|t| t.contains(&tab))
    }
}

/// Where panels sit under the tree (one column, an embedding frame), a click on a tab scrolls
/// the page to its panel, once the panel's content is on the page: a split panel's content
/// arrives with its wasm module, well after the tab opens (issue 24 §2). `<SidePanels/>`
/// provides it; `<TabList/>` asks; the `<TabPanel/>` asked for scrolls when its content is in.
#[derive(Clone, Copy)]
pub struct PanelScroll {
    wanted: RwSignal<Option<PanelTab>>,
}

impl PanelScroll {
    /// Provides one for the components below.
    pub fn provide() {
        provide_context(Self {
            wanted: RwSignal::new(None),
        });
    }

    /// Scrolls to `tab`'s panel as soon as its content is on the page (at once if it is).
    pub fn request(self, tab: PanelTab) {
        self.wanted.set(Some(tab));
    }
}

/// Marks its panel's content as on the page: its effect runs after the content it closes has
/// been mounted.
#[component]
fn Mounted(ready: RwSignal<bool>) -> impl IntoView {
    Effect::new(move |_| ready.set(true));
}

/// The component behind `tab`.
#[cfg(not(feature = "split"))]
fn panel(tab: PanelTab, ready: RwSignal<bool>) -> AnyView {
    let content = match tab {
        PanelTab::Inspector => view! { <Inspector /> }.into_any(),
        PanelTab::Compare => view! { <ComparePanel /> }.into_any(),
        PanelTab::Calc => view! { <CalcPanel /> }.into_any(),
        PanelTab::WhatIf => view! { <WhatIf /> }.into_any(),
        PanelTab::Classic => view! { <ClassicPanel /> }.into_any(),
        PanelTab::Score => view! { <ScoreLegend /> }.into_any(),
        PanelTab::Decay => view! { <DecayPanel /> }.into_any(),
        PanelTab::Priority => view! { <PriorityPanel /> }.into_any(),
        PanelTab::Sshare => view! { <SshareTable /> }.into_any(),
        PanelTab::Import => view! { <ImportPanel /> }.into_any(),
    };
    view! { {content} <Mounted ready /> }.into_any()
}

/// Issue 24 §2: every panel but the Inspector comes from its own wasm module (`wasm_split`),
/// fetched and instantiated the first time its tab opens (`scripts/split-build.sh`), unless
/// [`prefetch`] has already brought it in. Until then the panel is empty and `aria-busy`. A module
/// that cannot be fetched (no network, and no service worker to answer, as in `embed=1`) leaves
/// an alert and a button that tries again, never a dead app: the split functions are `fallible`
/// (Leptos's `#[lazy]` panics instead).
#[cfg(feature = "split")]
fn panel(tab: PanelTab, ready: RwSignal<bool>) -> AnyView {
    match tab {
        PanelTab::Inspector => view! { <Inspector /> <Mounted ready /> }.into_any(),
        PanelTab::Compare => lazy_content(split::compare_panel, ready),
        PanelTab::Calc => lazy_content(split::calc_panel, ready),
        PanelTab::WhatIf => lazy_content(split::whatif_panel, ready),
        PanelTab::Classic => lazy_content(split::classic_panel, ready),
        PanelTab::Score => lazy_content(split::score_panel, ready),
        PanelTab::Decay => lazy_content(split::decay_panel, ready),
        PanelTab::Priority => lazy_content(split::priority_panel, ready),
        PanelTab::Sshare => lazy_content(split::sshare_panel, ready),
        PanelTab::Import => lazy_content(split::import_panel, ready),
    }
}

/// The split points: one function per split panel, each with a `preload` that fetches and
/// instantiates its module without building the panel (what [`prefetch`] calls). The wrapper
/// and its preload share one loader, so a panel opened while its prefetch is on the way waits for
/// that same fetch.
#[cfg(feature = "split")]
mod split {
    use leptos::prelude::*;
    use leptos::wasm_split::{SplitLoaderError, wasm_split};

    use super::*;

    macro_rules! split_panel {
        ($name:ident, $preload:ident, $component:ident) => {
            #[wasm_split($name, wasm_split_path = ::leptos::wasm_split, fallible, preload($preload))]
            pub(super) fn $name() -> Result<AnyView, SplitLoaderError> {
                Ok(view! { <$component /> }.into_any())
            }
        };
    }
    split_panel!(compare_panel, preload_compare_panel, ComparePanel);
    split_panel!(calc_panel, preload_calc_panel, CalcPanel);
    split_panel!(whatif_panel, preload_whatif_panel, WhatIf);
    split_panel!(classic_panel, preload_classic_panel, ClassicPanel);
    split_panel!(score_panel, preload_score_panel, ScoreLegend);
    split_panel!(decay_panel, preload_decay_panel, DecayPanel);
    split_panel!(priority_panel, preload_priority_panel, PriorityPanel);
    split_panel!(sshare_panel, preload_sshare_panel, SshareTable);
    split_panel!(import_panel, preload_import_panel, ImportPanel);

    /// Fetches and instantiates `tab`'s module (nothing for the Inspector, which is in the main
    /// module); whether it is in. A failure is dropped: the loader keeps no failure, so opening
    /// the tab asks again and says so if it fails then.
    pub(super) async fn preload(tab: PanelTab) -> bool {
        let loaded = match tab {
            PanelTab::Inspector => Ok(()),
            PanelTab::Compare => preload_compare_panel().await,
            PanelTab::Calc => preload_calc_panel().await,
            PanelTab::WhatIf => preload_whatif_panel().await,
            PanelTab::Classic => preload_classic_panel().await,
            PanelTab::Score => preload_score_panel().await,
            PanelTab::Decay => preload_decay_panel().await,
            PanelTab::Priority => preload_priority_panel().await,
            PanelTab::Sshare => preload_sshare_panel().await,
            PanelTab::Import => preload_import_panel().await,
        };
        loaded.is_ok()
    }
}

/// The panels whose modules [`prefetch`] brings in ahead of their first opening: the Classic
/// tab's, the one whose opening must fit the 100k edit budget (issue 23), whose module's arrival
/// and compilation took 43–63 ms of the opening. The others open without a budget; prefetching
/// them all would fetch and compile about four times the bytes (docs/performance.md).
pub const PREFETCHED: &[PanelTab] = &[PanelTab::Classic];

/// How long after the app mounts [`prefetch`] waits before asking for an idle period: the first
/// click on a first visit is answered within a few hundred milliseconds of the mount, and the
/// prefetch's compilation must not land in front of it.
#[cfg(feature = "split")]
const PREFETCH_DELAY_MS: u64 = 1_500;

/// Brings in the [`PREFETCHED`] panels' modules (fetched and compiled) in an idle period once
/// the app has been interactive for 1.5 s (`PREFETCH_DELAY_MS`), one module per idle period, so
/// that opening their tabs fetches and compiles nothing, and once a module is in, builds its
/// panel hidden in the next idle period (`ahead`), so that opening the tab builds nothing either.
/// Not when the browser asks to save data (`navigator.connection.saveData`): the module then
/// comes when its tab opens, as without the prefetch. With the first of them, the deflater's
/// module (`boundary::deferred`). Call once, while the app mounts. A build without the split
/// has nothing to prefetch, and builds nothing ahead.
pub fn prefetch(ahead: BuildAhead) {
    #[cfg(not(feature = "split"))]
    let _ = ahead;
    #[cfg(feature = "split")]
    {
        // Under saveData nothing is prefetched: the deflater then comes with the first link
        // made (Copy link, Open in full) or the first session or address too long to keep
        // uncompressed; until then they are stored uncompressed (`boundary::deferred`).
        if crate::boundary::document::save_data() {
            return;
        }
        // The deflater, which the first edit's link and save use, comes in the same idle period
        // as the first panel (a second idle period can be ten seconds later on a busy machine).
        let start = move || {
            crate::boundary::storage::when_idle(10_000, move |_| {
                crate::boundary::deferred::preload_deflate();
                prefetch_now(0, ahead);
            });
        };
        set_timeout(start, std::time::Duration::from_millis(PREFETCH_DELAY_MS));
    }
}

/// Prefetches [`PREFETCHED`]`[i..]`, one module per idle period.
#[cfg(feature = "split")]
fn prefetch_from(i: usize, ahead: BuildAhead) {
    if i < PREFETCHED.len() {
        crate::boundary::storage::when_idle(10_000, move |_| prefetch_now(i, ahead));
    }
}

/// Prefetches [`PREFETCHED`]`[i]` now, then builds its panel hidden in the next idle period
/// (a module that did not come builds nothing: its tab asks again when opened), then the rest
/// ([`prefetch_from`]).
#[cfg(feature = "split")]
fn prefetch_now(i: usize, ahead: BuildAhead) {
    let Some(&tab) = PREFETCHED.get(i) else {
        return;
    };
    leptos::task::spawn_local(async move {
        if split::preload(tab).await {
            crate::boundary::storage::when_idle(10_000, move |_| ahead.request(tab));
        }
        prefetch_from(i + 1, ahead);
    });
}

/// The content `load` resolves to, once its module is in; if it cannot be fetched, an alert and
/// a button that asks again (the loader does not remember a failure). `ready` is set once either
/// is on the page. The Inspector's editor (`panels::inspector`) comes this way too.
#[cfg(feature = "split")]
pub(crate) fn lazy_content<F>(
    load: impl Fn() -> F + Copy + Send + Sync + 'static,
    ready: RwSignal<bool>,
) -> AnyView
where
    F: std::future::Future<Output = Result<AnyView, leptos::wasm_split::SplitLoaderError>>
        + 'static,
{
    use leptos::__reexports::send_wrapper::SendWrapper;
    let i18n = crate::i18n::I18n::expect();
    let attempt = RwSignal::new(0_u32);
    view! {
        {move || {
            attempt.track();
            Suspend::new(SendWrapper::new(async move {
                match load().await {
                    Ok(content) => view! { {content} <Mounted ready /> }.into_any(),
                    Err(_) => {
                        view! {
                            <div class="ft-import__alert ft-snapshot__alert" role="alert">
                                <p>{i18n.t(ShellMsg::PanelLoadFailed)}</p>
                                <button
                                    type="button"
                                    class="ft-button"
                                    on:click=move |_| attempt.update(|n| *n += 1)
                                >
                                    {i18n.t(ShellMsg::PanelLoadRetry)}
                                </button>
                            </div>
                            <Mounted ready />
                        }
                            .into_any()
                    }
                }
            }))
        }}
    }
    .into_any()
}
