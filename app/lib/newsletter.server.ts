import type { NewsletterDeps } from "../../core/newsletter/index.ts";
import type { StoreContext } from "../../server/context.ts";

/** What the newsletter's commands need, from the request's context. */
export function newsletterDeps(context: StoreContext): NewsletterDeps {
  return { db: context.db, jobs: context.jobs, baseUrl: context.baseUrl, secret: context.signingSecret };
}
