"""Generates games/estanciero/templates/estanciero/board.html from the board data.

Geometry (a hexagonal ring of 42 spaces, corners at 0, 7, 14, 21, 28, 35),
names, prices, rents and card texts are baked into the template; the state
(owners, buildings, mortgages, pawns, dice, card) is read from ``view``.
Run:  python scripts/gen_estanciero_board.py   (tests fail if the committed template is stale)
"""
import json
import math
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = json.loads((ROOT / "games/estanciero/engine/data/board.json").read_text())
CARDS = json.loads((ROOT / "games/estanciero/engine/data/cards.json").read_text())
OUT = ROOT / "games/estanciero/templates/estanciero/board.html"
SP = DATA["spaces"]

CX, CY, R, D, A = 500.0, 440.0, 490.0, 106.0, 68.0
BAND, STRIP = 22.0, 8.0
PROV = {"Formosa": "#1f4e9c", "Río Negro": "#8fd16a", "Salta": "#f4cf2f", "Mendoza": "#8e4fb5",
        "Santa Fe": "#1e7a46", "Tucumán": "#f08a24", "Córdoba": "#6fc3ec", "Buenos Aires": "#d8322c"}
PROV_LIGHT_TEXT = {"Formosa", "Mendoza", "Santa Fe", "Buenos Aires"}


def money(n):
    return f"$ {n:,}".replace(",", ".")


def f(x):
    return f"{x:.1f}".rstrip("0").rstrip(".")


def pt(p):
    return f"{f(p[0])},{f(p[1])}"


def add(a, b, k=1.0):
    return (a[0] + k * b[0], a[1] + k * b[1])


def vert(k, rad=R):
    ang = math.radians(120 - 60 * (k % 6))
    return (CX + rad * math.cos(ang), CY + rad * math.sin(ang))


L = R  # side length of a regular hexagon
W = (L - 2 * A) / 6
RIN = (R * math.cos(math.radians(30)) - D) / math.cos(math.radians(30))


def side(k):
    v0, v1 = vert(k), vert(k + 1)
    e = ((v1[0] - v0[0]) / L, (v1[1] - v0[1]) / L)
    n = (-e[1], e[0])
    if (CX - v0[0]) * n[0] + (CY - v0[1]) * n[1] < 0:
        n = (e[1], -e[0])
    return v0, e, n


def text_frame(e, n):
    phi = math.degrees(math.atan2(e[1], e[0]))
    alpha = phi
    if alpha > 90.0001:
        alpha -= 180
    elif alpha <= -90:
        alpha += 180
    ar = math.radians(alpha)
    ed = (-math.sin(ar), math.cos(ar))
    sgn = 1 if ed[0] * n[0] + ed[1] * n[1] > 0 else -1
    return alpha, sgn


def centroid(poly):
    a = cx = cy = 0.0
    for i in range(len(poly)):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % len(poly)]
        c = x0 * y1 - x1 * y0
        a += c
        cx += (x0 + x1) * c
        cy += (y0 + y1) * c
    a /= 2
    return (cx / (6 * a), cy / (6 * a))


def est_width(s, size, bold=True):
    w = 0.0
    for ch in s:
        if ch in "IJl.,:;'!|i ":
            w += 0.32
        elif ch in "MWmw":
            w += 0.9
        elif ch.isupper():
            w += 0.84 if bold else 0.74
        elif ch.isdigit() or ch == "$":
            w += 0.62
        else:
            w += 0.56
    return w * size


def tline(x, y, s, cls, size, maxw):
    size = min(size, size * maxw / max(est_width(s, size), 1))
    size = max(size, 6.5)
    extra = ""
    if est_width(s, size) > maxw:
        extra = f' textLength="{f(maxw)}" lengthAdjust="spacingAndGlyphs"'
    return f'<text x="{f(x)}" y="{f(y)}" class="{cls}" font-size="{f(size)}"{extra}>{s}</text>'


# Short names on the board (lines), Spanish / English.
SHORT = {
    0: (["SALIDA"], ["START"]),
    4: (["IMPUESTO", "A LOS", "RÉDITOS"], ["INCOME", "TAX"]),
    7: (["PREMIO", "GANADERO"], ["LIVESTOCK", "PRIZE"]),
    8: (["COMPAÑÍA", "PETROLERA"], ["OIL", "COMPANY"]),
    10: (["DESTINO"], ["FATE"]), 25: (["DESTINO"], ["FATE"]), 38: (["DESTINO"], ["FATE"]),
    15: (["SUERTE"], ["CHANCE"]), 36: (["SUERTE"], ["CHANCE"]),
    12: (["F.C. GRAL.", "BELGRANO"], ["BELGRANO", "RAILWAY"]),
    18: (["F.C. GRAL.", "SAN", "MARTÍN"], ["SAN", "MARTÍN", "RAILWAY"]),
    22: (["F.C. GRAL.", "B. MITRE"], ["MITRE", "RAILWAY"]),
    27: (["F.C. GRAL.", "URQUIZA"], ["URQUIZA", "RAILWAY"]),
    14: (["COMISARÍA"], ["POLICE", "STATION"]),
    16: (["BODEGA"], ["WINERY"]),
    21: (["DESCANSO"], ["REST"]),
    28: (["LIBRE", "ESTACIONA-", "MIENTO"], ["FREE", "PARKING"]),
    31: (["INGENIO"], ["SUGAR", "MILL"]),
    35: (["MARCHE", "PRESO"], ["GO TO", "JAIL"]),
    41: (["IMPUESTO", "A LAS", "VENTAS"], ["SALES", "TAX"]),
}
ZONE_EN = {"Sur": "South", "Centro": "Centre", "Norte": "North"}


def short(i):
    sp = SP[i]
    if sp["type"] == "province":
        words = sp["province"].upper().split(" ")
        lines = words if len(sp["province"]) > 8 else [sp["province"].upper()]
        return (lines + ["Zona " + sp["zone"]], lines + [ZONE_EN[sp["zone"]]])
    return SHORT[i]


def lang(es, en):
    if es == en:
        return es
    return '{% if LANG == "en" %}' + en + "{% else %}" + es + "{% endif %}"


def lines_block(lines_es, lines_en, y_anchor, sgn, maxw, first_cls="es-nm", small_last=False):
    """Text lines next to y_anchor (the band-side edge); stacked away from the band."""
    def render(lines):
        out = []
        step = 11.5
        h = step * len(lines)
        for i, s in enumerate(lines):
            if sgn < 0:
                y = y_anchor + step / 2 + i * step
            else:
                y = y_anchor - h + step / 2 + i * step
            last = small_last and i == len(lines) - 1
            out.append(tline(0, y, s, "es-zn" if last else first_cls, 9 if last else 10.5, maxw))
        return "".join(out)
    return lang(render(lines_es), render(lines_en))


HOUSE = "M-5,1.5 L0,-3.5 L5,1.5 L5,6 L-5,6 Z"
ESTANCIA = "M-11,2 L0,-6 L11,2 L11,8 L-11,8 Z"


def train_icon(y):
    return (f'<g class="es-ico" transform="translate(0 {f(y)})"><rect x="-13" y="-6" width="20" height="9" rx="1.5"/>'
            f'<rect x="4" y="-11" width="8" height="14" rx="1"/><rect x="-10" y="-10" width="4" height="5"/>'
            f'<circle cx="-8" cy="5" r="3"/><circle cx="1" cy="5" r="3"/><circle cx="9" cy="5" r="3"/></g>')


def factory_icon(y):
    return (f'<g class="es-ico" transform="translate(0 {f(y)})"><path d="M-13,8 L-13,-2 L-6,-7 L-6,-2 L1,-7 L1,-2 L8,-7 L8,8 Z"/>'
            f'<rect x="9" y="-13" width="4" height="21"/></g>')


def star(cx, cy, r1, r2):
    pts = []
    for i in range(10):
        r = r1 if i % 2 == 0 else r2
        a = math.radians(-90 + 36 * i)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return " ".join(pt(p) for p in pts)


cells = []
pawn_pos = {}
geo = {}

# Edge cells.
for k in range(6):
    v0, e, n = side(k)
    alpha, sgn = text_frame(e, n)
    for j in range(6):
        i = 7 * k + 1 + j
        s0, s1 = A + j * W, A + (j + 1) * W
        p0, p1 = add(v0, e, s0), add(v0, e, s1)
        poly = [p0, p1, add(p1, n, D), add(p0, n, D)]
        c = add(add(v0, e, (s0 + s1) / 2), n, D / 2)
        geo[i] = dict(poly=poly, c=c, alpha=alpha, sgn=sgn, e=e, n=n, p0=p0, p1=p1, corner=False)
        pawn_pos[i] = add(c, n, D / 2 + 30)

# Corner cells.
for k in range(6):
    i = 7 * k
    vk = vert(k)
    vp, ep, np_ = side(k - 1)
    v0, e, n = side(k)
    a0 = add(vp, ep, L - A)
    a1 = add(v0, e, A)
    inner = vert(k, RIN)
    poly = [a0, vk, a1, add(a1, n, D), inner, add(a0, np_, D)]
    c = centroid(poly)
    geo[i] = dict(poly=poly, c=c, alpha=0, sgn=1, corner=True, inner=inner, e=e, ep=ep, n=n, np=np_)
    to_c = (CX - inner[0], CY - inner[1])
    ln = math.hypot(*to_c)
    pawn_pos[i] = add(inner, (to_c[0] / ln, to_c[1] / ln), 34)


def y_of(g, d):
    return g["sgn"] * (d - D / 2)


def deed_price_line(i):
    return money(SP[i]["price"])


def cell_svg(i):
    sp = SP[i]
    g = geo[i]
    t = sp["type"]
    poly = " ".join(pt(p) for p in g["poly"])
    name_full = lang(sp["name"], sp.get("name_en", sp["name"]))
    title = name_full + (" · " + money(sp["price"]) if "price" in sp else "")
    key = str(i)
    is_deed = t in ("province", "railway", "company")
    # Every space is a place the table's JavaScript can light up (data-target); deeds, where moves are made,
    # are focusable buttons named for screen readers.
    focus = (f' tabindex="0" role="button" aria-label="{i}. {title}{{% with o=view.owners.{key} %}}{{% if o is not None %}} · '
             f'{{% with seat=o %}}{{% partial pname %}}{{% endwith %}}{{% endif %}}{{% endwith %}}"') if is_deed else ""
    hint = f' data-hint="{{{{ {i}|es_space_hint:spaces.{key} }}}}"' if is_deed else f' data-hint="{{{{ {i}|es_space_hint }}}}"'
    out = [f'<g class="es-cell es-t-{t}" data-target="space:{i}"{focus}{hint} data-space="{i}"><title>{i}. {title}</title>',
           f'<polygon class="es-cell-bg" points="{poly}"/>']
    if is_deed:
        n = g["n"]
        p0, p1 = g["p0"], g["p1"]
        strip = " ".join(pt(p) for p in [p0, p1, add(p1, n, STRIP), add(p0, n, STRIP)])
        band = " ".join(pt(p) for p in [add(p0, n, D - BAND), add(p1, n, D - BAND), add(p1, n, D), add(p0, n, D)])
        fill = PROV.get(sp.get("province"), "#3a3f3c" if t == "railway" else "#8a6d3b")
        out.append(f'{{% with o=view.owners.{key} %}}{{% if o is not None %}}'
                   f'<polygon class="es-tint es-fill-{{{{ o }}}}" points="{poly}"/>'
                   f'<polygon class="es-own es-fill-{{{{ o }}}}" points="{strip}"><title>{{% with seat=o %}}{{% partial pname %}}{{% endwith %}}</title></polygon>{{% endif %}}{{% endwith %}}')
        out.append(f'{{% if view.mortgaged.{key} %}}<polygon class="es-mort" points="{poly}"><title>{{% translate "Mortgaged" %}}</title></polygon>{{% endif %}}')
        out.append(f'<polygon class="es-band" fill="{fill}" points="{band}"/>')
    out.append(f'<g transform="translate({pt(g["c"])}) rotate({f(g["alpha"])})">')
    maxw = W - 8
    es_l, en_l = short(i)
    if g["corner"]:
        out.append(corner_svg(i, es_l, en_l))
    elif is_deed:
        band_edge = y_of(g, D - BAND - 3)
        out.append(lines_block(es_l, en_l, band_edge, g["sgn"], maxw, small_last=(t == "province")))
        yprice = y_of(g, STRIP + 10)
        out.append(tline(0, yprice, deed_price_line(i), "es-pr", 10, maxw))
        ymid = y_of(g, STRIP + 29)
        if t == "railway":
            out.append(train_icon(ymid))
        elif t == "company":
            out.append(factory_icon(ymid))
        # Buildings in the band.
        yb = y_of(g, D - BAND / 2)
        houses = []
        for lv in range(1, 5):
            hs = "".join(f'<path class="es-chacra" d="{HOUSE}" transform="translate({f((h - (lv - 1) / 2) * 11.5)} {f(yb - 1.5)})"/>'
                         for h in range(lv))
            houses.append(f'{{% elif lv == {lv} %}}{hs}')
        if t == "province":
            out.append(f'{{% with lv=view.buildings.{key} %}}{{% if lv == 5 %}}'
                       f'<path class="es-estancia" d="{ESTANCIA}" transform="translate(0 {f(yb - 2)})"/>'
                       + "".join(houses) + "{% endif %}{% endwith %}")
    else:
        # Tax, Destino, Suerte.
        yn = y_of(g, D - 14)
        out.append(lines_block(es_l, en_l, yn, g["sgn"], maxw, first_cls="es-nm"))
        ymid = y_of(g, 42)
        if t in ("destino", "suerte"):
            out.append(f'<text x="0" y="{f(ymid)}" class="es-q es-q-{t}">?</text>')
        elif t == "tax":
            out.append(f'<text x="0" y="{f(ymid)}" class="es-q es-q-tax">$</text>')
            out.append(tline(0, y_of(g, STRIP + 10), money(sp["amount"]), "es-pr", 10, maxw))
    out.append("</g>")
    if is_deed:
        c = centroid(g["poly"])
        inner = [(c[0] + (x - c[0]) * 0.86, c[1] + (y - c[1]) * 0.9) for x, y in g["poly"]]
        out.append(f'<polygon class="es-hl" points="{" ".join(pt(q) for q in inner)}"/>')
    out.append("</g>")
    return "".join(out)


def corner_svg(i, es_l, en_l):
    parts = []
    maxw = 92
    sub_es = sub_en = None
    icon = ""
    if i == 0:
        sub_es, sub_en = "cobre " + money(5000), "collect " + money(5000)
        g = geo[0]
        ang = math.degrees(math.atan2(g["e"][1], g["e"][0]))
        icon = f'<g transform="translate(0 26) rotate({f(ang)})"><path class="es-arrow" d="M-22,-5 L8,-5 L8,-12 L22,0 L8,12 L8,5 L-22,5 Z"/></g>'
        y0 = -16
    elif i == 7:
        sub_es, sub_en = "cobre " + money(2500), "collect " + money(2500)
        icon = f'<polygon class="es-star" points="{star(0, 28, 13, 5.5)}"/>'
        y0 = -18
    elif i == 14:
        icon = ('<g class="es-bars" transform="translate(0 22)"><rect x="-20" y="-14" width="40" height="28" rx="3"/>'
                + "".join(f'<line x1="{x}" y1="-14" x2="{x}" y2="14"/>' for x in (-12, -4, 4, 12)) + "</g>")
        y0 = -16
    elif i == 21:
        icon = '<path class="es-moon" d="M6,10 A16,16 0 1,1 6,42 A12,12 0 1,0 6,10 Z" transform="translate(-4 -2)"/>'
        icon = '<g transform="translate(0 -4)"><path class="es-moon" d="M4,8 A15,15 0 1,0 4,38 A11,11 0 1,1 4,8 Z"/></g>'
        y0 = -18
    elif i == 28:
        icon = '<g transform="translate(0 24)"><circle class="es-park" r="13"/><text class="es-park-t" y="1">P</text></g>'
        y0 = -22
    elif i == 35:
        icon = ('<g transform="translate(0 24)"><circle class="es-cap" r="13"/><path class="es-arrow-w" d="M-7,-1 L4,-1 L4,-5 L10,1 L4,7 L4,3 L-7,3 Z" transform="translate(-2 -1)"/></g>')
        y0 = -18

    def render(lines, sub):
        out = []
        step = 12.5
        for j, s in enumerate(lines):
            out.append(tline(0, y0 + j * step - (len(lines) - 1) * step / 2, s, "es-cnm", 12, maxw))
        if sub:
            out.append(tline(0, y0 + (len(lines) + 1) * step / 2 + 2, sub, "es-csub", 9.5, maxw))
        return "".join(out)
    parts.append(lang(render(es_l, sub_es), render(en_l, sub_en)))
    parts.append(icon)
    return "".join(parts)


outer = " ".join(pt(vert(k)) for k in range(6))
inner = " ".join(pt(vert(k, RIN)) for k in range(6))
inner_gold = " ".join(pt(vert(k, RIN - 8)) for k in range(6))

# Pawn positions chain.
pchain = []
for i in range(42):
    x, y = pawn_pos[i]
    pchain.append(f'{{% {"if" if i == 0 else "elif"} p.position == {i} %}}{f(x)}px,{f(y)}px')
# A lookup rather than a walk down 42 comparisons per pawn, every move (see cached_cell).
pchain = '{% fixed_part "es-pawn-at" p.position %}' + "".join(pchain) + "{% endif %}{% end_fixed_part %}"

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
die_chain = "".join(
    f'{{% {"if" if v == 1 else "elif"} d == {v} %}}' + "".join(f'<circle class="es-pip" cx="{x * 14}" cy="{y * 14}" r="5.2"/>' for x, y in PIPS[v])
    for v in range(1, 7)) + "{% endif %}"

# Space name chain.
spname = "".join(f'{{% {"if" if i == 0 else "elif"} sp == {i} %}}{lang(SP[i]["name"], SP[i].get("name_en", SP[i]["name"]))}' for i in range(42)) + "{% endif %}"

# Card text chain.
allcards = CARDS["suerte"] + CARDS["destino"]
cardtext = "".join(f'{{% {"if" if j == 0 else "elif"} cid == "{c["id"]}" %}}{lang(c["text"], c["text_en"])}' for j, c in enumerate(allcards)) + "{% endif %}"

DEEDS = [s["index"] for s in SP if s["type"] in ("province", "railway", "company")]


def deed_card(i):
    sp = SP[i]
    t = sp["type"]
    key = str(i)
    fill = PROV.get(sp.get("province"), "#3a3f3c" if t == "railway" else "#8a6d3b")
    light = "es-dk" if (t != "province" or sp["province"] in PROV_LIGHT_TEXT) else "es-lt"
    name = lang(sp["name"], sp.get("name_en", sp["name"]))
    rows = []
    if t == "province":
        r = sp["rent"]
        labels = [("campo", '{% translate "Field" %}', 0), ("chacras_1", '{% translate "1 chacra" %}', 1),
                  ("chacras_2", '{% translate "2 chacras" %}', 2), ("chacras_3", '{% translate "3 chacras" %}', 3),
                  ("chacras_4", '{% translate "4 chacras" %}', 4), ("estancia", '{% translate "Estancia" %}', 5)]
        for k, lab, lv in labels:
            rows.append(f'<tr{{% if view.buildings.{key} == {lv} %}} class="on"{{% endif %}}><th>{lab}</th><td>{money(r[k])}</td></tr>')
        foot = (f'<p class="es-deed-foot">{{% translate "Chacra" %}} {money(sp["chacra_cost"])} · '
                f'{{% translate "Mortgage" %}} {money(sp["mortgage_value"])}</p>')
    elif t == "railway":
        for n, v in sp["rent_by_owned"].items():
            lab = '{% translate "1 railway" %}' if n == "1" else f'{{% blocktranslate %}}{n} railways{{% endblocktranslate %}}'
            rows.append(f"<tr><th>{lab}</th><td>{money(v)}</td></tr>")
        foot = f'<p class="es-deed-foot">{{% translate "Mortgage" %}} {money(sp["mortgage_value"])}</p>'
    else:
        for n, v in sp["rent_dice_multiplier_by_owned"].items():
            lab = '{% translate "1 company" %}' if n == "1" else f'{{% blocktranslate %}}{n} companies{{% endblocktranslate %}}'
            rows.append(f'<tr><th>{lab}</th><td>{{% translate "dice" %}}&nbsp;×{v}</td></tr>')
        foot = f'<p class="es-deed-foot">{{% translate "Mortgage" %}} {money(sp["mortgage_value"])}</p>'
    return (f'<article class="es-deed es-deed-{t}{{% if view.mortgaged.{key} %}} es-deed-mort{{% endif %}}" data-space="{i}" '
            f'data-target="space:{i}" tabindex="0" role="button" aria-label="{name} · {money(sp["price"])}">'
            f'<header class="{light}" style="background:{fill}"><span class="es-deed-no">{i}</span><b>{name}</b>'
            f'<span class="es-deed-price">{money(sp["price"])}</span></header>'
            f'<table>{"".join(rows)}</table>{foot}'
            f'{{% if view.mortgaged.{key} %}}<span class="es-stamp">{{% translate "Mortgaged" %}}</span>{{% endif %}}</article>')


# A deed card depends on nothing but its space, its buildings and its mortgage (and the language): drawn once per
# such state and kept across moves and games ({% kept_part %}), where the players' panels show it every move.
deed_partials = "".join(f"{{% partialdef deed_{i} %}}{{% kept_part \"es-deed\" {i} spaces.{i} %}}"
                        f"{deed_card(i)}{{% end_kept_part %}}{{% endpartialdef %}}\n" for i in DEEDS)
deed_chain = "".join(f'{{% {"if" if j == 0 else "elif"} sp == {i} %}}{{% partial deed_{i} %}}' for j, i in enumerate(DEEDS)) + "{% endif %}"
# A player's deeds change when a deed changes hands, buildings or mortgage: kept per that state (cached_cell).
owned_by_p = ('{% fixed_part "es-owned" p.seat spaces.all %}'
              + "".join(f"{{% if view.owners.{i} == p.seat %}}{{% partial deed_{i} %}}{{% endif %}}" for i in DEEDS)
              + "{% end_fixed_part %}")
give_boxes = "".join(
    f'{{% if view.owners.{i} == you %}}<label class="es-chk" id="es-give-deed-{i}-l"><input type="checkbox" id="es-give-deed-{i}" data-give-deed value="{i}"> '
    f'{lang(SP[i]["name"], SP[i].get("name_en"))}</label>{{% endif %}}' for i in DEEDS)
ask_boxes = "".join(
    f'{{% with o=view.owners.{i} %}}{{% if o is not None and o != you %}}<label class="es-chk" id="es-ask-deed-{i}-l" data-owner="{{{{ o }}}}">'
    f'<input type="checkbox" id="es-ask-deed-{i}" data-ask-deed value="{i}"> {lang(SP[i]["name"], SP[i].get("name_en"))}</label>{{% endif %}}{{% endwith %}}'
    for i in DEEDS)


def cached_cell(i):
    """A space as drawn by ``cell_svg``, rendered once per state of that space (``es_spaces``: owner and their name,
    buildings, mortgage; the language) and kept across moves and games: a move changes one or two of the 42."""
    if SP[i]["type"] in ("province", "railway", "company"):
        return f'{{% kept_part "es-cell" {i} spaces.{i} %}}{cell_svg(i)}{{% end_kept_part %}}'
    return f'{{% kept_part "es-cell" {i} %}}{cell_svg(i)}{{% end_kept_part %}}'


cells_svg = "\n".join(cached_cell(i) for i in range(42))

# The deal form builds its action from the ticked deeds and the cash in games/estanciero/static/js/estanciero.js (delegated from
# document, so it survives the table's morphing updates; no inline handler, for the Content-Security-Policy).

tpl = ((ROOT / "scripts" / "estanciero_board_skeleton.html").read_text()
       .replace("@@OUTER@@", outer).replace("@@INNER@@", inner).replace("@@INNERGOLD@@", inner_gold)
       .replace("@@CELLS@@", cells_svg).replace("@@PAWNPOS@@", pchain).replace("@@DIE@@", die_chain)
       .replace("@@SPNAME@@", spname).replace("@@CARDTEXT@@", cardtext).replace("@@DEEDPARTIALS@@", deed_partials)
       .replace("@@DEEDCHAIN@@", deed_chain).replace("@@OWNED@@", owned_by_p)
       .replace("@@GIVE@@", give_boxes).replace("@@ASK@@", ask_boxes))
# Amounts are laid out with their Spanish width ("$ 3.600") and written as a filter, so each language reads its
# own money format ("$ 3.600" / "$3,600") from the one template.
tpl = re.sub(r"\$ (\d{1,3}(?:\.\d{3})*)(?![\d.])", lambda m: "{{ " + m.group(1).replace(".", "") + "|money }}", tpl)
if __name__ == "__main__":
    OUT.write_text(tpl)
    print("wrote", OUT, len(tpl), "chars; cell width", round(W, 1), "inner radius", round(RIN, 1))
