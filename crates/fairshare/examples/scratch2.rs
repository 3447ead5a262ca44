use fairshare::*;
fn main() {
    let tree = fairshare::r#gen::tree(100_000, 2026);
    let users: Vec<&Assoc> = tree.assocs().iter().filter(|a| a.is_user()).collect();
    let user = users[users.len() / 2].id;
    let r = Ranked::new(&tree, TieRule::Slurm);
    for _ in 0..3 {
        let s = std::time::Instant::now();
        let x = r.with_usage(user, LongDouble::from_u64(5)).unwrap();
        eprintln!("total {:?}", s.elapsed());
        drop(x);
    }
}
