import { errorsOf } from "../shared/errors.ts";

export type LookbookErrorCode = "lookbook.collection_not_found" | "lookbook.look_not_found" | "lookbook.unknown_products" | "lookbook.slug_taken" | "lookbook.collection_featured";

export class LookbookError extends errorsOf<LookbookErrorCode>({
  "lookbook.collection_not_found": 404,
  "lookbook.look_not_found": 404,
  "lookbook.unknown_products": 400,
  "lookbook.slug_taken": 409,
  "lookbook.collection_featured": 409,
}) {}

export const LOOKBOOK_MESSAGES = {
  collectionNotFound: "This collection does not exist.",
  lookNotFound: "This look does not exist.",
  slugTaken: "Another collection already uses this address.",
  deleteFeatured: "This is the featured collection: feature another one before deleting it.",
} as const;

export const collectionNotFound = () => new LookbookError("lookbook.collection_not_found", LOOKBOOK_MESSAGES.collectionNotFound);
export const lookNotFound = () => new LookbookError("lookbook.look_not_found", LOOKBOOK_MESSAGES.lookNotFound);
export const unknownProducts = (slugs: string[], field: string) =>
  new LookbookError("lookbook.unknown_products", `No product has the address ${slugs.map((s) => `"${s}"`).join(", ")}.`, { field, slugs });
