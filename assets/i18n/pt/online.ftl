## Portuguese (Brazil) strings of Carved Tables: online play, players, keys and records.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

# Finding a game online (app::lobby).
lobby-title = Jogar online
lobby-tab-lobby = Mesas abertas
lobby-tab-watch = Assistir
lobby-tab-games = Seus jogos ({ $count })
lobby-unreachable = Não foi possível alcançar o servidor ({ $why }); tentando de novo…
lobby-all_games = Todos os jogos
lobby-quick = Jogo rápido
lobby-open = Abrir uma mesa
lobby-game = Jogo
lobby-anonymous = Um jogador
lobby-find = Procurar adversário
lobby-quick_line = Você joga com a primeira pessoa que pedir o mesmo jogo e o mesmo tempo.
lobby-counts = { $online } online · { $playing } jogando
lobby-no_open = Nenhuma mesa aberta agora: abra uma ou peça um jogo rápido.
lobby-listing = Buscando as mesas abertas…
lobby-kind-turn = Por vez
lobby-kind-bank = Banco + incremento
lobby-kind-days = Por correspondência
lobby-looking = Procurando adversário
lobby-waited = esperando
lobby-nobody_yet = Ninguém chegou ainda. Continue esperando, ou:
lobby-play_bot = Jogar contra o bot (não é uma pessoa)
lobby-bot_in = Se ninguém vier, o bot será oferecido em { $seconds } s
lobby-bot_coming = O bot está se sentando…
lobby-stop = Parar de procurar
lobby-public = Pública
lobby-private = Privada
lobby-public_line = Listada aqui para qualquer um entrar, e entre os jogos para assistir enquanto você joga.
lobby-private_line = Não listada: só entra quem tiver o código.
lobby-option-casino = Mesa do cassino
lobby-option-street = Mesa de rua
lobby-option-appeal = Apelação
lobby-option-appeal_on = com apelação
lobby-option-appeal_off = sem apelação
lobby-option-artifacts = Artefatos em jogo
lobby-option-artifacts_on = com artefatos
lobby-option-artifacts_off = sem artefatos
lobby-open_button = Abrir a mesa
lobby-watch_line = Jogos públicos em andamento.
lobby-no_live = Nenhum jogo público em andamento agora.
lobby-versus = { $a } – { $b }
lobby-watchers = { $count } assistindo
lobby-watch = Assistir
lobby-watch_code = Assistir pelo código:
lobby-asking = Perguntando ao servidor…
lobby-left = restam { $time }
lobby-state-waiting = Esperando um segundo jogador
lobby-state-ended = Fim de jogo
lobby-state-yours = Sua vez
lobby-state-theirs = Vez do adversário
lobby-games_line = Todos os jogos online deste aparelho neste servidor.
lobby-no_games = Ainda não há jogos online neste aparelho.
lobby-against = contra { $name }
lobby-open_game = Abrir
lobby-your_games = Seus jogos
lobby-all_your_games = Todos os seus jogos ({ $count })
lobby-control-turn = { $n } s por vez
lobby-control-turn_minutes = { $n } min por vez
lobby-control-bank = { $minutes } min + { $increment } s
lobby-control-day = 1 dia por jogada
lobby-control-days = { $n ->
        [one] { $n } dia por jogada
       *[other] { $n } dias por jogada
    }
lobby-short-seconds = { $n } s
lobby-short-minutes = { $n } min
lobby-short-day = 1 dia
lobby-short-days = { $n ->
        [one] { $n } dia
       *[other] { $n } dias
    }
lobby-left-days = { $d } d { $h } h
lobby-left-hours = { $h } h { $m } min
lobby-notify = Avisar quando for a minha vez (notificação do navegador)
lobby-notify_denied = O navegador não permite notificações desta página; as configurações do site permitem mudar isso.
lobby-notify_body = { $game } contra { $name }
lobby-seats_damaged = A lista dos seus jogos online não pôde ser lida e recomeçou: { $why }
lobby-seats_left_out = { $count ->
        [one] { $count } dos seus jogos online estava danificado e ficou de fora.
       *[other] { $count } dos seus jogos online estavam danificados e ficaram de fora.
    }
lobby-seats_save_failed = Não foi possível salvar seus jogos online: { $why }
# The player's key and page (app::identity, app::player).
lobby-your_page = Sua página
lobby-their_page = Abrir a página deste jogador
lobby-rated_mark = Ranqueada
lobby-rated = Ranqueada
lobby-rated_line = Seu rating muda com o resultado.
lobby-rated_unproved = Precisa da sua chave comprovada ao servidor (conectando…).
key-title = Sua chave
key-fingerprint = Impressão digital
key-none_yet = Ainda sem chave: uma é criada na primeira vez que você joga online.
key-losing = Perder esta chave significa uma nova identidade: seus ratings e jogos ficam com a chave antiga. Exporte-a para guardá-la.
key-export = Exportar
key-import = Importar
key-back = Voltar às configurações
key-export_title = Sua chave como texto
key-warning = Quem tiver este texto é você: pode jogar, e ter rating, como você. Guarde-o em segredo, como uma senha; nunca o cole numa conversa.
key-copy = Copiar
key-copied = Copiado
key-qr_line = Em outro aparelho: Configurações, Sua chave, Importar, e cole este texto ou leia o código.
key-qr_hover = O mesmo texto como código QR
key-import_title = Importar uma chave
key-import_line = Cole uma chave exportada de outro aparelho (começa com CTKEY1-).
key-imported = A chave foi importada: neste aparelho você agora é { $fingerprint }.
key-confirm = Isto substitui a chave deste aparelho por { $fingerprint }; exporte a antiga antes, se quiser guardá-la.
key-replace = Substituir a chave
key-cancel = Cancelar
key-import-empty = Nada foi colado: cole a chave inteira, de CTKEY1- até o fim.
key-import-not_a_key = Isto não é uma chave exportada pelas Mesas Entalhadas (começa com CTKEY1- e tem só os dígitos 0–9 e as letras a–f).
key-import-wrong_length = Falta ou sobra uma parte da chave: copie-a de novo, inteira.
key-import-bad_checksum = Um caractere da chave está errado (os dígitos de controle não conferem): copie-a de novo em vez de digitar.
key-import-already_here = Este aparelho já tem esta chave: nada a mudar.
key-recovered = Sua chave de jogador estava em parte danificada; a chave em si foi lida e mantida.
key-damaged = Sua chave de jogador não pôde ser lida ({ $why }); a cópia danificada foi guardada à parte. Se você a exportou, importe-a nas Configurações para voltar a ser você.
key-not_a_secret = a chave guardada não tem 64 dígitos hexadecimais
key-store_failed = Sua chave de jogador não pôde ser lida do armazenamento deste aparelho ({ $why }); desta vez os jogos online seguem sem ela.
key-no_random = Este aparelho não forneceu números aleatórios para criar sua chave; os jogos online seguem sem ela.
key-save_failed = Sua chave de jogador não pôde ser salva ({ $why }): exporte-a para guardá-la.
key-name_save_failed = Seu nome não pôde ser salvo: { $why }
player-you = você
player-since = jogando desde { $date }
player-back = Voltar
player-no_key = O servidor não informou a chave deste jogador, então a página dele ainda não pode ser pedida.
player-asking = Perguntando ao servidor…
player-refused = O servidor não pôde enviá-la: { $why }
player-again = Pedir de novo
player-ratings = Ratings
player-no_ratings = Nenhum jogo ranqueado ainda.
player-rated_games = { $count } ranqueados
player-history = { $game }: o rating após cada jogo ranqueado, com sua incerteza
player-history_short = O histórico aparece após dois jogos ranqueados.
player-axis_games = jogos ranqueados
player-rating = Rating
player-games = Jogos terminados
player-no_games = Nenhum jogo terminado ainda.
player-won = Venceu
player-lost = Perdeu
player-drawn = Empate
player-rated = Ranqueada
player-casual = amistosa
player-record = Registro
player-record_of = Registro do jogo { $code }
player-open_verify = Abrir em Verificar um jogo
record-whole = registro: { $why }
record-line = registro, linha { $line }: { $why }
record-twice = `{ $key }` aparece duas vezes
record-bad_seat = lugar `{ $word }`: esperava-se first ou second
record-bad_ash = ash `{ $word }`: esperava-se first ou second
record-move_after_result = uma jogada depois do resultado ou de uma desistência
record-empty_move = uma linha de jogada sem jogada
record-unknown_result = resultado desconhecido `{ $word }`
record-unknown_line = linha desconhecida `{ $word }`
record-missing = falta a linha `{ $key }`
record-bad_word = { $key } `{ $word }`: esperava-se um de { $expected }
fair-bad_hex_digit = { $what }: o caractere { $at } não é um dígito hexadecimal
fair-bad_hex_length = { $what }: esperavam-se 64 dígitos hexadecimais, vieram { $len } caracteres
verify-check-fingerprint = Impressão digital
verify-check-colour_rule = Regra das cores
verify-check-moves = Jogadas
verify-check-timeout_moves = Jogadas por tempo esgotado
verify-check-result = Resultado
verify-check-coin = Cara ou coroa
verify-coin = a moeda da semente dá o Sul, que começa, ao { $seat } lugar ({ $name }); o registro diz { $recorded }
verify-snelab-timeouts-ok = { $count ->
        [one] { $count } jogada por tempo esgotado, a escolha documentada
       *[other] { $count } jogadas por tempo esgotado, cada uma a escolha documentada
    }
verify-check-armies = Exércitos
verify-check-deal = Distribuição
verify-check-actions = Ações
verify-check-record = Registro
verify-seat-first = primeiro
verify-seat-second = segundo
verify-result-win = vence { $colour }
verify-result-draw = empate
verify-result-in_progress = em andamento
verify-fingerprint-ok = o SHA-256 da semente é igual à impressão digital mostrada no início
verify-fingerprint-bad = o SHA-256 da semente é { $actual }, não a registrada { $recorded }
verify-colour_rule = a semente dá o freixo ao { $seat } lugar ({ $name }); o registro diz { $recorded }
verify-moves-bad = jogada { $number } `{ $text }`: { $why }
verify-moves-ok = { $count ->
        [one] a { $count } jogada é válida
       *[other] todas as { $count } jogadas são válidas
    }
verify-timeouts-bad = a jogada { $number } `{ $text }` foi marcada como jogada por tempo esgotado, mas a escolha determinística é `{ $expected }`
verify-timeouts-ok = { $count ->
        [one] { $count } jogada por tempo esgotado, a escolha do motor em profundidade fixa
       *[other] { $count } jogadas por tempo esgotado, cada uma a escolha do motor em profundidade fixa
    }
verify-result-after_illegal = não pode decorrer de uma lista de jogadas inválida
verify-result-compare = as jogadas dão { $actual }; o registro diz { $recorded }
verify-chess-at_line = linha { $line } `{ $text }`: { $why }
verify-chess-colour_rule = a semente dá as brancas ao { $seat } lugar ({ $name }); o registro diz { $recorded }
verify-chess-armies_ok = os dois exércitos são válidos, e cada um é aquele com que o jogador se comprometeu antes do jogo
verify-chess-army_colour = o texto do exército é das { $army }, mas a linha é das { $line }
verify-chess-commitment_bad = o SHA-256 deste exército com o sal é { $actual }, não o compromisso { $recorded } enviado antes do jogo (linha { $commit_line })
verify-chess-deal_ok = as duas mãos são as que a semente e os dois valores distribuem
verify-chess-deal_bad = a semente e os dois valores distribuem { $actual }
verify-chess-no_start = o jogo não pode ser refeito sem dois exércitos válidos
verify-chess-actions_ok = { $count ->
        [one] a { $count } ação é válida, com os dados e as cartas que a semente e os dois valores dão
       *[other] todas as { $count } ações são válidas, cada uma com os dados e as cartas que a semente e os dois valores dão
    }
verify-chess-after_end = o jogo já tinha terminado: { $end }
verify-chess-not_to_act = aqui é a vez das { $colour }
verify-chess-dice_bad = os dados são { $actual }
verify-chess-no_dice = aqui não se lançam dados
verify-chess-drew_bad = o Troféu tira { $actual }
verify-chess-no_draw = aqui não se tira nenhuma carta
verify-chess-rises_bad = o Peão zumbi surge em { $actual }
verify-chess-no_rise = aqui não surge nenhum peão
verify-chess-timeout_bad = marcada como jogada pelo cronômetro, mas a ação determinística por tempo esgotado é `{ $expected }`
verify-chess-timeouts_ok = { $count ->
        [one] { $count } ação por tempo esgotado, a determinística (passar numa janela de resposta, senão a escolha fácil do motor)
       *[other] { $count } ações por tempo esgotado, cada uma a determinística (passar numa janela de resposta, senão a escolha fácil do motor)
    }
verify-chess-result_after_bad = não pode decorrer de uma linha de ação inválida
verify-chess-result_compare = as ações dão { $actual }; o registro diz { $recorded }
verify-chess-army_text-no_colour = `{ $text }`: um exército começa com w: ou b:
verify-chess-army_text-bad_piece = peça { $at } `{ $text }`: esperava-se uma letra de peça (K, R, B, N ou P) e uma casa, como Pe2
verify-chess-army_text-not_canonical = não é o texto canônico do exército `{ $expected }` (peças em ordem de casa, letras maiúsculas)
verify-chess-record-bad_white = white `{ $word }`: esperava-se first ou second
verify-chess-record-bad_colour = `{ $word }`: esperava-se white ou black
verify-chess-record-bad_artifacts = artifacts `{ $word }`: esperava-se on ou off
verify-chess-record-bad_army = uma linha de exército tem a forma `army <cor> <exército> salt <64 dígitos hexadecimais>`
verify-chess-record-bad_cards = cartas `{ $word }`: esperavam-se códigos de cartas separados por vírgulas, cada um uma só vez, ou -
verify-chess-record-empty_action = uma linha de ação sem ação
verify-chess-record-bad_dice = dados `{ $word }`: esperavam-se dados como 3+4+5 vs 2+6
verify-chess-record-bad_square = `{ $word }` não é uma casa
verify-chess-record-bad_extra = `{ $word }`: depois da ação só podem vir dice, drew e rises, cada um uma só vez e nessa ordem
verify-chess-record-after_end = uma ação depois do resultado ou de uma desistência
seat-person = Pessoa
seat-bot = Bot ({ $level })
seat-remote = Jogador remoto
match-game_over = o jogo terminou
match-not_your_turn = não é a sua vez
match-replay_failed = ação { $number } do jogo salvo: { $why }
record-bad_takeback = takeback `{ $word }`: esperava-se um número de jogadas de 1 a 200
record-bad_resign = resign `{ $word }`: esperava-se ash ou walnut
verify-takeback-bad = um takeback de { $count ->
        [one] { $count } jogada
       *[other] { $count } jogadas
    } quando só { $played } foram jogadas
record-bad_offer = offer `{ $word }`: esperava-se draw ou takeback, depois made, accepted ou declined, depois by e um lado, depois at e um número, como `offer draw made by ash at 12`
verify-check-offers = Propostas
verify-offers-ok = { $count } propostas e respostas, cada uma onde o registro diz; cada takeback e cada empate combinado segue uma proposta aceita
verify-offers-at = `{ $text }`: ali havia { $standing } ações
verify-offers-unanswered = `{ $text }` não responde a nenhuma proposta pendente do outro lado
verify-offers-takeback_unoffered = { $side } desfez uma ação sem uma proposta de takeback sua aceita logo antes
verify-offers-takeback_other = o takeback pedido { $side ->
        [Sul] pelo Sul
        [Norte] pelo Norte
        [brancas] pelas brancas
        [Brancas] pelas brancas
        [pretas] pelas pretas
        [Pretas] pelas pretas
        [freixo] pelo freixo
        [Freixo] pelo freixo
        [nogueira] pela nogueira
        [Nogueira] pela nogueira
       *[other] por { $side }
    } desfez mais do que a sua última jogada
verify-offers-agreed_unoffered = o empate foi combinado sem uma proposta de empate aceita logo antes
verify-offers-after_illegal = não se podem seguir depois de uma jogada inválida
verify-takeback-not_last = takeback `{ $text }` { $side ->
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
       *[other] de { $side }
    }: essa não é a última ação em pé
verify-takeback-timeout = takeback `{ $text }` { $side ->
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
       *[other] de { $side }
    }: o cronômetro a jogou, e as ações do cronômetro não se desfazem
# The `signatures` check of a record with a `# signed` section (play::signed).
verify-check-signatures = Assinaturas
verify-signatures-ok = { $count } ações, cada uma assinada numa só cadeia pelo jogador que a fez (pelo servidor no caso do cronômetro, de um bot ou de um lugar sem chave), cada uma a própria ação do registro; o selo do servidor cobre todas as linhas. Um registro sem a seção assinada é verificado como não assinado, e então nada diz quem fez as suas ações.
verify-signed-whole = { $why }
verify-signed-at_line = linha { $line }: { $why }
verify-signed-expected = esperava-se `{ $expected }` aqui
verify-signed-cut_short = a seção assinada termina antes das suas chaves
verify-signed-no_seal = a seção assinada termina sem a linha do selo
verify-signed-after_seal = nada pode vir depois do selo
verify-signed-bad_key = `{ $word }` não é uma chave pública (64 dígitos hexadecimais)
verify-signed-bad_hex = a assinatura não tem 128 dígitos hexadecimais
verify-signed-bad_number = `{ $word }` não é um número de ação
verify-signed-bad_signer = `{ $word }` não é first, second nem server
verify-signed-no_action = uma linha sign sem a sua ação
verify-signed-out_of_order = numerada { $found } onde vem a ação { $expected }: uma ação foi retirada, acrescentada ou mudada de lugar
verify-signed-keyless = assinada pelo lugar { $seat }, que não tem chave neste registro
verify-signed-bad_signature = a assinatura da ação { $n } não confere: a ação, o seu número, a mesa ou uma ação anterior foi alterada
verify-signed-extra = a ação { $n } `{ $text }` está assinada, mas as linhas do registro não a têm
verify-signed-differs = a ação { $n } do registro é `{ $text }`, mas a cadeia assinou `{ $signed }` (linha { $sign_line })
verify-signed-wrong_signer = a ação { $n } é { $side ->
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
       *[other] de { $side }
    } (linha { $line }): tem de ser assinada com { $want }, não com { $found }
verify-signed-wrong_signer_clock = a ação { $n } foi jogada pelo cronômetro { $side ->
        [Sul] pelo Sul
        [Norte] pelo Norte
        [brancas] pelas brancas
        [Brancas] pelas brancas
        [pretas] pelas pretas
        [Pretas] pelas pretas
        [freixo] pelo freixo
        [Freixo] pelo freixo
        [nogueira] pela nogueira
        [Nogueira] pela nogueira
       *[other] por { $side }
    } (linha { $line }): tem de ser assinada com { $want }, não com { $found }
verify-signed-unsigned = a ação { $n } `{ $text }` do registro não está na cadeia assinada
verify-signed-bad_seal = o selo do servidor não confere: uma linha anterior foi alterada depois de a mesa selar o registro
verify-signed-no_sides = o registro não tem a linha `{ $line }`, por isso as suas ações não podem ser ligadas às chaves dos lugares
verify-signed-early_order = `{ $text }` não pode vir aqui: os dois exércitos são comprometidos (ready) antes de qualquer revelação, e as ações do jogo vêm depois das duas revelações
verify-signed-by-first = a chave do primeiro lugar
verify-signed-by-second = a chave do segundo lugar
verify-signed-by-server = a chave do servidor
online-too_late = Sua jogada chegou ao servidor depois que o seu tempo acabou: a mesa já tinha feito a jogada do cronômetro.
store-locked = Outra cópia das Mesas Entalhadas está aberta e usa os salvamentos: esta cópia não vai salvar nada. Feche a outra para guardar o que ganhar aqui.
store-unavailable = Os salvamentos não podem ser abertos neste dispositivo: nada desta sessão será guardado.
store-damaged = Os salvamentos estavam danificados. Foram guardados à parte como { $file }; { $recovered } valor(es) puderam ser recuperados, e o jogo volta a ser salvo a partir de agora.
online-title = Mesa online
online-line = Jogue com uma pessoa em outro aparelho. O servidor guarda a partida, o cronômetro e a semente secreta.
online-your_name = Seu nome
online-time = Tempo
online-fill = Se ninguém entrar
online-fill-none = Esperar uma pessoa
online-open = Abrir uma mesa online
online-code = Código
online-join = Entrar
online-code_is = O código da sua mesa
online-give_code = Dê este código ao outro jogador: ele escolhe Entrar na mesa online e o digita.
online-joining = Entrando na mesa { $code }…
online-bot_in = Um bot ocupa o lugar em { $seconds } s se ninguém entrar
online-leave = Sair da mesa
online-table_code = Mesa { $code }
online-present = { $name } está na mesa
online-away_now = { $name } está ausente
online-name = { $name }
online-seat_empty = Lugar vazio
online-unreadable = A partida do servidor não se reproduz aqui: saia da mesa e entre de novo
online-seat_taken = { $name } ocupou o outro lugar
online-back = { $name } voltou
online-away = { $name } perdeu a conexão; o cronômetro continua correndo
online-refused = O servidor recusou: { $why }
online-refused-offline = Sem conexão com o servidor agora: sua jogada espera até ela voltar
online-refused-sent = Sua jogada está a caminho do servidor
online-refused-late = Seu tempo acabou: o servidor está fazendo a jogada do cronômetro
online-error-version = o jogo fala outra versão do protocolo que o servidor: atualize o jogo
online-error-hello_first = o jogo falou com o servidor fora de ordem (uma falha do jogo; ele se conecta de novo)
online-error-malformed = o servidor não conseguiu ler o que o jogo enviou
online-error-too_large = o jogo enviou coisa demais de uma vez
online-error-rate_limited = mensagens demais de uma vez: espere um pouco e tente de novo
online-error-bad_request = o servidor não pode fazer isso aqui e agora
online-error-no_such_table = nenhuma mesa aberta tem este código
online-error-table_full = os dois lugares desta mesa estão ocupados: você pode assistir
online-error-bad_token = este lugar não é mais seu (a mesa terminou ou foi fechada)
online-error-not_seated = você não tem lugar nesta mesa
online-error-not_started = a partida ainda não começou
online-error-not_your_turn = não é a sua vez
online-error-bad_notation = o servidor não conseguiu ler essa jogada
online-error-illegal = as regras do servidor não permitem essa jogada aqui
online-error-stale = a mesa já tinha avançado: ela está sendo atualizada
online-error-game_over = a partida terminou
online-error-replaced = este lugar foi retomado em outro aparelho ou janela
online-error-unavailable = o servidor não conseguiu manter a mesa: tente mais tarde
online-error-bad_signature = a assinatura da jogada não confere: veja a sua chave em Configurações
online-error-not_proved = isto precisa da sua chave, comprovada para o servidor (partidas valendo rating, a sua própria página)
player-no_record = nenhuma partida terminada tem este código
online-lost-version = O servidor fala outra versão do protocolo: atualize o jogo
online-lost-no_such_table = Nenhuma mesa aberta tem esse código
online-lost-table_full = Os dois lugares dessa mesa estão ocupados
online-lost-seat_gone = Seu lugar não está mais aberto: a mesa foi fechada
online-lost-replaced = Seu lugar foi retomado de outra janela
online-lost-unavailable = O servidor não pode manter uma mesa agora: tente mais tarde
online-offline = Você está sem rede: o jogo online precisa dela. Todas as partidas contra o bot, as lições e as regras funcionam sem ela.
online-lost-unreachable = Não foi possível alcançar o servidor: { $why }
online-link-connecting = Conectando…
online-link-connected = Conectado
online-link-reconnecting = Reconectando (tentativa { $attempt })…
online-lost-finished = A partida acabou; a mesa foi fechada
online-lost-ended_away = A partida acabou enquanto você estava fora; a mesa foi fechada
online-copy_code = Copiar o código
online-return = Voltar à mesa online { $code }
online-you = Você
online-watching = { $count } assistindo
online-rated = Valendo rating
online-rated_line = A partida muda o rating dos dois jogadores. Os dois precisam da sua chave; um bot na outra cadeira a torna amistosa.
online-rating-provisional = Rating provisório: ainda há poucas partidas valendo rating para dizer muito.
online-rating-line = Rating neste jogo, e quão certo ele é (±).
online-fingerprint_line = A impressão digital curta da chave deste jogador: dois jogadores podem ter o mesmo nome, nunca a mesma chave.
online-seed-fingerprint = Impressão digital
online-seed-fingerprint_hint = SHA-256 da semente secreta da mesa, enviado pelo servidor no início; a própria semente é revelada no fim. Clique para ver o valor inteiro.
online-seed-copy = Copiar
online-rating-now = agora { $rating }
online-watch-label = Assistindo
online-watch-hint = Você está assistindo: cada jogada aparece assim que é feita.
online-watch-waiting = Assistindo a mesa { $code }: o jogo ainda não começou.
online-watch-ended_before_start = O jogo terminou antes de começar.
online-clock-days = { $days } d { $hours } h
online-offer-draw = Propor empate
online-offer-takeback = Desfazer jogada
online-offer-takeback_hint = Pedir ao outro jogador para desfazer a sua última jogada
online-offer-draw_sent = Empate proposto…
online-offer-takeback_sent = Pedido para desfazer enviado…
online-offer-draw_from = { $name } propõe empate
online-offer-takeback_from = { $name } pede para desfazer a última jogada
online-offer-accept = Aceitar
online-offer-decline = Recusar
online-answer-draw_accepted = { $name } aceitou o empate
online-answer-draw_declined = { $name } recusou o empate
online-answer-takeback_accepted = { $name } deixou você desfazer a jogada
online-answer-takeback_declined = { $name } não deixou desfazer a jogada
online-rematch = Revanche
online-rematch-accept = Aceitar revanche
online-rematch-asks = { $name } pede revanche
online-rematch-waiting = Revanche pedida: esperando { $name }…
online-rematch-lapsed = Sem revanche: um jogador saiu da mesa
online-end-agreed = Empate por acordo
record-bad_game_type = game `{ $word }`: esperava-se um tipo de jogo como Base ou Base+MLP
record-game_type_after_moves = a linha game deve vir antes da primeira jogada
