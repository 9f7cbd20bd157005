//! Save times as a save's tags hold them: whole milliseconds since the
//! epoch, written and read as integers. (Reading them as floats would pull
//! the float parser's 20 KB table into the page for a number that is never
//! fractional.)

/// `1763740800000`.
pub fn stamp_text(ms: f64) -> String {
    format!("{}", ms as i64)
}

/// A save time: whole milliseconds, or an earlier build's float text
/// (`1763740800000.25`) cut to whole milliseconds; `None` for anything else
/// or a time before 1970.
pub fn read_stamp(text: &str) -> Option<f64> {
    let whole = text.trim().split('.').next()?;
    let ms: i64 = whole.parse().ok()?;
    (ms > 0).then_some(ms as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_round_trip_and_read_old_ones() {
        let now = 1_763_740_800_123.0;
        assert_eq!(read_stamp(&stamp_text(now)), Some(now));
        assert_eq!(read_stamp("1763740800000.75"), Some(1_763_740_800_000.0));
        for bad in ["", "x", "-5", "0", "1e12", "NaN"] {
            assert_eq!(read_stamp(bad), None, "{bad}");
        }
    }
}
