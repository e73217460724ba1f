menu-play = { "Play"
[menu.play]
