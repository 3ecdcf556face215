//! JSON, as much as the web board's API and the tournament's standings
//! need: a value read from a request body (bounded in depth, so that no
//! body can exhaust the stack) and text written, strings escaped.

use std::fmt::{self, Write};

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number; every number JSON can write reads as an `f64`.
    Number(f64),
    /// A string, its escapes undone.
    String(String),
    /// An array, in order.
    Array(Vec<Json>),
    /// The members in the order written; a name given twice is refused.
    Object(Vec<(String, Json)>),
}

/// Why a body is not JSON: what was found, and where (a byte offset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// The byte the problem starts at.
    pub at: usize,
    /// What is wrong there.
    pub what: &'static str,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the body is not JSON: {} at byte {}", self.what, self.at)
    }
}

impl std::error::Error for JsonError {}

/// The deepest nesting of arrays and objects read.
const MAX_DEPTH: usize = 32;

impl Json {
    /// Reads `text` as one JSON value, surrounded by blanks at most.
    pub fn parse(text: &str) -> Result<Json, JsonError> {
        let mut reader = Reader {
            bytes: text.as_bytes(),
            at: 0,
        };
        let value = reader.value(0)?;
        reader.blanks();
        if reader.at < reader.bytes.len() {
            return Err(reader.error("more after the value"));
        }
        Ok(value)
    }

    /// The member `name` of an object.
    pub fn get(&self, name: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members
                .iter()
                .find(|(member, _)| member == name)
                .map(|(_, value)| value),
            _ => None,
        }
    }

    /// The text of a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(text) => Some(text),
            _ => None,
        }
    }
}

/// Writes the value as compact JSON.
impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(value) => write!(f, "{value}"),
            Json::Number(value) if value.is_finite() => write!(f, "{value}"),
            Json::Number(_) => f.write_str("null"),
            Json::String(text) => write_string(f, text),
            Json::Array(items) => {
                f.write_char('[')?;
                for (index, item) in items.iter().enumerate() {
                    if index > 0 {
                        f.write_char(',')?;
                    }
                    item.fmt(f)?;
                }
                f.write_char(']')
            }
            Json::Object(members) => {
                f.write_char('{')?;
                for (index, (name, value)) in members.iter().enumerate() {
                    if index > 0 {
                        f.write_char(',')?;
                    }
                    write_string(f, name)?;
                    f.write_char(':')?;
                    value.fmt(f)?;
                }
                f.write_char('}')
            }
        }
    }
}

impl From<&str> for Json {
    fn from(text: &str) -> Json {
        Json::String(text.to_owned())
    }
}

impl From<String> for Json {
    fn from(text: String) -> Json {
        Json::String(text)
    }
}

impl From<i64> for Json {
    fn from(value: i64) -> Json {
        Json::Number(value as f64)
    }
}

impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(value: Option<T>) -> Json {
        value.map_or(Json::Null, Into::into)
    }
}

impl<T: Into<Json>> From<Vec<T>> for Json {
    fn from(items: Vec<T>) -> Json {
        Json::Array(items.into_iter().map(Into::into).collect())
    }
}

/// An object of these members, in this order.
pub fn object<const N: usize>(members: [(&str, Json); N]) -> Json {
    Json::Object(
        members
            .into_iter()
            .map(|(name, value)| (name.to_owned(), value))
            .collect(),
    )
}

/// Writes `text` as a JSON string: quotes, backslashes and control
/// characters escaped, everything else as it is (UTF-8).
fn write_string(f: &mut impl Write, text: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in text.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

/// A reader over the bytes of a body.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, what: &'static str) -> JsonError {
        JsonError { at: self.at, what }
    }

    fn blanks(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn expect(&mut self, byte: u8, what: &'static str) -> Result<(), JsonError> {
        self.blanks();
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(what))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, JsonError> {
        self.blanks();
        match self.peek() {
            None => Err(self.error("the end where a value was expected")),
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'"') => self.string().map(Json::String),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'n') => self.word("null", Json::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.error("a character that starts no value")),
        }
    }

    fn word(&mut self, word: &'static str, value: Json) -> Result<Json, JsonError> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.error("a misspelled true, false or null"))
        }
    }

    fn number(&mut self) -> Result<Json, JsonError> {
        let start = self.at;
        while let Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') = self.peek() {
            self.at += 1;
        }
        std::str::from_utf8(&self.bytes[start..self.at])
            .ok()
            .and_then(|text| text.parse::<f64>().ok())
            .filter(|value| value.is_finite())
            .map(Json::Number)
            .ok_or(JsonError {
                at: start,
                what: "a malformed number",
            })
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.at += 1;
        let mut text = String::new();
        loop {
            let start = self.at;
            while let Some(byte) = self.peek() {
                if byte == b'"' || byte == b'\\' || byte < 0x20 {
                    break;
                }
                self.at += 1;
            }
            let run = std::str::from_utf8(&self.bytes[start..self.at]).map_err(|_| JsonError {
                at: start,
                what: "bytes that are not UTF-8",
            })?;
            text.push_str(run);
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(text);
                }
                Some(b'\\') => {
                    self.at += 1;
                    text.push(self.escape()?);
                }
                Some(_) => return Err(self.error("a control character in a string")),
                None => return Err(self.error("the end inside a string")),
            }
        }
    }

    fn escape(&mut self) -> Result<char, JsonError> {
        let byte = self
            .peek()
            .ok_or_else(|| self.error("the end inside a string"))?;
        self.at += 1;
        Ok(match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let first = self.hex()?;
                if (0xd800..0xdc00).contains(&first) {
                    // A high surrogate needs its low one.
                    if !self.bytes[self.at..].starts_with(b"\\u") {
                        return Err(self.error("a lone surrogate"));
                    }
                    self.at += 2;
                    let second = self.hex()?;
                    if !(0xdc00..0xe000).contains(&second) {
                        return Err(self.error("a lone surrogate"));
                    }
                    let code = 0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00);
                    char::from_u32(code).ok_or_else(|| self.error("a bad escape"))?
                } else {
                    char::from_u32(first).ok_or_else(|| self.error("a lone surrogate"))?
                }
            }
            _ => return Err(self.error("a bad escape")),
        })
    }

    fn hex(&mut self) -> Result<u32, JsonError> {
        let digits = self
            .bytes
            .get(self.at..self.at + 4)
            .and_then(|digits| std::str::from_utf8(digits).ok())
            .and_then(|digits| u32::from_str_radix(digits, 16).ok())
            .ok_or_else(|| self.error("a bad \\u escape"))?;
        self.at += 4;
        Ok(digits)
    }

    fn array(&mut self, depth: usize) -> Result<Json, JsonError> {
        if depth > MAX_DEPTH {
            return Err(self.error("nesting deeper than 32"));
        }
        self.at += 1;
        let mut items = Vec::new();
        self.blanks();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value(depth)?);
            self.blanks();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Json::Array(items));
                }
                _ => return Err(self.error("an array not closed by ]")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, JsonError> {
        if depth > MAX_DEPTH {
            return Err(self.error("nesting deeper than 32"));
        }
        self.at += 1;
        let mut members: Vec<(String, Json)> = Vec::new();
        self.blanks();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Json::Object(members));
        }
        loop {
            self.blanks();
            if self.peek() != Some(b'"') {
                return Err(self.error("a member name that is not a string"));
            }
            let name_at = self.at;
            let name = self.string()?;
            if members.iter().any(|(member, _)| *member == name) {
                return Err(JsonError {
                    at: name_at,
                    what: "a member given twice",
                });
            }
            self.expect(b':', "a member without a colon")?;
            let value = self.value(depth)?;
            members.push((name, value));
            self.blanks();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Json::Object(members));
                }
                _ => return Err(self.error("an object not closed by }")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn values_are_read_and_written_back() {
        let text = r#"{"fen":"3l3/7/7/7/7/7/3L3 w 1","moves":["d1d2","d7d6"],"movetime":500,"x":[true,false,null,-1.5e2,{}]}"#;
        let value = Json::parse(text).unwrap();
        assert_eq!(
            value.get("fen").and_then(Json::as_str),
            Some("3l3/7/7/7/7/7/3L3 w 1")
        );
        assert_eq!(value.get("movetime"), Some(&Json::Number(500.0)));
        assert_eq!(value.to_string(), text.replace("-1.5e2", "-150"));
        let escaped = Json::parse(r#""a\"b\\c\n\u00e9\ud83d\ude00""#).unwrap();
        assert_eq!(escaped, Json::String("a\"b\\c\né😀".into()));
        assert_eq!(escaped.to_string(), "\"a\\\"b\\\\c\\né😀\"");
        assert_eq!(Json::String("\u{1}".into()).to_string(), "\"\\u0001\"");
    }

    #[test]
    fn what_is_not_json_is_named() {
        for (text, what) in [
            ("", "the end where a value was expected"),
            ("{", "a member name that is not a string"),
            ("[1,", "the end where a value was expected"),
            ("[1 2]", "an array not closed by ]"),
            (r#"{"a":1,"a":2}"#, "a member given twice"),
            ("tru", "a misspelled true, false or null"),
            ("1 2", "more after the value"),
            ("\"\\ud800\"", "a lone surrogate"),
            ("01.2.3", "a malformed number"),
            ("\"a\u{1}\"", "a control character in a string"),
        ] {
            assert_eq!(Json::parse(text).map_err(|e| e.what), Err(what), "{text:?}");
        }
        let deep = "[".repeat(40) + &"]".repeat(40);
        assert_eq!(
            Json::parse(&deep).unwrap_err().what,
            "nesting deeper than 32"
        );
    }

    /// A random value, at most `depth` deep.
    fn random_value(rng: &mut Rng, depth: u32) -> Json {
        match rng.below(if depth == 0 { 4 } else { 6 }) {
            0 => Json::Null,
            1 => Json::Bool(rng.percent(50)),
            2 => Json::Number(rng.below(2_000_000) as f64 - 1_000_000.0),
            3 => Json::String(
                (0..rng.below(8))
                    .map(|_| char::from_u32(rng.below(0x3000) as u32).unwrap_or('?'))
                    .collect(),
            ),
            4 => Json::Array(
                (0..rng.below(4))
                    .map(|_| random_value(rng, depth - 1))
                    .collect(),
            ),
            _ => Json::Object(
                (0..rng.below(4))
                    .map(|i| (format!("m{i}"), random_value(rng, depth - 1)))
                    .collect(),
            ),
        }
    }

    #[test]
    fn written_values_read_back_the_same() {
        let mut rng = Rng::new(5);
        for _ in 0..2000 {
            let value = random_value(&mut rng, 4);
            assert_eq!(Json::parse(&value.to_string()), Ok(value));
        }
    }

    #[test]
    fn random_and_cut_bytes_never_panic() {
        let mut rng = Rng::new(6);
        let alphabet = b"{}[]\",:0123456789.-+eE truefalsnl\\u\n";
        for round in 0..20_000 {
            let length = rng.below(40) as usize;
            let bytes: Vec<u8> = (0..length)
                .map(|_| {
                    if round % 3 == 0 {
                        rng.below(256) as u8
                    } else {
                        alphabet[rng.below(alphabet.len() as u64) as usize]
                    }
                })
                .collect();
            let _ = Json::parse(&String::from_utf8_lossy(&bytes));
            let value = random_value(&mut rng, 3).to_string();
            let cut = rng.below(value.len() as u64 + 1) as usize;
            if value.is_char_boundary(cut) {
                let _ = Json::parse(&value[..cut]);
            }
        }
    }
}
