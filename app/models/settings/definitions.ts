/**
 * Every settings key that either specification document reads (D7), with its
 * default value (DECISIONS.md "Defaults"), category, Spanish label and input type.
 * Client-safe: no server imports. The seed writes these rows; the settings model
 * falls back to `settingDefault(key)` when a row is missing.
 *
 * Values are stored as the admin types them: money in lempiras ('150', '2000'), numbers
 * ('15', '5'), booleans 'true' / 'false'. `parseSettings` (settings.ts) turns them into the
 * typed values the app reads.
 */

export type SettingCategory =
  "general" | "contact" | "social" | "company" | "business" | "checkout" | "loyalty" | "system";

export type SettingInputType =
  "text" | "textarea" | "number" | "money" | "boolean" | "email" | "url" | "tel";

export type SettingDefinition = {
  key: string;
  value: string;
  category: SettingCategory;
  label: string;
  description?: string;
  inputType: SettingInputType;
  /** A "number" that may have decimals (a percentage, a rate); other numbers are whole. */
  decimals?: true;
  /** Bounds of a "number" the admin screen enforces (a percentage ≤ 100, a divisor ≥ 1). */
  min?: number;
  max?: number;
  /**
   * A "text" with a shape of its own (decision 158): `days`, business days as "3-5" or "2";
   * `departments`, Honduran departments separated by commas. Checked and stored normalised.
   */
  format?: "days" | "departments" | "rtn";
  /**
   * A tab of its own beside its category's (decision 170: the issuer's fiscal data, category
   * "company", shows under 'Facturación' and not under 'Empresa').
   */
  tab?: "facturacion";
  /** Decision 163: changing it asks for a fresh second factor (the bank account, fiscal data). */
  stepUp?: true;
  isRequired: 0 | 1;
  sortOrder: number;
};

const STORE_ADDRESS =
  "Boulevard Morazán, Centro Comercial Plaza Lux, Local 12, Col. Palmira, Tegucigalpa, Francisco Morazán, Honduras";
const STORE_PHONE_MAIN = "+504 2232-4567";
const STORE_WHATSAPP = "+504 9988-7766";
const STORE_EMAIL = "contacto@perfumeria.hn";
const COMPANY_DESCRIPTION =
  "Perfumería de Lujo es la tienda en línea de perfumes originales de Honduras: fragancias de diseñador y de nicho de las casas más prestigiosas del mundo, con garantía de autenticidad y envío a los 18 departamentos.";

export const SETTING_DEFINITIONS = [
  // General (admin tab "General")
  {
    key: "siteName",
    value: "Perfumería de Lujo",
    category: "general",
    label: "Nombre del sitio",
    description: "Aparece en el encabezado, el título de las páginas y los correos.",
    inputType: "text",
    isRequired: 1,
    sortOrder: 10,
  },
  {
    key: "siteDescription",
    value:
      "Perfumes originales de diseñador y de nicho en Honduras. Pago por transferencia bancaria y envío a todo el país.",
    category: "general",
    label: "Descripción del sitio",
    description: "Texto breve para buscadores y para la pantalla de mantenimiento.",
    inputType: "textarea",
    isRequired: 0,
    sortOrder: 20,
  },
  {
    key: "currency",
    value: "L",
    category: "business",
    label: "Símbolo de moneda",
    description: "Lempiras (HNL). Los precios se muestran como L 1,234.50.",
    inputType: "text",
    isRequired: 1,
    sortOrder: 10,
  },
  {
    key: "tax_percentage",
    value: "15",
    category: "business",
    label: "Impuesto (ISV %)",
    description: "Porcentaje de Impuesto Sobre Ventas aplicado al subtotal.",
    inputType: "number",
    decimals: true,
    max: 100,
    isRequired: 1,
    sortOrder: 20,
  },

  // Checkout: shipping and store pickup
  {
    key: "shipping_cost",
    value: "150",
    category: "checkout",
    label: "Costo de envío estándar (L)",
    description: "Envío estándar a domicilio (3-5 días hábiles).",
    inputType: "money",
    isRequired: 1,
    sortOrder: 10,
  },
  {
    key: "free_shipping_threshold",
    value: "2000",
    category: "checkout",
    label: "Envío estándar gratis desde (L)",
    description: "Subtotal a partir del cual el envío estándar es gratis.",
    inputType: "money",
    isRequired: 1,
    sortOrder: 20,
  },
  {
    key: "express_shipping_cost",
    value: "300",
    category: "checkout",
    label: "Costo de envío express (L)",
    description: "Envío express a domicilio (1-2 días hábiles).",
    inputType: "money",
    isRequired: 1,
    sortOrder: 30,
  },
  {
    key: "express_free_shipping_threshold",
    value: "5000",
    category: "checkout",
    label: "Envío express gratis desde (L)",
    description: "Subtotal a partir del cual el envío express es gratis.",
    inputType: "money",
    isRequired: 1,
    sortOrder: 40,
  },
  // Decision 158: how long delivery takes, by zone of departments (business days, Monday to
  // Friday, counted from the day after the order).
  {
    key: "delivery_main_departments",
    value: "Francisco Morazán, Cortés",
    category: "checkout",
    label: "Departamentos de entrega rápida",
    description:
      "Separados por comas. Los departamentos que no estén aquí ni en zonas remotas son «resto del país».",
    inputType: "text",
    format: "departments",
    isRequired: 0,
    sortOrder: 41,
  },
  {
    key: "delivery_remote_departments",
    value: "Gracias a Dios, Islas de la Bahía",
    category: "checkout",
    label: "Departamentos de zonas remotas",
    description: "Separados por comas: donde la entrega tarda más.",
    inputType: "text",
    format: "departments",
    isRequired: 0,
    sortOrder: 42,
  },
  {
    key: "standard_days_main",
    value: "1-2",
    category: "checkout",
    label: "Envío estándar, entrega rápida (días hábiles)",
    description: "Como 1-2, o un solo número.",
    inputType: "text",
    format: "days",
    isRequired: 1,
    sortOrder: 43,
  },
  {
    key: "standard_days_other",
    value: "3-5",
    category: "checkout",
    label: "Envío estándar, resto del país (días hábiles)",
    inputType: "text",
    format: "days",
    isRequired: 1,
    sortOrder: 44,
  },
  {
    key: "standard_days_remote",
    value: "5-8",
    category: "checkout",
    label: "Envío estándar, zonas remotas (días hábiles)",
    inputType: "text",
    format: "days",
    isRequired: 1,
    sortOrder: 45,
  },
  {
    key: "express_days_main",
    value: "1",
    category: "checkout",
    label: "Envío express, entrega rápida (días hábiles)",
    inputType: "text",
    format: "days",
    isRequired: 1,
    sortOrder: 46,
  },
  {
    key: "express_days_other",
    value: "1-2",
    category: "checkout",
    label: "Envío express, resto del país (días hábiles)",
    inputType: "text",
    format: "days",
    isRequired: 1,
    sortOrder: 47,
  },
  {
    key: "express_days_remote",
    value: "3-4",
    category: "checkout",
    label: "Envío express, zonas remotas (días hábiles)",
    inputType: "text",
    format: "days",
    isRequired: 1,
    sortOrder: 48,
  },
  // Issue 39: what delivery costs more outside the fast cities, if the owner sets it. Added to
  // standard and express shipping where they are charged (from the free-shipping thresholds
  // on, shipping is free everywhere: the store's banner says so).
  {
    key: "shipping_surcharge_other",
    value: "0",
    category: "checkout",
    label: "Recargo de envío, resto del país (L)",
    description: "Se suma al envío estándar y express de esos departamentos (0: sin recargo).",
    inputType: "money",
    isRequired: 1,
    sortOrder: 49,
  },
  {
    key: "shipping_surcharge_remote",
    value: "0",
    category: "checkout",
    label: "Recargo de envío, zonas remotas (L)",
    description: "Se suma al envío estándar y express de las zonas remotas (0: sin recargo).",
    inputType: "money",
    isRequired: 1,
    sortOrder: 50,
  },
  {
    key: "store_address",
    value: STORE_ADDRESS,
    category: "checkout",
    label: "Dirección de la tienda (recoger en tienda)",
    description: "Se muestra al elegir «Recoger en tienda» en el checkout.",
    inputType: "textarea",
    isRequired: 1,
    sortOrder: 50,
  },
  {
    key: "store_hours",
    value: "Lunes a Sábado 9:00 AM - 6:00 PM",
    category: "checkout",
    label: "Horario para recoger en tienda",
    inputType: "text",
    isRequired: 1,
    sortOrder: 60,
  },
  {
    key: "store_phone",
    value: "+504 0000-0000",
    category: "checkout",
    label: "Teléfono de la tienda (recoger en tienda)",
    description: "Formato +504 0000-0000.",
    inputType: "tel",
    isRequired: 1,
    sortOrder: 70,
  },
  // D17: the bank account the checkout's payment card shows for the transfer.
  {
    key: "bank_name",
    stepUp: true,
    value: "BAC Credomatic",
    category: "checkout",
    label: "Banco (transferencia)",
    description: "Banco de la cuenta que se muestra en el checkout.",
    inputType: "text",
    isRequired: 1,
    sortOrder: 80,
  },
  {
    key: "bank_account_number",
    stepUp: true,
    value: "730-000000-0",
    category: "checkout",
    label: "Número de cuenta",
    description: "Cuenta a la que el cliente transfiere.",
    inputType: "text",
    isRequired: 1,
    sortOrder: 90,
  },
  {
    key: "bank_account_holder",
    stepUp: true,
    value: "Perfumería de Lujo S. de R.L.",
    category: "checkout",
    label: "Titular de la cuenta",
    description: "Nombre del titular que el cliente verá al transferir.",
    inputType: "text",
    isRequired: 1,
    sortOrder: 100,
  },
  // Issue 41 (decision 166): cash on delivery, off until the owner turns it on, within limits.
  {
    key: "cod_enabled",
    value: "false",
    category: "checkout",
    label: "Pago Contra Entrega",
    description:
      "Ofrecer el pago en efectivo al recibir el pedido, dentro de los límites de abajo.",
    inputType: "boolean",
    isRequired: 0,
    sortOrder: 102,
  },
  {
    key: "cod_departments",
    value: "Francisco Morazán, Cortés",
    category: "checkout",
    label: "Departamentos con pago contra entrega",
    description: "Separados por comas: donde el repartidor puede cobrar en efectivo.",
    inputType: "text",
    format: "departments",
    isRequired: 0,
    sortOrder: 103,
  },
  {
    key: "cod_max_total",
    value: "5000",
    category: "checkout",
    label: "Total máximo con pago contra entrega (L)",
    description: "Un pedido de más no se ofrece contra entrega.",
    inputType: "money",
    isRequired: 1,
    sortOrder: 104,
  },
  {
    key: "cod_surcharge",
    value: "0",
    category: "checkout",
    label: "Recargo por pago contra entrega (L)",
    description: "Se muestra como su propia línea en el resumen (0: sin recargo).",
    inputType: "money",
    isRequired: 1,
    sortOrder: 105,
  },
  {
    key: "cod_verified_only",
    value: "true",
    category: "checkout",
    label: "Contra entrega solo para clientes verificados",
    description:
      "Solo clientes con sesión iniciada, correo verificado y teléfono. Desactivado: también invitados.",
    inputType: "boolean",
    isRequired: 0,
    sortOrder: 106,
  },
  {
    key: "store_payment_hold_days",
    value: "3",
    category: "checkout",
    label: "Días de reserva con pago en tienda",
    description:
      "Un pedido para pagar al recoger en tienda se cancela pasado este plazo y su stock vuelve.",
    inputType: "number",
    min: 1,
    max: 30,
    isRequired: 1,
    sortOrder: 107,
  },
  // Issue 12: a transfer order never paid is cancelled after this many hours, and its stock freed.
  {
    key: "transfer_deadline_hours",
    value: "72",
    category: "checkout",
    label: "Plazo para pagar una transferencia (horas)",
    description:
      "Un pedido pendiente sin comprobante se cancela pasado este plazo; a la mitad se le recuerda al cliente.",
    inputType: "number",
    min: 1,
    max: 720,
    isRequired: 1,
    sortOrder: 110,
  },

  // Contact (admin tab "Contacto"): the site settings and the footer
  {
    key: "contactEmail",
    value: STORE_EMAIL,
    category: "contact",
    label: "Correo de contacto",
    description: "Se muestra en la página de contacto y en la pantalla de mantenimiento.",
    inputType: "email",
    isRequired: 1,
    sortOrder: 10,
  },
  // Decision 104: where the shop's own e-mails go (new orders, receipts, low stock).
  {
    key: "orders_email",
    value: "",
    category: "contact",
    label: "Correo para pedidos",
    description:
      "Recibe los avisos de pedidos nuevos, comprobantes e inventario bajo. Si está vacío, se usa el correo de contacto.",
    inputType: "email",
    isRequired: 0,
    sortOrder: 15,
  },
  {
    key: "contactPhone",
    value: STORE_PHONE_MAIN,
    category: "contact",
    label: "Teléfono de contacto",
    description: "Formato +504 0000-0000.",
    inputType: "tel",
    isRequired: 1,
    sortOrder: 20,
  },
  {
    key: "contactAddress",
    value: STORE_ADDRESS,
    category: "contact",
    label: "Dirección de contacto",
    inputType: "textarea",
    isRequired: 0,
    sortOrder: 30,
  },
  {
    key: "contactWhatsapp",
    value: STORE_WHATSAPP,
    category: "contact",
    label: "WhatsApp de contacto",
    description:
      "Formato +504 0000-0000. Recibe lo que se envía con los botones de WhatsApp (contacto, productos, comprobantes); si está vacío, no se muestran.",
    inputType: "tel",
    isRequired: 0,
    sortOrder: 40,
  },
  {
    key: "businessHours",
    value: "Lunes a Viernes 9:00 AM - 6:00 PM · Sábado 9:00 AM - 4:00 PM · Domingo cerrado",
    category: "contact",
    label: "Horario de atención",
    inputType: "text",
    isRequired: 0,
    sortOrder: 50,
  },

  // Social (admin tab "Redes Sociales")
  {
    key: "facebook_url",
    value: "https://www.facebook.com/perfumeriadelujohn",
    category: "social",
    label: "Facebook",
    inputType: "url",
    isRequired: 0,
    sortOrder: 10,
  },
  {
    key: "instagram_url",
    value: "https://www.instagram.com/perfumeriadelujo.hn",
    category: "social",
    label: "Instagram",
    inputType: "url",
    isRequired: 0,
    sortOrder: 20,
  },
  {
    key: "tiktok_url",
    value: "https://www.tiktok.com/@perfumeriadelujo.hn",
    category: "social",
    label: "TikTok",
    inputType: "url",
    isRequired: 0,
    sortOrder: 30,
  },

  // Company (admin tab "Empresa")
  {
    key: "company_description",
    value: COMPANY_DESCRIPTION,
    category: "company",
    label: "Descripción de la empresa",
    description: "Texto del pie de página.",
    inputType: "textarea",
    isRequired: 0,
    sortOrder: 10,
  },

  // Issue 42 (decision 170): the issuer on every invoice and credit note. Changing them is a
  // dangerous act: it asks for a fresh second factor (decision 163).
  {
    key: "fiscal_legal_name",
    value: "Perfumería de Lujo S. de R.L.",
    category: "company",
    tab: "facturacion",
    stepUp: true,
    label: "Razón social",
    description: "El nombre legal del emisor, como lo registró el SAR.",
    inputType: "text",
    isRequired: 1,
    sortOrder: 100,
  },
  {
    key: "fiscal_rtn",
    value: "",
    category: "company",
    tab: "facturacion",
    stepUp: true,
    format: "rtn",
    label: "RTN del emisor",
    description: "Los 14 dígitos del Registro Tributario Nacional.",
    inputType: "text",
    isRequired: 0,
    sortOrder: 110,
  },
  {
    key: "fiscal_address",
    value: STORE_ADDRESS,
    category: "company",
    tab: "facturacion",
    stepUp: true,
    label: "Dirección del emisor",
    inputType: "textarea",
    isRequired: 1,
    sortOrder: 120,
  },
  {
    key: "fiscal_phone",
    value: STORE_PHONE_MAIN,
    category: "company",
    tab: "facturacion",
    stepUp: true,
    label: "Teléfono del emisor",
    inputType: "tel",
    isRequired: 1,
    sortOrder: 130,
  },
  {
    key: "fiscal_email",
    value: STORE_EMAIL,
    category: "company",
    tab: "facturacion",
    stepUp: true,
    label: "Correo del emisor",
    inputType: "email",
    isRequired: 1,
    sortOrder: 140,
  },
  {
    // Decision 171: off until the owner has entered the issuer's data and a range.
    key: "fiscal_invoicing",
    value: "false",
    category: "company",
    tab: "facturacion",
    stepUp: true,
    label: "Emitir facturas",
    description:
      "Al aprobar un pago o registrar un cobro se emite la factura del pedido con el siguiente número del rango autorizado; sin un rango vigente, la aprobación se rechaza.",
    inputType: "boolean",
    isRequired: 0,
    sortOrder: 150,
  },

  // System: store behaviour
  {
    key: "maintenanceMode",
    value: "false",
    category: "system",
    label: "Modo mantenimiento",
    description: "Si está activo, solo los administradores pueden ver el sitio.",
    inputType: "boolean",
    isRequired: 0,
    sortOrder: 10,
  },
  {
    key: "allowRegistrations",
    value: "true",
    category: "system",
    label: "Permitir registro de clientes",
    inputType: "boolean",
    isRequired: 0,
    sortOrder: 20,
  },
  {
    key: "requireEmailVerification",
    value: "false",
    category: "system",
    label: "Requerir verificación de correo",
    inputType: "boolean",
    isRequired: 0,
    sortOrder: 30,
  },
  {
    key: "autoApproveReviews",
    value: "false",
    category: "system",
    label: "Aprobar reseñas automáticamente",
    description: "Si está desactivado, cada reseña espera la aprobación de un administrador.",
    inputType: "boolean",
    isRequired: 0,
    sortOrder: 40,
  },
  {
    key: "notifyNewOrders",
    value: "true",
    category: "system",
    label: "Avisar de pedidos nuevos",
    inputType: "boolean",
    isRequired: 0,
    sortOrder: 50,
  },
  {
    key: "notifyLowStock",
    value: "true",
    category: "system",
    label: "Avisar de inventario bajo",
    inputType: "boolean",
    isRequired: 0,
    sortOrder: 60,
  },
  {
    key: "stockThreshold",
    value: "5",
    category: "system",
    label: "Umbral de inventario bajo",
    description: "Unidades a partir de las cuales un producto se marca con «Stock Bajo».",
    inputType: "number",
    isRequired: 1,
    sortOrder: 70,
  },

  // Loyalty (D13)
  {
    key: "loyalty_points_per_lempira",
    value: "1",
    category: "loyalty",
    label: "Puntos por cada L 1 de compra",
    description: "Se acreditan cuando el pedido llega a «Entregado».",
    inputType: "number",
    decimals: true,
    isRequired: 1,
    sortOrder: 10,
  },
  {
    key: "loyalty_points_per_lempira_discount",
    value: "35",
    category: "loyalty",
    label: "Puntos por L 1 de descuento",
    description: "Puntos necesarios para obtener L 1 de descuento en un cupón.",
    inputType: "number",
    min: 1,
    isRequired: 1,
    sortOrder: 20,
  },
  {
    key: "loyalty_redeem_step",
    value: "10",
    category: "loyalty",
    label: "Incremento de canje (puntos)",
    inputType: "number",
    min: 1,
    isRequired: 1,
    sortOrder: 30,
  },
  {
    key: "loyalty_redeem_minimum",
    value: "10",
    category: "loyalty",
    label: "Mínimo de puntos para canjear",
    inputType: "number",
    isRequired: 1,
    sortOrder: 40,
  },
  {
    key: "loyalty_tier_plata",
    value: "2000",
    category: "loyalty",
    label: "Puntos para nivel Plata",
    inputType: "number",
    isRequired: 1,
    sortOrder: 50,
  },
  {
    key: "loyalty_tier_oro",
    value: "5000",
    category: "loyalty",
    label: "Puntos para nivel Oro",
    inputType: "number",
    isRequired: 1,
    sortOrder: 60,
  },
  {
    key: "loyalty_points_expiry_days",
    value: "30",
    category: "loyalty",
    label: "Días sin compra para que venzan los puntos",
    inputType: "number",
    isRequired: 1,
    sortOrder: 70,
  },
  {
    key: "loyalty_coupon_days",
    value: "90",
    category: "loyalty",
    label: "Días de validez de un cupón canjeado con puntos",
    description: "Un cupón de puntos que no se usa en ese plazo vence.",
    inputType: "number",
    isRequired: 1,
    sortOrder: 75,
  },
  {
    key: "loyalty_registration_bonus",
    value: "50",
    category: "loyalty",
    label: "Puntos de bienvenida al registrarse",
    inputType: "number",
    isRequired: 1,
    sortOrder: 80,
  },
] as const satisfies readonly SettingDefinition[];

export type SettingKey = (typeof SETTING_DEFINITIONS)[number]["key"];

export const SETTING_KEYS: readonly SettingKey[] = SETTING_DEFINITIONS.map((d) => d.key);

const byKey = new Map<string, SettingDefinition>(SETTING_DEFINITIONS.map((d) => [d.key, d]));

export function isSettingKey(key: string): key is SettingKey {
  return byKey.has(key);
}

export function settingDefinition(key: SettingKey): SettingDefinition {
  return byKey.get(key)!;
}

/** The default value of a setting (the value the seed writes). */
export function settingDefault(key: SettingKey): string {
  return byKey.get(key)!.value;
}

/**
 * The admin settings screen's tabs (backoffice.md §2: General, Contacto, Redes Sociales,
 * Empresa, plus the keys DECISIONS.md adds), each a URL that saves its own categories together:
 * General is /admin/settings itself, the others /admin/settings/{slug}. Draft decision
 * admin-settings.
 */
export const SETTINGS_TABS = [
  { slug: "", label: "General", categories: ["general", "system"] },
  { slug: "contact", label: "Contacto", categories: ["contact"] },
  { slug: "social", label: "Redes Sociales", categories: ["social"] },
  { slug: "company", label: "Empresa", categories: ["company", "business"] },
  { slug: "shipping", label: "Envíos y pagos", categories: ["checkout"] },
  { slug: "loyalty", label: "Lealtad", categories: ["loyalty"] },
  { slug: "facturacion", label: "Facturación", categories: ["company"] },
] as const satisfies readonly {
  slug: string;
  label: string;
  categories: readonly SettingCategory[];
}[];

export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab of /admin/settings/{slug}, or General for /admin/settings (no slug). */
export function settingsTab(slug: string | undefined): SettingsTab | undefined {
  return SETTINGS_TABS.find((tab) => tab.slug === (slug ?? ""));
}

export function settingsTabPath(tab: Pick<SettingsTab, "slug">) {
  return tab.slug ? `/admin/settings/${tab.slug}` : "/admin/settings";
}

/** The definitions a tab edits, category by category in the tab's order, then by sortOrder. */
/** The slug a definition's `tab` names when it belongs to this tab alone; "" for the others. */
function tabOwnSlug(tab: SettingsTab) {
  return tab.slug === "facturacion" ? "facturacion" : "";
}

export function definitionsOfTab(tab: SettingsTab): SettingDefinition[] {
  const categories: readonly SettingCategory[] = tab.categories;
  return (SETTING_DEFINITIONS as readonly SettingDefinition[])
    .filter(
      (definition) =>
        categories.includes(definition.category) && (definition.tab ?? "") === tabOwnSlug(tab),
    )
    .sort(
      (a, b) =>
        categories.indexOf(a.category) - categories.indexOf(b.category) ||
        a.sortOrder - b.sortOrder,
    );
}
