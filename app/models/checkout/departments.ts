/*
 * Its own module, so the product page's delivery estimate loads the list without the rest of
 * the checkout's constants and messages (checkout.ts) or the estimate's rules.
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
