## Russian strings of Carved Tables: the menu, settings and what every table shares.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

app-title = Резные столы
app-subtitle = Три игры на одном деревянном столе
menu-play = Играть
menu-opening = Накрываем стол: { $game }…
menu-rules = Правила
menu-settings = Настройки
menu-online = Играть онлайн
menu-quit = Выход
menu-back = В меню
menu-close = Закрыть
game-snelab-name = Снелаб
game-snelab-tagline = Гонка через зал суда, где за каждое взятие платят своими фигурами того же веса.
game-hive-name = Ясень и орех
game-hive-tagline = Пять резных существ и никакой доски: окружите Старейшину соперника, чтобы победить.
game-chess-name = Шахматы с артефактами
game-chess-tagline = Армии по бюджету без ферзя, взятия решают кубики, и 22 артефакта.
settings-title = Настройки
settings-language = Язык
settings-master_volume = Общая громкость
settings-effects_volume = Громкость эффектов
settings-starting_purse = Начальный кошелёк
settings-starting_purse_hint = Кошелёк Снелаба нового игрока и то, к чему возвращает «Сбросить всё». Если вы уже сыграли дело, значение вступит в силу при следующем «Сбросить всё».
settings-reset_problem = Сохранённое значение не прочиталось и сброшено: { $why }
settings-save_failed = Не удалось сохранить настройки: { $why }
settings-words_problem = Часть текстов не удалось прочитать, они показаны по-английски: { $what }
reload-theme = Прочитан заново: theme.ron
reload-theme-problems = { $count ->
        [one] Прочитан заново: theme.ron, с { $count } ошибкой: { $first }
        [few] Прочитан заново: theme.ron, с { $count } ошибками (все в журнале), первая: { $first }
       *[many] Прочитан заново: theme.ron, с { $count } ошибками (все в журнале), первая: { $first }
    }
reload-model = Прочитан заново: { $file }
reload-model-failed = Не удалось прочитать { $file } ({ $error }); вместо него встроенная замена
reload-shader-failed = { $file } не компилируется ({ $error }); до нового сохранения используется встроенный
loading-title = Вырезаем столы…
loading-progress = { $done } из { $total ->
        [one] { $total } файла
        [few] { $total } файлов
       *[many] { $total } файлов
    }
loading-fallback = { $count ->
        [one] Не удалось прочитать { $count } файл; вместо него встроенная замена.
        [few] Не удалось прочитать { $count } файла; вместо них встроенные замены.
       *[many] Не удалось прочитать { $count } файлов; вместо них встроенные замены.
    }
table-fit = Показать всё
table-controls = Правая кнопка или Q/E — повернуть вид · Page Up/Down — наклонить · тяните стол — сдвинуть · колесо, щипок или +/− — приблизить
rules-title = Правила: { $game }
rules-unreadable = Не удалось прочитать страницу правил: { $file }
figure-snelab-route = { $piece } в небольшом зале суда; вперёд — это вверх.
figure-snelab-payment = Взятие фигуры «{ $target }» ({ $cost }) фигурой «{ $attacker }»: каждая строка справа — один способ заплатить ровно { $cost }.
figure-snelab-legend-move = ход вперёд на пустую клетку
figure-snelab-legend-appeal = взятие назад по апелляции: только фигуры соперника
figure-snelab-legend-faded = ваша фигура, которой можно заплатить за это взятие
figure-snelab-legend-target = взятая фигура соперника
figure-snelab-legend-payer = фигура, которой можно заплатить
figure-hive-slide_room = Слева: Старейшина не может проскользнуть в щель между двумя фигурами. Справа: без одной из них — может.
figure-hive-elder = Старейшина делает один скользящий шаг: точки отмечают, куда он может пойти.
figure-hive-owl = Сова переходит на соседнюю пустую клетку или забирается на фигуру.
figure-hive-hare = Заяц прыгает по прямой через фигуры на первую пустую клетку.
figure-hive-fox = Лиса оказывается ровно в трёх скользящих шагах; линии показывают путь.
figure-hive-otter = Выдра скользит куда угодно вокруг группы, но никогда — в закрытую клетку посередине.
figure-chess-odds = Каждая полоска учитывает все броски кубиков: успех, ранение, промах.
figure-chess-attacker = атакующий
figure-chess-defender = защитник
figure-chess-attacker-healthy = здоровый
figure-chess-attacker-wounded = раненый
figure-chess-attacker-healthy_fury = здоровый, с «Яростью»
figure-chess-attacker-wounded_fury = раненый, с «Яростью»
figure-chess-defender-healthy = здоровый
figure-chess-defender-healthy_shield = здоровый, под «Щитом»
figure-chess-defender-wounded_shield = раненый, под «Щитом»
figure-chess-defender-wounded = раненый
figure-chess-dice = { $attacker }d6 против { $defender }d6
figure-chess-no_roll = без броска
figure-chess-percent = { $value } %
figure-chess-success = успех
figure-chess-wound = ранение
figure-chess-miss = промах
figure-chess-artifacts = Артефакты по видам, у каждого — знак его вида.
figure-chess-kind-movement = Перемещение
figure-chess-kind-keeps_move = Ход сохраняется
figure-chess-kind-answer = Ответ
figure-chess-kind-action = Действие
audio-unavailable = Нет звукового устройства: игра идёт без звука.
notation-at = в символе { $at }: { $what }
level-easy = лёгкий
level-normal = средний
level-hard = сложный
save-damage-unreadable = `{ $key }` повреждено ({ $detail }); взято значение по умолчанию
save-damage-wrong_shape = у `{ $key }` не та форма ({ $detail }); взято значение по умолчанию
save-damage-older = `{ $key }` сохранено в старом формате (версия { $found }, теперь { $reads }); взято значение по умолчанию
save-damage-newer = `{ $key }` сохранено более новой версией игры (формат { $found }, эта читает { $reads }); взято значение по умолчанию
save-damage-store = `{ $key }` не удалось прочесть ({ $detail }); взято значение по умолчанию
settings-server = Сервер онлайн-стола
settings-motion = Движение
settings-motion-system_full = Как просит система (полное)
settings-motion-system_reduced = Как просит система (сокращённое)
settings-motion-full = Полное
settings-motion-reduced = Сокращённое
settings-motion-hint = Фигуры перескакивают, а не идут по пути, кубики сразу показывают значения, монета и оплата короткие, а вид перескакивает, а не поворачивается. Отметки последнего хода и каждый результат остаются так же долго, как раньше.
settings-marks = Отметки
settings-marks-safe = Цвета для дальтоников
settings-marks-hint = Зелёные и красные отметки становятся голубыми и красно-фиолетовыми — их различают те, кто не отличает красный от зелёного. У каждой отметки есть и своя форма: точки, кольца с засечками или пунктиром, свечение и штриховка.
settings-look = Вид
settings-look-auto_full = Как подходит графике (полный)
settings-look-auto_light = Как подходит графике (лёгкий)
settings-look-full = Полный
settings-look-light = Лёгкий
settings-look-hint = Для медленной графики, когда каждый кадр рисует процессор: более простые тени от лампы, без отражений комнаты, без мягкой тени касания под фигурами и без сглаживания краёв. Дерево, резьба и все отметки остаются как есть.
settings-scale = Размер интерфейса
menu-learn = Обучение
menu-games = Партии
figure-hive-jay = Сойка ходит как существа, которых касается: здесь — шагом как Старейшина или прыжком как Заяц.
figure-hive-squirrel = Белка забирается на группу, делает шаг по её верху и спускается: ровно три шага.
figure-hive-hedgehog = Ёж ходит как Старейшина; вместо хода он может перенести соседнюю фигуру через себя на пустую клетку рядом с собой.
# Lists read aloud by the screen reader's text of the table: «a и b», «a, b и c».
access-list-two = { $a } и { $b }
access-list-more = { $a }, { $rest }
access-typed-empty = Введите ход: его запись или слова, как в списке.
access-typed-not_legal = «{ $text }» — сейчас такого хода нет.
access-title = Все мои ходы
access-announced = Только что сыграно
access-position = Стол
access-typed-hint = Введите ход (запись или словами) и Enter
access-typed-label = Ваш ход
access-typed-play = Сделать ход
access-actions = { $n ->
        [one] { $n } возможный ход — выберите, чтобы сделать его
        [few] { $n } возможных хода — выберите, чтобы сделать его
       *[other] { $n } возможных ходов — выберите, чтобы сделать его
    }
