//! The app's boundary with the outside world: launch parameters (including `me=`), the saved
//! session and its storage, the URL state and its codec, snapshot links, embedding in a host
//! page, and exports. Pure parts are tested natively; the browser parts are thin and never
//! throw into wasm.

pub mod codec;
pub mod deferred;
pub mod document;
pub mod export;
pub mod ja_fetch;
pub mod launch_params;
pub mod me_param;
pub mod offline;
pub mod session;
pub mod snapshot_urls;
pub mod storage;
pub mod timeline_urls;
pub mod url_state;
