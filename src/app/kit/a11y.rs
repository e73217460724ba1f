//! The accessibility tree the panels make (issue 41): egui describes every widget it draws to
//! AccessKit — each window, label, button, field and list with its role, its name and its
//! value — and sends the changes each frame. [`Tree`] keeps the whole tree between frames, as a
//! screen reader's adapter does, so that it can be read the way a screen reader reads it: the
//! headless tests play whole games through it (`tests/app/words.rs`), and
//! the browser's mirror of it is made from it.
//!
//! The newest announcement of a table's reading window is a polite live region
//! ([`reading::show`](super::reading::show)): a screen reader says it when it changes, without
//! the player moving there.

use bevy_egui::egui;
use egui::accesskit::{Action, ActionRequest, Live, Node, NodeId, Role, TreeId, TreeUpdate};
use std::collections::HashMap;

/// The tree as the updates so far left it.
#[derive(Default, Clone, Debug)]
pub struct Tree {
    nodes: HashMap<NodeId, Node>,
    root: Option<NodeId>,
    /// The node with the keyboard's focus (the root when none has it).
    pub focus: Option<NodeId>,
}

/// One node met walking the tree from its root, depth first, in the order drawn.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    pub id: NodeId,
    pub node: &'a Node,
    /// 0 for the root's children, 1 for theirs, and so on.
    pub depth: usize,
}

impl Seen<'_> {
    /// What a screen reader names it by: its label, or its value where it has no label.
    pub fn name(&self) -> &str {
        self.node
            .label()
            .or_else(|| self.node.value())
            .unwrap_or("")
    }
}

impl Tree {
    /// Applies one frame's update: new and changed nodes replace the old; the nodes no longer
    /// reachable from the root are gone.
    pub fn update(&mut self, update: &TreeUpdate) {
        if update.tree_id != TreeId::ROOT {
            return;
        }
        if let Some(tree) = &update.tree {
            self.root = Some(tree.root);
        }
        for (id, node) in &update.nodes {
            self.nodes.insert(*id, node.clone());
        }
        self.focus = Some(update.focus);
        let mut reachable = std::collections::HashSet::new();
        let mut stack: Vec<NodeId> = self.root.into_iter().collect();
        while let Some(id) = stack.pop() {
            if reachable.insert(id)
                && let Some(node) = self.nodes.get(&id)
            {
                stack.extend(node.children().iter().copied());
            }
        }
        self.nodes.retain(|id, _| reachable.contains(id));
    }

    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(&id)
    }

    /// Every node under `from` (the root when `None`), depth first, in the order drawn.
    pub fn walk(&self, from: Option<NodeId>) -> Vec<Seen<'_>> {
        let mut out = Vec::new();
        let Some(start) = from.or(self.root) else {
            return out;
        };
        let mut stack = vec![(start, 0usize)];
        let mut first = true;
        while let Some((id, depth)) = stack.pop() {
            let Some(node) = self.nodes.get(&id) else {
                continue;
            };
            if !first {
                out.push(Seen { id, node, depth });
            }
            let next = if first { 0 } else { depth + 1 };
            first = false;
            stack.extend(node.children().iter().rev().map(|&c| (c, next)));
        }
        out
    }

    /// The first node with `role` named `name`, anywhere in the tree.
    pub fn find(&self, role: Role, name: &str) -> Option<NodeId> {
        self.walk(None)
            .into_iter()
            .find(|s| s.node.role() == role && s.name() == name)
            .map(|s| s.id)
    }

    /// The names of the nodes with `role` under `from`, in the order drawn.
    pub fn names(&self, from: NodeId, role: Role) -> Vec<String> {
        self.walk(Some(from))
            .into_iter()
            .filter(|s| s.node.role() == role)
            .map(|s| s.name().to_string())
            .collect()
    }

    /// What the live regions say now (the newest announcements), in the order drawn.
    pub fn live(&self) -> Vec<String> {
        self.walk(None)
            .into_iter()
            .filter(|s| s.node.live().is_some_and(|l| l != Live::Off))
            .map(|s| s.name().to_string())
            .collect()
    }

    /// The tree as indented lines, `role "name" = value`: what a screen reader's tree view
    /// shows, for a failing test's message.
    pub fn outline(&self) -> String {
        let mut out = String::new();
        for s in self.walk(None) {
            let value = s
                .node
                .value()
                .map(|v| format!(" = {v:?}"))
                .unwrap_or_default();
            let label = s.node.label().unwrap_or("");
            out.push_str(&format!(
                "{}{:?} {label:?}{value}\n",
                "  ".repeat(s.depth),
                s.node.role()
            ));
        }
        out
    }
}

/// The event a screen reader's "press" (its default action) on `node` gives egui.
pub fn press(node: NodeId) -> egui::Event {
    request(node, Action::Click)
}

/// The event a screen reader's "move here" on `node` gives egui: the keyboard's focus goes to it.
pub fn focus(node: NodeId) -> egui::Event {
    request(node, Action::Focus)
}

fn request(node: NodeId, action: Action) -> egui::Event {
    egui::Event::AccessKitActionRequest(ActionRequest {
        action,
        target_tree: TreeId::ROOT,
        target_node: node,
        data: None,
    })
}

/// On the desktop, what a screen reader asks of the panels (press a button, move the focus to a
/// field, type in it) reaches egui. winit's AccessKit adapter hands those requests to Bevy as
/// `ActionRequest` messages, but `bevy_egui` only sends egui's tree out: without this bridge a
/// screen reader could read every panel (`scripts/atspi-check.sh`) and press nothing.
#[cfg(not(target_arch = "wasm32"))]
pub fn desktop_plugin(app: &mut bevy::prelude::App) {
    use bevy::prelude::*;
    use bevy_egui::{EguiInput, EguiInputSet, EguiPreUpdateSet, PrimaryEguiContext};

    fn forward(
        mut asked: MessageReader<bevy::a11y::ActionRequest>,
        mut inputs: Query<&mut EguiInput, With<PrimaryEguiContext>>,
    ) {
        let Ok(mut input) = inputs.single_mut() else {
            asked.clear();
            return;
        };
        for request in asked.read() {
            input
                .events
                .push(egui::Event::AccessKitActionRequest(request.0.clone()));
        }
    }

    // The messages exist where Bevy's winit AccessKit plugin runs; a headless app has none.
    app.add_message::<bevy::a11y::ActionRequest>().add_systems(
        PreUpdate,
        forward
            .in_set(EguiPreUpdateSet::ProcessInput)
            .after(EguiInputSet::WriteEguiEvents),
    );
}

/// Marks the widget `id` drawn this pass as a polite live region: a screen reader says its
/// words when they change.
pub fn live(ctx: &egui::Context, id: egui::Id) {
    ctx.accesskit_node_builder(id, |node| node.set_live(Live::Polite));
}

/// One pass of `ui` in `ctx` (800×600, with `events`) for a unit test: the tree updated, and
/// the update shown to `seen`.
#[cfg(test)]
pub(crate) fn test_pass(
    ctx: &egui::Context,
    tree: &mut Tree,
    events: Vec<egui::Event>,
    mut ui: impl FnMut(&egui::Context),
    mut seen: impl FnMut(&TreeUpdate),
) {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(800.0, 600.0),
        )),
        events,
        ..Default::default()
    };
    let out = ctx.run_ui(input, |inner| ui(inner.ctx()));
    if let Some(update) = &out.platform_output.accesskit_update {
        tree.update(update);
        seen(update);
    }
    out.drop_without_applying_deltas();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(
        ctx: &egui::Context,
        events: Vec<egui::Event>,
        ui: impl FnMut(&egui::Context),
    ) -> TreeUpdate {
        let mut tree = Tree::default();
        let mut update = None;
        test_pass(ctx, &mut tree, events, ui, |u| update = Some(u.clone()));
        update.expect("accesskit is on")
    }

    /// A window's widgets are read from the tree by role and name; a press through the tree
    /// presses the button; focus moves to a field; a live region is found; a widget no longer
    /// drawn leaves the tree.
    #[test]
    fn the_tree_reads_presses_and_forgets() {
        let ctx = egui::Context::default();
        ctx.enable_accesskit();
        let mut tree = Tree::default();
        let mut pressed = 0;
        let mut text = String::new();
        let draw = |ctx: &egui::Context, with_extra: bool, pressed: &mut i32, text: &mut String| {
            egui::Window::new("Read the table").show(ctx, |ui| {
                let said = ui.label("White played e4");
                live(ui.ctx(), said.id);
                ui.label("The king on e1");
                if ui.button("Play").clicked() {
                    *pressed += 1;
                }
                ui.text_edit_singleline(text);
                if with_extra {
                    ui.label("Only once");
                }
            });
        };
        tree.update(&pass(&ctx, vec![], |c| {
            draw(c, true, &mut pressed, &mut text)
        }));
        tree.update(&pass(&ctx, vec![], |c| {
            draw(c, true, &mut pressed, &mut text)
        }));
        let window = tree
            .find(Role::Window, "Read the table")
            .unwrap_or_else(|| panic!("{}", tree.outline()));
        let labels = tree.names(window, Role::Label);
        assert!(
            labels.contains(&"The king on e1".to_string()),
            "{}",
            tree.outline()
        );
        assert!(labels.contains(&"Only once".to_string()));
        assert_eq!(tree.live(), vec!["White played e4".to_string()]);
        let play = tree.find(Role::Button, "Play").expect("the button");
        tree.update(&pass(&ctx, vec![press(play)], |c| {
            draw(c, false, &mut pressed, &mut text)
        }));
        assert_eq!(pressed, 1, "the press through the tree pressed it");
        let labels = tree.names(window, Role::Label);
        assert!(
            !labels.contains(&"Only once".to_string()),
            "{}",
            tree.outline()
        );
        let field = tree
            .walk(None)
            .into_iter()
            .find(|s| s.node.role() == Role::TextInput)
            .map(|s| s.id)
            .expect("the field");
        tree.update(&pass(&ctx, vec![focus(field)], |c| {
            draw(c, false, &mut pressed, &mut text)
        }));
        tree.update(&pass(&ctx, vec![egui::Event::Text("e4".into())], |c| {
            draw(c, false, &mut pressed, &mut text)
        }));
        assert_eq!(text, "e4", "typed into the field the tree focused");
        assert_eq!(tree.focus, Some(field));
        assert_eq!(pressed, 1);
    }
}
