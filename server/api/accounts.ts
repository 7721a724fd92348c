import { z } from "zod";
import { accountsField, registerJsonSchema, resetRequestSchema, signInSchema } from "../../core/accounts/index.ts";
import type { AccountCall } from "../../core/identity/index.ts";
import { badToken, tokenFrom } from "./bearer.ts";
import { operation, type ApiContext, type ApiDeps } from "./operation.ts";
import { ApiProblem } from "./problem.ts";
import { wordsIn } from "../../texts/index.ts";

/* Answers */

export const meSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    emailVerified: z.boolean().meta({ description: "False until the link in the verification mail is opened." }),
    role: z.enum(["customer", "admin", "super_admin"]),
    memberSince: z.iso.datetime(),
    profile: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string(), marketingOptIn: z.boolean() }),
    preferences: z.object({ language: z.string(), currency: z.string(), theme: z.string() }),
  })
  .meta({ id: "Me" });

export const signedInSchema = z
  .object({
    token: z.string().meta({ description: "Send it as `Authorization: Bearer <token>`. Keep it secret (the device's secure storage)." }),
    tokenType: z.literal("Bearer"),
    tokenId: z.string().meta({ description: "The token's id in the token list (to revoke it from elsewhere)." }),
    expiresAt: z.iso.datetime().meta({ description: "Unless used: a token in use is renewed once a day, for 30 days from then." }),
    user: meSchema,
  })
  .meta({ id: "SignedIn" });

const tokenSchema = z
  .object({
    id: z.string(),
    current: z.boolean().meta({ description: "The token this request was made with." }),
    device: z.string().nullable().meta({ description: "The User-Agent it was signed in with (a browser's, or the app's)." }),
    createdAt: z.iso.datetime(),
    lastRenewedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: "Token", description: "A place the account is signed in: an app's token or a browser's session." });

const messageSchema = z.object({ message: z.string() }).meta({ id: "Message" });

/* Helpers */

export function callOf(ctx: ApiContext): AccountCall {
  const userAgent = ctx.req.get("user-agent");
  return { headers: new Headers(userAgent ? { "user-agent": userAgent.slice(0, 300) } : {}), locale: ctx.locale, clientIp: ctx.req.ip ?? "unknown", guestCartId: ctx.cartToken };
}

export async function meOf(deps: ApiDeps, userId: string): Promise<z.input<typeof meSchema>> {
  const account = await deps.useCases.accounts.getAccount(userId);
  if (!account || !account.active) throw badToken();
  return {
    id: account.id,
    email: account.email,
    displayName: account.displayName,
    emailVerified: account.emailVerified,
    role: account.role,
    memberSince: account.createdAt.toISOString(),
    profile: account.profile,
    preferences: { language: account.preferences.language, currency: account.preferences.currency, theme: account.preferences.theme },
  };
}

/** The answer to a sign-in or sign-up: the token the identity library made, its session and the account. */
export async function signedIn(deps: ApiDeps, userId: string, authHeaders: Headers): Promise<z.input<typeof signedInSchema>> {
  const token = tokenFrom(authHeaders);
  const found = token ? await deps.auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) }) : null;
  if (!token || !found) throw new Error("the identity library answered a sign-in without a usable session token");
  return { token, tokenType: "Bearer", tokenId: found.session.id, expiresAt: new Date(found.session.expiresAt).toISOString(), user: await meOf(deps, userId) };
}

/* Operations */

export const signUpOp = operation({
  operationId: "signUp",
  method: "post",
  path: "/auth/sign-up",
  tag: "Account",
  summary: "Create an account",
  description:
    "The sign-up form's rules and messages (a valid email, a password of at least 6 characters, the terms accepted). Mails the verification link, in the language asked for, and answers signed in with a token. A guest's cart sent as X-Cart-Token becomes the account's.",
  access: "public",
  cartToken: true,
  body: registerJsonSchema,
  success: { status: 201, description: "The account, signed in.", schema: signedInSchema },
  problems: [409],
  async handle({ body, ctx }) {
    const result = await ctx.deps.useCases.identity.createAccount(callOf(ctx), body);
    if (!result.ok) {
      const inUse = result.error === accountsField("account.error.emailInUse");
      throw new ApiProblem(inUse ? 409 : 400, inUse ? "accounts.email_in_use" : "accounts.sign_up_failed", result.error);
    }
    return signedIn(ctx.deps, result.userId, result.authHeaders);
  },
});

export const signInOp = operation({
  operationId: "signIn",
  method: "post",
  path: "/auth/sign-in",
  tag: "Account",
  summary: "Sign in",
  description:
    "Email and password, with the web's throttle: after 5 wrong passwords from one address for one account, each try waits longer (429 with Retry-After). Answers a bearer token. A guest's cart sent as X-Cart-Token joins the account's cart as on the web (the same variant's quantities add up, within stock and 99).",
  access: "public",
  cartToken: true,
  body: signInSchema,
  success: { status: 200, description: "Signed in.", schema: signedInSchema },
  async handle({ body, ctx }) {
    const result = await ctx.deps.useCases.identity.passwordSignIn(callOf(ctx), body);
    if (!result.ok) {
      if (result.retryAfterMs !== undefined) throw new ApiProblem(429, "accounts.too_many_attempts", result.error, { retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) });
      throw new ApiProblem(401, "accounts.sign_in_failed", result.error);
    }
    return signedIn(ctx.deps, result.userId, result.authHeaders);
  },
});

export const signOutOp = operation({
  operationId: "signOut",
  method: "post",
  path: "/auth/sign-out",
  tag: "Account",
  summary: "Sign out",
  description: "Ends the token this request is made with; it is refused (401) from then on.",
  access: "signed-in",
  success: { status: 204, description: "Signed out." },
  async handle({ ctx }) {
    await ctx.deps.useCases.accounts.endSession(ctx.viewer.id, ctx.viewer.sessionId);
  },
});

export const requestPasswordResetOp = operation({
  operationId: "requestPasswordReset",
  method: "post",
  path: "/auth/password-reset",
  tag: "Account",
  summary: "Mail a password reset link",
  description: "As the web's reset form: the same answer whether or not the email has an account; at most 5 requests an hour for one email.",
  access: "public",
  body: resetRequestSchema,
  success: { status: 202, description: "The mail is on its way if the account exists.", schema: messageSchema },
  async handle({ body, ctx }) {
    const result = await ctx.deps.useCases.identity.sendPasswordReset(callOf(ctx), body.email);
    if (!result.ok) throw new ApiProblem(429, "accounts.too_many_requests", result.error);
    return { message: wordsIn(ctx.locale, result.message) };
  },
});

export const resendVerificationOp = operation({
  operationId: "resendVerification",
  method: "post",
  path: "/auth/verification",
  tag: "Account",
  summary: "Mail the verification link again",
  description: "As the profile's button: for an account not verified yet, at most 3 times an hour.",
  access: "signed-in",
  success: { status: 202, description: "The mail is on its way.", schema: messageSchema },
  problems: [409],
  async handle({ ctx }) {
    const result = await ctx.deps.useCases.identity.resendVerification(callOf(ctx), ctx.viewer);
    if (!result.ok) {
      if (result.throttled) throw new ApiProblem(429, "accounts.too_many_requests", result.error);
      throw new ApiProblem(ctx.viewer.emailVerified ? 409 : 400, ctx.viewer.emailVerified ? "accounts.already_verified" : "accounts.resend_failed", result.error);
    }
    return { message: wordsIn(ctx.locale, result.message) };
  },
});

export const meOp = operation({
  operationId: "getMe",
  method: "get",
  path: "/me",
  tag: "Account",
  summary: "The signed-in account",
  access: "signed-in",
  success: { status: 200, description: "The account.", schema: meSchema },
  async handle({ ctx }) {
    return meOf(ctx.deps, ctx.viewer.id);
  },
});

export const listTokensOp = operation({
  operationId: "listTokens",
  method: "get",
  path: "/auth/tokens",
  tag: "Account",
  summary: "Where the account is signed in",
  description: "Every token and browser session of the account that has not expired, the newest first (Settings on the web lists the same).",
  access: "signed-in",
  success: { status: 200, description: "The tokens.", schema: z.object({ items: z.array(tokenSchema) }).meta({ id: "TokenList" }) },
  async handle({ ctx }) {
    const sessions = await ctx.deps.useCases.accounts.listSessions(ctx.viewer.id);
    return {
      items: sessions.map((s) => ({
        id: s.id,
        current: s.id === ctx.viewer.sessionId,
        device: s.userAgent,
        createdAt: s.createdAt.toISOString(),
        lastRenewedAt: s.updatedAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
      })),
    };
  },
});

export const revokeTokenOp = operation({
  operationId: "revokeToken",
  method: "delete",
  path: "/auth/tokens/{id}",
  tag: "Account",
  summary: "Revoke a token",
  description: "Signs that app or browser out. Only the account's own tokens are found.",
  access: "signed-in",
  params: z.object({ id: z.string().min(1).max(100).meta({ description: "The token's id (from the token list)." }) }),
  success: { status: 204, description: "Revoked." },
  problems: [404],
  async handle({ params, ctx }) {
    await ctx.deps.useCases.accounts.endSession(ctx.viewer.id, params.id);
  },
});
