//! A newly loaded tree's opening: the camera centres its root, and centres it again while the
//! drawing and its frame settle, a few times at most (pure: the decision, not the scrolling,
//! which is [`super::camera`]'s).

use fairshare::AssocId;

/// How many times a newly loaded tree's opening centres its root again while the drawing and
/// its frame settle ([`Opening`]): the frames after a load change the frame's size once or
/// twice (the minimap's column, the fit's scale), never more; the bound keeps a layout that
/// answers a scroll with a new size from being followed for ever.
const OPENING_RECENTRES: u8 = 4;

/// A change of the frame's or the drawing's size, in CSS pixels, below which the opening does
/// not centre again: a frame of fractional width can measure a pixel wider or narrower after a
/// scroll, and centring for that pixel would scroll again (test24-4 at 1280x720: 718 and 719 px
/// in turn, every frame, so the cards never stood still).
const OPENING_WOBBLE_PX: f64 = 2.0;

/// A newly loaded tree's opening ([`super::TreeCtx::opening`]): the root it keeps centred while the
/// drawing and its frame settle, the sizes it last centred it for, and how many more times it
/// may centre it again.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Opening {
    root: AssocId,
    sizes: [f64; 4],
    left: u8,
}

impl Opening {
    /// The opening of a tree whose root is `root`, drawn at `sizes` (frame width and height,
    /// drawing width and height at its scale).
    pub fn new(root: AssocId, sizes: [f64; 4]) -> Self {
        Self {
            root,
            sizes,
            left: OPENING_RECENTRES,
        }
    }

    /// The root it centres.
    pub fn root(self) -> AssocId {
        self.root
    }

    /// What the opening does when the sizes become `sizes`: `Some` (the opening to keep, the
    /// root to be centred again) when a size moved by more than [`OPENING_WOBBLE_PX`] and a
    /// re-centring is left; `None` with `done` when none is left (the opening hands over);
    /// `None` otherwise (a wobble: nothing to do).
    pub fn settle(self, sizes: [f64; 4]) -> (Option<Self>, bool) {
        let moved = self
            .sizes
            .iter()
            .zip(sizes)
            .any(|(a, b)| (a - b).abs() > OPENING_WOBBLE_PX);
        match (moved, self.left) {
            (false, _) => (None, false),
            (true, 0) => (None, true),
            (true, left) => (
                Some(Self {
                    sizes,
                    left: left - 1,
                    ..self
                }),
                false,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{OPENING_RECENTRES, Opening};
    use fairshare::AssocId;

    const AT_LOAD: [f64; 4] = [1000.0, 600.0, 2400.0, 900.0];

    /// The minimap's column narrows the frame after a load: the root is centred again for it.
    #[test]
    fn a_frame_that_changes_size_is_centred_again() {
        let opening = Opening::new(AssocId(0), AT_LOAD);
        let narrower = [820.0, 600.0, 2400.0, 900.0];
        let (next, done) = opening.settle(narrower);
        assert!(!done);
        let next = next.expect("centred again");
        assert_eq!(next.root(), AssocId(0));
        // Measured against the sizes it centred for last: the same sizes again are no change.
        assert_eq!(next.settle(narrower), (None, false));
    }

    /// A frame of fractional width measures a pixel wider or narrower after a scroll: that is
    /// not followed (it was, every frame, and the cards never stood still).
    #[test]
    fn a_pixel_of_wobble_is_not_followed() {
        let opening = Opening::new(AssocId(0), [718.0, 263.0, 2810.0, 496.0]);
        assert_eq!(opening.settle([719.0, 263.0, 2810.0, 496.0]), (None, false));
        assert_eq!(opening.settle([718.0, 262.0, 2811.5, 496.0]), (None, false));
    }

    /// However the sizes keep changing, the opening centres a bounded number of times, then
    /// hands over.
    #[test]
    fn the_opening_centres_a_few_times_at_most() {
        let mut opening = Opening::new(AssocId(3), AT_LOAD);
        let mut centred = 0;
        for i in 1..100 {
            let width = if i % 2 == 0 { 1000.0 } else { 900.0 };
            match opening.settle([width, 600.0, 2400.0, 900.0]) {
                (Some(next), false) => {
                    centred += 1;
                    opening = next;
                }
                (None, true) => break,
                other => panic!("step {i}: {other:?}"),
            }
        }
        assert_eq!(centred, usize::from(OPENING_RECENTRES));
    }
}
