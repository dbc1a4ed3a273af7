import { createRandom } from "./random";

/**
 * Draws a perfume bottle as SVG (640×640) for the demo catalogue, so that the
 * seed needs no downloads. Shape, glass, liquid, cap and backdrop vary with the
 * product; the label carries the brand's initial and name.
 */

export type BottleShape = "classic" | "tall" | "square" | "round" | "faceted" | "flask";
export type CapStyle = "block" | "dome" | "tall" | "sphere";
export type BottleView = "front" | "angle";

export type BottleDesign = {
  shape: BottleShape;
  cap: CapStyle;
  capColor: string;
  glass: string;
  liquid: string;
  liquidLevel: number;
  labelDark: boolean;
  backdrop: [string, string];
  initial: string;
  brand: string;
  name: string;
};

type Gender = "masculine" | "feminine" | "unisex";

const PALETTES: Record<Gender, { liquids: string[]; backdrops: [string, string][] }> = {
  masculine: {
    liquids: [
      "#2f5d8a",
      "#1f3b57",
      "#8a5a2b",
      "#3d4a55",
      "#5b7d9a",
      "#6b3f1f",
      "#2b6f77",
      "#4a4a4a",
    ],
    backdrops: [
      ["#e9edf1", "#c9d3dc"],
      ["#ece7df", "#cfc4b3"],
      ["#e4e8e6", "#bccac4"],
      ["#eeeae4", "#d6cdbf"],
    ],
  },
  feminine: {
    liquids: [
      "#e8a0b4",
      "#f3c6a5",
      "#c2547a",
      "#f1d7a8",
      "#b37bc4",
      "#e9b9c9",
      "#d9825b",
      "#f5e2b8",
    ],
    backdrops: [
      ["#fbeff1", "#f0d3da"],
      ["#fbf3ea", "#efdcc6"],
      ["#f6eef8", "#e2d0ea"],
      ["#fdf5f0", "#f1ddd2"],
    ],
  },
  unisex: {
    liquids: [
      "#c47a3a",
      "#9b2f2f",
      "#d9b36c",
      "#5e6b3a",
      "#7a4b2a",
      "#e6cf9a",
      "#3a3a3a",
      "#b5562f",
    ],
    backdrops: [
      ["#f3eee6", "#dcd0bd"],
      ["#eef0ea", "#d3d8c8"],
      ["#f1ece9", "#d8c9c2"],
      ["#ebe9ee", "#cfcad8"],
    ],
  },
};

const CAP_COLORS = ["#c9a24a", "#1c1c1c", "#b9bec4", "#8c6a2f", "#2a2a2a", "#d8c08a"];
const SHAPES: BottleShape[] = ["classic", "tall", "square", "round", "faceted", "flask"];
const CAPS: CapStyle[] = ["block", "dome", "tall", "sphere"];

/** The design of a product's bottle, derived from its slug (same slug, same bottle). */
export function bottleDesign(input: {
  slug: string;
  brand: string;
  name: string;
  gender: Gender;
}): BottleDesign {
  const random = createRandom(`bottle:${input.slug}`);
  const palette = PALETTES[input.gender];
  return {
    shape: random.pick(SHAPES),
    cap: random.pick(CAPS),
    capColor: random.pick(CAP_COLORS),
    glass: random.chance(0.5) ? "#ffffff" : "#f4efe4",
    liquid: random.pick(palette.liquids),
    liquidLevel: 0.62 + random.next() * 0.25,
    labelDark: random.chance(0.4),
    backdrop: random.pick(palette.backdrops),
    initial: initialOf(input.brand),
    brand: input.brand,
    name: input.name,
  };
}

function initialOf(brand: string) {
  const letter = brand
    .replace(/^(the|parfums de)\s+/i, "")
    .trim()
    .charAt(0);
  return letter.toUpperCase() || "P";
}

function escapeXml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Mixes a hex colour with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number) {
  const value = parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) =>
    Math.round(amount >= 0 ? channel + (255 - channel) * amount : channel * (1 + amount)),
  );
  return `#${channels.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

type Geometry = { width: number; height: number; path: string; neck: number };

const BOTTOM = 560;
const CENTER = 320;

function bodyGeometry(shape: BottleShape): Geometry {
  const rect = (width: number, height: number, radius: number) => {
    const x = CENTER - width / 2;
    const y = BOTTOM - height;
    return {
      width,
      height,
      neck: Math.round(width * 0.28),
      path:
        `M${x + radius},${y} H${x + width - radius} Q${x + width},${y} ${x + width},${y + radius} ` +
        `V${BOTTOM - radius} Q${x + width},${BOTTOM} ${x + width - radius},${BOTTOM} H${x + radius} ` +
        `Q${x},${BOTTOM} ${x},${BOTTOM - radius} V${y + radius} Q${x},${y} ${x + radius},${y} Z`,
    };
  };
  switch (shape) {
    case "classic":
      return rect(220, 250, 22);
    case "tall":
      return rect(172, 300, 14);
    case "square":
      return rect(264, 214, 34);
    case "round": {
      const r = 132;
      const cy = BOTTOM - r;
      return {
        width: r * 2,
        height: r * 2,
        neck: 62,
        path: `M${CENTER - r},${cy} A${r},${r} 0 1,0 ${CENTER + r},${cy} A${r},${r} 0 1,0 ${CENTER - r},${cy} Z`,
      };
    }
    case "faceted": {
      const width = 236;
      const height = 244;
      const cut = 44;
      const x = CENTER - width / 2;
      const y = BOTTOM - height;
      return {
        width,
        height,
        neck: 64,
        path:
          `M${x + cut},${y} H${x + width - cut} L${x + width},${y + cut} V${BOTTOM - cut} ` +
          `L${x + width - cut},${BOTTOM} H${x + cut} L${x},${BOTTOM - cut} V${y + cut} Z`,
      };
    }
    case "flask": {
      const width = 210;
      const height = 270;
      const x = CENTER - width / 2;
      const y = BOTTOM - height;
      const shoulder = 70;
      return {
        width,
        height,
        neck: 58,
        path:
          `M${CENTER - 34},${y} H${CENTER + 34} C${CENTER + 40},${y + 40} ${x + width},${y + shoulder - 20} ${x + width},${y + shoulder + 20} ` +
          `V${BOTTOM - 18} Q${x + width},${BOTTOM} ${x + width - 18},${BOTTOM} H${x + 18} Q${x},${BOTTOM} ${x},${BOTTOM - 18} ` +
          `V${y + shoulder + 20} C${x},${y + shoulder - 20} ${CENTER - 40},${y + 40} ${CENTER - 34},${y} Z`,
      };
    }
  }
}

function capMarkup(style: CapStyle, color: string, neckTop: number) {
  const light = shade(color, 0.45);
  const dark = shade(color, -0.35);
  const gradient = `<linearGradient id="cap" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${dark}"/><stop offset="0.35" stop-color="${light}"/><stop offset="0.6" stop-color="${color}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
  let shape: string;
  switch (style) {
    case "block":
      shape = `<rect x="${CENTER - 58}" y="${neckTop - 74}" width="116" height="76" rx="8" fill="url(#cap)"/>`;
      break;
    case "dome":
      shape = `<path d="M${CENTER - 54},${neckTop + 2} V${neckTop - 30} A54,46 0 0,1 ${CENTER + 54},${neckTop - 30} V${neckTop + 2} Z" fill="url(#cap)"/>`;
      break;
    case "tall":
      shape = `<rect x="${CENTER - 38}" y="${neckTop - 118}" width="76" height="120" rx="6" fill="url(#cap)"/>`;
      break;
    case "sphere":
      shape = `<rect x="${CENTER - 22}" y="${neckTop - 14}" width="44" height="16" fill="url(#cap)"/><circle cx="${CENTER}" cy="${neckTop - 62}" r="52" fill="url(#cap)"/><circle cx="${CENTER - 18}" cy="${neckTop - 80}" r="12" fill="#ffffff" opacity="0.35"/>`;
      break;
  }
  return { defs: gradient, shape };
}

/** The SVG text of one view of the bottle. The same design always yields the same text. */
export function bottleSvg(design: BottleDesign, view: BottleView = "front") {
  const geometry = bodyGeometry(design.shape);
  const top = BOTTOM - geometry.height;
  const neckTop = top - 34;
  const liquidTop = BOTTOM - geometry.height * design.liquidLevel;
  const cap = capMarkup(design.cap, design.capColor, neckTop);
  const [backTop, backBottom] =
    view === "front"
      ? design.backdrop
      : [shade(design.backdrop[1], -0.08), shade(design.liquid, 0.55)];
  const labelWidth = Math.min(geometry.width * 0.62, 150);
  const labelHeight = Math.min(geometry.height * 0.42, 112);
  const labelX = CENTER - labelWidth / 2;
  const labelY =
    BOTTOM - geometry.height / 2 - labelHeight / 2 + (design.shape === "flask" ? 22 : 0);
  const labelFill = design.labelDark ? "#141414" : "#fbf8f1";
  const ink = design.labelDark ? "#d9bf7a" : "#1d1d1d";
  const brand = escapeXml(design.brand.toUpperCase());
  const name = escapeXml(design.name.length > 22 ? `${design.name.slice(0, 21)}…` : design.name);
  // Long brand names get tighter, smaller letters so they stay inside the label.
  const brandSpacing = design.brand.length > 14 ? 0.5 : 2;
  const brandSize = Math.min(
    10,
    Math.max(6, ((labelWidth - 14) / design.brand.length - brandSpacing) / 0.68),
  );
  const transform = view === "angle" ? ` transform="rotate(-9 ${CENTER} ${BOTTOM})"` : "";
  const box =
    view === "angle"
      ? `<g opacity="0.9"><rect x="372" y="226" width="176" height="336" rx="4" fill="${shade(design.liquid, -0.25)}"/>` +
        `<rect x="372" y="226" width="176" height="336" rx="4" fill="url(#sheen)" opacity="0.5"/>` +
        `<rect x="392" y="250" width="136" height="288" fill="none" stroke="${design.capColor}" stroke-width="2"/>` +
        `<text x="460" y="404" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="64" fill="${design.capColor}">${escapeXml(design.initial)}</text></g>`
      : "";

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">`,
    `<defs>`,
    `<linearGradient id="bg" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${backTop}"/><stop offset="1" stop-color="${backBottom}"/></linearGradient>`,
    `<linearGradient id="glass" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${design.glass}" stop-opacity="0.55"/><stop offset="0.5" stop-color="${design.glass}" stop-opacity="0.18"/><stop offset="1" stop-color="${design.glass}" stop-opacity="0.5"/></linearGradient>`,
    `<linearGradient id="liquid" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${shade(design.liquid, 0.25)}"/><stop offset="1" stop-color="${shade(design.liquid, -0.2)}"/></linearGradient>`,
    `<linearGradient id="sheen" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.28"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>`,
    cap.defs,
    `<clipPath id="body"><path d="${geometry.path}"/></clipPath>`,
    `</defs>`,
    `<rect width="640" height="640" fill="url(#bg)"/>`,
    box,
    `<ellipse cx="${CENTER}" cy="${BOTTOM + 8}" rx="${geometry.width * 0.62}" ry="18" fill="url(#shadow)"/>`,
    `<g${transform}>`,
    `<rect x="${CENTER - geometry.neck / 2}" y="${neckTop}" width="${geometry.neck}" height="${top - neckTop + 6}" fill="${shade(design.capColor, 0.2)}"/>`,
    cap.shape,
    `<g clip-path="url(#body)">`,
    `<rect x="0" y="${top - 10}" width="640" height="${geometry.height + 20}" fill="${shade(design.liquid, 0.6)}" opacity="0.5"/>`,
    `<rect x="0" y="${liquidTop}" width="640" height="${BOTTOM - liquidTop + 10}" fill="url(#liquid)" opacity="0.92"/>`,
    `<rect x="0" y="${liquidTop - 3}" width="640" height="6" fill="#ffffff" opacity="0.25"/>`,
    `<rect x="${CENTER - geometry.width / 2 + 14}" y="${top}" width="${geometry.width * 0.16}" height="${geometry.height}" fill="url(#sheen)"/>`,
    `<rect x="${CENTER + geometry.width / 2 - geometry.width * 0.12}" y="${top}" width="${geometry.width * 0.06}" height="${geometry.height}" fill="#ffffff" opacity="0.22"/>`,
    `</g>`,
    `<path d="${geometry.path}" fill="url(#glass)" stroke="#ffffff" stroke-opacity="0.7" stroke-width="3"/>`,
    `<rect x="${labelX}" y="${labelY}" width="${labelWidth}" height="${labelHeight}" rx="3" fill="${labelFill}" stroke="${design.capColor}" stroke-width="2"/>`,
    `<text x="${CENTER}" y="${labelY + labelHeight * 0.55}" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="${Math.round(labelHeight * 0.46)}" fill="${ink}">${escapeXml(design.initial)}</text>`,
    `<text x="${CENTER}" y="${labelY + labelHeight * 0.74}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${brandSize.toFixed(1)}" letter-spacing="${brandSpacing}" fill="${ink}">${brand}</text>`,
    `<text x="${CENTER}" y="${labelY + labelHeight * 0.9}" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-style="italic" font-size="9" fill="${ink}" opacity="0.8">${name}</text>`,
    `</g>`,
    `</svg>`,
  ].join("");
}
