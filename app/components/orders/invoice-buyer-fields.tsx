import { fieldProps, type ServerField } from "~/components/forms/server-form";
import { Field } from "~/components/ui/input";

/**
 * Decision 171: "Factura a nombre de"'s two inputs, the RTN and the name, as the checkout and the
 * order's page ask them (both or neither; the server checks them together).
 */
export function InvoiceBuyerFields({ rtn, name }: { rtn: ServerField; name: ServerField }) {
  return (
    <>
      <Field
        label="RTN"
        type="text"
        {...fieldProps(rtn)}
        inputMode="numeric"
        autoComplete="off"
        placeholder="0801-1990-123456"
        maxLength={30}
      />
      <Field
        label="Nombre o razón social"
        type="text"
        {...fieldProps(name)}
        autoComplete="organization"
        maxLength={120}
      />
    </>
  );
}
