//! The pure keyboard rules of the tree (WAI-ARIA tree pattern).

use super::*;

/// What a key press on a focused treeitem does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeKey {
    /// Move focus to this treeitem.
    Focus(AssocId),
    /// Expand this (collapsed) account.
    Expand(AssocId),
    /// Collapse this (expanded) account.
    Collapse(AssocId),
    /// Select this association.
    Select(AssocId),
    /// Nothing (the key is not the tree's).
    None,
}

/// The WAI-ARIA tree pattern: Up/Down move through visible items, Right expands a collapsed
/// account or enters an expanded one, Left collapses an expanded account or goes to the parent,
/// Home/End go to the first/last visible item, Enter and Space select.
pub fn key_action(model: &TreeModel, focused: AssocId, key: &str) -> TreeKey {
    let Some(&pos) = model.index.get(&focused) else {
        return model.root.map_or(TreeKey::None, TreeKey::Focus);
    };
    let node = &model.nodes[pos];
    let at = |i: usize| {
        model
            .nodes
            .get(i)
            .map_or(TreeKey::None, |n| TreeKey::Focus(n.id))
    };
    match key {
        "ArrowDown" => at(pos + 1),
        "ArrowUp" => pos.checked_sub(1).map_or(TreeKey::None, at),
        "Home" => at(0),
        "End" => model.nodes.len().checked_sub(1).map_or(TreeKey::None, at),
        "ArrowRight" if node.has_children && !node.expanded => TreeKey::Expand(node.id),
        "ArrowRight" => node
            .children
            .iter()
            .find_map(|c| match *c {
                ChildRef::Node(id) => Some(id),
                _ => None,
            })
            .map_or(TreeKey::None, TreeKey::Focus),
        "ArrowLeft" if node.has_children && node.expanded => TreeKey::Collapse(node.id),
        "ArrowLeft" => node.parent.map_or(TreeKey::None, TreeKey::Focus),
        "Enter" | " " => TreeKey::Select(node.id),
        _ => TreeKey::None,
    }
}
