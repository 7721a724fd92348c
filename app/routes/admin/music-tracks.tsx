import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { MusicError, musicText } from "../../../core/music/index.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, Notice, primaryButton, Section } from "../../components/account/page-shell.tsx";
import { AdminHeader } from "../../components/admin/admin-ui.tsx";
import { badForm, readFormWithUpload } from "../../lib/form.server.ts";
import { localizeText } from "../../lib/i18n.server.ts";
import { playlistIdOf } from "../../lib/music-admin.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/music-tracks";
import { noStore } from "../../lib/private-page.ts";
import { editorNotFound, editorRecord } from "../../lib/admin-editor.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Upload a track");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "content", "read");
  const playlist = editorRecord(await context.useCases.music.getPlaylist(playlistIdOf(params)));
  return data({ playlist: { id: playlist.id, title: playlist.title } }, { headers: noStore });
}

type Field = "file" | "title" | "artist" | "form";
type ActionData = { errors: Partial<Record<Field, string>>; values: { title: string; artist: string } };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "content", "update");
  const id = playlistIdOf(params);
  // The form that carries a track: the HTTP layer lets its POST be up to 30 MB plus fields (TRACK_UPLOAD_ROUTES).
  const { fields, file } = await readFormWithUpload(request, "file");
  if (fields.intent !== "upload") return badForm("Unknown action.");
  const values = { title: fields.title ?? "", artist: fields.artist ?? "" };
  const reply = (errors: ActionData["errors"], status: number) => data<ActionData>({ errors, values }, { status, headers: noStore });
  if (!file || file.bytes.length === 0) return reply({ file: localizeText(request, musicText("admin.domain.audioMissing")) }, 400);
  try {
    await context.useCases.music.asAdmin(actor).addTrack(id, { ...values, bytes: file.bytes });
  } catch (error) {
    if (!(error instanceof MusicError)) throw error;
    if (error.code === "music.playlist_not_found") throw editorNotFound();
    const field = (["file", "title", "artist"] as const).find((f) => f === error.field) ?? "form";
    return reply({ [field]: localizeText(request, error) }, error.status);
  }
  return redirect(`/admin/music/${id}?done=added`, { headers: noStore });
}

export default function AdminMusicTracks({ loaderData, actionData }: Route.ComponentProps) {
  const { playlist } = loaderData;
  const result = actionData as ActionData | undefined;
  const errors = result?.errors ?? {};
  const err = (f: Field) =>
    errors[f] ? (
      <p id={`track-${f}-error`} className="mt-1 text-sm text-danger">
        {errors[f]}
      </p>
    ) : null;
  const aria = (f: Field, hint?: string) => ({
    "aria-invalid": errors[f] ? true : undefined,
    "aria-describedby": [hint, errors[f] ? `track-${f}-error` : undefined].filter(Boolean).join(" ") || undefined,
  });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AdminHeader title={`Upload a track: ${playlist.title}`}>
        <p className="mt-1">
          <Link to={`/admin/music/${playlist.id}`} className="underline">
            Back to the playlist
          </Link>
        </p>
      </AdminHeader>
      <Section title="Track" id="upload" className="mt-8">
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="upload" />
          <div>
            <label htmlFor="track-file" className={labelClass}>
              Audio file
            </label>
            <input id="track-file" name="file" type="file" required accept="audio/mpeg,audio/ogg,audio/mp4,.mp3,.ogg,.opus,.m4a" className="block w-full text-sm" {...aria("file", "track-file-hint")} />
            <p id="track-file-hint" className="mt-1 text-xs text-muted">
              MP3, Ogg (Vorbis or Opus) or M4A, at most 30 MB. The format is checked from the file itself, and its length is read from it.
            </p>
            {err("file")}
          </div>
          <div>
            <label htmlFor="track-title" className={labelClass}>
              Title
            </label>
            <input id="track-title" name="title" required maxLength={120} defaultValue={result?.values.title} className={inputClass} {...aria("title")} />
            {err("title")}
          </div>
          <div>
            <label htmlFor="track-artist" className={labelClass}>
              Artist
            </label>
            <input id="track-artist" name="artist" required maxLength={120} defaultValue={result?.values.artist} className={inputClass} {...aria("artist")} />
            {err("artist")}
          </div>
          <div>
            <button type="submit" className={primaryButton}>
              Upload track
            </button>
          </div>
        </Form>
      </Section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
