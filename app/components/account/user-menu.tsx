import type { Viewer } from "../../lib/session.server.ts";

/** Placeholder until the account screens land; replaced by the full menu. */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  return <span className="text-sm">{viewer.email}</span>;
}
