import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { MediaError, mediaText } from "../../../core/media/index.ts";
import { productIdInput } from "../../../core/media/inputs.ts";
import { colorLabel, MEDIA_WIDTHS } from "../../../core/media/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, Notice, primaryButton, secondaryButton, Section } from "../../components/account/page-shell.tsx";
import { AdminHeader, ConfirmStep, selectClass } from "../../components/admin/admin-ui.tsx";
import { ProductPicture } from "../../components/product/product-picture.tsx";
import { badForm, readFormWithUpload } from "../../lib/form.server.ts";
import { localizeText } from "../../lib/i18n.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/product-images";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { editorIdOf, editorNotFound, editorRecord } from "../../lib/admin-editor.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Product photos");

const DONE = {
  added: "The photo was added.",
  removed: "The photo was removed.",
  first: "The photo is now the first.",
} as const;
type Done = keyof typeof DONE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "products", "update");
  const product = editorRecord(await context.useCases.media.getProductForImages(editorIdOf(productIdInput, params.id)));
  const done = new URL(request.url).searchParams.get("done");
  return data({ product, done: done && Object.hasOwn(DONE, done) ? (done as Done) : null }, { headers: noStore });
}

/** Field names of the upload form; an error names the field it belongs next to ("form": above the form). */
type UploadErrors = Partial<Record<"file" | "color" | "alt" | "form", string>>;

type ActionData =
  | { intent: "upload"; errors: UploadErrors; values: { color: string; alt: string } }
  | { intent: "confirm-remove"; imageId: number }
  | { intent: "remove" | "first"; error: string };

const UPLOAD_FIELDS = new Set(["file", "color", "alt"]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "products", "update");
  const productId = editorIdOf(productIdInput, params.id);
  // The one form of the store that carries a photo: the HTTP layer lets its POST be up to 10 MB plus fields.
  const { fields, file } = await readFormWithUpload(request, "file");
  const reply = (body: ActionData, status = 200) => data(body, { status, headers: noStore });
  const done = (what: Done) => redirect(`/admin/products/${productId}/images?done=${what}`, { headers: noStore });
  const media = context.useCases.media.asAdmin(actor);

  switch (fields.intent) {
    case "upload": {
      const values = { color: fields.color ?? "", alt: fields.alt ?? "" };
      if (!file || file.bytes.length === 0) return reply({ intent: "upload", errors: { file: localizeText(request, mediaText("admin.domain.photoMissing")) }, values }, 400);
      try {
        await media.addProductImage({ productId, color: values.color, alt: values.alt, expectedVersion: fields.version ?? "", bytes: file.bytes });
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        if (error.code === "media.product_not_found") throw editorNotFound();
        const field = UPLOAD_FIELDS.has(error.field) ? (error.field as keyof UploadErrors) : "form";
        return reply({ intent: "upload", errors: { [field]: localizeText(request, error) }, values }, error.status);
      }
      return done("added");
    }
    case "remove":
    case "first": {
      const intent = fields.intent;
      const input = { productId, imageId: fields.imageId ?? "", expectedVersion: fields.version ?? "" };
      // Removing asks first: the confirm form sends the same fields again with confirmed=yes.
      if (intent === "remove" && fields.confirmed !== "yes") {
        const imageId = productIdInput.safeParse(fields.imageId);
        const product = editorRecord(await context.useCases.media.getProductForImages(productId));
        if (!imageId.success || !product.images.some((i) => i.id === imageId.data)) return reply({ intent, error: localizeText(request, mediaText("admin.domain.photoGone")) }, imageId.success ? 404 : 400);
        return reply({ intent: "confirm-remove", imageId: imageId.data });
      }
      try {
        if (intent === "remove") await media.removeProductImage(input);
        else await media.makeImageFirst(input);
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        if (error.code === "media.product_not_found") throw editorNotFound();
        return reply({ intent, error: localizeText(request, error) }, error.status);
      }
      return done(intent === "remove" ? "removed" : "first");
    }
    default:
      return badForm("Unknown action.");
  }
}

export default function AdminProductImages({ loaderData, actionData }: Route.ComponentProps) {
  const { product, done: loaderDone } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const result = actionData as ActionData | undefined;
  const here = `/admin/products/${product.id}/images`;
  const confirming = result?.intent === "confirm-remove" ? product.images.find((i) => i.id === result.imageId) : undefined;
  const rowError = result && (result.intent === "remove" || result.intent === "first") ? result.error : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminHeader title={product.name}>
        <p className="mt-1">
          <Link to={`/admin/products/${product.id}`} className="underline">
            Back to product
          </Link>
        </p>
      </AdminHeader>
      <div className="mt-6 space-y-4" aria-live="polite">
        {done ? <Notice tone="ok">{DONE[done]}</Notice> : null}
        {rowError ? <Notice tone="error">{rowError}</Notice> : null}
        {confirming ? (
          <ConfirmStep
            question={`Remove the photo "${confirming.alt}" (${colorLabel(confirming.color)})? Its files are deleted; this cannot be undone.`}
            fields={{ intent: "remove", imageId: String(confirming.id), version: String(product.version) }}
            confirmLabel="Yes, remove the photo"
            cancelTo={here}
          />
        ) : null}
      </div>

      <Section title="Photos" id="photos" className="mt-8">
        <p className="text-sm text-muted">
          The first photo for a colour is shown when a shopper picks that colour; a photo for all colours is shown for every colour that has none of
          its own. Without photos the shop shows the drawn artwork.
        </p>
        {product.images.length === 0 ? (
          <p className="mt-4 text-muted">No photos yet.</p>
        ) : (
          <ol className="mt-4 divide-y divide-line" aria-label="Photos in the order shown">
            {product.images.map((image, i) => (
              <li key={image.id} className="flex flex-wrap items-center gap-4 py-4" data-testid="product-image">
                <ProductPicture image={image} artSrc="" alt={image.alt} sizes="96px" artSize={96} className="h-24 w-24 shrink-0 rounded border border-line bg-paper object-cover" />
                <div className="min-w-48 flex-1">
                  <p className="font-semibold">
                    {i + 1}. {colorLabel(image.color)}
                  </p>
                  <p className="text-sm break-words">{image.alt}</p>
                  <p className="text-xs text-muted">
                    {image.width} × {image.height} px
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {i > 0 ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="first" />
                      <input type="hidden" name="imageId" value={image.id} />
                      <input type="hidden" name="version" value={product.version} />
                      <button type="submit" className={secondaryButton} aria-label={`Make photo ${i + 1} (${image.alt}) the first`}>
                        Make first
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="imageId" value={image.id} />
                    <input type="hidden" name="version" value={product.version} />
                    <button type="submit" className={`${secondaryButton} text-danger`} aria-label={`Remove photo ${i + 1} (${image.alt})`}>
                      Remove
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <UploadForm productVersion={product.version} colors={product.colors} result={result?.intent === "upload" ? result : undefined} />
    </div>
  );
}

function UploadForm({ productVersion, colors, result }: { productVersion: number; colors: string[]; result: Extract<ActionData, { intent: "upload" }> | undefined }) {
  const errors = result?.errors ?? {};
  const describedBy = (field: keyof UploadErrors, hint?: string) => [hint, errors[field] ? `upload-${field}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: keyof UploadErrors) =>
    errors[field] ? (
      <p id={`upload-${field}-error`} className="mt-1 text-sm text-danger">
        {errors[field]}
      </p>
    ) : null;
  return (
    <Section title="Upload a photo" id="upload" className="mt-8">
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="version" value={productVersion} />
        <div className="sm:col-span-2">
          <label htmlFor="upload-file" className={labelClass}>
            Photo
          </label>
          <input
            id="upload-file"
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={describedBy("file", "upload-file-hint")}
            className="block w-full text-sm"
          />
          <p id="upload-file-hint" className="mt-1 text-xs text-muted">
            JPEG, PNG or WebP, at most 10 MB. It is resized to {MEDIA_WIDTHS.join(", ")} px wide (never wider than the original).
          </p>
          {fieldError("file")}
        </div>
        <div>
          <label htmlFor="upload-color" className={labelClass}>
            Colour
          </label>
          <select
            id="upload-color"
            name="color"
            defaultValue={result?.values.color ?? ""}
            aria-invalid={errors.color ? true : undefined}
            aria-describedby={describedBy("color")}
            className={selectClass}
          >
            <option value="">All colours</option>
            {colors.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {fieldError("color")}
        </div>
        <div>
          <label htmlFor="upload-alt" className={labelClass}>
            Description (alt text)
          </label>
          <input
            id="upload-alt"
            name="alt"
            type="text"
            required
            maxLength={200}
            defaultValue={result?.values.alt ?? ""}
            aria-invalid={errors.alt ? true : undefined}
            aria-describedby={describedBy("alt", "upload-alt-hint")}
            className={inputClass}
          />
          <p id="upload-alt-hint" className="mt-1 text-xs text-muted">
            What the photo shows, for people who cannot see it.
          </p>
          {fieldError("alt")}
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className={primaryButton}>
            Upload photo
          </button>
        </div>
      </Form>
    </Section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
