//! The windowing of a long menu of user associations: at most [`MENU_LIMIT`] entries, narrowed
//! by a filter or centred on the selected user (used by the compare and decay panels).

use fairshare::AssocId;

/// A user menu lists at most this many entries (a filter narrows longer lists).
pub const MENU_LIMIT: usize = 100;

/// The entries of a user menu, in ranking order, without `exclude`, and always with the
/// `chosen` one. With a `filter`: the first [`MENU_LIMIT`] users whose label contains it
/// (case-insensitive). Without one, on a long list: the [`MENU_LIMIT`] users around `around` in
/// the ranking (the selected user's neighbours), else the first ones.
pub fn menu_entries(
    users: &[UserChoice],
    filter: &str,
    exclude: Option<AssocId>,
    chosen: Option<AssocId>,
    around: Option<AssocId>,
) -> Vec<UserChoice> {
    let needle = filter.trim().to_lowercase();
    let offered = |i: &usize| Some(users[*i].id) != exclude;
    let pool = (0..users.len()).filter(offered);
    let mut picked: Vec<usize> = if !needle.is_empty() {
        pool.filter(|&i| users[i].label.to_lowercase().contains(&needle))
            .take(MENU_LIMIT)
            .collect()
    } else {
        let pool: Vec<usize> = pool.collect();
        let centre = around
            .and_then(|a| users.iter().position(|u| u.id == a))
            .map(|at| pool.partition_point(|&i| i < at));
        pool[super::row_window::window_around(pool.len(), centre, MENU_LIMIT)].to_vec()
    };
    if let Some(at) = chosen.and_then(|c| users.iter().position(|u| u.id == c))
        && !picked.contains(&at)
    {
        picked.push(at);
        crate::sort::sort_by(&mut picked, &|a, b| a.cmp(&b));
    }
    picked.into_iter().map(|i| users[i].clone()).collect()
}

/// One user in a menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserChoice {
    /// The association.
    pub id: AssocId,
    /// "user in account".
    pub label: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_menus_are_cut_and_filtered() {
        let users: Vec<UserChoice> = (0..1000u32)
            .map(|i| UserChoice {
                id: AssocId(i),
                label: format!("User{i} in Acct"),
            })
            .collect();
        let all = menu_entries(&users, "", Some(AssocId(0)), None, None);
        assert_eq!(all.len(), MENU_LIMIT);
        assert_eq!(all[0].id, AssocId(1), "the excluded user is not offered");
        let kept = menu_entries(&users, "", None, Some(AssocId(999)), None);
        assert_eq!(
            kept.last().map(|u| u.id),
            Some(AssocId(999)),
            "the chosen one stays"
        );
        let found = menu_entries(&users, " user99", None, None, None);
        let ids: Vec<u32> = found.iter().map(|u| u.id.0).collect();
        assert_eq!(ids, [99, 990, 991, 992, 993, 994, 995, 996, 997, 998, 999]);
    }

    #[test]
    fn long_menus_list_the_neighbours_of_the_selected_user() {
        let users: Vec<UserChoice> = (0..1000u32)
            .map(|i| UserChoice {
                id: AssocId(i),
                label: format!("User{i} in Acct"),
            })
            .collect();
        // The selected user (500) is excluded from "Compare with", its neighbours are listed.
        let near = menu_entries(&users, "", Some(AssocId(500)), None, Some(AssocId(500)));
        let ids: Vec<u32> = near.iter().map(|u| u.id.0).collect();
        assert_eq!(ids.len(), MENU_LIMIT);
        assert!(ids.contains(&499) && ids.contains(&501) && !ids.contains(&500));
        assert_eq!(ids.first(), Some(&450));
        assert_eq!(ids.last(), Some(&550));
        // Near the end the window stays full; the chosen one far away is kept, in rank order.
        let end = menu_entries(&users, "", None, Some(AssocId(3)), Some(AssocId(998)));
        let ids: Vec<u32> = end.iter().map(|u| u.id.0).collect();
        assert_eq!(ids[0], 3);
        assert_eq!(ids.len(), MENU_LIMIT + 1);
        assert_eq!(ids.last(), Some(&999));
        // Short menus list everyone.
        assert_eq!(
            menu_entries(&users[..5], "", None, None, Some(AssocId(2))).len(),
            5
        );
        assert!(menu_entries(&[], "", None, None, None).is_empty());
    }
}
