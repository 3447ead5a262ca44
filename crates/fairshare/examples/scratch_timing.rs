use fairshare::*;
use std::time::Instant;
fn t<R>(name: &str, f: impl Fn() -> R) -> R {
    let mut best = f64::MAX;
    let mut r = None;
    for _ in 0..25 {
        let s = Instant::now();
        let x = f();
        best = best.min(s.elapsed().as_secs_f64() * 1e3);
        r = Some(x);
    }
    println!("{name}: {best:.3} ms");
    r.unwrap()
}
fn main() {
    for n in [10_000usize, 100_000] {
        println!("n={n}");
        let tree = fairshare::r#gen::tree(n, 2026);
        let users: Vec<&Assoc> = tree.assocs().iter().filter(|a| a.is_user()).collect();
        let user = users[users.len() / 2].id;
        let r = Ranked::new(&tree, TieRule::Slurm);
        t("tree.with_usage", || {
            tree.with_usage(user, LongDouble::from_u64(5)).unwrap()
        });
        t("hierarchy clone", || r.hierarchy().clone());
        t("run clone", || r.run().clone());
        t("run.assocs clone", || r.run().assocs.clone());
        t("sorted_children clone", || r.run().sorted_children.clone());
        t("steps clone", || r.run().steps.clone());
        t("ranked.with_usage", || {
            r.with_usage(user, LongDouble::from_u64(5)).unwrap()
        });
        t("ranked.with_shares", || {
            r.with_shares(user, Shares::Value(7)).unwrap()
        });
        let r2 = r.with_usage(user, LongDouble::from_u64(5)).unwrap();
        t("run_diff", || diff::run_diff(&r, &r2, 0));
        t("Frame::at", || {
            step::Frame::at(&r2.run().steps, r2.run().steps.len())
        });
        t("drop ranked", || {
            let x = r.with_usage(user, LongDouble::from_u64(5)).unwrap();
            drop(x);
        });
    }
}
