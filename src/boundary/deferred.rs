//! Code the first view does not need, out of the first load (issue 24 §2): with the `split`
//! feature (`scripts/split-build.sh`) each function here is a `wasm_split` point, its code in a
//! wasm module of its own, fetched and instantiated the first time it is called; without it
//! (native tests, a plain `trunk build`) it is called directly. Each is async either way.
//!
//! - [`import`]: the importer (`fairshare::import::import`: sshare and sacctmgr text, scenario
//!   JSON, deduplication, about 58 KB of wasm), for the snapshots `src=`, `before=` and
//!   `timeline=` fetch on open. The Import panel and the tables' paste reach it from their own
//!   modules.
//! - [`install_ja`]: reading the Japanese table once it is fetched (about 13 KB).
//!
//! A module that cannot be fetched (no network, and no service worker to answer, as in
//! `embed=1`) gives `None`: the caller says so in its alert, never a trap (the points are
//! `fallible`; Leptos's `#[lazy]` would panic instead).

use fairshare::import::Imported;

use crate::messages::ja_file::{self, InstallError};

/// [`fairshare::import::import`] of `text`; `None` when its module could not be fetched.
pub async fn import(text: String) -> Option<Imported> {
    #[cfg(feature = "split")]
    {
        split::importer(text).await.ok()
    }
    #[cfg(not(feature = "split"))]
    {
        Some(fairshare::import::import(&text))
    }
}

/// [`ja_file::install`] of a fetched file; `None` when its module could not be fetched.
pub async fn install_ja(text: String) -> Option<Result<(), InstallError>> {
    #[cfg(feature = "split")]
    {
        split::ja_installer(text).await.ok()
    }
    #[cfg(not(feature = "split"))]
    {
        Some(ja_file::install(&text))
    }
}

/// Runs `task` on the page's executor, which may be set up here: the Japanese table is read
/// before the app mounts (which is where Leptos sets it up otherwise).
pub fn spawn(task: impl std::future::Future<Output = ()> + 'static) {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    leptos::task::spawn_local(task);
}

/// Starts fetching [`import`]'s module, to arrive beside a text fetched meanwhile (a failure
/// is said by [`import`], which tries again).
pub fn preload_import() {
    #[cfg(feature = "split")]
    spawn(async {
        let _ = split::importer_preload().await;
    });
}

/// Starts fetching [`install_ja`]'s module, to arrive beside the Japanese file (a failure is
/// said by [`install_ja`], which tries again).
pub fn preload_ja() {
    #[cfg(feature = "split")]
    spawn(async {
        let _ = split::ja_installer_preload().await;
    });
}

#[cfg(feature = "split")]
mod split {
    use leptos::wasm_split::{SplitLoaderError, wasm_split};

    use super::{Imported, InstallError, ja_file};

    #[wasm_split(
        importer,
        wasm_split_path = ::leptos::wasm_split,
        fallible,
        preload(importer_preload)
    )]
    pub fn importer(text: String) -> Result<Imported, SplitLoaderError> {
        Ok(fairshare::import::import(&text))
    }

    #[wasm_split(
        ja_installer,
        wasm_split_path = ::leptos::wasm_split,
        fallible,
        preload(ja_installer_preload)
    )]
    pub fn ja_installer(text: String) -> Result<Result<(), InstallError>, SplitLoaderError> {
        Ok(ja_file::install(&text))
    }
}
