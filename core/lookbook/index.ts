// The lookbook module's face (collection pages, looks and the back office's collection writes): other code
// imports it from here only (rules.ts and inputs.ts, free of the database, may also be imported by browser-bound UI code).
export { clampPercent, parseSlugList } from "./rules.ts";
export { collectionFormSchema, collectionSlugSchema, hotspotFormSchema, lookbookIdSchema, lookFormSchema, type CollectionForm, type HotspotForm, type LookForm } from "./inputs.ts";
export {
  collectionName,
  getAdminCollection,
  getCollectionPage,
  getLookbook,
  listAdminCollections,
  listProductChoices,
  type AdminCollection,
  type CollectionInfo,
  type CollectionPage,
  type LookView,
} from "./queries.ts";
export { addHotspot, addLook, createCollection, deleteCollection, removeHotspot, removeLook, updateCollection, updateLook } from "./commands.ts";
export { collectionNotFound, LookbookError, lookNotFound, type LookbookErrorCode } from "./errors.ts";
