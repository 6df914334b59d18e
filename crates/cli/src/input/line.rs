//! The line format: one puzzle a line, the exchange format of puzzle
//! collections. N² cells, then optionally N² region labels (a jigsaw,
//! separated by blanks or not), then a note: whatever follows (a name, a
//! rating), kept as the record's note. `#` lines are comments.

use reduce::constraint::Rules;
use reduce::order_of;
use reduce::verify;

use super::puzzle::{Cell, Puzzles};
use super::window::{is_blank, is_comment, is_marker, is_title, Parsed, Step, Window};
use crate::error::{InputError, LineRecordError, Refusal};
use crate::record::{Body, Layout, Notice};

/// Title lines (`Puzzle 3`, `Difficulty: hard`) skipped before one record,
/// at most: a longer run is refused line by line.
const MAX_TITLES: usize = 8;

/// Reads the next line record. `auto`: detection is trying this reading,
/// which then does not take orders 1 to 3 (their lines are grid rows).
/// Title lines (`Puzzle 3`, `Difficulty: hard`) that read as no record,
/// right before one that does, are skipped as a heading.
pub(crate) fn next(w: &Window<'_>, puzzles: &Puzzles, auto: bool) -> Step {
    let step = untitled(w, puzzles, auto);
    let mut used = 0;
    let mut last = &step;
    let mut later;
    for _ in 0..MAX_TITLES {
        let Step::Record(more, parsed) = last else { break };
        used += more;
        if parsed.body.is_ok() || !matches!(w.lines.get(used - 1), Some((_, Ok(t))) if is_title(t)) {
            break;
        }
        let rest = Window { lines: &w.lines[used..], ..*w };
        later = untitled(&rest, puzzles, auto);
        match later {
            Step::Record(more, p) if p.body.is_ok() => return Step::Record(used + more, p),
            Step::NeedMore(k) => return Step::NeedMore(used + k),
            _ => last = &later,
        }
    }
    step
}

/// The next line record, a title or not.
fn untitled(w: &Window<'_>, puzzles: &Puzzles, auto: bool) -> Step {
    let mut i = 0;
    let mut markers = Vec::new();
    loop {
        let Some((no, text)) = w.lines.get(i) else {
            return if w.eof { Step::End(i) } else { Step::NeedMore(i + 1) };
        };
        match text {
            Ok(t) if is_blank(t) || is_comment(t) => i += 1,
            Ok(t) if auto && is_marker(t) => {
                markers.push(Notice {
                    line: *no,
                    text: format!(
                        "{:?} skipped: a count line or end marker, not a puzzle (--format line reads it as one)",
                        t.trim()
                    ),
                });
                i += 1;
            }
            _ => break,
        }
    }
    let (no, text) = &w.lines[i];
    let no = *no;
    let mut parsed = match text {
        Ok(t) => record(no, t, puzzles, auto),
        Err(e) => Parsed::new(no, Err(Refusal::new(no, e.clone()))),
    };
    markers.append(&mut parsed.notices);
    parsed.notices = markers;
    Step::Record(i + 1, Box::new(parsed))
}

/// One line record: cells, optional map, note.
fn record(no: usize, text: &str, puzzles: &Puzzles, auto: bool) -> Parsed {
    // The common case first: N² ASCII cells and nothing else (no blanks,
    // so no map and no note), read without looking for fields. Anything
    // else, a blank or a bad symbol included, is read the long way.
    let bytes = text.as_bytes();
    if bytes.len() >= 729 {
        if let Some(parsed) = candidate_line(no, text, puzzles) {
            return parsed;
        }
    }
    if let Some(n) = order_of(bytes.len()).filter(|&n| !auto || n >= 4) {
        if let Some(body) = puzzles.build_plain_line(n, bytes, no) {
            return Parsed { first_line: no, note: None, notices: Vec::new(), body };
        }
    }
    let lead = text.len() - text.trim_start().len();
    let rest = &text[lead..];
    if rest.starts_with(':') && !puzzles.custom_symbol(':') {
        if let Some(parsed) = hodoku(no, text, lead, puzzles, auto) {
            return parsed;
        }
    }
    // The cells end at a blank, or at a comma or semicolon (a CSV line
    // such as Kaggle's `puzzle,solution`: what follows is the note, never
    // a map).
    let comma = !puzzles.custom_symbol(',');
    let semicolon = !puzzles.custom_symbol(';');
    let cells_end = rest
        .find(|c: char| c.is_whitespace() || (comma && c == ',') || (semicolon && c == ';'))
        .unwrap_or(rest.len());
    let csv = rest[cells_end..].starts_with([',', ';']);
    if csv {
        if let Some(parsed) = delimited(no, rest, col0_of(text, lead), auto, puzzles) {
            return parsed;
        }
    }
    if let Some(parsed) = solution_first(no, text, lead, cells_end, puzzles) {
        return parsed;
    }
    // Groups: a first field that is no whole puzzle, or one followed by a
    // field as long (the rows of a 16x16, not a 4x4 and its map).
    let width = rest[..cells_end].chars().count();
    let next = rest[cells_end..].trim_start();
    let next = &next[..next.find(char::is_whitespace).unwrap_or(next.len())];
    if order_of(width).is_none_or(|n| n < 4) || next.chars().count() == width {
        if let Some(parsed) = groups(no, text, lead, puzzles) {
            return parsed;
        }
    }
    let mut cells_text = &rest[..cells_end];
    let mut after = if csv { &rest[cells_end + 1..] } else { rest[cells_end..].trim_start() };
    let col0 = text[..lead].chars().count() + 1;
    let len = cells_text.chars().count();
    let mut map: Option<Vec<char>> = None;
    let n = match order_of(len) {
        Some(n) => n,
        None => match order_of(len / 2).filter(|_| len % 2 == 0) {
            // Cells and map as one token.
            Some(n) => {
                let split = cells_text.char_indices().nth(len / 2).map_or(cells_text.len(), |(i, _)| i);
                map = Some(cells_text[split..].chars().collect());
                cells_text = &cells_text[..split];
                n
            }
            None => {
                return Parsed::new(no, Err(Refusal::new(no, LineRecordError::LineLength { cells: len })))
            }
        },
    };
    let cells = n * n;
    if auto && n < 4 {
        return Parsed::new(no, Err(Refusal::new(no, LineRecordError::SmallLine { cells })));
    }
    if map.is_none() && !csv && !after.is_empty() {
        // A second field as long as the cells is their region map; one
        // nearly as long, of few distinct labels, is a broken map (refused)
        // rather than a note.
        let end = after.find(char::is_whitespace).unwrap_or(after.len());
        let field = &after[..end];
        let count = field.chars().count();
        let mut distinct: Vec<char> = field.chars().collect();
        distinct.sort_unstable();
        distinct.dedup();
        if count == cells {
            map = Some(field.chars().collect());
            after = after[end..].trim_start();
        } else if n >= 2 && count + n >= cells && count <= cells + n && distinct.len() <= n + 1 {
            let e = LineRecordError::MapLength { labels: count, cells, text: field.to_owned() };
            let column = col0
                + len
                + text[lead + cells_end..]
                    .find(field)
                    .map_or(0, |k| text[lead + cells_end..lead + cells_end + k].chars().count());
            return Parsed::new(no, Err(Refusal::at(no, column, e)));
        }
    }
    // A map that is not N connected regions of N cells is never read as
    // one: it is the puzzle's solution (`puzzle solution` lines), kept as
    // the note and checked, or the record is refused.
    let mut solution = None;
    if let Some(why) = map.as_deref().and_then(|m| not_a_map(m, n)) {
        solution = map.take().map(|m| (m.into_iter().collect::<String>(), why));
    }
    let note = match &solution {
        Some((s, _)) if after.trim().is_empty() => Some(s.clone()),
        Some((s, _)) => Some(format!("{s} {}", after.trim())),
        None => (!after.trim().is_empty()).then(|| after.trim().to_owned()),
    };
    if let Some((s, why)) = solution {
        let mut parsed = build(no, cells_text, n, None, col0, puzzles);
        if let Ok(Body::Puzzle { puzzle, .. }) = &parsed.body {
            let grid: Option<Vec<u8>> = s.chars().map(|c| puzzle.alphabet().index(c)).collect();
            let wrong = match grid {
                None => Some("it holds a character that is not a symbol".to_string()),
                Some(g) => verify::grid(puzzle, &g).err().map(|f| f.reason),
            };
            if let Some(solution) = wrong {
                let e = LineRecordError::NeitherMapNorSolution { map: why, solution };
                parsed.body = Err(Refusal::new(no, e));
            }
        }
        parsed.note = note;
        return parsed;
    }
    let mut parsed = build(no, cells_text, n, map, col0, puzzles);
    parsed.note = note;
    parsed
}

/// `solution puzzle` (a blank, a tab, `,` or `;` between): a full grid,
/// then a puzzle of as many cells that it solves. The puzzle is the second
/// field, the first its solution (kept as the note): read the other way,
/// the full grid would be answered as the puzzle, and the real one left as
/// a note. `None` for any other line (the first field has a blank, or the
/// second is no puzzle the first solves).
fn solution_first(no: usize, text: &str, lead: usize, cells_end: usize, puzzles: &Puzzles) -> Option<Parsed> {
    let rest = &text[lead..];
    let first = &rest[..cells_end];
    // Most lines stop here: a puzzle first has a blank.
    if first.contains(['.', '0', '_', '?']) {
        return None;
    }
    let len = first.chars().count();
    let n = order_of(len).filter(|&n| n >= 4)?;
    let separator = |c: char| c == ',' || c == ';' || c.is_whitespace();
    let tail = rest[cells_end..].trim_start_matches(separator);
    let second = tail.trim_end_matches(separator);
    if second.chars().count() != len || second.contains(separator) {
        return None;
    }
    let col0 = col0_of(text, lead);
    let full = build(no, first, n, None, col0, puzzles);
    let Ok(Body::Puzzle { puzzle: full, .. }) = full.body else { return None };
    let grid: Option<Vec<u8>> = full.givens().iter().copied().collect();
    let grid = grid?;
    let second_col = col0 + rest[..rest.len() - tail.len()].chars().count();
    let mut parsed = build(no, second, n, None, second_col, puzzles);
    let Ok(Body::Puzzle { puzzle, .. }) = &parsed.body else { return None };
    if puzzle.givens().iter().all(Option::is_some) || verify::grid(puzzle, &grid).is_err() {
        return None;
    }
    parsed.note = Some(first.to_owned());
    Some(parsed)
}

/// A whole puzzle written in groups on one line: its rows (`530070000
/// 600195000 ...`) or parts of rows (`53. .7. ...`, `...|..1|...`),
/// separated by blanks or `|`, every group as long; what follows the N²
/// cells is the note. Only for more than 64 cells (orders 9 and up), which
/// no grid row holds, and groups that tile the rows (as long as a row's part
/// or whole rows). `None` when the line is no such puzzle.
fn groups(no: usize, text: &str, lead: usize, puzzles: &Puzzles) -> Option<Parsed> {
    let bar = !puzzles.custom_symbol('|');
    let separator = |c: char| c.is_whitespace() || (bar && c == '|');
    // The groups: (column of their first character, text).
    let mut tokens: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (column, (i, c)) in (col0_of(text, lead)..).zip(text[lead..].char_indices()) {
        match (separator(c), start) {
            (true, Some((b, col))) => {
                tokens.push((col, &text[lead + b..lead + i]));
                start = None;
            }
            (false, None) => start = Some((i, column)),
            _ => {}
        }
    }
    if let Some((b, col)) = start {
        tokens.push((col, &text[lead + b..]));
    }
    let width = tokens.first()?.1.chars().count();
    let run = tokens.iter().take_while(|t| t.1.chars().count() == width).count();
    // The whole run, or half and its solution; or, when a note's first
    // word is as wide as the groups (`hard` after groups of 4), the most
    // groups that make a puzzle and end where a group holds no cell.
    let whole = grouped(width, run);
    let (k, n) = whole.or_else(|| {
        (2..run).rev().find_map(|k| {
            let (k, n) = grouped(width, k).filter(|&(j, _)| j == k)?;
            let next = tokens[k].1;
            let cells = next.char_indices().map(|(i, c)| &next[i..i + c.len_utf8()]);
            (!puzzles.fit(cells, n)).then_some((k, n))
        })
    })?;
    let solution_follows = whole.is_some() && k < run;
    let cells = char_cells(no, tokens[..k].iter().copied());
    let body = puzzles.build(n, &cells, None, Layout::Line, no);
    if solution_follows {
        // The second half is the solution (kept as the note), or this is
        // no reading of the line: a map or anything else written alike is
        // never dropped.
        let Ok(Body::Puzzle { puzzle, .. }) = &body else { return None };
        let solution: Option<Vec<u8>> =
            tokens[k..2 * k].iter().flat_map(|t| t.1.chars()).map(|c| puzzle.alphabet().index(c)).collect();
        let wrong = match solution {
            None => Some("it holds a character that is not a symbol".to_string()),
            Some(g) => verify::grid(puzzle, &g).err().map(|f| f.reason),
        };
        match wrong {
            // Two whole-puzzle fields: the caller's reading of a puzzle and
            // its second field says why.
            Some(_) if k == 1 => return None,
            Some(solution) => {
                let e = LineRecordError::GroupsNotPuzzleAndSolution { groups: 2 * k, width, solution };
                return Some(Parsed::new(no, Err(Refusal::at(no, tokens[k].0, e))));
            }
            None => {}
        }
    }
    let note = tokens.get(k).map(|&(col, _)| {
        let at = text.char_indices().nth(col - 1).map_or(text.len(), |(i, _)| i);
        text[at..].trim().to_owned()
    });
    Some(Parsed { first_line: no, note, notices: Vec::new(), body })
}

/// How many of `run` groups of `width` cells make a puzzle written in
/// groups on one line (see [`groups`]), and its order: the whole run, or
/// its first half when the second is the solution written alike; N from
/// 9, the groups a row's part or whole rows. Any other split of the run is
/// ambiguous (54 groups of 3: a 9x9 and its solution, or a 12x12) and read
/// as no puzzle.
pub(crate) fn grouped(width: usize, run: usize) -> Option<(usize, usize)> {
    let order = |k: usize| order_of(k * width).filter(|&n| n >= 9 && (n % width == 0 || width % n == 0));
    if width < 2 || run < 2 {
        return None;
    }
    match order(run) {
        Some(n) => Some((run, n)),
        None if run % 2 == 0 => order(run / 2).map(|n| (run / 2, n)),
        None => None,
    }
}

/// The cells of line `no`'s fields, a character each: every field given
/// with the column (from 1) of its first character.
fn char_cells<'a>(no: usize, fields: impl IntoIterator<Item = (usize, &'a str)>) -> Vec<Cell<'a>> {
    fields
        .into_iter()
        .flat_map(|(column, f)| {
            f.char_indices().enumerate().map(move |(k, (i, c))| Cell {
                line: no,
                column: column + k,
                text: &f[i..i + c.len_utf8()],
            })
        })
        .collect()
}

/// The column (from 1) of the character at byte `lead` of `text`.
fn col0_of(text: &str, lead: usize) -> usize {
    text[..lead].chars().count() + 1
}

/// A whole grid on one line, its cells or its rows separated by commas
/// (or semicolons): N² fields of one symbol each (`0,0,3,0,2,...`), or N
/// fields of N symbols each (`003020600,900305001,...`), with blanks around
/// a field and one trailing separator allowed. `None` when the line is not
/// such a grid (a CSV line of other fields, `puzzle,solution` among them).
/// A 729-character candidate line (HoDoKu, Sudoku Explainer): 81 groups
/// of nine, the k-th character of a group the digit k or a blank (`.`,
/// `0`), the pencil marks of a 9x9's cells in order. It is read as that
/// pencil-mark puzzle (each cell restricted to its marks, a cell with one
/// mark a given), never as a 27x27 puzzle; a note may follow after a blank.
/// `None` when the line is not of that shape, or `--symbols` is set.
fn candidate_line(no: usize, text: &str, puzzles: &Puzzles) -> Option<Parsed> {
    if puzzles.custom_symbols() {
        return None;
    }
    let lead = text.len() - text.trim_start().len();
    let rest = &text[lead..];
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let groups = &rest.as_bytes()[..end];
    let mark = |k: usize, c: u8| c == b'1' + k as u8;
    if groups.len() != 729
        || !groups.chunks(9).all(|g| g.iter().enumerate().all(|(k, &c)| mark(k, c) || c == b'.' || c == b'0'))
    {
        return None;
    }
    let masks: Vec<u64> = groups
        .chunks(9)
        .map(|g| g.iter().enumerate().filter(|&(k, &c)| mark(k, c)).fold(0, |m, (k, _)| m | 1 << k))
        .collect();
    let givens: Vec<u8> = masks
        .iter()
        .map(|&m| if m.count_ones() == 1 { b'1' + m.trailing_zeros() as u8 } else { b'.' })
        .collect();
    let column = text[..lead].chars().count() + 1;
    let body = puzzles.build_ascii(9, &givens, None, Layout::Line, no, column).and_then(|body| match body {
        Body::Puzzle { puzzle, layout } => puzzle
            .with_rules(Rules { constraints: Vec::new(), candidates: Some(masks) })
            .map(|puzzle| Body::Puzzle { puzzle, layout })
            .map_err(|e| Refusal::new(no, InputError::Grid(e))),
        other => Ok(other),
    });
    let note = rest[end..].trim();
    Some(Parsed {
        first_line: no,
        note: (!note.is_empty()).then(|| note.to_string()),
        notices: Vec::new(),
        body,
    })
}

/// A HoDoKu library line (`:0100:3:..3.2.6..:113::`): fields between
/// colons, exactly one of them a whole puzzle (N² cells, N from 4, that all
/// fit); that field is read as the line's cells, and the line without it
/// is the note. Two such fields are refused; `None` when no field is a
/// puzzle (the line is then read, and refused, as written).
fn hodoku(no: usize, text: &str, lead: usize, puzzles: &Puzzles, auto: bool) -> Option<Parsed> {
    let mut at = lead;
    let mut found: Option<(usize, usize, usize)> = None;
    for (k, f) in text[lead..].split(':').enumerate() {
        let n = order_of(f.chars().count()).filter(|&n| n >= 4);
        if n.is_some_and(|n| puzzles.fit(f.char_indices().map(|(i, c)| &f[i..i + c.len_utf8()]), n)) {
            if let Some((first, ..)) = found {
                let e = LineRecordError::TwoPuzzleFields { fields: (first, k + 1) };
                return Some(Parsed::new(no, Err(Refusal::new(no, e))));
            }
            found = Some((k + 1, at, at + f.len()));
        }
        at += f.len() + 1;
    }
    let (_, start, end) = found?;
    let mut parsed = record(no, &text[start..end], puzzles, auto);
    let shift = text[..start].chars().count();
    if let Err(r) = &mut parsed.body {
        r.column = r.column.map(|c| c + shift);
    }
    parsed.note = Some(format!("{}{}", &text[lead..start], &text[end..]));
    Some(parsed)
}

fn delimited(no: usize, rest: &str, col0: usize, auto: bool, puzzles: &Puzzles) -> Option<Parsed> {
    let comma = rest.find(',').filter(|_| !puzzles.custom_symbol(','));
    let semicolon = rest.find(';').filter(|_| !puzzles.custom_symbol(';'));
    let sep = match (comma, semicolon) {
        (Some(a), Some(b)) => {
            if a < b {
                ','
            } else {
                ';'
            }
        }
        (Some(_), None) => ',',
        (None, Some(_)) => ';',
        (None, None) => return None,
    };
    let body = rest.trim_end();
    let body = body.strip_suffix(sep).unwrap_or(body);
    // Each field's text and the column it starts at.
    let mut fields = Vec::new();
    let mut at = 0;
    for f in body.split(sep) {
        let lead = f.len() - f.trim_start().len();
        let column = col0 + body[..at + lead].chars().count();
        fields.push((f.trim(), column));
        at += f.len() + 1;
    }
    if fields.iter().any(|(f, _)| f.is_empty() || f.chars().any(char::is_whitespace)) {
        return None;
    }
    let len = |f: &str| f.chars().count();
    let n = match order_of(fields.len()) {
        Some(n) if n >= 2 && fields.iter().all(|(f, _)| len(f) == 1) => n,
        _ if fields.len() >= 2 && fields.iter().all(|(f, _)| len(f) == fields.len()) => fields.len(),
        _ => return None,
    };
    if auto && n < 4 {
        return None;
    }
    let cells = char_cells(no, fields.iter().map(|&(f, column)| (column, f)));
    let body = puzzles.build(n, &cells, None, Layout::Line, no);
    Some(Parsed { first_line: no, note: None, notices: Vec::new(), body })
}

/// Why `map` is not N connected regions of N cells, if it is not.
fn not_a_map(map: &[char], n: usize) -> Option<String> {
    let mut labels: Vec<char> = map.to_vec();
    labels.sort_unstable();
    labels.dedup();
    if labels.len() != n || labels.iter().any(|&l| map.iter().filter(|&&m| m == l).count() != n) {
        return None; // Not even a candidate: the shape's own check names it.
    }
    let mut seen = vec![false; map.len()];
    for start in 0..map.len() {
        if seen[start] {
            continue;
        }
        // The cells of start's label reachable from it, side by side.
        let label = map[start];
        let (mut stack, mut reached) = (vec![start], 0);
        seen[start] = true;
        while let Some(c) = stack.pop() {
            reached += 1;
            let (r, col) = (c / n, c % n);
            let near = [
                (r > 0).then(|| c - n),
                (r + 1 < n).then(|| c + n),
                (col > 0).then(|| c - 1),
                (col + 1 < n).then(|| c + 1),
            ];
            for d in near.into_iter().flatten() {
                if !seen[d] && map[d] == label {
                    seen[d] = true;
                    stack.push(d);
                }
            }
        }
        let size = map.iter().filter(|&&l| l == label).count();
        if reached != size {
            return Some(format!("region '{label}' is not connected"));
        }
    }
    None
}

/// The puzzle of a line record's cells.
fn build(
    no: usize,
    cells_text: &str,
    n: usize,
    map: Option<Vec<char>>,
    col0: usize,
    puzzles: &Puzzles,
) -> Parsed {
    let note = None;
    if cells_text.is_ascii() {
        let body = puzzles.build_ascii(n, cells_text.as_bytes(), map, Layout::Line, no, col0);
        return Parsed { first_line: no, note, notices: Vec::new(), body };
    }
    let cells_v = char_cells(no, [(col0, cells_text)]);
    let body = puzzles.build(n, &cells_v, map, Layout::Line, no);
    Parsed { first_line: no, note, notices: Vec::new(), body }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_counts_and_zero() {
        for t in ["0", "4", "1000", " 25 ", "999999"] {
            assert!(is_marker(t), "{t}");
        }
        for t in ["", "00", "0123", "1234567", "1.2", "x"] {
            assert!(!is_marker(t), "{t}");
        }
    }

    #[test]
    fn only_connected_maps_of_n_cells_are_maps() {
        let jigsaw: Vec<char> = "0011001122332233".chars().collect();
        assert_eq!(not_a_map(&jigsaw, 4), None);
        // A 4x4 solution: its symbols are never side by side.
        let solution: Vec<char> = "1234341221434321".chars().collect();
        assert!(not_a_map(&solution, 4).is_some_and(|w| w.contains("not connected")));
        // Regions of other sizes are left to the shape's own check.
        let lopsided: Vec<char> = "0001001122332233".chars().collect();
        assert_eq!(not_a_map(&lopsided, 4), None);
    }
}
