import { data, Form, Link } from "react-router";
import { z } from "zod";
import { AdminErrorBoundary, guardedMeta } from "../components/account/auth-guard.tsx";
import { labelClass, secondaryButton } from "../components/account/page-shell.tsx";
import { requireAdmin } from "../lib/session.server.ts";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = guardedMeta("Analytics");

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "sales", label: "Sales" },
  { value: "products", label: "Products" },
  { value: "predictions", label: "Predictions" },
] as const;
const PERIODS = [
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
] as const;

const paramsSchema = z.object({
  tab: z.enum(["overview", "sales", "products", "predictions"]).catch("overview"),
  period: z.enum(["7d", "30d", "90d"]).catch("30d"),
});

// SPEC section 6 gives two readings of who may see analytics; we take the secure one: admins only.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const search = new URL(request.url).searchParams;
  const params = paramsSchema.parse({ tab: search.get("tab") ?? undefined, period: search.get("period") ?? undefined });
  // The analytics module plugs in here: events and sales for the period. None are recorded yet.
  return data(params, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  throw data(null, { status: 405 });
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { tab, period } = loaderData;
  const current = TABS.find((t) => t.value === tab)!;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl">Analytics</h1>
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <nav aria-label="Analytics sections">
          <ul className="flex flex-wrap gap-2">
            {TABS.map((t) => (
              <li key={t.value}>
                <Link
                  to={`/analytics?${new URLSearchParams({ tab: t.value, period })}`}
                  aria-current={t.value === tab ? "page" : undefined}
                  preventScrollReset
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${t.value === tab ? "border-ink bg-ink text-paper" : "border-line hover:bg-card"}`}
                >
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" action="/analytics" className="flex flex-wrap items-end gap-2" preventScrollReset>
          <input type="hidden" name="tab" value={tab} />
          <div>
            <label htmlFor="period" className={labelClass}>
              Period
            </label>
            <select id="period" name="period" defaultValue={period} key={period} className="h-11 rounded border border-line bg-card px-3">
              {PERIODS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondaryButton}>
            Refresh
          </button>
        </Form>
      </div>
      <section aria-labelledby="analytics-section" className="mt-8 rounded border border-line bg-card px-4 py-12 text-center">
        <h2 id="analytics-section" className="font-display text-xl">
          {current.label}
        </h2>
        <p className="mt-4 text-muted">Analytics arrive with the store's first events.</p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
