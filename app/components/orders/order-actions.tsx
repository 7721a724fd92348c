import { useNavigation } from "react-router";
import { Form, Link, useLocalePath, useT } from "../../i18n/index.ts";
import type { OrderActions as Offered } from "../../../core/orders/rules.ts";
import { primaryButton, secondaryButton } from "../account/page-shell.tsx";

/**
 * Reorder: posts to the order's page, which puts the order's still-available items back into the cart
 * and says what could not be added. A plain form, so it works before JavaScript loads.
 */
export function ReorderButton({ orderId, describedBy }: { orderId: string; describedBy?: string }) {
  const navigation = useNavigation();
  const t = useT();
  const localePath = useLocalePath();
  const action = `/orders/${orderId}`;
  const busy = navigation.state !== "idle" && navigation.formAction === localePath(action) && navigation.formData?.get("intent") === "reorder";
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="reorder" />
      <button type="submit" className={primaryButton} disabled={busy} aria-describedby={describedBy}>
        {busy ? t("orders.reordering") : t("orders.reorder")}
      </button>
    </Form>
  );
}

/**
 * View Details, Track Package, and Reorder on delivered orders (SPEC section 2, Orders), each only where the
 * order offers it (core's orderActions): no Track Package without a package (tickets only, or cancelled), no
 * Reorder when nothing in it is on sale any more.
 */
export function OrderActions({ orderId, actions, describedBy, details = true }: { orderId: string; actions: Offered; describedBy?: string; details?: boolean }) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-3">
      {details ? (
        <Link to={`/orders/${orderId}`} className={secondaryButton} aria-describedby={describedBy}>
          {t("orders.viewDetails")}
        </Link>
      ) : null}
      {actions.track ? (
        <Link to={`/orders/${orderId}/track`} className={secondaryButton} aria-describedby={describedBy}>
          {t("orders.trackPackage")}
        </Link>
      ) : null}
      {actions.reorder ? <ReorderButton orderId={orderId} {...(describedBy ? { describedBy } : {})} /> : null}
    </div>
  );
}

/** The order's shipping line in a few words: the tracking number once shipped, else why there is none. */
export function shippingText(t: ReturnType<typeof useT>, order: { actions: Offered; trackingNumber: string | null; carrier: string | null }): string {
  switch (order.actions.shipping) {
    case "nothing_to_ship":
      return t("orders.shipping.byEmail");
    case "cancelled":
      return t("orders.shipping.cancelled");
    default:
      return order.trackingNumber ? `${order.carrier ? `${order.carrier} ` : ""}${order.trackingNumber}` : t("orders.notShipped");
  }
}
