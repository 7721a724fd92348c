import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { z } from "zod";
import { can } from "../../../core/admin/rules.ts";
import { raffleFormSchema } from "../../../core/raffles/index.ts";
import { noStore } from "../../lib/private-page.ts";
import { editorIdOf, editorRecord } from "../../lib/admin-editor.server.ts";
// The page's own constants from the module's database-free rules: its face reaches node-only code.
import { CLAIM_HOURS } from "../../../core/raffles/rules.ts";
import { instantToStoreLocal } from "../../../core/shared/dates.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, Notice, primaryButton, Section } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, ResponsiveTable, rowClass } from "../../components/admin/admin-ui.tsx";
import { Field, placeError } from "../../components/admin/product-form.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { expectDomainError } from "../../lib/domain-errors.server.ts";
import { readForm } from "../../lib/form.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/product-raffle";
import { useDone } from "../../lib/done.ts";
import { fieldWords } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Raffle");
export const ErrorBoundary = AdminErrorBoundary;

const idSchema = z.string().regex(/^\d{1,9}$/).transform(Number);

const STATUS_LABEL = { entered: "Entered", won: "Won, claim open", claimed: "Claimed", expired: "Claim expired", lost: "Not drawn" } as const;

/**
 * A product's raffle in the back office (ADR 0035): its entry window (New York time) and the hours a winner
 * has to buy, saved with an audit row; the units are the variants' stock at the draw. After the draw: the
 * revealed seed and every entry in drawn order with where it stands.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer } = await requirePermission(request, context, "products", "read");
  const productId = editorIdOf(idSchema, params.id);
  const product = editorRecord(await context.useCases.admin.getAdminProduct(productId));
  const found = await context.useCases.raffles.adminRaffleOfProduct(productId);
  const done = new URL(request.url).searchParams.get("done") === "saved";
  return data(
    {
      product: { id: product.id, name: product.name, slug: product.slug, variants: product.variants.map((v) => ({ id: v.id, size: v.size, color: v.color, available: v.available })) },
      raffle: found
        ? {
            ...found.raffle,
            opensAt: found.raffle.opensAt.toISOString(),
            closesAt: found.raffle.closesAt.toISOString(),
            drawnAt: found.raffle.drawnAt?.toISOString() ?? null,
            finishedAt: found.raffle.finishedAt?.toISOString() ?? null,
            opensLocal: instantToStoreLocal(found.raffle.opensAt),
            closesLocal: instantToStoreLocal(found.raffle.closesAt),
          }
        : null,
      entries: (found?.entries ?? []).map((e) => ({ ...e, claimExpiresAt: e.claimExpiresAt?.toISOString() ?? null, createdAt: e.createdAt.toISOString() })),
      mayEdit: can(viewer.role, "products", "update"),
      done,
    },
    { headers: noStore },
  );
}

type ActionResult = { error?: string; fields?: Record<string, string>; values?: Record<string, string> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "products", "update");
  const productId = editorIdOf(idSchema, params.id);
  const fields = await readForm(request);
  const values = { opensAt: fields.opensAt ?? "", closesAt: fields.closesAt ?? "", claimHours: fields.claimHours ?? "" };
  const parsed = raffleFormSchema.safeParse(values);
  if (!parsed.success) return data<ActionResult>({ fields: fieldWords(request, parsed.error), values }, { status: 400, headers: noStore });
  try {
    await context.useCases.raffles.saveRaffle(actor, productId, parsed.data);
  } catch (error) {
    const domain = expectDomainError(error);
    return data<ActionResult>({ ...placeError(domain), values }, { status: domain.status, headers: noStore });
  }
  return redirect(`/admin/products/${productId}/raffle?done=saved`, { headers: noStore });
}

export default function AdminProductRaffle({ loaderData, actionData }: Route.ComponentProps) {
  const { product, raffle, entries, mayEdit, done: loaderDone } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const result = actionData as ActionResult | undefined;
  const values = result?.values ?? { opensAt: raffle?.opensLocal ?? "", closesAt: raffle?.closesLocal ?? "", claimHours: String(raffle?.claimHours ?? CLAIM_HOURS.default) };
  const editable = mayEdit && !raffle?.drawnAt;
  const units = product.variants.reduce((n, v) => n + Math.max(0, v.available), 0);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminHeader title={`Raffle: ${product.name}`}>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          <Link to={`/admin/products/${product.id}`} className="underline">
            Back to the product
          </Link>
          <Link to={`/shop/${product.slug}`} className="underline">
            View in shop
          </Link>
        </p>
      </AdminHeader>
      <div className="mt-4 space-y-4" aria-live="polite">
        {done ? <Notice tone="ok">The raffle was saved.</Notice> : null}
        {result?.error ? <Notice tone="error">{result.error}</Notice> : null}
      </div>
      <Section title="Entry window" id="raffle-window" className="mt-6">
        <p className="text-sm">
          While the raffle is not finished the product cannot be added to a cart, except by a winner through the link in their email.
          The units raffled are the variants&apos; stock when entries close (now {units}).
        </p>
        {raffle ? (
          <p className="mt-2 text-sm">
            Published seed hash (SHA-256): <span className="break-all font-mono text-xs">{raffle.seedHash}</span>
          </p>
        ) : null}
        {raffle?.drawnAt ? (
          <p className="mt-2 text-sm">
            Drawn {storeDateTime(raffle.drawnAt)}
            {raffle.finishedAt ? `, finished ${storeDateTime(raffle.finishedAt)}` : ""}. Seed: <span className="break-all font-mono text-xs">{raffle.seed}</span>
          </p>
        ) : null}
        {editable ? (
          <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3" noValidate>
            <Field id="raffle-opens" label="Entries open (New York time)" error={result?.fields?.opensAt}>
              {(a) => <input {...a} type="datetime-local" step="1" name="opensAt" defaultValue={values.opensAt} required className={inputClass} />}
            </Field>
            <Field id="raffle-closes" label="Entries close and draw (New York time)" error={result?.fields?.closesAt}>
              {(a) => <input {...a} type="datetime-local" step="1" name="closesAt" defaultValue={values.closesAt} required className={inputClass} />}
            </Field>
            <Field id="raffle-hours" label="Hours a winner has to buy" error={result?.fields?.claimHours} hint={`${CLAIM_HOURS.min} to ${CLAIM_HOURS.max}`}>
              {(a) => <input {...a} type="number" inputMode="numeric" min={CLAIM_HOURS.min} max={CLAIM_HOURS.max} name="claimHours" defaultValue={values.claimHours} required className={inputClass} />}
            </Field>
            <div className="sm:col-span-3">
              <button type="submit" className={primaryButton}>
                {raffle ? "Save raffle" : "Create raffle"}
              </button>
            </div>
          </Form>
        ) : raffle ? (
          <p className="mt-2 text-sm">
            Entries {storeDateTime(raffle.opensAt)} to {storeDateTime(raffle.closesAt)}; winners have {raffle.claimHours} hours to buy.
          </p>
        ) : (
          <p className="mt-2 text-sm">No raffle.</p>
        )}
      </Section>
      <Section title={`Entries (${entries.length})`} id="raffle-entries" className="mt-6">
        {entries.length === 0 ? (
          <p className="text-sm text-muted">No entries yet.</p>
        ) : (
          <ResponsiveTable caption="Raffle entries" columns={["Rank", "Code", "Account", "Size", "Status", "Claim until"]}>
            {entries.map((e) => (
              <tr key={e.code} className={rowClass}>
                <Cell label="Rank">{e.rank ?? "—"}</Cell>
                <Cell label="Code">
                  <span className="font-mono">{e.code}</span>
                </Cell>
                <Cell label="Account">{e.email ?? "(deleted)"}</Cell>
                <Cell label="Size">{[e.size, e.color].filter(Boolean).join(" / ") || "—"}</Cell>
                <Cell label="Status">{STATUS_LABEL[e.status]}</Cell>
                <Cell label="Claim until">{e.claimExpiresAt ? storeDateTime(e.claimExpiresAt) : "—"}</Cell>
              </tr>
            ))}
          </ResponsiveTable>
        )}
      </Section>
    </div>
  );
}
