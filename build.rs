//! Issue 24 §2: with the `split` feature, the wasm binary keeps its relocations
//! (`--emit-relocs`), which the splitter (`wasm-split-cli`, scripts/split-dist.py) reads. Only the
//! binary's link step gets the flag, so the dependencies are not rebuilt.
fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_SPLIT").is_some() {
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
    }
}
