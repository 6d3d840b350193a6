"""Plots of the statistics: matplotlib helpers that take the DataFrames of
:mod:`rakestats.stats` (or a :class:`~rakestats.Warehouse` and its filters) and an
``ax=``, draw on it (or on a new :class:`~matplotlib.figure.Figure`) and return the
Axes. They never touch pyplot's state and work on any backend, Agg included. Money
is drawn in the currency's units (dollars, not cents) or the game's (``unit=`` of
:func:`net_won_graph`), and every name is drawn as written (:func:`literal`). With no
data to draw, a helper says so on the Axes, and why (:func:`nothing_drawn`). In a
notebook, an Axes a helper returned without ``ax=`` is shown when it is a cell's value.

>>> from rakestats.plots import winrate
>>> import pandas as pd
>>> df = pd.DataFrame({"player": ["Ann"], "winrate_per100": [12.0],
...                    "winrate_ci_low": [2.0], "winrate_ci_high": [22.0]})
>>> winrate(df).get_title()
'Win rate per player, with 95% confidence interval'
"""

from rakestats.plots._display import register_notebook_display
from rakestats.plots._labels import label_overlaps, label_points, point_labels
from rakestats.plots._style import OKABE_ITO, group_label, nothing_drawn
from rakestats.plots._text import literal
from rakestats.plots.positions import winrate_by_position
from rakestats.plots.results import (
    NET_WON_UNITS,
    net_won_graph,
    stakes,
    symlog_threshold,
    winrate,
)
from rakestats.plots.skull import category_groups, reveal_categories, skull_ace_outcomes
from rakestats.plots.stud import MAX_PLAYERS, street_aggression, third_street
from rakestats.plots.style import af_cap, aggression_map

__all__ = [
    "MAX_PLAYERS",
    "NET_WON_UNITS",
    "OKABE_ITO",
    "af_cap",
    "aggression_map",
    "category_groups",
    "group_label",
    "label_overlaps",
    "label_points",
    "literal",
    "net_won_graph",
    "nothing_drawn",
    "point_labels",
    "reveal_categories",
    "skull_ace_outcomes",
    "stakes",
    "street_aggression",
    "symlog_threshold",
    "third_street",
    "winrate",
    "winrate_by_position",
]

register_notebook_display()
