"""Dotsenko and Marynych's single-checker race: F(k, k + d), the chance that the player on
roll at k pips wins against k + d, for leads d = 0..30 at k = 20, 40, 80 and 120 — the curves
behind the paper's Table 4, exactly.

Draws them with matplotlib if it is installed (to race_curve.png) and prints the numbers
otherwise:

    python crates/game-analysis-py/examples/race_curve.py
"""

from game_analysis import backgammon

PIP_COUNTS = [20, 40, 80, 120]
LEADS = range(0, 31)


def curves():
    return {k: [float(backgammon.race_win_probability(k, k + d)) for d in LEADS] for k in PIP_COUNTS}


def main():
    table = curves()
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("lead  " + "".join(f"k = {k:<6}" for k in PIP_COUNTS))
        for i, d in enumerate(LEADS):
            print(f"{d:4}  " + "".join(f"{table[k][i]:<10.4f}" for k in PIP_COUNTS))
        return
    figure, axes = plt.subplots(figsize=(6, 4))
    for k in PIP_COUNTS:
        axes.plot(list(LEADS), table[k], marker=".", label=f"k = {k}")
    axes.set_xlabel("opponent's lead s - k (pips)")
    axes.set_ylabel("F(k, s), exact")
    axes.set_title("Single-checker race: the player on roll wins")
    axes.legend()
    figure.tight_layout()
    figure.savefig("race_curve.png", dpi=120)
    print("wrote race_curve.png")


if __name__ == "__main__":
    main()
