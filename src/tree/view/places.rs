//! The drawing's places: the cards layer and the edges' SVG keep one element per *place*, not
//! per association. An association keeps its place (and its elements: they glide) while it is
//! drawn; a place it leaves is given to the next association that comes into the drawing, whose
//! card and edge then take over the elements and rewrite only what differs. So an edit that
//! moves the shown window (the selected user's account moving among the root's windowed
//! children: two neighbours out on each side, two in) or a pan builds and drops no card and no
//! edge. An element that changes hands does not glide from the old association's place to the
//! new one's: its style carries `transition: none` until a frame has drawn it ([`Arrival`]).
//!
//! [`assign`] is pure and tested natively; the view reads it through [`Places`].

use std::collections::HashSet;

use fairshare::AssocId;
use leptos::prelude::*;

use crate::tree::model::ChildRef;
use crate::widgets::index_marks::IndexMarks;

/// The places after `drawn` (the associations to draw, in drawing order) replaces what `prev`
/// held: an association still drawn keeps its place; one newly drawn takes the first free place
/// (one left by an association no longer drawn, or an empty one), else a new place at the end.
/// Empty places at the end are dropped. O(places + drawn).
pub fn assign(prev: &[Option<AssocId>], drawn: &[AssocId]) -> Vec<Option<AssocId>> {
    let now: HashSet<AssocId> = drawn.iter().copied().collect();
    let mut res: Vec<Option<AssocId>> = prev
        .iter()
        .map(|p| p.filter(|id| now.contains(id)))
        .collect();
    let kept: HashSet<AssocId> = res.iter().flatten().copied().collect();
    let mut free = (0..res.len())
        .filter(|&k| res[k].is_none())
        .collect::<Vec<_>>()
        .into_iter();
    for &id in drawn {
        if kept.contains(&id) {
            continue;
        }
        match free.next() {
            Some(k) => res[k] = Some(id),
            None => res.push(Some(id)),
        }
    }
    while res.last() == Some(&None) {
        res.pop();
    }
    res
}

/// The drawing's places as the view reads them: the keys of the places' elements (one
/// `ChildRef::Place` per place, changing only when their number does) and, per place, which
/// association it draws (one signal per place, notified only when that place changes hands).
#[derive(Clone, Copy)]
pub struct Places {
    /// The keys of the places, in order.
    pub keys: Memo<Vec<ChildRef>>,
    held: IndexMarks<Option<AssocId>>,
}

impl Places {
    /// The places of the associations `drawn` gives, kept across its changes ([`assign`]).
    pub fn new(drawn: Memo<Vec<AssocId>>) -> Self {
        let places = Memo::new(move |prev: Option<&Vec<Option<AssocId>>>| {
            drawn.with(|d| assign(prev.map_or(&[][..], Vec::as_slice), d))
        });
        let keys = super::memo_of(move || {
            let n = places.with(Vec::len) as u32;
            (0..n).map(ChildRef::Place).collect::<Vec<_>>()
        });
        Self {
            keys,
            held: IndexMarks::new(move || places.get()),
        }
    }

    /// The association place `k` draws (tracked), `None` while it is free.
    pub fn held(self, k: u32) -> Signal<Option<AssocId>> {
        let held = self.held;
        Signal::derive(move || held.get(k as usize))
    }
}

/// Whether a place's element just changed hands: set when it is given to another association,
/// cleared once a frame has drawn it there (a task after the next animation frame), so every
/// style written in between (an edit's effects may write it more than once) carries
/// `transition: none` and the element appears in its new place instead of gliding there.
#[derive(Clone, Copy)]
pub struct Arrival {
    /// The association whose look was last written, and whether it just arrived.
    state: StoredValue<(Option<AssocId>, bool)>,
}

impl Arrival {
    /// A place that has drawn nobody yet.
    pub fn new() -> Self {
        Self {
            state: StoredValue::new((None, false)),
        }
    }

    /// `style` (the look of association `id`, drawn now) with `transition: none;` added when
    /// the element came to `id` from another association and no frame has drawn it yet.
    pub fn style(self, id: AssocId, style: &str) -> String {
        let (last, arriving) = self.state.get_value();
        let arriving = match last {
            Some(last) if last != id => {
                let state = self.state;
                request_animation_frame(move || {
                    set_timeout(
                        move || {
                            state.try_update_value(|s| s.1 = false);
                        },
                        std::time::Duration::ZERO,
                    );
                });
                true
            }
            _ => arriving,
        };
        self.state.set_value((Some(id), arriving));
        let mut res = style.to_string();
        if arriving {
            res.push_str("transition: none;");
        }
        res
    }
}

impl Default for Arrival {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[u32]) -> Vec<AssocId> {
        v.iter().map(|&k| AssocId(k)).collect()
    }

    fn held(v: &[Option<u32>]) -> Vec<Option<AssocId>> {
        v.iter().map(|k| k.map(AssocId)).collect()
    }

    #[test]
    fn the_first_drawing_takes_places_in_drawing_order() {
        assert_eq!(
            assign(&[], &ids(&[4, 2, 9])),
            held(&[Some(4), Some(2), Some(9)])
        );
    }

    #[test]
    fn who_stays_keeps_its_place_and_who_comes_takes_a_place_left() {
        let before = held(&[Some(1), Some(2), Some(3), Some(4), Some(5)]);
        // 2 and 4 leave, 7 and 8 come (a window moving by two among siblings).
        let after = assign(&before, &ids(&[1, 7, 3, 8, 5]));
        assert_eq!(after, held(&[Some(1), Some(7), Some(3), Some(8), Some(5)]));
        // The same set in another order moves nobody.
        assert_eq!(assign(&after, &ids(&[8, 7, 5, 3, 1])), after);
    }

    #[test]
    fn places_left_empty_are_reused_and_dropped_at_the_end() {
        let before = held(&[Some(1), Some(2), Some(3)]);
        let fewer = assign(&before, &ids(&[1, 3]));
        assert_eq!(fewer, held(&[Some(1), None, Some(3)]));
        assert_eq!(assign(&fewer, &ids(&[1])), held(&[Some(1)]));
        assert_eq!(
            assign(&fewer, &ids(&[6, 1, 3, 7])),
            held(&[Some(1), Some(6), Some(3), Some(7)])
        );
        assert_eq!(assign(&fewer, &[]), held(&[]));
    }
}
