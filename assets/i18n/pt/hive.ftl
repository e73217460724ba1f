## Portuguese (Brazil) strings of Carved Tables: Ash & Walnut.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

hive-colour-ash = freixo
hive-colour-walnut = nogueira
hive-creature-elder = Ancião
hive-creature-owl = Coruja
hive-creature-hare = Lebre
hive-creature-fox = Raposa
hive-creature-otter = Lontra
hive-piece-numbered = { $creature } { $number }
hive-piece-full = { $piece } { $colour ->
        [Sul] do Sul
        [Norte] do Norte
        [brancas] das brancas
        [Brancas] das brancas
        [pretas] das pretas
        [Pretas] das pretas
        [freixo] do freixo
        [Freixo] do freixo
        [nogueira] da nogueira
        [Nogueira] da nogueira
       *[other] de { $colour }
    }
hive-where-east = à direita de { $piece }
hive-where-west = à esquerda de { $piece }
hive-where-north_east = acima e à direita de { $piece }
hive-where-north_west = acima e à esquerda de { $piece }
hive-where-south_east = abaixo e à direita de { $piece }
hive-where-south_west = abaixo e à esquerda de { $piece }
hive-where-onto = em cima de { $piece }
hive-where-middle = no meio da mesa
hive-from-on_top = de cima de { $piece }
hive-from-beside = do lado de { $piece }
hive-move-pass = Passar (nenhuma outra jogada é possível)
hive-move-place = Colocar { $piece } { $target }
hive-move-shift = { $piece } { $target }
hive-move-shift_from = { $piece } { $origin } { $target }
hive-outcome-win = o outro Ancião está cercado
hive-outcome-both_surrounded = empate: os dois Anciãos foram cercados pela mesma jogada
hive-outcome-repetition = empate: a mesma posição pela terceira vez
hive-outcome-ply_limit = empate: foram jogadas 200 jogadas
hive-error-game_over = o jogo terminou ({ $outcome })
hive-error-nothing_to_undo = não há jogada para desfazer
hive-error-pass_with_moves = só se passa quando nenhuma outra jogada é possível
hive-error-not_your_piece = { $piece } é do outro jogador
hive-error-not_in_reserve = { $piece } não é a próxima peça desse tipo na reserva
hive-error-elder_on_first_turn = o Ancião não pode ser colocado na sua primeira vez
hive-error-elder_by_fourth_turn = coloque o Ancião agora: ele tem de estar na mesa até a sua quarta vez
hive-error-first_in_the_middle = a primeira peça vai no meio da mesa
hive-error-must_touch_first = a segunda peça tem de encostar na primeira
hive-error-cell_taken = a casa { $cell } já tem uma peça
hive-error-touches_opponent = uma peça nova não pode encostar nas peças do adversário
hive-error-not_touching_own = uma peça nova tem de encostar numa peça sua
hive-error-elder_not_placed = nenhuma peça se move antes de o seu Ancião estar na mesa
hive-error-not_there = { $piece } não está lá
hive-error-covered = { $piece } está debaixo de uma Coruja e não pode se mover
hive-error-holds_the_group = { $piece } mantém o grupo unido e não pode se mover
hive-error-cannot_reach = { $piece } não consegue chegar lá
hive-setup-piece_twice = { $piece } aparece duas vezes
hive-setup-bad_stack = a pilha em ({ $q }, { $r }) é alta demais ou tem acima do chão uma peça que não é Coruja
hive-setup-not_one_group = as peças não formam um só grupo
hive-setup-too_many_plies = { $plies ->
        [one] { $plies } jogada passa
       *[other] { $plies } jogadas passam
    } do limite de { $limit }
hive-notation-empty = jogada vazia
hive-notation-bad_piece = `{ $text }` não é o nome de uma peça
hive-notation-bad_reference = `{ $text }` não é uma peça com uma direção
hive-notation-reference_not_on_table = a peça de referência de `{ $text }` não está na mesa
hive-notation-reference_count = `{ $text }`: só a primeira jogada não tem peça de referência, e ela não pode ter
hive-notation-wrong_colour = `{ $text }` move uma peça do outro jogador
hive-notation-wrong_number = `{ $text }`: a próxima peça dessa criatura é { $expected }
hive-notation-illegal = `{ $text }` não é uma jogada válida aqui: { $why }
hive-notation-game_over = `{ $text }`: o jogo terminou
hive-notation-game_type = o tipo de jogo `{ $text }` não é Base, Base+M, Base+L, Base+P, Base+ML, Base+MP, Base+LP nem Base+MLP (ou não é o deste jogo)
hive-notation-game_part = parte { $part } da GameString: { $why }
hive-game_part-missing_turn = falta a indicação da vez (por exemplo `White[1]`)
hive-game_part-move = jogada { $number } `{ $text }`: { $why }
hive-game_part-says = diz `{ $says }`, mas as jogadas dão `{ $actual }`
hive-ending-agreed = empate: os dois jogadores concordaram
hive-ending-resigned = { $colour } desistiu
hive-takeback-nothing = não há jogada sua para desfazer
hive-takeback-after_timeout = o cronômetro fez a última jogada: ela não pode ser desfeita
hive-back_to_game = Voltar ao jogo
hive-clock-warning = { $who }: menos de dez segundos
hive-copy = Copiar
hive-end-copy = Copiar o registro
hive-end-draw = Empate
hive-end-history = ← e → percorrem o jogo; o registro guarda todas as jogadas.
hive-end-matches = ✔ A impressão digital confere: o SHA-256 desta semente é a impressão mostrada no início.
hive-end-mismatch = ✖ A impressão digital não confere com esta semente.
hive-end-new = Novo jogo
hive-end-you_resigned = Você desistiu.
hive-end-resigned = { $who } ({ $colour }) desistiu.
hive-end-save = Salvar o registro
hive-end-save_failed = Não foi possível salvar o registro: { $why }
hive-end-saved = Salvo: { $path }
hive-end-seed = A semente secreta, revelada:
hive-end-wins = { $who } venceu
hive-end-you_win = Você venceu
hive-fingerprint = Impressão digital
hive-fingerprint-hint = SHA-256 da semente secreta, fixado antes da primeira jogada. Clique para ver o valor inteiro.
hive-hint-idle = Clique numa pilha da reserva ou numa peça sua · Tab para escolher pelo teclado · ← → para rever
hive-hint-lifted = Clique num anel para pousar, na peça de novo para devolver · setas e Enter · Esc
hive-hint-waiting = Aguardando { $who } · ← → para rever posições anteriores
hive-hint-viewing = Vendo uma posição anterior: o cronômetro da partida continua correndo.
hive-lobby-clock = Cronômetro
hive-lobby-untimed = Sem cronômetro
hive-lobby-continue = Continuar o jogo ({ $plies ->
        [one] { $plies } jogada
       *[other] { $plies } jogadas
    })
hive-lobby-fair = Uma semente secreta decide quem joga com o freixo e começa; a impressão digital dela aparece antes da primeira jogada e a semente é revelada no fim, para qualquer um verificar o jogo.
hive-lobby-line = Cerque o outro Ancião. Cada vez tem 60 segundos, ou jogue sem pressa: a partida pode ser sem cronômetro.
hive-lobby-opponent = Adversário
hive-lobby-or_new = …ou escolha um novo jogo abaixo.
hive-lobby-start = Sortear a semente e começar
hive-lobby-title = Freixo e Nogueira
hive-moves = Jogadas
hive-moves-close = Fechar a lista
hive-moves-count = { $n ->
        [one] { $n } jogada possível
       *[other] { $n } jogadas possíveis
    }
hive-moves-none = Nenhuma jogada ainda.
hive-moves-notation = Notação
hive-moves-notation-hint = Mostrar as jogadas na notação do Hive (a do registro) ou em palavras
hive-moves-line = { $n }. { $colour }: { $move }
hive-moves-more = ▲ jogadas anteriores acima
hive-moves-open = Todas as minhas jogadas
hive-moves-title = Todas as minhas jogadas
hive-opponent-easy = Bot — fácil
hive-opponent-hard = Bot — difícil
hive-opponent-normal = Bot — normal
hive-opponent-person = Dois jogadores neste aparelho
hive-passed = { $colour } não tinha jogada: a mesa passou a vez.
hive-refused-empty = Não há peça ali.
hive-refused-none_left = Não há mais { $creature } na sua reserva.
hive-refused-not_now = Agora não: espere a sua vez.
hive-refused-nothing_lifted = Levante uma peça primeiro.
hive-refused-nothing_saved = Não há jogo salvo.
hive-refused-viewing = Você está vendo uma posição anterior: volte ao jogo primeiro.
hive-resign = Desistir
hive-resign-ask = Desistir deste jogo?
hive-resign-no = Continuar
hive-resign-yes = Desistir
hive-save_damaged = Não foi possível ler o jogo salvo; um jogo novo é oferecido: { $why }
hive-save_failed = Não foi possível salvar o jogo: { $why }
hive-seating-ash_opens = { $who } joga com o freixo e começa.
hive-seating-you_open = Você joga com o freixo e começa.
hive-seating-fingerprint = Impressão digital { $fingerprint }
hive-seating-title = A semente foi sorteada
hive-stack-title = Pilha, de cima para baixo
hive-stack-top = { $piece } (no topo)
hive-step_back = Voltar
hive-step_forward = Avançar
hive-takeback = Desfazer jogada
hive-thinking = O bot está pensando
hive-timeout_played = O tempo { $colour ->
        [Sul] do Sul
        [Norte] do Norte
        [brancas] das brancas
        [Brancas] das brancas
        [pretas] das pretas
        [Pretas] das pretas
        [freixo] do freixo
        [Freixo] do freixo
        [nogueira] da nogueira
        [Nogueira] da nogueira
       *[other] de { $colour }
    } acabou: a mesa fez a jogada fixa do motor.
hive-turn-side = Vez { $who ->
        [Sul] do Sul
        [Norte] do Norte
        [brancas] das brancas
        [Brancas] das brancas
        [pretas] das pretas
        [Pretas] das pretas
        [freixo] do freixo
        [Freixo] do freixo
        [nogueira] da nogueira
        [Nogueira] da nogueira
       *[other] de { $who }
    }
hive-turn-yours = Sua vez
hive-verify-all_passed = Todas as verificações passaram: o jogo está verificado.
hive-verify-bad_move = A primeira jogada inválida: { $text }
hive-verify-cannot_open = Não foi possível abrir o arquivo: { $why }
hive-verify-cannot_paste = Não foi possível ler a área de transferência: { $why }
hive-verify-clipboard_empty = A área de transferência não tem texto.
hive-verify-failed = Uma verificação falhou: este registro não se confirma.
hive-verify-file = Arquivo
hive-verify-last = Usar o último jogo
hive-verify-line = Cole um registro de jogo, abra o arquivo ou use o jogo que acabou. Cada jogada é refeita pelas regras, e a semente revelada tem de bater com a impressão digital mostrada antes do jogo.
hive-verify-open = Abrir
hive-verify-paste = O registro do jogo:
hive-verify-paste_button = Colar
hive-verify-run = Verificar
hive-verify-this = Verificar este jogo
hive-verify-title = Verificar um jogo
hive-verify-unreadable = Isto não é um registro de jogo: { $why }
hive-verify-waiting = As verificações aparecem aqui.
hive-viewing = Vendo a jogada { $n } — Esc volta ao jogo
hive-viewing-short = jogada { $n }
hive-you = Você
hive-reserve = Reserva: { $who }
hive-players-line = { $colour } — { $who }
hive-wood-ash = Freixo
hive-wood-walnut = Nogueira
hive-player-first = Jogador 1
hive-player-second = Jogador 2
hive-takeback-online = na mesa online ninguém desfaz jogadas
hive-creature-jay = Gaio
hive-creature-squirrel = Esquilo
hive-creature-hedgehog = Ouriço
hive-move-carry = Carregar { $piece } por cima do seu { $carrier } { $target }
hive-error-stunned = { $piece } foi movido na última jogada e não pode mover, ser carregado nem carregar nesta
hive-error-carry_stacked = { $piece } está numa pilha e não pode ser carregado
hive-error-cannot_carry = nenhum Ouriço seu consegue carregar { $piece } até lá
hive-setup-not_in_game = { $piece } não faz parte deste tipo de jogo
# O grupo lido em voz alta, para um leitor de tela: cada peça de cima e onde ela está.
hive-read-announce = { $colour ->
        [ash] Freixo
       *[walnut] Nogueira
    }: { $action }
hive-read-piece = { $piece }: { $places }
hive-read-alone = { $piece }, sem vizinhos na mesa
hive-read-stacked = { $piece }, em cima de { $below }
hive-read-elder = { $piece }: { $count } de 6 lados ocupados
hive-read-in_reserve = { $creature } × { $count }
hive-read-reserve = Reserva { $who ->
        [freixo] do freixo
        [nogueira] da nogueira
       *[other] de { $who }
    }: { $pieces }
hive-read-reserve_empty = Reserva { $who ->
        [freixo] do freixo
        [nogueira] da nogueira
       *[other] de { $who }
    }: vazia
hive-lobby-creatures = Criaturas
hive-lobby-creatures_line = As cinco criaturas jogam sempre. A escolha vale para um jogo aqui e para uma mesa que você abrir online.
hive-lobby-jay_line = move-se como qualquer criatura em que encosta
hive-lobby-squirrel_line = três passos: dois por cima do grupo, um para baixo
hive-lobby-hedgehog_line = um passo, ou carrega por cima de si uma peça que encosta nele
hive-game_type-base = As cinco criaturas
hive-game_type-with = As cinco + { $creatures }
