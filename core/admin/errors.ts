import { errorsOf } from "../shared/errors.ts";

export type AdminErrorCode = "admin.user_not_found" | "admin.review_not_found" | "admin.last_super_admin" | "admin.self" | "admin.user_deleted" | "admin.staff_only";

export class AdminError extends errorsOf<AdminErrorCode>({
  "admin.user_not_found": 404,
  "admin.review_not_found": 404,
  "admin.last_super_admin": 409,
  "admin.self": 409,
  "admin.user_deleted": 409,
  "admin.staff_only": 403,
}) {}

export const ADMIN_MESSAGES = {
  userNotFound: "This account no longer exists.",
  reviewNotFound: "This review no longer exists.",
  lastSuperAdmin: "The store must keep at least one active super admin.",
  self: "You cannot deactivate or delete your own account here.",
  userDeleted: "This account has been deleted; it cannot be changed.",
  staffOnly: "Only a super admin can deactivate or reactivate an administrator.",
} as const;
