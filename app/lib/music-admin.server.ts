import { idInput } from "../../core/music/inputs.ts";
import { recordAudit, type AdminActor } from "../../core/admin/index.ts";
import type { MusicDeps } from "../../core/music/index.ts";
import type { StoreContext } from "../context.ts";
import { editorIdOf } from "./admin-editor.server.ts";

/** What the music commands run with for this administrator: every write audited in its own transaction. */
export function musicDeps(context: StoreContext, actor: AdminActor): MusicDeps {
  return {
    db: context.db,
    store: context.audio,
    audit: (tx, entry) => recordAudit(tx, actor, entry),
    onError: (err, what) => context.log.error({ err }, what),
  };
}

/** The playlist id of the address, or a 404. */
export function playlistIdOf(params: { id?: string }): number {
  return editorIdOf(idInput, params.id);
}
