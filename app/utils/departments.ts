/*
 * Honduras' 18 departments: the checkout's address, the product page's delivery estimate and the
 * delivery zones of the settings (decision 158) read this one list. Its own module, so a page
 * loads the list without the checkout's constants and messages or the estimate's rules.
 */

/** storefront.md §5: the 18 departments of Honduras. */
export const DEPARTMENTS = [
  "Atlántida",
  "Choluteca",
  "Colón",
  "Comayagua",
  "Copán",
  "Cortés",
  "El Paraíso",
  "Francisco Morazán",
  "Gracias a Dios",
  "Intibucá",
  "Islas de la Bahía",
  "La Paz",
  "Lempira",
  "Ocotepeque",
  "Olancho",
  "Santa Bárbara",
  "Valle",
  "Yoro",
] as const;

/** The URL parameter of the product page's department form (works without JS). */
export const DEPARTMENT_PARAM = "departamento";

export type Department = (typeof DEPARTMENTS)[number];

export function isDepartment(value: unknown): value is Department {
  return typeof value === "string" && (DEPARTMENTS as readonly string[]).includes(value);
}
