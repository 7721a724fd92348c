import { createContext, useContext } from "react";

/** The CSP nonce of the response being rendered (server only; the browser needs none after load). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
