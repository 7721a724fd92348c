// The media module's face: product photographs (upload, resize, store, order) and the uploaded pictures of the
// culture pages (stories, looks, events, playlist covers). Other code imports it from
// here only (rules.ts and inputs.ts, free of the database and of Node, may also be imported by browser-bound UI code).
export { addProductImage, makeImageFirst, removeProductImage, type MediaAuditEntry, type MediaChange, type MediaDeps } from "./commands.ts";
export { MediaError, mediaText, type MediaErrorCode } from "./errors.ts";
export { addImageInput, imageActionInput, productIdInput, type AddImageInput, type ImageActionInput } from "./inputs.ts";
export {
  deleteMediaFiles,
  PICTURE_FIELD,
  PICTURE_KEY_PREFIX,
  pictureById,
  storeImage,
  withPicture,
  type PictureChange,
  type PictureStep,
  type StoredImage,
} from "./pictures.ts";
export { processImage, sniffFormat, type ProcessedImage, type ResizedFile } from "./process.ts";
export { getProductForImages, imagesByProduct, listProductImages, productColors, type ProductForImages } from "./queries.ts";
export {
  colorLabel,
  firstPerColor,
  imageForColor,
  imageView,
  isMediaFileName,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  MEDIA_CONTENT_TYPES,
  MEDIA_FORMATS,
  MEDIA_URL_PREFIX,
  MEDIA_WIDTHS,
  mediaFileName,
  mediaFileNames,
  mediaUrl,
  pictureView,
  widthsFor,
  type MediaFormat,
  type ProductImageRecord,
  type PictureView,
  type ProductImageView,
  type StoredImageRecord,
} from "./rules.ts";
export { BadMediaName, createLocalMediaStore, type MediaStore, type StoredFile } from "./storage.ts";
