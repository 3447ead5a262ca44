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

/// The entry's view (the model holds few of them; each reads it).
fn use_extra(ctx: TreeCtx, key: ChildRef) -> Memo<Option<std::sync::Arc<ExtraView>>> {
    Memo::new(move |_| ctx.model.with(|m| m.extra(key).cloned()))
}

/// The drawing of an entry: its edge and pill.
#[component]
pub fn ExtraCard(key: ChildRef) -> impl IntoView {
    let ctx = TreeCtx::expect();
    let extra = use_extra(ctx, key);
    view! { {move || extra.get().map(|e| extra_drawing(&e).into_any())} }
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

/// The overlay of an entry, inside its parent treeitem's group.
#[component]
pub fn ExtraItem(key: ChildRef) -> impl IntoView {
    let ctx = TreeCtx::expect();
    let i18n = I18n::expect();
    let extra = use_extra(ctx, key);
    view! {
        {move || {
            extra.get().map(|e| match (key, e.range) {
                (ChildRef::More(parent, _), Some((from, to))) => {
                    let title = TreeMsg::MoreTitle.fill(
                        i18n.lang(),
                        &[(
                            "n",
                            &to.saturating_sub(from)
                                .min(crate::tree::visible::PAGE)
                                .to_string(),
                        )],
                    );
                    view! {
                        <button
                            type="button"
                            class="ft-more"
                            style=e.overlay_style.clone()
                            title=title
                            on:click=move |ev| {
                                ev.stop_propagation();
                                ctx.show_more(parent, from, to);
                            }
                        >
                            {e.text.clone()}
                        </button>
                    }
                    .into_any()
                }
                _ => view! {
                    <div class="ft-elision" role="none" style=e.overlay_style.clone()>
                        {e.text.clone()}
                    </div>
                }
                .into_any(),
            })
        }}
    }
}
