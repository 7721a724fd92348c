import { describe, expect, it } from "vitest";
import "./i18n.server.ts";
import { renderWaitingPage } from "./waiting-page.server.tsx";
import { signInRequired } from "../../core/cart/index.ts";

/* The drop's light waiting page (ADR 0040): drawn once per drop and language, filled in per answer. */

const view = {
  locale: "en" as const,
  slug: "harlem-classic-tee",
  search: "",
  productName: "Harlem Classic Tee",
  nonce: "first-nonce",
  stylesheets: ["/assets/root.css"],
  place: { kind: "waiting" as const, position: 1234, ahead: 1233, estimateMinutes: 3, checkAgainMs: 20_000 },
};
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");

describe("the drop's waiting page", () => {
  it("shows the place, those ahead and the estimate, and fills each answer's own in (numbers, plural, nonce, next check)", () => {
    const first = renderWaitingPage(view);
    expect(text(first)).toContain("You're in line Your place in line: 1,234 1,233 people are ahead of you. About 3 minutes");
    expect(first.match(/nonce="first-nonce"/g)).toHaveLength(2);
    expect(first).toContain('"every":20000');
    const next = renderWaitingPage({ ...view, nonce: "second-nonce", place: { kind: "waiting", position: 2, ahead: 1, estimateMinutes: 1, checkAgainMs: 5000 } });
    expect(text(next)).toContain("Your place in line: 2 1 person is ahead of you. About 1 minute");
    expect(next).not.toContain("first-nonce");
    expect(next).toContain('"every":5000');
    expect(text(renderWaitingPage({ ...view, place: { kind: "waiting", position: 1, ahead: 0, estimateMinutes: 1, checkAgainMs: 5000 } }))).toContain("Nobody is ahead of you.");
  });

  it("speaks Spanish at a Spanish address, with its plural forms", () => {
    const html = renderWaitingPage({ ...view, locale: "es", place: { kind: "waiting", position: 3, ahead: 2, estimateMinutes: 1, checkAgainMs: 5000 } });
    expect(html).toContain('<html lang="es">');
    expect(text(html)).toContain("Estás en la fila Tu lugar en la fila: 3 2 personas están delante de ti. Alrededor de 1 minuto");
    expect(html).toContain('href="/es/shop/harlem-classic-tee"');
  });

  it("says why there is no place, with a way to sign in where that is the way in", () => {
    const refused = renderWaitingPage({ ...view, place: { kind: "refused", message: signInRequired("Harlem Classic Tee", "harlem-classic-tee"), signIn: true } });
    expect(text(refused)).toContain("The line Sign in to buy Harlem Classic Tee. Sign in");
    expect(refused).toContain('href="/login?redirectTo=%2Fshop%2Fharlem-classic-tee"');
    expect(refused).not.toContain("line-data");
    const limited = renderWaitingPage({ ...view, locale: "es", place: { kind: "refused", message: "cart.domain.queueTooManyJoins", signIn: false } });
    expect(text(limited)).toContain("Demasiados intentos de unirte a la fila.");
  });

  it("never lets a product's name or a nonce break out of their places", () => {
    const html = renderWaitingPage({ ...view, productName: 'Tee "<script>" & Co' });
    expect(html).toContain("Tee &quot;&lt;script&gt;&quot; &amp; Co");
    expect(html).not.toContain("<script>\"");
  });
});
