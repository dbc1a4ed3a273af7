import { createContext, useContext } from "react";

/** The per-response CSP nonce; empty in the browser, where it is not readable anyway. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
