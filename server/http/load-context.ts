import type { AccountsService, Client, SessionUser } from '../modules/accounts/service.ts';
import type { CartService } from '../modules/cart/service.ts';
import type { CatalogueService } from '../modules/catalogue/service.ts';
import type { CheckoutService } from '../modules/payments/checkout.ts';
import type { SandboxProvider } from '../modules/payments/sandbox.ts';
import type { PracticeService } from '../modules/practice/service.ts';

/** The server's services, one set per process, handed to every route loader and action. */
export interface Services {
  catalogue: CatalogueService;
  accounts: AccountsService;
  practice: PracticeService;
  cart: CartService;
  checkout: CheckoutService;
  /** The built-in test card processor's hosted page; null when a real provider is configured. */
  sandbox: SandboxProvider | null;
  /** Where the payment provider's pages are, besides the store: the policy lets the cart's form lead there. */
  paymentPageOrigins: readonly string[];
  /** Signs the store's own cookies (the message for the next page); made from the store's secret. */
  cookieSecret: string;
}

/** Where a page says what went wrong on the server: the request's line in the store's JSON log. */
export interface PageLog {
  error(details: { err: unknown } & Record<string, unknown>, message: string): void;
}

/** What each request's loaders and actions receive as `context`. */
export interface RequestContext {
  services: Services;
  /** The signed-in user, or null. Resolved once per request from the session cookie. */
  user: SessionUser | null;
  /** Signed out: the attempt ids of the free tests this browser began, to resume (decision 0026); read when asked. */
  keptTests: () => Promise<readonly string[]>;
  /** The caller's address and cookies, for calls made on their behalf. */
  client: Client;
  /** The Content-Security-Policy nonce of this response, for the scripts React Router writes. */
  nonce: string;
  /** The Content-Security-Policy nonce of this response's inline stylesheet. */
  styleNonce: string;
  /** Public origin of the store, e.g. https://practicepass.example, for canonical links. */
  origin: string;
  /** Whether the origin is the configured `PUBLIC_URL`, the same for every request, or read off this request. */
  originFixed: boolean;
  /** The address students write to (the contact page). */
  supportEmail: string;
  /** The store's log, for a failure a page recovers from (a read that failed, a provider that did not answer). */
  log: PageLog;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
