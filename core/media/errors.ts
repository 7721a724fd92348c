import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type MediaErrorCode =
  | "media.product_not_found"
  | "media.image_not_found"
  | "media.stale_version"
  | "media.invalid_color"
  | "media.invalid_input"
  | "media.unsupported_type"
  | "media.too_large"
  | "media.too_many_pixels"
  | "media.unreadable";

export class MediaError extends errorsOf<MediaErrorCode>({
  "media.product_not_found": 404,
  "media.image_not_found": 404,
  "media.stale_version": 409,
  "media.invalid_color": 400,
  "media.invalid_input": 400,
  "media.unsupported_type": 415,
  "media.too_large": 413,
  "media.too_many_pixels": 422,
  "media.unreadable": 422,
}) {
  /** The form field the error belongs next to ("file", "color"...), or "form" for the whole form. */
  get field(): string {
    return typeof this.details.field === "string" ? this.details.field : "form";
  }
}

/** What the photos' refusals say: texts of the catalogue (texts/messages/<locale>/admin.json). */
export const mediaText = textsOf({
  "admin.domain.productGone": [],
  "admin.domain.photoGone": [],
  "admin.domain.productChanged": [],
  "admin.domain.photoColor": [],
  "admin.domain.photoMissing": [],
  "admin.domain.photoType": [],
  "admin.domain.photoTooLarge": [],
  "admin.domain.photoTooManyPixels": [],
  "admin.domain.photoUnreadable": [],
});

export const productNotFound = (productId: number) => new MediaError("media.product_not_found", mediaText("admin.domain.productGone"), { productId });
export const imageNotFound = (imageId: number) => new MediaError("media.image_not_found", mediaText("admin.domain.photoGone"), { imageId });
export const staleVersion = (productId: number, expected: number, current: number) =>
  new MediaError("media.stale_version", mediaText("admin.domain.productChanged"), { productId, expected, current, field: "form" });
