//! Tidy drawing of an ordered tree (layered, top-down), for the app's SVG.
//!
//! Reingold–Tilford with contours: each subtree is laid out on its own, then siblings are pushed
//! together as closely as their contours (the leftmost and rightmost extent at every depth)
//! allow, left to right in the given order, and the parent is centred over its first and last
//! child. Nodes may have different widths. Cost: O(n · h) for height h, which is ample for the
//! trees drawn on screen (large imports are collapsed before drawing).
//!
//! Coordinates: x is the horizontal centre of a node, y the top of its row; the root's row is
//! at y = 0 and the leftmost extent of the drawing is at x = 0. Units are whatever `width`,
//! `row_height` and the gaps are given in (the app uses CSS pixels).
//!
//! **Invariant:** children keep the given order, left to right; no two nodes of one row overlap
//! (they are at least `sibling_gap` apart); a parent is centred over its children.

/// Spacing of a layout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spacing {
    /// Vertical distance between the tops of two consecutive rows.
    pub row_height: f64,
    /// Smallest horizontal gap between two siblings.
    pub sibling_gap: f64,
    /// Smallest horizontal gap between two nodes of different parents.
    pub cousin_gap: f64,
}

impl Default for Spacing {
    fn default() -> Self {
        Spacing {
            row_height: 120.0,
            sibling_gap: 12.0,
            cousin_gap: 24.0,
        }
    }
}

/// Where one node goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Horizontal centre.
    pub x: f64,
    /// Top of the node's row.
    pub y: f64,
    /// Depth below the root (root = 0).
    pub depth: u32,
}

/// A laid-out tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Per node (indexed like the input), `None` for nodes not reached from the root (for
    /// example below a collapsed node).
    pub nodes: Vec<Option<Placement>>,
    /// Total width of the drawing.
    pub width: f64,
    /// Total height of the drawing (rows × row height).
    pub height: f64,
}

/// A subtree's outline: per depth below its root, the leftmost and rightmost extent relative to
/// the root's centre.
struct Contour {
    rows: Vec<(f64, f64)>,
}

/// Lays out the tree below `root`. `children(i)` lists i's children in drawing order (return
/// an empty slice for a collapsed node); `width(i)` is node i's width; `n` is the number of
/// node indices.
pub fn tidy<'a>(
    n: usize,
    root: usize,
    children: impl Fn(usize) -> &'a [usize],
    width: impl Fn(usize) -> f64,
    spacing: Spacing,
) -> Layout {
    // Post-order without recursion (deep trees must not overflow the stack).
    let mut post = Vec::new();
    let mut stack = vec![(root, false)];
    while let Some((ix, expanded)) = stack.pop() {
        if expanded {
            post.push(ix);
        } else {
            stack.push((ix, true));
            for &c in children(ix).iter().rev() {
                stack.push((c, false));
            }
        }
    }

    // offset[c]: child c's centre relative to its parent's centre.
    let mut offset = vec![0.0f64; n];
    let mut contour: Vec<Option<Contour>> = (0..n).map(|_| None).collect();
    for &ix in &post {
        let w = width(ix);
        let kids = children(ix);
        let mut merged: Vec<(f64, f64)> = Vec::new();
        let mut centres = Vec::with_capacity(kids.len());
        for (k, &c) in kids.iter().enumerate() {
            let child = contour[c].take().unwrap_or(Contour {
                rows: vec![(-width(c) / 2.0, width(c) / 2.0)],
            });
            let shift = if k == 0 {
                0.0
            } else {
                // Push the child right until it clears everything placed so far, row by row;
                // the row right below the parent holds siblings, deeper rows hold cousins.
                merged
                    .iter()
                    .zip(&child.rows)
                    .enumerate()
                    .map(|(depth, (&(_, right), &(left, _)))| {
                        let gap = if depth == 0 {
                            spacing.sibling_gap
                        } else {
                            spacing.cousin_gap
                        };
                        right + gap - left
                    })
                    .fold(f64::NEG_INFINITY, f64::max)
            };
            for (depth, &(left, right)) in child.rows.iter().enumerate() {
                let (l, r) = (left + shift, right + shift);
                match merged.get_mut(depth) {
                    Some(row) => row.1 = r,
                    None => merged.push((l, r)),
                }
            }
            centres.push(shift);
        }
        // Centre the parent over its first and last child.
        let mid = match (centres.first(), centres.last()) {
            (Some(first), Some(last)) => (first + last) / 2.0,
            _ => 0.0,
        };
        for (&c, &centre) in kids.iter().zip(&centres) {
            offset[c] = centre - mid;
        }
        let mut rows = Vec::with_capacity(merged.len() + 1);
        rows.push((-w / 2.0, w / 2.0));
        rows.extend(merged.into_iter().map(|(l, r)| (l - mid, r - mid)));
        contour[ix] = Some(Contour { rows });
    }

    // Absolute positions, top-down.
    let mut nodes: Vec<Option<Placement>> = vec![None; n];
    nodes[root] = Some(Placement {
        x: 0.0,
        y: 0.0,
        depth: 0,
    });
    let mut min_x = f64::INFINITY;
    let mut max_x = f64::NEG_INFINITY;
    let mut max_depth = 0;
    for &ix in post.iter().rev() {
        let Some(p) = nodes[ix] else { continue };
        let w = width(ix);
        min_x = min_x.min(p.x - w / 2.0);
        max_x = max_x.max(p.x + w / 2.0);
        max_depth = max_depth.max(p.depth);
        for &c in children(ix) {
            nodes[c] = Some(Placement {
                x: p.x + offset[c],
                y: f64::from(p.depth + 1) * spacing.row_height,
                depth: p.depth + 1,
            });
        }
    }
    for p in nodes.iter_mut().flatten() {
        p.x -= min_x;
    }
    Layout {
        nodes,
        width: if max_x.is_finite() {
            max_x - min_x
        } else {
            0.0
        },
        height: f64::from(max_depth + 1) * spacing.row_height,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(kids: &[Vec<usize>], widths: &[f64]) -> Result<(), TestCaseError> {
        let spacing = Spacing::default();
        let layout = tidy(kids.len(), 0, |i| &kids[i], |i| widths[i], spacing);
        let mut rows: Vec<Vec<(f64, f64, usize)>> = Vec::new();
        for (i, p) in layout.nodes.iter().enumerate() {
            let p = p.expect("every node is reached");
            if rows.len() <= p.depth as usize {
                rows.resize(p.depth as usize + 1, Vec::new());
            }
            rows[p.depth as usize].push((p.x - widths[i] / 2.0, p.x + widths[i] / 2.0, i));
            prop_assert!(
                p.x - widths[i] / 2.0 >= -1e-9 && p.x + widths[i] / 2.0 <= layout.width + 1e-9
            );
            if !kids[i].is_empty() {
                let first = layout.nodes[kids[i][0]].unwrap().x;
                let last = layout.nodes[*kids[i].last().unwrap()].unwrap().x;
                prop_assert!((p.x - (first + last) / 2.0).abs() < 1e-6, "parent centred");
                for w in kids[i].windows(2) {
                    prop_assert!(
                        layout.nodes[w[0]].unwrap().x < layout.nodes[w[1]].unwrap().x,
                        "order kept"
                    );
                }
            }
        }
        for row in &mut rows {
            row.sort_by(|a, b| a.0.total_cmp(&b.0));
            for w in row.windows(2) {
                prop_assert!(
                    w[0].1 + spacing.sibling_gap <= w[1].0 + 1e-6,
                    "no overlap: {:?}",
                    w
                );
            }
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn tidy_layouts_keep_order_centre_parents_and_never_overlap(
            parents in prop::collection::vec(any::<prop::sample::Index>(), 0..60),
            widths in prop::collection::vec(20.0f64..200.0, 61),
        ) {
            let mut kids = vec![Vec::new()];
            for (i, p) in parents.iter().enumerate() {
                let parent = p.index(i + 1);
                kids[parent].push(i + 1);
                kids.push(Vec::new());
            }
            check(&kids, &widths[..kids.len()])?;
        }
    }

    #[test]
    fn a_small_tree() {
        // root → a (→ a1, a2), b
        let kids = [vec![1, 4], vec![2, 3], vec![], vec![], vec![]];
        let layout = tidy(
            5,
            0,
            |i| &kids[i],
            |_| 100.0,
            Spacing {
                row_height: 50.0,
                sibling_gap: 10.0,
                cousin_gap: 20.0,
            },
        );
        let x: Vec<f64> = layout.nodes.iter().map(|p| p.unwrap().x).collect();
        assert_eq!(x, vec![160.0, 105.0, 50.0, 160.0, 215.0]);
        assert_eq!(layout.width, 265.0);
        assert_eq!(layout.height, 150.0);
    }
}
