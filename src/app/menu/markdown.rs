//! Shows the rules pages: headings, paragraphs, bullet lists, tables, and **bold** / *italic*
//! runs — the small part of Markdown the rules texts use. A `::: figure NAME` line is handed to
//! the caller, which draws the figure there; HTML comments are skipped.

use super::style;
use bevy_egui::egui::{self, RichText};

/// A run of text and its emphasis: (text, bold, italic).
pub type Run<'a> = (&'a str, bool, bool);

/// Splits `text` into runs by its `**bold**`, `*italic*` and `` `code` `` markers (the markers
/// themselves dropped; a code run is shown as plain text).
pub fn runs(text: &str) -> Vec<Run<'_>> {
    let mut out = Vec::new();
    let (mut bold, mut italic) = (false, false);
    let mut rest = text;
    while !rest.is_empty() {
        // The first marker; at one place "**" before "*" (a bold's opening is not two
        // italics).
        let next = ["**", "*", "`"]
            .iter()
            .filter_map(|m| rest.find(m).map(|i| (i, *m)))
            .min_by_key(|&(i, m)| (i, std::cmp::Reverse(m.len())));
        let (i, marker) = next.unwrap_or((rest.len(), ""));
        if i > 0 {
            out.push((&rest[..i], bold, italic));
        }
        match marker {
            "**" => bold = !bold,
            "*" => italic = !italic,
            _ => {}
        }
        rest = &rest[i + marker.len()..];
    }
    out
}

/// Lays `text`'s runs out in one wrapping line: bold in brass, italic slanted.
fn inline(ui: &mut egui::Ui, text: &str, size: f32) {
    let mut job = egui::text::LayoutJob::default();
    for (s, bold, italic) in runs(text) {
        let format = egui::TextFormat {
            font_id: egui::FontId::proportional(size),
            color: if bold { style::BRASS } else { style::CREAM },
            italics: italic,
            ..Default::default()
        };
        job.append(s, 0.0, format);
    }
    job.wrap.max_width = ui.available_width();
    ui.label(job);
}

fn table(ui: &mut egui::Ui, rows: &[&str], id: usize) {
    let cells = |row: &str| -> Vec<String> {
        row.trim()
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let body: Vec<Vec<String>> = rows
        .iter()
        .filter(|r| !r.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')))
        .map(|r| cells(r))
        .collect();
    egui::Frame::new()
        .fill(style::WALNUT_LIGHT)
        .corner_radius(8)
        .inner_margin(10)
        .show(ui, |ui| {
            // Long cells wrap inside the page instead of widening it: the columns together
            // never take more than the page (a first column of names is usually short, so two
            // columns share the room 45/55; three or more share it evenly).
            let cols = body.iter().map(Vec::len).max().unwrap_or(1).max(1);
            let room = ui.available_width() - 18.0 * (cols - 1) as f32;
            let widest = if cols == 2 {
                room * 0.55
            } else {
                room / cols as f32
            };
            // On a narrow screen (a phone held upright) the columns that fit on one line keep
            // their width and the others share the rest ("скольжением" broke mid-word in an
            // even third).
            let shares = style::narrow(ui.ctx()).then(|| {
                let mut natural = vec![0.0_f32; cols];
                for (i, row) in body.iter().enumerate() {
                    for (c, cell) in row.iter().enumerate() {
                        let text = cell_text(cell, i == 0);
                        natural[c] =
                            natural[c].max(style::words_width(ui, text, egui::TextStyle::Body));
                    }
                }
                column_shares(&natural, room)
            });
            egui::Grid::new(("rules-table", id))
                .striped(true)
                .spacing([18.0, 6.0])
                .max_col_width(if shares.is_some() { room } else { widest })
                .show(ui, |ui| {
                    for (i, row) in body.iter().enumerate() {
                        for (c, cell) in row.iter().enumerate() {
                            let text = cell_text(cell, i == 0);
                            match shares.as_ref().and_then(|s| s.get(c)) {
                                Some(&w) => {
                                    ui.scope(|ui| {
                                        ui.set_max_width(w);
                                        ui.add(egui::Label::new(text).wrap());
                                    });
                                }
                                None => {
                                    ui.add(egui::Label::new(text).wrap());
                                }
                            }
                        }
                        ui.end_row();
                    }
                });
        });
}

/// A table's cell in words: a heading's (the first row's) strong and brass.
fn cell_text(cell: &str, heading: bool) -> RichText {
    let text = RichText::new(cell.replace("**", "")).size(16.0);
    if heading {
        text.strong().color(style::BRASS)
    } else {
        text
    }
}

/// The widths of columns whose cells are `natural` wide on one line, together `room` at most:
/// those narrower than an even share of what is left keep their width, the others share the
/// rest evenly.
fn column_shares(natural: &[f32], room: f32) -> Vec<f32> {
    let mut widths = natural.to_vec();
    let mut order: Vec<usize> = (0..natural.len()).collect();
    order.sort_by(|a, b| natural[*a].total_cmp(&natural[*b]));
    let mut left = room;
    for (k, &c) in order.iter().enumerate() {
        let share = left / (order.len() - k) as f32;
        widths[c] = natural[c].min(share).max(1.0);
        left -= widths[c];
    }
    widths
}

/// Lays out a whole rules text; `figure` draws each `::: figure NAME` in place, told where the
/// section it stands in begins (the top of its heading).
/// Returns where each section's heading (`## `) was drawn, in page order.
pub fn show(
    ui: &mut egui::Ui,
    text: &str,
    figure: &mut dyn FnMut(&mut egui::Ui, &str, f32),
) -> Vec<egui::Rect> {
    let mut sections = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut section = ui.cursor().top();
    let mut i = 0;
    let mut tables = 0;
    let mut paragraph = String::new();
    let flush = |ui: &mut egui::Ui, paragraph: &mut String| {
        if !paragraph.is_empty() {
            inline(ui, paragraph.trim(), 17.0);
            paragraph.clear();
        }
    };
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if trimmed.starts_with('|') {
            flush(ui, &mut paragraph);
            let start = i;
            while i < lines.len() && lines[i].trim_start().starts_with('|') {
                i += 1;
            }
            table(ui, &lines[start..i], tables);
            tables += 1;
            continue;
        }
        if let Some(name) = trimmed.strip_prefix("::: figure ") {
            flush(ui, &mut paragraph);
            ui.add_space(4.0);
            figure(ui, name.trim(), section);
            ui.add_space(4.0);
        } else if trimmed.starts_with("<!--") {
            // Comments are notes for the people who write the pages.
            flush(ui, &mut paragraph);
        } else if let Some(h) = trimmed.strip_prefix("# ") {
            flush(ui, &mut paragraph);
            section = ui.cursor().top();
            ui.label(RichText::new(h).size(28.0).color(style::ASH).strong());
        } else if let Some(h) = trimmed.strip_prefix("## ") {
            flush(ui, &mut paragraph);
            section = ui.cursor().top();
            ui.add_space(8.0);
            let shown = ui.label(RichText::new(h).size(23.0).color(style::BRASS).strong());
            sections.push(shown.rect);
        } else if let Some(h) = trimmed.strip_prefix("### ") {
            flush(ui, &mut paragraph);
            section = ui.cursor().top();
            ui.label(RichText::new(h).size(19.0).color(style::BRASS));
        } else if let Some(item) = trimmed.strip_prefix("- ") {
            flush(ui, &mut paragraph);
            let depth = (line.len() - trimmed.len()) / 2;
            // A bullet's text may continue on the following indented lines.
            let mut item = item.to_string();
            while i + 1 < lines.len() {
                let next = lines[i + 1];
                let nt = next.trim_start();
                if !nt.is_empty()
                    && !nt.starts_with("- ")
                    && !nt.starts_with('|')
                    && next.starts_with("  ")
                {
                    item.push(' ');
                    item.push_str(nt);
                    i += 1;
                } else {
                    break;
                }
            }
            ui.horizontal_wrapped(|ui| {
                ui.add_space(12.0 + depth as f32 * 20.0);
                ui.label(RichText::new("•").color(style::BRASS).size(17.0));
                inline(ui, &item, 17.0);
            });
        } else if trimmed.is_empty() {
            flush(ui, &mut paragraph);
            ui.add_space(4.0);
        } else {
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            paragraph.push_str(trimmed);
        }
        i += 1;
    }
    flush(ui, &mut paragraph);
    sections
}

#[cfg(test)]
mod tests {
    use super::{column_shares, runs};

    /// Columns that fit keep their width; the rest share what is left.
    #[test]
    fn narrow_columns_keep_their_width_and_the_rest_share() {
        assert_eq!(
            column_shares(&[50.0, 40.0, 300.0], 250.0),
            [50.0, 40.0, 160.0]
        );
        assert_eq!(column_shares(&[200.0, 200.0], 250.0), [125.0, 125.0]);
        assert_eq!(column_shares(&[20.0, 30.0], 250.0), [20.0, 30.0]);
    }

    #[test]
    fn bold_italic_and_code_runs() {
        assert_eq!(
            runs("Press **Fit** or *F*, then `e2e4`."),
            [
                ("Press ", false, false),
                ("Fit", true, false),
                (" or ", false, false),
                ("F", false, true),
                (", then ", false, false),
                ("e2e4", false, false),
                (".", false, false),
            ]
        );
        // A bold run straight after a plain one, and one at the very start.
        assert_eq!(
            runs("**«Ready»** now"),
            [("«Ready»", true, false), (" now", false, false)]
        );
        assert_eq!(runs("plain"), [("plain", false, false)]);
    }
}
