import type { NewsletterDeps } from "../../core/newsletter/index.ts";
import type { StoreContext } from "../context.ts";

/** What the newsletter's commands need, from the request's context. */
export function newsletterDeps(context: Pick<StoreContext, "db" | "jobs" | "baseUrl" | "signingSecret">): NewsletterDeps {
  return { db: context.db, jobs: context.jobs, baseUrl: context.baseUrl, secret: context.signingSecret };
}
