"""``python -m rakestats``: the command-line interface."""

from rakestats.cli import main

if __name__ == "__main__":
    main()
