import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { CartView } from "../../../core/cart/rules.ts";

interface CartContextValue {
  cart: CartView;
  isOpen: boolean;
  open(): void;
  close(): void;
  toggle(): void;
  /** The element focus returns to when the panel closes. */
  returnFocusTo: React.MutableRefObject<HTMLElement | null>;
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ cart, children }: { cart: CartView; children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const open = useCallback(() => {
    returnFocusTo.current = document.activeElement as HTMLElement | null;
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((v) => !v), []);
  const value = useMemo(() => ({ cart, isOpen, open, close, toggle, returnFocusTo }), [cart, isOpen, open, close, toggle]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used within a CartProvider");
  return value;
}
