import { z } from "zod/v4";

/**
 * A quantity typed in the cart or on the product page (storefront.md §5); each form sets the
 * floor. On the server only: both forms validate there (decision 091).
 */
export const QuantitySchema = z.coerce
  .number({ error: "Indica la cantidad" })
  .int("La cantidad debe ser un número entero");
