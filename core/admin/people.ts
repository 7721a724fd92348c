import { and, asc, count, desc, eq, ilike, inArray, isNull, max, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, products, reviews, sessions, users, type Role } from "../../db/schema/index.ts";
import { retireAccount } from "../accounts/index.ts";
import { orderNumberLabel, PAID_STATUSES } from "../orders/index.ts";
import { recordAudit, type AdminActor } from "./commands.ts";
import { adminText, AdminError } from "./errors.ts";
import type { UserListQuery, UserStatus } from "./inputs.ts";
import { ADMIN_PAGE_SIZE } from "./queries.ts";
import { can, permissionsOf } from "./rules.ts";
import { escapeLike, pageWindow } from "../shared/paging.ts";

/** The admin user (SPEC section 3): the account, its standing and what it has bought. */
export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  joinDate: Date;
  lastLogin: Date | null;
  orderCount: number;
  totalSpentCents: number;
  lastOrderDate: Date | null;
}

export function userStatus(user: { active: boolean; deletedAt: Date | null }): UserStatus {
  if (user.deletedAt) return "deleted";
  return user.active ? "active" : "deactivated";
}

/** Orders per user: how many, what the paid ones (not refunded) came to, and the newest. */
function orderFigures(db: Db) {
  return db
    .select({
      userId: orders.userId,
      orderCount: count().as("order_count"),
      totalSpentCents:
        sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${inArray(orders.status, [...PAID_STATUSES])} and ${orders.refundedAt} is null), 0)`
          .mapWith(Number)
          .as("total_spent_cents"),
      lastOrderDate: max(orders.createdAt).as("last_order_date"),
    })
    .from(orders)
    .groupBy(orders.userId)
    .as("figures");
}

/** An account's columns and its order figures, as both the list and the detail read them. */
function accountColumns(figures: ReturnType<typeof orderFigures>) {
  return {
    id: users.id,
    email: users.email,
    name: users.name,
    role: users.role,
    active: users.active,
    deletedAt: users.deletedAt,
    createdAt: users.createdAt,
    lastLoginAt: users.lastLoginAt,
    orderCount: figures.orderCount,
    totalSpentCents: figures.totalSpentCents,
    lastOrderDate: figures.lastOrderDate,
  };
}

/** An account as accountColumns reads it (the order figures are null for an account without orders). */
interface AccountRecord {
  id: string;
  email: string;
  name: string;
  role: AdminUserRow["role"];
  active: boolean;
  deletedAt: Date | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  orderCount: number | null;
  totalSpentCents: number | null;
  lastOrderDate: Date | string | null;
}

/** What the screens show of an account read with accountColumns. */
function toAdminUserRow(r: AccountRecord): AdminUserRow {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    status: userStatus(r),
    joinDate: r.createdAt,
    lastLogin: r.lastLoginAt,
    orderCount: Number(r.orderCount ?? 0),
    totalSpentCents: Number(r.totalSpentCents ?? 0),
    lastOrderDate: r.lastOrderDate ? new Date(r.lastOrderDate) : null,
  };
}

/** Accounts, newest first, searched by email or name and filtered by role, 20 to a page. */
export async function listUsers(db: Db, query: Partial<UserListQuery> = {}): Promise<{ rows: AdminUserRow[]; total: number; page: number; pages: number }> {
  const term = query.q ? `%${escapeLike(query.q)}%` : undefined;
  const where = and(term ? or(ilike(users.email, term), ilike(users.name, term)) : undefined, query.role ? eq(users.role, query.role) : undefined);
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  const total = Number(counted?.n ?? 0);
  const { page, pages, offset } = pageWindow(total, query.page, ADMIN_PAGE_SIZE);
  const figures = orderFigures(db);
  const rows = await db
    .select(accountColumns(figures))
    .from(users)
    .leftJoin(figures, eq(figures.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset);
  return {
    rows: rows.map(toAdminUserRow),
    total,
    page,
    pages,
  };
}

export interface AdminUserDetail extends AdminUserRow {
  permissions: ReturnType<typeof permissionsOf>;
  orders: { id: string; number: string; status: string; totalCents: number; createdAt: Date }[];
  reviews: { id: number; productName: string; productSlug: string; rating: number; title: string; hidden: boolean; createdAt: Date }[];
}

/** One account with its orders (newest first) and its reviews, or null. */
export async function getUserDetail(db: Db, userId: string): Promise<AdminUserDetail | null> {
  const figures = orderFigures(db);
  const [row] = await db
    .select(accountColumns(figures))
    .from(users)
    .leftJoin(figures, eq(figures.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const ownOrders = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, totalCents: orders.totalCents, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(100);
  const ownReviews = await db
    .select({ id: reviews.id, productName: products.name, productSlug: products.slug, rating: reviews.rating, title: reviews.title, hidden: reviews.hidden, createdAt: reviews.createdAt })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt))
    .limit(100);
  return {
    ...toAdminUserRow(row),
    permissions: permissionsOf(row.role),
    orders: ownOrders.map((o) => ({ ...o, number: orderNumberLabel(o.number) })),
    reviews: ownReviews,
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Serialises every change that could leave the store without an active super_admin (demotion,
 * deactivation, deletion), then reads the target under that lock. Two demotions of the last two
 * super_admins run one after the other, and the second sees the first.
 */
async function lockTarget(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin.active_super_admins'))`);
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!target) throw new AdminError("admin.user_not_found", adminText("admin.domain.accountGone"));
  return target;
}

const isActiveSuperAdmin = (user: { role: Role; active: boolean; deletedAt: Date | null }) => user.role === "super_admin" && user.active && !user.deletedAt;

async function refuseLastSuperAdmin(tx: Tx, target: { id: string; role: Role; active: boolean; deletedAt: Date | null }) {
  if (!isActiveSuperAdmin(target)) return;
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "super_admin"), eq(users.active, true), isNull(users.deletedAt)));
  if (Number(row?.n ?? 0) <= 1) throw new AdminError("admin.last_super_admin", adminText("admin.domain.lastSuperAdmin"));
}

const snapshot = (u: { role: Role; active: boolean; deletedAt: Date | null }) => ({ role: u.role, status: userStatus(u) });

/** super_admin only (resource "roles"): sets an account's role, never removing the last active super_admin. */
export async function changeUserRole(db: Db, actor: AdminActor, userId: string, role: Role): Promise<{ changed: boolean }> {
  if (!can(actor.role, "roles", "update")) throw new AdminError("admin.staff_only", adminText("admin.domain.superAdminChangesRoles"));
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    if (target.deletedAt) throw new AdminError("admin.user_deleted", adminText("admin.domain.accountDeleted"));
    if (target.role === role) return { changed: false };
    if (role !== "super_admin") await refuseLastSuperAdmin(tx, target);
    const at = new Date();
    await tx.update(users).set({ role, updatedAt: at }).where(eq(users.id, userId));
    await recordAudit(tx, actor, { entity: "user", entityId: userId, action: "role_change", before: { role: target.role }, after: { role } });
    return { changed: true };
  });
}

/**
 * Deactivates (active false) or reactivates an account ("users" update). A deactivated account's sessions
 * end in the same transaction, and it cannot sign in. Nobody deactivates themselves or the last active
 * super_admin; administrators' accounts are a super_admin's to change.
 */
export async function setUserActive(db: Db, actor: AdminActor, userId: string, active: boolean): Promise<{ changed: boolean }> {
  if (!active && actor.id === userId) throw new AdminError("admin.self", adminText("admin.domain.notYourOwnAccount"));
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    if (target.deletedAt) throw new AdminError("admin.user_deleted", adminText("admin.domain.accountDeleted"));
    if (target.role !== "customer" && actor.role !== "super_admin") throw new AdminError("admin.staff_only", adminText("admin.domain.superAdminDeactivates"));
    if (target.active === active) return { changed: false };
    if (!active) await refuseLastSuperAdmin(tx, target);
    await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, userId));
    if (!active) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: userId,
      action: active ? "reactivate" : "deactivate",
      before: snapshot(target),
      after: snapshot({ ...target, active }),
    });
    return { changed: true };
  });
}

/** Soft delete (SPEC: deletedAt set, active false), super_admin only ("users" delete): the same as the shopper's own (retireAccount), audited. */
export async function deleteUserAsAdmin(db: Db, actor: AdminActor, userId: string): Promise<{ changed: boolean }> {
  if (!can(actor.role, "users", "delete")) throw new AdminError("admin.staff_only", adminText("admin.domain.superAdminDeletes"));
  if (actor.id === userId) throw new AdminError("admin.self", adminText("admin.domain.notYourOwnAccount"));
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    if (target.deletedAt) return { changed: false };
    await refuseLastSuperAdmin(tx, target);
    const at = new Date();
    await retireAccount(tx, userId, at);
    await recordAudit(tx, actor, { entity: "user", entityId: userId, action: "delete", before: snapshot(target), after: snapshot({ ...target, active: false, deletedAt: at }) });
    return { changed: true };
  });
}
