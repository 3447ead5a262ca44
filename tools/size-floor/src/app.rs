// The smallest Leptos app that uses what the app uses: a signal, a memo, <Show/>, <For/>.
use leptos::prelude::*;
#[component]
pub fn App() -> impl IntoView {
    let (count, set_count) = signal(0u32);
    let double = Memo::new(move |_| count.get() * 2);
    let items = Memo::new(move |_| (0..count.get()).collect::<Vec<u32>>());
    view! {
        <main>
            <h1>"Minimal"</h1>
            <button on:click=move |_| set_count.update(|c| *c += 1)>"+1"</button>
            <p>{move || format!("{} / {}", count.get(), double.get())}</p>
            <Show when=move || count.get() % 2 == 0><p>"even"</p></Show>
            <ul><For each=move || items.get() key=|i| *i let:i><li>{i}</li></For></ul>
        </main>
    }
}
