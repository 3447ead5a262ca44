//! Sorting and filtering the rows of a table by their cell texts. Pure and tested natively.
//!
//! Cells are compared as they read: numbers (the engine's printed values, `inf` included) by
//! value, other text case-insensitively, empty cells last in either direction. Equal cells keep
//! the table's own order (Slurm's list order), so a sort never invents an order of its own.

use std::cmp::Ordering;

/// A sort direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SortDir {
    /// Smallest first.
    Ascending,
    /// Largest first.
    Descending,
}

/// The column a table is sorted by, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SortBy {
    /// Index of the column.
    pub column: usize,
    /// Direction.
    pub dir: SortDir,
}

/// The `aria-sort` value of `column` under `sort`.
pub fn aria_sort(sort: Option<SortBy>, column: usize) -> &'static str {
    match sort {
        Some(SortBy { column: c, dir }) if c == column => match dir {
            SortDir::Ascending => "ascending",
            SortDir::Descending => "descending",
        },
        _ => "none",
    }
}

/// The sort after a click on `column`'s header: ascending, then descending, then the table's
/// own order again.
pub fn next_sort(sort: Option<SortBy>, column: usize) -> Option<SortBy> {
    match sort {
        Some(SortBy {
            column: c,
            dir: SortDir::Ascending,
        }) if c == column => Some(SortBy {
            column,
            dir: SortDir::Descending,
        }),
        Some(SortBy {
            column: c,
            dir: SortDir::Descending,
        }) if c == column => None,
        _ => Some(SortBy {
            column,
            dir: SortDir::Ascending,
        }),
    }
}

/// A cell's value for sorting.
fn number(text: &str) -> Option<f64> {
    fairshare::format::parse_f64(text).filter(|x| !x.is_nan())
}

/// Compares two non-empty, trimmed cells ascending.
fn compare_values(a: &str, b: &str) -> Ordering {
    match (number(a), number(b)) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a
            .to_lowercase()
            .cmp(&b.to_lowercase())
            .then_with(|| a.cmp(b)),
    }
}

/// Compares two cells for `dir`; empty cells go last either way.
pub fn compare_cells(a: &str, b: &str, dir: SortDir) -> Ordering {
    let (a, b) = (a.trim(), b.trim());
    match (a.is_empty(), b.is_empty()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => match dir {
            SortDir::Ascending => compare_values(a, b),
            SortDir::Descending => compare_values(b, a),
        },
    }
}

/// Whether a row whose searchable cells are `cells` matches the filter `query` (every
/// whitespace-separated word appears in some cell, case-insensitively; an empty query matches).
pub fn matches<'a>(cells: impl IntoIterator<Item = &'a str> + Clone, query: &str) -> bool {
    query.split_whitespace().all(|word| {
        let word = word.to_lowercase();
        cells
            .clone()
            .into_iter()
            .any(|cell| cell.to_lowercase().contains(&word))
    })
}

/// A table row as the sort and the filter see it: cell texts by column index.
pub trait Cells {
    /// The text of cell `column` (empty when there is none).
    fn cell(&self, column: usize) -> &str;
}

impl Cells for Vec<String> {
    fn cell(&self, column: usize) -> &str {
        self.get(column).map_or("", String::as_str)
    }
}

/// The indices of `rows` to show, in display order: those whose `filter_columns` match
/// `query`, sorted by `sort` (stable: equal cells keep the rows' order).
pub fn order<R: Cells>(
    rows: &[R],
    filter_columns: &[usize],
    query: &str,
    sort: Option<SortBy>,
) -> Vec<usize> {
    fn cell<R: Cells>(row: &R, column: usize) -> &str {
        row.cell(column)
    }
    let mut shown: Vec<usize> = (0..rows.len())
        .filter(|&i| matches(filter_columns.iter().map(|&c| cell(&rows[i], c)), query))
        .collect();
    if let Some(SortBy { column, dir }) = sort {
        crate::sort::sort_by(&mut shown, &|a, b| {
            compare_cells(cell(&rows[a], column), cell(&rows[b], column), dir)
        });
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<Vec<String>> {
        [
            ["root", "", "", "1.000000"],
            [" physics", "", "10", "inf"],
            ["  physics", "alice", "2", "0.500000"],
            ["  physics", "Bob", "parent", "2.000000"],
            [" chem", "", "5", ""],
            ["  chem", "carol", "2", "0.500000"],
        ]
        .iter()
        .map(|r| r.iter().map(|c| (*c).to_string()).collect())
        .collect()
    }

    #[test]
    fn no_sort_and_no_filter_keep_the_table_order() {
        assert_eq!(order(&rows(), &[0, 1], "", None), [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn numbers_sort_by_value_with_inf_and_ties_in_table_order() {
        let asc = Some(SortBy {
            column: 3,
            dir: SortDir::Ascending,
        });
        // alice and carol tie at 0.5: table order; the empty cell last.
        assert_eq!(order(&rows(), &[], "", asc), [2, 5, 0, 3, 1, 4]);
        let desc = Some(SortBy {
            column: 3,
            dir: SortDir::Descending,
        });
        assert_eq!(order(&rows(), &[], "", desc), [1, 3, 0, 2, 5, 4]);
        // Numbers before words ("parent"), empty cells last.
        let shares = Some(SortBy {
            column: 2,
            dir: SortDir::Ascending,
        });
        assert_eq!(order(&rows(), &[], "", shares), [2, 5, 4, 1, 3, 0]);
    }

    #[test]
    fn text_sorts_case_insensitively_and_ignores_indentation() {
        let users = Some(SortBy {
            column: 1,
            dir: SortDir::Ascending,
        });
        assert_eq!(order(&rows(), &[], "", users), [2, 3, 5, 0, 1, 4]);
        let accounts = Some(SortBy {
            column: 0,
            dir: SortDir::Ascending,
        });
        assert_eq!(order(&rows(), &[], "", accounts), [4, 5, 1, 2, 3, 0]);
    }

    #[test]
    fn the_filter_matches_every_word_in_the_named_columns() {
        assert_eq!(order(&rows(), &[0, 1], "PHYS", None), [1, 2, 3]);
        assert_eq!(order(&rows(), &[0, 1], "physics bob", None), [3]);
        assert_eq!(order(&rows(), &[0, 1], "  ", None).len(), 6);
        // Only the named columns are searched.
        assert!(order(&rows(), &[0, 1], "parent", None).is_empty());
    }

    #[test]
    fn header_clicks_cycle_ascending_descending_none() {
        let asc = next_sort(None, 2);
        assert_eq!(
            asc,
            Some(SortBy {
                column: 2,
                dir: SortDir::Ascending
            })
        );
        assert_eq!(aria_sort(asc, 2), "ascending");
        assert_eq!(aria_sort(asc, 1), "none");
        let desc = next_sort(asc, 2);
        assert_eq!(aria_sort(desc, 2), "descending");
        assert_eq!(next_sort(desc, 2), None);
        assert_eq!(
            next_sort(desc, 0),
            Some(SortBy {
                column: 0,
                dir: SortDir::Ascending
            })
        );
    }
}
