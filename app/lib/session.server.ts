import { data } from "react-router";
import { isAdminRole } from "../../core/accounts/rules.ts";
import { can, type AdminActor, type AdminAction, type AdminResource } from "../../core/admin/index.ts";
import type { Role } from "../../core/accounts/index.ts";
import type { StoreContext } from "../context.ts";
import { noStore } from "./private-page.ts";

/** Who is asking: decided on the server from the session cookie, never from anything the browser says. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role: Role;
  image: string | null;
}

/**
 * One read of the session per HTTP request and method: every loader of a page (the root's, the route's) and
 * the page view's analytics share it. The context is made once per HTTP request; an action (a POST, which
 * may sign in or out) reads on its own, and the loaders that run after it (a GET) read afresh.
 */
const viewers = new WeakMap<object, Map<string, Promise<Viewer | null>>>();

async function readViewer(request: Request, context: StoreContext): Promise<Viewer | null> {
  if (!request.headers.get("Cookie")?.includes("session_token")) return null;
  const found = await context.auth.api.getSession({ headers: request.headers });
  if (!found) return null;
  const user = found.user as typeof found.user & { role?: Role; active?: boolean; deletedAt?: Date | null };
  if (user.active === false || user.deletedAt) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    role: user.role ?? "customer",
    image: user.image ?? null,
  };
}

/** The signed-in user, or null; read once per request however many loaders ask. */
export function getViewer(request: Request, context: StoreContext): Promise<Viewer | null> {
  const owner: object = context ?? request;
  let byMethod = viewers.get(owner);
  if (!byMethod) viewers.set(owner, (byMethod = new Map()));
  let found = byMethod.get(request.method);
  if (!found) {
    found = readViewer(request, context).then((viewer) => {
      // Analytics learns who is browsing without asking the session again (admins' browsing is left out).
      if (context.visit) context.visit.viewer = viewer ? { id: viewer.id, role: viewer.role } : null;
      return viewer;
    });
    byMethod.set(request.method, found);
  }
  return found;
}

/**
 * The signed-in account's id alone, for the waiting room's pages (a drop's crowd asks for them thousands of
 * times a minute): read without the identity library (server/session-reader.ts), unless a loader of this
 * request read the whole viewer already.
 */
export async function signedInAccountId(request: Request, context: StoreContext): Promise<string | null> {
  const read = viewers.get(context ?? request)?.get(request.method);
  if (read) return (await read)?.id ?? null;
  return (await context.sessionAccount(request.headers.get("Cookie")))?.id ?? null;
}

/** For loaders and actions of sign-in-only pages: the viewer, or a 401 answer with no data. */
export async function requireViewer(request: Request, context: StoreContext): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw data({ access: "signed-out" as const }, { status: 401, headers: noStore });
  return viewer;
}

/** For admin loaders and actions: 401 to guests, 403 to signed-in customers. */
export async function requireAdmin(request: Request, context: StoreContext): Promise<Viewer> {
  const viewer = await requireViewer(request, context);
  if (!isAdminRole(viewer.role)) throw data({ access: "denied" as const }, { status: 403, headers: noStore });
  return viewer;
}

/**
 * For back-office loaders and actions: 401 to guests, 403 to anyone whose role lacks the permission
 * (core/admin/rules.ts). Returns the viewer and the actor that audit rows name (with the client address).
 */
export async function requirePermission(
  request: Request,
  context: StoreContext,
  resource: AdminResource,
  action: AdminAction,
): Promise<{ viewer: Viewer; actor: AdminActor }> {
  const viewer = await requireViewer(request, context);
  if (!can(viewer.role, resource, action)) throw data({ access: "denied" as const }, { status: 403, headers: noStore });
  return { viewer, actor: { id: viewer.id, email: viewer.email, role: viewer.role, clientIp: context.clientIp } };
}
