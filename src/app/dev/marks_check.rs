//! `--marks-check`, with `--screenshot` (issue 41): the board's marks checked in the rendered
//! picture for people with red–green colour blindness, in the colour-safe palette (the flag turns
//! it on for the run).
//!
//! The scene is captured twice: as it is, then with every mark hidden. Each flat mark's pixels
//! are those inside its square (its quad projected by the camera) that the two pictures differ
//! at, so the wood, the pieces in front and the neighbouring marks are left out; its rendered
//! colour is their median. Marks of different shapes (dot, ring, dashed ring, glow, hatching,
//! focus ring, with or without tick marks) are told apart by shape. Marks of one shape in
//! different colours are told apart by colour alone: a pair whose rendered colours are at least
//! [`APART`] apart (CIE76) for normal vision must stay that far apart as people with
//! deuteranopia and protanopia see them (Machado et al. 2009, [`vision`]), or it is an error in
//! the log, which fails the scene in `scripts/test.sh`. A pair rendered closer than that for
//! everyone (a faint dot blended into the wood) is told apart by colour for no one: it is
//! counted as alike. Each run logs a line with what it compared.

use crate::app::marks::{MarkMaterial, vision};
use bevy::prelude::*;
use std::collections::BTreeMap;

/// The least distance (CIE76) between two rendered mark colours that must tell them apart, as
/// seen through each simulation: clearly different at a glance (a just noticeable difference is
/// about 2.3).
pub const APART: f32 = 10.0;

/// Two colours a mark's material can be in count as one when this close (CIE76): the same
/// colour with another alpha, for instance.
const SAME_MATERIAL: f32 = 5.0;

/// A mark's shape: its kind, tick marks and dashes.
type Shape = (u8, u8, u8);

/// Marks of one shape and material colour, with their pixels pooled.
type Look = (Shape, LinearRgba, Vec<[u8; 3]>);

/// A flat mark where the camera sees it.
#[derive(Clone, Debug)]
pub struct Placed {
    /// Kind, tick marks, dashes: the shape.
    pub shape: (u8, u8, u8),
    /// The material's colour (linear, alpha left out).
    pub colour: LinearRgba,
    /// The square's corners in the picture's pixels, in order around it.
    pub quad: [Vec2; 4],
}

/// A picture as rows of RGB bytes.
#[derive(Clone, Debug)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

impl Picture {
    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.width + x) * 3) as usize;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

/// Where the check stands between the two captures.
#[derive(Resource, Default, Debug)]
pub struct MarksCheck {
    pub marks: Vec<Placed>,
    pub with: Option<Picture>,
    pub without: Option<Picture>,
    /// Frames since the marks were hidden (`None`: not yet); the second capture is asked for at
    /// the third.
    pub hidden_for: Option<u32>,
    /// Pairs of captures taken again because no mark could be told in them (on a slow renderer
    /// the marks' pipeline may still be compiling when the first capture is taken).
    pub retries: u32,
    /// Frames left before a new first capture, the marks shown again.
    pub retry_in: Option<u32>,
    /// Frames the check has run since the first capture: it gives up past a bound.
    pub frames: u32,
    /// Each mark's visibility before the marks were hidden, put back for a retry.
    pub was: Vec<(Entity, Visibility)>,
}

/// What [`judge`] found.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// What was compared, every pair apart.
    Passed(String),
    /// The pairs that come too close (or captures that could not be compared).
    Failed(String),
    /// No mark on screen could be told from the pictures: nothing was checked.
    Unseen(String),
}

/// Whether `p` lies inside the convex quad `q` (either winding).
fn inside(q: &[Vec2; 4], p: Vec2) -> bool {
    let mut sign = 0.0f32;
    for i in 0..4 {
        let (a, b) = (q[i], q[(i + 1) % 4]);
        let cross = (b - a).perp_dot(p - a);
        if cross.abs() < 1e-6 {
            continue;
        }
        if sign == 0.0 {
            sign = cross.signum();
        } else if cross.signum() != sign {
            return false;
        }
    }
    true
}

/// The pixels of one mark: inside its square and changed by hiding the marks.
fn pixels(mark: &Placed, with: &Picture, without: &Picture) -> Vec<[u8; 3]> {
    let (mut lo, mut hi) = (mark.quad[0], mark.quad[0]);
    for c in &mark.quad[1..] {
        lo = lo.min(*c);
        hi = hi.max(*c);
    }
    let x0 = lo.x.floor().max(0.0) as u32;
    let y0 = lo.y.floor().max(0.0) as u32;
    let x1 = (hi.x.ceil().max(0.0) as u32).min(with.width.saturating_sub(1));
    let y1 = (hi.y.ceil().max(0.0) as u32).min(with.height.saturating_sub(1));
    let mut out = Vec::new();
    for y in y0..=y1 {
        for x in x0..=x1 {
            if !inside(&mark.quad, Vec2::new(x as f32 + 0.5, y as f32 + 0.5)) {
                continue;
            }
            let (a, b) = (with.at(x, y), without.at(x, y));
            let changed: u32 = (0..3).map(|i| a[i].abs_diff(b[i]) as u32).sum();
            if changed >= 30 {
                out.push(a);
            }
        }
    }
    out
}

/// The median of each channel, as a linear colour.
fn median(px: &[[u8; 3]]) -> LinearRgba {
    let channel = |i: usize| {
        let mut v: Vec<u8> = px.iter().map(|p| p[i]).collect();
        v.sort_unstable();
        v[v.len() / 2] as f32 / 255.0
    };
    Color::srgb(channel(0), channel(1), channel(2)).to_linear()
}

/// The check itself: a line saying what was compared, the pairs that come too close, or that
/// no mark could be told at all.
pub fn judge(marks: &[Placed], with: &Picture, without: &Picture) -> Verdict {
    if (with.width, with.height) != (without.width, without.height) {
        return Verdict::Failed("the two captures differ in size".into());
    }
    // The marks by look: their shape and their material's colour (colours within
    // SAME_MATERIAL are one), with their pixels pooled.
    let mut looks: Vec<Look> = Vec::new();
    let mut seen = 0;
    for m in marks {
        let px = pixels(m, with, without);
        if px.len() < 8 {
            continue;
        }
        seen += 1;
        match looks.iter_mut().find(|(shape, c, _)| {
            *shape == m.shape && vision::delta_e(*c, m.colour) < SAME_MATERIAL
        }) {
            Some(look) => look.2.extend(px),
            None => looks.push((m.shape, m.colour, px)),
        }
    }
    if seen == 0 && !marks.is_empty() {
        // Hiding the marks changed nothing where they stand: nothing was checked.
        return Verdict::Unseen(format!(
            "none of the {} marks on screen could be told from the picture",
            marks.len()
        ));
    }
    let shapes: BTreeMap<(u8, u8, u8), usize> =
        looks.iter().fold(BTreeMap::new(), |mut m, (s, _, _)| {
            *m.entry(*s).or_default() += 1;
            m
        });
    let mut compared = 0;
    let mut alike = 0;
    let mut closest = f32::MAX;
    let mut problems = Vec::new();
    for (i, (shape, _, a)) in looks.iter().enumerate() {
        for (other, _, b) in &looks[i + 1..] {
            if shape != other {
                continue;
            }
            let (ca, cb) = (median(a), median(b));
            // Rendered alike for everyone (a faint dot blended into the wood, say): their
            // colours do not tell them apart for anyone, so there is nothing colour blindness
            // could take away.
            if vision::delta_e(ca, cb) < APART {
                alike += 1;
                continue;
            }
            compared += 1;
            for (name, m) in [
                ("deuteranopia", &vision::DEUTERANOPIA),
                ("protanopia", &vision::PROTANOPIA),
            ] {
                let d = vision::delta_e(vision::seen(m, ca), vision::seen(m, cb));
                closest = closest.min(d);
                if d < APART {
                    problems.push(format!(
                        "two marks of shape {shape:?} rendered {} and {} are {d:.1} apart under {name}",
                        hex(ca),
                        hex(cb)
                    ));
                }
            }
        }
    }
    if !problems.is_empty() {
        return Verdict::Failed(problems.join("; "));
    }
    let closest = if compared > 0 {
        format!(", the closest {closest:.1} apart")
    } else {
        String::new()
    };
    Verdict::Passed(format!(
        "{seen} marks seen, {} looks in {} shapes; {compared} pairs told apart by colour alone{closest}; {alike} pairs alike for everyone",
        looks.len(),
        shapes.len()
    ))
}

fn hex(c: LinearRgba) -> String {
    let s = Color::LinearRgba(c).to_srgba();
    format!(
        "#{:02x}{:02x}{:02x}",
        (s.red * 255.0).round() as u8,
        (s.green * 255.0).round() as u8,
        (s.blue * 255.0).round() as u8
    )
}

/// A captured frame as a [`Picture`].
pub fn picture(image: &Image) -> Option<Picture> {
    let rgb = image.clone().try_into_dynamic().ok()?.to_rgb8();
    Some(Picture {
        width: rgb.width(),
        height: rgb.height(),
        rgb: rgb.into_raw(),
    })
}

/// The flat marks on screen now, placed in the picture's pixels (a ghost is drawn on a piece's
/// own mesh and a burst moves: both left out).
pub fn placed(
    marks: &Query<(
        &MeshMaterial3d<MarkMaterial>,
        &GlobalTransform,
        &ViewVisibility,
    )>,
    materials: &Assets<MarkMaterial>,
    camera: Option<(&Camera, &GlobalTransform)>,
    scale: f32,
) -> Vec<Placed> {
    let Some((camera, at)) = camera else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (material, transform, visible) in marks {
        let Some(m) = materials.get(&material.0) else {
            continue;
        };
        let kind = m.params.x.round() as u8;
        if !visible.get() || kind == 5 || kind == 7 {
            continue;
        }
        let corners = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map(|(x, z)| {
            camera
                .world_to_viewport(at, transform.transform_point(Vec3::new(x, 0.0, z)))
                .ok()
                .map(|p| p * scale)
        });
        let [Some(a), Some(b), Some(c), Some(d)] = corners else {
            continue;
        };
        out.push(Placed {
            shape: (kind, m.params.y.round() as u8, m.params.z.round() as u8),
            colour: m.color.with_alpha(1.0),
            quad: [a, b, c, d],
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two pictures 40×20: on the left square a mark in `left`, on the right one in `right`,
    /// over grey wood.
    fn pictures(left: [u8; 3], right: [u8; 3]) -> (Picture, Picture) {
        let (w, h) = (40u32, 20u32);
        let mut with = vec![90u8; (w * h * 3) as usize];
        let without = with.clone();
        for y in 5..15 {
            for x in 0..w {
                let c = match x {
                    5..15 => left,
                    25..35 => right,
                    _ => continue,
                };
                let i = ((y * w + x) * 3) as usize;
                with[i..i + 3].copy_from_slice(&c);
            }
        }
        let p = |rgb| Picture {
            width: w,
            height: h,
            rgb,
        };
        (p(with), p(without))
    }

    fn mark(x: f32, colour: Color, shape: (u8, u8, u8)) -> Placed {
        Placed {
            shape,
            colour: colour.to_linear(),
            quad: [
                Vec2::new(x, 0.0),
                Vec2::new(x + 20.0, 0.0),
                Vec2::new(x + 20.0, 20.0),
                Vec2::new(x, 20.0),
            ],
        }
    }

    /// Green and brass rings of one shape fail (alike to a protanope); the colour-safe sky
    /// blue and reddish purple pass; a green dot beside a red ring passes by shape.
    #[test]
    fn colour_only_pairs_must_stay_apart_and_shapes_tell_the_rest() {
        use crate::app::marks::colours;
        let byte = |c: Color| {
            let s = c.to_srgba();
            [s.red, s.green, s.blue].map(|v| (v * 255.0).round() as u8)
        };
        let ring = (1, 0, 0);
        // The plain palette's green and brass rings: far apart for normal vision, under 10
        // apart as a protanope sees them.
        let (with, without) = pictures(byte(colours::GREEN), byte(colours::BRASS));
        let plain = [
            mark(0.0, colours::GREEN, ring),
            mark(20.0, colours::BRASS, ring),
        ];
        let Verdict::Failed(err) = judge(&plain, &with, &without) else {
            panic!("green and brass rings passed");
        };
        assert!(err.contains("protanopia"), "{err}");

        let (with, without) = pictures(byte(colours::SAFE_GREEN), byte(colours::SAFE_RED));
        let safe = [
            mark(0.0, colours::SAFE_GREEN, ring),
            mark(20.0, colours::SAFE_RED, ring),
        ];
        let Verdict::Passed(ok) = judge(&safe, &with, &without) else {
            panic!("the safe pair failed");
        };
        assert!(
            ok.contains("2 marks seen") && ok.contains("1 pairs"),
            "{ok}"
        );

        let (with, without) = pictures(byte(colours::GREEN), byte(colours::RED));
        let shapes = [
            mark(0.0, colours::GREEN, (0, 0, 0)),
            mark(20.0, colours::RED, ring),
        ];
        let Verdict::Passed(ok) = judge(&shapes, &with, &without) else {
            panic!("a dot and a ring failed");
        };
        assert!(ok.contains("2 shapes") && ok.contains("0 pairs"), "{ok}");

        // A mark hidden behind a piece (nothing changed in its square) is not judged; but a
        // picture where no mark at all could be found checked nothing, and says so.
        let both = [
            mark(0.0, colours::GREEN, ring),
            mark(20.0, colours::RED, (0, 0, 0)),
        ];
        let (with, without) = pictures([90; 3], byte(colours::RED));
        let Verdict::Passed(ok) = judge(&both, &with, &without) else {
            panic!("one mark seen failed");
        };
        assert!(ok.starts_with("1 marks seen"), "{ok}");
        let Verdict::Unseen(err) = judge(&both, &without, &without) else {
            panic!("no mark seen, and not said");
        };
        assert!(err.contains("none of the 2 marks"), "{err}");
    }
}
