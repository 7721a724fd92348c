import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { idInput, MusicError, musicText } from "../../../core/music/index.ts";
import { MediaError } from "../../../core/media/index.ts";
import { formatClock, formatLength, trackCount } from "../../../core/music/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { Notice, secondaryButton, Section } from "../../components/account/page-shell.tsx";
import { AdminHeader, ConfirmStep } from "../../components/admin/admin-ui.tsx";
import { PlaylistForm, playlistFieldOf, playlistValuesOf, type PlaylistFormErrors, type PlaylistFormValues } from "../../components/admin/playlist-form.tsx";
import { badForm, readFormWithUpload } from "../../lib/form.server.ts";
import { localizeText } from "../../lib/i18n.server.ts";
import { confirmed, pictureChange, pictureStore } from "../../lib/pictures.server.ts";
import { DeleteConfirm } from "../../components/admin/photo-fields.tsx";
import { playlistIdOf } from "../../lib/music-admin.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/music-playlist";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { editorNotFound, editorRecord } from "../../lib/admin-editor.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Playlist");

const DONE = {
  created: "The playlist was created. Upload its tracks below.",
  saved: "The playlist was saved.",
  added: "The track was added.",
  moved: "The track was moved.",
  removed: "The track was removed.",
} as const;
type Done = keyof typeof DONE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "content", "read");
  const playlist = editorRecord(await context.useCases.music.getPlaylist(playlistIdOf(params)));
  const done = new URL(request.url).searchParams.get("done");
  return data({ playlist, done: done && Object.hasOwn(DONE, done) ? (done as Done) : null }, { headers: noStore });
}

type ActionData =
  | { intent: "update"; values: PlaylistFormValues; errors: PlaylistFormErrors }
  | { intent: "confirm-remove"; trackId: number }
  | { intent: "track"; error: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "content", "update");
  const id = playlistIdOf(params);
  // The details form carries an optional cover photo (the HTTP layer lets this page's POST be up to 10 MB and its fields).
  const { fields, file } = await readFormWithUpload(request, "photo", { multiline: ["description", "descriptionEs"] });
  const music = context.useCases.music.asAdmin(actor);
  const reply = (body: ActionData, status = 200) => data(body, { status, headers: noStore });
  const done = (what: Done) => redirect(`/admin/music/${id}?done=${what}`, { headers: noStore });
  try {
    switch (fields.intent) {
      case "update": {
        const values = playlistValuesOf(fields);
        try {
          await music.updatePlaylist(id, values, pictureChange(context, fields, file));
        } catch (error) {
          if (error instanceof MusicError && error.code !== "music.playlist_not_found") {
            return reply({ intent: "update", values, errors: { [playlistFieldOf(error.field)]: localizeText(request, error) } }, error.status);
          }
          if (error instanceof MediaError) return reply({ intent: "update", values, errors: { [playlistFieldOf(error.field)]: localizeText(request, error) } }, error.status);
          throw error;
        }
        return done("saved");
      }
      case "delete": {
        await requirePermission(request, context, "content", "delete");
        if (!confirmed(fields)) return reply({ intent: "track", error: "Confirm the delete with its button." }, 400);
        await music.deletePlaylist(id, pictureStore(context));
        return redirect("/admin/music?done=deleted", { headers: noStore });
      }
      case "move":
        await music.moveTrack(id, { trackId: fields.trackId, direction: fields.direction });
        return done("moved");
      case "remove": {
        if (fields.confirmed !== "yes") {
          const trackId = idInput.safeParse(fields.trackId);
          const playlist = await context.useCases.music.getPlaylist(id);
          if (!playlist) throw editorNotFound();
          if (!trackId.success || !playlist.tracks.some((t) => t.id === trackId.data)) return reply({ intent: "track", error: localizeText(request, musicText("admin.domain.trackGone")) }, 404);
          return reply({ intent: "confirm-remove", trackId: trackId.data });
        }
        await music.removeTrack(id, fields.trackId);
        return done("removed");
      }
      default:
        return badForm("Unknown action.");
    }
  } catch (error) {
    if (!(error instanceof MusicError)) throw error;
    if (error.code === "music.playlist_not_found") throw editorNotFound();
    return reply({ intent: "track", error: localizeText(request, error) }, error.status);
  }
}

export default function AdminMusicPlaylist({ loaderData, actionData }: Route.ComponentProps) {
  const { playlist, done: loaderDone } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const result = actionData as ActionData | undefined;
  const here = `/admin/music/${playlist.id}`;
  const confirming = result?.intent === "confirm-remove" ? playlist.tracks.find((t) => t.id === result.trackId) : undefined;
  const values: PlaylistFormValues =
    result?.intent === "update"
      ? result.values
      : {
          title: playlist.title,
          slug: playlist.slug,
          label: playlist.label,
          description: playlist.description,
          coverSrc: playlist.coverSrc,
          coverAlt: playlist.cover.alt,
          featured: playlist.featured,
          titleEs: playlist.spanish.title ?? "",
          labelEs: playlist.spanish.label ?? "",
          descriptionEs: playlist.spanish.description ?? "",
          coverAltEs: playlist.spanish.coverAlt ?? "",
        };
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminHeader title={playlist.title}>
        <p className="mt-1">
          <Link to="/admin/music" className="underline">
            All playlists
          </Link>{" "}
          · {trackCount(playlist.trackCount)} · {formatLength(playlist.durationMs)}
        </p>
      </AdminHeader>
      <div className="mt-6 space-y-4" aria-live="polite">
        {done ? <Notice tone="ok">{DONE[done]}</Notice> : null}
        {result?.intent === "track" ? <Notice tone="error">{result.error}</Notice> : null}
        {confirming ? (
          <ConfirmStep
            question={`Remove "${confirming.title}" by ${confirming.artist}? Its file is deleted; this cannot be undone.`}
            fields={{ intent: "remove", trackId: String(confirming.id) }}
            confirmLabel="Yes, remove the track"
            cancelTo={here}
          />
        ) : null}
      </div>

      <Section title="Tracks" id="tracks" className="mt-8">
        <p className="text-sm text-muted">
          <Link to={`${here}/tracks`} className="font-semibold underline">
            Upload a track
          </Link>{" "}
          (MP3, Ogg or M4A, at most 30 MB). Tracks play in this order.
        </p>
        {playlist.tracks.length === 0 ? (
          <p className="mt-4 text-muted">No tracks yet: the playlist is not shown on the Music page until it has one.</p>
        ) : (
          <ol className="mt-4 divide-y divide-line" aria-label="Tracks in the order played">
            {playlist.tracks.map((t, i) => (
              <li key={t.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="admin-track">
                <div className="min-w-48 flex-1">
                  <p className="font-semibold">
                    {i + 1}. {t.title}
                  </p>
                  <p className="text-sm text-muted">
                    {t.artist} · {formatClock(t.durationMs)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {(["up", "down"] as const).map((direction) =>
                    (direction === "up" ? i > 0 : i < playlist.tracks.length - 1) ? (
                      <Form method="post" key={direction}>
                        <input type="hidden" name="intent" value="move" />
                        <input type="hidden" name="trackId" value={t.id} />
                        <input type="hidden" name="direction" value={direction} />
                        <button type="submit" className={secondaryButton} aria-label={`Move ${t.title} ${direction}`}>
                          {direction === "up" ? "Up" : "Down"}
                        </button>
                      </Form>
                    ) : null,
                  )}
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="trackId" value={t.id} />
                    <button type="submit" className={`${secondaryButton} text-danger`} aria-label={`Remove ${t.title}`}>
                      Remove
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section title="Playlist details" id="details" className="mt-8">
        <PlaylistForm
          key={done ?? "form"}
          values={values}
          errors={result?.intent === "update" ? result.errors : {}}
          intent="update"
          submitLabel="Save playlist"
          photo={{ current: playlist.coverPictureId ? playlist.cover : null }}
        />
      </Section>

      <div className="mt-8">
        {playlist.featured ? (
          <p className="text-sm text-muted">This is the featured mix: feature another playlist to be able to delete it.</p>
        ) : (
          <DeleteConfirm
            summary="Delete this playlist"
            question={`Delete "${playlist.title}" with its ${trackCount(playlist.trackCount)}? The tracks' audio files and the uploaded cover are deleted too; this cannot be undone.`}
            fields={{ intent: "delete" }}
            confirmLabel="Yes, delete the playlist"
          />
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
