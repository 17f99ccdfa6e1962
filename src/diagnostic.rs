//! Problems found in user input: one `Diagnostic` per problem, pointing at a
//! byte span of a named source file, with hints. Loaders collect all of them
//! instead of stopping at the first; the CLI and the snapshot tests render
//! them with miette's graphical report (file:line:column, the source line, a
//! caret under the spot, and the hints).

use std::fmt;
use std::sync::Arc;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};

/// A source text with the name it is reported under (a path relative to the
/// repository for shipped files, the path as given for user files).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The name shown in reports.
    pub name: String,
    /// The whole text.
    pub text: String,
}

impl SourceFile {
    /// A shared source file.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Arc<Self> {
        Arc::new(Self {
            name: name.into(),
            text: text.into(),
        })
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }

    /// The byte offset of a 1-based line and column (in characters); the end
    /// of the text when past it.
    pub fn offset_of(&self, line: usize, col: usize) -> usize {
        let mut offset = 0;
        for (i, text_line) in self.text.split_inclusive('\n').enumerate() {
            if i + 1 == line {
                return offset
                    + text_line
                        .char_indices()
                        .nth(col.saturating_sub(1))
                        .map_or(text_line.trim_end_matches('\n').len(), |(b, _)| b);
            }
            offset += text_line.len();
        }
        self.text.len()
    }
}

/// The start of the character holding byte `offset` of `text`.
pub(crate) fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// A byte range in a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte (equal to `start` for a point).
    pub end: usize,
}

impl Span {
    /// The range `start..end`.
    pub fn new(start: usize, end: usize) -> Self {
        Self {
            start,
            end: end.max(start),
        }
    }
}

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The input cannot be used.
    Error,
    /// The input can be used, but something looks wrong.
    Warning,
}

/// Where a diagnostic points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The file.
    pub file: Arc<SourceFile>,
    /// The spot in it.
    pub span: Span,
    /// A short text printed under the caret.
    pub label: Option<String>,
}

/// One problem in user input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, as a sentence.
    pub message: String,
    /// Where, when the problem has a place in a file.
    pub location: Option<Location>,
    /// What to do about it ("did you mean `innings`?").
    pub hints: Vec<String>,
}

impl Diagnostic {
    /// An error with no location yet.
    pub fn error(message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Error,
            message: message.into(),
            location: None,
            hints: Vec::new(),
        }
    }

    /// A warning with no location yet.
    pub fn warning(message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Warning,
            ..Self::error(message)
        }
    }

    /// Points the diagnostic at a span of a file.
    pub fn at(mut self, file: &Arc<SourceFile>, span: Span) -> Self {
        self.location = Some(Location {
            file: Arc::clone(file),
            span,
            label: None,
        });
        self
    }

    /// Sets the text under the caret (needs a location).
    pub fn label(mut self, label: impl Into<String>) -> Self {
        if let Some(location) = &mut self.location {
            location.label = Some(label.into());
        }
        self
    }

    /// Adds a hint.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }

    /// Adds a "did you mean" hint when a close candidate exists.
    pub fn suggest<'a>(self, word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Self {
        match did_you_mean(word, candidates) {
            Some(best) => self.hint(format!("did you mean `{best}`?")),
            None => self,
        }
    }

    /// `file:line:column` of the location, if any.
    pub fn position(&self) -> Option<String> {
        self.location.as_ref().map(|loc| {
            let (line, col) = loc.file.line_col(loc.span.start);
            format!("{}:{line}:{col}", loc.file.name)
        })
    }

    /// Renders the diagnostic as plain text without colour: deterministic,
    /// for snapshots and logs.
    pub fn render_plain(&self) -> String {
        self.render_with(theme(false))
    }

    /// Renders the diagnostic with a given miette theme.
    pub fn render_with(&self, theme: GraphicalTheme) -> String {
        let handler = GraphicalReportHandler::new_themed(theme)
            .with_width(100)
            .with_links(false);
        let mut out = String::new();
        let report = Report {
            diagnostic: self,
            source: self.location.as_ref().map(|loc| named_source(&loc.file)),
        };
        if handler.render_report(&mut out, &report).is_err() {
            out = self.to_string();
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position() {
            Some(pos) => write!(f, "{pos}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Diagnostic {}

/// The report theme: miette's Unicode frame with carets under the spot,
/// coloured or not.
pub fn theme(colour: bool) -> GraphicalTheme {
    let mut theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    theme.characters.underline = '^';
    theme.characters.underbar = '^';
    theme
}

/// Adapter giving miette a view of a `Diagnostic`.
struct Report<'a> {
    diagnostic: &'a Diagnostic,
    source: Option<NamedSource<String>>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diagnostic, f)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        if self.diagnostic.hints.is_empty() {
            None
        } else {
            Some(Box::new(self.diagnostic.hints.join("\n")))
        }
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let loc = self.diagnostic.location.as_ref()?;
        let span = SourceSpan::new(loc.span.start.into(), loc.span.end - loc.span.start);
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            loc.label.clone(),
            span,
        ))))
    }
}

/// A named source for miette, when a caller wants miette's own types.
pub fn named_source(file: &SourceFile) -> NamedSource<String> {
    NamedSource::new(&file.name, file.text.clone())
}

/// The closest candidate to a misspelt word, if one is close enough to be a
/// plausible typo: at most one edit for short words, a few more for long
/// ones (Damerau-Levenshtein, so a swapped pair of letters is one edit).
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let allowed = 1 + word.chars().count() / 5;
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        if candidate == word {
            continue;
        }
        let distance = strsim::damerau_levenshtein(word, candidate);
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// A list of diagnostics collected while loading something.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Adds one.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    /// Whether any of them is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| d.severity == Severity::Error)
    }

    /// Renders them all, plain, separated by blank lines.
    pub fn render_plain(&self) -> String {
        self.0
            .iter()
            .map(Diagnostic::render_plain)
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Self(vec![d])
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<T: IntoIterator<Item = Diagnostic>>(&mut self, iter: T) {
        self.0.extend(iter);
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let f = SourceFile::new("a", "ab\ncd\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(4), (2, 2));
        assert_eq!(f.offset_of(2, 2), 4);
    }

    #[test]
    fn suggestion_finds_close_word_only() {
        assert_eq!(did_you_mean("inings", ["innings", "dh"]), Some("innings"));
        assert_eq!(did_you_mean("zzz", ["innings", "dh"]), None);
        assert_eq!(did_you_mean("prp", ["basic", "pro"]), Some("pro"));
        assert_eq!(
            did_you_mean("core.game.inings", ["core.field.orange"]),
            None
        );
    }

    #[test]
    fn plain_render_has_position_caret_and_hint() {
        let f = SourceFile::new("x.yaml", "a: 1\ninings: 9\n");
        let d = Diagnostic::error("unknown key `inings`")
            .at(&f, Span::new(5, 11))
            .label("not a key of a ruleset")
            .suggest("inings", ["innings"]);
        let text = d.render_plain();
        assert!(text.contains("x.yaml:2:1"), "{text}");
        assert!(text.contains("did you mean `innings`?"), "{text}");
        assert!(text.contains("^^^"), "{text}");
    }
}
