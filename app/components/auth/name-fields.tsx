import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/input";

/** First and last name side by side, as registration and the profile forms ask for them. */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: FieldMetadata<string>;
  lastName: FieldMetadata<string>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Nombre"
        errors={firstName.errors}
        {...getInputProps(firstName, { type: "text" })}
        autoComplete="given-name"
      />
      <Field
        label="Apellido"
        errors={lastName.errors}
        {...getInputProps(lastName, { type: "text" })}
        autoComplete="family-name"
      />
    </div>
  );
}
