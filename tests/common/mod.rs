//! The one door the integration tests go through: insta settings that write
//! under the top-level `snapshots/<area>/`, and `bod(..)`, a small builder
//! that runs the `bod` binary from the repository root (or another folder,
//! `in_dir`) as a user would.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `f` with insta writing snapshots to `snapshots/<area>/`.
pub fn in_area<R>(area: &str, f: impl FnOnce() -> R) -> R {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(format!("../snapshots/{area}"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(f)
}

/// A path relative to the repository root, with `/` separators, for
/// snapshots that must not depend on where the checkout lives.
pub fn relative(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
        .replace('\\', "/")
}

/// A `bod` invocation, run from the repository root unless `in_dir` says
/// otherwise.
pub struct Bod {
    /// The program: this build's `bod` unless `with_program` says otherwise.
    pub program: PathBuf,
    /// The arguments.
    pub args: Vec<String>,
    /// The folder it runs in.
    pub dir: PathBuf,
}

/// What a run gave back.
pub struct Ran {
    /// The exit code.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// `bod` with these arguments.
pub fn bod(args: &[&str]) -> Bod {
    Bod {
        program: PathBuf::from(env!("CARGO_BIN_EXE_bod")),
        args: args.iter().map(|a| a.to_string()).collect(),
        dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")),
    }
}

impl Bod {
    /// The same invocation, run in `dir`.
    pub fn in_dir(self, dir: &Path) -> Bod {
        Bod {
            dir: dir.to_path_buf(),
            ..self
        }
    }

    /// The same invocation of another `bod` program (a release build).
    pub fn with_program(self, program: PathBuf) -> Bod {
        Bod { program, ..self }
    }

    /// Runs it, without colour.
    pub fn run(&self) -> Ran {
        let Output {
            status,
            stdout,
            stderr,
        } = Command::new(&self.program)
            .args(&self.args)
            .current_dir(&self.dir)
            .env("NO_COLOR", "1")
            .output()
            .expect("the bod binary runs");
        Ran {
            code: status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&stdout).into_owned(),
            stderr: String::from_utf8_lossy(&stderr).into_owned(),
        }
    }

    /// Runs it, without colour, with `input` as its standard input.
    pub fn run_with_input(&self, input: &str) -> Ran {
        use std::io::Write;
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .current_dir(&self.dir)
            .env("NO_COLOR", "1")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the bod binary runs");
        let mut stdin = child.stdin.take().expect("its standard input");
        let input = input.to_string();
        // Written from a thread while the output is read, so that neither
        // side waits on a full pipe; a game left early closes it.
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        let Output {
            status,
            stdout,
            stderr,
        } = child.wait_with_output().expect("bod ends");
        writer.join().expect("the input is written");
        Ran {
            code: status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&stdout).into_owned(),
            stderr: String::from_utf8_lossy(&stderr).into_owned(),
        }
    }

    /// Runs and expects success.
    pub fn succeeds(&self) -> Ran {
        let ran = self.run();
        assert_eq!(ran.code, 0, "bod {:?} failed:\n{}", self.args, ran.stderr);
        ran
    }

    /// Runs and expects success with `needle` on stdout.
    pub fn succeeds_with(&self, needle: &str) -> Ran {
        let ran = self.succeeds();
        assert!(
            ran.stdout.contains(needle),
            "bod {:?}: `{needle}` not in:\n{}",
            self.args,
            ran.stdout
        );
        ran
    }

    /// Runs and expects exit code `code` with `needle` on stderr.
    pub fn fails_with(&self, code: i32, needle: &str) -> Ran {
        let ran = self.run();
        assert_eq!(
            ran.code, code,
            "bod {:?}:\n{}{}",
            self.args, ran.stdout, ran.stderr
        );
        assert!(
            ran.stderr.contains(needle),
            "bod {:?}: `{needle}` not in:\n{}",
            self.args,
            ran.stderr
        );
        ran
    }
}
