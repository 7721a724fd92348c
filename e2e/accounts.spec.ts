import { expect, test, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";
import { CLASSIC_TEE, cartBadge, cartDialog, chooseOptions, expectNoAxeViolationsInBothThemes, gotoHydrated, waitForHydration } from "./helpers.ts";
import { linkIn, waitForMail } from "./mail.ts";

// Accounts: what a shopper does with one, from registering to deleting it. Mail is caught by the
// SMTP server of e2e/global-setup.ts. Every test makes its own accounts, so they run in any order.

const PASSWORD = "harlem-beats-125";
const ADMIN_EMAIL = "boss@east-harlem.test";
const RESET_SENT = "If an account exists for that email, we've sent instructions to reset your password. Check your inbox.";

let serial = 0;
/** An address nobody else in this run uses. */
function uniqueEmail(testInfo: TestInfo, label: string): string {
  serial += 1;
  return `${label}-${Date.now()}-w${testInfo.workerIndex}-${serial}@example.test`;
}

// ---- What the shopper sees -------------------------------------------------------------------------

const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Account menu" });
const headerSignIn = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true });
const alert = (page: Page) => page.getByRole("main").getByRole("alert");
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
/** The account menu's panel, the element the button controls. */
const menuPanel = async (page: Page): Promise<Locator> => page.locator(`[id="${await menuButton(page).getAttribute("aria-controls")}"]`);

async function openMenu(page: Page): Promise<Locator> {
  await expect(menuButton(page)).toBeVisible();
  if ((await menuButton(page).getAttribute("aria-expanded")) !== "true") await menuButton(page).click();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
  const panel = await menuPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

async function signOut(page: Page): Promise<void> {
  const panel = await openMenu(page);
  await panel.getByRole("button", { name: "Sign Out" }).click();
  await expect(headerSignIn(page)).toBeVisible();
  await expect(menuButton(page)).toHaveCount(0);
}

// ---- Forms -------------------------------------------------------------------------------------------

interface Registration {
  email: string;
  password?: string;
  confirmPassword?: string;
  displayName?: string;
}

/** Fills and sends the registration form (terms accepted); does not wait for the outcome. */
async function submitRegistration(page: Page, { email, password = PASSWORD, confirmPassword = password, displayName }: Registration): Promise<void> {
  await gotoHydrated(page, "/login?mode=register");
  await expect(heading(page, "Create Account")).toBeVisible();
  if (displayName) await page.getByLabel("Display name").fill(displayName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(confirmPassword);
  await page.getByLabel("I accept the terms and conditions").check();
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Registers in this page and waits until the shopper is signed in on the home page. */
async function register(page: Page, registration: Registration): Promise<void> {
  await submitRegistration(page, registration);
  await expect(page).toHaveURL(/\/$/);
  await expect(menuButton(page)).toBeVisible();
  await waitForHydration(page);
}

/** Registers in a browser of its own, so the test's page stays a guest's. */
async function registerElsewhere(browser: Browser, registration: Registration): Promise<void> {
  const context = await browser.newContext();
  try {
    await register(await context.newPage(), registration);
  } finally {
    await context.close();
  }
}

/** Fills and sends the sign-in form on the page already open (or /login); does not wait for the outcome. */
async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  if (!/\/login/.test(page.url())) await gotoHydrated(page, "/login");
  await expect(heading(page, "Welcome Back")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signIn(page: Page, email: string, password: string, landing: RegExp = /\/$/): Promise<void> {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(landing);
  await expect(menuButton(page)).toBeVisible();
  await waitForHydration(page);
}

async function expectSignInRefused(page: Page, email: string, password: string, message: string): Promise<void> {
  await submitSignIn(page, email, password);
  await expect(alert(page)).toHaveText(message);
  await expect(heading(page, "Welcome Back")).toBeVisible();
  await expect(menuButton(page)).toHaveCount(0);
}

// ---- Journeys ----------------------------------------------------------------------------------------

test.describe("accounts", () => {
  test("register, verify the email from the mail, sign out and sign in again", async ({ page, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, "nia");
    await register(page, { email, displayName: "Nia Rivera" });

    let panel = await openMenu(page);
    await expect(panel).toContainText("Nia Rivera");
    await expect(panel).toContainText(email);
    await expect(panel.getByText("Email not verified")).toBeVisible();
    await expect(menuButton(page)).toContainText("NR");

    const mail = await waitForMail(email, /^Verify your email address$/);
    await page.goto(linkIn(mail, `${baseURL}/api/auth/verify-email?token=`));
    await expect(page).toHaveURL(/\/dashboard\?verified=1$/);
    await waitForHydration(page);
    await expect(page.getByText("Your email is verified.")).toBeVisible();
    await expect(heading(page, "Welcome, Nia Rivera")).toBeVisible();
    await expect(page.getByRole("list", { name: "Summary" })).toContainText("Verified");

    panel = await openMenu(page);
    await expect(panel).toContainText(email);
    await expect(panel.getByText("Email not verified")).toHaveCount(0);
    for (const link of ["Dashboard", "Profile", "Orders", "Settings"]) {
      await expect(panel.getByRole("link", { name: link, exact: true })).toBeVisible();
    }

    await signOut(page);
    await expect(page).toHaveURL(/\/$/);

    await headerSignIn(page).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email, PASSWORD);
    panel = await openMenu(page);
    await expect(panel.getByText("Email not verified")).toHaveCount(0);
  });

  test("wrong password, unknown email and mismatched passwords say what went wrong", async ({ page, browser }, testInfo) => {
    const email = uniqueEmail(testInfo, "dev");
    await registerElsewhere(browser, { email });

    await expectSignInRefused(page, email, "not-the-password", "Incorrect password. Please try again.");
    await expectSignInRefused(page, uniqueEmail(testInfo, "nobody"), PASSWORD, "No account found with this email address.");

    await submitRegistration(page, { email: uniqueEmail(testInfo, "typo"), password: PASSWORD, confirmPassword: `${PASSWORD}!` });
    await expect(alert(page)).toHaveText("Passwords do not match");
    await expect(heading(page, "Create Account")).toBeVisible();
    await expect(menuButton(page)).toHaveCount(0);
  });

  test("edit the profile; it is kept and the menu shows the new initials", async ({ page }, testInfo) => {
    await register(page, { email: uniqueEmail(testInfo, "profile") });
    await gotoHydrated(page, "/profile");
    await expect(heading(page, "Profile")).toBeVisible();
    await page.getByRole("link", { name: "Edit Profile" }).click();

    await page.getByLabel("First name").fill("Marisol");
    await page.getByLabel("Last name").fill("Vega");
    await page.getByLabel("Phone").fill("+1 212 555 0147");
    await page.getByLabel(/marketing communications/).check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile updated successfully!")).toBeVisible();
    await expect(menuButton(page)).toContainText("MV");

    await page.reload();
    await waitForHydration(page);
    const personal = page.getByRole("region", { name: "Personal information" });
    await expect(personal).toContainText("Marisol");
    await expect(personal).toContainText("Vega");
    await expect(personal).toContainText("+1 212 555 0147");
    await expect(personal).toContainText("Subscribed");
    await expect(menuButton(page)).toContainText("MV");
    const panel = await openMenu(page);
    await expect(panel).toContainText("Marisol Vega");

    // The edit form opens with the saved values.
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expect(page.getByLabel("First name")).toHaveValue("Marisol");
    await expect(page.getByLabel("Last name")).toHaveValue("Vega");
    await expect(page.getByLabel("Phone")).toHaveValue("+1 212 555 0147");
  });

  test("change the password on the profile: the old one stops working, the new one works", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "change");
    const newPassword = "uptown-rhymes-116";
    await register(page, { email });
    await gotoHydrated(page, "/profile");

    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password changed successfully.")).toBeVisible();
    // Still signed in here.
    await expect(menuButton(page)).toBeVisible();

    await signOut(page);
    await expectSignInRefused(page, email, PASSWORD, "Incorrect password. Please try again.");
    await signIn(page, email, newPassword);
  });

  test("reset a forgotten password from the mail", async ({ page, browser, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, "forgot");
    const newPassword = "el-barrio-forever-7";
    await registerElsewhere(browser, { email });

    await gotoHydrated(page, "/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(heading(page, "Reset Password")).toBeVisible();
    await expect(page).toHaveURL(/mode=reset/);

    // An address with no account gets the same answer, so the form tells nobody who is registered.
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail(testInfo, "stranger"));
    await page.getByRole("button", { name: "Send Reset Instructions" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(RESET_SENT);

    await gotoHydrated(page, "/login?mode=reset");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send Reset Instructions" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(RESET_SENT);

    const mail = await waitForMail(email, /^Reset your password$/);
    await page.goto(linkIn(mail, `${baseURL}/api/auth/reset-password/`));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await waitForHydration(page);
    await expect(heading(page, "Choose a new password")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set New Password" }).click();

    await expect(page).toHaveURL(/\/login\?reset=done$/);
    await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();
    await waitForHydration(page);
    await expectSignInRefused(page, email, PASSWORD, "Incorrect password. Please try again.");
    await signIn(page, email, newPassword);
  });

  test("the dark theme chosen in settings comes with the page itself", async ({ page }, testInfo) => {
    await register(page, { email: uniqueEmail(testInfo, "night") });
    await gotoHydrated(page, "/settings");
    await expect(page.getByRole("radio", { name: /Auto/ })).toBeChecked();
    await page.getByRole("radio", { name: "Dark", exact: true }).check();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page.getByText("Preferences saved.")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("radio", { name: "Dark", exact: true })).toBeChecked();

    // No flash of the light theme: the server's HTML already carries it, for this session's cookies.
    for (const path of ["/", "/shop", "/settings"]) {
      const response = await page.context().request.get(path);
      expect(response.ok()).toBe(true);
      const html = await response.text();
      expect(html, `the HTML of ${path}`).toMatch(/<html[^>]*\sdata-theme="dark"/);
    }
  });

  test("the guest's cart follows them into their account, and onto another device", async ({ page, browser }, testInfo) => {
    const email = uniqueEmail(testInfo, "cart");
    await registerElsewhere(browser, { email });

    await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
    await expect(heading(page, CLASSIC_TEE.name)).toBeVisible();
    await chooseOptions(page, { size: "S", color: "Black" });
    await page.getByRole("main").getByRole("button", { name: "Add to Cart" }).click();
    await expect(cartBadge(page)).toHaveText("1");

    await headerSignIn(page).click();
    await signIn(page, email, PASSWORD);
    await expect(cartBadge(page)).toHaveText("1");
    await page.reload();
    await expect(cartBadge(page)).toHaveText("1");

    const other = await browser.newContext();
    try {
      const phone = await other.newPage();
      await gotoHydrated(phone, "/");
      await expect(cartBadge(phone)).toHaveCount(0);
      await signIn(phone, email, PASSWORD);
      await expect(cartBadge(phone)).toHaveText("1");
      await phone.getByTestId("cart-button").click();
      await expect(cartDialog(phone)).toContainText(CLASSIC_TEE.name);
    } finally {
      await other.close();
    }
  });

  test("delete the account with its password: signed out, and it cannot sign in again", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "leaving");
    await register(page, { email });
    await gotoHydrated(page, "/settings");

    const danger = page.getByRole("region", { name: "Delete account" });
    await danger.getByLabel("Password").fill(PASSWORD);
    await danger.getByRole("button", { name: "Delete Account" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(headerSignIn(page)).toBeVisible();
    await expect(menuButton(page)).toHaveCount(0);

    await gotoHydrated(page, "/login");
    await expectSignInRefused(page, email, PASSWORD, "No account found with this email address.");
  });

  test("guarded pages: sign in to see the dashboard; customers are kept out of admin, the admin is let in", async ({ page, browser }, testInfo) => {
    const email = uniqueEmail(testInfo, "member");
    await registerElsewhere(browser, { email, displayName: "Tito Puente" });

    await gotoHydrated(page, "/dashboard");
    await expect(heading(page, "Authentication Required")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Go Home" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await signIn(page, email, PASSWORD, /\/dashboard$/);
    await expect(heading(page, "Welcome, Tito Puente")).toBeVisible();

    await gotoHydrated(page, "/admin");
    await expect(heading(page, "Access Denied")).toBeVisible();
    await expect(page.getByText("You don't have permission to access the admin panel. Contact your administrator if you believe this is a mistake.")).toBeVisible();
    await signOut(page);

    // The address in ADMIN_EMAILS (playwright.config.ts) becomes an admin when it registers.
    // (Signed in instead when a retry finds it registered already.)
    await submitRegistration(page, { email: ADMIN_EMAIL, displayName: "The Boss" });
    await expect(menuButton(page).or(alert(page))).toBeVisible();
    if (await alert(page).isVisible()) {
      await expect(alert(page)).toHaveText("An account with this email already exists.");
      await signIn(page, ADMIN_EMAIL, PASSWORD);
    }
    await expect(menuButton(page)).toBeVisible();
    await waitForHydration(page);
    const panel = await openMenu(page);
    await panel.getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(heading(page, "Admin Dashboard")).toBeVisible();
    await expect(page.getByRole("list", { name: "Store figures" })).toContainText("Products");
  });
});

// ---- Accessibility -----------------------------------------------------------------------------------

async function expectNoSideways(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${label} is wider than the 320 px window`).toBeLessThanOrEqual(innerWidth);
}

const GUEST_SCREENS: [path: string, title: string][] = [
  ["/login", "Welcome Back"],
  ["/login?mode=register", "Create Account"],
  ["/login?mode=reset", "Reset Password"],
];
const MEMBER_SCREENS: [path: string, title: string][] = [
  ["/dashboard", "Welcome, Ana Bo"],
  ["/profile", "Profile"],
  ["/profile?edit=1", "Profile"],
  ["/settings", "Settings"],
];

async function visit(page: Page, path: string, title: string): Promise<void> {
  await gotoHydrated(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
}

// Each screen is looked at in the light theme and then in the dark one.
test.describe("accessibility", () => {
  test("the sign-in screens meet WCAG 2.2 AA", async ({ page }) => {
    test.setTimeout(120_000);
    for (const [path, title] of GUEST_SCREENS) {
      await visit(page, path, title);
      await expectNoAxeViolationsInBothThemes(page, path);
    }
    // With an error on the form, too.
    await visit(page, "/login", "Welcome Back");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(alert(page)).toHaveText("Please fill in all fields");
    await expectNoAxeViolationsInBothThemes(page, "/login with an error");
  });

  test("the account screens and the open user menu meet WCAG 2.2 AA", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await register(page, { email: uniqueEmail(testInfo, "axe"), displayName: "Ana Bo" });
    await openMenu(page);
    await expectNoAxeViolationsInBothThemes(page, "the open user menu");
    for (const [path, title] of MEMBER_SCREENS) {
      await visit(page, path, title);
      await expectNoAxeViolationsInBothThemes(page, path);
    }
  });
});

test("the account screens and the user menu fit a 320 px screen", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const [path, title] of GUEST_SCREENS) {
    await visit(page, path, title);
    await expectNoSideways(page, path);
  }
  await register(page, { email: uniqueEmail(testInfo, "narrow"), displayName: "Ana Bo" });
  for (const [path, title] of MEMBER_SCREENS) {
    await visit(page, path, title);
    await expectNoSideways(page, path);
  }
  const panel = await openMenu(page);
  await expect(panel.getByRole("button", { name: "Sign Out" })).toBeInViewport();
  await expectNoSideways(page, "the open user menu");
});
