//! The texts of a card and its accessible name, and the card's size and contents.

use super::*;
use fairshare::format::grouped;

pub(super) fn text_w(text: &str, per_char: f64) -> f64 {
    text.chars()
        .map(|c| {
            if c.is_ascii() {
                per_char
            } else {
                per_char * 1.8
            }
        })
        .sum()
}

pub(super) fn cut_name(name: &str) -> String {
    let room = MAX_W - ICON_W - PAD;
    if text_w(name, NAME_CH) <= room {
        return name.to_string();
    }
    let mut res = String::new();
    let mut used = NAME_CH; // The ellipsis.
    for c in name.chars() {
        used += text_w(c.encode_utf8(&mut [0; 4]), NAME_CH);
        if used > room {
            break;
        }
        res.push(c);
    }
    res.push('…');
    res
}

/// A tag's text and class, before it is placed under the card.
pub(super) struct TagText {
    pub(super) text: String,
    pub(super) class: &'static str,
}

/// The texts of one association's card and accessible name (the card's width depends on
/// them, so they come before the layout).
pub(super) struct NodeTexts {
    pub(super) shares: String,
    pub(super) s: String,
    pub(super) usage: String,
    pub(super) u: String,
    pub(super) level_fs_label: String,
    pub(super) badge: String,
    pub(super) badge_kind: LfBadge,
    /// Users: "position p of N" and "FS f".
    pub(super) rank: Option<(String, String)>,
    pub(super) tags: Vec<TagText>,
    pub(super) label: String,
    pub(super) artefact: Option<String>,
    pub(super) band: LfBand,
}

/// The texts of one shown entry: an association's card, or what a "… N more" or "… K levels"
/// entry says.
pub(super) enum EntryTexts {
    Node(Box<NodeTexts>),
    Extra(String),
}

/// The card of association `ix`, `w` × `card_h`, from its texts.
pub(super) fn card_view(
    input: &ModelInput<'_>,
    ix: usize,
    t: &NodeTexts,
    w: f64,
    card_h: f64,
) -> CardView {
    let a = &input.ranked.tree().assocs()[ix];
    let bw = badge_w(&t.badge);
    let bar_w = w - 2.0 * PAD;
    let fairshare = fairshare::clamp(
        input.ranked.run().assocs()[ix].fairshare.unwrap_or(0.0),
        0.0,
        1.0,
    );
    CardView {
        kind: kind_of(input, ix),
        display_name: if a.kind() == AssocKind::Hidden {
            cut_name(&TreeMsg::CardHiddenName.fill(input.lang, &[("account", &a.account)]))
        } else {
            cut_name(a.name())
        },
        shares: t.shares.clone(),
        s: t.s.clone(),
        usage: t.usage.clone(),
        u: t.u.clone(),
        level_fs_label: t.level_fs_label.clone(),
        badge: Badge {
            text: t.badge.clone(),
            kind: t.badge_kind,
            x: w - PAD - bw,
            w: bw,
            cx: w - PAD - bw / 2.0,
        },
        rank: t.rank.as_ref().map(|(position, fs)| RankLine {
            position: position.clone(),
            fairshare: fs.clone(),
            bar_w,
            fill_w: bar_w * fairshare,
        }),
        tags: t
            .tags
            .iter()
            .enumerate()
            .map(|(k, tag)| Tag {
                text: tag.text.clone(),
                class: tag.class,
                y: card_h + TAG_STEP * (k as f64 + 1.0) - 2.0,
            })
            .collect(),
        artefact: t
            .artefact
            .is_some()
            .then(|| TreeMsg::BadgeArtefact.text(input.lang).to_string()),
        w,
        h: card_h,
        inner_w: w - 2.0 * INNER_INSET,
        inner_h: card_h - 2.0 * INNER_INSET,
        right_x: w - PAD,
    }
}

pub(super) fn artefact_text(tree: &AssocTree, artefact: RoundingArtefact, lang: Lang) -> String {
    let (msg, sibling) = match artefact {
        RoundingArtefact::TieOnlyInLongDouble { sibling } => (TreeMsg::ArtefactTie, sibling),
        RoundingArtefact::NoTieOnlyInLongDouble { sibling } => (TreeMsg::ArtefactNoTie, sibling),
        RoundingArtefact::OrderOnlyInLongDouble { sibling } => (TreeMsg::ArtefactOrder, sibling),
    };
    let name = tree.assocs().get(sibling).map_or("?", |a| a.name());
    msg.fill(lang, &[("sibling", name)])
}

/// The kind a node is drawn as (the root by position, not by its fields).
pub(super) fn kind_of(input: &ModelInput<'_>, ix: usize) -> AssocKind {
    if ix == input.ranked.hierarchy().root() {
        AssocKind::Root
    } else {
        input.ranked.tree().assocs()[ix].kind()
    }
}

/// The what-if tag and accessible-name addition of user `ix`: new since the baseline, or moved
/// (in positions) according to the engine's diff.
pub(super) fn what_if(input: &ModelInput<'_>, ix: usize) -> Option<(TagText, String)> {
    let lang = input.lang;
    let w = input.what_if?;
    if w.base
        .tree()
        .get(input.ranked.tree().assocs()[ix].id)
        .is_none()
    {
        let tag = TagText {
            text: TreeMsg::TagNew.text(lang).to_string(),
            class: Trend::New.as_class(),
        };
        return Some((tag, TreeMsg::LabelNew.text(lang).to_string()));
    }
    let m = fairshare::diff::moved(w.base, w.cur, ix)?;
    let (old, new) = (m.old_position, m.new_position);
    let (trend, arrow) = match new.cmp(&old) {
        std::cmp::Ordering::Less => (Trend::Up, TreeMsg::TagUp),
        std::cmp::Ordering::Greater => (Trend::Down, TreeMsg::TagDown),
        std::cmp::Ordering::Equal => return None,
    };
    let (old, new) = (grouped(old.into()), grouped(new.into()));
    let arrow = arrow.fill(lang, &[("delta", &grouped(m.places_moved().into()))]);
    let change = TreeMsg::TagPosition.fill(lang, &[("old", &old), ("new", &new)]);
    let fs = |v: f64| trim_fixed(&sshare::format_double(v));
    let label = TreeMsg::LabelPositionChange.fill(
        lang,
        &[
            ("old", &old),
            ("new", &new),
            ("old_fs", &fs(m.old_fairshare)),
            ("new_fs", &fs(m.new_fairshare)),
        ],
    );
    let tag = TagText {
        text: format!("{arrow} {change}"),
        class: trend.as_class(),
    };
    Some((tag, label))
}

/// What the Level FS badge of association `ix` says, and its kind.
pub(super) fn badge_of(input: &ModelInput<'_>, ix: usize) -> (String, LfBadge) {
    let lang = input.lang;
    if input.ranked.tree().assocs()[ix].shares.is_parent() {
        return (TreeMsg::BadgeParent.text(lang).to_string(), LfBadge::Parent);
    }
    let r = &input.ranked.run().assocs()[ix];
    match (r.level_fs_rule, r.level_fs) {
        (LevelFsRule::ParentAccount | LevelFsRule::ParentUser, _) => {
            (TreeMsg::BadgeParent.text(lang).to_string(), LfBadge::Parent)
        }
        (LevelFsRule::NoUsage, _) => (TreeMsg::BadgeInf.text(lang).to_string(), LfBadge::Inf),
        (LevelFsRule::NoShares, _) => (TreeMsg::BadgeZero.text(lang).to_string(), LfBadge::Zero),
        (LevelFsRule::Ratio, Some(lf)) => (sshare::format_double(lf.to_f64()), LfBadge::Number),
        (LevelFsRule::Root | LevelFsRule::Ratio, _) => {
            (TreeMsg::NoValue.text(lang).to_string(), LfBadge::None)
        }
    }
}

/// The card texts and the accessible name of association `ix`, shown `open` or collapsed.
pub(super) fn node_texts(input: &ModelInput<'_>, ix: usize, open: bool) -> NodeTexts {
    let (tree, run, lang) = (input.ranked.tree(), input.ranked.run(), input.lang);
    let a = &tree.assocs()[ix];
    let r = &run.assocs()[ix];
    let kind = kind_of(input, ix);
    let row = sshare::fair_tree_row(input.ranked, ix);
    let cell = |column: Column| row.cell_text(column);
    // The card's lines and accessible names group positions and counts (`1,352 of 10,000`), as
    // every sentence does.
    let n_users = grouped(run.n_users().into());
    let no_value = TreeMsg::NoValue.text(lang);
    let (badge, badge_kind) = badge_of(input, ix);
    let shares = match cell(Column::RawShares) {
        s if s.is_empty() => no_value.to_string(),
        s => s,
    };
    let spoken_lf = if badge_kind == LfBadge::Number {
        trim_fixed(&badge)
    } else {
        badge.clone()
    };
    // On a partial tree FairShare and rank are not computable (the engine gives none).
    let partial = tree.is_partial();
    let fairshare_text = match cell(Column::FairShare) {
        s if s.is_empty() && partial => no_value.to_string(),
        s => s,
    };
    let spoken_fairshare = if partial && r.fairshare.is_none() {
        TreeMsg::NotComputable.text(lang).to_string()
    } else {
        trim_fixed(&fairshare_text)
    };
    let counted = |k: Option<u32>| k.map_or_else(|| no_value.to_string(), |k| grouped(k.into()));
    let mut label = match kind {
        AssocKind::Root => TreeMsg::LabelRoot.fill(lang, &[("name", a.name()), ("n", &n_users)]),
        AssocKind::Account => {
            TreeMsg::LabelAccount.fill(lang, &[("name", a.name()), ("level_fs", &spoken_lf)])
        }
        AssocKind::User => TreeMsg::LabelUser.fill(
            lang,
            &[
                ("name", a.name()),
                ("account", &a.account),
                ("position", &counted(run.position(ix))),
                ("rank", &counted(r.rank)),
                ("n", &n_users),
                ("fairshare", &spoken_fairshare),
                ("level_fs", &spoken_lf),
            ],
        ),
        AssocKind::Hidden => TreeMsg::LabelHidden.fill(
            lang,
            &[
                ("account", &a.account),
                ("shares", &shares),
                ("usage", &cell(Column::RawUsage)),
                ("level_fs", &spoken_lf),
            ],
        ),
    };
    let (tags, additions) = tag_texts(input, ix, kind, open);
    for text in &additions {
        label.push_str("; ");
        label.push_str(text);
    }
    let artefact = r.artefact.map(|art| artefact_text(tree, art, lang));
    if let Some(text) = &artefact {
        label.push_str("; ");
        label.push_str(text);
    }
    NodeTexts {
        shares: TreeMsg::CardShares.fill(lang, &[("value", &shares)]),
        s: TreeMsg::CardS.fill(lang, &[("value", &cell(Column::NormShares))]),
        usage: TreeMsg::CardUsage.fill(lang, &[("value", &cell(Column::RawUsage))]),
        u: TreeMsg::CardU.fill(lang, &[("value", &cell(Column::EffectvUsage))]),
        level_fs_label: if kind == AssocKind::Root {
            TreeMsg::CardUsers.fill(lang, &[("n", &n_users)])
        } else {
            TreeMsg::CardLevelFs.text(lang).to_string()
        },
        badge,
        badge_kind,
        // The card reads the position only (Slurm's rank is in the name and the sshare table):
        // four-digit ranks did not fit beside FairShare on a card.
        rank: (kind == AssocKind::User).then(|| {
            (
                TreeMsg::CardRank.fill(
                    lang,
                    &[("position", &counted(run.position(ix))), ("n", &n_users)],
                ),
                TreeMsg::CardFairShare.fill(lang, &[("fairshare", &fairshare_text)]),
            )
        }),
        tags,
        label,
        artefact,
        band: LfBand::of(r.level_fs_rule, r.level_fs),
    }
}

/// The tags under the card of association `ix` and what each adds to its accessible name:
/// the what-if move, Slurm's rank where the chosen tie rule gives another, the hidden count.
pub(super) fn tag_texts(
    input: &ModelInput<'_>,
    ix: usize,
    kind: AssocKind,
    open: bool,
) -> (Vec<TagText>, Vec<String>) {
    let lang = input.lang;
    let mut tags = Vec::new();
    let mut additions = Vec::new();
    if kind == AssocKind::User {
        if let Some(before) = input.what_if.and_then(|w| w.before) {
            let old = fairshare::snapshot::position_before(before, input.ranked, ix);
            additions.push(crate::panels::snapshot_panel::move_text(
                old,
                input.ranked.run().position(ix),
                lang,
            ));
        }
        if let Some((tag, text)) = what_if(input, ix) {
            tags.push(tag);
            additions.push(text);
        }
        let slurm_rank = input
            .slurm_run
            .and_then(|slurm| slurm.assocs().get(ix))
            .and_then(|s| s.rank);
        if let Some(k) = slurm_rank.filter(|&k| Some(k) != input.ranked.run().assocs()[ix].rank) {
            let text = TreeMsg::TieRuleDiff.fill(lang, &[("rank", &grouped(k.into()))]);
            additions.push(text.clone());
            tags.push(TagText {
                text,
                class: "ft-tag ft-tag--tie-rule",
            });
        }
    }
    let below = input.outline.below.get(ix).copied().unwrap_or(0);
    if !open && below > 0 {
        tags.push(TagText {
            text: TreeMsg::CardHidden.fill(lang, &[("n", &grouped(below.into()))]),
            class: "ft-tag ft-tag--hidden",
        });
        let users = input.outline.users.get(ix).copied().unwrap_or(0);
        additions.push(TreeMsg::LabelCollapsed.fill(lang, &[("users", &grouped(users.into()))]));
    }
    (tags, additions)
}

pub(super) fn badge_w(badge: &str) -> f64 {
    text_w(badge, MONO_CH) + 12.0
}

/// The width of a card, from its texts.
pub(super) fn card_width(name: &str, t: &NodeTexts) -> f64 {
    let line = |l: &str, r: &str| text_w(l, MONO_CH) + text_w(r, MONO_CH) + 2.0 * PAD + 14.0;
    let mut w = text_w(&cut_name(name), NAME_CH) + ICON_W + PAD + 18.0;
    w = w.max(line(&t.shares, &t.s));
    w = w.max(line(&t.usage, &t.u));
    w = w.max(text_w(&t.level_fs_label, MONO_CH) + badge_w(&t.badge) + 2.0 * PAD + 14.0);
    if let Some((rank, fs)) = &t.rank {
        w = w.max(line(rank, fs));
    }
    for tag in &t.tags {
        w = w.max(text_w(&tag.text, MONO_CH) + 2.0 * PAD);
    }
    fairshare::clamp(w, MIN_W, MAX_W)
}
