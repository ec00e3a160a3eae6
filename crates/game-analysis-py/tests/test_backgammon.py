"""game_analysis.backgammon: F(k, s) against the race's definition computed here, Table 4,
the cube and the bear-off databases."""

from fractions import Fraction
from functools import lru_cache

import pytest

from game_analysis import BackgammonError, backgammon

# Pips per roll: a non-double moves its two dice (chance 2/36), a double four times its
# die (1/36).
ROLLS = [(i + j, Fraction(2, 36)) for i in range(1, 7) for j in range(i + 1, 7)] + [
    (4 * i, Fraction(1, 36)) for i in range(1, 7)
]


@lru_cache(maxsize=None)
def race(k, s):
    """F(k, s) by its definition: the player on roll finishes when his roll covers k."""
    return sum(p if x >= k else p * (1 - race(s, k - x)) for x, p in ROLLS)


def test_the_race_is_its_definition():
    for k in range(1, 31):
        for s in range(1, 31):
            assert backgammon.race_win_probability(k, s) == race(k, s), (k, s)


@pytest.mark.parametrize(
    "k, lead, printed",
    # Table 4 cells that reproduce (xtask/src/sources/dotsenko_marynych/transcription.toml): F(k, k + lead).
    [(20, 10, 0.91), (20, 15, 0.96), (20, 20, 0.98), (20, 25, 0.99)],
)
def test_table_4(k, lead, printed):
    assert round(float(backgammon.race_win_probability(k, k + lead)), 2) == printed


def test_cube_equities_exact_and_in_floats_agree():
    exact = backgammon.cube_equities(30, 33)
    floats = backgammon.cube_equities(30, 33, exact=False)
    assert all(isinstance(value, Fraction) for value in exact)
    for e, f in zip(exact, floats):
        assert float(e) == pytest.approx(f, abs=1e-12)
    # Owning the cube is worth at least having it centred.
    assert exact.owned >= exact.centred
    assert backgammon.cube_decisions(30, 33) == backgammon.cube_decisions(30, 33, exact=False)


def test_the_one_sided_database():
    database = backgammon.OneSidedDatabase(2)
    assert database.expected_rolls([1, 1]) == 1
    distribution = database.rolls_distribution([6, 6])
    assert sum(distribution) == 1 and all(isinstance(p, Fraction) for p in distribution)
    assert len(backgammon.OneSidedDatabase(15)) == 54264


def test_the_two_sided_database():
    database = backgammon.TwoSidedDatabase(3)
    assert database.positions() == 84
    # One checker on the 1-point bears off with any roll.
    assert database.win_probability([1], [6, 6, 6]) == 1.0
    assert database.cube_action([1], [6, 6, 6]) == "double, pass"
    assert database.cube_action([1], [6, 6, 6]) is backgammon.CubeAction.DOUBLE_PASS
    assert str(backgammon.CubeAction.DOUBLE_PASS) == "double, pass"
    assert database.cube_action([1], [6, 6, 6], cube="opponent owns") == "no double"
    entry = database.equities([6, 6], [5])
    assert 0 <= entry.win <= 1 and entry.opponent_owns <= entry.centred <= entry.owned


def test_gnubgs_one_sided_file():
    file = backgammon.GnubgOneSidedFile(6)
    assert file.positions() == 54264
    data = file.to_bytes()
    assert data.startswith(b"gnubg-OS-06-15-1-1-0") and len(data) == 1465788
    # Position 1 is one checker on the 1-point: off in one roll, for sure.
    win, gammon = file.distributions(1)
    assert win[1] == 65535 and gammon[0] == 65535
    # Every distribution sums to 65,535, gnubg's certainty.
    assert all(sum(file.distributions(i)[0]) == 65535 for i in range(0, 54264, 997))
    whole = backgammon.GnubgOneSidedFile(2, gammon=False, compress=False).to_bytes()
    assert whole.startswith(b"gnubg-OS-02-15-0-0-0") and len(whole) == 40 + 136 * 64


@pytest.mark.parametrize(
    "call",
    [
        lambda: backgammon.race_win_probability(0, 5),
        lambda: backgammon.race_win_probability(5, 2001),
        lambda: backgammon.GnubgOneSidedFile(9),
        lambda: backgammon.GnubgOneSidedFile(0),
        lambda: backgammon.GnubgOneSidedFile(2).distributions(136),
        lambda: backgammon.cube_equities(121, 5),
        lambda: backgammon.OneSidedDatabase(16),
        lambda: backgammon.OneSidedDatabase(2).expected_rolls([7]),
        lambda: backgammon.OneSidedDatabase(2).expected_rolls([1, 1, 1]),
        lambda: backgammon.TwoSidedDatabase(2).win_probability([], [1]),
        lambda: backgammon.TwoSidedDatabase(2).cube_action([1], [1], cube="theirs"),
    ],
)
def test_bad_input_is_a_backgammon_error(call):
    with pytest.raises(BackgammonError):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: backgammon.race_win_probability(0, 5),
        lambda: backgammon.cube_equities(0, 0),
        lambda: backgammon.cube_decisions(5, 0),
        lambda: backgammon.OneSidedDatabase(0),
        lambda: backgammon.TwoSidedDatabase(0),
    ],
)
def test_zero_pip_counts_and_empty_databases_are_refused_everywhere(call):
    with pytest.raises(BackgammonError, match="outside 1..="):
        call()


def test_a_negative_pip_count_is_told_the_range_the_call_takes():
    with pytest.raises(BackgammonError, match="k = -1 is outside 1..=2000"):
        backgammon.race_win_probability(-1, 21)
    with pytest.raises(BackgammonError, match="a place = 26 is outside 1..=25"):
        backgammon.hypergammon(1).entry([26], [24])


def test_gnubgs_two_sided_file_built_out_of_core_and_read(tmp_path):
    out = tmp_path / "ts-6x4.bd"
    backgammon.build_gnubg_two_sided_file(4, tmp_path / "work", out)
    assert out.read_bytes().startswith(b"gnubg-TS-06-04-1")
    file = backgammon.GnubgTwoSidedFile(out)
    assert file.max_checkers() == 4
    exact = backgammon.TwoSidedDatabase(4)
    # gnubg's 16-bit recursion drifts from the exact values by a few units of 1/32,767.
    for on_roll, opponent in [([6, 6], [5]), ([1], [6, 6, 6, 6]), ([6, 5, 4, 3], [2, 2, 1, 1])]:
        read, truth = file.equities(on_roll, opponent), exact.equities(on_roll, opponent)
        assert all(abs(r - t) < 1e-3 for r, t in zip(read, truth))
        assert file.cube_action(on_roll, opponent) == exact.cube_action(on_roll, opponent)
    cubeless, *_ = file.stored([1], [6, 6, 6, 6])
    assert cubeless == 65535  # one checker on the 1-point comes off: a sure win
    with pytest.raises(BackgammonError):
        file.equities([1, 1, 1, 1, 1], [1])  # five checkers in a file of four
    with pytest.raises(BackgammonError):
        file.equities([], [1])  # the race is over
    with pytest.raises(BackgammonError):
        file.cube_action([1], [1], cube="theirs")
    with pytest.raises(BackgammonError):
        backgammon.GnubgTwoSidedFile(tmp_path / "missing.bd")
    with pytest.raises(BackgammonError):
        backgammon.build_gnubg_two_sided_file(9, tmp_path / "work-9", tmp_path / "ts-6x9.bd")


# One checker a side, from Rust's HypergammonDatabase: the player on roll at the start.
HYPER_1_START_WIN = 0.601583


def test_hypergammon_one_checker_a_side():
    database = backgammon.hypergammon(1)
    assert (database.checkers, database.positions) == (1, 676)
    assert database.residual <= 1e-12 and database.cubeless_error_bound < 1e-11
    assert 0 < database.cubeful_error_bound < 1e-11
    start = database.entry([24], [24])
    assert round(start.win, 6) == HYPER_1_START_WIN
    # One checker a side: every win is a gammon (the loser has borne off nothing).
    assert abs(start.win - start.win_gammon) < 1e-12
    assert database.cube_action([24], [24]) is backgammon.CubeAction.DOUBLE_TAKE
    # The entry satisfies its equations: P(win) is the average over the rolls of the best
    # play's chance, here checked on a race with the opponent sure to come off next turn.
    race = database.entry([6], [1])
    assert abs(race.win - 27 / 36) < 1e-12  # the rolls that bear off from the 6-point
    # A checker on the bar (place 25) enters; the opponent's blot on his 1-point is hit.
    assert 0 < database.entry([25], [12]).win < 1


def test_hypergammon_census_is_the_database_s_own_values():
    """The census reads what the database holds: its start is the entry at the start, its
    openings are the fifteen non-double rolls, and its cube actions count every position
    in play once; the same numbers as the docs' tables, which the xtask draws from the same
    Rust census."""
    database = backgammon.hypergammon(2)
    census = database.census()
    start = database.entry([24, 23], [24, 23])  # one checker a point from the 24-point
    assert census["start"]["win"] == start.win
    assert census["start"]["centred_action"] == database.cube_action([24, 23], [24, 23]).value
    assert len(census["openings"]) == 15
    assert all(opening["roll"][0] > opening["roll"][2] for opening in census["openings"])
    decisions = census["decisions"]
    in_play = decisions["no_double"] + decisions["double_take"] + decisions["double_pass"]
    assert 0 < in_play < census["positions"] == database.positions
    assert census["races"] > 0 and len(census["race_formulas"]) == 8
    assert all(0 <= share["same_action"] <= 1 for share in census["race_formulas"])


def test_hypergammon_written_in_gnubgs_layout_and_read(tmp_path):
    database = backgammon.HypergammonDatabase(1, dance="makehyper")
    path = tmp_path / "hyper1.bd"
    path.write_bytes(database.gnubg_bytes())
    assert path.read_bytes().startswith(b"gnubg-H1xxx")
    file = backgammon.GnubgHypergammonFile(path)
    assert file.checkers() == 1
    for on_roll, opponent in [([24], [24]), ([25], [3]), ([7], [12])]:
        read, kept = file.entry(on_roll, opponent), database.entry(on_roll, opponent)
        assert all(abs(r - k) <= 6 / 16_777_215 for r, k in zip(read, kept))


@pytest.mark.parametrize(
    "call",
    [
        lambda: backgammon.HypergammonDatabase(0),
        lambda: backgammon.HypergammonDatabase(4),
        lambda: backgammon.HypergammonDatabase(1, tolerance=0.0),
        lambda: backgammon.HypergammonDatabase(1, dance="skip"),
        lambda: backgammon.hypergammon(1).entry([26], [24]),
        lambda: backgammon.hypergammon(1).entry([5], [20]),  # both on the player's 5-point
        lambda: backgammon.hypergammon(1).entry([5, 6], [20]),
        lambda: backgammon.hypergammon(1).cube_action([24], [24], cube="theirs"),
        lambda: backgammon.GnubgHypergammonFile("/nonexistent/hyper1.bd"),
    ],
)
def test_bad_hypergammon_input_is_a_backgammon_error(call):
    with pytest.raises(BackgammonError):
        call()


def test_a_position_id_is_answered_as_the_databases_own_entry():
    database = backgammon.TwoSidedDatabase(3)
    # Checkers on the 6 and 5 points against two on the ace point: won only by bearing
    # both off now (6-5, 6-6, 5-5, 4-4, 3-3).
    answer = database.query(_position_id([6, 5], [1, 1]), roll="6-5")
    assert abs(answer.win - 6 / 36) < 1e-15
    assert (answer.win, answer.centred, answer.owned, answer.opponent_owns) == tuple(
        database.equities([6, 5], [1, 1]))
    assert answer.cube_action == backgammon.CubeAction.NO_DOUBLE
    # Both off wins; 6/1 5/off (the five first) leaves a checker to the opponent's turn.
    assert [play.play for play in answer.plays] == ["6/off 5/off", "6/1 5/off"]
    assert answer.plays[0].equity == 1.0 and answer.plays[1].loss == 2.0
    xgid = database.query(answer.xgid)
    assert xgid.position_id == answer.position_id and xgid.centred == answer.centred
    with pytest.raises(BackgammonError, match="14 characters"):
        database.query("4HPwATDgc/ABM")
    with pytest.raises(BackgammonError, match="points 1 to 6"):
        database.query("4HPwATDgc/ABMA")


def _position_id(on_roll, opponent):
    """gnubg's Position ID of two bear-off sides (the opponent's 25 places first)."""
    bits = []
    for side in (opponent, on_roll):
        for place in range(1, 26):
            bits += [1] * side.count(place) + [0]
    key = bytearray(10)
    for k, bit in enumerate(bits):
        key[k // 8] |= bit << (k % 8)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    stream = "".join(f"{byte:08b}" for byte in key) + "0000"
    return "".join(alphabet[int(stream[k:k + 6], 2)] for k in range(0, 84, 6))


def test_a_position_answers_with_both_market_windows():
    # Two checkers on the 3 and 4 points against two on the opponent's 20: the player on
    # roll wins most games, many of them gammons, so W is well above 1.
    answer = backgammon.HypergammonDatabase(2).query(_position_id([3, 4], [20, 20]))
    w = 1 + (answer.win_gammon + answer.win_backgammon) / answer.win
    l = 1 + (answer.lose_gammon + answer.lose_backgammon) / (1 - answer.win)
    assert w > 1.5
    mine, theirs = answer.market_window, answer.opponent_market_window
    assert mine.dead.take == pytest.approx((l - 0.5) / (w + l), abs=1e-12)
    assert mine.live.cash == pytest.approx((l + 1) / (w + l + 0.5), abs=1e-12)
    assert theirs.dead.take == pytest.approx((w - 0.5) / (w + l), abs=1e-12)
    assert mine.dead.cash == pytest.approx(1 - theirs.dead.take, abs=1e-12)
    # Without gammons, every bear-off's window is the classical one.
    race = backgammon.TwoSidedDatabase(2).query(_position_id([6, 5], [1, 1]))
    classical = backgammon.MarketWindow(backgammon.CubePoints(0.25, 0.5, 0.5, 0.75, 1.0),
                                        backgammon.CubePoints(0.2, 0.8, 0.8, 0.8, 0.8))
    assert race.market_window == classical == race.opponent_market_window
