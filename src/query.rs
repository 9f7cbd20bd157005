//! The query of a page address (`#/play?variant=chess&names=Ann,Bob`), read
//! the way browsers write it: names and values percent-decoded as UTF-8, and
//! `+` read as a space (`application/x-www-form-urlencoded`, what a form or
//! `URLSearchParams` produces). Every route that takes parameters reads them
//! here, so a link means the same wherever it points.

use std::collections::BTreeSet;

/// The longest piece of a link a message quotes, in characters.
pub const ECHO_CHARS: usize = 40;

/// One parameter as the address gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param<'a> {
    /// The name, decoded.
    pub name: String,
    /// The value, decoded (empty for a bare `name`).
    pub value: String,
    /// The value as it stands in the address, still encoded.
    pub raw: &'a str,
    /// The whole `name=value` text as it stands in the address.
    pub pair: &'a str,
}

/// A query taken apart: each parameter once, in the order given, the first
/// value of a parameter given more than once kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query<'a> {
    pub params: Vec<Param<'a>>,
    /// The names given more than once, each named once, in the order of their
    /// first repetition (only the first value of each is in `params`).
    pub repeated: Vec<String>,
}

impl<'a> Query<'a> {
    /// Takes `?a=1&b=2` (the leading `?` optional) apart. Empty pieces
    /// (`a=1&&b=2`) are skipped. Never fails: a bad escape stays as typed.
    pub fn parse(query: &'a str) -> Query<'a> {
        let mut seen = BTreeSet::new();
        let mut out = Query::default();
        for (name, raw, pair) in pairs(query) {
            if !seen.insert(name.clone()) {
                if !out.repeated.contains(&name) {
                    out.repeated.push(name);
                }
                continue;
            }
            out.params.push(Param {
                value: decode(raw),
                name,
                raw,
                pair,
            });
        }
        out
    }
}

/// Every `name=value` piece of a query in order, repeats included: the
/// decoded name, the value still encoded, and the whole piece as typed.
pub fn pairs(query: &str) -> impl Iterator<Item = (String, &str, &str)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (name, raw) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name), raw, pair)
        })
}

/// Decodes a query name or value: `+` is a space, `%xx` a byte, the bytes
/// read as UTF-8 (a broken sequence becomes U+FFFD). An escape that is not
/// two hex digits is kept as typed.
pub fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let escape = text
                    .get(i + 1..i + 3)
                    .and_then(|hex| u8::from_str_radix(hex, 16).ok());
                match escape {
                    Some(byte) => {
                        out.push(byte);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Escapes what may not stand as such in a query value: everything but
/// letters, digits and `-._~` (so `,`, `&`, `+` and spaces inside a value
/// are safe). [`decode`] reads it back.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A piece of a link as a message quotes it: at most [`ECHO_CHARS`]
/// characters (cut with "…"), control characters escaped, so a long or
/// strange value never floods the page.
pub fn echo(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == ECHO_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_as_browsers_write_them() {
        assert_eq!(decode("Ann%2CBob"), "Ann,Bob");
        assert_eq!(decode("Ann+Lee"), "Ann Lee");
        assert_eq!(decode("3%2B2"), "3+2");
        assert_eq!(decode("Zo%C3%AB"), "Zoë");
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%E2%82"), "\u{FFFD}");
        for text in ["Ann, the bold & quick", "Bé 100% ♞", "a+b c", ""] {
            assert_eq!(decode(&encode(text)), text);
        }
    }

    #[test]
    fn a_query_keeps_the_first_of_a_repeated_parameter() {
        let q = Query::parse("?a=1&b=x+y&&a=2&c&a=3&b=z&%61=4");
        let got: Vec<(&str, &str, &str)> = q
            .params
            .iter()
            .map(|p| (p.name.as_str(), p.value.as_str(), p.raw))
            .collect();
        assert_eq!(got, [("a", "1", "1"), ("b", "x y", "x+y"), ("c", "", "")]);
        assert_eq!(q.repeated, ["a", "b"]);
        assert_eq!(q.params[1].pair, "b=x+y");
        assert_eq!(Query::parse(""), Query::default());
    }

    #[test]
    fn echoes_are_short() {
        assert_eq!(echo("short"), "short");
        let long = "x".repeat(20_000);
        let shown = echo(&long);
        assert_eq!(shown.chars().count(), ECHO_CHARS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(echo(&"y".repeat(ECHO_CHARS)), "y".repeat(ECHO_CHARS));
        assert_eq!(echo("a\u{7}b\n"), "a\\u{7}b\\n");
    }
}
