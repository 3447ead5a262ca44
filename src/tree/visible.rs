//! The visible set: which associations the tree shows, so that a tree of any size is drawn
//! with readable cards ("show less, never smaller").
//!
//! - Trees of at most [`SMALL_TREE`] associations open fully expanded. Bigger ones open with
//!   the root and the first level open (and the second when the root has few children).
//! - The path to each *focus* association (the selection, the compared user, the node the
//!   walk is visiting) is open, so a focus association is always shown (an ancestor the person
//!   collapsed on purpose stays collapsed, except for the walk's node).
//! - Sibling groups bigger than [`WINDOW_ALL`] are windowed: the first [`HEAD`], the last
//!   [`TAIL`], [`NEAR`] on each side of a focus child, the block of [`BLOCK`] around the walk's
//!   child (with one more sibling on each side), the pages the person opened, and a
//!   [`Item::Gap`] ("… N more") for each run of hidden siblings. The walk's window moves by
//!   blocks, not by one sibling a step: a window that slides moves every card of the group at
//!   each step (the tidy layout centres the group), a still one only marks the next card.
//! - Long chains below nesting depth [`ELIDE_FROM`] (a deep path to a focus node, or accounts
//!   with one child each) are elided: [`Item::Elision`] ("… K levels") stands for the middle,
//!   and the last [`KEEP_BOTTOM`] levels above the chain's end are shown. So the nesting of the
//!   view stays bounded whatever the depth of the tree; `aria-level` stays the true depth.
//! - At most about [`MAX_VISIBLE`] associations: beyond it, open accounts off the focus paths
//!   are shown collapsed.
//!
//! Cost: [`Outline::new`] is O(N) once per run (in a few allocations; [`Outline::with_run`]
//! keeps the hierarchy's parts for another run of the same structure, and [`Outline::follow`]
//! keeps the whole outline for a run that walks as the last one did); [`visible`] is O(shown + focus path lengths),
//! never O(N); everything is iterative (no recursion per level). Pure, tested natively.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Weak};

use fairshare::step::Step;
use fairshare::tree::Structure;
use fairshare::{FairTreeRun, Hierarchy, Ranked};

use crate::state::ByTrace;

/// Trees up to this size open fully expanded (every small example shows everything).
pub const SMALL_TREE: usize = 200;
/// When the root has at most this many children, the second level opens too.
pub const FEW: usize = 8;
/// Sibling groups up to this size are shown whole.
pub const WINDOW_ALL: usize = 12;
/// Windowed groups: how many of the first children are shown.
pub const HEAD: u32 = 5;
/// Windowed groups: how many of the last children are shown.
pub const TAIL: u32 = 2;
/// Windowed groups: siblings shown on each side of a focus child.
pub const NEAR: u32 = 2;
/// Windowed groups: the walk's child is shown with the siblings of its block of this many
/// (positions `BLOCK · b .. BLOCK · (b + 1)`) and one more on each side.
pub const BLOCK: u32 = 5;
/// How many more siblings one click on "… N more" shows.
pub const PAGE: u32 = 20;
/// Nesting depth (root = 0) from which long chains are elided.
pub const ELIDE_FROM: u32 = 6;
/// Levels shown above the end of an elided chain.
pub const KEEP_BOTTOM: usize = 3;
/// Nesting depth beyond which accounts off the focus paths are shown collapsed.
pub const HARD_CAP: u32 = 24;
/// About how many associations are shown at most.
pub const MAX_VISIBLE: usize = 400;

/// What the visible set needs of a run (O(N)). The parts that depend only on the hierarchy are
/// shared between the outlines of one hierarchy's runs ([`Outline::with_run`]); each child
/// list is a slice of one array, so an outline is a few allocations whatever the tree's size.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outline {
    /// Per association: where its children start in `kids_flat` (and, one past the last
    /// association, the end).
    kids_at: Arc<Vec<u32>>,
    /// Every association's real children in Fair Tree visiting order, one list after another.
    kids_flat: Arc<Vec<u32>>,
    /// Per association: its position among its parent's `kids`.
    pub pos: Arc<Vec<u32>>,
    /// Per association: its position among its parent's children in Slurm's list order.
    pub list_pos: Arc<Vec<u32>>,
    /// Per association: its real parent.
    pub parent: Arc<Vec<Option<u32>>>,
    /// Per association: depth (root = 0).
    pub depth: Arc<Vec<u32>>,
    /// Per association: how many associations are below it.
    pub below: Arc<Vec<u32>>,
    /// Per association: how many user associations are below it (itself included).
    pub users: Arc<Vec<u32>>,
    /// The root.
    pub root: usize,
}

/// What an [`Outline`] was made from ([`Outline::follow`]): its tree's structure and its run's
/// walk (the trace, held as a `Weak`, which keeps its address from being reused), and the
/// outlines of the last walks shown, by walk: a timeline's scrubber moved back and forth shows
/// the same snapshots again, whose outlines are taken back rather than made again (O(N) in a
/// step's frame: ~0.3–0.9 ms of a 10k step in a no-wasm-opt profile).
#[derive(Debug, Default)]
pub struct MadeFrom {
    structure: Option<Structure>,
    walk: Weak<Vec<Step>>,
    kept: ByTrace<(Structure, Outline)>,
}

impl MadeFrom {
    /// How many outlines were taken back from those kept (for tests).
    pub fn hits(&self) -> usize {
        self.kept.hits()
    }
}

impl Outline {
    /// The outline of a run on its hierarchy. Empty when they do not fit together.
    pub fn new(h: &Hierarchy, run: &FairTreeRun) -> Outline {
        let n = h.len();
        if n == 0 || run.assocs().len() != n {
            return Outline::default();
        }
        let mut kids_at = vec![0u32; n + 1];
        for ix in 0..n {
            if let Some(p) = h.parent(ix) {
                kids_at[p + 1] += 1;
            }
        }
        for k in 0..n {
            kids_at[k + 1] += kids_at[k];
        }
        let mut list_pos = vec![0; n];
        for p in 0..n {
            for (k, c) in h.children(p).enumerate() {
                list_pos[c] = k as u32;
            }
        }
        let mut below = vec![0u32; n];
        let mut users: Vec<u32> = (0..n).map(|ix| u32::from(h.is_user(ix))).collect();
        for &ix in h.list_order().iter().rev() {
            if let Some(p) = h.parent(ix) {
                below[p] += below[ix] + 1;
                users[p] += users[ix];
            }
        }
        let shape = Outline {
            kids_at: Arc::new(kids_at),
            kids_flat: Arc::default(),
            pos: Arc::default(),
            list_pos: Arc::new(list_pos),
            parent: Arc::new((0..n).map(|ix| h.parent(ix).map(|p| p as u32)).collect()),
            depth: Arc::new((0..n).map(|ix| h.depth(ix)).collect()),
            below: Arc::new(below),
            users: Arc::new(users),
            root: h.root(),
        };
        Outline::with_run(&shape, h, run)
    }

    /// The outline of `ranked`, following `prev` (the outline last made, from what `from` says;
    /// updated here), and whether it differs from `prev`:
    /// - a run that walks as `prev`'s did on the same structure (a value edit that moved no
    ///   entry of any sibling list shares the walk, its trace and visiting order) is `prev`
    ///   itself, O(1);
    /// - another run of the same structure (any other Shares or Raw usage edit: each makes a
    ///   new `Hierarchy`, but its parents, list order and depths are the same) shares `prev`'s
    ///   hierarchy parts and orders the children again ([`Outline::with_run`]);
    /// - a walk shown a moment ago (one of the last few, [`ByTrace`]) takes back the outline
    ///   made then, O(1) (every part is shared);
    /// - anything else is made afresh ([`Outline::new`]).
    pub fn follow(prev: Option<Outline>, from: &mut MadeFrom, ranked: &Ranked) -> (Outline, bool) {
        let structure = ranked.tree().structure();
        let walk = ranked.run().shared_steps();
        let same_structure = from.structure.as_ref() == Some(&structure);
        let same_walk = same_structure && std::ptr::eq(from.walk.as_ptr(), Arc::as_ptr(&walk));
        from.structure = Some(structure.clone());
        from.walk = Arc::downgrade(&walk);
        let (h, run) = (ranked.hierarchy(), ranked.run());
        let prev = match prev {
            Some(prev) if same_walk => return (prev, false),
            prev => prev,
        };
        let make = || match prev.as_ref() {
            Some(prev) if same_structure => Outline::with_run(prev, h, run),
            _ => Outline::new(h, run),
        };
        // A walk belongs to one structure (runs share a walk only across value edits); the
        // structure is checked anyway, so a kept outline never meets another tree.
        let (kept_structure, kept) = from.kept.get_or_make(&walk, || (structure.clone(), make()));
        let next = if kept_structure == structure {
            kept
        } else {
            make()
        };
        let changed = prev.is_none_or(|prev| next != prev);
        (next, changed)
    }

    /// The outline of `run` on the hierarchy `shape` was made for (another run of it, or of a
    /// hierarchy of the same structure: an edit of usage or shares keeps it): shares its
    /// hierarchy's parts and orders the children again, O(N) in three allocations.
    pub fn with_run(shape: &Outline, h: &Hierarchy, run: &FairTreeRun) -> Outline {
        let n = h.len();
        if n == 0 || run.assocs().len() != n || shape.kids_at.len() != n + 1 {
            return Outline::default();
        }
        let mut next: Vec<u32> = shape.kids_at[..n].to_vec();
        let mut kids_flat = vec![0u32; shape.kids_at[n] as usize];
        let mut pos = vec![0u32; n];
        let mut place = |ix: usize, p: usize, kids_flat: &mut Vec<u32>| {
            let at = next[p];
            if let Some(slot) = kids_flat.get_mut(at as usize) {
                *slot = ix as u32;
                pos[ix] = at - shape.kids_at[p];
                next[p] += 1;
            }
        };
        let mut seen = vec![false; n];
        // The visit order lists every association once, each after its parent, siblings in
        // the order the walk reaches them.
        for &ix in run.visit_order() {
            if let Some(s) = seen.get_mut(ix)
                && !*s
                && let Some(p) = h.parent(ix)
            {
                *s = true;
                place(ix, p, &mut kids_flat);
            }
        }
        // Not visited (never in a valid run): last, in list order.
        for (ix, &s) in seen.iter().enumerate() {
            if !s && let Some(p) = h.parent(ix) {
                place(ix, p, &mut kids_flat);
            }
        }
        Outline {
            kids_at: Arc::clone(&shape.kids_at),
            kids_flat: Arc::new(kids_flat),
            pos: Arc::new(pos),
            list_pos: Arc::clone(&shape.list_pos),
            parent: Arc::clone(&shape.parent),
            depth: Arc::clone(&shape.depth),
            below: Arc::clone(&shape.below),
            users: Arc::clone(&shape.users),
            root: shape.root,
        }
    }

    /// The real children of `ix` in Fair Tree visiting order (none for a position out of range).
    pub fn kids(&self, ix: usize) -> &[u32] {
        match (self.kids_at.get(ix), self.kids_at.get(ix + 1)) {
            (Some(&a), Some(&b)) => self.kids_flat.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Number of associations.
    pub fn len(&self) -> usize {
        self.kids_at.len().saturating_sub(1)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What the person (and the walk) asked to see.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Request {
    /// Accounts collapsed on purpose.
    pub collapsed: HashSet<usize>,
    /// Accounts expanded on purpose.
    pub expanded: HashSet<usize>,
    /// Associations to show (the selection, the compared user), unless an ancestor was
    /// collapsed on purpose.
    pub focus: Vec<usize>,
    /// Per parent: ranges `[from, to)` of child positions the person paged in.
    pub pages: HashMap<usize, Vec<(u32, u32)>>,
}

/// One shown entry, in DOM order (pre-order, children in visiting order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// An association; `open`: its children are shown.
    Node {
        /// The association.
        ix: usize,
        /// Whether its children are shown (`aria-expanded`).
        open: bool,
    },
    /// "… N more": the children of `parent` at positions `[from, to)` are hidden.
    Gap {
        /// The parent association.
        parent: usize,
        /// First hidden position.
        from: u32,
        /// One past the last hidden position.
        to: u32,
    },
    /// "… K levels": `levels` associations between `parent` and the next node are hidden.
    Elision {
        /// The association above the hidden levels.
        parent: usize,
        /// How many levels are hidden.
        levels: u32,
    },
}

/// The visible set.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Visible {
    /// Shown entries in DOM order; the root first.
    pub items: Vec<Item>,
    /// Per item: the item it hangs from in the drawing (an elision for the node after it).
    pub up: Vec<Option<u32>>,
}

impl Visible {
    /// The index of the shown node of association `ix`.
    pub fn find(&self, ix: usize) -> Option<usize> {
        self.items
            .iter()
            .position(|it| matches!(*it, Item::Node { ix: i, .. } if i == ix))
    }

    /// The shown associations whose children are shown (open accounts), in DOM order.
    pub fn open_nodes(&self) -> impl Iterator<Item = usize> + '_ {
        self.items.iter().filter_map(|it| match *it {
            Item::Node { ix, open: true } => Some(ix),
            _ => None,
        })
    }

    /// How many associations are shown.
    pub fn node_count(&self) -> usize {
        self.items
            .iter()
            .filter(|it| matches!(it, Item::Node { .. }))
            .count()
    }

    /// The item a shown entry is nested in, in the DOM: the nearest node above it (elisions
    /// are not treeitems, so the node after an elision is nested in the elision's parent).
    pub fn dom_parent(&self, item: usize) -> Option<usize> {
        let mut up = self.up.get(item).copied().flatten();
        while let Some(u) = up {
            if matches!(self.items.get(u as usize), Some(Item::Node { .. })) {
                return Some(u as usize);
            }
            up = self.up.get(u as usize).copied().flatten();
        }
        None
    }
}

enum Pending {
    Node {
        ix: usize,
        up: Option<u32>,
        nest: u32,
    },
    Other {
        item: Item,
        up: u32,
    },
}

/// Merges ranges (sorted by start), joining ranges separated by at most one position (a gap
/// of one would show "… 1 more" instead of the one sibling).
fn merge(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    ranges.retain(|r| r.0 < r.1);
    let order = crate::sort::order(ranges.len(), &|a, b| ranges[a].cmp(&ranges[b]));
    let mut res: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for r in order.into_iter().map(|k| ranges[k]) {
        match res.last_mut() {
            Some(last) if r.0 <= last.1 + 1 => last.1 = last.1.max(r.1),
            _ => res.push(r),
        }
    }
    res
}

/// The positions shown around the walk's child at position `p` of a windowed group of `k`:
/// its block of [`BLOCK`] and one sibling on each side, so the window stays still while the
/// walk goes through the block, and the walk's child always has its neighbours shown.
pub fn walk_block(p: u32, k: u32) -> (u32, u32) {
    let start = p - p % BLOCK;
    (start.saturating_sub(1), (start + BLOCK + 1).min(k))
}

/// Computes the visible set of `outline` for `request`; `follow` (the association the walk is
/// visiting) is always shown.
pub fn visible(outline: &Outline, request: &Request, follow: Option<usize>) -> Visible {
    let o = outline;
    let n = o.len();
    if n == 0 || o.root >= n {
        return Visible::default();
    }
    let small = n <= SMALL_TREE;
    let few = o.kids(o.root).len() <= FEW;
    // Per association on a focus path: its children towards the focus associations.
    let mut toward: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut always: HashSet<usize> = HashSet::new();
    // Per association on a focus path: its child towards a focus other than the walk's node
    // (windowed by [`NEAR`]); on the walk's path: its child towards the walk (by [`BLOCK`]).
    let mut near: HashSet<usize> = HashSet::new();
    let mut walk_child: HashMap<usize, usize> = HashMap::new();
    let follow = follow.filter(|&f| f < n);
    for (&f, is_follow) in request
        .focus
        .iter()
        .map(|f| (f, false))
        .chain(follow.iter().map(|f| (f, true)))
    {
        if f >= n {
            continue;
        }
        let mut child = f;
        while let Some(p) = o.parent[child].map(|p| p as usize) {
            let list = toward.entry(p).or_default();
            if !list.contains(&child) {
                list.push(child);
            }
            if is_follow {
                always.insert(p);
                walk_child.insert(p, child);
            } else {
                near.insert(child);
            }
            child = p;
        }
    }
    let targets: HashSet<usize> = request
        .focus
        .iter()
        .copied()
        .chain(follow)
        .filter(|&f| f < n)
        .collect();
    let is_open = |ix: usize| -> bool {
        if o.kids(ix).is_empty() {
            return false;
        }
        if always.contains(&ix) {
            return true;
        }
        if request.collapsed.contains(&ix) {
            return false;
        }
        if toward.contains_key(&ix) || request.expanded.contains(&ix) {
            return true;
        }
        let depth = o.depth[ix];
        small || depth == 0 || (depth == 1 && few)
    };

    let mut res = Visible::default();
    let mut shown = 0usize;
    let mut stack = vec![Pending::Node {
        ix: o.root,
        up: None,
        nest: 0,
    }];
    while let Some(pending) = stack.pop() {
        let (ix, up, nest) = match pending {
            Pending::Other { item, up } => {
                res.items.push(item);
                res.up.push(Some(up));
                continue;
            }
            Pending::Node { ix, up, nest } => (ix, up, nest),
        };
        let me = res.items.len() as u32;
        let on_path = toward.contains_key(&ix);
        let kids = o.kids(ix);
        let mut open = is_open(ix);
        if open
            && !on_path
            && (nest >= HARD_CAP || shown + kids.len().min(WINDOW_ALL) > MAX_VISIBLE)
        {
            open = false;
        }
        res.items.push(Item::Node { ix, open });
        res.up.push(up);
        shown += 1;
        if !open {
            continue;
        }
        if nest >= ELIDE_FROM {
            // The chain below: follow the focus path, or single children, through open nodes.
            // It ends at a focus association (what is below it is not the point).
            let mut chain = vec![ix];
            loop {
                let c = *chain.last().unwrap_or(&ix);
                if chain.len() > 1 && (targets.contains(&c) || !is_open(c)) {
                    break;
                }
                let next = match toward.get(&c) {
                    Some(v) if v.len() == 1 => v[0],
                    Some(_) => break,
                    None if o.kids(c).len() == 1 => o.kids(c)[0] as usize,
                    None => break,
                };
                chain.push(next);
            }
            let len = chain.len() - 1;
            if len > KEEP_BOTTOM + 1 {
                let jump = chain[len - KEEP_BOTTOM];
                let levels = (len - KEEP_BOTTOM - 1) as u32;
                // Popped in reverse: the elision first (item me + 1), then the node below it.
                stack.push(Pending::Node {
                    ix: jump,
                    up: Some(me + 1),
                    nest: nest + 1,
                });
                stack.push(Pending::Other {
                    item: Item::Elision { parent: ix, levels },
                    up: me,
                });
                continue;
            }
        }
        let k = kids.len() as u32;
        let ranges = if kids.len() <= WINDOW_ALL {
            vec![(0, k)]
        } else {
            let mut r = vec![(0, HEAD.min(k)), (k.saturating_sub(TAIL), k)];
            for &c in toward.get(&ix).into_iter().flatten() {
                let p = o.pos[c];
                if near.contains(&c) {
                    r.push((p.saturating_sub(NEAR), (p + NEAR + 1).min(k)));
                }
                if walk_child.get(&ix) == Some(&c) {
                    r.push(walk_block(p, k));
                }
            }
            for &(from, to) in request.pages.get(&ix).into_iter().flatten() {
                r.push((from.min(k), to.min(k)));
            }
            merge(r)
        };
        // Children and gaps, pushed in reverse so that they pop in order.
        let mut entries: Vec<Pending> = Vec::new();
        let mut at = 0u32;
        for &(from, to) in &ranges {
            if from > at {
                entries.push(Pending::Other {
                    item: Item::Gap {
                        parent: ix,
                        from: at,
                        to: from,
                    },
                    up: me,
                });
            }
            for p in from..to {
                entries.push(Pending::Node {
                    ix: kids[p as usize] as usize,
                    up: Some(me),
                    nest: nest + 1,
                });
            }
            at = to;
        }
        if at < k {
            entries.push(Pending::Other {
                item: Item::Gap {
                    parent: ix,
                    from: at,
                    to: k,
                },
                up: me,
            });
        }
        stack.extend(entries.into_iter().rev());
    }
    res
}

#[cfg(test)]
mod tests;
