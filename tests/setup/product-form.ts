/** A complete, valid post of the admin product form (backoffice §5) for `brandId`. */
export function productFormFields(brandId: number, overrides: Record<string, string> = {}) {
  return {
    name: `Prueba ${crypto.randomUUID().slice(0, 8)}`,
    brandId: String(brandId),
    category: "fragrance",
    gender: "unisex",
    perfumeType: "designer",
    catalogType: "normal",
    description: "Una fragancia fresca y luminosa.",
    price: "1,250.50",
    stock: "7",
    minStock: "2",
    size: "100ml",
    availableSizes: "50ml, 100ml",
    concentration: "Eau de Parfum",
    isActive: "on",
    ...overrides,
  };
}
