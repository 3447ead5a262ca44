//! Geometry of a card (SVG user units = CSS pixels at zoom 1).

use fairshare::layout::Spacing;

/// Space around the drawing.
pub const MARGIN: f64 = 16.0;
/// Inner horizontal padding of a card.
pub const PAD: f64 = 8.0;
/// Height of the coloured header band that holds the name.
pub const HEADER_H: f64 = 24.0;
/// Height of an account (or root) card.
pub const ACCOUNT_H: f64 = 86.0;
/// Height of a user card (two more lines: rank and the rank bar).
pub const USER_H: f64 = 116.0;
/// Baselines of the card's text lines.
pub const LINE_Y: [f64; 4] = [40.0, 56.0, 74.0, 95.0];
/// Top of the Level FS badge (its text sits on `LINE_Y[2]`).
pub const BADGE_Y: f64 = LINE_Y[2] - 12.0;
/// Inset of the root's second border.
pub const INNER_INSET: f64 = 3.0;
/// Top of the rank bar and its height.
pub const BAR_Y: f64 = 102.0;
/// Height of the rank bar.
pub const BAR_H: f64 = 6.0;
/// Distance between tag lines under a card.
pub const TAG_STEP: f64 = 14.0;
/// Narrowest and widest card.
pub(super) const MIN_W: f64 = 140.0;
pub(super) const MAX_W: f64 = 300.0;
/// Estimated advance of one character: the numbers (11px monospace) and the name (12px bold).
pub(super) const MONO_CH: f64 = 6.7;
pub(super) const NAME_CH: f64 = 7.6;
/// Room for the kind icon in the header.
pub const ICON_W: f64 = 26.0;

/// The tidy layout's spacing for cards (its `row_height` only separates levels for the
/// contours; the levels' tops come from [`level_tops`]).
pub const SPACING: Spacing = Spacing {
    row_height: USER_H + 2.0 * TAG_STEP + 36.0,
    sibling_gap: 16.0,
    cousin_gap: 28.0,
};

/// The largest scale "fit to screen" uses (small trees are not blown up further).
pub const MAX_FIT_SCALE: f64 = 1.25;
