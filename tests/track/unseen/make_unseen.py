#!/usr/bin/env python3
"""Writes the "unseen" test tracks: circuits of the kinds a track builder makes that the
shipped tracks do not exercise (issue 35), used to judge the AI on tracks it was not tuned on.

    python3 tests/track/unseen/make_unseen.py      # rewrites tests/track/unseen/*.json

- three_forks.json: a 3.3 km loop with three branches; the fastest lap takes two of them
  (the two asphalt cut-offs across the bumps of the top and bottom straights), the third
  (a dirt detour on the east side) is longer and slower.
- double_spiral.json: two 180-degree bends that tighten from 220 m to 45 m radius, the
  road narrowing from 15 m to 10 m through each, joined by 500 m straights.
- harbour_streets.json: an 8 m street circuit with walls 2.5 m beyond the kerbs, 90-degree
  corners of 16-25 m radius, a chicane, and a van parked on the road by the edge.
- quarry_stage.json: a 12 m asphalt circuit with a dirt S-bend (a zone over the road
  corridor) and a tyre stack and a broken-down truck on the road near its edge.

Each track's geometry comes from corner vertices rounded with their radius (the same
construction as tools/make-circuit.py) or, for the spirals, from integrating a curvature
that grows linearly along the bend.
"""
import importlib.util
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))

_spec = importlib.util.spec_from_file_location("make_circuit", os.path.join(ROOT, "tools", "make-circuit.py"))
make_circuit = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_circuit)


def base(name, description, centreline, width, runoff, theme, laps=3):
    return {
        "format": 1, "name": name, "author": "racer team (test track)", "description": description,
        "laps": laps, "default_width_m": width, "centreline": centreline,
        "runoff": {"surface": "grass", "width_m": runoff},
        "scenery": {"theme": theme},
    }


def nearest_index(points, x, y):
    return min(range(len(points)), key=lambda i: (points[i][0] - x) ** 2 + (points[i][1] - y) ** 2)


def straight(x0, y0, x1, y1, spacing):
    n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / spacing))
    return [[round(x0 + (x1 - x0) * k / n, 1), round(y0 + (y1 - y0) * k / n, 1)] for k in range(1, n)]


def start_at(points, x, y):
    """start.point at the control point nearest (x, y): the line with the grid behind it."""
    return {"point": nearest_index(points, x, y), "offset_m": 0, "reverse": False}


def three_forks():
    # Driven anticlockwise: east along the bottom (y = -250), north up the east side, west
    # along the top (y = 250), south down the west side. The top and bottom straights each
    # make a 200 m bump outwards; a branch cuts straight across each bump's mouth.
    corners = [
        (-600, -250, 60),
        (-260, -250, 50), (-190, -450, 50), (190, -450, 50), (260, -250, 50),   # bottom bump
        (600, -250, 60), (600, 250, 60),
        (260, 250, 50), (190, 450, 50), (-190, 450, 50), (-260, 250, 50),       # top bump
        (-600, 250, 60),
    ]
    pts = make_circuit.rounded_polygon(corners, 50.0)
    t = base("Three Forks", "Test track: a loop with three branches. The fastest lap takes the two cut-offs "
             "across the bumps and leaves the dirt detour on the east side alone.", pts, 12, 10, "downs")
    bottom_from = nearest_index(pts, -360, -250)
    bottom_to = nearest_index(pts, 360, -250)
    top_from = nearest_index(pts, 360, 250)
    top_to = nearest_index(pts, -360, 250)
    east_from = nearest_index(pts, 600, -160)
    east_to = nearest_index(pts, 600, 160)
    t["branches"] = [
        {"name": "South Cut", "from": bottom_from, "to": bottom_to, "surface": "asphalt",
         "points": straight(pts[bottom_from][0], -250, pts[bottom_to][0], -250, 50)},
        {"name": "North Cut", "from": top_from, "to": top_to, "surface": "asphalt",
         "points": straight(pts[top_from][0], 250, pts[top_to][0], 250, 50)},
        {"name": "Farm Track", "from": east_from, "to": east_to, "surface": "dirt",
         "points": [[625, -110], [675, -70], [715, 0], [675, 70], [625, 110]]},
    ]
    t["start"] = start_at(pts, -600, 0)
    return t


def spiral_bend(x, y, heading, turn, r0, r1, w0, w1, ds):
    """A left bend turning `turn` radians whose curvature grows linearly with arc length
    from 1/r0 to 1/r1; the width blends from w0 to w1. Returns points and the end pose."""
    k0, k1 = 1.0 / r0, 1.0 / r1
    length = 2.0 * turn / (k0 + k1)           # integral of k over s equals the turn
    n = math.ceil(length / 0.5)
    h = length / n
    out = []
    s_next = 0.0
    for i in range(n + 1):
        s = i * h
        if s >= s_next - 1e-9:
            f = s / length
            out.append([round(x, 1), round(y, 1), round(w0 + (w1 - w0) * f, 2)])
            r = 1.0 / (k0 + (k1 - k0) * f)
            s_next = s + min(ds, 0.5 * r)
        k = k0 + (k1 - k0) * (s + 0.5 * h) / length
        x += math.cos(heading + 0.5 * k * h) * h
        y += math.sin(heading + 0.5 * k * h) * h
        heading += k * h
    return out, (x, y, heading)


def double_spiral():
    pts = []
    x, y, heading = 0.0, 0.0, 0.0
    straight_m = 500.0
    for _ in range(2):
        for k in range(0, 10):
            pts.append([round(x + math.cos(heading) * straight_m * k / 10, 1),
                        round(y + math.sin(heading) * straight_m * k / 10, 1), 15])
        x += math.cos(heading) * straight_m
        y += math.sin(heading) * straight_m
        bend, (x, y, heading) = spiral_bend(x, y, heading, math.pi, 220.0, 45.0, 15.0, 10.0, 30.0)
        pts.extend(bend[:-1])
    # The two bends are the same shape, so the loop closes on the first point (to rounding).
    t = base("Double Spiral", "Test track: two long bends that tighten from a 220 m to a 45 m radius "
             "while the road narrows from 15 m to 10 m, joined by 500 m straights.", pts, 15, 12, "downs")
    t["start"] = {"point": 5, "offset_m": 0, "reverse": False}
    return t


def harbour_streets():
    corners = [
        (-300, -150, 25), (-40, -150, 18), (-20, -120, 16), (20, -120, 16), (40, -150, 18),   # chicane
        (300, -150, 25), (300, 0, 20), (150, 0, 16), (150, 150, 20), (-300, 150, 25),
    ]
    pts = make_circuit.rounded_polygon(corners, 30.0)
    t = base("Harbour Streets", "Test track: an 8 m street circuit between walls, with a chicane and a van "
             "parked at the kerb on the back straight.", pts, 8, 2.5, "harbour")
    # A van (4.8 x 1.9 m) at the kerb on the top straight (y = 150, driven westwards): its
    # outer side 0.3 m inside the road edge, so 5.8 m of road stay open beside it.
    t["obstacles"] = [{"shape": "box", "kind": "truck", "position": [-60, 150 + 4 - 0.3 - 0.95],
                       "length_m": 4.8, "width_m": 1.9, "angle_deg": 180}]
    t["start"] = start_at(pts, -150, -150)
    return t


def quarry_stage():
    # Anticlockwise: east along the bottom, an S of two opposite 35 m bends up the east
    # side on dirt, west along the top, south down the west side.
    corners = [
        (-400, -200, 50), (300, -200, 45),
        (360, -120, 35), (300, -40, 35), (360, 40, 35),   # the S: left, right, left
        (360, 200, 45), (-400, 200, 50),
    ]
    pts = make_circuit.rounded_polygon(corners, 40.0)
    t = base("Quarry Stage", "Test track: a 12 m circuit with a dirt S-bend up the quarry side, a tyre stack "
             "and a broken-down truck on the road by its edge.", pts, 12, 10, "rally")
    t["zones"] = [{"surface": "dirt", "polygon": [[250, -190], [470, -190], [470, 150], [250, 150]]}]
    t["obstacles"] = [
        # The truck on the bottom straight (driven eastwards): 2.5 m wide, its outer side
        # 0.5 m inside the right-hand edge (y = -206).
        {"shape": "box", "kind": "truck", "position": [0, -200 - 6 + 0.5 + 1.25],
         "length_m": 9, "width_m": 2.5, "angle_deg": 0},
        # A tyre stack on the top straight by the left-hand edge (driven westwards: y = 194).
        {"shape": "circle", "kind": "tyres", "position": [-100, 200 - 6 + 0.5 + 0.9], "radius_m": 0.9},
    ]
    t["start"] = start_at(pts, -300, -200)
    return t


def main():
    for name, make in [("three_forks", three_forks), ("double_spiral", double_spiral),
                       ("harbour_streets", harbour_streets), ("quarry_stage", quarry_stage)]:
        track = make()
        path = os.path.join(HERE, name + ".json")
        with open(path, "w") as f:
            f.write(json.dumps(track, indent=1) + "\n")
        print(f"{path}: {len(track['centreline'])} points")


if __name__ == "__main__":
    main()
