import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { EMPTY_CART, MAX_QUANTITY, parseLocalCart, type CartView, type LocalCartLine } from '../../../shared/cart.ts';
import type { CartRequest } from '../../../shared/cart-requests.ts';
import type { CouponCheck } from '../../../shared/coupon-rules.ts';
import { messages } from '../../../shared/messages.ts';
import { useNotify } from '../../components/ui/notifications.tsx';
import { readStored, store } from '../../lib/browser-storage.ts';
import { postJson } from '../../lib/post-json.ts';

const LOCAL_KEY = 'cart';
/** Written each time a tab changes a student's stored cart, so that the browser's other tabs read it again. */
const CHANGED_KEY = 'cart-changed';

interface ExamRef {
  id: string;
  title: string;
  category?: string;
  priceCents?: number;
}

interface CartApi {
  cart: CartView;
  /** A visitor's cart, kept in the browser, is not known yet: the page has not run, or its pricing is on the way. */
  loading: boolean;
  owned: string[];
  has: (examId: string) => boolean;
  add: (exam: ExamRef) => Promise<void>;
  /** True once the exam is out of the cart; false when the server refused (the student is told). */
  remove: (exam: ExamRef) => Promise<boolean>;
  setQuantity: (examId: string, quantity: number) => Promise<void>;
  /** True once the cart is empty; false when the server refused (the student is told). */
  clear: () => Promise<boolean>;
  /** The server's verdict on a coupon for this cart, or null when no verdict came back. */
  checkCoupon: (code: string, applied: boolean) => Promise<CouponCheck | null>;
}

const CartContext = createContext<CartApi | null>(null);

export function useCart(): CartApi {
  const api = useContext(CartContext);
  if (!api) throw new Error('useCart outside CartProvider');
  return api;
}

function readLocal(): LocalCartLine[] {
  try {
    return parseLocalCart(JSON.parse(readStored(LOCAL_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

/** Spec §3: the anonymous cart is a list of items under `cart`; only ids and quantities are ever trusted. */
function writeLocal(lines: LocalCartLine[]) {
  store(LOCAL_KEY, lines.length === 0 ? null : JSON.stringify(lines));
}

/** What the cart endpoint answers: the cart as it now is, and what became of the request. */
interface CartAnswer {
  cart?: CartView;
  result?: string;
  coupon?: CouponCheck;
  error?: string;
}

const post = (request: CartRequest): Promise<CartAnswer> =>
  postJson<CartAnswer>('/api/cart', request, messages.cartUpdateFailed);

/**
 * The cart of whoever is browsing: stored on the server for a signed-in student, kept in the browser for
 * everyone else (priced by the server). At sign-in the browser's cart joins the stored one and is deleted.
 */
export function CartProvider({
  signedIn,
  serverCart,
  owned,
  children,
}: {
  signedIn: boolean;
  serverCart: CartView | null;
  owned: string[];
  children: ReactNode;
}) {
  const notify = useNotify();
  /** The server refused a change, or did not answer: the cart stays as shown and the student is told. */
  const refused = useCallback((r: CartAnswer) => notify('error', r.error ?? messages.cartUpdateFailed), [notify]);
  const [cart, setCart] = useState<CartView>(serverCart ?? EMPTY_CART);
  /** A stored cart as the server read it; answers can cross, so one read before the cart shown is not drawn. */
  const setStored = useCallback(
    (next: CartView) => setCart((shown) => ((shown.readAt ?? 0) > (next.readAt ?? 0) ? shown : next)),
    [],
  );
  /** This tab changed the stored cart: it draws the server's answer, and the browser's other tabs read it too. */
  const changedStored = useCallback(
    (next: CartView) => {
      setStored(next);
      store(CHANGED_KEY, String(Date.now()));
    },
    [setStored],
  );
  const [drawn, setDrawn] = useState(serverCart);
  const merging = useRef(false);
  const pricing = useRef(0);
  const [loading, setLoading] = useState(!signedIn);

  /**
   * Prices the browser's cart on the server. Answers can cross: only the latest request's is drawn, at once
   * unless `draw` says otherwise (as the page starts, below).
   */
  const price = useCallback(async (local: LocalCartLine[], draw = (update: () => void) => update()) => {
    const ticket = ++pricing.current;
    const r = await post({ intent: 'view', local });
    const { cart } = r;
    if (cart && ticket === pricing.current) draw(() => setCart(cart));
    return r;
  }, []);

  // Each time the server draws the page anew (sign-in, sign-out, a purchase) its cart is the truth.
  if (serverCart !== drawn) {
    setDrawn(serverCart);
    if (serverCart) setStored(serverCart);
    else setCart(EMPTY_CART);
  }
  // Just signed in with a cart in the browser: until that cart has joined the stored one (below), the cart
  // is not known, and is not drawn as empty. (Signing in is a navigation: this never runs as the page hydrates.)
  const [wasSignedIn, setWasSignedIn] = useState(signedIn);
  if (signedIn !== wasSignedIn) {
    setWasSignedIn(signedIn);
    if (signedIn && readLocal().length > 0) setLoading(true);
  }

  // What the page learns as it starts is drawn as a transition: an urgent update would reach parts of the
  // page whose code is still on its way (`lazy`) before React has taken them over, and React would throw
  // the server's drawing of them away and draw them again, blank until their code came.
  useEffect(() => {
    const local = readLocal();
    const loaded = () => startTransition(() => setLoading(false));
    if (merging.current) return;
    if (signedIn && local.length > 0) {
      merging.current = true;
      void post({ intent: 'merge', local }).then(({ cart: merged }) => {
        merging.current = false;
        if (merged) {
          writeLocal([]);
          startTransition(() => changedStored(merged));
        }
        loaded();
      });
      return;
    }
    if (!signedIn && local.length > 0) {
      // Unpriced, the cart is not empty: it stays "Loading cart..." and the visitor is told why.
      void price(local, startTransition).then((r) => (r.cart ? loaded() : refused(r)));
      return;
    }
    loaded();
  }, [signedIn, price, refused, changedStored]);

  // The cart changed in another tab: this one draws it too (a student's, read again from the store).
  useEffect(() => {
    const changed = (event: StorageEvent) => {
      if (signedIn) {
        if (event.key === CHANGED_KEY) void post({ intent: 'view' }).then((r) => r.cart && setStored(r.cart));
      } else if (event.key === LOCAL_KEY || event.key === null) {
        void price(readLocal()).then((r) => {
          if (!r.cart) refused(r);
        });
      }
    };
    addEventListener('storage', changed);
    return () => removeEventListener('storage', changed);
  }, [signedIn, price, refused, setStored]);

  const has = useCallback((examId: string) => cart.items.some((i) => i.examId === examId), [cart]);

  const add = useCallback(
    async (exam: ExamRef) => {
      if (signedIn) {
        const r = await post({ intent: 'add', examId: exam.id });
        if (r.cart) changedStored(r.cart);
        if (r.result === 'added') notify('success', `${exam.title} added to cart`);
        else if (r.result === 'already') notify('info', `${exam.title} is already in your cart`);
        else if (r.result === 'owned') notify('info', `You already own ${exam.title}`);
        else refused(r);
        return;
      }
      const local = readLocal();
      // Added already (in another tab): the page is told, and draws the cart the browser now holds.
      const already = local.some((l) => l.id === exam.id);
      const next = already
        ? local
        : [
            ...local,
            {
              id: exam.id,
              title: exam.title,
              category: exam.category,
              price: (exam.priceCents ?? 0) / 100,
              quantity: 1,
            },
          ];
      writeLocal(next);
      const r = await price(next);
      if (!r.cart) refused(r);
      else if (already) notify('info', `${exam.title} is already in your cart`);
      else notify('success', `${exam.title} added to cart`);
    },
    [signedIn, notify, refused, price, changedStored],
  );

  const remove = useCallback(
    async (exam: ExamRef) => {
      if (signedIn) {
        const r = await post({ intent: 'remove', examId: exam.id });
        if (!r.cart) {
          refused(r);
          return false;
        }
        changedStored(r.cart);
      } else {
        const next = readLocal().filter((l) => l.id !== exam.id);
        writeLocal(next);
        const r = await price(next);
        if (!r.cart) {
          refused(r);
          return false;
        }
      }
      notify('warning', `${exam.title} removed from cart`);
      return true;
    },
    [signedIn, notify, refused, price, changedStored],
  );

  // Quantity changes run one at a time, in the order asked, so the last quantity typed is the one kept.
  const quantityQueue = useRef<Promise<void>>(Promise.resolve());
  const setQuantity = useCallback(
    (examId: string, quantity: number) => {
      const q = Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(quantity) || 1));
      const change = async () => {
        if (signedIn) {
          const r = await post({ intent: 'quantity', examId, quantity: q });
          if (r.cart) changedStored(r.cart);
          else refused(r);
          return;
        }
        const next = readLocal().map((l) => (l.id === examId ? { ...l, quantity: q } : l));
        writeLocal(next);
        const r = await price(next);
        if (!r.cart) refused(r);
      };
      const run = quantityQueue.current.then(change);
      // A change that failed does not hold back the ones after it.
      quantityQueue.current = run.catch(() => undefined);
      return run;
    },
    [signedIn, refused, price, changedStored],
  );

  const clear = useCallback(async () => {
    // A student's cleared cart is the server's answer, read after any other answer still on its way.
    let cleared = EMPTY_CART;
    if (signedIn) {
      const r = await post({ intent: 'clear' });
      if (!r.cart) {
        refused(r);
        return false;
      }
      cleared = r.cart;
    }
    pricing.current++; // an answer still on its way is for a cart no longer there
    writeLocal([]);
    if (signedIn) changedStored(cleared);
    else setStored(cleared);
    notify('success', 'Cart has been cleared');
    return true;
  }, [signedIn, notify, refused, setStored, changedStored]);

  const checkCoupon = useCallback(
    async (code: string, applied: boolean) => {
      const r = await post({ intent: 'coupon', code, applied, ...(signedIn ? {} : { local: readLocal() }) });
      return r.coupon ?? null;
    },
    [signedIn],
  );

  const api = useMemo<CartApi>(
    () => ({ cart, loading, owned, has, add, remove, setQuantity, clear, checkCoupon }),
    [cart, loading, owned, has, add, remove, setQuantity, clear, checkCoupon],
  );
  return <CartContext.Provider value={api}>{children}</CartContext.Provider>;
}
