//! Embeds the shipped rulesets, fields and teams into the binary, so that
//! `bod --ruleset pro` works from any directory on a fresh machine.
//!
//! Writes `$OUT_DIR/builtin_files.rs`: a sorted table of (relative path,
//! contents) for every file under `rulesets/` and `fields/`.

use std::path::{Path, PathBuf};
use std::{env, fs};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    let root =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for top in ["rulesets", "fields"] {
        println!("cargo:rerun-if-changed={top}");
        collect(&root.join(top), &mut files);
    }
    files.sort();
    let mut code = String::from(
        "/// Every shipped data file: (path relative to the repository, contents).\npub static FILES: &[(&str, &str)] = &[\n",
    );
    for file in &files {
        let rel = file
            .strip_prefix(&root)
            .expect("collected under the manifest dir")
            .to_string_lossy()
            .replace('\\', "/");
        code.push_str(&format!(
            "    ({rel:?}, include_str!({:?})),\n",
            file.to_string_lossy()
        ));
    }
    code.push_str("];\n");
    let out =
        PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("builtin_files.rs");
    fs::write(out, code).expect("write builtin_files.rs");
}
