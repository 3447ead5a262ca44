//! The CSS classes and `data-*` values the tree derives from enums: node kind, animation
//! status, the Level FS badge and colour band, the what-if trend.

use super::*;

/// The `ft-node--<kind>` class of a node.
pub fn kind_class(kind: AssocKind) -> &'static str {
    match kind {
        AssocKind::Root => "ft-node--root",
        AssocKind::Account => "ft-node--account",
        AssocKind::User => "ft-node--user",
        // Drawn as a user (it stands for users), with a dashed border.
        AssocKind::Hidden => "ft-node--user ft-node--hidden",
    }
}

/// The `data-kind` value of the UI contract.
pub fn kind_attr(kind: AssocKind) -> &'static str {
    match kind {
        AssocKind::Root => "root",
        AssocKind::Account => "account",
        AssocKind::User => "user",
        AssocKind::Hidden => "hidden",
    }
}

/// The class of a node's animation status (only used while the ranking animation runs).
pub fn status_class(status: NodeStatus) -> &'static str {
    match status {
        NodeStatus::Pending => "ft-node--pending",
        NodeStatus::Computed => "ft-node--computed",
        NodeStatus::Open => "ft-node--open",
        NodeStatus::Done => "ft-node--done",
        NodeStatus::Ranked => "ft-node--ranked",
    }
}

/// What the Level FS badge of a card says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LfBadge {
    /// No Level FS (the root).
    None,
    /// A finite, non-zero value (shown with `%f`).
    Number,
    /// `inf`: no usage.
    Inf,
    /// `0`: no shares.
    Zero,
    /// `parent`: FairShare=parent.
    Parent,
}

impl LfBadge {
    /// The badge's class (`ft-badge--…`).
    pub fn as_class(self) -> &'static str {
        match self {
            LfBadge::None => "ft-badge ft-badge--none",
            LfBadge::Number => "ft-badge ft-badge--number",
            LfBadge::Inf => "ft-badge ft-badge--inf",
            LfBadge::Zero => "ft-badge ft-badge--zero",
            LfBadge::Parent => "ft-badge ft-badge--parent",
        }
    }
}

/// The diverging colour band of a Level FS, centred at 1 (log scale, symmetric steps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(strum::EnumIter))]
pub enum LfBand {
    /// LF > 4.
    Under3,
    /// 2 < LF ≤ 4.
    Under2,
    /// 1.1 < LF ≤ 2.
    Under1,
    /// 0.9 ≤ LF ≤ 1.1.
    Even,
    /// 0.5 ≤ LF < 0.9.
    Over1,
    /// 0.25 ≤ LF < 0.5.
    Over2,
    /// 0 < LF < 0.25.
    Over3,
    /// LF = 0 (no shares).
    Zero,
    /// LF = inf (no usage: unused).
    Inf,
    /// FairShare=parent.
    Parent,
    /// No Level FS (the root).
    None,
}

impl LfBand {
    /// Every band, in legend order.
    pub const ALL: [LfBand; 11] = [
        LfBand::Inf,
        LfBand::Under3,
        LfBand::Under2,
        LfBand::Under1,
        LfBand::Even,
        LfBand::Over1,
        LfBand::Over2,
        LfBand::Over3,
        LfBand::Zero,
        LfBand::Parent,
        LfBand::None,
    ];

    /// The band of an association's Level FS: the engine's case ([`LevelFsRule`]) decides
    /// root, FairShare=parent, no shares (LF = 0) and no usage (LF = +∞); only a ratio S / U is
    /// banded by its value (for colour only; the value shown is the engine's).
    pub fn of(rule: LevelFsRule, level_fs: Option<LongDouble>) -> LfBand {
        match (rule, level_fs) {
            (LevelFsRule::Root, _) | (LevelFsRule::Ratio, None) => LfBand::None,
            (LevelFsRule::ParentAccount | LevelFsRule::ParentUser, _) => LfBand::Parent,
            (LevelFsRule::NoShares, _) => LfBand::Zero,
            (LevelFsRule::NoUsage, _) => LfBand::Inf,
            (LevelFsRule::Ratio, Some(lf)) => match lf.to_f64() {
                x if x > 4.0 => LfBand::Under3,
                x if x > 2.0 => LfBand::Under2,
                x if x > 1.1 => LfBand::Under1,
                x if x >= 0.9 => LfBand::Even,
                x if x >= 0.5 => LfBand::Over1,
                x if x >= 0.25 => LfBand::Over2,
                _ => LfBand::Over3,
            },
        }
    }

    /// The `ft-lf--…` class (colours live in style/tree.css).
    pub fn as_class(self) -> &'static str {
        match self {
            LfBand::Under3 => "ft-lf--under3",
            LfBand::Under2 => "ft-lf--under2",
            LfBand::Under1 => "ft-lf--under1",
            LfBand::Even => "ft-lf--even",
            LfBand::Over1 => "ft-lf--over1",
            LfBand::Over2 => "ft-lf--over2",
            LfBand::Over3 => "ft-lf--over3",
            LfBand::Zero => "ft-lf--zero",
            LfBand::Inf => "ft-lf--inf",
            LfBand::Parent => "ft-lf--parent",
            LfBand::None => "ft-lf--none",
        }
    }

    /// The legend text.
    pub fn message(self) -> TreeMsg {
        match self {
            LfBand::Under3 => TreeMsg::BandUnder3,
            LfBand::Under2 => TreeMsg::BandUnder2,
            LfBand::Under1 => TreeMsg::BandUnder1,
            LfBand::Even => TreeMsg::BandEven,
            LfBand::Over1 => TreeMsg::BandOver1,
            LfBand::Over2 => TreeMsg::BandOver2,
            LfBand::Over3 => TreeMsg::BandOver3,
            LfBand::Zero => TreeMsg::BandZero,
            LfBand::Inf => TreeMsg::BandInf,
            LfBand::Parent => TreeMsg::BandParent,
            LfBand::None => TreeMsg::BandNone,
        }
    }
}

/// Direction of a what-if move, in positions (1 = first served, so up is a smaller position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trend {
    /// Served earlier than in the baseline.
    Up,
    /// Served later.
    Down,
    /// Not in the baseline.
    New,
}

impl Trend {
    /// The tag's class.
    pub fn as_class(self) -> &'static str {
        match self {
            Trend::Up => "ft-tag ft-tag--up",
            Trend::Down => "ft-tag ft-tag--down",
            Trend::New => "ft-tag ft-tag--new",
        }
    }
}
