//! The browser's accessible mirror (issue 41). In the browser the game is one canvas, which a
//! screen reader sees as a single picture, and AccessKit has no adapter for the web. So the game
//! hands the page its accessibility tree ([`a11y::Tree`](super::a11y::Tree)) as a list of nodes
//! in reading order, and `web/index.html` keeps an off-screen copy of it in HTML — a section per
//! window, buttons, toggles, the move field, paragraphs, and a polite live region for the
//! announcements — which a screen reader reads, moves through and presses like any page. What
//! the reader does there comes back as asked actions: a press on a button, or a move typed into
//! the field (Enter), which egui receives as the same AccessKit requests and keys a desktop
//! screen reader would send.
//!
//! The page's side is two globals: `carvedTablesMirror(json)`, which the game calls when the
//! tree changed, and `carvedTablesActions`, an array of JSON strings the game empties each
//! frame. The conversion both ways is plain Rust, tested on the desktop; only the bridge to the
//! page is built for the browser alone.

use super::a11y::{self, Tree};
use bevy_egui::egui;
use egui::accesskit::{NodeId, Role, Toggled};
use serde::{Deserialize, Serialize};

/// One node as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entry {
    /// The AccessKit id, as text (egui's ids use all 64 bits; a JavaScript number keeps 53).
    pub id: String,
    /// `window`, `button`, `checkbox`, `textbox`, `label` or `group`.
    pub role: &'static str,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// How deep under the root: the page nests each node in the last shallower one.
    pub depth: usize,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub live: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub disabled: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on: Option<bool>,
}

/// The tree as the page's list: every node with a role the page draws, or with words; the
/// containers without either are left out (their children keep their depth).
pub fn entries(tree: &Tree) -> Vec<Entry> {
    // The entries above the node being looked at: the raw depth of each, and whether it was
    // kept. An entry's depth counts only its kept ancestors, so that the page nests it in the
    // nearest one it keeps (a button in an unnamed area is not put in the window before it).
    let mut above: Vec<(usize, bool)> = Vec::new();
    let mut out = Vec::new();
    for s in tree.walk(None) {
        while above.last().is_some_and(|&(d, _)| d >= s.depth) {
            above.pop();
        }
        let depth = above.iter().filter(|(_, kept)| *kept).count();
        let role = match s.node.role() {
            Role::Window | Role::Dialog => Some("window"),
            Role::Button | Role::Link | Role::MenuItem | Role::Tab => Some("button"),
            Role::CheckBox | Role::Switch | Role::RadioButton => Some("checkbox"),
            Role::TextInput | Role::MultilineTextInput | Role::SearchInput => Some("textbox"),
            Role::Label | Role::Paragraph => Some("label"),
            _ if !s.name().trim().is_empty() => Some("group"),
            _ => None,
        };
        above.push((s.depth, role.is_some()));
        let Some(role) = role else {
            continue;
        };
        let on = s.node.toggled().map(|t| t == Toggled::True);
        let name = match role {
            // A label's words are its value.
            "label" => s.name(),
            // A field is named by what it is for: its label, else its hint.
            "textbox" => s.node.label().or(s.node.placeholder()).unwrap_or(""),
            _ => s.node.label().unwrap_or_else(|| s.name()),
        }
        .to_string();
        out.push(Entry {
            id: s.id.0.to_string(),
            role,
            value: (role == "textbox").then(|| s.node.value().unwrap_or("").to_string()),
            name,
            depth,
            live: s
                .node
                .live()
                .is_some_and(|l| l != egui::accesskit::Live::Off),
            disabled: s.node.is_disabled(),
            on,
        });
    }
    out
}

/// What the page asks for on a node: `{"node": "<id>", "action": "press"}`, or
/// `{"node": "<id>", "action": "type", "value": "<the move>"}`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Asked {
    pub node: String,
    pub action: String,
    #[serde(default)]
    pub value: Option<String>,
}

/// The frames of events that do what was asked, one list per frame: a press is the AccessKit
/// press; a typed move moves the focus to the field, then clears what the field holds (the
/// tree says what: End, then a Backspace a character) and types the move, then presses Enter.
/// Anything malformed or unknown asks for nothing.
pub fn frames(asked: &str, tree: &Tree) -> Vec<Vec<egui::Event>> {
    let Ok(asked) = serde_json::from_str::<Asked>(asked) else {
        return Vec::new();
    };
    let Ok(node) = asked.node.parse::<u64>().map(NodeId) else {
        return Vec::new();
    };
    let key = |key| {
        [true, false].map(|pressed| egui::Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        })
    };
    match (asked.action.as_str(), asked.value) {
        ("press", _) => vec![vec![a11y::press(node)]],
        ("type", Some(text)) => {
            let held = tree
                .node(node)
                .and_then(|n| n.value())
                .map_or(0, |v| v.chars().count());
            let mut clear = key(egui::Key::End).to_vec();
            for _ in 0..held {
                clear.extend(key(egui::Key::Backspace));
            }
            clear.push(egui::Event::Text(text));
            vec![
                vec![a11y::focus(node)],
                clear,
                key(egui::Key::Enter).to_vec(),
            ]
        }
        _ => Vec::new(),
    }
}

/// The bridge to the page, in the browser only: the tree handed over when it changes, the asked
/// actions taken one frame at a time.
#[cfg(target_arch = "wasm32")]
pub fn plugin(app: &mut bevy::prelude::App) {
    use bevy::prelude::*;
    use bevy_egui::{
        EguiInput, EguiInputSet, EguiOutput, EguiPostUpdateSet, EguiPreUpdateSet,
        PrimaryEguiContext,
    };
    use std::collections::VecDeque;
    use wasm_bindgen::{JsCast, JsValue};

    #[derive(Resource, Default)]
    struct Mirror {
        tree: Tree,
        sent: Option<u64>,
        pending: VecDeque<Vec<egui::Event>>,
        on: bool,
    }

    fn global(name: &str) -> Option<JsValue> {
        js_sys::Reflect::get(&js_sys::global(), &name.into())
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    }

    fn hand_over(
        mut mirror: ResMut<Mirror>,
        mut contexts: bevy_egui::EguiContexts,
        outputs: Query<&EguiOutput, With<PrimaryEguiContext>>,
    ) {
        let Some(draw) =
            global("carvedTablesMirror").and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        else {
            return;
        };
        if !mirror.on {
            let Ok(ctx) = contexts.ctx_mut() else {
                return;
            };
            ctx.enable_accesskit();
            mirror.on = true;
        }
        let Ok(output) = outputs.single() else {
            return;
        };
        let Some(update) = &output.platform_output.accesskit_update else {
            return;
        };
        mirror.tree.update(update);
        let Ok(json) = serde_json::to_string(&entries(&mirror.tree)) else {
            return;
        };
        let hash = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            json.hash(&mut h);
            h.finish()
        };
        if mirror.sent != Some(hash) {
            mirror.sent = Some(hash);
            let _ = draw.call1(&JsValue::NULL, &JsValue::from_str(&json));
        }
    }

    fn take_asked(
        mut mirror: ResMut<Mirror>,
        mut inputs: Query<&mut EguiInput, With<PrimaryEguiContext>>,
    ) {
        if let Some(asked) =
            global("carvedTablesActions").and_then(|a| a.dyn_into::<js_sys::Array>().ok())
        {
            for item in asked.iter() {
                if let Some(text) = item.as_string() {
                    let asked = frames(&text, &mirror.tree);
                    mirror.pending.extend(asked);
                }
            }
            asked.set_length(0);
        }
        let Some(events) = mirror.pending.pop_front() else {
            return;
        };
        if let Ok(mut input) = inputs.single_mut() {
            input.events.extend(events);
        }
    }

    app.init_resource::<Mirror>()
        .add_systems(
            PreUpdate,
            take_asked
                .in_set(EguiPreUpdateSet::ProcessInput)
                .after(EguiInputSet::WriteEguiEvents),
        )
        .add_systems(
            PostUpdate,
            hand_over.after(EguiPostUpdateSet::ProcessOutput),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(
        ctx: &egui::Context,
        tree: &mut Tree,
        events: Vec<egui::Event>,
        text: &mut String,
    ) -> bool {
        let mut played = false;
        let mut window = |ctx: &egui::Context| {
            egui::Window::new("All my moves").show(ctx, |ui| {
                let said = ui.label("Black's knight attacks e5");
                a11y::live(ui.ctx(), said.id);
                let edit = ui.add(egui::TextEdit::singleline(&mut *text).hint_text("Your move"));
                played |= edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                played |= ui.button("Play").clicked();
                let _ = ui.checkbox(&mut true, "Sounds");
            });
        };
        let ui = |ctx: &egui::Context| {
            window(ctx);
            egui::Area::new(egui::Id::new("hint")).show(ctx, |ui| {
                let _ = ui.button("Hint");
            });
        };
        a11y::test_pass(ctx, tree, events, ui, |_| {});
        played
    }

    /// The page's list names the window, the label (live), the field and the buttons, with ids
    /// as text; a press and a typed move asked by the page do what they say in egui.
    #[test]
    fn the_page_gets_the_tree_and_its_presses_and_typing_come_back() {
        let ctx = egui::Context::default();
        // The game's fonts: without any, a field's text has no glyphs to move the cursor over.
        crate::app::style::configure_context(&ctx);
        ctx.enable_accesskit();
        let mut tree = Tree::default();
        let mut text = "old".to_string();
        pass(&ctx, &mut tree, vec![], &mut text);
        pass(&ctx, &mut tree, vec![], &mut text);
        let list = entries(&tree);
        let find = |role: &str, name: &str| {
            list.iter()
                .find(|e| e.role == role && e.name == name)
                .unwrap_or_else(|| panic!("{role} {name} in {list:?}"))
                .clone()
        };
        let window = find("window", "All my moves");
        let said = find("label", "Black's knight attacks e5");
        assert!(said.live && said.depth > window.depth);
        assert_eq!(find("checkbox", "Sounds").on, Some(true));
        let play = find("button", "Play");
        let field = find("textbox", "Your move");
        assert!(field.depth > window.depth);
        // A button in an area of its own is not nested in the window drawn before it.
        assert_eq!(find("button", "Hint").depth, 0);
        assert_eq!(window.depth, 0);
        assert_eq!(field.value.as_deref(), Some("old"));
        let json = serde_json::to_string(&list).unwrap();
        assert!(json.contains(&format!("\"id\":\"{}\"", play.id)), "{json}");

        let press = frames(
            &format!(r#"{{"node":"{}","action":"press"}}"#, play.id),
            &tree,
        );
        assert_eq!(press.len(), 1);
        assert!(
            pass(&ctx, &mut tree, press[0].clone(), &mut text),
            "pressed"
        );

        let typed = frames(
            &format!(
                r#"{{"node":"{}","action":"type","value":"wQ -wA1"}}"#,
                field.id
            ),
            &tree,
        );
        assert_eq!(typed.len(), 3);
        let mut played = false;
        for events in typed {
            played |= pass(&ctx, &mut tree, events, &mut text);
        }
        assert_eq!(text, "wQ -wA1", "what the field held was replaced");
        assert!(played, "Enter played it");

        for bad in [
            "",
            "{",
            r#"{"node":"x","action":"press"}"#,
            r#"{"node":"1","action":"dance"}"#,
            r#"{"node":"1","action":"type"}"#,
        ] {
            assert!(frames(bad, &tree).is_empty(), "{bad}");
        }
    }
}
