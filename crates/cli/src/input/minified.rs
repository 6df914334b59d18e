//! SudokuPad's minified JSON (the text inside an `scl` link), read into a
//! `serde_json::Value`: keys without quotes and shortened (`ce` is
//! `cells`, `ca` is `cages`, `re` is `regions`, ...), strings in single
//! quotes, `t` and `f` for true and false, colours without their `#`, and
//! an empty item of a list standing for `{}`. Plain JSON reads too. Below
//! the formats: the links and the scl reader use it.

use serde_json::{Map, Number, Value};

/// SudokuPad's short keys and what they stand for.
const KEYS: [(&str, &str); 24] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
];

/// The most nested lists and objects read (a guard against deep input).
const DEPTH: usize = 64;

/// Reads minified (or plain) JSON text.
pub(crate) fn parse(text: &str) -> Result<Value, String> {
    let mut p = Parser { s: text.as_bytes(), i: 0 };
    let v = p.value(0, false)?;
    p.blanks();
    if p.i != p.s.len() {
        return Err(format!("text after the end at byte {}", p.i));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn blanks(&mut self) {
        while self.s.get(self.i).is_some_and(|b| b.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn error<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} at byte {}", self.i))
    }

    /// A value; `after_colon`: an object's value (where six hex digits are a
    /// colour).
    fn value(&mut self, depth: usize, after_colon: bool) -> Result<Value, String> {
        if depth > DEPTH {
            return self.error("nested too deep");
        }
        self.blanks();
        match self.s.get(self.i) {
            None => self.error("the text ends where a value belongs"),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.list(depth),
            Some(b'\'') | Some(b'"') => self.string().map(Value::String),
            Some(_) => self.bare(after_colon),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.i += 1;
        let mut map = Map::new();
        loop {
            self.blanks();
            match self.s.get(self.i) {
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Value::Object(map));
                }
                Some(b',') if !map.is_empty() => self.i += 1,
                Some(_) if map.is_empty() => {}
                _ => return self.error("an object not closed"),
            }
            self.blanks();
            let key = match self.s.get(self.i) {
                Some(b'\'') | Some(b'"') => self.string()?,
                _ => {
                    let start = self.i;
                    while self.s.get(self.i).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_') {
                        self.i += 1;
                    }
                    if start == self.i {
                        return self.error("a key is missing");
                    }
                    String::from_utf8_lossy(&self.s[start..self.i]).into_owned()
                }
            };
            self.blanks();
            if self.s.get(self.i) != Some(&b':') {
                return self.error("a ':' is missing");
            }
            self.i += 1;
            let v = self.value(depth + 1, true)?;
            let key = KEYS.iter().find(|(short, _)| *short == key).map_or(key, |(_, long)| long.to_string());
            map.insert(key, v);
        }
    }

    fn list(&mut self, depth: usize) -> Result<Value, String> {
        self.i += 1;
        let mut items = Vec::new();
        loop {
            self.blanks();
            match self.s.get(self.i) {
                Some(b']') if items.is_empty() => {
                    self.i += 1;
                    return Ok(Value::Array(items));
                }
                // An empty item stands for `{}`.
                Some(b',') | Some(b']') => items.push(Value::Object(Map::new())),
                Some(_) => items.push(self.value(depth + 1, false)?),
                None => return self.error("a list not closed"),
            }
            self.blanks();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Value::Array(items));
                }
                _ => return self.error("a list not closed"),
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        let quote = self.s[self.i];
        if quote == b'"' {
            // A JSON string: let serde_json read it.
            let start = self.i;
            self.i += 1;
            while let Some(&b) = self.s.get(self.i) {
                self.i += 1;
                match b {
                    b'\\' => self.i += 1,
                    b'"' => {
                        let raw = std::str::from_utf8(&self.s[start..self.i]).map_err(|e| e.to_string())?;
                        return serde_json::from_str(raw).map_err(|e| e.to_string());
                    }
                    _ => {}
                }
            }
            return self.error("a string not closed");
        }
        self.i += 1;
        let mut out = Vec::new();
        while let Some(&b) = self.s.get(self.i) {
            self.i += 1;
            match b {
                b'\\' => {
                    let Some(&e) = self.s.get(self.i) else { break };
                    self.i += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        other => out.push(other),
                    }
                }
                b'\'' => return String::from_utf8(out).map_err(|e| e.to_string()),
                _ => out.push(b),
            }
        }
        self.error("a string not closed")
    }

    /// A number, `t`, `f`, `true`, `false`, `null`, `#0`, `#F`, or a
    /// colour's six hex digits.
    fn bare(&mut self, after_colon: bool) -> Result<Value, String> {
        let start = self.i;
        while self.s.get(self.i).is_some_and(|b| !b",]}".contains(b) && !b.is_ascii_whitespace()) {
            self.i += 1;
        }
        let word = std::str::from_utf8(&self.s[start..self.i]).map_err(|e| e.to_string())?;
        Ok(match word {
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => Value::String("#000000".into()),
            "#F" => Value::String("#FFFFFF".into()),
            w if after_colon && w.len() == 6 && w.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Value::String(format!("#{w}"))
            }
            w => match serde_json::from_str::<Number>(w) {
                Ok(x) => Value::Number(x),
                Err(_) => return Err(format!("{w:?} is not a value at byte {start}")),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minified_json_reads() {
        let v =
            parse("{ce:[[{v:5},,{}],[,,]],ca:[{ce:[[0,0],[0,1]],v:'15'}],r:t,c:a1a1a1,te:'it\\'s'}").unwrap();
        assert_eq!(v["cells"][0][0]["value"], 5);
        assert_eq!(v["cells"][0][1], serde_json::json!({}));
        assert_eq!(v["cells"][1].as_array().unwrap().len(), 3);
        assert_eq!(v["cages"][0]["value"], "15");
        assert_eq!(v["rounded"], true);
        assert_eq!(v["color"], "#a1a1a1");
        assert_eq!(v["text"], "it's");
        assert_eq!(parse(r#"{"cells":[[{"value":1}]]}"#).unwrap()["cells"][0][0]["value"], 1);
        assert!(parse("{ce:[").is_err());
        assert!(parse(&"[".repeat(1000)).is_err());
    }
}
