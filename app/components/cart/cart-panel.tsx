import { useEffect, useRef } from "react";
import { useT } from "../../i18n/index.ts";
import { CartContents } from "./cart-contents.tsx";
import { useCart } from "./cart-context.tsx";

/** The slide-in cart panel: a modal dialog that closes on Escape, on the backdrop and on its close button. */
export function CartPanel() {
  const { cart, isOpen, close, returnFocusTo } = useCart();
  const panel = useRef<HTMLDivElement>(null);
  const t = useT();

  useEffect(() => {
    if (!isOpen) return;
    const previousOverflow = document.body.style.overflow;
    // The control that opened the panel (set before it opens) gets the focus back when it closes.
    const opener = returnFocusTo.current;
    document.body.style.overflow = "hidden";
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      // An Escape already answered inside the panel (Clear Cart's question) does not close it.
      if (event.key === "Escape" && !event.defaultPrevented) close();
      if (event.key === "Tab" && panel.current) {
        // Keep focus inside the dialog while it is open.
        const focusable = panel.current.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), [tabindex]:not([tabindex="-1"])',
        );
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = previousOverflow;
      opener?.focus?.();
    };
  }, [isOpen, close, returnFocusTo]);

  if (!isOpen) return null;
  return (
    <div className="fixed inset-0 z-50">
      <div className="absolute inset-0 bg-black/60" onClick={close} aria-hidden="true" data-testid="cart-backdrop" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-panel-title"
        tabIndex={-1}
        className="absolute inset-y-0 right-0 flex w-full max-w-md flex-col bg-paper shadow-2xl outline-none"
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <h2 id="cart-panel-title" className="font-display text-h3">
            {t("cart.panel.title", { count: cart.itemCount })}
          </h2>
          <button type="button" onClick={close} className="h-11 w-11 rounded text-2xl" aria-label={t("cart.panel.close")}>
            ×
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 pb-6">
          <CartContents onNavigate={close} />
        </div>
      </div>
    </div>
  );
}
