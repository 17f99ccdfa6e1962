//! Where each function of a script is defined. Rhai's public AST does not
//! keep the position of a function definition, yet errors about a hook (it
//! returned the wrong type, it hit a limit Rhai reports without a position)
//! should point at the function. A small scanner finds `fn name(...)` in the
//! text, skipping comments and string literals.

use crate::diagnostic::Span;

/// One `fn` definition found in a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FnDefinition {
    /// The function's name.
    pub name: String,
    /// How many parameters it declares.
    pub arity: usize,
    /// The span of the name.
    pub span: Span,
}

/// The `fn` definitions of a script, in text order.
pub(crate) fn function_definitions(text: &str) -> Vec<FnDefinition> {
    let tokens = tokens(text);
    let mut out = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let Token::Word(start, end) = *token else {
            continue;
        };
        if &text[start..end] != "fn" {
            continue;
        }
        let (Some(&Token::Word(name_start, name_end)), Some(&Token::Punct(b'('))) =
            (tokens.get(i + 1), tokens.get(i + 2))
        else {
            continue;
        };
        let mut arity = 0;
        let mut seen_param = false;
        for token in &tokens[i + 3..] {
            match token {
                Token::Punct(b')') => break,
                Token::Punct(b',') => seen_param = false,
                Token::Word(..) if !seen_param => {
                    seen_param = true;
                    arity += 1;
                }
                _ => {}
            }
        }
        out.push(FnDefinition {
            name: text[name_start..name_end].to_owned(),
            arity,
            span: Span::new(name_start, name_end),
        });
    }
    out
}

/// Whether any of `words` occurs in `text` as a whole word, anywhere
/// (comments and strings included, so string interpolation is covered:
/// a false alarm only costs speed).
pub(crate) fn mentions_any(text: &str, words: &[&str]) -> bool {
    let bytes = text.as_bytes();
    words.iter().any(|word| {
        text.match_indices(word).any(|(at, _)| {
            let before = at.checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(at + word.len()).copied();
            !before.is_some_and(is_word) && !after.is_some_and(is_word)
        })
    })
}

/// The extent of the token starting at byte `start`: a whole identifier or
/// number, a string literal up to its closing quote on the same line, or
/// one character.
pub(crate) fn token_span(text: &str, start: usize) -> Span {
    let bytes = text.as_bytes();
    let Some(&first) = bytes.get(start) else {
        return Span::new(start, start);
    };
    let mut end = start + 1;
    if is_word(first) {
        while bytes.get(end).copied().is_some_and(is_word) {
            end += 1;
        }
    } else if first == b'"' || first == b'`' {
        while let Some(&b) = bytes.get(end) {
            end += 1;
            if b == first || b == b'\n' {
                break;
            }
        }
    } else {
        while !text.is_char_boundary(end) {
            end += 1;
        }
    }
    Span::new(start, end)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    /// An identifier or number, by byte range.
    Word(usize, usize),
    /// One punctuation byte.
    Punct(u8),
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                // Rhai block comments nest.
                let mut depth = 0usize;
                while i < bytes.len() {
                    if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        i += 2;
                    } else if bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            b'"' | b'`' | b'\'' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            _ if is_word(b) => {
                let start = i;
                while i < bytes.len() && is_word(bytes[i]) {
                    i += 1;
                }
                out.push(Token::Word(start, i));
            }
            _ if b.is_ascii_whitespace() || !b.is_ascii() => i += 1,
            _ => {
                out.push(Token::Punct(b));
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_definitions_with_arity_and_name_span() {
        let text = "// fn not_me(a)\nconst S = \"fn nor_me(b)\";\n/* fn /* nested */ no() */\nfn a() { 1 }\nprivate fn b(x, y) { x }\n";
        let defs = function_definitions(text);
        let names: Vec<(&str, usize)> = defs.iter().map(|d| (d.name.as_str(), d.arity)).collect();
        assert_eq!(names, vec![("a", 0), ("b", 2)]);
        assert_eq!(&text[defs[1].span.start..defs[1].span.end], "b");
    }

    #[test]
    fn mentions_whole_words_only() {
        assert!(mentions_any("let x = `${global::K}`;", &["global"]));
        assert!(mentions_any("import \"u\" as u;", &["import", "global"]));
        assert!(!mentions_any(
            "let globals = 1; fn imported() {}",
            &["import", "global"]
        ));
    }

    #[test]
    fn token_span_covers_words_and_strings() {
        let text = "let x = foo(\"ab\") / 0;";
        let at = |s: &str| text.find(s).expect("present");
        let span = token_span(text, at("foo"));
        assert_eq!(&text[span.start..span.end], "foo");
        let span = token_span(text, at("\"ab\""));
        assert_eq!(&text[span.start..span.end], "\"ab\"");
        let span = token_span(text, at("/"));
        assert_eq!(&text[span.start..span.end], "/");
        assert_eq!(
            token_span(text, text.len()),
            Span::new(text.len(), text.len())
        );
    }
}
