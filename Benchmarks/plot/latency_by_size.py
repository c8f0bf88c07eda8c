#!/usr/bin/env python3
"""Latency by dataset size for list and search, from marfa-bench JSON runs, as one self-contained SVG.

Usage: python3 Benchmarks/plot/latency_by_size.py OUT.svg RUN.json [RUN.json ...]

List groups: "sorted" (type + state, each timestamp both ways), "offset", "filtered" (tags, occurred range,
property, contains, beneath, tier, state) and "unbounded". Needs only the Python standard library. "marfa" is
the engine's own indexed list and word-index search; search bands are hit rates under the gated word semantics.
"""
import json
import math
import sys

LIST_GROUPS = {
    "sorted, offset 0": lambda name: name.startswith("list/note-active-")
    and "offset" not in name and "unbounded" not in name,
    "offset 1k / 10k": lambda name: "offset" in name,
    "filtered": lambda name: name.startswith("list/")
    and not name.startswith("list/note-active-"),
    "unbounded": lambda name: "unbounded" in name,
}
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf", "#e377c2"]
DASHES = {"ours": "6,4", "sqlite": "", "sqlite trigram": "", "sqlite porter": "2,3"}


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else None


def series(runs):
    """{panel: {label: [(items, seconds)]}}"""
    panels = {"list (p50, median over the queries of a group)": {}, "search (p50 per hit-rate band)": {}}
    for run in runs:
        items = run["dataset"]["items"]
        results = run["results"]
        for group, selects in LIST_GROUPS.items():
            chosen = [r for r in results if r["group"] == "list" and selects(r["name"])]
            if not chosen:
                continue
            ours = median([r["ours"]["latency"]["p50"] for r in chosen])
            peer = median([r["peers"][0]["latency"]["p50"] for r in chosen])
            panel = panels["list (p50, median over the queries of a group)"]
            panel.setdefault((group, "ours"), []).append((items, ours))
            panel.setdefault((group, "sqlite"), []).append((items, peer))
        for band in run.get("searchBands", []):
            if "length" in band.get("tags", {}):
                continue
            name = band["tags"]["band"]
            panel = panels["search (p50 per hit-rate band)"]
            panel.setdefault((name, "ours"), []).append((items, band["ours"]["latency"]["p50"]))
            for peer in band["peers"]:
                panel.setdefault((name, peer["label"]), []).append((items, peer["latency"]["p50"]))
    return panels


def fmt_time(seconds):
    if seconds < 1e-3:
        return "%g µs" % round(seconds * 1e6, 3)
    if seconds < 1:
        return "%g ms" % round(seconds * 1e3, 3)
    return "%g s" % round(seconds, 3)


def panel_svg(title, lines, x0, y0, width, height):
    points = [p for values in lines.values() for p in values if p[1]]
    if not points:
        return ""
    xs = [math.log10(p[0]) for p in points]
    ys = [math.log10(p[1]) for p in points]
    xmin, xmax = math.floor(min(xs)), math.ceil(max(xs))
    ymin, ymax = math.floor(min(ys)), math.ceil(max(ys))
    xmax = max(xmax, xmin + 1)
    ymax = max(ymax, ymin + 1)
    left, top, plot_w, plot_h = x0 + 70, y0 + 30, width - 420, height - 70

    def px(x):
        return left + (math.log10(x) - xmin) / (xmax - xmin) * plot_w

    def py(y):
        return top + plot_h - (math.log10(y) - ymin) / (ymax - ymin) * plot_h

    out = ['<text x="%d" y="%d" font-size="15" font-weight="bold">%s</text>' % (x0 + 10, y0 + 18, title)]
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>' % (left, top, plot_w, plot_h))
    for e in range(xmin, xmax + 1):
        x = left + (e - xmin) / (xmax - xmin) * plot_w
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#eee"/>' % (x, top, x, top + plot_h))
        out.append('<text x="%.1f" y="%d" font-size="11" text-anchor="middle">%s items</text>'
                   % (x, top + plot_h + 16, format(10 ** e, ",")))
    for e in range(ymin, ymax + 1):
        y = top + plot_h - (e - ymin) / (ymax - ymin) * plot_h
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/>' % (left, y, left + plot_w, y))
        out.append('<text x="%d" y="%.1f" font-size="11" text-anchor="end">%s</text>' % (left - 6, y + 4, fmt_time(10.0 ** e)))
    groups = sorted({key[0] for key in lines})
    legend_y = top
    for (group, side), values in sorted(lines.items()):
        values = sorted(v for v in values if v[1])
        color = COLORS[groups.index(group) % len(COLORS)]
        dash = DASHES.get(side, "1,2")
        path = " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in values)
        out.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="2" stroke-dasharray="%s"/>'
                   % (path, color, dash))
        for x, y in values:
            out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>' % (px(x), py(y), color))
        label = "%s: %s" % ("marfa" if side == "ours" else side, group)
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2" stroke-dasharray="%s"/>'
                   % (left + plot_w + 15, legend_y, left + plot_w + 40, legend_y, color, dash))
        out.append('<text x="%d" y="%d" font-size="10">%s</text>' % (left + plot_w + 45, legend_y + 4, label[:64]))
        legend_y += 15
    return "\n".join(out)


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    runs = []
    for path in argv[2:]:
        with open(path) as handle:
            runs.append(json.load(handle))
    panels = series(runs)
    width, height = 1200, 420
    body = []
    for index, (title, lines) in enumerate(panels.items()):
        body.append(panel_svg(title, lines, 0, index * height, width, height))
    machine = runs[0]["machine"]
    note = "marfa-bench, %s, %d cores, SQLite %s; seeds %s" % (
        machine["cpu"], machine["cores"], machine["sqlite"], ", ".join(sorted({str(r["seed"]) for r in runs})))
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif">'
           % (width, height * len(panels) + 30),
           '<rect width="100%" height="100%" fill="white"/>'] + body + [
        '<text x="10" y="%d" font-size="11" fill="#555">%s</text>' % (height * len(panels) + 18, note), "</svg>"]
    with open(argv[1], "w") as handle:
        handle.write("\n".join(svg))
    print("wrote %s (%d runs)" % (argv[1], len(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
