import { data, redirect } from "react-router";
import { Link } from "../../i18n/index.ts";
import { MusicError } from "../../../core/music/index.ts";
import { formatLength, trackCount } from "../../../core/music/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { Notice, Section } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, ResponsiveTable, rowClass } from "../../components/admin/admin-ui.tsx";
import { EMPTY_PLAYLIST, PlaylistForm, playlistFieldOf, playlistValuesOf, type PlaylistFormErrors, type PlaylistFormValues } from "../../components/admin/playlist-form.tsx";
import { badForm, readForm } from "../../lib/form.server.ts";
import { localizeText } from "../../lib/i18n.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/music";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Music");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "content", "read");
  const deleted = new URL(request.url).searchParams.get("done") === "deleted";
  return data({ playlists: await context.useCases.music.listPlaylists(), deleted }, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "content", "create");
  const fields = await readForm(request, { multiline: ["description", "descriptionEs"] });
  if (fields.intent !== "create") return badForm("Unknown action.");
  const values = playlistValuesOf(fields);
  try {
    const { id } = await context.useCases.music.asAdmin(actor).createPlaylist(values);
    return redirect(`/admin/music/${id}?done=created`, { headers: noStore });
  } catch (error) {
    if (!(error instanceof MusicError)) throw error;
    return data({ values, errors: { [playlistFieldOf(error.field)]: localizeText(request, error) } as PlaylistFormErrors }, { status: error.status, headers: noStore });
  }
}

export default function AdminMusic({ loaderData, actionData }: Route.ComponentProps) {
  const { playlists, deleted: loaderDeleted } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const deleted = useDone(loaderDeleted);
  const result = actionData as { values: PlaylistFormValues; errors: PlaylistFormErrors } | undefined;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminHeader title="Music">
        <p className="mt-1">
          Playlists of the Music page. A playlist shows there once it has a track; its count and length come from its files.
        </p>
      </AdminHeader>
      {deleted && !result ? (
        <div className="mt-6">
          <Notice tone="ok">The playlist was deleted.</Notice>
        </div>
      ) : null}
      <Section title="Playlists" id="playlists" className="mt-8">
        {playlists.length === 0 ? (
          <p className="text-muted">No playlists yet.</p>
        ) : (
          <ResponsiveTable caption="Playlists in the order shown" columns={["Playlist", "Tracks", "Length", "Featured"]}>
            {playlists.map((p) => (
              <tr key={p.id} className={rowClass} data-testid="admin-playlist">
                <Cell label="Playlist">
                  <Link to={`/admin/music/${p.id}`} className="font-semibold underline">
                    {p.label ? `${p.label}: ` : ""}
                    {p.title}
                  </Link>
                </Cell>
                <Cell label="Tracks">{trackCount(p.trackCount)}</Cell>
                <Cell label="Length">{formatLength(p.durationMs)}</Cell>
                <Cell label="Featured">{p.featured ? "Featured mix" : "No"}</Cell>
              </tr>
            ))}
          </ResponsiveTable>
        )}
      </Section>
      <Section title="New playlist" id="new-playlist" className="mt-8">
        <PlaylistForm values={result?.values ?? EMPTY_PLAYLIST} errors={result?.errors ?? {}} intent="create" submitLabel="Create playlist" />
      </Section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
