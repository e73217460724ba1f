//! The board framed to the free space: Fit places the board in the part of the window that no
//! panel covers (the players' panel, the bars, a folded move list's button), not merely in the
//! window's middle. At interface scale 2.0 the panels take much of a 1280×720 window, and a
//! board centred in the window lay under them.
//!
//! Each frame the panels as egui last drew them ([`crate::app::dev::layout_check::PANELS`] and
//! each game's) give the free rectangle ([`free_rect`]), and from it the box of the view the
//! board may fill ([`FitBox`]). Fit uses the box of the moment. A table's first fit comes before
//! its panels are drawn, so while the view is as Fit left it, the board is framed again as the
//! panels settle (for [`SETTLE`] seconds after a fit) and whenever the window's size or the
//! interface scale changes; a panel the player opens later (the move list, a card's window) does
//! not move the board, and neither does anything once the player has turned, tilted, zoomed or
//! panned the view.

use super::camera::{CameraRig, FitView, RigPose};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The box of the view the framed board may fill, in the view's normalised coordinates (−1 to 1
/// from the left to the right edge, and from the bottom to the top).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitBox {
    pub x: [f32; 2],
    pub y: [f32; 2],
}

impl Default for FitBox {
    /// Without panels known: a little less than the window's height, and the middle of its
    /// width, as the tables' side panels stand over the window's left and right edges.
    fn default() -> Self {
        FitBox {
            x: [-0.56, 0.56],
            y: [-0.9, 0.9],
        }
    }
}

impl FitBox {
    pub fn centre(&self) -> Vec2 {
        Vec2::new(0.5 * (self.x[0] + self.x[1]), 0.5 * (self.y[0] + self.y[1]))
    }

    /// Whether `other` is this box within `by` on every edge.
    fn near(&self, other: &FitBox, by: f32) -> bool {
        self.x
            .iter()
            .chain(&self.y)
            .zip(other.x.iter().chain(&other.y))
            .all(|(a, b)| (a - b).abs() <= by)
    }
}

/// The margin kept between the framed board and the free space's edges (normalised units).
const MARGIN: f32 = 0.04;
/// The narrowest and lowest box the board is framed in (normalised units, 2 the whole window);
/// a free space smaller than this (a drawer opened over nearly all of it) leaves the default.
const SMALLEST: f32 = 0.3;
/// For how long after a fit the board is framed again as the panels settle: this many seconds,
/// and at least [`SETTLE_FRAMES`] frames (egui's panels take a few frames to find their size,
/// however slowly the frames come).
pub const SETTLE: f32 = 1.5;
pub const SETTLE_FRAMES: u64 = 12;

/// The free part of a `screen` (points) that the `panels` leave: one rectangle, the panels cut
/// away one by one, the largest first, each from the side that keeps room for the largest board
/// (seen from above at an angle, a board is about 1.4 times wider than it is tall on screen).
pub fn free_rect(screen: egui::Rect, panels: &[egui::Rect]) -> egui::Rect {
    let mut panels: Vec<egui::Rect> = panels
        .iter()
        .map(|p| p.intersect(screen))
        .filter(|p| p.width() > 0.0 && p.height() > 0.0)
        .collect();
    panels.sort_by(|a, b| b.area().total_cmp(&a.area()));
    let room = |r: &egui::Rect| r.width().min(1.4 * r.height());
    let mut free = screen;
    for p in panels {
        let overlap = p.intersect(free);
        if overlap.width() <= 0.0 || overlap.height() <= 0.0 {
            continue;
        }
        let cuts = [
            egui::Rect::from_min_max(egui::pos2(p.max.x, free.min.y), free.max),
            egui::Rect::from_min_max(free.min, egui::pos2(p.min.x, free.max.y)),
            egui::Rect::from_min_max(egui::pos2(free.min.x, p.max.y), free.max),
            egui::Rect::from_min_max(free.min, egui::pos2(free.max.x, p.min.y)),
        ];
        free = cuts
            .into_iter()
            .filter(|c| c.width() > 0.0 && c.height() > 0.0)
            .max_by(|a, b| room(a).total_cmp(&room(b)))
            .unwrap_or(egui::Rect::from_min_max(free.min, free.min));
    }
    free
}

/// The box the board may fill on a `screen` whose `free` part no panel covers: the free part,
/// less a margin, within the default box (the board is never framed larger than without
/// panels). `None` when too little is free to frame the board in.
pub fn fit_box(screen: egui::Rect, free: egui::Rect) -> Option<FitBox> {
    if screen.width() <= 0.0 || screen.height() <= 0.0 {
        return None;
    }
    let nx = |x: f32| (x - screen.min.x) / screen.width() * 2.0 - 1.0;
    let ny = |y: f32| 1.0 - (y - screen.min.y) / screen.height() * 2.0;
    let d = FitBox::default();
    let b = FitBox {
        x: [
            (nx(free.min.x) + MARGIN).max(d.x[0]),
            (nx(free.max.x) - MARGIN).min(d.x[1]),
        ],
        y: [
            (ny(free.max.y) + MARGIN).max(d.y[0]),
            (ny(free.min.y) - MARGIN).min(d.y[1]),
        ],
    };
    (b.x[1] - b.x[0] >= SMALLEST && b.y[1] - b.y[0] >= SMALLEST).then_some(b)
}

/// What the framing knows: the box of the moment, and the last fit's (its box, the pose it set,
/// when, and the screen's size then).
#[derive(Resource, Default, Debug)]
pub struct Framing {
    /// The box the panels leave now (`None`: not known yet, or too little room).
    pub now: Option<FitBox>,
    /// The last fit: the box it used, the goal it set, when (seconds), whether it was instant,
    /// and the screen's size in points.
    last: Option<LastFit>,
    screen: egui::Vec2,
    /// Frames seen, to count the settling in.
    frames: u64,
}

#[derive(Debug, Clone, Copy)]
struct LastFit {
    used: FitBox,
    goal: RigPose,
    at: f32,
    frame: u64,
    instant: bool,
    screen: egui::Vec2,
}

impl Framing {
    /// The box Fit uses now.
    pub fn fit_box(&self) -> FitBox {
        self.now.unwrap_or_default()
    }

    /// Notes a fit: its box, the goal it set and when.
    pub fn fitted(&mut self, used: FitBox, goal: RigPose, at: f32, instant: bool) {
        self.last = Some(LastFit {
            used,
            goal,
            at,
            frame: self.frames,
            instant,
            screen: self.screen,
        });
    }

    /// Whether the board should be framed again at `now` (seconds) with the rig's `goal`: the
    /// view is still as the last fit left it, and the box has moved since, while the panels
    /// settle after that fit or because the screen changed size. Instant or eased as that fit.
    fn again(&self, goal: &RigPose, now: f32) -> Option<bool> {
        let last = self.last?;
        let unmoved = last.goal.focus.distance(goal.focus) < 1e-3
            && (last.goal.yaw - goal.yaw).abs() < 1e-4
            && (last.goal.pitch - goal.pitch).abs() < 1e-4
            && (last.goal.distance - goal.distance).abs() < 1e-3;
        let settling = now - last.at <= SETTLE || self.frames - last.frame <= SETTLE_FRAMES;
        let resized = (last.screen - self.screen).length() > 0.5;
        (unmoved && (settling || resized) && !last.used.near(&self.fit_box(), 0.01))
            .then_some(last.instant || resized)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Framing>()
        .add_systems(Update, follow_panels.before(super::camera::FitSet));
}

/// Reads the panels egui drew last and frames the board again where the view has not moved
/// since a fit that the panels have moved past.
fn follow_panels(
    mut contexts: EguiContexts,
    mut framing: ResMut<Framing>,
    time: Res<Time<Real>>,
    rigs: Query<&CameraRig>,
    mut fits: MessageWriter<FitView>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let screen = ctx.content_rect();
    let panels = crate::app::dev::layout_check::panel_rects(ctx);
    framing.screen = screen.size();
    framing.frames += 1;
    framing.now = fit_box(screen, free_rect(screen, &panels));
    let Ok(rig) = rigs.single() else {
        return;
    };
    if let Some(instant) = framing.again(&rig.goal, time.elapsed_secs()) {
        fits.write(FitView { instant });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> egui::Rect {
        egui::Rect::from_min_max(egui::pos2(x0, y0), egui::pos2(x1, y1))
    }

    /// Scale 2.0 at 1280×720: a title bar, the players' panel on the left, a bottom bar, and the
    /// folded move list's button at the top right. The free space is right of the players'
    /// panel, between the bars.
    #[test]
    fn the_free_space_is_what_the_panels_leave() {
        let screen = rect(0.0, 0.0, 640.0, 360.0);
        let panels = [
            rect(0.0, 0.0, 640.0, 60.0),
            rect(0.0, 64.0, 256.0, 230.0),
            rect(60.0, 290.0, 580.0, 360.0),
            rect(560.0, 64.0, 636.0, 90.0),
        ];
        let free = free_rect(screen, &panels);
        // The players' panel is cut from the left (what is below it is a strip), the bars from
        // the top and the bottom, and the button from the right, which leaves room for a wider
        // board than cutting everything under it would.
        assert_eq!(free, rect(256.0, 60.0, 560.0, 290.0), "{free:?}");
        let b = fit_box(screen, free).unwrap();
        assert!(b.x[0] > -0.25 && b.x[0] < -0.15, "{b:?}");
        assert_eq!(b.x[1], 0.56);
        assert!(b.y[1] < 0.66 && b.y[0] > -0.62, "{b:?}");
        assert!(b.centre().x > 0.1 && b.centre().y > 0.0, "{b:?}");
    }

    #[test]
    fn without_panels_the_box_is_the_default() {
        let screen = rect(0.0, 0.0, 1280.0, 720.0);
        assert_eq!(free_rect(screen, &[]), screen);
        assert_eq!(fit_box(screen, screen), Some(FitBox::default()));
        // A panel outside the screen or of no size changes nothing.
        let off = [
            rect(1300.0, 0.0, 1400.0, 100.0),
            rect(10.0, 10.0, 10.0, 500.0),
        ];
        assert_eq!(free_rect(screen, &off), screen);
    }

    #[test]
    fn a_panel_over_nearly_everything_leaves_the_default() {
        let screen = rect(0.0, 0.0, 640.0, 360.0);
        let free = free_rect(screen, &[rect(0.0, 0.0, 620.0, 350.0)]);
        assert!(free.width() <= 20.0 || free.height() <= 10.0, "{free:?}");
        assert_eq!(fit_box(screen, free), None);
        assert_eq!(fit_box(rect(0.0, 0.0, 0.0, 0.0), free), None);
    }

    fn pose(distance: f32) -> RigPose {
        RigPose {
            focus: Vec3::ZERO,
            yaw: 0.0,
            pitch: 0.95,
            distance,
        }
    }

    /// The board is framed again while the panels settle after a fit, and after a resize, but
    /// not once the player has moved the view, nor for a panel opened later.
    #[test]
    fn the_board_follows_the_panels_only_while_they_settle_or_the_screen_changes() {
        let mut f = Framing {
            screen: egui::vec2(640.0, 360.0),
            ..default()
        };
        assert_eq!(f.again(&pose(10.0), 0.0), None, "no fit yet");
        f.fitted(FitBox::default(), pose(10.0), 0.0, true);
        assert_eq!(f.again(&pose(10.0), 0.5), None, "nothing moved");
        let moved = FitBox {
            x: [-0.2, 0.56],
            y: [-0.6, 0.6],
        };
        f.now = Some(moved);
        assert_eq!(
            f.again(&pose(10.0), 0.5),
            Some(true),
            "settling, as instant as the fit"
        );
        assert_eq!(f.again(&pose(12.0), 0.5), None, "the player zoomed");
        // Slow frames: within the first frames after the fit, however long they took.
        f.frames += SETTLE_FRAMES;
        assert_eq!(f.again(&pose(10.0), 9.0), Some(true), "still settling");
        f.frames += 1;
        assert_eq!(
            f.again(&pose(10.0), SETTLE + 1.0),
            None,
            "a panel opened later"
        );
        f.screen = egui::vec2(1280.0, 720.0);
        assert_eq!(f.again(&pose(10.0), SETTLE + 1.0), Some(true), "resized");
        f.fitted(moved, pose(9.0), 5.0, false);
        assert_eq!(
            f.again(&pose(9.0), 5.2),
            None,
            "framed in the box of the moment"
        );
    }
}
