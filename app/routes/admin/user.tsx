import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { idSchema, roleChangeSchema } from "../../../core/admin/index.ts";
import { can, ROLE_CHOICES, ROLE_LABEL } from "../../../core/admin/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { labelClass, Notice, primaryButton, secondaryButton, Section } from "../../components/account/page-shell.tsx";
import { AdminHeader, ConfirmStep, selectClass } from "../../components/admin/admin-ui.tsx";
import { storeDate, storeDateTime } from "../../lib/dates.ts";
import { domainErrorReply } from "../../lib/domain-errors.server.ts";
import { readForm } from "../../lib/form.server.ts";
import { formatCents } from "../../lib/format.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/user";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { editorIdOf, editorRecord } from "../../lib/admin-editor.server.ts";
import { fieldWords, localizeText } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("User");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer } = await requirePermission(request, context, "users", "read");
  const user = editorRecord(await context.useCases.admin.getUserDetail(editorIdOf(idSchema, params.id)));
  const done = new URL(request.url).searchParams.get("done");
  return data({ user, viewer: { id: viewer.id, role: viewer.role }, done: done && done in DONE ? (done as keyof typeof DONE) : null }, { headers: noStore });
}

const DONE = {
  role: "The role was changed.",
  deactivate: "The account was deactivated; its sessions have ended.",
  reactivate: "The account was reactivated.",
  delete: "The account was deleted.",
} as const;

type Intent = keyof typeof DONE;
export type ActionResult = { error?: string; fields?: Record<string, string>; confirm?: { intent: Intent; role?: string } };

export async function action({ request, context, params }: Route.ActionArgs) {
  const userId = editorIdOf(idSchema, params.id);
  const fields = await readForm(request);
  const intent = fields.intent;
  const { actor } =
    intent === "role"
      ? await requirePermission(request, context, "roles", "update")
      : intent === "delete"
        ? await requirePermission(request, context, "users", "delete")
        : await requirePermission(request, context, "users", "update");
  if (intent !== "role" && intent !== "deactivate" && intent !== "reactivate" && intent !== "delete") {
    return data<ActionResult>({ error: "Unknown action." }, { status: 400, headers: noStore });
  }
  let role: (typeof ROLE_CHOICES)[number] | undefined;
  if (intent === "role") {
    const parsed = roleChangeSchema.safeParse(fields);
    if (!parsed.success) return data<ActionResult>({ fields: fieldWords(request, parsed.error) }, { status: 400, headers: noStore });
    role = parsed.data.role;
  }
  // Reactivation is not destructive; everything else asks first.
  if (intent !== "reactivate" && fields.confirmed !== "yes") {
    return data<ActionResult>({ confirm: { intent, ...(role ? { role } : {}) } }, { headers: noStore });
  }
  try {
    if (intent === "role") await context.useCases.admin.changeUserRole(actor, userId, role!);
    else if (intent === "delete") await context.useCases.admin.deleteUserAsAdmin(actor, userId);
    else await context.useCases.admin.setUserActive(actor, userId, intent === "reactivate");
  } catch (error) {
    return domainErrorReply<ActionResult>(error, (e) => ({ error: localizeText(request, e) }), { headers: noStore });
  }
  return redirect(`/admin/users/${encodeURIComponent(userId)}?done=${intent}`, { headers: noStore });
}

const STATUS_LABEL = { active: "Active", deactivated: "Deactivated", deleted: "Deleted" } as const;

function confirmQuestion(intent: Intent, email: string, role?: string): string {
  if (intent === "role") return `Change the role of ${email} to ${ROLE_LABEL[role as keyof typeof ROLE_LABEL] ?? role}?`;
  if (intent === "delete") return `Delete the account of ${email}? It can no longer sign in; its orders stay.`;
  return `Deactivate ${email}? They are signed out everywhere at once and cannot sign in until reactivated.`;
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, viewer, done: loaderDone } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const result = actionData as ActionResult | undefined;
  const here = `/admin/users/${encodeURIComponent(user.id)}`;
  const facts: [string, string][] = [
    ["Email", user.email],
    ["Name", user.name],
    ["Role", ROLE_LABEL[user.role]],
    ["Status", STATUS_LABEL[user.status]],
    ["Joined", storeDate(user.joinDate)],
    ["Last login", user.lastLogin ? storeDateTime(user.lastLogin) : "Never"],
    ["Orders", String(user.orderCount)],
    ["Total spent", formatCents(user.totalSpentCents)],
    ["Last order", user.lastOrderDate ? storeDate(user.lastOrderDate) : "Never"],
  ];
  const mayChangeRole = can(viewer.role, "roles", "update") && user.status !== "deleted";
  const mayToggle = can(viewer.role, "users", "update") && user.status !== "deleted" && (user.role === "customer" || viewer.role === "super_admin");
  const mayDelete = can(viewer.role, "users", "delete") && user.status !== "deleted" && user.id !== viewer.id;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminHeader title={user.email}>
        <p className="mt-1">
          <Link to="/admin/users" className="underline">
            All users
          </Link>
        </p>
      </AdminHeader>
      <div className="mt-6 space-y-4">
        {done ? <Notice tone="ok">{DONE[done]}</Notice> : null}
        {result?.error ? <Notice tone="error">{result.error}</Notice> : null}
        {result?.confirm ? (
          <ConfirmStep
            question={confirmQuestion(result.confirm.intent, user.email, result.confirm.role)}
            fields={{ intent: result.confirm.intent, ...(result.confirm.role ? { role: result.confirm.role } : {}) }}
            confirmLabel={result.confirm.intent === "role" ? "Yes, change the role" : result.confirm.intent === "delete" ? "Yes, delete" : "Yes, deactivate"}
            cancelTo={here}
          />
        ) : null}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Section title="Account" id="account">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {facts.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-semibold">{k}</dt>
                <dd className="break-all">{v}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm">
            <span className="font-semibold">Permissions: </span>
            {user.permissions.length === 0 ? "none" : user.permissions.map((p) => `${p.resource} (${p.actions.join(", ")})`).join("; ")}
          </p>
        </Section>

        <Section title="Manage" id="manage">
          <div className="space-y-6">
            {mayChangeRole ? (
              <Form method="post" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="intent" value="role" />
                <div className="min-w-48 flex-1">
                  <label htmlFor="role" className={labelClass}>
                    Role
                  </label>
                  <select id="role" name="role" defaultValue={user.role} className={selectClass} aria-describedby={result?.fields?.role ? "role-error" : undefined}>
                    {ROLE_CHOICES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABEL[r]}
                      </option>
                    ))}
                  </select>
                  {result?.fields?.role ? (
                    <p id="role-error" className="mt-1 text-sm text-danger">
                      {result.fields.role}
                    </p>
                  ) : null}
                </div>
                <button type="submit" className={primaryButton}>
                  Change role
                </button>
              </Form>
            ) : null}
            {mayToggle ? (
              <Form method="post">
                <input type="hidden" name="intent" value={user.status === "active" ? "deactivate" : "reactivate"} />
                <button type="submit" className={secondaryButton}>
                  {user.status === "active" ? "Deactivate account" : "Reactivate account"}
                </button>
              </Form>
            ) : null}
            {mayDelete ? (
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <button type="submit" className={`${secondaryButton} text-danger`}>
                  Delete account
                </button>
              </Form>
            ) : null}
            {!mayChangeRole && !mayToggle && !mayDelete ? <p className="text-sm text-muted">Nothing you may change here.</p> : null}
          </div>
        </Section>

        <Section title="Orders" id="orders">
          {user.orders.length === 0 ? (
            <p className="text-muted">No orders</p>
          ) : (
            <ul className="divide-y divide-line">
              {user.orders.map((o) => (
                <li key={o.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <Link to={`/admin/orders/${o.id}`} className="font-semibold underline">
                    {o.number}
                  </Link>
                  <span className="text-sm">
                    {storeDate(o.createdAt)} · <span className="capitalize">{o.status}</span> · {formatCents(o.totalCents)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Reviews" id="reviews">
          {user.reviews.length === 0 ? (
            <p className="text-muted">No reviews</p>
          ) : (
            <ul className="divide-y divide-line">
              {user.reviews.map((r) => (
                <li key={r.id} className="py-2 text-sm">
                  <Link to={`/shop/${r.productSlug}`} className="font-semibold underline">
                    {r.productName}
                  </Link>{" "}
                  · {r.rating} of 5 stars · {storeDate(r.createdAt)}
                  {r.hidden ? " · Hidden" : ""}
                  {r.title ? <span className="block">{r.title}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
