// React ships as CommonJS: imported as it is, every browser chunk wraps it again at run time (with a helper
// of its own file) and reaches each hook and element through that wrapper. The client build resolves the
// store's own imports of React to this module (vite.config.ts), which travels in the framework's chunk:
// React is wrapped once and the pages import plain functions (docs/decisions/0003-javascript-budget.md).
// A name React exports that is missing here fails the build.
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';

export const {
  createContext,
  lazy,
  startTransition,
  StrictMode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} = React;
export const { flushSync } = ReactDom;
export const { hydrateRoot } = ReactDomClient;
export const { Fragment, jsx, jsxs } = jsxRuntime;
