//! Fields end to end: every shipped field parses and draws the same as its
//! snapshot, and every broken field under `tests/data/fields/broken/`
//! reports the diagnostics in its snapshot.

use std::sync::Arc;

use bod::builtin;
use bod::diagnostic::SourceFile;
use bod::field::{self, BallMark, Field, Position, RunnerMark};

/// Runs a snapshot test with insta writing under the top-level
/// `snapshots/fields/` folder.
fn with_snapshots(test: impl FnOnce()) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/fields");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(test);
}

fn shipped(name: &str) -> Field {
    field::load_field(name)
        .unwrap_or_else(|d| panic!("{name} does not load:\n{}", d.render_plain()))
}

#[test]
fn every_shipped_field_parses_without_warnings() {
    let names = builtin::field_names();
    assert!(names.len() >= 3, "{names:?}");
    for name in names {
        let file = field::field_source(name).unwrap();
        let (field, diagnostics) = field::check_field(&file);
        assert!(field.is_some(), "{name}:\n{}", diagnostics.render_plain());
        assert!(
            diagnostics.is_empty(),
            "{name}:\n{}",
            diagnostics.render_plain()
        );
    }
}

#[test]
fn shipped_field_drawings() {
    with_snapshots(|| {
        for name in builtin::field_names() {
            insta::assert_snapshot!(format!("text_{name}"), field::render_text(&shipped(name)));
        }
    });
}

#[test]
fn broken_field() {
    with_snapshots(|| {
        insta::glob!("data/fields/broken/*.field", |path| {
            let text = std::fs::read_to_string(path).unwrap();
            let name = format!(
                "tests/data/fields/broken/{}",
                path.file_name().unwrap().to_string_lossy()
            );
            let file: Arc<SourceFile> = SourceFile::new(name, text);
            let (field, diagnostics) = field::check_field(&file);
            assert!(field.is_none(), "{} should not be a valid field", file.name);
            assert!(diagnostics.has_errors());
            insta::assert_snapshot!(diagnostics.render_plain());
        });
    });
}

#[test]
fn classic_svg() {
    with_snapshots(|| {
        insta::assert_snapshot!("svg_classic", field::render_svg(&shipped("classic")));
    });
}

/// A moment of a game on the classic field: two fielders sharing a
/// square, a throw on its way to the shortstop, a runner on third and one
/// between first and second.
fn a_moment_on(field: &Field) -> Position {
    let sq = |d, k| {
        field
            .square_at(d, k)
            .expect("a square of the classic field")
    };
    Position {
        caption: "bottom of inning 7, 2 outs, count 1-2, score 3-4 (away-home)".into(),
        fielders: [
            sq(3, 2),
            field.catcher(),
            sq(6, 3),
            sq(5, 4),
            sq(1, 3),
            sq(2, 4),
            sq(2, 8),
            sq(3, 9),
            sq(3, 9),
        ],
        ball: Some(BallMark::Thrown {
            at: sq(3, 6),
            to: 5,
        }),
        runners: vec![
            RunnerMark {
                circle: 15,
                slot: 2,
            },
            RunnerMark { circle: 7, slot: 4 },
        ],
        first_slot: 1,
    }
}

#[test]
fn a_moment_drawn_on_the_classic_field() {
    let classic = shipped("classic");
    let moment = a_moment_on(&classic);
    let text = field::render_text_at(&classic, &moment);
    // The marks stand where the moment puts them.
    for needle in [
        "bottom of inning 7, 2 outs, count 1-2, score 3-4 (away-home)\n",
        "path  H . . . . 1B . 5 . . 2B . . . . 3B:3 . . . . H\n",
        "[C home plate: 2]",
        "  9     .       .      8 9",
        "  6     .       .       >",
        "1B:3",
    ] {
        assert!(text.contains(needle), "`{needle}` missing:\n{text}");
    }
    let svg = field::render_svg_at(&classic, &moment);
    assert!(svg.contains("bottom of inning 7, 2 outs"));
    // Nine fielders and two runners as numbered discs, and the throw's way.
    assert_eq!(svg.matches(r##"fill="#1f3a68" stroke"##).count(), 9 + 1);
    assert_eq!(svg.matches(r##"fill="#c0392b" stroke"##).count(), 2 + 1);
    assert_eq!(svg.matches("stroke-dasharray=\"6 4\"").count(), 1);
    with_snapshots(|| {
        insta::assert_snapshot!("text_classic_moment", text);
        insta::assert_snapshot!("svg_classic_moment", svg);
    });
}

#[test]
fn classic_field_follows_the_rulebook() {
    use bod::field::{Base, Landing, SquareKind};
    let classic = shipped("classic");
    // Direction 1 has a square at distance 10 and a blue 11 ("Field
    // regulations"): 10 is in play, 11 is a home run.
    assert_eq!(classic.fence(1), 10);
    assert_eq!(classic.blue(1), Some(11));
    assert!(matches!(classic.landing(1, 10), Landing::Square(_)));
    assert_eq!(classic.landing(1, 11), Landing::HomeRun);
    // Six Texas squares, one per direction, each right after the diamond.
    let texas: Vec<_> = classic
        .squares()
        .iter()
        .filter(|s| s.kind == SquareKind::Texas)
        .collect();
    assert_eq!(texas.len(), 6);
    for d in 1..=6 {
        let t = classic.square(classic.texas(d));
        let inside = classic.square_at(d, t.distance - 1).unwrap();
        let outside = classic.square_at(d, t.distance + 1).unwrap();
        assert_eq!(classic.kind(inside), SquareKind::Diamond);
        assert_eq!(classic.kind(outside), SquareKind::Outfield);
    }
    // Bases on two adjacent squares; home plate on C.
    for base in [Base::First, Base::Second, Base::Third] {
        let squares = classic.base_squares(base);
        assert_eq!(squares.len(), 2, "{base:?}");
        assert!(classic.is_adjacent(squares[0], squares[1]), "{base:?}");
    }
    assert_eq!(classic.base_squares(Base::Home), &[classic.catcher()]);
}

#[test]
fn fields_load_by_path_as_well_as_by_name() {
    let by_path = field::load_field("fields/classic.field").expect("the file on disk loads");
    assert_eq!(by_path, shipped("classic"));
}

#[test]
fn unknown_field_name_suggests_a_builtin() {
    let diagnostics = field::load_field("harbour").unwrap_err();
    let text = diagnostics.render_plain();
    assert!(
        text.contains("there is no built-in field named `harbour`"),
        "{text}"
    );
    assert!(text.contains("did you mean `harbor`?"), "{text}");
}

#[test]
fn unreadable_path_names_the_path() {
    let diagnostics = field::load_field("tests/data/fields/no-such.field").unwrap_err();
    let text = diagnostics.render_plain();
    assert!(
        text.contains("cannot read the field file `tests/data/fields/no-such.field`"),
        "{text}"
    );
}

/// One-character deletions and number swaps all over the classic field
/// give either a field or diagnostics, never a panic.
#[test]
fn mangled_fields_never_panic() {
    // The statements only: comments would add cases that test nothing.
    let text: String = builtin::file("fields/classic.field")
        .unwrap()
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut cases: Vec<String> = Vec::new();
    for (i, c) in text.char_indices() {
        if i % 2 == 0 {
            let mut deleted = text.clone();
            deleted.remove(i);
            cases.push(deleted);
        }
        if c.is_ascii_digit() {
            let replacement = ["0", "1", "9", "99", "300"][i % 5];
            let mut swapped = text.clone();
            swapped.replace_range(i..i + 1, replacement);
            cases.push(swapped);
        }
    }
    assert!(cases.len() > 300, "{}", cases.len());
    for case in cases {
        let file = SourceFile::new("mangled.field", case);
        let (field, diagnostics) = field::check_field(&file);
        match field {
            Some(field) => assert!(!field::render_text(&field).is_empty()),
            None => assert!(diagnostics.has_errors(), "{}", file.text),
        }
    }
}
