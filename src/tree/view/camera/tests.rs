//! The camera's pure placement rules ([`super::target`]).

use super::target;

/// A 800×500 viewport scrolled to (100, 50), over a 3000×2000 drawing.
const VIEW: (f64, f64, f64, f64) = (100.0, 50.0, 800.0, 500.0);
const CONTENT: (f64, f64) = (3000.0, 2000.0);

#[test]
fn a_card_in_view_moves_nothing() {
    assert_eq!(
        target(VIEW, CONTENT, None, (150.0, 90.0, 300.0, 170.0)),
        None
    );
    // Touching the edges is in view for a card as big as the view.
    assert_eq!(
        target(VIEW, CONTENT, None, (100.0, 50.0, 900.0, 550.0)),
        None
    );
    // A card at the content's top-left corner needs no room beyond it.
    assert_eq!(
        target(
            (0.0, 0.0, 800.0, 500.0),
            CONTENT,
            None,
            (0.0, 0.0, 100.0, 60.0)
        ),
        None
    );
}

#[test]
fn a_card_at_the_frame_edge_is_brought_in() {
    // Its bottom edge 10 px above the frame's: inside, but read as cut. Centred.
    assert_eq!(
        target(VIEW, CONTENT, None, (150.0, 480.0, 300.0, 540.0)),
        Some((0.0, 260.0))
    );
    // With the margin's room below it, it stays.
    let room = 50.0 + 500.0 - super::IN_VIEW_MARGIN;
    assert_eq!(
        target(VIEW, CONTENT, None, (150.0, room - 60.0, 300.0, room)),
        None
    );
    // The same at the right edge.
    assert_eq!(
        target(VIEW, CONTENT, None, (790.0, 100.0, 890.0, 160.0)),
        Some((440.0, 0.0))
    );
}

#[test]
fn a_card_out_of_view_is_centred() {
    // Right of the view: centred on (1400, 300).
    assert_eq!(
        target(VIEW, CONTENT, None, (1300.0, 250.0, 1500.0, 350.0)),
        Some((1000.0, 50.0))
    );
    // Partly out (its bottom edge) is out too.
    assert_eq!(
        target(VIEW, CONTENT, None, (150.0, 500.0, 300.0, 600.0)),
        Some((0.0, 300.0))
    );
}

#[test]
fn the_target_stays_within_the_content() {
    // Near the drawing's end: the scroll position stops at content − viewport.
    assert_eq!(
        target(VIEW, CONTENT, None, (2900.0, 1950.0, 2990.0, 1990.0)),
        Some((2200.0, 1500.0))
    );
    // A drawing smaller than the viewport never scrolls: the card is in view once the
    // scroll position read before the drawing shrank is clamped.
    assert_eq!(
        target(
            (600.0, 0.0, 800.0, 500.0),
            (800.0, 500.0),
            None,
            (10.0, 10.0, 90.0, 90.0)
        ),
        None
    );
}

#[test]
fn centred_puts_a_card_in_the_middle_within_the_content() {
    use super::centred;
    // A card in view at the left is still moved to the middle: (350 + 450 - 800) / 2.
    let card = (350.0, 0.0, 450.0, 60.0);
    assert_eq!(target((0.0, 0.0, 800.0, 500.0), CONTENT, None, card), None);
    assert_eq!(centred((0.0, 0.0, 800.0, 500.0), CONTENT, card), (0.0, 0.0));
    let card = (547.0 - 60.0, 0.0, 547.0 + 60.0, 60.0);
    assert_eq!(
        centred((0.0, 0.0, 764.0, 263.0), (1001.0, 600.0), card),
        (165.0, 0.0)
    );
    // Never past the content's ends.
    assert_eq!(
        centred(VIEW, CONTENT, (2900.0, 1950.0, 2990.0, 1990.0)),
        (2200.0, 1500.0)
    );
}

#[test]
fn the_walk_keeps_the_node_and_its_first_child_in_view() {
    use super::walk_box;
    // A 800×500 viewport at scale 0.8 (1000×625 drawing units).
    let view = (0.0, 0.0, 800.0, 500.0);
    let card = (500.0, 400.0, 150.0, 86.0);
    let child = (500.0, 530.0, 150.0, 86.0);
    // Both: the box reaches the child's bottom edge.
    assert_eq!(
        walk_box(card, Some(child), view, 0.8),
        (500.0, 400.0, 150.0, 216.0)
    );
    // No child shown: the card.
    assert_eq!(walk_box(card, None, view, 0.8), card);
    // A child too far to keep both in view (with the margins): the card.
    let far = (1400.0, 530.0, 150.0, 86.0);
    assert_eq!(walk_box(card, Some(far), view, 0.8), card);
    let deep = (500.0, 900.0, 150.0, 86.0);
    assert_eq!(walk_box(card, Some(deep), view, 0.8), card);
    // The union brings in a child that was cut at the frame's bottom: the camera moves.
    let (x, y, w, h) = walk_box(card, Some(child), view, 0.8);
    let at = |v: f64| v * 0.8;
    assert!(
        target(
            view,
            (1600.0, 1200.0),
            None,
            (at(x), at(y), at(x + w), at(y + h))
        )
        .is_some()
    );
    assert_eq!(
        target(
            view,
            (1600.0, 1200.0),
            None,
            (
                at(card.0),
                at(card.1),
                at(card.0 + card.2),
                at(card.1 + card.3)
            )
        ),
        None,
        "the node alone is in view"
    );
}

/// Where the found card and its account cannot share the frame side by side, the account
/// is named on the frame, with the side it lies beyond; where they can, it is not.
#[test]
fn find_names_the_account_where_the_frame_cannot_hold_both() {
    use super::{Side, account_away};
    // The cases of `find_shows_the_card_with_its_parent_where_both_fit`, 348 px wide.
    let card = (60.0, 300.0, 266.0, 393.0);
    // 388 wide together: the account is named, to the right.
    let parent = (300.0, 200.0, 448.0, 269.0);
    assert_eq!(account_away(348.0, card, parent), Some(Side::Right));
    let left_parent = (100.0, 200.0, 248.0, 269.0);
    let card_right = (700.0, 300.0, 906.0, 393.0);
    assert_eq!(
        account_away(348.0, card_right, left_parent),
        Some(Side::Left)
    );
    // Near enough (238 wide, 302 with the margins): both in the frame, nothing named.
    let near = (150.0, 200.0, 298.0, 269.0);
    assert_eq!(account_away(348.0, card, near), None);
    // A wide frame holds the far one too.
    assert_eq!(account_away(1200.0, card, parent), None);
}

#[test]
fn find_shows_the_card_with_its_parent_where_both_fit() {
    use super::found_target;
    // A 348×428 viewport at (0, 0) (390 px wide page) over a 3000×2000 drawing.
    let view = (0.0, 0.0, 348.0, 428.0);
    // The card at the bottom of the frame, its parent above it out of view to the right.
    let card = (60.0, 300.0, 266.0, 393.0);
    let parent = (300.0, 200.0, 448.0, 269.0);
    assert_eq!(
        target(view, CONTENT, None, card),
        None,
        "the card alone is in view"
    );
    // Together they are 388 wide: too wide for 348. The card keeps the margin at the
    // frame's left edge (its parent is to the right), and the pair (193 tall) is centred
    // vertically: 60 − 32 = 28; (200 + 393 − 428) / 2 = 82.5, rounded.
    assert_eq!(
        found_target(view, CONTENT, None, card, parent),
        Some((28.0, 83.0))
    );
    // A parent to the left: the card at the right edge.
    let left_parent = (-300.0 + 400.0, 200.0, -152.0 + 400.0, 269.0);
    let card_right = (700.0, 300.0, 906.0, 393.0);
    assert_eq!(
        found_target(view, CONTENT, None, card_right, left_parent).map(|p| p.0),
        Some(906.0 + 32.0 - 348.0)
    );
    // A parent near enough, above the frame: the pair is centred, both in view.
    let near = (150.0, 200.0, 298.0, 269.0);
    let below = (0.0, 250.0, 348.0, 428.0);
    assert_eq!(
        target(below, CONTENT, None, card),
        None,
        "the card alone is in view"
    );
    let (left, top) = found_target(below, CONTENT, None, card, near).expect("moves");
    let inside = |b: (f64, f64, f64, f64)| {
        b.0 >= left && b.2 <= left + 348.0 && b.1 >= top && b.3 <= top + 428.0
    };
    assert!(inside(card) && inside(near), "{left} {top}");
    // Already both in view: nothing moves.
    assert_eq!(
        found_target((left, top, 348.0, 428.0), CONTENT, None, card, near),
        None
    );
    // At a fraction of a pixel, the card keeps its whole margin: the selection's camera,
    // which runs next, finds it in view and moves nothing.
    let odd = (1919.6, 544.3, 2125.3, 637.1);
    let far_left = (1454.0, 445.8, 1606.7, 514.6);
    let content = (2795.0, 659.0);
    let view = (0.0, 0.0, 346.0, 426.0);
    let (left, top) = found_target(view, content, None, odd, far_left).expect("moves");
    assert_eq!(
        target((left, top, 346.0, 426.0), content, None, odd),
        None,
        "{left}"
    );
    // A card at the content's end, which the browser rounds (659.4 → 659): in view.
    let end = (1919.6, 544.0, 2125.3, 637.7);
    assert_eq!(
        target((1812.0, 233.0, 346.0, 426.0), (2795.0, 659.4), None, end),
        None
    );
    // Where the pair does not fit, a second Find of the same card moves nothing either.
    assert_eq!(
        found_target((28.0, 83.0, 348.0, 428.0), CONTENT, None, card, parent),
        None
    );
}

#[test]
fn a_card_under_the_minimap_is_not_in_view() {
    // The minimap covers the viewport's top-right corner: 200×150 at (600, 0).
    let covered = Some((600.0, 0.0, 200.0, 150.0));
    let card = (750.0, 100.0, 850.0, 160.0);
    assert_eq!(target(VIEW, CONTENT, None, card), None);
    assert_eq!(target(VIEW, CONTENT, covered, card), Some((400.0, 0.0)));
}
