import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/input";
import { formatPhone, PHONE_MAX_LENGTH } from "~/utils/phone";

/*
 * The fields that say who a person is, as registration, the profile and checkout ask for them
 * (one label set, one autocomplete set, one phone format).
 */

/** First and last name side by side. */
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

/** A Honduran phone, formatted as '+504 0000-0000' while it is typed (the server checks it). */
export function PhoneField({ label, meta }: { label: string; meta: FieldMetadata<string> }) {
  return (
    <Field
      label={label}
      errors={meta.errors}
      {...getInputProps(meta, { type: "tel" })}
      autoComplete="tel-national"
      placeholder="+504 0000-0000"
      maxLength={PHONE_MAX_LENGTH}
      inputMode="tel"
      onChange={(event) => {
        event.currentTarget.value = formatPhone(event.currentTarget.value);
      }}
    />
  );
}

/** The two favourite addresses (complete-profile, the profile, the account's Direcciones tab). */
export function AddressFields({
  favoriteAddress1,
  favoriteAddress2,
}: {
  favoriteAddress1: FieldMetadata<string>;
  favoriteAddress2: FieldMetadata<string>;
}) {
  return (
    <>
      <Field
        label="Dirección principal"
        errors={favoriteAddress1.errors}
        {...getInputProps(favoriteAddress1, { type: "text" })}
        autoComplete="street-address"
      />
      <Field
        label="Dirección alternativa"
        errors={favoriteAddress2.errors}
        {...getInputProps(favoriteAddress2, { type: "text" })}
      />
    </>
  );
}
