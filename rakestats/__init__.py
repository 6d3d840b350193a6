"""rakestats: hand-history analytics for Rake and Razz.

``import rakestats`` is light: the facade and the subpackages are imported when first
used (``rakestats.Warehouse``, ``rakestats.plots``), so that ingestion never imports
matplotlib.

>>> from rakestats import Warehouse
>>> Warehouse("some/dir")
Warehouse('some/dir')
"""

import importlib

from rakestats._version import __version__

__all__ = ["Warehouse", "__version__"]

_SUBPACKAGES = frozenset(
    {"cards", "parse", "plots", "rake", "razz", "report", "sim", "stats", "warehouse"}
)


def __getattr__(name: str) -> object:
    # Imported lazily so that ``import rakestats.cards`` stays light.
    if name == "Warehouse":
        from rakestats.api import Warehouse

        return Warehouse
    if name in _SUBPACKAGES:
        return importlib.import_module(f"rakestats.{name}")
    raise AttributeError(f"module 'rakestats' has no attribute {name!r}")
