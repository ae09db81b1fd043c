import { createContext, useContext } from 'react';

/** The CSP nonce of the server render; empty in the browser, where no new inline script is written. */
export const NonceContext = createContext('');
export const useNonce = () => useContext(NonceContext);
