"""Charts drawn on the server as inline SVG (the Content-Security-Policy allows no inline script, and a
line of numbers needs no chart library). This module computes coordinates; ``lobby/_rating_chart.html``
draws them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

WIDTH = 320
HEIGHT = 120
PAD_LEFT = 34  # room for the labels of the highest and lowest values
PAD_RIGHT = 8
PAD_TOP = 12
PAD_BOTTOM = 12


@dataclass
class Dot:
    x: float
    y: float
    when: datetime
    value: int


@dataclass
class Chart:
    width: int
    height: int
    points: str  # the polyline's "x,y x,y ..."
    dots: list[Dot]
    low: int
    high: int
    low_y: float
    high_y: float
    first: int
    last: int

    @property
    def change(self) -> int:
        return self.last - self.first


def line_chart(series: list[tuple[datetime, int]], width: int = WIDTH, height: int = HEIGHT) -> Chart | None:
    """A chart of values over successive games (evenly spaced: one step per game), or None without data."""
    if not series:
        return None
    values = [v for _when, v in series]
    low, high = min(values), max(values)
    span = max(high - low, 20)  # a flat line sits in the middle instead of filling the box
    middle = (high + low) / 2
    bottom, top = middle - span / 2, middle + span / 2
    inner_w = width - PAD_LEFT - PAD_RIGHT
    inner_h = height - PAD_TOP - PAD_BOTTOM
    step = inner_w / (len(series) - 1) if len(series) > 1 else 0

    def y_of(value: float) -> float:
        return round(PAD_TOP + (top - value) / (top - bottom) * inner_h, 1)

    dots = [Dot(round(PAD_LEFT + i * step, 1), y_of(v), when, v) for i, (when, v) in enumerate(series)]
    return Chart(width, height, " ".join(f"{d.x},{d.y}" for d in dots), dots, low, high, y_of(low), y_of(high),
                 values[0], values[-1])
