"""rakestats: hand-history analytics for Rake and Razz.

>>> from rakestats import Warehouse
>>> Warehouse("some/dir")
Warehouse('some/dir')
"""

from rakestats._version import __version__

__all__ = ["Warehouse", "__version__"]


def __getattr__(name: str) -> object:
    # Imported lazily so that ``import rakestats.cards`` stays light.
    if name == "Warehouse":
        from rakestats.api import Warehouse

        return Warehouse
    raise AttributeError(f"module 'rakestats' has no attribute {name!r}")
