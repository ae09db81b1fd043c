import { createContext, useContext } from 'react';

/**
 * The head script that sets the theme (app/lib/theme-script.server.ts), handed to the document by the
 * server render. The browser never runs it again, so its text is not part of the page's JavaScript.
 */
export const ThemeScriptContext = createContext('');
export const useThemeScript = () => useContext(ThemeScriptContext);
