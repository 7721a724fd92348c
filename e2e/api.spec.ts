import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated, waitForHydration } from "./helpers.ts";

const PASSWORD = "uptown-2024";
/** The app's own User-Agent, as the brand's phone app sends it. */
const APP = { "User-Agent": "EastHarlemApp/1.0 (iPhone; iOS 18.1)" };

test.describe("the app's API", () => {
  test("its reference page renders under the store's Content-Security-Policy, from the store's own files", async ({ page, baseURL }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(message.text());
    });
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(`${baseURL}/`) && !request.url().startsWith("data:")) outside.push(request.url());
    });
    const response = await page.goto("/api/v1/docs");
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await expect(page.getByRole("heading", { name: /East Harlem store API/ })).toBeVisible();
    await expect(page.getByText("/products/{slug}", { exact: true })).toBeVisible();
    await expect(page.getByText("/cart/items", { exact: true })).toBeVisible();
    expect(refused.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
    expect(outside).toEqual([]);
  });

  test("a shopper signed in on the phone sees the app in Settings and revokes it there", async ({ page, request }, testInfo) => {
    const email = `app-${testInfo.workerIndex}-${Date.now()}@east-harlem.test`;
    const signedUp = await request.post("/api/v1/auth/sign-up", { data: { email, password: PASSWORD, acceptTerms: true, displayName: "Ana Rivera" }, headers: APP });
    expect(signedUp.status()).toBe(201);
    const { token } = (await signedUp.json()) as { token: string };
    const me = () => request.get("/api/v1/me", { headers: { ...APP, Authorization: `Bearer ${token}` } });
    expect((await me()).status()).toBe(200);

    await gotoHydrated(page, "/login");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await waitForHydration(page);
    await gotoHydrated(page, "/settings");

    const places = page.getByRole("region", { name: "Where you're signed in" });
    await expect(places.getByText("This browser")).toBeVisible();
    await expect(places.getByText("EastHarlemApp 1.0")).toBeVisible();
    await expectNoAxeViolations(page, "Settings' signed-in list", "section[aria-labelledby=\"sessions-heading\"]");
    await places.getByRole("button", { name: "Revoke EastHarlemApp 1.0" }).click();
    await expect(places.getByText("Signed out there.")).toBeVisible();
    await expect(places.getByText("EastHarlemApp 1.0")).toHaveCount(0);
    await waitForHydration(page);
    expect((await me()).status()).toBe(401);
  });
});
