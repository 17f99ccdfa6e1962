//! What a logged game was played under: the version of the program that
//! wrote the log and a digest of each part of the game's configuration it
//! read from files (the ruleset's layers and scripts, the field, the two
//! teams). A replay that diverges compares them with what it plays under
//! now, and says which part changed since the log was written, or that
//! none did.
//!
//! A digest is FNV-1a (64 bits) over the texts, carriage returns left
//! out: the same on every platform and in every release, whatever folder
//! the files are in. It tells files apart, not a change of rules from a
//! change of comments.

use serde::{Deserialize, Serialize};

use crate::ruleset::Ruleset;
use crate::team::Team;

/// The program's version, as a log's header records it.
pub const PROGRAM_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The digests of the files a game was set up from, each 16 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Digests {
    /// The ruleset: every layer's file and scripts.
    pub ruleset: String,
    /// The field file.
    pub field: String,
    /// The home team's file.
    pub home: String,
    /// The guests' file.
    pub away: String,
}

/// The digest of `texts`, in order: FNV-1a over their bytes, carriage
/// returns left out, a byte that UTF-8 never uses between two texts.
pub fn digest<'a>(texts: impl IntoIterator<Item = &'a str>) -> String {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET;
    let mut eat = |byte: u8| hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
    for (i, text) in texts.into_iter().enumerate() {
        if i > 0 {
            eat(0xff);
        }
        text.bytes().filter(|&b| b != b'\r').for_each(&mut eat);
    }
    format!("{hash:016x}")
}

/// The digest of a ruleset: each layer's file, root first, then the texts
/// of its scripts and the modules they import, in the order of their
/// texts (their paths depend on where the ruleset lies; the layer's file
/// names them).
pub fn ruleset_digest(ruleset: &Ruleset) -> String {
    let mut texts = Vec::new();
    for (layer, scripts) in ruleset.layers.iter().zip(&ruleset.scripts) {
        texts.push(layer.file.text.as_str());
        let mut sources: Vec<&str> = scripts
            .scripts
            .iter()
            .flat_map(|s| s.inner.sources.values().map(|f| f.text.as_str()))
            .collect();
        sources.sort_unstable();
        sources.dedup();
        texts.extend(sources);
    }
    digest(texts)
}

/// The digest of a team's file (of nothing, for a team built in code).
pub fn team_digest(team: &Team) -> String {
    digest([team.source.as_ref().map_or("", |s| s.file.text.as_str())])
}

/// The parts of a game's configuration, named as a note about them names
/// them.
const PARTS: [&str; 4] = ["ruleset", "field", "home team", "guest team"];

/// What a replay that diverged can say of why, a line each: the parts
/// whose files changed since the log was written (`then` is the log's
/// digests, `now` the replay's, `names` what the header calls each part),
/// or that none did and which programs wrote and replayed the log.
/// `other_rules`: the replay plays under another ruleset than the log's
/// (`bod replay --ruleset`), so its ruleset is not compared.
pub fn divergence_notes(
    then: Option<(&str, &Digests)>,
    now: &Digests,
    names: [&str; 4],
    other_rules: bool,
) -> Vec<String> {
    let Some((version, then)) = then else {
        return vec![
            "the log records no digests of the files it was played under (an older bod wrote \
             it): whether they changed since cannot be told"
                .to_string(),
        ];
    };
    let pairs = [
        (&then.ruleset, &now.ruleset),
        (&then.field, &now.field),
        (&then.home, &now.home),
        (&then.away, &now.away),
    ];
    let changed: Vec<String> = pairs
        .iter()
        .zip(PARTS.iter().zip(names))
        .enumerate()
        .filter(|&(i, ((was, is), _))| was != is && !(i == 0 && other_rules))
        .map(|(_, ((was, is), (part, name)))| {
            format!(
                "the {part} `{name}` has changed since the log was written (digest {was} then, {is} now)"
            )
        })
        .collect();
    if !changed.is_empty() || other_rules {
        return changed;
    }
    let program = if version == PROGRAM_VERSION {
        format!("bod {version} wrote the log, as this one is")
    } else {
        format!("bod {version} wrote the log, and this is bod {PROGRAM_VERSION}")
    };
    vec![format!(
        "the ruleset, field and teams are those the log was played under; {program}: a change \
         of the program, or of the log, made the difference"
    )]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FNV-1a's published values, and the separator between texts.
    #[test]
    fn a_digest_is_fnv1a_over_the_texts() {
        assert_eq!(digest([""]), "cbf29ce484222325");
        assert_eq!(digest(["a"]), "af63dc4c8601ec8c");
        assert_eq!(digest(["foobar"]), "85944171f73967e8");
        assert_ne!(digest(["ab", "c"]), digest(["a", "bc"]));
        assert_ne!(digest(["abc"]), digest(["ab", "c"]));
    }

    /// A file checked out with Windows line ends has the digest of the
    /// same file with Unix ones.
    #[test]
    fn carriage_returns_do_not_count() {
        assert_eq!(digest(["a: 1\r\nb: 2\r\n"]), digest(["a: 1\nb: 2\n"]));
        assert_ne!(digest(["a: 1\nb: 2\n"]), digest(["a: 1\nb: 3\n"]));
    }

    /// The shipped ruleset's digest is the same however it is named, and
    /// differs from its extension's, which reads one more layer.
    #[test]
    fn a_rulesets_digest_covers_its_layers() {
        let basic = Ruleset::load("basic").unwrap();
        let pro = Ruleset::load("pro").unwrap();
        let faq = Ruleset::load("faq").unwrap();
        let on_disk = Ruleset::load(concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/pro")).unwrap();
        assert_eq!(ruleset_digest(&pro), ruleset_digest(&on_disk));
        let digests = [&basic, &pro, &faq].map(ruleset_digest);
        assert_ne!(digests[0], digests[1]);
        assert_ne!(digests[1], digests[2]);
    }

    fn digests(ruleset: &str, field: &str) -> Digests {
        Digests {
            ruleset: ruleset.into(),
            field: field.into(),
            home: "h".into(),
            away: "a".into(),
        }
    }

    const NAMES: [&str; 4] = ["./house", "classic", "falchi", "corsari"];

    #[test]
    fn a_changed_part_is_named_with_its_digests() {
        let then = digests("r1", "f1");
        let notes = divergence_notes(Some(("0.1.0", &then)), &digests("r2", "f1"), NAMES, false);
        assert_eq!(
            notes,
            [
                "the ruleset `./house` has changed since the log was written (digest r1 then, r2 now)"
            ]
        );
        let notes = divergence_notes(Some(("0.1.0", &then)), &digests("r2", "f2"), NAMES, false);
        assert_eq!(notes.len(), 2);
        assert!(
            notes[1].starts_with("the field `classic` has changed"),
            "{notes:?}"
        );
    }

    /// Under other rules (`--ruleset`) the ruleset is expected to differ:
    /// only the other parts are compared, and nothing is said when they
    /// are unchanged.
    #[test]
    fn other_rules_are_not_a_change() {
        let then = digests("r1", "f1");
        let now = digests("r2", "f1");
        assert!(divergence_notes(Some(("0.1.0", &then)), &now, NAMES, true).is_empty());
        let moved = digests("r2", "f2");
        let notes = divergence_notes(Some(("0.1.0", &then)), &moved, NAMES, true);
        assert_eq!(notes.len(), 1);
        assert!(notes[0].starts_with("the field `classic`"), "{notes:?}");
    }

    #[test]
    fn unchanged_files_point_at_the_program_or_the_log() {
        let same = digests("r", "f");
        let notes = divergence_notes(Some((PROGRAM_VERSION, &same)), &same, NAMES, false);
        assert_eq!(notes.len(), 1);
        assert!(
            notes[0].contains("are those the log was played under"),
            "{notes:?}"
        );
        assert!(notes[0].contains("as this one is"), "{notes:?}");
        let notes = divergence_notes(Some(("0.0.1", &same)), &same, NAMES, false);
        assert!(
            notes[0].contains(&format!(
                "bod 0.0.1 wrote the log, and this is bod {PROGRAM_VERSION}"
            )),
            "{notes:?}"
        );
    }

    #[test]
    fn a_log_without_digests_says_so() {
        let notes = divergence_notes(None, &digests("r", "f"), NAMES, false);
        assert_eq!(notes.len(), 1);
        assert!(notes[0].contains("records no digests"), "{notes:?}");
    }
}
