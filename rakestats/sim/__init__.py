"""Simulated Rake play: bots, table sessions, and the hand-history writer."""

from rakestats.formats.rake.writer import HandMeta, NameRefusedError, format_hand, write_hand
from rakestats.sim.runner import SimulationSummary, simulate
from rakestats.sim.samples import sample_data_dir
from rakestats.sim.styles import STYLES, Style

__all__ = [
    "STYLES",
    "HandMeta",
    "NameRefusedError",
    "SimulationSummary",
    "Style",
    "format_hand",
    "sample_data_dir",
    "simulate",
    "write_hand",
]
