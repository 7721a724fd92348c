import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response. The server provides it; in the browser it is read back from the
 * page's own scripts (the attribute is hidden once parsed, the property keeps it), so hydration sees
 * the same value the server rendered.
 */
const pageNonce =
  typeof document === "undefined" ? undefined : document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

export const NonceContext = createContext<string | undefined>(pageNonce);
export const useNonce = () => useContext(NonceContext);
