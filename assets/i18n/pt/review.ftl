## Portuguese (Brazil) strings of Carved Tables: the Games list, replays, the engine's review and the luck report.
## `{ $name }` is a value the game fills in; docs/translating.md says how to edit.

games-title = Partidas
games-paste = Abrir um registro
games-paste-about = Cole o registro de uma partida salvo por uma mesa (Freixo e Nogueira, Xadrez de Artefatos, Snēlab), uma GameString UHP de outra ferramenta de Hive ou uma posição na notação do seu jogo (a linha de um tabuleiro de Snēlab, uma posição de Xadrez de Artefatos ou uma FEN); ele abre como replay na sua mesa.
games-paste-hint = Base;InProgress;White[3];wS1;bS1 wS1-;…
games-open = Abrir como replay
games-clear = Limpar
games-unreadable = Este texto não abre: { $why }
replay-wrong_game = Esse registro é de outro jogo.
replay-refused = Isto é um replay: ninguém joga aqui. Saia dele para jogar.
replay-title = Replay · { $seats }
replay-title-plain = Replay
replay-at_start = O início · { $n ->
        [one] { $n } jogada
       *[other] { $n } jogadas
    }
replay-at = Jogada { $at } de { $n }: { $action }
replay-start = Ao início (Home)
replay-back = Uma jogada atrás (←)
replay-forward = Uma jogada adiante (→)
replay-end = Ao fim (End)
replay-play = Tocar
replay-pause = Pausar
replay-space = Tocar ou pausar (Espaço)
replay-copy = Copiar posição
replay-copy-hint = A posição mostrada, na notação do jogo
replay-leave = Sair do replay
review-title = Análise do motor
review-about = O motor avalia cada posição da partida e marca as jogadas que mais perderam.
review-start = Analisar com o motor
review-progress = { $done } de { $total ->
        [one] { $total } posição
       *[other] { $total } posições
    }
review-cancel = Cancelar
review-score = Resultado esperado do primeiro lado
review-axis = Resultado esperado do primeiro lado (%); a linha: a posição mostrada.
review-no_mistakes = Nenhuma jogada perdeu muito contra a escolha do motor.
review-mistakes = As jogadas que mais perderam:
review-mistake = { $n }. { $played } (melhor { $better }) −{ $loss } %
review-go = Mostrar a posição
luck-title = Sorte nos dados
luck-none = Nenhuma captura foi tentada: os dados nunca decidiram nada.
luck-side = { $side }: { $captures ->
        [one] { $captures } captura
       *[other] { $captures } capturas
    } para { $expected } esperadas ({ $luck })
luck-luckiest = Rolagem de mais sorte: { $n }. { $action } a { $chance } %
luck-unluckiest = Rolagem de mais azar: { $n }. { $action } a { $chance } %
replay-this = Rever e analisar esta partida
games-finished = Terminadas neste aparelho
games-none = Nenhuma partida terminou aqui ainda: cada uma que você terminar fica guardada aqui, para rever.
games-winner = Venceu: { $side }
games-unfinished = Inacabada
games-plies = { $n ->
        [one] { $n } jogada
       *[other] { $n } jogadas
    }
games-open_one = Rever
games-remove = Remover
games-save_failed = Não foi possível salvar a lista de partidas: { $why }
games-side-white = Brancas
games-side-black = Pretas
games-side-ash = Freixo
games-side-walnut = Nogueira
games-side-south = Sul
games-side-north = Norte
replay-speed = Velocidade
replay-file_unreadable = Não foi possível ler o arquivo do registro: { $why }
analysis-open = Analisar
analysis-open-hint = Continue a partir da posição mostrada, com os dois lados seus, com a avaliação e a melhor linha do motor
analysis-title = Tabuleiro de análise
analysis-back = Voltar ao replay
analysis-about = Faça qualquer jogada legal por qualquer lado; o motor acompanha o tabuleiro.
analysis-thinking = O motor está pensando…
analysis-evaluation = Pontuação esperada { $side ->
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
    }: { $score } %
analysis-line = A melhor linha do motor a partir daqui
analysis-over = A partida terminou nesta posição.
analysis-chance = A linha para onde o acaso decide: { $odds }
analysis-no_notation = Esta posição não pode ser copiada: { $why }
luck-deal = As mãos distribuídas: { $sides }
luck-deal-one = { $side } { $luck } %
luck-deal-side = { $side }: { $hand }; { $luck } % de pontuação esperada, melhor que { $beaten } % das mãos possíveis
luck-cards = Cartas tiradas ao acaso
luck-cards-side = { $side }: { $n ->
        [one] { $n } tiragem
       *[other] { $n } tiragens
    }, { $luck } % de pontuação esperada contra as suas chances
luck-cards-luckiest = Tiragem mais feliz: { $n }. { $action } tirou { $drawn } ({ $chance } %), { $luck } %
luck-cards-unluckiest = Tiragem mais azarada: { $n }. { $action } tirou { $drawn } ({ $chance } %), { $luck } %
games-copy_record = Copiar o registro
