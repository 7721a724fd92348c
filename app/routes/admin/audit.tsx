import { data } from "react-router";
import { Form } from "../../i18n/index.ts";
import { auditDiff, auditQuerySchema } from "../../../core/admin/index.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, primaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, Pager, ResponsiveTable, rowClass, selectClass } from "../../components/admin/admin-ui.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/audit";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Audit log");

/** A day typed as YYYY-MM-DD covers that whole day (UTC). */
const dayStart = (day: string | undefined) => (day ? new Date(`${day}T00:00:00.000Z`) : undefined);
const dayEnd = (day: string | undefined) => (day ? new Date(`${day}T23:59:59.999Z`) : undefined);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "audit", "read");
  const url = new URL(request.url);
  const query = auditQuerySchema.parse(Object.fromEntries(url.searchParams));
  const [result, entities] = await Promise.all([
    context.useCases.admin.listAudit({ actor: query.actor, entity: query.entity, from: dayStart(query.from), to: dayEnd(query.to), page: query.page }),
    context.useCases.admin.auditEntities(),
  ]);
  const rows = result.rows.map((r) => ({
    id: r.id,
    at: r.createdAt,
    actorEmail: r.actorEmail,
    clientIp: r.clientIp,
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    changes: auditDiff(r.before, r.after),
  }));
  return data(
    { rows, total: result.total, page: result.page, pages: result.pages, entities, query: { actor: query.actor ?? "", entity: query.entity ?? "", from: query.from ?? "", to: query.to ?? "" }, search: url.search },
    { headers: noStore },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "audit", "read");
  throw data(null, { status: 405, headers: noStore });
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, entities, query, search } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminHeader title="Audit log" />
      <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end" role="search" aria-label="Filter the audit log">
        <div>
          <label htmlFor="actor" className={labelClass}>
            Person (email)
          </label>
          <input id="actor" name="actor" type="search" defaultValue={query.actor} className={inputClass} />
        </div>
        <div>
          <label htmlFor="entity" className={labelClass}>
            Entity
          </label>
          <select id="entity" name="entity" defaultValue={query.entity} className={selectClass}>
            <option value="">All entities</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="from" className={labelClass}>
            From (UTC)
          </label>
          <input id="from" name="from" type="date" defaultValue={query.from} className={inputClass} />
        </div>
        <div>
          <label htmlFor="to" className={labelClass}>
            To (UTC)
          </label>
          <input id="to" name="to" type="date" defaultValue={query.to} className={inputClass} />
        </div>
        <button type="submit" className={primaryButton}>
          Filter
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-8 text-muted">No entries match.</p>
      ) : (
        <ResponsiveTable caption="Audit log entries, newest first" columns={["When", "Who", "What", "Changes"]}>
          {rows.map((r) => (
            <tr key={r.id} className={rowClass}>
              <Cell label="When">{storeDateTime(r.at)}</Cell>
              <Cell label="Who">
                <span className="block break-all">{r.actorEmail}</span>
                {r.clientIp ? <span className="block text-muted">{r.clientIp}</span> : null}
              </Cell>
              <Cell label="What">
                <span className="block font-semibold">{r.action}</span>
                <span className="block text-muted">
                  {r.entity} {r.entityId}
                </span>
              </Cell>
              <Cell label="Changes">
                {r.changes.length === 0 ? (
                  <span className="text-muted">No field changes recorded</span>
                ) : (
                  <ul>
                    {r.changes.map((c) => (
                      <li key={c.field}>
                        <span className="font-semibold">{c.field}</span>: {c.before} → {c.after}
                      </li>
                    ))}
                  </ul>
                )}
              </Cell>
            </tr>
          ))}
        </ResponsiveTable>
      )}
      <Pager page={page} pages={pages} total={total} search={search} noun="entry" nouns="entries" />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
