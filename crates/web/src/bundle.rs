//! The page's script as one file. The source keeps one concept per module
//! (`page/*.js`); joined when the server starts, the page loads in three
//! requests (itself, this script and the style), so that a browser needs
//! no more than two connections and one refused request cannot leave a
//! half-loaded board.
//!
//! Joining is plain text work on our own modules: each module becomes a
//! function returning the names it exports, and each `import { a, b }
//! from './m.js';` line of the main script takes them from it.

use std::sync::OnceLock;

/// A module the main script imports: its name and its text.
struct Module {
    file: &'static str,
    text: &'static str,
}

/// A module of `page/`, by its file's name.
macro_rules! module {
    ($file:literal) => {
        Module {
            file: $file,
            text: include_str!(concat!("page/", $file)),
        }
    };
}

/// The modules the main script imports; none imports another.
const MODULES: [Module; 26] = [
    module!("legend.js"),
    module!("announce.js"),
    module!("visibility.js"),
    module!("sound.js"),
    module!("premove.js"),
    module!("endings.js"),
    module!("mygames.js"),
    module!("nopaths.js"),
    module!("evalbar.js"),
    module!("analysis.js"),
    module!("steps.js"),
    module!("picture.js"),
    module!("sharedstream.js"),
    module!("api.js"),
    module!("words.js"),
    module!("board.js"),
    module!("movelist.js"),
    module!("clocks.js"),
    module!("play.js"),
    module!("follow.js"),
    module!("settings.js"),
    module!("newgame.js"),
    module!("saving.js"),
    module!("study.js"),
    module!("replay.js"),
    module!("watch.js"),
];

/// The main script, which imports the others.
const MAIN: &str = include_str!("page/app.js");

/// The page's whole script, joined once.
pub(super) fn script() -> &'static str {
    static SCRIPT: OnceLock<String> = OnceLock::new();
    SCRIPT.get_or_init(|| join(&MODULES, MAIN))
}

/// `main` with each of `modules` joined in before it.
fn join(modules: &[Module], main: &str) -> String {
    let mut script = String::with_capacity(
        main.len() + modules.iter().map(|m| m.text.len()).sum::<usize>() + 1024,
    );
    for module in modules {
        wrap(module, &mut script);
    }
    for line in main.lines() {
        match imported(line) {
            Some((names, file)) => {
                script.push_str(&format!("const {{ {names} }} = {};\n", binding(file)))
            }
            None => {
                script.push_str(line);
                script.push('\n');
            }
        }
    }
    script
}

/// Writes `module` as a constant holding what it exports.
fn wrap(module: &Module, script: &mut String) {
    let mut exported = Vec::new();
    script.push_str(&format!("const {} = (() => {{\n", binding(module.file)));
    for line in module.text.lines() {
        match line.strip_prefix("export ") {
            Some(declaration) => {
                exported.extend(declared(declaration));
                script.push_str(declaration);
            }
            None => script.push_str(line),
        }
        script.push('\n');
    }
    script.push_str(&format!("return {{ {} }};\n}})();\n", exported.join(", ")));
}

/// The name a declaration (`const X =`, `async function f(`, `class C`)
/// declares.
fn declared(declaration: &str) -> Option<&str> {
    let mut words = declaration.split_whitespace();
    let mut word = words.next()?;
    if word == "async" {
        word = words.next()?;
    }
    if !matches!(word, "const" | "let" | "function" | "class") {
        return None;
    }
    let name = words.next()?;
    let end = name
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(name.len());
    Some(&name[..end])
}

/// The names and the file of an `import { a, b } from './file.js';` line.
fn imported(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("import {")?;
    let (names, rest) = rest.split_once('}')?;
    let file = rest.trim().strip_prefix("from './")?.strip_suffix("';")?;
    Some((names.trim(), file))
}

/// The constant a module's exports are held in.
fn binding(file: &str) -> String {
    format!("module_{}", file.trim_end_matches(".js"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_import_is_taken_from_a_joined_module_that_exports_it() {
        let script = script();
        for line in MAIN.lines() {
            let Some((names, file)) = imported(line) else {
                assert!(!line.starts_with("import "), "{line}");
                continue;
            };
            let module = MODULES.iter().find(|module| module.file == file);
            let module = module.unwrap_or_else(|| panic!("{file} is not joined"));
            for name in names.split(',').map(str::trim) {
                let exports = module
                    .text
                    .lines()
                    .filter_map(|line| line.strip_prefix("export "))
                    .filter_map(declared);
                assert!(exports.clone().any(|given| given == name), "{file}: {name}");
            }
        }
        assert!(!script.lines().any(|line| line.starts_with("import ")));
        assert!(!script.lines().any(|line| line.starts_with("export ")));
        for module in &MODULES {
            assert!(!module.text.contains("import "), "{} imports", module.file);
        }
    }

    #[test]
    fn a_module_is_a_function_returning_its_exports() {
        let module = Module {
            file: "two.js",
            text: "const hidden = 1;\nexport const ONE = 1;\nexport async function go(a) {\n}\nexport class Thing {}\n",
        };
        let joined = join(&[module], "import { ONE, go } from './two.js';\ngo(ONE);\n");
        assert_eq!(
            joined,
            "const module_two = (() => {\nconst hidden = 1;\nconst ONE = 1;\nasync function go(a) {\n}\nclass Thing {}\nreturn { ONE, go, Thing };\n})();\nconst { ONE, go } = module_two;\ngo(ONE);\n"
        );
    }
}
