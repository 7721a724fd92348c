import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow, waitForHydration } from "./helpers.ts";
import { PASSWORD, uniqueEmail } from "./shopper.ts";

// The account and newsletter pages in Spanish (/es): what a visitor reads, where the links lead, and that
// each page is accessible and fits a 320 px phone.

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

/** The page is Spanish, fits 320 px and passes axe in both themes. */
async function expectSpanishPage(page: Page, label: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect((await horizontalOverflow(page)).culprits, label).toEqual([]);
  await expectNoAxeViolationsInBothThemes(page, label);
}

/** Every link inside the page's main content that leads to a page of the store stays under /es. */
async function expectLinksUnderEs(page: Page): Promise<void> {
  const hrefs = await page.getByRole("main").locator("a[href^='/']").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href, href).toMatch(/^\/es(\/|\?|$)/);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 760 });
});

test("a guest signs in and asks for a reset in Spanish, and a member page asks them to sign in", async ({ page }) => {
  await gotoHydrated(page, "/es/login");
  await expect(page).toHaveTitle("Entrar | East Harlem");
  await expect(heading(page, "Qué bueno verte de nuevo")).toBeVisible();
  await expect(page.getByLabel("Correo electrónico", { exact: true })).toBeVisible();
  await expectLinksUnderEs(page);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Completa todos los campos");
  await expectSpanishPage(page, "the Spanish sign-in page");

  await page.getByRole("link", { name: "¿Se te olvidó la contraseña?" }).click();
  await expect(page).toHaveURL(/\/es\/login\?mode=reset$/);
  await expect(heading(page, "Restablecer contraseña")).toBeVisible();
  await page.getByLabel("Correo electrónico", { exact: true }).fill("not-an-address");
  await page.getByRole("button", { name: "Enviar instrucciones" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Escribe un correo electrónico válido.");

  await gotoHydrated(page, "/es/dashboard");
  await expect(heading(page, "Necesitas iniciar sesión")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/es/login?redirectTo=%2Fes%2Fdashboard");
  await expectLinksUnderEs(page);
  await expectSpanishPage(page, "a Spanish member page for a guest");
});

test("a shopper who registers in Spanish sees their pages in Spanish, and switching Settings to English switches the store", async ({ page, context }, testInfo) => {
  const email = uniqueEmail(testInfo, "es-account");
  await gotoHydrated(page, "/es/login?mode=register");
  await expect(heading(page, "Crear cuenta")).toBeVisible();
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirma la contraseña").fill("something-else");
  await page.getByLabel("Acepto los términos y condiciones").check();
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Las contraseñas no coinciden");
  await expectSpanishPage(page, "the Spanish registration page");

  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirma la contraseña").fill(PASSWORD);
  await page.getByLabel("Acepto los términos y condiciones").check();
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/es$/);
  await waitForHydration(page);

  await gotoHydrated(page, "/es/dashboard");
  await expect(heading(page, `¡Hola, ${email.split("@")[0]}!`)).toBeVisible();
  await expect(page.getByText("Miembro desde")).toBeVisible();
  await expect(page.getByText(/^\d{1,2} de [a-z]+ de \d{4}$/)).toBeVisible();
  await expectLinksUnderEs(page);
  await expectSpanishPage(page, "the Spanish dashboard");

  await gotoHydrated(page, "/es/profile");
  await expect(heading(page, "Perfil")).toBeVisible();
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Completa todos los campos" })).toBeVisible();
  await expectSpanishPage(page, "the Spanish profile");

  await gotoHydrated(page, "/es/settings");
  await expect(heading(page, "Ajustes")).toBeVisible();
  const language = page.getByRole("combobox", { name: "Idioma" });
  await expect(language).toHaveAccessibleDescription("Al cambiarlo, toda la tienda cambia a ese idioma.");
  await expectSpanishPage(page, "the Spanish settings");

  await language.selectOption("en");
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page).toHaveURL(/\/settings\?saved=1$/);
  await expect(heading(page, "Settings")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Preferences saved." })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The switcher's cookie (a signed-out visit keeps the language): React Router writes it as base64 JSON.
  const cookie = (await context.cookies()).find((c) => c.name === "lang")?.value ?? "";
  expect(JSON.parse(Buffer.from(decodeURIComponent(cookie), "base64").toString("utf8"))).toBe("en");
});

test("the newsletter pages speak Spanish, with the refusals of a bad address and a bad link", async ({ page }) => {
  await gotoHydrated(page, "/es/newsletter");
  await expect(page).toHaveTitle("Boletín | East Harlem");
  await expect(heading(page, "Boletín")).toBeVisible();
  const main = page.getByRole("main");
  await main.getByLabel("Correo electrónico").fill("not-an-address");
  await main.getByRole("button", { name: "Suscribirme" }).click();
  await expect(main.getByRole("status")).toHaveText("Escribe un correo electrónico válido.");
  await expectLinksUnderEs(page);
  await expectSpanishPage(page, "the Spanish newsletter page");

  await gotoHydrated(page, "/es/newsletter/confirm?token=nothing");
  await expect(heading(page, "Confirma tu suscripción")).toBeVisible();
  await expect(main.getByRole("alert")).toContainText("Este enlace de confirmación venció");
  await expectLinksUnderEs(page);
  await expectSpanishPage(page, "the Spanish confirmation page");

  await gotoHydrated(page, "/es/newsletter/unsubscribe?token=nothing");
  await expect(heading(page, "Darte de baja")).toBeVisible();
  await expect(main.getByRole("alert")).toContainText("Este enlace para darte de baja no es válido.");
  await expectSpanishPage(page, "the Spanish unsubscribe page");
});
