//! A tiny option parser: `--name value`, `--flag`, and positional words.

use std::collections::BTreeMap;

/// Parsed command-line words: options by name and the positional words in order.
#[derive(Debug, Default)]
pub struct Args {
    options: BTreeMap<String, Option<String>>,
    flags: Vec<String>,
    pub positional: Vec<String>,
}

impl Args {
    /// Splits `words`. Names listed in `flags` take no value; every other
    /// `--name` takes the next word as its value.
    pub fn parse(words: &[String], flags: &[&str]) -> Result<Args, String> {
        let mut args = Args {
            flags: flags.iter().map(|f| f.to_string()).collect(),
            ..Args::default()
        };
        let mut iter = words.iter().peekable();
        while let Some(word) = iter.next() {
            if let Some(name) = word.strip_prefix("--") {
                if let Some((name, value)) = name.split_once('=') {
                    args.options
                        .insert(name.to_string(), Some(value.to_string()));
                } else if flags.contains(&name) {
                    args.options.insert(name.to_string(), None);
                } else {
                    // A missing value is reported by `only` (after unknown
                    // names, so a typo is called a typo) or on use.
                    let value = iter.next_if(|next| !next.starts_with("--")).cloned();
                    args.options.insert(name.to_string(), value);
                }
            } else {
                args.positional.push(word.clone());
            }
        }
        Ok(args)
    }

    pub fn flag(&self, name: &str) -> bool {
        self.options.contains_key(name)
    }

    /// The value of `--name`, if given. An option given without a value
    /// reads as absent here; `only` reports it.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.options.get(name).and_then(|v| v.as_deref())
    }

    /// The value of `--name` parsed as `T`, or a clear error naming the option.
    pub fn parsed<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        match self.value(name) {
            None => Ok(None),
            Some(text) => text
                .parse()
                .map(Some)
                .map_err(|_| format!("--{name}: cannot read '{text}'")),
        }
    }

    /// Rejects any option not in `known`, so typos do not pass silently.
    pub fn only(&self, known: &[&str]) -> Result<(), String> {
        for name in self.options.keys() {
            if !known.contains(&name.as_str()) {
                return Err(format!("unknown option --{name}"));
            }
        }
        for (name, value) in &self.options {
            if value.is_none() && !self.flags.contains(name) {
                return Err(format!("option --{name} needs a value"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_flags_and_positionals() {
        let args = Args::parse(&words("fuzz --size 8 --json --p=0.5"), &["json"]).unwrap();
        assert_eq!(args.positional, vec!["fuzz"]);
        assert_eq!(args.parsed::<u32>("size").unwrap(), Some(8));
        assert_eq!(args.value("p"), Some("0.5"));
        assert!(args.flag("json"));
        assert!(args.only(&["size", "json", "p"]).is_ok());
    }

    #[test]
    fn a_typo_is_called_a_typo() {
        let args = Args::parse(&words("--bogus --size 8"), &["json"]).unwrap();
        assert_eq!(
            args.only(&["size", "json"]).unwrap_err(),
            "unknown option --bogus"
        );
    }

    #[test]
    fn a_missing_value_is_reported() {
        let args = Args::parse(&words("--size"), &[]).unwrap();
        assert_eq!(
            args.only(&["size"]).unwrap_err(),
            "option --size needs a value"
        );
        let args = Args::parse(&words("--size --json"), &["json"]).unwrap();
        assert_eq!(
            args.only(&["size", "json"]).unwrap_err(),
            "option --size needs a value"
        );
    }

    #[test]
    fn unreadable_values_name_the_option() {
        let args = Args::parse(&words("--size eight"), &[]).unwrap();
        assert_eq!(
            args.parsed::<u32>("size").unwrap_err(),
            "--size: cannot read 'eight'"
        );
    }
}
