//! The layout pipeline: from the shown entries' texts to sizes, the tidy layout, the ARIA
//! nesting and the assembled views ([`build`]).

use super::*;
use fairshare::format::grouped;
use fairshare::layout;

/// Where the shown entries are drawn.
pub(super) struct Drawing {
    /// Per entry: left, top, width, height.
    pub(super) boxes: Vec<(f64, f64, f64, f64)>,
    pub(super) width: f64,
    pub(super) height: f64,
}

/// The ARIA tree's nesting of the shown entries.
pub(super) struct Nesting {
    /// Per entry: the entry of its parent treeitem.
    pub(super) dom_parent: Vec<Option<usize>>,
    /// Per entry: its group, in DOM order.
    pub(super) groups: Vec<Vec<ChildRef>>,
}

/// Width and height of a "… N more" / "… K levels" card.
pub(super) const EXTRA_W: f64 = 120.0;
pub(super) const EXTRA_H: f64 = 32.0;

/// Builds the view model of the shown entries: texts, layout (only of what is shown), boxes.
/// O(shown). Never panics on a valid tree and run of the same tree.
pub fn build(input: &ModelInput<'_>) -> TreeModel {
    if !fits(input) {
        return TreeModel::default();
    }
    let texts = entry_texts(input);
    let sizes = entry_sizes(input, &texts);
    let drawing = lay_out(input, &sizes);
    let keys = keys(input);
    let nesting = nest(input, &keys);
    assemble(input, texts, &drawing, nesting, &keys)
}

/// Whether the parts of `input` belong together (same tree, a visible set of it, rooted).
pub(super) fn fits(input: &ModelInput<'_>) -> bool {
    let (n, h, v) = (
        input.ranked.tree().len(),
        input.ranked.hierarchy(),
        input.visible,
    );
    let valid =
        n > 0 && h.len() == n && input.ranked.run().assocs().len() == n && input.outline.len() == n;
    let rooted = matches!(v.items.first(), Some(Item::Node { ix, .. }) if *ix == h.root());
    let in_range = v.items.iter().all(|it| match *it {
        Item::Node { ix, .. } => ix < n,
        Item::Gap { parent, .. } | Item::Elision { parent, .. } => parent < n,
    });
    valid && rooted && in_range && v.up.len() == v.items.len()
}

/// The texts of every shown entry.
pub(super) fn entry_texts(input: &ModelInput<'_>) -> Vec<EntryTexts> {
    let lang = input.lang;
    input
        .visible
        .items
        .iter()
        .map(|it| match *it {
            Item::Node { ix, open } => EntryTexts::Node(Box::new(node_texts(input, ix, open))),
            Item::Gap { from, to, .. } => {
                EntryTexts::Extra(TreeMsg::More.fill(lang, &[("n", &grouped((to - from).into()))]))
            }
            Item::Elision { levels, .. } => {
                EntryTexts::Extra(TreeMsg::Elided.fill(lang, &[("n", &grouped(levels.into()))]))
            }
        })
        .collect()
}

/// Width and height of every shown entry's card.
pub(super) fn entry_sizes(input: &ModelInput<'_>, texts: &[EntryTexts]) -> Vec<(f64, f64)> {
    let (assocs, h) = (input.ranked.tree().assocs(), input.ranked.hierarchy());
    input
        .visible
        .items
        .iter()
        .zip(texts)
        .map(|(it, t)| match (*it, t) {
            (Item::Node { ix, .. }, EntryTexts::Node(t)) => (
                card_width(assocs[ix].name(), t),
                if h.is_user(ix) { USER_H } else { ACCOUNT_H },
            ),
            _ => (EXTRA_W, EXTRA_H),
        })
        .collect()
}

/// The tidy layout of the shown entries. Drawing order: the DOM's, except that lists the
/// animation has not sorted yet are drawn in Slurm's list order.
pub(super) fn lay_out(input: &ModelInput<'_>, sizes: &[(f64, f64)]) -> Drawing {
    let (items, up) = (&input.visible.items, &input.visible.up);
    let m = items.len();
    let mut draw_kids: Vec<Vec<usize>> = vec![Vec::new(); m];
    for (i, up) in up.iter().enumerate() {
        if let Some(u) = up.map(|u| u as usize).filter(|&u| u < i) {
            draw_kids[u].push(i);
        }
    }
    if let Some(unsorted) = input.unsorted {
        for (u, kids) in draw_kids.iter_mut().enumerate() {
            if let Item::Node { ix, .. } = items[u]
                && unsorted.binary_search(&ix).is_ok()
            {
                let key = |i: usize| match items[i] {
                    Item::Node { ix: c, .. } => (0, input.outline.list_pos[c], i),
                    _ => (1, 0, i),
                };
                crate::sort::sort_by(kids, &|a, b| key(a).cmp(&key(b)));
            }
        }
    }
    let lay = layout::tidy(m, 0, |i| &draw_kids[i], |i| sizes[i].0, SPACING);
    let placed = |i: usize| {
        lay.nodes[i].unwrap_or(layout::Placement {
            x: 0.0,
            y: 0.0,
            depth: 0,
        })
    };
    let is_user = |i: usize| match items[i] {
        Item::Node { ix, .. } => input.ranked.hierarchy().is_user(ix),
        _ => false,
    };
    let tops = level_tops((0..m).map(|i| {
        let room = if is_user(i) {
            USER_TAG_ROOM
        } else {
            ACCOUNT_TAG_ROOM
        };
        (placed(i).depth as usize, sizes[i].1 + room)
    }));
    let boxes: Vec<(f64, f64, f64, f64)> = (0..m)
        .map(|i| {
            let (w, h) = sizes[i];
            let p = placed(i);
            (
                p.x - w / 2.0 + MARGIN,
                tops[p.depth as usize] + MARGIN,
                w,
                h,
            )
        })
        .collect();
    let height = tops.last().copied().unwrap_or(0.0) + MARGIN;
    Drawing {
        boxes,
        width: lay.width + 2.0 * MARGIN,
        height,
    }
}

/// Room under a user's card for its tags (what-if, tie rule), whether or not it has any now: a
/// tag appearing after an edit must not push the levels below it down.
pub(super) const USER_TAG_ROOM: f64 = 2.0 * TAG_STEP;
/// Room under an account's card for its tag ("+N hidden" or "new"; a collapsed new account's
/// second tag runs into the gap, where a collapsed account draws no edges).
pub(super) const ACCOUNT_TAG_ROOM: f64 = TAG_STEP;
/// Space between one level's tags and the next level's cards (the edges run through it).
pub(super) const LEVEL_GAP: f64 = 24.0;

/// The top of every level and, last, the bottom of the drawing, from each entry's (depth,
/// height of its card and tags): a level is as tall as its tallest entry, so levels of account
/// cards take less room than levels of user cards. O(entries).
pub(super) fn level_tops(entries: impl Iterator<Item = (usize, f64)>) -> Vec<f64> {
    let mut tallest: Vec<f64> = Vec::new();
    for (depth, h) in entries {
        if tallest.len() <= depth {
            tallest.resize(depth + 1, 0.0);
        }
        tallest[depth] = tallest[depth].max(h);
    }
    let mut tops = Vec::with_capacity(tallest.len() + 1);
    let mut y = 0.0;
    for h in tallest {
        tops.push(y);
        y += h + LEVEL_GAP;
    }
    tops.push((y - LEVEL_GAP).max(0.0));
    tops
}

/// The key of each shown entry in its parent's group. A run of hidden siblings ("… N more") is
/// keyed by its parent and its place among that parent's runs (0 first), not by the position
/// it starts at: when an edit moves the shown window beside it (the selected user's place among
/// its siblings), the run keeps its key, so its pill and button keep their elements and the
/// group keeps its DOM order (a new key removed and built both, and moved the entries between).
pub(super) fn keys(input: &ModelInput<'_>) -> Vec<ChildRef> {
    let id_of = |ix: usize| input.ranked.tree().assocs()[ix].id;
    let mut runs: HashMap<usize, u32> = HashMap::new();
    input
        .visible
        .items
        .iter()
        .map(|it| match *it {
            Item::Node { ix, .. } => ChildRef::Node(id_of(ix)),
            Item::Gap { parent, .. } => {
                let nth = runs.entry(parent).or_insert(0);
                *nth += 1;
                ChildRef::More(id_of(parent), *nth - 1)
            }
            Item::Elision { parent, .. } => ChildRef::Elision(id_of(parent)),
        })
        .collect()
}

/// Each entry's treeitem parent (an elision is not a treeitem: its entries belong to the
/// treeitem above it) and each node's group.
pub(super) fn nest(input: &ModelInput<'_>, keys: &[ChildRef]) -> Nesting {
    let (items, up) = (&input.visible.items, &input.visible.up);
    let m = items.len();
    let mut dom_parent: Vec<Option<usize>> = vec![None; m];
    for i in 1..m {
        dom_parent[i] = up[i].map(|u| u as usize).and_then(|u| match items[u] {
            Item::Node { .. } => Some(u),
            _ => dom_parent[u],
        });
    }
    let mut groups: Vec<Vec<ChildRef>> = vec![Vec::new(); m];
    for i in 1..m {
        if let Some(p) = dom_parent[i] {
            groups[p].push(keys[i]);
        }
    }
    Nesting { dom_parent, groups }
}

/// The views of the shown entries, from their texts, boxes and nesting.
pub(super) fn assemble(
    input: &ModelInput<'_>,
    texts: Vec<EntryTexts>,
    drawing: &Drawing,
    mut nesting: Nesting,
    keys: &[ChildRef],
) -> TreeModel {
    let v = input.visible;
    let boxes = &drawing.boxes;
    let canvas = (0.0, 0.0, drawing.width, drawing.height);
    let mut nodes = Vec::new();
    let mut extras = Vec::new();
    let mut index = HashMap::new();
    for (i, (it, t)) in v.items.iter().zip(texts).enumerate() {
        let b = boxes[i];
        let base = nesting.dom_parent[i].map_or(canvas, |p| boxes[p]);
        let edge = v.up[i]
            .map(|u| u as usize)
            .filter(|&u| u < boxes.len())
            .map(|u| edge_path(boxes[u], b));
        match (*it, t) {
            (Item::Node { ix, open }, EntryTexts::Node(t)) => {
                let group = std::mem::take(&mut nesting.groups[i]);
                let mut view = node_view(input, ix, open, *t, b, base, edge, group);
                view.card_style = card_style(b, canvas);
                index.insert(view.id, nodes.len());
                nodes.push(Arc::new(view));
            }
            (_, EntryTexts::Extra(text)) => extras.push(Arc::new(ExtraView {
                key: keys[i],
                range: match *it {
                    Item::Gap { from, to, .. } => Some((from, to)),
                    _ => None,
                },
                text,
                w: b.2,
                h: b.3,
                transform: translate(b.0, b.1),
                edge,
                overlay_style: overlay(b, base),
            })),
            _ => {}
        }
    }
    let draw_order: Vec<AssocId> =
        crate::sort::order(nodes.len(), &|a, b| by_ix_id(&nodes[a], &nodes[b]))
            .into_iter()
            .map(|k| nodes[k].id)
            .collect();
    TreeModel {
        root: Some(input.ranked.tree().assocs()[input.ranked.hierarchy().root()].id),
        nodes,
        extras,
        draw_order,
        width: drawing.width,
        height: drawing.height,
        index,
    }
}

/// The view of association `ix` drawn in box `b` (its treeitem's box relative to `base`).
#[allow(clippy::too_many_arguments)]
pub(super) fn node_view(
    input: &ModelInput<'_>,
    ix: usize,
    open: bool,
    t: NodeTexts,
    b: (f64, f64, f64, f64),
    base: (f64, f64, f64, f64),
    edge: Option<String>,
    children: Vec<ChildRef>,
) -> NodeView {
    let (h, run) = (input.ranked.hierarchy(), input.ranked.run());
    let a = &input.ranked.tree().assocs()[ix];
    let r = &run.assocs()[ix];
    let kind = kind_of(input, ix);
    let user = kind == AssocKind::User;
    let mut class = String::from("ft-node ");
    class.push_str(kind_class(kind));
    class.push(' ');
    class.push_str(t.band.as_class());
    let card = card_view(input, ix, &t, b.2, b.3);
    NodeView {
        id: a.id,
        ix,
        kind,
        level: h.depth(ix) + 1,
        parent: h.parent(ix).map(|p| input.ranked.tree().assocs()[p].id),
        children,
        has_children: !input.outline.kids(ix).is_empty(),
        expanded: open,
        name: a.name().to_string(),
        inferred: a.inferred,
        account: a.account.to_string(),
        level_fs_attr: r.level_fs.map(|lf| sig17(lf.to_f64())).unwrap_or_default(),
        // Users always carry them; on a partial tree they are empty (not computable).
        fairshare_attr: user.then(|| r.fairshare.map(sig17).unwrap_or_default()),
        rank_attr: user.then(|| r.rank.map(|k| k.to_string()).unwrap_or_default()),
        position_attr: user.then(|| run.position(ix).map(|k| k.to_string()).unwrap_or_default()),
        position_before_attr: input
            .what_if
            .and_then(|w| w.before)
            .filter(|_| user)
            .map(|before| {
                fairshare::snapshot::position_before(before, input.ranked, ix)
                    .map(|k| k.to_string())
                    .unwrap_or_default()
            }),
        shares_norm_attr: sig17(r.shares_norm),
        usage_effective_attr: sig17(r.usage_effective.to_f64()),
        label: t.label,
        class,
        card,
        artefact: t.artefact,
        bbox: b,
        transform: translate(b.0, b.1),
        card_style: String::new(),
        edge_style: edge.as_ref().map(|d| format!("d: path(\"{d}\");")),
        edge,
        overlay_style: overlay(b, base),
    }
}

/// Concatenates `prefix value suffix` pieces, each value with its number of decimals.
pub(super) fn css_list(parts: &[(&str, f64, u32, &str)]) -> String {
    let mut res = String::with_capacity(16 * parts.len());
    for &(prefix, value, decimals, suffix) in parts {
        res.push_str(prefix);
        fairshare::format::push_fixed(&mut res, value, decimals as usize);
        res.push_str(suffix);
    }
    res
}

/// A cubic edge from the bottom centre of box `from` to the top centre of box `to`.
pub(super) fn edge_path(from: (f64, f64, f64, f64), to: (f64, f64, f64, f64)) -> String {
    let (x1, y1) = (from.0 + from.2 / 2.0, from.1 + from.3);
    let (x2, y2) = (to.0 + to.2 / 2.0, to.1);
    let mid = (y1 + y2) / 2.0;
    css_list(&[
        ("M ", x1, 1, " "),
        ("", y1, 1, " C "),
        ("", x1, 1, " "),
        ("", mid, 1, ", "),
        ("", x2, 1, " "),
        ("", mid, 1, ", "),
        ("", x2, 1, " "),
        ("", y2, 1, ""),
    ])
}

/// Box `b` inside box `base` as CSS: width and height in drawing units times the canvas's scale
/// (`calc(var(--ft-scale) * w px)`: [`TreeModel::canvas_style`] sets `--ft-scale`, CSS pixels per
/// drawing unit), moved from `base`'s top-left corner by a `transform` in percentages of its own
/// size, `100 · (b.left − base.left) / b.width` and `100 · (b.top − base.top) / b.height`. A move
/// is then a change of `transform` alone, which the compositor animates (no layout, no repaint per
/// frame), and the box still scales with the drawing (a zoom changes `--ft-scale` alone).
///
/// Why not percentages of `base`'s size: the canvas is as wide as the drawing, which an edit that
/// moves a sibling list's shown window widens or narrows (the cards coming into the window are not
/// as wide as those leaving it). Every box sized in percentages of it then changed its style, and
/// was restyled and laid out again, though it had not moved; sized in drawing units, a box's style
/// changes only when it moves or its own size changes.
fn placed(b: (f64, f64, f64, f64), base: (f64, f64, f64, f64)) -> String {
    let (w, h) = (b.2.max(1e-9), b.3.max(1e-9));
    css_list(&[
        ("width: calc(var(--ft-scale) * ", b.2, 2, "px); "),
        ("height: calc(var(--ft-scale) * ", b.3, 2, "px); "),
        (
            "transform: translate(",
            100.0 * (b.0 - base.0) / w,
            4,
            "%, ",
        ),
        ("", 100.0 * (b.1 - base.1) / h, 4, "%);"),
    ])
}

/// The overlay box of `b` relative to `base` (its parent treeitem's box, or the canvas).
pub(super) fn overlay(b: (f64, f64, f64, f64), base: (f64, f64, f64, f64)) -> String {
    placed(b, base)
}

/// The live card's box `b` in the canvas (the drawing's box `canvas`).
pub(super) fn card_style(b: (f64, f64, f64, f64), canvas: (f64, f64, f64, f64)) -> String {
    placed(b, canvas)
}

pub(super) fn translate(left: f64, top: f64) -> String {
    css_list(&[
        ("transform: translate(", left, 1, "px, "),
        ("", top, 1, "px);"),
    ])
}
