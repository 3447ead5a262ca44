//! The first view before the wasm arrives: the default preset's page (the toolbar, the tree, the
//! player and the side column) as static HTML and SVG inside `index.html`, so a slow link shows
//! the tree at once instead of an empty frame.
//!
//! A native test (`tests::index_html_holds_the_current_prerender`) draws it from the app's
//! own pure tree model and the live drawing's card component
//! ([`crate::tree::view::node::CardBody`], rendered to HTML by Leptos natively), with the
//! same elements and classes as the mounted page, so the same style
//! sheets lay it out the same way at any size (1440x900, 390x844, …). The test fails when the
//! copy in `index.html` is stale; `UPDATE_EXPECT=1` rewrites it. It holds no script and no
//! handler (the strict CSP) and is `aria-hidden` (the app's page is the one to read). Every part
//! of it but the drawing is `inert`, so nothing in it can be focused or used; the drawing's
//! cards can be clicked (below). The one number the page measures, the drawing's fit into its
//! frame, is CSS (`style/prerender.css`, container query units). `main.rs` removes it just
//! before mounting the app, in the same task, so no frame shows neither.
//!
//! A click on a card before the app mounts is not lost: `src/prerender-pick.js`, a few lines
//! loaded with `defer` from `index.html` (same origin, so the strict CSP allows it), marks the
//! clicked card selected at once and writes its association id ([`CARD_ID`]) into
//! [`PICKED`] on the pre-render. `main.rs` hands that to [`remember_pick`] before removing the
//! pre-render, and start-up ([`crate::chrome::start`]) selects it through
//! [`crate::state::AppState::select`] when the page opens on the view that was pre-rendered
//! ([`pick_applies`]), so the app's first frame shows it selected.
//!
//! Only the default view, in English: a `preset=`, `embed=1` or `lang=ja` link shows it too
//! until the app mounts (README, "Deploying").

use std::cell::Cell;

use fairshare::AssocId;

use crate::boundary::launch_params::LaunchParams;

/// The `id` of the pre-rendered page in `index.html`.
pub const ID: &str = "ft-prerender";

/// The attribute of each pre-rendered card that holds its association id.
pub const CARD_ID: &str = "data-pick";

/// The attribute `src/prerender-pick.js` writes on the pre-render: the clicked card's
/// [`CARD_ID`].
pub const PICKED: &str = "data-picked";

thread_local! {
    /// The card picked on the pre-render, between `main` and start-up.
    static PICK: Cell<Option<AssocId>> = const { Cell::new(None) };
}

/// The association a [`PICKED`] value names, if it is one.
pub fn parse_pick(picked: &str) -> Option<AssocId> {
    picked.trim().parse::<u32>().ok().map(AssocId)
}

/// Keeps the pre-render's [`PICKED`] value (read by `main` before it removes the pre-render)
/// for start-up to take.
pub fn remember_pick(picked: Option<&str>) {
    PICK.with(|p| p.set(picked.and_then(parse_pick)));
}

/// The card picked on the pre-render, once.
pub fn take_pick() -> Option<AssocId> {
    PICK.with(Cell::take)
}

/// Whether the page opened on the view that was pre-rendered, so a card picked there means the
/// same association in the app: the default preset, with no parameter that loads another
/// scenario (`src=`, `before=`, `timeline=`) or selects a user itself (`me=`). `opened` is the
/// preset start-up opened; `None` when it opened a link or a saved session instead.
pub fn pick_applies(params: &LaunchParams, opened: Option<&str>) -> bool {
    opened == Some(crate::presets::DEFAULT)
        && params.src.is_none()
        && params.before.is_none()
        && params.timeline.is_none()
        && params.me.is_none()
}

#[cfg(test)]
mod tests {
    use fairshare::format::fixed;
    use fairshare::step::Frame;
    use fairshare::{Ranked, TieRule};
    use leptos::prelude::*;
    use leptos::tachys::view::RenderHtml;

    use super::{CARD_ID, ID};
    use crate::chrome::tabs::PanelTab;
    use crate::messages::common::CommonMsg;
    use crate::messages::player::PlayerMsg;
    use crate::messages::toolbar::ToolbarMsg;
    use crate::messages::tree::TreeMsg;
    use crate::messages::{Lang, Message, Msg};
    use crate::panels::inspector::first_look::find_pointer;
    use crate::player::model::{
        Granularity, SPEEDS, TICKS_WIDTH, rank_ticks, speed_index, tick_path,
    };
    use crate::player::narration::narrate;
    use crate::presets::{self, PRESETS};
    use crate::tree::model::{TreeModel, opening_model};
    use crate::tree::view::node::CardBody;
    use crate::tree::view::picture::HatchDefs;

    /// Where the pre-render sits in `index.html`: between these two lines.
    const BEGIN: &str = "<!-- prerender: written by src/prerender.rs (UPDATE_EXPECT=1) -->";
    const END: &str = "<!-- /prerender -->";

    const LANG: Lang = Lang::En;

    /// The default preset's tree model, as the tree view builds it on open.
    fn default_model() -> TreeModel {
        let preset = presets::by_id(presets::DEFAULT).expect("the default preset");
        opening_model(&preset.scenario().tree, LANG)
    }

    /// The drawing: every card with its edge, as `<NodeCard/>` draws it once the walk is over
    /// (no selection, no marks).
    fn drawing(model: &TreeModel) -> String {
        let cards = model
            .draw_order
            .iter()
            .filter_map(|id| model.get(*id))
            .map(|n| {
                view! {
                    <path class="ft-edge" d=n.edge.clone() style=n.edge_style.clone()></path>
                    <g class=n.class.clone() style=n.transform.clone() data-pick=n.id.0>
                        <CardBody card=n.card.clone() />
                    </g>
                }
            })
            .collect::<Vec<_>>();
        view! {
            <svg
                class="ft-tree__svg"
                aria-hidden="true"
                focusable="false"
                viewBox=model.view_box()
                preserveAspectRatio="xMidYMin meet"
            >
                <HatchDefs />
                <g class="ft-tree__nodes">{cards}</g>
            </svg>
        }
        .to_html()
    }

    /// Where the root's card's centre sits across the drawing (0 = left edge, 1 = right edge):
    /// the camera opens a tree wider than its frame there.
    fn root_across(model: &TreeModel) -> f64 {
        model
            .root
            .and_then(|id| model.get(id))
            .map_or(0.5, |n| (n.bbox.0 + n.bbox.2 / 2.0) / model.width.max(1.0))
    }

    /// The header: title, tagline, the toolbar's menu button and the toolbar.
    fn header() -> String {
        let default = presets::by_id(presets::DEFAULT).expect("the default preset");
        let options = PRESETS
            .iter()
            .map(|p| view! { <option selected=p.id == default.id>{p.title.text(LANG)}</option> })
            .collect::<Vec<_>>();
        view! {
            <header class="ft-top" inert>
                <div class="ft-header">
                    <h1 class="ft-header__title">{Msg::AppTitle.text(LANG)}</h1>
                    <p class="ft-header__tagline">{Msg::AppTagline.text(LANG)}</p>
                </div>
                <button type="button" class="ft-button ft-menu-button">
                    {ToolbarMsg::ControlsLabel.text(LANG)}
                </button>
                <div class="ft-toolbar">
                    <div class="ft-toolbar__preset">
                        <label class="ft-field__label">{CommonMsg::Scenario.text(LANG)}</label>
                        <select class="ft-select">
                            <option>{ToolbarMsg::OwnScenario.text(LANG)}</option>
                            {options}
                        </select>
                        <details class="ft-caption">
                            <summary class="ft-caption__summary">
                                <strong>{CommonMsg::WhatToLookAt.text(LANG)}": "</strong>
                                <span class="ft-caption__text">{default.caption.text(LANG)}</span>
                            </summary>
                        </details>
                    </div>
                    <div class="ft-toolbar__row">
                        <div class="ft-toolbar__history">
                            <button type="button" class="ft-button" disabled>{CommonMsg::Undo.text(LANG)}</button>
                            <button type="button" class="ft-button" disabled>{CommonMsg::Redo.text(LANG)}</button>
                        </div>
                        <div class="ft-toolbar__toggle">
                            <input type="checkbox" />
                            <label>{CommonMsg::DocumentedTieRule.text(LANG)}</label>
                        </div>
                        <div class="ft-toolbar__field">
                            <label class="ft-field__label">{CommonMsg::DampingFactor.text(LANG)}</label>
                            <input class="ft-input ft-input--narrow" type="number" value="1" />
                        </div>
                        <div class="ft-toolbar__field">
                            <label class="ft-field__label">{CommonMsg::Language.text(LANG)}</label>
                            <select class="ft-select">
                                <option>{ToolbarMsg::LanguageEnglish.text(LANG)}</option>
                                <option>{ToolbarMsg::LanguageJapanese.text(LANG)}</option>
                            </select>
                        </div>
                        <div class="ft-toolbar__share">
                            <button type="button" class="ft-button">{CommonMsg::CopyLink.text(LANG)}</button>
                            <span class="ft-status"></span>
                        </div>
                    </div>
                </div>
            </header>
        }
        .to_html()
    }

    /// The tree's panel: heading, find box, view buttons, the drawing fitted by CSS, legend.
    fn tree_panel(model: &TreeModel) -> String {
        let icon = |class: &'static str, msg: TreeMsg| {
            view! {
                <button type="button" class=class aria-label=msg.text(LANG)></button>
            }
        };
        let canvas = format!(
            "--ft-pre-w: {}; --ft-pre-h: {}; --ft-pre-root: {};",
            fixed(model.width.max(1.0), 1),
            fixed(model.height.max(1.0), 1),
            fixed(root_across(model), 4),
        );
        let head = view! {
            <div class="ft-tree-panel__head" inert>
                <h2 class="ft-panel__title">{CommonMsg::RegionTree.text(LANG)}</h2>
                <div class="ft-find">
                    <input type="search" class="ft-find__input" placeholder=TreeMsg::FindPlaceholder.text(LANG) />
                </div>
                <div class="ft-tree-controls">
                    {icon("ft-button ft-icon-button ft-icon-button--zoom-out", TreeMsg::ZoomOut)}
                    {icon("ft-button ft-icon-button ft-icon-button--zoom-in", TreeMsg::ZoomIn)}
                    <button type="button" class="ft-button">{TreeMsg::FitToScreen.text(LANG)}</button>
                    {icon("ft-button ft-icon-button ft-icon-button--left", TreeMsg::PanLeft)}
                    {icon("ft-button ft-icon-button ft-icon-button--up", TreeMsg::PanUp)}
                    {icon("ft-button ft-icon-button ft-icon-button--down", TreeMsg::PanDown)}
                    {icon("ft-button ft-icon-button ft-icon-button--right", TreeMsg::PanRight)}
                    <button type="button" class="ft-button">{TreeMsg::ExpandAll.text(LANG)}</button>
                </div>
            </div>
        }
        .to_html();
        let legend = view! {
            <details class="ft-legend" inert>
                <summary class="ft-legend__title">{TreeMsg::LegendTitle.text(LANG)}</summary>
            </details>
        }
        .to_html();
        format!(
            "<section class=\"ft-panel ft-tree-panel\">{head}<div class=\"ft-tree__frame\">\
             <div class=\"ft-tree__viewport ft-prerender__viewport\">\
             <div class=\"ft-tree__canvas ft-prerender__canvas\" style=\"{canvas}\">{}</div>\
             </div></div>{legend}</section>",
            drawing(model)
        )
    }

    /// The player at the finished ranking, as it opens: transport, slider, narration, options.
    fn player() -> String {
        let preset = presets::by_id(presets::DEFAULT).expect("the default preset");
        let scenario = preset.scenario();
        let ranked = Ranked::new(&scenario.tree, TieRule::Slurm);
        let run = ranked.run();
        let len = run.steps().len();
        let frame = Frame::at(run.steps(), len);
        let narration = narrate(run, &scenario.tree, &frame, true, LANG);
        let position = crate::player::controls::position_text(LANG, None, len);
        let ticks = tick_path(&rank_ticks(run.steps()), len);
        let button = |msg: PlayerMsg| {
            view! { <button type="button" class="ft-button ft-controls__button">{msg.text(LANG)}</button> }
        };
        let radios = Granularity::ALL
            .into_iter()
            .map(|g| {
                view! {
                    <label class="ft-controls__choice">
                        <input type="radio" checked=g == Granularity::default() />
                        {g.label().text(LANG)}
                    </label>
                }
            })
            .collect::<Vec<_>>();
        view! {
            <section class="ft-panel ft-player">
                <h2 class="ft-panel__title">{CommonMsg::RegionAnimation.text(LANG)}</h2>
                <div class="ft-controls">
                    <div class="ft-controls__transport">
                        <button type="button" class="ft-button ft-controls__button ft-controls__play">
                            {PlayerMsg::Play.text(LANG)}
                        </button>
                        {button(PlayerMsg::StepBack)}
                        {button(PlayerMsg::StepForward)}
                        {button(PlayerMsg::Restart)}
                        {button(PlayerMsg::JumpToEnd)}
                        {button(PlayerMsg::NextRankedUser)}
                    </div>
                    <div class="ft-controls__timeline">
                        <label class="ft-controls__label">{PlayerMsg::Slider.text(LANG)}</label>
                        <div class="ft-controls__track">
                            <input class="ft-controls__slider" type="range" min="0" max=len.to_string() value=len.to_string() />
                            <svg
                                class="ft-controls__ticks"
                                aria-hidden="true"
                                viewBox=format!("0 0 {} 6", fairshare::format::shortest(TICKS_WIDTH))
                                preserveAspectRatio="none"
                            >
                                <path class="ft-controls__tick-path" d=ticks vector-effect="non-scaling-stroke" />
                            </svg>
                        </div>
                        <span class="ft-controls__position">{position}</span>
                    </div>
                    <div class="ft-controls__options">
                        <div class="ft-controls__field">
                            <label class="ft-controls__choice">
                                <span class="ft-controls__label">{PlayerMsg::Speed.text(LANG)}</span>
                                <input
                                    class="ft-controls__speed"
                                    type="range"
                                    min="0"
                                    max=(SPEEDS.len() - 1).to_string()
                                    value=speed_index(1.0).to_string()
                                />
                            </label>
                            <span class="ft-controls__speed-value">
                                {crate::player::controls::speed_text(LANG, 1.0)}
                            </span>
                        </div>
                        <fieldset class="ft-controls__fieldset">
                            <legend class="ft-controls__label">{PlayerMsg::Granularity.text(LANG)}</legend>
                            {radios}
                        </fieldset>
                        <div class="ft-controls__field">
                            <label class="ft-controls__choice">
                                <input type="checkbox" disabled />
                                {PlayerMsg::MyPath.text(LANG)}
                            </label>
                            <span class="ft-controls__hint">{PlayerMsg::MyPathHint.text(LANG)}</span>
                        </div>
                    </div>
                </div>
                <p class="ft-player__narration">{narration}</p>
            </section>
        }
        .to_html()
    }

    /// The side column: the tabs and the Inspector's first look.
    fn side() -> String {
        let preset = presets::by_id(presets::DEFAULT).expect("the default preset");
        let tabs = PanelTab::ALL
            .into_iter()
            .map(|tab| {
                view! {
                    <button type="button" class="ft-tab" class:ft-tab--selected=tab == PanelTab::Inspector>
                        {tab.name(LANG)}
                    </button>
                }
            })
            .collect::<Vec<_>>();
        view! {
            <aside class="ft-side" inert>
                <div class="ft-tabs">{tabs}</div>
                <div class="ft-side__panels">
                    <div class="ft-tabpanel">
                        <section class="ft-panel ft-inspector">
                            <h2 class="ft-panel__title">{CommonMsg::RegionInspector.text(LANG)}</h2>
                            <div class="ft-first-look">
                                <h3 class="ft-first-look__title">{CommonMsg::WhatToLookAt.text(LANG)}</h3>
                                <p class="ft-first-look__caption">{preset.caption.text(LANG)}</p>
                                <p class="ft-hint">{crate::messages::inspector::InspectorMsg::NothingSelected.text(LANG)}</p>
                                <p class="ft-hint">{find_pointer(LANG)}</p>
                            </div>
                        </section>
                    </div>
                </div>
            </aside>
        }
        .to_html()
    }

    /// The whole pre-rendered page, one element.
    fn fragment() -> String {
        let model = default_model();
        assert!(model.extras.is_empty(), "the default preset is shown whole");
        format!(
            "<div id=\"{ID}\" class=\"ft-app ft-prerender\" aria-hidden=\"true\">{}\
             <main class=\"ft-main\"><div class=\"ft-stage\">\
             <div class=\"ft-stage__tree\">{}</div>\
             <div class=\"ft-stage__player\" inert>{}</div>\
             </div>{}</main></div>",
            header(),
            tree_panel(&model),
            player(),
            side(),
        )
    }

    /// `index.html` with `fragment` between the markers.
    fn with_fragment(index: &str, fragment: &str) -> Option<String> {
        let start = index.find(BEGIN)? + BEGIN.len();
        let end = start + index[start..].find(END)?;
        Some(format!(
            "{}\n{fragment}\n{}",
            &index[..start],
            &index[end..]
        ))
    }

    #[test]
    fn index_html_holds_the_current_prerender() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/index.html");
        let index = std::fs::read_to_string(path).expect("index.html");
        let want =
            with_fragment(&index, &fragment()).expect("index.html has the prerender markers");
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(path, &want).expect("index.html written");
        } else {
            assert!(
                index == want,
                "index.html's pre-rendered first view is stale: run \
                 `UPDATE_EXPECT=1 cargo test -p fairshare-explorer --lib prerender`"
            );
        }
    }

    #[test]
    fn the_prerender_is_static_and_draws_every_card() {
        let html = fragment();
        // No script, no handler: it runs under the strict CSP and does nothing.
        assert!(!html.contains("<script") && !html.contains("javascript:"));
        let handler = html.match_indices(" on").any(|(i, _)| {
            let rest = &html[i + 3..];
            let name_len = rest.bytes().take_while(u8::is_ascii_lowercase).count();
            name_len > 0 && rest[name_len..].starts_with('=')
        });
        assert!(!handler, "an inline event handler");
        // Hidden from assistive technology: the app's page is the one to read.
        assert!(html.starts_with(&format!(
            "<div id=\"{ID}\" class=\"ft-app ft-prerender\" aria-hidden=\"true\">"
        )));
        // Every card of the default preset, with its name, as the live drawing has them.
        let model = default_model();
        assert_eq!(
            html.matches("class=\"ft-node__body\"").count(),
            model.nodes.len()
        );
        for node in &model.nodes {
            assert!(
                html.contains(&format!(">{}</text>", node.card.display_name)),
                "{}",
                node.card.display_name
            );
        }
        assert!(html.contains(Msg::AppTitle.text(LANG)));
        assert!(html.contains(PlayerMsg::Play.text(LANG)));
    }

    /// A start tag of `html`: its name, whether it holds the attribute `attr`, and whether it
    /// is inside an element holding `inert` (itself included).
    struct Tag<'a> {
        name: &'a str,
        text: &'a str,
        inert: bool,
    }

    /// Every start tag of `html` (the pre-render's markup: quoted values hold no `<` or `>`),
    /// with whether it is inert.
    fn start_tags(html: &str) -> Vec<Tag<'_>> {
        const VOID: [&str; 6] = ["input", "br", "img", "meta", "link", "hr"];
        let mut open: Vec<(&str, bool)> = Vec::new();
        let mut tags = Vec::new();
        let mut rest = html;
        while let Some(lt) = rest.find('<') {
            let gt = rest[lt..].find('>').expect("a tag ends") + lt;
            let text = &rest[lt + 1..gt];
            rest = &rest[gt + 1..];
            if text.starts_with('!') {
                continue;
            }
            if let Some(name) = text.strip_prefix('/') {
                let (top, _) = open.pop().expect("an end tag closes an open element");
                assert_eq!(top, name, "end tags nest");
                continue;
            }
            let name = text.split([' ', '/']).next().unwrap_or_default();
            let own = text
                .split_whitespace()
                .skip(1)
                .any(|a| a == "inert" || a.starts_with("inert="));
            let inert = own || open.last().is_some_and(|(_, i)| *i);
            tags.push(Tag { name, text, inert });
            if !VOID.contains(&name) && !text.ends_with('/') {
                open.push((name, inert));
            }
        }
        assert!(open.is_empty(), "every element is closed");
        tags
    }

    #[test]
    fn only_the_cards_of_the_prerender_can_be_used() {
        let html = fragment();
        let tags = start_tags(&html);
        // Nothing that takes focus or input is outside an inert part (the toolbar, the tree's
        // controls, the legend, the player, the side column): a keyboard skips the pre-render.
        let usable = |t: &Tag| {
            ["a", "button", "input", "select", "textarea", "summary"].contains(&t.name)
                || t.text.contains("tabindex")
                || t.text.contains("contenteditable")
        };
        let outside: Vec<&str> = tags
            .iter()
            .filter(|t| usable(t) && !t.inert)
            .map(|t| t.text)
            .collect();
        assert!(
            outside.is_empty(),
            "usable outside an inert part: {outside:?}"
        );
        assert!(
            tags.iter().any(|t| t.name == "button" && t.inert),
            "the walker sees the controls"
        );
        // Every card can be clicked, and names its association for the pick script.
        let model = default_model();
        let cards: Vec<&Tag> = tags.iter().filter(|t| t.text.contains(CARD_ID)).collect();
        assert_eq!(cards.len(), model.nodes.len());
        for node in &model.nodes {
            let card = cards
                .iter()
                .find(|t| t.text.contains(&format!("{CARD_ID}=\"{}\"", node.id.0)))
                .unwrap_or_else(|| panic!("no card for {}", node.card.display_name));
            assert!(!card.inert, "{} is inert", node.card.display_name);
            assert!(card.text.contains("class=\"ft-node "), "{}", card.text);
        }
    }

    #[test]
    fn a_pick_is_read_once_and_only_as_an_id() {
        use super::{parse_pick, remember_pick, take_pick};
        use fairshare::AssocId;
        assert_eq!(parse_pick("7"), Some(AssocId(7)));
        assert_eq!(parse_pick(" 12 "), Some(AssocId(12)));
        for bad in ["", "x", "-1", "1.5", "4294967296", "<b>"] {
            assert_eq!(parse_pick(bad), None, "{bad:?}");
        }
        remember_pick(Some("3"));
        assert_eq!(take_pick(), Some(AssocId(3)));
        assert_eq!(take_pick(), None, "taken once");
        remember_pick(Some("nope"));
        assert_eq!(take_pick(), None);
        remember_pick(None);
        assert_eq!(take_pick(), None);
    }

    #[test]
    fn a_pick_applies_only_to_the_view_that_was_prerendered() {
        use super::pick_applies;
        use crate::boundary::launch_params::LaunchParams;
        let default = Some(presets::DEFAULT);
        assert!(pick_applies(&LaunchParams::default(), default));
        // What changes neither the scenario nor the selection keeps it.
        for query in [
            "?lang=ja",
            "?embed=1",
            "?present=1&step=3",
            "?theme=dark",
            "?fresh=1",
        ] {
            assert!(
                pick_applies(&LaunchParams::parse(query), default),
                "{query}"
            );
        }
        assert!(pick_applies(
            &LaunchParams::parse(&format!("?preset={}", presets::DEFAULT)),
            default
        ));
        // Another preset, a link or a saved session (no preset opened), or a parameter that
        // loads another scenario or selects a user itself.
        let other = PRESETS
            .iter()
            .find(|p| p.id != presets::DEFAULT)
            .expect("another preset");
        assert!(!pick_applies(&LaunchParams::default(), Some(other.id)));
        assert!(!pick_applies(&LaunchParams::default(), None));
        for query in [
            "?src=a.txt",
            "?before=a.txt",
            "?timeline=list.txt",
            "?me=User1",
        ] {
            assert!(
                !pick_applies(&LaunchParams::parse(query), default),
                "{query}"
            );
        }
    }
}
