import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type AdminErrorCode = "admin.user_not_found" | "admin.review_not_found" | "admin.last_super_admin" | "admin.self" | "admin.user_deleted" | "admin.staff_only";

export class AdminError extends errorsOf<AdminErrorCode>({
  "admin.user_not_found": 404,
  "admin.review_not_found": 404,
  "admin.last_super_admin": 409,
  "admin.self": 409,
  "admin.user_deleted": 409,
  "admin.staff_only": 403,
}) {}

/** What the back office's refusals say: texts of the catalogue (texts/messages/<locale>/admin.json), with the values each takes. */
export const adminText = textsOf({
  "admin.domain.accountGone": [],
  "admin.domain.reviewGone": [],
  "admin.domain.lastSuperAdmin": [],
  "admin.domain.notYourOwnAccount": [],
  "admin.domain.accountDeleted": [],
  "admin.domain.superAdminDeactivates": [],
  "admin.domain.superAdminChangesRoles": [],
  "admin.domain.superAdminDeletes": [],
  "admin.domain.refundedInFull": [],
  "admin.domain.refundLineNotOnOrder": [],
  "admin.domain.refundUnitsLeft": ["left", "item"],
  "admin.domain.refundAtMost": ["amount"],
  "admin.domain.refundFormExpired": [],
  "admin.domain.refundedWhenCancelled": [],
  "admin.domain.refundBeforeShipment": [],
  "admin.domain.refundNotFound": [],
  "orders.domain.notFound": [],
});

