"""Make the screenshots of docs/report.md from a report (run from the repository root):

    rakestats demo --out demo_out
    python docs/img/screenshots.py demo_out/report.html demo_out/report.pdf

Each section is shown alone in headless Chromium (the others hidden by an added style)
at 1,200 px, the Results once more at 390 px, and two PDF pages with pdftoppm."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent
SHOTS = [  # (file, section id, width, height)
    ("overview.png", "overview", 1200, 900),
    ("results.png", "results", 1200, 1500),
    ("style.png", "style", 1200, 1500),
    ("sessions.png", "sessions", 1200, 1000),
    ("skull.png", "skull", 1200, 1400),
    ("profile.png", "profiles", 1200, 1700),
    ("definitions.png", "definitions", 1200, 1000),
    ("results-390.png", "results", 390, 1300),
]


def shot(html: str, section: str, width: int, height: int, target: Path, tmp: Path) -> None:
    page = tmp / f"{section}-{width}.html"
    style = (
        "<style>header{display:none}section{display:none}"
        f"section#{section}{{display:block}}section#{section} h2{{margin-top:.5em}}</style>"
    )
    page.write_text(html.replace("</head>", style + "</head>"), encoding="utf-8")
    subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp / 'profile'}", "--hide-scrollbars",
         f"--window-size={width},{height}", f"--screenshot={target}", page.as_uri()],
        check=True, capture_output=True,
    )  # fmt: skip


def main(html_path: str, pdf_path: str) -> None:
    html = Path(html_path).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        for name, section, width, height in SHOTS:
            shot(html, section, width, height, OUT / name, Path(tmp))
    for page, name in ((1, "pdf-page-1"), (2, "pdf-page-2")):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-f", str(page), "-l", str(page), "-singlefile",
             pdf_path, str(OUT / name)],
            check=True,
        )  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
