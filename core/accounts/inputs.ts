import { z } from "zod";
import { accountsField as field, MIN_PASSWORD_LENGTH } from "./rules.ts";
import { DISPLAY_CURRENCIES } from "../currency/rules.ts";

const email = z.string().trim().toLowerCase().max(254);
const name = z.string().max(50, field("account.error.max50"));

/** Login: both fields required (a field missing or not text, as JSON may send it, is not filled in). */
export const signInSchema = z.object({
  email: z.string(field("account.error.fillAll")).trim().toLowerCase().max(254).min(1, field("account.error.fillAll")),
  password: z.string(field("account.error.fillAll")).min(1, field("account.error.fillAll")).max(128),
});

const displayName = z.string().trim().max(80, field("account.error.max80")).optional().default("");

/**
 * The registration rules in the form's order, the first one broken reported: shared by the sign-up form
 * and the app's API (registerJsonSchema), so both refuse the same accounts with the same words.
 */
function checkRegistration(v: { email: string; password: string; confirmPassword: string; acceptTerms: boolean }, ctx: z.RefinementCtx): void {
  if (!v.email || !v.password || !v.confirmPassword) ctx.addIssue({ code: "custom", message: field("account.error.fillRequired"), path: ["form"] });
  else if (!z.email().safeParse(v.email).success) ctx.addIssue({ code: "custom", message: field("account.error.invalidEmail"), path: ["email"] });
  else if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", message: field("account.error.passwordsDontMatch"), path: ["confirmPassword"] });
  else if (v.password.length < MIN_PASSWORD_LENGTH) ctx.addIssue({ code: "custom", message: field("account.error.passwordTooShort"), path: ["password"] });
  else if (!v.acceptTerms) ctx.addIssue({ code: "custom", message: field("account.error.acceptTerms"), path: ["acceptTerms"] });
}

/** Registration: email, password, confirmation and the accepted terms. */
export const registerSchema = z
  .object({
    email: email,
    password: z.string().max(128),
    confirmPassword: z.string().max(128),
    displayName,
    acceptTerms: z.literal("on").optional(),
  })
  .superRefine((v, ctx) => checkRegistration({ ...v, acceptTerms: v.acceptTerms === "on" }, ctx));

/**
 * Registration as JSON (the app's API): the form's rules, with the terms as a boolean and no confirmation
 * field (an app asks for the password twice on its own screen, as the page does before it posts).
 */
export const registerJsonSchema = z
  .object({
    email: z.string(field("account.error.fillRequired")).trim().toLowerCase().max(254, field("account.error.invalidEmail")),
    password: z.string(field("account.error.fillRequired")).max(128, field("api.domain.tooLong")),
    displayName,
    acceptTerms: z.boolean(field("account.error.acceptTerms")),
  })
  .superRefine((v, ctx) => checkRegistration({ ...v, confirmPassword: v.password }, ctx));

export const resetRequestSchema = z.object({
  email: z.string(field("account.error.emailRequired")).trim().toLowerCase().max(254).min(1, field("account.error.emailRequired")).pipe(z.email(field("account.error.invalidEmail"))),
});

export const newPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: z.string().max(128),
    confirmPassword: z.string().max(128),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", message: field("account.error.passwordsDontMatch"), path: ["confirmPassword"] });
    else if (v.password.length < MIN_PASSWORD_LENGTH) ctx.addIssue({ code: "custom", message: field("account.error.passwordTooShort"), path: ["password"] });
  });

/** The new password's rules, shared by the profile's form and the app's API (changePasswordJsonSchema). */
function checkNewPassword(v: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (v.newPassword !== v.confirmPassword) ctx.addIssue({ code: "custom", message: field("account.error.newPasswordsDontMatch"), path: ["confirmPassword"] });
  else if (v.newPassword.length < MIN_PASSWORD_LENGTH) ctx.addIssue({ code: "custom", message: field("account.error.passwordTooShort"), path: ["newPassword"] });
}

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, field("account.error.fillAll")).max(128),
    newPassword: z.string().max(128),
    confirmPassword: z.string().max(128),
  })
  .superRefine(checkNewPassword);

/** Changing the password as JSON (the app's API): the form's rules, without the confirmation (the app asks twice on its own screen). */
export const changePasswordJsonSchema = z
  .object({
    currentPassword: z.string(field("account.error.fillAll")).min(1, field("account.error.fillAll")).max(128),
    newPassword: z.string(field("account.error.passwordTooShort")).max(128, field("api.domain.tooLong")),
  })
  .superRefine((v, ctx) => checkNewPassword({ ...v, confirmPassword: v.newPassword }, ctx));

const PHONE = /^\+?[0-9 ().-]{7,20}$/;

export const profileSchema = z.object({
  firstName: name.trim(),
  lastName: name.trim(),
  phone: z
    .string()
    .trim()
    .max(20, field("account.error.phone"))
    .refine((p) => p === "" || (PHONE.test(p) && (p.match(/\d/g)?.length ?? 0) >= 7), field("account.error.phone")),
  marketingOptIn: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});

/** The profile as JSON (the app's API): the form's fields and messages, the consent a boolean. */
export const profileJsonSchema = profileSchema.extend({ marketingOptIn: z.boolean() });

export const THEMES = ["auto", "light", "dark"] as const;
export const LANGUAGES = ["en", "es"] as const;
/** Any currency prices may be shown in; whether it is offered now (has a rate) is checked against the rates. */
export const CURRENCIES = DISPLAY_CURRENCIES;
const checkbox = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");

export const preferencesSchema = z.object({
  theme: z.enum(THEMES, field("account.error.chooseTheme")),
  language: z.enum(LANGUAGES, field("account.error.chooseLanguage")),
  currency: z.enum(CURRENCIES, field("account.error.chooseCurrency")),
  emailOrderUpdates: checkbox,
  emailPromotions: checkbox,
  emailNewsletter: checkbox,
  emailRestockAlerts: checkbox,
  pushOrderUpdates: checkbox,
  pushPromotions: checkbox,
  pushCartReminders: checkbox,
});

export const deleteAccountSchema = z.object({
  password: z.string(field("account.error.confirmWithPassword")).min(1, field("account.error.confirmWithPassword")).max(128),
});

const jsonSwitch = z.boolean().optional();

/**
 * Settings' preferences as JSON (the app's API): any of them, each with the form's choices and messages;
 * what is left out stays as it is.
 */
export const preferencesJsonSchema = z.object({
  theme: preferencesSchema.shape.theme.optional(),
  language: preferencesSchema.shape.language.optional(),
  currency: preferencesSchema.shape.currency.optional(),
  notifications: z
    .object({
      email: z.object({ orderUpdates: jsonSwitch, promotions: jsonSwitch, newsletter: jsonSwitch, restockAlerts: jsonSwitch }).optional(),
      push: z.object({ orderUpdates: jsonSwitch, promotions: jsonSwitch, cartReminders: jsonSwitch }).optional(),
    })
    .optional(),
});
