//! What the classic panel shows, as plain data: the formula lines for one association (with the
//! numbers in place), the classic values of the whole tree, and the classic order beside the
//! Fair Tree order.
//!
//! Everything here reads engine results (`classic::ClassicRun`, `fair_tree::FairTreeRun`,
//! `Hierarchy`) and formats them; it computes nothing of Slurm's. Every number in a formula is
//! a value the engine produced (S, UA, UE, F, and the terms of `SharesRule`/`UsageRule`), so the
//! panel cannot drift from the engine. Text is a message key plus named values ([`Line`]), so
//! translations can reorder the values.

use fairshare::classic::{ClassicRun, DepthOblivious, SharesRule, UsageRule};
use fairshare::format::{
    formula_usage as usage, formula_value as value, formula_value_ld as value_ld,
};
use fairshare::orders::{Orders, Placed};
use fairshare::sshare::{self, Column};
use fairshare::{AssocId, AssocTree, Hierarchy, Ranked};

use crate::messages::classic::ClassicMsg;
use crate::messages::common::name_in_account;
use crate::messages::{Lang, Message};
use crate::widgets::table_order::{self, SortBy};

/// One line of text: a message template and the values for its placeholders.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The template.
    pub msg: ClassicMsg,
    /// Placeholder values, already formatted.
    pub args: Vec<(&'static str, String)>,
}

impl Line {
    fn new(msg: ClassicMsg, args: Vec<(&'static str, String)>) -> Line {
        Line { msg, args }
    }

    /// The filled text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let pairs: Vec<(&str, &str)> = self.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        self.msg.fill(lang, &pairs)
    }
}

/// A FairShare factor exactly as sshare prints it (`%f`).
pub fn factor(f: f64) -> String {
    sshare::format_double(f)
}

/// One association on the way from the first tier down to the selected one, with the lines of
/// its effective-usage formula.
#[derive(Clone, Debug, PartialEq)]
pub struct UsageStep {
    /// Its index in the tree.
    pub ix: usize,
    /// The formula lines (one, or five for DEPTH_OBLIVIOUS).
    pub lines: Vec<Line>,
    /// Whether this is the selected association (the last step).
    pub is_selected: bool,
}

/// The classic arithmetic of one association.
#[derive(Clone, Debug, PartialEq)]
pub struct Explain {
    /// Its index in the tree.
    pub ix: usize,
    /// "User1 (user in AccountB)" and the like.
    pub heading: Line,
    /// S, as the product down the path (or the root's 1, or a FairShare=parent copy).
    pub shares: Line,
    /// UA = usage / root usage (`None` for the root).
    pub usage_norm: Option<Line>,
    /// UE from the first tier down to this association.
    pub usage_chain: Vec<UsageStep>,
    /// F = 2^(−UE/S/d) (`None` for the root).
    pub factor: Option<Line>,
    /// F as sshare prints it (`None` for the root).
    pub fairshare: Option<String>,
    /// Whether some UE on the path came from the DEPTH_OBLIVIOUS formula.
    pub uses_depth_oblivious: bool,
}

fn name(tree: &AssocTree, ix: usize) -> String {
    tree.assocs()
        .get(ix)
        .map(|a| a.name().to_string())
        .unwrap_or_default()
}

/// The classic arithmetic of association `id` (`run` is `ranked.classic(…)`), or `None` if it is
/// not in the tree (or the run does not belong to the tree).
pub fn explain(ranked: &Ranked, run: &ClassicRun, id: AssocId) -> Option<Explain> {
    let (tree, h) = (ranked.tree(), ranked.hierarchy());
    let ix = tree.position(id)?;
    if run.len() != tree.len() || h.len() != tree.len() {
        return None;
    }
    let a = &tree.assocs()[ix];
    let heading = match (&a.user, ix == h.root()) {
        (_, true) => Line::new(
            ClassicMsg::HeadingRoot,
            vec![("name", a.name().to_string())],
        ),
        (Some(user), false) => Line::new(
            ClassicMsg::HeadingUser,
            vec![
                ("name", user.to_string()),
                ("account", a.account.to_string()),
            ],
        ),
        (None, false) => Line::new(
            ClassicMsg::HeadingAccount,
            vec![("name", a.account.to_string())],
        ),
    };

    // The fairshare path from the first tier down to `ix`.
    let mut path = vec![ix];
    let mut cur = ix;
    while let Some(p) = h.fs_parent(cur) {
        if p == h.root() || path.len() > h.len() {
            break;
        }
        path.push(p);
        cur = p;
    }
    path.reverse();
    let usage_chain = path
        .iter()
        .map(|&i| {
            Some(UsageStep {
                ix: i,
                lines: usage_lines(tree, h, run, i)?,
                is_selected: i == ix,
            })
        })
        .collect::<Option<Vec<UsageStep>>>()?;
    let uses_depth_oblivious = path.iter().any(|&i| {
        run.assoc(i).is_some_and(|a| {
            matches!(
                a.usage_rule,
                UsageRule::DepthOblivious(_) | UsageRule::DepthObliviousFallback
            )
        })
    });

    Some(Explain {
        ix,
        heading,
        shares: shares_line(tree, h, run, ix)?,
        usage_norm: usage_norm_line(tree, h, run, ix),
        usage_chain,
        factor: factor_line(tree, h, run, ix),
        fairshare: run.fairshare(ix).map(factor),
        uses_depth_oblivious,
    })
}

/// S: the product of level fractions s/L down the path, each named after its association.
fn shares_line(tree: &AssocTree, h: &Hierarchy, run: &ClassicRun, ix: usize) -> Option<Line> {
    let a = run.assoc(ix)?;
    let n = name(tree, ix);
    Some(match &a.shares_rule {
        SharesRule::Root => Line::new(ClassicMsg::SharesRoot, vec![("name", n)]),
        SharesRule::CopiedFrom(p) => Line::new(
            ClassicMsg::SharesCopied,
            vec![
                ("name", n),
                ("parent", name(tree, *p)),
                ("s", value(run.assoc(*p)?.shares_norm)),
            ],
        ),
        SharesRule::Product => {
            let factors = fairshare::classic::share_factors(h, ix);
            let terms = factors
                .iter()
                .map(|f| format!("{}/{} ({})", f.shares, f.level_shares, name(tree, f.assoc)))
                .collect::<Vec<_>>()
                .join(" × ");
            let msg = if factors.iter().any(|f| f.level_shares == 0) {
                ClassicMsg::SharesProductZero
            } else {
                ClassicMsg::SharesProduct
            };
            Line::new(
                msg,
                vec![("name", n), ("factors", terms), ("s", value(a.shares_norm))],
            )
        }
    })
}

/// UA = usage / root usage, capped at 1.
fn usage_norm_line(tree: &AssocTree, h: &Hierarchy, run: &ClassicRun, ix: usize) -> Option<Line> {
    let a = run.assoc(ix)?;
    let ua = a.usage_norm?;
    let root_usage = run.assoc(h.root())?.usage_raw;
    let n = name(tree, ix);
    Some(if root_usage.is_zero() {
        Line::new(ClassicMsg::UsageNormRootZero, vec![("name", n)])
    } else if a.usage_raw > root_usage {
        Line::new(
            ClassicMsg::UsageNormCapped,
            vec![
                ("name", n),
                ("usage", usage(a.usage_raw)),
                ("root", usage(root_usage)),
            ],
        )
    } else {
        Line::new(
            ClassicMsg::UsageNorm,
            vec![
                ("name", n),
                ("usage", usage(a.usage_raw)),
                ("root", usage(root_usage)),
                ("ua", value_ld(ua)),
            ],
        )
    })
}

/// The lines of association `ix`'s effective-usage formula, as the engine's `UsageRule` says it
/// was obtained.
fn usage_lines(tree: &AssocTree, h: &Hierarchy, run: &ClassicRun, ix: usize) -> Option<Vec<Line>> {
    let a = run.assoc(ix)?;
    let n = name(tree, ix);
    let ua = a.usage_norm.map(value_ld).unwrap_or_default();
    let ue = value_ld(a.usage_effective);
    let parent = h.fs_parent(ix);
    let parent_name = parent.map(|p| name(tree, p)).unwrap_or_default();
    Some(match &a.usage_rule {
        UsageRule::Root => vec![Line::new(ClassicMsg::UsageRoot, vec![("name", n)])],
        UsageRule::FirstTier => vec![Line::new(
            ClassicMsg::UsageFirstTier,
            vec![("name", n), ("ue", ue)],
        )],
        UsageRule::CopiedFrom(p) => vec![Line::new(
            ClassicMsg::UsageCopied,
            vec![("name", n), ("parent", name(tree, *p)), ("ue", ue)],
        )],
        UsageRule::ZeroLevelShares => vec![Line::new(
            ClassicMsg::UsageZeroLevel,
            vec![("name", n), ("parent", parent_name), ("ue", ue)],
        )],
        UsageRule::Blend {
            shares,
            level_shares,
            parent_usage_effective,
        } => vec![Line::new(
            ClassicMsg::UsageBlend,
            vec![
                ("name", n),
                ("parent", parent_name),
                ("ua", ua),
                ("ue_parent", value_ld(*parent_usage_effective)),
                ("s", shares.to_string()),
                ("l", level_shares.to_string()),
                ("ue", ue),
            ],
        )],
        UsageRule::DepthObliviousFallback => vec![Line::new(
            ClassicMsg::UsageDepthObliviousFallback,
            vec![("name", n), ("ue", ue)],
        )],
        UsageRule::DepthOblivious(d) => {
            let p = run.assoc(parent.unwrap_or(h.root()))?;
            depth_oblivious_lines(DepthObliviousArgs {
                name: n,
                parent: parent_name,
                d,
                ua,
                s: value(a.shares_norm),
                s_parent: value(p.shares_norm),
                ue_parent: value_ld(p.usage_effective),
                ue,
            })
        }
    })
}

struct DepthObliviousArgs<'a> {
    name: String,
    parent: String,
    d: &'a DepthOblivious,
    ua: String,
    s: String,
    s_parent: String,
    ue_parent: String,
    ue: String,
}

/// ratio_p, ratio_s, ratio_l, k and UE (Slurm's `_depth_oblivious_set_usage_efctv`), each with
/// its numbers.
fn depth_oblivious_lines(x: DepthObliviousArgs<'_>) -> Vec<Line> {
    let ratio_p = value_ld(x.d.ratio_p);
    let ratio_s = value_ld(x.d.ratio_s);
    let ratio_l = value_ld(x.d.ratio_l);
    let k = value(x.d.k);
    let k_line = if x.d.k == 1.0 {
        Line::new(ClassicMsg::DepthObliviousKOne, vec![])
    } else {
        Line::new(ClassicMsg::DepthObliviousK, vec![("k", k.clone())])
    };
    vec![
        Line::new(
            ClassicMsg::DepthObliviousRatioP,
            vec![
                ("parent", x.parent.clone()),
                ("ue_parent", x.ue_parent),
                ("s_parent", x.s_parent.clone()),
                ("ratio_p", ratio_p.clone()),
            ],
        ),
        Line::new(
            ClassicMsg::DepthObliviousRatioS,
            vec![
                ("parent", x.parent),
                ("sum", value_ld(x.d.sibling_usage)),
                ("s_parent", x.s_parent),
                ("ratio_s", ratio_s.clone()),
            ],
        ),
        Line::new(
            ClassicMsg::DepthObliviousRatioL,
            vec![
                ("ua", x.ua),
                ("s", x.s.clone()),
                ("ratio_s", ratio_s),
                ("ratio_l", ratio_l.clone()),
            ],
        ),
        k_line,
        Line::new(
            ClassicMsg::DepthObliviousUsage,
            vec![
                ("name", x.name),
                ("ratio_p", ratio_p),
                ("ratio_l", ratio_l),
                ("k", k),
                ("s", x.s),
                ("ue", x.ue),
            ],
        ),
    ]
}

/// F = 2^(−UE/S/d), from the association's own UE and S, or its fairshare parent's for
/// FairShare=parent (`factor_source`).
fn factor_line(tree: &AssocTree, h: &Hierarchy, run: &ClassicRun, ix: usize) -> Option<Line> {
    let a = run.assoc(ix)?;
    let f = factor(a.fairshare?);
    let n = name(tree, ix);
    let src = run.assoc(a.factor_source)?;
    let d = run.damping_factor().to_string();
    if src.shares_norm <= 0.0 {
        return Some(Line::new(
            ClassicMsg::FactorZeroShares,
            vec![("name", n), ("f", f)],
        ));
    }
    let ue = value_ld(src.usage_effective);
    let s = value(src.shares_norm);
    Some(if a.factor_source != ix {
        let from = if a.factor_source == h.root() {
            name(tree, h.root())
        } else {
            name(tree, a.factor_source)
        };
        Line::new(
            ClassicMsg::FactorCopied,
            vec![
                ("name", n),
                ("parent", from),
                ("ue", ue),
                ("s", s),
                ("d", d),
                ("f", f),
            ],
        )
    } else {
        Line::new(
            ClassicMsg::Factor,
            vec![("name", n), ("ue", ue), ("s", s), ("d", d), ("f", f)],
        )
    })
}

/// A first-tier account with no shares that holds usage: in the classic page's example it
/// stands for the unused part of the machine (its "fraction of the machine" readings need
/// root's usage to be the whole machine). Returns its name and UA.
pub fn idle_holder(ranked: &Ranked, run: &ClassicRun) -> Option<(String, String)> {
    let (tree, h) = (ranked.tree(), ranked.hierarchy());
    if run.len() != tree.len() {
        return None;
    }
    (0..tree.len())
        .filter(|&ix| h.fs_parent(ix) == Some(h.root()) && !h.is_user(ix))
        .filter_map(|ix| Some((ix, run.assoc(ix)?)))
        .find(|(ix, a)| h.shares_raw(*ix) == 0 && !a.usage_raw.is_zero())
        .map(|(ix, a)| {
            (
                name(tree, ix),
                a.usage_norm.map(value_ld).unwrap_or_default(),
            )
        })
}

// ---------------------------------------------------------------------------------------------
// The whole tree
// ---------------------------------------------------------------------------------------------

/// One row of the classic table: sshare's cells for a classic run.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClassicRow {
    /// The association.
    pub id: AssocId,
    /// Depth in the real tree (root 0).
    pub depth: usize,
    /// User name, or account name.
    pub name: String,
    /// Whether it is a user association.
    pub is_user: bool,
    /// NormShares (S).
    pub shares_norm: String,
    /// NormUsage (UA); blank for the root.
    pub usage_norm: String,
    /// EffectvUsage (UE).
    pub usage_effective: String,
    /// FairShare (F); blank on account rows and the root, as sshare prints it.
    pub fairshare: String,
}

/// The sshare columns of the table's cells after the name, in cell order.
const VALUE_COLUMNS: [Column; 4] = [
    Column::NormShares,
    Column::NormUsage,
    Column::EffectvUsage,
    Column::FairShare,
];

/// The table row of association `ix` (`run` is `ranked`'s classic run; `None` if it is another
/// tree's, or `ix` is not in the tree). Only the rows in view are built.
pub fn row(ranked: &Ranked, run: &ClassicRun, ix: usize) -> Option<ClassicRow> {
    let row = sshare::classic_row(ranked, run, ix)?;
    let a = &ranked.tree().assocs()[ix];
    let [shares_norm, usage_norm, usage_effective, fairshare] =
        VALUE_COLUMNS.map(|c| row.cell_text(c));
    Some(ClassicRow {
        id: a.id,
        depth: row.depth,
        name: a.name().to_string(),
        is_user: a.is_user(),
        shares_norm,
        usage_norm,
        usage_effective,
        fairshare,
    })
}

/// The rows of the table to show, as association indices in display order: sshare's order,
/// those whose name matches `query`, sorted by `sort` (cells compared as they read, equal
/// cells in sshare's order; `widgets::table_order`). Empty if `run` is another tree's.
///
/// Only a sort by a number column formats that column's cells (once per row); the table's own
/// order and the name filter read the tree alone, so an edit leaves them as they were.
pub fn table_order(
    ranked: &Ranked,
    run: &ClassicRun,
    query: &str,
    sort: Option<SortBy>,
) -> Vec<usize> {
    let tree = ranked.tree();
    if run.len() != tree.len() {
        return Vec::new();
    }
    let name = |ix: usize| tree.assocs()[ix].name();
    let mut keys = filtered(ranked.hierarchy().list_order(), query, name);
    let Some(SortBy { column, dir }) = sort else {
        return keys;
    };
    match value_column(column) {
        None => crate::sort::sort_by(&mut keys, &|a, b| {
            table_order::compare_cells(name(a), name(b), dir)
        }),
        Some(&column) => {
            // Every row's value: the run's values at once, not each association alone.
            run.compute_all();
            let mut text = vec![String::new(); tree.len()];
            for &ix in &keys {
                if let Some(row) = sshare::classic_row(ranked, run, ix) {
                    text[ix] = row.cell_text(column);
                }
            }
            crate::sort::sort_by(&mut keys, &|a, b| {
                table_order::compare_cells(&text[a], &text[b], dir)
            });
        }
    }
    keys
}

/// The value column (shares, usage, factor) the table's column `column` shows; `None` for
/// the name column.
fn value_column(column: usize) -> Option<&'static Column> {
    column.checked_sub(1).and_then(|c| VALUE_COLUMNS.get(c))
}

/// Whether the table's order under `sort` reads values: only a sort by a value column does.
/// Otherwise it reads the tree's layout alone (names, parents), which a value edit keeps.
pub fn order_reads_values(sort: Option<SortBy>) -> bool {
    sort.is_some_and(|s| value_column(s.column).is_some())
}

/// The associations of `order` whose name matches `query`, in that order. With no word in
/// `query` every association matches, so the order is copied whole without reading a name.
pub(super) fn filtered<'a>(
    order: &[usize],
    query: &str,
    name: impl Fn(usize) -> &'a str,
) -> Vec<usize> {
    if query.split_whitespace().next().is_none() {
        return order.to_vec();
    }
    order
        .iter()
        .copied()
        .filter(|&ix| table_order::matches([name(ix)], query))
        .collect()
}

/// The classic values of every association, in sshare's order and formatting (`run` is
/// `ranked`'s classic run; empty if it is another tree's). The panel builds only the rows in
/// view ([`row`]); this is the whole table, for tests.
#[cfg(test)]
pub fn table(ranked: &Ranked, run: &ClassicRun) -> Vec<ClassicRow> {
    table_order(ranked, run, "", None)
        .into_iter()
        .filter_map(|ix| row(ranked, run, ix))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Classic order beside Fair Tree order
// ---------------------------------------------------------------------------------------------

/// One user in one of the two orders.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderEntry {
    /// The user association.
    pub id: AssocId,
    /// "User1 (AccountB)".
    pub label: String,
    /// Its value in this order: classic F, or Fair Tree FairShare (sshare formatting).
    pub value: String,
    /// Its place in this order (1 = first; equal values share a place).
    pub place: usize,
    /// Its place in the other order.
    pub other_place: usize,
}

impl OrderEntry {
    /// Whether the two algorithms put this user in different places.
    pub fn differs(&self) -> bool {
        self.place != self.other_place
    }
}

/// Which of the two orders a list is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Classic: by F.
    Classic,
    /// Fair Tree: by rank.
    FairTree,
}

impl Side {
    /// This side's list of the engine's orders.
    pub fn list(self, orders: &Orders) -> &[Placed] {
        match self {
            Side::Classic => &orders.classic,
            Side::FairTree => &orders.fair_tree,
        }
    }
}

/// The entries of `placed` (a part of one of the engine's two lists, [`fairshare::orders`]; a
/// window of it, as the panel shows at most a few users), labelled in `lang`, with the value
/// the list is ordered by: classic F (`classic` is `ranked.classic(…)`) or Fair Tree's
/// FairShare (`ranked`'s run).
pub fn order_entries(
    ranked: &Ranked,
    classic: &ClassicRun,
    side: Side,
    placed: &[Placed],
    lang: Lang,
) -> Vec<OrderEntry> {
    let (tree, ft) = (ranked.tree(), ranked.run());
    let value = |ix: usize| match side {
        Side::Classic => classic.fairshare(ix),
        Side::FairTree => ft.assocs()[ix].fairshare,
    };
    placed
        .iter()
        .map(|p| OrderEntry {
            id: tree.assocs()[p.ix].id,
            label: name_in_account(&tree.assocs()[p.ix], lang),
            value: value(p.ix).map(factor).unwrap_or_default(),
            place: p.place,
            other_place: p.other_place,
        })
        .collect()
}
