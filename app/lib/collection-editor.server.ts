import { data, redirect } from "react-router";
import { collectionFormSchema, hotspotFormSchema, lookbookIdSchema, lookFormSchema } from "../../core/lookbook/index.ts";
import type { StoreContext } from "../context.ts";
import { placeError } from "../components/admin/product-form.tsx";
import { domainErrorReply } from "./domain-errors.server.ts";
import { readFormWithUpload } from "./form.server.ts";
import { confirmed, pictureChange, pictureStore } from "./pictures.server.ts";
import { requirePermission } from "./session.server.ts";
import { noStore } from "./private-page.ts";
import { editorIdOrNewOf } from "./admin-editor.server.ts";
import { fieldWords, localizeText } from "./i18n.server.ts";

export type ActionResult = { intent: string; lookId?: string; error?: string; fields?: Record<string, string>; values: Record<string, string> };

/**
 * The collection editor's forms (intent "save", the looks' and the hotspots' intents, "delete-collection"),
 * for the collection named in the URL ("new": only its first save).
 */
export async function collectionEditorAction(request: Request, context: StoreContext, idParam: string | undefined) {
  // Who may write is settled before anything of the request is read.
  const { actor } = await requirePermission(request, context, "content", idParam === "new" ? "create" : "update");
  const id = editorIdOrNewOf(lookbookIdSchema, idParam, { bare: true });
  // A look's form carries an optional photo (the HTTP layer lets this page's POST be up to 10 MB and its fields).
  const { fields, file } = await readFormWithUpload(request, "photo", { multiline: ["description", "products", "caption", "descriptionEs", "captionEs"] });
  const intent = fields.intent ?? "save";
  // Deleting takes the delete permission and the confirm step's second click.
  if (intent === "remove-look" || intent === "delete-collection") {
    await requirePermission(request, context, "content", "delete");
    if (!confirmed(fields)) return data<ActionResult>({ intent, error: "Confirm the delete with its button.", values: {} }, { status: 400, headers: noStore });
  }
  const fail = (body: Omit<ActionResult, "intent" | "values">, status = 400) =>
    data<ActionResult>({ intent, ...(fields.lookId ? { lookId: fields.lookId } : {}), ...body, values: fields }, { status, headers: noStore });
  const lookId = lookbookIdSchema.safeParse(fields.lookId);
  try {
    if (intent === "save") {
      const parsed = collectionFormSchema.safeParse(fields);
      if (!parsed.success) return fail({ fields: fieldWords(request, parsed.error) });
      if (id === "new") {
        const created = await context.useCases.lookbook.createCollection(actor, parsed.data);
        return redirect(`/admin/collections/${created.id}?done=created`, { headers: noStore });
      }
      await context.useCases.lookbook.updateCollection(actor, id, parsed.data);
    } else if (id === "new") {
      return fail({ error: "Create the collection first." });
    } else if (intent === "add-look" || intent === "update-look") {
      const parsed = lookFormSchema.safeParse(fields);
      if (!parsed.success) return fail({ fields: fieldWords(request, parsed.error) });
      const picture = pictureChange(context, fields, file);
      if (intent === "add-look") await context.useCases.lookbook.addLook(actor, id, parsed.data, picture);
      else if (lookId.success) await context.useCases.lookbook.updateLook(actor, id, lookId.data, parsed.data, picture);
      else return fail({ error: "Choose a look." });
    } else if (intent === "remove-look" && lookId.success) {
      await context.useCases.lookbook.removeLook(actor, id, lookId.data, pictureStore(context));
    } else if (intent === "delete-collection") {
      await context.useCases.lookbook.deleteCollection(actor, id, pictureStore(context));
      return redirect("/admin/collections?done=deleted", { headers: noStore });
    } else if (intent === "add-hotspot" && lookId.success) {
      const parsed = hotspotFormSchema.safeParse(fields);
      if (!parsed.success) return fail({ fields: fieldWords(request, parsed.error) });
      await context.useCases.lookbook.addHotspot(actor, id, lookId.data, parsed.data);
    } else if (intent === "remove-hotspot" && lookId.success) {
      const hotspotId = lookbookIdSchema.safeParse(fields.hotspotId);
      if (!hotspotId.success) return fail({ error: "Choose a hotspot." });
      await context.useCases.lookbook.removeHotspot(actor, id, lookId.data, hotspotId.data);
    } else {
      return fail({ error: "Unknown action." });
    }
  } catch (error) {
    return domainErrorReply<ActionResult>(error, (e) => ({ intent, ...(fields.lookId ? { lookId: fields.lookId } : {}), ...placeError(e, localizeText(request, e)), values: fields }), { headers: noStore });
  }
  return redirect(`/admin/collections/${id}?done=${intent}`, { headers: noStore });
}
