//! The game's small charts: the engine review's expected score, the luck report's two lines and
//! the player page's rating history. Drawn with egui's painter: a frame, a grid at round values
//! with their labels, and lines, dots, a shaded band and marker lines over it. Nothing in a chart
//! moves or zooms; the one thing the pointer does is name the value of the nearest point, which
//! the axis already tells (nothing is shown by hovering alone).
//!
//! (These three graphs were drawn with `egui_plot` before; a chart of our own keeps its weight
//! out of the browser's `.wasm`.)

use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke};

/// What a chart draws, in the order given (later over earlier).
enum Mark {
    Line {
        points: Vec<[f64; 2]>,
        colour: Color32,
        width: f32,
    },
    Dots {
        points: Vec<[f64; 2]>,
        colour: Color32,
        radius: f32,
    },
    /// The area between `lo` and `hi` over `xs`.
    Band {
        xs: Vec<f64>,
        lo: Vec<f64>,
        hi: Vec<f64>,
        fill: Color32,
    },
    Horizontal {
        y: f64,
        colour: Color32,
        width: f32,
    },
    Vertical {
        x: f64,
        colour: Color32,
        width: f32,
    },
}

type Label<'a> = Box<dyn Fn(f64) -> String + 'a>;

/// A chart the width of its place and `height` tall, the axis's labels under it included.
pub struct Chart<'a> {
    height: f32,
    grid: Color32,
    include_x: Vec<f64>,
    include_y: Vec<f64>,
    y_labels: Option<Label<'a>>,
    x_labels: Option<Label<'a>>,
    x_title: Option<String>,
    hover: Option<Label<'a>>,
    marks: Vec<Mark>,
}

/// The share of the values' span left free at each side, as the eye expects of a chart.
const MARGIN: f64 = 0.05;

impl<'a> Chart<'a> {
    pub fn new(height: f32, grid: Color32) -> Chart<'a> {
        Chart {
            height,
            grid,
            include_x: Vec::new(),
            include_y: Vec::new(),
            y_labels: None,
            x_labels: None,
            x_title: None,
            hover: None,
            marks: Vec::new(),
        }
    }

    /// The x range shows at least this value.
    pub fn include_x(mut self, x: f64) -> Self {
        self.include_x.push(x);
        self
    }

    /// The y range shows at least this value.
    pub fn include_y(mut self, y: f64) -> Self {
        self.include_y.push(y);
        self
    }

    /// Labels the y axis's round values on the left (an empty label leaves one out).
    pub fn y_labels(mut self, label: impl Fn(f64) -> String + 'a) -> Self {
        self.y_labels = Some(Box::new(label));
        self
    }

    /// Labels the x axis's round values under the chart, with a title under them.
    pub fn x_labels(
        mut self,
        title: impl Into<String>,
        label: impl Fn(f64) -> String + 'a,
    ) -> Self {
        self.x_labels = Some(Box::new(label));
        self.x_title = Some(title.into());
        self
    }

    /// With the pointer over the chart, the nearest point of the first line is ringed and its
    /// value written beside it, by `label`.
    pub fn hover(mut self, label: impl Fn(f64) -> String + 'a) -> Self {
        self.hover = Some(Box::new(label));
        self
    }

    pub fn line(mut self, points: Vec<[f64; 2]>, colour: Color32, width: f32) -> Self {
        self.marks.push(Mark::Line {
            points,
            colour,
            width,
        });
        self
    }

    pub fn dots(mut self, points: Vec<[f64; 2]>, colour: Color32, radius: f32) -> Self {
        self.marks.push(Mark::Dots {
            points,
            colour,
            radius,
        });
        self
    }

    pub fn band(mut self, xs: &[f64], lo: &[f64], hi: &[f64], fill: Color32) -> Self {
        self.marks.push(Mark::Band {
            xs: xs.to_vec(),
            lo: lo.to_vec(),
            hi: hi.to_vec(),
            fill,
        });
        self
    }

    pub fn horizontal(mut self, y: f64, colour: Color32, width: f32) -> Self {
        self.marks.push(Mark::Horizontal { y, colour, width });
        self
    }

    pub fn vertical(mut self, x: f64, colour: Color32, width: f32) -> Self {
        self.marks.push(Mark::Vertical { x, colour, width });
        self
    }

    /// The x and y spans of everything drawn and included, with [`MARGIN`] at each side.
    fn bounds(&self) -> ([f64; 2], [f64; 2]) {
        let mut xs: Vec<f64> = self.include_x.clone();
        let mut ys: Vec<f64> = self.include_y.clone();
        for mark in &self.marks {
            match mark {
                Mark::Line { points, .. } | Mark::Dots { points, .. } => {
                    xs.extend(points.iter().map(|p| p[0]));
                    ys.extend(points.iter().map(|p| p[1]));
                }
                Mark::Band { xs: x, lo, hi, .. } => {
                    xs.extend(x);
                    ys.extend(lo.iter().chain(hi));
                }
                Mark::Horizontal { y, .. } => ys.push(*y),
                Mark::Vertical { x, .. } => xs.push(*x),
            }
        }
        (span(&xs), span(&ys))
    }

    pub fn show(self, ui: &mut egui::Ui) -> egui::Response {
        let (x_span, y_span) = self.bounds();
        let font = egui::TextStyle::Body.resolve(ui.style());
        let text = ui.visuals().text_color();
        let row = font.size * 1.3;
        let below = match (&self.x_labels, &self.x_title) {
            (Some(_), Some(_)) => row * 2.0 + 4.0,
            (Some(_), None) => row + 4.0,
            _ => 0.0,
        };
        // The labels under the chart are within its height; a grid line every 40 points or so.
        let inner = (self.height - below).max(20.0);
        let y_ticks = ticks(y_span, ((inner / 40.0) as usize).max(2));
        let y_texts: Vec<(f64, String)> = match &self.y_labels {
            Some(label) => y_ticks.iter().map(|v| (*v, label(*v))).collect(),
            None => Vec::new(),
        };
        let painter = ui.painter();
        let y_galleys: Vec<(f64, std::sync::Arc<egui::Galley>)> = y_texts
            .into_iter()
            .filter(|(_, s)| !s.is_empty())
            .map(|(v, s)| (v, painter.layout_no_wrap(s, font.clone(), text)))
            .collect();
        let left = y_galleys
            .iter()
            .map(|(_, g)| g.size().x)
            .fold(0.0, f32::max);
        let left = if left > 0.0 { left + 6.0 } else { 0.0 };
        let (whole, response) = ui.allocate_exact_size(
            egui::vec2(ui.available_width(), inner + below),
            egui::Sense::hover(),
        );
        let area = Rect::from_min_max(
            Pos2::new(whole.left() + left, whole.top()),
            Pos2::new(whole.right(), whole.top() + inner),
        );
        let at = |p: [f64; 2]| -> Pos2 {
            Pos2::new(
                area.left() + ((p[0] - x_span[0]) / (x_span[1] - x_span[0])) as f32 * area.width(),
                area.bottom()
                    - ((p[1] - y_span[0]) / (y_span[1] - y_span[0])) as f32 * area.height(),
            )
        };
        let painter = ui.painter();
        painter.rect(
            area,
            2.0,
            ui.visuals().extreme_bg_color,
            ui.visuals().widgets.noninteractive.bg_stroke,
            egui::StrokeKind::Inside,
        );
        let grid = Stroke::new(1.0, self.grid.gamma_multiply(0.6));
        for y in &y_ticks {
            let p = at([x_span[0], *y]);
            painter.hline(area.x_range(), p.y, grid);
        }
        for (y, galley) in y_galleys {
            let p = at([x_span[0], y]);
            let size = galley.size();
            painter.galley(
                Pos2::new(area.left() - 6.0 - size.x, p.y - size.y / 2.0),
                galley,
                text,
            );
        }
        let x_ticks = ticks(x_span, 6);
        for x in &x_ticks {
            let p = at([*x, y_span[0]]);
            painter.vline(p.x, area.y_range(), grid);
        }
        if let Some(label) = &self.x_labels {
            for x in &x_ticks {
                let s = label(*x);
                if s.is_empty() {
                    continue;
                }
                let p = at([*x, y_span[0]]);
                painter.text(
                    Pos2::new(p.x, area.bottom() + 2.0),
                    egui::Align2::CENTER_TOP,
                    s,
                    font.clone(),
                    text,
                );
            }
        }
        if let Some(title) = &self.x_title {
            painter.text(
                Pos2::new(area.center().x, area.bottom() + row + 4.0),
                egui::Align2::CENTER_TOP,
                title,
                font.clone(),
                text,
            );
        }
        let inside = painter.with_clip_rect(area.shrink(1.0));
        for mark in &self.marks {
            match mark {
                Mark::Line {
                    points,
                    colour,
                    width,
                } => {
                    let line: Vec<Pos2> = points.iter().map(|p| at(*p)).collect();
                    inside.add(egui::Shape::line(line, Stroke::new(*width, *colour)));
                }
                Mark::Dots {
                    points,
                    colour,
                    radius,
                } => {
                    for p in points {
                        inside.circle_filled(at(*p), *radius, *colour);
                    }
                }
                Mark::Band { xs, lo, hi, fill } => {
                    let mut mesh = egui::Mesh::default();
                    for ((x, l), h) in xs.iter().zip(lo).zip(hi) {
                        mesh.colored_vertex(at([*x, *l]), *fill);
                        mesh.colored_vertex(at([*x, *h]), *fill);
                    }
                    for i in 1..xs.len().min(lo.len()).min(hi.len()) as u32 {
                        let (a, b, c, d) = (2 * i - 2, 2 * i - 1, 2 * i, 2 * i + 1);
                        mesh.add_triangle(a, b, c);
                        mesh.add_triangle(b, d, c);
                    }
                    inside.add(mesh);
                }
                Mark::Horizontal { y, colour, width } => {
                    let p = at([x_span[0], *y]);
                    inside.hline(area.x_range(), p.y, Stroke::new(*width, *colour));
                }
                Mark::Vertical { x, colour, width } => {
                    let p = at([*x, y_span[0]]);
                    inside.vline(p.x, area.y_range(), Stroke::new(*width, *colour));
                }
            }
        }
        if let (Some(label), Some(pointer)) = (&self.hover, response.hover_pos()) {
            let first = self.marks.iter().find_map(|m| match m {
                Mark::Line { points, colour, .. } => Some((points, *colour)),
                _ => None,
            });
            if let Some((points, colour)) = first
                && let Some(near) = points.iter().min_by(|a, b| {
                    let (da, db) = ((at(**a).x - pointer.x).abs(), (at(**b).x - pointer.x).abs());
                    da.total_cmp(&db)
                })
            {
                let p = at(*near);
                inside.circle_stroke(p, 5.0, Stroke::new(1.5, colour));
                let anchor = if p.x > area.center().x {
                    egui::Align2::RIGHT_BOTTOM
                } else {
                    egui::Align2::LEFT_BOTTOM
                };
                let offset = if p.x > area.center().x { -8.0 } else { 8.0 };
                inside.text(
                    Pos2::new(p.x + offset, p.y - 6.0),
                    anchor,
                    label(near[1]),
                    font,
                    text,
                );
            }
        }
        response
    }
}

/// A round value as a label: at most three decimals, without trailing zeros ("-0.5", "2").
pub fn plain(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// The span of `values` with [`MARGIN`] at each side; a single value or none gets a unit span.
fn span(values: &[f64]) -> [f64; 2] {
    let finite = values.iter().copied().filter(|v| v.is_finite());
    let (lo, hi) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if lo > hi {
        return [0.0, 1.0];
    }
    if hi - lo < 1e-9 {
        return [lo - 0.5, hi + 0.5];
    }
    let pad = (hi - lo) * MARGIN;
    [lo - pad, hi + pad]
}

/// Round values across `span`, about `count` of them: steps of 1, 2 or 5 times a power of ten.
fn ticks(span: [f64; 2], count: usize) -> Vec<f64> {
    let width = span[1] - span[0];
    if !(width.is_finite() && width > 0.0) {
        return Vec::new();
    }
    let raw = width / count.max(1) as f64;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power);
    let first = (span[0] / step).ceil() as i64;
    let last = (span[1] / step).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-9)
    }

    #[test]
    fn ticks_are_round_values_inside_the_span() {
        assert!(near(&ticks([-0.05, 1.05], 5), &[0.0, 0.5, 1.0]));
        assert!(near(&ticks([-0.05, 1.05], 2), &[0.0, 1.0]));
        assert!(near(&ticks([1270.0, 1930.0], 5), &[1400.0, 1600.0, 1800.0]));
        assert!(near(
            &ticks([1270.0, 1930.0], 7),
            &[1300.0, 1400.0, 1500.0, 1600.0, 1700.0, 1800.0, 1900.0]
        ));
        assert!(near(&ticks([0.3, 14.7], 6), &[5.0, 10.0]));
        assert!(ticks([1.0, 1.0], 5).is_empty());
        assert!(ticks([0.0, f64::NAN], 5).is_empty());
    }

    #[test]
    fn labels_are_plain_numbers() {
        assert_eq!(plain(0.6000000000000001), "0.6");
        assert_eq!(plain(-1.0), "-1");
        assert_eq!(plain(-0.0), "0");
        assert_eq!(plain(1500.0), "1500");
        assert_eq!(plain(0.25), "0.25");
    }

    #[test]
    fn the_span_has_a_margin_and_a_lone_value_a_unit() {
        assert!(near(&span(&[0.0, 10.0]), &[-0.5, 10.5]));
        assert!(near(&span(&[3.0]), &[2.5, 3.5]));
        assert!(near(&span(&[]), &[0.0, 1.0]));
        assert!(near(&span(&[f64::NAN, 2.0, 4.0]), &[1.9, 4.1]));
    }
}
