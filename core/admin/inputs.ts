import { z } from "zod";
import { adminField as field, ROLE_CHOICES as ROLES } from "./rules.ts";

/** Query strings and forms of the back-office people screens (users, reviews, audit). */

const page = z.coerce.number().int().min(1).max(100_000).catch(1);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined));

export const USER_STATUSES = ["active", "deactivated", "deleted"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const userListQuerySchema = z.object({
  q: optionalText(200),
  role: z.enum(ROLES).optional().catch(undefined),
  page,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const reviewListQuerySchema = z.object({
  visibility: z.enum(["hidden", "visible"]).optional().catch(undefined),
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  product: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
  page,
});
export type AdminReviewQuery = z.infer<typeof reviewListQuerySchema>;

const day = z
  .string()
  .trim()
  .optional()
  .catch(undefined)
  .transform((v) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : undefined));

export const auditQuerySchema = z.object({
  actor: optionalText(200),
  entity: optionalText(50),
  from: day,
  to: day,
  page,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const roleChangeSchema = z.object({
  role: z.enum(ROLES, { message: field("admin.domain.chooseRole") }),
});

export const hideReviewSchema = z.object({
  reason: z.string().trim().min(1, field("admin.domain.hideReasonRequired")).max(500, field("admin.domain.hideReasonTooLong")),
});

export const idSchema = z.string().trim().min(1).max(200);
export const reviewIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
