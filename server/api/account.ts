import { z } from "zod";
import { changePasswordJsonSchema, deleteAccountSchema, accountsField, preferencesJsonSchema, profileJsonSchema } from "../../core/accounts/index.ts";
import { DISPLAY_CURRENCIES, offeredCurrencies, type DisplayCurrency } from "../../core/currency/index.ts";
import type { SettingsCall } from "../../core/identity/index.ts";
import { localeT } from "../../texts/index.ts";
import { meOf, meSchema, signedIn, signedInSchema } from "./accounts.ts";
import { badToken } from "./bearer.ts";
import { operation, type ApiContext } from "./operation.ts";
import { ApiProblem } from "./problem.ts";

/*
 * The signed-in shopper's profile and Settings (the profile page's and Settings' own steps, in
 * core/identity/commands.ts): profile, preferences, password, deletion and the data export. Always the
 * token's account; the identity library is called with the token, so the password checks are its own.
 */

const LANGUAGES = ["en", "es"] as const;
const THEMES = ["auto", "light", "dark"] as const;

const preferencesSchema = z
  .object({
    theme: z.enum(THEMES),
    language: z.enum(LANGUAGES).meta({ description: "The account's language: of its mail, and of the web pages once signed in." }),
    currency: z.enum(DISPLAY_CURRENCIES).meta({ description: "The currency prices are also shown in (approximately); the store charges US dollars." }),
    notifications: z.object({
      email: z.object({
        orderUpdates: z.boolean(),
        promotions: z.boolean(),
        newsletter: z.boolean().meta({ description: "The newsletter subscription itself: switching it on mails a confirmation link when the address is not verified." }),
        restockAlerts: z.boolean(),
      }),
      push: z.object({ orderUpdates: z.boolean(), promotions: z.boolean(), cartReminders: z.boolean() }),
    }),
    newsletterPending: z.boolean().meta({ description: "The newsletter waits for its confirmation link to be opened." }),
    currencies: z.array(z.enum(DISPLAY_CURRENCIES)).meta({ description: "The currencies that can be chosen now." }),
  })
  .meta({ id: "Preferences", description: "Settings' preferences." });

const passwordChangedSchema = signedInSchema
  .omit({ user: true })
  .extend({ message: z.string() })
  .meta({ id: "PasswordChanged", description: "Every other token and browser session has ended; this is the new token of this app (the one used for the change has ended too)." });

const exportSchema = z
  .looseObject({ format: z.literal("east-harlem-account-export/1"), exportedAt: z.iso.datetime() })
  .meta({ id: "AccountExport", description: "The data export file: its other fields are as Settings' file has them." });

/** The identity library is called with the app's own token, from its address (the password throttle's). */
function settingsCall(ctx: ApiContext<"signed-in">): SettingsCall {
  const headers = new Headers({ authorization: ctx.req.get("authorization") ?? "" });
  const userAgent = ctx.req.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent.slice(0, 300));
  return { headers, clientIp: ctx.req.ip ?? "unknown" };
}

async function preferencesOut(ctx: ApiContext<"signed-in">): Promise<z.input<typeof preferencesSchema>> {
  const [current, rates] = await Promise.all([ctx.deps.useCases.identity.currentPreferences(ctx.viewer), ctx.deps.useCases.currency.currentRates()]);
  if (!current) throw badToken();
  const currencies = offeredCurrencies(rates);
  const { theme, language, currency, notifications } = current.preferences;
  return {
    theme,
    language: (LANGUAGES as readonly string[]).includes(language) ? (language as (typeof LANGUAGES)[number]) : "en",
    // As Settings shows it: a choice whose rate was cleared is US dollars.
    currency: (currencies as string[]).includes(currency) ? (currency as DisplayCurrency) : "USD",
    notifications,
    newsletterPending: current.newsletterPending,
    currencies,
  };
}

/** A refused password step as a problem: the field named, Retry-After when throttled. */
function passwordProblem(step: { error: string; field?: string; retryAfterMs?: number }, fallbackCode: string): ApiProblem {
  if (step.retryAfterMs !== undefined) return new ApiProblem(429, "accounts.too_many_attempts", step.error, { retryAfterSeconds: Math.max(1, Math.ceil(step.retryAfterMs / 1000)) });
  const code = step.error === accountsField("account.error.wrongPassword") ? "accounts.wrong_password" : fallbackCode;
  return new ApiProblem(400, code, step.error, step.field ? { errors: [{ field: step.field, message: step.error }] } : {});
}

export const updateProfileOp = operation({
  operationId: "updateProfile",
  method: "patch",
  path: "/me/profile",
  tag: "Account",
  summary: "Change the profile",
  description: "As the profile page's form: first and last name (at most 50 characters each; together they become the display name), a phone number, and the marketing consent (the email Promotions switch follows it).",
  access: "signed-in",
  body: profileJsonSchema,
  success: { status: 200, description: "The account after the change.", schema: meSchema },
  async handle({ body, ctx }) {
    await ctx.deps.useCases.accounts.updateProfile(ctx.viewer.id, body);
    return meOf(ctx.deps, ctx.viewer.id);
  },
});

export const getPreferencesOp = operation({
  operationId: "getPreferences",
  method: "get",
  path: "/me/preferences",
  tag: "Account",
  summary: "Settings' preferences",
  description: "Theme, language, currency and the email and push switches, as Settings shows them.",
  access: "signed-in",
  success: { status: 200, description: "The preferences.", schema: preferencesSchema },
  async handle({ ctx }) {
    return preferencesOut(ctx);
  },
});

export const updatePreferencesOp = operation({
  operationId: "updatePreferences",
  method: "patch",
  path: "/me/preferences",
  tag: "Account",
  summary: "Change Settings' preferences",
  description: "Any of them; what is left out stays. The currency must be one offered now (400 otherwise). The newsletter switch subscribes or unsubscribes the account's address, as in Settings.",
  access: "signed-in",
  body: preferencesJsonSchema,
  success: { status: 200, description: "The preferences after the change.", schema: preferencesSchema },
  async handle({ body, ctx }) {
    const now = await preferencesOut(ctx);
    const saved = await ctx.deps.useCases.identity.savePreferences(ctx.viewer, {
      theme: body.theme ?? now.theme,
      language: body.language ?? now.language,
      currency: body.currency ?? now.currency,
      notifications: {
        email: { ...now.notifications.email, ...definedOf(body.notifications?.email) },
        push: { ...now.notifications.push, ...definedOf(body.notifications?.push) },
      },
    });
    if (!saved.ok) throw new ApiProblem(400, "validation", saved.error, { errors: [{ field: saved.field, message: saved.error }] });
    return preferencesOut(ctx);
  },
});

/** The switches a request names (those it leaves out stay as they are). */
function definedOf<T extends Record<string, boolean | undefined>>(given: T | undefined): Partial<Record<keyof T, boolean>> {
  return Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== undefined)) as Partial<Record<keyof T, boolean>>;
}

export const changePasswordOp = operation({
  operationId: "changePassword",
  method: "post",
  path: "/me/password",
  tag: "Account",
  summary: "Change the password",
  description:
    "The current password and a new one of at least 6 characters, with the profile page's messages and the sign-in throttle (429 with Retry-After). Every other token and browser session ends; the answer carries this app's new token.",
  access: "signed-in",
  body: changePasswordJsonSchema,
  success: { status: 200, description: "Changed.", schema: passwordChangedSchema },
  async handle({ body, ctx }) {
    const changed = await ctx.deps.useCases.identity.changePassword(settingsCall(ctx), ctx.viewer, body);
    if (!changed.ok) throw passwordProblem(changed, "accounts.change_failed");
    const { user: _user, ...token } = await signedIn(ctx.deps, ctx.viewer.id, changed.value);
    return { ...token, message: localeT(ctx.locale)("account.profile.passwordChanged") };
  },
});

export const deleteAccountOp = operation({
  operationId: "deleteAccount",
  method: "post",
  path: "/me/deletion",
  tag: "Account",
  summary: "Delete the account",
  description:
    "As Settings' Delete account: confirmed with the password (under the sign-in throttle). The account can no longer sign in, every token and session ends (this one too). Its name, profile, password and wishlists go (a shared list's code answers 404); its reviews stay, by a \"Former customer\"; its orders stay for the store's books, seen by no new account. The email may register a new account.",
  access: "signed-in",
  body: deleteAccountSchema,
  success: { status: 204, description: "Deleted." },
  async handle({ body, ctx }) {
    const deleted = await ctx.deps.useCases.identity.deleteAccount(settingsCall(ctx), ctx.viewer, body.password);
    if (!deleted.ok) throw passwordProblem(deleted, "accounts.deletion_failed");
  },
});

export const exportDataOp = operation({
  operationId: "exportAccountData",
  method: "get",
  path: "/me/export",
  tag: "Account",
  summary: "Download my data",
  description:
    "Everything the store holds about the account, the same file as Settings' \"Download my data\" (format `east-harlem-account-export/1`): profile, orders, reviews, wishlists, RSVPs, tickets, newsletter, sessions, analytics events. Each export is recorded in the audit log.",
  access: "signed-in",
  success: {
    status: 200,
    description: "The export.",
    schema: exportSchema,
  },
  async handle({ ctx }) {
    const exported = await ctx.deps.useCases.privacy.exportAccountData({ id: ctx.viewer.id, email: ctx.viewer.email, role: ctx.viewer.role, clientIp: ctx.req.ip ?? "unknown" });
    if (!exported) throw badToken();
    ctx.deps.log.info({ userId: ctx.viewer.id }, "account data exported");
    ctx.res.setHeader("Content-Disposition", `attachment; filename="east-harlem-my-data-${exported.exportedAt.toISOString().slice(0, 10)}.json"`);
    // Dates as the file writes them (JSON text), so the answer's schema sees what is sent.
    return JSON.parse(JSON.stringify(exported.data)) as z.input<typeof exportSchema>;
  },
});
