//! Cluster texts made from a tree, as the tools print them: `sshare -a -l -P` (the engine's own
//! emitter) and `sacctmgr show assoc` (Account|User|Share, indented one space per level).
//!
//! Shared by the importer's tests and, through `#[path]`, by the engine's benchmarks.

use fairshare::sshare::{self, Header, SshareFlags, TextLayout};
use fairshare::{Algorithm, AssocTree, Hierarchy, Ranked, TieRule};

/// What `sshare -a -l -P` prints for `tree` under Fair Tree (header included).
pub fn sshare_long_parsable(tree: &AssocTree) -> String {
    let rows = sshare::fair_tree_rows(&Ranked::new(tree, TieRule::Slurm));
    let cols = sshare::default_columns(Algorithm::FairTree, SshareFlags::LONG);
    sshare::render_text(&rows, &cols, TextLayout::ParsableNoEnding, Header::Shown)
}

/// What `sacctmgr show assoc format=Account,User,Share -P` would print for `tree`, with its
/// tree indentation: shares, no usage.
pub fn sacctmgr(tree: &AssocTree) -> String {
    let h = Hierarchy::new(tree);
    let mut out = String::from("Account|User|Share\n");
    for &ix in h.list_order() {
        let a = &tree.assocs()[ix];
        out.push_str(&format!(
            "{}{}|{}|{}\n",
            " ".repeat(h.depth(ix) as usize),
            a.account,
            a.user.as_deref().unwrap_or(""),
            a.shares
        ));
    }
    out
}
