//! File downloads: a Blob URL on a temporary link (the JSON export and the tree's exports).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::js_sys;

/// Offers `text` as a file download of type `mime` (a Blob URL on a temporary link).
pub fn download_text(file_name: &str, text: &str, mime: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    if let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) {
        download_blob(file_name, &blob);
    }
}

/// Offers `blob` as a file download (a Blob URL on a temporary link, revoked after the click).
pub fn download_blob(file_name: &str, blob: &web_sys::Blob) {
    let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else {
        return;
    };
    if let Some(link) = document()
        .create_element("a")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        link.set_href(&url);
        link.set_download(file_name);
        link.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}
