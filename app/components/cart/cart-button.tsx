import { Link, useT } from "../../i18n/index.ts";
import { badgeText } from "../../../core/cart/rules.ts";
import { useCart } from "./cart-context.tsx";

/** Opens the cart panel; without JavaScript it is a link to the cart page. */
export function CartButton() {
  const { cart, open } = useCart();
  const badge = badgeText(cart.itemCount);
  const t = useT();
  const label = t("cart.button.label", { count: cart.itemCount });
  return (
    <Link
      to="/cart"
      onClick={(event) => {
        event.preventDefault();
        open();
      }}
      aria-label={label}
      aria-haspopup="dialog"
      className="relative inline-flex h-11 w-11 items-center justify-center rounded hover:bg-card"
      data-testid="cart-button"
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 7h12l-1 13H7L6 7Z" />
        <path d="M9 7a3 3 0 0 1 6 0" />
      </svg>
      {badge ? (
        <span
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-brick px-1 text-center text-xs font-bold leading-5 text-white"
          data-testid="cart-badge"
          aria-hidden="true"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
