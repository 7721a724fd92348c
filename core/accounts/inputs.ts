import { z } from "zod";
import { MESSAGES, MIN_PASSWORD_LENGTH } from "./rules.ts";
import { DISPLAY_CURRENCIES } from "../currency/rules.ts";

const email = z.string().trim().toLowerCase().max(254);
const text = (max: number) => z.string().max(max, `Please use at most ${max} characters.`);

/** Login: both fields required (a field missing or not text, as JSON may send it, is not filled in). */
export const signInSchema = z.object({
  email: z.string(MESSAGES.fillAll).trim().toLowerCase().max(254).min(1, MESSAGES.fillAll),
  password: z.string(MESSAGES.fillAll).min(1, MESSAGES.fillAll).max(128),
});

const displayName = z.string().trim().max(80, "Please use at most 80 characters.").optional().default("");

/**
 * The registration rules in the form's order, the first one broken reported: shared by the sign-up form
 * and the app's API (registerJsonSchema), so both refuse the same accounts with the same words.
 */
function checkRegistration(v: { email: string; password: string; confirmPassword: string; acceptTerms: boolean }, ctx: z.RefinementCtx): void {
  if (!v.email || !v.password || !v.confirmPassword) ctx.addIssue({ code: "custom", message: MESSAGES.fillRequired, path: ["form"] });
  else if (!z.email().safeParse(v.email).success) ctx.addIssue({ code: "custom", message: MESSAGES.invalidEmail, path: ["email"] });
  else if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", message: MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });
  else if (v.password.length < MIN_PASSWORD_LENGTH) ctx.addIssue({ code: "custom", message: MESSAGES.passwordTooShort, path: ["password"] });
  else if (!v.acceptTerms) ctx.addIssue({ code: "custom", message: MESSAGES.acceptTerms, path: ["acceptTerms"] });
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
    email: z.string(MESSAGES.fillRequired).trim().toLowerCase().max(254, MESSAGES.invalidEmail),
    password: z.string(MESSAGES.fillRequired).max(128, "Please use at most 128 characters."),
    displayName,
    acceptTerms: z.boolean(MESSAGES.acceptTerms),
  })
  .superRefine((v, ctx) => checkRegistration({ ...v, confirmPassword: v.password }, ctx));

export const resetRequestSchema = z.object({
  email: z.string("Please enter your email address.").trim().toLowerCase().max(254).min(1, "Please enter your email address.").pipe(z.email(MESSAGES.invalidEmail)),
});

export const newPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: z.string().max(128),
    confirmPassword: z.string().max(128),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", message: MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });
    else if (v.password.length < MIN_PASSWORD_LENGTH) ctx.addIssue({ code: "custom", message: MESSAGES.passwordTooShort, path: ["password"] });
  });

/** The new password's rules, shared by the profile's form and the app's API (changePasswordJsonSchema). */
function checkNewPassword(v: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (v.newPassword !== v.confirmPassword) ctx.addIssue({ code: "custom", message: MESSAGES.newPasswordsDontMatch, path: ["confirmPassword"] });
  else if (v.newPassword.length < MIN_PASSWORD_LENGTH) ctx.addIssue({ code: "custom", message: MESSAGES.passwordTooShort, path: ["newPassword"] });
}

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.fillAll).max(128),
    newPassword: z.string().max(128),
    confirmPassword: z.string().max(128),
  })
  .superRefine(checkNewPassword);

/** Changing the password as JSON (the app's API): the form's rules, without the confirmation (the app asks twice on its own screen). */
export const changePasswordJsonSchema = z
  .object({
    currentPassword: z.string(MESSAGES.fillAll).min(1, MESSAGES.fillAll).max(128),
    newPassword: z.string(MESSAGES.passwordTooShort).max(128, "Please use at most 128 characters."),
  })
  .superRefine((v, ctx) => checkNewPassword({ ...v, confirmPassword: v.newPassword }, ctx));

const PHONE = /^\+?[0-9 ().-]{7,20}$/;

export const profileSchema = z.object({
  firstName: text(50).trim(),
  lastName: text(50).trim(),
  phone: z
    .string()
    .trim()
    .max(20, "Please enter a valid phone number, such as +1 212 555 0116.")
    .refine((p) => p === "" || (PHONE.test(p) && (p.match(/\d/g)?.length ?? 0) >= 7), "Please enter a valid phone number, such as +1 212 555 0116."),
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
  theme: z.enum(THEMES, "Please choose a theme."),
  language: z.enum(LANGUAGES, "Please choose a language."),
  currency: z.enum(CURRENCIES, "Please choose a currency."),
  emailOrderUpdates: checkbox,
  emailPromotions: checkbox,
  emailNewsletter: checkbox,
  emailRestockAlerts: checkbox,
  pushOrderUpdates: checkbox,
  pushPromotions: checkbox,
  pushCartReminders: checkbox,
});

export const deleteAccountSchema = z.object({
  password: z.string("Please enter your password to confirm.").min(1, "Please enter your password to confirm.").max(128),
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
