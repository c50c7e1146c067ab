# Samples positions from short Stockfish self-play games for the bench list.
import chess, chess.engine, random
random.seed(2026)
openings = ["e2e4 e7e5","d2d4 d7d5","c2c4 e7e5","e2e4 c7c5","g1f3 d7d5","e2e4 e7e6","d2d4 g8f6 c2c4 e7e6","e2e4 c7c6","b2b3 e7e5","f2f4 d7d5"]
eng = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
fens = []
for op in openings:
    b = chess.Board()
    for m in op.split(): b.push_uci(m)
    plies = 0
    while not b.is_game_over() and plies < 140:
        r = eng.play(b, chess.engine.Limit(depth=9))
        b.push(r.move); plies += 1
        if plies in (12, 30, 55, 90):
            fens.append(b.fen())
eng.quit()
for f in fens: print(f)
