//! The app's layering, checked on its source (native only):
//!
//! - no import cycle between the app's modules (a module may use its own
//!   ancestors — a type's impl split over child files — but no two modules
//!   may use each other, directly or around a loop);
//! - no branch on which information model or preset is played: the app
//!   reads what the engine's catalogue and each observation's actions say.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file (`src/play/table/mod.rs` → play::table).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file
        .strip_prefix(src)
        .expect("under src/")
        .with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The text without its `#[cfg(test)] mod tests { … }` tail and comments.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a `use` tree names: `a::{b, c::{d}}` → a::b, a::c::d.
fn expand(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(inner) = tree.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        let (mut depth, mut start) = (0, 0);
        for (i, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(prefix, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(prefix, &inner[start..], out);
        return;
    }
    if tree.is_empty() {
        return;
    }
    match tree.split_once("::") {
        Some((head, rest)) => {
            let mut p = prefix.to_vec();
            p.push(head.to_string());
            expand(&p, rest, out);
        }
        None => {
            let mut p = prefix.to_vec();
            p.push(tree.split(" as ").next().unwrap_or(tree).to_string());
            out.push(p);
        }
    }
}

/// The `use` paths of a file's code.
fn uses(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = &rest[..i];
        let at_statement = before
            .rsplit('\n')
            .next()
            .is_some_and(|l| l.trim().is_empty() || l.trim().starts_with("pub"));
        let tail = &rest[i + 4..];
        let Some(end) = tail.find(';') else { break };
        if at_statement {
            let tree: String = tail[..end].split_whitespace().collect::<Vec<_>>().join("");
            expand(&[], &tree, &mut out);
        }
        rest = &tail[end..];
    }
    out
}

#[test]
fn the_app_has_no_import_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .filter(|f| !f.starts_with(src.join("bin")) && !f.ends_with("main.rs"))
        .map(|f| (module_of(&src, f), f.clone()))
        .collect();
    let resolve = |mut path: Vec<String>| {
        while !path.is_empty() && !modules.contains_key(&path) {
            path.pop();
        }
        path
    };
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, file) in &modules {
        let code = code_of(&std::fs::read_to_string(file).expect("a readable source"));
        for path in uses(&code) {
            let target = match path.first().map(String::as_str) {
                Some("crate") => path[1..].to_vec(),
                Some("super") => {
                    let mut base = module.clone();
                    let mut i = 0;
                    while path.get(i).is_some_and(|s| s == "super") {
                        base.pop();
                        i += 1;
                    }
                    base.extend(path[i..].iter().cloned());
                    base
                }
                Some("self") => {
                    let mut base = module.clone();
                    base.extend(path[1..].iter().cloned());
                    base
                }
                _ => continue,
            };
            let target = resolve(target);
            if module.starts_with(&target) {
                continue; // itself or an ancestor
            }
            edges.entry(module.clone()).or_default().insert(target);
        }
    }
    assert!(
        edges.values().map(BTreeSet::len).sum::<usize>() > 30,
        "the checker found too few imports to be reading the code: {edges:?}"
    );
    // Depth-first search for a back edge.
    fn visit(
        node: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, bool>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        state.insert(node.clone(), false);
        stack.push(node.clone());
        for next in edges.get(node).into_iter().flatten() {
            match state.get(next) {
                Some(false) => {
                    let at = stack.iter().position(|n| n == next).unwrap_or(0);
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(true) => {}
                None => {
                    if let Some(c) = visit(next, edges, state, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        state.insert(node.clone(), true);
        None
    }
    let mut state = BTreeMap::new();
    for module in modules.keys() {
        if !state.contains_key(module) {
            let cycle = visit(module, &edges, &mut state, &mut Vec::new());
            let names: Option<Vec<String>> =
                cycle.map(|c| c.iter().map(|m| m.join("::")).collect());
            assert_eq!(names, None, "an import cycle");
        }
    }
}

#[test]
fn the_checker_sees_a_cycle_when_there_is_one() {
    let mut found = Vec::new();
    expand(&[], "super::{a::{B,C},d}", &mut found);
    assert_eq!(found.len(), 3);
    assert_eq!(
        uses("use crate::x::Y;\nfn f() { let use_it = 1; }").len(),
        1
    );
}

#[test]
fn the_app_never_asks_which_model_or_preset_is_played() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let forbidden = [
        "ModelSpec::Open",
        "ModelSpec::Fog",
        "ModelSpec::Dark",
        "ModelSpec::Kriegspiel",
        "KriegspielRules",
        "PawnTries",
        "preset_id() ==",
        "spec().id() ==",
        "model == \"",
        "preset == \"",
    ];
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !f.ends_with("tests.rs")) {
        let code = code_of(&std::fs::read_to_string(file).expect("a readable source"));
        for word in forbidden {
            if code.contains(word) {
                found.push(format!("{}: {word}", file.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "model- or preset-specific code: {found:#?}"
    );
}
