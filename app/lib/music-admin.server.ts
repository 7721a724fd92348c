import { idInput } from "../../core/music/inputs.ts";
import { editorIdOf } from "./admin-editor.server.ts";

/** The playlist id of the address, or a 404. */
export function playlistIdOf(params: { id?: string }): number {
  return editorIdOf(idInput, params.id);
}
