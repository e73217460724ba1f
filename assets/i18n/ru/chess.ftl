## Russian strings of Carved Tables: Artifact Chess.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

chess-colour-white = белые
chess-colour-black = чёрные
chess-role-pawn = пешка
chess-role-knight = конь
chess-role-bishop = слон
chess-role-rook = ладья
chess-role-king = король
chess-piece-white-pawn = белая пешка
chess-piece-white-knight = белый конь
chess-piece-white-bishop = белый слон
chess-piece-white-rook = белая ладья
chess-piece-white-king = белый король
chess-piece-black-pawn = чёрная пешка
chess-piece-black-knight = чёрный конь
chess-piece-black-bishop = чёрный слон
chess-piece-black-rook = чёрная ладья
chess-piece-black-king = чёрный король
chess-result-success = успех
chess-result-wound = ранение
chess-result-miss = промах
chess-why-not_in_hand = этого артефакта нет у вас в руке
chess-why-leaves_king_in_check = ваш король остался бы под шахом
chess-why-card_not_playable_so = этот артефакт нельзя так сыграть здесь
chess-why-no_window_to_pass = нет окна ответа, чтобы пропустить
chess-why-no_such_action = такого действия нет
chess-why-empty_square = на этой клетке нет фигуры
chess-why-other_sides_piece = это фигура другой стороны
chess-why-heal_rule = лечит только король — соседнюю раненую фигуру своей стороны
chess-why-cannot_attempt_there = эта фигура не может попытаться взять там
chess-why-cannot_move_there = эта фигура не может пойти туда
chess-why-impossible_chance = такой исход невозможен для этого действия
chess-end-mate = мат
chess-end-stalemate = пат
chess-end-bare_kings = два одиноких короля
chess-end-repetition = троекратное повторение
chess-end-no_progress = 100 действий без прогресса
chess-error-game_over = партия окончена ({ $end })
chess-error-illegal = { $action } нельзя: { $why }
chess-error-dice_mismatch = попытка бросает { $attacker }d6 против { $defender }d6, а дано { $given_attacker }+{ $given_defender } кубиков
chess-error-impossible_result = эта попытка не может кончиться так: { $result }
chess-field-placement = расстановка
chess-field-turn = очередь
chess-field-castling = рокировка
chess-field-en_passant = взятие на проходе
chess-field-quiet = действия без прогресса
chess-field-fullmove = номер хода
chess-field-wounds = ранения
chess-field-heirs = наследники
chess-field-impassable = непроходимые клетки
chess-field-reserves = запасы
chess-field-hands = руки
chess-field-played = сыгранные
chess-field-shields = щиты
chess-field-scouted = разведка
chess-field-window = окно
chess-field-restricted = ограничение
chess-position-bad = неверная позиция: { $why }
chess-position-bad_field = неверная позиция, поле { $field } ({ $name }): { $why }
chess-position-rank_count = { $count ->
        [one] { $count } горизонталь
        [few] { $count } горизонтали
       *[many] { $count } горизонталей
    } вместо 8
chess-position-queen = ферзь: в шахматах с артефактами ферзя нет
chess-position-rank_too_long = горизонталь { $rank } слишком длинная
chess-position-unknown_letter = неизвестная буква `{ $letter }`
chess-position-rank_width = на горизонтали { $rank } { $squares } клеток, а не 8
chess-position-not_a_square = `{ $text }` — не клетка
chess-position-square_twice = { $square } указана дважды
chess-position-expected_pair = ожидалось `<белые>/<чёрные>`
chess-position-unknown_artifact = неизвестный артефакт `{ $text }`
chess-position-not_a_number = `{ $text }` — не целое число в допустимых пределах
chess-position-field_count = { $count ->
        [one] { $count } поле
        [few] { $count } поля
       *[many] { $count } полей
    }: ожидалось 6 (FEN), 12, 14 или 16
chess-position-empty_field = пусто (поля разделяются одним пробелом)
chess-position-not_a_colour = `{ $text }` — не `w` и не `b`
chess-position-move_number_zero = номер хода начинается с 1
chess-position-king_wounded = король на { $square } никогда не бывает ранен
chess-position-nothing_to_wound = на { $square } нет фигуры, чтобы быть раненой
chess-position-no_pawn_for_heir = на { $square } нет пешки, чтобы быть Наследником
chess-position-impassable_occupied = на { $square } стоит фигура, клетка не может быть непроходимой
chess-position-hand_twice = в руке дважды один и тот же артефакт
chess-position-nothing_to_shield = на { $square } нет фигуры (не короля), которую прикрыть: { $colour }
chess-position-not_scouted = `{ $text }` — не -, w, b или wb
chess-position-expected_window = ожидалось `-` или `<w|b>:<карта>`
chess-position-window_card = окно открывают только «Забрать карту» и «Ограничение»
chess-position-responder_acts = в окне действует отвечающий, а не открывший
chess-position-nothing_to_restrict = на { $square } нет фигуры (не короля): { $colour }
chess-position-king_count = { $colour }: королей { $kings }, а не один
chess-position-unknown_castling = неизвестная буква рокировки `{ $letter }`
chess-position-castling_twice = `{ $letter }` указана дважды
chess-position-castling_needs = для `{ $letter }` нужен король на своей клетке вертикали e и ладья в углу
chess-position-no_en_passant = через { $square } только что не проходила пешка
chess-army-no_king = армии нужен король
chess-army-too_many = слишком много { $kind ->
        [rook] ладей
        [bishop] слонов
        [knight] коней
        [king] королей
       *[pawn] пешек
    }: { $count }, а можно не больше { $max }
chess-army-over_budget = армия стоит { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }, а бюджет — { $budget }
chess-army-bishops_same_colour = слоны на { $first } и { $second } стоят на полях одного цвета
chess-army-pawn_rank = { $role } не может стоять на { $square }: пешки ставятся на { $colour ->
        [black] седьмую горизонталь, одна может — на шестую
       *[white] вторую горизонталь, одна может — на третью
    }
chess-army-piece_rank = { $role } не может стоять на { $square }: { $kind ->
        [king] король ставится
       *[other] фигуры ставятся
    } на { $colour ->
        [black] восьмую
       *[white] первую
    } горизонталь
chess-army-too_many_advanced = пешки на { $first } и { $second } обе выдвинуты: на { $colour ->
        [black] шестой
       *[white] третьей
    } горизонтали может стоять только одна
chess-army-square_twice = две фигуры на { $square }
chess-syntax-error = не удалось прочесть действие `{ $input }` в символе { $at }: { $why }
chess-syntax-expected_square = ожидалась клетка вроде e4
chess-syntax-trailing_after_squares = после двух клеток ничего быть не должно
chess-syntax-heal_form = после `heal` идут один пробел и две клетки
chess-syntax-promotion_letter = превращение — `r`, `b` или `n`
chess-syntax-trailing = лишние символы после действия
chess-syntax-same_square = действие ведёт с одной клетки на другую
chess-syntax-nothing_after_artifact = после названия этого артефакта ничего не пишется
chess-syntax-expected_space_square = ожидались пробел и клетка
chess-syntax-expected_space_artifact = ожидались пробел и название артефакта
chess-syntax-unknown_artifact = неизвестный артефакт
chess-syntax-expected_space_steps = ожидались пробел и два шага короля
chess-syntax-expected_king_square = ожидалась клетка короля
chess-syntax-expected_two_steps = ожидались два шага короля вроде e2e3
chess-syntax-expected_space_promotions = ожидались пробел и превращения вроде b8r
chess-syntax-expected_file_promotion = ожидались вертикаль и буква превращения: b8r → `br`
chess-syntax-expected_space_move = ожидались пробел и ход вроде e2e4
chess-syntax-expected_move = ожидался ход вроде e2e4
chess-syntax-not_playable = этот артефакт пока нельзя сыграть
chess-artifacts-off = Артефакты: выкл. (игра на кубиках)
chess-artifacts-on = Артефакты: вкл.
chess-back_to_game = Вернуться к игре
chess-build-budget = Потрачено { $used } из { $budget } очков · осталось { $left }
chess-build-clear = Очистить
chess-build-engine_hidden = Движок расставляет армию втайне; обе откроются, когда вы будете готовы.
chess-build-hint = Щёлкните клетку с зелёной точкой, чтобы поставить выбранную фигуру (или перетащите её из списка). Щёлкните поставленную фигуру, чтобы выбрать её, и уберите её кнопкой или клавишей Delete.
chess-build-king = Король: бесплатно, уже на { $square }
chess-build-legal = ● Армия соблюдает все правила
chess-build-legal_left = ● Армия соблюдает все правила · { $left ->
        [one] не потрачено { $left } очко
        [few] не потрачено { $left } очка
       *[many] не потрачено { $left } очков
    }
chess-build-king_only = Пока только король: можно потратить ещё { $left ->
        [one] { $left } очко
        [few] { $left } очка
       *[many] { $left } очков
    }. (Армия из одного короля тоже допустима.)
chess-build-picked = { $piece } на { $square }
chess-build-take_off = Убрать (Del)
chess-build-not_ready = «Готово» ждёт, пока армия не станет соблюдать все правила
chess-build-palette = { $key } · { $piece } — { $points } оч. · { $count }/{ $max }
chess-build-palette_hint = Щёлкните, чтобы взять, или перетащите на клетку
chess-build-random = Случайная армия
chess-build-ready = Готово
chess-build-title = Ваша армия — { $colour }
chess-build-title_hot = { $who }: армия ({ $colour })
chess-card-file-shift = Смена вертикали
chess-card-file-shift-text = Ваша фигура, в том числе король, сдвигается на одну клетку влево или вправо по своей горизонтали, только на пустую клетку. Она никогда не бьёт, а король не может встать под шах.
chess-card-teleport = Телепортация
chess-card-teleport-text = Ваша фигура, кроме короля, прыгает на любую клетку в пределах двух шагов короля, перелетая через всё, что стоит между ними. Фигура соперника (не король) на этой клетке атакуется с кубиками.
chess-card-acceleration = Ускорение
chess-card-acceleration-text = Ваша пешка проходит две клетки прямо вперёд с любой горизонтали; обе клетки должны быть пусты. Сразу после этого пешка соперника может взять её на проходе; дойдя до последней горизонтали, пешка превращается.
chess-card-knights-leap = Конский прыжок
chess-card-knights-leap-text = Ваша фигура, кроме короля, один раз ходит как конь, перепрыгивая всё. Фигура соперника на клетке приземления атакуется с кубиками.
chess-card-kings-stride = Двойной шаг
chess-card-kings-stride-text = Ваш король делает два шага за одно действие: первый — на пустую клетку, второй — на пустую клетку или на фигуру соперника (попытка взятия). Он никогда не проходит через шах и не встаёт под шах; если атака не удалась, король остаётся на клетке первого шага.
chess-card-seize = Забрать карту
chess-card-seize-text = Возьмите в руку одну карту из стопки сыгранных карт соперника — того вида, которого у вас нет, — затем сделайте обычный ход. Сыгранная в окне ответа, эта карта забирает ту, которую соперник только что применил.
chess-card-restriction = Ограничение
chess-card-restriction-text = Выберите фигуру соперника, кроме короля: в следующий ход соперника она не может ни ходить, ни атаковать, хотя по-прежнему даёт шах. Затем сделайте обычный ход.
chess-card-cancel = Отмена
chess-card-cancel-text = Отменяет последний артефакт соперника: всё возвращается, как было до него, вместе с кубиками и картами, а обе карты расходуются. Играется в окне ответа или в начале своего хода — против артефакта, применённого в только что закончившийся ход.
chess-card-statue = Статуя
chess-card-statue-text = Пешка любого цвета превращается в камень: она уходит с доски, не попадая ни в какой запас, а её клетка становится непроходимой до конца партии.
chess-card-heir = Наследник
chess-card-heir-text = Ваша пешка становится Наследником и отмечается буквой «Н»: ходит она как пешка, но атакует по обеим диагоналям — вперёд и назад. При превращении это свойство теряется.
chess-card-mass-attack = Массовая атака
chess-card-mass-attack-text = Все ваши пешки разом продвигаются на одну клетку вперёд — каждая, если клетка перед ней была свободна до применения карты; заблокированные стоят на месте. Фигура превращения выбирается отдельно для каждой пешки, дошедшей до края.
chess-card-explosive-ram = Взрывной таран
chess-card-explosive-ram-text = Пожертвуйте одну свою ладью: каждая соседняя с ней фигура соперника, кроме короля, понижается — ладья в слона, слон или конь в пешку — и сохраняет ранение. Ваши фигуры и оба короля не страдают.
chess-card-zombie-pawn = Пешка-зомби
chess-card-zombie-pawn-text = Пешка из вашего запаса встаёт на случайную пустую клетку вашей 3-й или 4-й горизонтали. Карту можно применить, только если ни одна клетка, где пешка может встать, не оставляет ни одного из королей под шахом.
chess-card-resurrection = Воскрешение
chess-card-resurrection-text = Верните пешку из своего запаса на пустую клетку своей пешечной горизонтали, по своему выбору.
chess-card-barricade = Баррикада
chess-card-barricade-text = Пустая клетка становится непроходимой до конца партии. Не на домашней горизонтали и не рядом с королём.
chess-card-demolition = Снос
chess-card-demolition-text = Очистите одну непроходимую клетку — баррикаду или статую.
chess-card-balm = Бальзам
chess-card-balm-text = Вылечите одну свою раненую фигуру в любом месте доски.
chess-card-poison-dart = Отравленный дротик
chess-card-poison-dart-text = Раньте здоровую фигуру соперника (не короля), которую атакует одна из ваших фигур, — без кубиков.
chess-card-shield = Щит
chess-card-shield-text = Ваша фигура, кроме короля, под щитом до вашего следующего хода: при атаке здоровая бросает 3d6 вместо 2d6, а раненая — 1d6 вместо того, чтобы сразу погибнуть. Новый «Щит» заменяет прежний.
chess-card-fury = Ярость
chess-card-fury-text = Обычная попытка взятия с одним лишним кубиком: здоровый атакующий бросает 4d6, раненый — 2d6.
chess-card-scouting = Разведка
chess-card-scouting-text = До конца партии вы видите несыгранные карты соперника.
chess-card-trophy = Трофей
chess-card-trophy-text = Возьмите две случайные карты тех видов, которых нет ни у кого в руке и ни в одной стопке сыгранных (одну, если такой вид остался только один).
chess-card_kind-movement = Перемещение
chess-card_kind-keeps_move = Ход сохраняется
chess-card_kind-response = Ответ
chess-card_kind-action = Действие
chess-dice-count = { $n ->
        [one] { $n } кубик
        [few] { $n } кубика
       *[many] { $n } кубиков
    }
chess-dice-attacker = { $who } атакуют: { $n ->
        [one] { $n } кубик
        [few] { $n } кубика
       *[many] { $n } кубиков
    }
chess-dice-attacker_sum = { $who }: { $sum }
chess-dice-defender = { $who } защищаются: { $n ->
        [one] { $n } кубик
        [few] { $n } кубика
       *[many] { $n } кубиков
    }
chess-dice-defender_sum = { $who }: { $sum }
chess-dice-skip = Щёлкните или нажмите Пробел, чтобы пропустить бросок
chess-attempt-captured = Взятие: { $piece }
chess-attempt-wounded = Ранение: { $piece }
chess-attempt-miss = Промах — никто не ранен
chess-attempt-sums = { $attacker } бросили { $attacker_dice }: { $attacker_sum }; { $defender } — { $defender_dice }: { $defender_sum }.
chess-attempt-meaning-success = Сумма атакующего больше: защитник уходит с доски, атакующий занимает его клетку.
chess-attempt-meaning-wound = Сумма защитника больше: обе фигуры остаются на местах, а защитник ранен (красный +). При новой атаке раненая фигура гибнет без броска.
chess-attempt-meaning-miss = Суммы равны: промах. Обе фигуры остаются, никто не ранен, ход потрачен.
chess-attempt-meaning-died = Раненый защитник гибнет без броска: атакующий занимает его клетку.
chess-attempt-recent = Последняя попытка: { $action }
chess-draft-nothing = на { $square } нет вашей фигуры
chess-draft-occupied = клетка { $square } уже занята
chess-draft-outside = клетка { $square } вне ваших первых трёх горизонталей
chess-draft-over_budget = { $role } стоит { $points }; очков осталось: { $left }
chess-draft-too_many = { $kind ->
        [rook] ладьи
        [bishop] слоны
        [knight] кони
        [king] короли
       *[pawn] пешки
    }: в армии не больше { $max }, и предел уже достигнут
chess-draft-second_advanced = вторую пешку нельзя поставить на { $square }: на { $colour ->
        [black] шестой
       *[white] третьей
    } горизонтали может стоять только одна, и она уже на { $first }
chess-draft-bishop_colour = поле { $square } того же цвета, что и { $first }, где стоит другой ваш слон: слоны ставятся на поля разного цвета
chess-draft-king_stays = король на { $square } остаётся: он бесплатный и есть в каждой армии
chess-end_banner-actions = { $n ->
        [one] Сделано { $n } действие
        [few] Сделано { $n } действия
       *[many] Сделано { $n } действий
    }
chess-end_banner-draw = Ничья
chess-end_banner-history = ← и → — просмотр партии
chess-end_banner-new = Новая игра
chess-end_banner-wins = Победа: { $who } ({ $colour })
chess-end_banner-you_win = Победа
chess-end_banner-you_lose = Поражение
chess-ending-resigned = { $colour } сдались
chess-ending-agreed = ничья по согласию
chess-ending-you_resigned = Вы сдались
chess-ending-resigned_who = { $who } сдаётся
chess-engine = Движок ({ $level })
chess-heal = Лечить (H) · { $n }
chess-heal-hint = Король лечит раненую соседнюю фигуру вместо хода
chess-in_check = { $colour }: шах!
chess-lobby-artifacts = Артефакты:
chess-lobby-colour = Ваш цвет (белые ходят первыми):
chess-lobby-continue = Продолжить сохранённую игру (действий: { $actions })
chess-lobby-hot_seat = Игрок 1 расставляет и играет белыми; между расстановками устройство передают.
chess-lobby-line = Армии по бюджету, без ферзя, и каждое взятие решают кубики.
chess-lobby-off = выкл.
chess-lobby-on = вкл.
chess-lobby-opponent = Соперник:
chess-lobby-or_new = или начните новую игру ниже
chess-lobby-start = Расставить армию
chess-lobby-title = Шахматы с артефактами
chess-moves = Действия
chess-moves-legend = ● взята · ✚ ранена · ○ промах · † погибла без броска · + шах · # мат
chess-moves-none = Действий пока нет
chess-odds-capture = взятие
chess-odds-dies = погибнет
chess-odds-miss = промах
chess-odds-wound = ранение
chess-opponent-easy = Движок: лёгкий
chess-opponent-hard = Движок: сложный
chess-opponent-normal = Движок: средний
chess-opponent-person = Двое за одним устройством
chess-outcome-captured = Взята!
chess-outcome-miss = Промах
chess-outcome-wounded = Ранена
chess-pass-line = Армия ({ $colour }) готова и скрыта. Передайте устройство другому игроку.
chess-pass-take_over = Устройство у меня — расставить армию ({ $colour })
chess-pass-title = Передайте устройство
chess-player-first = Игрок 1
chess-player-second = Игрок 2
chess-players-line = { $colour } — { $who }
chess-promote-back = Esc — выбрать другую клетку
chess-promote-title = Превратить пешку в
chess-refused-empty = на { $square } нет фигуры
chess-refused-no_action = выбранная фигура не может действовать на { $square }
chess-refused-no_heal = рядом с королём нет раненых фигур
chess-refused-not_now = не сейчас
chess-refused-not_yours = фигура на { $square } не принадлежит ходящей стороне
chess-refused-nothing_held = сначала возьмите фигуру (1–4 или список)
chess-refused-nothing_saved = нет сохранённой игры
chess-refused-nothing_selected = фигура не выбрана
chess-refused-nothing_to_undo = нечего отменять
chess-refused-viewing = вы смотрите прежнюю позицию: сначала вернитесь к игре
chess-resign = Сдаться
chess-resign-no = Нет
chess-resign-sure = Сдать партию?
chess-resign-yes = Сдаться
chess-revealed = Обе армии открыты — белые ходят первыми
chess-save-inconsistent = сохранённые армии, руки или итог не сходятся с партией
chess-save_damaged = Сохранённую партию в шахматы с артефактами нельзя использовать ({ $why }); предлагается новая игра.
chess-save_failed = Не удалось сохранить игру: { $why }
chess-step_back = Ход назад (←)
chess-step_forward = Ход вперёд (→)
chess-still_in_check = Попытка не удалась, { $colour } всё ещё под шахом: та же сторона действует снова.
chess-turn-engine = { $who } думает
chess-turn-hot = Ход: { $who } ({ $colour })
chess-turn-selected = Точки — ходы · кольца с насечками — атаки с шансами · пунктирные кольца — лечение
chess-turn-yours = Ваш ход: выберите фигуру
chess-turn-landing = { $who } ходит…
chess-turn-landing_you = Ваш ход выполняется…
chess-undo = Отменить ход
chess-undo-hint = Действительно отменяет действие (Backspace); кубики возвращаются вместе с ним
chess-viewing = Просмотр действия { $n } из { $of } — здесь ходить нельзя
chess-wounded_dies = Раненый защитник погибает без броска.
chess-you = Вы
chess-refused-card_blocked = «{ $card }» сейчас сыграть нельзя: { $why }
chess-refused-no_card = карта не выбрана
chess-refused-card_needs_target = сначала выберите клетку для карты
chess-card_blocked-not_in_hand = её нет у вас в руке
chess-card_blocked-window = открыто окно ответа: сначала ответьте
chess-card_blocked-cancel = «Отмена» отвечает на только что сыгранный соперником артефакт
chess-card_blocked-seize_empty = в сброшенных картах соперника пусто (или только те, что есть у вас)
chess-card_blocked-reserve_empty = в вашем запасе нет пешек
chess-card_blocked-check = любой её розыгрыш оставит вашего короля под шахом
chess-card_blocked-no_target = сейчас у неё нет цели
chess-card_blocked-not_now = сейчас не ваш ход
chess-window-passed = Время окна вышло: { $colour } пропустили ответ.
chess-hand-empty = В руке не осталось карт
chess-hand-hint = Щёлкните (или нажмите её номер), чтобы сыграть
chess-aim-play = Сыграть
chess-aim-back = Назад (Esc)
chess-aim-preview = ход { $action }
chess-aim-choose_pile = какую карту взять из сыгранных карт соперника?
chess-aim-confirm = нажмите «Сыграть» (Enter)
chess-aim-choose_piece = выберите фигуру (светящиеся кольца)
chess-aim-choose_step = выберите первый шаг короля
chess-aim-choose_square = выберите клетку (светящиеся кольца)
chess-aim-choose_to = выберите, куда
chess-hand-theirs = { $who } — в руке: { $n }
chess-pile-title = { $colour }: сыграно ({ $n })
chess-pile-empty = пока ничего не сыграно
chess-window-title = { $who }: сыграна карта «{ $card }»
chess-window-left = { $s } с на ответ
chess-window-engine = { $who } отвечает…
chess-window-answer = Ответьте, иначе окно закроется без ответа:
chess-window-cancel = Отменить «{ $card }»
chess-window-seize = Забрать «{ $card }»
chess-window-pass = Пропустить
chess-cancel_offer = Отменить «{ $card }» (C)
chess-reserves = Запас пешек: белые { $white } · чёрные { $black }
chess-lobby-artifacts_on = Каждому раздаётся пять разных артефактов; играйте их вместо хода или вместе с ним.
chess-lobby-artifacts_off = Только игра на кубиках: карт нет ни у кого.
chess-refused-not_a_target = клетка { $square } сейчас не цель карты «{ $card }»: выберите подсвеченную клетку
chess-online-army_lost = Ваша армия была зафиксирована в прошлом запуске игры, и на этом устройстве её больше нет: раскрыть её нельзя, и часы сервера завершат партию.
chess-online-other_ready = Армия соперника готова: зафиксирована и скрыта, пока не готовы обе.
chess-online-timeout = У стороны «{ $colour }» кончилось время: сервер сыграл за неё.
chess-online-won_before_start = Другое место не раскрыло армию вовремя или сдалось: вы победили.
chess-online-lost_before_start = Партия закончилась, не начавшись: ваша армия не была раскрыта вовремя, или вы сдались.
chess-online-building = { $name }: собирает армию…
chess-online-ready = { $name }: готов (армия скрыта)
chess-online-waiting = Ваша армия зафиксирована. Ждём соперника: { $name }…
chess-online-hidden = Соперник собирает армию на другой половине одновременно с вами; ничего из неё не видно, пока обе армии не зафиксированы.
chess-online-watch_building = Оба игрока собирают армии; ни одна не видна, пока обе не зафиксированы.
chess-online-seed = Зерно раскрыто: его отпечаток совпадает с показанным в начале.
chess-online-seed_mismatch = ✖ Раскрытое зерно НЕ совпадает с отпечатком, показанным в начале.
chess-online-verified = Запись сервера проверена: цвета, обе армии против их обязательств, каждый кубик и каждая розданная карта, каждое действие и результат.
chess-online-not_verified = Запись сервера НЕ проходит проверку: проверьте её командой tables verify.
chess-online-copy_record = Скопировать запись
chess-online-time_left = Ходит { $colour }: осталось { $time }
# Доска вслух, для экранного диктора: строка на горизонталь, с 8-й по 1-ю.
chess-read-turn = Ходят { $colour ->
        [white] белые
       *[black] чёрные
    }{ $check ->
        [yes] , шах
       *[no] {""}
    }.
chess-read-rank = Горизонталь { $rank }: { $squares }
chess-read-rank_empty = Горизонталь { $rank }: пусто
chess-read-piece = { $square } { $piece }
chess-read-marked = { $piece } ({ $marks })
chess-read-impassable = { $square } непроходимая
chess-read-wounded = { $role ->
        [pawn] ранена
        [rook] ранена
       *[other] ранен
    }
chess-read-heir = Наследник
chess-read-shielded = { $role ->
       *[other] под Щитом
    }
chess-read-restricted = под Ограничением
chess-read-reserves = Запас взятых пешек: у белых { $white }, у чёрных { $black }.
chess-read-hands = Карт в руке: у белых { $white }, у чёрных { $black }. Запас взятых пешек: у белых { $white_reserve }, у чёрных { $black_reserve }.
chess-read-played = { $colour ->
        [white] Белые
       *[black] Чёрные
    } сыграли: { $cards }.
chess-read-card = { $card } ({ $kind }): { $text }
chess-read-their_card = У соперника { $card }: { $text }
chess-read-on = { $piece } на { $square }
chess-read-square = { $square }
chess-read-announce = { $colour ->
        [white] Белые
       *[black] Чёрные
    }: { $action }
chess-read-rolled = { $action }: { $attacker } против { $defender }, { $result ->
        [success] взятие
        [wound] ранение
       *[miss] промах
    }
chess-read-unrolled = { $action }: взятие без броска
chess-read-move = { $piece } ходит на { $to }
chess-read-attempt = { $piece } атакует: { $target }
chess-read-dice = { $action } ({ $attacker ->
        [one] { $attacker } кубик
        [few] { $attacker } кубика
       *[other] { $attacker } кубиков
    } против { $defender })
chess-read-promotes = { $action }, превращение в фигуру «{ $role }»
chess-read-heal = { $king } лечит: { $target }
chess-read-play = Сыграть карту «{ $card }»: { $notation }
chess-read-pass = Пропустить окно ответа
