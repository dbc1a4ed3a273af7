import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

/*
 * Decision 165: the browser's half of the passkey ceremonies, imported only when a button asks
 * for it (`import("./passkey-ceremony")`), so no page's first load carries SimpleWebAuthn. Each
 * ceremony asks the server for options, lets the browser and the authenticator answer, and
 * sends the answer back as a form field (a page's POST is a form, decision 079).
 */

type Outcome<T> = ({ ok: true } & T) | { ok: false; error: string };

const NETWORK_ERROR =
  "No pudimos comunicarnos con la tienda. Revisa tu conexión e inténtalo de nuevo.";

async function post(url: string, fields: Record<string, string>) {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      body: new URLSearchParams(fields),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false as const, error: NETWORK_ERROR };
  }
  const data: unknown = await response.json().catch(() => null);
  const body = (data ?? {}) as Record<string, unknown>;
  if (!response.ok) {
    const error = typeof body.error === "string" ? body.error : NETWORK_ERROR;
    return { ok: false as const, error };
  }
  return { ok: true as const, body };
}

/** What the browser or the authenticator said, in the shopper's words. */
function browserError(error: unknown) {
  if (error instanceof WebAuthnError) {
    if (error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
      return "Esta llave de acceso ya está registrada en tu cuenta.";
    }
    if (error.code === "ERROR_INVALID_DOMAIN" || error.code === "ERROR_INVALID_RP_ID") {
      return "Las llaves de acceso solo funcionan en la dirección oficial de la tienda.";
    }
  }
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
    return "Se canceló la llave de acceso o se acabó el tiempo. Inténtalo de nuevo.";
  }
  return "Tu navegador no pudo usar la llave de acceso. Inténtalo de nuevo.";
}

/** 'Entrar con llave de acceso': where to go once signed in, or why not. */
export async function signInWithPasskey(redirectTo?: string): Promise<Outcome<{ to: string }>> {
  const url = "/resources/passkeys/sign-in";
  const options = await post(url, { step: "options" });
  if (!options.ok) return options;
  let answer;
  try {
    // Our own server's JSON (generateAuthenticationOptions in passkeys.server.ts).
    const optionsJSON = options.body as unknown as PublicKeyCredentialRequestOptionsJSON;
    answer = await startAuthentication({ optionsJSON });
  } catch (error) {
    return { ok: false, error: browserError(error) };
  }
  const fields: Record<string, string> = { step: "verify", response: JSON.stringify(answer) };
  if (redirectTo) fields.redirectTo = redirectTo;
  const verified = await post(url, fields);
  if (!verified.ok) return verified;
  const to = verified.body.redirectTo;
  return { ok: true, to: typeof to === "string" ? to : "/" };
}

/** 'Agregar llave de acceso' on /profile/security, under the name the owner typed. */
export async function addPasskey(name: string, stepUpCode = ""): Promise<Outcome<object>> {
  const url = "/resources/passkeys/register";
  // An administrator's code, when the last one is over 10 minutes old (decision 163).
  const options = await post(url, { step: "options", stepUpCode });
  if (!options.ok) return options;
  let answer;
  try {
    // Our own server's JSON (generateRegistrationOptions in passkeys.server.ts).
    const optionsJSON = options.body as unknown as PublicKeyCredentialCreationOptionsJSON;
    answer = await startRegistration({ optionsJSON });
  } catch (error) {
    return { ok: false, error: browserError(error) };
  }
  const saved = await post(url, { step: "verify", name, response: JSON.stringify(answer) });
  return saved.ok ? { ok: true } : saved;
}
