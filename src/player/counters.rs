//! `<CountersPanel/>`: the rank counters (rank, rank-no-ties, N), the FairShare = rank / N of
//! the user just ranked with the tie rule when its rank was reused, and the walk's stack.

use leptos::prelude::*;

use crate::i18n::I18n;
use crate::messages::Message;
use crate::messages::player::PlayerMsg;
use crate::player::PlayerCtx;
use crate::player::model::{counters_view, path_names, tie_msg};
use crate::player::shown::shown;
use crate::state::AppState;

/// The counters panel.
#[component]
pub fn CountersPanel() -> impl IntoView {
    let i18n = I18n::expect();
    let state = AppState::expect();
    let ctx = PlayerCtx::expect();
    let labelled_by = ctx.element_id("counters-title");
    let counters = shown(state, move || {
        state.run().with(|run| {
            state
                .scenario()
                .with(|s| state.frame().with(|f| counters_view(run, &s.tree, f)))
        })
    });
    let path = shown(state, move || {
        state
            .scenario()
            .with(|s| state.frame().with(|f| path_names(&s.tree, f)))
    });
    let rank = move || counters.with(|c| c.rank.to_string());
    let rank_no_ties = move || counters.with(|c| c.rank_no_ties.to_string());
    let n_users = move || counters.with(|c| c.n_users.to_string());
    let fairshare = move || {
        let lang = i18n.lang();
        counters.with(|c| match &c.just_ranked {
            Some(j) => match &j.fairshare {
                Some(fairshare) => PlayerMsg::FairShareOf.fill(
                    lang,
                    &[
                        ("user", &j.user),
                        ("rank", &fairshare::format::grouped(j.rank.into())),
                        ("n", &fairshare::format::grouped(c.n_users.into())),
                        ("fairshare", fairshare),
                    ],
                ),
                None => PlayerMsg::FairShareNotComputable.fill(lang, &[("user", &j.user)]),
            },
            None => PlayerMsg::FairShareNone.text(lang).to_string(),
        })
    };
    let tie = move || {
        counters.with(|c| {
            let tie = c.just_ranked.as_ref()?.tie?;
            let lang = i18n.lang();
            Some(PlayerMsg::RankReused.fill(lang, &[("rule", tie_msg(tie).text(lang))]))
        })
    };

    view! {
        <section class="ft-counters" aria-labelledby=labelled_by.clone()>
            <h3 id=labelled_by.clone() class="ft-player__subtitle">
                {i18n.t(PlayerMsg::CountersTitle)}
            </h3>
            <dl class="ft-counters__list">
                <div class="ft-counters__item">
                    <dt>{i18n.t(PlayerMsg::CounterRank)}</dt>
                    <dd data-testid="counter-rank">{move || rank()}</dd>
                </div>
                <div class="ft-counters__item">
                    <dt>{i18n.t(PlayerMsg::CounterRankNoTies)}</dt>
                    <dd data-testid="counter-rank-no-ties">{move || rank_no_ties()}</dd>
                </div>
                <div class="ft-counters__item">
                    <dt>{i18n.t(PlayerMsg::CounterN)}</dt>
                    <dd data-testid="counter-n">{move || n_users()}</dd>
                </div>
            </dl>
            <p class="ft-counters__fairshare" data-testid="counter-fairshare">
                {move || fairshare()}
            </p>
            <p class="ft-counters__tie" data-testid="counter-tie">
                {move || tie()}
            </p>
            <div class="ft-counters__path">
                <span class="ft-controls__label">{i18n.t(PlayerMsg::PathLabel)}</span>
                <ol class="ft-path" data-testid="player-path">
                    {move || {
                        path.get()
                            .into_iter()
                            .map(|name| view! { <li class="ft-path__item">{name}</li> })
                            .map(IntoAny::into_any).collect::<Vec<_>>()
                    }}
                </ol>
            </div>
        </section>
    }
}
