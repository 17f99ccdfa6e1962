//! The build itself: `.cargo/rustc-pgo`, the rustc wrapper that guides
//! optimized builds by the committed profile, given a stand-in compiler
//! that prints the arguments it gets (and, asked `-vV`, a version), and
//! `.cargo/bolt-link`, which lays the guided program out by the BOLT
//! profile when BOLT is at hand.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's `.cargo` folder.
fn cargo_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(".cargo")
}

/// A stand-in for rustc in a folder of its own under the system's
/// temporary folder (removed when dropped): asked `-vV` it prints
/// `version`, else its arguments, one a line.
struct StandIn {
    dir: PathBuf,
}

impl StandIn {
    fn new(name: &str, version: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("bod-rustc-pgo-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("version"), version).unwrap();
        let rustc = dir.join("rustc");
        std::fs::write(
            &rustc,
            "#!/bin/sh\n\
             if [ \"$1\" = -vV ]; then cat \"$(dirname \"$0\")/version\"; exit; fi\n\
             printf '%s\\n' \"$@\"\n",
        )
        .unwrap();
        std::fs::set_permissions(&rustc, std::fs::Permissions::from_mode(0o755)).unwrap();
        StandIn { dir }
    }

    fn rustc(&self) -> PathBuf {
        self.dir.join("rustc")
    }
}

impl Drop for StandIn {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The arguments the stand-in compiler gets from the wrapper, with no
/// BOLT at hand.
fn passed(rustc: &Path, args: &[&str]) -> Vec<String> {
    passed_with_bolt(rustc, args, "")
}

/// The arguments the stand-in compiler gets from the wrapper, with the
/// BOLT `bolt` names (`BOD_BOLT`; empty: none).
fn passed_with_bolt(rustc: &Path, args: &[&str], bolt: &str) -> Vec<String> {
    let out = Command::new(cargo_dir().join("rustc-pgo"))
        .arg(rustc)
        .args(args)
        .env("BOD_BOLT", bolt)
        .output()
        .expect("the wrapper runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The `rustc -vV` of the compiler that recorded the profile.
fn recording_compiler() -> String {
    std::fs::read_to_string(cargo_dir().join("bod.profdata.rustc")).unwrap()
}

/// The profile flag the wrapper adds, with the profile's full path.
fn profile_flag() -> String {
    format!(
        "-Cprofile-use={}",
        cargo_dir().join("bod.profdata").display()
    )
}

#[test]
fn the_profile_is_committed_with_the_compiler_that_reads_it() {
    let profile = std::fs::metadata(cargo_dir().join("bod.profdata")).expect("a profile");
    assert!(profile.len() > 0);
    let recorded = recording_compiler();
    assert!(recorded.contains("LLVM version:"), "{recorded}");
}

/// What cargo passes for an optimized build of the library and of the
/// `bod` program (in short).
const LIB: [&str; 5] = ["--crate-name", "bod", "-C", "opt-level=3", "src/lib.rs"];
const BIN: [&str; 7] = [
    "--crate-name",
    "bod",
    "--crate-type",
    "bin",
    "-C",
    "opt-level=3",
    "src/main.rs",
];

/// `args` followed by `more`.
fn with(args: &[&str], more: &[&str]) -> Vec<String> {
    args.iter().chain(more).map(|&a| a.to_owned()).collect()
}

#[test]
fn an_optimized_build_by_the_recording_compiler_reads_the_profile() {
    let recorded = recording_compiler();
    let same = StandIn::new("same", &recorded);
    let profile = profile_flag();
    // Without BOLT, LLVM splits off the functions' cold blocks.
    for args in [&LIB[..], &BIN] {
        let expected = with(
            args,
            &[&profile, "-Cllvm-args=-enable-split-machine-functions"],
        );
        assert_eq!(passed(&same.rustc(), args), expected);
    }
}

#[test]
fn with_bolt_the_program_keeps_its_relocations_and_nothing_is_split() {
    let recorded = recording_compiler();
    let same = StandIn::new("bolt", &recorded);
    // Any program that runs stands in for BOLT here: the stand-in compiler
    // links nothing, so there is nothing to lay out.
    let bolt = same.rustc();
    let bolt = bolt.to_str().unwrap();
    let profile = profile_flag();
    assert_eq!(
        passed_with_bolt(&same.rustc(), &LIB, bolt),
        with(&LIB, &[&profile])
    );
    assert_eq!(
        passed_with_bolt(&same.rustc(), &BIN, bolt),
        with(&BIN, &[&profile, "-Clink-arg=-Wl,--emit-relocs"])
    );
}

#[test]
fn a_bolt_profile_fits_only_the_program_it_was_recorded_on() {
    let for_file = std::fs::read_to_string(cargo_dir().join("bod.fdata.for"))
        .expect("a BOLT profile's fingerprint");
    let lines: Vec<&str> = for_file.lines().collect();
    assert_eq!(lines.len(), 2, "{for_file}");
    assert!(lines[0].contains("LLVM version"), "{for_file}");
    let profile = std::fs::metadata(cargo_dir().join("bod.fdata.gz")).expect("a BOLT profile");
    assert!(profile.len() > 0);
    // A program (here this test's, copied where a build of `bod` would
    // have linked it) is left as it is, with a warning, when the BOLT at
    // hand is another than the one that recorded the profile, and when it
    // is the same but the program is another.
    let dir = std::env::temp_dir().join(format!("bod-bolt-link-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let same_bolt = dir.join("llvm-bolt");
    std::fs::write(
        &same_bolt,
        format!("#!/bin/sh\necho '{}'\n", lines[0].replace('\'', "")),
    )
    .unwrap();
    std::fs::set_permissions(&same_bolt, std::fs::Permissions::from_mode(0o755)).unwrap();
    let program = dir.join("bod-0123");
    std::fs::copy(std::env::current_exe().unwrap(), &program).unwrap();
    let before = std::fs::read(&program).unwrap();
    let warnings: Vec<String> = [Path::new("/bin/true"), &same_bolt]
        .iter()
        .map(|bolt| {
            let out = Command::new(cargo_dir().join("bolt-link"))
                .arg(bolt)
                .args(["--crate-name", "bod", "--out-dir"])
                .arg(&dir)
                .args(["-C", "extra-filename=-0123"])
                .output()
                .expect("bolt-link runs");
            assert!(out.status.success());
            String::from_utf8_lossy(&out.stderr).into_owned()
        })
        .collect();
    let after = std::fs::read(&program).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(before == after, "the program was changed");
    for (warning, why) in warnings
        .iter()
        .zip(["recorded by another BOLT", "recorded on another program"])
    {
        assert!(
            warning.contains("is not laid out by BOLT") && warning.contains(why),
            "{warning}"
        );
    }
}

#[test]
fn bolt_link_warns_when_nothing_was_linked() {
    let out = Command::new(cargo_dir().join("bolt-link"))
        .args(["/bin/true", "--crate-name", "bod", "-C", "opt-level=3"])
        .output()
        .expect("bolt-link runs");
    assert!(out.status.success());
    let warning = String::from_utf8_lossy(&out.stderr);
    assert!(warning.contains("no program was linked there"), "{warning}");
}

#[test]
fn other_builds_run_the_compiler_as_they_are() {
    let recorded = recording_compiler();
    let same = StandIn::new("as-is", &recorded);
    let other = StandIn::new("other", "rustc 0.0.0 (another compiler)\n");
    let (same, other) = (&same.rustc(), &other.rustc());
    let cases: [(&Path, &[&str]); 5] = [
        // Tests, clippy and debug builds.
        (
            same,
            &["--crate-name", "bod", "-C", "debuginfo=2", "src/lib.rs"],
        ),
        (
            same,
            &["--crate-name", "bod", "-C", "opt-level=0", "src/lib.rs"],
        ),
        // A build recording a profile, or reading one of its own.
        (
            same,
            &[
                "-C",
                "opt-level=3",
                "-Cprofile-generate=/tmp/counts",
                "src/lib.rs",
            ],
        ),
        (
            same,
            &[
                "-C",
                "opt-level=3",
                "-C",
                "profile-use=/tmp/p.profdata",
                "src/lib.rs",
            ],
        ),
        // Another compiler, which may not read the profile.
        (other, &["-C", "opt-level=3", "src/lib.rs"]),
    ];
    for (rustc, args) in cases {
        assert_eq!(passed(rustc, args), args, "{args:?}");
    }
}
