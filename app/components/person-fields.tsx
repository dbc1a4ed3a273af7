import { fieldProps, type ServerField } from "~/components/forms/server-form";
import { Field } from "~/components/ui/input";
import { formatPhone, PHONE_MAX_LENGTH } from "~/utils/phone";

/*
 * The fields that say who a person is, as registration, the profile and checkout ask for them
 * (one label set, one autocomplete set, one phone format). Each takes its field from the page's
 * form, whose action checks the post: useServerForm, decision 109.
 */

/** First and last name side by side. */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: ServerField;
  lastName: ServerField;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Nombre" type="text" {...fieldProps(firstName)} autoComplete="given-name" />
      <Field label="Apellido" type="text" {...fieldProps(lastName)} autoComplete="family-name" />
    </div>
  );
}

/** A Honduran phone, formatted as '+504 0000-0000' while it is typed (the server checks it). */
export function PhoneField({ label, field }: { label: string; field: ServerField }) {
  return (
    <Field
      label={label}
      type="tel"
      {...fieldProps(field)}
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
  favoriteAddress1: ServerField;
  favoriteAddress2: ServerField;
}) {
  return (
    <>
      <Field
        label="Dirección principal"
        type="text"
        {...fieldProps(favoriteAddress1)}
        autoComplete="street-address"
      />
      <Field label="Dirección alternativa" type="text" {...fieldProps(favoriteAddress2)} />
    </>
  );
}
