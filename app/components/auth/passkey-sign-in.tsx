import { useState, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";

/** Whether this browser can use a passkey; false on the server and until hydration. */
export function usePasskeySupport() {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.PublicKeyCredential === "function",
    () => false,
  );
}

const subscribe = () => () => {};

/**
 * 'Entrar con llave de acceso' (decision 165). A passkey needs JavaScript, so the button is
 * rendered only once the page has hydrated in a browser that has WebAuthn: without it, the
 * password form is the whole screen and nothing offers what cannot work. SimpleWebAuthn's
 * browser code is imported on the click, never with the page.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo?: string }) {
  const supported = usePasskeySupport();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return null;

  async function signIn() {
    setPending(true);
    setError(null);
    try {
      const { signInWithPasskey } = await import("./passkey-ceremony");
      const outcome = await signInWithPasskey(redirectTo);
      if (outcome.ok) {
        // A whole new document: every loader (the header's account, the cart) reads the session.
        window.location.assign(outcome.to);
        return;
      }
      setError(outcome.error);
    } catch {
      setError("No pudimos cargar la llave de acceso. Revisa tu conexión e inténtalo de nuevo.");
    }
    setPending(false);
  }

  return (
    <div className="mt-4">
      <FormErrorAlert
        title="No se pudo entrar con la llave de acceso"
        errors={error ? [error] : []}
      />
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={pending}
        onClick={signIn}
      >
        {pending ? "Esperando la llave de acceso..." : "Entrar con llave de acceso"}
      </Button>
    </div>
  );
}
