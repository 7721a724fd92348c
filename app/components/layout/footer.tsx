import { Link } from "react-router";
import { SubscribeForm } from "../newsletter/subscribe-form.tsx";
import { Monogram, Wordmark } from "./brand.tsx";

export function Footer() {
  return (
    // A dark band in both themes: it takes the dark theme's colours whatever the page's theme is.
    <footer data-theme="dark" className="mt-16 border-t border-line bg-paper text-ink">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="flex items-center gap-3">
            <Monogram className="h-12 w-12" />
            <Wordmark className="h-7 w-auto" label="East Harlem" />
          </p>
          <p className="mt-2 text-sm opacity-80">Hip Hop Culture in East Harlem. Founded 2024.</p>
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
          <h2 id="footer-newsletter-heading" className="font-display text-h3">
            Newsletter
          </h2>
          <p className="mt-1 mb-3 text-sm">New drops, restocks and block parties.</p>
          <SubscribeForm idPrefix="footer-newsletter" source="footer" tone="light" label="Email address for the newsletter" />
          <p className="mt-4 text-sm opacity-80">Made on 116th Street. © {new Date().getFullYear()} East Harlem.</p>
        </div>
      </div>
    </footer>
  );
}
