//! The entries that stand for hidden associations: "… N more" (a button that shows the next
//! page of hidden siblings) and "… K levels" (hidden levels of a deep path). Neither is a
//! treeitem nor carries `data-assoc-id`; each is drawn as a small pill ([`ExtraCard`]) with a
//! transparent overlay over it ([`ExtraItem`]), like the nodes.

use fairshare::format::shortest;
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::tree::TreeMsg;
use crate::tree::model::{ChildRef, ExtraView};

use super::TreeCtx;

/// The entry's view (the model holds few of them; each reads it). When the entry leaves the
/// model the last view stays: the entry is on its way out (its list drops it in this flush), and
/// emptying its attributes and text would only write to elements being dropped.
fn use_extra(ctx: TreeCtx, key: ChildRef) -> Memo<Option<std::sync::Arc<ExtraView>>> {
    Memo::new(move |last: Option<&Option<std::sync::Arc<ExtraView>>>| {
        ctx.model
            .with(|m| m.extra(key).cloned())
            .or_else(|| last.cloned().flatten())
    })
}

/// A text or attribute of the live entry: `f` of its view (empty while it has none).
fn part(
    extra: Memo<Option<std::sync::Arc<ExtraView>>>,
    f: fn(&ExtraView) -> String,
) -> impl Fn() -> String + Copy + Send + Sync + 'static {
    move || extra.with(|e| e.as_deref().map(f).unwrap_or_default())
}

/// The drawing of an entry: its edge and pill, built once; each attribute and the text follow
/// the entry's view on their own. An edit moves the entries beside a moved window and changes
/// their counts: redrawing the entry as a whole set every attribute of its five elements again.
#[component]
pub fn ExtraCard(key: ChildRef) -> impl IntoView {
    let ctx = TreeCtx::expect();
    let extra = use_extra(ctx, key);
    let edge = move || extra.with(|e| e.as_ref().and_then(|e| e.edge.clone()));
    view! {
        <path class="ft-edge ft-edge--extra" d=edge></path>
        <g class="ft-extra" style=part(extra, |e| e.transform.clone())>
            <rect
                class="ft-extra__body"
                width=part(extra, |e| shortest(e.w))
                height=part(extra, |e| shortest(e.h))
                rx="16"
            ></rect>
            <text
                class="ft-extra__text"
                x=part(extra, |e| shortest(e.w / 2.0))
                y=part(extra, |e| shortest(e.h / 2.0 + 4.0))
                text-anchor="middle"
            >
                {part(extra, |e| e.text.clone())}
            </text>
        </g>
    }
}

/// The edge and pill of a "… N more" or "… K levels" entry (also drawn by the SVG export).
pub(super) fn extra_drawing(extra: &ExtraView) -> impl IntoView + use<> {
    view! {
        <path class="ft-edge ft-edge--extra" d=extra.edge.clone()></path>
        <g class="ft-extra" style=extra.transform.clone()>
            <rect class="ft-extra__body" width=shortest(extra.w) height=shortest(extra.h) rx="16"></rect>
            <text
                class="ft-extra__text"
                x=shortest(extra.w / 2.0)
                y=shortest(extra.h / 2.0 + 4.0)
                text-anchor="middle"
            >
                {extra.text.clone()}
            </text>
        </g>
    }
}

/// The overlay of an entry, inside its parent treeitem's group: built once (a "… N more"
/// button or a "… K levels" note, by the key's kind), its place, text and title following the
/// entry's view.
#[component]
pub fn ExtraItem(key: ChildRef) -> impl IntoView {
    let ctx = TreeCtx::expect();
    let i18n = I18n::expect();
    let extra = use_extra(ctx, key);
    let style = part(extra, |e| e.overlay_style.clone());
    let text = part(extra, |e| e.text.clone());
    let range = move || extra.with(|e| e.as_ref().and_then(|e| e.range));
    match key {
        ChildRef::More(parent, _) => {
            let title = move || {
                range()
                    .map(|(from, to)| {
                        let n = to.saturating_sub(from).min(crate::tree::visible::PAGE);
                        TreeMsg::MoreTitle.fill(i18n.lang(), &[("n", &n.to_string())])
                    })
                    .unwrap_or_default()
            };
            view! {
                <button
                    type="button"
                    class="ft-more"
                    style=style
                    title=title
                    on:click=move |ev| {
                        ev.stop_propagation();
                        if let Some((from, to)) = extra
                            .with_untracked(|e| e.as_ref().and_then(|e| e.range))
                        {
                            ctx.show_more(parent, from, to);
                        }
                    }
                >
                    {text}
                </button>
            }
            .into_any()
        }
        _ => view! {
            <div class="ft-elision" role="none" style=style>
                {text}
            </div>
        }
        .into_any(),
    }
}
