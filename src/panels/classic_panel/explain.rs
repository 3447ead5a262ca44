//! `<ExplainView/>`: the formulas of the selected association (S, UA, the chain of UE, F), with
//! the notes where Slurm's code differs from the classic page. Built once per [`Shape`] (which
//! formulas there are); their texts are written in place by one effect that compares them with
//! what it wrote last, so an edit with the Classic tab open (which changes most numbers in the
//! formulas) writes only the changed texts instead of building the formulas again.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::Runs;
use super::model::Explain;
use crate::i18n::I18n;
use crate::messages::Lang;
use crate::messages::classic::ClassicMsg;
use crate::widgets::slots::{self, write_text};

/// What of the formulas is drawn once: whether UA and F are shown, each step of the usage chain
/// (its number of lines and whether it is the selected association), and the DEPTH_OBLIVIOUS
/// note. The texts are not part of it.
#[derive(Clone, PartialEq)]
pub struct Shape {
    usage_norm: bool,
    steps: Vec<(usize, bool)>,
    factor: bool,
    depth_oblivious: bool,
}

impl Shape {
    /// The shape of `e`.
    pub fn of(e: &Explain) -> Shape {
        Shape {
            usage_norm: e.usage_norm.is_some(),
            steps: e
                .usage_chain
                .iter()
                .map(|s| (s.lines.len(), s.is_selected))
                .collect(),
            factor: e.factor.is_some(),
            depth_oblivious: e.uses_depth_oblivious,
        }
    }
}

/// The texts of `e` in `lang`, in the order of the elements that show them (the heading, then
/// every `.ft-formula` in document order: S, UA, the chain's lines, F), then F as sshare prints
/// it (the result's `data-fairshare`).
fn texts(e: &Explain, lang: Lang) -> Vec<String> {
    let mut out = vec![e.heading.text(lang), e.shares.text(lang)];
    out.extend(e.usage_norm.iter().map(|l| l.text(lang)));
    for step in &e.usage_chain {
        out.extend(step.lines.iter().map(|l| l.text(lang)));
    }
    out.extend(e.factor.iter().map(|l| l.text(lang)));
    out.push(e.fairshare.clone().unwrap_or_default());
    out
}

/// Writes into the formulas under `article` the texts of `new` that differ from `old` (the last
/// is the result's `data-fairshare`). Texts go into the elements' text nodes (a character-data
/// change, as a reactive text writes it).
fn write(article: &web_sys::Element, old: &[String], new: &[String]) {
    if old.len() != new.len() {
        return;
    }
    let Ok(list) = article.query_selector_all(".ft-classic__heading, .ft-formula") else {
        return;
    };
    let n = new.len() - 1;
    for (k, (old, new)) in old.iter().zip(new).enumerate().take(n) {
        if old == new {
            continue;
        }
        let Some(el) = list.item(k as u32) else {
            continue;
        };
        if let Ok(el) = el.dyn_into::<web_sys::Element>() {
            write_text(&el, new);
        }
    }
    if old[n] != new[n]
        && let Some(result) = list
            .item(n as u32 - 1)
            .and_then(|el| el.dyn_into::<web_sys::Element>().ok())
        && result.class_list().contains("ft-formula--result")
    {
        let _ = match new[n].as_str() {
            "" => result.remove_attribute("data-fairshare"),
            f => result.set_attribute("data-fairshare", f),
        };
    }
}

/// The formulas of `explain` (of the shape `shape`), with the notes where Slurm's code differs
/// from the page.
#[component]
pub fn ExplainView(
    shape: Shape,
    explain: Memo<Option<Explain>>,
    runs: Memo<Runs>,
) -> impl IntoView {
    let i18n = I18n::expect();
    let article = NodeRef::<html::Article>::new();
    // With no formulas for a moment, the texts last written stay.
    let first = slots::follow(
        move |prev: Option<&Vec<String>>| {
            explain
                .with(|e| e.as_ref().map(|e| texts(e, i18n.lang())))
                .unwrap_or_else(|| prev.cloned().unwrap_or_default())
        },
        move |prev, new| {
            let article = article.get_untracked();
            if let Some(article) = &article {
                write(article, prev, new);
            }
            article.is_some()
        },
    );
    let mut first = first.into_iter();
    let mut next = move || first.next().unwrap_or_default();
    let damping = Memo::new(move |_| Runs::read(runs, |_, c| c.damping_factor()));
    let damping_note = i18n.tf(ClassicMsg::NoteDamping, move || {
        vec![("d", damping.get().to_string())]
    });
    let heading = next();
    let shares = next();
    let usage_norm = shape.usage_norm.then(|| {
        view! {
            <div class="ft-formula-block">
                <h4 class="ft-formula-block__title">{i18n.t(ClassicMsg::SectionUsageNorm)}</h4>
                <p class="ft-formula" data-testid="classic-usage-norm">{next()}</p>
                <p class="ft-fnote">{i18n.t(ClassicMsg::NoteUsageNorm)}</p>
            </div>
        }
    });
    let steps = shape
        .steps
        .iter()
        .map(|&(lines, is_selected)| {
            let lines = (0..lines)
                .map(|_| view! { <p class="ft-formula">{next()}</p> })
                .collect::<Vec<_>>();
            view! {
                <li class="ft-chain__step" class:ft-chain__step--selected=is_selected>
                    {lines}
                </li>
            }
        })
        .collect::<Vec<_>>();
    let factor = shape.factor.then(|| {
        let line = next();
        let fairshare = next();
        view! {
            <div class="ft-formula-block">
                <h4 class="ft-formula-block__title">{i18n.t(ClassicMsg::SectionFactor)}</h4>
                <p
                    class="ft-formula ft-formula--result"
                    data-testid="classic-factor"
                    data-fairshare=(!fairshare.is_empty()).then_some(fairshare)
                >
                    {line}
                </p>
                <p class="ft-fnote">{move || damping_note()}</p>
            </div>
        }
    });
    let depth_note = shape
        .depth_oblivious
        .then(|| view! { <p class="ft-fnote">{i18n.t(ClassicMsg::NoteDepthOblivious)}</p> });
    view! {
        <article class="ft-classic__explain" data-testid="classic-explain" node_ref=article>
            <h3 class="ft-classic__heading">{heading}</h3>
            <div class="ft-formula-block">
                <h4 class="ft-formula-block__title">{i18n.t(ClassicMsg::SectionShares)}</h4>
                <p class="ft-formula" data-testid="classic-shares">{shares}</p>
                <p class="ft-fnote">{i18n.t(ClassicMsg::NoteLevelSum)}</p>
            </div>
            {usage_norm}
            <div class="ft-formula-block">
                <h4 class="ft-formula-block__title">{i18n.t(ClassicMsg::SectionUsage)}</h4>
                <ol class="ft-chain" data-testid="classic-usage-chain">{steps}</ol>
                <p class="ft-fnote">{i18n.t(ClassicMsg::NoteFirstTier)}</p>
                {depth_note}
            </div>
            {factor}
        </article>
    }
}
