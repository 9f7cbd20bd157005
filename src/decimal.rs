//! Decimal numbers for the page's text and SVG coordinates, written with
//! integer formatting only: core's float formatting (its shortest and
//! exact algorithms and their tables) would add several kilobytes to the
//! page's download for a handful of numbers.

use std::fmt;

/// `x` rounded to `places` decimals (half away from zero): `Fixed(2.345, 1)`
/// reads `2.3`, `Fixed(7.0, 0)` reads `7`.
#[derive(Clone, Copy, Debug)]
pub struct Fixed(pub f64, pub u32);

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Fixed(x, places) = *self;
        if x.is_nan() {
            return f.write_str("NaN");
        }
        if x.is_infinite() {
            return f.write_str(if x > 0.0 { "∞" } else { "-∞" });
        }
        let scale = 10u64.pow(places.min(9));
        let scaled = (x.abs() * scale as f64).round() as u64;
        if x < 0.0 && scaled != 0 {
            f.write_str("-")?;
        }
        write!(f, "{}", scaled / scale)?;
        if places > 0 {
            let width = places.min(9) as usize;
            write!(f, ".{:0width$}", scaled % scale)?;
        }
        Ok(())
    }
}

/// `x` with up to `places` decimals, trailing zeros dropped: `0.5`, `0.006935`.
#[derive(Clone, Copy, Debug)]
pub struct Trimmed(pub f64, pub u32);

impl fmt::Display for Trimmed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = Fixed(self.0, self.1).to_string();
        let text = if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.')
        } else {
            &text
        };
        f.write_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_as_the_standard_formatting_does_away_from_ties() {
        for &(x, places) in &[
            (0.0, 1),
            (2.34, 1),
            (2.36, 1),
            (-2.36, 1),
            (123.456, 2),
            (0.0069351, 6),
            (99.96, 1),
            (7.0, 0),
            (1e6 / 3.0, 3),
            (-0.04, 1),
        ] {
            let ours = Fixed(x, places).to_string();
            let std = format!("{:.*}", places as usize, x);
            let std = if std == "-0.0" {
                "0.0".to_string()
            } else {
                std
            };
            assert_eq!(ours, std, "{x} to {places} places");
        }
        assert_eq!(Trimmed(0.5, 6).to_string(), "0.5");
        assert_eq!(Trimmed(0.006935, 6).to_string(), "0.006935");
        assert_eq!(Trimmed(3.0, 6).to_string(), "3");
        assert_eq!(Fixed(f64::NAN, 1).to_string(), "NaN");
    }
}
