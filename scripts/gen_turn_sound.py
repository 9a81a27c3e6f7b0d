"""Write static/sounds/turn.wav: the short two-note chime that tells a player it is their turn.

    python scripts/gen_turn_sound.py

Two soft sine notes (A5 then E6) with a quick attack and an exponential fade, 16-bit mono at 22.05 kHz,
about 0.45 s and 20 kB. Generated rather than downloaded so its origin and licence are plain.
"""

import math
import struct
import wave
from pathlib import Path

RATE = 22050
NOTES = [(880.0, 0.0, 0.30), (1318.5, 0.14, 0.31)]  # (Hz, start s, length s)
LENGTH = 0.46
VOLUME = 0.32


def sample(t: float) -> float:
    value = 0.0
    for freq, start, length in NOTES:
        x = t - start
        if 0 <= x < length:
            envelope = min(1.0, x / 0.008) * math.exp(-x * 9.0)
            value += envelope * (math.sin(2 * math.pi * freq * x) + 0.25 * math.sin(4 * math.pi * freq * x))
    return value


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "static" / "sounds" / "turn.wav"
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, VOLUME * sample(i / RATE))) * 32767))
                      for i in range(int(LENGTH * RATE)))
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    print(out, out.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
