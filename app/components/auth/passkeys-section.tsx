import { Form, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { usePendingFormData } from "~/hooks/use-is-pending";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import {
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_NAME_MAX_LENGTH,
  type ListedPasskey,
} from "~/models/auth/passkeys";
import { formatDate, formatDateTime } from "~/utils/dates";
import { usePasskeySupport } from "./passkey-sign-in";

/**
 * 'Llaves de acceso' on /profile/security (decision 165): the account's passkeys, each with
 * 'Eliminar' (a plain form, posted with intent `remove-passkey`), and 'Agregar llave de acceso',
 * which needs JavaScript and says so when it is off.
 */
export function PasskeysSection({
  passkeys,
  defaultName,
  stepUp = false,
}: {
  passkeys: ListedPasskey[];
  /** An administrator whose last code is over 10 minutes old types one to add a passkey. */
  stepUp?: boolean;
  defaultName: string;
}) {
  return (
    <section aria-labelledby="llaves-de-acceso" className="max-w-2xl space-y-3">
      <h2 id="llaves-de-acceso" className="text-lg font-semibold">
        Llaves de acceso
      </h2>
      <p className="text-fg-muted text-sm">
        Una llave de acceso te deja entrar con la huella, el rostro o el PIN de tu dispositivo, sin
        escribir tu contraseña. Nadie puede usarla desde otro sitio, y la tienda no guarda nada
        secreto de ella.
      </p>
      {passkeys.length === 0 ? (
        <p className="text-fg-muted text-sm">Tu cuenta no tiene llaves de acceso.</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {passkeys.length >= MAX_PASSKEYS_PER_ACCOUNT ? (
        <p className="text-fg-muted text-sm">
          Tu cuenta ya tiene {MAX_PASSKEYS_PER_ACCOUNT} llaves de acceso, el máximo. Elimina una que
          no uses para agregar otra.
        </p>
      ) : (
        <AddPasskey defaultName={defaultName} stepUp={stepUp} />
      )}
    </section>
  );
}

function PasskeyItem({ passkey }: { passkey: ListedPasskey }) {
  const pendingForm = usePendingFormData();
  const removing =
    pendingForm?.get("intent") === "remove-passkey" &&
    pendingForm.get("passkeyId") === String(passkey.id);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3">
      <div className="space-y-1 text-sm">
        <p className="font-semibold break-words">{passkey.name}</p>
        <dl className="text-fg-muted grid grid-cols-[auto_1fr] gap-x-2 text-xs">
          <dt>Agregada:</dt>
          <dd>{formatDate(passkey.createdAt)}</dd>
          <dt>Último uso:</dt>
          <dd>{passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : "Nunca"}</dd>
        </dl>
      </div>
      <Form method="post">
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <Button
          type="submit"
          name="intent"
          value="remove-passkey"
          variant="danger"
          size="sm"
          aria-label={`Eliminar ${passkey.name}`}
          disabled={removing}
        >
          {removing ? "Eliminando..." : "Eliminar"}
        </Button>
      </Form>
    </li>
  );
}

function AddPasskey({ defaultName, stepUp }: { defaultName: string; stepUp: boolean }) {
  const supported = usePasskeySupport();
  const revalidator = useRevalidator();
  const [name, setName] = useState(defaultName);
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!supported) {
    // The server's render and a browser without WebAuthn: say plainly what is needed.
    return (
      <p className="text-fg-muted text-sm">
        Para agregar una llave de acceso, abre esta página en un navegador con JavaScript activado
        que admita llaves de acceso.
      </p>
    );
  }

  async function add() {
    setPending(true);
    setError(null);
    try {
      const { addPasskey } = await import("./passkey-ceremony");
      const outcome = await addPasskey(name, code);
      if (outcome.ok) revalidator.revalidate();
      else setError(outcome.error);
    } catch {
      setError("No pudimos cargar la llave de acceso. Revisa tu conexión e inténtalo de nuevo.");
    }
    setPending(false);
  }

  return (
    <div className="space-y-3 rounded-md border p-3">
      <FormErrorAlert title="No se pudo agregar la llave de acceso" errors={error ? [error] : []} />
      <Field
        id="passkey-name"
        label="Nombre de la llave"
        hint="Para reconocerla en esta lista, por ejemplo el dispositivo donde la guardas."
        value={name}
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
      />
      {stepUp ? (
        <Field
          id="passkey-step-up"
          label="Código de verificación"
          hint="Por seguridad, agregar una llave pide el código de 6 dígitos de tu aplicación de autenticación."
          value={code}
          autoComplete="one-time-code"
          maxLength={20}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : null}
      <Button type="button" disabled={pending} onClick={add}>
        {pending ? "Esperando la llave de acceso..." : "Agregar llave de acceso"}
      </Button>
    </div>
  );
}
