import { createContext, useContext } from 'react';

/**
 * The head script (app/lib/head-script.server.ts), handed to the document by the server render. The browser
 * never runs it again, so its text is not part of the page's JavaScript.
 */
export const HeadScriptContext = createContext('');
export const useHeadScript = () => useContext(HeadScriptContext);
