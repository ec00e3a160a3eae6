"""Every parameter of the public Python surface refuses what it cannot mean. Each call is
made with good arguments but one, and that one is drawn from the values a careless caller
passes: ``None`` and the booleans (an int to Python, but never a count, a number or a path
here) for every parameter, and the empty and negative values for every parameter whose
domain leaves them out. Each raises ``TypeError`` or a ``ValueError`` subclass; none
returns. Every (call, parameter, value) is tried: the surface is small enough to go through
whole rather than sample.

The parameters a value *can* mean are left out, each for its reason: an empty list of heaps
is the empty position, an empty list of checkers a side that has borne off, and ``0`` a
game number or a seed."""

import inspect
from fractions import Fraction

import pytest

from game_analysis import backgammon, grundy, johnson, levene_fenner, matches, octal, tournament

# What a parameter takes, and so which of the careless values it must refuse.
COUNT = "a whole number"  # refuses None, bools, "", [], -1
NUMBER = "an exact or float number"  # refuses None, bools, "", [], and -1 (outside its range)
NAME = "a str"  # refuses None, bools, "", [], -1
CHOICE = "a str, or None for the default"  # refuses bools, "", [], -1
FLAG = "True or False"  # refuses None, "", [], -1, 1
POINTS = "a list of whole numbers, empty allowed"  # refuses None, bools, "", -1, [-1], [True]
LIST = "a non-empty list"  # the above, and []
PATH = "a file's path"  # refuses None, bools, "", [], -1

REFUSED = {
    COUNT: [None, True, False, "", [], -1],
    NUMBER: [None, True, False, "", [], -1],
    NAME: [None, True, False, "", [], -1],
    CHOICE: [True, False, "", [], -1],
    FLAG: [None, "", [], -1, 1],
    POINTS: [None, True, False, "", -1, [-1], [True]],
    LIST: [None, True, False, "", -1, [-1], [True], []],
    PATH: [None, True, False, "", [], -1],
}


@pytest.fixture(scope="module")
def objects(tmp_path_factory):
    """The objects whose methods are called: small databases and files."""
    folder = tmp_path_factory.mktemp("bad-arguments")
    two_sided_file = folder / "ts-6x2.bd"
    backgammon.build_gnubg_two_sided_file(2, folder / "work", two_sided_file)
    hyper = backgammon.hypergammon(1)
    hyper_file = folder / "hyper1.bd"
    hyper_file.write_bytes(hyper.gnubg_bytes())
    return {
        "folder": folder,
        "one_sided": backgammon.OneSidedDatabase(3),
        "two_sided": backgammon.TwoSidedDatabase(2),
        "gnubg_one_sided": backgammon.GnubgOneSidedFile(2),
        "gnubg_two_sided": backgammon.GnubgTwoSidedFile(two_sided_file),
        "hypergammon": hyper,
        "gnubg_hypergammon": backgammon.GnubgHypergammonFile(hyper_file),
        "quotient": octal.misere_quotient("0.75", 20),
    }


# One checker a side on each 24-point: the start of one-checker hypergammon.
HYPER_START = "XGID=-a----------------------A-:0:0:1:00:0:0:0:0:10"

# (call, [(parameter, good value, kind)]): every public function and method that takes
# arguments. A call names an object of `objects` by its key before the dot.
SURFACE = [
    ("matches.tree_sizes", [("n", 5, COUNT)]),
    ("matches.is_losing_position", [("matches_left", 5, COUNT)]),
    ("matches.losing_positions", [("max_matches", 20, COUNT)]),
    ("grundy.values", [("n", 20, COUNT)]),
    ("grundy.rare_heaps", [("n", 20, COUNT)]),
    ("grundy.misere_first_player_wins", [("heaps", [3, 4], POINTS)]),
    ("octal.values", [("code", "0.77", NAME), ("n", 20, COUNT),
                      ("until_proven", False, FLAG), ("threads", 1, COUNT)]),
    ("octal.misere_quotient", [("code", "0.75", NAME), ("max_heap", 10, COUNT)]),
    ("octal.stream", [("code", "0.6", NAME), ("n", 20, COUNT), ("front", 2**17, CHOICE),
                      ("threads", 1, COUNT), ("checkpoint", None, CHOICE),
                      ("checkpoint_minutes", 5.0, NUMBER), ("stop_at", None, CHOICE)]),
    ("grundy.stream", [("n", 20, COUNT), ("front", 2**17, CHOICE), ("threads", 1, COUNT),
                       ("checkpoint", None, CHOICE), ("checkpoint_minutes", 5.0, NUMBER),
                       ("stop_at", None, CHOICE)]),
    ("quotient.outcome", [("heaps", [2, 2], POINTS)]),
    ("johnson.win_probability", [("strategy", "HSTRAT", NAME), ("E", "1/2", NUMBER),
                                 ("A", "3/4", NUMBER), ("form", "TSD", NAME),
                                 ("tol", 1e-9, NUMBER)]),
    ("johnson.dependent_win_probability", [("strategy", "HSTRAT", NAME), ("E", "1/2", NUMBER),
                                           ("A", "3/4", NUMBER)]),
    ("levene_fenner.prob", [("moves", [[1, 2]], LIST), ("alpha", 2, COUNT)]),
    ("levene_fenner.nau_w", [("b", 2, COUNT)]),
    ("levene_fenner.nau_w_bracket", [("b", 2, COUNT)]),
    ("tournament.play", [("game", "connect-four", NAME), ("a", "uniform", NAME),
                         ("b", "uniform", NAME), ("games", 1, COUNT)]),
    ("tournament.split", [("games", 10, COUNT), ("pieces", 3, COUNT)]),
    ("tournament.merge", [("pieces", None, LIST)]),
    ("backgammon.race_win_probability", [("k", 5, COUNT), ("s", 6, COUNT)]),
    ("backgammon.cube_equities", [("k", 5, COUNT), ("s", 6, COUNT), ("exact", True, FLAG)]),
    ("backgammon.cube_decisions", [("k", 5, COUNT), ("s", 6, COUNT), ("exact", False, FLAG)]),
    ("backgammon.OneSidedDatabase", [("max_checkers", 2, COUNT)]),
    ("backgammon.TwoSidedDatabase", [("checkers", 1, COUNT)]),
    ("backgammon.GnubgOneSidedFile", [("points", 1, COUNT), ("gammon", True, FLAG),
                                      ("compress", True, FLAG)]),
    ("backgammon.build_gnubg_two_sided_file", [("checkers", 1, COUNT),
                                               ("work_dir", "work-1", PATH),
                                               ("out", "ts-6x1.bd", PATH)]),
    ("backgammon.GnubgTwoSidedFile", [("path", None, PATH)]),
    ("backgammon.hypergammon", [("checkers", 1, COUNT)]),
    ("backgammon.HypergammonDatabase", [("checkers", 1, COUNT), ("tolerance", 1e-9, NUMBER),
                                        ("dance", "pass", NAME)]),
    ("backgammon.GnubgHypergammonFile", [("path", None, PATH)]),
    ("two_sided.query", [("id", "AQAADAAAAAAAAA", NAME), ("roll", "6-5", CHOICE),
                         ("cube", "centred", CHOICE)]),
    ("gnubg_two_sided.query", [("id", "AQAADAAAAAAAAA", NAME), ("roll", "6-5", CHOICE),
                               ("cube", "owned", CHOICE)]),
    ("hypergammon.query", [("id", HYPER_START, NAME), ("roll", "6-5", CHOICE),
                           ("cube", "centred", CHOICE)]),
    ("gnubg_hypergammon.query", [("id", HYPER_START, NAME), ("roll", "3-1", CHOICE),
                                 ("cube", "opponent owns", CHOICE)]),
    ("one_sided.expected_rolls", [("points", [6, 5], POINTS)]),
    ("one_sided.rolls_distribution", [("points", [6, 5], POINTS)]),
    ("two_sided.win_probability", [("on_roll", [6, 5], POINTS), ("opponent", [1], POINTS)]),
    ("two_sided.equities", [("on_roll", [6, 5], POINTS), ("opponent", [1], POINTS)]),
    ("two_sided.cube_action", [("on_roll", [6, 5], POINTS), ("opponent", [1], POINTS),
                               ("cube", "centred", NAME)]),
    ("gnubg_one_sided.distributions", [("position", 3, COUNT)]),
    ("gnubg_two_sided.equities", [("on_roll", [6, 5], POINTS), ("opponent", [1], POINTS)]),
    ("gnubg_two_sided.stored", [("on_roll", [6, 5], POINTS), ("opponent", [1], POINTS)]),
    ("gnubg_two_sided.cube_action", [("on_roll", [6, 5], POINTS), ("opponent", [1], POINTS),
                                     ("cube", "owned", NAME)]),
    ("hypergammon.entry", [("on_roll", [24], POINTS), ("opponent", [24], POINTS)]),
    ("hypergammon.cube_action", [("on_roll", [24], POINTS), ("opponent", [24], POINTS),
                                 ("cube", "centred", NAME)]),
    ("gnubg_hypergammon.entry", [("on_roll", [24], POINTS), ("opponent", [24], POINTS)]),
]

MODULES = {
    "matches": matches, "grundy": grundy, "octal": octal, "johnson": johnson,
    "levene_fenner": levene_fenner, "tournament": tournament, "backgammon": backgammon,
}


def good_values(call, parameters, objects):
    """The parameters' good values; the paths and pieces, which need the scratch folder or a
    played piece, made here."""
    folder = objects["folder"]
    values = []
    for name, value, _ in parameters:
        if call == "backgammon.GnubgTwoSidedFile":
            value = folder / "ts-6x2.bd"
        elif call == "backgammon.GnubgHypergammonFile":
            value = folder / "hyper1.bd"
        elif call == "tournament.merge":
            value = [tournament.play("connect-four", "uniform", "uniform", 1)]
        elif kind_is_path(call, name):
            value = folder / value
        values.append(value)
    return values


def kind_is_path(call, name):
    return call == "backgammon.build_gnubg_two_sided_file" and name in ("work_dir", "out")


def function(call, objects):
    owner, attribute = call.split(".")
    return getattr(MODULES[owner] if owner in MODULES else objects[owner], attribute)


CASES = [
    pytest.param(call, position, bad, id=f"{call}-{name}={bad!r}")
    for call, parameters in SURFACE
    for position, (name, _, kind) in enumerate(parameters)
    for bad in REFUSED[kind]
]


def test_the_good_values_are_good(objects):
    for call, parameters in SURFACE:
        function(call, objects)(*good_values(call, parameters, objects))


@pytest.mark.parametrize("call, position, bad", CASES)
def test_a_bad_argument_raises_a_typed_error(call, position, bad, objects, tmp_path,
                                             monkeypatch):
    arguments = good_values(call, dict(SURFACE)[call], objects)
    arguments[position] = bad
    # In an empty folder of its own, so that a refused path that wrote anything shows.
    monkeypatch.chdir(tmp_path)
    with pytest.raises((TypeError, ValueError)):
        function(call, objects)(*arguments)
    assert not list(tmp_path.iterdir())


def test_every_public_function_is_tried():
    listed = {call for call, _ in SURFACE}
    public = {
        f"{name}.{attribute}"
        for name, module in MODULES.items()
        for attribute in getattr(module, "__all__", dir(module))
        if callable(getattr(module, attribute)) and not attribute.startswith("_")
        and getattr(getattr(module, attribute), "__module__", "") == module.__name__
    }
    # Calls without arguments, types that only hold results, and the distributed line
    # (tried in test_tournament.py on a local cluster).
    untried = {
        "johnson.strategies", "tournament.to_json", "tournament.play_distributed",
        "backgammon.CubeAction", "backgammon.CubeEquities", "backgammon.CubeDecisions",
        "backgammon.Equities", "backgammon.HypergammonEntry", "octal.OctalValues",
        "octal.MisereQuotient", "octal.Milestone", "octal.StreamedRun", "backgammon.RatedPlay", "backgammon.PositionAnswer",
        "backgammon.CubePoints", "backgammon.MarketWindow",
    }
    assert public - untried <= listed, sorted(public - untried - listed)


def test_every_public_method_that_takes_arguments_is_tried(objects):
    listed = {call for call, _ in SURFACE}
    methods = {
        f"{key}.{name}"
        for key, made in objects.items()
        if key != "folder"
        for name, method in inspect.getmembers(type(made), inspect.isfunction)
        if not name.startswith("_") and len(inspect.signature(method).parameters) > 1
    }
    assert methods <= listed, sorted(methods - listed)


def test_fractions_and_exact_strings_stay_good():
    """The exact numbers refused above are refused for their kind, not for being exact."""
    assert johnson.dependent_win_probability("HSTRAT", Fraction(1, 2), "3/4") == Fraction(7, 9)
    assert list(grundy.values(3)) == [0, 0, 0, 1]


@pytest.mark.parametrize("keyword", ["first_game", "seed", "alpha"])
@pytest.mark.parametrize("bad", REFUSED[COUNT])
def test_a_bad_keyword_of_a_line_raises_a_typed_error(keyword, bad):
    with pytest.raises((TypeError, ValueError)):
        tournament.play("connect-four", "uniform", "uniform", 1, **{keyword: bad})
