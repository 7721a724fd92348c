import { data, Link } from "react-router";
import { taxCents } from "../../core/shared/money.ts";
import { MemberErrorBoundary, guardedMeta } from "../components/account/auth-guard.tsx";
import { primaryButton, Section } from "../components/account/page-shell.tsx";
import { useCart } from "../components/cart/cart-context.tsx";
import { formatCents } from "../lib/format.ts";
import { requireViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = guardedMeta("Checkout");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer(request, context);
  return data(null, { headers: { "Cache-Control": "private, no-store" } });
}

// Payment arrives with the checkout module; until then nothing may be posted here.
export async function action({ request, context }: Route.ActionArgs) {
  await requireViewer(request, context);
  throw data(null, { status: 405 });
}

export default function Checkout() {
  const { cart } = useCart();

  if (cart.lines.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-3xl sm:text-4xl">Checkout</h1>
        <p className="mt-6 text-lg">Your cart is empty</p>
        <p className="mt-2 text-muted">Add some items to get started!</p>
        <p className="mt-8">
          <Link to="/shop" className={primaryButton}>
            Continue Shopping
          </Link>
        </p>
      </div>
    );
  }

  const tax = taxCents(cart.subtotalCents);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl">Checkout</h1>
      <div className="mt-8 space-y-6">
        <Section title="Order summary" id="summary-heading">
          <ul className="divide-y divide-line">
            {cart.lines.map((line) => {
              const options = [line.size, line.color].filter(Boolean).join(" / ");
              return (
                <li key={line.variantId} className="flex items-center gap-3 py-3">
                  <img src={line.image} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded bg-paper object-contain" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{line.name}</p>
                    <p className="text-sm text-muted">
                      {options ? `${options} · ` : ""}Qty {line.quantity}
                      {line.quantity > 1 ? ` · ${formatCents(line.unitPriceCents)} each` : ""}
                    </p>
                  </div>
                  <p className="font-semibold">{formatCents(line.lineTotalCents)}</p>
                </li>
              );
            })}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-line pt-4">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatCents(cart.subtotalCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax (8%)</dt>
              <dd>{formatCents(tax)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>Free</dd>
            </div>
            <div className="flex justify-between border-t border-line pt-2 text-lg font-bold">
              <dt>Total</dt>
              <dd>{formatCents(cart.subtotalCents + tax)}</dd>
            </div>
          </dl>
        </Section>
        <Section title="Payment" id="payment-heading">
          <p className="text-muted">Card payment is being set up.</p>
        </Section>
        <p>
          <Link to="/cart" className="underline">
            Back to cart
          </Link>
        </p>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
