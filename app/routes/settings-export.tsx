import { getViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/settings-export";
import { privateHeaders } from "../lib/private-page.ts";

const fileHeaders = privateHeaders({ "X-Content-Type-Options": "nosniff" });

/**
 * A guest (or an expired session) asking for the file gets the spec's refusal with a 401. This route
 * answers with a file, not a page, so the refusal is a small document of its own, in the store's words.
 */
function authenticationRequired(): Response {
  const next = encodeURIComponent("/settings");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Authentication Required | East Harlem</title></head><body style="font-family:Arial,sans-serif;max-width:36rem;margin:0 auto;padding:5rem 1rem;text-align:center"><main><h1>Authentication Required</h1><p>Please sign in to view this page.</p><p><a href="/login?redirectTo=${next}">Sign In</a> · <a href="/">Go Home</a></p></main></body></html>`;
  return new Response(html, { status: 401, headers: { ...fileHeaders, "Content-Type": "text/html; charset=utf-8" } });
}

/**
 * "Download my data" in Settings: everything the store holds about the signed-in shopper, as one JSON
 * file. Always the session's account: nothing in the request names whose data it is. The download is
 * recorded in the audit log by the core command, in the transaction that reads the data.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  if (!viewer) return authenticationRequired();
  const exported = await context.useCases.privacy.exportAccountData({ id: viewer.id, email: viewer.email, role: viewer.role, clientIp: context.clientIp });
  if (!exported) return authenticationRequired();
  context.log.info({ userId: viewer.id }, "account data exported");
  const day = exported.exportedAt.toISOString().slice(0, 10);
  return new Response(JSON.stringify(exported.data, null, 2), {
    headers: {
      ...fileHeaders,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="east-harlem-my-data-${day}.json"`,
    },
  });
}
