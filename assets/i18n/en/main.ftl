## English strings of Carved Tables: the menu, settings and what every table shares.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

app-title = Carved Tables
app-subtitle = Three games on one wooden table
menu-play = Play
menu-opening = Setting the table: { $game }…
menu-rules = Rules
menu-settings = Settings
menu-online = Play online
menu-quit = Quit
menu-back = Back to menu
menu-close = Close
game-snelab-name = Snēlab
game-snelab-tagline = A race across the court where every capture is paid for in pieces of equal weight.
game-hive-name = Ash & Walnut
game-hive-tagline = Five carved creatures and no board: surround the other Elder to win.
game-chess-name = Artifact Chess
game-chess-tagline = Budgeted armies without a queen, captures decided by dice, and 22 artifacts.
settings-title = Settings
settings-language = Language
settings-master_volume = Master volume
settings-effects_volume = Effects volume
settings-starting_purse = Starting purse
settings-starting_purse_hint = A new player's Snēlab purse, and what Reset all goes back to. Once you have played a case, it takes effect at your next Reset all.
settings-reset_problem = A saved value could not be read and was reset: { $why }
settings-save_failed = Settings could not be saved: { $why }
settings-words_problem = Some words could not be read and show in English: { $what }
reload-theme = Read again: theme.ron
reload-theme-problems = { $count ->
        [one] Read again: theme.ron, with { $count } problem: { $first }
       *[other] Read again: theme.ron, with { $count } problems (each in the log), the first: { $first }
    }
reload-model = Read again: { $file }
reload-model-failed = Could not read { $file } ({ $error }); a built-in replacement is used
reload-shader-failed = { $file } does not compile ({ $error }); the built-in one is used until it is saved again
loading-title = Carving the tables…
loading-progress = { $done } of { $total ->
        [one] { $total } file
       *[other] { $total } files
    }
loading-fallback = { $count ->
        [one] { $count } file could not be read; a built-in replacement is used.
       *[other] { $count } files could not be read; built-in replacements are used.
    }
table-fit = Fit
table-controls = Right-drag or Q/E to turn the view · Page Up/Down to tilt · drag the table to move it · wheel, pinch or +/− to zoom
rules-title = Rules of { $game }
rules-unreadable = The rules page could not be read: { $file }
figure-snelab-route = The { $piece } on a small court; forward is up.
figure-snelab-payment = Taking the { $target } ({ $cost }) with the { $attacker }: each row on the right is one way to pay exactly { $cost }.
figure-snelab-legend-move = a move forward, to an empty square
figure-snelab-legend-appeal = a capture backward, by appeal: only onto an enemy piece
figure-snelab-legend-faded = a piece of yours that can pay for that capture
figure-snelab-legend-target = the enemy piece taken
figure-snelab-legend-payer = a piece that can pay
figure-hive-slide_room = Left: the Elder cannot slide into the gap between two pieces. Right: with one of them gone, it can.
figure-hive-elder = The Elder takes one sliding step: the dots mark where it can go.
figure-hive-owl = The Owl steps to an empty cell beside it, or climbs onto a piece.
figure-hive-hare = The Hare jumps in a straight line over pieces to the first empty cell.
figure-hive-fox = The Fox ends exactly three sliding steps away; the lines show the way.
figure-hive-otter = The Otter slides anywhere around the group, but never into the closed cell in the middle.
figure-chess-odds = Each bar counts every throw of the dice: success, wound, miss.
figure-chess-attacker = attacker
figure-chess-defender = defender
figure-chess-attacker-healthy = healthy
figure-chess-attacker-wounded = wounded
figure-chess-attacker-healthy_fury = healthy, with Fury
figure-chess-attacker-wounded_fury = wounded, with Fury
figure-chess-defender-healthy = healthy
figure-chess-defender-healthy_shield = healthy, with Shield
figure-chess-defender-wounded_shield = wounded, with Shield
figure-chess-defender-wounded = wounded
figure-chess-dice = { $attacker }d6 against { $defender }d6
figure-chess-no_roll = no roll
figure-chess-percent = { $value }%
figure-chess-success = success
figure-chess-wound = wound
figure-chess-miss = miss
figure-chess-artifacts = The artifacts by kind, each with its kind's mark.
figure-chess-kind-movement = Movement
figure-chess-kind-keeps_move = Keeps your move
figure-chess-kind-answer = Answer
figure-chess-kind-action = Action
audio-unavailable = No sound device: the game plays silently.
notation-at = at character { $at }: { $what }
level-easy = easy
level-normal = normal
level-hard = hard
save-damage-unreadable = `{ $key }` is damaged ({ $detail }); the default is used
save-damage-wrong_shape = `{ $key }` does not have the expected shape ({ $detail }); the default is used
save-damage-older = `{ $key }` was saved in an older format (version { $found }, now { $reads }); the default is used
save-damage-newer = `{ $key }` was saved by a newer version of the game (format { $found }, this one reads { $reads }); the default is used
save-damage-store = `{ $key }` could not be read ({ $detail }); the default is used
settings-server = Online table server
settings-motion = Motion
settings-motion-system_full = As the system asks (full)
settings-motion-system_reduced = As the system asks (reduced)
settings-motion-full = Full
settings-motion-reduced = Reduced
settings-motion-hint = Pieces hop instead of travelling, the dice show their values at once, the coin and payments are short, and the view jumps instead of swinging. The last move's marks and every result stay as long as before.
settings-marks = Marks
settings-marks-safe = Colour-blind safe colours
settings-marks-hint = The green and red marks turn sky blue and reddish purple, which people who see red and green alike tell apart. Every mark also has its own shape: dots, rings with ticks or dashes, glows and hatching.
settings-look = Look
settings-look-auto_full = As the renderer suits (full)
settings-look-auto_light = As the renderer suits (light)
settings-look-full = Full
settings-look-light = Light
settings-look-hint = For a slow renderer, where the processor draws every frame: simpler lamp shadows, no reflections of the room, no soft contact shade under the pieces, and edges left unsmoothed. The wood, the carving and every mark stay as they are.
settings-scale = Interface size
menu-learn = Learn
menu-games = Games
figure-hive-jay = The Jay moves as the creatures it touches: here it steps as the Elder or jumps as the Hare.
figure-hive-squirrel = The Squirrel climbs onto the group, takes one step along its top and comes down: exactly three steps.
figure-hive-hedgehog = The Hedgehog steps as the Elder; instead of moving it may carry a touching piece over its back to an empty cell it touches.
# Lists read aloud by the screen reader's text of the table: "a and b", "a, b and c".
access-list-two = { $a } and { $b }
access-list-more = { $a }, { $rest }
access-typed-empty = Type a move: its notation, or its words as the list says them.
access-typed-not_legal = “{ $text }” is not a legal move now.
access-title = All my moves
access-announced = Just played
access-position = The table
access-typed-hint = Type a move (notation or words), then Enter
access-typed-label = Your move
access-typed-play = Play
access-actions = { $n ->
        [one] { $n } legal move — choose one to play it
       *[other] { $n } legal moves — choose one to play it
    }
