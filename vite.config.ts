import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

// A Node built-in in the browser's bundle means server code got there (a core module's queries, the database
// driver, the media store): the page would fail to hydrate. The build stops and names the importers instead.
const noServerCodeInBrowser: Plugin = {
  name: "no-server-code-in-browser",
  generateBundle() {
    if (this.environment.name !== "client") return;
    const stub = this.getModuleInfo("__vite-browser-external");
    if (stub) this.error(`Server code in the browser's bundle, through ${stub.importers.join(", ")}`);
  },
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), noServerCodeInBrowser],
  build: { assetsInlineLimit: 0 },
});
