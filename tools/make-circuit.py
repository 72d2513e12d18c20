#!/usr/bin/env python3
"""Writes a track file (docs/track-format.md) from a polygon of corner vertices, each
rounded with its radius: straights between the arcs get a control point at most every
`--spacing` metres, arcs one about every R x 0.5 m (at most 40 m).

    tools/make-circuit.py --name "Big Box" --corners "x,y,r x,y,r ..." --out FILE.json

Used for the large test tracks in tests/data/tracks/ (the sparse rasters' benchmark and
tests); the shipped tracks are written the same way and then edited by hand.
"""
import argparse
import json
import math


def rounded_polygon(corners, spacing):
    n = len(corners)
    pts = []
    for i in range(n):
        px, py, _ = corners[i - 1]
        cx, cy, r = corners[i]
        nx, ny, _ = corners[(i + 1) % n]
        a = math.atan2(py - cy, px - cx)          # towards the previous vertex
        b = math.atan2(ny - cy, nx - cx)          # towards the next one
        turn = math.pi - abs(((b - a + math.pi) % (2 * math.pi)) - math.pi)  # deflection
        t = r * math.tan(turn / 2)                # vertex to tangent point
        p0 = (cx + math.cos(a) * t, cy + math.sin(a) * t)
        p1 = (cx + math.cos(b) * t, cy + math.sin(b) * t)
        bis = math.atan2(math.sin(a) + math.sin(b), math.cos(a) + math.cos(b))
        d = r / math.cos(turn / 2)
        ox, oy = cx + math.cos(bis) * d, cy + math.sin(bis) * d
        s0 = math.atan2(p0[1] - oy, p0[0] - ox)
        s1 = math.atan2(p1[1] - oy, p1[0] - ox)
        sweep = (s1 - s0 + math.pi) % (2 * math.pi) - math.pi
        steps = max(1, math.ceil(abs(sweep) * r / min(40.0, max(8.0, 0.5 * r))))
        arc = [(ox + r * math.cos(s0 + sweep * k / steps), oy + r * math.sin(s0 + sweep * k / steps)) for k in range(steps + 1)]
        pts.append(arc)
    out = []
    for i in range(n):
        arc = pts[i]
        out.extend(arc)
        nxt = pts[(i + 1) % n][0]
        e = arc[-1]
        L = math.hypot(nxt[0] - e[0], nxt[1] - e[1])
        k = max(1, math.ceil(L / spacing))
        for j in range(1, k):
            out.append((e[0] + (nxt[0] - e[0]) * j / k, e[1] + (nxt[1] - e[1]) * j / k))
    return [[round(x, 1), round(y, 1)] for x, y in out]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--description", default="")
    ap.add_argument("--corners", required=True, help='"x,y,r x,y,r ..." in driving order')
    ap.add_argument("--spacing", type=float, default=60.0)
    ap.add_argument("--width", type=float, default=12.0)
    ap.add_argument("--runoff", type=float, default=12.0)
    ap.add_argument("--theme", default="downs")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    corners = [tuple(float(v) for v in c.split(",")) for c in a.corners.split()]
    pts = rounded_polygon(corners, a.spacing)
    if len(pts) > 512:
        raise SystemExit(f"{len(pts)} control points; at most 512 (raise --spacing)")
    track = {
        "format": 1, "name": a.name, "author": "racer team", "description": a.description, "laps": 1,
        "default_width_m": a.width, "centreline": pts,
        "runoff": {"surface": "grass", "width_m": a.runoff},
        "scenery": {"theme": a.theme},
    }
    text = json.dumps(track, indent=1)
    with open(a.out, "w") as f:
        f.write(text + "\n")
    print(f"{a.out}: {len(pts)} points")


if __name__ == "__main__":
    main()
