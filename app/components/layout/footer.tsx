import { Link, useT } from "../../i18n/index.ts";
import { SubscribeForm } from "../newsletter/subscribe-form.tsx";
import { CurrencyPicker } from "./currency-picker.tsx";
import { Monogram, Wordmark } from "./brand.tsx";

export function Footer() {
  const t = useT();
  return (
    // A dark band in both themes: it takes the dark theme's colours whatever the page's theme is.
    <footer data-theme="dark" className="mt-16 border-t border-line bg-paper text-ink">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="flex items-center gap-3">
            <Monogram className="h-12 w-12" />
            <Wordmark className="h-7 w-auto" label="East Harlem" />
          </p>
          <p className="mt-2 text-sm opacity-80">{t("footer.tagline")}</p>
          <CurrencyPicker />
        </div>
        <nav aria-label={t("footer.nav")}>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            <li><Link to="/shop" className="hover:underline">{t("nav.shop")}</Link></li>
            <li><Link to="/collections" className="hover:underline">{t("nav.collections")}</Link></li>
            <li><Link to="/about" className="hover:underline">{t("nav.about")}</Link></li>
            <li><Link to="/history" className="hover:underline">{t("nav.history")}</Link></li>
            <li><Link to="/music" className="hover:underline">{t("nav.music")}</Link></li>
            <li><Link to="/culture" className="hover:underline">{t("nav.culture")}</Link></li>
          </ul>
        </nav>
        <div>
          <h2 id="footer-newsletter-heading" className="font-display text-h3">
            {t("footer.newsletter.title")}
          </h2>
          <p className="mt-1 mb-3 text-sm">{t("footer.newsletter.pitch")}</p>
          <SubscribeForm idPrefix="footer-newsletter" source="footer" tone="light" label={t("footer.newsletter.label")} />
          <p className="mt-4 text-sm opacity-80">{t("footer.madeOn", { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
