"""``python -m rakestats``: the command-line interface."""

from rakestats.cli import run

if __name__ == "__main__":
    run()
