"""rakestats: hand-history analytics for Rake and Razz."""

__version__ = "0.1.0"

__all__ = ["__version__"]
