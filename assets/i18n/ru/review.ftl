## Russian strings of Carved Tables: the Games list, replays, the engine's review and the luck report.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

games-title = Партии
games-paste = Открыть запись
games-paste-about = Вставьте запись партии, сохранённую столом (Ясень и орех, Шахматы с артефактами, Снелаб), строку UHP GameString из другой программы для Hive или позицию в нотации её игры (строку доски Снелаба, позицию Шахмат с артефактами или FEN); она откроется как повтор на своём столе.
games-paste-hint = Base;InProgress;White[3];wS1;bS1 wS1-;…
games-open = Открыть как повтор
games-clear = Очистить
games-unreadable = Этот текст не открывается: { $why }
replay-wrong_game = Эта запись — другой игры.
replay-refused = Это повтор: здесь никто не ходит. Выйдите из него, чтобы играть.
replay-title = Повтор · { $seats }
replay-title-plain = Повтор
replay-at_start = Начало · { $n ->
        [one] { $n } ход
        [few] { $n } хода
       *[many] { $n } ходов
    }
replay-at = Ход { $at } из { $n }: { $action }
replay-start = К началу (Home)
replay-back = На ход назад (←)
replay-forward = На ход вперёд (→)
replay-end = К концу (End)
replay-play = Воспроизвести
replay-pause = Пауза
replay-space = Воспроизвести или пауза (пробел)
replay-copy = Копировать позицию
replay-copy-hint = Показанная позиция в нотации игры
replay-leave = Выйти из повтора
review-title = Разбор движком
review-about = Движок оценивает каждую позицию партии и отмечает ходы, потерявшие больше всего.
review-start = Разобрать движком
review-progress = Позиций: { $done } из { $total }
review-cancel = Отмена
review-score = Ожидаемый результат первой стороны
review-axis = Ожидаемый результат первой стороны (%); линия — показанная позиция.
review-no_mistakes = Ни один ход не потерял много против выбора движка.
review-mistakes = Ходы, потерявшие больше всего:
review-mistake = { $n }. { $played } (лучше { $better }) −{ $loss } %
review-go = Показать позицию
luck-title = Удача на костях
luck-none = Взятий не пытались: кубики ничего не решали.
luck-side = { $side }: { $captures ->
        [one] { $captures } взятие
        [few] { $captures } взятия
       *[many] { $captures } взятий
    } при ожидаемых { $expected } ({ $luck })
luck-luckiest = Самый удачный бросок: { $n }. { $action } при { $chance } %
luck-unluckiest = Самый неудачный бросок: { $n }. { $action } при { $chance } %
replay-this = Повтор и разбор этой партии
games-finished = Сыгранные на этом устройстве
games-none = Здесь ещё не закончилась ни одна партия: каждая законченная сохраняется здесь для повтора.
games-winner = Победа: { $side }
games-unfinished = Не закончена
games-plies = { $n ->
        [one] { $n } ход
        [few] { $n } хода
       *[many] { $n } ходов
    }
games-open_one = Повтор
games-remove = Удалить
games-save_failed = Не удалось сохранить список партий: { $why }
games-side-white = белые
games-side-black = чёрные
games-side-ash = ясень
games-side-walnut = орех
games-side-south = Юг
games-side-north = Север
replay-speed = Скорость
replay-file_unreadable = Не удалось прочитать файл записи: { $why }
analysis-open = Анализ
analysis-open-hint = Играть дальше с показанной позиции за обе стороны, с оценкой и лучшим вариантом движка
analysis-title = Доска анализа
analysis-back = Назад к повтору
analysis-about = Делайте любой допустимый ход за любую сторону; движок следит за доской.
analysis-thinking = Движок думает…
analysis-evaluation = Ожидаемый счёт ({ $side }): { $score } %
analysis-line = Лучший вариант движка отсюда
analysis-over = В этой позиции партия окончена.
analysis-chance = Вариант обрывается там, где решает случай: { $odds }
analysis-no_notation = Эту позицию нельзя скопировать: { $why }
luck-deal = Розданные руки: { $sides }
luck-deal-one = { $side } { $luck } %
luck-deal-side = { $side }: { $hand }; { $luck } % ожидаемого счёта, лучше { $beaten } % возможных рук
luck-cards = Карты, выпавшие случайно
luck-cards-side = { $side }: { $n ->
        [one] { $n } выпадение
        [few] { $n } выпадения
       *[many] { $n } выпадений
    }, { $luck } % ожидаемого счёта против их шансов
luck-cards-luckiest = Самое удачное выпадение: { $n }. { $action } — выпало { $drawn } ({ $chance } %), { $luck } %
luck-cards-unluckiest = Самое неудачное выпадение: { $n }. { $action } — выпало { $drawn } ({ $chance } %), { $luck } %
games-copy_record = Копировать запись
