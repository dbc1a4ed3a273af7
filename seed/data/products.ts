import type { Random } from "./random";
import { CATALOG, type CatalogEntry, type Family } from "./product-catalog";

/**
 * Turns the hand-written catalogue into complete product rows (every column),
 * deterministically from the given PRNG. Money in centavos, lists as arrays
 * (JSON-encoded by the seed), dates as offsets from "now".
 */

export const SIZE_ORDER = ["30ml", "50ml", "100ml", "125ml", "150ml"] as const;

type Season = "Primavera" | "Verano" | "Otoño" | "Invierno";
type Occasion = "Día" | "Noche" | "Oficina" | "Citas" | "Eventos especiales";

export type SeedProduct = {
  entry: CatalogEntry;
  name: string;
  slug: string;
  brandSlug: string;
  gender: CatalogEntry["gender"];
  perfumeType: CatalogEntry["type"];
  catalogType: "normal" | "custom_order";
  description: string;
  shortDescription: string;
  price: number;
  originalPrice: number | null;
  stock: number;
  minStock: number;
  size: string;
  availableSizes: string[];
  concentration: string;
  topNotes: string[];
  middleNotes: string[];
  baseNotes: string[];
  longevity: string;
  sillage: string;
  seasonRecommendation: Season[];
  occasionRecommendation: Occasion[];
  isActive: 0 | 1;
  isFeatured: 0 | 1;
  isNew: 0 | 1;
  isViral: 0 | 1;
  isExclusive: 0 | 1;
  viewCount: number;
  salesCount: number;
  /** minutes before "now" at which the product was created */
  ageMinutes: number;
};

export function slugify(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/°/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "Bergamota de Calabria" → "bergamota de Calabria": lower-case the first letter only. */
function noteInSentence(note: string) {
  return note.charAt(0).toLocaleLowerCase("es") + note.slice(1);
}

/** Spanish list: "a, b y c" ("e" before a word that starts with the sound i). */
export function spanishList(items: string[]) {
  if (items.length <= 1) return items.join("");
  const last = items[items.length - 1];
  const conjunction = /^h?i(?![aeoáéó])/i.test(last) ? "e" : "y";
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${last}`;
}

const SEASONS_BY_FAMILY: Record<Family, Season[][]> = {
  fresh: [["Primavera", "Verano"]],
  citrus: [["Primavera", "Verano"]],
  aquatic: [["Primavera", "Verano"], ["Verano"]],
  aromatic: [
    ["Primavera", "Verano", "Otoño"],
    ["Primavera", "Otoño"],
  ],
  floral: [["Primavera", "Verano"], ["Primavera"]],
  fruity: [["Primavera", "Verano"]],
  woody: [
    ["Otoño", "Invierno"],
    ["Primavera", "Otoño", "Invierno"],
  ],
  oriental: [["Otoño", "Invierno"]],
  gourmand: [["Otoño", "Invierno"]],
  leather: [["Otoño", "Invierno"]],
  oud: [["Otoño", "Invierno"]],
  musk: [
    ["Primavera", "Verano", "Otoño", "Invierno"],
    ["Primavera", "Otoño"],
  ],
  spicy: [
    ["Otoño", "Invierno"],
    ["Primavera", "Otoño", "Invierno"],
  ],
  chypre: [["Primavera", "Otoño"]],
};

const OCCASIONS_BY_FAMILY: Record<Family, Occasion[]> = {
  fresh: ["Día", "Oficina"],
  citrus: ["Día", "Oficina"],
  aquatic: ["Día", "Oficina"],
  aromatic: ["Día", "Oficina", "Citas"],
  floral: ["Día", "Citas"],
  fruity: ["Día", "Citas"],
  woody: ["Oficina", "Noche", "Citas"],
  oriental: ["Noche", "Citas", "Eventos especiales"],
  gourmand: ["Noche", "Citas"],
  leather: ["Noche", "Eventos especiales"],
  oud: ["Noche", "Eventos especiales"],
  musk: ["Día", "Oficina", "Citas"],
  spicy: ["Noche", "Citas"],
  chypre: ["Día", "Eventos especiales"],
};

const OCCASION_ORDER: Occasion[] = ["Día", "Noche", "Oficina", "Citas", "Eventos especiales"];
const OCCASION_PHRASE: Record<Occasion, string> = {
  Día: "el día a día",
  Noche: "la noche",
  Oficina: "la oficina",
  Citas: "una cita especial",
  "Eventos especiales": "eventos especiales",
};

const LONGEVITY = [
  "Ligera (2-4 horas)",
  "Moderada (4-6 horas)",
  "Buena (6-8 horas)",
  "Larga duración (8-10 horas)",
  "Muy larga duración (más de 10 horas)",
];

const INTENSE_FAMILIES: Family[] = ["oriental", "gourmand", "oud", "leather", "spicy"];
const LIGHT_FAMILIES: Family[] = ["fresh", "citrus", "aquatic"];

function longevityFor(entry: CatalogEntry, random: Random) {
  const base = {
    "Eau de Cologne": 0,
    "Eau de Toilette": 1,
    "Eau de Parfum": 2,
    Parfum: 3,
  }[entry.concentration];
  let level = base + random.int(0, 1);
  if (INTENSE_FAMILIES.includes(entry.family) && entry.concentration !== "Eau de Cologne")
    level += 1;
  if (LIGHT_FAMILIES.includes(entry.family) && level > 1) level -= 1;
  return LONGEVITY[Math.max(0, Math.min(LONGEVITY.length - 1, level))];
}

function sillageFor(entry: CatalogEntry, random: Random) {
  if (INTENSE_FAMILIES.includes(entry.family) || entry.concentration === "Parfum") {
    return random.chance(0.8) ? "Intensa" : "Moderada";
  }
  if (LIGHT_FAMILIES.includes(entry.family) || entry.concentration === "Eau de Cologne") {
    return random.chance(0.6) ? "Suave" : "Moderada";
  }
  return random.pick(["Moderada", "Moderada", "Intensa", "Suave"]);
}

function sizesFor(entry: CatalogEntry, main: string, random: Random) {
  const options: string[][] =
    entry.type === "niche"
      ? [["50ml", "100ml"], ["100ml"], ["50ml", "100ml"]]
      : [
          ["50ml", "100ml"],
          ["30ml", "50ml", "100ml"],
          ["50ml", "100ml", "150ml"],
          ["30ml", "50ml", "100ml", "150ml"],
          ["100ml", "125ml"],
        ];
  const sizes = new Set(random.pick(options));
  sizes.add(main);
  return SIZE_ORDER.filter((size) => sizes.has(size));
}

/** Rounds lempiras to a shop-like price (…50 or …90) and converts to centavos. */
function roundPrice(lempiras: number) {
  const rounded = Math.round(lempiras / 50) * 50;
  return rounded * 100;
}

function describe(entry: CatalogEntry, seasons: Season[], occasions: Occasion[], random: Random) {
  const top = spanishList(entry.top.map(noteInSentence));
  const middle = spanishList(entry.middle.map(noteInSentence));
  const base = spanishList(entry.base.map(noteInSentence));
  const pyramid = random.pick([
    `Se abre con ${top}; en su corazón, ${middle}; y en el fondo, ${base}.`,
    `Sus notas de salida de ${top} dan paso a ${middle}, con una estela final de ${base}.`,
    `La salida de ${top} evoluciona hacia un corazón de ${middle}, para culminar en un fondo de ${base}.`,
  ]);
  const when =
    seasons.length === 4
      ? "en cualquier época del año"
      : `en ${spanishList(seasons.map((season) => season.toLocaleLowerCase("es")))}`;
  const closing = `Recomendado para ${spanishList(occasions.map((o) => OCCASION_PHRASE[o]))} ${when}.`;
  return `${entry.hook} ${pyramid} ${closing}`;
}

/**
 * @param minAgeDays per slug, the least age a product must have (a product must
 *   exist before the seeded orders and reviews that mention it).
 */
export function buildProducts(
  random: Random,
  options: { minAgeDays?: Record<string, number> } = {},
): SeedProduct[] {
  const slugs = new Set<string>();
  return CATALOG.map((entry, index) => {
    const flags = entry.flags ?? "";
    const brandName = entry.brand.replace(/-/g, " ");
    let slug = slugify(`${brandName} ${entry.name}`);
    // "Dior Homme Intense" should not become "dior-dior-homme-intense".
    slug = slug.replace(/^([a-z]+)-\1-/, "$1-");
    if (slugs.has(slug)) slug = `${slug}-${index}`;
    slugs.add(slug);

    const size = entry.size ?? "100ml";
    const seasons = random.pick(SEASONS_BY_FAMILY[entry.family]);
    const occasions = new Set(OCCASIONS_BY_FAMILY[entry.family]);
    if (random.chance(0.3)) occasions.add(random.pick(OCCASION_ORDER));
    const occasionList = OCCASION_ORDER.filter((occasion) => occasions.has(occasion));

    const price = roundPrice(entry.price);
    const originalPrice = flags.includes("d")
      ? roundPrice(entry.price * (1.15 + random.next() * 0.2))
      : null;

    const featured = flags.includes("f");
    const viral = flags.includes("v");
    // Spread creation over the last ~120 days; a few recent arrivals are "Nuevo".
    const ageDays = Math.max(random.int(1, 120), options.minAgeDays?.[slug] ?? 0);
    const ageMinutes = ageDays * 24 * 60 + random.int(0, 23 * 60);
    const isNew = ageDays <= 21 ? 1 : 0;

    const popularity = (featured ? 2 : 1) * (viral ? 1.6 : 1) * (entry.type === "niche" ? 0.5 : 1);
    const salesCount = Math.round(random.int(8, 140) * popularity * (ageDays / 90 + 0.3));
    const viewCount = salesCount * random.int(9, 22) + random.int(40, 400);

    const stock = entry.stock ?? random.int(6, 40);

    return {
      entry,
      name: entry.name,
      slug,
      brandSlug: entry.brand,
      gender: entry.gender,
      perfumeType: entry.type,
      catalogType: flags.includes("c") ? "custom_order" : "normal",
      description: describe(entry, seasons, occasionList, random),
      shortDescription: entry.short,
      price,
      originalPrice,
      stock,
      minStock: 5,
      size,
      availableSizes: sizesFor(entry, size, random),
      concentration: entry.concentration,
      topNotes: entry.top,
      middleNotes: entry.middle,
      baseNotes: entry.base,
      longevity: longevityFor(entry, random),
      sillage: sillageFor(entry, random),
      seasonRecommendation: seasons,
      occasionRecommendation: occasionList,
      isActive: flags.includes("i") ? 0 : 1,
      isFeatured: featured ? 1 : 0,
      isNew,
      isViral: viral ? 1 : 0,
      isExclusive: flags.includes("x") ? 1 : 0,
      viewCount,
      salesCount,
      ageMinutes,
    };
  });
}
