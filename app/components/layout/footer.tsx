import { Link } from "react-router";
import { SubscribeForm } from "../newsletter/subscribe-form.tsx";
import { CurrencyPicker } from "./currency-picker.tsx";

export function Footer() {
  return (
    <footer className="mt-16 border-t border-line bg-ink text-paper">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-display text-2xl">East Harlem</p>
          <p className="mt-2 text-sm opacity-80">Hip Hop Culture in East Harlem. Founded 2024.</p>
          <CurrencyPicker />
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            <li><Link to="/shop" className="hover:underline">Shop</Link></li>
            <li><Link to="/collections" className="hover:underline">Collections</Link></li>
            <li><Link to="/about" className="hover:underline">About</Link></li>
            <li><Link to="/history" className="hover:underline">History</Link></li>
            <li><Link to="/music" className="hover:underline">Music</Link></li>
            <li><Link to="/culture" className="hover:underline">Culture</Link></li>
          </ul>
        </nav>
        <div>
          <h2 id="footer-newsletter-heading" className="font-display text-lg">
            Newsletter
          </h2>
          <p className="mt-1 mb-3 text-sm">New drops, restocks and block parties.</p>
          <SubscribeForm idPrefix="footer-newsletter" source="footer" label="Email address for the newsletter" />
          <p className="mt-4 text-sm opacity-80">Made on 116th Street. © {new Date().getFullYear()} East Harlem.</p>
        </div>
      </div>
    </footer>
  );
}
