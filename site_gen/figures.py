"""A figure as the site publishes it: an SVG, its alt text, a caption that names every
denominator, and the numbers it draws as a table beneath a fold.

A reader who cannot see the image, or wants the exact values, loses nothing: the alt text
states the values and the fold holds the table the picture was drawn from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from site_gen.markup import Md, esc, fold

#: File names the site writes for figures: lower-case words, digits and dashes, `.svg`.
FILE_NAME = re.compile(r"[a-z0-9][a-z0-9.-]*\.svg")
NUMBERS_TITLE = "The numbers behind this figure"


@dataclass(frozen=True)
class Figure:
    """One published plot."""

    file_name: str
    #: Plain text: what the image shows, with its values.
    alt: str
    #: Project-written Markdown naming the denominators.
    caption: Md
    #: The table the figure is drawn from.
    numbers: Md
    svg: bytes = field(repr=False)

    def __post_init__(self) -> None:
        if not FILE_NAME.fullmatch(self.file_name):
            raise ValueError(f"figure file name {self.file_name!r} is not a plain .svg name")


def figure_block(figure: Figure, folder: str = "") -> Md:
    """The image, its caption, and the fold with its numbers. `folder` is the path from the
    page's folder to where the SVG is written."""
    src = f"{folder}/{figure.file_name}" if folder else figure.file_name
    out = Md(f"![{esc(figure.alt)}]({src})\n\n")
    out += Md("*Figure.* ") + figure.caption + Md("\n\n")
    out += fold(NUMBERS_TITLE, figure.numbers)
    return out
