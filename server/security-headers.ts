import type { NextFunction, Request, Response } from "express";
import type { Env } from "./env.ts";
import { secureRandomBytes } from "./request-ids.ts";

// The security headers of every answer (server/http.ts): the content security policy with each page's nonce,
// HSTS, framing, opener, permissions and referrer.

/** Stripe.js and the iframes of its card field, allowed only when Stripe takes the payments. */
const STRIPE_SOURCES = { script: " https://js.stripe.com", frame: "https://js.stripe.com https://hooks.stripe.com", connect: " https://api.stripe.com" };

export function securityHeaders(env: Env) {
  const https = env.BASE_URL.startsWith("https://");
  const stripe = env.PAYMENT_PROVIDER === "stripe";
  // Vite's dev server injects inline scripts of its own; the policy is enforced everywhere else.
  const enforced = env.NODE_ENV !== "development";
  const policy = (scriptNonce: string | null) =>
    [
      "default-src 'self'",
      `script-src 'self'${scriptNonce === null ? "" : ` 'nonce-${scriptNonce}'`}${stripe ? STRIPE_SOURCES.script : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${stripe ? STRIPE_SOURCES.connect : ""}`,
      ...(stripe ? [`frame-src ${STRIPE_SOURCES.frame}`] : []),
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
  // A page's policy is these two halves around its nonce, joined once here rather than on every request.
  const [pageHead, pageTail] = policy("\0").split("\0") as [string, string];
  // The JSON API and its reference page have no inline script, so no nonce: one policy for all its answers.
  const apiPolicy = policy(null);
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (https || req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // The build's fingerprinted files (stylesheets, scripts, fonts) are never shown as a page, so the
    // headers that govern a page (its policy, framing, opener, permissions, referrer) would be about 550
    // bytes of nothing on each; a page loads several of them before its first paint. /assets answers only
    // its files (a missing one is a plain-text 404, never a page).
    const path = req.path;
    if (path.startsWith("/assets/")) return next();
    if (path.startsWith("/api/v1/") || path === "/api/v1") {
      if (enforced) res.setHeader("Content-Security-Policy", apiPolicy);
    } else {
      const nonce = secureRandomBytes(16).toString("base64");
      res.locals.nonce = nonce;
      if (enforced) res.setHeader("Content-Security-Policy", pageHead + nonce + pageTail);
    }
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    next();
  };
}
