//! The code's structure as ARCHITECTURE.md draws it: no two files of one
//! crate import each other, directly or round a circle. A name a module
//! re-exports (`pub use`) counts as an import of the file that defines
//! it, wherever it is imported from; a module's own tests are no part of
//! the structure.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::{crate_sources, files_under};

/// A module's path from the crate root: `["position", "fen"]`.
type Module = Vec<String>;

/// The module a file holds, from its path below the crate's root:
/// `position/fen.rs` and `position/fen/mod.rs` are `["position", "fen"]`.
fn module_of(relative: &Path) -> Module {
    let mut module: Module = relative
        .with_extension("")
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if module
        .last()
        .is_some_and(|last| last == "mod" || last == "lib")
    {
        module.pop();
    }
    module
}

/// Every module of the crate in `src`, with its file and its code
/// (comments, string literals and test modules taken out).
fn modules(src: &Path) -> BTreeMap<Module, (PathBuf, String)> {
    let mut found = BTreeMap::new();
    for relative in files_under(src) {
        if relative.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        let module = module_of(&relative);
        if module == ["main"] {
            continue;
        }
        let path = src.join(&relative);
        let code = without_tests(&code_only(&std::fs::read_to_string(&path).unwrap()));
        found.insert(module, (path, code));
    }
    found
}

/// `text` without comments, and with every string or character literal
/// left empty.
fn code_only(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < bytes.len() {
        let rest = &text[at..];
        if rest.starts_with("//") {
            at += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            at += rest.find("*/").map_or(rest.len(), |end| end + 2);
        } else if rest.starts_with("r#\"") || rest.starts_with("r\"") {
            let hashes = rest[1..].find('"').unwrap();
            let close = format!("\"{}", "#".repeat(hashes));
            let body = 2 + hashes;
            at += body + rest[body..].find(&close).unwrap() + close.len();
            out.push_str("\"\"");
        } else if rest.starts_with('"') {
            let mut end = 1;
            while end < rest.len() && rest.as_bytes()[end] != b'"' {
                end += if rest.as_bytes()[end] == b'\\' { 2 } else { 1 };
            }
            at += end + 1;
            out.push_str("\"\"");
        } else if let Some(length) = char_literal(rest) {
            at += length;
            out.push_str("' '");
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            at += c.len_utf8();
        }
    }
    out
}

/// The length of the character literal `text` starts with, if it starts
/// with one (and not with a lifetime).
fn char_literal(text: &str) -> Option<usize> {
    let mut chars = text.char_indices().skip(1);
    let (_, first) = chars.next()?;
    if first == '\\' {
        return text[2..].find('\'').map(|end| end + 3);
    }
    match chars.next() {
        Some((at, '\'')) if text.starts_with('\'') => Some(at + 1),
        _ => None,
    }
}

/// `code` without its `#[cfg(test)] mod NAME { ... }` blocks.
fn without_tests(code: &str) -> String {
    let mut code = code.to_owned();
    while let Some(start) = code.find("#[cfg(test)]") {
        let after = &code[start + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        if !trimmed.starts_with("mod ") {
            // A test-only item other than a module: drop the attribute.
            code.replace_range(start..start + "#[cfg(test)]".len(), "");
            continue;
        }
        let open = start + code[start..].find('{').unwrap();
        let mut depth = 0;
        let mut end = open;
        for (at, c) in code[open..].char_indices() {
            depth += i32::from(c == '{') - i32::from(c == '}');
            if depth == 0 {
                end = open + at + 1;
                break;
            }
        }
        code.replace_range(start..end, "");
    }
    code
}

/// The paths a `use` tree names, each from its start: `a::{b, c::d}` is
/// `a::b` and `a::c::d`; `a::{self, b}` is `a` and `a::b`. An `as`
/// renaming is kept after a space.
fn use_paths(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.to_owned()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (at, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|part| !part.trim().is_empty())
        .flat_map(use_paths)
        .map(|path| match path.as_str() {
            "self" => prefix.trim_end_matches("::").to_owned(),
            _ => format!("{prefix}{path}"),
        })
        .collect()
}

/// The `use` statements of `code`: whether each is public (a re-export),
/// and its tree.
fn use_statements(code: &str) -> Vec<(bool, String)> {
    use_ranges(code)
        .into_iter()
        .map(|(public, range)| {
            let tree = &code[range.start + 3..range.end - 1];
            (
                public,
                tree.split_whitespace().collect::<Vec<_>>().join(" "),
            )
        })
        .collect()
}

/// Where the `use` statements of `code` stand, from `use` to `;`, and
/// whether each is public.
fn use_ranges(code: &str) -> Vec<(bool, std::ops::Range<usize>)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(found_at) = find_word(&code[from..], "use") {
        let at = from + found_at;
        // `impl Trait + use<>` captures, and imports nothing.
        if code[at + 3..].starts_with('<') {
            from = at + 3;
            continue;
        }
        let before = code[..at].trim_end();
        let public = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
        let end = at + code[at..].find(';').unwrap() + 1;
        found.push((public, at..end));
        from = end;
    }
    found
}

/// Where the word `word` first stands alone in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).map(|(at, _)| at).find(|&at| {
        !text[..at].chars().next_back().is_some_and(is_ident)
            && !text[at + word.len()..].chars().next().is_some_and(is_ident)
    })
}

/// The structure: each module's re-exports and the modules it imports.
struct Graph {
    modules: BTreeMap<Module, (PathBuf, String)>,
    /// What each module re-exports: a name and the path it stands for.
    exports: BTreeMap<Module, BTreeMap<String, Module>>,
}

impl Graph {
    fn new(src: &Path) -> Graph {
        let modules = modules(src);
        let mut graph = Graph {
            modules,
            exports: BTreeMap::new(),
        };
        for (module, (_, code)) in &graph.modules {
            let mut exports = BTreeMap::new();
            for (public, tree) in use_statements(code) {
                for path in use_paths(&tree).into_iter().filter(|_| public) {
                    if let Some((name, target)) = graph.absolute(module, &path) {
                        exports.insert(name, target);
                    }
                }
            }
            graph.exports.insert(module.clone(), exports);
        }
        graph
    }

    /// A path written in `module`, from the crate root, with the name it
    /// is known by there; `None` for a path outside the crate.
    fn absolute(&self, module: &Module, path: &str) -> Option<(String, Module)> {
        let (path, alias) = match path.split_once(" as ") {
            Some((path, alias)) => (path.trim(), Some(alias.trim())),
            None => (path.trim(), None),
        };
        let segments: Vec<&str> = path.split("::").collect();
        let mut absolute: Module = match segments[0] {
            "crate" => Vec::new(),
            "super" | "self" => module.clone(),
            child
                if self
                    .modules
                    .contains_key(&[&module[..], &[child.to_owned()]].concat()) =>
            {
                module.clone()
            }
            _ => return None,
        };
        for segment in segments.iter().skip(usize::from(segments[0] == "crate")) {
            match *segment {
                "super" => {
                    absolute.pop();
                }
                "self" => {}
                name => absolute.push(name.to_owned()),
            }
        }
        let name = alias.unwrap_or(segments[segments.len() - 1]).to_owned();
        Some((name, absolute))
    }

    /// The module whose file defines what `path` names, re-exports
    /// followed.
    fn defining(&self, path: &Module) -> Option<Module> {
        let mut path = path.clone();
        for _ in 0..20 {
            let known = (0..=path.len())
                .rev()
                .find(|&length| self.modules.contains_key(&path[..length]))?;
            let module = path[..known].to_vec();
            let Some(name) = path.get(known) else {
                return Some(module);
            };
            match self.exports[&module].get(name) {
                Some(target) => path = [&target[..], &path[known + 1..]].concat(),
                None => return Some(module),
            }
        }
        None
    }

    /// The modules `module` imports: by `use` (a re-export aside), by a
    /// path written in its code, or through a module it imported.
    fn imports(&self, module: &Module) -> BTreeSet<Module> {
        let code = &self.modules[module].1;
        let mut imported = BTreeSet::new();
        let mut prefixes: Vec<(String, Module)> = Vec::new();
        for (public, tree) in use_statements(code) {
            for path in use_paths(&tree).into_iter().filter(|_| !public) {
                let Some((name, absolute)) = self.absolute(module, &path) else {
                    continue;
                };
                if let Some(target) = self.defining(&absolute) {
                    if target == absolute {
                        prefixes.push((name, absolute.clone()));
                    }
                    imported.insert(target);
                }
            }
        }
        for child in self.modules.keys() {
            if child.len() == module.len() + 1 && child.starts_with(module) {
                prefixes.push((child[module.len()].clone(), child.clone()));
            }
        }
        prefixes.push(("crate".to_owned(), Vec::new()));
        prefixes.push((
            "super".to_owned(),
            module[..module.len().saturating_sub(1)].to_vec(),
        ));
        let mut body = code.clone();
        for (_, range) in use_ranges(code) {
            body.replace_range(range.clone(), &" ".repeat(range.len()));
        }
        for (name, base) in prefixes {
            let mut rest = body.as_str();
            while let Some(at) = find_word(rest, &name) {
                let after = &rest[at + name.len()..];
                let tail: String = after
                    .chars()
                    .take_while(|&c| c.is_alphanumeric() || c == '_' || c == ':')
                    .collect();
                if let Some(segments) = tail.strip_prefix("::") {
                    let path: Module = base
                        .iter()
                        .cloned()
                        .chain(
                            segments
                                .split("::")
                                .filter(|s| !s.is_empty())
                                .map(str::to_owned),
                        )
                        .collect();
                    imported.extend(self.defining(&path));
                }
                rest = &rest[at + name.len()..];
            }
        }
        imported.remove(module);
        imported
    }
}

/// Each import circle: its modules, in the order one leads to the next.
fn circles(graph: &Graph) -> Vec<Vec<Module>> {
    let edges: BTreeMap<Module, BTreeSet<Module>> = graph
        .modules
        .keys()
        .map(|module| (module.clone(), graph.imports(module)))
        .collect();
    let mut circles = Vec::new();
    let mut settled = BTreeSet::new();
    for start in edges.keys() {
        // A path back to `start` through modules not yet settled.
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for next in &edges[&at] {
                if next == start {
                    circles.push(path.clone());
                    stack.clear();
                    break;
                }
                if !settled.contains(next) && seen.insert(next.clone()) {
                    stack.push((
                        next.clone(),
                        [&path[..], std::slice::from_ref(next)].concat(),
                    ));
                }
            }
        }
        settled.insert(start.clone());
    }
    circles
}

fn file_of(graph: &Graph, module: &Module) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = &graph.modules[module].0;
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn no_file_imports_itself_round_a_circle() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let graphs: Vec<Graph> = crate_sources()
        .iter()
        .map(|src| Graph::new(&root.join(src)))
        .collect();
    let modules: usize = graphs.iter().map(|graph| graph.modules.len()).sum();
    assert!(modules > 100, "{modules}");
    // The reader sees what it must: a name re-exported at the root is an
    // import of the file that defines it.
    let rules = Graph::new(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/rules/src"));
    let congo_rules = rules.imports(&vec!["congo_rules".to_owned()]);
    assert!(
        congo_rules.contains(&vec!["position".to_owned()]),
        "{congo_rules:?}"
    );
    let circles: Vec<String> = graphs
        .iter()
        .flat_map(|graph| {
            circles(graph)
                .into_iter()
                .map(move |circle| (graph, circle))
        })
        .map(|(graph, circle)| {
            let mut files: Vec<String> = circle.iter().map(|m| file_of(graph, m)).collect();
            files.push(files[0].clone());
            files.join(" -> ")
        })
        .collect();
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn a_circle_is_found_where_there_is_one() {
    let text = "use crate::a::X;\n#[cfg(test)]\nmod tests { use crate::b::Y; }\n";
    let code = without_tests(&code_only(text));
    assert_eq!(use_statements(&code), [(false, "crate::a::X".to_owned())]);
    assert_eq!(
        use_paths("crate::{a::{b, C as D}, e::{self, F}}"),
        ["crate::a::b", "crate::a::C as D", "crate::e", "crate::e::F"]
    );
    assert_eq!(
        code_only("let s = \"// not a comment\"; // a comment"),
        "let s = \"\"; "
    );
    assert_eq!(code_only("x('{', 'a) y"), "x(' ', 'a) y");
}

/// The crates each crate may use, as ARCHITECTURE.md's crate table says:
/// a row's first cell names the crate, its third the crates it may use
/// (`every crate above`: all the others).
fn documented_uses(map: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut uses = BTreeMap::new();
    let mut using_all = Vec::new();
    for line in map.lines().filter(|line| line.starts_with("| `congo")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let [name, _, may_use, ..] = cells[..] else {
            continue;
        };
        let name = name.trim_matches(['|', ' ', '`']).to_owned();
        if may_use.contains("every crate") {
            using_all.push(name.clone());
        }
        let named = may_use.split('`').skip(1).step_by(2).map(str::to_owned);
        uses.insert(name, named.collect::<BTreeSet<_>>());
    }
    let all: BTreeSet<String> = uses.keys().cloned().collect();
    for name in using_all {
        let others = all
            .iter()
            .filter(|other| **other != name)
            .cloned()
            .collect();
        uses.insert(name, others);
    }
    uses
}

/// A manifest's package name and the packages its dependency tables
/// name, or what is wrong with one: a dependency that is not a path
/// inside the workspace.
fn manifest_uses(manifest: &str) -> Result<(String, BTreeSet<String>), String> {
    let mut name = None;
    let mut section = "";
    let mut used = BTreeSet::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if section == "[package]" && key == "name" {
            name = Some(value.trim_matches('"').to_owned());
        } else if section.ends_with("dependencies]") {
            if !value.starts_with("{ path = \"") || value.contains("version") {
                return Err(format!("{key} is not a crate of the workspace: {value}"));
            }
            used.insert(key.to_owned());
        }
    }
    Ok((name.ok_or("no package name")?, used))
}

/// The packages of a `Cargo.lock` that come from outside the workspace.
fn foreign_packages(lock: &str) -> Vec<String> {
    lock.split("[[package]]")
        .skip(1)
        .filter(|package| package.contains("\nsource = ") || !package.contains("name = \"congo"))
        .map(|package| package.lines().nth(1).unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn each_crate_uses_exactly_the_crates_the_map_allows_and_none_from_outside() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let allowed = documented_uses(&map);
    let mut manifests = vec![root.join("Cargo.toml")];
    manifests.extend(crate_sources().iter().filter_map(|src| {
        let manifest = root.join(src.parent()?).join("Cargo.toml");
        manifest.is_file().then_some(manifest)
    }));
    assert!(manifests.len() > 10, "{manifests:?}");
    for manifest in manifests {
        let text = std::fs::read_to_string(&manifest).unwrap();
        let (name, used) = manifest_uses(&text).unwrap_or_else(|e| panic!("{manifest:?}: {e}"));
        let may = allowed
            .get(&name)
            .unwrap_or_else(|| panic!("{name} is not in ARCHITECTURE.md's crate table"));
        assert_eq!(&used, may, "{name} uses other crates than the map says");
    }
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap();
    assert_eq!(foreign_packages(&lock), Vec::<String>::new());
}

#[test]
fn a_use_against_the_map_or_from_outside_is_caught() {
    let map = "| `congo-kit` | x | | y |\n| `congo-rules` | x | `congo-kit` | y |\n\
               | `congo` | x | every crate above | y |\n";
    let allowed = documented_uses(map);
    assert_eq!(allowed["congo-kit"], BTreeSet::new());
    assert_eq!(allowed["congo"].len(), 2);
    let upward =
        "[package]\nname = \"congo-kit\"\n[dependencies]\ncongo-rules = { path = \"../rules\" }\n";
    let (name, used) = manifest_uses(upward).unwrap();
    assert_ne!(&used, &allowed[&name]);
    let foreign = "[package]\nname = \"congo-kit\"\n[dev-dependencies]\nrand = \"0.8\"\n";
    assert!(manifest_uses(foreign).unwrap_err().contains("rand"));
    let lock = "[[package]]\nname = \"congo\"\nversion = \"0.1.0\"\n\n[[package]]\nname = \"libc\"\n\
                version = \"0.2\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n";
    assert_eq!(foreign_packages(lock), ["name = \"libc\""]);
}

/// The files of the integration tests in `tests` that no module declares:
/// Cargo's discovery of test targets is off (one target, `tests/main.rs`,
/// names its modules), so such a file would never run.
fn undeclared_test_files(tests: &Path) -> Vec<PathBuf> {
    let mut undeclared = Vec::new();
    for relative in files_under(tests) {
        if relative.extension().is_none_or(|ext| ext != "rs") || relative == Path::new("main.rs") {
            continue;
        }
        let mut module = module_of(&relative);
        let Some(name) = module.pop() else { continue };
        let parent = if module.is_empty() {
            tests.join("main.rs")
        } else {
            tests.join(module.join("/")).join("mod.rs")
        };
        let code =
            std::fs::read_to_string(&parent).map_or_else(|_| String::new(), |t| code_only(&t));
        if find_word(&code, &format!("mod {name};")).is_none() {
            undeclared.push(relative);
        }
    }
    undeclared
}

#[test]
fn every_test_file_is_a_module_of_the_one_test_target() {
    let tests = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests");
    assert_eq!(undeclared_test_files(&tests), Vec::<PathBuf>::new());
}

#[test]
fn a_test_file_no_module_declares_is_caught() {
    let dir = common::scratch("structure-undeclared");
    for (file, text) in [
        ("main.rs", "mod common;\nmod serve;\n// mod stray;\n"),
        ("common/mod.rs", ""),
        ("serve/mod.rs", "mod api;\n"),
        ("serve/api.rs", ""),
        ("serve/lost.rs", ""),
        ("stray.rs", ""),
        ("fixtures/engine.sh", ""),
    ] {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    assert_eq!(
        undeclared_test_files(&dir),
        [PathBuf::from("serve/lost.rs"), PathBuf::from("stray.rs")]
    );
    std::fs::remove_dir_all(dir).unwrap();
}
