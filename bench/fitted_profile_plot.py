#!/usr/bin/env python3
"""Draws a fitted profile's published points beside its simulated sweep as an SVG (no plotting library needed).

    python3 bench/fitted_profile_plot.py target/fitted-profiles NAME docs/images/fitted-NAME.svg

The CSV files come from io.joulebench.engine.FittedProfileReport (see its comment). Left: J/token against the rate
(or, for a batch-sweep source, against the batch held), both axes logarithmic, published points with the stated
tolerance as error bars. Right: settled GPU power.
"""
import csv
import math
import sys


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main(folder, name, out):
    points = read(f"{folder}/{name}-points.csv")
    sweep = read(f"{folder}/{name}-sweep.csv")
    meta = read(f"{folder}/{name}-meta.csv")[0]
    tol = float(meta["tolerance"])
    batch = meta.get("x") == "batch"
    xcol = "batch" if batch else "rate"
    cap = float(meta["max_num_seqs"] if batch else meta["capacity"])
    w, h = 960, 450
    if batch:
        panels = [
            dict(x0=70, title="Energy per output token (J), log–log", key="j", log=True, ylo=0.05, yhi=0.7,
                 ticks=(0.05, 0.1, 0.2, 0.5)),
            dict(x0=560, title="Settled GPU power (W)", key="w", log=False, ylo=0.0, yhi=800.0,
                 ticks=(0, 200, 400, 600, 800)),
        ]
        xlo, xhi, xticks, xlabel = 4.0, 1000.0, (8, 16, 32, 64, 128, 256, 512), "batch held (running sequences)"
    else:
        panels = [
            dict(x0=70, title="Energy per output token (J), log–log", key="j", log=True, ylo=0.008, yhi=0.5,
                 ticks=(0.01, 0.02, 0.05, 0.1, 0.2, 0.5)),
            dict(x0=560, title="Settled GPU power (W)", key="w", log=False, ylo=0.0, yhi=260.0,
                 ticks=(0, 50, 100, 150, 200, 250)),
        ]
        xlo, xhi, xticks, xlabel = 1.0, 120.0, (1, 2, 5, 10, 20, 50, 100), "request rate (req/s)"
    pw, ph, top = 370, 300, 60
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">{name}</text>',
           f'<text x="{w / 2}" y="35" text-anchor="middle" font-size="12">{esc(meta["label"])}</text>']

    def fx(x):
        return (math.log10(x) - math.log10(xlo)) / (math.log10(xhi) - math.log10(xlo)) * pw

    for p in panels:
        x0 = p["x0"]

        def fy(y, p=p):
            if p["log"]:
                t = (math.log10(y) - math.log10(p["ylo"])) / (math.log10(p["yhi"]) - math.log10(p["ylo"]))
            else:
                t = (y - p["ylo"]) / (p["yhi"] - p["ylo"])
            return top + ph - t * ph

        svg.append(f'<text x="{x0 + pw / 2}" y="{top - 10}" text-anchor="middle">{p["title"]}</text>')
        svg.append(f'<rect x="{x0}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#444"/>')
        for x in xticks:
            px = x0 + fx(x)
            svg.append(f'<line x1="{px}" y1="{top}" x2="{px}" y2="{top + ph}" stroke="#ddd"/>')
            svg.append(f'<text x="{px}" y="{top + ph + 16}" text-anchor="middle">{x}</text>')
        svg.append(f'<text x="{x0 + pw / 2}" y="{top + ph + 34}" text-anchor="middle">{xlabel}</text>')
        for y in p["ticks"]:
            py = fy(y)
            svg.append(f'<line x1="{x0}" y1="{py}" x2="{x0 + pw}" y2="{py}" stroke="#ddd"/>')
            svg.append(f'<text x="{x0 - 6}" y="{py + 4}" text-anchor="end">{y:g}</text>')
        if not batch:  # the published sustained peak
            lo, hi = x0 + fx(float(meta["peak_low"])), x0 + fx(float(meta["peak_high"]))
            svg.append(f'<rect x="{lo}" y="{top}" width="{hi - lo}" height="{ph}" fill="#fbe3c8"/>')
        svg.append(f'<line x1="{x0 + fx(cap)}" y1="{top}" x2="{x0 + fx(cap)}" y2="{top + ph}" '
                   'stroke="#d9822b" stroke-dasharray="4 3"/>')
        col = "simulated_j" if p["key"] == "j" else "simulated_w"
        path = " ".join(f'{"M" if i == 0 else "L"}{x0 + fx(float(r[xcol])):.1f},{fy(float(r[col])):.1f}'
                        for i, r in enumerate(sweep))
        svg.append(f'<path d="{path}" fill="none" stroke="#1f6fb2" stroke-width="2"/>')
        for r in points:
            px = x0 + fx(float(r[xcol]))
            pub = float(r["published_j"] if p["key"] == "j" else r["published_w"])
            if p["key"] == "j":
                y1, y2 = fy(pub * (1 - tol)), fy(pub * (1 + tol))
                svg.append(f'<line x1="{px}" y1="{y1}" x2="{px}" y2="{y2}" stroke="#b22" stroke-width="1.5"/>')
                svg.append(f'<line x1="{px - 4}" y1="{y1}" x2="{px + 4}" y2="{y1}" stroke="#b22"/>')
                svg.append(f'<line x1="{px - 4}" y1="{y2}" x2="{px + 4}" y2="{y2}" stroke="#b22"/>')
                eng = fy(float(r["engine_j"]))
                svg.append(f'<rect x="{px + 3}" y="{eng - 3.5}" width="7" height="7" fill="none" stroke="#2a7"'
                           ' stroke-width="1.5"/>')
            svg.append(f'<circle cx="{px}" cy="{fy(pub)}" r="4.5" fill="#b22"/>')
    ly = h - 26
    legend = [('<circle cx="0" cy="-4" r="4.5" fill="#b22"/>',
               f"published (bars: ±{tol * 100:g} % tolerance)"),
              ('<line x1="-8" y1="-4" x2="8" y2="-4" stroke="#1f6fb2" stroke-width="2"/>',
               "simulated sweep (batch held, analytic)" if batch else "simulated sweep (settled, analytic)"),
              ('<rect x="-3.5" y="-7.5" width="7" height="7" fill="none" stroke="#2a7" stroke-width="1.5"/>',
               "engine on a virtual clock"),
              ('<line x1="-8" y1="-4" x2="8" y2="-4" stroke="#d9822b" stroke-dasharray="4 3"/>',
               "dashed: the profile's max_num_seqs") if batch else
              ('<rect x="-8" y="-10" width="16" height="12" fill="#fbe3c8"/>',
               "published sustained peak; dashed: modelled capacity")]
    for i, (mark, text) in enumerate(legend):
        x, y = 70 + (i % 2) * 420, ly + (i // 2) * 20
        svg.append(f'<g transform="translate({x},{y})">{mark}<text x="14" y="0">{esc(text)}</text></g>')
    svg.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


if __name__ == "__main__":
    main(*sys.argv[1:4])
