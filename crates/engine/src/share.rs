//! A whole match in a short URL-safe text, for share links
//! ([`AnyMatch::to_share`], [`AnyMatch::from_share`]).
//!
//! Bytes, then base64url without padding:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | format version ([`SHARE_VERSION`]) |
//! | 1 + n | variant id (length, then UTF-8) |
//! | 1 + n | model id (`open`, `fog`, `dark`, `kriegspiel`) |
//! | 1 + n | Kriegspiel preset id (empty for other models) |
//! | 2 + n | start FEN, empty for the variant's start (length big-endian) |
//! | 1 | the ending event: 0 none, 1/2 White/Black resigned, 3 draw agreed, 4/5 White's/Black's flag fell |
//! | varint | number of attempts |
//! | … | each attempt: a head byte (low two bits: 0 move, 1 "Any?", 2 "rebuffs?"; move flags 4 promotion, 8 rook square, 16 route), then for a move the from and to squares, the promotion letter, the rook square, the two route squares |
//! | varint, … | version 2 only: the number of tags, then each tag's name and value (length, then UTF-8) — the players' names and the date, named as PGN names them |
//! | 4 | FNV-1a checksum of everything before, big-endian |
//!
//! A match without tags is written as version 1, so the codes of earlier
//! builds and of untagged games are the same; both versions are read.
//!
//! Only the attempts are kept: the match is rebuilt by replaying them (who
//! tried is always the side to move), so a link cannot claim a position the
//! rules do not reach. Every failure is a typed [`ShareError`]; nothing
//! panics on any input.

use core::fmt;

use crate::{
    AnyMatch, Attempt, AttemptError, Color, GameEvent, MatchError, ModelError, ModelSpec,
    MoveAttempt, Role, Square, Variant,
};

/// The newest share format version, which this build writes for a tagged
/// match; it reads every version from 1 up to this one.
pub const SHARE_VERSION: u8 = 2;

/// Longest tag value kept in a share text (bytes; longer ones are cut at a
/// character boundary).
pub const MAX_SHARE_TAG: usize = 255;

/// Longest share text accepted (characters).
pub const MAX_SHARE_LEN: usize = 64 * 1024;

/// Why a share text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    Empty,
    TooLong {
        len: usize,
    },
    /// A character that base64url does not use.
    BadCharacter {
        at: usize,
    },
    /// The data ends early (a link cut short).
    Truncated,
    /// The checksum does not match (a link changed or cut short).
    Checksum,
    UnsupportedVersion {
        found: u8,
    },
    /// Bytes left over after the game.
    Trailing,
    /// A text field is not UTF-8.
    Text,
    UnknownVariant {
        id: String,
    },
    Model(ModelError),
    Match(MatchError),
    /// An unknown attempt kind or event code.
    Code {
        what: &'static str,
        code: u8,
    },
    /// Attempt `index` (from 0) does not replay.
    Attempt {
        index: usize,
        message: String,
    },
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Empty => write!(f, "the link holds no game"),
            ShareError::TooLong { len } => {
                write!(
                    f,
                    "the game text is {len} characters; at most {MAX_SHARE_LEN} are accepted"
                )
            }
            ShareError::BadCharacter { at } => {
                write!(f, "character {} is not part of a game code", at + 1)
            }
            ShareError::Truncated => write!(f, "the game code is cut short"),
            ShareError::Checksum => {
                write!(
                    f,
                    "the game code is damaged or incomplete (its checksum does not match)"
                )
            }
            ShareError::UnsupportedVersion { found } => write!(
                f,
                "the game code has format version {found}; this build reads versions 1 to {SHARE_VERSION}"
            ),
            ShareError::Trailing => write!(f, "the game code has extra data after the game"),
            ShareError::Text => write!(f, "a name in the game code is not valid text"),
            ShareError::UnknownVariant { id } => write!(f, "unknown variant '{id}'"),
            ShareError::Model(e) => e.fmt(f),
            ShareError::Match(e) => write!(f, "invalid start position: {e}"),
            ShareError::Code { what, code } => write!(f, "unknown {what} code {code}"),
            ShareError::Attempt { index, message } => {
                write!(f, "move {} does not replay: {message}", index + 1)
            }
        }
    }
}

impl std::error::Error for ShareError {}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in unpadded base64url (the share code's and the puzzle link's
/// alphabet).
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
    out
}

/// The bytes of an unpadded base64url text; a bad character or a cut
/// final byte is an error.
pub fn from_base64url(text: &str) -> Result<Vec<u8>, ShareError> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for (at, c) in text.bytes().enumerate() {
        let v = ALPHABET
            .iter()
            .position(|&a| a == c)
            .ok_or(ShareError::BadCharacter { at })?;
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // A lone sixth of a byte cannot come from the encoder.
    if bits >= 6 {
        return Err(ShareError::Truncated);
    }
    Ok(out)
}

/// The 32-bit FNV-1a hash: the checksum of share codes and puzzle codes.
pub fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

fn event_code(event: Option<GameEvent>) -> u8 {
    match event {
        None => 0,
        Some(GameEvent::Resign(Color::White)) => 1,
        Some(GameEvent::Resign(Color::Black)) => 2,
        Some(GameEvent::DrawAgreed) => 3,
        Some(GameEvent::FlagFall(Color::White)) => 4,
        Some(GameEvent::FlagFall(Color::Black)) => 5,
    }
}

fn event_of(code: u8) -> Result<Option<GameEvent>, ShareError> {
    Ok(match code {
        0 => None,
        1 => Some(GameEvent::Resign(Color::White)),
        2 => Some(GameEvent::Resign(Color::Black)),
        3 => Some(GameEvent::DrawAgreed),
        4 => Some(GameEvent::FlagFall(Color::White)),
        5 => Some(GameEvent::FlagFall(Color::Black)),
        code => {
            return Err(ShareError::Code {
                what: "event",
                code,
            })
        }
    })
}

const PROMOTION: u8 = 4;
const ROOK: u8 = 8;
const ROUTE: u8 = 16;

fn push_text(out: &mut Vec<u8>, s: &str) {
    // Ids are short; anything longer is cut, at a character boundary so
    // the text stays UTF-8.
    let mut end = s.len().min(MAX_SHARE_TAG);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    out.push(end as u8);
    out.extend_from_slice(&s.as_bytes()[..end]);
}

fn push_varint(out: &mut Vec<u8>, mut n: usize) {
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn push_attempt(out: &mut Vec<u8>, attempt: &Attempt) {
    match attempt {
        Attempt::AskAny => out.push(1),
        Attempt::AskRebuffs => out.push(2),
        Attempt::Move(m) => {
            let mut head = 0;
            if m.promotion.is_some() {
                head |= PROMOTION;
            }
            if m.rook_to.is_some() {
                head |= ROOK;
            }
            if m.route.is_some() {
                head |= ROUTE;
            }
            out.extend([head, m.from.0, m.to.0]);
            if let Some(r) = m.promotion {
                out.push(r.upper_char() as u8);
            }
            if let Some(r) = m.rook_to {
                out.push(r.0);
            }
            if let Some([a, b]) = m.route {
                out.extend([a.0, b.0]);
            }
        }
    }
}

/// Reads the bytes in order; running out is [`ShareError::Truncated`].
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, ShareError> {
        let (&b, rest) = self.bytes.split_first().ok_or(ShareError::Truncated)?;
        self.bytes = rest;
        Ok(b)
    }

    fn take(&mut self, n: usize) -> Result<&[u8], ShareError> {
        if self.bytes.len() < n {
            return Err(ShareError::Truncated);
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn text(&mut self, n: usize) -> Result<String, ShareError> {
        let bytes = self.take(n)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| ShareError::Text)
    }

    fn varint(&mut self) -> Result<usize, ShareError> {
        let mut n: usize = 0;
        for shift in (0..35).step_by(7) {
            let b = self.byte()?;
            n |= usize::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(ShareError::Code {
            what: "count",
            code: 0x80,
        })
    }

    fn attempt(&mut self) -> Result<Attempt, ShareError> {
        let head = self.byte()?;
        match head & 3 {
            1 => return Ok(Attempt::AskAny),
            2 => return Ok(Attempt::AskRebuffs),
            0 => {}
            code => {
                return Err(ShareError::Code {
                    what: "attempt",
                    code,
                })
            }
        }
        let from = Square(self.byte()?);
        let to = Square(self.byte()?);
        let promotion = if head & PROMOTION != 0 {
            let c = char::from(self.byte()?);
            Some(Role::from_char(c).ok_or(ShareError::Code {
                what: "promotion",
                code: c as u8,
            })?)
        } else {
            None
        };
        let rook_to = if head & ROOK != 0 {
            Some(Square(self.byte()?))
        } else {
            None
        };
        let route = if head & ROUTE != 0 {
            Some([Square(self.byte()?), Square(self.byte()?)])
        } else {
            None
        };
        Ok(Attempt::Move(MoveAttempt {
            from,
            to,
            promotion,
            rook_to,
            route,
        }))
    }
}

impl AnyMatch {
    /// The match as a share text (see the module docs).
    pub fn to_share(&self) -> String {
        self.to_share_tagged(&[])
    }

    /// The match and `tags` (name, value: the players and the date, say) as
    /// a share text; empty values are left out.
    pub fn to_share_tagged(&self, tags: &[(&str, &str)]) -> String {
        let tags: Vec<&(&str, &str)> = tags.iter().filter(|(_, v)| !v.is_empty()).collect();
        let version = if tags.is_empty() { 1 } else { SHARE_VERSION };
        let mut out = vec![version];
        push_text(&mut out, &self.variant().id);
        push_text(&mut out, self.spec().id());
        push_text(&mut out, self.spec().preset_id().unwrap_or(""));
        let start = self.start_fen();
        let fen = if start == self.variant().start_fen {
            ""
        } else {
            &start
        };
        let fen = &fen.as_bytes()[..fen.len().min(u16::MAX as usize)];
        out.extend((fen.len() as u16).to_be_bytes());
        out.extend_from_slice(fen);
        out.push(event_code(self.event()));
        push_varint(&mut out, self.log().len());
        for entry in self.log() {
            push_attempt(&mut out, &entry.attempt);
        }
        if version >= 2 {
            push_varint(&mut out, tags.len());
            for (name, value) in tags {
                push_text(&mut out, name);
                push_text(&mut out, value);
            }
        }
        let sum = fnv1a(&out);
        out.extend(sum.to_be_bytes());
        base64url(&out)
    }

    /// Rebuilds a match from a share text by replaying its attempts.
    pub fn from_share(text: &str) -> Result<AnyMatch, ShareError> {
        AnyMatch::from_share_tagged(text).map(|(m, _)| m)
    }

    /// Rebuilds a match and reads its tags (none in a version 1 text).
    pub fn from_share_tagged(text: &str) -> Result<(AnyMatch, Vec<(String, String)>), ShareError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ShareError::Empty);
        }
        if text.len() > MAX_SHARE_LEN {
            return Err(ShareError::TooLong { len: text.len() });
        }
        let bytes = from_base64url(text)?;
        if bytes.len() < 5 {
            return Err(ShareError::Truncated);
        }
        let (body, sum) = bytes.split_at(bytes.len() - 4);
        if fnv1a(body).to_be_bytes() != sum {
            return Err(ShareError::Checksum);
        }
        let mut r = Reader { bytes: body };
        let version = r.byte()?;
        if !(1..=SHARE_VERSION).contains(&version) {
            return Err(ShareError::UnsupportedVersion { found: version });
        }
        let n = usize::from(r.byte()?);
        let variant_id = r.text(n)?;
        let n = usize::from(r.byte()?);
        let model = r.text(n)?;
        let n = usize::from(r.byte()?);
        let preset = r.text(n)?;
        let n = u16::from_be_bytes([r.byte()?, r.byte()?]);
        let fen = r.text(usize::from(n))?;
        let event = event_of(r.byte()?)?;
        let count = r.varint()?;
        let variant = Variant::by_id(&variant_id).ok_or_else(|| ShareError::UnknownVariant {
            id: variant_id.chars().take(40).collect(),
        })?;
        let spec = ModelSpec::parse(&model, (!preset.is_empty()).then_some(preset.as_str()))
            .map_err(ShareError::Model)?;
        let mut m = AnyMatch::new(&variant, spec, (!fen.is_empty()).then_some(fen.as_str()))
            .map_err(ShareError::Match)?;
        for index in 0..count {
            let attempt = r.attempt()?;
            let player = m.turn();
            m.attempt(player, attempt)
                .map_err(|e: AttemptError| ShareError::Attempt {
                    index,
                    message: e.to_string(),
                })?;
        }
        let mut tags = Vec::new();
        if version >= 2 {
            for _ in 0..r.varint()? {
                let n = usize::from(r.byte()?);
                let name = r.text(n)?;
                let n = usize::from(r.byte()?);
                tags.push((name, r.text(n)?));
            }
        }
        if !r.bytes.is_empty() {
            return Err(ShareError::Trailing);
        }
        if let Some(event) = event {
            m.end(event).map_err(|e| ShareError::Attempt {
                index: count,
                message: e.to_string(),
            })?;
        }
        Ok((m, tags))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(variant: Variant, spec: ModelSpec, moves: &[&str]) -> AnyMatch {
        let mut m = AnyMatch::new(&variant, spec, None).unwrap();
        for text in moves {
            let player = m.turn();
            let a = Attempt::parse(text, m.geometry()).unwrap();
            m.attempt(player, a).unwrap();
        }
        m
    }

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..40u8 {
            let bytes: Vec<u8> = (0..len)
                .map(|i| i.wrapping_mul(37).wrapping_add(200))
                .collect();
            let text = base64url(&bytes);
            assert!(text
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
            assert_eq!(from_base64url(&text).unwrap(), bytes);
        }
    }

    #[test]
    fn matches_round_trip() {
        let krieg = ModelSpec::parse("kriegspiel", Some("berkeley-any")).unwrap();
        let cases = [
            game(
                Variant::chess(),
                ModelSpec::Fog,
                &["e2e4", "f7f6", "d1h5", "a7a6", "h5e8"],
            ),
            game(
                Variant::chess(),
                krieg,
                &["e2d3", "any?", "e2e4", "d7d5", "e4d5"],
            ),
            game(
                Variant::chess(),
                ModelSpec::Dark,
                &["g1f3@f1f2", "a7a6", "e2e4", "b7b6", "e4d5"],
            ),
            game(Variant::foolish_king(), ModelSpec::Fog, &["e2e4", "e7e5"]),
            {
                let mut m = game(Variant::chess(), ModelSpec::Open, &["e2e4"]);
                m.end(GameEvent::Resign(Color::Black)).unwrap();
                m
            },
        ];
        for m in cases {
            let text = m.to_share();
            let back = AnyMatch::from_share(&text).unwrap();
            assert_eq!(back.log(), m.log());
            assert_eq!(back.fens(), m.fens());
            assert_eq!(back.spec(), m.spec());
            assert_eq!(back.outcome(), m.outcome());
            assert_eq!(back.event(), m.event());
        }
    }

    #[test]
    fn tags_ride_along_in_version_2() {
        let m = game(Variant::chess(), ModelSpec::Fog, &["e2e4", "e7e5"]);
        // No tags (or only empty ones): the version 1 code of earlier builds.
        let plain = m.to_share();
        assert_eq!(m.to_share_tagged(&[("White", "")]), plain);
        assert_eq!(from_base64url(&plain).unwrap()[0], 1);
        let long = "é".repeat(200);
        let tagged = m.to_share_tagged(&[
            ("White", "Ann, née Lee"),
            ("Black", &long),
            ("Date", "2026.11.24"),
        ]);
        assert_eq!(from_base64url(&tagged).unwrap()[0], 2);
        let (back, tags) = AnyMatch::from_share_tagged(&tagged).unwrap();
        assert_eq!(back.fens(), m.fens());
        assert_eq!(tags[0], ("White".to_string(), "Ann, née Lee".to_string()));
        // A long value is cut at a character boundary.
        assert_eq!(tags[1].1, "é".repeat(127));
        assert_eq!(tags[2].1, "2026.11.24");
        assert_eq!(AnyMatch::from_share(&plain).unwrap().fens(), m.fens());
        for cut in 1..tagged.len() {
            assert!(
                AnyMatch::from_share(&tagged[..cut]).is_err(),
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn a_game_is_a_short_link() {
        let m = game(
            Variant::chess(),
            ModelSpec::Fog,
            &[
                "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6",
            ],
        );
        let text = m.to_share();
        assert!(text.len() < 60, "{} characters: {text}", text.len());
    }

    #[test]
    fn bad_and_cut_links_are_refused() {
        let m = game(Variant::chess(), ModelSpec::Fog, &["e2e4", "e7e5", "d1h5"]);
        let text = m.to_share();
        assert!(matches!(AnyMatch::from_share(""), Err(ShareError::Empty)));
        assert!(matches!(
            AnyMatch::from_share("abc$def"),
            Err(ShareError::BadCharacter { at: 3 })
        ));
        // Every cut is refused, never a shorter game.
        for cut in 1..text.len() {
            assert!(AnyMatch::from_share(&text[..cut]).is_err(), "cut at {cut}");
        }
        // A changed character breaks the checksum (or the alphabet).
        let mut changed = text.clone().into_bytes();
        changed[6] = if changed[6] == b'A' { b'B' } else { b'A' };
        assert!(AnyMatch::from_share(std::str::from_utf8(&changed).unwrap()).is_err());
        // A well-formed code of an impossible move: the replay refuses it.
        let mut bytes = vec![SHARE_VERSION];
        push_text(&mut bytes, "chess");
        push_text(&mut bytes, "fog");
        push_text(&mut bytes, "");
        bytes.extend([0, 0, 0, 1]);
        push_attempt(&mut bytes, &Attempt::of(Square(200), Square(3)));
        let sum = fnv1a(&bytes);
        bytes.extend(sum.to_be_bytes());
        let err = AnyMatch::from_share(&base64url(&bytes)).unwrap_err();
        assert!(matches!(err, ShareError::Attempt { index: 0, .. }), "{err}");
        assert!(!err.to_string().is_empty());
    }

    #[test]
    fn garbage_never_panics() {
        let mut seed = 12345u64;
        for len in 0..300 {
            let text: String = (0..len % 90)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    char::from(ALPHABET[(seed >> 58) as usize])
                })
                .collect();
            let _ = AnyMatch::from_share(&text);
        }
        // Valid checksums around random bodies.
        for len in 0..200usize {
            let mut body: Vec<u8> = (0..len)
                .map(|i| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(i as u64);
                    (seed >> 56) as u8
                })
                .collect();
            if let Some(b) = body.first_mut() {
                *b = SHARE_VERSION;
            }
            let sum = fnv1a(&body);
            body.extend(sum.to_be_bytes());
            let _ = AnyMatch::from_share(&base64url(&body));
        }
    }
}
