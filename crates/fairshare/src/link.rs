//! Share links: a whole scenario in a URL fragment, and the page's query parameters. Pure: the
//! app reads `location.hash` / `location.search` and hands the text here; the CLI's
//! `fairshare link` prints the fragment for a scenario file.
//!
//! **Format (version 2).** The fragment is a list of `key=value` pairs separated by `&`:
//!
//! ```text
//! #z=<base64url of the raw-deflated scenario JSON>[&tie=documented]
//! ```
//!
//! - `z`: the UTF-8 bytes of [`scenario::to_json`] (the same JSON the app's Export button
//!   writes and `fairshare compute` reads), compressed with raw deflate (RFC 1951,
//!   `miniz_oxide`) and encoded as base64url (RFC 4648 §5: `A–Z a–z 0–9 - _`, no padding;
//!   padding, percent-encoded padding and the standard alphabet's `+ /` are accepted on read).
//! - `scenario` (version 1, still read): the same JSON base64url-encoded without compression.
//! - `tie=documented`: the "Documented tie rule" switch was on (absent: Slurm's rule).
//! - Unknown keys are ignored, so later versions can add some.
//!
//! **Limits** (each checked before the work it bounds):
//!
//! - [`MAX_FRAGMENT_LEN`]: a longer fragment is refused without decoding ([`LinkError::TooLong`]).
//! - [`MAX_INFLATED_LEN`]: inflating stops there ([`LinkError::TooLarge`]), so a small hostile
//!   link (a "deflate bomb") cannot take more memory than that.
//! - [`MAX_QUERY_VALUE_LEN`]: a longer query value is ignored.
//!
//! Reading a link never panics: damaged text gives a [`LinkError`]. Names inside a link are
//! untrusted data: they go through [`scenario::parse`]'s validation like any import.

use crate::diag::{DiagKind, Diagnostic};
use crate::fair_tree::TieRule;
use crate::scenario::{self, Scenario};

/// The fragment key that holds the deflated scenario (version 2).
pub const DEFLATED_KEY: &str = "z";
/// The fragment key that holds the uncompressed scenario (version 1 links, still read).
pub const SCENARIO_KEY: &str = "scenario";
/// The fragment key that holds the tie rule.
pub const TIE_KEY: &str = "tie";
/// Longer fragments are refused without decoding (about 6 MB of deflated JSON, far more than
/// any browser keeps in a URL).
pub const MAX_FRAGMENT_LEN: usize = 8 * 1024 * 1024;
/// A deflated scenario that would inflate to more than this many bytes is refused (about
/// 300,000 associations of scenario JSON).
pub const MAX_INFLATED_LEN: usize = 32 * 1024 * 1024;
/// Longest query-parameter value kept, decoded (names and preset ids are short).
pub const MAX_QUERY_VALUE_LEN: usize = 1024;

/// Compression level of [`pack`]: 9 is the smallest output; inputs are at most a few MB of JSON.
pub const LEVEL: u8 = 9;

/// What a link restores.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    /// The scenario.
    pub scenario: Scenario,
    /// The tie rule.
    pub tie_rule: TieRule,
}

/// Why a link could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkError {
    /// The fragment is longer than [`MAX_FRAGMENT_LEN`].
    TooLong,
    /// The scenario value is not base64url.
    NotBase64,
    /// The `z` value is not a deflate stream.
    NotDeflate,
    /// The `z` value would inflate to more than [`MAX_INFLATED_LEN`] bytes.
    TooLarge,
    /// The decoded bytes are not UTF-8.
    NotUtf8,
    /// The JSON is not a valid scenario (the parser's diagnostics).
    Scenario(Vec<Diagnostic>),
}

/// Why [`unpack`] gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnpackError {
    /// Not base64url.
    NotBase64,
    /// Not a valid deflate stream.
    NotDeflate,
    /// It would inflate to more than the limit.
    TooLarge,
}

// ----- base64url and deflate ---------------------------------------------------------------

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url without padding (RFC 4648 §5).
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    push_base64url(&mut out, bytes);
    out
}

/// Appends the base64url of `bytes` to `out` (a whole number of 3-byte groups continues an
/// earlier call's text exactly).
fn push_base64url(out: &mut String, bytes: &[u8]) {
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let take = chunk.len() + 1;
        for i in 0..take {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
}

fn sextet(c: u8) -> Option<u32> {
    let v = match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        // The standard alphabet's two characters too, in case a mail client rewrote the link.
        b'-' | b'+' => 62,
        b'_' | b'/' => 63,
        _ => return None,
    };
    Some(u32::from(v))
}

/// Decodes base64url (padding optional, also as `%3D`); `None` for anything else.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches("%3D").trim_end_matches("%3d");
    let text = text.trim_end_matches('=');
    let bytes = text.as_bytes();
    if bytes.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3 + 2);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= sextet(c)? << (18 - 6 * i);
        }
        let produced = chunk.len() - 1;
        for i in 0..produced {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

/// `bytes` deflated and base64url-encoded (no padding).
pub fn pack(bytes: &[u8]) -> String {
    pack_with(bytes, LEVEL)
}

/// [`pack`] at compression `level` (1 fastest … 9 smallest).
pub fn pack_with(bytes: &[u8], level: u8) -> String {
    base64url_encode(&miniz_oxide::deflate::compress_to_vec(bytes, level))
}

/// `bytes` as deflate's stored blocks (no compression), base64url-encoded: what [`unpack`] reads
/// as it reads [`pack`]'s text, about a third longer than `bytes`. For a caller that has no
/// deflater at hand (the web app's is a module of its own, fetched after the first view): this
/// needs none of deflate's code.
pub fn pack_stored(bytes: &[u8]) -> String {
    // Each block: a header byte (BFINAL, BTYPE 00, then padding to the byte), LEN and its
    // complement NLEN (little-endian), then LEN bytes as they are (RFC 1951 §3.2.4).
    const MAX_BLOCK: usize = 0xffff;
    let blocks = bytes.len().div_ceil(MAX_BLOCK).max(1);
    let mut stored = Vec::with_capacity(bytes.len() + 5 * blocks);
    let mut chunks = bytes.chunks(MAX_BLOCK).peekable();
    loop {
        let chunk = chunks.next().unwrap_or(&[]);
        let last = chunks.peek().is_none();
        let len = chunk.len() as u16;
        stored.push(u8::from(last));
        stored.extend_from_slice(&len.to_le_bytes());
        stored.extend_from_slice(&(!len).to_le_bytes());
        stored.extend_from_slice(chunk);
        if last {
            break;
        }
    }
    base64url_encode(&stored)
}

/// [`pack_with`] a slice at a time, for a caller that must yield between slices (deflating a
/// 100k tree's session, 12 MB, is about a hundred milliseconds). [`unpack`] reads the text back
/// to the same bytes, however it is sliced. The input is any bytes (`String`, `Vec<u8>`), given
/// back at the end.
pub struct Packer<T = Vec<u8>> {
    compressor: Box<miniz_oxide::deflate::core::CompressorOxide>,
    input: T,
    /// Input bytes deflated so far.
    read: usize,
    deflated: Vec<u8>,
    /// Deflated bytes already in `text` (whole 3-byte groups until the end).
    encoded: usize,
    text: String,
    level: u8,
    done: bool,
}

impl<T: AsRef<[u8]>> Packer<T> {
    /// A packer for `input` at compression `level` (as [`pack_with`]).
    pub fn new(input: T, level: u8) -> Packer<T> {
        use miniz_oxide::deflate::core::{CompressorOxide, create_comp_flags_from_zip_params};
        // Raw deflate, as `compress_to_vec`: no zlib header (window bits 0), default strategy.
        let flags = create_comp_flags_from_zip_params(level.into(), 0, 0);
        Packer {
            compressor: Box::new(CompressorOxide::new(flags)),
            text: String::with_capacity(input.as_ref().len() / 3),
            input,
            read: 0,
            deflated: Vec::new(),
            encoded: 0,
            level,
            done: false,
        }
    }

    /// Deflates at most `n` more input bytes (0 still makes progress at the end); whether the
    /// whole input is packed.
    pub fn pack(&mut self, n: usize) -> bool {
        use miniz_oxide::deflate::core::{TDEFLFlush, TDEFLStatus, compress};
        if self.done {
            return true;
        }
        let input = self.input.as_ref();
        let end = self.read.saturating_add(n).min(input.len());
        let last = end == input.len();
        let flush = if last {
            TDEFLFlush::Finish
        } else {
            TDEFLFlush::None
        };
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let (status, used, made) = compress(
                &mut self.compressor,
                &input[self.read..end],
                &mut buf,
                flush,
            );
            self.read += used;
            self.deflated.extend_from_slice(&buf[..made]);
            match status {
                TDEFLStatus::Done => {
                    self.done = true;
                    break;
                }
                TDEFLStatus::Okay if self.read < end || made == buf.len() || last => {}
                TDEFLStatus::Okay => break,
                // Not expected from valid parameters; rather than fail, pack it all at once.
                _ => {
                    self.text = pack_with(input, self.level);
                    self.encoded = self.deflated.len();
                    self.done = true;
                    return true;
                }
            }
        }
        let whole = if self.done {
            self.deflated.len()
        } else {
            self.deflated.len() / 3 * 3
        };
        push_base64url(&mut self.text, &self.deflated[self.encoded..whole]);
        self.encoded = whole;
        self.done
    }

    /// The input given back and the packed text once [`Packer::pack`] has said the whole
    /// input is packed; the packer itself otherwise. Unlike [`Packer::finish`], this never
    /// deflates, so a caller that packs through another module (the web app's deflater) does not
    /// link deflate's code.
    pub fn packed(self) -> Result<(T, String), Packer<T>> {
        if self.done {
            Ok((self.input, self.text))
        } else {
            Err(self)
        }
    }

    /// Input bytes not yet deflated.
    pub fn remaining(&self) -> usize {
        self.input.as_ref().len() - self.read
    }

    /// The packed text, packing whatever is left first.
    pub fn finish(self) -> String {
        self.finish_keeping_input().1
    }

    /// The input given back, and the packed text (packing whatever is left first).
    pub fn finish_keeping_input(mut self) -> (T, String) {
        while !self.pack(usize::MAX) {}
        (self.input, self.text)
    }
}

/// The bytes [`pack`] encoded, refusing anything that would inflate past `max_len` bytes (the
/// output buffer never grows beyond it).
pub fn unpack(text: &str, max_len: usize) -> Result<Vec<u8>, UnpackError> {
    let deflated = base64url_decode(text).ok_or(UnpackError::NotBase64)?;
    inflate(&deflated, max_len)
}

/// Raw deflate `bytes` inflated, refusing anything past `max_len` bytes.
pub fn inflate(bytes: &[u8], max_len: usize) -> Result<Vec<u8>, UnpackError> {
    use miniz_oxide::inflate::{TINFLStatus, decompress_to_vec_with_limit};

    decompress_to_vec_with_limit(bytes, max_len).map_err(|e| match e.status {
        TINFLStatus::HasMoreOutput => UnpackError::TooLarge,
        _ => UnpackError::NotDeflate,
    })
}

// ----- Links -------------------------------------------------------------------------------

/// The fragment (without `#`) that restores `scenario` with `tie_rule`.
pub fn encode(scenario: &Scenario, tie_rule: TieRule) -> String {
    encode_with(scenario, tie_rule, pack)
}

/// [`encode`], packing the scenario's JSON with `pack` ([`pack`], or [`pack_stored`] where no
/// deflater is at hand: [`decode`] reads either).
pub fn encode_with(
    scenario: &Scenario,
    tie_rule: TieRule,
    pack: impl FnOnce(&[u8]) -> String,
) -> String {
    let json = scenario::to_json(scenario);
    let mut res = format!("{DEFLATED_KEY}={}", pack(json.as_bytes()));
    if tie_rule == TieRule::Documented {
        res.push('&');
        res.push_str(TIE_KEY);
        res.push_str("=documented");
    }
    res
}

/// Reads a fragment (with or without the leading `#`). `None` when it holds no scenario (an
/// ordinary page load); otherwise the link or why it could not be read.
pub fn decode(fragment: &str) -> Option<Result<Link, LinkError>> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.len() > MAX_FRAGMENT_LEN {
        let is_link = fragment.starts_with(SCENARIO_KEY)
            || fragment
                .strip_prefix(DEFLATED_KEY)
                .is_some_and(|rest| rest.starts_with('='));
        return is_link.then_some(Err(LinkError::TooLong));
    }
    let mut value = None;
    let mut tie_rule = TieRule::Slurm;
    for pair in fragment.split('&') {
        let (key, v) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            SCENARIO_KEY => value = Some((v, false)),
            DEFLATED_KEY => value = Some((v, true)),
            TIE_KEY if v == "documented" => tie_rule = TieRule::Documented,
            _ => {}
        }
    }
    let (value, deflated) = value?;
    Some(decode_scenario(value, deflated).map(|scenario| Link { scenario, tie_rule }))
}

fn decode_scenario(value: &str, deflated: bool) -> Result<Scenario, LinkError> {
    let bytes = if deflated {
        unpack(value, MAX_INFLATED_LEN).map_err(|e| match e {
            UnpackError::NotBase64 => LinkError::NotBase64,
            UnpackError::NotDeflate => LinkError::NotDeflate,
            UnpackError::TooLarge => LinkError::TooLarge,
        })?
    } else {
        base64url_decode(value).ok_or(LinkError::NotBase64)?
    };
    let text = String::from_utf8(bytes).map_err(|_| LinkError::NotUtf8)?;
    match scenario::parse(&text) {
        // A pair Slurm cannot hold (a user twice in one account) is refused, as every edit
        // refuses to make one.
        (Some(scenario), _) => match scenario.tree.name_clashes() {
            clashes if clashes.is_empty() => Ok(scenario),
            clashes => Err(LinkError::Scenario(
                clashes
                    .into_iter()
                    .map(|e| Diagnostic::error(None, DiagKind::Tree(e)))
                    .collect(),
            )),
        },
        (None, diagnostics) => Err(LinkError::Scenario(diagnostics)),
    }
}

/// The page URL `href` with its fragment replaced by `fragment`.
pub fn with_fragment(href: &str, fragment: &str) -> String {
    let base = href.split_once('#').map_or(href, |(base, _)| base);
    format!("{base}#{fragment}")
}

// ----- Query parameters --------------------------------------------------------------------

/// Decodes `%XX` escapes and `+` (a space in query strings); `None` if the bytes are not UTF-8.
/// A `%` not followed by two hex digits stays as it is.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |c: u8| char::from(c).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(hi), Some(lo)) => {
                    out.push((hi * 16 + lo) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// The `key=value` pairs of a query string (with or without its leading `?`), values
/// percent-decoded. A pair whose raw value is longer than 3 × [`MAX_QUERY_VALUE_LEN`] (so
/// longer than that decoded) or is not UTF-8 once decoded is skipped; a key without `=` has the
/// empty value.
pub fn query_pairs(query: &str) -> impl Iterator<Item = (&str, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query.split('&').filter_map(|pair| {
        let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
        // Three characters per decoded byte at most: a longer raw value is too long decoded.
        if raw.len() > MAX_QUERY_VALUE_LEN * 3 {
            return None;
        }
        Some((key, percent_decode(raw)?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// However it is sliced, a packer's text unpacks to its input, and each slice reads at
    /// most its count of bytes.
    #[test]
    fn sliced_packing_unpacks_to_the_input() {
        let json = scenario::to_json(&crate::r#gen::scenario(3000, 5));
        let inputs = [Vec::new(), b"a".to_vec(), b"ab".to_vec(), json.into_bytes()];
        for input in inputs {
            for slice in [1, 2, 3, 1000, 65_537, usize::MAX] {
                let mut packer = Packer::new(input.clone(), 1);
                let mut guard = 0;
                while !packer.pack(slice) {
                    guard += 1;
                    assert!(guard <= input.len() + 1, "no progress by {slice}");
                }
                assert_eq!(packer.remaining(), 0);
                let text = packer.finish();
                assert_eq!(unpack(&text, input.len() + 1).as_deref(), Ok(&input[..]));
                if slice == usize::MAX {
                    assert_eq!(text, pack_with(&input, 1), "in one slice: pack_with's text");
                }
            }
        }
        // A slice reads what it is given, no more.
        let mut packer = Packer::new(vec![b'x'; 10_000], 1);
        packer.pack(1000);
        assert_eq!(packer.remaining(), 9000);
    }

    fn scenario(text: &str) -> Scenario {
        scenario::parse(text).0.unwrap()
    }

    const HOSTILE: &str = r#"{"name": "<img src=x onerror=alert(1)>", "associations": [
      {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
      {"id": 2, "parent": 1, "account": "<script>alert('x')<script>", "user": null, "shares": "parent"},
      {"id": 3, "parent": 2, "account": "<script>alert('x')<script>", "user": "名前 &amp; \"q\"", "shares": 7,
       "usage_raw": "12345678901234567890.5"}
    ]}"#;

    /// A few hundred pseudo-random bytes for "never panics" loops.
    fn noise(seed: &mut u64, len: usize, alphabet: &[u8]) -> Vec<u8> {
        (0..len)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                alphabet[(*seed % alphabet.len() as u64) as usize]
            })
            .collect()
    }

    #[test]
    fn base64url_round_trips_every_length_and_byte() {
        let bytes: Vec<u8> = (0..=255u8).collect();
        for len in 0..bytes.len() {
            let text = base64url_encode(&bytes[..len]);
            assert!(
                text.bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
            );
            assert_eq!(base64url_decode(&text).as_deref(), Some(&bytes[..len]));
        }
        assert_eq!(base64url_encode(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64url_encode(b"fo"), "Zm8");
        assert_eq!(base64url_decode("Zm8=").as_deref(), Some(&b"fo"[..]));
        assert_eq!(base64url_decode("Zm8%3D").as_deref(), Some(&b"fo"[..]));
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        for bad in ["A", "Zm9v!", "Zm 9v", "Zm9vY", "%%%%", "é"] {
            assert_eq!(base64url_decode(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn pack_round_trips_and_shrinks_repetitive_text() {
        let text = r#"{"id": 1, "account": "physics", "shares": 1}, "#.repeat(200);
        let packed = pack(text.as_bytes());
        assert!(packed.len() * 10 < text.len(), "{}", packed.len());
        assert_eq!(unpack(&packed, 1 << 20).unwrap(), text.as_bytes());
        assert_eq!(unpack(&pack(b""), 0).unwrap(), b"");
    }

    /// Stored blocks unpack to their input at every length around a block's 65,535 bytes, and
    /// a link made with them decodes to its scenario.
    #[test]
    fn stored_packing_unpacks_to_the_input() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let bytes: Vec<u8> = (0..=255).collect();
        for len in [
            0, 1, 2, 3, 100, 65_534, 65_535, 65_536, 131_070, 131_071, 200_000,
        ] {
            let input = noise(&mut seed, len, &bytes);
            let text = pack_stored(&input);
            assert_eq!(unpack(&text, len).as_deref(), Ok(&input[..]), "{len}");
            assert_eq!(
                unpack(&text, len.saturating_sub(1)).is_err(),
                len > 0,
                "{len}"
            );
        }
        let s = scenario(HOSTILE);
        let link = encode_with(&s, TieRule::Documented, pack_stored);
        let read = decode(&link).unwrap().unwrap();
        assert_eq!(read.scenario, s);
        assert_eq!(read.tie_rule, TieRule::Documented);
        assert!(link.len() > encode(&s, TieRule::Documented).len());
    }

    /// A packer gives its parts back only once it has packed everything, without packing.
    #[test]
    fn a_packer_gives_its_text_back_only_when_done() {
        let mut packer = Packer::new(vec![b'y'; 5_000], 1);
        assert!(!packer.pack(1000));
        let Err(mut packer) = packer.packed() else {
            panic!("given back before it is done")
        };
        while !packer.pack(1000) {}
        let Ok((input, text)) = packer.packed() else {
            panic!("done, yet not given back")
        };
        assert_eq!(input, vec![b'y'; 5_000]);
        assert_eq!(unpack(&text, 5_000).as_deref(), Ok(&input[..]));
    }

    #[test]
    fn a_deflate_bomb_is_refused_at_the_limit() {
        // 10 MB of zeros packs to a few KB; a 1 MB limit refuses it.
        let bomb = pack(&vec![0u8; 10 << 20]);
        assert!(bomb.len() < 20_000);
        assert_eq!(unpack(&bomb, 1 << 20), Err(UnpackError::TooLarge));
        assert_eq!(unpack(&bomb, 10 << 20).map(|b| b.len()), Ok(10 << 20));
        assert_eq!(unpack("***", 100), Err(UnpackError::NotBase64));
        assert_eq!(unpack("AAAA", 100), Err(UnpackError::NotDeflate));
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let bytes: Vec<u8> = (0..=255).collect();
        for len in 0..200 {
            let _ = unpack(&base64url_encode(&noise(&mut seed, len, &bytes)), 4096);
        }
    }

    #[test]
    fn a_link_holding_a_user_twice_in_one_account_is_refused() {
        let s = scenario(
            r#"{"associations": [
              {"id": 1, "parent": null, "account": "root", "user": null, "shares": 1},
              {"id": 2, "parent": 1, "account": "a", "user": null, "shares": 1},
              {"id": 3, "parent": 2, "account": "a", "user": "alice", "shares": 1},
              {"id": 4, "parent": 2, "account": "a", "user": "alice", "shares": 2}
            ]}"#,
        );
        let refused = decode(&encode(&s, TieRule::Slurm)).unwrap().unwrap_err();
        let LinkError::Scenario(diags) = refused else {
            panic!("{refused:?}");
        };
        assert_eq!(diags.len(), 1);
        assert!(
            diags[0]
                .to_string()
                .contains("account \"a\" already has a user \"alice\""),
            "{}",
            diags[0]
        );
    }

    #[test]
    fn a_scenario_survives_the_link_exactly() {
        for rule in [TieRule::Slurm, TieRule::Documented] {
            let s = scenario(HOSTILE);
            let fragment = encode(&s, rule);
            assert!(fragment.starts_with("z="));
            let link = decode(&format!("#{fragment}")).unwrap().unwrap();
            assert_eq!(
                link.scenario, s,
                "names and 80-bit usage come back unchanged"
            );
            assert_eq!(link.tie_rule, rule);
        }
        let g = crate::r#gen::scenario(2_000, 3);
        assert_eq!(
            decode(&encode(&g, TieRule::Slurm))
                .unwrap()
                .unwrap()
                .scenario,
            g
        );
    }

    #[test]
    fn version_1_links_still_open() {
        let s = scenario(HOSTILE);
        let json = scenario::to_json(&s);
        let old = format!(
            "#scenario={}&tie=documented",
            base64url_encode(json.as_bytes())
        );
        let link = decode(&old).unwrap().unwrap();
        assert_eq!(link.scenario, s);
        assert_eq!(link.tie_rule, TieRule::Documented);
    }

    #[test]
    fn hostile_links_give_typed_errors() {
        let bomb = format!("z={}", pack(&vec![b' '; MAX_INFLATED_LEN + 1]));
        assert!(bomb.len() < MAX_FRAGMENT_LEN);
        assert_eq!(decode(&bomb), Some(Err(LinkError::TooLarge)));
        let huge = format!("z={}", "A".repeat(MAX_FRAGMENT_LEN));
        assert_eq!(decode(&huge), Some(Err(LinkError::TooLong)));
        let huge = format!("scenario={}", "A".repeat(MAX_FRAGMENT_LEN));
        assert_eq!(decode(&huge), Some(Err(LinkError::TooLong)));
        assert_eq!(
            decode(&format!("zz={}", "A".repeat(MAX_FRAGMENT_LEN))),
            None
        );
        assert_eq!(decode("#z=AAAA"), Some(Err(LinkError::NotDeflate)));
        assert_eq!(decode("#z=***"), Some(Err(LinkError::NotBase64)));
        assert_eq!(decode("#scenario=***"), Some(Err(LinkError::NotBase64)));
        let not_utf8 = pack(&[0xff, 0xfe]);
        assert_eq!(
            decode(&format!("#z={not_utf8}")),
            Some(Err(LinkError::NotUtf8))
        );
        for json in [
            "",
            "null",
            "{",
            r#"{"associations": []}"#,
            r#"{"associations": [{"id": 1, "parent": 9, "account": "a/b"}]}"#,
            r#"{"associations": [{"id": 1, "parent": null, "account": "root", "usage_raw": -5}]}"#,
            &"[".repeat(100_000),
        ] {
            let Some(Err(LinkError::Scenario(diagnostics))) =
                decode(&format!("z={}", pack(json.as_bytes())))
            else {
                panic!("{json:?} should be refused");
            };
            assert!(diagnostics.iter().any(Diagnostic::is_error));
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for len in 0..300 {
            let text = noise(&mut seed, len, b"AZaz09-_=&%#scenario");
            let text = String::from_utf8(text).unwrap();
            let _ = decode(&text);
            let _ = decode(&format!("scenario={text}"));
            let _ = decode(&format!("z={text}"));
        }
    }

    #[test]
    fn fragments_without_a_scenario_are_not_links() {
        for f in ["", "#", "#top", "#tie=documented", "#other=1&x", "#zz=1"] {
            assert_eq!(decode(f), None, "{f:?}");
        }
    }

    #[test]
    fn the_fragment_replaces_any_old_one() {
        assert_eq!(
            with_fragment("http://h/p/?q=1#scenario=old", "scenario=new"),
            "http://h/p/?q=1#scenario=new"
        );
        assert_eq!(with_fragment("http://h/", "x=1"), "http://h/#x=1");
    }

    #[test]
    fn query_values_are_decoded_and_bounded() {
        let pairs: Vec<(&str, String)> =
            query_pairs("?me=a%2Fb+c&x&bad=%ff&pct=%zz%4&long=1").collect();
        assert_eq!(
            pairs,
            [
                ("me", "a/b c".to_string()),
                ("x", String::new()),
                ("pct", "%zz%4".to_string()),
                ("long", "1".to_string()),
            ]
        );
        let long = format!("me={}&lang=ja", "a".repeat(MAX_QUERY_VALUE_LEN * 3 + 1));
        assert_eq!(
            query_pairs(&long).collect::<Vec<_>>(),
            [("lang", "ja".to_string())]
        );
        assert_eq!(percent_decode("%E5%90%8D"), Some("名".to_string()));
        assert_eq!(percent_decode("%E5%90"), None);
    }
}
