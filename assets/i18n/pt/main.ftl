## Portuguese (Brazil) strings of Carved Tables: the menu, settings and what every table shares.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

app-title = Mesas Entalhadas
app-subtitle = Três jogos numa só mesa de madeira
menu-play = Jogar
menu-opening = Preparando a mesa: { $game }…
menu-rules = Regras
menu-settings = Configurações
menu-online = Jogar online
menu-quit = Sair
menu-back = Voltar ao menu
menu-close = Fechar
game-snelab-name = Snēlab
game-snelab-tagline = Uma corrida pelo tribunal em que cada captura se paga com peças de peso igual.
game-hive-name = Freixo e Nogueira
game-hive-tagline = Cinco criaturas entalhadas e nenhum tabuleiro: cerque o Ancião do adversário para vencer.
game-chess-name = Xadrez de Artefatos
game-chess-tagline = Exércitos com orçamento e sem dama, capturas decididas nos dados e 22 artefatos.
settings-title = Configurações
settings-language = Idioma
settings-master_volume = Volume geral
settings-effects_volume = Volume dos efeitos
settings-starting_purse = Bolsa inicial
settings-starting_purse_hint = A bolsa de Snēlab de quem ainda não jogou, e o valor a que Recomeçar tudo volta. Depois que você jogou um caso, vale a partir do próximo Recomeçar tudo.
settings-reset_problem = Um valor salvo não pôde ser lido e foi redefinido: { $why }
settings-save_failed = Não foi possível salvar as configurações: { $why }
settings-words_problem = Algumas palavras não puderam ser lidas e aparecem em inglês: { $what }
reload-theme = Lido de novo: theme.ron
reload-theme-problems = { $count ->
        [one] Lido de novo: theme.ron, com { $count } problema: { $first }
       *[other] Lido de novo: theme.ron, com { $count } problemas (todos no log), o primeiro: { $first }
    }
reload-model = Lido de novo: { $file }
reload-model-failed = Não foi possível ler { $file } ({ $error }); usamos um substituto embutido
reload-shader-failed = { $file } não compila ({ $error }); usamos o embutido até ele ser salvo de novo
loading-title = Entalhando as mesas…
loading-progress = { $done } de { $total ->
        [one] { $total } arquivo
       *[other] { $total } arquivos
    }
loading-fallback = { $count ->
        [one] { $count } arquivo não pôde ser lido; usamos um substituto embutido.
       *[other] { $count } arquivos não puderam ser lidos; usamos substitutos embutidos.
    }
table-fit = Enquadrar
table-controls = Arraste com o botão direito ou Q/E para girar · Page Up/Down para inclinar · arraste a mesa para movê-la · roda, pinça ou +/− para aproximar
rules-title = Regras de { $game }
rules-unreadable = Não foi possível ler a página de regras: { $file }
figure-snelab-route = O { $piece } numa corte pequena; a frente é para cima.
figure-snelab-payment = Capturar o { $target } ({ $cost }) com o { $attacker }: cada linha à direita é uma forma de pagar exatamente { $cost }.
figure-snelab-legend-move = uma jogada para a frente, para uma casa vazia
figure-snelab-legend-appeal = uma captura para trás, pela apelação: só sobre uma peça do adversário
figure-snelab-legend-faded = uma peça sua que pode pagar essa captura
figure-snelab-legend-target = a peça do adversário capturada
figure-snelab-legend-payer = uma peça que pode pagar
figure-hive-slide_room = À esquerda: o Ancião não consegue deslizar para a fresta entre duas peças. À direita: sem uma delas, consegue.
figure-hive-elder = O Ancião dá um passo deslizando: os pontos marcam para onde ele pode ir.
figure-hive-owl = A Coruja anda para uma casa vazia ao lado ou sobe em cima de uma peça.
figure-hive-hare = A Lebre salta em linha reta por cima das peças até a primeira casa vazia.
figure-hive-fox = A Raposa termina a exatamente três passos deslizando; as linhas mostram o caminho.
figure-hive-otter = A Lontra desliza para qualquer lugar em volta do grupo, mas nunca para a casa fechada no meio.
figure-chess-odds = Cada barra conta todos os lançamentos dos dados: dá certo, ferimento, falha.
figure-chess-attacker = atacante
figure-chess-defender = defensor
figure-chess-attacker-healthy = sadio
figure-chess-attacker-wounded = ferido
figure-chess-attacker-healthy_fury = sadio, com Fúria
figure-chess-attacker-wounded_fury = ferido, com Fúria
figure-chess-defender-healthy = sadio
figure-chess-defender-healthy_shield = sadio, com Escudo
figure-chess-defender-wounded_shield = ferido, com Escudo
figure-chess-defender-wounded = ferido
figure-chess-dice = { $attacker }d6 contra { $defender }d6
figure-chess-no_roll = sem rolagem
figure-chess-percent = { $value } %
figure-chess-success = dá certo
figure-chess-wound = ferimento
figure-chess-miss = falha
figure-chess-artifacts = Os artefatos por tipo, cada um com a marca do seu tipo.
figure-chess-kind-movement = Movimento
figure-chess-kind-keeps_move = Mantém a jogada
figure-chess-kind-answer = Resposta
figure-chess-kind-action = Ação
audio-unavailable = Sem dispositivo de som: o jogo fica em silêncio.
notation-at = no caractere { $at }: { $what }
level-easy = fácil
level-normal = normal
level-hard = difícil
save-damage-unreadable = `{ $key }` está danificado ({ $detail }); usa-se o padrão
save-damage-wrong_shape = `{ $key }` não tem a forma esperada ({ $detail }); usa-se o padrão
save-damage-older = `{ $key }` foi salvo num formato antigo (versão { $found }, agora { $reads }); usa-se o padrão
save-damage-newer = `{ $key }` foi salvo por uma versão mais nova do jogo (formato { $found }, esta lê { $reads }); usa-se o padrão
save-damage-store = não foi possível ler `{ $key }` ({ $detail }); usa-se o padrão
settings-server = Servidor da mesa online
settings-motion = Movimento
settings-motion-system_full = Como o sistema pede (completo)
settings-motion-system_reduced = Como o sistema pede (reduzido)
settings-motion-full = Completo
settings-motion-reduced = Reduzido
settings-motion-hint = As peças saltam em vez de percorrer o caminho, os dados mostram os valores na hora, a moeda e os pagamentos são curtos, e a vista pula em vez de girar. As marcas da última jogada e cada resultado ficam tanto tempo quanto antes.
settings-marks = Marcas
settings-marks-safe = Cores seguras para daltonismo
settings-marks-hint = As marcas verdes e vermelhas ficam azul-celeste e roxo-avermelhado, que quem vê vermelho e verde iguais consegue distinguir. Cada marca também tem sua própria forma: pontos, anéis com traços ou tracejados, brilhos e hachuras.
settings-look = Aparência
settings-look-auto_full = Como convém ao renderizador (completa)
settings-look-auto_light = Como convém ao renderizador (leve)
settings-look-full = Completa
settings-look-light = Leve
settings-look-hint = Para um renderizador lento, em que o processador desenha cada quadro: sombras da lâmpada mais simples, sem reflexos da sala, sem a sombra suave de contato sob as peças, e bordas sem suavização. A madeira, o entalhe e todas as marcas ficam como estão.
settings-scale = Tamanho da interface
menu-learn = Aprender
menu-games = Partidas
figure-hive-jay = O Gaio move-se como as criaturas em que toca: aqui anda como o Ancião ou salta como a Lebre.
figure-hive-squirrel = O Esquilo sobe ao grupo, dá um passo por cima dele e desce: exatamente três passos.
figure-hive-hedgehog = O Ouriço anda como o Ancião; em vez de se mover, pode carregar uma peça vizinha por cima de si até uma casa vazia ao seu lado.
# Lists read aloud by the screen reader's text of the table: "a e b", "a, b e c".
access-list-two = { $a } e { $b }
access-list-more = { $a }, { $rest }
access-typed-empty = Digite uma jogada: a notação dela, ou as palavras como a lista as diz.
access-typed-not_legal = “{ $text }” não é uma jogada permitida agora.
access-title = Todas as minhas jogadas
access-announced = Acabou de ser jogado
access-position = A mesa
access-typed-hint = Digite uma jogada (notação ou palavras) e Enter
access-typed-label = Sua jogada
access-typed-play = Jogar
access-actions = { $n ->
        [one] { $n } jogada permitida — escolha uma para jogá-la
       *[other] { $n } jogadas permitidas — escolha uma para jogá-la
    }
