//! `<PseudocodePanel/>`: the walk as pseudo-code, with the line the step just taken executed
//! marked `aria-current="step"` (and highlighted).

use fairshare::step::{PseudoLine, Step};
use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::player::PlayerMsg;
use crate::player::PlayerCtx;
use crate::player::model::pseudo_rows;
use crate::state::AppState;

/// The pseudo-code panel.
#[component]
pub fn PseudocodePanel() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let ctx = PlayerCtx::expect();
    let labelled_by = ctx.element_id("pseudo-title");
    // No line is active while the finished ranking is shown.
    let active = Memo::new(move |_| {
        if state.cursor().with(Option::is_none) {
            return None;
        }
        state
            .frame()
            .with(|f| f.last.as_ref().map(Step::pseudo_line))
    });
    let lines = move || {
        pseudo_rows(state.tie_rule().get())
            .into_iter()
            .map(|row| {
                let current =
                    move || (row.line.is_some() && active.get() == row.line).then_some("step");
                view! {
                    <li
                        class=indent_class(row.indent)
                        data-pseudo-line=row.line.map(line_id)
                        aria-current=current
                    >
                        <code>{i18n.t(row.msg)}</code>
                    </li>
                }
            })
            .map(IntoAny::into_any)
            .collect::<Vec<_>>()
    };

    view! {
        <section class="ft-pseudo" aria-labelledby=labelled_by.clone()>
            <h3 id=labelled_by.clone() class="ft-player__subtitle">
                {i18n.t(PlayerMsg::PseudoTitle)}
            </h3>
            <ol class="ft-pseudo__code">{move || lines()}</ol>
        </section>
    }
}

/// The line's class, by indentation.
fn indent_class(indent: u8) -> &'static str {
    match indent {
        0 => "ft-pseudo__line",
        1 => "ft-pseudo__line ft-pseudo__line--indent-1",
        _ => "ft-pseudo__line ft-pseudo__line--indent-2",
    }
}

/// A stable name of a pseudo-code line (for tests and styles).
fn line_id(line: PseudoLine) -> &'static str {
    match line {
        PseudoLine::Start => "start",
        PseudoLine::Enter => "enter",
        PseudoLine::ComputeLevelFs => "compute",
        PseudoLine::Sort => "sort",
        PseudoLine::RankUser => "rank",
        PseudoLine::Leave => "leave",
    }
}
