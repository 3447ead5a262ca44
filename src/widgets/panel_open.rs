//! `PanelOpen`: whether the tab panel around a component is shown. A tab panel is built on its
//! first opening (or ahead of it, hidden: `chrome::tab_panel::BuildAhead`) and then kept hidden
//! behind the other tabs (`chrome::tab_panel`); it gives its content this signal, so a panel can
//! follow the state only while someone sees it ([`while_open`]) instead of recomputing its whole
//! view on every edit made elsewhere. A panel kept laid out while hidden is also brought up to
//! date in an idle period after such an edit (`current` is then true for one task), so that
//! opening its tab has nothing left to compute.

use leptos::prelude::*;

/// The "open" signals of the enclosing tab panel (a context). `Copy`.
#[derive(Clone, Copy)]
pub struct PanelOpen {
    /// The panel is shown.
    shown: Signal<bool>,
    /// The panel follows the state: shown, or being brought up to date while hidden.
    current: Signal<bool>,
}

impl PanelOpen {
    /// The context value for a panel shown (and following the state) while `open` is true. A
    /// tab panel gives it to its content only, through `<Provider/>`: a component does not own
    /// its context, and `provide_context` in a tab panel's body would reach its sibling tab
    /// panels too.
    pub fn new(open: Signal<bool>) -> PanelOpen {
        PanelOpen {
            shown: open,
            current: open,
        }
    }

    /// The context value for a panel shown while `shown` is true that follows the state while
    /// `current` is (`current` is true whenever `shown` is).
    pub fn following(shown: Signal<bool>, current: Signal<bool>) -> PanelOpen {
        PanelOpen { shown, current }
    }

    /// Whether the enclosing panel follows the state (shown, or brought up to date while
    /// hidden); a component outside any tab panel (mounted on its own, in a component test) is
    /// always open.
    pub fn signal() -> Signal<bool> {
        use_context::<PanelOpen>().map_or_else(|| Signal::stored(true), |p| p.current)
    }

    /// Whether the enclosing panel is shown (always, outside any tab panel): for what only a
    /// reader needs, and is never brought up to date while hidden.
    pub fn shown() -> Signal<bool> {
        use_context::<PanelOpen>().map_or_else(|| Signal::stored(true), |p| p.shown)
    }
}

/// A memo of `compute` that follows the state only while the enclosing tab panel is open
/// ([`PanelOpen::signal`]: shown, or brought up to date while hidden). Hidden, it keeps its last
/// value and reads nothing, so an edit made in another panel does not run `compute` for a panel no
/// one sees; opening the panel again brings it up to date.
pub fn while_open<T>(compute: impl Fn() -> T + Send + Sync + 'static) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    while_shown(PanelOpen::signal(), compute)
}

/// [`while_open`] with the signal given: `compute` runs only while `open` is true.
pub fn while_shown<T>(
    open: Signal<bool>,
    compute: impl Fn() -> T + Send + Sync + 'static,
) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    Memo::new_owning(move |prev: Option<T>| match prev {
        Some(prev) if !open.get() => (prev, false),
        prev => {
            let new = compute();
            let changed = prev.as_ref() != Some(&new);
            (new, changed)
        }
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// Hidden, the memo keeps its value and computes nothing however often its inputs change;
    /// shown again, it catches up once; outside a tab panel it is always open.
    #[test]
    fn a_hidden_panel_computes_nothing_until_it_opens_again() {
        Owner::new().with(|| {
            let open = RwSignal::new(true);
            let input = RwSignal::new(1);
            let runs = Arc::new(AtomicUsize::new(0));
            let counted = Arc::clone(&runs);
            provide_context(PanelOpen::new(open.into()));
            let doubled = while_open(move || {
                counted.fetch_add(1, Ordering::Relaxed);
                input.get() * 2
            });
            assert_eq!(doubled.get(), 2);
            open.set(false);
            input.set(5);
            input.set(7);
            assert_eq!(doubled.get(), 2, "hidden: the last value");
            assert_eq!(runs.load(Ordering::Relaxed), 1, "hidden: nothing computed");
            open.set(true);
            assert_eq!(doubled.get(), 14);
            assert_eq!(runs.load(Ordering::Relaxed), 2);
            input.set(8);
            assert_eq!(doubled.get(), 16, "open: every change shows");
        });
        Owner::new().with(|| {
            let input = RwSignal::new(1);
            let doubled = while_open(move || input.get() * 2);
            input.set(4);
            assert_eq!(doubled.get(), 8, "no tab panel: always open");
        });
    }
}
