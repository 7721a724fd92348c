/** npm run db:migrate | db:seed | db:reset — against DATABASE_URL, or the embedded database in DATA_DIR. */
import { openDatabase } from "../db/client.ts";
import path from "node:path";
import { dropEverything, seedCatalogue } from "../db/seed/index.ts";
import { seedCulture } from "../db/seed/culture.ts";
import { seedMusicIfEmpty } from "../db/seed/music.ts";
import { createLocalAudioStore } from "../core/music/index.ts";
import { loadEnv } from "../server/env.ts";

const command = process.argv[2];
if (!["migrate", "seed", "reset"].includes(command ?? "")) {
  console.error("usage: tsx scripts/db.ts migrate|seed|reset");
  process.exit(2);
}
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  if (command === "reset") {
    await dropEverything(database.db);
    console.log("dropped every table");
  }
  await database.migrate();
  console.log(`migrated (${database.kind})`);
  if (command !== "migrate") {
    const { products, variants } = await seedCatalogue(database.db);
    console.log(`seeded ${products} products, ${variants} variants`);
    const culture = await seedCulture(database.db);
    console.log(`seeded ${culture.articles} stories, ${culture.looks} looks (only into empty tables)`);
    const music = await seedMusicIfEmpty(database.db, createLocalAudioStore(path.join(path.resolve(env.DATA_DIR), "media", "audio")));
    console.log(music ? `seeded ${music.playlists} playlists, ${music.tracks} tracks` : "playlists already present: music left as it is");
  }
} finally {
  await database.close();
}
