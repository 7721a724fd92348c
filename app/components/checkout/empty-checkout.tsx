import { Link, useT } from "../../i18n/index.ts";
import { primaryButton } from "../account/page-shell.tsx";

export function EmptyCheckout() {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-h1">{t("checkout.heading")}</h1>
      <p className="mt-6 text-lg">{t("cart.empty")}</p>
      <p className="mt-2 text-muted">{t("cart.empty.hint")}</p>
      <p className="mt-8">
        <Link to="/shop" className={primaryButton}>
          {t("checkout.continueShopping")}
        </Link>
      </p>
    </div>
  );
}
