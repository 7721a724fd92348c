import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type LookbookErrorCode = "lookbook.collection_not_found" | "lookbook.look_not_found" | "lookbook.unknown_products" | "lookbook.slug_taken" | "lookbook.collection_featured";

export class LookbookError extends errorsOf<LookbookErrorCode>({
  "lookbook.collection_not_found": 404,
  "lookbook.look_not_found": 404,
  "lookbook.unknown_products": 400,
  "lookbook.slug_taken": 409,
  "lookbook.collection_featured": 409,
}) {}

/** What the lookbook's refusals say: texts of the catalogue (texts/messages/<locale>/admin.json), with the values each takes. */
export const lookbookText = textsOf({
  "admin.domain.collectionGone": [],
  "admin.domain.lookGone": [],
  "admin.domain.collectionSlugTaken": [],
  "admin.domain.collectionFeatured": [],
  "admin.domain.unknownProducts": ["addresses"],
});

export const collectionNotFound = () => new LookbookError("lookbook.collection_not_found", lookbookText("admin.domain.collectionGone"));
export const lookNotFound = () => new LookbookError("lookbook.look_not_found", lookbookText("admin.domain.lookGone"));
export const unknownProducts = (slugs: string[], field: string) =>
  new LookbookError("lookbook.unknown_products", lookbookText("admin.domain.unknownProducts", { addresses: slugs.map((s) => `"${s}"`).join(", ") }), { field, slugs });
