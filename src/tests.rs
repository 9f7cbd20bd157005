//! The workspace's layering, checked on its manifests and sources (native
//! unit tests of the root package, so that `cargo test` links no separate
//! binary for them):
//!
//! - the crate graph is the one ARCHITECTURE.md draws, read from `cargo
//!   metadata`, and no crate below the app depends on a web crate;
//! - no import cycle between the modules of any crate or of the app (a
//!   module may use its own ancestors — a type's impl split over child
//!   files — but no two modules may use each other, directly or around a
//!   loop); both `use` statements and paths written inline
//!   (`crate::a::B::new()`) count, and a name used through the crate root's
//!   re-exports counts as the root;
//! - no branch on which information model or preset is played: the app
//!   reads what the engine's catalogue and each observation's actions say.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;
type Edges = BTreeMap<Module, BTreeSet<Module>>;

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable source folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file (`src/play/table/mod.rs` → play::table;
/// a crate's `lib.rs` or `main.rs` is its root).
fn module_of(src: &Path, file: &Path) -> Module {
    let rel = file
        .strip_prefix(src)
        .expect("under src/")
        .with_extension("");
    let mut parts: Module = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
        parts.pop();
    } else if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The text without its `#[cfg(test)]` modules (each `mod name { … }`
/// after the attribute, to its closing brace) and comment lines.
fn code_of(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        code.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        let body_first = trimmed
            .find(['{', ';'])
            .is_some_and(|i| trimmed.as_bytes()[i] == b'{');
        if !(trimmed.starts_with("mod ") && body_first) {
            // An attribute on something else, or `mod tests;` in a file
            // of its own: keep going after the attribute.
            rest = after;
            continue;
        }
        let open = after.find('{').expect("a module body");
        let mut depth = 0;
        let mut end = after.len();
        for (i, ch) in after[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    code.push_str(rest);
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a `use` tree names: `a::{b, c::{d}}` → a::b, a::c::d.
fn expand(prefix: &[String], tree: &str, out: &mut Vec<Module>) {
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

/// The paths a file's code names: every `use` statement's, and every path
/// written inline from `crate::`, `super::` or `self::`.
fn paths(code: &str) -> Vec<Module> {
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
    let is_path_char = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    for start in ["crate::", "super::", "self::"] {
        for (i, _) in code.match_indices(start) {
            let before = code[..i].chars().next_back();
            if before.is_some_and(|c| is_path_char(c) || c == '$') {
                continue; // inside a longer path, or a macro's `$crate`
            }
            let path: String = code[i..].chars().take_while(|c| is_path_char(*c)).collect();
            let parts: Module = path
                .split("::")
                .filter(|p| !p.is_empty())
                .map(str::to_string)
                .collect();
            if parts.len() > 1 {
                out.push(parts);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The imports between the modules of one crate whose sources are `src`
/// (files under `src/bin/` and, with `skip_main`, `src/main.rs` belong to
/// other crates): each module to the modules it uses, ancestors left out.
fn module_edges(src: &Path, skip_main: bool) -> Edges {
    let mut files = Vec::new();
    sources(src, &mut files);
    let modules: BTreeMap<Module, PathBuf> = files
        .iter()
        .filter(|f| !f.starts_with(src.join("bin")))
        .filter(|f| !(skip_main && **f == src.join("main.rs")))
        .map(|f| (module_of(src, f), f.clone()))
        .collect();
    let resolve = |mut path: Module| {
        while !path.is_empty() && !modules.contains_key(&path) {
            path.pop();
        }
        path
    };
    let mut edges = Edges::new();
    for (module, file) in &modules {
        let code = code_of(&std::fs::read_to_string(file).expect("a readable source"));
        for path in paths(&code) {
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
    edges
}

/// An import cycle among `edges`, as the module names around it, if any
/// (a depth-first search for a back edge).
fn cycle(edges: &Edges) -> Option<Vec<String>> {
    fn visit(
        node: &Module,
        edges: &Edges,
        state: &mut BTreeMap<Module, bool>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
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
    for module in edges.keys() {
        if !state.contains_key(module) {
            if let Some(c) = visit(module, edges, &mut state, &mut Vec::new()) {
                return Some(c.iter().map(|m| m.join("::")).collect());
            }
        }
    }
    None
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every workspace package by name: its folder, and its dependencies by
/// kind (`normal`, `dev`, `build`), as `cargo metadata` reads the manifests.
type Packages = BTreeMap<String, (PathBuf, BTreeMap<String, BTreeSet<String>>)>;

fn packages() -> Packages {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .current_dir(root())
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let mut packages = Packages::new();
    for p in meta["packages"].as_array().expect("a package list") {
        let manifest = PathBuf::from(p["manifest_path"].as_str().expect("a manifest"));
        let mut deps: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for d in p["dependencies"].as_array().expect("a dependency list") {
            let kind = d["kind"].as_str().unwrap_or("normal").to_string();
            let name = d["name"].as_str().expect("a name").to_string();
            deps.entry(kind).or_default().insert(name);
        }
        let name = p["name"].as_str().expect("a name").to_string();
        let dir = manifest.parent().expect("a folder").to_path_buf();
        packages.insert(name, (dir, deps));
    }
    packages
}

#[test]
fn the_crate_graph_is_the_one_drawn() {
    let packages = packages();
    let ours = |kind: &str| -> BTreeMap<&str, Vec<&str>> {
        packages
            .iter()
            .map(|(name, (_, deps))| {
                let on: Vec<&str> = deps
                    .get(kind)
                    .into_iter()
                    .flatten()
                    .filter(|d| packages.contains_key(*d))
                    .map(String::as_str)
                    .collect();
                (name.as_str(), on)
            })
            .collect()
    };
    let expected: BTreeMap<&str, Vec<&str>> = [
        ("fogbound-progress", vec![]),
        ("fogbound-engine", vec![]),
        (
            "fogbound-puzzles",
            vec!["fogbound-engine", "fogbound-progress"],
        ),
        ("fogbound-solvers", vec!["fogbound-progress"]),
        ("fogbound-players", vec!["fogbound-engine"]),
        (
            "fogbound-cli",
            vec![
                "fogbound-engine",
                "fogbound-players",
                "fogbound-puzzles",
                "fogbound-solvers",
            ],
        ),
        (
            "fogbound-worker",
            vec![
                "fogbound-engine",
                "fogbound-players",
                "fogbound-puzzles",
                "fogbound-solvers",
            ],
        ),
        (
            "fogbound",
            vec![
                "fogbound-engine",
                "fogbound-players",
                "fogbound-puzzles",
                "fogbound-solvers",
                "fogbound-worker",
            ],
        ),
    ]
    .into_iter()
    .collect();
    assert_eq!(ours("normal"), expected);
    // Only the solvers' tests read the engine (its Fog of War model).
    let dev = ours("dev");
    assert_eq!(dev["fogbound-solvers"], ["fogbound-engine"]);
    assert!(dev
        .iter()
        .all(|(name, on)| *name == "fogbound-solvers" || on.is_empty()));
    // Nothing of the browser's in `crates/`: only the app and the worker
    // (`worker/`) are web packages.
    let web = ["yew", "web-sys", "js-sys", "wasm-bindgen", "gloo"];
    for (name, (dir, deps)) in &packages {
        let in_crates = dir.parent().and_then(|p| p.file_name()) == Some("crates".as_ref());
        assert_eq!(
            in_crates,
            !matches!(name.as_str(), "fogbound" | "fogbound-worker"),
            "{name} is in the wrong folder"
        );
        if !in_crates {
            continue;
        }
        let found: Vec<&String> = deps
            .values()
            .flatten()
            .filter(|d| web.iter().any(|w| d.starts_with(w)))
            .collect();
        assert!(found.is_empty(), "{name} depends on {found:?}");
    }
}

#[test]
fn no_crate_has_an_import_cycle() {
    let packages = packages();
    let mut imports = 0;
    for (name, (dir, _)) in &packages {
        // The app's `main.rs` is the page's binary, a crate of its own.
        let edges = module_edges(&dir.join("src"), name == "fogbound");
        imports += edges.values().map(BTreeSet::len).sum::<usize>();
        assert_eq!(cycle(&edges), None, "an import cycle in {name}");
    }
    assert!(
        imports > 200,
        "the checker found too few imports ({imports}) to be reading the code"
    );
}

#[test]
fn the_checker_sees_a_cycle_when_there_is_one() {
    let mut found = Vec::new();
    expand(&[], "super::{a::{B,C},d}", &mut found);
    assert_eq!(found.len(), 3);
    assert_eq!(
        paths("use crate::x::Y;\nfn f() { let use_it = 1; }"),
        [["crate", "x", "Y"]]
    );
    // A crate of three modules in a scratch folder: `a` uses `b` by a
    // `use`, `b` names `c` inline, `c` names `a` inline — a loop — and a
    // test module in `c` that names `b` is left out.
    let src = std::env::temp_dir().join(format!("fogbound-layers-{}", std::process::id()));
    std::fs::create_dir_all(src.join("b")).expect("a scratch folder");
    let write = |file: &str, text: &str| {
        std::fs::write(src.join(file), text).expect("a scratch file");
    };
    write("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n");
    write("a.rs", "use crate::b::Thing;\npub struct A;\n");
    write(
        "b/mod.rs",
        "pub struct Thing;\nfn f() { let _ = crate::c::make(); }\n",
    );
    write(
        "c.rs",
        "pub fn make() -> super::a::A { super::a::A }\n\n#[cfg(test)]\nmod tests {\n    use crate::b::Thing;\n}\n",
    );
    let edges = module_edges(&src, false);
    let looped = cycle(&edges);
    // The same crate with the loop cut: `c` no longer names `a`.
    write(
        "c.rs",
        "pub fn make() {}\n\n#[cfg(test)]\nmod tests {\n    use crate::b::Thing;\n}\n",
    );
    let cut = cycle(&module_edges(&src, false));
    std::fs::remove_dir_all(&src).expect("the scratch folder goes");
    assert_eq!(
        looped,
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    assert_eq!(cut, None);
}

#[test]
fn the_app_never_asks_which_model_or_preset_is_played() {
    let src = root().join("src");
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

/// The binaries (the page's, the study module's, the worker's entry points
/// and the whole command line) are built with `test = false`: a test
/// written in them would never run, so none may be.
#[test]
fn no_test_hides_in_a_binary_that_is_never_tested() {
    let mut files = vec![root().join("src/main.rs")];
    sources(&root().join("src/bin"), &mut files);
    sources(&root().join("crates/cli/src"), &mut files);
    assert!(files.len() >= 5, "too few binary sources: {files:?}");
    let found: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).expect("a readable source");
            text.contains("#[test]") || text.contains("cfg(test)")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        found.is_empty(),
        "tests in binaries built with `test = false`: {found:?}"
    );
}
